"""Layering: engine never imports app/ui/render/vision/system/tkinter/PIL; app never imports ui/render/vision/tkinter/PIL;
render never ui/tkinter; vision (reading pictures) only the engine, Pillow and numpy; system (the operating system)
only the standard library, and it is the only place that asks which operating system this is."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PKG = Path(__file__).resolve().parent.parent / "sudoku_tk"

FORBIDDEN = {
    "engine": (
        "tkinter",
        "PIL",
        "numpy",
        "sudoku_tk.app",
        "sudoku_tk.ui",
        "sudoku_tk.render",
        "sudoku_tk.vision",
        "sudoku_tk.system",
        "_tkinter",
    ),
    "app": ("tkinter", "PIL", "numpy", "sudoku_tk.ui", "sudoku_tk.render", "sudoku_tk.vision", "_tkinter"),
    "render": (
        "tkinter",
        "numpy",
        "sudoku_tk.ui",
        "sudoku_tk.vision",
        "sudoku_tk.system",
        "_tkinter",
    ),  # Pillow, engine, app
    # pictures in: Pillow, numpy and the engine; never the window, the game around it, or drawing
    "vision": ("tkinter", "sudoku_tk.ui", "sudoku_tk.app", "sudoku_tk.render", "sudoku_tk.system", "_tkinter"),
    # the operating system, for the app and the window: the standard library only (test below)
    "system": (
        "tkinter",
        "PIL",
        "numpy",
        "sudoku_tk.engine",
        "sudoku_tk.app",
        "sudoku_tk.ui",
        "sudoku_tk.render",
        "sudoku_tk.vision",
        "_tkinter",
    ),
}


def _imports(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: list[str] = []
    rel_base = path.relative_to(PKG.parent).with_suffix("").parts[:-1]
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = list(rel_base[: len(rel_base) - node.level + 1])
                mod = ".".join(base + ([node.module] if node.module else []))
            else:
                mod = node.module or ""
            names.append(mod)
            names += [f"{mod}.{a.name}" for a in node.names]
    return names


@pytest.mark.parametrize("layer", sorted(FORBIDDEN))
def test_layer_imports_only_downward(layer: str) -> None:
    offenders = []
    files = list((PKG / layer).rglob("*.py"))
    assert files, f"no modules in {layer}"
    for f in files:
        for name in _imports(f):
            if any(name == bad or name.startswith(bad + ".") for bad in FORBIDDEN[layer]):
                offenders.append(f"{f.relative_to(PKG)} imports {name}")
    assert offenders == []


# -- issue 11: tkinter only in the window layer; issue 24: no import circle anywhere, no module over the 800-line alarm --

MAX_LINES = 800
"""An alarm, not a target: a module holds one job (never split a class into mixins to get under a number)."""
TK = ("tkinter", "_tkinter")
# Outside ui/, only the tools that drive a real window may import Tk: the GUI benchmark and the self-test.
TK_ALLOWED_OUTSIDE_UI = {"bench/gui.py", "bench/selftest.py"}


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(PKG.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _package_modules() -> dict[str, Path]:
    return {_module_name(f): f for f in PKG.rglob("*.py")}


def _import_graph(modules: dict[str, Path]) -> dict[str, set[str]]:
    """Module -> the package modules it imports (every import counts: top level, in functions, TYPE_CHECKING)."""
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        targets: set[str] = set()
        for imported in _imports(path):
            # "from .x import y" yields both "pkg.x" and "pkg.x.y"; keep whichever is a module.
            if imported in modules and imported != name:
                targets.add(imported)
        graph[name] = targets
    return graph


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = [0]

    def visit(v: str) -> None:
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on_stack.add(v)
        for w in graph.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_tkinter_is_imported_only_by_the_window_layer() -> None:
    offenders = []
    for f in PKG.rglob("*.py"):
        rel = f.relative_to(PKG).as_posix()
        if rel.startswith("ui/") or rel in TK_ALLOWED_OUTSIDE_UI:
            continue
        for name in _imports(f):
            if any(name == tk or name.startswith(tk + ".") for tk in TK):
                offenders.append(f"{rel} imports {name}")
    assert offenders == []


# Pillow only where pictures are made or read: the render and vision layers, the window, and the icon script
# outside the package.
PIL_ALLOWED = ("render/", "ui/", "vision/")


def test_pillow_is_imported_only_where_pictures_are_made() -> None:
    offenders = []
    for f in PKG.rglob("*.py"):
        rel = f.relative_to(PKG).as_posix()
        if not rel.startswith(PIL_ALLOWED):
            offenders += [f"{rel} imports {name}" for name in _imports(f) if name == "PIL" or name.startswith("PIL.")]
    assert offenders == []
    assert any(n.startswith("PIL") for n in _imports(PKG / "render" / "board_picture.py"))


def test_no_import_circle_anywhere_in_the_package() -> None:
    """Every package, every layer: no two modules reach each other (lazy and TYPE_CHECKING imports count)."""
    modules = _package_modules()
    assert len(modules) > 150
    assert _cycles(_import_graph(modules)) == []


def test_the_import_graph_sees_lazy_and_type_checking_imports() -> None:
    """The circle test reads imports inside functions and under TYPE_CHECKING as well as the top of a module."""
    modules = _package_modules()
    graph = _import_graph(modules)
    # __main__ imports the command line and the window only inside main()
    assert {"sudoku_tk.cli.commands", "sudoku_tk.ui.window.launch"} <= graph["sudoku_tk.__main__"]
    # the command line names Geometry only under TYPE_CHECKING
    assert "sudoku_tk.engine.board.geometry" in graph["sudoku_tk.cli.commands"]


def test_no_module_is_over_the_line_alarm() -> None:
    sizes = {f.relative_to(PKG).as_posix(): len(f.read_text(encoding="utf-8").splitlines()) for f in PKG.rglob("*.py")}
    assert len(sizes) > 50
    assert {rel: n for rel, n in sizes.items() if n > MAX_LINES} == {}


def test_the_circle_finder_finds_circles() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": {"e"}}
    assert _cycles(graph) == [["a", "b", "c"]]


# -- issue 23: numpy only where pictures are read, and never at start-up --------------------------------------


def test_numpy_is_imported_only_by_the_picture_reader() -> None:
    offenders = []
    for f in PKG.rglob("*.py"):
        rel = f.relative_to(PKG).as_posix()
        if rel.startswith("vision/"):
            continue
        offenders += [f"{rel} imports {name}" for name in _imports(f) if name == "numpy" or name.startswith("numpy.")]
    assert offenders == []
    assert any(n == "numpy" for n in _imports(PKG / "vision" / "components.py"))


def test_the_window_and_the_command_line_start_without_numpy() -> None:
    """The picture reader loads when a picture is read: starting the app or the CLI imports no numpy."""
    import subprocess
    import sys

    code = (
        "import sys; import sudoku_tk.ui.window.app, sudoku_tk.cli.commands, sudoku_tk.__main__; "
        "print(sorted(m for m in sys.modules if m == 'numpy' or m.startswith('sudoku_tk.vision.')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=PKG.parent)
    # The reading and its check are plain values (no numpy, no Pillow): the check screen holds them.
    assert out.stdout.strip() == "['sudoku_tk.vision.read_check', 'sudoku_tk.vision.reading']"


# -- issue 24: system/ is the one place that asks which operating system this is ----------------------------------

# Where the window asks Tk which windowing system it draws with, because Tk itself differs there: the zoom modifier
# (Command on aqua), macOS's application menu hooks, and X11's Emacs binding of Ctrl+A.
TK_WINDOWING_ALLOWED = {"ui/board/view.py", "ui/window/mac_events.py", "ui/window/setup.py"}
OS_QUESTIONS = {
    ("sys", "platform"),
    ("os", "name"),
    ("os", "uname"),
    ("platform", "system"),
    ("platform", "machine"),
    ("platform", "platform"),
    ("platform", "release"),
    ("platform", "version"),
    ("platform", "uname"),
    ("platform", "mac_ver"),
    ("platform", "win32_ver"),
    ("python_platform", "system"),
    ("ctypes", "windll"),
}
OS_MODULES = ("msvcrt", "winreg", "fcntl", "winsound", "_winapi")


def _os_questions(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
            if (node.value.id, node.attr) in OS_QUESTIONS:
                found.append(f"{node.value.id}.{node.attr} (line {node.lineno})")
        elif isinstance(node, ast.Constant) and node.value == "windowingsystem":
            found.append(f"tk windowingsystem (line {node.lineno})")
    found += [f"import {name}" for name in _imports(path) if name.split(".")[0] in OS_MODULES]
    return found


def test_only_the_system_layer_asks_which_operating_system_this_is() -> None:
    offenders = []
    for f in PKG.rglob("*.py"):
        rel = f.relative_to(PKG).as_posix()
        if rel.startswith("system/"):
            continue
        questions = _os_questions(f)
        if rel in TK_WINDOWING_ALLOWED:
            questions = [q for q in questions if not q.startswith("tk windowingsystem")]
        offenders += [f"{rel}: {q}" for q in questions]
    assert offenders == []
    # the finder finds what it looks for
    assert any(q.startswith("sys.platform") for q in _os_questions(PKG / "system" / "platforms.py"))


def test_the_system_layer_uses_the_standard_library_only() -> None:
    import sys

    offenders = []
    for f in (PKG / "system").rglob("*.py"):
        for name in _imports(f):
            top = name.split(".")[0]
            if name.startswith("sudoku_tk.system") or top == "__future__" or top in sys.stdlib_module_names:
                continue
            offenders.append(f"{f.relative_to(PKG)} imports {name}")
    assert offenders == []


def test_the_rest_of_the_package_calls_the_systems_interface_not_its_parts() -> None:
    """``from sudoku_tk.system import …`` is the one door: the per-OS parts stay behind it."""
    offenders = []
    for f in PKG.rglob("*.py"):
        rel = f.relative_to(PKG).as_posix()
        if rel.startswith("system/"):
            continue
        for node in ast.walk(ast.parse(f.read_text(encoding="utf-8"))):
            modules = [a.name for a in node.names] if isinstance(node, ast.Import) else []
            if isinstance(node, ast.ImportFrom) and not node.level:
                modules.append(node.module or "")
            offenders += [f"{rel} imports {m}" for m in modules if m.startswith("sudoku_tk.system.")]
    assert offenders == []
    assert "from sudoku_tk.system import" in (PKG / "app" / "game" / "commands.py").read_text(encoding="utf-8")
