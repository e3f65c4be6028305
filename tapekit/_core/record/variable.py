"""Variable: a named, mutable tensor whose reads are watched by gradient tapes."""

from __future__ import annotations

import warnings

from ..._base import dtypes
from ...backend import copy, device_of
from ..values.context import note_unreplayable, recorded_effect, state
from ...errors import InvalidArgumentError, shape_text
from ..._base.i18n import _, hint_line
from ..._base.scopes import scoped_name
from ..._base.shape import TensorShape, as_shape
from ..values.tensor import EagerTensor, Tensor, _Ref, convert_to_tensor, new_id, numpy_text, with_hint

_ASSIGN_OPS = {"assign_add": "AssignAddVariableOp", "assign_sub": "AssignSubVariableOp"}

# TF's text for each augmented assignment tf.Variable rejects (verbatim, including TF's
# ``out = variable * value`` for ``-=``), and the method that does it in place.
_AUGMENTED = {
    "+=": ("`variable += value` with `tf.Variable`s is not supported. Use `variable.assign_add(value)` to "
           "modify the variable, or `out = variable + value` if you need to get a new output Tensor.",
           "w.assign_add(value)"),
    "-=": ("`variable -= value` with `tf.Variable`s is not supported. Use `variable.assign_sub(value)` to "
           "modify the variable, or `out = variable * value` if you need to get a new output Tensor.",
           "w.assign_sub(value)"),
    "*=": ("`var *= value` with `tf.Variable`s is not supported. Use `var.assign(var * value)` to modify "
           "the variable, or `out = var * value` if you need to get a new output Tensor.",
           "w.assign(w * value)"),
    "/=": ("`var /= value` with `tf.Variable`s is not supported. Use `var.assign(var / value)` to modify "
           "the variable, or `out = var / value` if you need to get a new output Tensor.",
           "w.assign(w / value)"),
    "**=": ("`var **= value` with `tf.Variable`s is not supported. Use `var.assign(var ** value)` to "
            "modify the variable, or `out = var ** value` if you need to get a new output Tensor.",
            "w.assign(w ** value)"),
}


def _variable_name(name) -> str:
    """TF's name for a new variable: ``name:0`` (``Variable:0`` by default)."""
    if name is None:
        return scoped_name("Variable") + ":0"
    if not isinstance(name, str):
        raise ValueError("name for name_scope must be a string."
                         + hint_line(_("tk.Variable(name=...) takes a string; got {name!r} of type "
                                       "{name_type}. Write name={text!r}.").format(
                                     name=name, name_type=type(name).__name__, text=str(name))))
    return scoped_name(name) + ":0"


class Variable:
    """A mutable tensor, like ``tf.Variable``.

    Its value changes only through ``assign``, ``assign_add`` and ``assign_sub`` (in place: the
    variable stays the same object; the call returns a view of it, as TF's ``_UnreadVariable``).
    Any op on a Variable reads its current value and returns a Tensor. Trainable variables are
    watched automatically when a tape reads them. As in TF, ``v -= x`` (and ``+=``, ``*=``, ``/=``,
    ``**=``) raises a RuntimeError instead of silently turning ``v`` into a Tensor.

    >>> import tapekit as tk
    >>> v = tk.Variable([1.0, 2.0], name="v")
    >>> v.assign_add([0.5, 0.5]).numpy().tolist()
    [1.5, 2.5]
    >>> with tk.GradientTape() as tape:      # trainable variables are watched when read
    ...     loss = tk.reduce_sum(v * v)
    >>> tape.gradient(loss, v).numpy().tolist()
    [3.0, 5.0]
    """

    # _read_ghost: a tape's ghost of the current value (tape.py), made at its first read on a tape
    __slots__ = ("_value", "_dtype", "_id", "_shape", "_name", "_trainable", "_read_ghost", "__weakref__", "__dict__")
    __array_priority__ = 100

    def __new__(cls, *args, **kwargs):
        # As TF's Variable metaclass: ``tk.Variable(...)`` makes a ResourceVariable (``type(v).__name__``)
        return object.__new__(ResourceVariable if cls is Variable else cls)

    def __init__(self, initial_value=None, trainable=None, validate_shape=True,
                 caching_device=None, name=None, variable_def=None, dtype=None,
                 import_scope=None, constraint=None, synchronization=None,
                 aggregation=None, shape=None, experimental_enable_variable_lifting=True,
                 **unknown):
        if unknown:  # TF 2.21 ignores unknown keywords silently; tapekit ignores them too, but says so
            warnings.warn(f"tk.Variable ignores the unknown keyword argument(s) {sorted(unknown)} (TF 2.21 "
                          "ignores them too); check the spelling.", UserWarning, stacklevel=2)
        for guard in state.creation_guards:  # tk.function: a variable only on the first call
            guard()
        if initial_value is None:
            raise ValueError("The `initial_value` arg to `tk.Variable` must be specified except when "
                             "you are not providing a `variable_def`. You provided neither.")
        full_name = _variable_name(name)
        if dtype is not None:
            dtype = dtypes.as_dtype(dtype)
        declared = None if shape is None else as_shape(shape)
        if callable(initial_value) and not isinstance(initial_value, (Tensor, Variable)):
            initial_value = initial_value()
        try:
            value = convert_to_tensor(initial_value, dtype=dtype, name="initial_value")
        except ValueError as err:
            if isinstance(initial_value, Tensor) and "Tensor conversion requested" in str(err):
                raise ValueError(f"initial_value: {err}") from None
            raise
        self._value = _private_copy(value._value)
        self._read_ghost = None
        self._dtype = value.dtype
        self._shape = TensorShape(self._value.shape) if declared is None else declared
        if not self._shape.is_compatible_with(self._value.shape):
            raise ValueError(f"In this `tk.Variable` creation, the initial value's shape "
                             f"({TensorShape(self._value.shape)}) is not compatible with the "
                             f"explicitly supplied `shape` argument ({shape}).")
        self._name = full_name
        self._trainable = True if trainable is None else trainable
        self._id = new_id()

    # ---------- reading ----------
    def _read(self) -> Tensor:
        t = EagerTensor(self._value, self._dtype)
        if state.tapes:
            for tape in state.tapes:
                tape.variable_read(self, t)
        if state.watchers and self.trainable:
            for seen in state.watchers:
                seen.append(self)
        for tracer in state.tracers:
            tracer.variable_read(self, t)
        return t

    def read_value(self) -> Tensor:
        return self._read()

    @property
    def id(self) -> int:
        """This variable's id on gradient tapes (shared with tensors: ids grow in creation order)."""
        return self._id

    def value(self) -> Tensor:
        return self._read()

    @property
    def dtype(self):
        return self._dtype

    @property
    def shape(self) -> TensorShape:
        """The declared shape: ``TensorShape(None)`` for a variable made with ``shape=None``."""
        return self._shape

    @property
    def name(self) -> str:
        return self._name

    @property
    def trainable(self):
        """Whether tapes watch this variable automatically; fixed at creation (read-only, as TF)."""
        return self._trainable

    @property
    def device(self) -> str:
        return device_of(self._value)

    def get_shape(self) -> TensorShape:
        return self.shape

    def set_shape(self, shape) -> None:
        """Check that ``shape`` is compatible with the variable's shape (it does not reshape)."""
        shape = as_shape(shape)
        if not self._shape.is_compatible_with(shape):
            raise ValueError(f"Shapes {self._shape} and {shape} are not compatible"
                             + hint_line(_("a variable's shape is fixed at creation; create it with "
                                           "shape=tk.TensorShape(None) to allow others.")))

    @property
    def constraint(self):
        """The projection applied after optimizer updates: always None in tapekit (TF's default)."""
        return None

    @property
    def initial_value(self):
        raise RuntimeError("This property is not supported when eager execution is enabled."
                           + hint_line(_("keep the initial value yourself, or read the current one with "
                                         "v.numpy().")))

    def numpy(self):
        return self._read().numpy()

    def __array__(self, dtype=None, copy=None):
        return self._read().__array__(dtype)

    def ref(self):
        return _Ref(self)

    def __hash__(self):
        raise TypeError("Variable is unhashable. Instead, use variable.ref() as the key.")

    # ---------- state changes ----------
    @recorded_effect
    def assign(self, value, use_locking=False, name=None, read_value=True):
        """Replace the value in place; dtype and shape must match.

        Returns a view of this variable (TF's ``_UnreadVariable``: named ``UnreadVariable``, it
        always shows the variable's current value), or None with ``read_value=False``.
        """
        self._set(self._checked(value, "assign"), "assign")
        return self._assign_result() if read_value else None

    @recorded_effect
    def assign_add(self, delta, use_locking=False, name=None, read_value=True):
        """Add ``delta`` in place (same shape: no broadcasting). Returns a view, as ``assign``."""
        delta = self._checked(delta, "assign_add")
        self._set(self._value + delta, "assign_add")
        return self._assign_result() if read_value else None

    @recorded_effect
    def assign_sub(self, delta, use_locking=False, name=None, read_value=True):
        """Subtract ``delta`` in place (same shape: no broadcasting). Returns a view, as ``assign``."""
        delta = self._checked(delta, "assign_sub")
        self._set(self._value - delta, "assign_sub")
        return self._assign_result() if read_value else None

    def _assign_result(self):
        return _UnreadVariable(self)

    def _checked(self, value, method: str):
        """The new value as a backend array of this variable's dtype and shape, or raise."""
        if isinstance(value, Variable) and value.dtype is not self._dtype:
            raise ValueError(
                f"Incompatible type conversion requested to type {self._dtype.name} for `tk.Variable of type "
                f"{value.dtype.name}. (Variable: {value!r})"
                + hint_line(_("{method} needs a value of the variable's dtype; convert it first with "
                              "tk.cast(value, tk.{dtype}).").format(method=method, dtype=self._dtype.name)))
        if isinstance(value, (Tensor, Variable)):
            t = value.read_value() if isinstance(value, Variable) else value
            if t.dtype is not self._dtype:
                raise ValueError(
                    f"Tensor conversion requested dtype {self._dtype.name} for Tensor with dtype {t.dtype.name}: "
                    f"{t!r}"
                    + hint_line(_("{method} needs a value of the variable's dtype; convert it first with "
                                  "tk.cast(value, tk.{dtype}).").format(method=method, dtype=self._dtype.name)))
        else:
            try:
                t = convert_to_tensor(value, dtype=self._dtype)
            except TypeError as err:
                raise with_hint(err, _("variable {name!r} holds {dtype}; pass a value of that dtype to "
                                       "{method}.").format(name=self._name, dtype=self._dtype.name,
                                                           method=method)) from None
        new_shape = t._value.shape
        if method == "assign":
            if not self._shape.is_compatible_with(new_shape):
                raise ValueError(
                    f"Cannot assign value to variable ' {self._name}': Shape mismatch.The "
                    f"variable shape {self._shape}, and the assigned value shape "
                    f"{TensorShape(new_shape)} are incompatible.")
            return _private_copy(t._value)
        if new_shape != self._value.shape:
            raise InvalidArgumentError(
                f"Cannot update variable with shape {shape_text(self._value.shape)} using a Tensor with shape "
                f"{shape_text(new_shape)}, shapes must be equal. [Op:{_ASSIGN_OPS[method]}] name: "
                + hint_line(_("{method} does not broadcast; pass a value of shape {shape}.").format(
                            method=method, shape=TensorShape(self._value.shape))), op=_ASSIGN_OPS[method])
        return t._value

    @staticmethod
    def _sliceable_getitem(getitem):
        """Wrap Tensor indexing so that ``var[key].assign(value)`` updates part of the variable."""

        def var_getitem(self, key):
            return _SliceOfVariable(getitem(self, key), self, key)

        return var_getitem

    @recorded_effect
    def _assign_slice(self, key, value, read_value=True):
        try:
            t = convert_to_tensor(value, dtype=self._dtype)
        except TypeError as err:
            raise with_hint(err, _("variable {name!r} holds {dtype}.").format(
                name=self._name, dtype=self._dtype.name)) from None
        new_value = _private_copy(self._value)
        try:
            new_value[key] = t._value
        except (ValueError, IndexError) as err:
            raise InvalidArgumentError(f"{err} [Op:ResourceStridedSliceAssign] name: "
                                       + hint_line(_("the value must broadcast to the shape of the slice.")),
                                       op="ResourceStridedSliceAssign") from None
        self._set(new_value, "assign")
        return self._assign_result() if read_value else None

    def _set(self, new_value, how: str) -> None:
        self._value = new_value
        self._read_ghost = None
        for tape in state.tapes:
            tape.variable_assigned(self, how)
        if state.tracers:   # an assign not made through a recorded method (those pause the tracers)
            note_unreplayable(f"a variable was assigned ({how})")

    # ---------- printing ----------
    def __repr__(self) -> str:
        return (f"<tk.Variable '{self._name}' shape={self._shape} "
                f"dtype={self._dtype.name}, numpy={numpy_text(self, is_repr=True)}>")

    __str__ = __repr__

    def __bool__(self) -> bool:
        return bool(self._read())

    def __float__(self) -> float:
        return float(self._read())

    def __int__(self) -> int:
        return int(self._read())

    def __len__(self):
        raise TypeError(f"object of type {type(self).__name__!r} has no len()"
                        + hint_line(_("as in TF 2.21, a variable has no len(); use v.shape[0] for the "
                                      "length of its first axis.")))

    def __iter__(self):
        return iter(self._read())

    def __index__(self) -> int:
        return self._read().__index__()

    # ---------- augmented assignment: TF rejects the ones that would rebind a variable ----------
    def _augmented_assign(self, symbol: str, other):
        text, method = _AUGMENTED[symbol]
        raise RuntimeError(text
                           + hint_line(_("`w {symbol} value` would replace the variable by a new Tensor "
                                         "(and its next gradient would be None); update it in place with "
                                         "{method}.").format(symbol=symbol, method=method)))

    def __iadd__(self, other):
        return self._augmented_assign("+=", other)

    def __isub__(self, other):
        return self._augmented_assign("-=", other)

    def __imul__(self, other):
        return self._augmented_assign("*=", other)

    def __itruediv__(self, other):
        return self._augmented_assign("/=", other)

    def __ipow__(self, other):
        return self._augmented_assign("**=", other)


class ResourceVariable(Variable):
    """The class of what ``tk.Variable(...)`` makes, named as TF's: ``isinstance(v, tk.Variable)`` holds,
    ``type(v).__name__`` is ``'ResourceVariable'`` (so is Python's ``'ResourceVariable' object ...``)."""

    __slots__ = ()


class _UnreadVariable(Variable):
    """What ``assign``/``assign_add``/``assign_sub`` return: a view of the variable, as TF's.

    It reads and writes the variable's own storage (so it shows later changes too), is named
    ``UnreadVariable``, and reads through it are reads of the variable on every tape.
    """

    __slots__ = ("_parent",)

    def __init__(self, parent: Variable):
        self._parent = parent
        self._dtype, self._shape, self._id = parent._dtype, parent._shape, parent._id
        self._name = "UnreadVariable"

    _value = property(lambda self: self._parent._value)
    _trainable = property(lambda self: self._parent._trainable)

    def _read(self) -> Tensor:
        return self._parent._read()

    def _set(self, new_value, how: str) -> None:
        self._parent._set(new_value, how)

    def _assign_result(self):
        return _UnreadVariable(self._parent)


class _SliceOfVariable(EagerTensor):
    """The value of ``var[key]`` (a Tensor) that remembers where it came from, for ``.assign``.

    TF hands back a plain ``EagerTensor`` with ``assign`` attached; this class prints its type by that name.
    """

    __slots__ = ("_var", "_key")

    def __init__(self, read, var, key):
        self._value, self._dtype, self._id = read._value, read._dtype, read._id
        self._var, self._key = var, key

    def assign(self, value, use_locking=False, name=None, read_value=True):
        """Write ``value`` into this slice of the variable, in place. Returns a view of the variable."""
        return self._var._assign_slice(self._key, value, read_value)

    def __reduce__(self):
        return EagerTensor, (self._value, self._dtype)  # a pickled slice is a plain value


_SliceOfVariable.__name__ = _SliceOfVariable.__qualname__ = "EagerTensor"  # type(v[0]).__name__, as in TF


def _private_copy(arr):
    """A copy that nothing else refers to, so later assigns never alias other tensors."""
    return copy(arr)
