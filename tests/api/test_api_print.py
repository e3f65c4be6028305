"""tk.print: TF's tensor layout, streams and errors.

Expected strings were printed by TF 2.21 (``tf.print(..., output_stream=sys.stdout)``; the same
programs are recorded in tests/tf_cases/api/print_*.py). These tests add the streams a recorded
case cannot compare (stderr, files, logging) and the layout helper on its own.
"""

import io
import logging
import sys

import numpy as np
import pytest

import tapekit as tk
from tapekit._api.printing import format_tensor

# (tensor, summarize, what TF 2.21 printed)
LAYOUTS = [
    (tk.constant([[1.5, 2.0, 3.25], [4.0, 5.0, 6.0]]), 3, "[[1.5 2 3.25]\n [4 5 6]]"),
    (tk.range(20), 3, "[0 1 2 ... 17 18 19]"),
    (tk.range(20), -1, "[" + " ".join(str(i) for i in range(20)) + "]"),
    (tk.range(20), 2, "[0 1 ... 18 19]"),
    (tk.range(20), 0, "[ ...]"),
    (tk.range(6), 3, "[0 1 2 3 4 5]"),
    (tk.range(7), 3, "[0 1 2 ... 4 5 6]"),
    (tk.reshape(tk.range(24), [2, 3, 4]), 1,
     "[[[0 ... 3]\n  ...\n  [8 ... 11]]\n\n [[12 ... 15]\n  ...\n  [20 ... 23]]]"),
    (tk.zeros([0]), 3, "[]"),
    (tk.zeros([2, 0]), 3, "[\n ...]"),
    (tk.constant(1e-8), 3, "1e-08"),
    (tk.constant(123456789.0), 3, "123456792"),
    (tk.constant(0.1), 3, "0.1"),
    (tk.constant(1 / 3), 3, "0.333333343"),
    (tk.constant(1 / 3, tk.float64), 3, "0.33333333333333331"),
    (tk.constant([0.1], tk.float16), 3, "[0.0999755859]"),
    (tk.constant(-0.0), 3, "-0"),
    (tk.constant([1.0, np.nan, np.inf, -np.inf]), 3, "[1 nan inf -inf]"),
    (tk.constant([True, False]), 3, "[1 0]"),
    (tk.constant(["a\nb", 'q"']), 3, '["a\\nb" "q\\""]'),
    (tk.constant([1 + 2j, 3j]), 3, "[? ?]"),
    (tk.constant(5, tk.uint8), 3, "5"),
]


@pytest.mark.parametrize("tensor,summarize,expected", LAYOUTS)
def test_tensor_layout_is_tf_s(tensor, summarize, expected):
    assert format_tensor(tensor, summarize) == expected


def test_default_stream_is_stderr_and_end_is_a_newline(capsys):
    tk.print("loss:", tk.constant(2.5), [1, 2])
    out, err = capsys.readouterr()
    assert out == "" and err == "loss: 2.5 [1, 2]\n"


def test_sep_end_and_stdout(capsys):
    tk.print("a", tk.constant([1, 2]), sep=",", end="!\n", output_stream=sys.stdout)
    assert capsys.readouterr().out == "a,[1 2]!\n"


def test_structures_print_as_pprint_with_tensors_in_place(capsys):
    tk.print({"b": "s", "a": tk.constant(2.0)}, (tk.constant([1, 2]),), None, output_stream=sys.stdout)
    assert capsys.readouterr().out == "{'a': 2, 'b': 's'} ([1 2],) None\n"


def test_a_lone_string_tensor_prints_raw(capsys):
    tk.print(tk.constant("hello"), output_stream=sys.stdout)
    tk.print(tk.constant("hello"), 1, output_stream=sys.stdout)
    assert capsys.readouterr().out == 'hello\n"hello" 1\n'


def test_file_stream_appends(tmp_path):
    path = tmp_path / "log.txt"
    tk.print("first", tk.constant([1, 2]), output_stream=f"file://{path}")
    tk.print("second", output_stream=f"file://{path}")
    assert path.read_text() == "first [1 2]\nsecond\n"


def test_logging_streams_go_to_the_tapekit_logger():
    records = []
    handler = logging.Handler()
    handler.emit = records.append
    logger = logging.getLogger("tapekit")
    logger.addHandler(handler)
    level = logger.level
    logger.setLevel(logging.INFO)  # INFO records are shown only where the logger's level allows
    try:
        tk.print("step", tk.constant(3), output_stream=logging.info)
        tk.print("careful", output_stream=logging.WARNING)
    finally:
        logger.removeHandler(handler)
        logger.setLevel(level)
    assert [(r.levelno, r.getMessage()) for r in records] == [(logging.INFO, "step 3"),
                                                               (logging.WARNING, "careful")]


def test_returns_none_inside_a_tape_without_breaking_it(capsys):
    x = tk.constant(1.0)
    with tk.GradientTape() as tape:
        tape.watch(x)
        assert tk.print(x, output_stream=sys.stdout) is None
        y = x * 2
    assert float(tape.gradient(y, x)) == 2.0
    assert capsys.readouterr().out == "1\n"


def test_unknown_keyword_and_stream_raise_valueerror():
    with pytest.raises(ValueError, match="Unrecognized keyword arguments for tf.print") as info:
        tk.print("x", foo=1)
    assert "Hint:" in str(info.value)
    with pytest.raises(ValueError, match="Unsupported output stream"):
        tk.print("x", output_stream=io.StringIO())


def test_variables_and_ragged_tensors_print_their_values(capsys):
    tk.print(tk.Variable([1.0, 2.0]), tk.ragged.constant([[1, 2], [3]]), output_stream=sys.stdout)
    assert capsys.readouterr().out == "[1 2] [[1, 2], [3]]\n"
