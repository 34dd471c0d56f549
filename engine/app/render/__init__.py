"""Rich renderables for grids, steps, walkthroughs and tables, and the THEME they use.

Rendering reads grids, steps and ratings and never contains Sudoku logic.
"""

from engine.app.render.grid import GridView, Marks, NO_MARKS
from engine.app.render.theme import THEME

__all__ = ["GridView", "Marks", "NO_MARKS", "THEME"]
