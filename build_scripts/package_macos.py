"""The macOS disk image: the "Sudoku Tk.app" onedir bundle in a compressed .dmg, made and checked with hdiutil.

``build_dmg`` stages the .app beside a link to /Applications (the player drags one onto the other) and runs
``hdiutil create`` (UDZO: zlib-compressed, read-only). ``check_dmg`` attaches the image read-only, checks the
bundle's Info.plist (the version, the document type, high resolution) and runs the app's ``--self-test`` from
the mounted image, then detaches it. Only macOS has hdiutil; the staging and the plist check run anywhere
(tests/test_installers.py).

Signing and notarization are the release workflow's (docs/RELEASING.md): the .app is signed while PyInstaller
builds it, the .dmg after this.
"""

from __future__ import annotations

import os
import plistlib
import shutil
import subprocess
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import bundle_info

HDIUTIL_ATTEMPTS = 3
"""hdiutil on CI machines now and then fails with "Resource busy"; it is tried this many times."""


class DmgError(RuntimeError):
    """The disk image could not be made, or what it holds is not right."""


def dmg_name(version: str, arch: str) -> str:
    """The disk image's file name: ``sudoku-tk-0.1.0-macos-arm64.dmg``."""
    return f"sudoku-tk-{version}-macos-{arch}.dmg"


def volume_name(version: str) -> str:
    """The name the mounted image shows in Finder."""
    return f"{bundle_info.APP_NAME} {version}"


def stage(app: Path, folder: Path) -> None:
    """Put a copy of ``app`` (symlinks kept: a bundle's frameworks use them) and an /Applications link in ``folder``."""
    shutil.copytree(app, folder / app.name, symlinks=True)
    os.symlink("/Applications", folder / "Applications")


def check_info_plist(app: Path, version: str) -> dict[str, Any]:
    """Read the bundle's Info.plist; raise DmgError unless it has the version, the document type and Retina."""
    with (app / "Contents" / "Info.plist").open("rb") as f:
        info = plistlib.load(f)
    wanted = bundle_info.info_plist(version)
    wrong = [key for key, value in wanted.items() if info.get(key) != value]
    if info.get("CFBundleIdentifier") != bundle_info.BUNDLE_ID:
        wrong.append("CFBundleIdentifier")
    if wrong:
        raise DmgError(f"{app.name}'s Info.plist is wrong in {', '.join(sorted(wrong))}")
    return info


def _hdiutil(*args: str) -> str:
    for attempt in range(1, HDIUTIL_ATTEMPTS + 1):
        done = subprocess.run(["hdiutil", *args], capture_output=True, text=True)
        if done.returncode == 0:
            return done.stdout
        if attempt < HDIUTIL_ATTEMPTS:
            time.sleep(2 * attempt)
    raise DmgError(f"hdiutil {args[0]} failed (exit status {done.returncode}): {done.stderr.strip()}")


def build_dmg(app: Path, out_dir: Path, version: str, arch: str) -> Path:
    """Make ``out_dir/sudoku-tk-<version>-macos-<arch>.dmg`` holding ``app``; return its path.

    Raises:
        DmgError: not on macOS, the bundle's Info.plist is wrong, or hdiutil failed.
    """
    if shutil.which("hdiutil") is None:
        raise DmgError("hdiutil is missing: a .dmg is made on macOS")
    check_info_plist(app, version)
    out_dir.mkdir(parents=True, exist_ok=True)
    target = out_dir / dmg_name(version, arch)
    with tempfile.TemporaryDirectory(prefix="sudoku-tk-dmg-") as tmp:
        stage(app, Path(tmp))
        _hdiutil(
            "create", "-volname", volume_name(version), "-srcfolder", tmp, "-fs", "HFS+", "-format", "UDZO", "-ov",
            str(target),
        )  # fmt: skip
    return target


def check_dmg(dmg: Path, version: str, app_name: str, self_test: Callable[[Path], bool]) -> None:
    """Attach ``dmg`` read-only, check its .app and run its self-test there, detach; raise DmgError on a fault."""
    with tempfile.TemporaryDirectory(prefix="sudoku-tk-mount-") as mount:
        _hdiutil("attach", "-readonly", "-nobrowse", "-noautoopen", "-mountpoint", mount, str(dmg))
        try:
            app = Path(mount) / app_name
            if not (Path(mount) / "Applications").is_symlink():
                raise DmgError(f"{dmg.name} has no link to /Applications")
            check_info_plist(app, version)
            if not self_test(app / "Contents" / "MacOS" / bundle_info.EXECUTABLE):
                raise DmgError(f"the app in {dmg.name} failed its self-test")
        finally:
            _hdiutil("detach", mount)
