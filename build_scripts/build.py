"""Build the standalone sudoku_tk app for this platform with PyInstaller, then prove it runs.

    python build_scripts/build.py [--onefile | --onedir] [--skip-self-test] [--archive] [--clean]

This script owns the build steps every platform shares: it runs build_scripts/sudoku_tk.spec
into ``dist/<mode>/`` (a directory per mode, so a onefile and a onedir build never overwrite
each other; PyInstaller's work files go to ``build/<mode>/``), runs the built app's
``--self-test`` (it opens the real window, plays a move and checks the candidates; see
sudoku_tk/bench/selftest.py), and prints the build's size and its start-up time: from launching the
binary to the self-test's "window shown" mark, which the app writes to the file named by
``SUDOKU_TK_SELFTEST_LOG`` (a windowed Windows app has no stdout).

The default mode is onefile, except on macOS where it is onedir so the result is an .app.
``--archive`` packs the result as ``dist/sudoku-tk-<version>-<os>-<arch>-<mode>.zip`` (Windows)
or ``.tar.gz`` (elsewhere, keeping the executable bit and the .app's symlinks) for CI to upload.

PyInstaller comes from the project's ``build`` extra: ``pip install -e .[build]``.
On Linux without a screen, run under a virtual one: ``xvfb-run python build_scripts/build.py``.

Exit status: 0 built (and self-tested), 1 the self-test failed, 2 the build could not run.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Sequence

REPO = Path(__file__).resolve().parent.parent
SPEC = REPO / "build_scripts" / "sudoku_tk.spec"
DIST = REPO / "dist"
WORK = REPO / "build"
NAME = "sudoku-tk"
MODES = ("onefile", "onedir")
SELF_TEST_TIMEOUT = 120.0

sys.path.insert(0, str(REPO))
import sudoku_tk  # noqa: E402  (this checkout, for the version)
from sudoku_tk.bench.selftest import LOG_ENV, Status, read_marks  # noqa: E402

WINDOWS = sys.platform == "win32"
MACOS = sys.platform == "darwin"


class BuildError(RuntimeError):
    """The build could not run or produced nothing; the message says what to do."""


@dataclass(frozen=True, slots=True)
class BuildResult:
    """Where a build put its result: ``artifact`` is what ships, ``executable`` what runs."""

    mode: str
    artifact: Path
    executable: Path
    size_bytes: int
    seconds: float


@dataclass(frozen=True, slots=True)
class SelfTestResult:
    """How the built app's ``--self-test`` went; ``startup_seconds`` is launch to window shown."""

    returncode: int
    startup_seconds: float | None
    total_seconds: float
    stderr: str

    @property
    def passed(self) -> bool:
        return self.returncode == 0

    def describe(self) -> str:
        try:
            return Status(self.returncode).describe()
        except ValueError:
            return f"exit status {self.returncode} (crashed before the self-test could report)"


def default_mode() -> str:
    return "onedir" if MACOS else "onefile"


def platform_tag() -> str:
    system = {"win32": "windows", "darwin": "macos"}.get(sys.platform, "linux")
    return f"{system}-{platform.machine().lower()}"


def artifact_path(mode: str, dist: Path = DIST) -> Path:
    """What a build of ``mode`` ships: the onefile binary, the onedir folder, or the .app."""
    root = dist / mode
    if mode == "onefile":
        return root / (NAME + (".exe" if WINDOWS else ""))
    return root / (f"{sudoku_tk.APP_NAME}.app" if MACOS else NAME)


def executable_path(mode: str, dist: Path = DIST) -> Path:
    """The program to run inside what ``artifact_path`` names."""
    artifact = artifact_path(mode, dist)
    if mode == "onefile":
        return artifact
    if MACOS:
        return artifact / "Contents" / "MacOS" / NAME
    return artifact / (NAME + (".exe" if WINDOWS else ""))


def size_of(path: Path) -> int:
    """Bytes in a file, or in every file under a folder (symlinks counted as links, not targets)."""
    if path.is_file():
        return path.stat().st_size
    return sum((Path(d) / f).lstat().st_size for d, _, files in os.walk(path) for f in files)


def require_pyinstaller() -> None:
    if importlib.util.find_spec("PyInstaller") is None:
        raise BuildError(
            f"PyInstaller is not installed for {sys.executable}.\n"
            "Install the project's build extra first:  pip install -e .[build]"
        )


def build(mode: str, clean: bool = False, dist: Path = DIST, work: Path = WORK) -> BuildResult:
    """Run the spec for ``mode`` into ``dist/<mode>/`` and return where the result is.

    Raises:
        BuildError: PyInstaller is missing or failed, or left no program behind.
    """
    if mode not in MODES:
        raise BuildError(f"mode must be one of {MODES}, not {mode!r}")
    require_pyinstaller()
    command = [
        sys.executable,
        "-m",
        "PyInstaller",
        "--noconfirm",
        "--log-level",
        "WARN",
        "--distpath",
        str(dist / mode),
        "--workpath",
        str(work / mode),
        *(["--clean"] if clean else []),
        str(SPEC),
        "--",
        f"--{mode}",
    ]
    started = time.perf_counter()
    done = subprocess.run(command, cwd=REPO)
    seconds = time.perf_counter() - started
    if done.returncode != 0:
        raise BuildError(f"PyInstaller failed (exit status {done.returncode}); its log is above")
    executable = executable_path(mode, dist)
    if not executable.is_file():
        raise BuildError(f"PyInstaller finished but {executable} is missing")
    artifact = artifact_path(mode, dist)
    return BuildResult(mode, artifact, executable, size_of(artifact), seconds)


def run_self_test(executable: Path, timeout: float = SELF_TEST_TIMEOUT) -> SelfTestResult:
    """Launch ``executable --self-test`` and time it from launch to the window being shown."""
    with tempfile.TemporaryDirectory(prefix="sudoku-tk-selftest-") as tmp:
        log = Path(tmp) / "marks.txt"
        env = {**os.environ, LOG_ENV: str(log)}
        launched = time.time()
        started = time.perf_counter()
        try:
            done = subprocess.run(
                [str(executable), "--self-test"],
                env=env,
                stdin=subprocess.DEVNULL,
                capture_output=True,
                text=True,
                timeout=timeout,
            )
        except subprocess.TimeoutExpired as exc:
            stderr = exc.stderr.decode(errors="replace") if isinstance(exc.stderr, bytes) else exc.stderr or ""
            return SelfTestResult(Status.TIMEOUT, None, timeout, stderr)
        total = time.perf_counter() - started
        marks = read_marks(log)
    shown = marks.get("window_shown")
    startup = shown - launched if shown is not None else None
    return SelfTestResult(done.returncode, startup, total, done.stderr)


def archive(result: BuildResult) -> Path:
    """Pack the result for download: a .zip on Windows, a .tar.gz (modes and links kept) elsewhere."""
    base = result.artifact.parent.parent / f"{NAME}-{sudoku_tk.__version__}-{platform_tag()}-{result.mode}"
    fmt = "zip" if WINDOWS else "gztar"
    return Path(shutil.make_archive(str(base), fmt, root_dir=result.artifact.parent, base_dir=result.artifact.name))


def _mb(size: int) -> str:
    return f"{size / 1_000_000:.1f} MB ({size:,} bytes)"


def make_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    group = parser.add_mutually_exclusive_group()
    group.add_argument(
        "--onefile",
        dest="mode",
        action="store_const",
        const="onefile",
        help="one self-extracting executable (default except on macOS)",
    )
    group.add_argument(
        "--onedir",
        dest="mode",
        action="store_const",
        const="onedir",
        help="a folder (an .app on macOS; the default there)",
    )
    parser.add_argument("--skip-self-test", action="store_true", help="build only; don't run the result")
    parser.add_argument("--archive", action="store_true", help="also pack the result into dist/ for upload")
    parser.add_argument("--clean", action="store_true", help="drop PyInstaller's cache first")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = make_parser().parse_args(argv)
    mode = args.mode or default_mode()

    try:
        result = build(mode, clean=args.clean)
    except BuildError as exc:
        print(f"build.py: {exc}", file=sys.stderr)
        return 2
    print(
        f"built      {result.artifact.relative_to(REPO)} ({mode}, {platform_tag()}, "
        f"version {sudoku_tk.__version__}) in {result.seconds:.1f} s"
    )
    print(f"size       {_mb(result.size_bytes)}")

    status = 0
    if args.skip_self_test:
        print("self-test  skipped")
    else:
        test = run_self_test(result.executable)
        if test.passed:
            startup = f"{test.startup_seconds:.2f} s" if test.startup_seconds is not None else "unknown"
            print(f"start-up   {startup} from launch to window shown (self-test took {test.total_seconds:.2f} s)")
            print("self-test  passed")
        else:
            print(f"self-test  FAILED: {test.describe()}", file=sys.stderr)
            if test.stderr.strip():
                print(test.stderr.strip()[-3000:], file=sys.stderr)
            if sys.platform.startswith("linux") and not os.environ.get("DISPLAY"):
                print(
                    "(no DISPLAY: run under a virtual screen, e.g. `xvfb-run python build_scripts/build.py`)",
                    file=sys.stderr,
                )
            status = 1
    if args.archive and status == 0:
        print(f"archive    {archive(result).relative_to(REPO)}")
    return status


if __name__ == "__main__":
    sys.exit(main())
