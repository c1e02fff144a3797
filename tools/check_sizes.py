"""Fail when a module or a function in src/larder grows past the size one can hold in the head.

Usage (from the repository root):

    python tools/check_sizes.py [--max-module 400] [--max-function 60] [ROOT]

A module's size is its line count; a function's (or method's) is `end_lineno - lineno + 1` of its
`def`, nested functions counted on their own as well. Generated migrations and the built web app
are not ours to shape, so they are skipped. Prints one line per offender and exits 1 when there is
any, exits 0 otherwise.
"""

from __future__ import annotations

import argparse
import ast
import sys
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent / "src" / "larder"
# Relative to ROOT: alembic revisions are written by the tool, static holds the built web app.
EXCLUDED = (Path("migrations") / "versions", Path("static"))


def python_files(root: Path) -> Iterator[Path]:
    for path in sorted(root.rglob("*.py")):
        relative = path.relative_to(root)
        if any(relative.is_relative_to(excluded) for excluded in EXCLUDED):
            continue
        yield path


def long_functions(tree: ast.AST, limit: int) -> Iterator[tuple[int, str, int]]:
    """(line, qualified name, length) of every def longer than `limit`."""

    def walk(node: ast.AST, prefix: str) -> Iterator[tuple[int, str, int]]:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef):
                name = f"{prefix}{child.name}"
                length = (child.end_lineno or child.lineno) - child.lineno + 1
                if length > limit:
                    yield child.lineno, name, length
                yield from walk(child, f"{name}.")
            elif isinstance(child, ast.ClassDef):
                yield from walk(child, f"{prefix}{child.name}.")
            else:
                yield from walk(child, prefix)

    return walk(tree, "")


def offences(root: Path, max_module: int, max_function: int) -> list[str]:
    found: list[str] = []
    base = root.parent.parent if root.parent.name == "src" else Path.cwd()
    for path in python_files(root):
        source = path.read_text(encoding="utf-8")
        shown = path.relative_to(base) if path.is_relative_to(base) else path
        lines = len(source.splitlines())
        if lines > max_module:
            found.append(f"{shown}: module has {lines} lines (max {max_module})")
        tree = ast.parse(source, filename=str(path))
        for lineno, name, length in long_functions(tree, max_function):
            found.append(f"{shown}:{lineno}: {name} has {length} lines (max {max_function})")
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("root", nargs="?", type=Path, default=ROOT)
    parser.add_argument("--max-module", type=int, default=400, metavar="LINES")
    parser.add_argument("--max-function", type=int, default=60, metavar="LINES")
    args = parser.parse_args(argv)
    found = offences(args.root.resolve(), args.max_module, args.max_function)
    for line in found:
        print(line)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
