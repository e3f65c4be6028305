"""tf.experimental.numpy and tf.compat.v1 are not in tapekit: importing or reading them names what to use."""

import importlib
import subprocess
import sys

import pytest

import tapekit as tk


@pytest.mark.parametrize("module, advice", [("tapekit.experimental.numpy", "t.numpy()"),
                                            ("tapekit.compat.v1", "tk.GradientTape")])
def test_importing_a_tf_module_tapekit_lacks_raises_module_not_found_naming_what_to_use(module, advice):
    with pytest.raises(ModuleNotFoundError, match="is not in tapekit") as info:
        importlib.import_module(module)
    assert advice in str(info.value) and isinstance(info.value, ImportError)


@pytest.mark.parametrize("namespace, name", [(tk.experimental, "numpy"), (tk.experimental, "dlpack"),
                                             (tk.compat, "v1"), (tk.compat, "v2")])
def test_reading_one_as_an_attribute_raises_attribute_error_with_the_same_advice(namespace, name):
    with pytest.raises(AttributeError, match=f"tf.{namespace.__name__.split('.')[-1]}.{name} is not in tapekit"):
        getattr(namespace, name)
    assert not hasattr(namespace, name)


def test_tf_experimental_keeps_its_names_and_unknown_ones_raise_plain_attribute_errors():
    assert tk.experimental.DynamicRaggedShape.__name__ == "DynamicRaggedShape"
    assert tk.experimental.RowPartition.__name__ == "RowPartition"
    with pytest.raises(AttributeError, match="has no attribute 'nope'"):
        tk.experimental.nope  # noqa: B018


def test_a_tf_program_importing_tnp_gets_the_clear_error_under_the_tensorflow_name():
    program = ("import sys, tapekit; sys.modules['tensorflow'] = tapekit\n"
               "sys.modules['tensorflow.experimental'] = tapekit.experimental\n"
               "import tensorflow.experimental.numpy as tnp\n")
    run = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, timeout=120)
    assert run.returncode == 1
    assert "ModuleNotFoundError: tf.experimental.numpy is not in tapekit." in run.stderr
