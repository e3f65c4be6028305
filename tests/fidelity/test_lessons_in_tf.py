"""The transfer promise: every lesson's code, run by TensorFlow in tapekit's place, prints what the lesson shows.

Each teacher edition (notebooks/solutions/ and a locale's, e.g. notebooks/zh-CN/solutions/, so the
exercise solutions run too) is re-executed in a Jupyter kernel of the Python named by
TAPEKIT_TF_PYTHON (TensorFlow 2.21 and ipykernel installed; .ci/run makes one), with
``import tapekit as tk`` turned into ``import tensorflow as tf`` and every ``tk`` into ``tf`` (in
code and in strings, not in comments), as a student would. Each cell's output is compared with the
stored one:
- text alike once tapekit's spellings are TF's (``tk.Tensor`` is ``tf.Tensor``, see SPELLINGS),
  numbers within a tolerance, runs of spaces as one (NumPy pads columns to the widest number);
- errors by type and TensorFlow's message (tapekit's added ``Hint:`` / ``提示：`` lines aside);
- stderr, and TensorFlow's log lines wherever they go, are not compared.
Cells tagged ``tapekit-only`` (the player, explain, events) are skipped, but the exercise checks run:
the import from ``tapekit.exercises`` as it stands (tapekit is on the kernel's path
for that), each ``check`` cell turned to TensorFlow like the rest, and each must say "Correct!" where
the stored edition does (in either language), never "Not yet". So the checks grade TensorFlow's own
tensors, as a student doing the course in TensorFlow gets them. Cells tagged ``random`` run but their
output is not compared; ``tensorflow-only`` cells must run without error. Without TAPEKIT_TF_PYTHON
the test is skipped.
"""

from __future__ import annotations

import io
import json
import os
import re
import subprocess
import sys
import tokenize
from pathlib import Path

import nbformat
import numpy as np
import pytest

ROOT = Path(__file__).resolve().parent.parent.parent
sys.path.insert(0, str(ROOT / "tools"))
from lessonbuild.source import CHECK, RAISES, RANDOM, TAPEKIT_ONLY, TENSORFLOW_ONLY  # noqa: E402

TF_PYTHON = os.environ.get("TAPEKIT_TF_PYTHON")
# English and every locale's teacher editions (a locale's switches tapekit's language in a tapekit-only cell)
TEACHER_EDITIONS = (sorted((ROOT / "notebooks" / "solutions").glob("[0-9][0-9]_*.ipynb"))
                    + sorted((ROOT / "notebooks").glob("*/solutions/[0-9][0-9]_*.ipynb")))
EDITION_IDS = [str(p.relative_to(ROOT / "notebooks").with_suffix("")) for p in TEACHER_EDITIONS]
KERNEL_NAME = "tapekit-tf-lessons"

needs_tensorflow = pytest.mark.skipif(not TF_PYTHON, reason="set TAPEKIT_TF_PYTHON to a Python with tensorflow "
                                      "and ipykernel")

# tapekit's spelling -> TensorFlow's, for the same thing under another name: the module prefix in
# reprs, and the class names Python quotes in "'X' object does not support item assignment".
SPELLINGS = [
    (re.compile(r"\btk\."), "tf."),                                   # tk.Tensor(...), <tk.Variable ...>
    (re.compile(r"'tapekit\.Tensor' object"), "'tensorflow.python.framework.ops.EagerTensor' object"),
    (re.compile(r"'Variable' object"), "'ResourceVariable' object"),
]
# TensorFlow's own log lines (retracing warnings and the like) are not the lesson's output.
TF_LOG_LINE = re.compile(r"^(?:WARNING|INFO|ERROR):tensorflow:.*\n?", re.M)
# The prefix TF (and tapekit) put before a kernel's messages, stripped on both sides (docs/ERRORS.md).
TF_FUNCTION_NODE = re.compile(r"^\{\{function_node [^}]*\}\} ")
# The line tapekit adds under an error, in each language tapekit speaks (a zh-CN edition's errors say 提示：).
HINT_LINE = re.compile(r"^  (?:Hint:|提示：)")
NUMBER = re.compile(r"[-+]?(?:\d+\.\d*|\.\d+|\d+)(?:[eE][-+]?\d+)?|[-+]?\b(?:nan|inf)\b")
RTOL, ATOL = 1e-4, 1e-6
# a tapekit-only cell that only imports the exercise checks (and the player) runs in TensorFlow's kernel as it is
CHECK_IMPORT = re.compile(r"^(?:#.*|from tapekit\.(?:exercises\.lesson\d\d|widgets) import [\w, ]+|\s*)$")
VERDICT_RIGHT = ("Correct!", "正确！")
VERDICT_WRONG = ("Not yet", "Not done yet", "还不对", "尚未完成")


def imports_checks(code: str) -> bool:
    return "tapekit.exercises" in code and all(CHECK_IMPORT.match(line) for line in code.split("\n"))


def check_problem(stored: str, got: str) -> str | None:
    """What is wrong with a check cell's verdict in TensorFlow, or None."""
    if any(wrong in got for wrong in VERDICT_WRONG):
        return "a check did not pass in TensorFlow"
    if any(right in stored for right in VERDICT_RIGHT) and not any(right in got for right in VERDICT_RIGHT):
        return "a check that says Correct! in tapekit said nothing of the kind in TensorFlow"
    return None


def to_tensorflow(code: str) -> str:
    """``code`` as a TensorFlow student writes it: ``import tensorflow as tf`` and ``tf.`` for ``tk.``."""
    lines = code.split("\n")
    tokens = list(tokenize.generate_tokens(io.StringIO(code).readline))
    edits = []
    for index, token in enumerate(tokens):
        if token.type == tokenize.STRING and re.search(r"\btk\.", token.string) and token.start[0] == token.end[0]:
            edits.append((token.start, token.end, re.sub(r"\btk\.", "tf.", token.string)))  # print("tk.shape ...")
        if token.type != tokenize.NAME:
            continue
        if token.string == "tk":
            edits.append((token.start, token.end, "tf"))
        elif token.string == "tapekit":
            following = tokens[index + 1].string if index + 1 < len(tokens) else ""
            if following != "as":
                raise AssertionError(f"a cell not tagged {TAPEKIT_ONLY!r} uses tapekit itself:\n{code}")
            edits.append((token.start, token.end, "tensorflow"))
    for (row, start), (_, end), text in reversed(edits):
        line = lines[row - 1]
        lines[row - 1] = line[:start] + text + line[end:]
    return "\n".join(lines)


def fenced_code(markdown: str) -> str:
    match = re.search(r"```python\n(.*?)\n```", markdown, re.S)
    assert match, f"a {TENSORFLOW_ONLY} cell shows its code in a ```python block:\n{markdown}"
    return match.group(1)


def shown(outputs: list, tapekit: bool) -> str:
    """What a cell showed, as one text: stdout, results, errors (type: TF's message)."""
    parts = []
    previous = None
    for output in outputs:
        kind = output.get("output_type")
        if kind == "stream" and output.get("name") == "stdout":
            if previous == "stdout":  # where the kernel split stdout into chunks depends on timing
                parts[-1] += output["text"]
            else:
                parts.append(output["text"])
        elif kind in ("execute_result", "display_data"):
            parts.append(output.get("data", {}).get("text/plain", ""))
        elif kind == "error":
            message = "\n".join(line for line in output["evalue"].split("\n") if not HINT_LINE.match(line))
            message = TF_FUNCTION_NODE.sub("", message)
            parts.append(f"{output['ename']}: {message}")
        if kind != "stream" or output.get("name") == "stdout":  # stderr is not compared, and does not split stdout
            previous = "stdout" if kind == "stream" else kind
    text = TF_LOG_LINE.sub("", "\n".join(parts))
    if tapekit:
        for pattern, replacement in SPELLINGS:
            text = pattern.sub(replacement, text)
    return text


def alike(expected: str, actual: str) -> bool:
    """Same text around the numbers, every number within the tolerance; spaces collapse."""
    def split(text):
        squeezed = re.sub(r"\s+", " ", text).strip()
        return NUMBER.split(squeezed), NUMBER.findall(squeezed)

    (want_text, want_numbers), (got_text, got_numbers) = split(expected), split(actual)
    if [t.strip() for t in want_text] != [t.strip() for t in got_text] or len(want_numbers) != len(got_numbers):
        return False
    want = np.array([float(n) for n in want_numbers])
    got = np.array([float(n) for n in got_numbers])
    return bool(np.allclose(got, want, rtol=RTOL, atol=ATOL, equal_nan=True))


@pytest.fixture(scope="module")
def tf_kernel(tmp_path_factory):
    """A kernel spec for TAPEKIT_TF_PYTHON (with tapekit kept off its path)."""
    check = subprocess.run([TF_PYTHON, "-c", "import tensorflow, ipykernel; print(tensorflow.__version__)"],
                           capture_output=True, text=True, env={**os.environ, "TF_CPP_MIN_LOG_LEVEL": "3"})
    assert check.returncode == 0, (f"TAPEKIT_TF_PYTHON={TF_PYTHON} cannot import tensorflow and ipykernel "
                                   f"(pip install tensorflow-cpu ipykernel there):\n{check.stderr[-2000:]}")
    folder = tmp_path_factory.mktemp("kernels") / KERNEL_NAME
    folder.mkdir()
    (folder / "kernel.json").write_text(json.dumps({
        "argv": [TF_PYTHON, "-m", "ipykernel_launcher", "-f", "{connection_file}"],
        "display_name": "TensorFlow (lessons test)", "language": "python",
        # tapekit on the path for the exercise checks only: every other cell is turned to TensorFlow and
        # may not name tapekit (to_tensorflow refuses it)
        "env": {"TF_CPP_MIN_LOG_LEVEL": "3", "PYTHONPATH": str(ROOT), "PYTHONHASHSEED": "0", "MPLBACKEND": ""}}))
    return folder.parent


def run_in_tensorflow(nb, kernels: Path, cwd: Path) -> None:
    from jupyter_client.kernelspec import KernelSpecManager
    from jupyter_client.manager import KernelManager
    from nbclient import NotebookClient

    manager = KernelManager(kernel_name=KERNEL_NAME, kernel_spec_manager=KernelSpecManager(kernel_dirs=[str(kernels)]))
    NotebookClient(nb, km=manager, timeout=600, allow_errors=True, record_timing=False,
                   resources={"metadata": {"path": str(cwd)}}).execute()


def plan(cell) -> tuple[str, object] | None:
    """(the code TensorFlow runs for ``cell``, how its output is compared: True, False or CHECK), or None."""
    tags = cell.metadata.get("tags", [])
    if TENSORFLOW_ONLY in tags:
        return fenced_code(cell.source), False
    if cell.cell_type != "code":
        return None
    if imports_checks(cell.source):  # the checks' imports only: the player needs widgets TF's venv lacks
        return "\n".join(line for line in cell.source.split("\n") if "tapekit.exercises" in line), False
    if CHECK in tags:
        return to_tensorflow(cell.source), CHECK
    if TAPEKIT_ONLY in tags:
        return None
    return to_tensorflow(cell.source), RANDOM not in tags


def problem_of(number: int, cell, compare, ran) -> str | None:
    """What differs between the stored cell and the one TensorFlow ran, or None."""
    got = shown(ran.outputs, tapekit=False)
    errors = [o for o in ran.outputs if o.get("output_type") == "error"]
    if errors and RAISES not in cell.metadata.get("tags", []):
        return f"cell {number} raised in TensorFlow: {got}\n--- code\n{ran.source}"
    if not compare:
        return None
    want = shown(cell.outputs, tapekit=True)
    if compare == CHECK:
        problem = check_problem(want, got)
        return problem and f"cell {number}: {problem}\n--- code\n{ran.source}\n--- TensorFlow\n{got}"
    if not alike(want, got):
        return (f"cell {number} differs\n--- code\n{ran.source}\n--- tapekit (stored)\n{want}\n"
                f"--- TensorFlow\n{got}")
    return None


@pytest.mark.slow
@needs_tensorflow
@pytest.mark.parametrize("edition", TEACHER_EDITIONS, ids=EDITION_IDS)
def test_lesson_prints_the_same_in_tensorflow(edition, tf_kernel):
    stored = nbformat.read(edition, as_version=4)
    runs = []  # (cell number, stored cell, compare)
    tf_nb = nbformat.v4.new_notebook()
    for number, cell in enumerate(stored.cells, start=1):
        planned = plan(cell)
        if planned is None:
            continue
        code, compare = planned
        runs.append((number, cell, compare))
        tf_cell = nbformat.v4.new_code_cell(code)
        if RAISES in cell.metadata.get("tags", []):
            tf_cell.metadata["tags"] = [RAISES]
        tf_nb.cells.append(tf_cell)
    assert runs, f"{edition.name}: no cell runs under TensorFlow"

    run_in_tensorflow(tf_nb, tf_kernel, edition.parent)

    problems = [problem_of(number, cell, compare, ran) for (number, cell, compare), ran in zip(runs, tf_nb.cells)]
    problems = [problem for problem in problems if problem]
    assert not problems, f"{edition.name}: {len(problems)} cell(s) differ in TensorFlow\n\n" + "\n\n".join(problems)


def test_the_check_imports_run_as_they_are_and_nothing_else_does():
    assert imports_checks("# tapekit only: not in TensorFlow\nfrom tapekit.exercises.lesson03 import check_a, check_b")
    assert imports_checks("from tapekit.widgets import TapePlayer\nfrom tapekit.exercises.lesson06 import check_a")
    assert not imports_checks("from tapekit.exercises.lesson03 import check_a\nimport tapekit\ntapekit.x = 1")
    assert not imports_checks("from tapekit.widgets import TapePlayer")


def test_a_check_verdict_must_be_correct_in_tensorflow():
    assert check_problem("Correct! well done", "Correct! well done") is None
    assert check_problem("Correct! well done", "正确！做得好") is None
    assert check_problem("Correct! well done", "Not yet. Hint: ...")
    assert check_problem("Correct! well done", "")
    assert check_problem("accuracy 0.98", "Not done yet: ...")
    assert check_problem("accuracy 0.98", "accuracy 0.97") is None


def test_to_tensorflow_renames_the_module_only():
    code = "import tapekit as tk\nx = tk.constant(1.0)  # tk. in a comment stays\nprint('tk.x', x, 'tkx')"
    assert to_tensorflow(code) == ("import tensorflow as tf\nx = tf.constant(1.0)  # tk. in a comment stays\n"
                                   "print('tf.x', x, 'tkx')")
    with pytest.raises(AssertionError, match="uses tapekit itself"):
        to_tensorflow("from tapekit.widgets import TapePlayer")


def test_outputs_compare_numbers_within_tolerance():
    assert alike("tf.Tensor([2. 4.], shape=(2,), dtype=float32)",
                 "tf.Tensor([2.0000001 4. ], shape=(2,), dtype=float32)")
    assert not alike("tf.Tensor([2. 4.], shape=(2,), dtype=float32)", "tf.Tensor([2. 5.], shape=(2,), dtype=float32)")
    assert not alike("dtype=float32", "dtype=float64")
    assert alike("[nan inf]", "[nan inf]")


def test_stdout_split_into_chunks_shows_as_one_text():
    chunks = [{"output_type": "stream", "name": "stdout", "text": "alive=False"},
              {"output_type": "stream", "name": "stderr", "text": "a warning\n"},
              {"output_type": "stream", "name": "stdout", "text": ", after del alive=False\n"}]
    assert shown(chunks, tapekit=False) == "alive=False, after del alive=False\n"


def test_errors_compare_without_tensorflows_function_node_prefix():
    tf_error = {"output_type": "error", "ename": "InvalidArgumentError", "evalue": (
        "{{function_node __wrapped__StridedSlice_device_/job:localhost/replica:0/task:0/device:CPU:0}} "
        "Attempting to slice scalar input. [Op:StridedSlice] name: strided_slice/")}
    tapekit_error = {"output_type": "error", "ename": "InvalidArgumentError", "evalue": (
        "Attempting to slice scalar input. [Op:StridedSlice] name: strided_slice/\n  Hint: a scalar has no axis")}
    assert shown([tf_error], tapekit=False) == shown([tapekit_error], tapekit=True)
    chinese_hint = {**tapekit_error, "evalue": tapekit_error["evalue"].replace("Hint: ", "提示：")}
    assert shown([tf_error], tapekit=False) == shown([chinese_hint], tapekit=True)
