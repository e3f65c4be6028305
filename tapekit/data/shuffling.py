"""``shuffle`` and ``Dataset.random``: TF's shuffle buffer, seed rules and Philox words, so a seeded shuffle
gives TF's order and a seeded random dataset TF's numbers."""

from __future__ import annotations

import numpy as np

from .._base import dtypes
from .._base.i18n import _, hint_line
from .._api.tensor_spec import TensorSpec
from .._core.ops.philox import PhiloxStream, PhiloxWords
from .._core.ops.random_ops import get_seed
from ..errors import InvalidArgumentError
from .dataset import Dataset, _Unary, elements_of, int_arg, register
from .structure import END, INFINITE_CARDINALITY, UNKNOWN_CARDINALITY, host_tensor


class IterationSeeds:
    """The seed pair each iteration of a random dataset starts from (TF's seed generators).

    TF's seed rules (``get_seed``) give ``(seed, seed2)``; without any seed, fresh seeds from the
    operating system. When ``rerandomize``, each iteration takes the next two words of
    Philox(seed, seed2), else ``(seed, seed2)`` every time.
    """

    def __init__(self, seed, rerandomize):
        seed, seed2 = get_seed(seed)
        if seed is None:
            seed, seed2 = (int(w) for w in np.frombuffer(np.random.bytes(16), dtype=np.uint64))
        self._seeds = (seed, seed2)
        self._rerandomize = bool(rerandomize)
        self._words = PhiloxWords(PhiloxStream.from_seeds(seed, seed2))

    def next(self) -> tuple:
        if self._rerandomize:
            return self._words.next_word(), self._words.next_word()
        return self._seeds


class _ShuffleDataset(_Unary):
    def __init__(self, input_dataset, buffer_size, seed, reshuffle_each_iteration):
        super().__init__(input_dataset)
        size = int_arg(buffer_size, "buffer_size")
        if size <= 0 and size != UNKNOWN_CARDINALITY:
            raise InvalidArgumentError("buffer_size must be greater than zero or UNKNOWN_CARDINALITY "
                                       "[Op:ShuffleDatasetV3] name: "
                                       + hint_line(_("a buffer at least as large as the dataset gives a "
                                                     "full shuffle.")), op="ShuffleDatasetV3")
        self._size = size
        self._seeds = IterationSeeds(seed, True if reshuffle_each_iteration is None else reshuffle_each_iteration)

    def _elements(self):
        """TF's shuffle buffer: a ring of ``size`` slots; each output takes a random slot's element
        (a word modulo the filled count), which the oldest element then fills."""
        words = PhiloxWords(PhiloxStream.from_seeds(*self._seeds.next()))
        size = self._size
        ring, start, end = {}, 0, 0
        source = iter(elements_of(self._input))
        exhausted = False
        while True:
            while not exhausted and (size < 0 or end - start < size):
                element = next(source, END)
                if element is END:
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


class _RandomDataset(Dataset):
    """``Dataset.random``: without end, each element the next 32-bit word of Philox, as an int64."""

    def __init__(self, seed, rerandomize_each_iteration):
        self._seeds = IterationSeeds(seed, rerandomize_each_iteration)

    def _spec(self):
        return TensorSpec([], dtypes.int64)

    def _cardinality(self) -> int:
        return INFINITE_CARDINALITY

    def _elements(self):
        words = PhiloxWords(PhiloxStream.from_seeds(*self._seeds.next()))
        while True:
            yield host_tensor(np.asarray(words.next_word()), dtypes.int64)


register(_RandomDataset, _ShuffleDataset)
