"""The core's structure: no import cycle counting every import, no imports hidden in functions, logging."""

import ast
import doctest
import importlib
import inspect
import logging
import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "tools"))
import import_cycles  # noqa: E402

PACKAGE = os.path.join(ROOT, "tapekit")


def test_no_import_cycle_counting_every_import():
    result = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "import_cycles.py")],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stdout
    assert result.stdout.strip() == "no import cycle"


def test_the_cycle_finder_sees_a_cycle_through_a_function_level_import(tmp_path):
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "a.py").write_text("from . import b\n")
    (package / "b.py").write_text("def f():\n    from .a import g\n")
    (package / "c.py").write_text("import pkg.a\n")
    graph = import_cycles.import_graph(str(package))
    assert graph["pkg.b"] == {"pkg.a"} and graph["pkg.c"] == {"pkg.a"}
    assert import_cycles.cycles(graph) == [["pkg.a", "pkg.b"]]


def _function_level_imports(path):
    tree = ast.parse(open(path, encoding="utf-8").read(), path)
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for inner in ast.walk(node):
                if isinstance(inner, ast.ImportFrom) and inner.level > 0:
                    yield f"{os.path.relpath(path, ROOT)}:{inner.lineno} {node.name}"
                elif isinstance(inner, (ast.Import, ast.ImportFrom)):
                    names = [inner.module] if isinstance(inner, ast.ImportFrom) else [a.name for a in inner.names]
                    if any(name and name.split(".")[0] == "tapekit" for name in names):
                        yield f"{os.path.relpath(path, ROOT)}:{inner.lineno} {node.name}"


# Lazy on purpose, not to dodge a cycle: the player's module imports anywidget and ipywidgets,
# which `from tapekit.widgets import build_frames` must not pay for (PEP 562 module __getattr__).
LAZY = {os.path.join("tapekit", "widgets", "__init__.py")}


def test_no_module_imports_another_of_tapekit_inside_a_function():
    found = [site for folder, _dirs, files in os.walk(PACKAGE) for name in files if name.endswith(".py")
             if os.path.relpath(os.path.join(folder, name), ROOT) not in LAZY
             for site in _function_level_imports(os.path.join(folder, name))]
    assert found == []


def test_importing_tapekit_adds_only_a_null_handler_and_keeps_propagation():
    code = ("import logging, tapekit; log = logging.getLogger('tapekit'); "
            "print([type(h).__name__ for h in log.handlers], log.propagate, log.level)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    assert out.stdout.split() == ["['NullHandler']", "True", "0"]


def test_tapekit_warnings_reach_the_root_logger(caplog):
    import tapekit as tk

    with caplog.at_level(logging.WARNING):
        with tk.GradientTape() as tape:
            tape.watch(tk.constant(3))
    assert [(r.name, r.levelname) for r in caplog.records] == [("tapekit", "WARNING")]
    assert "must be floating" in caplog.records[0].getMessage()


@pytest.mark.skipif(not os.environ.get("TAPEKIT_LINT_IMPORTS") and
                    subprocess.run(["which", "lint-imports"], capture_output=True).returncode != 0,
                    reason="import-linter is not installed")
def test_import_linter_contracts_are_kept():
    result = subprocess.run(["lint-imports"], capture_output=True, text=True, cwd=ROOT)
    assert result.returncode == 0, result.stdout + result.stderr


# Modules whose public docstrings carry `>>>` examples (also run by .ci/run with --doctest-modules)
DOCTESTED = ["tapekit._core.autodiff.tape", "tapekit._core.record.variable", "tapekit._core.ops.math_ops",
             "tapekit._core.ops.linalg"]


@pytest.mark.parametrize("name", DOCTESTED)
def test_docstring_examples_run(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0


def test_all_is_an_explicit_list_naming_every_public_name():
    import tapekit as tk

    source = open(os.path.join(PACKAGE, "__init__.py"), encoding="utf-8").read()
    assert "\n__all__ = [\n" in source
    public = {name for name in dir(tk) if not name.startswith("_") and not inspect.ismodule(getattr(tk, name))}
    assert public <= set(tk.__all__)
    assert all(hasattr(tk, name) for name in tk.__all__) and len(set(tk.__all__)) == len(tk.__all__)


def test_importing_tapekit_adds_one_warnings_filter_scoped_to_its_kernels():
    # tapekit/_core/ops/__init__.py: the only global state import changes besides the logger's NullHandler
    code = ("import warnings, numpy\nbefore = list(warnings.filters)\nimport tapekit\n"
            "added = [f for f in warnings.filters if f not in before]\n"
            "print([(action, category.__name__, module.pattern) for action, _, category, module, _ in added])")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120,
                         cwd=os.path.dirname(PACKAGE))
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == (r"[('ignore', 'RuntimeWarning', "
                                  r"'tapekit\\._core\\.(ops\\.|grads\\.|record\\.registry$)')]")


def test_all_names_no_internal_module():
    import tapekit as tk

    modules = {name for name in tk.__all__ if inspect.ismodule(getattr(tk, name))}
    # TF's namespaces (tf.math, tf.nn, ...) and tk.backend (tapekit's array backends)
    assert modules == {"backend", "bitwise", "compat", "config", "data", "debugging", "dtypes", "errors",
                       "experimental", "image", "keras", "linalg", "math", "nest", "nn", "ragged", "random", "sparse",
                       "strings", "test", "train"}


def test_tk_dtypes_is_tf_dtypes_namespace_built_above_the_dtypes_module():
    import tapekit as tk
    from tapekit._api import dtypes_namespace
    from tapekit._base.dtypes import __all__ as dtype_names

    assert tk.dtypes is dtypes_namespace
    assert all(getattr(tk.dtypes, name) is getattr(sys.modules["tapekit._base.dtypes"], name) for name in dtype_names)
    assert tk.dtypes.cast is tk.cast and tk.dtypes.saturate_cast is tk.saturate_cast
    assert tk.dtypes.complex is tk.complex
    assert not hasattr(sys.modules["tapekit._base.dtypes"], "cast")   # nothing rebinds the lower layer


def test_every_lint_exemption_says_why():
    # pyproject.toml: unused noqa (RUF100) is an error, and each per-file ignore sits under a comment
    lines = open(os.path.join(ROOT, "pyproject.toml"), encoding="utf-8").read().splitlines()
    start = lines.index("[tool.ruff.lint.per-file-ignores]")
    end = next(i for i in range(start + 1, len(lines)) if lines[i].startswith("[") and "ignores" not in lines[i])
    select = next(line for line in lines if line.startswith("select = "))
    assert '"RUF100"' in select and '"C90"' in select
    for i in range(start + 1, end):
        if lines[i].startswith('"') and "C901" in lines[i]:
            assert lines[i - 1].startswith("#"), lines[i]
