"""The element-wise transformations: ``map``, ``flat_map``, ``filter``, ``take_while``, ``scan``, ``repeat``,
``take``, ``skip``, ``shard``, ``unique``, ``with_options`` and ``assert_cardinality``."""

from __future__ import annotations

import itertools

import numpy as np

from .._base import dtypes
from .._base.i18n import _, hint_line
from .._api.tensor_spec import TensorSpec
from ..errors import FailedPreconditionError, InvalidArgumentError
from .dataset import Dataset, _Unary, as_tensor, cardinality_of, elements_of, int_arg, normalize, returned, register
from .options import Options
from .structure import (INFINITE_CARDINALITY, UNKNOWN_CARDINALITY, call_with, check_callable, flatten, map_leaves,
                        spec_of)


class _MapDataset(_Unary):
    def __init__(self, input_dataset, map_func):
        super().__init__(input_dataset)
        check_callable(map_func)
        self._func = map_func
        self._probed = None

    def _spec(self):
        """Read from the first element's result (TF reads it from the traced function)."""
        if self._probed is None:
            first = next(iter(elements_of(self._input)), None)
            if first is None:
                raise ValueError("tapekit cannot infer the element_spec of map() over an empty dataset.")
            self._probed = map_leaves(spec_of, returned(call_with(self._func, first)))
        return self._probed

    def _elements(self):
        for element in elements_of(self._input):
            yield returned(call_with(self._func, element))


class _FlatMapDataset(_MapDataset):
    def _spec(self):
        if self._probed is None:
            for element in elements_of(self._input):
                inner = call_with(self._func, element)
                self._probed = inner.element_spec
                break
        return self._probed

    def _cardinality(self) -> int:
        return UNKNOWN_CARDINALITY

    def _elements(self):
        for element in elements_of(self._input):
            inner = call_with(self._func, element)
            if not isinstance(inner, Dataset):   # TF: an AttributeError while it traces map_func
                raise AttributeError(f"The `map_func` argument of flat_map must return a `Dataset` object, got "
                                     f"{type(inner).__name__}.")
            yield from elements_of(inner)


def _predicate_value(result) -> bool:
    t = as_tensor(result)
    if t.dtype is not dtypes.bool or t.ndim != 0:
        raise ValueError(f"Invalid `predicate`. `predicate` must return a `tf.bool` scalar tensor, but its "
                         f"return type is {TensorSpec(t.shape, t.dtype)!r}.")
    return bool(t.numpy())


class _FilterDataset(_Unary):
    def __init__(self, input_dataset, predicate):
        super().__init__(input_dataset)
        self._predicate = predicate

    def _cardinality(self) -> int:
        n = cardinality_of(self._input)
        return INFINITE_CARDINALITY if n == INFINITE_CARDINALITY else UNKNOWN_CARDINALITY

    def _elements(self):
        for element in elements_of(self._input):
            if _predicate_value(call_with(self._predicate, element)):
                yield element


class _TakeWhileDataset(_FilterDataset):
    def _cardinality(self) -> int:
        return UNKNOWN_CARDINALITY

    def _elements(self):
        for element in elements_of(self._input):
            if not _predicate_value(call_with(self._predicate, element)):
                return
            yield element


class _ScanDataset(_Unary):
    def __init__(self, input_dataset, initial_state, scan_func):
        super().__init__(input_dataset)
        check_callable(scan_func)
        self._initial = normalize(initial_state)
        self._func = scan_func
        self._probed = None

    def _step(self, state, element):
        result = self._func(state, element)   # a tuple element stays one argument, as in TF
        if not (isinstance(result, tuple) and len(result) == 2):
            raise TypeError(f"The scan function must return a pair comprising the new state and the output "
                            f"value, got {result!r}.")
        new_state, output = returned(result[0]), returned(result[1])
        expected = [s.dtype for s in flatten(map_leaves(spec_of, self._initial))]
        got = [s.dtype for s in flatten(map_leaves(spec_of, new_state))]
        if expected != got:
            raise TypeError(f"The element types for the new state must match the initial state. Expected "
                            f"{expected}; got {got}."
                            + hint_line(_("cast the new state to the initial state's dtype (tk.cast).")))
        return new_state, output

    def _spec(self):
        """Read from the first element's output (TF reads it from the traced function)."""
        if self._probed is None:
            first = next(iter(elements_of(self._input)), None)
            if first is None:
                raise ValueError("tapekit cannot infer the element_spec of scan() over an empty dataset.")
            self._probed = map_leaves(spec_of, self._step(self._initial, first)[1])
        return self._probed

    def _elements(self):
        state = self._initial
        for element in elements_of(self._input):
            state, output = self._step(state, element)
            yield output


class _RepeatDataset(_Unary):
    def __init__(self, input_dataset, count):
        super().__init__(input_dataset)
        self._count = -1 if count is None else int_arg(count, "count")

    def _cardinality(self) -> int:
        n = cardinality_of(self._input)
        if self._count < 0:
            return 0 if n == 0 else INFINITE_CARDINALITY if n > 0 else n
        return n * self._count if n >= 0 else (0 if self._count == 0 else n)

    def _elements(self):
        k = 0
        while self._count < 0 or k < self._count:
            produced = False
            for element in elements_of(self._input):
                produced = True
                yield element
            if not produced:
                return
            k += 1


class _TakeDataset(_Unary):
    def __init__(self, input_dataset, count):
        super().__init__(input_dataset)
        self._count = int_arg(count, "count")

    def _cardinality(self) -> int:
        n = cardinality_of(self._input)
        if self._count < 0:
            return n
        if n == INFINITE_CARDINALITY:
            return self._count
        return min(n, self._count) if n >= 0 else UNKNOWN_CARDINALITY

    def _elements(self):
        if self._count < 0:
            yield from elements_of(self._input)
            return
        for k, element in enumerate(elements_of(self._input)):
            if k >= self._count:
                return
            yield element


class _SkipDataset(_Unary):
    def __init__(self, input_dataset, count):
        super().__init__(input_dataset)
        self._count = int_arg(count, "count")

    def _cardinality(self) -> int:
        n = cardinality_of(self._input)
        if n < 0:
            return n
        return 0 if self._count < 0 else max(n - self._count, 0)

    def _elements(self):
        if self._count < 0:
            return
        for k, element in enumerate(elements_of(self._input)):
            if k >= self._count:
                yield element


class _ShardDataset(_Unary):
    def __init__(self, input_dataset, num_shards, index):
        super().__init__(input_dataset)
        self._shards, self._index = int_arg(num_shards, "num_shards"), int_arg(index, "index")
        if self._shards <= 0:
            problem = f"Number of shards must be greater than zero (currently num_shards = {self._shards})."
        elif not 0 <= self._index < self._shards:
            problem = f"Index must be between 0 and {self._shards - 1} (currently index = {self._index})."
        else:
            return
        raise InvalidArgumentError(f"{problem} [Op:ShardDataset] name: ", op="ShardDataset")

    def _cardinality(self) -> int:
        n = cardinality_of(self._input)
        return n if n < 0 else n // self._shards + (1 if n % self._shards > self._index else 0)

    def _elements(self):
        return itertools.islice(elements_of(self._input), self._index, None, self._shards)


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
        for element in elements_of(self._input):
            value = element.numpy()
            key = value.tobytes() if isinstance(value, np.ndarray) else value
            if key not in seen:
                seen.add(key)
                yield element


class _OptionsDataset(_Unary):
    def __init__(self, input_dataset, options):
        super().__init__(input_dataset)
        self._options = options

    def options(self) -> Options:
        return self._input.options().merge(self._options).frozen()

    def _elements(self):
        return elements_of(self._input)


class _AssertCardinalityDataset(_Unary):
    def __init__(self, input_dataset, expected_cardinality):
        super().__init__(input_dataset)
        self._expected = int_arg(expected_cardinality, "expected_cardinality")

    def _cardinality(self) -> int:
        return self._expected

    def _elements(self):
        count = 0
        for element in elements_of(self._input):
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


register(_FilterDataset, _FlatMapDataset, _MapDataset, _OptionsDataset, _RepeatDataset, _ScanDataset, _ShardDataset,
         _SkipDataset, _TakeDataset, _TakeWhileDataset, _UniqueDataset)
