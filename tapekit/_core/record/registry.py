"""Running an op: compute it, wrap the result, record it on the tapes; the gradient registry."""

from __future__ import annotations

import contextlib
import threading

from ...backend import PLACEMENT, place_inputs
from ..values.context import note_unreplayable, state
from ...errors import InvalidArgumentError, shape_text
from ..._base.i18n import _, hint_line
from ..._base.source_location import caller_text
from ..values.tensor import EagerTensor, Tensor

def execute(op_type: str, forward, inputs: tuple, attrs: dict | None = None, dtype=None):
    """Run ``forward`` on the inputs' arrays and record the op on every tape that tracks an input.

    ``forward`` receives the backend arrays (and ``attrs`` as keywords) and returns one array;
    ``dtype``, when given, is the result's (an op whose kernel keeps its input's dtype).
    """
    return _execute(op_type, forward, inputs, _arrays_of(op_type, inputs), attrs, dtype, False)


def execute_binary(op_type: str, kernel, x: Tensor, y: Tensor, dtype):
    """``execute(op_type, kernel, (x, y), None, dtype)`` for the hot two-input ops (+ - * /): the
    tape takes them by its short elementwise path."""
    if PLACEMENT.active:
        return execute(op_type, kernel, (x, y), None, dtype)
    return _execute(op_type, kernel, (x, y), (x._value, y._value), None, dtype, True)


def execute_unary(op_type: str, kernel, x: Tensor, dtype):
    """``execute(op_type, kernel, (x,), None, dtype)`` for the hot one-input ops (exp, log ...)."""
    if PLACEMENT.active:
        return execute(op_type, kernel, (x,), None, dtype)
    return _execute(op_type, kernel, (x,), (x._value,), None, dtype, True)


def execute_multi(op_type: str, forward, inputs: tuple, attrs: dict | None = None):
    """Like ``execute`` for an op with several outputs (``forward`` returns a tuple)."""
    values = _compute(op_type, forward, inputs, _arrays_of(op_type, inputs), attrs)
    outs = tuple(EagerTensor(v) for v in values)
    if state.tapes:
        record(op_type, inputs, outs, attrs)
    for tracer in state.tracers:
        tracer.op(op_type, forward, inputs, attrs, None, "multi", outs)
    return outs


def _execute(op_type, forward, inputs, arrays, attrs, dtype, elementwise: bool):
    """The one body of the ``execute`` variants: compute, wrap, record on each tape."""
    out = EagerTensor(_compute(op_type, forward, inputs, arrays, attrs), dtype)
    tapes = state.tapes
    if tapes:
        key = _rule_key(op_type) if _override_blocks else op_type   # the common case without a call
        for tape in tapes:
            if elementwise:
                tape.record_elementwise(op_type, inputs, out, key)
            else:
                tape.record_operation(op_type, inputs, (out,), attrs, key)
    for tracer in state.tracers:   # a tk.function being traced (a thread-local read per op)
        kind = ("binary" if len(inputs) == 2 else "unary") if elementwise else "plain"
        tracer.op(op_type, forward, inputs, attrs, dtype, kind, (out,))
    return out


def _arrays_of(op_type, inputs):
    """The inputs' backend arrays (moved to the op's device while a placement is active)."""
    if PLACEMENT.active:
        return place_inputs(op_type, inputs)
    return [t._value for t in inputs]


def _compute(op_type, forward, inputs, arrays, attrs):
    """``forward`` on the arrays; a failure becomes TF's error naming the op, shapes and dtypes."""
    try:
        return forward(*arrays, **attrs) if attrs else forward(*arrays)
    except (ValueError, IndexError, TypeError) as err:
        raise _describe_failure(op_type, inputs, err) from None


def _rule_key(op_type):
    """The op's rule key while a ``gradient_override_map`` block is open (``_override_blocks``):
    what the thread's overrides map its type to, or its type."""
    return state.overrides.get(op_type, op_type)


def record(op_type, inputs, outputs, attrs=None, grad_fn=None, cut=None):
    """Record an op that already ran on every active tape (TF's ``record_operation``).

    ``grad_fn``, when given, is the op's own gradient function (a custom gradient); otherwise the
    op's type names its rule (or what a ``gradient_override_map`` block maps it to).
    """
    key = GradientRule.of_function(grad_fn) if grad_fn is not None else \
        _rule_key(op_type) if _override_blocks else op_type
    for tape in state.tapes:
        tape.record_operation(op_type, inputs, outputs, attrs, key, cut)


def _describe_failure(op_type, inputs, err):
    if isinstance(err, InvalidArgumentError):
        return err
    shapes = " vs. ".join(shape_text(t._value.shape) for t in inputs)
    dts = ", ".join(t._dtype.name for t in inputs)
    text = str(err)
    if "broadcast" in text:
        what = f"Incompatible shapes: {shapes}"
        if op_type == "SelectV2":
            what = "condition {}, then {}, and else {} must be broadcastable".format(
                *(shape_text(t._value.shape) for t in inputs))
        hint = _("the shapes must be equal or broadcastable (each axis equal or 1, aligned from "
                 "the right); reshape or tk.expand_dims one input.")
    else:
        what = f"{op_type} failed on inputs of shapes {shapes} and dtypes {dts}: {text}"
        hint = _("check the shapes, dtypes and arguments passed to this op.")
    return InvalidArgumentError(f"{what} [Op:{op_type}] name: " + hint_line(hint), op=op_type)


# ---------- the gradient registry ----------
class GradientRule:
    """How ops of one type differentiate: TF's registered gradient function, and what the tape and
    the reverse pass need to know of it. One record per op type (``RULES``), or per custom gradient.

    ``fn(op, *grads)`` returns one gradient (or None) per input; ``fn`` is None for an op declared
    not differentiable (``no_gradient``): gradients stop there. The built-in rules (``gradient``)
    say more: ``reads`` what of the op's values the rule reads, so that a tape keeps only that
    much alive ("nothing", "inputs", "outputs", "other_input": a binary op whose gradient for x
    reads y and for y reads x, "divisor": RealDiv's; None: everything); ``builtin`` they may return
    a broadcast gradient, which the reverse pass reduces (a user rule of the wrong shape is an
    error); ``dense_only`` they take dense upstream gradients (the pass densifies IndexedSlices;
    user rules get them as they are, as in TF); ``takes_none`` a multi-output rule gets None for an
    output nobody differentiated (the others get zeros); ``on_arrays`` the rule is written against
    ``grads.rule_math`` and so runs on backend arrays too (the reverse pass's lean path).
    """

    __slots__ = ("op_type", "fn", "where", "reads", "builtin", "dense_only", "takes_none", "on_arrays")

    def __init__(self, op_type, fn, where, reads=None, builtin=False, dense_only=False, takes_none=False,
                 on_arrays=False):
        self.op_type = op_type
        self.fn = fn
        self.where = where   # where it was registered (named when a second registration fails)
        self.reads = reads
        self.builtin = builtin
        self.dense_only = dense_only
        self.takes_none = takes_none
        self.on_arrays = on_arrays

    @classmethod
    def of_function(cls, fn) -> GradientRule:
        """The rule of one recorded op whose gradient is a function of its own (``custom_gradient``)."""
        return cls(getattr(fn, "__name__", "custom"), fn, f"{fn.__module__}.{fn.__qualname__}")

    def __repr__(self) -> str:
        return f"<GradientRule {self.op_type}>"


RULES: dict = {}   # op type -> its GradientRule


def rule_for(key) -> GradientRule:
    """The rule a recorded op names: its op type's (``RULES``), or the rule it carries itself."""
    if type(key) is GradientRule:
        return key
    try:
        return RULES[key]
    except KeyError:
        raise LookupError(f"gradient registry has no entry for: {key}") from None


def has_gradient(key) -> bool:
    """Whether a recorded op's gradient key names a rule with a gradient function."""
    rule = key if type(key) is GradientRule else RULES.get(key)
    return rule is not None and rule.fn is not None


def stops_gradient(key) -> bool:
    """Whether ``key`` names an op type declared with ``no_gradient`` (gradients stop there)."""
    rule = RULES.get(key) if type(key) is str else None
    return rule is not None and rule.fn is None


def none_gradient(op, *grads):
    """The rule of an op that TF differentiates as None for every input (Round, ArgMax, FloorDiv ...):
    a registered rule, not ``no_gradient``, as in TF (``explain`` tells the two apart)."""
    return [None] * len(op.inputs)


def returns_none(key) -> bool:
    """Whether ``key`` names an op type whose rule is ``none_gradient``."""
    rule = RULES.get(key) if type(key) is str else None
    return rule is not None and rule.fn is none_gradient


def ends_gradient(key) -> bool:
    """Whether no gradient passes ops of ``key``'s type: declared ``no_gradient``, or a rule that returns None."""
    rule = RULES.get(key) if type(key) is str else None
    return rule is not None and (rule.fn is None or rule.fn is none_gradient)




def _register(rule: GradientRule) -> None:
    if not isinstance(rule.op_type, str):
        raise TypeError("op_type must be a string")
    if rule.op_type in RULES:
        raise KeyError(f"Registering two gradient with name '{rule.op_type}'! "
                       f"(Previous registration was in {RULES[rule.op_type].where})")
    RULES[rule.op_type] = rule


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
        _register(GradientRule(self._op_type, f, caller_text(2)))
        return f


def no_gradient(op_type) -> None:
    """Declare ops of type ``op_type`` not differentiable: gradients stop there, silently."""
    _register(GradientRule(op_type, None, caller_text(2)))


NotDifferentiable = no_gradient


def gradient(op_type: str, reads: str | None = None, sparse: bool = False, takes_none: bool = False,
             on_arrays: bool = False):
    """Internal decorator: register the built-in gradient of ``op_type`` (``GradientRule``).

    ``sparse=True``: the function accepts an ``IndexedSlices`` upstream gradient.
    ``takes_none=True``: an output without gradient is passed as None, not as zeros.
    ``on_arrays=True``: written with ``grads.rule_math``, it also runs on backend arrays.
    """

    def deco(f):
        _register(GradientRule(op_type, f, f"{f.__module__}.{f.__name__}", reads, builtin=True,
                               dense_only=not sparse, takes_none=takes_none, on_arrays=on_arrays))
        return f

    return deco


@contextlib.contextmanager
def gradient_override_map(op_type_map: dict):
    """Within the block, ops of type K record the gradient registered as ``op_type_map[K]``."""
    global _override_blocks
    note_unreplayable("a gradient_override_map block")
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

