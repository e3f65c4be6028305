"""``tk.py_function``, ``tk.init_scope`` and ``tk.types``: what TF offers for leaving a graph, in eager mode.

TF runs a ``tf.py_function`` body as Python even inside a traced graph, and ``tf.init_scope``
lifts code out of the graph being built. tapekit builds no graphs, so both are simple: the
Python function is called with the inputs as tensors and its result converted to ``Tout``, and
``init_scope`` is a context that changes nothing.
"""

from __future__ import annotations

import abc
import contextlib
import functools

from .._base.dtypes import as_dtype
from .._base.i18n import _, hint_line
from .._core.ops.math_ops import to_tensor
from .._core.values.context import recorded_effect, state
from .._core.values.tensor import convert_to_tensor, is_variable
from ..errors import InvalidArgumentError


def _as_input(value):
    return to_tensor(value) if is_variable(value) else convert_to_tensor(value)


def _as_output(value, dtype):
    return convert_to_tensor(value, dtype=as_dtype(dtype))


@recorded_effect   # a traced tk.function calls it on every call, as TF's EagerPyFunc op
def _call(func, inp, Tout):
    """TF runs the body in its EagerPyFunc op: an error raised there becomes an InvalidArgumentError."""
    if Tout is None:
        raise TypeError("Missing required argument: 'Tout'\n  If using tf.py_function as a decorator, set `Tout`\n"
                        "  **by name** above the function:\n  `@tf.py_function(Tout=tout)`")
    inputs = [_as_input(x) for x in inp]
    try:
        outputs = func(*inputs)
        if isinstance(Tout, (list, tuple)):
            outputs = outputs if isinstance(outputs, (list, tuple)) else [outputs]
            return [_as_output(value, dtype) for value, dtype in zip(outputs, Tout)]
        return _as_output(outputs, Tout)
    except (TypeError, ValueError, ArithmeticError, LookupError, AttributeError) as error:
        raise InvalidArgumentError(
            f"{type(error).__name__}: {error} [Op:EagerPyFunc] name: "
            + hint_line(_("the Python function raised this error, or returned a value that does not "
                          "convert to the dtypes in Tout."))) from error


def py_function(func=None, inp=None, Tout=None, name=None):
    """``tf.py_function``: call ``func(*inp)`` on tensors and return its result as tensors of ``Tout``.

    Without ``func`` (or without ``inp``) it is a decorator, as in TF:
    ``@tk.py_function(Tout=tk.float32)``.
    """
    if func is None:
        return functools.partial(py_function, inp=inp, Tout=Tout, name=name)
    if inp is None:
        @functools.wraps(func)
        def wrapped(*args):
            return _call(func, args, Tout)
        return wrapped
    return _call(func, list(inp) if isinstance(inp, (list, tuple)) else [inp], Tout)


@contextlib.contextmanager
def init_scope():
    """``tf.init_scope``: code in the block runs now and is left out of a ``tk.function``'s trace
    (a later call does not repeat it), as TF lifts it out of the graph being built."""
    tracers, state.tracers = state.tracers, []
    try:
        yield
    finally:
        state.tracers = tracers


class TraceType(abc.ABC):
    """``tf.types.experimental.TraceType``: the base of a class that says how TF traces a value.

    tapekit never traces, so it calls none of these methods; a subclass written for TF still works.
    """

    @abc.abstractmethod
    def is_subtype_of(self, other) -> bool:
        """Whether ``self`` is a subtype of ``other``."""

    @abc.abstractmethod
    def most_specific_common_supertype(self, others):
        """The most specific type that ``self`` and each of ``others`` subtype, or None."""

    @abc.abstractmethod
    def placeholder_value(self, placeholder_context):
        """The value that stands for this type while TF traces."""

    @abc.abstractmethod
    def __eq__(self, other) -> bool:
        """Whether two trace types are equal."""

    @abc.abstractmethod
    def __hash__(self) -> int:
        """A hash agreeing with ``__eq__``."""
