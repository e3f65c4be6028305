"""``tk.experimental``: the few ``tf.experimental`` names tapekit has, and clear errors for the others.

``tf.experimental.numpy`` (``import tensorflow.experimental.numpy as tnp``) is TF's NumPy-style
API; tapekit's answer is its own ops, or NumPy itself on ``t.numpy()``. Importing it, or reading
it as an attribute, raises an error that says so (``ModuleNotFoundError`` / ``AttributeError``).
"""

from .._api.extension_type import STAND_INS
from .._api.ragged_shape import DynamicRaggedShape, RowPartition
from .._base.i18n import N_, _, hint_line

NUMPY_HINT = N_("tapekit has no NumPy-style API: use its own ops on tensors (tk.reshape, tk.matmul, "
                "tk.reduce_sum, ...), or NumPy itself on t.numpy() outside the tape.")
_NOT_IN_TAPEKIT = {
    "numpy": ("tf.experimental.numpy", NUMPY_HINT),
    "dlpack": ("tf.experimental.dlpack", N_("exchange arrays through NumPy instead: tk.constant(array) and "
                                            "t.numpy().")),
}


# ExtensionType and its kin: names that exist, and raise when subclassed or used (_api/extension_type.py)
globals().update(STAND_INS)


def not_in_tapekit(tf_name: str, hint: str) -> str:
    """The text of the error for a TF module or name that tapekit does not have (``hint``: marked with ``N_``)."""
    return f"{tf_name} is not in tapekit." + hint_line(_(hint))


def missing_module(tf_name: str, hint: str) -> ModuleNotFoundError:
    """The error that importing a TF module tapekit does not have raises."""
    return ModuleNotFoundError(not_in_tapekit(tf_name, hint), name=tf_name)


def __getattr__(name: str):
    if name in _NOT_IN_TAPEKIT:
        raise AttributeError(not_in_tapekit(*_NOT_IN_TAPEKIT[name]))
    raise AttributeError(f"module 'tapekit.experimental' has no attribute {name!r}")


__all__ = ["DynamicRaggedShape", "RowPartition"]
