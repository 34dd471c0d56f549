"""stepdoku's engine: the candidate grid, formats, search, the step solver and its output.

The curated public API; everything else is internal and may change. The names are
imported from their modules when first used (``engine.lazy``), so that importing one
module of the engine, or starting the command line, does not import them all.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.lazy import lazy_exports

__version__ = "0.1.0"

if TYPE_CHECKING:
    from engine.analysis import Analysis, InvalidPuzzleError, Status, analyse
    from engine.board import solve_board
    from engine.cells import UNITS, Cell, CellSet, Digit, Mask, Unit, cell_name
    from engine.formats import Layout, Puzzle, PuzzleFormatError, format_grid, format_values
    from engine.grid import Contradiction, Grid
    from engine.reader import parse_puzzle, read_puzzles
    from engine.search import count_solutions, find_solutions
    from engine.profiles import PROFILES, Profile, Rating, load_profile
    from engine.solver import SolveResult, SolveStatus, next_step, solve
    from engine.step import Candidate, Highlights, Link, Step
    from engine.technique import BaseTechnique, Catalog, Declaration, Technique

_EXPORTS = {
    "Analysis": "engine.analysis",
    "InvalidPuzzleError": "engine.analysis",
    "Status": "engine.analysis",
    "analyse": "engine.analysis",
    "solve_board": "engine.board",
    "UNITS": "engine.cells",
    "Cell": "engine.cells",
    "CellSet": "engine.cells",
    "Digit": "engine.cells",
    "Mask": "engine.cells",
    "Unit": "engine.cells",
    "cell_name": "engine.cells",
    "Layout": "engine.formats",
    "Puzzle": "engine.formats",
    "PuzzleFormatError": "engine.formats",
    "format_grid": "engine.formats",
    "format_values": "engine.formats",
    "Contradiction": "engine.grid",
    "Grid": "engine.grid",
    "parse_puzzle": "engine.reader",
    "read_puzzles": "engine.reader",
    "count_solutions": "engine.search",
    "find_solutions": "engine.search",
    "PROFILES": "engine.profiles",
    "Profile": "engine.profiles",
    "Rating": "engine.profiles",
    "load_profile": "engine.profiles",
    "SolveResult": "engine.solver",
    "SolveStatus": "engine.solver",
    "next_step": "engine.solver",
    "solve": "engine.solver",
    "Candidate": "engine.step",
    "Highlights": "engine.step",
    "Link": "engine.step",
    "Step": "engine.step",
    "BaseTechnique": "engine.technique",
    "Catalog": "engine.technique",
    "Declaration": "engine.technique",
    "Technique": "engine.technique",
}

__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS, globals())

__all__ = [
    "Analysis",
    "BaseTechnique",
    "Catalog",
    "Declaration",
    "PROFILES",
    "Profile",
    "Rating",
    "SolveResult",
    "SolveStatus",
    "Technique",
    "next_step",
    "solve",
    "Candidate",
    "Cell",
    "CellSet",
    "Contradiction",
    "Digit",
    "Grid",
    "Highlights",
    "InvalidPuzzleError",
    "Layout",
    "Link",
    "Mask",
    "Puzzle",
    "PuzzleFormatError",
    "Status",
    "Step",
    "UNITS",
    "Unit",
    "analyse",
    "cell_name",
    "count_solutions",
    "find_solutions",
    "format_grid",
    "format_values",
    "load_profile",
    "parse_puzzle",
    "read_puzzles",
    "solve_board",
]
