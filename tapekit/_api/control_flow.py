"""Control flow: ``cond``, ``case``, ``switch_case``, ``while_loop``, ``map_fn``, ``scan``,
``foldl``, ``foldr`` and ``vectorized_map``, run eagerly as TF runs them outside ``tf.function``.

The branch, loop body or mapped function is plain Python called on tensors, so every op it runs
is recorded on the active tapes and gradients flow through it as through any other code. The
argument checks and error types are TF's eager ones; TF's graph-only options
(``parallel_iterations``, ``shape_invariants``, ``swap_memory``, ...) are accepted and ignored.
"""

from __future__ import annotations

import numpy as np

from .._base import dtypes
from .. import nest
from ..errors import InvalidArgumentError
from .._base.i18n import _, hint_line
from .._core.ops.array_ops import stack, unstack
from .._core.ops.creation import zeros
from .._core.ops.math_ops import to_tensor
from .._core.values.tensor import Tensor, is_variable
from .tensor_spec import TensorSpec


def _to_tensor(value, dtype=None):
    return to_tensor(value) if dtype is None else to_tensor(value, dtype)


def _truth(pred) -> bool:
    """The truth value of an eager predicate (a scalar or one-element tensor), as TF's eager cond."""
    value = np.asarray(_to_tensor(pred).numpy())
    return bool(value)


def _unpack_singleton(result):
    return result[0] if isinstance(result, (list, tuple)) and len(result) == 1 else result


# ---------- branches ----------
def cond(pred, true_fn=None, false_fn=None, name=None):
    """Call ``true_fn()`` if ``pred`` is true, else ``false_fn()``; returns what the branch returns."""
    if true_fn is None:
        raise TypeError("cond(): 'true_fn' argument required")
    if false_fn is None:
        raise TypeError("cond(): 'false_fn' argument required")
    if not callable(true_fn):
        raise TypeError("'true_fn' must be callable.")
    if not callable(false_fn):
        raise TypeError("'false_fn' must be callable.")
    return true_fn() if _truth(pred) else false_fn()  # TF 2's cond is strict: nothing is unpacked


def case(pred_fn_pairs, default=None, exclusive=False, strict=False, name="case"):
    """The result of the first ``fn`` whose ``pred`` is true (else ``default()``)."""
    pred_fn_pairs = _checked_pairs(pred_fn_pairs, default)
    truths = [_truth(p) for p, _fn in pred_fn_pairs]
    if exclusive and sum(truths) > 1:
        raise InvalidArgumentError("Input error: exclusive=True and more than one predicate evaluated to True."
                                   + hint_line(_("make the predicates mutually exclusive, or pass "
                                                 "exclusive=False.")), op="Assert")
    fn = next((fn for truth, (_pred, fn) in zip(truths, pred_fn_pairs) if truth), default)
    if fn is None:
        if not pred_fn_pairs:
            raise ValueError("Must provide at least one of `pred_fn_pairs` and `default`.")
        raise InvalidArgumentError("Input error: None of conditions evaluated as True"
                                   + hint_line(_("add a default=... branch.")), op="Assert")
    result = fn()
    return result if strict else _unpack_singleton(result)


def _checked_pairs(pred_fn_pairs, default) -> list:
    """case's ``pred_fn_pairs`` as a list of ``(pred, fn)``, checked as TF checks them."""
    if isinstance(pred_fn_pairs, dict):
        pred_fn_pairs = list(pred_fn_pairs.items())
    if not isinstance(pred_fn_pairs, (list, tuple)):
        raise TypeError("`pred_fn_pairs` must be a list, tuple, or dict.")
    for pair in pred_fn_pairs:
        if not isinstance(pair, tuple) or len(pair) != 2:
            raise TypeError(f"Each entry in pred_fn_pairs must be a 2-tuple. Received {pair}.")
        if not callable(pair[1]):
            raise TypeError("fn for pred must be callable.")
    if default is not None and not callable(default):
        raise TypeError("`default` must be callable.")
    return list(pred_fn_pairs)


def switch_case(branch_index, branch_fns, default=None, name="switch_case"):
    """Call ``branch_fns[branch_index]()``; an index out of range calls ``default`` (or the last)."""
    if not isinstance(branch_index, Tensor) and not is_variable(branch_index):
        raise TypeError(f"'branch_index' must be a Tensor, got {type(branch_index)}")
    index = _to_tensor(branch_index)
    if not index.dtype.is_integer:
        raise TypeError(f"branch_index must be an integer Tensor, got {index.dtype!r}")
    if isinstance(branch_fns, dict):
        branch_fns = list(branch_fns.items())
    fns = dict(branch_fns) if branch_fns and isinstance(branch_fns[0], tuple) else dict(enumerate(branch_fns))
    if not fns:
        raise ValueError("Must provide at least one item in `branch_fns`.")
    if sorted(fns) != list(range(len(fns))):
        raise ValueError(f"branch indices (keys) must form contiguous range of [0 to {len(fns)}) but found "
                         "{" + ",".join(str(k) for k in sorted(fns)) + "}")
    for key, fn in fns.items():
        if not callable(fn):
            raise TypeError(f"`branch_fns[{key}]` must be callable.")
    fn = fns.get(int(index.numpy()))
    if fn is None:
        fn = default if default is not None else fns[max(fns)]
    return fn()


# ---------- loops ----------
def while_loop(cond, body, loop_vars, shape_invariants=None, parallel_iterations=10, back_prop=True,
               swap_memory=False, maximum_iterations=None, name=None):
    """``loop_vars = body(*loop_vars)`` while ``cond(*loop_vars)`` (at most ``maximum_iterations`` times).

    ``loop_vars`` is a list or tuple, and ``body`` must return a list or tuple of the same
    structure (TF's rule: ``tk.while_loop(c, b, [i])`` needs ``b`` to return ``[i + 1]``).
    """
    if not callable(cond):
        raise TypeError("'cond' must be callable.")
    if not callable(body):
        raise TypeError("'body' must be callable.")
    if parallel_iterations < 1:
        raise TypeError("'parallel_iterations' must be a positive integer.")
    if not loop_vars:  # (a tensor is tested by its value here, as in TF)
        raise ValueError("'loop_vars' must be provided."
                         + hint_line(_("pass the loop variables as a list, e.g. tk.while_loop(cond, body, "
                                       "[i]), and return a list from body.")))
    if maximum_iterations is not None:
        limit = _to_tensor(maximum_iterations)
        if limit.ndim != 0:
            raise ValueError(f"'maximum_iterations' must be a scalar. Received shape: {limit.shape}")
        limit = int(limit.numpy())
        user_cond, user_body = cond, body
        loop_vars = (0, loop_vars)  # TF counts iterations as a leading loop variable

        def cond(i, lv):
            return i < limit and _truth(user_cond(*lv))

        def body(i, lv):
            return i + 1, user_body(*lv)

    structure = list(loop_vars)
    while _truth(cond(*loop_vars)):
        loop_vars = body(*loop_vars)
        nest.assert_same_structure(structure, list(loop_vars))
    loop_vars = nest.map_structure(_to_tensor, loop_vars)
    return loop_vars[1] if maximum_iterations is not None else loop_vars


def _elems_leaves(elems):
    """The flattened ``elems`` as tensors of rank >= 1 with one common first dimension."""
    leaves = [_to_tensor(e) for e in nest.flatten(elems)]
    if not leaves:
        raise ValueError("elems must be a Tensor or (possibly nested) sequence of Tensors. Got [], "
                         "which does not contain any Tensors.")
    for t in leaves:
        if t.ndim == 0:
            raise ValueError("Elements in elems must be 1+ dimensional Tensors, not scalars"
                             + hint_line(_("a Python list is read as a structure of scalars; wrap it: "
                                           "tk.constant([1, 2, 3]).")))
    n = leaves[0].shape[0]
    for t in leaves[1:]:
        if t.shape[0] != n:
            raise ValueError(f"Elements in elems must have the same first dimension: {leaves[0].shape} vs "
                             f"{t.shape}")
    return leaves, n


def _output_spec(fn_output_signature, dtype, elems):
    """The expected output structure: a dtype/TensorSpec per leaf (default: like ``elems``)."""
    signature = fn_output_signature if fn_output_signature is not None else dtype
    if signature is None:
        return nest.map_structure(lambda e: _to_tensor(e).dtype, elems)
    return nest.map_structure(lambda s: s.dtype if isinstance(s, TensorSpec) else dtypes.as_dtype(s),
                              signature)


def _check_output(result, spec):
    try:
        nest.assert_same_structure(spec, result, check_types=False)
    except (ValueError, TypeError):
        raise ValueError(f"The two structures don't have the same nested structure.\n\nFirst structure: {spec!r}"
                         f"\n\nSecond structure: {result!r}"
                         + hint_line(_("fn must return values shaped like fn_output_signature (default: "
                                       "like elems)."))) from None
    leaves = []
    for value, want in zip(nest.flatten(result), nest.flatten(spec)):
        t = value if isinstance(value, Tensor) else (to_tensor(value) if is_variable(value) else None)
        if t is None:
            try:
                t = _to_tensor(value, want)
            except (TypeError, ValueError):
                t = _to_tensor(value)
        if t.dtype is not want:
            raise InvalidArgumentError(
                f"TensorArray dtype is {want.name} but Op is trying to write dtype {t.dtype.name} "
                + hint_line(_("fn returned {dtype}; pass fn_output_signature=tk.{dtype}.").format(dtype=t.dtype.name)),
                op="TensorListSetItem")
        leaves.append(t)
    return leaves


def map_fn(fn, elems, dtype=None, parallel_iterations=None, back_prop=True, swap_memory=False,
           infer_shape=True, name=None, fn_output_signature=None):
    """``fn`` applied to each slice of ``elems`` along axis 0, the results stacked.

    ``elems`` may be a structure of tensors (``fn`` then gets the same structure of slices);
    ``fn_output_signature`` (or the deprecated ``dtype``) says what ``fn`` returns when it differs
    from ``elems``.
    """
    if not callable(fn):
        raise TypeError(f"fn must be callable. Got: {fn}")
    leaves, n = _elems_leaves(elems)
    spec = _output_spec(fn_output_signature, dtype, elems)
    slices = [unstack(t) for t in leaves]
    columns = None
    for i in range(n):
        item = nest.pack_sequence_as(elems, [s[i] for s in slices])
        out = _check_output(fn(item), spec)
        columns = [[o] for o in out] if columns is None else [c + [o] for c, o in zip(columns, out)]
    if columns is None:
        return nest.pack_sequence_as(spec, [zeros([0], d) for d in nest.flatten(spec)])
    return nest.pack_sequence_as(spec, [stack(c) for c in columns])


def vectorized_map(fn, elems, fallback_to_while_loop=True, warn=True):
    """``map_fn`` whose output structure and dtypes are read from ``fn``'s first result."""
    leaves, n = _elems_leaves(elems)
    if n == 0:
        return map_fn(fn, elems)
    first = fn(nest.pack_sequence_as(elems, [t[0] for t in leaves]))
    spec = nest.map_structure(lambda v: _to_tensor(v).dtype, first)
    return map_fn(fn, elems, fn_output_signature=spec)


def _scan_steps(fn, elems, initializer, reverse):
    leaves, n = _elems_leaves(elems)
    slices = [unstack(t) for t in leaves]
    order = range(n - 1, -1, -1) if reverse else range(n)
    items = [nest.pack_sequence_as(elems, [s[i] for s in slices]) for i in order]
    if initializer is None:
        if not items:
            raise ValueError("elems must not be empty when no initializer is given.")
        acc, items, first = items[0], items[1:], [items[0]]
    else:
        acc, first = nest.map_structure(_to_tensor, initializer), []
    outputs = list(first)
    for item in items:
        acc = fn(acc, item)
        outputs.append(acc)
    return acc, (outputs[::-1] if reverse else outputs)


def scan(fn, elems, initializer=None, parallel_iterations=10, back_prop=True, swap_memory=False,
         infer_shape=True, reverse=False, name=None):
    """The running accumulations ``a = fn(a, x)`` over the slices of ``elems``, stacked."""
    if not callable(fn):
        raise TypeError(f"fn must be callable. Got: {fn}")
    _, outputs = _scan_steps(fn, elems, initializer, reverse)
    template = outputs[0] if outputs else initializer
    flat = [nest.flatten(o) for o in outputs]
    return nest.pack_sequence_as(template, [stack([_to_tensor(f[k]) for f in flat])
                                            for k in range(len(flat[0]))])


def foldl(fn, elems, initializer=None, parallel_iterations=10, back_prop=True, swap_memory=False,
          name=None):
    """The final ``a = fn(a, x)`` over the slices of ``elems``, first to last."""
    if not callable(fn):
        raise TypeError(f"{fn} is not callable. Please provide a callable function.")
    return _scan_steps(fn, elems, initializer, reverse=False)[0]


def foldr(fn, elems, initializer=None, parallel_iterations=10, back_prop=True, swap_memory=False,
          name=None):
    """The final ``a = fn(a, x)`` over the slices of ``elems``, last to first."""
    if not callable(fn):
        raise TypeError(f"{fn} is not callable. Please provide a callable function.")
    return _scan_steps(fn, elems, initializer, reverse=True)[0]
