"""The array backend: where tensor values live and how they reach the host.

Only NumPy for now; the GPU issue extends this module with CuPy and device placement.
"""

from __future__ import annotations

import numpy as np

CPU_DEVICE = "/job:localhost/replica:0/task:0/device:CPU:0"


def is_backend_array(value) -> bool:
    return isinstance(value, np.ndarray)


def from_host(arr: np.ndarray):
    """Place a host array on the current device."""
    return arr


def to_host(value) -> np.ndarray:
    return np.asarray(value)


def device_of(value) -> str:
    return CPU_DEVICE


def dtype_of(value):
    from . import dtypes

    return dtypes.from_numpy(np.dtype(value.dtype))


def namespace(value):
    """The array namespace whose functions operate on ``value``."""
    return np


_NAMESPACES = {np.ndarray: np}


def ns(value):
    """Fast namespace lookup for the forward functions of ops (NumPy arrays and scalars)."""
    found = _NAMESPACES.get(type(value))
    if found is not None:
        return found
    if isinstance(value, np.generic):
        _NAMESPACES[type(value)] = np
        return np
    return namespace(value)
