"""tools/tf_guides.py's classification of a guide cell (the tool itself runs outside CI)."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent.parent / "tools"))
import tf_guides  # noqa: E402

TENSOR = "tf.Tensor(1.0, shape=(), dtype=float32)\n"


def test_same_output_within_tolerance_matches():
    assert tf_guides.classify(TENSOR, TENSOR, "tk.Tensor(1.0000001, shape=(), dtype=float32)\n") == ("match", "")


def test_a_cell_whose_two_tf_runs_differ_is_random():
    assert tf_guides.classify(TENSOR, TENSOR.replace("1.0", "2.0"), "tk.Tensor(3.0)\n")[0] == "random"


def test_a_clear_not_in_tapekit_error_is_its_own_class():
    ours = "EXCEPTION NotImplementedError\nMESSAGE tf.io.parse_example is not implemented in tapekit.\nNOT-IN-TAPEKIT\n"
    kind, reason = tf_guides.classify(TENSOR, TENSOR, ours)
    assert kind == "not-in-tapekit" and "parse_example" in reason


def test_other_errors_and_other_values_differ_with_a_reason():
    kind, reason = tf_guides.classify(TENSOR, TENSOR, "EXCEPTION AttributeError\nMESSAGE no attribute 'x'\n")
    assert kind == "differs" and reason.startswith("AttributeError")
    kind, reason = tf_guides.classify(TENSOR, TENSOR, "tk.Tensor(5.0, shape=(), dtype=float32)\n")
    assert kind == "differs" and "5.0" in reason


def test_the_same_exception_type_in_both_matches_whatever_the_message():
    tf_out = "EXCEPTION InvalidArgumentError\nMESSAGE {{function_node}} bad\n"
    assert tf_guides.classify(tf_out, tf_out, "EXCEPTION InvalidArgumentError\nMESSAGE bad\n")[0] == "match"


def test_a_print_that_tf_runs_only_while_tracing_is_a_listed_difference():
    source = "@tf.function\ndef f(x):\n  print('Tracing.')\n  print(f'Traced with {x}')\n  return x\n"
    traced = tf_guides._traced_prints(source)
    assert traced == ("Tracing.", "Traced with")
    tf_out = "<tf.Tensor: shape=(), dtype=int32, numpy=27>\n"
    ours = "Tracing.\n<tk.Tensor: shape=(), dtype=int32, numpy=27>\n"
    assert tf_guides.classify(tf_out, tf_out, ours, traced)[0] == "listed"
    assert tf_guides.classify(tf_out, tf_out, ours)[0] == "differs"   # no tf.function printed it
    wrong = "Tracing.\n<tk.Tensor: shape=(), dtype=int32, numpy=28>\n"
    assert tf_guides.classify(tf_out, tf_out, wrong, traced)[0] == "differs"


def test_a_tensor_class_named_tensor_not_eager_tensor_differs():
    tf_out = "EagerTensor : None\n"   # tapekit's eager values are EagerTensors too: no excuse left
    assert tf_guides.classify(tf_out, tf_out, "Tensor : None\n")[0] == "differs"
    assert tf_guides.classify(tf_out, tf_out, "EagerTensor : None\n")[0] == "match"


def test_a_traced_print_with_a_newline_is_a_listed_difference():
    traced = tf_guides._traced_prints("@tf.function\ndef f(x):\n  print('Tracing.\\n')\n  return x\n")
    tf_out = "<tf.Tensor: shape=(), dtype=int32, numpy=27>\n"
    ours = "Tracing.\n\n<tk.Tensor: shape=(), dtype=int32, numpy=27>\n"
    assert tf_guides.classify(tf_out, tf_out, ours, traced)[0] == "listed"


def test_names_a_cell_imports_count_as_names_it_defines():
    source = "import numpy as np\nimport os.path\nfrom math import pi as PI, tau\nx, (y, z) = 1, (2, 3)\n"
    assert tf_guides._assigned_names(source) == {"np", "os", "PI", "tau", "x", "y", "z"}


def test_printing_the_version_is_a_listed_difference():
    ours = f"TensorFlow version: {tf_guides._TAPEKIT_VERSION}\n"
    assert tf_guides.classify("TensorFlow version: 2.21.0\n", "TensorFlow version: 2.21.0\n", ours)[0] == "listed"
    assert tf_guides.classify("2.21.0\n1.5\n", "2.21.0\n1.5\n", f"{tf_guides._TAPEKIT_VERSION}\n2.5\n")[0] == "differs"


def test_a_class_printed_with_tapekits_module_path_is_a_listed_difference():
    tf_out = "<class 'tensorflow.python.framework.sparse_tensor.SparseTensor'>\n"
    assert tf_guides.classify(tf_out, tf_out, "<class 'tapekit.sparse.SparseTensor'>\n")[0] == "listed"
    assert tf_guides.classify(tf_out, tf_out, "<class 'tapekit.ragged.RaggedTensor'>\n")[0] == "differs"
