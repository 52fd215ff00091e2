"""Reading a puzzle from a picture: a screenshot, a scan or a phone photo of a printed grid.

The layer may import Pillow, numpy and the engine; never tkinter, the window (``ui``), the game around it
(``app``) or drawing (``render``). Nothing here is imported when the app starts: the window and the
command line load the reader when a picture is first read (numpy costs time at start-up). ``reading`` and
``read_check`` need neither numpy nor Pillow, so the window may hold their values from the start.

The reader's matrices are small: numpy's BLAS is asked for one thread (unless the user chose otherwise),
since on a busy machine waking a pool of threads costs more than the sums (0.57 s against 0.31 s to read a
screenshot, measured here under load).
"""

import os
import sys

if "numpy" not in sys.modules:  # the thread count is read once, when numpy loads its BLAS
    for _name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
        os.environ.setdefault(_name, "1")
