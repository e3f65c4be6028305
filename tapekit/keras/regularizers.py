"""``tk.keras.regularizers``: weight penalties a layer adds to ``layer.losses`` (L1, L2, L1L2).

Pass one to a layer (``Dense(4, kernel_regularizer="l2")``); ``layer.losses`` then holds the
penalty of each regularized trainable weight, recomputed from the current values each time
it is read, after the losses ``add_loss`` recorded in the last call.
"""

from __future__ import annotations

import inspect
import math

from .._base.i18n import _, hint_line
from .._core.ops import math_ops, reduction
from .._core.ops.array_ops import transpose
from .._core.ops.creation import eye
from .._core.ops.linalg import matmul
from .._core.ops.math_ops import cast
from .._core.ops.nn_ops import l2_normalize
from .._core.values.tensor import convert_to_tensor
from .naming import to_snake_case


def validate_float_arg(value, name: str) -> float:
    if not isinstance(value, (float, int)) or math.isinf(value) or math.isnan(value) or value < 0:
        raise ValueError(f"Invalid value for argument {name}: expected a non-negative float.Received: "
                         f"{name}={value}")
    return float(value)


class Regularizer:
    """Base class: ``regularizer(weight)`` returns a scalar penalty."""

    def __call__(self, x):
        return 0.0

    def get_config(self) -> dict:
        raise NotImplementedError(f"{self} does not implement get_config()")

    @classmethod
    def from_config(cls, config):
        return cls(**config)


class L1L2(Regularizer):
    """``l1 * sum(|x|) + l2 * sum(x**2)`` (both default 0)."""

    def __init__(self, l1=0.0, l2=0.0):
        self.l1 = validate_float_arg(0.0 if l1 is None else l1, name="l1")
        self.l2 = validate_float_arg(0.0 if l2 is None else l2, name="l2")

    def __call__(self, x):
        x = convert_to_tensor(x)
        penalty = convert_to_tensor(0.0, dtype=x.dtype)
        if self.l1 != 0.0:
            penalty = penalty + cast(self.l1, x.dtype) * reduction.reduce_sum(math_ops.abs(x))
        if self.l2 != 0.0:
            penalty = penalty + cast(self.l2, x.dtype) * reduction.reduce_sum(math_ops.square(x))
        return penalty

    def get_config(self) -> dict:
        return {"l1": self.l1, "l2": self.l2}


class L1(Regularizer):
    """``l1 * sum(|x|)`` (default ``l1=0.01``)."""

    def __init__(self, l1=0.01):
        # Keras 3 keeps l1 as a tensor (``L1().l1`` prints as one)
        self.l1 = convert_to_tensor(validate_float_arg(0.01 if l1 is None else l1, name="l1"))

    def __call__(self, x):
        x = convert_to_tensor(x)
        return cast(self.l1, x.dtype) * reduction.reduce_sum(math_ops.abs(x))

    def get_config(self) -> dict:
        return {"l1": float(self.l1)}


class L2(Regularizer):
    """``l2 * sum(x**2)`` (default ``l2=0.01``)."""

    def __init__(self, l2=0.01):
        self.l2 = validate_float_arg(0.01 if l2 is None else l2, name="l2")

    def __call__(self, x):
        x = convert_to_tensor(x)
        return cast(self.l2, x.dtype) * reduction.reduce_sum(math_ops.square(x))

    def get_config(self) -> dict:
        return {"l2": self.l2}


class OrthogonalRegularizer(Regularizer):
    """``factor`` times the mean |cosine| between distinct rows (or columns) of a 2-D weight."""

    def __init__(self, factor=0.01, mode="rows"):
        validate_float_arg(factor, name="factor")
        self.factor = convert_to_tensor(float(factor))
        if mode not in {"rows", "columns"}:
            raise ValueError(f"Invalid value for argument `mode`. Expected one of {{'rows', 'columns'}}. "
                             f"Received: mode={mode}")
        self.mode = mode

    def __call__(self, inputs):
        inputs = convert_to_tensor(inputs)
        if inputs.ndim != 2:
            raise ValueError(f"Inputs to OrthogonalRegularizer must have rank 2. Received: inputs.shape="
                             f"{inputs.shape}")
        if self.mode == "rows":
            normalized = l2_normalize(inputs, axis=1)
            product = matmul(normalized, transpose(normalized))
        else:
            normalized = l2_normalize(inputs, axis=0)
            product = matmul(transpose(normalized), normalized)
        size = int(product.shape[0])
        off_diagonal = product * (1.0 - eye(size, dtype=product.dtype))
        pairs = size * (size - 1) / 2.0
        return self.factor * 0.5 * reduction.reduce_sum(math_ops.abs(off_diagonal)) / pairs

    def get_config(self) -> dict:
        return {"factor": float(self.factor), "mode": self.mode}


l1, l2, l1_l2, l1l2, orthogonal_regularizer = L1, L2, L1L2, L1L2, OrthogonalRegularizer
_CLASSES = (Regularizer, L1, L2, L1L2, OrthogonalRegularizer)
_BY_NAME = {cls.__name__: cls for cls in _CLASSES} | {to_snake_case(cls.__name__): cls for cls in _CLASSES}


def serialize(regularizer) -> dict:
    return {"module": "keras.regularizers", "class_name": type(regularizer).__name__,
            "config": regularizer.get_config(), "registered_name": None}


def get(identifier):
    """A regularizer from a name (``"l2"``, ``"L1"``, ``"l1l2"``), a config dict, a class, an instance or a callable."""
    if identifier is None:
        return None
    obj = identifier
    if isinstance(identifier, dict):
        cls = _BY_NAME.get(identifier.get("class_name"))
        obj = cls.from_config(identifier.get("config") or {}) if cls is not None else None
    elif isinstance(identifier, str):
        obj = _BY_NAME.get(identifier)
    if callable(obj):
        return obj() if inspect.isclass(obj) else obj
    raise ValueError(f"Could not interpret regularizer identifier: {identifier}"
                     + hint_line(_("use 'l1', 'l2', 'l1l2', a keras.regularizers object such as L2(0.01), "
                                   "or a callable on the weight.")))
