"""What the built app says about itself to each system: the macOS Info.plist and the Windows version resource.

The spec (sudoku_tk.spec) passes these to PyInstaller; the installers (package_windows.py, package_macos.py)
and the tests read the same values, so the one version in ``sudoku_tk.__version__`` is the version everywhere.

Saved games are JSON files named ``<puzzle>.sudoku.json`` (``.sudoku-tk.json`` is accepted too). macOS and
Windows both pick a file's type by its *last* extension only, so neither can tell a saved game from any other
``.json`` file: the app is offered for JSON files as an alternative ("Open With"), never made their default.
Linux matches the whole ``*.sudoku.json`` pattern (packaging/linux/sudoku-tk-mime.xml).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path
from typing import Any

APP_NAME = "Sudoku Tk"
EXECUTABLE = "sudoku-tk"
BUNDLE_ID = "io.github.sudoku-tk"
GAME_TYPE_NAME = "Sudoku Tk game"
PICTURE_TYPE_NAME = "Picture of a puzzle"


def package_imports(package: Path, module: str) -> bool:
    """Whether any module under ``package`` imports ``module`` or one of its submodules (inside functions too).

    The spec leaves out of the build what the app never imports even when the build environment has it:
    Pillow's type hints name numpy, which PyInstaller would otherwise bundle whenever it is installed.
    """
    for path in sorted(package.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            else:
                continue
            if any(name == module or name.startswith(module + ".") for name in names):
                return True
    return False


def numeric_version(version: str) -> tuple[int, int, int, int]:
    """The first four numbers of a version, padded with zeros, as Windows version resources want them.

    >>> numeric_version("0.1.0"), numeric_version("1.2.3rc1"), numeric_version("2")
    ((0, 1, 0, 0), (1, 2, 3, 0), (2, 0, 0, 0))
    """
    # Only the leading dotted numbers count: a pre-release suffix (rc1, b2, .dev3) is not a fourth number.
    head = re.match(r"\d+(?:\.\d+)*", version)
    numbers = [int(n) for n in head.group(0).split(".")[:4]] if head else []
    return tuple((numbers + [0, 0, 0, 0])[:4])  # type: ignore[return-value]


def info_plist(version: str) -> dict[str, Any]:
    """The Info.plist entries of the .app beyond PyInstaller's own (name, executable, icon, bundle id)."""
    return {
        "CFBundleName": APP_NAME,
        "CFBundleDisplayName": APP_NAME,
        "CFBundleShortVersionString": version,
        "CFBundleVersion": version,
        "NSHighResolutionCapable": True,
        "LSApplicationCategoryType": "public.app-category.puzzle-games",
        "NSHumanReadableCopyright": f"{APP_NAME} {version}, MIT licence",
        # A saved game is JSON, and macOS types a file by its last extension: the app is offered under "Open With"
        # for JSON files (an alternate handler), never made their default.
        "CFBundleDocumentTypes": [
            {
                "CFBundleTypeName": GAME_TYPE_NAME,
                "CFBundleTypeRole": "Editor",
                "LSHandlerRank": "Alternate",
                "LSItemContentTypes": ["public.json"],
            },
            # A photo or screenshot dropped on the Dock icon, or opened with the app, is read as a puzzle; the app
            # views pictures (it never changes them) and never becomes their default.
            {
                "CFBundleTypeName": PICTURE_TYPE_NAME,
                "CFBundleTypeRole": "Viewer",
                "LSHandlerRank": "Alternate",
                "LSItemContentTypes": [
                    "public.png",
                    "public.jpeg",
                    "com.compuserve.gif",
                    "com.microsoft.bmp",
                    "org.webmproject.webp",
                    "public.tiff",
                    "public.heic",
                    "public.heif",
                ],
            },
        ],
    }


def windows_version_info(version: str) -> Any:
    """The version resource of sudoku-tk.exe (Explorer's Properties > Details). Needs Windows' PyInstaller."""
    from PyInstaller.utils.win32.versioninfo import (
        FixedFileInfo,
        StringFileInfo,
        StringStruct,
        StringTable,
        VarFileInfo,
        VarStruct,
        VSVersionInfo,
    )

    numbers = numeric_version(version)
    strings = [
        StringStruct("ProductName", APP_NAME),
        StringStruct("FileDescription", APP_NAME),
        StringStruct("ProductVersion", version),
        StringStruct("FileVersion", version),
        StringStruct("InternalName", EXECUTABLE),
        StringStruct("OriginalFilename", f"{EXECUTABLE}.exe"),
        StringStruct("LegalCopyright", "MIT licence"),
    ]
    return VSVersionInfo(
        ffi=FixedFileInfo(filevers=numbers, prodvers=numbers),
        # 0x0409 US English, 0x04B0 (1200) Unicode: the table's name and its translation entry agree
        kids=[
            StringFileInfo([StringTable("040904B0", strings)]),
            VarFileInfo([VarStruct("Translation", [1033, 1200])]),
        ],
    )


def keeps_symbols(dest_name: str) -> bool:
    """Must this bundled binary stay unstripped? numpy's (its OpenBLAS library breaks when stripped)."""
    parts = dest_name.replace("\\", "/").split("/")
    return parts[0] in ("numpy", "numpy.libs") or any("openblas" in p.lower() for p in parts)


def stripped_binaries(binaries: list[Any], folder: Path) -> list[Any]:
    """``binaries`` (PyInstaller's TOC of (name in the bundle, source, kind)) with each one stripped of its symbol
    table into ``folder``, as PyInstaller's own strip does, except those ``keeps_symbols`` keeps whole."""
    import shutil
    import subprocess

    out: list[Any] = []
    for entry in binaries:
        dest_name, source, kind = entry[0], entry[1], entry[2]
        if keeps_symbols(dest_name) or not source:
            out.append(entry)
            continue
        target = folder / dest_name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(source, target)
        target.chmod(target.stat().st_mode | 0o200)  # strip writes the copy: some sources are read-only
        result = subprocess.run(["strip", str(target)], capture_output=True, text=True)
        out.append((dest_name, str(target) if result.returncode == 0 else source, kind))
    return out
