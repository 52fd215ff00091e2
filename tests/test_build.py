"""The standalone build: build.py's plumbing, the Linux desktop files, and (marked ``build``) a real
PyInstaller onefile build that must pass its own ``--self-test`` under the test display.

Deselect the slow build locally with ``-m "not build"``; CI runs it. A test fails only on behaviour: the
build's size and start-up time are figures build.py prints (and this test prints), never assertions.
The installers are tested in test_installers.py.
"""

from __future__ import annotations

import configparser
import importlib.util
import os
import re
import shutil
import stat
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest
from shared_data import REPO

from sudoku_tk.bench import selftest
from sudoku_tk.bench.selftest import SelfTestFailure, Status
from sudoku_tk.engine.formats import parse_grid
from sudoku_tk.engine.play.moves import Place
from sudoku_tk.engine.play.propagation import Assist, recompute

LINUX = sys.platform.startswith("linux")


@pytest.fixture(scope="module")
def build_py() -> ModuleType:
    spec = importlib.util.spec_from_file_location("sudoku_tk_build", REPO / "build_scripts" / "build.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules["sudoku_tk_build"] = module  # dataclasses look their module up while building
    spec.loader.exec_module(module)
    return module


# -- build.py ---------------------------------------------------------------------


def test_build_says_how_to_get_pyinstaller_when_it_is_missing(
    build_py: ModuleType, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    real_find_spec = importlib.util.find_spec
    monkeypatch.setattr(
        build_py.importlib.util,
        "find_spec",
        lambda name, *a: None if name == "PyInstaller" else real_find_spec(name, *a),
    )
    assert build_py.main(["--onefile", "--skip-self-test"]) == 2
    assert "pip install -e .[build]" in capsys.readouterr().err


def test_each_mode_has_its_own_dist_folder(build_py: ModuleType, tmp_path: Path) -> None:
    onefile, onedir = (build_py.artifact_path(mode, tmp_path) for mode in ("onefile", "onedir"))
    assert onefile.parent == tmp_path / "onefile" and tmp_path / "onedir" in onedir.parents
    assert build_py.executable_path("onefile", tmp_path) == onefile
    assert onedir in build_py.executable_path("onedir", tmp_path).parents


def test_size_counts_every_file_in_a_folder(build_py: ModuleType, tmp_path: Path) -> None:
    (tmp_path / "sub").mkdir()
    (tmp_path / "a").write_bytes(b"x" * 1000)
    (tmp_path / "sub" / "b").write_bytes(b"y" * 234)
    assert build_py.size_of(tmp_path) == 1234
    assert build_py.size_of(tmp_path / "a") == 1000


def test_a_self_test_that_cannot_start_reports_no_startup_time(build_py: ModuleType, tmp_path: Path) -> None:
    fake = tmp_path / "fake-app"
    fake.write_text("#!/bin/sh\nexit 13\n")
    fake.chmod(0o755)
    if not LINUX:
        pytest.fail("this check uses a shell script as the fake app: run it on Linux")
    result = build_py.run_self_test(fake)
    assert (result.returncode, result.startup_seconds, result.passed) == (13, None, False)
    assert result.describe().startswith(f"{Status(13).name.lower().replace('_', ' ')} (exit status 13)")


WORKFLOW = REPO / ".github" / "workflows" / "build.yml"


def test_installer_options_ask_for_what_this_system_makes(build_py: ModuleType) -> None:
    parse = build_py.make_parser().parse_args
    release = build_py.requested_packages(parse(["--release"]))
    assert release == list(build_py.RELEASE[build_py.system_name()])
    assert build_py.requested_packages(parse(["--deb", "--portable"])) == ["deb", "portable"]
    assert build_py.refusal(parse(["--release"]), release) is None
    assert "leave out --onefile" in build_py.refusal(parse(["--deb", "--onefile"]), ["deb"])
    elsewhere = {"linux": "dmg", "windows": "deb", "macos": "installer"}[build_py.system_name()]
    assert "PyInstaller builds only for the system it runs on" in build_py.refusal(
        parse([f"--{elsewhere}"]), [elsewhere]
    )


def test_an_installer_for_another_system_is_refused_before_building(
    build_py: ModuleType, capsys: pytest.CaptureFixture[str]
) -> None:
    elsewhere = {"linux": "--dmg", "windows": "--deb", "macos": "--installer"}[build_py.system_name()]
    assert build_py.main([elsewhere]) == 2
    assert "is made on" in capsys.readouterr().err


def test_file_names_carry_the_version_system_and_processor(build_py: ModuleType, tmp_path: Path) -> None:
    from sudoku_tk import __version__

    assert build_py.machine() in ("x86_64", "arm64") or build_py.machine()
    portable = build_py.portable_path(tmp_path).name
    assert portable.startswith(f"sudoku-tk-{__version__}-{build_py.platform_tag()}-portable")


def test_the_sign_command_gets_the_quoted_path(build_py: ModuleType, tmp_path: Path) -> None:
    target = tmp_path / "with space.exe"
    target.write_bytes(b"MZ")
    if not LINUX:
        pytest.skip("the check signs with a shell command: run it on Linux")
    build_py.sign(target, "cp {file} {file}.signed")
    assert (tmp_path / "with space.exe.signed").read_bytes() == b"MZ"
    with pytest.raises(build_py.BuildError, match="signing with space.exe failed"):
        build_py.sign(target, "false {file}")


def test_the_workflow_tests_builds_and_releases_on_all_three_systems(build_py: ModuleType) -> None:
    import fnmatch

    import package_deb
    import package_macos
    import package_windows

    from sudoku_tk import __version__

    workflow = WORKFLOW.read_text(encoding="utf-8")
    body = workflow[workflow.index("\njobs:\n") :]
    names = re.findall(r"^  (\w+):$", body, re.M)
    assert names == ["test", "build", "release"]
    parts = re.split(r"^  \w+:$", body, flags=re.M)[1:]
    jobs = dict(zip(names, parts))
    assert "os: [ubuntu-latest, windows-latest, macos-latest]" in jobs["test"]
    assert "os: [ubuntu-22.04, windows-latest, macos-latest]" in jobs["build"]
    # Linux runs the whole suite under Xvfb and may not skip GUI tests; Windows and macOS the windowless tests.
    assert 'SUDOKU_TK_REQUIRE_DISPLAY: "1"' in jobs["test"] and '-m "not gui and not build"' in jobs["test"]
    calls = re.findall(r"python build_scripts/build\.py([^\n#]*)", jobs["build"])
    assert len(calls) == 3, "Linux (under xvfb-run), Windows, macOS"
    for flags in calls:
        args = build_py.make_parser().parse_args(flags.split())
        assert args.release and not args.skip_self_test, "only installers that passed their self-tests ship"
    # The very .deb that ships is installed and self-tested as root.
    assert "SUDOKU_TK_TEST_DEB=" in jobs["build"] and "-m build tests/test_installers.py" in jobs["build"]
    # Signing runs only where its secrets are: they are tested through env, never in `if:` themselves.
    for condition in re.findall(r"if: (.*)", workflow):
        assert "secrets." not in condition
    assert "env.AZURE_CLIENT_ID != ''" in workflow and "env.MACOS_CERTIFICATE != ''" in workflow
    assert f"{build_py.SIGN_ENV}=" in workflow and "SUDOKU_TK_CODESIGN_IDENTITY=" in workflow
    # Every file the release build makes is uploaded; the release checks the tag and lists SHA-256 sums.
    patterns = re.findall(r"^\s+(dist/\S+)$", jobs["build"], re.M)
    made = [
        package_deb.deb_name(__version__, "amd64"),
        f"sudoku-tk-{__version__}-linux-x86_64-onedir.tar.gz",
        package_windows.installer_name(__version__, "x86_64"),
        f"sudoku-tk-{__version__}-windows-x86_64-portable.exe",
        package_macos.dmg_name(__version__, "arm64"),
    ]
    for name in made:
        assert any(fnmatch.fnmatch(f"dist/{name}", pattern) for pattern in patterns), name
    assert "if: startsWith(github.ref, 'refs/tags/v')" in jobs["release"]
    assert "needs: [test, build]" in jobs["release"] and "sha256sum" in jobs["release"]
    assert 'GITHUB_REF_NAME" != "v$version"' in jobs["release"]


# -- Linux desktop integration -----------------------------------------------------


def _desktop_entry(path: Path) -> dict[str, str]:
    parser = configparser.ConfigParser(interpolation=None)
    parser.optionxform = str  # type: ignore[assignment,method-assign]  # keys are case-sensitive
    parser.read(path, encoding="utf-8")
    return dict(parser["Desktop Entry"])


def test_the_desktop_file_launches_sudoku_tk_with_its_icon() -> None:
    entry = _desktop_entry(REPO / "packaging" / "linux" / "sudoku-tk.desktop")
    assert entry["Type"] == "Application" and entry["Name"] == "Sudoku Tk"
    assert entry["Exec"].split()[0] == "sudoku-tk" and entry["Icon"] == "sudoku-tk"
    assert "Game" in entry["Categories"].split(";") and entry["Terminal"] == "false"


@pytest.mark.gui
def test_the_desktop_file_names_the_window_class() -> None:
    # Docks group the running window under the launcher only when these agree.
    from sudoku_tk.ui.window.launch import make_root

    root = make_root()
    try:
        window_class = root.winfo_class()
    finally:
        root.destroy()
    assert _desktop_entry(REPO / "packaging" / "linux" / "sudoku-tk.desktop")["StartupWMClass"] == window_class


@pytest.fixture()
def fake_checkout(tmp_path: Path) -> Path:
    """The parts of a checkout install.sh reads, with no dist/ build in it."""
    root = tmp_path / "checkout"
    shutil.copytree(REPO / "packaging" / "linux", root / "packaging" / "linux")
    shutil.copytree(REPO / "sudoku_tk" / "resources", root / "sudoku_tk" / "resources")
    return root


def _run_install(
    checkout: Path, home: Path, *args: str, path: str = "/usr/bin:/bin"
) -> subprocess.CompletedProcess[str]:
    env = {"HOME": str(home), "PATH": path}
    return subprocess.run(
        ["sh", str(checkout / "packaging" / "linux" / "install.sh"), *args], env=env, capture_output=True, text=True
    )


@pytest.mark.skipif(not LINUX, reason="the desktop install script is for Linux")
def test_install_copies_the_binary_launcher_and_icons(fake_checkout: Path, tmp_path: Path) -> None:
    home = tmp_path / "home"
    binary = tmp_path / "sudoku-tk-build"
    binary.write_text("#!/bin/sh\n")
    binary.chmod(0o755)
    done = _run_install(fake_checkout, home, "--binary", str(binary))
    assert done.returncode == 0, done.stderr
    installed = home / ".local" / "bin" / "sudoku-tk"
    assert installed.read_text() == "#!/bin/sh\n" and installed.stat().st_mode & stat.S_IXUSR
    entry = _desktop_entry(home / ".local/share/applications/sudoku-tk.desktop")
    assert entry["Exec"] == f'"{installed}" %f' and entry["TryExec"] == str(installed)
    for size in (16, 32, 48, 64, 128, 256):
        icon = home / f".local/share/icons/hicolor/{size}x{size}/apps/sudoku-tk.png"
        assert icon.read_bytes() == (REPO / f"sudoku_tk/resources/icon-{size}.png").read_bytes()
    mime = home / ".local/share/mime/packages/sudoku-tk.xml"
    assert mime.read_bytes() == (REPO / "packaging/linux/sudoku-tk-mime.xml").read_bytes()

    done = _run_install(fake_checkout, home, "--uninstall")
    assert done.returncode == 0, done.stderr
    assert not installed.exists()
    assert not (home / ".local/share/applications/sudoku-tk.desktop").exists() and not mime.exists()
    assert not list((home / ".local/share/icons").rglob("*.png"))


@pytest.mark.skipif(not LINUX, reason="the desktop install script is for Linux")
def test_install_uses_sudoku_tk_on_path_and_keeps_odd_characters(fake_checkout: Path, tmp_path: Path) -> None:
    bindir = tmp_path / "odd & dir|name"
    bindir.mkdir()
    program = bindir / "sudoku-tk"
    program.write_text("#!/bin/sh\n")
    program.chmod(0o755)
    home = tmp_path / "home"
    done = _run_install(fake_checkout, home, path=f"{bindir}:/usr/bin:/bin")
    assert done.returncode == 0, done.stderr
    entry = _desktop_entry(home / ".local/share/applications/sudoku-tk.desktop")
    assert entry["Exec"] == f'"{program}" %f'
    assert not (home / ".local" / "bin").exists(), "a program on PATH is used where it is, not copied"


@pytest.mark.skipif(not LINUX, reason="the desktop install script is for Linux")
def test_install_without_any_program_says_what_to_do(fake_checkout: Path, tmp_path: Path) -> None:
    done = _run_install(fake_checkout, tmp_path / "home")
    assert done.returncode == 1
    assert "build_scripts/build.py" in done.stderr and "--binary" in done.stderr


# -- the real build ----------------------------------------------------------------


@pytest.mark.build
@pytest.mark.gui
def test_onefile_build_passes_its_self_test(build_py: ModuleType, tmp_path_factory: pytest.TempPathFactory) -> None:
    if importlib.util.find_spec("PyInstaller") is None:
        pytest.fail("PyInstaller is missing: pip install -e .[build] (or deselect with -m 'not build')")
    root = tmp_path_factory.mktemp("build")
    result = build_py.build("onefile", dist=root / "dist", work=root / "work")
    assert result.executable.is_file() and os.access(result.executable, os.X_OK)

    run = build_py.run_self_test(result.executable)
    assert run.passed, f"{run.describe()}\n{run.stderr}"
    assert run.startup_seconds is not None, "the self-test passed without marking the window as shown"
    # Figures, not assertions (issue 22): a loaded machine is slow, not wrong.
    print(
        f"\nonefile: {result.size_bytes:,} bytes, built in {result.seconds:.1f} s, "
        f"window shown after {run.startup_seconds:.2f} s"
    )


# -- the self-test itself (run from the source tree) ---------------------------------

CLASSIC = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
CLASSIC_SOLUTION = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"


def test_the_move_chosen_is_the_solution_digit_of_the_first_cell_it_matters_for() -> None:
    position = recompute(parse_grid(CLASSIC), [], {Assist.PEERS})
    solution = [int(c) for c in CLASSIC_SOLUTION]
    # r1c3 is the first empty cell; its answer 4 is still a candidate of the empty peer r2c2.
    assert selftest.choose_move(position, solution) == (2, 4)


def test_candidate_check_accepts_the_rules_and_rejects_a_wrong_board() -> None:
    start = parse_grid(CLASSIC)
    before = recompute(start, [], {Assist.PEERS})
    after = recompute(start, [Place(2, 4)], {Assist.PEERS})
    selftest.check_position(before, after, 2, 4)
    # r2c2 had 4 as a candidate and loses it; r9c9 (no peer) keeps its candidates.
    assert before.candidates[10] & 8 and not after.candidates[10] & 8
    with pytest.raises(SelfTestFailure) as failure:
        selftest.check_position(before, recompute(start, [Place(2, 1)], {Assist.PEERS}), 2, 4)
    assert failure.value.status is Status.WRONG_CANDIDATES
    with pytest.raises(SelfTestFailure) as failure:
        # With the singles assists on, far more than the peers change: not what one placement does.
        selftest.check_position(before, recompute(start, [Place(2, 4)], set(Assist)), 2, 4)
    assert failure.value.status is Status.WRONG_CANDIDATES


def test_read_marks_keeps_the_last_time_of_each_mark(tmp_path: Path) -> None:
    log = tmp_path / "log"
    log.write_text("start 10.5\nwindow_shown 11.25\nfailed 12.0 NO_WINDOW: no display | more\nbroken line\n")
    assert selftest.read_marks(log) == {"start": 10.5, "window_shown": 11.25, "failed": 12.0}
    assert selftest.read_marks(tmp_path / "missing") == {}


def test_every_status_code_is_distinct_and_described() -> None:
    assert len({s.value for s in Status}) == len(Status) and Status.PASSED == 0
    descriptions = [s.describe() for s in Status]
    assert len(set(descriptions)) == len(Status)
    assert all(f"(exit status {s.value}): " in d for s, d in zip(Status, descriptions))


@pytest.mark.gui
def test_self_test_passes_from_source_and_marks_the_window(tmp_path: Path) -> None:
    log = tmp_path / "marks"
    env = {**os.environ, selftest.LOG_ENV: str(log)}
    done = subprocess.run(
        [sys.executable, "-m", "sudoku_tk", "--self-test"],
        env=env,
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout == ""
    marks = selftest.read_marks(log)
    assert marks["start"] <= marks["window_shown"] <= marks["done"]


@pytest.mark.skipif(not LINUX, reason="an X display is what is missing here")
def test_self_test_without_a_display_says_no_window(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    done = subprocess.run(
        [sys.executable, "-m", "sudoku_tk", "--self-test"],
        env=env,
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == Status.NO_WINDOW, done.stderr
    assert "NO_WINDOW" in done.stderr


@pytest.mark.gui
def test_self_test_reports_a_refused_move(monkeypatch: pytest.MonkeyPatch) -> None:
    from sudoku_tk.app.game.outcome import Outcome
    from sudoku_tk.app.game.session import Session

    monkeypatch.setattr(Session, "place", lambda self, cell, digit: Outcome(False, "refused for the test"))
    assert selftest.main([]) == Status.MOVE_REFUSED


@pytest.mark.gui
def test_self_test_reports_a_board_that_did_not_redraw(monkeypatch: pytest.MonkeyPatch) -> None:
    from sudoku_tk.ui.board.canvas import BoardCanvas

    real_render = BoardCanvas.render
    calls = []

    def render_once(self: BoardCanvas, position: object) -> None:
        calls.append(position)
        if len(calls) == 1:  # the first drawing happens; the one after the move is lost
            real_render(self, position)

    monkeypatch.setattr(BoardCanvas, "render", render_once)
    assert selftest.main([]) == Status.CANVAS_MISMATCH
    assert len(calls) >= 2


@pytest.mark.gui
def test_self_test_reports_a_missing_puzzle_library(monkeypatch: pytest.MonkeyPatch) -> None:
    from sudoku_tk.app.puzzles import built_in as puzzles

    monkeypatch.setattr(puzzles, "library", lambda: [])
    assert selftest.main([]) == Status.NO_PUZZLE


@pytest.mark.gui
def test_self_test_checks_macos_menus_and_command_keys(monkeypatch: pytest.MonkeyPatch) -> None:
    # The window built the macOS way on this X11 screen: menus in Tk's Command- form, keys bound with Command
    # (Mod1 here, as on macOS), and ⌘Z pressed to undo. What the bundle's own self-test checks on macOS.
    from sudoku_tk.system import Platform

    monkeypatch.setattr(Platform, "current", classmethod(lambda cls, name=None: cls.MAC))
    assert selftest.main([]) == Status.PASSED


@pytest.mark.gui
def test_self_test_reports_menus_showing_what_macos_menus_cannot_read(monkeypatch: pytest.MonkeyPatch) -> None:
    from sudoku_tk.system import Platform
    from sudoku_tk.ui.window import menus

    monkeypatch.setattr(Platform, "current", classmethod(lambda cls, name=None: cls.MAC))
    # The symbols themselves (⇧⌘Z): Tk's macOS menus take them for one key with no modifier.
    monkeypatch.setattr(menus, "menu_accelerator", lambda shortcut, platform: shortcut.label(platform))
    assert selftest.main([]) == Status.MENU_KEYS


@pytest.mark.gui
def test_self_test_reports_an_undo_key_that_does_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    from sudoku_tk.app.game.outcome import Outcome
    from sudoku_tk.app.game.session import Session

    monkeypatch.setattr(Session, "undo", lambda self: Outcome(False, "nothing to undo, for the test"))
    assert selftest.main([]) == Status.MENU_KEYS


@pytest.mark.gui
def test_self_test_reports_an_about_window_missing_a_library(monkeypatch: pytest.MonkeyPatch) -> None:
    # What a frozen build without Pillow's metadata showed: "Pillow not installed".
    from importlib import metadata

    from sudoku_tk.ui.messages import help_windows

    def no_metadata(name: str) -> str:
        raise metadata.PackageNotFoundError(name)

    monkeypatch.setattr(help_windows.metadata, "version", no_metadata)
    assert selftest.main([]) == Status.ABOUT


def test_measure_startup_says_which_program_is_missing_or_failed(tmp_path: Path) -> None:
    script = REPO / "build_scripts" / "measure_startup.py"
    missing = subprocess.run([sys.executable, str(script), str(tmp_path / "nothing")], capture_output=True, text=True)
    assert missing.returncode == 2 and "no program" in missing.stderr
    if not LINUX:
        pytest.skip("the failing program is a shell script: run it on Linux")
    fake = tmp_path / "fake-app"
    fake.write_text("#!/bin/sh\nexit 10\n")
    fake.chmod(0o755)
    failed = subprocess.run([sys.executable, str(script), str(fake), "--runs", "1"], capture_output=True, text=True)
    assert failed.returncode == 1 and "no window (exit status 10)" in failed.stderr
