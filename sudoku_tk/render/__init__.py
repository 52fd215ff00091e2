"""Pictures and paper: the board drawn with Pillow (PNG) and puzzle sheets as PDF. No Tk, no window.

May import the engine and the app; never ``ui`` or tkinter (tests/test_architecture.py).
``board_picture`` draws a position like the canvas does (palette.py and layout.py keep the
window's light theme and pixel math); ``overlays`` draws a hint, colours and marks over it;
``pdf`` writes PDF files and ``sheets`` lays puzzles out on pages; ``booklet`` collects
generated puzzles by level with their ratings.
"""
