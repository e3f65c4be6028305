"""The reverse pass: walk the tape backwards from the targets, accumulating gradients.

The tape is a flat log in execution order, so walking it backwards visits every op after all
ops that consumed its outputs: when an op is reached, the gradients of its outputs are complete.
Usage counts (how many recorded ops still have to send a gradient into a tensor) let the pass
free each gradient as soon as it is consumed, and let events report fan-in accumulation.
The pass is a loop, never recursion, so a chain of any length differentiates.
"""

from __future__ import annotations

import gc

from . import nest
from .registry import _GRADIENTS, gradient_function
from .tape import _Ghost
from .tensor import Tensor

_MISSING = object()


def _check_source(s):
    if s is None:
        raise TypeError("Cannot convert the argument `type_value`: None to a tapekit DType.")
    if isinstance(s, Tensor) or hasattr(s, "_read"):
        return s
    if hasattr(s, "dtype"):
        raise AttributeError(f"'{type(s).__module__}.{type(s).__name__}' object has no attribute "
                             "'_id': sources must be tk.Tensor or tk.Variable objects.")
    raise AttributeError(f"'{type(s).__name__}' object has no attribute 'dtype': sources must be "
                         "tk.Tensor or tk.Variable objects.")


def _check_target(t):
    if isinstance(t, Tensor) or hasattr(t, "_read"):
        return t
    if t is None:
        return None
    raise AttributeError(f"'{type(t).__name__}' object has no attribute 'dtype': targets must be "
                         "tk.Tensor or tk.Variable objects computed inside the tape.")


def compute_gradient(tape, target, sources, output_gradients, unconnected):
    targets = [_check_target(t) for t in nest.flatten(target)]
    flat_sources = [_check_source(s) for s in nest.flatten(sources)]
    seeds = _seed_gradients(targets, output_gradients)
    observer = tape._events().backward_observer("gradient", targets, flat_sources, output_gradients,
                                                unconnected)
    # Only what the tape watched (or computed from watched values) can be a source; an unwatched
    # source still gets the seed when it is itself a target (TF: gradient(x, x) is ones).
    tracked = tape._tracked
    grads = reverse_pass(tape, seeds, [s for s in flat_sources if tracked.get(s._id)], observer)
    unwatched = _summed_seeds(seeds) if any(not tracked.get(s._id) for s in flat_sources) else {}
    results = [_finish(grads.get(s._id) if tracked.get(s._id) else unwatched.get(s._id), s, unconnected)
               for s in flat_sources]
    observer.finish(results)
    return nest.pack_sequence_as(sources, results)


def _summed_seeds(seeds) -> dict:
    from .ops.math_ops import add_n_pair

    out: dict = {}
    for tid, g in seeds:
        out[tid] = add_n_pair(out[tid], g) if tid in out else g
    return out


def _finish(g, source, unconnected):
    from .tape import UnconnectedGradients

    if g is None:
        if unconnected is UnconnectedGradients.ZERO:
            from .ops.creation import zeros

            return zeros(source.shape, dtype=source.dtype)
        return None
    return g


def _seed_gradients(targets, output_gradients):
    from .ops.creation import ones_like
    from .tensor import convert_to_tensor

    if output_gradients is None:
        out_grads = [None] * len(targets)
    else:
        out_grads = nest.flatten(output_gradients)
        if len(out_grads) != len(targets):
            raise ValueError(f"output_gradients has {len(out_grads)} entries but there are "
                             f"{len(targets)} targets: pass one per target (or None).")
    seeds = []
    for t, og in zip(targets, out_grads):
        if t is None:
            continue
        if og is None:
            if not t.dtype.is_differentiable:
                continue
            og = ones_like(t)
        else:
            og = convert_to_tensor(og, dtype_hint=t.dtype)
            if tuple(og.shape) != tuple(t.shape):
                from .errors import InvalidArgumentError

                raise InvalidArgumentError(
                    f"Incompatible shapes: {list(og.shape)} vs. {list(t.shape)} [Op:Mul] name: \n"
                    "  Hint: each output_gradients entry must have the shape of its target.",
                    op="Mul")
        seeds.append((t._id, og))
    return seeds


def _reachable_from(entries, source_ids):
    """Ids of tensors that depend on a source through differentiable recorded ops."""
    reach = set(source_ids)
    for e in entries:
        if e.cut is not None:
            continue
        for t in e.inputs:
            if t._id in reach:
                reach.update(o._id for o in e.outputs)
                break
    return reach


def reverse_pass(tape, seeds, sources, observer=None):
    """Gradients of the seeded targets with respect to every reachable tensor id."""
    gc_was_enabled = gc.isenabled()
    gc.disable()  # a full collection would walk the whole tape, again and again on long chains
    try:
        return _reverse_pass(tape, seeds, sources, observer)
    finally:
        if gc_was_enabled:
            gc.enable()


def _reverse_pass(tape, seeds, sources, observer):
    from .ops.math_ops import add_n_pair

    entries = tape._entries
    source_ids = {s._id for s in sources}
    # gradients flow only from what this tape tracks as differentiable (its rules may rely on it)
    tracked = tape._tracked
    reach = _reachable_from(entries, {sid for sid in source_ids if tracked.get(sid)})
    grads: dict = {}
    for tid, g in seeds:
        if tid in reach or tid in source_ids:
            grads[tid] = add_n_pair(grads[tid], g) if tid in grads else g
    observer = observer or (tape._events().backward_observer() if tape._listeners else None)
    consume = not tape._persistent
    for i in range(len(entries) - 1, -1, -1):
        entry = entries[i]
        if entry.cut is not None or not grads:
            continue
        outs = entry.outputs
        if len(outs) == 1:
            oid = outs[0]._id
            g = grads.get(oid) if oid in source_ids else grads.pop(oid, None)
            if g is None:
                continue
            out_grads = (g,)
        else:
            out_grads = [grads.get(o._id) if o._id in source_ids else grads.pop(o._id, None)
                         for o in outs]
            if all(g is None for g in out_grads):
                continue
        if observer is not None:
            observer.visit(entry, out_grads)
        key = entry.grad_key
        fn = _GRADIENTS.get(key, _MISSING) if type(key) is str else key
        if fn is _MISSING:
            fn = gradient_function(key)  # raises TF's LookupError
        if fn is None:
            if observer is not None:
                observer.stopped(entry, "no_gradient_registered")
            continue
        if len(outs) > 1:
            out_grads = _fill_zeros(out_grads, outs)
        inputs = entry.inputs
        if len(inputs) > 1:  # TF's op.skip_input_indices: rules may skip gradients nobody needs
            entry.skip_input_indices = tuple(k for k, t in enumerate(inputs) if t._id not in reach)
        in_grads = fn(entry, *out_grads)
        if not isinstance(in_grads, (list, tuple)):
            in_grads = (in_grads,)
        if len(in_grads) != len(entry.inputs):
            raise ValueError(f"The gradient function of {entry.type} returned {len(in_grads)} "
                             f"gradients for {len(entry.inputs)} inputs.")
        for inp, g in zip(entry.inputs, in_grads):
            iid = inp._id
            if iid not in reach:
                continue
            if g is None or not inp._dtype.is_differentiable:
                if observer is not None:
                    observer.sent(entry, inp, None)
                continue
            if type(g) is not Tensor:
                g = _as_tensor(g)
            if g._value.shape != (inp._dims if type(inp) is _Ghost else inp._value.shape):
                g = sum_to_shape(g, inp)
            if observer is not None:
                observer.sent(entry, inp, g, accumulated=iid in grads)
            grads[iid] = add_n_pair(grads[iid], g) if iid in grads else g
        if consume:
            entry.release()
    if observer is not None:
        observer.done({s._id: grads.get(s._id) for s in sources})
    return grads


def _as_tensor(g):
    if isinstance(g, Tensor):
        return g
    from .tensor import convert_to_tensor

    return convert_to_tensor(g)


def _fill_zeros(out_grads, outs):
    from .ops.creation import zeros_like

    return [zeros_like(o) if g is None else g for g, o in zip(out_grads, outs)]


def sum_to_shape(g, like):
    """Reduce a broadcast gradient back to the shape of the input it flows into."""
    shape = like._value.shape if hasattr(like, "_value") else tuple(like.shape)
    gshape = g._value.shape
    if gshape == shape:
        return g
    from .ops.array_ops import reshape
    from .ops.reduction import reduce_sum

    lead = len(gshape) - len(shape)
    axes = list(range(lead)) + [lead + i for i, d in enumerate(shape) if d == 1 and gshape[lead + i] != 1]
    if axes:
        g = reduce_sum(g, axis=axes, keepdims=False)
    if tuple(g._value.shape) != tuple(shape):
        g = reshape(g, shape)
    return g


# ---------- jacobians ----------
def compute_jacobian(tape, target, sources, unconnected):
    from .ops.array_ops import reshape, stack
    from .ops.creation import zeros

    target = _check_target(target)
    flat_sources = [_check_source(s) for s in nest.flatten(sources)]
    tshape = tuple(target.shape)
    n = 1
    for d in tshape:
        n *= d
    rows = [[] for _ in flat_sources]
    observer = tape._events().backward_observer("jacobian", [target], flat_sources, None, unconnected)
    for k in range(n):
        seed = _one_hot_like(target, k)
        observer.row = k
        grads = reverse_pass(_KeepEntries(tape), [(target._id, seed)], flat_sources, observer)
        for j, s in enumerate(flat_sources):
            rows[j].append(grads.get(s._id))
    results = []
    for j, s in enumerate(flat_sources):
        sshape = tuple(s.shape)
        if all(g is None for g in rows[j]):
            results.append(None if unconnected.value == "none" else zeros(tshape + sshape, s.dtype))
            continue
        filled = [zeros(sshape, s.dtype) if g is None else g for g in rows[j]]
        if n == 0:
            results.append(zeros(tshape + sshape, s.dtype))
        else:
            results.append(reshape(stack(filled), tshape + sshape))
    observer.finish(results)
    return nest.pack_sequence_as(sources, results)


def compute_batch_jacobian(tape, target, source, unconnected):
    from .ops.array_ops import reshape, stack
    from .ops.creation import zeros

    target, source = _check_target(target), _check_source(source)
    tshape, sshape = tuple(target.shape), tuple(source.shape)
    if len(tshape) < 2:
        raise ValueError(f"Shape {target.shape} must have rank at least 2")
    if len(sshape) < 2:
        raise ValueError(f"Shape {source.shape} must have rank at least 2")
    if tshape[0] != sshape[0]:
        raise ValueError(f"Need first dimension of target shape ({tshape}) and source shape "
                         f"({sshape}) to match.")
    batch = tshape[0]
    inner = 1
    for d in tshape[1:]:
        inner *= d
    cols = []
    for k in range(inner):
        seed = _batched_one_hot(target, k)
        grads = reverse_pass(_KeepEntries(tape), [(target._id, seed)], [source])
        cols.append(grads.get(source._id))
    if all(g is None for g in cols):
        return None if unconnected.value == "none" else zeros(tshape + sshape[1:], source.dtype)
    filled = [zeros(sshape, source.dtype) if g is None else g for g in cols]
    stacked = stack(filled, axis=1)  # [batch, inner, *sshape[1:]]
    return reshape(stacked, (batch,) + tshape[1:] + sshape[1:])


class _KeepEntries:
    """A view of a tape whose reverse pass must not free entries (jacobians walk it many times)."""

    _persistent = True
    _listeners = ()

    def __init__(self, tape):
        self._entries = tape._entries
        self._tracked = tape._tracked


def _one_hot_like(target, k):
    import numpy as np

    from .backend import from_host

    arr = np.zeros(int(np.prod(target._value.shape)), dtype=target.dtype._np)
    arr[k] = 1
    return Tensor(from_host(arr.reshape(target._value.shape)), target.dtype)


def _batched_one_hot(target, k):
    import numpy as np

    from .backend import from_host

    shape = target._value.shape
    arr = np.zeros((shape[0], int(np.prod(shape[1:]))), dtype=target.dtype._np)
    arr[:, k] = 1
    return Tensor(from_host(arr.reshape(shape)), target.dtype)
