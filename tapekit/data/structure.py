"""What every ``tk.data`` module shares: the constants, the element structures and composite values.

An element is a tensor, or a tuple/dict (namedtuple) of them, nested: ``flatten`` lists its
tensors (dict keys sorted, as ``tf.nest``), ``pack`` puts tensors back into a template's shape.
Composite values (RaggedTensor, SparseTensor) register how they slice and batch.
"""

from __future__ import annotations

import os

import numpy as np

from .._base.i18n import N_, _, hint_line
from .._api.tensor_spec import TensorSpec
from .._core.values.tensor import EagerTensor, Tensor, convert_to_tensor
from ..backend import from_host


AUTOTUNE = -1
INFINITE_CARDINALITY = -1
UNKNOWN_CARDINALITY = -2
# Datasets read from files are out of tapekit's scope (tk.data.TextLineDataset, Dataset.list_files, ...)
FILES_HINT = N_("tapekit's datasets hold data in memory: read the file with Python, NumPy or pandas, then "
                 "make the dataset with tk.data.Dataset.from_tensor_slices.")
IGNORE_ERRORS_HINT = N_("skipping the elements whose computation fails is not in tapekit: drop them before, "
                        "with filter().")
SPARSE_BATCH_HINT = N_("batching into a SparseTensor is not in tapekit: make the elements SparseTensors "
                       "(tk.sparse.from_dense) and batch them with batch().")
SAMPLING_HINT = N_("sampling from datasets at random is not in tapekit: draw the choices yourself (with "
                   "tk.random.stateless_categorical) and pass them to tk.data.Dataset.choose_from_datasets.")


class Composite:
    """How a dataset handles one kind of composite value; ``tapekit/_api/data_composites.py`` registers them.

    ``types``: the value classes; ``spec_type``: their spec class. ``slices(value)``: the rows along
    axis 0; ``spec(value)``: a value's spec; ``row_spec(spec)`` / ``batched_spec(spec, n)``: the
    spec of one row / of a batch of ``n`` (None: unknown); ``batch(rows)``: rows (values or dense
    tensors) joined into one value.
    """

    types: tuple = ()
    spec_type: type = type(None)

    def slices(self, value) -> list:
        raise NotImplementedError

    def spec(self, value):
        raise NotImplementedError

    def row_spec(self, spec):
        raise NotImplementedError

    def batched_spec(self, spec, n):
        raise NotImplementedError

    def batch(self, rows: list):
        raise NotImplementedError


_COMPOSITES: dict[str, Composite] = {}


def register_composite(name: str, kind: Composite) -> None:
    """Let datasets hold ``kind``'s values (``name``: "ragged" or "sparse")."""
    _COMPOSITES[name] = kind


def composite_of(value) -> Composite | None:
    """The kind of a composite value or of its spec; None for a dense tensor or TensorSpec."""
    return next((k for k in _COMPOSITES.values() if isinstance(value, k.types + (k.spec_type,))), None)


def ragged_kind() -> Composite:
    if "ragged" not in _COMPOSITES:
        raise NotImplementedError("Ragged batching is not in tapekit without tapekit._api.data_composites loaded."
                                  + hint_line(_("import tapekit (the package) first.")))
    return _COMPOSITES["ragged"]


def is_structure(x) -> bool:
    return isinstance(x, (tuple, dict))


def flatten(x) -> list:
    if isinstance(x, dict):
        return [leaf for k in sorted(x) for leaf in flatten(x[k])]
    if isinstance(x, tuple):
        return [leaf for item in x for leaf in flatten(item)]
    return [x]


def pack(template, leaves):
    it = iter(leaves)

    def build(t):
        if isinstance(t, dict):
            built = {k: build(t[k]) for k in sorted(t)}
            return {k: built[k] for k in t}
        if isinstance(t, tuple):
            items = [build(v) for v in t]
            return type(t)(*items) if hasattr(type(t), "_fields") else tuple(items)
        return next(it)

    return build(template)


def map_leaves(fn, x):
    return pack(x, [fn(leaf) for leaf in flatten(x)])


def flatten_shapes(shapes) -> list:
    """Shapes are lists of ints, so only tuples/dicts of them nest."""
    if isinstance(shapes, dict):
        return [s for k in sorted(shapes) for s in flatten_shapes(shapes[k])]
    if isinstance(shapes, tuple) and any(isinstance(s, (tuple, list, dict)) or s is None for s in shapes) \
            and not all(isinstance(s, int) or s is None for s in shapes):
        return [s for item in shapes for s in flatten_shapes(item)]
    return [shapes]


def host_tensor(arr: np.ndarray, dtype) -> Tensor:
    return EagerTensor(from_host(np.asarray(arr, dtype=dtype.as_numpy_dtype)), dtype)


def spec_of(t: Tensor) -> TensorSpec:
    kind = composite_of(t)
    return kind.spec(t) if kind is not None else TensorSpec(t.shape, t.dtype)


def count_tensor(n: int) -> Tensor:
    return convert_to_tensor(np.int64(n))


def call_with(fn, element):
    """Call ``fn`` as tf.data does: a tuple element is spread over the arguments."""
    return fn(*element) if isinstance(element, tuple) else fn(element)


def check_callable(func) -> None:
    if not callable(func):
        raise ValueError(f"Argument `func` must be a callable. Received func={func} (of type {type(func)})")


def cpu_count() -> int:
    """The CPUs this process may run on (TF's ``port::MaxParallelism``)."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


END = object()
