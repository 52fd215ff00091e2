"""Build the standalone sudoku_tk app for this platform with PyInstaller, prove it runs, and package it.

    python build_scripts/build.py [--onefile | --onedir] [--skip-self-test] [--archive] [--clean]
    python build_scripts/build.py --deb | --installer | --dmg | --portable | --release [--sign-command CMD]

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

The installers are made from a onedir build that passed its self-test, into ``dist/``, each named with the
version: ``--deb`` the Linux package (package_deb.py), ``--installer`` the Windows per-user setup program
(package_windows.py, NSIS; it is then installed silently, self-tested and uninstalled), ``--dmg`` the macOS
disk image (package_macos.py; attached, checked and self-tested from the image). ``--portable`` copies a
onefile build to ``dist/sudoku-tk-<version>-<os>-<arch>-portable[.exe]``. ``--release`` makes everything
this system ships: Linux the .deb and the onedir tarball, Windows the installer and the portable .exe,
macOS the .dmg. ``--sign-command`` (or ``SUDOKU_TK_SIGN_COMMAND``; for Windows) runs a command on each program
before it is packed and on the installer after (``{file}`` stands for the file's path; docs/RELEASING.md).

PyInstaller comes from the project's ``build`` extra: ``pip install -e .[build]``.
On Linux without a screen, run under a virtual one: ``xvfb-run python build_scripts/build.py``.

Exit status: 0 built (and self-tested), 1 the self-test failed, 2 the build or a package could not be made.
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
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
SPEC = REPO / "build_scripts" / "sudoku_tk.spec"
DIST = REPO / "dist"
WORK = REPO / "build"
NAME = "sudoku-tk"
MODES = ("onefile", "onedir")
SELF_TEST_TIMEOUT = 120.0

sys.path.insert(0, str(REPO))
sys.path.insert(0, str(HERE))  # the packagers beside this script, also when it is loaded by a test
import package_deb  # noqa: E402
import package_macos  # noqa: E402
import package_windows  # noqa: E402

import sudoku_tk  # noqa: E402  (this checkout, for the version)
from sudoku_tk.bench.selftest import LOG_ENV, Status, read_marks  # noqa: E402

WINDOWS = sys.platform == "win32"
MACOS = sys.platform == "darwin"
LINUX = sys.platform.startswith("linux")
PACKAGE_SYSTEMS = {"deb": "Linux", "installer": "Windows", "dmg": "macOS", "portable": "any"}
SIGN_ENV = "SUDOKU_TK_SIGN_COMMAND"
RELEASE = {"linux": ("deb", "tarball"), "windows": ("installer", "portable"), "macos": ("dmg",)}
"""What ``--release`` makes on each system."""


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


def system_name() -> str:
    return {"win32": "windows", "darwin": "macos"}.get(sys.platform, "linux")


def machine() -> str:
    """The processor as file names give it: x86_64 or arm64 (Windows says AMD64, Linux aarch64)."""
    name = platform.machine().lower()
    return {"amd64": "x86_64", "aarch64": "arm64"}.get(name, name)


def platform_tag() -> str:
    return f"{system_name()}-{machine()}"


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


def portable_path(dist: Path = DIST) -> Path:
    """Where ``--portable`` puts the onefile program: named with the version, system and processor."""
    return dist / f"{NAME}-{sudoku_tk.__version__}-{platform_tag()}-portable{'.exe' if WINDOWS else ''}"


def sign(path: Path, command: str) -> None:
    """Run the signing command on ``path`` (``{file}`` in it stands for the quoted path).

    Raises:
        BuildError: the command failed.
    """
    done = subprocess.run(command.replace("{file}", f'"{path}"'), shell=True)
    if done.returncode != 0:
        raise BuildError(f"signing {path.name} failed (exit status {done.returncode}); the command's output is above")


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
    packages = parser.add_argument_group("installers (each built from a fresh onedir build, into dist/)")
    packages.add_argument("--deb", action="store_true", help="Linux: the .deb package (needs dpkg-deb)")
    packages.add_argument("--installer", action="store_true", help="Windows: the per-user setup program (needs NSIS)")
    packages.add_argument("--dmg", action="store_true", help="macOS: the disk image holding the .app")
    packages.add_argument("--portable", action="store_true", help="the onefile program, named with the version")
    packages.add_argument("--release", action="store_true", help="everything this system ships (see above)")
    packages.add_argument(
        "--sign-command",
        default=os.environ.get(SIGN_ENV, ""),
        metavar="CMD",
        help=f"run CMD on each program and installer; {{file}} is its path (default: ${SIGN_ENV})",
    )
    return parser


def requested_packages(args: argparse.Namespace) -> list[str]:
    """The packages the command line asks for, in the order they are made."""
    kinds = [kind for kind in ("deb", "installer", "dmg", "portable") if getattr(args, kind)]
    if args.release:
        kinds += [kind for kind in RELEASE[system_name()] if kind not in kinds]
    return kinds


def refusal(args: argparse.Namespace, kinds: Sequence[str]) -> str | None:
    """Why these options can't be used together or on this system, or None."""
    if kinds and (args.mode or args.archive):
        return "the installers choose their own forms: leave out --onefile, --onedir and --archive"
    here = {"linux": "Linux", "windows": "Windows", "macos": "macOS"}[system_name()]
    for kind in kinds:
        needs = PACKAGE_SYSTEMS.get(kind, "any")
        if needs not in ("any", here):
            return f"--{kind} is made on {needs} (PyInstaller builds only for the system it runs on; this is {here})"
    return None


def _report_self_test(test: SelfTestResult, what: str) -> bool:
    if test.passed:
        startup = f"{test.startup_seconds:.2f} s" if test.startup_seconds is not None else "unknown"
        print(f"start-up   {startup} from launch to window shown ({what}; self-test took {test.total_seconds:.2f} s)")
        print("self-test  passed")
        return True
    print(f"self-test  FAILED ({what}): {test.describe()}", file=sys.stderr)
    if test.stderr.strip():
        print(test.stderr.strip()[-3000:], file=sys.stderr)
    if LINUX and not os.environ.get("DISPLAY"):
        print(
            "(no DISPLAY: run under a virtual screen, e.g. `xvfb-run python build_scripts/build.py`)",
            file=sys.stderr,
        )
    return False


def _build_and_test(mode: str, args: argparse.Namespace) -> tuple[BuildResult, bool]:
    result = build(mode, clean=args.clean)
    print(
        f"built      {result.artifact.relative_to(REPO)} ({mode}, {platform_tag()}, "
        f"version {sudoku_tk.__version__}) in {result.seconds:.1f} s"
    )
    print(f"size       {_mb(result.size_bytes)}")
    if args.skip_self_test:
        print("self-test  skipped")
        return result, True
    return result, _report_self_test(run_self_test(result.executable), f"the {mode} build")


def _installed_self_test(executable: Path) -> bool:
    return _report_self_test(run_self_test(executable), f"installed: {executable}")


def _package(kind: str, result: BuildResult, args: argparse.Namespace) -> Path:
    """Make one package from a build that passed its self-test; check it where this system can."""
    version = sudoku_tk.__version__
    if kind == "deb":
        return package_deb.build_deb(result.artifact, DIST, version)
    if kind == "tarball":
        return archive(result)
    if kind == "portable":
        target = portable_path()
        shutil.copy2(result.artifact, target)
        return target
    if kind == "installer":
        uninstaller_sign = args.sign_command.replace("{file}", '"%1"') if args.sign_command else ""
        installer = package_windows.build_installer(result.artifact, DIST, version, machine(), uninstaller_sign)
        if args.sign_command:
            sign(installer, args.sign_command)
        if not args.skip_self_test:
            with tempfile.TemporaryDirectory(prefix="sudoku-tk-install-") as scratch:
                package_windows.check_installer(installer, _installed_self_test, Path(scratch))
        return installer
    if kind == "dmg":
        dmg = package_macos.build_dmg(result.artifact, DIST, version, machine())
        if not args.skip_self_test:
            package_macos.check_dmg(dmg, version, result.artifact.name, _installed_self_test)
        return dmg
    raise BuildError(f"unknown package {kind!r}")


PACKAGE_ERRORS = (BuildError, package_deb.PackageError, package_windows.InstallerError, package_macos.DmgError)


def make_packages(kinds: Sequence[str], args: argparse.Namespace) -> int:
    """Build each form the packages need once, self-test it, sign it if asked, and make the packages from it."""
    forms = {"onedir": [k for k in kinds if k != "portable"], "onefile": [k for k in kinds if k == "portable"]}
    for mode, wanted in forms.items():
        if not wanted:
            continue
        result, passed = _build_and_test(mode, args)
        if not passed:
            return 1
        if args.sign_command:
            sign(result.executable, args.sign_command)
        for kind in wanted:
            made = _package(kind, result, args)
            print(f"package    {made.relative_to(REPO)}  {_mb(size_of(made))}")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = make_parser()
    args = parser.parse_args(argv)
    kinds = requested_packages(args)
    problem = refusal(args, kinds)
    if problem:
        print(f"build.py: {problem}", file=sys.stderr)
        return 2
    if kinds:
        try:
            return make_packages(kinds, args)
        except PACKAGE_ERRORS as exc:
            print(f"build.py: {exc}", file=sys.stderr)
            return 2
    mode = args.mode or default_mode()
    try:
        result, passed = _build_and_test(mode, args)
        if passed and args.sign_command:
            sign(result.executable, args.sign_command)
    except BuildError as exc:
        print(f"build.py: {exc}", file=sys.stderr)
        return 2
    if passed and args.archive:
        print(f"archive    {archive(result).relative_to(REPO)}")
    return 0 if passed else 1


if __name__ == "__main__":
    sys.exit(main())
