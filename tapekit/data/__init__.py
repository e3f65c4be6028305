"""``tk.data``: ``tk.data.Dataset`` and its constants, eager and in memory (TF's ``tf.data``)."""

from types import SimpleNamespace

from .._base.dtypes import int64

from .dataset import (AUTOTUNE, INFINITE_CARDINALITY, UNKNOWN_CARDINALITY, Dataset, NumpyIterator,
                      OwnedIterator)

Iterator = OwnedIterator


def _cardinality(dataset):
    return dataset.cardinality()


def _dense_to_ragged_batch(batch_size, drop_remainder=False, row_splits_dtype=int64):
    """``dataset.apply(tk.data.experimental.dense_to_ragged_batch(n))``: ``dataset.ragged_batch(n)``."""
    return lambda dataset: dataset.ragged_batch(batch_size, drop_remainder, row_splits_dtype)


experimental = SimpleNamespace(AUTOTUNE=AUTOTUNE, INFINITE_CARDINALITY=INFINITE_CARDINALITY,
                               UNKNOWN_CARDINALITY=UNKNOWN_CARDINALITY, cardinality=_cardinality,
                               dense_to_ragged_batch=_dense_to_ragged_batch)

__all__ = ["AUTOTUNE", "Dataset", "INFINITE_CARDINALITY", "Iterator", "NumpyIterator",
           "UNKNOWN_CARDINALITY", "experimental"]
