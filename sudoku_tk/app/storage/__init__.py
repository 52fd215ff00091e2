"""Files: reading and writing safely, the game file, the autosave and its journal, settings, puzzles as text."""
