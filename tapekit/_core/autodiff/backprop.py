"""The reverse pass: walk the tape backwards from the targets, accumulating gradients.

The tape is a flat log in execution order, so walking it backwards visits every op after all
ops that consumed its outputs: when an op is reached, the gradients of its outputs are complete.
An op's output gradients are taken out of the pass's table when the op is visited (a source's
stay), so each gradient is freed once consumed; a gradient sent to a tensor that already has one
is added to it (fan-in), which the events report. The pass is a loop, never recursion, so a chain
of any length differentiates.

``tape.py`` checks the arguments first (``gradient_args``), before a non-persistent tape is
spent; ``run_*`` here then computes.
"""

from __future__ import annotations

import logging

import numpy as np

from ..._base import dtypes
from ... import nest
from ...backend import PLACEMENT, from_host, ns
from .backward_order import BackwardOrder
from ..record.causes import Cause
from ..values.context import active_tapes
from .gradient_args import GradientRequest, UnconnectedGradients
from ..grads import RULE_MODULES  # noqa: F401  (importing them registers the built-in rules)
from ..._base.i18n import _, hint_line
from ...errors import InvalidArgumentError
from ..record.indexed_slices import IndexedSlices
from ..ops.array_ops import broadcast_to, reshape, stack
from ..ops.creation import ones_like, zeros, zeros_like
from ..ops.math_ops import add_n_pair, kernel_name
from ..ops.reduction import reduce_sum, sum_arrays
from ..ops.slices_ops import concat_slices, densify
from ..record.registry import RULES, rule_for
from ..._base.shape import TensorShape
from ..record.tape_entry import LIVE, ArrayEntry, TapeEntry, TapeView
from ..values.tensor import EagerTensor, Tensor, convert_to_tensor, dtype_of_array

logger = logging.getLogger("tapekit")
_NUMPY_TYPES = (np.ndarray, np.generic)
_LEAN = (dtypes.float32, dtypes.float64)   # the dtypes the lean path runs rules on arrays for
_DIFFERENTIABLE = frozenset(dt.name for dt in dtypes.ALL if dt.is_differentiable)   # by name, as rows keep them


# ---------- gradient() ----------
def run_gradient(tape: TapeView, request: GradientRequest, unconnected):
    targets, flat_sources = request.targets, request.sources
    seeds = _seed_gradients(targets, request.output_gradients)
    observer = tape.log.backward_observer(tape, "gradient", targets, flat_sources,
                                                request.raw_output_gradients, unconnected)
    # Only what the tape watched (or computed from watched values) can be a source; an unwatched
    # source still gets the seed when it is itself a target (TF: gradient(x, x) is ones).
    tracked = tape.tracked
    watched = [s for s in flat_sources if tracked.get(s._id)]
    grads = reverse_pass(tape, seeds, watched, observer, [t._id for t in targets])
    unwatched = _summed_seeds(seeds) if len(watched) < len(flat_sources) else {}
    results = []
    for s in flat_sources:
        g = grads.get(s._id) if tracked.get(s._id) else unwatched.get(s._id)
        results.append(g if g is not None else _finish(None, s, unconnected))
    observer.finish([r if type(r) is EagerTensor else densify(r) for r in results])
    return nest.pack_sequence_as(request.structure, results)


def _summed_seeds(seeds) -> dict:

    out: dict = {}
    for tid, g in seeds:
        out[tid] = add_n_pair(out[tid], g) if tid in out else g
    return out


def _finish(g, source, unconnected):

    if g is None:
        if unconnected is UnconnectedGradients.ZERO:
            return zeros(source.shape, dtype=source.dtype)
        return None
    return g


def _seed_gradients(targets, output_gradients):
    """(target id, upstream gradient) for each differentiable target: ones, or its output gradient."""
    seeds = []
    lean = not active_tapes() and not PLACEMENT.active   # nothing records (as _Walk.lean)
    for t, og in zip(targets, output_gradients):
        if og is None:
            if not t.dtype.is_differentiable:
                continue
            if not lean or type(t) is not EagerTensor:   # an active tape records the seed (TF: OnesLike)
                og = ones_like(t)
            else:   # nothing records it: ones_like's kernel, without running the op
                og = EagerTensor(_ones_of(t._value), t._dtype)
        elif tuple(og.shape) != tuple(t.shape):
            og = broadcast_to(og, tuple(t.shape))
        seeds.append((t._id, og))
    return seeds


def _ones_of(value):
    """``ones_like``'s kernel: on NumPy without ``np.ones``'s Python (an empty array, filled)."""
    if isinstance(value, _NUMPY_TYPES):   # an array, or the NumPy scalar a full reduction returns
        out = np.empty(value.shape, dtype=value.dtype)
        out.fill(1)
        return out
    return ns(value).ones(value.shape, dtype=value.dtype)


def _reachable_from(rows, source_ids):
    """Ids of tensors that depend on a source through differentiable recorded ops."""
    reach = set(source_ids)
    for row in rows:
        if row.cut is None and not reach.isdisjoint(row.input_ids()):
            reach.update(row.output_ids())
    return reach


# ---------- the reverse pass ----------
def reverse_pass(tape: TapeView, seeds, sources, observer=None, target_ids=()):
    """Gradients of the seeded targets with respect to every reachable tensor id.

    The textbook loop: walk the recorded ops backwards; at each op, take the gradients of its
    outputs (complete by then), call its rule, and add what the rule returns into its inputs'
    gradients (``_Walk.step``). Sources' gradients are Tensors or IndexedSlices. The process's
    cyclic GC is left alone: a pass must never change state other threads see.
    """
    walk = _Walk(tape, seeds, sources, observer, target_ids)
    grads = walk.grads
    rows = tape.entries.rows
    for index in range(len(rows) - 1, -1, -1):
        row = rows[index]
        if row.cut is None and grads:   # a cut op sends nothing; no gradient left: nothing to do
            walk.step(index, row)
    return walk.finish()


class _Walk:
    """The state of one reverse pass: the gradients so far, what can reach a source, the observer.

    On the lean path (no tape records, so a rule's ops would not be recorded either) a rule written
    with ``grads.rule_math`` runs on the op's saved backend arrays, and gradients stay arrays
    between such ops; ``gradient_tensor`` makes them Tensors where a rule, ``send`` or the caller
    needs one.
    """

    def __init__(self, tape, seeds, sources, observer, target_ids):
        self.source_ids = {s._id for s in sources}
        # gradients flow only from what this tape tracks as differentiable (its rules may rely on it)
        tracked = tape.tracked
        live_sources = {sid for sid in self.source_ids if tracked.get(sid)}
        # When the sources cover every root the tape watched, what reaches a source is what the tape
        # saw its roots reach while it recorded (shared, only read here); otherwise scan the rows.
        self.reach = tape.from_roots if tape.roots <= live_sources else \
            _reachable_from(tape.entries.rows, live_sources)
        self.grads: dict = {}
        for tid, g in seeds:
            if tid in self.reach or tid in self.source_ids:
                self.grads[tid] = add_n_pair(self.grads[tid], g) if tid in self.grads else g
        self.observer = observer or (tape.log.backward_observer(tape) if tape.listeners else None)
        self.ghosts = tape.ghosts if not tape.persistent else None   # released tensors, one ghost per id
        self.saved = tape.saved
        self.order = BackwardOrder(tape.entries, target_ids)
        self.sparse = False   # an IndexedSlices was seen: only then the pass pays for handling them
        self.lean = not active_tapes() and not PLACEMENT.active
        self.array_entry = ArrayEntry()   # the lean path's view of the op being stepped (one per pass)

    def step(self, index, row) -> None:
        """One op: take its outputs' gradients, call its rule, send the results to its inputs."""
        out_grads = self.take_output_grads(row.output_ids())
        if out_grads is None:                      # pruned: no gradient flows into this op
            return
        rule = RULES.get(row.grad_key) or rule_for(row.grad_key)
        if rule.fn is None:                        # declared not differentiable: gradients stop here
            self.stopped(index, row, out_grads)
            return
        skip = row.inputs_outside(self.reach)     # TF's op.skip_input_indices
        g = out_grads[0]
        if self.lean and rule.on_arrays and len(out_grads) == 1 and not self.sparse and \
                (type(g) is not EagerTensor or g._dtype in _LEAN):
            # nothing records: the rule runs on the op's saved arrays (a Tensor seed as its array)
            in_grads = rule.fn(self.array_entry.of(row, skip), g._value if type(g) is EagerTensor else g)
            sends = self.send_arrays(row, in_grads, skip)
        else:
            in_grads = self.call_rule(rule, TapeEntry(row, index, skip, self.saved), out_grads)
            if len(in_grads) != row.n_inputs:
                raise _wrong_arity(row, in_grads)
            sends = [self.send(index, row, k, g, rule) for k, g in enumerate(in_grads) if k not in skip]
        if self.observer is not None:
            self.observer.step(index, row, self.dense(out_grads) if self.sparse else out_grads, sends)
        if self.ghosts is not None and row.state == LIVE:   # a non-persistent tape frees what it saved
            row.release(self.ghosts, self.saved)

    def stopped(self, index, row, out_grads) -> None:
        if self.observer is not None:
            self.observer.step(index, row, self.dense(out_grads), ())
            self.observer.stopped(index, row, Cause.NO_GRADIENT_REGISTERED)

    def take_output_grads(self, ids: tuple):
        """The gradients of a row's outputs ``ids``, taken out of ``grads`` (a source's stay); None if none."""
        grads, keep = self.grads, self.source_ids
        if len(ids) == 1 and not self.sparse:   # most ops
            g = grads.get(ids[0]) if ids[0] in keep else grads.pop(ids[0], None)
            return None if g is None else (g,)
        out_grads = [grads.get(oid) if oid in keep else grads.pop(oid, None) for oid in ids]
        if all(g is None for g in out_grads):
            return None
        if self.sparse:
            out_grads = [g if type(g) is not _Pieces else _collected(g, self.order) for g in out_grads]
        return out_grads

    def dense(self, grads):
        return [densify(g) for g in grads] if self.sparse else grads

    def call_rule(self, rule, op, out_grads) -> tuple:
        """``rule.fn(op, *out_grads)`` as TF calls it: Tensors (zeros for an output nobody
        differentiated, unless the rule takes None), IndexedSlices to the rules that take them."""
        out_grads = [gradient_tensor(g) for g in out_grads]
        if len(out_grads) > 1 and not rule.takes_none:
            out_grads = _fill_zeros(out_grads, op.outputs)
        if self.sparse and rule.dense_only:
            out_grads = [g if g is None else densify(g) for g in out_grads]
        return _as_tuple(rule.fn(op, *out_grads))

    def send(self, index, row, k, g, rule) -> tuple:
        """Add ``g``, the gradient the rule of op ``index`` (``row``) returned for its input ``k``, into that input's.

        Returns what the observer is told: ``(k, the gradient sent or None, accumulated)``.
        """
        tid, shape, dtype_name = row.input_described(k)
        if g is None or dtype_name not in _DIFFERENTIABLE:
            return k, None, False
        g = _as_gradient(g)
        if type(g) is not EagerTensor:   # IndexedSlices
            return self._send_slices(index, row, k, g, shape)
        if g._value.shape != shape:
            if not rule.builtin:  # only built-in rules leave unbroadcasting to the pass
                raise _wrong_shape(row.op_type, k, shape, g._value.shape)
            g = sum_to_shape(g, shape)
        return k, g, self.add_into(tid, g)

    def send_arrays(self, row, in_grads, skip) -> list:
        """``send`` on the lean path, for each input not skipped: the backend arrays a rule returned
        stay arrays. Returns what the observer is told, one ``send`` result per input."""
        if type(in_grads) is not tuple:   # one gradient (or a list): _as_tuple, inline for the first case
            in_grads = (in_grads,) if type(in_grads) is not list else tuple(in_grads)
        sends, grads = [], self.grads
        for k, a in enumerate(in_grads):
            if k in skip:
                continue
            tid, shape, dtype_name = row.input_described(k)
            if a is None or dtype_name not in _DIFFERENTIABLE:
                sends.append((k, None, False))
                continue
            if a.shape != shape:   # a broadcast input: built-in rules leave unbroadcasting to the pass
                a = sum_array_to_shape(a, shape)
            if tid in grads:       # fan-in
                sends.append((k, a, self.add_into(tid, a)))
            else:                  # its first gradient (add_into's first case, inline: most sends)
                grads[tid] = a
                sends.append((k, a, False))
        return sends

    def add_into(self, tid, g) -> bool:
        """Add ``g`` into tensor ``tid``'s gradient; whether it had one (fan-in: accumulated)."""
        grads = self.grads
        have = grads.get(tid)
        if have is None:
            grads[tid] = g
            return False
        if type(have) is _Pieces:
            have = densify(_collected(have, self.order))
        if type(have) is EagerTensor or type(g) is EagerTensor:
            have, g = gradient_tensor(have), gradient_tensor(g)
            if have._dtype is not g._dtype:   # a custom gradient of another dtype: TF's AddN refuses it
                raise _mixed_dtypes(have, g)
            grads[tid] = add_n_pair(have, g)
        elif have.dtype != g.dtype:
            raise _mixed_dtypes(gradient_tensor(have), gradient_tensor(g))
        else:
            grads[tid] = have + g   # add_n_pair's kernel (AddV2's) on the lean path's arrays
        return True

    def _send_slices(self, index, row, k, g, shape) -> tuple:
        if tuple(g.shape) != tuple(shape):
            raise _wrong_shape(row.op_type, k, shape, tuple(g.shape))
        self.sparse = True
        iid, grads = row.input_id(k), self.grads
        accumulated = iid in grads
        grads[iid] = _accumulate(grads[iid], g, index) if accumulated else _Pieces(index, g)
        return k, densify(g) if self.observer is not None else None, accumulated

    def finish(self) -> dict:
        grads = self.grads
        for sid in self.source_ids:
            g = grads.get(sid)
            if g is not None and type(g) is not EagerTensor:
                grads[sid] = _collected(g, self.order) if type(g) is _Pieces else gradient_tensor(g)
        return grads


def gradient_tensor(g):
    """A gradient as a Tensor: a backend array from the lean path is wrapped; a Tensor, an
    IndexedSlices or None passes as it is."""
    return g if g is None or type(g) is EagerTensor or type(g) is IndexedSlices else EagerTensor(g, dtype_of_array(g))


def _as_tuple(in_grads) -> tuple:
    """A rule's result as a tuple: one gradient, or its list of them."""
    return tuple(in_grads) if isinstance(in_grads, (list, tuple)) else (in_grads,)


def _wrong_arity(row, in_grads) -> ValueError:
    return ValueError(f"The gradient function of {row.op_type} returned {len(in_grads)} "
                      f"gradients for {row.n_inputs} inputs.")


def _mixed_dtypes(have, g) -> InvalidArgumentError:
    want, got = kernel_name(have.dtype), kernel_name(g.dtype)
    return InvalidArgumentError(
        f"cannot compute AddN as input #1(zero-based) was expected to be a {want} tensor but is a {got} tensor "
        "[Op:AddN] name: "
        + hint_line(_("two gradients of one tensor have different dtypes ({dtype} and {other}): a custom "
                      "gradient must return, for each input, a gradient of that input's dtype; cast it with "
                      "tk.cast(grad, x.dtype).").format(dtype=have.dtype.name, other=g.dtype.name)), op="AddN")


def _as_gradient(g):
    """A gradient function's result as a Tensor or an IndexedSlices."""
    if isinstance(g, (Tensor, IndexedSlices)):
        return g
    return convert_to_tensor(g)


def _wrong_shape(op_type, index, shape, got) -> ValueError:
    return ValueError(
        f"Incompatible shapes between op input and calculated input gradient. Forward operation: {op_type}. Input "
        f"index: {index}. Original input shape: {TensorShape(tuple(shape))}. Calculated input gradient shape: "
        f"{TensorShape(tuple(got))}"
        + hint_line(_("a custom gradient must return, for each input, a gradient of that input's shape; "
                      "reduce a broadcast gradient yourself (e.g. tk.reduce_sum over the broadcast axes).")))


def _fill_zeros(out_grads, outs):

    return [zeros_like(o) if g is None else g for g, o in zip(out_grads, outs)]


def _broadcast_axes(gshape: tuple, shape: tuple) -> tuple:
    """The axes a gradient of shape ``gshape`` sums over to flow into an input of ``shape``."""
    lead = len(gshape) - len(shape)
    return tuple(range(lead)) + tuple(lead + i for i, d in enumerate(shape) if d == 1 and gshape[lead + i] != 1)


def sum_array_to_shape(a, shape: tuple):
    """``sum_to_shape`` on a backend array, with the kernels of the ops it runs (Sum, Reshape)."""
    axes = _broadcast_axes(a.shape, shape)
    if axes:
        a = sum_arrays(a, axes)
    if a.shape != tuple(shape):
        a = ns(a).reshape(a, tuple(shape))
    return a


def sum_to_shape(g, shape: tuple):
    """Reduce a broadcast gradient back to ``shape``, the shape of the input it flows into."""
    gshape = g._value.shape
    if gshape == shape:
        return g
    axes = list(_broadcast_axes(gshape, shape))
    if axes:
        g = reduce_sum(g, axis=axes, keepdims=False)
    if tuple(g._value.shape) != tuple(shape):
        g = reshape(g, shape)
    return g


# ---------- adding up IndexedSlices ----------
class _Pieces:
    """The IndexedSlices gradients one tensor received so far, with the entry each came from."""

    __slots__ = ("items",)

    def __init__(self, index, slices):
        self.items = [(index, slices)]


def _accumulate(have, g, index):
    """``have + g`` (``g`` an IndexedSlices): slices stay slices, a dense one makes it dense."""
    if type(have) is _Pieces:
        have.items.append((index, g))
        return have
    return add_n_pair(gradient_tensor(have), densify(g))


def _collected(pieces, order):
    """One IndexedSlices from the pieces, concatenated in the order TF's reverse pass adds them."""
    if type(pieces) is not _Pieces:
        return pieces
    items = pieces.items
    if len(items) > 1:
        items = sorted(items, key=lambda item: order.rank(item[0]))
    total = items[0][1]
    for _source, slices in items[1:]:
        total = concat_slices(total, slices)
    return total


# ---------- jacobians ----------
def run_jacobian(tape, target, flat_sources, sources, unconnected):
    tshape = tuple(target.shape)
    n = 1
    for d in tshape:
        n *= d
    rows = [[] for _ in flat_sources]
    observer = tape.log.backward_observer(tape, "jacobian", [target], flat_sources, None, unconnected)
    sparse = None
    for k in range(n):
        seed = _one_hot_like(target, k)
        observer.row = k
        grads = reverse_pass(tape.kept(), [(target._id, seed)], flat_sources, observer,
                             [target._id])
        for j, s in enumerate(flat_sources):
            g = grads.get(s._id)
            if type(g) is IndexedSlices:
                sparse = sparse or g
                g = densify(g)
            rows[j].append(g)
    if sparse is not None:
        _warn_densified(sparse)
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


def _warn_densified(g: IndexedSlices) -> None:
    logger.warning(
        "Converting IndexedSlices(indices=<%s %s>, values=<%s %s>, dense_shape=%s) to a dense "
        "representation may make it slow. Alternatively, output the indices and values of the "
        "IndexedSlices separately, and handle the vectorized outputs directly.",
        g.indices.shape, g.indices.dtype.name, g.values.shape, g.values.dtype.name, g.shape)


def run_batch_jacobian(tape, target, source, unconnected):
    """Per-example Jacobians; an unconnected source gives zeros of the target's dtype (as TF)."""
    tshape, sshape = tuple(target.shape), tuple(source.shape)
    batch = tshape[0]
    inner = 1
    for d in tshape[1:]:
        inner *= d
    cols = []
    sparse = None
    for k in range(inner):
        seed = _batched_one_hot(target, k)
        grads = reverse_pass(tape.kept(), [(target._id, seed)], [source], None, [target._id])
        g = grads.get(source._id)
        if type(g) is IndexedSlices:
            sparse = sparse or g
            g = densify(g)
        cols.append(g)
    if sparse is not None:
        _warn_densified(sparse)
    if all(g is None for g in cols):
        return zeros(tshape + sshape[1:], target.dtype)
    filled = [zeros(sshape, source.dtype) if g is None else g for g in cols]
    stacked = stack(filled, axis=1)  # [batch, inner, *sshape[1:]]
    return reshape(stacked, (batch,) + tshape[1:] + sshape[1:])


def _one_hot_like(target, k):


    arr = np.zeros(int(np.prod(target._value.shape)), dtype=target.dtype.numpy_dtype)
    arr[k] = 1
    return EagerTensor(from_host(arr.reshape(target._value.shape)), target.dtype)


def _batched_one_hot(target, k):


    shape = target._value.shape
    arr = np.zeros((shape[0], int(np.prod(shape[1:]))), dtype=target.dtype.numpy_dtype)
    arr[:, k] = 1
    return EagerTensor(from_host(arr.reshape(shape)), target.dtype)
