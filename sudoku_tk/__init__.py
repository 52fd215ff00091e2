"""sudoku_tk: a Sudoku solver-assistant for human players (engine, session, Tk board)."""

__version__ = "0.1.0"
APP_NAME = "Sudoku Tk"
