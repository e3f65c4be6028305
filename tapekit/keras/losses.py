"""``tk.keras.losses``: loss functions (one value per sample) and Loss classes (their mean), as in Keras 3."""

from __future__ import annotations

import math

from .. import dtypes
from ..ops import math_ops, reduction
from ..ops.array_ops import expand_dims, squeeze
from ..ops.creation import one_hot
from ..ops.math_ops import cast, to_tensor
from ..tensor import Tensor
from .layers import to_snake_case

EPSILON = 1e-7  # Keras's backend.epsilon(): probabilities are clipped to [EPSILON, 1 - EPSILON]


# ---------- helpers ----------
def _as_float(x, dtype=None) -> Tensor:
    """A float tensor; ``dtype`` (if given) by casting, else float32 for non-float input."""
    t = to_tensor(x) if dtype is None else to_tensor(x, dtype_hint=dtype)
    if dtype is not None and t.dtype is not dtype:
        return cast(t, dtype)
    if dtype is None and not t.dtype.is_floating:
        return cast(t, dtypes.float32)
    return t


def _same_rank(y_true: Tensor, y_pred: Tensor):
    """Keras's squeeze_or_expand_to_same_rank: fix a rank difference of one trailing axis of size 1."""
    rt, rp = y_true.ndim, y_pred.ndim
    if rt == rp + 1 and y_true.shape[-1] == 1:
        if rp == 1:
            y_pred = expand_dims(y_pred, -1)
        else:
            y_true = squeeze(y_true, axis=-1)
    if rp == rt + 1 and y_pred.shape[-1] == 1:
        if rt == 1:
            y_true = expand_dims(y_true, -1)
        else:
            y_pred = squeeze(y_pred, axis=-1)
    return y_true, y_pred


def _clip(p: Tensor) -> Tensor:
    return math_ops.minimum(math_ops.maximum(p, EPSILON), 1.0 - EPSILON)


def _check_same_shape(y_true: Tensor, y_pred: Tensor):
    if y_true.ndim != y_pred.ndim:
        raise ValueError("Arguments `target` and `output` must have the same rank (ndim). Received: "
                         f"target.shape={y_true.shape}, output.shape={y_pred.shape}")
    if tuple(y_true.shape) != tuple(y_pred.shape):
        raise ValueError("Arguments `target` and `output` must have the same shape. Received: "
                         f"target.shape={y_true.shape}, output.shape={y_pred.shape}")


def _log_softmax(logits: Tensor, axis=-1) -> Tensor:
    shifted = logits - math_ops.stop_gradient(reduction.reduce_max(logits, axis=axis, keepdims=True))
    return shifted - math_ops.log(reduction.reduce_sum(math_ops.exp(shifted), axis=axis, keepdims=True))


# ---------- functional forms: one loss value per sample (mean over the last axis) ----------
def mean_squared_error(y_true, y_pred):
    """``mean(square(y_true - y_pred), axis=-1)``."""
    y_pred = _as_float(y_pred)
    y_true, y_pred = _same_rank(_as_float(y_true, y_pred.dtype), y_pred)
    return reduction.reduce_mean(math_ops.square(y_true - y_pred), axis=-1)


def mean_absolute_error(y_true, y_pred):
    """``mean(abs(y_true - y_pred), axis=-1)``."""
    y_pred = _as_float(y_pred)
    y_true, y_pred = _same_rank(_as_float(y_true, y_pred.dtype), y_pred)
    return reduction.reduce_mean(math_ops.abs(y_true - y_pred), axis=-1)


def binary_crossentropy(y_true, y_pred, from_logits=False, label_smoothing=0.0, axis=-1):
    """``-mean(t*log(p) + (1-t)*log(1-p))`` over ``axis``; ``p`` clipped to [1e-7, 1-1e-7]."""
    y_pred = _as_float(y_pred)
    y_true = _as_float(y_true, y_pred.dtype)
    if label_smoothing:
        y_true = y_true * (1.0 - label_smoothing) + 0.5 * label_smoothing
    _check_same_shape(y_true, y_pred)
    if from_logits:
        # max(x, 0) - x*t + log(1 + exp(-|x|)), stable for large |x|
        x = y_pred
        per_element = (math_ops.maximum(x, 0.0) - x * y_true
                       + math_ops.log1p(math_ops.exp(-math_ops.abs(x))))
    else:
        p = _clip(y_pred)
        per_element = -(y_true * math_ops.log(p) + (1.0 - y_true) * math_ops.log(1.0 - p))
    return reduction.reduce_mean(per_element, axis=axis)


def categorical_crossentropy(y_true, y_pred, from_logits=False, label_smoothing=0.0, axis=-1):
    """``-sum(t * log(p), axis)`` for one-hot ``y_true``; probabilities are renormalised, then clipped."""
    y_pred = _as_float(y_pred)
    y_true = _as_float(y_true, y_pred.dtype)
    if label_smoothing:
        classes = float(y_true.shape[-1])
        y_true = y_true * (1.0 - label_smoothing) + label_smoothing / classes
    _check_same_shape(y_true, y_pred)
    if from_logits:
        return -reduction.reduce_sum(y_true * _log_softmax(y_pred, axis), axis=axis)
    p = _clip(y_pred / reduction.reduce_sum(y_pred, axis=axis, keepdims=True))
    return -reduction.reduce_sum(y_true * math_ops.log(p), axis=axis)


def sparse_categorical_crossentropy(y_true, y_pred, from_logits=False, axis=-1):
    """Cross-entropy with integer class labels ``y_true`` (shape ``y_pred.shape[:-1]``)."""
    y_pred = _as_float(y_pred)
    labels = to_tensor(y_true)
    if labels.ndim == y_pred.ndim and labels.shape[-1] == 1:
        labels = squeeze(labels, axis=-1)
    if labels.ndim != y_pred.ndim - 1 or tuple(labels.shape) != tuple(y_pred.shape)[:-1]:
        raise ValueError("Arguments `target` and `output` must have the same shape up until the last "
                         f"dimension: target.shape={labels.shape}, output.shape={y_pred.shape}")
    logits = y_pred if from_logits else math_ops.log(_clip(y_pred))
    targets = one_hot(cast(labels, dtypes.int32), int(y_pred.shape[-1]), dtype=y_pred.dtype)
    return -reduction.reduce_sum(targets * _log_softmax(logits, axis), axis=axis)


# ---------- Loss classes: call(y_true, y_pred) -> per-sample losses, then reduced ----------
_REDUCTIONS = ("sum_over_batch_size", "sum", "mean", "none", None)


class Loss:
    """Base class: ``loss(y_true, y_pred, sample_weight=None)`` reduces ``call``'s per-sample values.

    The default reduction ``"sum_over_batch_size"`` returns their mean (a float32 scalar).
    """

    def __init__(self, name=None, reduction="sum_over_batch_size", dtype=None):
        if reduction not in _REDUCTIONS:
            raise ValueError(f"Invalid value for argument `reduction`. Expected one of {set(_REDUCTIONS)}. "
                             f"Received: reduction={reduction}")
        self.name = name or to_snake_case(type(self).__name__)
        self.reduction = reduction
        self.dtype = dtypes.as_dtype(dtype) if dtype is not None else dtypes.float32

    def call(self, y_true, y_pred):
        raise NotImplementedError

    def __call__(self, y_true, y_pred, sample_weight=None):
        y_pred = _as_float(y_pred, self.dtype)
        y_true = _as_float(y_true, self.dtype)
        values = self.call(y_true, y_pred)
        if sample_weight is not None:
            weights = _as_float(sample_weight, values.dtype)
            values, weights = _same_rank(values, weights)
            values = values * weights
        if self.reduction in (None, "none") or values.ndim == 0:
            return values
        total = reduction.reduce_sum(values)
        if self.reduction == "sum":
            return total
        count = math.prod(int(d) for d in values.shape)
        return math_ops.divide_no_nan(total, math_ops.cast(count, total.dtype))

    def get_config(self) -> dict:
        return {"name": self.name, "reduction": self.reduction}


class LossFunctionWrapper(Loss):
    """A Loss whose ``call`` is a functional loss with fixed keyword arguments."""

    def __init__(self, fn, reduction="sum_over_batch_size", name=None, dtype=None, **kwargs):
        super().__init__(name=name, reduction=reduction, dtype=dtype)
        self.fn = fn
        self._fn_kwargs = kwargs

    def call(self, y_true, y_pred):
        y_true, y_pred = _same_rank(y_true, y_pred)
        return self.fn(y_true, y_pred, **self._fn_kwargs)


class MeanSquaredError(LossFunctionWrapper):
    def __init__(self, reduction="sum_over_batch_size", name="mean_squared_error", dtype=None):
        super().__init__(mean_squared_error, reduction=reduction, name=name, dtype=dtype)


class MeanAbsoluteError(LossFunctionWrapper):
    def __init__(self, reduction="sum_over_batch_size", name="mean_absolute_error", dtype=None):
        super().__init__(mean_absolute_error, reduction=reduction, name=name, dtype=dtype)


class BinaryCrossentropy(LossFunctionWrapper):
    def __init__(self, from_logits=False, label_smoothing=0.0, axis=-1, reduction="sum_over_batch_size",
                 name="binary_crossentropy", dtype=None):
        super().__init__(binary_crossentropy, reduction=reduction, name=name, dtype=dtype,
                         from_logits=from_logits, label_smoothing=label_smoothing, axis=axis)
        self.from_logits = from_logits


class CategoricalCrossentropy(LossFunctionWrapper):
    def __init__(self, from_logits=False, label_smoothing=0.0, axis=-1, reduction="sum_over_batch_size",
                 name="categorical_crossentropy", dtype=None):
        super().__init__(categorical_crossentropy, reduction=reduction, name=name, dtype=dtype,
                         from_logits=from_logits, label_smoothing=label_smoothing, axis=axis)
        self.from_logits = from_logits


class SparseCategoricalCrossentropy(LossFunctionWrapper):
    def __init__(self, from_logits=False, reduction="sum_over_batch_size",
                 name="sparse_categorical_crossentropy", dtype=None):
        super().__init__(sparse_categorical_crossentropy, reduction=reduction, name=name, dtype=dtype,
                         from_logits=from_logits)
        self.from_logits = from_logits

    def call(self, y_true, y_pred):  # labels keep their own rank: no squeeze/expand
        return self.fn(y_true, y_pred, **self._fn_kwargs)


def get(identifier):
    """A loss from a name (``"mean_squared_error"``, ``"MeanSquaredError"``), a Loss, or a callable."""
    if isinstance(identifier, str):
        found = _BY_NAME.get(identifier) or _BY_NAME.get(to_snake_case(identifier))
        if found is not None:
            return found
    elif callable(identifier):
        return identifier
    raise ValueError(f"Could not interpret loss identifier: {identifier}")


_BY_NAME = {"mean_squared_error": mean_squared_error, "mean_absolute_error": mean_absolute_error,
            "binary_crossentropy": binary_crossentropy, "categorical_crossentropy": categorical_crossentropy,
            "sparse_categorical_crossentropy": sparse_categorical_crossentropy}
