"""stepdoku's engine: the candidate grid, formats, search, the step solver and its output.

The curated public API; everything else is internal and may change.
"""

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
