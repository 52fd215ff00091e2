"""Dialogs: paste and Preferences (with the modal base), a collection's puzzles, New game, recent games, export."""
