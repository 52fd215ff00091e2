"""Hints in the window: the hint panel, its lists, legend and walk, the Hint menu, the Techniques dialog."""
