"""What ``iter(dataset)`` and ``dataset.as_numpy_iterator()`` return."""

from __future__ import annotations

import itertools

from .._base.i18n import _, hint_line
from .._core.values.context import note_unreplayable
from ..errors import OutOfRangeError
from .dataset import Dataset, elements_of, register
from .structure import map_leaves


class OwnedIterator:
    """``iter(dataset)``: a stateful iterator; ``next(it)`` raises StopIteration at the end and
    ``it.get_next()`` raises ``tk.errors.OutOfRangeError``, as TF."""

    def __init__(self, dataset: Dataset):
        self._dataset = dataset
        self._elements = elements_of(dataset)
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
        self._elements = elements_of(self._dataset)
        self._position = 0
        for _element in itertools.islice(self, int(position)):
            pass

    def __iter__(self):
        return self

    def __next__(self):
        note_unreplayable("a dataset iterator")   # a traced tk.function's replay would not advance it
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
        return map_leaves(lambda t: t.numpy(), next(self._iterator))

    def __repr__(self) -> str:
        return f"NumpyIterator(iterator={self._iterator!r})"


register(NumpyIterator, OwnedIterator)
