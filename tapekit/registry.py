"""Running an op: compute it, wrap the result, record it on the tapes; the gradient registry."""

from __future__ import annotations

import contextlib
import threading

from .backend import PLACEMENT, place_inputs
from .context import state
from .errors import InvalidArgumentError
from .i18n import _, hint_line
from .source_location import caller_text
from .tensor import Tensor

# op type -> gradient function ``f(op, *grads)``; None marks an op as not differentiable.
_GRADIENTS: dict = {}
_REGISTERED_AT: dict = {}
NOT_DIFFERENTIABLE: set = set()   # op types declared with no_gradient (read per recorded op)


def execute(op_type: str, forward, inputs: tuple, attrs: dict | None = None, dtype=None):
    """Run ``forward`` on the inputs' arrays and record the op on every tape that tracks an input.

    ``forward`` receives the backend arrays (and ``attrs`` as keywords) and returns one array;
    ``dtype``, when given, is the result's (an op whose kernel keeps its input's dtype).
    """
    if PLACEMENT.active:
        arrays = place_inputs(op_type, inputs)
    elif len(inputs) == 2:   # the common cases, without a list comprehension
        arrays = (inputs[0]._value, inputs[1]._value)
    elif len(inputs) == 1:
        arrays = (inputs[0]._value,)
    else:
        arrays = [t._value for t in inputs]
    try:
        value = forward(*arrays, **attrs) if attrs else forward(*arrays)
    except (ValueError, IndexError, TypeError) as err:
        raise _describe_failure(op_type, inputs, err) from None
    out = Tensor(value, dtype)
    tapes = state.tapes
    if tapes:
        outputs = (out,)
        key = state.overrides.get(op_type, op_type) if _override_blocks else op_type   # overridden?
        for tape in tapes:
            tape._record(op_type, inputs, outputs, attrs, key, None)
    return out


def execute_binary(op_type: str, kernel, x: Tensor, y: Tensor, dtype):
    """``execute(op_type, kernel, (x, y), None, dtype)`` for the hot two-input ops (+ - * /), with
    less to do per call: the inputs passed apart, and no tuple built unless a tape records."""
    if PLACEMENT.active:
        return execute(op_type, kernel, (x, y), None, dtype)
    try:
        value = kernel(x._value, y._value)
    except (ValueError, IndexError, TypeError) as err:
        raise _describe_failure(op_type, (x, y), err) from None
    out = Tensor(value, dtype)
    tapes = state.tapes
    if tapes:
        inputs = (x, y)
        key = state.overrides.get(op_type, op_type) if _override_blocks else op_type   # overridden?
        for tape in tapes:
            tape._record_small(op_type, inputs, out, key)
    return out


def execute_unary(op_type: str, kernel, x: Tensor, dtype):
    """``execute(op_type, kernel, (x,), None, dtype)`` for the hot one-input ops (exp, log ...)."""
    if PLACEMENT.active:
        return execute(op_type, kernel, (x,), None, dtype)
    try:
        value = kernel(x._value)
    except (ValueError, IndexError, TypeError) as err:
        raise _describe_failure(op_type, (x,), err) from None
    out = Tensor(value, dtype)
    tapes = state.tapes
    if tapes:
        inputs = (x,)
        key = state.overrides.get(op_type, op_type) if _override_blocks else op_type   # overridden?
        for tape in tapes:
            tape._record_small(op_type, inputs, out, key)
    return out


def execute_multi(op_type: str, forward, inputs: tuple, attrs: dict | None = None):
    """Like ``execute`` for an op with several outputs (``forward`` returns a tuple)."""
    arrays = [t._value for t in inputs] if not PLACEMENT.active else place_inputs(op_type, inputs)
    try:
        values = forward(*arrays, **(attrs or {}))
    except (ValueError, IndexError, TypeError) as err:
        raise _describe_failure(op_type, inputs, err) from None
    outs = tuple(Tensor(v) for v in values)
    if state.tapes:
        record(op_type, inputs, outs, attrs)
    return outs


def record(op_type, inputs, outputs, attrs=None, grad_fn=None, cut=None):
    key = grad_fn if grad_fn is not None else (state.overrides.get(op_type, op_type) if _override_blocks else op_type)
    for tape in state.tapes:
        tape._record(op_type, inputs, outputs, attrs, key, cut)


def _describe_failure(op_type, inputs, err):
    if isinstance(err, InvalidArgumentError):
        return err
    shapes = " vs. ".join(str(list(t._value.shape)) for t in inputs)
    dts = ", ".join(t._dtype.name for t in inputs)
    text = str(err)
    if "broadcast" in text:
        what = f"Incompatible shapes: {shapes}"
        hint = _("the shapes must be equal or broadcastable (each axis equal or 1, aligned from "
                 "the right); reshape or tk.expand_dims one input.")
    else:
        what = f"{op_type} failed on inputs of shapes {shapes} and dtypes {dts}: {text}"
        hint = _("check the shapes, dtypes and arguments passed to this op.")
    return InvalidArgumentError(f"{what} [Op:{op_type}] name: " + hint_line(hint), op=op_type)


# ---------- the gradient registry ----------
def gradient_function(key):
    """The gradient function for an entry's key (a callable, or an op type name)."""
    if callable(key):
        return key
    try:
        return _GRADIENTS[key]
    except KeyError:
        raise LookupError(f"gradient registry has no entry for: {key}") from None


def has_gradient(key) -> bool:
    """Whether an entry's gradient key (a callable, or an op type name) has a gradient function."""
    return callable(key) or _GRADIENTS.get(key) is not None


def none_gradient(op, *grads):
    """The rule of an op that TF differentiates as None for every input (Round, ArgMax, FloorDiv ...):
    a registered rule, not ``no_gradient``, as in TF (``explain`` tells the two apart)."""
    return [None] * len(op.inputs)


def returns_none(key) -> bool:
    """Whether ``key`` names an op type whose rule is ``none_gradient``."""
    return type(key) is str and _GRADIENTS.get(key) is none_gradient


def declared_not_differentiable(key) -> bool:
    """Whether ``key`` names an op type declared with ``no_gradient``."""
    return key in NOT_DIFFERENTIABLE


def _register(op_type: str, fn, where: str) -> None:
    if not isinstance(op_type, str):
        raise TypeError("op_type must be a string")
    if op_type in _GRADIENTS:
        raise KeyError(f"Registering two gradient with name '{op_type}'! "
                       f"(Previous registration was in {_REGISTERED_AT[op_type]})")
    _GRADIENTS[op_type] = fn
    _REGISTERED_AT[op_type] = where
    if fn is None:
        NOT_DIFFERENTIABLE.add(op_type)


class RegisterGradient:
    """Decorator registering ``f(op, *grads)`` as the gradient of ops of type ``op_type``.

    ``op.inputs``, ``op.outputs`` and ``op.get_attr(name)`` describe the recorded op; ``f``
    returns one gradient (or None) per input.
    """

    def __init__(self, op_type):
        if not isinstance(op_type, str):
            raise TypeError("op_type must be a string")
        self._op_type = op_type

    def __call__(self, f):
        _register(self._op_type, f, caller_text(2))
        return f


def no_gradient(op_type) -> None:
    """Declare ops of type ``op_type`` not differentiable: gradients stop there, silently."""
    _register(op_type, None, caller_text(2))


NotDifferentiable = no_gradient


# What a built-in gradient reads of its op's values, so that a tape keeps only that much alive
# (shapes and dtypes are always kept): "nothing", "inputs", "outputs", "other_input" (a binary op
# whose gradient for x reads y and for y reads x: Mul, MatMul), "divisor" (RealDiv: both gradients
# read y, y's also reads x). Ops without an entry keep every input and output.
READS: dict = {}

# Built-in gradient functions. They may return a broadcast gradient, which the reverse pass
# reduces to the input's shape; a user-defined gradient (RegisterGradient, custom_gradient) of the
# wrong shape is an error instead.
BUILTIN: set = set()
# The built-in ones that take dense upstream gradients only: the reverse pass makes an
# IndexedSlices dense before calling them. The others (``sparse=True``, and every user-defined
# gradient) receive IndexedSlices as they are, as in TF.
DENSE_ONLY: set = set()
# Built-in gradient functions of multi-output ops that take None for an output nobody
# differentiated (TF's rules that skip a zeros gradient); the others get zeros there.
TAKES_NONE: set = set()


def gradient(op_type: str, reads: str | None = None, sparse: bool = False, takes_none: bool = False):
    """Internal decorator: register the built-in gradient of ``op_type`` (and what it reads).

    ``sparse=True``: the function accepts an ``IndexedSlices`` upstream gradient.
    ``takes_none=True``: an output without gradient is passed as None, not as zeros.
    """

    def deco(f):
        _register(op_type, f, f"{f.__module__}.{f.__name__}")
        if reads is not None:
            READS[op_type] = reads
        BUILTIN.add(f)
        if not sparse:
            DENSE_ONLY.add(f)
        if takes_none:
            TAKES_NONE.add(f)
        return f

    return deco


# Array twins of built-in rules: ``twin(ins, outs, attrs, g, skip)`` computes on backend arrays
# (the op's saved input and output values, as the row packs them: value k at ``3k + 1``; its attrs,
# the upstream gradient, its ``skip_input_indices``) what the rule computes on tensors (the same
# kernels in the same order), one array or None per input. A value the rule never reads may be a
# released one's ghost. The
# reverse pass uses a twin when nothing records (no tape is active, so the rule's ops would not be
# recorded either) for a float32/float64 op: no Tensor per intermediate result, no op call.
ARRAY_TWINS: dict = {}


def array_twin(op_type: str):
    """Internal decorator: register the array twin of ``op_type``'s built-in gradient."""

    def deco(f):
        ARRAY_TWINS[op_type] = f
        return f

    return deco


@contextlib.contextmanager
def gradient_override_map(op_type_map: dict):
    """Within the block, ops of type K record the gradient registered as ``op_type_map[K]``."""
    global _override_blocks
    old = state.overrides
    state.overrides = {**old, **op_type_map}
    with _OVERRIDE_LOCK:
        _override_blocks += 1
    try:
        yield
    finally:
        state.overrides = old
        with _OVERRIDE_LOCK:
            _override_blocks -= 1


# gradient_override_map blocks open in any thread: while none is, an op's gradient key is its type
# without a look at the thread's overrides (a thread-local read per recorded op; read inline)
_override_blocks = 0
_OVERRIDE_LOCK = threading.Lock()

