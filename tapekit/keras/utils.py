"""``tk.keras.utils``: ``to_categorical`` and ``set_random_seed`` (``get_file`` raises: no downloads)."""

from __future__ import annotations

import random as _python_random

import numpy as np

from .._base.i18n import _, hint_line
from .._core.ops import random_ops
from .._core.ops.array_ops import reshape
from .._core.ops.creation import one_hot
from .._core.values.tensor import Tensor, is_variable
from . import random_draws
from .downloads import get_file  # noqa: F401  (out of scope: raises, naming what to use)


def to_categorical(x, num_classes=None):
    """One-hot rows for integer class labels.

    As Keras 3: a NumPy array or list gives a float64 NumPy array (``num_classes`` defaults to
    ``max(x) + 1``); a tensor gives a float32 tensor. A trailing axis of size 1 is dropped first.
    """
    if isinstance(x, Tensor) or is_variable(x):
        shape = tuple(x.shape)
        if len(shape) > 1 and shape[-1] == 1:
            x = reshape(x, shape[:-1])
        if num_classes is None:
            raise ValueError("to_categorical needs `num_classes` for a tensor input."
                             + hint_line(_("pass the number of classes, e.g. to_categorical(labels, "
                                           "num_classes=10).")))
        return one_hot(x, num_classes)
    x = np.array(x, dtype="int64")
    input_shape = x.shape
    if input_shape and input_shape[-1] == 1 and len(input_shape) > 1:
        input_shape = tuple(input_shape[:-1])
    x = x.reshape(-1)
    if not num_classes:
        num_classes = int(np.max(x)) + 1
    categorical = np.zeros((x.shape[0], num_classes))
    categorical[np.arange(x.shape[0]), x] = 1
    return np.reshape(categorical, input_shape + (num_classes,))


def set_random_seed(seed):
    """Seed Python's ``random``, NumPy and ``tk.random`` (Keras's ``set_random_seed``)."""
    if not isinstance(seed, int):
        raise ValueError(f"Expected `seed` argument to be an integer. Received: seed={seed} (of type {type(seed)})")
    random_draws.reset_global_seed_generator()
    _python_random.seed(seed)
    np.random.seed(seed)
    random_ops.set_seed(seed)
