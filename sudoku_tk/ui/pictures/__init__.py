"""Puzzles from pictures: opening or pasting a picture, and the check screen of what was read."""
