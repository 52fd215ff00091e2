"""Layering: engine never imports app/ui/tkinter/PIL; app never imports ui/tkinter/PIL."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PKG = Path(__file__).resolve().parent.parent / "sudoku_tk"

FORBIDDEN = {
    "engine": ("tkinter", "PIL", "sudoku_tk.app", "sudoku_tk.ui", "_tkinter"),
    "app": ("tkinter", "PIL", "sudoku_tk.ui", "_tkinter"),
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
