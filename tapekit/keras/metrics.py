"""``tk.keras.metrics``: running means for custom training loops (``Mean``, accuracies, errors).

``metric.update_state(...)`` adds a batch, ``metric.result()`` is the value so far,
``metric.reset_state()`` starts again, and ``metric(...)`` updates then returns the result.
The state lives in non-trainable Keras variables (``<name>/total``, ``<name>/count``).
"""

from __future__ import annotations

from .._base import dtypes
from .._core.ops import math_ops, reduction
from .._core.ops.array_ops import reshape, squeeze
from .._core.ops.creation import zeros
from .._core.ops.math_ops import cast, to_tensor
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
