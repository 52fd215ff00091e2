"""Test-suite set-up: a virtual screen for GUI tests, started here when none is present.

Locally, GUI tests are skipped with a reason when no display can be had. When
``SUDOKU_TK_REQUIRE_DISPLAY=1`` (set by .ci/run), a missing display is an error,
so CI can never pass by skipping them.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess

import pytest
from hypothesis import HealthCheck, settings
from shared_data import HODOKU, PUZZLES, REPO, SHARED, read_puzzles  # noqa: F401  (re-exported)

_xvfb: subprocess.Popen[bytes] | None = None

# Property tests never fail for want of speed: CI machines are shared and slow at times, and a slow example is
# not a wrong one (each test's own @settings may still set its example count).
settings.register_profile("sudoku_tk", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("sudoku_tk")


def _start_xvfb() -> str | None:
    global _xvfb
    exe = shutil.which("Xvfb")
    if not exe:
        return None
    # -displayfd lets the server pick a free display number and tell us which.
    _xvfb = subprocess.Popen(
        [exe, "-displayfd", "1", "-screen", "0", "1280x1024x24", "-nolisten", "tcp"],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
    )
    assert _xvfb.stdout is not None
    line = _xvfb.stdout.readline().decode().strip()
    if not line.isdigit():
        return None
    display = f":{line}"
    return display


# Set when this test run started its own virtual screen, so that each xdist worker (which inherits the
# environment) starts a private one instead of sharing it: on a shared screen, another worker's window mapping
# under the pointer or taking the keyboard focus sends real Leave and FocusOut events into a running test.
_OWN_SCREEN = "SUDOKU_TK_TEST_OWN_XVFB"


def pytest_configure(config: pytest.Config) -> None:
    is_worker = hasattr(config, "workerinput")
    if is_worker and os.environ.get(_OWN_SCREEN) == "1":
        display = _start_xvfb()
        if display:
            os.environ["DISPLAY"] = display
        return
    if not os.environ.get("DISPLAY"):
        display = _start_xvfb()
        if display:
            os.environ["DISPLAY"] = display
            os.environ[_OWN_SCREEN] = "1"


def pytest_unconfigure(config: pytest.Config) -> None:
    if _xvfb is not None:
        _xvfb.terminate()
        try:
            _xvfb.wait(timeout=5)
        except subprocess.TimeoutExpired:
            _xvfb.kill()


def display_available() -> bool:
    if not os.environ.get("DISPLAY"):
        return False
    try:
        import tkinter

        root = tkinter.Tk()
        root.destroy()
        return True
    except Exception:
        return False


FULL = "SUDOKU_TK_FULL"
"""Set to 1 (as .ci/run does) to run the long sweeps and the builds too; without it the suite leaves them out, with
one line saying so, so that a contributor's run stays short (issue 24)."""
LONG_MARKERS = ("slow", "build")


def _leave_out_the_long_ones(config: pytest.Config, items: list[pytest.Item]) -> None:
    if os.environ.get(FULL) == "1" or any("::" in str(arg) for arg in config.args):
        return  # the whole suite (CI), or tests asked for by name
    long = [it for it in items if any(it.get_closest_marker(m) for m in LONG_MARKERS)]
    if long:
        config.hook.pytest_deselected(items=long)
        items[:] = [it for it in items if it not in set(long)]
        config.stash[_LEFT_OUT] = len(long)


_LEFT_OUT = pytest.StashKey[int]()


def pytest_sessionfinish(session: pytest.Session) -> None:
    # An xdist worker hands its count to the controller, which writes the one line.
    output = getattr(session.config, "workeroutput", None)
    if output is not None:
        output["left_out"] = session.config.stash.get(_LEFT_OUT, 0)


if importlib.util.find_spec("xdist") is not None:  # the hook is xdist's: declared only where xdist is

    def pytest_testnodedown(node: object, error: object) -> None:
        left = getattr(node, "workeroutput", {}).get("left_out", 0)
        config = getattr(node, "config", None)
        if config is not None and left:
            config.stash[_LEFT_OUT] = max(config.stash.get(_LEFT_OUT, 0), left)


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter, config: pytest.Config) -> None:
    left = config.stash.get(_LEFT_OUT, 0)
    if left:
        terminalreporter.write_line(
            f"{left} long tests left out (sweeps over whole puzzle sets, the builds): CI runs them; "
            f"{FULL}=1 make test runs them here too"
        )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    _leave_out_the_long_ones(config, items)
    gui_items = [it for it in items if it.get_closest_marker("gui")]
    if not gui_items or display_available():
        return
    if os.environ.get("SUDOKU_TK_REQUIRE_DISPLAY") == "1":
        raise pytest.UsageError("GUI tests need a display and SUDOKU_TK_REQUIRE_DISPLAY=1 forbids skipping them")
    skip = pytest.mark.skip(reason="no display and no Xvfb to start one")
    for it in gui_items:
        it.add_marker(skip)


@pytest.fixture(autouse=True)
def _private_data_dir(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """Keep every test away from the real user's data folder (settings, autosave)."""
    monkeypatch.setenv("SUDOKU_TK_DATA_DIR", str(tmp_path_factory.mktemp("userdata")))
