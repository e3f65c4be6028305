"""``tk.custom_gradient``: define a function together with the gradient the tape should use."""

from __future__ import annotations

import contextlib
import functools
import inspect

from .. import nest
from .._core.values.context import recorded_effect, state
from .._base.i18n import _, hint_line
from .._core.ops.math_ops import to_tensor
from .._core.record.registry import record
from .._core.values.tensor import EagerTensor, Tensor, convert_to_tensor, is_variable


@contextlib.contextmanager
def _watch_variable_reads():
    """Collect the trainable variables read inside the block (like TF's VariableWatcher)."""
    seen: list = []
    state.watchers.append(seen)
    try:
        yield seen
    finally:
        state.watchers.remove(seen)


def _accepts_variables(fn) -> bool:
    try:
        params = inspect.signature(fn).parameters.values()
    except (TypeError, ValueError):
        return True
    return any(p.name == "variables" or p.kind is inspect.Parameter.VAR_KEYWORD for p in params)


def _as_input(x):
    """The tensor a custom op records as its input: a Variable is read (so the tape sees it)."""
    if is_variable(x):
        return to_tensor(x)
    if isinstance(x, Tensor):
        return x
    return convert_to_tensor(x)


def custom_gradient(f=None):
    """Decorator: ``f(*x)`` returns ``(y, grad_fn)`` and ``grad_fn(*upstream)`` the input gradients.

    ``grad_fn`` receives one upstream gradient per (flattened) output of ``f`` and returns one
    gradient per (flattened) input, or None. If ``f`` reads trainable variables that are not
    inputs, ``grad_fn`` must accept ``variables=`` and return ``(grad_xs, grad_vars)``.
    Works with or without parentheses: ``@tk.custom_gradient`` or ``@tk.custom_gradient()``.
    """
    if f is None:
        return lambda fn: custom_gradient(fn)

    @functools.wraps(f)
    def decorated(*args, **kwargs):
        return _call_with_custom_gradient(f, args, kwargs)

    return decorated


@recorded_effect   # a traced tk.function replays the call whole: its op is recorded outside execute
def _call_with_custom_gradient(f, args, kwargs):
    with _watch_variable_reads() as read_vars:
        result, grad_fn = f(*args, **kwargs)
    flat_args = nest.flatten(args)
    all_inputs = flat_args + nest.flatten(kwargs)
    variables = []
    for v in read_vars:
        if all(v is not i for i in all_inputs) and all(v is not w for w in variables):
            variables.append(v)
    if variables and not _accepts_variables(grad_fn):
        raise TypeError("@tk.custom_gradient grad_fn must accept keyword argument 'variables', since function uses "
                        f"variables: {variables}"
                        + hint_line(_("define grad_fn(*upstream, variables=None) and return "
                                      "(input_gradients, variable_gradients).")))
    # Fresh output tensors (TF's identity): the tape sees them produced by the custom op only.
    flat_result = [EagerTensor(t.value, t.dtype) for t in map(_as_input, nest.flatten(result))]
    arg_count = len(flat_args)
    inputs = tuple(_as_input(x) for x in flat_args + variables)

    def actual_grad_fn(op, *upstream):
        if variables:
            input_grads, variable_grads = grad_fn(*upstream, variables=variables)
            variable_grads = list(variable_grads)
            if len(variable_grads) != len(variables):
                raise ValueError("Must return gradient for each variable from @custom_gradient "
                                 "grad_fn.")
        else:
            input_grads = grad_fn(*upstream)
            variable_grads = []
        flat_grads = nest.flatten(input_grads)
        if len(flat_grads) != arg_count:
            raise ValueError(f"custom_gradient function expected to return {arg_count} gradients, but returned "
                             f"{len(flat_grads)} instead."
                             + hint_line(_("grad_fn must return one gradient (or None) per input of the "
                                           "decorated function.")))
        return flat_grads + variable_grads

    if state.tapes:
        record(getattr(f, "__name__", "CustomGradient"), inputs, tuple(flat_result), None,
               grad_fn=actual_grad_fn)
    return nest.pack_sequence_as(result, flat_result)
