"""``tk.keras.metrics``: running means for custom training loops (``Mean``, accuracies, errors).

``metric.update_state(...)`` adds a batch, ``metric.result()`` is the value so far,
``metric.reset_state()`` starts again, and ``metric(...)`` updates then returns the result.
The state lives in non-trainable Keras variables (``<name>/total``, ``<name>/count``).
"""

from __future__ import annotations

import numpy as np

from .._base import dtypes
from .._core.ops import math_ops, reduction
from .._core.ops.array_ops import reshape, squeeze
from .._core.ops.creation import zeros
from .._core.ops.math_ops import cast, to_tensor
from .._core.ops.sort_ops import in_top_k
from . import losses, naming
from .losses import squeeze_or_expand_to_same_rank
from .variables import Variable, dtype_name, standardize_dtype


def _float(x, dtype=dtypes.float32):
    t = to_tensor(x)
    return t if t.dtype is dtype else cast(t, dtype)


# ---------- per-sample functions ----------
def accuracy(y_true, y_pred):
    """1.0 where ``y_pred == y_true``, else 0.0."""
    y_pred = to_tensor(y_pred)
    y_true = to_tensor(y_true, dtype_hint=y_pred.dtype)
    y_true, y_pred = squeeze_or_expand_to_same_rank(y_true, y_pred)
    if y_true.dtype is not y_pred.dtype:
        y_true = cast(y_true, y_pred.dtype)
    return _float(math_ops.equal(y_true, y_pred))


def binary_accuracy(y_true, y_pred, threshold=0.5):
    """1.0 where ``(y_pred > threshold) == y_true``, else 0.0."""
    y_pred = to_tensor(y_pred)
    y_true = to_tensor(y_true)
    y_true, y_pred = squeeze_or_expand_to_same_rank(y_true, y_pred)
    predicted = cast(math_ops.greater(y_pred, cast(threshold, y_pred.dtype)), y_true.dtype)
    return _float(math_ops.equal(y_true, predicted))


def categorical_accuracy(y_true, y_pred):
    """1.0 where the largest prediction is at the one-hot label's position."""
    y_pred = to_tensor(y_pred)
    y_true = to_tensor(y_true)
    return _float(math_ops.equal(reduction.argmax(y_true, axis=-1), reduction.argmax(y_pred, axis=-1)))


def sparse_categorical_accuracy(y_true, y_pred):
    """1.0 where the largest prediction is at the integer label."""
    y_pred = _float(y_pred)
    y_true = _float(y_true)
    original_shape = tuple(y_true.shape)
    reshape_matches = y_true.ndim == y_pred.ndim and original_shape[-1] == 1
    if reshape_matches:
        y_true = squeeze(y_true, -1)
    predicted = cast(reduction.argmax(y_pred, axis=-1), y_true.dtype)
    matches = _float(math_ops.equal(y_true, predicted))
    if reshape_matches:
        matches = reshape(matches, original_shape)
    if matches.ndim > 1 and matches.shape[-1] == 1:
        matches = squeeze(matches, -1)
    return matches


mean_squared_error = losses.mean_squared_error
mean_absolute_error = losses.mean_absolute_error
binary_crossentropy = losses.binary_crossentropy
categorical_crossentropy = losses.categorical_crossentropy
sparse_categorical_crossentropy = losses.sparse_categorical_crossentropy
mean_absolute_percentage_error = losses.mean_absolute_percentage_error
mean_squared_logarithmic_error = losses.mean_squared_logarithmic_error
kl_divergence = losses.kl_divergence
log_cosh = losses.log_cosh
hinge = losses.hinge
squared_hinge = losses.squared_hinge
categorical_hinge = losses.categorical_hinge
poisson = losses.poisson
huber = losses.huber


# ---------- Metric classes ----------
class Metric:
    """Base class: state in ``add_variable`` variables, ``update_state``/``result``/``reset_state``."""

    def __init__(self, dtype=None, name=None):
        self.name = name or naming.to_snake_case(type(self).__name__)
        self._dtype = standardize_dtype(dtype)
        self._variables: list = []

    @property
    def dtype(self):
        return dtype_name(self._dtype)

    @property
    def variables(self) -> list:
        return list(self._variables)

    def add_variable(self, shape, initializer="zeros", dtype=None, aggregation="sum", name=None):
        with naming.name_scope(self.name.replace("/", ">"), caller=self):
            variable = Variable(initializer, shape=shape, dtype=dtype or self._dtype, trainable=False,
                                aggregation=aggregation, name=name)
        self._variables.append(variable)
        return variable

    def update_state(self, *args, **kwargs):
        raise NotImplementedError(f"Metric {type(self).__name__} does not implement update_state().")

    def result(self):
        raise NotImplementedError(f"Metric {type(self).__name__} does not implement result().")

    def reset_state(self):
        """Set every state variable back to zero."""
        for variable in self._variables:
            variable.assign(zeros(tuple(variable.shape), dtype=standardize_dtype(variable.dtype)))

    def __call__(self, *args, **kwargs):
        self.update_state(*args, **kwargs)
        return self.result()

    def get_config(self) -> dict:
        return {"name": self.name, "dtype": self.dtype}

    @classmethod
    def from_config(cls, config):
        return cls(**config)

    def __repr__(self) -> str:
        return f"<{type(self).__name__} name={self.name}>"

    __str__ = __repr__


def _samplewise(values, sample_weight, dtype):
    """Keras's reduce_to_samplewise_values: per-sample means, weighted when ``sample_weight`` is given."""
    values = _float(values, dtype)
    if sample_weight is not None:
        sample_weight = _float(sample_weight, dtype)
        values, sample_weight = squeeze_or_expand_to_same_rank(values, sample_weight)
        if values.ndim > sample_weight.ndim:
            values = reduction.reduce_mean(values, axis=list(range(sample_weight.ndim, values.ndim)))
        sample_weight = sample_weight + zeros(tuple(values.shape), dtype=dtype)
        values = values * sample_weight
        if sample_weight.ndim > 1:
            sample_weight = reduction.reduce_mean(sample_weight, axis=list(range(1, sample_weight.ndim)))
    if values.ndim > 1:
        values = reduction.reduce_mean(values, axis=list(range(1, values.ndim)))
    return values, sample_weight


class Sum(Metric):
    """The running sum of the values (weighted)."""

    def __init__(self, name="sum", dtype=None):
        super().__init__(name=name, dtype=dtype)
        self.total = self.add_variable(shape=(), initializer="zeros", dtype=self._dtype, name="total")

    def update_state(self, values, sample_weight=None):
        values, _ = _samplewise(values, sample_weight, self._dtype)
        self.total.assign_add(reduction.reduce_sum(values))

    def result(self):
        return self.total.value.read_value()


class Mean(Metric):
    """The running (weighted) mean of the values: ``total / count``."""

    def __init__(self, name="mean", dtype=None):
        super().__init__(name=name, dtype=dtype)
        self.total = self.add_variable(shape=(), initializer="zeros", dtype=self._dtype, name="total")
        self.count = self.add_variable(shape=(), initializer="zeros", dtype=self._dtype, name="count")

    def update_state(self, values, sample_weight=None):
        values, sample_weight = _samplewise(values, sample_weight, self._dtype)
        self.total.assign_add(reduction.reduce_sum(values))
        if sample_weight is not None:
            count = reduction.reduce_sum(sample_weight)
        else:
            count = values.shape[0] if values.ndim >= 1 else 1
        self.count.assign_add(cast(count, self._dtype))

    def result(self):
        return math_ops.divide_no_nan(self.total.value.read_value(), cast(self.count, self._dtype))


class MeanMetricWrapper(Mean):
    """The running mean of ``fn(y_true, y_pred)``."""

    def __init__(self, fn, name=None, dtype=None, **kwargs):
        super().__init__(name=name, dtype=dtype)
        self._fn = fn
        self._fn_kwargs = kwargs

    def update_state(self, y_true, y_pred, sample_weight=None):
        return super().update_state(self._fn(y_true, y_pred, **self._fn_kwargs), sample_weight=sample_weight)

    def get_config(self) -> dict:
        return {**super().get_config(), **self._fn_kwargs}


def _wrapper(class_name, fn, default_name, doc, extra=()):
    extra = dict(extra)

    def __init__(self, name=default_name, dtype=None, **kwargs):
        unknown = [k for k in kwargs if k not in extra]
        if unknown:
            raise TypeError(f"{class_name}.__init__() got an unexpected keyword argument '{unknown[0]}'")
        MeanMetricWrapper.__init__(self, fn, name=name, dtype=dtype, **(extra | kwargs))

    return type(class_name, (MeanMetricWrapper,), {"__init__": __init__, "__doc__": doc, "__module__": __name__})


Accuracy = _wrapper("Accuracy", accuracy, "accuracy", "How often predictions equal the labels.")
BinaryAccuracy = _wrapper("BinaryAccuracy", binary_accuracy, "binary_accuracy",
                          "How often ``y_pred > threshold`` matches 0/1 labels.", {"threshold": 0.5})
CategoricalAccuracy = _wrapper("CategoricalAccuracy", categorical_accuracy, "categorical_accuracy",
                               "How often the top prediction is the one-hot label.")
SparseCategoricalAccuracy = _wrapper("SparseCategoricalAccuracy", sparse_categorical_accuracy,
                                     "sparse_categorical_accuracy", "How often the top prediction is the label.")
MeanSquaredError = _wrapper("MeanSquaredError", mean_squared_error, "mean_squared_error",
                            "The running mean squared error.")
MeanAbsoluteError = _wrapper("MeanAbsoluteError", mean_absolute_error, "mean_absolute_error",
                             "The running mean absolute error.")


class RootMeanSquaredError(Mean):
    """``sqrt`` of the running mean squared error."""

    def __init__(self, name="root_mean_squared_error", dtype=None):
        super().__init__(name=name, dtype=dtype)

    def update_state(self, y_true, y_pred, sample_weight=None):
        y_pred = _float(y_pred, self._dtype)
        y_true = _float(y_true, self._dtype)
        y_true, y_pred = squeeze_or_expand_to_same_rank(y_true, y_pred)
        return super().update_state(math_ops.square(y_true - y_pred), sample_weight=sample_weight)

    def result(self):
        return math_ops.sqrt(super().result())


# ---------- more per-sample functions and their running means ----------
def _cosine_similarity(y_true, y_pred, axis=-1):
    """``sum(normalize(y_true) * normalize(y_pred), axis)``: 1 for the same direction (the loss is its negative)."""
    return -losses.cosine_similarity(y_true, y_pred, axis=axis)


def top_k_categorical_accuracy(y_true, y_pred, k=5):
    """1.0 where the one-hot label's position is among the ``k`` largest predictions."""
    return sparse_top_k_categorical_accuracy(reduction.argmax(to_tensor(y_true), axis=-1), y_pred, k=k)


def sparse_top_k_categorical_accuracy(y_true, y_pred, k=5):
    """1.0 where the integer label is among the ``k`` largest predictions (ties count as in)."""
    y_pred = to_tensor(y_pred)
    y_true = to_tensor(y_true)
    if y_true.ndim == y_pred.ndim:
        y_true = squeeze(y_true, -1)
    shape = tuple(y_true.shape)
    if y_pred.ndim > 2:
        y_pred = reshape(y_pred, [-1, y_pred.shape[-1]])
    matches = _float(in_top_k(reshape(cast(y_true, dtypes.int32), [-1]), y_pred, k))
    return reshape(matches, shape) if len(shape) != 1 else matches


BinaryCrossentropy = _wrapper("BinaryCrossentropy", binary_crossentropy, "binary_crossentropy",
                              "The running mean binary cross-entropy.", {"from_logits": False, "label_smoothing": 0})
CategoricalCrossentropy = _wrapper("CategoricalCrossentropy", categorical_crossentropy, "categorical_crossentropy",
                                   "The running mean categorical cross-entropy.",
                                   {"from_logits": False, "label_smoothing": 0, "axis": -1})
SparseCategoricalCrossentropy = _wrapper("SparseCategoricalCrossentropy", sparse_categorical_crossentropy,
                                         "sparse_categorical_crossentropy",
                                         "The running mean sparse categorical cross-entropy.",
                                         {"from_logits": False, "ignore_class": None, "axis": -1})
Hinge = _wrapper("Hinge", hinge, "hinge", "The running mean hinge loss.")
SquaredHinge = _wrapper("SquaredHinge", squared_hinge, "squared_hinge", "The running mean squared hinge loss.")
CategoricalHinge = _wrapper("CategoricalHinge", categorical_hinge, "categorical_hinge",
                            "The running mean categorical hinge loss.")
KLDivergence = _wrapper("KLDivergence", kl_divergence, "kl_divergence", "The running mean KL divergence.")
LogCoshError = _wrapper("LogCoshError", log_cosh, "logcosh", "The running mean log-cosh error.")
MeanAbsolutePercentageError = _wrapper("MeanAbsolutePercentageError", mean_absolute_percentage_error,
                                       "mean_absolute_percentage_error", "The running mean absolute percentage error.")
MeanSquaredLogarithmicError = _wrapper("MeanSquaredLogarithmicError", mean_squared_logarithmic_error,
                                       "mean_squared_logarithmic_error", "The running mean squared log error.")
Poisson = _wrapper("Poisson", poisson, "poisson", "The running mean Poisson loss.")
CosineSimilarity = _wrapper("CosineSimilarity", _cosine_similarity, "cosine_similarity",
                            "The running mean cosine similarity (along the last axis).")
TopKCategoricalAccuracy = _wrapper("TopKCategoricalAccuracy", top_k_categorical_accuracy,
                                   "top_k_categorical_accuracy", "How often the one-hot label is in the top k.",
                                   {"k": 5})
SparseTopKCategoricalAccuracy = _wrapper("SparseTopKCategoricalAccuracy", sparse_top_k_categorical_accuracy,
                                         "sparse_top_k_categorical_accuracy",
                                         "How often the integer label is in the top k.",
                                         {"k": 5})


# ---------- counts of true/false positives/negatives at thresholds ----------
def _thresholds(thresholds) -> list:
    values = [0.5] if thresholds is None else (list(thresholds) if isinstance(thresholds, (list, tuple))
                                               else [thresholds])
    if any(not 0.0 <= float(t) <= 1.0 for t in values):
        raise ValueError(f"Threshold values must be in [0, 1]. Received: {values}")
    return [float(t) for t in values]


def _confusion_counts(y_true, y_pred, thresholds, sample_weight, class_id=None):
    """Per threshold: (true positives, false positives, true negatives, false negatives), weighted."""
    y_pred = _float(y_pred)
    y_true = to_tensor(y_true)
    y_true, y_pred = squeeze_or_expand_to_same_rank(y_true, y_pred)
    if class_id is not None:
        y_true, y_pred = y_true[..., class_id], y_pred[..., class_id]
    weight = 1.0 if sample_weight is None else _float(sample_weight) + zeros(tuple(y_pred.shape))
    is_positive = _float(math_ops.not_equal(_float(y_true), 0.0))   # any nonzero label is a positive
    positive = reshape(is_positive * weight, [1, -1])
    negative = reshape((1.0 - is_positive) * weight, [1, -1])
    above = _float(math_ops.greater(reshape(y_pred, [1, -1]), _float([[float(t)] for t in thresholds])))
    below = 1.0 - above
    return [reduction.reduce_sum(a * b, axis=1) for a, b in
            ((above, positive), (above, negative), (below, negative), (below, positive))]


class _ConfusionMetric(Metric):
    """State: one accumulator per threshold for each count the result needs."""

    _counts: tuple = ()   # names among true_positives, false_positives, true_negatives, false_negatives

    def __init__(self, thresholds=None, top_k=None, class_id=None, name=None, dtype=None):
        if top_k is not None:
            raise NotImplementedError("top_k is not in tapekit's confusion metrics; pass thresholds instead.")
        super().__init__(name=name or naming.auto_name(type(self).__name__), dtype=dtype)
        self.init_thresholds = thresholds
        self.thresholds = self._all_thresholds(thresholds)
        self.class_id = class_id
        for count in self._counts:
            setattr(self, count, self.add_variable(shape=(len(self.thresholds),), initializer="zeros", name=count))

    @staticmethod
    def _all_thresholds(thresholds) -> list:
        return _thresholds(thresholds)

    def update_state(self, y_true, y_pred, sample_weight=None):
        tp, fp, tn, fn = _confusion_counts(y_true, y_pred, self.thresholds, sample_weight, self.class_id)
        found = {"true_positives": tp, "false_positives": fp, "true_negatives": tn, "false_negatives": fn,
                 "accumulator": None}
        for count in self._counts:
            getattr(self, count).assign_add(found[count] if count != "accumulator" else found[self._of])

    def _scalar_or_vector(self, value):
        return value[0] if len(self.thresholds) == 1 and not isinstance(self.init_thresholds, (list, tuple)) \
            else value

    def get_config(self) -> dict:
        return {**super().get_config(), "thresholds": self.init_thresholds, "top_k": None, "class_id": self.class_id}


def _count_metric(class_name, of):
    def result(self):   # Keras returns the accumulator variable itself for several thresholds
        return self.accumulator.value.read_value()[0] if len(self.thresholds) == 1 else self.accumulator

    def get_config(self):
        return {"name": self.name, "dtype": self.dtype, "thresholds": self.init_thresholds}

    attrs = {"_counts": ("accumulator",), "_of": of, "result": result, "get_config": get_config, "__module__": __name__,
             "__doc__": f"The weighted number of {of.replace('_', ' ')} at each threshold.",
             "__init__": lambda self, thresholds=None, name=None, dtype=None:
                 _ConfusionMetric.__init__(self, thresholds=thresholds, name=name, dtype=dtype)}
    return type(class_name, (_ConfusionMetric,), attrs)


TruePositives = _count_metric("TruePositives", "true_positives")
FalsePositives = _count_metric("FalsePositives", "false_positives")
TrueNegatives = _count_metric("TrueNegatives", "true_negatives")
FalseNegatives = _count_metric("FalseNegatives", "false_negatives")


class Precision(_ConfusionMetric):
    """``tp / (tp + fp)``: how many predicted positives are positive."""

    _counts = ("true_positives", "false_positives")

    def __init__(self, thresholds=None, top_k=None, class_id=None, name=None, dtype=None):
        super().__init__(thresholds, top_k, class_id, name, dtype)

    def result(self):
        tp = self.true_positives.value.read_value()
        return self._scalar_or_vector(math_ops.divide_no_nan(tp, tp + self.false_positives.value.read_value()))


class Recall(_ConfusionMetric):
    """``tp / (tp + fn)``: how many positives are predicted positive."""

    _counts = ("true_positives", "false_negatives")

    def __init__(self, thresholds=None, top_k=None, class_id=None, name=None, dtype=None):
        super().__init__(thresholds, top_k, class_id, name, dtype)

    def result(self):
        tp = self.true_positives.value.read_value()
        return self._scalar_or_vector(math_ops.divide_no_nan(tp, tp + self.false_negatives.value.read_value()))


class AUC(_ConfusionMetric):
    """The area under the ROC (or precision-recall) curve, from counts at ``num_thresholds`` thresholds."""

    _counts = ("true_positives", "false_positives", "true_negatives", "false_negatives")

    def __init__(self, num_thresholds=200, curve="ROC", summation_method="interpolation", name=None, dtype=None,
                 thresholds=None, multi_label=False, num_labels=None, label_weights=None, from_logits=False):
        if num_thresholds <= 1:
            raise ValueError("Argument `num_thresholds` must be an integer > 1. "
                             f"Received: num_thresholds={num_thresholds}")
        if multi_label or label_weights is not None or from_logits:
            raise NotImplementedError("multi_label, label_weights and from_logits are not in tapekit's AUC.")
        self.num_thresholds = num_thresholds
        self.curve, self.summation_method = curve.upper(), summation_method.lower()
        super().__init__(thresholds=num_thresholds, name=name, dtype=dtype)
        self.init_thresholds = None

    @staticmethod
    def _all_thresholds(num_thresholds) -> list:
        """``num_thresholds`` evenly spaced from just below 0 to just above 1 (NumPy floats, as Keras)."""
        inner = [(i + 1) * 1.0 / (num_thresholds - 1) for i in range(num_thresholds - 2)]
        return [np.float64(t) for t in [0.0 - 1e-7, *inner, 1.0 + 1e-7]]

    def result(self):
        tp, fp, tn, fn = (getattr(self, c).value.read_value() for c in self._counts)
        n = self.num_thresholds
        if self.curve == "PR" and self.summation_method == "interpolation":
            return _interpolated_pr_auc(tp, fp, fn, n)
        recall = math_ops.divide_no_nan(tp, tp + fn)
        x, y = (math_ops.divide_no_nan(fp, fp + tn), recall) if self.curve == "ROC" else \
            (recall, math_ops.divide_no_nan(tp, tp + fp))
        if self.summation_method == "interpolation":
            heights = (y[: n - 1] + y[1:]) / 2.0
        else:
            heights = (math_ops.minimum if self.summation_method == "minoring" else math_ops.maximum)(y[: n - 1], y[1:])
        return reduction.reduce_sum((x[: n - 1] - x[1:]) * heights)

    def get_config(self) -> dict:
        return {"name": self.name, "dtype": self.dtype, "num_thresholds": self.num_thresholds, "curve": self.curve,
                "summation_method": self.summation_method, "multi_label": False, "num_labels": None,
                "label_weights": None, "from_logits": False}


def _interpolated_pr_auc(tp, fp, fn, n):
    """Davis & Goadrich's interpolation of the precision-recall curve between thresholds (as Keras)."""
    dtp = tp[: n - 1] - tp[1:]
    p = tp + fp
    dp = p[: n - 1] - p[1:]
    slope = math_ops.divide_no_nan(dtp, math_ops.maximum(dp, 0.0))
    intercept = tp[1:] - slope * p[1:]
    both = math_ops.logical_and(math_ops.greater(p[: n - 1], 0.0), math_ops.greater(p[1:], 0.0))
    ratio = math_ops.where(both, math_ops.divide_no_nan(p[: n - 1], math_ops.maximum(p[1:], 0.0)), 1.0 + 0.0 * p[1:])
    increments = math_ops.divide_no_nan(slope * (dtp + intercept * math_ops.log(ratio)),
                                        math_ops.maximum(tp[1:] + fn[1:], 0.0))
    return reduction.reduce_sum(increments)
