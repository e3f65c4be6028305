"""The datasets that read several others: ``zip``, ``concatenate``, ``interleave``, ``choose_from_datasets``."""

from __future__ import annotations

import itertools

from .._base import dtypes
from .._api.tensor_spec import TensorSpec
from ..errors import InvalidArgumentError
from .dataset import Dataset, _Unary, cardinality_of, elements_of, int_arg, register
from .structure import (AUTOTUNE, END, INFINITE_CARDINALITY, UNKNOWN_CARDINALITY, call_with, check_callable,
                        cpu_count, flatten, map_leaves, pack)


class _ZipDataset(Dataset):
    def __init__(self, datasets):
        for d in flatten(datasets):
            if not isinstance(d, Dataset):
                raise TypeError(f"Invalid input to `zip`. Inputs are expected to be (nested) structures of "
                                f"`tf.data.Dataset` objects. Python `list` is not supported and you should "
                                f"use `tuple` instead. Received: {type(d).__name__}")
        self._datasets = datasets

    def _spec(self):
        return map_leaves(lambda d: d.element_spec, self._datasets)

    def _cardinality(self) -> int:
        counts = [cardinality_of(d) for d in flatten(self._datasets)]
        finite = [c for c in counts if c >= 0]
        if finite:
            return min(finite)
        return UNKNOWN_CARDINALITY if UNKNOWN_CARDINALITY in counts else INFINITE_CARDINALITY

    def _elements(self):
        iterators = [elements_of(d) for d in flatten(self._datasets)]
        for items in zip(*iterators):
            yield pack(self._datasets, items)


class _ConcatenateDataset(Dataset):
    def __init__(self, first, second):
        if not isinstance(second, Dataset):
            raise TypeError(f"Expected a tk.data.Dataset, got {type(second).__name__}.")
        a, b = first.element_spec, second.element_spec
        flat_a, flat_b = flatten(a), flatten(b)
        if len(flat_a) != len(flat_b) or any(x.dtype != y.dtype for x, y in zip(flat_a, flat_b)):
            raise TypeError(f"Incompatible dataset elements:\n  {a} vs.   {b}")
        self._first, self._second = first, second

    def _spec(self):
        a, b = flatten(self._first.element_spec), flatten(self._second.element_spec)
        merged = [TensorSpec(x.shape if x.shape == y.shape else
                             ([None] * len(x.shape) if x.shape.rank == y.shape.rank else None), x.dtype)
                  for x, y in zip(a, b)]
        return pack(self._first.element_spec, merged)

    def _cardinality(self) -> int:
        a, b = cardinality_of(self._first), cardinality_of(self._second)
        if INFINITE_CARDINALITY in (a, b):
            return INFINITE_CARDINALITY
        return UNKNOWN_CARDINALITY if min(a, b) < 0 else a + b

    def _elements(self):
        yield from elements_of(self._first)
        yield from elements_of(self._second)


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
        """As TF's kernel: an exhausted dataset, once picked, is dropped; the end comes with the choices,
        when every dataset is dropped, or (``stop_on_empty_dataset``) at the first one dropped."""
        sources = [elements_of(d) for d in self._datasets]
        active = len(sources)
        for choice in elements_of(self._choices):
            i = int(choice.numpy())
            if not 0 <= i < len(sources):
                raise InvalidArgumentError(f"Selector index out of range: {i} >= {len(sources)} "
                                           "[Op:DirectedInterleaveDataset]", op="DirectedInterleaveDataset")
            element = END if sources[i] is None else next(sources[i], END)
            if element is not END:
                yield element
            elif sources[i] is not None:
                sources[i], active = None, active - 1
                if self._stop or active == 0:
                    return


class _InterleaveDataset(_Unary):
    def __init__(self, input_dataset, map_func, cycle_length, block_length):
        super().__init__(input_dataset)
        check_callable(map_func)
        self._func = map_func
        self._cycle = cpu_count() if cycle_length in (None, AUTOTUNE) else int_arg(cycle_length, "cycle_length")
        self._block = 1 if block_length is None else int_arg(block_length, "block_length")
        for what, n in (("cycle_length", self._cycle), ("block_length", self._block)):
            if n <= 0:
                raise InvalidArgumentError(f"{what} must be greater than zero. [Op:InterleaveDataset]",
                                           op="InterleaveDataset")
        self._probed = None

    def _inner(self, element) -> Dataset:
        inner = call_with(self._func, element)
        if not isinstance(inner, Dataset):   # TF: an AttributeError while it traces map_func
            raise AttributeError(f"The `map_func` argument of interleave must return a `Dataset` object, got "
                                 f"{type(inner).__name__}.")
        return inner

    def _spec(self):
        if self._probed is None:
            first = next(iter(elements_of(self._input)), None)
            if first is None:
                raise ValueError("tapekit cannot infer the element_spec of interleave() over an empty dataset.")
            self._probed = self._inner(first).element_spec
        return self._probed

    def _cardinality(self) -> int:
        return UNKNOWN_CARDINALITY

    def _elements(self):
        """TF's order: a cycle of ``cycle_length`` open datasets, each giving ``block_length`` elements in
        turn; an exhausted one is replaced at its place by the next input element's dataset."""
        source = elements_of(self._input)
        cycle: list = [None] * self._cycle
        exhausted = False
        while not exhausted or any(cycle):
            for slot in range(self._cycle):
                if cycle[slot] is None and not exhausted:
                    element = next(source, END)
                    exhausted = element is END
                    cycle[slot] = None if exhausted else elements_of(self._inner(element))
                if cycle[slot] is not None:
                    block = list(itertools.islice(cycle[slot], self._block))
                    if len(block) < self._block:
                        cycle[slot] = None
                    yield from block


register(_ConcatenateDataset, _DirectedInterleaveDataset, _InterleaveDataset, _ZipDataset)
