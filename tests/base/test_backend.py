"""The backend helpers, each on NumPy, array_api_strict and CuPy (skipped without a GPU)."""

import numpy as np
import pytest

import tapekit as tk
from tapekit import backend
from tapekit._base import dtypes


def _lib(name):
    if name == "numpy":
        return backend.NumpyLib()
    if name == "strict":
        pytest.importorskip("array_api_strict")
        return backend.strict_lib()
    gpus = backend.gpus()
    if not gpus or gpus[0].lib.name != "cupy":
        pytest.skip(f"cupy backend needs a CUDA GPU: {backend.PLACEMENT.gpu_absent_reason or 'none found'}")
    return gpus[0].lib


@pytest.fixture(params=["numpy", "strict", "cupy"])
def lib(request):
    return _lib(request.param)


def test_host_round_trip_keeps_values_and_dtype(lib):
    host = np.arange(6, dtype=np.float32).reshape(2, 3)
    arr = lib.from_host(host)
    assert lib.owns(arr)
    back = lib.to_host(arr)
    assert type(back) is np.ndarray and back.dtype == np.float32
    np.testing.assert_array_equal(back, host)


def test_scatter_add_accumulates_repeated_indices(lib):
    out = lib.from_host(np.zeros((4, 2), np.float64))
    index = lib.from_host(np.array([0, 2, 0, 0], np.int64))
    updates = lib.from_host(np.ones((4, 2), np.float64))
    got = lib.to_host(lib.scatter_add(out, index, updates))
    np.testing.assert_array_equal(got, [[3, 3], [0, 0], [1, 1], [0, 0]])


def test_scatter_update_assigns_at_index_arrays(lib):
    out = lib.from_host(np.zeros((3, 2), np.float32))
    index = (lib.from_host(np.array([2, 0], np.int64)), lib.from_host(np.array([1, 0], np.int64)))
    updates = lib.from_host(np.array([5.0, 7.0], np.float32))
    got = lib.to_host(lib.scatter_update(out, index, updates))
    np.testing.assert_array_equal(got, [[7, 0], [0, 0], [0, 5]])
    assert got.dtype == np.float32


def test_einsum_and_astype(lib):
    a = lib.from_host(np.array([[1.0, 2.0], [3.0, 4.0]]))
    b = lib.from_host(np.array([1.0, -1.0]))
    np.testing.assert_array_equal(lib.to_host(lib.einsum("ij,j->i", a, b)), [-1.0, -1.0])
    as_int = lib.astype(lib.from_host(np.array([1.7, -1.7])), dtypes.int32)
    assert lib.to_host(as_int).dtype == np.int32


def test_synchronize_and_errstate_return(lib):
    lib.synchronize(0)
    with lib.errstate(divide="ignore"):
        x = lib.from_host(np.array([1.0]))
        out = lib.to_host(x / lib.from_host(np.array([0.0])))
    assert np.isinf(out[0])


def test_module_helpers_dispatch_on_the_array(lib):
    arr = lib.from_host(np.arange(20, dtype=np.float32))
    assert backend.ns(arr) is lib.xp
    assert backend.dtype_of(arr) is dtypes.float32
    assert backend.dtype_kind(arr) == "f" and backend.np_dtype(arr) == np.float32
    head = backend.head(arr, 8)
    np.testing.assert_array_equal(backend.to_host(head), np.arange(8))
    dup = backend.copy(arr)
    assert dup is not arr
    np.testing.assert_array_equal(backend.to_host(dup), backend.to_host(arr))


def test_ns_is_cached_per_array_type():
    x = np.zeros(3)
    assert backend.ns(x) is np and backend.ns(np.float32(1)) is np
    assert backend._NAMESPACES[np.ndarray] is np


def test_tensor_numpy_is_always_a_host_array():
    t = tk.constant([[1.0, 2.0]])
    host = t.numpy()
    assert type(host) is np.ndarray
    host[0, 0] = 99.0  # a copy: the tensor does not change
    assert t.numpy()[0, 0] == 1.0


def test_use_test_backend_rejects_unknown_names():
    with pytest.raises(ValueError, match="unknown test backend"):
        backend.use_test_backend("jax")
    with pytest.raises(ValueError, match="fake_gpu needs the strict backend"):
        backend.use_test_backend("numpy", fake_gpu=True)
