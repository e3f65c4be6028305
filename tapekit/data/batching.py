"""``batch``, ``padded_batch``, ``ragged_batch`` and ``unbatch``: elements stacked into batches and back."""

from __future__ import annotations

import math

import numpy as np

from .._base.i18n import _, hint_line
from .._api.tensor_spec import TensorSpec
from ..errors import InvalidArgumentError
from .dataset import Dataset, _Unary, as_tensor, cardinality_of, elements_of, int_arg, register
from .structure import (UNKNOWN_CARDINALITY, Composite, composite_of, flatten, flatten_shapes, host_tensor,
                        is_structure, map_leaves, pack, ragged_kind)
from .transforms import _MapDataset


def _spec_read_from_an_element(dataset: Dataset) -> bool:
    """Whether ``dataset`` or one it reads from is a ``map``/``flat_map``, whose element_spec tapekit reads
    from the first element's result (TF from the traced function, whose shapes may be unknown)."""
    if isinstance(dataset, _MapDataset):
        return True
    inputs = [v for v in vars(dataset).values() if isinstance(v, Dataset)]
    inputs += [d for v in vars(dataset).values() if isinstance(v, (list, tuple, dict))
               for d in (v.values() if isinstance(v, dict) else v) if isinstance(d, Dataset)]
    return any(_spec_read_from_an_element(d) for d in inputs)


class _BatchDataset(_Unary):
    def __init__(self, input_dataset, batch_size, drop_remainder, padded=None, ragged=None):
        super().__init__(input_dataset)
        self._ragged = ragged     # ragged_batch: its row_splits dtype; components of rank >= 1 batch into RaggedTensors
        self._size = int_arg(batch_size, "batch_size")
        op = "PaddedBatchDatasetV2" if padded else "BatchDatasetV2"
        if self._size <= 0:
            raise InvalidArgumentError(f"Batch size must be greater than zero. [Op:{op}] name: ", op=op)
        self._drop = bool(drop_remainder)
        self._padded = padded

    def __repr__(self) -> str:
        name = "_PaddedBatchDataset" if self._padded else "_BatchDataset"
        return f"<{name} element_spec={self.element_spec!r}>"

    def _spec(self):
        first = self._size if self._drop else None
        inner = self._input.element_spec
        if self._padded:
            shapes = self._padded[0]
            inner = map_leaves(lambda s: TensorSpec([None] * len(s.shape), s.dtype), inner) \
                if shapes is None else pack(inner, [TensorSpec(sh, s.dtype) for s, sh in
                                                     zip(flatten(inner), flatten_shapes(shapes))])
        return pack(inner, [self._kind(s).batched_spec(s, first, **self._made_ragged(s)) if self._kind(s) is not None
                             else TensorSpec([first] + list(s.shape), s.dtype) for s in flatten(inner)])

    def _made_ragged(self, spec) -> dict:
        """The row_splits dtype for a dense component that ragged_batch makes ragged."""
        return {"row_splits_dtype": self._ragged} if composite_of(spec) is None else {}

    def _kind(self, spec) -> Composite | None:
        """How a component of this spec batches: as its composite, as ragged rows, or dense (None)."""
        kind = composite_of(spec)
        if kind is None and self._ragged is not None and len(spec.shape) >= 1:
            fixed = spec.shape.is_fully_defined() and not _spec_read_from_an_element(self._input)
            return None if fixed else ragged_kind()
        return kind

    def _cardinality(self) -> int:
        n = cardinality_of(self._input)
        if n < 0:
            return n
        return n // self._size if self._drop else math.ceil(n / self._size)

    def _elements(self):
        group = []
        for element in elements_of(self._input):
            group.append(element)
            if len(group) == self._size:
                yield self._stack(group)
                group = []
        if group and not self._drop:
            yield self._stack(group)

    def _stack(self, group):
        columns = list(zip(*[flatten(e) for e in group]))
        specs = flatten(self._input.element_spec)
        kinds = [self._kind(s) for s in specs]
        leaves = []
        for k, column in enumerate(columns):
            if kinds[k] is not None:
                leaves.append(kinds[k].batch(list(column), **self._made_ragged(specs[k])))
                continue
            if composite_of(column[0]) is not None:
                leaves.append(composite_of(column[0]).batch(list(column)))
                continue
            arrays = [np.asarray(t.numpy()) for t in column]
            dtype = column[0].dtype
            if self._padded:
                arrays = self._pad(arrays, k, dtype)
            else:
                for i, a in enumerate(arrays[1:], 1):
                    if a.shape != arrays[0].shape:
                        raise InvalidArgumentError(
                            f"Cannot batch tensors with different shapes in component {k}. First element had shape "
                            f"{list(arrays[0].shape)} and element {i} had shape {list(a.shape)}. "
                            "[Op:IteratorGetNext] name: "
                            + hint_line(_("use padded_batch for elements of different shapes.")), op="IteratorGetNext")
            leaves.append(host_tensor(np.stack(arrays), dtype))
        return pack(group[0], leaves)

    def _pad(self, arrays, k, dtype):
        shapes, values = self._padded
        target = np.max([a.shape for a in arrays], axis=0) if arrays[0].ndim else ()
        if shapes is not None:
            wanted = flatten_shapes(shapes)[k]
            wanted = list(wanted.as_list() if hasattr(wanted, "as_list") else (wanted or []))
            target = [t if w in (None, -1) else int(w) for t, w in zip(target, wanted)]
        pad_value = 0 if values is None else np.asarray(as_tensor(flatten(values)[k]
                                                                   if is_structure(values) else values).numpy())
        if dtype.is_string and values is None:
            pad_value = b""
        out = []
        for a in arrays:
            if any(s > t for s, t in zip(a.shape, target)):
                raise InvalidArgumentError("Attempted to pad to a smaller size than the input element. "
                                           "[Op:IteratorGetNext]", op="IteratorGetNext")
            widths = [(0, int(t) - s) for s, t in zip(a.shape, target)]
            out.append(np.pad(a, widths, constant_values=pad_value) if widths else a)
        return out


class _UnbatchDataset(_Unary):
    def _spec(self):
        return map_leaves(lambda s: composite_of(s).row_spec(s) if composite_of(s) is not None else
                           TensorSpec(s.shape[1:], s.dtype), self._input.element_spec)

    def _cardinality(self) -> int:
        return UNKNOWN_CARDINALITY

    def _elements(self):
        for element in elements_of(self._input):
            leaves = flatten(element)
            rows = [composite_of(t).slices(t) if composite_of(t) is not None else
                    [host_tensor(a, t.dtype) for a in np.asarray(t.numpy())] for t in leaves]
            for i in range(len(rows[0]) if rows else 0):
                yield pack(element, [r[i] for r in rows])


register(_BatchDataset, _UnbatchDataset)
