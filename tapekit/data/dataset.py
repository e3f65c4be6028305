"""``tk.data.Dataset``: TF's input pipeline, eager and in memory.

A dataset is a recipe for a sequence of elements (a tensor, or a tuple/dict of tensors). Each
transformation (``batch``, ``map``, ``shuffle``, ...) returns a new dataset; iterating one runs
the recipe from the start, as in TF. Structure follows ``tf.data``: tuples, dicts and
namedtuples are structures, while lists are converted to tensors. Elements are fresh tensors
(computed on the host), so iterating a dataset records nothing on a tape; ``map`` functions run
eagerly on each element (TF traces them once into a graph).

``shuffle`` is TF's: its buffer algorithm, seed rules and Philox words, so a seeded shuffle
gives TF's order, epoch after epoch (``reshuffle_each_iteration`` as in TF).
"""

from __future__ import annotations

import itertools
import math
import os

import numpy as np

from .._base import dtypes
from ..backend import from_host
from ..errors import FailedPreconditionError, InvalidArgumentError, OutOfRangeError
from .._base.i18n import N_, _, hint_line
from .._base.unsupported import out_of_scope
from .._core.ops.array_ops import stack
from .._core.ops.math_ops import to_tensor
from .._core.ops.philox import PhiloxStream, PhiloxWords
from .._core.ops.random_ops import get_seed
from .._core.values.tensor import EagerTensor, Tensor, convert_to_tensor, is_variable
from .._api.tensor_spec import TensorSpec
from .._base.shape import TensorShape
from .options import Options

AUTOTUNE = -1
INFINITE_CARDINALITY = -1
UNKNOWN_CARDINALITY = -2
INFINITE, UNKNOWN = INFINITE_CARDINALITY, UNKNOWN_CARDINALITY
# Datasets read from files are out of tapekit's scope (tk.data.TextLineDataset, Dataset.list_files, ...)
FILES_HINT = N_("tapekit's datasets hold data in memory: read the file with Python, NumPy or pandas, then "
                 "make the dataset with tk.data.Dataset.from_tensor_slices.")
IGNORE_ERRORS_HINT = N_("skipping the elements whose computation fails is not in tapekit: drop them before, "
                        "with filter().")
SPARSE_BATCH_HINT = N_("batching into a SparseTensor is not in tapekit: make the elements SparseTensors "
                       "(tk.sparse.from_dense) and batch them with batch().")
SAMPLING_HINT = N_("sampling from datasets at random is not in tapekit: draw the choices yourself (with "
                   "tk.random.stateless_categorical) and pass them to tk.data.Dataset.choose_from_datasets.")


# ---------- composite values (RaggedTensor, SparseTensor): how each slices, batches and unbatches ----------
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


def _composite_of(value) -> Composite | None:
    """The kind of a composite value or of its spec; None for a dense tensor or TensorSpec."""
    return next((k for k in _COMPOSITES.values() if isinstance(value, k.types + (k.spec_type,))), None)


def _ragged_kind() -> Composite:
    if "ragged" not in _COMPOSITES:
        raise NotImplementedError("Ragged batching is not in tapekit without tapekit._api.data_composites loaded."
                                  + hint_line(_("import tapekit (the package) first.")))
    return _COMPOSITES["ragged"]


# ---------- element structures: tuples and dicts nest, everything else is one tensor ----------
def _is_structure(x) -> bool:
    return isinstance(x, (tuple, dict))


def _flatten(x) -> list:
    if isinstance(x, dict):
        return [leaf for k in sorted(x) for leaf in _flatten(x[k])]
    if isinstance(x, tuple):
        return [leaf for item in x for leaf in _flatten(item)]
    return [x]


def _pack(template, leaves):
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


def _map_leaves(fn, x):
    return _pack(x, [fn(leaf) for leaf in _flatten(x)])


def _as_tensor(value) -> Tensor:
    if isinstance(value, Tensor) or _composite_of(value) is not None:
        return value
    if is_variable(value):
        return to_tensor(value)
    if isinstance(value, Dataset):
        raise TypeError("A tk.data.Dataset cannot be an element of another dataset here.")
    if isinstance(value, list) and any(isinstance(v, (Tensor, list)) or is_variable(v) for v in value):
        return stack([_as_tensor(v) for v in value])
    return convert_to_tensor(value)


def _normalize(element):
    """A user's element (or ``map`` result) as a structure of tensors."""
    return _map_leaves(_as_tensor, element)


def _returned(result):
    """What a user's function returned, as a structure of tensors: a list is a tuple (as in TF, so that the
    list a ``tk.py_function`` returns is not stacked into one tensor)."""
    return _normalize(tuple(result) if isinstance(result, list) else result)


def _tensor(arr: np.ndarray, dtype) -> Tensor:
    return EagerTensor(from_host(np.asarray(arr, dtype=dtype.as_numpy_dtype)), dtype)


def _spec(t: Tensor) -> TensorSpec:
    kind = _composite_of(t)
    return kind.spec(t) if kind is not None else TensorSpec(t.shape, t.dtype)


def _count_tensor(n: int) -> Tensor:
    return convert_to_tensor(np.int64(n))


class Dataset:
    """A sequence of elements; build with ``from_tensor_slices``, ``from_tensors``, ``range``,
    ``zip`` or ``from_generator``, then chain transformations."""

    _input: Dataset | None = None

    # ----- sources -----
    @staticmethod
    def from_tensor_slices(tensors, name=None) -> Dataset:
        """One element per row (first axis) of ``tensors`` (a tensor, tuple or dict of them)."""
        return _TensorSliceDataset(tensors)

    @staticmethod
    def from_tensors(tensors, name=None) -> Dataset:
        """A dataset of exactly one element, ``tensors``."""
        return _TensorDataset(tensors)

    @staticmethod
    def range(*args, **kwargs) -> Dataset:
        """``range(stop)``, ``range(start, stop[, step])`` as int64 scalars (``output_type=`` to change)."""
        return _RangeDataset(*args, **kwargs)

    @staticmethod
    def zip(*datasets, name=None) -> Dataset:
        """Elements of several datasets side by side (a tuple or dict of datasets); stops at the shortest."""
        if len(datasets) == 1 and (_is_structure(datasets[0])):
            datasets = datasets[0]
        return _ZipDataset(datasets)

    @staticmethod
    def from_generator(generator, output_types=None, output_shapes=None, args=None,
                       output_signature=None, name=None) -> Dataset:
        """The elements ``generator(*args)`` yields, converted as ``output_signature`` says."""
        return _GeneratorDataset(generator, output_types, output_shapes, args, output_signature)

    list_files = staticmethod(out_of_scope("tf.data.Dataset.list_files", FILES_HINT))
    load = staticmethod(out_of_scope("tf.data.Dataset.load", FILES_HINT))
    sample_from_datasets = staticmethod(out_of_scope("tf.data.Dataset.sample_from_datasets", SAMPLING_HINT))
    rejection_resample = out_of_scope("tf.data.Dataset.rejection_resample", SAMPLING_HINT)
    random = staticmethod(out_of_scope("tf.data.Dataset.random", SAMPLING_HINT))
    save = out_of_scope("tf.data.Dataset.save", FILES_HINT)
    snapshot = out_of_scope("tf.data.Dataset.snapshot", FILES_HINT)
    ignore_errors = out_of_scope("tf.data.Dataset.ignore_errors", IGNORE_ERRORS_HINT)
    sparse_batch = out_of_scope("tf.data.Dataset.sparse_batch", SPARSE_BATCH_HINT)
    fingerprint = out_of_scope("tf.data.Dataset.fingerprint", FILES_HINT)

    # ----- what every dataset has -----
    @property
    def element_spec(self):
        """A TensorSpec (or tuple/dict of them) describing each element."""
        return self._spec()

    def _spec(self):
        raise NotImplementedError

    def _elements(self):
        """A fresh Python iterator over the elements (structures of tensors)."""
        raise NotImplementedError

    def _cardinality(self) -> int:
        return UNKNOWN_CARDINALITY

    def cardinality(self) -> Tensor:
        """The number of elements (int64), or -1 if infinite, -2 if unknown (e.g. after ``filter``)."""
        return _count_tensor(self._cardinality())

    def __len__(self) -> int:
        n = self._cardinality()
        if n == INFINITE_CARDINALITY:
            raise TypeError("The dataset is infinite.")
        if n == UNKNOWN_CARDINALITY:
            raise TypeError("The dataset length is unknown."
                            + hint_line(_("after filter() tapekit, like TF, cannot know the length without "
                                          "iterating.")))
        return n

    def __bool__(self) -> bool:
        return True

    def __iter__(self) -> OwnedIterator:
        return OwnedIterator(self)

    def as_numpy_iterator(self) -> NumpyIterator:
        """An iterator yielding each element with NumPy arrays in place of tensors."""
        return NumpyIterator(iter(self))

    def __repr__(self) -> str:
        return f"<{type(self).__name__} element_spec={self.element_spec!r}>"

    # ----- transformations -----
    def batch(self, batch_size, drop_remainder=False, num_parallel_calls=None, deterministic=None,
              name=None) -> Dataset:
        """Consecutive elements stacked in groups of ``batch_size`` (the last may be smaller)."""
        return _BatchDataset(self, batch_size, drop_remainder)

    def padded_batch(self, batch_size, padded_shapes=None, padding_values=None, drop_remainder=False,
                     name=None) -> Dataset:
        """``batch`` for elements of different shapes: each is padded to the largest (or ``padded_shapes``)."""
        composite = next((s for s in _flatten(self.element_spec) if _composite_of(s) is not None), None)
        if composite is not None:
            raise TypeError("`padded_batch` is only supported for datasets that produce tensor elements but type spec "
                            f"of elements in the input dataset is not a subclass of TensorSpec: `{composite!r}`."
                            + hint_line(_("use batch(), which makes RaggedTensors of ragged rows.")))
        return _BatchDataset(self, batch_size, drop_remainder, padded=(padded_shapes, padding_values))

    def rebatch(self, batch_size, drop_remainder=False, name=None) -> Dataset:
        """The same rows regrouped into batches of ``batch_size``."""
        return _BatchDataset(_UnbatchDataset(self), batch_size, drop_remainder)

    def ragged_batch(self, batch_size, drop_remainder=False, row_splits_dtype=dtypes.int64, name=None) -> Dataset:
        """``batch`` for elements of different lengths: components of rank >= 1 become RaggedTensors.

        As TF, a component whose shape is fully known (from ``from_tensor_slices``, ``range``,
        ``batch(drop_remainder=True)``, ...) stays dense. After ``map`` or ``flat_map`` tapekit reads
        the shape from the first element, not from a traced function, so every component of rank
        >= 1 there becomes ragged (docs/DIFFERENCES.md).
        """
        return _BatchDataset(self, batch_size, drop_remainder, ragged=dtypes.as_dtype(row_splits_dtype))

    def unbatch(self, name=None) -> Dataset:
        """The rows of each element as separate elements (the inverse of ``batch``)."""
        return _UnbatchDataset(self)

    def map(self, map_func, num_parallel_calls=None, deterministic=None, name=None) -> Dataset:
        """``map_func`` applied to every element (a tuple element is passed as separate arguments)."""
        return _MapDataset(self, map_func)

    def flat_map(self, map_func, name=None) -> Dataset:
        """``map_func`` maps each element to a dataset; their elements follow one another."""
        return _FlatMapDataset(self, map_func)

    def filter(self, predicate, name=None) -> Dataset:
        """The elements for which ``predicate`` returns True."""
        _check_callable(predicate)
        return _FilterDataset(self, predicate)

    def take_while(self, predicate, name=None) -> Dataset:
        return _TakeWhileDataset(self, predicate)

    def shuffle(self, buffer_size, seed=None, reshuffle_each_iteration=None, name=None) -> Dataset:
        """Elements in random order, drawn from a buffer of ``buffer_size`` (TF's algorithm)."""
        return _ShuffleDataset(self, buffer_size, seed, reshuffle_each_iteration)

    def repeat(self, count=None, name=None) -> Dataset:
        """The elements ``count`` times over (forever if None or -1)."""
        return _RepeatDataset(self, count)

    def take(self, count, name=None) -> Dataset:
        """At most the first ``count`` elements (all of them if -1)."""
        return _TakeDataset(self, count)

    def skip(self, count, name=None) -> Dataset:
        """All but the first ``count`` elements (none if -1)."""
        return _SkipDataset(self, count)

    def prefetch(self, buffer_size, name=None) -> Dataset:
        """The same elements (prefetching is a no-op in tapekit)."""
        return _PassThroughDataset(self, "_PrefetchDataset")

    def cache(self, filename="", name=None) -> Dataset:
        """The same elements (an in-memory pipeline has nothing to cache)."""
        return _PassThroughDataset(self, "CacheDataset")

    def enumerate(self, start=0, name=None) -> Dataset:
        """``(index, element)`` pairs, the index an int64 counting from ``start``."""
        return Dataset.zip((Dataset.range(start, np.iinfo(np.int64).max), self))

    def concatenate(self, dataset, name=None) -> Dataset:
        """This dataset's elements, then ``dataset``'s."""
        return _ConcatenateDataset(self, dataset)

    def apply(self, transformation_func) -> Dataset:
        return transformation_func(self)

    def reduce(self, initial_state, reduce_func, name=None):
        """``state = reduce_func(state, element)`` over every element; returns the final state."""
        _check_callable(reduce_func)
        state = _normalize(initial_state)
        for element in self._elements():
            state = _returned(reduce_func(state, element))
        return state

    def window(self, size, shift=None, stride=1, drop_remainder=False, name=None) -> Dataset:
        """Windows of ``size`` elements, each element a dataset (or a tuple/dict of them, one per
        component): window ``k`` holds the elements at ``k * shift + j * stride``, ``j < size``
        (``shift`` defaults to ``size``); the last windows are shorter unless ``drop_remainder``."""
        return _WindowDataset(self, size, size if shift is None else shift, stride, drop_remainder)

    def scan(self, initial_state, scan_func, name=None) -> Dataset:
        """``(state, output) = scan_func(state, element)`` over the elements; yields each ``output``."""
        return _ScanDataset(self, initial_state, scan_func)

    def interleave(self, map_func, cycle_length=None, block_length=None, num_parallel_calls=None,
                   deterministic=None, name=None) -> Dataset:
        """``map_func`` makes a dataset of each element; ``cycle_length`` of them are read in turn,
        ``block_length`` elements at a time (defaults: as many as the CPUs this process may run on, as
        TF, and 1)."""
        return _InterleaveDataset(self, map_func, cycle_length, block_length)

    def shard(self, num_shards, index, name=None) -> Dataset:
        """Every ``num_shards``-th element, starting from element ``index``."""
        return _ShardDataset(self, num_shards, index)

    def unique(self, name=None) -> Dataset:
        """Each element once, at its first place (scalar int32, int64 or string elements)."""
        return _UniqueDataset(self)

    def group_by_window(self, key_func, reduce_func, window_size=None, window_size_func=None,
                        name=None) -> Dataset:
        """Elements grouped by ``key_func(element)`` (an int64) into windows of ``window_size``; each
        full window, then at the end each partial one (by key), becomes ``reduce_func(key, window_dataset)``."""
        return _GroupByWindowDataset(self, key_func, reduce_func, window_size, window_size_func)

    def bucket_by_sequence_length(self, element_length_func, bucket_boundaries, bucket_batch_sizes,
                                  padded_shapes=None, padding_values=None, pad_to_bucket_boundary=False,
                                  no_padding=False, drop_remainder=False, name=None) -> Dataset:
        """Elements put in buckets by ``element_length_func(element)`` (bucket ``i`` holds lengths from
        ``bucket_boundaries[i - 1]`` up to ``bucket_boundaries[i]``), each batched by its own
        ``bucket_batch_sizes[i]``, padded as ``padded_batch`` pads unless ``no_padding``."""
        boundaries, sizes = list(bucket_boundaries), list(bucket_batch_sizes)
        if len(sizes) != len(boundaries) + 1:
            raise ValueError(f"`len(bucket_batch_sizes)` must equal `len(bucket_boundaries) + 1` but "
                             f"`len(bucket_batch_sizes)={len(sizes)}` and `len(bucket_boundaries)={len(boundaries)}`.")
        if pad_to_bucket_boundary:
            raise NotImplementedError("bucket_by_sequence_length(pad_to_bucket_boundary=True) is not implemented in "
                                      "tapekit." + hint_line(_("pass padded_shapes instead.")))

        def bucket_of(*element):
            length = int(_as_tensor(element_length_func(*element)).numpy())
            return _count_tensor(sum(1 for boundary in boundaries if boundary <= length))

        def batch_bucket(bucket, window):
            size = sizes[int(bucket.numpy())]
            if no_padding:
                return window.batch(size, drop_remainder=drop_remainder)
            return window.padded_batch(size, padded_shapes, padding_values, drop_remainder=drop_remainder)

        return self.group_by_window(bucket_of, batch_bucket, window_size_func=lambda bucket: sizes[int(bucket.numpy())])

    def get_single_element(self, name=None):
        """The one element of a dataset that has exactly one (else InvalidArgumentError)."""
        elements = list(itertools.islice(_elements_of(self), 2))
        if len(elements) != 1:
            problem = "was empty" if not elements else "had more than one element"
            raise InvalidArgumentError(f"Dataset {problem}. [Op:DatasetToSingleElement] name: "
                                       + hint_line(_("get_single_element() needs a dataset of exactly one "
                                                     "element: take(1) keeps the first.")),
                                       op="DatasetToSingleElement")
        return elements[0]

    def with_options(self, options, name=None) -> Dataset:
        """This dataset with ``options`` (a ``tk.data.Options``) merged into its options."""
        if not isinstance(options, Options):   # TF's error: the options have no `_to_proto`
            raise AttributeError(f"Expected a tf.data.Options object, got {type(options).__name__}.")
        return _OptionsDataset(self, options)

    def options(self) -> Options:
        """The options set on this dataset or the datasets it reads (``with_options``)."""
        return self._input.options() if self._input is not None else Options().frozen()

    @staticmethod
    def counter(start=0, step=1, dtype=dtypes.int64, name=None) -> Dataset:
        """``start``, ``start + step``, ... without end (``dtype`` int64 unless given)."""
        dtype = dtypes.as_dtype(dtype)
        start = convert_to_tensor(start, dtype=dtype)
        step = convert_to_tensor(step, dtype=dtype)
        return Dataset.from_tensors(0).repeat().scan(start, lambda state, _: (state + step, state))

    @staticmethod
    def choose_from_datasets(datasets, choice_dataset, stop_on_empty_dataset=True) -> Dataset:
        """Each element from ``datasets[i]``, ``i`` the next int64 of ``choice_dataset``."""
        return _DirectedInterleaveDataset(datasets, choice_dataset, stop_on_empty_dataset)


# ---------- the protocol between datasets ----------
# Each Dataset subclass implements ``_elements`` and ``_cardinality``; a transformation reads its
# input's through these two functions, the one place that calls another dataset's hooks.
def _elements_of(dataset: Dataset):
    """A fresh iterator over ``dataset``'s elements."""
    return dataset._elements()  # noqa: SLF001 - a Dataset subclass's hook, read by the datasets of this module


def _cardinality_of(dataset: Dataset) -> int:
    """``dataset``'s number of elements, or INFINITE_CARDINALITY / UNKNOWN_CARDINALITY."""
    return dataset._cardinality()  # noqa: SLF001 - a Dataset subclass's hook, read by the datasets of this module


# ---------- sources ----------
class _TensorSliceDataset(Dataset):
    def __init__(self, tensors):
        structure = _normalize(tensors)
        leaves = _flatten(structure)
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
        return _pack(self._structure, [spec for spec, _row in self._columns])

    def _cardinality(self) -> int:
        return self._n

    def _elements(self):
        for i in range(self._n):
            yield _pack(self._structure, [row(i) for _spec, row in self._columns])


def _slicer(t) -> tuple:
    """A component's row spec and a function giving its row ``i``."""
    kind = _composite_of(t)
    if kind is not None:
        return kind.row_spec(kind.spec(t)), kind.slices(t).__getitem__
    host, dtype = np.asarray(t.numpy()), t.dtype
    return TensorSpec(host.shape[1:], dtype), (lambda i: _tensor(host[i], dtype))


class _TensorDataset(Dataset):
    def __init__(self, tensors):
        self._element = _normalize(tensors)

    def _spec(self):
        return _map_leaves(_spec, self._element)

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
        values = [int(_as_tensor(a).numpy()) for a in args]
        self._range = range(*values) if len(values) > 1 else range(values[0])
        self._dtype = dtypes.as_dtype(kwargs.get("output_type", dtypes.int64))

    def _spec(self):
        return TensorSpec([], self._dtype)

    def _cardinality(self) -> int:
        return len(self._range)

    def _elements(self):
        for v in self._range:
            yield _tensor(np.asarray(v), self._dtype)


class _ZipDataset(Dataset):
    def __init__(self, datasets):
        for d in _flatten(datasets):
            if not isinstance(d, Dataset):
                raise TypeError(f"Invalid input to `zip`. Inputs are expected to be (nested) structures of "
                                f"`tf.data.Dataset` objects. Python `list` is not supported and you should "
                                f"use `tuple` instead. Received: {type(d).__name__}")
        self._datasets = datasets

    def _spec(self):
        return _map_leaves(lambda d: d.element_spec, self._datasets)

    def _cardinality(self) -> int:
        counts = [_cardinality_of(d) for d in _flatten(self._datasets)]
        finite = [c for c in counts if c >= 0]
        if finite:
            return min(finite)
        return UNKNOWN_CARDINALITY if UNKNOWN_CARDINALITY in counts else INFINITE_CARDINALITY

    def _elements(self):
        iterators = [_elements_of(d) for d in _flatten(self._datasets)]
        for items in zip(*iterators):
            yield _pack(self._datasets, items)


class _GeneratorDataset(Dataset):
    def __init__(self, generator, output_types, output_shapes, args, output_signature):
        if not callable(generator):
            raise TypeError("`generator` must be a Python callable.")
        if output_signature is None:
            if output_types is None:
                raise TypeError("The `output_types` argument can not be None when `output_signature` "
                                "is not specified.")
            shapes = output_shapes if output_shapes is not None else \
                _map_leaves(lambda _: None, output_types)
            output_signature = _pack(output_types, [TensorSpec(s, t) for t, s in
                                                    zip(_flatten(output_types), _flatten_shapes(shapes))])
        self._generator, self._args = generator, tuple(args or ())
        self._signature = output_signature

    def _spec(self):
        return self._signature

    def __repr__(self) -> str:
        # TF builds from_generator as a flat_map over its generator's state, and prints that
        return f"<_FlatMapDataset element_spec={self.element_spec!r}>"

    def _elements(self):
        specs = _flatten(self._signature)
        for item in self._generator(*self._args):
            values = _flatten(item) if _is_structure(self._signature) else [item]
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
            yield _pack(self._signature, tensors)


def _flatten_shapes(shapes) -> list:
    """Shapes are lists of ints, so only tuples/dicts of them nest."""
    if isinstance(shapes, dict):
        return [s for k in sorted(shapes) for s in _flatten_shapes(shapes[k])]
    if isinstance(shapes, tuple) and any(isinstance(s, (tuple, list, dict)) or s is None for s in shapes) \
            and not all(isinstance(s, int) or s is None for s in shapes):
        return [s for item in shapes for s in _flatten_shapes(item)]
    return [shapes]


# ---------- transformations ----------
class _Unary(Dataset):
    def __init__(self, input_dataset: Dataset):
        if not isinstance(input_dataset, Dataset):
            raise TypeError(f"Expected a tk.data.Dataset, got {type(input_dataset).__name__}.")
        self._input = input_dataset

    def _spec(self):
        return self._input.element_spec

    def _cardinality(self) -> int:
        return _cardinality_of(self._input)


class _PassThroughDataset(_Unary):
    def __init__(self, input_dataset, type_name):
        super().__init__(input_dataset)
        self._type_name = type_name

    def _elements(self):
        return _elements_of(self._input)

    def __repr__(self) -> str:
        return f"<{self._type_name} element_spec={self.element_spec!r}>"


def _int_arg(value, what: str) -> int:
    t = _as_tensor(value)
    if t.ndim != 0 or not t.dtype.is_integer:
        raise TypeError(f"`{what}` must be a scalar integer, got {value!r}")
    return int(t.numpy())


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
        self._size = _int_arg(batch_size, "batch_size")
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
            inner = _map_leaves(lambda s: TensorSpec([None] * len(s.shape), s.dtype), inner) \
                if shapes is None else _pack(inner, [TensorSpec(sh, s.dtype) for s, sh in
                                                     zip(_flatten(inner), _flatten_shapes(shapes))])
        return _pack(inner, [self._kind(s).batched_spec(s, first, **self._made_ragged(s)) if self._kind(s) is not None
                             else TensorSpec([first] + list(s.shape), s.dtype) for s in _flatten(inner)])

    def _made_ragged(self, spec) -> dict:
        """The row_splits dtype for a dense component that ragged_batch makes ragged."""
        return {"row_splits_dtype": self._ragged} if _composite_of(spec) is None else {}

    def _kind(self, spec) -> Composite | None:
        """How a component of this spec batches: as its composite, as ragged rows, or dense (None)."""
        kind = _composite_of(spec)
        if kind is None and self._ragged is not None and len(spec.shape) >= 1:
            fixed = spec.shape.is_fully_defined() and not _spec_read_from_an_element(self._input)
            return None if fixed else _ragged_kind()
        return kind

    def _cardinality(self) -> int:
        n = _cardinality_of(self._input)
        if n < 0:
            return n
        return n // self._size if self._drop else math.ceil(n / self._size)

    def _elements(self):
        group = []
        for element in _elements_of(self._input):
            group.append(element)
            if len(group) == self._size:
                yield self._stack(group)
                group = []
        if group and not self._drop:
            yield self._stack(group)

    def _stack(self, group):
        columns = list(zip(*[_flatten(e) for e in group]))
        specs = _flatten(self._input.element_spec)
        kinds = [self._kind(s) for s in specs]
        leaves = []
        for k, column in enumerate(columns):
            if kinds[k] is not None:
                leaves.append(kinds[k].batch(list(column), **self._made_ragged(specs[k])))
                continue
            if _composite_of(column[0]) is not None:
                leaves.append(_composite_of(column[0]).batch(list(column)))
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
            leaves.append(_tensor(np.stack(arrays), dtype))
        return _pack(group[0], leaves)

    def _pad(self, arrays, k, dtype):
        shapes, values = self._padded
        target = np.max([a.shape for a in arrays], axis=0) if arrays[0].ndim else ()
        if shapes is not None:
            wanted = _flatten_shapes(shapes)[k]
            wanted = list(wanted.as_list() if hasattr(wanted, "as_list") else (wanted or []))
            target = [t if w in (None, -1) else int(w) for t, w in zip(target, wanted)]
        pad_value = 0 if values is None else np.asarray(_as_tensor(_flatten(values)[k]
                                                                   if _is_structure(values) else values).numpy())
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
        return _map_leaves(lambda s: _composite_of(s).row_spec(s) if _composite_of(s) is not None else
                           TensorSpec(s.shape[1:], s.dtype), self._input.element_spec)

    def _cardinality(self) -> int:
        return UNKNOWN_CARDINALITY

    def _elements(self):
        for element in _elements_of(self._input):
            leaves = _flatten(element)
            rows = [_composite_of(t).slices(t) if _composite_of(t) is not None else
                    [_tensor(a, t.dtype) for a in np.asarray(t.numpy())] for t in leaves]
            for i in range(len(rows[0]) if rows else 0):
                yield _pack(element, [r[i] for r in rows])


def _call(fn, element):
    """Call ``fn`` as tf.data does: a tuple element is spread over the arguments."""
    return fn(*element) if isinstance(element, tuple) else fn(element)


class _MapDataset(_Unary):
    def __init__(self, input_dataset, map_func):
        super().__init__(input_dataset)
        _check_callable(map_func)
        self._func = map_func
        self._probed = None

    def _spec(self):
        """Read from the first element's result (TF reads it from the traced function)."""
        if self._probed is None:
            first = next(iter(_elements_of(self._input)), None)
            if first is None:
                raise ValueError("tapekit cannot infer the element_spec of map() over an empty dataset.")
            self._probed = _map_leaves(_spec, _returned(_call(self._func, first)))
        return self._probed

    def _elements(self):
        for element in _elements_of(self._input):
            yield _returned(_call(self._func, element))


class _FlatMapDataset(_MapDataset):
    def _spec(self):
        if self._probed is None:
            for element in _elements_of(self._input):
                inner = _call(self._func, element)
                self._probed = inner.element_spec
                break
        return self._probed

    def _cardinality(self) -> int:
        return UNKNOWN_CARDINALITY

    def _elements(self):
        for element in _elements_of(self._input):
            inner = _call(self._func, element)
            if not isinstance(inner, Dataset):   # TF: an AttributeError while it traces map_func
                raise AttributeError(f"The `map_func` argument of flat_map must return a `Dataset` object, got "
                                     f"{type(inner).__name__}.")
            yield from _elements_of(inner)


def _predicate_value(result) -> bool:
    t = _as_tensor(result)
    if t.dtype is not dtypes.bool or t.ndim != 0:
        raise ValueError(f"Invalid `predicate`. `predicate` must return a `tf.bool` scalar tensor, but its "
                         f"return type is {TensorSpec(t.shape, t.dtype)!r}.")
    return bool(t.numpy())


class _FilterDataset(_Unary):
    def __init__(self, input_dataset, predicate):
        super().__init__(input_dataset)
        self._predicate = predicate

    def _cardinality(self) -> int:
        n = _cardinality_of(self._input)
        return INFINITE_CARDINALITY if n == INFINITE_CARDINALITY else UNKNOWN_CARDINALITY

    def _elements(self):
        for element in _elements_of(self._input):
            if _predicate_value(_call(self._predicate, element)):
                yield element


class _TakeWhileDataset(_FilterDataset):
    def _cardinality(self) -> int:
        return UNKNOWN_CARDINALITY

    def _elements(self):
        for element in _elements_of(self._input):
            if not _predicate_value(_call(self._predicate, element)):
                return
            yield element


class _ShuffleDataset(_Unary):
    def __init__(self, input_dataset, buffer_size, seed, reshuffle_each_iteration):
        super().__init__(input_dataset)
        size = _int_arg(buffer_size, "buffer_size")
        if size <= 0 and size != UNKNOWN_CARDINALITY:
            raise InvalidArgumentError("buffer_size must be greater than zero or UNKNOWN_CARDINALITY "
                                       "[Op:ShuffleDatasetV3] name: "
                                       + hint_line(_("a buffer at least as large as the dataset gives a "
                                                     "full shuffle.")), op="ShuffleDatasetV3")
        self._size = size
        # TF's seed rules (get_seed); without any seed, fresh seeds from the operating system.
        # Each iteration takes its two seeds from the dataset's seed generator: the next two
        # words of Philox(seed, seed2) when it reshuffles, else (seed, seed2) every time.
        seed, seed2 = get_seed(seed)
        if seed is None:
            seed, seed2 = (int(w) for w in np.frombuffer(np.random.bytes(16), dtype=np.uint64))
        self._seeds = (seed, seed2)
        self._reshuffle = True if reshuffle_each_iteration is None else bool(reshuffle_each_iteration)
        self._seed_words = PhiloxWords(PhiloxStream.from_seeds(seed, seed2))

    def _iteration_seeds(self) -> tuple:
        if self._reshuffle:
            return self._seed_words.next_word(), self._seed_words.next_word()
        return self._seeds

    def _elements(self):
        """TF's shuffle buffer: a ring of ``size`` slots; each output takes a random slot's element
        (a word modulo the filled count), which the oldest element then fills."""
        words = PhiloxWords(PhiloxStream.from_seeds(*self._iteration_seeds()))
        size = self._size
        ring, start, end = {}, 0, 0
        source = iter(_elements_of(self._input))
        exhausted = False
        while True:
            while not exhausted and (size < 0 or end - start < size):
                element = next(source, _END)
                if element is _END:
                    exhausted = True
                else:
                    ring[end % size if size > 0 else end] = element
                    end += 1
            if end == start:
                return
            slot = start + words.next_word() % (end - start)
            slot, oldest = (slot % size, start % size) if size > 0 else (slot, start)
            yield ring[slot]
            ring[slot] = ring[oldest]
            del ring[oldest]
            start += 1


_END = object()


class _RepeatDataset(_Unary):
    def __init__(self, input_dataset, count):
        super().__init__(input_dataset)
        self._count = -1 if count is None else _int_arg(count, "count")

    def _cardinality(self) -> int:
        n = _cardinality_of(self._input)
        if self._count < 0:
            return 0 if n == 0 else INFINITE_CARDINALITY if n > 0 else n
        return n * self._count if n >= 0 else (0 if self._count == 0 else n)

    def _elements(self):
        k = 0
        while self._count < 0 or k < self._count:
            produced = False
            for element in _elements_of(self._input):
                produced = True
                yield element
            if not produced:
                return
            k += 1


class _TakeDataset(_Unary):
    def __init__(self, input_dataset, count):
        super().__init__(input_dataset)
        self._count = _int_arg(count, "count")

    def _cardinality(self) -> int:
        n = _cardinality_of(self._input)
        if self._count < 0:
            return n
        if n == INFINITE_CARDINALITY:
            return self._count
        return min(n, self._count) if n >= 0 else UNKNOWN_CARDINALITY

    def _elements(self):
        if self._count < 0:
            yield from _elements_of(self._input)
            return
        for k, element in enumerate(_elements_of(self._input)):
            if k >= self._count:
                return
            yield element


class _SkipDataset(_Unary):
    def __init__(self, input_dataset, count):
        super().__init__(input_dataset)
        self._count = _int_arg(count, "count")

    def _cardinality(self) -> int:
        n = _cardinality_of(self._input)
        if n < 0:
            return n
        return 0 if self._count < 0 else max(n - self._count, 0)

    def _elements(self):
        if self._count < 0:
            return
        for k, element in enumerate(_elements_of(self._input)):
            if k >= self._count:
                yield element


class _ConcatenateDataset(Dataset):
    def __init__(self, first, second):
        if not isinstance(second, Dataset):
            raise TypeError(f"Expected a tk.data.Dataset, got {type(second).__name__}.")
        a, b = first.element_spec, second.element_spec
        flat_a, flat_b = _flatten(a), _flatten(b)
        if len(flat_a) != len(flat_b) or any(x.dtype != y.dtype for x, y in zip(flat_a, flat_b)):
            raise TypeError(f"Incompatible dataset elements:\n  {a} vs.   {b}")
        self._first, self._second = first, second

    def _spec(self):
        a, b = _flatten(self._first.element_spec), _flatten(self._second.element_spec)
        merged = [TensorSpec(x.shape if x.shape == y.shape else
                             ([None] * len(x.shape) if x.shape.rank == y.shape.rank else None), x.dtype)
                  for x, y in zip(a, b)]
        return _pack(self._first.element_spec, merged)

    def _cardinality(self) -> int:
        a, b = _cardinality_of(self._first), _cardinality_of(self._second)
        if INFINITE_CARDINALITY in (a, b):
            return INFINITE_CARDINALITY
        return UNKNOWN_CARDINALITY if min(a, b) < 0 else a + b

    def _elements(self):
        yield from _elements_of(self._first)
        yield from _elements_of(self._second)


# ---------- iterators ----------
class OwnedIterator:
    """``iter(dataset)``: a stateful iterator; ``next(it)`` raises StopIteration at the end and
    ``it.get_next()`` raises ``tk.errors.OutOfRangeError``, as TF."""

    def __init__(self, dataset: Dataset):
        self._dataset = dataset
        self._elements = _elements_of(dataset)
        self._position = 0

    @property
    def element_spec(self):
        return self._dataset.element_spec

    @property
    def position(self) -> int:
        """How many elements were taken (what ``tk.train.Checkpoint`` saves of an iterator)."""
        return self._position

    def restore_position(self, position: int) -> None:
        """Start again from the dataset's beginning and skip ``position`` elements (a checkpoint's restore)."""
        self._elements = _elements_of(self._dataset)
        self._position = 0
        for _element in itertools.islice(self, int(position)):
            pass

    def __iter__(self):
        return self

    def __next__(self):
        element = next(self._elements)
        self._position += 1
        return element

    def get_next(self, name=None):
        try:
            return next(self)
        except StopIteration:
            raise OutOfRangeError("End of sequence [Op:IteratorGetNext] name: "
                                  + hint_line(_("the iterator is exhausted; make a new one with "
                                                "iter(dataset).")),
                                  op="IteratorGetNext") from None

    def get_next_as_optional(self):
        raise NotImplementedError("tk.data iterators have no get_next_as_optional; use next(it) and "
                                  "catch StopIteration.")


class NumpyIterator:
    """Yields each element with NumPy values (``dataset.as_numpy_iterator()``)."""

    def __init__(self, iterator: OwnedIterator):
        self._iterator = iterator

    def __iter__(self):
        return self

    def __next__(self):
        return _map_leaves(lambda t: t.numpy(), next(self._iterator))

    def __repr__(self) -> str:
        return f"NumpyIterator(iterator={self._iterator!r})"


# ---------- windows, scans and interleaving ----------
class DatasetSpec:
    """The spec of a dataset that is itself an element (``window``'s): its elements' spec."""

    def __init__(self, element_spec, dataset_shape=()):
        self._element_spec = element_spec
        self._dataset_shape = TensorShape(dataset_shape)

    @property
    def element_spec(self):
        return self._element_spec

    @property
    def value_type(self) -> type:
        return Dataset

    def __eq__(self, other) -> bool:
        return (isinstance(other, DatasetSpec) and self._element_spec == other.element_spec
                and self._dataset_shape == other._dataset_shape)

    def __hash__(self) -> int:
        return hash(repr(self))

    def __repr__(self) -> str:
        return f"DatasetSpec({self._element_spec!r}, {self._dataset_shape!r})"


class _VariantDataset(Dataset):
    """One component of one window: a dataset of the tensors it holds."""

    def __init__(self, tensors: list, spec):
        self._tensors, self._element_spec = tensors, spec

    def _spec(self):
        return self._element_spec

    def _cardinality(self) -> int:
        return len(self._tensors)

    def _elements(self):
        return iter(self._tensors)


def _positive_window_arg(value, what: str) -> int:
    if _as_tensor(value).ndim != 0:
        raise InvalidArgumentError(f"{what} must be a scalar [Op:WindowDataset] name: ", op="WindowDataset")
    n = _int_arg(value, what)
    if n <= 0:
        raise InvalidArgumentError(f"Window {what} must be greater than zero. [Op:WindowDataset] name: "
                                   + hint_line(_("window(size, shift, stride) counts elements: each is 1 or "
                                                 "more.")), op="WindowDataset")
    return n


class _WindowDataset(_Unary):
    def __init__(self, input_dataset, size, shift, stride, drop_remainder):
        super().__init__(input_dataset)
        self._size = _positive_window_arg(size, "size")
        self._shift = _positive_window_arg(shift, "shift")
        self._stride = _positive_window_arg(stride, "stride")
        self._drop = bool(drop_remainder)

    def _spec(self):
        return _map_leaves(DatasetSpec, self._input.element_spec)

    def _span(self) -> int:
        """How many input elements a full window spans."""
        return (self._size - 1) * self._stride + 1

    def _cardinality(self) -> int:
        n = _cardinality_of(self._input)
        if n < 0:
            return n
        if self._drop:
            return (n - self._span()) // self._shift + 1 if n >= self._span() else 0
        return math.ceil(n / self._shift)

    def _elements(self):
        source = _elements_of(self._input)
        buffer: list = []   # the input's elements from the window's start on
        while True:
            buffer += itertools.islice(source, self._span() - len(buffer))
            members = buffer[::self._stride][:self._size]
            if not members or (self._drop and len(members) < self._size):
                return
            yield self._window(members)
            skipped = min(self._shift, len(buffer))
            del buffer[:skipped]
            for _element in itertools.islice(source, self._shift - skipped):
                pass

    def _window(self, members: list):
        specs = _flatten(self._input.element_spec)
        columns = zip(*[_flatten(m) for m in members])
        return _pack(self._input.element_spec,
                     [_VariantDataset(list(column), spec) for column, spec in zip(columns, specs)])


class _ScanDataset(_Unary):
    def __init__(self, input_dataset, initial_state, scan_func):
        super().__init__(input_dataset)
        _check_callable(scan_func)
        self._initial = _normalize(initial_state)
        self._func = scan_func
        self._probed = None

    def _step(self, state, element):
        result = self._func(state, element)   # a tuple element stays one argument, as in TF
        if not (isinstance(result, tuple) and len(result) == 2):
            raise TypeError(f"The scan function must return a pair comprising the new state and the output "
                            f"value, got {result!r}.")
        new_state, output = _returned(result[0]), _returned(result[1])
        expected = [s.dtype for s in _flatten(_map_leaves(_spec, self._initial))]
        got = [s.dtype for s in _flatten(_map_leaves(_spec, new_state))]
        if expected != got:
            raise TypeError(f"The element types for the new state must match the initial state. Expected "
                            f"{expected}; got {got}."
                            + hint_line(_("cast the new state to the initial state's dtype (tk.cast).")))
        return new_state, output

    def _spec(self):
        """Read from the first element's output (TF reads it from the traced function)."""
        if self._probed is None:
            first = next(iter(_elements_of(self._input)), None)
            if first is None:
                raise ValueError("tapekit cannot infer the element_spec of scan() over an empty dataset.")
            self._probed = _map_leaves(_spec, self._step(self._initial, first)[1])
        return self._probed

    def _elements(self):
        state = self._initial
        for element in _elements_of(self._input):
            state, output = self._step(state, element)
            yield output


class _DirectedInterleaveDataset(Dataset):
    def __init__(self, datasets, choice_dataset, stop_on_empty_dataset):
        datasets = list(datasets)
        if not datasets:
            raise ValueError("Invalid `datasets`. `datasets` should not be empty.")
        if not all(isinstance(d, Dataset) for d in datasets):
            raise TypeError("Invalid `datasets`. `datasets` should be a non-empty list of `tf.data.Dataset` "
                            f"objects, got {datasets!r}.")
        choice = choice_dataset.element_spec if isinstance(choice_dataset, Dataset) else None
        if not (isinstance(choice, TensorSpec) and choice.dtype is dtypes.int64 and choice.shape.rank == 0):
            raise TypeError("Invalid `choice_dataset`. Elements of `choice_dataset` must be scalar `tf.int64` "
                            f"tensors but are {choice!r}.")
        self._datasets, self._choices = datasets, choice_dataset
        self._stop = bool(stop_on_empty_dataset)

    def _spec(self):
        return self._datasets[0].element_spec

    def _elements(self):
        sources = [_elements_of(d) for d in self._datasets]
        for choice in _elements_of(self._choices):
            i = int(choice.numpy())
            if not 0 <= i < len(sources):
                raise InvalidArgumentError(f"Selector index out of range: {i} >= {len(sources)} "
                                           "[Op:DirectedInterleaveDataset]", op="DirectedInterleaveDataset")
            element = next(sources[i], _END)
            if element is not _END:
                yield element
            elif self._stop:
                return


def _cpu_count() -> int:
    """The CPUs this process may run on (TF's ``port::MaxParallelism``)."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def _check_callable(func) -> None:
    if not callable(func):
        raise ValueError(f"Argument `func` must be a callable. Received func={func} (of type {type(func)})")


class _InterleaveDataset(_Unary):
    def __init__(self, input_dataset, map_func, cycle_length, block_length):
        super().__init__(input_dataset)
        _check_callable(map_func)
        self._func = map_func
        self._cycle = _cpu_count() if cycle_length in (None, AUTOTUNE) else _int_arg(cycle_length, "cycle_length")
        self._block = 1 if block_length is None else _int_arg(block_length, "block_length")
        for what, n in (("cycle_length", self._cycle), ("block_length", self._block)):
            if n <= 0:
                raise InvalidArgumentError(f"{what} must be greater than zero. [Op:InterleaveDataset]",
                                           op="InterleaveDataset")
        self._probed = None

    def _inner(self, element) -> Dataset:
        inner = _call(self._func, element)
        if not isinstance(inner, Dataset):   # TF: an AttributeError while it traces map_func
            raise AttributeError(f"The `map_func` argument of interleave must return a `Dataset` object, got "
                                 f"{type(inner).__name__}.")
        return inner

    def _spec(self):
        if self._probed is None:
            first = next(iter(_elements_of(self._input)), None)
            if first is None:
                raise ValueError("tapekit cannot infer the element_spec of interleave() over an empty dataset.")
            self._probed = self._inner(first).element_spec
        return self._probed

    def _cardinality(self) -> int:
        return UNKNOWN_CARDINALITY

    def _elements(self):
        """TF's order: a cycle of ``cycle_length`` open datasets, each giving ``block_length`` elements in
        turn; an exhausted one is replaced at its place by the next input element's dataset."""
        source = _elements_of(self._input)
        cycle: list = [None] * self._cycle
        exhausted = False
        while not exhausted or any(cycle):
            for slot in range(self._cycle):
                if cycle[slot] is None and not exhausted:
                    element = next(source, _END)
                    exhausted = element is _END
                    cycle[slot] = None if exhausted else _elements_of(self._inner(element))
                if cycle[slot] is not None:
                    block = list(itertools.islice(cycle[slot], self._block))
                    if len(block) < self._block:
                        cycle[slot] = None
                    yield from block


class _ShardDataset(_Unary):
    def __init__(self, input_dataset, num_shards, index):
        super().__init__(input_dataset)
        self._shards, self._index = _int_arg(num_shards, "num_shards"), _int_arg(index, "index")
        if self._shards <= 0:
            problem = f"Number of shards must be greater than zero (currently num_shards = {self._shards})."
        elif not 0 <= self._index < self._shards:
            problem = f"Index must be between 0 and {self._shards - 1} (currently index = {self._index})."
        else:
            return
        raise InvalidArgumentError(f"{problem} [Op:ShardDataset] name: ", op="ShardDataset")

    def _cardinality(self) -> int:
        n = _cardinality_of(self._input)
        return n if n < 0 else n // self._shards + (1 if n % self._shards > self._index else 0)

    def _elements(self):
        return itertools.islice(_elements_of(self._input), self._index, None, self._shards)


class _UniqueDataset(_Unary):
    def __init__(self, input_dataset):
        super().__init__(input_dataset)
        spec = self._input.element_spec
        if isinstance(spec, TensorSpec) and spec.dtype not in (dtypes.int32, dtypes.int64, dtypes.string):
            raise TypeError(f"`tf.data.Dataset.unique` does not support type {spec.dtype!r} -- only `tf.int32`, "
                            "`tf.int64`, and `tf.string` are supported.")
        if not isinstance(spec, TensorSpec):
            raise InvalidArgumentError("UniqueDataset only supports inputs with a single component. "
                                       "[Op:UniqueDataset] name: ", op="UniqueDataset")

    def _cardinality(self) -> int:
        return UNKNOWN_CARDINALITY

    def _elements(self):
        seen = set()
        for element in _elements_of(self._input):
            value = element.numpy()
            key = value.tobytes() if isinstance(value, np.ndarray) else value
            if key not in seen:
                seen.add(key)
                yield element


class _GroupByWindowDataset(_Unary):
    def __init__(self, input_dataset, key_func, reduce_func, window_size, window_size_func):
        super().__init__(input_dataset)
        if (window_size is None) == (window_size_func is None):
            raise ValueError("Either the `window_size` argument or the `window_size_func` argument must be "
                             "specified.")
        for argument, func in (("key_func", key_func), ("window_size_func", window_size_func or len)):
            if not callable(func):   # TF calls these two while it traces: a TypeError
                raise TypeError(f"group_by_window: `{argument}` must be a callable, got {func!r} "
                                f"(of type {type(func).__name__}).")
        _check_callable(reduce_func)   # as TF's function wrapper: a ValueError
        self._key_func, self._reduce_func = key_func, reduce_func
        self._size_of = window_size_func or (lambda key: window_size)
        self._probed = None

    def _int64(self, fn, *args) -> int:
        t = _as_tensor(fn(*args))
        if t.dtype is not dtypes.int64 or t.ndim != 0:
            raise ValueError(f"Invalid `{fn.__name__}`. It must return a scalar `tf.int64` tensor, but its return "
                             f"type is {TensorSpec(t.shape, t.dtype)!r}.")
        return int(t.numpy())

    def _reduce(self, key: int, window: list):
        spec = self._input.element_spec
        result = self._reduce_func(_count_tensor(key), _ListDataset(window, spec))
        if not isinstance(result, Dataset):
            raise TypeError(f"`reduce_func` must return a `Dataset` object, got {type(result).__name__}.")
        return result

    def _spec(self):
        if self._probed is None:
            first = next(iter(_elements_of(self._input)), None)
            if first is None:
                raise ValueError("tapekit cannot infer the element_spec of group_by_window() over an empty dataset.")
            self._probed = self._reduce(0, [first]).element_spec
        return self._probed

    def _cardinality(self) -> int:
        return UNKNOWN_CARDINALITY

    def _elements(self):
        groups: dict = {}
        for element in _elements_of(self._input):
            key = self._int64(self._key_func, *(element if isinstance(element, tuple) else (element,)))
            groups.setdefault(key, []).append(element)
            size = _int_arg(self._size_of(_count_tensor(key)), "window_size")
            if len(groups[key]) >= size:
                yield from _elements_of(self._reduce(key, groups.pop(key)))
        for key in sorted(groups):   # the partial windows, by key (TF's ordered map)
            yield from _elements_of(self._reduce(key, groups[key]))


class _ListDataset(_VariantDataset):
    """The elements of one group (``group_by_window``'s window), a dataset as TF gives ``reduce_func``."""

    def __repr__(self) -> str:
        return f"<_VariantDataset element_spec={self.element_spec!r}>"


class _OptionsDataset(_Unary):
    def __init__(self, input_dataset, options):
        super().__init__(input_dataset)
        self._options = options

    def options(self) -> Options:
        return self._input.options().merge(self._options).frozen()

    def _elements(self):
        return _elements_of(self._input)


class _AssertCardinalityDataset(_Unary):
    def __init__(self, input_dataset, expected_cardinality):
        super().__init__(input_dataset)
        self._expected = _int_arg(expected_cardinality, "expected_cardinality")

    def _cardinality(self) -> int:
        return self._expected

    def _elements(self):
        count = 0
        for element in _elements_of(self._input):
            count += 1
            if 0 <= self._expected < count:
                raise self._mismatch(f"at least {count}")
            yield element
        if count != self._expected:
            raise self._mismatch(f"only {count}")

    def _mismatch(self, contained: str) -> FailedPreconditionError:
        return FailedPreconditionError(f"Input dataset was expected to contain {self._expected} elements but "
                                       f"contained {contained} elements. [Op:IteratorGetNext] name: ",
                                       op="IteratorGetNext")


def assert_cardinality(expected_cardinality):
    """``dataset.apply(tk.data.experimental.assert_cardinality(n))``: fails if the count is not ``n``."""
    return lambda dataset: _AssertCardinalityDataset(dataset, expected_cardinality)
