"""TensorFlow's own guide notebooks, run cell by cell in real TF 2.21 and in tapekit, compared.

A measuring tool for developers, not run in CI: the guides are not part of tapekit. Export them
from a checkout of ``tensorflow/docs`` (any folder holding ``<guide>.ipynb`` files will do)::

    git -C docs.git archive HEAD site/en/guide | tar -x -C /tmp/tfdocs
    TAPEKIT_TF_PYTHON=/path/to/tf/python python tools/tf_guides.py /tmp/tfdocs/site/en/guide [guides...]

Each guide's code cells run in order in one fresh process per engine (shell ``!`` and ``%`` lines
are dropped; under tapekit ``tensorflow`` and ``keras`` are bound to ``tapekit`` and
``tapekit.keras``, the swap a student makes). A cell's output is what it prints on stdout and, as
in Jupyter, the ``repr`` of its last expression; an exception ends it with ``EXCEPTION <Type>``.
Outputs are compared as ``tools/tf_cases.py`` compares case outputs (numbers within rtol 1e-5),
without the ``Hint:`` lines tapekit adds under TF's error texts (a listed difference).
TF runs twice: a cell whose TF output differs between the two runs depends on unseeded random
numbers. Each cell is then one of

    match           tapekit prints what TF prints
    random          TF's own two runs differ (unseeded random numbers)
    not-in-tapekit  tapekit raised a clear "not (implemented / available) in tapekit" or "out of scope in
                    tapekit" error, or a NameError for a name that such a cell was to define
    tf-error        the cell fails in TF too (no network, a deliberate error), differently
    listed          a listed difference (docs/DIFFERENCES.md) explains it: a ``tk.function`` whose
                    trace cannot be replayed runs its Python body on every call, so a ``print`` in a
                    ``tf.function`` that TF runs only while tracing prints again, and prints values
                    where TF's trace prints symbolic tensors (without those lines, the outputs
                    match); or ``tf.__version__``,
                    tapekit's own version; or a class's module path (``tapekit.sparse.SparseTensor`` for
                    TF's ``tensorflow.python.framework.sparse_tensor.SparseTensor``)
    differs         anything else (the table shows the first differing line or the error)
"""

from __future__ import annotations

import argparse
import ast
import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from tf_cases import _TF_NAMES, ROOT, differences  # noqa: E402

GUIDES = ("tensor", "variable", "autodiff", "advanced_autodiff", "basic_training_loops", "basics",
          "intro_to_modules", "tensor_slicing", "ragged_tensor", "sparse_tensor")
GUIDE_TIMEOUT_S = 900
CELL_TIMEOUT_S = 120

# Runs one notebook's code cells in the current process; writes one output string per cell.
RUNNER = r'''
import ast, contextlib, io, json, re, signal, sys, traceback
engine, notebook, result_path, cell_timeout = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
if engine == "tapekit":
    import tapekit, tapekit.keras
    sys.modules["tensorflow"] = tapekit
    sys.modules["keras"] = tapekit.keras
    for name, module in list(sys.modules.items()):
        if name.startswith("tapekit."):
            sys.modules["tensorflow." + name[len("tapekit."):]] = module
            if name.startswith("tapekit.keras."):
                sys.modules["keras." + name[len("tapekit.keras."):]] = module

def on_alarm(signum, frame):
    raise TimeoutError(f"cell ran longer than {cell_timeout} s")
signal.signal(signal.SIGALRM, on_alarm)

def run_cell(source, namespace):
    tree = ast.parse(source)
    last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
    exec(compile(tree, "<cell>", "exec"), namespace)
    if last is not None:
        value = eval(compile(ast.Expression(last.value), "<cell>", "eval"), namespace)
        if value is not None:
            print(repr(value))

cells = [c for c in json.load(open(notebook))["cells"] if c["cell_type"] == "code"]
namespace = {"__name__": "__main__"}
outputs = []
for cell in cells:
    source = "".join(cell["source"])
    source = "\n".join(line for line in source.splitlines() if not line.lstrip().startswith(("!", "%")))
    if engine == "tapekit":
        source = source.replace("import tensorflow as tf", "import tapekit as tf")
    buffer = io.StringIO()
    signal.alarm(cell_timeout)
    try:
        with contextlib.redirect_stdout(buffer):
            run_cell(source, namespace)
    except BaseException as error:
        lines = str(error).strip().splitlines() or [""]
        buffer.write(f"EXCEPTION {type(error).__name__}\nMESSAGE {lines[0][:300]}\n")
        if re.search(r"(not|not implemented|not available|out of scope) in tapekit", str(error)):
            buffer.write("NOT-IN-TAPEKIT\n")
    finally:
        signal.alarm(0)
    outputs.append({"source": source, "out": buffer.getvalue()})
    json.dump(outputs, open(result_path, "w"))
'''


def run_guide(notebook: Path, engine: str, python: str) -> list[dict]:
    """Each code cell's source and output under ``engine`` ("tensorflow" or "tapekit")."""
    env = dict(os.environ, TF_CPP_MIN_LOG_LEVEL="3", PYTHONHASHSEED="0", CUDA_VISIBLE_DEVICES="",
               MPLBACKEND="Agg")
    if engine == "tapekit":
        env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), env.get("PYTHONPATH", "")) if p)
    with tempfile.TemporaryDirectory() as workdir:
        result = Path(workdir) / "cells.json"
        try:
            subprocess.run([python, "-c", RUNNER, engine, str(notebook), str(result), str(CELL_TIMEOUT_S)],
                           env=env, cwd=workdir, capture_output=True, text=True, timeout=GUIDE_TIMEOUT_S)
        except subprocess.TimeoutExpired:
            pass
        return json.loads(result.read_text()) if result.exists() else []


def _without_message(out: str) -> str:
    return "\n".join(line for line in out.splitlines() if not line.startswith(("MESSAGE ", "NOT-IN")))


def _without_hints(out: str) -> str:
    """tapekit's output less the hint lines it adds under TF's error texts (docs/DIFFERENCES.md)."""
    return "\n".join(line for line in out.splitlines() if not line.lstrip().startswith("Hint: ")) + "\n"


def classify(tf_out: str, tf_again: str, tapekit_out: str, traced: tuple = ()) -> tuple[str, str]:
    """The cell's class and, unless it matches, a one-line reason. ``traced``: how the lines that
    ``print`` calls inside the guide's ``tf.function``s print begin (``_traced_prints``)."""
    tapekit_out = _without_hints(tapekit_out)
    if differences(_without_message(tapekit_out), _without_message(tf_out)) is None:
        return "match", ""
    if differences(_TF_NAMES.sub(r"tk.\1", tf_again), tf_out) is not None:
        return "random", ""
    if "NOT-IN-TAPEKIT" in tapekit_out:
        return "not-in-tapekit", _error_line(tapekit_out)
    if "EXCEPTION " in tf_out:
        return "tf-error", _error_line(tf_out)
    retraced = [line for line in tapekit_out.splitlines() if traced and line.startswith(traced)]
    untraced = "".join(line + "\n" for line in tapekit_out.splitlines() if line.strip() and line not in retraced)
    if retraced and differences(untraced, "".join(line + "\n" for line in tf_out.splitlines() if line.strip())) is None:
        return "listed", f"tk.function ran its body again: {retraced[0][:60]!r} printed again"
    tf_untraced = "".join(line + "\n" for line in tf_out.splitlines() if line.strip() and not line.startswith(traced))
    if retraced and differences(untraced, tf_untraced) is None:
        return "listed", f"tk.function ran its body again: {retraced[0][:60]!r} prints values, TF's symbolic tensors"
    if differences(tapekit_out, _TF_VERSION.sub(_TAPEKIT_VERSION, tf_out)) is None:
        return "listed", f"tk.__version__ is tapekit's, {_TAPEKIT_VERSION}"
    if differences(_CLASS_PATH.sub(r"<class '\1'>", tapekit_out), _CLASS_PATH.sub(r"<class '\1'>", tf_out)) is None:
        return "listed", "a class's module path is tapekit's"
    if "EXCEPTION " in tapekit_out:
        return "differs", _error_line(tapekit_out)
    problem = differences(tapekit_out, tf_out) or ""
    return "differs", " | ".join(line.strip() for line in problem.splitlines()[:3])


def _traced_prints(source: str) -> tuple:
    """The constant text each ``print`` in a ``@tf.function``-decorated function of ``source`` starts with."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return ()
    starts = []
    for function in ast.walk(tree):
        if isinstance(function, ast.FunctionDef) and any(_TF_FUNCTION.search(ast.unparse(d))
                                                         for d in function.decorator_list):
            for call in ast.walk(function):
                if isinstance(call, ast.Call) and getattr(call.func, "id", None) == "print" and call.args:
                    first = call.args[0]
                    if isinstance(first, ast.JoinedStr) and first.values:
                        first = first.values[0]
                    if isinstance(first, ast.Constant) and isinstance(first.value, str) and first.value.strip():
                        starts.append(first.value.strip().splitlines()[0])
    return tuple(starts)


def _assigned_names(source: str) -> set:
    """The names a cell assigns or defines at its top level (a later cell fails without them)."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return set()
    names = {node.name for node in tree.body if isinstance(node, (ast.FunctionDef, ast.ClassDef))}
    names |= {(alias.asname or alias.name).split(".")[0] for node in tree.body
              if isinstance(node, (ast.Import, ast.ImportFrom)) for alias in node.names}
    for node in tree.body:
        for target in getattr(node, "targets", [getattr(node, "target", None)]):
            names |= {n.id for n in ast.walk(target) if isinstance(n, ast.Name)} if target else set()
    return names


def _error_line(out: str) -> str:
    lines = out.splitlines()
    at = max(i for i, line in enumerate(lines) if line.startswith("EXCEPTION "))
    message = lines[at + 1][len("MESSAGE "):] if at + 1 < len(lines) else ""
    return f"{lines[at][len('EXCEPTION '):]}: {message}"[:160]


def tf_runs_of(notebook: Path, tf_python: str, cache: Path | None) -> list:
    """TF's two runs of the guide, read from ``cache`` (a folder) when they were stored there."""
    stored = cache / f"{notebook.stem}.tf.json" if cache else None
    if stored and stored.exists():
        return json.loads(stored.read_text())
    runs = [run_guide(notebook, "tensorflow", tf_python) for _ in range(2)]
    if stored:
        cache.mkdir(parents=True, exist_ok=True)
        stored.write_text(json.dumps(runs))
    return runs


def compare_guide(notebook: Path, tf_python: str, tapekit_python: str, cache: Path | None = None) -> dict[str, list]:
    """Per class, the (cell number, first source line, reason) of each cell."""
    tf_runs = tf_runs_of(notebook, tf_python, cache)
    tapekit_run = run_guide(notebook, "tapekit", tapekit_python)
    classes: dict[str, list] = {}
    traced: tuple = ()
    not_defined: dict = {}  # a name a not-in-tapekit cell was to define: the cell's number
    for number, first in enumerate(tf_runs[0], start=1):
        again = tf_runs[1][number - 1]["out"] if number <= len(tf_runs[1]) else ""
        ours = tapekit_run[number - 1]["out"] if number <= len(tapekit_run) else "EXCEPTION NotRun\n"
        traced += _traced_prints(first["source"])
        kind, reason = classify(first["out"], again, ours, traced)
        missing = re.search(r"^MESSAGE name '(\w+)' is not defined", ours, re.M)
        if kind == "differs" and missing and missing.group(1) in not_defined:
            kind, reason = "not-in-tapekit", f"follows cell {not_defined[missing.group(1)]}: {reason}"
        if kind == "not-in-tapekit":
            not_defined.update(dict.fromkeys(_assigned_names(first["source"]), number))
        head = next((line for line in first["source"].splitlines() if line.strip()), "")[:60]
        classes.setdefault(kind, []).append((number, head, reason))
    return classes


_CLASS_PATH = re.compile(r"<class '(?:tensorflow|tapekit)\.[\w.]*\.(\w+)'>")   # the same class in TF and tapekit
_TF_VERSION = re.compile(r"\b2\.21\.\d+\b")   # what tf.__version__ prints
_TAPEKIT_VERSION = re.search(r'^__version__ = "([^"]+)"', (ROOT / "tapekit" / "__init__.py").read_text(), re.M).group(1)
_TF_FUNCTION = re.compile(r"\bfunction\b")  # tf.function, not tf.py_function
KINDS = ("match", "random", "not-in-tapekit", "tf-error", "listed", "differs")


def print_table(guide: str, classes: dict[str, list], verbose: bool) -> None:
    counts = "  ".join(f"{kind} {len(classes.get(kind, []))}" for kind in KINDS)
    print(f"\n== {guide}: {sum(len(v) for v in classes.values())} cells: {counts}")
    for kind in KINDS[1:]:
        for number, head, reason in classes.get(kind, []):
            if verbose or kind in ("not-in-tapekit", "differs"):
                print(f"  {kind:<15}{number:>3}  {head:<60}  {reason}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path, help="a folder holding the guides' .ipynb files")
    parser.add_argument("guides", nargs="*", default=list(GUIDES))
    parser.add_argument("--verbose", action="store_true", help="list random and tf-error cells too")
    parser.add_argument("--json", type=Path, help="also write the classes per guide to this file")
    parser.add_argument("--tf-cache", type=Path, help="a folder to keep TF's runs in (and reuse them from)")
    args = parser.parse_args()
    tf_python = os.environ.get("TAPEKIT_TF_PYTHON")
    if not tf_python:
        print("set TAPEKIT_TF_PYTHON to a Python that has tensorflow 2.21 installed", file=sys.stderr)
        return 2
    report = {}
    for guide in args.guides:
        report[guide] = compare_guide(args.folder / f"{guide}.ipynb", tf_python, sys.executable, args.tf_cache)
        print_table(guide, report[guide], args.verbose)
    total = {kind: sum(len(c.get(kind, [])) for c in report.values()) for kind in KINDS}
    print("\nall guides: " + "  ".join(f"{kind} {n}" for kind, n in total.items()))
    if args.json:
        args.json.write_text(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
