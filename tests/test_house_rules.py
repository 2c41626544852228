"""House rules ruff cannot check without its preview: a function of more than three
parameters takes the rest by keyword, so that a call reads without its definition."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

DESKTOP = Path(__file__).resolve().parent.parent / "desktop"
MOST_POSITIONAL = 3

#: Qt calls these overrides itself, positionally: their signatures are Qt's, not ours.
QT_OVERRIDES = frozenset({"canDropMimeData", "dropMimeData"})

#: Functions allowed more positional parameters for a while, as "path:qualified name"
#: (empty: keep it so; a function named here must exist, see below).
NOT_YET: frozenset[str] = frozenset()


def _functions(
    tree: ast.AST, prefix: str = "", in_class: bool = False
) -> Iterator[tuple[str, ast.FunctionDef | ast.AsyncFunctionDef, bool]]:
    """Every function in `tree` with its qualified name, and whether it is a method."""
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, ast.ClassDef):
            yield from _functions(node, f"{prefix}{node.name}.", in_class=True)
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            yield f"{prefix}{node.name}", node, in_class
            yield from _functions(node, f"{prefix}{node.name}.<locals>.")


def _positional(function: ast.FunctionDef | ast.AsyncFunctionDef, method: bool) -> list[str]:
    names = [a.arg for a in (*function.args.posonlyargs, *function.args.args)]
    decorators = {ast.unparse(d) for d in function.decorator_list}
    if method and "staticmethod" not in decorators and names:
        names = names[1:]  # self or cls
    return names


def violations(root: Path = DESKTOP) -> list[str]:
    """`file:line:function` for each function taking more than three positionally."""
    found = []
    for path in sorted(root.rglob("*.py")):
        where = path.relative_to(root).as_posix()
        for name, function, method in _functions(ast.parse(path.read_text(encoding="utf-8"))):
            if function.name in QT_OVERRIDES or f"{where}:{name}" in NOT_YET:
                continue
            positional = _positional(function, method)
            if len(positional) > MOST_POSITIONAL:
                found.append(f"desktop/{where}:{function.lineno}:{name}({', '.join(positional)})")
    return found


def test_functions_take_at_most_three_arguments_positionally() -> None:
    assert violations() == [], "put a `*` after the first three parameters"


def test_the_temporary_list_names_functions_that_exist() -> None:
    names = set()
    for path in DESKTOP.rglob("*.py"):
        where = path.relative_to(DESKTOP).as_posix()
        names |= {f"{where}:{name}" for name, _, _ in _functions(ast.parse(path.read_text()))}
    assert NOT_YET - names == set()


def test_a_new_violation_is_found(tmp_path: Path) -> None:
    (tmp_path / "module.py").write_text(
        "def fine(a, b, c, *, d): ...\n"
        "def also_fine(a, b, *args): ...\n"
        "class Thing:\n"
        "    def method(self, a, b, c): ...\n"
        "    def too_many(self, a, b, c, d): ...\n"
        "    @staticmethod\n"
        "    def static(a, b, c, d): ...\n"
        "def outer():\n"
        "    def inner(a, b, c, d): ...\n"
    )
    assert violations(tmp_path) == [
        "desktop/module.py:5:Thing.too_many(a, b, c, d)",
        "desktop/module.py:7:Thing.static(a, b, c, d)",
        "desktop/module.py:9:outer.<locals>.inner(a, b, c, d)",
    ]
