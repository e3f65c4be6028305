"""``tk.keras.losses``: loss functions (one value per sample) and Loss classes (their mean), as in Keras 3."""

from __future__ import annotations

import math

import numpy as np

from .._base import dtypes
from ..errors import InvalidArgumentError
from .._base.i18n import _, hint_line
from .._core.ops import math_ops, reduction
from .._core.ops.array_ops import expand_dims, squeeze
from .._core.ops.creation import one_hot, zeros_like
from .._core.ops.math_ops import cast, to_tensor
from .._core.values.tensor import Tensor
from .naming import to_snake_case

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


def squeeze_or_expand_to_same_rank(y_true: Tensor, y_pred: Tensor):
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
    y_true, y_pred = squeeze_or_expand_to_same_rank(_as_float(y_true, y_pred.dtype), y_pred)
    return reduction.reduce_mean(math_ops.square(y_true - y_pred), axis=-1)


def mean_absolute_error(y_true, y_pred):
    """``mean(abs(y_true - y_pred), axis=-1)``."""
    y_pred = _as_float(y_pred)
    y_true, y_pred = squeeze_or_expand_to_same_rank(_as_float(y_true, y_pred.dtype), y_pred)
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


def sparse_categorical_crossentropy(y_true, y_pred, from_logits=False, ignore_class=None, axis=-1):
    """Cross-entropy with integer class labels ``y_true`` (shape ``y_pred.shape[:-1]``).

    Labels equal to ``ignore_class`` contribute 0.
    """
    if not hasattr(y_true, "shape"):  # Keras reads y_true.shape first
        raise AttributeError(f"'{type(y_true).__name__}' object has no attribute 'shape'"
                             + hint_line(_("pass the labels as a tensor or NumPy array, e.g. "
                                           "tk.constant([1, 0]).")))
    y_pred = _as_float(y_pred)
    labels = to_tensor(y_true)
    if labels.ndim == y_pred.ndim and labels.shape[-1] == 1:
        labels = squeeze(labels, axis=-1)
    if labels.ndim != y_pred.ndim - 1 or tuple(labels.shape) != tuple(y_pred.shape)[:-1]:
        raise ValueError("Arguments `target` and `output` must have the same shape up until the last "
                         f"dimension: target.shape={labels.shape}, output.shape={y_pred.shape}")
    valid = None
    if ignore_class is not None:
        valid = _valid_labels(labels, ignore_class)
        labels = math_ops.where(valid, labels, zeros_like(labels))
        y_pred = math_ops.where(expand_dims(valid, axis), y_pred, zeros_like(y_pred))
    _check_label_range(labels, int(y_pred.shape[-1]))
    logits = y_pred if from_logits else math_ops.log(_clip(y_pred))
    targets = one_hot(cast(labels, dtypes.int32), int(y_pred.shape[-1]), dtype=y_pred.dtype)
    result = -reduction.reduce_sum(targets * _log_softmax(logits, axis), axis=axis)
    if valid is not None:
        result = math_ops.where(valid, result, zeros_like(result))
    return result


def _check_label_range(labels, classes: int):
    values = np.asarray(labels.numpy()).astype(np.int64).reshape(-1)
    bad = values[(values < 0) | (values >= classes)]
    if bad.size:
        raise InvalidArgumentError(
            f"Received a label value of {bad[0]} which is outside the valid range of [0, {classes}).  Label values: "
            f"{' '.join(str(v) for v in values)} [Op:SparseSoftmaxCrossEntropyWithLogits] name: "
            + hint_line(_("labels are class numbers 0..{last}; the last axis of the predictions has "
                          "{classes} classes.").format(last=classes - 1, classes=classes)),
            op="SparseSoftmaxCrossEntropyWithLogits")


def _valid_labels(labels, ignore_class):
    return math_ops.not_equal(labels, cast(ignore_class, labels.dtype))


def _pair(y_true, y_pred):
    """``y_pred`` as a float tensor and ``y_true`` in its dtype, ranks made equal (Keras's first lines)."""
    y_pred = _as_float(y_pred)
    return squeeze_or_expand_to_same_rank(_as_float(y_true, y_pred.dtype), y_pred)


def huber(y_true, y_pred, delta=1.0):
    """``0.5 * e**2`` where ``|e| <= delta``, else ``delta * |e| - 0.5 * delta**2``; mean over the last axis."""
    y_true, y_pred = _pair(y_true, y_pred)
    delta = to_tensor(delta, dtype_hint=y_pred.dtype)
    error = y_pred - y_true
    abs_error = math_ops.abs(error)
    half = cast(0.5, abs_error.dtype)
    return reduction.reduce_mean(math_ops.where(math_ops.less_equal(abs_error, delta), half * math_ops.square(error),
                                                delta * abs_error - half * math_ops.square(delta)), axis=-1)


def log_cosh(y_true, y_pred):
    """``mean(log(cosh(y_pred - y_true)), axis=-1)``, computed without overflow."""
    y_true, y_pred = _pair(y_true, y_pred)
    log2 = cast(math.log(2.0), y_pred.dtype)
    x = y_pred - y_true
    return reduction.reduce_mean(x + math_ops.softplus(x * -2.0) - log2, axis=-1)


def mean_absolute_percentage_error(y_true, y_pred):
    """``100 * mean(|(y_true - y_pred) / max(|y_true|, 1e-7)|, axis=-1)``."""
    y_true, y_pred = _pair(y_true, y_pred)
    diff = math_ops.abs((y_true - y_pred) / math_ops.maximum(math_ops.abs(y_true), EPSILON))
    return 100.0 * reduction.reduce_mean(diff, axis=-1)


def mean_squared_logarithmic_error(y_true, y_pred):
    """``mean((log(max(y_pred, eps) + 1) - log(max(y_true, eps) + 1))**2, axis=-1)``."""
    y_true, y_pred = _pair(y_true, y_pred)
    first = math_ops.log(math_ops.maximum(y_pred, EPSILON) + 1.0)
    second = math_ops.log(math_ops.maximum(y_true, EPSILON) + 1.0)
    return reduction.reduce_mean(math_ops.square(first - second), axis=-1)


def _l2_normalize(x, axis):
    square_sum = reduction.reduce_sum(math_ops.square(x), axis=axis, keepdims=True)
    return x * math_ops.rsqrt(math_ops.maximum(square_sum, EPSILON))


def cosine_similarity(y_true, y_pred, axis=-1):
    """``-sum(normalize(y_true) * normalize(y_pred), axis)``: -1 for the same direction."""
    y_true, y_pred = _pair(y_true, y_pred)
    return -reduction.reduce_sum(_l2_normalize(y_true, axis) * _l2_normalize(y_pred, axis), axis=axis)


def _hinge_labels(y_true):
    """0/1 labels become -1/1 (other labels are kept)."""
    binary = reduction.reduce_all(math_ops.logical_or(math_ops.equal(y_true, 0.0), math_ops.equal(y_true, 1.0)))
    return 2.0 * y_true - 1.0 if bool(binary) else y_true


def hinge(y_true, y_pred):
    """``mean(max(1 - y_true * y_pred, 0), axis=-1)`` with labels -1/1 (0/1 are converted)."""
    y_pred = _as_float(y_pred)
    y_true = _hinge_labels(cast(to_tensor(y_true), y_pred.dtype))
    return reduction.reduce_mean(math_ops.maximum(1.0 - y_true * y_pred, 0.0), axis=-1)


def squared_hinge(y_true, y_pred):
    """``mean(max(1 - y_true * y_pred, 0)**2, axis=-1)`` with labels -1/1 (0/1 are converted)."""
    y_pred = _as_float(y_pred)
    y_true = _hinge_labels(cast(to_tensor(y_true), y_pred.dtype))
    return reduction.reduce_mean(math_ops.square(math_ops.maximum(1.0 - y_true * y_pred, 0.0)), axis=-1)


def categorical_hinge(y_true, y_pred):
    """``max(max((1 - y_true) * y_pred) - sum(y_true * y_pred) + 1, 0)`` for one-hot ``y_true``."""
    y_pred = _as_float(y_pred)
    y_true = cast(to_tensor(y_true), y_pred.dtype)
    pos = reduction.reduce_sum(y_true * y_pred, axis=-1)
    neg = reduction.reduce_max((1.0 - y_true) * y_pred, axis=-1)
    return math_ops.maximum(neg - pos + 1.0, cast(0.0, y_pred.dtype))


def kl_divergence(y_true, y_pred):
    """``sum(y_true * log(y_true / y_pred), axis=-1)``, both clipped to [1e-7, 1]."""
    y_pred = _as_float(y_pred)
    y_true = _as_float(y_true, y_pred.dtype)
    y_true = math_ops.minimum(math_ops.maximum(y_true, EPSILON), 1.0)
    y_pred = math_ops.minimum(math_ops.maximum(y_pred, EPSILON), 1.0)
    return reduction.reduce_sum(y_true * math_ops.log(y_true / y_pred), axis=-1)


def poisson(y_true, y_pred):
    """``mean(y_pred - y_true * log(y_pred + 1e-7), axis=-1)``."""
    y_pred = _as_float(y_pred)
    y_true = _as_float(y_true, y_pred.dtype)
    return reduction.reduce_mean(y_pred - y_true * math_ops.log(y_pred + EPSILON), axis=-1)


# ---------- Loss classes: call(y_true, y_pred) -> per-sample losses, then reduced ----------
def _structure(value):
    """The nesting of Python lists, tuples and dicts in ``value`` (tensors, arrays and numbers are leaves)."""
    if isinstance(value, (list, tuple)):
        return [_structure(v) for v in value]
    if isinstance(value, dict):
        return {k: _structure(v) for k, v in value.items()}
    return None


_REDUCTIONS = ("sum_over_batch_size", "sum", "mean", "mean_with_sample_weight", "none", None)


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
        raise NotImplementedError(f"Loss {type(self).__name__} does not implement call(y_true, y_pred).")

    def _mask(self, y_true, y_pred):
        """Which per-sample values count (None: all); ``ignore_class`` uses it."""
        return None

    def __call__(self, y_true, y_pred, sample_weight=None):
        if _structure(y_true) != _structure(y_pred):
            raise ValueError("Structures don't have the same nested structure."
                             + hint_line(_("Keras 3 reads Python lists as nested structures: pass y_true "
                                           "and y_pred both as tensors (or NumPy arrays), e.g. "
                                           "loss(tk.constant(labels), predictions).")))
        y_pred = _as_float(y_pred, self.dtype)
        y_true = _as_float(y_true, self.dtype)
        values = self.call(y_true, y_pred)
        weights = None if sample_weight is None else _as_float(sample_weight, values.dtype)
        mask = self._mask(y_true, y_pred)
        if mask is not None:  # Keras's apply_mask: masked values count 0, the mean is over the others
            mask = cast(mask, values.dtype)
            if self.reduction in ("mean", "sum_over_batch_size"):
                total = cast(math.prod(int(d) for d in mask.shape), values.dtype)
                mask = mask * (total / (reduction.reduce_sum(mask) + EPSILON))
            if weights is not None:
                mask, weights = squeeze_or_expand_to_same_rank(mask, weights)
                weights = weights * mask
            else:
                weights = mask
        if weights is not None:
            values, weights = squeeze_or_expand_to_same_rank(values, weights)
            values = values * weights
        if self.reduction in (None, "none") or values.ndim == 0 or tuple(values.shape) == (0,):
            return values
        total = reduction.reduce_sum(values)
        if self.reduction == "sum":
            return total
        if self.reduction == "mean_with_sample_weight" and weights is not None:
            divisor = cast(reduction.reduce_sum(weights), total.dtype)
        else:
            divisor = math_ops.cast(math.prod(int(d) for d in values.shape), total.dtype)
        return math_ops.divide_no_nan(total, divisor)

    def get_config(self) -> dict:
        return {"name": self.name, "reduction": self.reduction}


class LossFunctionWrapper(Loss):
    """A Loss whose ``call`` is a functional loss with fixed keyword arguments."""

    def __init__(self, fn, reduction="sum_over_batch_size", name=None, dtype=None, **kwargs):
        super().__init__(name=name, reduction=reduction, dtype=dtype)
        self.fn = fn
        self._fn_kwargs = kwargs

    def call(self, y_true, y_pred):
        y_true, y_pred = squeeze_or_expand_to_same_rank(y_true, y_pred)
        return self.fn(y_true, y_pred, **self._fn_kwargs)


def _wrapper(class_name: str, fn, default_name: str, doc: str, extra=(), config_keys=()):
    """A LossFunctionWrapper subclass whose ``__init__`` takes ``extra`` keyword arguments (name, default)."""
    extra_names = [k for k, _ in extra]

    def __init__(self, *args, **kwargs):
        params = extra_names + ["reduction", "name", "dtype"]
        if len(args) > len(params):
            raise TypeError(f"{class_name}.__init__() takes from 1 to {len(params) + 1} positional arguments but "
                            f"{len(args) + 1} were given")
        unknown = [k for k in kwargs if k not in params]
        if unknown:
            raise TypeError(f"{class_name}.__init__() got an unexpected keyword argument '{unknown[0]}'")
        values = dict(extra) | {"reduction": "sum_over_batch_size", "name": default_name, "dtype": None}
        values.update(zip(params, args))
        values.update(kwargs)
        LossFunctionWrapper.__init__(self, fn, reduction=values["reduction"], name=values["name"],
                                     dtype=values["dtype"], **{k: values[k] for k in extra_names})
        for key in extra_names:
            setattr(self, key, values[key])

    def get_config(self) -> dict:
        return {**Loss.get_config(self), **{k: getattr(self, k) for k in config_keys}}

    signature = ", ".join(f"{k}={v!r}" for k, v in [*extra, ("reduction", "sum_over_batch_size"),
                                                      ("name", default_name), ("dtype", None)])
    return type(class_name, (LossFunctionWrapper,), {"__init__": __init__, "get_config": get_config,
                                                      "__doc__": f"{doc}\n\n``{class_name}({signature})``",
                                                      "__module__": __name__})


MeanSquaredError = _wrapper("MeanSquaredError", mean_squared_error, "mean_squared_error",
                            "The mean of ``(y_true - y_pred)**2`` (reduced over the batch).")
MeanAbsoluteError = _wrapper("MeanAbsoluteError", mean_absolute_error, "mean_absolute_error",
                             "The mean of ``|y_true - y_pred|``.")
BinaryCrossentropy = _wrapper("BinaryCrossentropy", binary_crossentropy, "binary_crossentropy",
                              "Cross-entropy of 0/1 labels and probabilities (or logits with ``from_logits=True``).",
                              (("from_logits", False), ("label_smoothing", 0.0), ("axis", -1)),
                              ("from_logits", "label_smoothing", "axis"))
CategoricalCrossentropy = _wrapper("CategoricalCrossentropy", categorical_crossentropy, "categorical_crossentropy",
                                   "Cross-entropy of one-hot labels and class probabilities (or logits).",
                                   (("from_logits", False), ("label_smoothing", 0.0), ("axis", -1)),
                                   ("from_logits", "label_smoothing", "axis"))
Huber = _wrapper("Huber", huber, "huber_loss", "Squared error for small errors, absolute error beyond ``delta``.",
                 (("delta", 1.0),))
LogCosh = _wrapper("LogCosh", log_cosh, "log_cosh", "The mean of ``log(cosh(y_pred - y_true))``.")
KLDivergence = _wrapper("KLDivergence", kl_divergence, "kl_divergence",
                        "Kullback-Leibler divergence ``sum(y_true * log(y_true / y_pred))``.")
Poisson = _wrapper("Poisson", poisson, "poisson", "The mean of ``y_pred - y_true * log(y_pred)``.")
Hinge = _wrapper("Hinge", hinge, "hinge", "The mean of ``max(1 - y_true * y_pred, 0)`` (labels -1/1 or 0/1).")
SquaredHinge = _wrapper("SquaredHinge", squared_hinge, "squared_hinge",
                        "The mean of ``max(1 - y_true * y_pred, 0)**2``.")
CategoricalHinge = _wrapper("CategoricalHinge", categorical_hinge, "categorical_hinge",
                            "``max(neg - pos + 1, 0)`` for one-hot labels.")
CosineSimilarity = _wrapper("CosineSimilarity", cosine_similarity, "cosine_similarity",
                            "Minus the cosine of the angle between ``y_true`` and ``y_pred``.", (("axis", -1),))
MeanAbsolutePercentageError = _wrapper("MeanAbsolutePercentageError", mean_absolute_percentage_error,
                                       "mean_absolute_percentage_error", "``100 * mean(|error / y_true|)``.")
MeanSquaredLogarithmicError = _wrapper("MeanSquaredLogarithmicError", mean_squared_logarithmic_error,
                                       "mean_squared_logarithmic_error",
                                       "The mean of ``(log(y_pred + 1) - log(y_true + 1))**2``.")


class SparseCategoricalCrossentropy(LossFunctionWrapper):
    """Cross-entropy of integer class labels and class probabilities (or logits with ``from_logits=True``)."""

    def __init__(self, from_logits=False, ignore_class=None, reduction="sum_over_batch_size", axis=-1,
                 name="sparse_categorical_crossentropy", dtype=None):
        super().__init__(sparse_categorical_crossentropy, reduction=reduction, name=name, dtype=dtype,
                         from_logits=from_logits, ignore_class=ignore_class, axis=axis)
        self.from_logits = from_logits
        self.ignore_class = ignore_class

    def call(self, y_true, y_pred):  # labels keep their own rank: no squeeze/expand
        return self.fn(y_true, y_pred, **self._fn_kwargs)

    def _mask(self, y_true, y_pred):
        if self.ignore_class is None:
            return None
        labels = y_true
        if labels.ndim == y_pred.ndim and labels.shape[-1] == 1:
            labels = squeeze(labels, axis=-1)
        return _valid_labels(labels, self.ignore_class)

    def get_config(self) -> dict:
        return {**Loss.get_config(self), "from_logits": self.from_logits, "ignore_class": self.ignore_class}


def get(identifier):
    """A loss from a name (``"mean_squared_error"``, ``"mse"``, ``"MeanSquaredError"``), a Loss, or a callable."""
    if identifier is None:
        return None
    obj = identifier
    if isinstance(identifier, dict):
        obj = _CLASSES.get(identifier.get("class_name"))
        obj = obj(**(identifier.get("config") or {})) if obj is not None else None
    elif isinstance(identifier, str):
        obj = _BY_NAME.get(identifier)
    if callable(obj):
        return obj() if isinstance(obj, type) else obj
    raise ValueError(f"Could not interpret loss identifier: {identifier}")


_FUNCTIONS = (mean_squared_error, mean_absolute_error, binary_crossentropy, categorical_crossentropy,
              sparse_categorical_crossentropy, huber, log_cosh, kl_divergence, poisson, hinge, squared_hinge,
              categorical_hinge, cosine_similarity, mean_absolute_percentage_error, mean_squared_logarithmic_error)
_CLASSES = {cls.__name__: cls for cls in (
    MeanSquaredError, MeanAbsoluteError, BinaryCrossentropy, CategoricalCrossentropy, SparseCategoricalCrossentropy,
    Huber, LogCosh, KLDivergence, Poisson, Hinge, SquaredHinge, CategoricalHinge, CosineSimilarity,
    MeanAbsolutePercentageError, MeanSquaredLogarithmicError)}
_BY_NAME = {fn.__name__: fn for fn in _FUNCTIONS} | _CLASSES | {
    "bce": binary_crossentropy, "BCE": binary_crossentropy, "kld": kl_divergence, "KLD": kl_divergence,
    "mae": mean_absolute_error, "MAE": mean_absolute_error, "mse": mean_squared_error, "MSE": mean_squared_error,
    "mape": mean_absolute_percentage_error, "MAPE": mean_absolute_percentage_error,
    "msle": mean_squared_logarithmic_error, "MSLE": mean_squared_logarithmic_error}


def serialize(loss):
    """A Loss as its class name and config; a loss function as its name (None and strings as they are)."""
    if isinstance(loss, Loss):
        return {"module": "keras.losses", "class_name": type(loss).__name__, "config": loss.get_config(),
                "registered_name": None}
    if callable(loss) and getattr(loss, "__name__", None) in _BY_NAME:
        return {"module": "builtins", "class_name": "function", "config": loss.__name__, "registered_name": "function"}
    return loss


def deserialize(config, custom_objects=None):
    """The loss that ``serialize`` described: a function by its name, a Loss from its class name and config.
    An unknown name comes back as it is, as in Keras (it is checked where the loss is used)."""
    if isinstance(config, dict):
        name = config.get("class_name")
        if name == "function":
            return deserialize(config.get("config"))
        cls = _CLASSES.get(name)
        return name if cls is None else cls(**(config.get("config") or {}))
    if not isinstance(config, str):
        return config
    found = _BY_NAME.get(config)
    if found is None:
        return config
    if isinstance(found, type):
        return found()
    if found.__name__ != config:   # a short alias such as "mse": Keras looks it up as a metric and fails
        raise ValueError(f"Could not deserialize 'keras.metrics.{config}' because it is not a KerasSaveable subclass"
                         + hint_line(_("use the full name: '{name}'.").format(name=found.__name__)))
    return found


# tf.keras's short aliases (``tf.keras.losses.MSE``, ...): TF 2.21's tf.keras has them, Keras 3's
# ``keras.losses`` does not. tapekit's keras is Keras 3's, so they are not here; asking for one
# names the function to use (docs/DIFFERENCES.md).
_TF_KERAS_ALIASES = {"MSE": "mean_squared_error", "mse": "mean_squared_error", "MAE": "mean_absolute_error",
                     "mae": "mean_absolute_error", "MAPE": "mean_absolute_percentage_error",
                     "mape": "mean_absolute_percentage_error", "MSLE": "mean_squared_logarithmic_error",
                     "msle": "mean_squared_logarithmic_error", "KLD": "kl_divergence", "kld": "kl_divergence",
                     "kullback_leibler_divergence": "kl_divergence", "logcosh": "log_cosh"}


def __getattr__(name):
    if name in _TF_KERAS_ALIASES:
        raise AttributeError(f"module 'keras.losses' has no attribute '{name}': tf.keras's alias {name} is not in "
                             "tapekit, whose keras is Keras 3's."
                             + hint_line(_("use keras.losses.{function} (the same function).").format(
                                 function=_TF_KERAS_ALIASES[name])))
    raise AttributeError(f"module 'keras.losses' has no attribute '{name}'")
