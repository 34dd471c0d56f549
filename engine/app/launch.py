"""The ``stepdoku`` console script: ``stepdoku --version`` answered before anything else is
imported, every other command handed to the command line (:func:`cli.entry`).

Building the command line's parser imports what its options name (the layouts, the
profiles, the technique options, the output streams): about a tenth of a second on a slow
machine, more than ``--version`` is allowed in all (issue 24). The version line is the
parser's own (``%(prog)s VERSION``, with ``prog`` fixed to ``stepdoku``); a test holds the
two to the same bytes.
"""

from __future__ import annotations

import sys
from typing import NoReturn

from engine import __version__

#: What ``stepdoku --version`` prints.
VERSION_LINE = f"stepdoku {__version__}\n"


def entry() -> NoReturn:
    """Run ``stepdoku`` with the process's arguments."""
    if sys.argv[1:] == ["--version"]:
        sys.stdout.write(VERSION_LINE)
        sys.exit(0)
    from cli import entry as command_line

    command_line()
