"""``tk.TensorArray``: a growable list of same-typed tensors, as TF's eager ``tf.TensorArray``.

Writes return a new TensorArray object that shares its storage with the old one (as TF's eager
arrays do), so both ``ta = ta.write(i, x)`` and ``ta.write(i, x)`` work. ``stack``/``gather``/
``concat`` are recorded ops over the written tensors, so gradients flow to what was written.
Unwritten entries read as zeros once the element shape is known.
"""

from __future__ import annotations

import numpy as np

from .._base import dtypes
from ..errors import InvalidArgumentError, OutOfRangeError
from .._base.i18n import _, hint_line
from .._core.ops.array_ops import concat, stack, unstack
from .._core.ops.creation import zeros
from .._core.ops.math_ops import to_tensor
from .._base.shape import TensorShape, as_shape
from .._core.values.tensor import Tensor, convert_to_tensor, is_variable


class _Storage:
    def __init__(self, dtype, size, dynamic, element_shape, infer_shape, clear_after_read):
        self.dtype = dtype
        self.items: list = [None] * size
        self.dynamic = dynamic
        self.element_shape = element_shape
        self.infer_shape = infer_shape
        self.clear_after_read = clear_after_read
        self.cleared: set = set()   # indices read once and cleared (clear_after_read)


class TensorArray:
    """A list of tensors of one dtype (and one shape), written and read by index.

    As TF's eager TensorArray: ``size`` is required, ``read`` clears the entry unless
    ``clear_after_read=False`` (a second read of it raises), entries never written read and stack
    as zeros of the element shape, and ``close()`` empties the array.
    """

    def __init__(self, dtype, size=None, dynamic_size=None, clear_after_read=None, tensor_array_name=None,
                 handle=None, flow=None, infer_shape=True, element_shape=None,
                 colocate_with_first_write_call=True, name=None):
        if size is None:
            raise ValueError("Size must be declared for TensorArrays when eager execution is enabled."
                             + hint_line(_("pass size=0 with dynamic_size=True for an array that grows.")))
        size = int(np.asarray(convert_to_tensor(size).numpy()))
        self._storage = _Storage(dtypes.as_dtype(dtype), size, bool(dynamic_size), as_shape(element_shape),
                                 infer_shape, True if clear_after_read is None else bool(clear_after_read))

    def _view(self) -> TensorArray:
        view = object.__new__(TensorArray)
        view._storage = self._storage
        return view

    # ----- properties -----
    @property
    def dtype(self):
        return self._storage.dtype

    @property
    def dynamic_size(self) -> bool:
        return self._storage.dynamic

    @property
    def element_shape(self) -> TensorShape:
        return self._storage.element_shape

    def size(self, name=None) -> Tensor:
        return convert_to_tensor(np.int32(len(self._storage.items)))

    # ----- writing -----
    def _as_element(self, value) -> Tensor:
        store = self._storage
        if is_variable(value):
            value = to_tensor(value)
        if not isinstance(value, Tensor):
            try:
                value = convert_to_tensor(value, dtype=store.dtype)
            except (TypeError, ValueError):
                value = convert_to_tensor(value)
        if value.dtype is not store.dtype:
            raise InvalidArgumentError(
                f"TensorArray dtype is {store.dtype.name} but Op is trying to write dtype {value.dtype.name} "
                + hint_line(_("cast the value first, e.g. tk.cast(value, tk.{dtype}).").format(
                    dtype=store.dtype.name)), op="TensorListSetItem")
        return value

    def _index(self, index) -> int:
        return int(np.asarray(convert_to_tensor(index).numpy()))

    def _write(self, i: int, value) -> None:
        store = self._storage
        if i < 0:
            raise OutOfRangeError(f"Writing to negative indices (index {i}) is not allowed.",
                                  op="TensorListSetItem")
        if i >= len(store.items):
            if not store.dynamic:
                raise OutOfRangeError(
                    f"Tried to write to index {i} but array is not resizeable and size is: {len(store.items)} "
                    + hint_line(_("create it with dynamic_size=True to let it grow.")),
                    op="TensorListSetItem")
        t = self._as_element(value)
        if not store.element_shape.is_compatible_with(t.shape):
            raise ValueError(f"Incompatible shape for value ({t.shape}), expected ({store.element_shape})")
        if i >= len(store.items):
            store.items.extend([None] * (i + 1 - len(store.items)))
        if store.infer_shape and not store.element_shape.is_fully_defined():
            store.element_shape = t.shape
        store.items[i] = t

    def write(self, index, value, name=None) -> TensorArray:
        """Store ``value`` at ``index``; returns the TensorArray (a view of the same storage)."""
        self._write(self._index(index), value)
        return self._view()

    def unstack(self, value, name=None) -> TensorArray:
        """Replace the entries by the rows of ``value``."""
        rows = unstack(value)
        store = self._storage
        if len(rows) > len(store.items) and not store.dynamic:
            raise ValueError(f"Cannot unstack {len(rows)} tensors into a TensorArray of static size "
                             f"{len(store.items)} ")
        store.items = list(rows)
        return self._view()

    def scatter(self, indices, value, name=None) -> TensorArray:
        """Write the rows of ``value`` at ``indices``."""
        idx = np.asarray(convert_to_tensor(indices).numpy()).reshape(-1)
        for i, row in zip(idx, unstack(value)):
            self._write(int(i), row)
        return self._view()

    # ----- reading -----
    def _maybe_zero(self, i: int) -> Tensor:
        store = self._storage
        if store.items[i] is None:
            if not store.element_shape.is_fully_defined():
                raise ValueError(f"Cannot convert a partially known TensorShape {store.element_shape} to a Tensor."
                                 + hint_line(_("nothing was written there yet; pass element_shape=... when "
                                               "creating the TensorArray.")))
            store.items[i] = zeros(store.element_shape.as_list(), store.dtype)
        return store.items[i]

    def read(self, index, name=None) -> Tensor:
        store, i = self._storage, self._index(index)
        if i < 0:
            raise OutOfRangeError(f"Reading from negative indices (index {i}) is not allowed.",
                                  op="TensorListGetItem")
        if i >= len(store.items):
            raise OutOfRangeError(f"Tried to read from index {i} but array size is: {len(store.items)} ",
                                  op="TensorListGetItem")
        if store.items[i] is None and i in store.cleared:
            raise InvalidArgumentError(f"Could not read index {i} twice because it was cleared after a "
                                       "previous read (perhaps try setting clear_after_read = false?)",
                                       op="TensorListGetItem")
        t = self._maybe_zero(i)
        if store.clear_after_read:
            store.items[i] = None
            store.cleared.add(i)
        return t

    def gather(self, indices, name=None) -> Tensor:
        idx = np.asarray(convert_to_tensor(indices).numpy()).reshape(-1)
        return stack([self._maybe_zero(int(i)) for i in idx])

    def stack(self, name=None) -> Tensor:
        """All entries stacked along a new first axis (unwritten ones as zeros)."""
        store = self._storage
        entries = [self._maybe_zero(i) for i in range(len(store.items))]
        if entries:
            return stack(entries)
        shape = store.element_shape.as_list() if store.element_shape.is_fully_defined() else []
        return zeros([0] + shape, store.dtype)

    def concat(self, name=None) -> Tensor:
        """All entries joined along their first axis."""
        entries = [self._maybe_zero(i) for i in range(len(self._storage.items))]
        for i, t in enumerate(entries):
            if t.ndim == 0:
                raise InvalidArgumentError(f"Concat saw a scalar shape at index {i} but requires at least "
                                           "vectors.", op="TensorListConcat")
        return concat(entries, 0) if entries else self.stack()

    def close(self, name=None) -> None:
        self._storage.items.clear()

    def identity(self) -> TensorArray:
        return self._view()

    def mark_used(self) -> None:
        return None
