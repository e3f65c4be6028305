"""``Dataset.sample_from_datasets``: elements drawn from several datasets at random, TF's draws.

TF picks each element's dataset with a stateless categorical draw from ``log(weights)``, whose seed
pair is the next two numbers of ``Dataset.random(seed)``; then ``choose_from_datasets`` reads the
chosen dataset. tapekit does the same, so a seeded sample is TF's, element for element.
"""

from __future__ import annotations

from .._base import dtypes
from .._api.tensor_spec import TensorSpec
from .._core.ops.array_ops import expand_dims, stack
from .._core.ops.math_ops import log
from .._core.ops.random_generator import stateless_categorical
from .._core.values.tensor import Tensor, constant, convert_to_tensor
from .combining import _DirectedInterleaveDataset
from .dataset import Dataset, elements_of, register
from .shuffling import _RandomDataset


class _ChoiceDataset(Dataset):
    """The index of each next element's dataset: a categorical draw from ``logits`` (a ``[1, n]`` tensor, or
    a dataset of them) seeded by two numbers of a random dataset."""

    def __init__(self, logits, random_dataset: Dataset):
        self._logits, self._random = logits, random_dataset

    def _spec(self):
        return TensorSpec([], dtypes.int64)

    def _elements(self):
        words = elements_of(self._random)
        logits = elements_of(self._logits) if isinstance(self._logits, Dataset) else None
        while True:
            row = self._logits if logits is None else next(logits, None)
            if row is None:
                return
            seed = stack([next(words), next(words)])
            yield stateless_categorical(row, 1, seed)[0, 0]


def _checked_weights(datasets: list, weights) -> tuple:
    """``(datasets, weights)`` as TF checks them; datasets of weight 0 in a Python list are left out."""
    if isinstance(weights, Tensor):
        if not weights.shape.is_compatible_with([len(datasets)]):
            raise ValueError(f"Invalid `weights`. The shape of `weights` should be compatible with "
                             f"`[len(datasets)]` but is {weights.shape}.")
    else:
        if len(datasets) != len(weights):
            raise ValueError(f"Invalid `weights`. `weights` should have the same length as `datasets` but got "
                             f"`len(weights)={len(weights)}` vs. `len(datasets)={len(datasets)}`.")
        kept = [(d, w) for d, w in zip(datasets, weights) if w > 0]
        datasets, weights = ([d for d, _w in kept], [w for _d, w in kept]) if kept else ([datasets[0].take(0)], [1.0])
    weights = convert_to_tensor(weights)
    if weights.dtype not in (dtypes.float32, dtypes.float64):
        raise TypeError(f"Invalid `weights`. `weights` type must be either `tf.float32` or `tf.float64` but is "
                        f"{weights.dtype!r}.")
    return datasets, weights


def sample_from_datasets(datasets, weights=None, seed=None, stop_on_empty_dataset=False,
                         rerandomize_each_iteration=None) -> Dataset:
    """Each element from one of ``datasets``, picked at random with probabilities ``weights`` (a list, a
    tensor or a dataset of them; equal if None), TF's picks for a given ``seed``."""
    datasets = list(datasets)
    if not datasets:
        raise ValueError("Invalid `datasets`. `datasets` should not be empty.")
    if isinstance(weights, Dataset):
        logits = weights.map(lambda *row: log(stack(list(row))))
    elif weights is None:
        logits = constant([[1.0] * len(datasets)])
    else:
        datasets, weights = _checked_weights(datasets, weights)
        logits = expand_dims(log(weights), 0)
    if len(datasets) == 1 and not isinstance(weights, Dataset):
        return datasets[0]
    choices = _ChoiceDataset(logits, _RandomDataset(seed, rerandomize_each_iteration))
    return _DirectedInterleaveDataset(datasets, choices, stop_on_empty_dataset)


register(sample_from_datasets)
