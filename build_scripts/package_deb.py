"""The Linux .deb: a PyInstaller onedir build laid out under /usr and packed with dpkg-deb.

What the package installs:

- ``/usr/lib/sudoku-tk/``: the onedir build (the ``sudoku-tk`` program and its ``_internal`` folder);
- ``/usr/bin/sudoku-tk``: a two-line launcher that runs it (the program finds its folder from its own path,
  so the launcher execs it where it lies instead of being a copy);
- ``/usr/share/applications/sudoku-tk.desktop``, the icons in ``/usr/share/icons/hicolor/<N>x<N>/apps``, and
  ``/usr/share/mime/packages/sudoku-tk.xml`` (the saved-game type): Debian's desktop-file-utils,
  hicolor-icon-theme and shared-mime-info refresh their caches for these folders by dpkg triggers, so the
  package needs no maintainer scripts.

``Depends`` names only what the onedir cannot carry: the system libraries its programs and libraries link
against but PyInstaller leaves out (read from the ELF files: ``readelf -d``), with the glibc version their
symbol versions ask for (``readelf -V``), and the data files two bundled libraries read from the system
(fontconfig's configuration, Xlib's locale tables). A library missing from ``SYSTEM_PACKAGES`` stops the
build with its name, so a new dependency is never left out silently.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import tempfile
from collections.abc import Iterable, Mapping
from pathlib import Path

NAME = "sudoku-tk"
INSTALL_DIR = Path("usr/lib") / NAME
PACKAGING = Path(__file__).resolve().parent.parent / "packaging" / "linux"
ICONS = Path(__file__).resolve().parent.parent / "sudoku_tk" / "resources"
ICON_SIZES = (16, 32, 48, 64, 128, 256)
# The address dpkg shows for questions about the package; the project's releases set the real one here.
MAINTAINER = "Sudoku Tk developers <dev@sudoku-tk.invalid>"
DESCRIPTION = (
    "Sudoku solver-assistant for human players\n"
    " Play Sudoku with every candidate shown, the board recomputed after each move\n"
    " with the assists you choose, and hints that explain the next logical step the\n"
    " way a strong player would (singles to chains, fish, ALS and forcing nets)."
)
LAUNCHER = f'#!/bin/sh\nexec /{INSTALL_DIR}/{NAME} "$@"\n'

SYSTEM_PACKAGES: Mapping[str, str] = {
    # glibc: never bundled, always there
    "libc.so.6": "libc6",
    "libm.so.6": "libc6",
    "libdl.so.2": "libc6",
    "libpthread.so.0": "libc6",
    "librt.so.1": "libc6",
    "libutil.so.1": "libc6",
    "ld-linux-x86-64.so.2": "libc6",
    "ld-linux-aarch64.so.1": "libc6",
    # PyInstaller leaves out the X connection library: it must match the system's X stack
    "libxcb.so.1": "libxcb1",
}
"""Shared libraries the onedir may need from the system, and the Debian package that has each."""

DATA_PACKAGES: Mapping[str, str] = {
    "libfontconfig.so.1": "fontconfig-config",  # /etc/fonts, which also brings a font
    "libX11.so.6": "libx11-data",  # /usr/share/X11/locale, for keyboard input
}
"""Bundled libraries that read files from the system, and the package that has those files."""

GLIBC_PACKAGE = "libc6"


class PackageError(RuntimeError):
    """The .deb could not be made; the message says what is missing."""


def debian_architecture() -> str:
    """The architecture name dpkg uses for this machine (``amd64``, ``arm64``)."""
    return _run(["dpkg", "--print-architecture"]).strip()


def deb_name(version: str, architecture: str) -> str:
    """Debian's file name for the package: ``sudoku-tk_0.1.0_amd64.deb``."""
    return f"{NAME}_{version}_{architecture}.deb"


# -- what the onedir needs from the system ------------------------------------------------


def _elf_files(onedir: Path) -> list[Path]:
    found = []
    for path in sorted(onedir.rglob("*")):
        if path.is_file() and not path.is_symlink():
            with path.open("rb") as f:
                if f.read(4) == b"\x7fELF":
                    found.append(path)
    return found


def needed_libraries(onedir: Path) -> set[str]:
    """The sonames the ELF files in ``onedir`` link against that no file in ``onedir`` provides."""
    bundled = {path.name for path in onedir.rglob("*")}
    needed: set[str] = set()
    for elf in _elf_files(onedir):
        needed.update(re.findall(r"\(NEEDED\)\s+Shared library: \[([^\]]+)\]", _run(["readelf", "-d", str(elf)])))
    return needed - bundled


def glibc_floor(onedir: Path) -> tuple[int, ...]:
    """The newest ``GLIBC_x.y`` symbol version any ELF file in ``onedir`` asks for ((0,) when none does)."""
    versions = [(0,)]
    for elf in _elf_files(onedir):
        for text in re.findall(r"Name: GLIBC_(\d+(?:\.\d+)+)", _run(["readelf", "-V", "-W", str(elf)])):
            versions.append(tuple(int(part) for part in text.split(".")))
    return max(versions)


def depends(needed: Iterable[str], bundled: Iterable[str], glibc: tuple[int, ...]) -> str:
    """The Depends field for these needed sonames and bundled file names.

    >>> depends({"libc.so.6", "libxcb.so.1"}, {"libX11.so.6"}, (2, 34))
    'libc6 (>= 2.34), libx11-data, libxcb1'

    Raises:
        PackageError: a needed library is not in SYSTEM_PACKAGES.
    """
    unknown = sorted(set(needed) - set(SYSTEM_PACKAGES))
    if unknown:
        raise PackageError(
            f"the build needs {', '.join(unknown)} from the system, and build_scripts/package_deb.py does not "
            "know which Debian package has it: add it to SYSTEM_PACKAGES (dpkg -S <library> names the package)"
        )
    packages = {SYSTEM_PACKAGES[name] for name in needed}
    packages.update(DATA_PACKAGES[name] for name in set(bundled) & set(DATA_PACKAGES))
    packages.add(GLIBC_PACKAGE)
    floor = ".".join(str(part) for part in glibc)
    return ", ".join(
        f"{package} (>= {floor})" if package == GLIBC_PACKAGE and glibc > (0,) else package
        for package in sorted(packages)
    )


# -- the package tree ----------------------------------------------------------------------


def _normalise_modes(root: Path) -> None:
    """Folders 0755; files 0755 when anyone may run them, else 0644 (whatever the build's umask was)."""
    for folder, _dirs, files in os.walk(root):
        os.chmod(folder, 0o755)
        for name in files:
            path = Path(folder) / name
            if path.is_symlink():
                continue
            os.chmod(path, 0o755 if path.stat().st_mode & 0o111 else 0o644)


def _installed_size_kib(root: Path) -> int:
    total = 0
    for folder, _, files in os.walk(root):
        if Path(folder).name == "DEBIAN":
            continue
        for name in files:
            total += (Path(folder) / name).lstat().st_size
    return max(1, (total + 1023) // 1024)


def control_text(version: str, architecture: str, installed_kib: int, depends_field: str) -> str:
    """The DEBIAN/control file."""
    return (
        f"Package: {NAME}\n"
        f"Version: {version}\n"
        f"Architecture: {architecture}\n"
        f"Maintainer: {MAINTAINER}\n"
        f"Installed-Size: {installed_kib}\n"
        f"Depends: {depends_field}\n"
        "Section: games\n"
        "Priority: optional\n"
        f"Description: {DESCRIPTION}\n"
    )


def stage(onedir: Path, root: Path) -> None:
    """Lay out everything the package installs under ``root`` (the program, launcher, menu entry, icons, type)."""
    shutil.copytree(onedir, root / INSTALL_DIR, symlinks=True)
    launcher = root / "usr/bin" / NAME
    launcher.parent.mkdir(parents=True)
    launcher.write_text(LAUNCHER, encoding="utf-8")
    launcher.chmod(0o755)
    share = root / "usr/share"
    (share / "applications").mkdir(parents=True)
    shutil.copyfile(PACKAGING / f"{NAME}.desktop", share / "applications" / f"{NAME}.desktop")
    (share / "mime/packages").mkdir(parents=True)
    shutil.copyfile(PACKAGING / f"{NAME}-mime.xml", share / "mime/packages" / f"{NAME}.xml")
    for size in ICON_SIZES:
        folder = share / f"icons/hicolor/{size}x{size}/apps"
        folder.mkdir(parents=True)
        shutil.copyfile(ICONS / f"icon-{size}.png", folder / f"{NAME}.png")


def build_deb(onedir: Path, out_dir: Path, version: str, architecture: str | None = None) -> Path:
    """Pack the onedir build at ``onedir`` as ``out_dir/sudoku-tk_<version>_<arch>.deb``; return its path.

    Raises:
        PackageError: dpkg-deb or readelf is missing or failed, or a needed library is unknown.
    """
    for tool in ("dpkg-deb", "readelf"):
        if shutil.which(tool) is None:
            package = "dpkg" if tool == "dpkg-deb" else "binutils"
            raise PackageError(f"{tool} is missing: a .deb is made on Debian or Ubuntu (apt-get install {package})")
    if not (onedir / NAME).is_file():
        raise PackageError(f"{onedir} holds no {NAME} program: build the onedir form first")
    architecture = architecture or debian_architecture()
    depends_field = depends(needed_libraries(onedir), {p.name for p in onedir.rglob("*")}, glibc_floor(onedir))
    out_dir.mkdir(parents=True, exist_ok=True)
    target = out_dir / deb_name(version, architecture)
    with tempfile.TemporaryDirectory(prefix="sudoku-tk-deb-") as tmp:
        root = Path(tmp) / "root"
        stage(onedir, root)
        _normalise_modes(root)
        (root / "DEBIAN").mkdir(mode=0o755)
        control = control_text(version, architecture, _installed_size_kib(root), depends_field)
        (root / "DEBIAN/control").write_text(control, encoding="utf-8")
        # xz: every dpkg reads it (zstd only the newest); --root-owner-group: files owned by root, not the builder
        _run(["dpkg-deb", "--root-owner-group", "-Zxz", "--build", str(root), str(target)])
    return target


def _run(command: list[str]) -> str:
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode != 0:
        raise PackageError(f"{' '.join(command[:2])} failed (exit status {done.returncode}): {done.stderr.strip()}")
    return done.stdout
