"""Programs written for TensorFlow print under tapekit exactly what they printed under real TF 2.21.

The cases and their recorded TF output live in tests/tf_cases/ (see tools/tf_cases.py, which
records them with TAPEKIT_TF_PYTHON set). This test needs no TensorFlow: it compares tapekit's
output with the recording.
"""

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent.parent
sys.path.insert(0, str(ROOT / "tools"))
import tf_cases  # noqa: E402

CASES = tf_cases.case_files()


def _name(case: Path) -> str:
    return str(case.relative_to(tf_cases.CASES).with_suffix(""))


@pytest.fixture(scope="module")
def tapekit_outputs():
    recorded = [c for c in CASES if tf_cases.expected_path(c).exists()]
    return tf_cases.run_many(recorded, "tapekit")


@pytest.mark.parametrize("case", CASES, ids=_name)
def test_prints_what_tensorflow_printed(case, tapekit_outputs):
    expected = tf_cases.expected_path(case)
    assert expected.exists(), f"{_name(case)} has no TF recording: run tools/tf_cases.py record {case}"
    problem = tf_cases.differences(tapekit_outputs[case], expected.read_text())
    assert problem is None, f"{_name(case)} differs from TensorFlow 2.21 at {problem}"


def test_differences_reads_numbers_with_tolerance_and_text_exactly():
    assert tf_cases.differences("tk.Tensor(1.0000001, shape=())\n", "tf.Tensor(1.0, shape=())\n") is None
    assert tf_cases.differences("tk.Tensor(nan)\n", "tf.Tensor(nan)\n") is None
    assert tf_cases.differences("tk.Tensor(1.1)\n", "tf.Tensor(1.0)\n") is not None
    assert tf_cases.differences("float32\n", "float64\n") is not None
    assert tf_cases.differences("a\n", "a\nb\n") is not None
    assert tf_cases.differences("[1 2]\n", "[1 2 3]\n") is not None


def test_padding_that_follows_a_last_digit_is_compared_loosely():
    # TF pads 0.48121184 and -0.8813736 to one width; a 1-ulp different value pads differently.
    got = "tk.Tensor([ 0.4812118 -0.8813736], shape=(2,), dtype=float32)\n"
    want = "tf.Tensor([ 0.48121184 -0.8813736 ], shape=(2,), dtype=float32)\n"
    assert tf_cases.differences(got, want) is None
    assert tf_cases.differences("[1 2]\n", "[12]\n") is not None
    assert tf_cases.differences("[1 2]\n", "[1, 2]\n") is not None
