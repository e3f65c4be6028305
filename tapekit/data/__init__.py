"""``tk.data``: ``tk.data.Dataset`` and its constants, eager and in memory (TF's ``tf.data``)."""

from types import SimpleNamespace

from .dataset import (AUTOTUNE, INFINITE_CARDINALITY, UNKNOWN_CARDINALITY, Dataset, NumpyIterator,
                      OwnedIterator)

Iterator = OwnedIterator


def _cardinality(dataset):
    return dataset.cardinality()


experimental = SimpleNamespace(AUTOTUNE=AUTOTUNE, INFINITE_CARDINALITY=INFINITE_CARDINALITY,
                               UNKNOWN_CARDINALITY=UNKNOWN_CARDINALITY, cardinality=_cardinality)

__all__ = ["AUTOTUNE", "Dataset", "INFINITE_CARDINALITY", "Iterator", "NumpyIterator",
           "UNKNOWN_CARDINALITY", "experimental"]
