"""The Windows installer: packaging/windows/sudoku-tk.nsi compiled by NSIS around a onedir build.

``build_installer`` runs ``makensis`` with the defines the script needs (version, the onedir folder, icon,
output name). makensis also runs on Linux (Debian's ``nsis`` package), so the script is compiled there too,
against a stand-in folder, by tests/test_installers.py; only Windows can build the real onedir and run the
result. ``check_installer`` does that on Windows: a silent per-user install into a folder of its own, the
installed app's ``--self-test``, then the silent uninstall, which must leave the folder empty.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import bundle_info

REPO = Path(__file__).resolve().parent.parent
SCRIPT = REPO / "packaging" / "windows" / "sudoku-tk.nsi"
ICON = REPO / "icons" / "sudoku-tk.ico"
EXE = "sudoku-tk.exe"


class InstallerError(RuntimeError):
    """The installer could not be made or did not install, run and uninstall as it should."""


def installer_name(version: str, arch: str) -> str:
    """The installer's file name: ``sudoku-tk-0.1.0-windows-x86_64-setup.exe``."""
    return f"sudoku-tk-{version}-windows-{arch}-setup.exe"


def find_makensis() -> str | None:
    """makensis on PATH, or where the NSIS installer puts it on Windows; None when there is none."""
    found = shutil.which("makensis")
    if found or not sys.platform.startswith("win"):
        return found
    for base in (os.environ.get("ProgramFiles(x86)"), os.environ.get("ProgramFiles")):  # noqa: SIM112 (Windows spells them so)
        candidate = Path(base or "") / "NSIS" / "makensis.exe"
        if base and candidate.is_file():
            return str(candidate)
    return None


def makensis_command(
    makensis: str, source_dir: Path, target: Path, version: str, sign_uninstaller: str = ""
) -> list[str]:
    """The makensis command line that builds ``target`` from the onedir folder ``source_dir``."""
    numeric = ".".join(str(n) for n in bundle_info.numeric_version(version))
    # makensis takes /D options before the script; -WX makes any warning an error, -V2 keeps it quiet.
    defines = {
        "VERSION": version,
        "VERSION_NUMERIC": numeric,
        "SOURCE_DIR": str(source_dir.resolve()),
        "ICON": str(ICON),
        "OUTFILE": str(target.resolve()),
    }
    if sign_uninstaller:
        defines["SIGN_UNINSTALLER"] = sign_uninstaller
    return [makensis, "-V2", "-WX", *(f"-D{key}={value}" for key, value in defines.items()), str(SCRIPT)]


def build_installer(source_dir: Path, out_dir: Path, version: str, arch: str, sign_uninstaller: str = "") -> Path:
    """Compile the installer around ``source_dir`` (a folder with sudoku-tk.exe and _internal); return its path.

    Raises:
        InstallerError: makensis is missing or failed, or the folder is not a onedir build.
    """
    makensis = find_makensis()
    if makensis is None:
        raise InstallerError(
            "makensis is missing: install NSIS (Windows: https://nsis.sourceforge.io or `choco install nsis`; "
            "Debian/Ubuntu: apt-get install nsis)"
        )
    if not (source_dir / EXE).is_file() or not (source_dir / "_internal").is_dir():
        raise InstallerError(f"{source_dir} is not a onedir build (no {EXE} beside an _internal folder)")
    out_dir.mkdir(parents=True, exist_ok=True)
    target = out_dir / installer_name(version, arch)
    done = subprocess.run(
        makensis_command(makensis, source_dir, target, version, sign_uninstaller), capture_output=True, text=True
    )
    if done.returncode != 0 or not target.is_file():
        raise InstallerError(f"makensis failed (exit status {done.returncode}):\n{done.stdout}\n{done.stderr}".strip())
    return target


def check_installer(installer: Path, self_test: Callable[[Path], bool], scratch: Path) -> None:
    """Install silently into ``scratch``, self-test the installed app, uninstall; raise if any step fails.

    Windows only. The silent install writes the same per-user registry entries and Start-menu entry a player's
    install does; the uninstall removes them again.
    """
    target = scratch / "Sudoku Tk"
    # /S: silent. /D= must come last and unquoted even with spaces (NSIS's rule), so the command line is given as
    # one string: a list would have the path quoted.
    done = subprocess.run(f'"{installer}" /S /D={target}', capture_output=True, text=True, timeout=600)
    if done.returncode != 0 or not (target / EXE).is_file():
        raise InstallerError(f"the silent install into {target} failed (exit status {done.returncode})")
    if not self_test(target / EXE):
        raise InstallerError(f"the installed {target / EXE} failed its self-test")
    # _?= runs the uninstaller in place and waits for it (otherwise it copies itself away and returns at once).
    uninstaller = target / "uninstall.exe"
    done = subprocess.run(f'"{uninstaller}" /S _?={target}', capture_output=True, text=True, timeout=600)
    left = sorted(p.name for p in target.iterdir()) if target.exists() else []
    if done.returncode != 0 or left != ["uninstall.exe"]:
        raise InstallerError(f"the silent uninstall left {left} (exit status {done.returncode})")
    uninstaller.unlink()
    target.rmdir()
