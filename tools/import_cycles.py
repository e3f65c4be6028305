"""Print the import cycles among tapekit's modules, counting every import statement.

Every ``import`` and ``from ... import`` anywhere in a module counts: at top level, inside a function,
under ``if TYPE_CHECKING:``. The modules form a directed graph (module -> module it imports); each
strongly connected component with more than one module, or a module importing itself, is a cycle.
Exits 1 when there is one. ``from pkg import name`` counts as an import of ``pkg.name`` when that is a
module, else of ``pkg``.

    python tools/import_cycles.py [package_dir]
"""

from __future__ import annotations

import ast
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def module_files(package_dir: str) -> dict[str, str]:
    """Map every module's dotted name to its file, for the package at ``package_dir``."""
    base = os.path.dirname(package_dir)
    modules = {}
    for folder, _dirs, files in os.walk(package_dir):
        for file_name in files:
            if not file_name.endswith(".py"):
                continue
            path = os.path.join(folder, file_name)
            parts = os.path.relpath(path, base)[: -len(".py")].split(os.sep)
            if parts[-1] == "__init__":
                parts.pop()
            modules[".".join(parts)] = path
    return modules


def _package_of(module: str, path: str) -> str:
    return module if path.endswith("__init__.py") else module.rpartition(".")[0]


def _resolve(module: str, path: str, node: ast.ImportFrom) -> str:
    if not node.level:
        return node.module or ""
    package = _package_of(module, path)
    for _ in range(node.level - 1):
        package = package.rpartition(".")[0]
    return f"{package}.{node.module}" if node.module else package


def imported_modules(module: str, path: str, known: dict[str, str]) -> set[str]:
    """The known modules that ``module`` imports anywhere in its file."""
    with open(path, encoding="utf-8") as source:
        tree = ast.parse(source.read(), path)
    targets = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            targets.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = _resolve(module, path, node)
            for alias in node.names:
                submodule = f"{base}.{alias.name}"
                targets.add(submodule if submodule in known else base)
    return {target for target in targets if target in known}


def import_graph(package_dir: str) -> dict[str, set[str]]:
    known = module_files(package_dir)
    return {module: imported_modules(module, path, known) for module, path in known.items()}


def strongly_connected(graph: dict[str, set[str]]) -> list[list[str]]:
    """Tarjan's algorithm, iterative: the strongly connected components of ``graph``."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    components = []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, successors = work[-1]
            for successor in successors:
                if successor not in index:
                    index[successor] = low[successor] = len(index)
                    stack.append(successor)
                    on_stack.add(successor)
                    work.append((successor, iter(sorted(graph[successor]))))
                    break
                if successor in on_stack:
                    low[node] = min(low[node], index[successor])
            else:
                work.pop()
                if work:
                    parent = work[-1][0]
                    low[parent] = min(low[parent], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    components.append(sorted(component))
    return components


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The components that are cycles: several modules, or one that imports itself."""
    return [c for c in strongly_connected(graph) if len(c) > 1 or c[0] in graph[c[0]]]


def main(argv: list[str]) -> int:
    package_dir = argv[1] if len(argv) > 1 else os.path.join(ROOT, "tapekit")
    found = cycles(import_graph(package_dir))
    for component in found:
        print(f"cycle of {len(component)} modules: {', '.join(component)}")
    if not found:
        print("no import cycle")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
