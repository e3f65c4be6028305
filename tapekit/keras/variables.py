"""``keras.Variable``: Keras 3's variable, which holds a ``tk.Variable`` (its ``.value``).

As in TF 2.21, a Keras variable is not a ``tk.Variable``: ``isinstance(layer.kernel, tk.Variable)``
is False and ``layer.kernel.dtype`` is the string ``'float32'``. Ops and tapes read the
``tk.Variable`` inside, so a tape watches it and ``tape.gradient(loss, layer.kernel)`` works.
The layer's ``trainable`` flag lives on the Keras variable only: freezing a layer hides its
weights from ``trainable_weights`` but leaves the ``tk.Variable`` watched, as in TF.
"""

from __future__ import annotations

import numpy as np

from .._base import dtypes
from .._base.i18n import _, hint_line
from .._core.ops.math_ops import cast
from .._core.ops.math_ops import round as round_op
from .._base.shape import TensorShape
from .._core.values.tensor import Tensor, convert_to_tensor
from .._core.values.tensor import is_variable as reads_like_a_variable
from .._core.record.variable import Variable as _TkVariable
from . import initializers, naming

_AGGREGATIONS = (None, "none", "mean", "sum", "only_first_replica")
_SYNCHRONIZATIONS = (None, "none", "on_read", "on_write", "auto")


class DTypeName(str):
    """A dtype's name (``'float32'``), as Keras 3 reports dtypes. It is a ``str``.

    tapekit's own code may also read the DType's attributes from it (``.name``, ``.is_floating``).
    """

    __slots__ = ()

    def __getattr__(self, attr):
        if attr.startswith("__"):
            raise AttributeError(attr)
        return getattr(dtypes.as_dtype(str(self)), attr)


def standardize_dtype(dtype) -> dtypes.DType:
    """A DType from what Keras accepts: None (float32), ``"float"``/``"int"``, names, DTypes, NumPy dtypes."""
    if dtype is None or dtype == "float":
        return dtypes.float32
    if dtype == "int":
        return dtypes.int64
    return dtypes.as_dtype(str(dtype) if isinstance(dtype, DTypeName) else dtype)


def dtype_name(dtype) -> DTypeName:
    return DTypeName(standardize_dtype(dtype).name)


def to_tensor(value, dtype=None) -> Tensor:
    """Keras's ``convert_to_tensor``: like ``tk.convert_to_tensor``, but a tensor of another dtype is cast."""
    if dtype is None:
        return convert_to_tensor(value)
    dtype = standardize_dtype(dtype)
    if isinstance(value, Tensor) or reads_like_a_variable(value):
        t = convert_to_tensor(value)
        return t if t.dtype is dtype else cast(t, dtype)
    if isinstance(value, np.ndarray):
        return convert_to_tensor(value.astype(dtype.as_numpy_dtype, copy=False))
    return convert_to_tensor(value, dtype_hint=dtype) if isinstance(value, (list, tuple)) \
        else _scalar_to_tensor(value, dtype)


def _scalar_to_tensor(value, dtype):
    t = convert_to_tensor(value)
    return t if t.dtype is dtype else cast(t, dtype)


class Variable:
    """A Keras 3 variable: ``keras.Variable(initializer, shape=None, dtype=None, trainable=True, name=None)``.

    ``initializer`` is a value (array, list, number, tensor) or an initializer (a name such as
    ``"glorot_uniform"``, or a callable ``(shape, dtype)``, which then needs ``shape``).
    """

    _keras_object = True  # tk.Module reads this marker (it cannot import keras)

    def __init__(self, initializer, shape=None, dtype=None, trainable=True, autocast=True, aggregation="none",
                 synchronization="auto", name=None, layout=None, **kwargs):
        if kwargs:
            raise TypeError(f"Variable.__init__() got an unexpected keyword argument '{next(iter(kwargs))}'"
                            + hint_line(_("keras.Variable takes initializer, shape, dtype, trainable, "
                                          "autocast, aggregation, synchronization and name.")))
        name = name or naming.auto_name("Variable")
        naming.check_name(name)
        if aggregation not in _AGGREGATIONS:
            raise ValueError("Invalid value for argument `aggregation`. Expected one of `None`, `'none'`, "
                             "`'mean'`, `'sum'`, `'only_first_replica'`. "
                             f"Received: aggregation={aggregation}")
        if synchronization not in _SYNCHRONIZATIONS:
            raise ValueError("Invalid value for argument `synchronization`. Expected one of `None`, `'none'`, "
                             f"`'on_read'`, `'on_write'`, `'auto'`. Received: synchronization={synchronization}")
        if isinstance(initializer, str):
            initializer = initializers.get(initializer)
        if callable(initializer) and not (isinstance(initializer, Tensor) or reads_like_a_variable(initializer)):
            if shape is None:
                raise ValueError("When creating a Variable from an initializer, the `shape` argument should be "
                                 f"specified. Received: initializer={initializer} and shape={shape}")
            dtype = standardize_dtype(dtype)
            value = to_tensor(initializer(_shape_tuple(shape), dtype=dtype.name), dtype)
        else:
            value = to_tensor(initializer, dtype)
            dtype = value.dtype
            if shape is not None and tuple(value.shape) != _shape_tuple(shape):
                raise ValueError(f"Initial value has shape {tuple(value.shape)}, but `shape` is "
                                 f"{_shape_tuple(shape)}."
                                 + hint_line(_("leave out `shape`, or make the value that shape.")))
        parent = naming.current_path()
        self._name = name
        self._path = f"{parent}/{name}" if parent else name
        self._trainable = bool(trainable)
        self._autocast = bool(autocast)
        self._aggregation = aggregation or "none"
        self._synchronization = synchronization or "none"
        self._regularizer = None
        self._constraint = None
        self._overwrite_with_gradient = False
        # the tk.Variable that tapes watch; named by the path, as TF names it (dense/kernel:0)
        self._variable = _TkVariable(value, trainable=self._trainable, name=self._path, dtype=dtype)

    # ----- what ops and tapes read -----
    def _read(self) -> Tensor:
        return self._variable.read_value()

    @property
    def _id(self) -> int:
        return self._variable.id

    @property
    def value(self) -> _TkVariable:
        """The ``tk.Variable`` that holds the value (TF's ``tf.Variable`` inside a Keras variable)."""
        return self._variable

    def numpy(self):
        return np.array(self)

    def __array__(self, dtype=None, copy=None):
        return np.asarray(self._variable.__array__(dtype))

    # ----- attributes -----
    @property
    def name(self) -> str:
        return self._name

    @property
    def path(self) -> str:
        return self._path

    @property
    def dtype(self) -> DTypeName:
        return DTypeName(self._variable.dtype.name)

    @property
    def shape(self) -> TensorShape:
        return TensorShape(self._variable.shape)

    @property
    def ndim(self) -> int:
        return len(self._variable.shape)

    @property
    def trainable(self) -> bool:
        return self._trainable

    @trainable.setter
    def trainable(self, value):
        self._trainable = bool(value)

    @property
    def aggregation(self) -> str:
        return self._aggregation

    @property
    def synchronization(self) -> str:
        return self._synchronization

    @property
    def regularizer(self):
        return self._regularizer

    @regularizer.setter
    def regularizer(self, value):
        if value is not None and not callable(value):
            raise ValueError("Invalid value for attribute `regularizer`. Expected a callable (such as a "
                             "`keras.regularizers.Regularizer` instance) or `None`. "
                             f"Received: regularizer={value}")
        self._regularizer = value

    @property
    def constraint(self):
        return self._constraint

    @constraint.setter
    def constraint(self, value):
        if value is not None and not callable(value):
            raise ValueError("Invalid value for attribute `constraint`. Expected a callable (such as a "
                             f"`keras.constraints.Constraint` instance) or `None`. Received: constraint={value}")
        self._constraint = value

    @property
    def overwrite_with_gradient(self) -> bool:
        return self._overwrite_with_gradient

    @overwrite_with_gradient.setter
    def overwrite_with_gradient(self, value):
        if not isinstance(value, bool):
            raise TypeError(f"`overwrite_with_gradient` must be a boolean. Received: {value}")
        self._overwrite_with_gradient = value

    # ----- state changes: each returns the new value, as Keras 3 does -----
    def assign(self, value) -> Tensor:
        """Set the value (cast to this variable's dtype; the shape must match). Returns the new value."""
        value = to_tensor(value, self._variable.dtype)
        if tuple(value.shape) != tuple(self._variable.shape):
            raise ValueError("The shape of the target variable and the shape of the target value in "
                             f"`variable.assign(value)` must match. variable.shape={self.shape}, Received: "
                             f"value.shape={value.shape}. Target variable: {self}"
                             + hint_line(_("a Keras variable keeps its shape; pass a value of shape {shape}"
                                           ".").format(shape=self.shape)))
        self._variable.assign(value)
        return value

    def assign_add(self, value) -> Tensor:
        return self.assign(self._read() + to_tensor(value, self._variable.dtype))

    def assign_sub(self, value) -> Tensor:
        return self.assign(self._read() - to_tensor(value, self._variable.dtype))

    # ----- Python protocols -----
    def __repr__(self) -> str:
        value = np.asarray(self._variable.__array__())
        text = str(value.item()) if value.ndim == 0 else str(value)
        return f"<Variable path={self._path}, shape={self.shape}, dtype={self.dtype}, value={text}>"

    __str__ = __repr__

    def __getitem__(self, key):
        return self._variable[key]

    def __int__(self) -> int:
        self._check_scalar()
        return int(self._read())

    def __float__(self) -> float:
        self._check_scalar()
        return float(self._read())

    def _check_scalar(self):
        if self.ndim > 0:
            raise TypeError(f"Only scalar arrays can be converted to Python scalars. Got: shape={self.shape}"
                            + hint_line(_("index one element (v[0]) or reduce the variable first.")))

    def __bool__(self):
        raise TypeError("A Keras Variable cannot be used as a boolean."
                        + hint_line(_("compare its value and reduce it, e.g. bool(tk.reduce_all(v > 0)).")))

    def __pos__(self):
        return self._variable

    def __round__(self, ndigits=None):
        if ndigits:
            scale = 10.0 ** ndigits
            return round_op(self._read() * scale) / scale
        return round_op(self._read())

    __hash__ = None  # unhashable, as in Keras


def _delegate(name: str):
    def method(self, *args):
        return getattr(self._read(), name)(*args)

    method.__name__ = name
    return method


# Operators act on the current value, as Keras's do (each returns a Tensor).
for _name in ("neg", "abs", "invert", "eq", "ne", "lt", "le", "gt", "ge", "add", "radd", "sub", "rsub", "mul",
              "rmul", "truediv", "rtruediv", "floordiv", "rfloordiv", "mod", "rmod", "pow", "rpow", "matmul",
              "rmatmul", "and", "rand", "or", "ror", "xor", "rxor"):
    setattr(Variable, f"__{_name}__", _delegate(f"__{_name}__"))


def _shape_tuple(shape) -> tuple:
    if isinstance(shape, (int, np.integer)):
        shape = (shape,)
    dims = tuple(TensorShape(shape).as_list())
    if any(d is None for d in dims):
        raise ValueError(f"Shapes used to initialize variables must be fully-defined (no `None` dimensions). "
                         f"Received: shape={shape}")
    return dims


def is_variable(obj) -> bool:
    """Whether ``obj`` is a Keras variable or a ``tk.Variable``."""
    return isinstance(obj, (Variable, _TkVariable))
