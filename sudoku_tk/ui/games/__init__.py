"""Games in and out of the window: new games, files, the keeper's questions, statistics, exports, solution counts."""
