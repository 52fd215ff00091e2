"""Puzzles to play: the built-in library, choosing one, generated ones kept ready, the worker, counting solutions."""
