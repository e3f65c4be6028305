"""The datasets made from values: ``from_tensor_slices``, ``from_tensors``, ``range``, ``from_generator``."""

from __future__ import annotations

import numpy as np

from .._base import dtypes
from .._base.i18n import _, hint_line
from .._api.tensor_spec import TensorSpec
from .._core.values.tensor import Tensor, convert_to_tensor
from ..errors import InvalidArgumentError
from .dataset import Dataset, as_tensor, normalize, register
from .structure import composite_of, flatten, flatten_shapes, host_tensor, is_structure, map_leaves, pack, spec_of


class _TensorSliceDataset(Dataset):
    def __init__(self, tensors):
        structure = normalize(tensors)
        leaves = flatten(structure)
        for t in leaves:
            if t.ndim == 0:
                raise ValueError("Unbatching a tensor is only supported for rank >= 1"
                                 + hint_line(_("from_tensor_slices splits its input along the first axis; "
                                               "use from_tensors for a single element.")))
        n = leaves[0].shape[0] if leaves else 0
        for t in leaves[1:]:
            if t.shape[0] != n:
                raise ValueError(f"Dimensions {n} and {t.shape[0]} are not compatible"
                                 + hint_line(_("every component needs the same number of rows.")))
        self._structure = structure
        self._columns = [_slicer(t) for t in leaves]
        self._n = n

    def _spec(self):
        return pack(self._structure, [spec for spec, _row in self._columns])

    def _cardinality(self) -> int:
        return self._n

    def _elements(self):
        for i in range(self._n):
            yield pack(self._structure, [row(i) for _row_spec, row in self._columns])


def _slicer(t) -> tuple:
    """A component's row spec and a function giving its row ``i``."""
    kind = composite_of(t)
    if kind is not None:
        return kind.row_spec(kind.spec(t)), kind.slices(t).__getitem__
    host, dtype = np.asarray(t.numpy()), t.dtype
    return TensorSpec(host.shape[1:], dtype), (lambda i: host_tensor(host[i], dtype))


class _TensorDataset(Dataset):
    def __init__(self, tensors):
        self._element = normalize(tensors)

    def _spec(self):
        return map_leaves(spec_of, self._element)

    def _cardinality(self) -> int:
        return 1

    def _elements(self):
        yield self._element


class _RangeDataset(Dataset):
    def __init__(self, *args, **kwargs):
        # TF reads only `output_type` and `name` and ignores any other keyword (`dtype=` included)
        if not 1 <= len(args) <= 3:
            raise ValueError(f"Invalid `args`. The length of `args` should be between 1 and 3 but was "
                             f"{len(args)}.")
        values = [int(as_tensor(a).numpy()) for a in args]
        self._range = range(*values) if len(values) > 1 else range(values[0])
        self._dtype = dtypes.as_dtype(kwargs.get("output_type", dtypes.int64))

    def _spec(self):
        return TensorSpec([], self._dtype)

    def _cardinality(self) -> int:
        return len(self._range)

    def _elements(self):
        for v in self._range:
            yield host_tensor(np.asarray(v), self._dtype)


class _GeneratorDataset(Dataset):
    def __init__(self, generator, output_types, output_shapes, args, output_signature):
        if not callable(generator):
            raise TypeError("`generator` must be a Python callable.")
        if output_signature is None:
            if output_types is None:
                raise TypeError("The `output_types` argument can not be None when `output_signature` "
                                "is not specified.")
            shapes = output_shapes if output_shapes is not None else \
                map_leaves(lambda _: None, output_types)
            output_signature = pack(output_types, [TensorSpec(s, t) for t, s in
                                                    zip(flatten(output_types), flatten_shapes(shapes))])
        self._generator, self._args = generator, tuple(args or ())
        self._signature = output_signature

    def _spec(self):
        return self._signature

    def __repr__(self) -> str:
        # TF builds from_generator as a flat_map over its generator's state, and prints that
        return f"<_FlatMapDataset element_spec={self.element_spec!r}>"

    def _elements(self):
        specs = flatten(self._signature)
        for item in self._generator(*self._args):
            values = flatten(item) if is_structure(self._signature) else [item]
            if len(values) != len(specs):
                raise InvalidArgumentError("`generator` yielded an element that did not match the "
                                           "expected structure.", op="PyFunc")
            tensors = []
            for v, spec in zip(values, specs):
                t = convert_to_tensor(v, dtype=spec.dtype) if not isinstance(v, Tensor) else v
                if not spec.is_compatible_with(t):
                    raise InvalidArgumentError(
                        f"`generator` yielded an element of shape {t.shape} where an element of shape "
                        f"{spec.shape} was expected.", op="PyFunc")
                tensors.append(t)
            yield pack(self._signature, tensors)


register(_GeneratorDataset, _RangeDataset, _TensorDataset, _TensorSliceDataset)
