"""Shape and indexing ops: reshape, transpose, stack, slicing, ... and their gradients."""

from __future__ import annotations

import numpy as np

from ... import backend
from ..._base import dtypes
from ...backend import from_host, ns, to_host
from ...errors import InvalidArgumentError, kernel_prefix
from ..._base.i18n import _, hint_line
from ..record.indexed_slices import IndexedSlices
from ..record.registry import execute, execute_multi
from ..._base.shape import TensorShape
from ..values.context import note_constant
from ..values.tensor import EagerTensor, Tensor, constant, host_value, is_tensor, is_variable, set_list_packer
from .args import index_tensor, int_array, int_attr, int_scalar, int_values, named_conversion
from .creation import check_allocation
from .indexing import gather_full_indices, mirror_take, on_device_of, standard_key
from .math_ops import cast, conj, dtype_mismatch, maximum, minimum, to_tensor, where_indices
from .math_ops import identity as _identity


def _int_list(value, arg: str, op_type: str, attr: str = "Tidx") -> list:
    """An integer argument (a shape, a permutation, axes ...) as a list of ints, checked as TF checks it."""
    return int_values(value, arg, op_type, attr)


# what TF's kernels say of a shape-like argument that is not a vector ({} is its shape)
_NOT_A_VECTOR = {"Reshape": "sizes input must be 1-D, not {}", "Tile": "Expected multiples to be 1-D, but got shape {}",
                 "BroadcastTo": "shape must be a vector of {{int32,int64}}, got shape {}"}


def _int_vector(value, arg: str, op_type: str, attr: str = "Tidx") -> list:
    """``_int_list`` of an argument that must be a vector (or one int), as TF's kernel checks it."""
    values = int_array(value, arg, op_type, attr)
    if values.ndim > 1:
        raise InvalidArgumentError(
            f"{kernel_prefix(op_type)}{_NOT_A_VECTOR[op_type].format(_dims(values.shape))} [Op:{op_type}] name: "
            + hint_line(_("give {arg} as a flat list of integers, such as [2, 3].").format(arg=arg)), op=op_type)
    return [int(v) for v in values.reshape(-1)]


def _reshape(x, shape):
    return ns(x).reshape(x, shape)


def _dims(shape) -> str:
    """A shape as TF writes it inside kernel messages: ``[2,3]``."""
    return "[" + ",".join(str(d) for d in shape) + "]"


def reshape(tensor, shape, name=None) -> Tensor:
    """The same values in a new shape; one axis may be -1 (inferred)."""
    x = to_tensor(tensor)
    shape = tuple(_int_vector(shape, "shape", "Reshape", "Tshape"))
    size = x.value.size
    known = 1
    for d in shape:
        if d != -1:
            known *= d
    unknown = [i for i, d in enumerate(shape) if d == -1]
    if len(unknown) > 1:
        what = f"Only one input size may be -1, not both {unknown[0]} and {unknown[1]}"
    elif not unknown and known != size:
        what = f"Input to reshape is a tensor with {size} values, but the requested shape has {known}"
    elif unknown and (known == 0 and size or known and size % known):
        what = (f"Input to reshape is a tensor with {size} values, but the requested shape requires "
                f"a multiple of {known}")
    else:
        what = None
    if what:
        raise InvalidArgumentError(
            f"{what} [Op:Reshape]"
            + hint_line(_("the new shape {shape} must hold exactly {size} elements (tensor shape {tensor_shape}"
                          "); use -1 for one axis to infer it.").format(
                        shape=list(shape), size=size, tensor_shape=list(x.value.shape))), op="Reshape")
    if unknown:
        shape = tuple(size // known if d == -1 else d for d in shape) if known else \
            tuple(0 if d == -1 else d for d in shape)
    return execute("Reshape", _reshape, (x,), {"shape": shape})


def _broadcast_to(x, shape):
    return ns(x).broadcast_to(x, shape)


def broadcast_to(input, shape, name=None) -> Tensor:
    """``input`` repeated along axes of size 1 (and new leading axes) to ``shape``."""
    x = to_tensor(input)
    shape = tuple(_int_vector(shape, "shape", "BroadcastTo"))
    xs = x.value.shape
    if tuple(xs) == shape:
        return x
    ok = len(xs) <= len(shape) and all(a in (1, b) for a, b in zip(reversed(xs), reversed(shape)))
    if not ok:
        raise InvalidArgumentError(
            f"Incompatible shapes: {_dims(xs)} vs. {_dims(shape)} [Op:BroadcastTo]"
            + hint_line(_("each axis of the input must equal the target's axis (aligned from the right) or "
                          "be 1.")), op="BroadcastTo")
    return execute("BroadcastTo", _broadcast_to, (x,), {"shape": shape})


def _transpose(x, perm):
    return ns(x).permute_dims(x, perm)


def transpose(a, perm=None, conjugate=False, name="transpose") -> Tensor:
    """Permute the axes (reverse them when ``perm`` is None)."""
    x = to_tensor(a)
    perm = tuple(reversed(range(x.ndim))) if perm is None else tuple(_int_list(perm, "perm", "Transpose", "Tperm"))
    out_of_range = [p for p in perm if not -x.ndim <= p < x.ndim]
    if len(perm) != x.ndim:
        what = f"transpose expects a vector of size {x.ndim}. But input(1) is a vector of size {len(perm)}"
    elif out_of_range:
        what = f"{out_of_range[0]} is out of range [0 .. {x.ndim})"
    else:
        missing = [i for i in range(x.ndim) if i not in [p % x.ndim for p in perm]]
        what = f"{missing[0]} is missing from {{{','.join(map(str, perm))}}}." if missing else None
    if what:
        raise InvalidArgumentError(f"{what} [Op:Transpose]"
                                   + hint_line(_("perm must list each axis of the rank-{ndim} input "
                                                 "exactly once.").format(ndim=x.ndim)), op="Transpose")
    out = execute("Transpose", _transpose, (x,), {"perm": tuple(p % x.ndim for p in perm)})
    if conjugate and x.dtype.is_complex:
        out = conj(out)
    return out


def _expand_dims(x, axis):
    return ns(x).expand_dims(x, axis=axis)


def expand_dims(input, axis, name=None) -> Tensor:
    """Insert an axis of size 1 at ``axis``."""
    x = to_tensor(input)
    axis = int_scalar(axis, "axis", "ExpandDims", "Tdim")
    if not -x.ndim - 1 <= axis <= x.ndim:
        raise InvalidArgumentError(f"Tried to expand dim index {axis} for tensor with {x.ndim} "
                                   "dimensions. [Op:ExpandDims] name: ", op="ExpandDims")
    return execute("ExpandDims", _expand_dims, (x,), {"axis": axis})


def squeeze(input, axis=None, name=None) -> Tensor:
    """Remove axes of size 1 (all of them, or those in ``axis``)."""
    x = to_tensor(input)
    shape = x.value.shape
    if axis is None:
        axes = tuple(i for i, d in enumerate(shape) if d == 1)
    else:
        given = _int_list(axis, "axis", "Squeeze")
        for a in given:
            if not -x.ndim <= a < x.ndim:
                raise InvalidArgumentError(
                    f"Tried to squeeze dim index {a} for tensor with {x.ndim} dimensions. [Op:Squeeze] name: "
                    + hint_line(_("axis must lie in [-{ndim}, {ndim}) for this rank-{ndim} input.").format(
                        ndim=x.ndim)), op="Squeeze")
        axes = tuple(a % x.ndim for a in given)
        for a in axes:
            if shape[a] != 1:
                raise InvalidArgumentError(
                    f"Can not squeeze dim[{a}], expected a dimension of 1, got {shape[a]} "
                    "[Op:Squeeze] name: ", op="Squeeze")
    return execute("Squeeze", lambda v, axis: ns(v).squeeze(v, axis=axis), (x,), {"axis": axes})


def _check_same(op_type, tensors, name=""):
    first = tensors[0]
    for i, t in enumerate(tensors[1:], 1):
        if t.dtype is not first.dtype:
            raise dtype_mismatch(op_type, first, t, index=i, name=name)


def stack(values, axis=0, name="stack") -> Tensor:
    """Join tensors of one shape along a new axis (a lone tensor: itself, or its rows, as in TF)."""
    axis = int_attr(axis, "axis", "Pack")
    if not isinstance(values, (list, tuple)):
        if axis == 0:
            return to_tensor(values)   # TF converts the whole value first
        values = _items(values, "values", "stack")
    if axis == 0 and _first_tensor_dtype(values) is None:
        try:
            return constant(values)   # TF converts a list of plain values whole: [[1], [2.5]] is float32
        except (TypeError, ValueError):
            pass                      # TF's Pack then reports what is wrong
    tensors = _same_dtype_inputs(values, "values", "tk.stack")
    if not tensors:
        raise ValueError("stack needs at least one tensor in `values`."
                         + hint_line(_("pass a list of tensors, such as [a, b].")))
    _check_same("Pack", tensors, name)
    first = tensors[0].value.shape
    for i, t in enumerate(tensors[1:], 1):
        if t.value.shape != first:
            raise InvalidArgumentError(
                f"{kernel_prefix('Pack', N=len(tensors))}Shapes of all inputs must match: values[0].shape = "
                f"{_dims(first)} != values[{i}].shape = {_dims(t.value.shape)} [Op:Pack] name: {name}"
                + hint_line(_("tk.stack needs equal shapes; tk.concat joins along an existing axis.")), op="Pack")
    ndim = len(first) + 1
    if not -ndim <= axis < ndim:
        raise ValueError(f"Argument `axis` = {axis} not in range [{-ndim}, {ndim})"
                         + hint_line(_("the new axis goes at a place in [-{ndim}, {ndim}).").format(ndim=ndim)))
    return execute("Pack", lambda *vs, axis: ns(vs[0]).stack(vs, axis=axis), tensors,
                   {"axis": axis % ndim})


def _items(values, arg: str, op: str) -> list:
    """The items of a non-list ``values`` argument (a tensor's rows), or TF's TypeError."""
    try:
        return list(values)
    except TypeError:
        raise TypeError(f"{op} takes a list of tensors as `{arg}`, got {type(values).__name__}: {values!r}"
                        + hint_line(_("pass a list of tensors, such as [a, b]."))) from None


# ---------- autopacking: a list holding tensors converts to a tensor through Pack ops ----------
def _first_tensor_dtype(items):
    for item in items:
        if is_tensor(item):
            return item.dtype
        if isinstance(item, (list, tuple)):
            found = _first_tensor_dtype(item)
            if found is not None:
                return found
    return None


def _cast_tensor_leaves(value, dtype):
    if isinstance(value, (list, tuple)):
        return [_cast_tensor_leaves(v, dtype) for v in value]
    if is_tensor(value) and value.dtype is not dtype:
        return cast(to_tensor(value), dtype)
    return value


def _pack_nested(items, dtype, name):
    """TF's ``_autopacking_helper``: a tensor where ``items`` holds one at any depth, else a list."""
    if all(is_tensor(item) for item in items):  # TF's fast path: Pack checks the dtypes itself
        return stack([to_tensor(item) for item in items], name=name)
    must_pack, converted = False, []
    for i, item in enumerate(items):
        if is_tensor(item):
            if dtype is not None and item.dtype is not dtype:
                raise TypeError(f"Cannot convert a list containing a tensor of dtype {item.dtype} to {dtype} (Tensor "
                                f"is: {to_tensor(item)!r})"
                                + hint_line(_("every tensor in the list needs the dtype {dtype}; tk.cast "
                                              "the odd one.").format(dtype=dtype.name)))
            must_pack = True
        elif isinstance(item, (list, tuple)):
            item = _pack_nested(item, dtype, str(i))
            must_pack = must_pack or isinstance(item, Tensor)
        converted.append(item)
    if not must_pack:
        return converted
    return stack([to_tensor(item) if is_tensor(item) else constant(item, dtype=dtype) for item in converted],
                 name="")


def _autopack(value, dtype=None, name="packed") -> Tensor:
    """A (nested) list holding tensors as one tensor, through differentiable Pack ops, as TF's autopacking.

    ``dtype`` None takes the dtype of the first tensor found; another dtype casts the tensors to it.
    """
    inferred = _first_tensor_dtype(value)
    if dtype is None:
        dtype = inferred
    elif dtype is not inferred:
        value = _cast_tensor_leaves(value, dtype)
    return _pack_nested(value, dtype, name)


set_list_packer(_autopack)


def _unpack(x, axis):
    lead = (slice(None),) * axis
    return tuple(x[lead + (i, ...)] for i in range(x.shape[axis]))


def unstack(value, num=None, axis=0, name="unstack") -> list:
    """Split a tensor along ``axis`` into a list of tensors of one rank less."""
    x = to_tensor(value)
    axis = int_attr(axis, "axis", "Unpack")
    if not -x.ndim <= axis < x.ndim:
        raise ValueError(f"Argument `axis` = {axis} not in range [{-x.ndim}, {x.ndim})"
                         + hint_line(_("this input has rank {ndim}.").format(ndim=x.ndim)))
    axis %= x.ndim
    if num is not None and int_attr(num, "num", "Unpack") != x.value.shape[axis]:
        raise InvalidArgumentError(
            f"{kernel_prefix('Unpack', num=num)}Input shape axis {axis} must equal {num}, got shape "
            f"{_dims(x.value.shape)} [Op:Unpack] name: {name}", op="Unpack")
    return list(execute_multi("Unpack", _unpack, (x,), {"axis": axis}))


def _same_dtype_inputs(values, arg: str, op: str) -> tuple:
    """A list input of one dtype as TF converts it: Python values take the dtype of the first tensor among
    them (or else of the first value), and one that cannot be converted to it is a TypeError."""
    dtype = next((to_tensor(v).dtype for v in values if isinstance(v, Tensor) or is_variable(v)), None)
    tensors = []
    for v in values:
        if dtype is None or isinstance(v, Tensor) or is_variable(v) or _first_tensor_dtype([v]) is not None:
            tensors.append(named_conversion(to_tensor, v, arg, op))
            dtype = tensors[-1].dtype
        else:
            tensors.append(named_conversion(lambda value, dt=dtype: constant(value, dtype=dt), v, arg, op))
    return tuple(tensors)


def concat(values, axis, name="concat") -> Tensor:
    """Join tensors along an existing axis (a lone tensor is a list of one, as in TF)."""
    if not isinstance(values, (list, tuple)):
        values = [values]
    tensors = _same_dtype_inputs(values, "values", "tk.concat")
    if not tensors:
        raise ValueError("concat needs at least one tensor in `values`."
                         + hint_line(_("pass a list of tensors, such as [a, b].")))
    axis = int_scalar(axis, "axis", "ConcatV2")
    if len(tensors) == 1:
        return identity(tensors[0])
    _check_same("ConcatV2", tensors, name)
    first = tensors[0].value.shape
    rank = len(first)
    if not -rank <= axis < max(rank, 1):
        raise InvalidArgumentError(f"{kernel_prefix('ConcatV2', N=len(tensors))}ConcatOp : Expected concatenating "
                                   f"dimensions in the range [{-rank}, {rank}), but got {axis} [Op:ConcatV2] name: "
                                   f"{name}", op="ConcatV2")
    axis %= max(rank, 1)
    for i, t in enumerate(tensors[1:], 1):
        s = t.value.shape
        if len(s) != rank:
            what = "Ranks of all input tensors should match"
        else:
            bad = [d for d in range(rank) if d != axis and s[d] != first[d]]
            what = f"Dimension {bad[0]} in both shapes must be equal" if bad else None
        if what:
            raise InvalidArgumentError(
                f"{kernel_prefix('ConcatV2', N=len(tensors))}ConcatOp : {what}: shape[0] = {_dims(first)} vs. "
                f"shape[{i}] = {_dims(s)} [Op:ConcatV2] name: {name}"
                + hint_line(_("all axes except axis {axis} must agree.").format(axis=axis)), op="ConcatV2")
    return execute("ConcatV2", lambda *vs, axis: ns(vs[0]).concat(vs, axis=axis), tensors, {"axis": axis})


def identity(input, name=None) -> Tensor:
    return _identity(input)


def tile(input, multiples, name=None) -> Tensor:
    """Repeat the tensor ``multiples[i]`` times along axis i."""
    x = to_tensor(input)
    reps = tuple(_int_vector(multiples, "multiples", "Tile", "Tmultiples"))
    if len(reps) != x.ndim:
        raise InvalidArgumentError(
            f"Expected multiples argument to be a vector of length {x.ndim} but got length {len(reps)} [Op:Tile]"
            + hint_line(_("give one repeat count per axis of the shape-{shape} input.").format(shape=list(x.shape))),
            op="Tile")
    for i, m in enumerate(reps):
        if m < 0:
            raise InvalidArgumentError(f"Expected multiples[{i}] >= 0, but got {m} [Op:Tile]", op="Tile")
    check_allocation(tuple(d * m for d, m in zip(x.value.shape, reps)), x.dtype, "Tile")
    return execute("Tile", lambda v, multiples: ns(v).tile(v, multiples), (x,), {"multiples": reps})


def _reverse(x, axis):
    return ns(x).flip(x, axis=axis)


def reverse(tensor, axis, name=None) -> Tensor:
    """Reverse the order of elements along the axes in ``axis``."""
    x = to_tensor(tensor)
    axes = []
    for i, a in enumerate(_int_list(axis, "axis", "ReverseV2")):
        if not -x.ndim <= a < x.ndim:
            raise InvalidArgumentError(f"'axis'[{i}] = {a} is out of valid range [0, {x.ndim - 1} [Op:ReverseV2]",
                                       op="ReverseV2")
        if a % x.ndim in axes:
            raise InvalidArgumentError(f"axis {a % x.ndim} specified more than once. [Op:ReverseV2]",
                                       op="ReverseV2")
        axes.append(a % x.ndim)
    return execute("ReverseV2", _reverse, (x,), {"axis": tuple(axes)})


# ---------- gather / scatter ----------
def scatter_add(xp, shape, index, updates):
    """A zero array of ``shape`` with ``updates`` added at ``index`` (a tuple of index arrays).

    Repeated indices accumulate (``backend.scatter_add``: ``np.add.at``, ``cupyx.scatter_add``, ...).
    """
    return backend.scatter_add(xp.zeros(shape, dtype=updates.dtype), index, updates)


def _nd_index(indices: np.ndarray) -> tuple:
    return tuple(indices[..., i] for i in range(indices.shape[-1]))


def _take_nd(params, index: tuple):
    """``params[index]`` for a tuple of m integer index arrays of one shape addressing params' first m
    axes: one ``take`` on the flattened leading axes (the standard indexes with one array per axis only)."""
    if not index:
        return params[index]
    xp = ns(params)
    shape = tuple(params.shape)
    m = len(index)
    flat_index = index[0]
    for i in range(1, m):
        flat_index = flat_index * shape[i] + index[i]
    rows = xp.reshape(params, (int(np.prod(shape[:m], dtype=np.int64)),) + shape[m:])
    out = xp.take(rows, xp.reshape(flat_index, (-1,)), axis=0)
    return xp.reshape(out, tuple(flat_index.shape) + shape[m:])


def _check_nd_indices(idx: np.ndarray, shape, op_type, what="does not index into param shape"):
    if idx.ndim == 0:
        raise InvalidArgumentError(f"indices must be at least a vector [Op:{op_type}]", op=op_type)
    m = idx.shape[-1]
    if m > len(shape):
        raise InvalidArgumentError(f"index innermost dimension length must be <= params rank; saw: {m} vs. "
                                   f"{len(shape)} [Op:{op_type}]", op=op_type)
    flat = idx.reshape(-1, m)
    bad = np.nonzero(np.any((flat < 0) | (flat >= np.array(shape[:m], dtype=np.int64)), axis=1))[0]
    if bad.size:
        i = int(bad[0])
        node = ", node name: GatherNd" if op_type == "GatherNd" else ""
        raise InvalidArgumentError(
            f"indices[{i}] = [{', '.join(str(int(v)) for v in flat[i])}] {what} {_dims(shape)}{node} [Op:{op_type}]"
            + hint_line(_("index {i} points outside the shape {shape}.").format(i=i, shape=list(shape))), op=op_type)


def _gather_nd(params, indices):
    return _take_nd(params, _nd_index(indices))


def gather_nd(params, indices, batch_dims=0, name=None) -> Tensor:
    """Pick slices of ``params`` addressed by the last axis of ``indices``."""
    p = to_tensor(params)
    idx = index_tensor(indices, "GatherNd")
    host = host_value(idx)
    if batch_dims:
        host = _with_batch_coords(host, int_attr(batch_dims, "batch_dims", "GatherNd"))
        idx = EagerTensor(from_host(host.astype(idx.dtype.numpy_dtype)), idx.dtype)
    _check_nd_indices(host, p.value.shape, "GatherNd")
    return execute("GatherNd", _gather_nd, (p, idx))


def _with_batch_coords(idx: np.ndarray, b: int) -> np.ndarray:
    """Prepend the batch coordinates to each index, turning batch_dims=b into batch_dims=0."""
    lead = idx.shape[:-1]
    grids = np.meshgrid(*[np.arange(n) for n in lead[:b]], indexing="ij")
    coords = [np.broadcast_to(g.reshape(g.shape + (1,) * (len(lead) - b)), lead) for g in grids]
    return np.concatenate([np.stack(coords, axis=-1), idx], axis=-1) if coords else idx


def _scatter_nd(indices, updates, shape):
    return scatter_add(ns(updates), shape, _nd_index(indices), updates)


def scatter_nd(indices, updates, shape, name=None) -> Tensor:
    """A zero tensor of ``shape`` with ``updates`` summed in at ``indices``."""
    u = to_tensor(updates)
    idx = index_tensor(indices, "ScatterNd")
    shape = tuple(_int_list(shape, "shape", "ScatterNd", "Tindices"))
    _check_nd_indices(host_value(idx), shape, "ScatterNd", "does not index into shape")
    check_allocation(shape, u.dtype, "ScatterNd")
    return execute("ScatterNd", _scatter_nd, (idx, u), {"shape": shape})


def _gather(params, indices, axis, batch_dims):
    xp = ns(params)
    if batch_dims == 0:
        if indices.ndim == 1:
            return xp.take(params, indices, axis=axis)
        out = xp.take(params, xp.reshape(indices, (-1,)), axis=axis)  # the standard takes 1-D indices
        return xp.reshape(out, tuple(params.shape[:axis]) + tuple(indices.shape) + tuple(params.shape[axis + 1:]))
    full = gather_full_indices(params.shape, to_host(indices), axis, batch_dims)
    return _take_nd(params, _nd_index(on_device_of(params, full)))


def gather(params, indices, validate_indices=None, axis=None, batch_dims=0, name=None) -> Tensor:
    """Slices of ``params`` along ``axis`` at ``indices`` (``batch_dims`` leading axes shared)."""
    p = to_tensor(params)
    idx = index_tensor(indices, "GatherV2")
    batch_dims = int_attr(batch_dims, "batch_dims", "GatherV2")
    axis = batch_dims if axis is None else int_scalar(axis, "axis", "GatherV2", "Taxis", rank0=True)
    if batch_dims < 0:
        batch_dims += idx.ndim
    if axis < 0:
        axis += p.ndim
    if not 0 <= axis < p.ndim:
        raise InvalidArgumentError(f"Shape must be at least rank {axis + 1} but is rank {p.ndim} [Op:GatherV2]"
                                   + hint_line(_("params has shape {shape}.").format(shape=list(p.shape))),
                                   op="GatherV2")
    host = host_value(idx)
    n = p.value.shape[axis]
    bad = np.nonzero((host.reshape(-1) < 0) | (host.reshape(-1) >= n))[0]
    if bad.size:
        pos = np.unravel_index(int(bad[0]), host.shape)
        where_ = "[" + ",".join(str(int(i)) for i in pos) + "]" if host.ndim else ""
        raise InvalidArgumentError(
            f"indices{where_} = {int(host.reshape(-1)[bad[0]])} is not in [0, {n}) [Op:GatherV2]"
            + hint_line(_("axis {axis} of params (shape {shape}) has {n} entries; negative indices are not "
                          "allowed.").format(axis=axis, shape=list(p.shape), n=n)), op="GatherV2")
    return execute("GatherV2", _gather, (p, idx), {"axis": axis, "batch_dims": batch_dims})


def _scatter_inputs(op_type, tensor, indices, updates):
    t = to_tensor(tensor)
    idx = index_tensor(indices, op_type)
    u = updates if isinstance(updates, Tensor) or is_variable(updates) else to_tensor(updates, t.dtype)
    u = to_tensor(u)
    if u.dtype is not t.dtype:
        want = dtypes.KERNEL_NAMES.get(t.dtype.name, t.dtype.name)
        got = dtypes.KERNEL_NAMES.get(u.dtype.name, u.dtype.name)
        raise InvalidArgumentError(
            f"cannot compute {op_type} as input #2(zero-based) was expected to be a {want} tensor but is a {got} "
            f"tensor [Op:{op_type}]"
            + hint_line(_("updates must have the tensor's dtype {dtype}.").format(dtype=t.dtype.name)),
            op=op_type)
    host = host_value(idx)
    _check_nd_indices(host, t.value.shape, op_type, "does not index into shape")
    expect = host.shape[:-1] + t.value.shape[host.shape[-1]:]
    if u.value.shape != expect:
        raise InvalidArgumentError(
            f"Outer dimensions of indices and update must match. Indices shape: {_dims(host.shape)}, updates shape:"
            f"{_dims(u.value.shape)} [Op:{op_type}]"
            + hint_line(_("updates need shape {expect}.").format(expect=list(expect))),
            op=op_type)
    return t, idx, u


def _scatter_update(tensor, indices, updates):
    out = ns(tensor).asarray(tensor, copy=True)
    return backend.scatter_update(out, _nd_index(indices), updates)


def _scatter_add_forward(tensor, indices, updates):
    return tensor + scatter_add(ns(tensor), tensor.shape, _nd_index(indices), updates)


def tensor_scatter_nd_update(tensor, indices, updates, name=None) -> Tensor:
    """A copy of ``tensor`` with the slices at ``indices`` replaced by ``updates``."""
    inputs = _scatter_inputs("TensorScatterUpdate", tensor, indices, updates)
    return execute("TensorScatterUpdate", _scatter_update, inputs)


def tensor_scatter_nd_add(tensor, indices, updates, name=None) -> Tensor:
    """A copy of ``tensor`` with ``updates`` added at ``indices`` (repeats accumulate)."""
    inputs = _scatter_inputs("TensorScatterAdd", tensor, indices, updates)
    return execute("TensorScatterAdd", _scatter_add_forward, inputs)


def _scatter_sub_forward(tensor, indices, updates):
    return tensor - scatter_add(ns(tensor), tensor.shape, _nd_index(indices), updates)


def _scatter_extreme_forward(tensor, indices, updates, reduction):
    """The min or max of ``tensor`` and each update at its index (NumPy's ``ufunc.at``, on the host)."""
    out = np.array(to_host(tensor), copy=True)
    ufunc = np.minimum if reduction == "min" else np.maximum
    ufunc.at(out, _nd_index(to_host(indices)), to_host(updates))
    return on_device_of(tensor, out)


def tensor_scatter_nd_sub(tensor, indices, updates, name=None) -> Tensor:
    """A copy of ``tensor`` with ``updates`` subtracted at ``indices`` (repeats accumulate)."""
    inputs = _scatter_inputs("TensorScatterSub", tensor, indices, updates)
    return execute("TensorScatterSub", _scatter_sub_forward, inputs)


def tensor_scatter_nd_min(tensor, indices, updates, name=None) -> Tensor:
    """A copy of ``tensor`` with each slice at ``indices`` the minimum of itself and the updates."""
    inputs = _scatter_inputs("TensorScatterMin", tensor, indices, updates)
    return execute("TensorScatterMin", _scatter_extreme_forward, inputs, {"reduction": "min"})


def tensor_scatter_nd_max(tensor, indices, updates, name=None) -> Tensor:
    """A copy of ``tensor`` with each slice at ``indices`` the maximum of itself and the updates."""
    inputs = _scatter_inputs("TensorScatterMax", tensor, indices, updates)
    return execute("TensorScatterMax", _scatter_extreme_forward, inputs, {"reduction": "max"})


def boolean_mask(tensor, mask, axis=None, name="boolean_mask") -> Tensor:
    """The elements (or slices) of ``tensor`` where ``mask`` is True, as TF: reshape, where, gather."""
    x = to_tensor(tensor)
    m = to_tensor(mask)
    if m.ndim == 0:
        raise ValueError("mask cannot be scalar.")
    axis = 0 if axis is None else int_scalar(axis, "axis", "boolean_mask")
    k = m.ndim
    span = x.value.shape[axis:axis + k]   # sliced as TF slices the shape: axis=-1 with a 1-D mask is empty
    if tuple(span) != tuple(m.value.shape):
        raise ValueError(f"Shapes {TensorShape(span)} and {m.shape} are incompatible"
                         + hint_line(_("the mask's shape must equal the tensor's shape {shape} from axis "
                                       "{axis} on.").format(shape=list(x.shape), axis=axis)))
    lead, rest = x.value.shape[:axis], x.value.shape[axis + k:]
    flat = reshape(x, tuple(lead) + (int(np.prod(span, dtype=np.int64)),) + tuple(rest))
    flat_mask = reshape(m, (-1,))
    chosen = where_indices(flat_mask)
    return gather(flat, squeeze(chosen, axis=[1]), axis=axis)


def clip_by_value(t, clip_value_min, clip_value_max, name=None) -> Tensor:
    """Values limited to [min, max]; the gradient passes where min <= t <= max (bounds included)."""
    if type(t) is IndexedSlices:  # as TF: the values are clipped, the slices stay sparse
        return IndexedSlices(clip_by_value(t.values, clip_value_min, clip_value_max), t.indices,
                             t.dense_shape)
    return maximum(minimum(t, clip_value_max), clip_value_min)


# ---------- pad / split ----------
def _paddings(paddings, x: Tensor, op_type) -> tuple:
    pads = int_array(paddings, "paddings", op_type, "Tpaddings")
    if pads.ndim != 2 or pads.shape[0] != x.ndim or pads.shape[1] != 2:
        raise InvalidArgumentError(
            f"The first dimension of paddings must be the rank of inputs{_dims(pads.shape)} {_dims(x.shape)} [Op:"
            f"{op_type}]"
            + hint_line(_("give one [before, after] pair per axis.")), op=op_type)
    return tuple((int(a), int(b)) for a, b in pads)


def pad(tensor, paddings, mode="CONSTANT", constant_values=0, name=None) -> Tensor:
    """Pad with a constant (``CONSTANT``) or a mirror image (``REFLECT``, ``SYMMETRIC``)."""
    x = to_tensor(tensor)
    mode_up = str(mode).upper()
    if mode_up not in ("CONSTANT", "REFLECT", "SYMMETRIC"):
        raise ValueError('Value of argument `mode` expected to be one of "CONSTANT", "REFLECT", or '
                         f'"SYMMETRIC". Received `mode` = {mode}')
    if mode_up == "CONSTANT":
        pads = _paddings(paddings, x, "Pad")
        c = to_tensor(constant_values, x.dtype) if not isinstance(constant_values, Tensor) else constant_values
        if np.all(host_value(c) == 0) and not isinstance(constant_values, Tensor):
            return execute("Pad", lambda v, pads: _pad_constant(v, None, pads), (x,), {"pads": pads})
        return execute("PadV2", _pad_constant, (x, c), {"pads": pads})
    pads = _paddings(paddings, x, "MirrorPad")
    offset = 0 if mode_up == "SYMMETRIC" else 1
    for d, (a, b) in enumerate(pads):
        if max(a, b) > x.value.shape[d] - offset:
            raise InvalidArgumentError(
                f"paddings must be {'less than' if offset else 'no greater than'} the dimension size: {a}, {b} "
                f"not {'less than' if offset else 'greater than'} {x.value.shape[d]} [Op:MirrorPad]",
                op="MirrorPad")
    index = tuple(_mirror_index(n, a, b, offset) for n, (a, b) in zip(x.value.shape, pads))
    return execute("MirrorPad", mirror_take, (x,),
                   {"index": index, "in_shape": tuple(x.value.shape), "mode": mode_up})


def _pad_constant(v, c, pads):
    """``v`` inside a block of ``c`` (0 when None), ``pads[d]`` = (before, after) cells on axis d."""
    xp = ns(v)
    shape = tuple(n + a + b for n, (a, b) in zip(v.shape, pads))
    out = xp.zeros(shape, dtype=v.dtype) if c is None else xp.asarray(xp.broadcast_to(c, shape), copy=True)
    out[tuple(slice(a, a + n) for n, (a, _) in zip(v.shape, pads)) + (...,)] = v
    return out


def _mirror_index(n: int, before: int, after: int, offset: int) -> np.ndarray:
    """Source positions of a mirror-padded axis of length n."""
    pos = np.arange(-before, n + after)
    pos = np.where(pos < 0, -pos - 1 + offset, pos)
    return np.where(pos >= n, 2 * n - pos - 1 - offset, pos)


def split(value, num_or_size_splits, axis=0, num=None, name="split") -> list:
    """Split along ``axis`` into equal parts (an int) or parts of the given sizes (one may be -1)."""
    x = to_tensor(value)
    axis = int_scalar(axis, "axis", "Split")
    if not -x.ndim <= axis < x.ndim:
        equal = isinstance(num_or_size_splits, (int, np.integer))
        kernel = "Split" if equal else "SplitV"
        parts = int(num_or_size_splits) if equal else len(num_or_size_splits)
        raise InvalidArgumentError(
            f"{kernel_prefix(kernel, num_split=parts)}-input rank(-{x.ndim}) <= split_dim < input rank ({x.ndim}), "
            f"but got {axis} [Op:{kernel}] name: {name}"
            + hint_line(_("this input has rank {ndim}.").format(ndim=x.ndim)), op=kernel)
    axis %= x.ndim
    n = x.value.shape[axis]
    if not isinstance(num_or_size_splits, (int, np.integer, list, tuple, np.ndarray)) and not (
            is_tensor(num_or_size_splits) and to_tensor(num_or_size_splits).ndim):
        raise ValueError("Rank-0 tensors are not supported as the num_or_size_splits argument to split. Argument "
                         f"provided: {num_or_size_splits!r}"
                         + hint_line(_("num_or_size_splits is a whole number of equal parts, or a list of sizes.")))
    if isinstance(num_or_size_splits, (int, np.integer)):
        k = int(num_or_size_splits)
        if k <= 0 or n % k:
            raise InvalidArgumentError(
                f"{kernel_prefix('Split', num_split=k)}Number of ways to split should evenly divide the split "
                f"dimension, but got split_dim {axis} (size = {n}) and num_split {k} [Op:Split] name: {name}",
                op="Split")
        sizes, op_type = [n // k] * k, "Split"
    else:
        sizes, op_type = _int_list(num_or_size_splits, "num_or_size_splits", "SplitV", "Tlen"), "SplitV"
        if sizes.count(-1) == 1:
            sizes[sizes.index(-1)] = n - (sum(sizes) + 1)
        if sum(sizes) != n or min(sizes) < 0:
            raise InvalidArgumentError(
                f"{kernel_prefix('SplitV', num_split=len(sizes))}Determined shape must either match input shape "
                "along split_dim exactly if fully specified, or be less than the size of the input along "
                "split_dim if not fully specified.  Got: "
                f"{sum(s for s in sizes if s >= 0)} [Op:SplitV] name: {name}", op="SplitV")
    cuts = tuple(int(c) for c in np.cumsum(sizes)[:-1])
    return list(execute_multi(op_type, _split, (x,), {"cuts": cuts, "axis": axis}))


def _split(v, cuts, axis):
    """``v`` cut along ``axis`` before each position in ``cuts`` (slices: the standard has no split)."""
    bounds = (0,) + cuts + (v.shape[axis],)
    lead = (slice(None),) * axis
    return tuple(v[lead + (slice(a, b), ...)] for a, b in zip(bounds[:-1], bounds[1:]))


# ---------- indexing ----------
_INDEX_TYPES = ("Only integers, slices (`:`), ellipsis (`...`), tk.newaxis (`None`) and scalar "
                "tk.int32/tk.int64 tensors are valid indices, got ")


def _tensor_index(k) -> int:
    k = to_tensor(k)
    if k.ndim != 0 or not k.dtype.is_integer:
        raise TypeError(f"{_INDEX_TYPES}{k!r}"
                        + hint_line(_("use tk.gather or tk.boolean_mask to pick several elements.")))
    return int(host_value(k))


def _slice_bound(v):
    """A start, stop or step of a slice: None, an int or a scalar integer tensor (TF's TypeError otherwise)."""
    if v is None or isinstance(v, (int, np.integer)):   # True is 1, as in TF
        return v if v is None else int(v)
    if isinstance(v, Tensor) or is_variable(v):
        return _tensor_index(v)
    raise TypeError(f"{_INDEX_TYPES}{v!r:.60}" + hint_line(_("slice bounds are integers, such as x[1:3].")))


def _normalize_key(key):
    if isinstance(key, list):
        key = tuple(key)  # TF reads x[[0, 1]] as x[0, 1]
    if not isinstance(key, tuple):
        key = (key,)
    out = []
    for k in key:
        if isinstance(k, Tensor) or is_variable(k):
            k = _tensor_index(k)
        elif isinstance(k, slice):
            k = slice(*(_slice_bound(v) for v in (k.start, k.stop, k.step)))
        elif not (k is None or k is Ellipsis or isinstance(k, (int, np.integer))) or isinstance(k, bool):
            raise TypeError(f"{_INDEX_TYPES}{k!r}")
        out.append(k)
    return tuple(out)


def strided_slice(x: Tensor, key) -> Tensor:
    """``x[key]`` for ints, slices, ``...`` and ``None``."""
    key = _normalize_key(key)
    shape = x.value.shape
    if x.ndim == 0 and any(k is not None and k is not Ellipsis for k in key):
        raise InvalidArgumentError("Attempting to slice scalar input. [Op:StridedSlice] name: "
                                   "strided_slice/", op="StridedSlice")
    dim = 0
    for k in key:
        if k is Ellipsis:
            dim = x.ndim - sum(1 for j in key if j is not None and j is not Ellipsis) + dim
            continue
        if k is None:
            continue
        if isinstance(k, int) and dim < len(shape) and not -shape[dim] <= k < shape[dim]:
            raise InvalidArgumentError(
                f"slice index {k} of dimension {dim} out of bounds. [Op:StridedSlice] name: strided_slice/"
                + hint_line(_("axis {dim} has size {size}.").format(dim=dim, size=shape[dim])), op="StridedSlice")
        dim += 1
    if dim > x.ndim:
        raise InvalidArgumentError(f"Index out of range using input dim {x.ndim}; input has only {x.ndim} "
                                   "dims [Op:StridedSlice] name: strided_slice/",
                                   op="StridedSlice")
    return execute("StridedSlice", _getitem, (x,), {"key": key})


def _getitem(x, key):
    return x[standard_key(key, x.shape)]


def getitem(tensor, key) -> Tensor:
    x = to_tensor(tensor)
    if x.dtype.is_string and x.ndim == 0:
        raise InvalidArgumentError("Attempting to slice scalar input. [Op:StridedSlice] name: "
                                   "strided_slice/", op="StridedSlice")
    return strided_slice(x, key)


# ---------- shape queries ----------
# (a tk.function's signature fixes its tensors' shapes, so what these return is a constant of its trace)
def _index_dtype(dtype, attr: str, op_type: str):
    """``out_type`` of Shape/Size: int32 or int64 (TF's InvalidArgumentError for another dtype)."""
    dtype = named_conversion(dtypes.as_dtype, dtype, attr, op_type)
    if dtype not in (dtypes.int32, dtypes.int64):
        raise InvalidArgumentError(f"Value for attr '{attr}' of {dtype.name} is not in the list of allowed values: "
                                   f"int32, int64 [Op:{op_type}] name: "
                                   + hint_line(_("{attr} is tk.int32 or tk.int64.").format(attr=attr)), op=op_type)
    return dtype


def shape(input, out_type=dtypes.int32, name=None) -> Tensor:
    x = to_tensor(input)
    out_type = _index_dtype(out_type, "out_type", "Shape")
    return note_constant(EagerTensor(from_host(np.array(x.value.shape, dtype=out_type.numpy_dtype)), out_type))


def size(input, out_type=dtypes.int32, name=None) -> Tensor:
    x = to_tensor(input)
    out_type = named_conversion(dtypes.as_dtype, out_type, "out_type", "Size")   # TF: any dtype
    return note_constant(EagerTensor(from_host(np.array(x.value.size, dtype=out_type.numpy_dtype)), out_type))


def rank(input, name=None) -> Tensor:
    x = to_tensor(input)
    return note_constant(EagerTensor(from_host(np.array(x.ndim, dtype=np.int32)), dtypes.int32))

