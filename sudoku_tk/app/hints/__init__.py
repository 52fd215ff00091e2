"""Hints: the ladder from a nudge to the applied step, which step a hint teaches, its words and views, the lessons."""
