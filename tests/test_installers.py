"""The installers (issue 27): the Linux .deb, the Windows NSIS script, the macOS bundle and disk image.

What this machine can run, it runs: the .deb is built from a stand-in onedir folder by any user where dpkg-deb
exists, and (marked ``build``) from a real onedir build, installed with dpkg, self-tested under the test display
and removed, where it is root (CI is). makensis compiles the Windows installer script around a stand-in folder,
and where Wine is installed (marked ``build``) the installer is run: a silent per-user install, an update, and
the uninstall, checked file by file and key by key. The macOS disk image needs hdiutil: here only its staging
and the Info.plist check run.
"""

from __future__ import annotations

import importlib.util
import os
import plistlib
import re
import shutil
import subprocess
import sys
import tempfile
import types
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest
from shared_data import REPO

import sudoku_tk
from sudoku_tk.app.storage import save_format

BUILD_SCRIPTS = REPO / "build_scripts"
sys.path.insert(0, str(BUILD_SCRIPTS))
import bundle_info  # noqa: E402
import package_deb  # noqa: E402
import package_macos  # noqa: E402
import package_windows  # noqa: E402

LINUX = sys.platform.startswith("linux")
WINDOWS = sys.platform == "win32"
needs_symlinks = pytest.mark.skipif(WINDOWS, reason="symlinks need extra rights on Windows; the .dmg is macOS's")
VERSION = sudoku_tk.__version__
PREBUILT_DEB = "SUDOKU_TK_TEST_DEB"
"""A .deb to install instead of building one (the release workflow tests the very package it uploads)."""
MIME = "{http://www.freedesktop.org/standards/shared-mime-info}"


# -- one version everywhere ----------------------------------------------------------------


def test_the_version_has_one_source() -> None:
    setup_cfg = (REPO / "setup.cfg").read_text(encoding="utf-8")
    assert re.search(r"^version = attr: sudoku_tk.__version__$", setup_cfg, re.M)
    assert package_deb.deb_name(VERSION, "amd64") == f"sudoku-tk_{VERSION}_amd64.deb"
    assert package_windows.installer_name(VERSION, "x86_64") == f"sudoku-tk-{VERSION}-windows-x86_64-setup.exe"
    assert package_macos.dmg_name(VERSION, "arm64") == f"sudoku-tk-{VERSION}-macos-arm64.dmg"
    assert package_macos.volume_name(VERSION) == f"Sudoku Tk {VERSION}"


def test_windows_wants_four_numbers() -> None:
    assert bundle_info.numeric_version("0.1.0") == (0, 1, 0, 0)
    assert bundle_info.numeric_version("1.2.3rc1") == (1, 2, 3, 0)
    assert bundle_info.numeric_version("2.0.0.7.9") == (2, 0, 0, 7)
    assert bundle_info.numeric_version("3") == (3, 0, 0, 0)


def test_a_library_goes_into_the_build_only_once_the_app_imports_it(tmp_path: Path) -> None:
    package = tmp_path / "pkg"
    (package / "sub").mkdir(parents=True)
    (package / "__init__.py").write_text('"""numpy is named here, in text only."""\nimport numpyish\n')
    (package / "sub/reader.py").write_text("def read():\n    return 1\n")
    assert not bundle_info.package_imports(package, "numpy")
    (package / "sub/reader.py").write_text("def read():\n    from numpy.linalg import norm\n    return norm\n")
    assert bundle_info.package_imports(package, "numpy")
    assert bundle_info.package_imports(REPO / "sudoku_tk", "PIL") and bundle_info.package_imports(
        REPO / "sudoku_tk", "tkinter"
    )


# -- macOS: the bundle's Info.plist and the disk image ---------------------------------------


def test_info_plist_has_the_version_retina_and_the_saved_game_type() -> None:
    info = bundle_info.info_plist(VERSION)
    assert info["CFBundleShortVersionString"] == info["CFBundleVersion"] == VERSION
    assert info["NSHighResolutionCapable"] is True and info["CFBundleName"] == "Sudoku Tk"
    [document, pictures] = info["CFBundleDocumentTypes"]
    # An alternate handler for JSON: offered under Open With, never taking .json from the player's editor.
    assert document["LSItemContentTypes"] == ["public.json"] and document["LSHandlerRank"] == "Alternate"
    # Pictures of puzzles are read (a photo dropped on the Dock icon, Open With), never taken over from the viewer.
    assert {"public.png", "public.jpeg"} <= set(pictures["LSItemContentTypes"])
    assert pictures["CFBundleTypeRole"] == "Viewer" and pictures["LSHandlerRank"] == "Alternate"
    assert plistlib.loads(plistlib.dumps(info)) == info


def _fake_app(root: Path, version: str) -> Path:
    app = root / "Sudoku Tk.app"
    (app / "Contents/MacOS").mkdir(parents=True)
    (app / "Contents/MacOS/sudoku-tk").write_text("#!/bin/sh\n")
    (app / "Contents/Frameworks").mkdir()
    os.symlink("../MacOS/sudoku-tk", app / "Contents/Frameworks/link")
    info = {"CFBundleIdentifier": bundle_info.BUNDLE_ID, "CFBundleExecutable": "sudoku-tk"}
    info.update(bundle_info.info_plist(version))
    (app / "Contents/Info.plist").write_bytes(plistlib.dumps(info))
    return app


@needs_symlinks
def test_the_disk_image_holds_the_app_with_its_links_beside_applications(tmp_path: Path) -> None:
    app = _fake_app(tmp_path / "build", VERSION)
    staged = tmp_path / "staged"
    staged.mkdir()
    package_macos.stage(app, staged)
    assert os.readlink(staged / "Applications") == "/Applications"
    assert os.readlink(staged / "Sudoku Tk.app/Contents/Frameworks/link") == "../MacOS/sudoku-tk"
    assert package_macos.check_info_plist(staged / "Sudoku Tk.app", VERSION)["CFBundleIdentifier"]


@needs_symlinks
def test_a_bundle_with_another_version_is_refused(tmp_path: Path) -> None:
    app = _fake_app(tmp_path, "0.0.1")
    with pytest.raises(package_macos.DmgError, match="CFBundleShortVersionString, CFBundleVersion"):
        package_macos.check_info_plist(app, VERSION)


@needs_symlinks
@pytest.mark.skipif(shutil.which("hdiutil") is not None, reason="hdiutil is here: the release build makes the .dmg")
def test_without_hdiutil_the_dmg_says_where_it_is_made(tmp_path: Path) -> None:
    with pytest.raises(package_macos.DmgError, match="made on macOS"):
        package_macos.build_dmg(_fake_app(tmp_path, VERSION), tmp_path / "out", VERSION, "arm64")


def test_the_entitlements_relax_only_what_ctypes_needs() -> None:
    with (REPO / "packaging/macos/entitlements.plist").open("rb") as f:
        assert plistlib.load(f) == {"com.apple.security.cs.allow-unsigned-executable-memory": True}


# -- Windows: the version resource and the NSIS installer -------------------------------------


def test_the_exe_version_resource_carries_the_version(monkeypatch: pytest.MonkeyPatch) -> None:
    # PyInstaller's version-resource module imports pefile and win32api, which only Windows has; building the
    # resource does not use them.
    compat = pytest.importorskip(
        "PyInstaller.compat", reason="PyInstaller is not installed (pip install -e '.[build]')"
    )
    monkeypatch.setitem(sys.modules, "pefile", types.ModuleType("pefile"))
    monkeypatch.setattr(compat, "win32api", types.ModuleType("win32api"), raising=False)
    monkeypatch.delitem(sys.modules, "PyInstaller.utils.win32.versioninfo", raising=False)
    text = str(bundle_info.windows_version_info(VERSION))
    numbers = ", ".join(str(n) for n in bundle_info.numeric_version(VERSION))
    assert f"filevers=({numbers})" in text and f"prodvers=({numbers})" in text
    assert f"StringStruct('ProductVersion', '{VERSION}')" in text
    assert "StringStruct('OriginalFilename', 'sudoku-tk.exe')" in text


@pytest.fixture()
def stand_in_onedir(tmp_path: Path) -> Path:
    """A folder shaped like the Windows onedir build: sudoku-tk.exe beside _internal/."""
    folder = tmp_path / "onedir"
    (folder / "_internal/sub").mkdir(parents=True)
    (folder / "sudoku-tk.exe").write_bytes(b"MZ stand-in program")
    (folder / "_internal/sub/data.txt").write_text("stand-in library")
    return folder


def _makensis() -> str:
    found = package_windows.find_makensis()
    if found is None:
        pytest.skip("makensis is not installed (apt-get install nsis): the Windows installer script is not compiled")
    return found


def test_the_installer_script_compiles_with_the_version_and_signs_the_uninstaller(
    stand_in_onedir: Path, tmp_path: Path
) -> None:
    _makensis()
    signed = tmp_path / "signed-uninstaller.exe"
    installer = package_windows.build_installer(
        stand_in_onedir, tmp_path / "out", VERSION, "x86_64", sign_uninstaller=f'cp "%1" "{signed}"'
    )
    assert installer.name == f"sudoku-tk-{VERSION}-windows-x86_64-setup.exe"
    data = installer.read_bytes()
    assert data[:2] == b"MZ" and signed.read_bytes()[:2] == b"MZ"
    # The setup program's own version resource (Explorer's Properties) names the version.
    assert f"Sudoku Tk {VERSION} setup".encode("utf-16-le") in data


def test_the_installer_script_is_per_user_and_removes_only_what_it_installed() -> None:
    script = package_windows.SCRIPT.read_text(encoding="utf-8")
    assert "RequestExecutionLevel user" in script and "HKLM" not in script
    assert 'InstallDir "$LOCALAPPDATA\\Programs\\${APP_NAME}"' in script
    assert 'CreateShortcut "$SMPROGRAMS\\${APP_NAME}.lnk"' in script and "WriteUninstaller" in script
    assert 'WriteRegNone HKCU "Software\\Classes\\.json\\OpenWithProgids" "${PROG_ID}"' in script
    uninstall = script[script.index('Section "Uninstall"') :]
    assert 'RMDir /r "$INSTDIR"' not in uninstall, "a folder the player chose may hold other files"
    assert 'RMDir "$INSTDIR"' in uninstall and 'DeleteRegKey HKCU "${UNINSTALL_KEY}"' in uninstall


def test_the_installer_script_refuses_to_compile_without_its_defines(stand_in_onedir: Path, tmp_path: Path) -> None:
    makensis = _makensis()
    command = package_windows.makensis_command(makensis, stand_in_onedir, tmp_path / "x.exe", VERSION)
    without_version = [arg for arg in command if not arg.startswith("-DVERSION=")]
    done = subprocess.run(without_version, capture_output=True, text=True)
    assert done.returncode != 0 and "define VERSION" in done.stdout + done.stderr


def test_a_folder_that_is_not_a_onedir_build_is_refused(tmp_path: Path) -> None:
    _makensis()
    with pytest.raises(package_windows.InstallerError, match="not a onedir build"):
        package_windows.build_installer(tmp_path, tmp_path / "out", VERSION, "x86_64")


@pytest.fixture()
def wine(tmp_path: Path) -> Iterator[dict[str, str]]:
    """A Wine prefix of the test's own (its wineserver stopped afterwards); skips where Wine is not installed."""
    if not LINUX or shutil.which("wine") is None or shutil.which("wineserver") is None:
        pytest.skip("Wine is not installed: the installer is compiled, not run (apt-get install wine64 runs it)")
    env = {**os.environ, "WINEPREFIX": str(tmp_path / "wineprefix"), "WINEDEBUG": "-all"}
    subprocess.run(["wineboot", "--init"], env=env, capture_output=True, timeout=300)
    try:
        yield env
    finally:
        subprocess.run(["wineserver", "-k"], env=env, capture_output=True, timeout=60)


def _wine_cmd(env: dict[str, str], line: str) -> None:
    """Run one command line through Wine's cmd, as a Windows shell would: /D= and _?= must stay unquoted."""
    batch = Path(env["WINEPREFIX"]) / "drive_c" / "run.bat"
    batch.write_text(line + "\r\n", encoding="utf-8")
    subprocess.run(["wine", "cmd", "/c", "C:\\run.bat"], env=env, capture_output=True, timeout=300, check=True)


def _registry(env: dict[str, str], key: str) -> str:
    done = subprocess.run(["wine", "reg", "query", key], env=env, capture_output=True, text=True, timeout=120)
    return done.stdout.replace("\r", "") if done.returncode == 0 else ""


@pytest.mark.build
def test_the_installer_installs_for_the_user_and_the_uninstaller_removes_only_its_files(
    stand_in_onedir: Path, tmp_path: Path, wine: dict[str, str]
) -> None:
    _makensis()
    drive = Path(wine["WINEPREFIX"]) / "drive_c"
    # A real Windows program stands in for sudoku-tk.exe (Wine's own hostname.exe).
    shutil.copyfile(drive / "windows/system32/hostname.exe", stand_in_onedir / "sudoku-tk.exe")
    installer = package_windows.build_installer(stand_in_onedir, tmp_path / "out", VERSION, "x86_64")
    shutil.copyfile(installer, drive / "setup.exe")
    _wine_cmd(wine, "C:\\setup.exe /S")
    home = next((drive / "users").glob("*/AppData/Local/Programs/Sudoku Tk"))
    user = home.parents[3]
    assert sorted(p.name for p in home.iterdir()) == ["_internal", "sudoku-tk.exe", "uninstall.exe"]
    assert (home / "_internal/sub/data.txt").read_text() == "stand-in library"
    shortcut = user / "AppData/Roaming/Microsoft/Windows/Start Menu/Programs/Sudoku Tk.lnk"
    assert shortcut.is_file()
    windows_home = f"C:\\users\\{user.name}\\AppData\\Local\\Programs\\Sudoku Tk"
    uninstall_key = "HKCU\\Software\\Microsoft\\Windows\\CurrentVersion\\Uninstall\\sudoku-tk"
    listed = _registry(wine, uninstall_key)
    assert (
        f"DisplayVersion    REG_SZ    {VERSION}" in listed and f"InstallLocation    REG_SZ    {windows_home}" in listed
    )
    assert "SudokuTk.Game    REG_NONE" in _registry(wine, "HKCU\\Software\\Classes\\.json\\OpenWithProgids")
    # Explorer's "Open with" offers the app for pictures of puzzles too (it never becomes their default).
    supported = _registry(wine, "HKCU\\Software\\Classes\\Applications\\sudoku-tk.exe\\SupportedTypes")
    assert all(f"{suffix}    REG_SZ" in supported for suffix in (".json", ".png", ".jpg", ".jpeg", ".webp"))
    opens = _registry(wine, "HKCU\\Software\\Classes\\SudokuTk.Game\\shell\\open\\command")
    assert f'"{windows_home}\\sudoku-tk.exe" "%1"' in opens

    # An update replaces the program: a file the new version no longer has does not linger.
    (home / "_internal/left-by-an-old-version.txt").write_text("old")
    _wine_cmd(wine, "C:\\setup.exe /S")
    assert not (home / "_internal/left-by-an-old-version.txt").exists()

    # The uninstaller removes what it installed and nothing else (run in place, it leaves itself).
    (home / "notes of mine.txt").write_text("mine")
    _wine_cmd(wine, f'"{windows_home}\\uninstall.exe" /S _?={windows_home}')
    assert sorted(p.name for p in home.iterdir()) == ["notes of mine.txt", "uninstall.exe"]
    assert not shortcut.exists() and _registry(wine, uninstall_key) == ""
    assert "SudokuTk" not in _registry(wine, "HKCU\\Software\\Classes\\.json\\OpenWithProgids")
    assert _registry(wine, "HKCU\\Software\\Classes\\SudokuTk.Game") == ""


# -- Linux: the desktop entry, the saved-game type and the .deb --------------------------------


def test_the_saved_game_type_matches_the_files_the_app_writes() -> None:
    from sudoku_tk.ui.games.file_choosers import GAME_EXTENSION

    root = ET.parse(REPO / "packaging/linux/sudoku-tk-mime.xml").getroot()
    [mime] = root.findall(f"{MIME}mime-type")
    globs = {glob.get("pattern") for glob in mime.findall(f"{MIME}glob")}
    assert f"*{GAME_EXTENSION}" in globs and "*.sudoku-tk.json" in globs
    assert mime.find(f"{MIME}sub-class-of").get("type") == "application/json"  # type: ignore[union-attr]
    [match] = mime.iter(f"{MIME}match")
    assert match.get("value") == f'"{save_format.FORMAT_NAME}"'
    desktop = (REPO / "packaging/linux/sudoku-tk.desktop").read_text(encoding="utf-8")
    [types] = [line.removeprefix("MimeType=") for line in desktop.splitlines() if line.startswith("MimeType=")]
    assert types.split(";")[0] == mime.get("type") and "Exec=sudoku-tk %f" in desktop


def test_the_desktop_entry_offers_the_app_for_every_picture_it_reads() -> None:
    """A picture opened with the app or dropped on its launcher is read (ui/window/launch.py)."""
    from sudoku_tk.ui.pictures.input import PICTURE_SUFFIXES

    desktop = (REPO / "packaging/linux/sudoku-tk.desktop").read_text(encoding="utf-8")
    [types] = [line.removeprefix("MimeType=") for line in desktop.splitlines() if line.startswith("MimeType=")]
    images = {t for t in types.split(";") if t.startswith("image/")}
    assert images == {"image/png", "image/jpeg", "image/gif", "image/bmp", "image/webp", "image/tiff", "image/heif"}
    assert {".png", ".jpg", ".gif", ".bmp", ".webp", ".tif", ".heic"} <= PICTURE_SUFFIXES
    if shutil.which("desktop-file-validate"):
        checked = subprocess.run(
            ["desktop-file-validate", str(REPO / "packaging/linux/sudoku-tk.desktop")], capture_output=True, text=True
        )
        assert checked.returncode == 0, checked.stdout + checked.stderr


@pytest.mark.skipif(shutil.which("update-mime-database") is None, reason="shared-mime-info is not installed")
def test_shared_mime_info_reads_the_saved_game_type(tmp_path: Path) -> None:
    mime = tmp_path / "mime"
    (mime / "packages").mkdir(parents=True)
    shutil.copyfile(REPO / "packaging/linux/sudoku-tk-mime.xml", mime / "packages/sudoku-tk.xml")
    env = {**os.environ, "XDG_DATA_DIRS": str(tmp_path)}  # else it warns that the folder is not searched
    done = subprocess.run(["update-mime-database", str(mime)], capture_output=True, text=True, env=env)
    assert done.returncode == 0 and not done.stderr, done.stderr  # a mistake in the file is a warning here
    globs = (mime / "globs2").read_text(encoding="utf-8").splitlines()
    assert "60:application/x-sudoku-tk-game:*.sudoku.json" in globs


def test_depends_names_the_system_libraries_and_the_glibc_floor() -> None:
    field = package_deb.depends({"libc.so.6", "libm.so.6", "libxcb.so.1"}, {"libfontconfig.so.1"}, (2, 17))
    assert field == "fontconfig-config, libc6 (>= 2.17), libxcb1"
    assert package_deb.depends(set(), set(), (0,)) == "libc6"
    with pytest.raises(package_deb.PackageError, match="libGL.so.1.*SYSTEM_PACKAGES"):
        package_deb.depends({"libGL.so.1", "libc.so.6"}, set(), (2, 17))


def _need_dpkg_deb() -> None:
    if not LINUX or shutil.which("dpkg-deb") is None or shutil.which("readelf") is None:
        pytest.skip("a .deb is made where dpkg-deb and readelf are (Debian, Ubuntu)")


@pytest.fixture()
def stand_in_linux_onedir(tmp_path: Path) -> Path:
    """A folder shaped like the Linux onedir build, whose program is a real ELF file needing only glibc."""
    folder = tmp_path / "sudoku-tk"
    (folder / "_internal").mkdir(parents=True)
    true = Path(shutil.which("true") or "/bin/true").resolve()
    shutil.copyfile(true, folder / "sudoku-tk")
    (folder / "sudoku-tk").chmod(0o700)  # the builder's umask must not reach the package
    (folder / "_internal/libX11.so.6").write_bytes(b"stand-in library")
    (folder / "_internal/libX11.so").symlink_to("libX11.so.6")
    return folder


def _deb_field(deb: Path, name: str) -> str:
    return subprocess.run(["dpkg-deb", "-f", str(deb), name], capture_output=True, text=True, check=True).stdout.strip()


def _deb_listing(deb: Path) -> dict[str, str]:
    """Path in the package -> "mode owner/group" (links: "-> target")."""
    out = subprocess.run(["dpkg-deb", "-c", str(deb)], capture_output=True, text=True, check=True).stdout
    listing = {}
    for line in out.splitlines():
        mode, owner, _size, _date, _time, path, *link = line.split()
        listing[path.lstrip(".")] = f"{mode} {owner}" + (f" -> {link[-1]}" if link else "")
    return listing


def test_the_deb_installs_the_program_launcher_menu_entry_icons_and_type(
    stand_in_linux_onedir: Path, tmp_path: Path
) -> None:
    _need_dpkg_deb()
    deb = package_deb.build_deb(stand_in_linux_onedir, tmp_path / "dist", VERSION, architecture="amd64")
    assert deb.name == f"sudoku-tk_{VERSION}_amd64.deb"
    assert (_deb_field(deb, "Package"), _deb_field(deb, "Version")) == ("sudoku-tk", VERSION)
    # /bin/true needs glibc only; the bundled Xlib reads the system's locale tables.
    assert re.fullmatch(r"libc6 \(>= 2\.\d+\), libx11-data", _deb_field(deb, "Depends"))
    assert int(_deb_field(deb, "Installed-Size")) >= 1
    listing = _deb_listing(deb)
    assert listing["/usr/lib/sudoku-tk/sudoku-tk"] == "-rwxr-xr-x root/root"
    assert listing["/usr/lib/sudoku-tk/_internal/libX11.so.6"] == "-rw-r--r-- root/root"
    assert listing["/usr/lib/sudoku-tk/_internal/libX11.so"].endswith("-> libX11.so.6")
    assert listing["/usr/bin/sudoku-tk"] == "-rwxr-xr-x root/root"
    assert listing["/usr/share/applications/sudoku-tk.desktop"] == "-rw-r--r-- root/root"
    assert listing["/usr/share/mime/packages/sudoku-tk.xml"] == "-rw-r--r-- root/root"
    for size in package_deb.ICON_SIZES:
        assert listing[f"/usr/share/icons/hicolor/{size}x{size}/apps/sudoku-tk.png"] == "-rw-r--r-- root/root"
    unpacked = tmp_path / "unpacked"
    subprocess.run(["dpkg-deb", "-x", str(deb), str(unpacked)], check=True)
    assert (unpacked / "usr/bin/sudoku-tk").read_text() == '#!/bin/sh\nexec /usr/lib/sudoku-tk/sudoku-tk "$@"\n'
    assert (unpacked / "usr/share/icons/hicolor/48x48/apps/sudoku-tk.png").read_bytes() == (
        REPO / "sudoku_tk/resources/icon-48.png"
    ).read_bytes()


def test_a_folder_without_the_program_makes_no_deb(tmp_path: Path) -> None:
    _need_dpkg_deb()
    with pytest.raises(package_deb.PackageError, match="build the onedir form first"):
        package_deb.build_deb(tmp_path, tmp_path / "dist", VERSION)


# -- the real .deb: built, installed, started, removed ----------------------------------------


@pytest.fixture(scope="module")
def build_py() -> ModuleType:
    spec = importlib.util.spec_from_file_location("sudoku_tk_build_for_deb", BUILD_SCRIPTS / "build.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while building
    spec.loader.exec_module(module)
    return module


@pytest.fixture()
def machine_lock() -> Iterator[None]:
    """One package test at a time on this machine: they install the same package into the one system."""
    import fcntl  # POSIX only, like the test

    with open(Path(tempfile.gettempdir()) / "sudoku-tk-deb-test.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        yield


def _dpkg(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["dpkg", *args], capture_output=True, text=True, timeout=600)


@pytest.mark.build
@pytest.mark.gui
def test_the_deb_installs_starts_and_is_removed_cleanly(
    build_py: ModuleType, tmp_path_factory: pytest.TempPathFactory, machine_lock: None
) -> None:
    if not LINUX or shutil.which("dpkg") is None or os.geteuid() != 0:
        pytest.skip("installs a .deb: needs dpkg and root (CI is both)")
    if _dpkg("-s", "sudoku-tk").returncode == 0:
        pytest.skip("a sudoku-tk package is installed on this machine already: the test leaves it alone")
    if os.environ.get(PREBUILT_DEB):
        deb = Path(os.environ[PREBUILT_DEB])
    else:
        if importlib.util.find_spec("PyInstaller") is None:
            pytest.fail("PyInstaller is missing: pip install -e .[build] (or deselect with -m 'not build')")
        root = tmp_path_factory.mktemp("deb-build")
        result = build_py.build("onedir", dist=root / "dist", work=root / "work")
        deb = package_deb.build_deb(result.artifact, root / "dist", VERSION)
        print(
            f"\nonedir: {result.size_bytes:,} bytes, built in {result.seconds:.1f} s; {deb.name}: {deb.stat().st_size:,}"
        )
    done = _dpkg("-i", str(deb))
    assert done.returncode == 0, done.stdout + done.stderr
    try:
        assert _dpkg("-s", "sudoku-tk").stdout.count(f"Version: {VERSION}\n") == 1
        installed = _dpkg("-L", "sudoku-tk").stdout.splitlines()
        for path in ("/usr/bin/sudoku-tk", "/usr/share/applications/sudoku-tk.desktop", "/usr/lib/sudoku-tk/sudoku-tk"):
            assert path in installed
        version = subprocess.run(["/usr/bin/sudoku-tk", "--version"], capture_output=True, text=True, timeout=60)
        assert version.stdout.strip() == f"sudoku-tk {VERSION}"
        runs = [build_py.run_self_test(Path("/usr/bin/sudoku-tk")) for _ in range(3)]
        failed = [run for run in runs if not run.passed]
        assert not failed, f"{failed[0].describe()}\n{failed[0].stderr}"
        print("installed .deb: window shown after " + ", ".join(f"{run.startup_seconds:.2f}" for run in runs) + " s")
    finally:
        removed = _dpkg("--purge", "sudoku-tk")
    assert removed.returncode == 0, removed.stdout + removed.stderr
    left = [path for path in installed if Path(path).exists() and not Path(path).is_dir()]
    assert left == [] and not Path("/usr/lib/sudoku-tk").exists()


def test_numpys_libraries_stay_whole_and_the_rest_are_stripped(tmp_path: Path) -> None:
    """PyInstaller's strip breaks numpy's OpenBLAS: the spec strips the other binaries itself and leaves numpy's."""
    assert bundle_info.keeps_symbols("numpy.libs/libscipy_openblas64_-32a4b2a6.so")
    assert bundle_info.keeps_symbols("numpy/_core/_multiarray_umath.cpython-311-x86_64-linux-gnu.so")
    assert not bundle_info.keeps_symbols("libtk8.6.so") and not bundle_info.keeps_symbols("PIL/_imaging.cpython-311.so")
    if shutil.which("strip") is None or shutil.which("cc") is None:
        pytest.skip("no strip or C compiler to make a library to strip")
    src = tmp_path / "lib.c"
    src.write_text("int answer(void) { return 42; }\n")
    lib = tmp_path / "libanswer.so"
    subprocess.run(["cc", "-g", "-shared", "-fPIC", "-o", str(lib), str(src)], check=True)
    out = bundle_info.stripped_binaries(
        [("libanswer.so", str(lib), "BINARY"), ("numpy.libs/libanswer.so", str(lib), "BINARY")], tmp_path / "out"
    )
    stripped, kept = Path(out[0][1]), Path(out[1][1])
    assert kept == lib and stripped != lib and stripped.stat().st_size < lib.stat().st_size
