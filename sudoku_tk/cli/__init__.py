"""The command line (``sudoku-tk SUBCOMMAND``, ``sudoku-tk-cli``): commands.py parses and runs; a module per larger subcommand."""
