"""The command-line commands, one module each; ``cli.py`` parses arguments and calls them.

Commands get the technique registry passed in by ``cli.py``, so that ``engine`` never
imports ``techniques`` (dependencies go one way: techniques -> engine).
"""
