"""``tk.data``: ``tk.data.Dataset`` and its constants, eager and in memory (TF's ``tf.data``)."""

from types import SimpleNamespace

from .._base.dtypes import int64
from .._base.unsupported import out_of_scope
from . import batching, combining, sampling, shuffling, sources  # noqa: F401 (they register their datasets)
from .dataset import AUTOTUNE, FILES_HINT, INFINITE_CARDINALITY, SAMPLING_HINT, UNKNOWN_CARDINALITY, Dataset
from .iterators import NumpyIterator, OwnedIterator
from .transforms import assert_cardinality
from .windows import DatasetSpec
from .options import (AutoShardPolicy, AutotuneOptions, DistributeOptions, OptimizationOptions, Options,
                      ThreadingOptions)

Iterator = OwnedIterator


def _cardinality(dataset):
    return dataset.cardinality()


def _dense_to_ragged_batch(batch_size, drop_remainder=False, row_splits_dtype=int64):
    """``dataset.apply(tk.data.experimental.dense_to_ragged_batch(n))``: ``dataset.ragged_batch(n)``."""
    return lambda dataset: dataset.ragged_batch(batch_size, drop_remainder, row_splits_dtype)


def _counter(start=0, step=1, dtype=None):
    """``tk.data.experimental.Counter``: ``tk.data.Dataset.counter`` (TF's deprecated name for it)."""
    return Dataset.counter(start, step) if dtype is None else Dataset.counter(start, step, dtype)


def _choose_from_datasets(datasets, choice_dataset, stop_on_empty_dataset=False):
    """``tk.data.experimental.choose_from_datasets``: as ``Dataset.choose_from_datasets``, but by default it
    goes on past an empty dataset (TF's older default)."""
    return Dataset.choose_from_datasets(datasets, choice_dataset, stop_on_empty_dataset)


def _sample_from_datasets(datasets, weights=None, seed=None, stop_on_empty_dataset=False):
    """``tk.data.experimental.sample_from_datasets``: ``Dataset.sample_from_datasets`` (TF's older name)."""
    return Dataset.sample_from_datasets(datasets, weights, seed, stop_on_empty_dataset)


# TF's older, experimental spellings of Dataset methods, for dataset.apply(...)
_experimental_transformations = {
    "unique": lambda: lambda dataset: dataset.unique(),
    "unbatch": lambda: lambda dataset: dataset.unbatch(),
    "take_while": lambda predicate: lambda dataset: dataset.take_while(predicate),
    "scan": lambda initial_state, scan_func: lambda dataset: dataset.scan(initial_state, scan_func),
    "enumerate_dataset": lambda start=0: lambda dataset: dataset.enumerate(start),
    "bucket_by_sequence_length": lambda element_length_func, bucket_boundaries, bucket_batch_sizes, **kwargs: (
        lambda dataset: dataset.bucket_by_sequence_length(element_length_func, bucket_boundaries, bucket_batch_sizes,
                                                          **kwargs)),
    "group_by_window": lambda key_func, reduce_func, window_size=None, window_size_func=None: (
        lambda dataset: dataset.group_by_window(key_func, reduce_func, window_size, window_size_func)),
}


# Datasets read from files are out of tapekit's scope: each reader raises, naming what to use instead.
TextLineDataset = out_of_scope("tf.data.TextLineDataset", FILES_HINT)
TFRecordDataset = out_of_scope("tf.data.TFRecordDataset", FILES_HINT)
FixedLengthRecordDataset = out_of_scope("tf.data.FixedLengthRecordDataset", FILES_HINT)

experimental = SimpleNamespace(
    AUTOTUNE=AUTOTUNE, INFINITE_CARDINALITY=INFINITE_CARDINALITY, UNKNOWN_CARDINALITY=UNKNOWN_CARDINALITY,
    cardinality=_cardinality, dense_to_ragged_batch=_dense_to_ragged_batch, Counter=_counter,
    assert_cardinality=assert_cardinality, get_single_element=lambda dataset: dataset.get_single_element(),
    AutoShardPolicy=AutoShardPolicy, AutotuneOptions=AutotuneOptions, DistributeOptions=DistributeOptions,
    OptimizationOptions=OptimizationOptions, ThreadingOptions=ThreadingOptions, **_experimental_transformations,
    choose_from_datasets=_choose_from_datasets,
    sample_from_datasets=_sample_from_datasets,
    rejection_resample=out_of_scope("tf.data.experimental.rejection_resample", SAMPLING_HINT),
    CsvDataset=out_of_scope("tf.data.experimental.CsvDataset", FILES_HINT),
    make_csv_dataset=out_of_scope("tf.data.experimental.make_csv_dataset", FILES_HINT),
    make_batched_features_dataset=out_of_scope("tf.data.experimental.make_batched_features_dataset", FILES_HINT),
    SqlDataset=out_of_scope("tf.data.experimental.SqlDataset", FILES_HINT))

__all__ = ["AUTOTUNE", "Dataset", "DatasetSpec", "FixedLengthRecordDataset", "INFINITE_CARDINALITY", "Iterator",
           "NumpyIterator", "Options", "TFRecordDataset", "TextLineDataset", "ThreadingOptions", "UNKNOWN_CARDINALITY",
           "experimental"]
