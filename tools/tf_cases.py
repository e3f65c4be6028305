"""Programs written for TensorFlow, run in real TF 2.21 and in tapekit, compared by what they print.

A case is a plain script under ``tests/tf_cases/<area>/<name>.py`` written as a student writes
TF code (``import tensorflow as tf``, ``import keras``). Beside it, ``<name>.out`` holds what the
script printed under real TensorFlow, recorded by this tool; an uncaught exception ends the
output with a line ``EXCEPTION <TypeName>``. Under tapekit the same file runs with ``tensorflow``
and ``keras`` bound to ``tapekit`` and ``tapekit.keras`` (the swap a student makes), and
``tests/fidelity/test_tf_cases.py`` compares the two outputs: text exactly, numbers within a tolerance,
``tf.X`` read as ``tk.X`` for tensors, variables, composites and dtype reprs (``tf.Tensor``,
``tf.RaggedTensor``, ``tf.int32``).

    TAPEKIT_TF_PYTHON=/path/to/tf/python python tools/tf_cases.py record [paths...]
    python tools/tf_cases.py diff [paths...]        # tapekit's output against the recording

Print exception *types* (``type(e).__name__``), not messages: tapekit keeps TF's text but adds
a hint line. ``tf.print`` writes to stderr in TF, which is not compared; pass
``output_stream=sys.stdout`` to compare it. Seeded random values are TF's (print them); unseeded ones differ.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CASES = ROOT / "tests" / "tf_cases"
TIMEOUT_S = 120

# Runs one case file in the current engine; the first argument says which.
WRAPPER = r'''
import os, runpy, sys
engine, path = sys.argv[1], sys.argv[2]
if engine == "tapekit":
    import tapekit, tapekit.keras
    sys.modules["tensorflow"] = tapekit
    sys.modules["keras"] = tapekit.keras
    for name, module in list(sys.modules.items()):
        if name.startswith("tapekit."):
            sys.modules["tensorflow." + name[len("tapekit."):]] = module
            if name.startswith("tapekit.keras."):
                sys.modules["keras." + name[len("tapekit.keras."):]] = module
sys.argv = [path]
try:
    runpy.run_path(path, run_name="__main__")
except SystemExit:
    pass
except BaseException as error:
    sys.stdout.flush()
    print(f"EXCEPTION {type(error).__name__}")
sys.stdout.flush()
'''

_NUMBER = re.compile(r"[-+]?(?:\d+\.\d*|\.\d+|\d+)(?:[eE][-+]?\d+)?|[-+]?\b(?:nan|inf)\b")
# names TF prints with "tf." where tapekit prints "tk.": tensors, composites and dtype reprs
# NumPy-style printing pads numbers to a common width, so a last-digit difference moves spaces:
# spacing is compared loosely (a run of spaces as one, none after "[" or before "]").
_SPACES = re.compile(r" {2,}")
_TF_NAMES = re.compile(r"(?<!['\"])\btf\.(Tensor|Variable|RaggedTensor|SparseTensor|IndexedSlices"
                       r"|bool|string|half|double|u?int(?:8|16|32|64)|float(?:16|32|64)|complex(?:64|128))\b")


def case_files(paths: list[str] | None = None) -> list[Path]:
    """The case scripts under the given files or folders (default: every case)."""
    roots = [Path(p).resolve() for p in paths] if paths else [CASES]
    found: list[Path] = []
    for root in roots:
        found += [root] if root.is_file() else sorted(root.rglob("*.py"))
    return [p for p in found if not p.name.startswith("_")]


def expected_path(case: Path) -> Path:
    return case.with_suffix(".out")


def run_case(case: Path, engine: str, python: str | None = None) -> str:
    """What ``case`` prints under ``engine`` ("tensorflow" or "tapekit"), stdout only."""
    env = dict(os.environ, TF_CPP_MIN_LOG_LEVEL="3", PYTHONHASHSEED="0", CUDA_VISIBLE_DEVICES="")
    if engine == "tapekit":
        env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), env.get("PYTHONPATH", "")) if p)
    try:
        proc = subprocess.run([python or sys.executable, "-c", WRAPPER, engine, str(case)], env=env,
                              cwd=case.parent, capture_output=True, text=True, timeout=TIMEOUT_S)
    except subprocess.TimeoutExpired:
        return f"TIMEOUT after {TIMEOUT_S} s\n"
    if proc.returncode != 0:
        return f"{proc.stdout}CRASHED with exit status {proc.returncode}: {proc.stderr[-1500:]}\n"
    return proc.stdout


def run_many(cases: list[Path], engine: str, python: str | None = None) -> dict[Path, str]:
    with ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        outputs = pool.map(lambda c: run_case(c, engine, python), cases)
        return dict(zip(cases, outputs))


def _unpadded(text: str) -> str:
    return _SPACES.sub(" ", text).replace("[ ", "[").replace(" ]", "]")


def _same_number(a: str, b: str) -> bool:
    x, y = float(a), float(b)
    if math.isnan(x) or math.isnan(y):
        return math.isnan(x) and math.isnan(y)
    return x == y or abs(x - y) <= 1e-6 + 1e-5 * abs(y)


def differences(tapekit_out: str, tf_out: str) -> str | None:
    """None when the outputs agree (numbers within rtol 1e-5), else a short description."""
    expected = _TF_NAMES.sub(r"tk.\1", tf_out)
    got_lines, want_lines = tapekit_out.splitlines(), expected.splitlines()
    for number, (got, want) in enumerate(zip(got_lines, want_lines), start=1):
        same = ([_unpadded(t) for t in _NUMBER.split(got)] == [_unpadded(t) for t in _NUMBER.split(want)]
                and len(_NUMBER.findall(got)) == len(_NUMBER.findall(want))
                and all(_same_number(a, b) for a, b in zip(_NUMBER.findall(got), _NUMBER.findall(want))))
        if not same:
            return f"line {number}:\n  tapekit:    {got}\n  TensorFlow: {want}"
    if len(got_lines) != len(want_lines):
        shorter = "tapekit" if len(got_lines) < len(want_lines) else "TensorFlow"
        extra = (want_lines if shorter == "tapekit" else got_lines)[min(len(got_lines), len(want_lines)):]
        return f"{shorter} printed fewer lines; the other went on with:\n  " + "\n  ".join(extra[:5])
    return None


def record(paths: list[str] | None) -> int:
    python = os.environ.get("TAPEKIT_TF_PYTHON")
    if not python:
        print("set TAPEKIT_TF_PYTHON to a Python that has tensorflow installed", file=sys.stderr)
        return 2
    version = subprocess.run([python, "-c", "import tensorflow as tf; print(tf.__version__)"],
                             capture_output=True, text=True, env=dict(os.environ, TF_CPP_MIN_LOG_LEVEL="3"))
    if version.stdout.strip() != "2.21.0":
        print(f"expected TensorFlow 2.21.0, {python} has {version.stdout.strip() or version.stderr[-300:]}",
              file=sys.stderr)
        return 2
    failed = 0
    for case, out in run_many(case_files(paths), "tensorflow", python).items():
        if out.startswith(("TIMEOUT", "CRASHED")) or "\nCRASHED" in out:
            print(f"NOT RECORDED {case.relative_to(ROOT)}: {out[-800:]}")
            failed += 1
            continue
        expected_path(case).write_text(out)
        print(f"recorded {case.relative_to(ROOT)} ({len(out.splitlines())} lines)")
    return 1 if failed else 0


def diff(paths: list[str] | None) -> int:
    cases = [c for c in case_files(paths) if expected_path(c).exists()]
    bad = 0
    for case, out in run_many(cases, "tapekit").items():
        problem = differences(out, expected_path(case).read_text())
        if problem:
            bad += 1
            print(f"DIFFERS {case.relative_to(ROOT)}: {problem}\n")
    print(json.dumps({"cases": len(cases), "differ": bad}))
    return 1 if bad else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("command", choices=["record", "diff"])
    parser.add_argument("paths", nargs="*")
    args = parser.parse_args()
    return record(args.paths) if args.command == "record" else diff(args.paths)


if __name__ == "__main__":
    sys.exit(main())
