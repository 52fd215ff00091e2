"""Reading a puzzle from a picture: a screenshot, a scan or a phone photo of a printed grid.

The layer may import Pillow, numpy and the engine; never tkinter, the window (``ui``), the game around it
(``app``) or drawing (``render``). Nothing here is imported when the app starts: the window and the
command line load the reader when a picture is first read (numpy costs time at start-up).
"""
