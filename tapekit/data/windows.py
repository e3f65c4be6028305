"""Datasets of datasets: ``window`` and ``group_by_window`` (and so ``bucket_by_sequence_length``)."""

from __future__ import annotations

import itertools
import math

from .._base import dtypes
from .._base.i18n import _, hint_line
from .._base.shape import TensorShape
from .._api.tensor_spec import TensorSpec
from ..errors import InvalidArgumentError
from .dataset import Dataset, _Unary, as_tensor, cardinality_of, elements_of, int_arg, register
from .structure import UNKNOWN_CARDINALITY, check_callable, count_tensor, flatten, map_leaves, pack


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


class _ListDataset(_VariantDataset):
    """The elements of one group (``group_by_window``'s window), a dataset as TF gives ``reduce_func``."""

    def __repr__(self) -> str:
        return f"<_VariantDataset element_spec={self.element_spec!r}>"


def _positive_window_arg(value, what: str) -> int:
    if as_tensor(value).ndim != 0:
        raise InvalidArgumentError(f"{what} must be a scalar [Op:WindowDataset] name: ", op="WindowDataset")
    n = int_arg(value, what)
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
        return map_leaves(DatasetSpec, self._input.element_spec)

    def _span(self) -> int:
        """How many input elements a full window spans."""
        return (self._size - 1) * self._stride + 1

    def _cardinality(self) -> int:
        n = cardinality_of(self._input)
        if n < 0:
            return n
        if self._drop:
            return (n - self._span()) // self._shift + 1 if n >= self._span() else 0
        return math.ceil(n / self._shift)

    def _elements(self):
        source = elements_of(self._input)
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
        specs = flatten(self._input.element_spec)
        columns = zip(*[flatten(m) for m in members])
        return pack(self._input.element_spec,
                     [_VariantDataset(list(column), spec) for column, spec in zip(columns, specs)])


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
        check_callable(reduce_func)   # as TF's function wrapper: a ValueError
        self._key_func, self._reduce_func = key_func, reduce_func
        self._size_of = window_size_func or (lambda key: window_size)
        self._probed = None

    def _int64(self, fn, *args) -> int:
        t = as_tensor(fn(*args))
        if t.dtype is not dtypes.int64 or t.ndim != 0:
            raise ValueError(f"Invalid `{fn.__name__}`. It must return a scalar `tf.int64` tensor, but its return "
                             f"type is {TensorSpec(t.shape, t.dtype)!r}.")
        return int(t.numpy())

    def _reduce(self, key: int, window: list):
        spec = self._input.element_spec
        result = self._reduce_func(count_tensor(key), _ListDataset(window, spec))
        if not isinstance(result, Dataset):
            raise TypeError(f"`reduce_func` must return a `Dataset` object, got {type(result).__name__}.")
        return result

    def _spec(self):
        if self._probed is None:
            first = next(iter(elements_of(self._input)), None)
            if first is None:
                raise ValueError("tapekit cannot infer the element_spec of group_by_window() over an empty dataset.")
            self._probed = self._reduce(0, [first]).element_spec
        return self._probed

    def _cardinality(self) -> int:
        return UNKNOWN_CARDINALITY

    def _elements(self):
        groups: dict = {}
        for element in elements_of(self._input):
            key = self._int64(self._key_func, *(element if isinstance(element, tuple) else (element,)))
            groups.setdefault(key, []).append(element)
            size = int_arg(self._size_of(count_tensor(key)), "window_size")
            if len(groups[key]) >= size:
                yield from elements_of(self._reduce(key, groups.pop(key)))
        for key in sorted(groups):   # the partial windows, by key (TF's ordered map)
            yield from elements_of(self._reduce(key, groups[key]))


register(_GroupByWindowDataset, _WindowDataset)
