"""``tk.data.Dataset``: TF's input pipeline, eager and in memory.

A dataset is a recipe for a sequence of elements (a tensor, or a tuple/dict of tensors). Each
transformation (``batch``, ``map``, ``shuffle``, ...) returns a new dataset; iterating one runs
the recipe from the start, as in TF. Structure follows ``tf.data``: tuples, dicts and
namedtuples are structures, while lists are converted to tensors. Elements are fresh tensors
(computed on the host), so iterating a dataset records nothing on a tape; ``map`` functions run
eagerly on each element (TF traces them once into a graph).

This module holds the ``Dataset`` class, with one method per transformation, and the protocol
between datasets. Each method makes a dataset of a family module: ``sources`` (slices, tensors,
range, generators), ``transforms`` (map, filter, take, repeat, ...), ``combining`` (zip,
concatenate, interleave, choose), ``batching``, ``windows`` (window, group_by_window),
``shuffling``; ``iterators`` holds what ``iter(dataset)`` returns.

``shuffle`` is TF's: its buffer algorithm, seed rules and Philox words, so a seeded shuffle
gives TF's order, epoch after epoch (``reshuffle_each_iteration`` as in TF).
"""

from __future__ import annotations

import itertools

import numpy as np

from .._base import dtypes
from .._base.i18n import _, hint_line
from .._base.shape import TensorShape
from .._base.unsupported import out_of_scope
from .._core.ops.array_ops import stack
from .._core.ops.math_ops import to_tensor
from .._core.values.tensor import Tensor, convert_to_tensor, is_variable
from ..errors import InternalError, InvalidArgumentError
from .options import Options
from .structure import (AUTOTUNE, FILES_HINT, IGNORE_ERRORS_HINT, INFINITE_CARDINALITY, SAMPLING_HINT,
                        SPARSE_BATCH_HINT, UNKNOWN_CARDINALITY, Composite, check_callable, composite_of, count_tensor,
                        flatten, flatten_shapes, is_structure, map_leaves, pack, register_composite)


# The datasets that Dataset's methods make are subclasses of it, in the family modules (sources,
# transforms, batching, ...). Each module registers them here (``register``) when ``tapekit.data``
# imports it, so this module imports none of them: the imports point one way.
KINDS: dict = {}


def register(*kinds) -> None:
    """Make ``kinds`` (classes or functions) what ``Dataset``'s methods call by their names."""
    for kind in kinds:
        KINDS[kind.__name__] = kind


class Dataset:
    """A sequence of elements; build with ``from_tensor_slices``, ``from_tensors``, ``range``,
    ``zip`` or ``from_generator``, then chain transformations."""

    _input: Dataset | None = None

    # ----- sources -----
    @staticmethod
    def from_tensor_slices(tensors, name=None) -> Dataset:
        """One element per row (first axis) of ``tensors`` (a tensor, tuple or dict of them)."""
        return KINDS["_TensorSliceDataset"](tensors)

    @staticmethod
    def from_tensors(tensors, name=None) -> Dataset:
        """A dataset of exactly one element, ``tensors``."""
        return KINDS["_TensorDataset"](tensors)

    @staticmethod
    def range(*args, **kwargs) -> Dataset:
        """``range(stop)``, ``range(start, stop[, step])`` as int64 scalars (``output_type=`` to change)."""
        return KINDS["_RangeDataset"](*args, **kwargs)

    @staticmethod
    def zip(*datasets, name=None) -> Dataset:
        """Elements of several datasets side by side (a tuple or dict of datasets); stops at the shortest."""
        if len(datasets) == 1 and (is_structure(datasets[0])):
            datasets = datasets[0]
        return KINDS["_ZipDataset"](datasets)

    @staticmethod
    def from_generator(generator, output_types=None, output_shapes=None, args=None,
                       output_signature=None, name=None) -> Dataset:
        """The elements ``generator(*args)`` yields, converted as ``output_signature`` says."""
        return KINDS["_GeneratorDataset"](generator, output_types, output_shapes, args, output_signature)

    list_files = staticmethod(out_of_scope("tf.data.Dataset.list_files", FILES_HINT))
    load = staticmethod(out_of_scope("tf.data.Dataset.load", FILES_HINT))
    @staticmethod
    def random(seed=None, rerandomize_each_iteration=None, name=None) -> Dataset:
        """Random int64 numbers in ``[0, 2**32)`` without end, TF's for a given ``seed`` (the same each
        iteration unless ``rerandomize_each_iteration``)."""
        return KINDS["_RandomDataset"](seed, rerandomize_each_iteration)

    @staticmethod
    def sample_from_datasets(datasets, weights=None, seed=None, stop_on_empty_dataset=False,
                             rerandomize_each_iteration=None) -> Dataset:
        """Each element from one of ``datasets``, picked at random with probabilities ``weights`` (equal if
        None), TF's picks for a given ``seed``; it ends when all are exhausted (or, if
        ``stop_on_empty_dataset``, at the first one picked empty)."""
        return KINDS["sample_from_datasets"](datasets, weights, seed, stop_on_empty_dataset, rerandomize_each_iteration)

    rejection_resample = out_of_scope("tf.data.Dataset.rejection_resample", SAMPLING_HINT)
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
        return count_tensor(self._cardinality())

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

    def __iter__(self):
        return KINDS["OwnedIterator"](self)

    def as_numpy_iterator(self):
        """An iterator yielding each element with NumPy arrays in place of tensors."""
        return KINDS["NumpyIterator"](iter(self))

    def __repr__(self) -> str:
        return f"<{type(self).__name__} element_spec={self.element_spec!r}>"

    # ----- transformations -----
    def batch(self, batch_size, drop_remainder=False, num_parallel_calls=None, deterministic=None,
              name=None) -> Dataset:
        """Consecutive elements stacked in groups of ``batch_size`` (the last may be smaller)."""
        return KINDS["_BatchDataset"](self, batch_size, drop_remainder)

    def padded_batch(self, batch_size, padded_shapes=None, padding_values=None, drop_remainder=False,
                     name=None) -> Dataset:
        """``batch`` for elements of different shapes: each is padded to the largest (or ``padded_shapes``)."""
        composite = next((s for s in flatten(self.element_spec) if composite_of(s) is not None), None)
        if composite is not None:
            raise TypeError("`padded_batch` is only supported for datasets that produce tensor elements but type spec "
                            f"of elements in the input dataset is not a subclass of TensorSpec: `{composite!r}`."
                            + hint_line(_("use batch(), which makes RaggedTensors of ragged rows.")))
        return KINDS["_BatchDataset"](self, batch_size, drop_remainder, padded=(padded_shapes, padding_values))

    def rebatch(self, batch_size, drop_remainder=False, name=None) -> Dataset:
        """The same rows regrouped into batches of ``batch_size``."""
        return KINDS["_BatchDataset"](KINDS["_UnbatchDataset"](self), batch_size, drop_remainder)

    def ragged_batch(self, batch_size, drop_remainder=False, row_splits_dtype=dtypes.int64, name=None) -> Dataset:
        """``batch`` for elements of different lengths: components of rank >= 1 become RaggedTensors.

        As TF, a component whose shape is fully known (from ``from_tensor_slices``, ``range``,
        ``batch(drop_remainder=True)``, ...) stays dense. After ``map`` or ``flat_map`` tapekit reads
        the shape from the first element, not from a traced function, so every component of rank
        >= 1 there becomes ragged (docs/DIFFERENCES.md).
        """
        return KINDS["_BatchDataset"](self, batch_size, drop_remainder, ragged=dtypes.as_dtype(row_splits_dtype))

    def unbatch(self, name=None) -> Dataset:
        """The rows of each element as separate elements (the inverse of ``batch``)."""
        return KINDS["_UnbatchDataset"](self)

    def map(self, map_func, num_parallel_calls=None, deterministic=None, name=None) -> Dataset:
        """``map_func`` applied to every element (a tuple element is passed as separate arguments)."""
        return KINDS["_MapDataset"](self, map_func)

    def flat_map(self, map_func, name=None) -> Dataset:
        """``map_func`` maps each element to a dataset; their elements follow one another."""
        return KINDS["_FlatMapDataset"](self, map_func)

    def filter(self, predicate, name=None) -> Dataset:
        """The elements for which ``predicate`` returns True."""
        check_callable(predicate)
        return KINDS["_FilterDataset"](self, predicate)

    def take_while(self, predicate, name=None) -> Dataset:
        return KINDS["_TakeWhileDataset"](self, predicate)

    def shuffle(self, buffer_size, seed=None, reshuffle_each_iteration=None, name=None) -> Dataset:
        """Elements in random order, drawn from a buffer of ``buffer_size`` (TF's algorithm)."""
        return KINDS["_ShuffleDataset"](self, buffer_size, seed, reshuffle_each_iteration)

    def repeat(self, count=None, name=None) -> Dataset:
        """The elements ``count`` times over (forever if None or -1)."""
        return KINDS["_RepeatDataset"](self, count)

    def take(self, count, name=None) -> Dataset:
        """At most the first ``count`` elements (all of them if -1)."""
        return KINDS["_TakeDataset"](self, count)

    def skip(self, count, name=None) -> Dataset:
        """All but the first ``count`` elements (none if -1)."""
        return KINDS["_SkipDataset"](self, count)

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
        return KINDS["_ConcatenateDataset"](self, dataset)

    def apply(self, transformation_func) -> Dataset:
        return transformation_func(self)

    def reduce(self, initial_state, reduce_func, name=None):
        """``state = reduce_func(state, element)`` over every element; returns the final state."""
        check_callable(reduce_func)
        state = normalize(initial_state)
        for element in self._elements():
            state = returned(reduce_func(state, element))
        return state

    def window(self, size, shift=None, stride=1, drop_remainder=False, name=None) -> Dataset:
        """Windows of ``size`` elements, each element a dataset (or a tuple/dict of them, one per
        component): window ``k`` holds the elements at ``k * shift + j * stride``, ``j < size``
        (``shift`` defaults to ``size``); the last windows are shorter unless ``drop_remainder``."""
        return KINDS["_WindowDataset"](self, size, size if shift is None else shift, stride, drop_remainder)

    def scan(self, initial_state, scan_func, name=None) -> Dataset:
        """``(state, output) = scan_func(state, element)`` over the elements; yields each ``output``."""
        return KINDS["_ScanDataset"](self, initial_state, scan_func)

    def interleave(self, map_func, cycle_length=None, block_length=None, num_parallel_calls=None,
                   deterministic=None, name=None) -> Dataset:
        """``map_func`` makes a dataset of each element; ``cycle_length`` of them are read in turn,
        ``block_length`` elements at a time (defaults: as many as the CPUs this process may run on, as
        TF, and 1)."""
        return KINDS["_InterleaveDataset"](self, map_func, cycle_length, block_length)

    def shard(self, num_shards, index, name=None) -> Dataset:
        """Every ``num_shards``-th element, starting from element ``index``."""
        return KINDS["_ShardDataset"](self, num_shards, index)

    def unique(self, name=None) -> Dataset:
        """Each element once, at its first place (scalar int32, int64 or string elements)."""
        return KINDS["_UniqueDataset"](self)

    def group_by_window(self, key_func, reduce_func, window_size=None, window_size_func=None,
                        name=None) -> Dataset:
        """Elements grouped by ``key_func(element)`` (an int64) into windows of ``window_size``; each
        full window, then at the end each partial one (by key), becomes ``reduce_func(key, window_dataset)``."""
        return KINDS["_GroupByWindowDataset"](self, key_func, reduce_func, window_size, window_size_func)

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

        def bucket_of(*element):
            length = int(as_tensor(element_length_func(*element)).numpy())
            return count_tensor(sum(1 for boundary in boundaries if boundary <= length))

        def batch_bucket(bucket, window):
            size = sizes[int(bucket.numpy())]
            if no_padding:
                return window.batch(size, drop_remainder=drop_remainder)
            shapes = padded_shapes
            if pad_to_bucket_boundary:
                filler = _bucket_boundary(boundaries, int(bucket.numpy())) - 1
                shapes = _filled_shapes(window.element_spec, padded_shapes, filler)
            return window.padded_batch(size, shapes, padding_values, drop_remainder=drop_remainder)

        return self.group_by_window(bucket_of, batch_bucket, window_size_func=lambda bucket: sizes[int(bucket.numpy())])

    def get_single_element(self, name=None):
        """The one element of a dataset that has exactly one (else InvalidArgumentError)."""
        elements = list(itertools.islice(elements_of(self), 2))
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
        return KINDS["_OptionsDataset"](self, options)

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
        return KINDS["_DirectedInterleaveDataset"](datasets, choice_dataset, stop_on_empty_dataset)


# Each Dataset subclass implements ``_elements`` and ``_cardinality``; a transformation reads its
# input's through these two functions, the one place that calls another dataset's hooks.
def elements_of(dataset: Dataset):
    """A fresh iterator over ``dataset``'s elements."""
    return dataset._elements()  # noqa: SLF001 - a Dataset subclass's hook, read by the datasets of this module


def cardinality_of(dataset: Dataset) -> int:
    """``dataset``'s number of elements, or INFINITE_CARDINALITY / UNKNOWN_CARDINALITY."""
    return dataset._cardinality()  # noqa: SLF001 - a Dataset subclass's hook, read by the datasets of this module


def as_tensor(value) -> Tensor:
    if isinstance(value, Tensor) or composite_of(value) is not None:
        return value
    if is_variable(value):
        return to_tensor(value)
    if isinstance(value, Dataset):
        raise TypeError("A tk.data.Dataset cannot be an element of another dataset here.")
    if isinstance(value, list) and any(isinstance(v, (Tensor, list)) or is_variable(v) for v in value):
        return stack([as_tensor(v) for v in value])
    return convert_to_tensor(value)


def normalize(element):
    """A user's element (or ``map`` result) as a structure of tensors."""
    return map_leaves(as_tensor, element)


def returned(result):
    """What a user's function returned, as a structure of tensors: a list is a tuple (as in TF, so that the
    list a ``tk.py_function`` returns is not stacked into one tensor)."""
    return normalize(tuple(result) if isinstance(result, list) else result)


def int_arg(value, what: str) -> int:
    t = as_tensor(value)
    if t.ndim != 0 or not t.dtype.is_integer:
        raise TypeError(f"`{what}` must be a scalar integer, got {value!r}")
    return int(t.numpy())


class _Unary(Dataset):
    def __init__(self, input_dataset: Dataset):
        if not isinstance(input_dataset, Dataset):
            raise TypeError(f"Expected a tk.data.Dataset, got {type(input_dataset).__name__}.")
        self._input = input_dataset

    def _spec(self):
        return self._input.element_spec

    def _cardinality(self) -> int:
        return cardinality_of(self._input)


class _PassThroughDataset(_Unary):
    def __init__(self, input_dataset, type_name):
        super().__init__(input_dataset)
        self._type_name = type_name

    def _elements(self):
        return elements_of(self._input)

    def __repr__(self) -> str:
        return f"<{self._type_name} element_spec={self.element_spec!r}>"


def _bucket_boundary(boundaries: list, bucket: int) -> int:
    """The upper boundary of ``bucket``; the last bucket has none, so it fails (TF's assert, which TF
    reports as an InternalError from the batching function)."""
    if bucket >= len(boundaries):
        raise InternalError(
            "Got error code INVALID_ARGUMENT and message: {\nassertion failed: [When pad_to_bucket_boundary=True, "
            "elements must have length < max(bucket_boundaries).] [Condition x < y did not hold element-wise:] "
            f"[x (args_0:0) = ] [{bucket}] [y (Const_1:0) = ] [{len(boundaries)}]\n}} from running user-defined "
            "function Dataset_group_by_window_batching_fn: [Op:IteratorGetNext] name: "
            + hint_line(_("add a boundary above the longest element's length (the largest is {largest}), or "
                          "leave pad_to_bucket_boundary False.").format(largest=boundaries[-1] if boundaries else 0)),
            op="IteratorGetNext")
    return int(boundaries[bucket])


def _filled_shapes(spec, padded_shapes, filler: int):
    """``padded_shapes`` (the elements' shapes if None) with each unknown dimension ``filler`` (TF's
    ``make_padded_shapes``)."""
    shapes = [s.shape for s in flatten(spec)] if padded_shapes is None else flatten_shapes(padded_shapes)
    filled = [[filler if d is None else int(d) for d in TensorShape(shape).as_list()] for shape in shapes]
    return pack(spec, filled) if is_structure(spec) else filled[0]


__all__ = ["AUTOTUNE", "FILES_HINT", "INFINITE_CARDINALITY", "SAMPLING_HINT", "UNKNOWN_CARDINALITY", "Composite",
           "Dataset", "KINDS", "register", "register_composite"]
