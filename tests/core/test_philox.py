"""Philox-4x32-10 and TF's transformations (tapekit/_core/ops/philox.py, random_distributions.py).

The values TF draws are checked against recordings of real TF 2.21 in tests/tf_cases/random/;
here: the published Philox test vectors, the block/skip rules the recordings rely on, and the
float32 logarithm, sine and cosine against the C library TF calls.
"""

import ctypes
import ctypes.util
import sys

import numpy as np
import pytest

import tapekit as tk
from tapekit._core.ops import random_distributions as dist
from tapekit._core.ops.philox import PhiloxStream, PhiloxWords, counter_rows, philox_blocks


@pytest.mark.parametrize("counter, key, expected", [
    # Random123's known-answer vectors for philox4x32-10 (Salmon et al., SC 2011)
    ([0, 0, 0, 0], [0, 0], [0x6627E8D5, 0xE169C58D, 0xBC57AC4C, 0x9B00DBD8]),
    ([0xFFFFFFFF] * 4, [0xFFFFFFFF] * 2, [0x408F276D, 0x41C83B0E, 0xA20BC7C6, 0x6D5451FD]),
    ([0x243F6A88, 0x85A308D3, 0x13198A2E, 0x03707344], [0xA4093822, 0x299F31D0],
     [0xD16CFE09, 0x94FDCCEB, 0x5001E420, 0x24126EA1]),
])
def test_philox_matches_the_published_test_vectors(counter, key, expected):
    out = philox_blocks(np.array([counter], dtype=np.uint32), key)
    assert out.dtype == np.uint32 and out[0].tolist() == expected


def test_the_counter_carries_across_its_64_bit_words():
    rows = counter_rows((1 << 64) - 1, np.arange(2, dtype=np.uint64))
    assert rows.tolist() == [[0xFFFFFFFF, 0xFFFFFFFF, 0, 0], [0, 0, 1, 0]]
    assert counter_rows((1 << 128) - 1, np.array([1], dtype=np.uint64)).tolist() == [[0, 0, 0, 0]]


def test_blocks_skip_and_words_read_one_stream():
    stream = PhiloxStream.from_seeds(87654321, 5)
    assert stream.key == (87654321, 0) and stream.counter == 5 << 64
    whole = stream.copy().blocks(10)
    part = stream.copy()
    part.skip(3)
    np.testing.assert_array_equal(part.blocks(7), whole[3:])
    np.testing.assert_array_equal(stream.blocks_at(np.array([0, 6]), 2), whole[[[0, 1], [6, 7]]])
    words = PhiloxWords(stream.copy())
    assert [words.next_word() for _ in range(40)] == whole.reshape(-1).tolist()
    assert stream.counter == 5 << 64      # blocks_at and copies leave the stream where it was


@pytest.mark.parametrize("sampler", [dist.uniform, dist.normal, dist.truncated_normal])
@pytest.mark.parametrize("dtype", [np.float16, np.float32, np.float64])
def test_a_longer_draw_starts_with_the_shorter_one(sampler, dtype):
    # TF fills groups of 4 (2 for float64) from fixed offsets: a prefix does not depend on the size
    short = sampler(PhiloxStream(key=3, counter=11), 5, dtype)
    long = sampler(PhiloxStream(key=3, counter=11), 1003, dtype)
    assert short.dtype == dtype and long.dtype == dtype
    np.testing.assert_array_equal(long[:5], short)


def test_truncated_normal_stays_within_two_standard_deviations():
    values = dist.truncated_normal(PhiloxStream(key=9), 100_000, np.float32)
    assert np.abs(values).max() < 2.0
    assert abs(values.mean()) < 0.01 and abs(values.std() - 0.8796) < 0.01


def test_integers_take_the_modulo_of_the_words():
    words = PhiloxStream(key=4).blocks(2).reshape(-1)
    ints = dist.uniform_int(PhiloxStream(key=4), 8, -5, 17, np.int32)
    assert ints.tolist() == [int(w % 22) - 5 for w in words]


def test_generator_from_seed_draws_tensorflows_first_normal():
    # the value TF 2.21 prints for tf.random.Generator.from_seed(1).normal([]) (issue 25)
    assert tk.random.Generator.from_seed(1).normal([]).numpy() == np.float32(0.43842274)


def test_fold_in_and_stateless_normal_give_tensorflows_documented_numbers():
    # the example in TF 2.21's docstring of tf.random.fold_in (printed to 7-8 digits)
    seed = tk.random.fold_in([1, 2], 3)
    assert seed.numpy().tolist() == [1105988140, 3]
    np.testing.assert_allclose(tk.random.stateless_normal([3], seed=seed).numpy(),
                               [0.03197195, 0.8979765, 0.13253039], rtol=2e-7)


def _libm():
    if not sys.platform.startswith("linux"):
        return None
    try:
        libm = ctypes.CDLL(ctypes.util.find_library("m") or "libm.so.6")
    except OSError:
        return None
    for name in ("logf", "sinf", "cosf"):
        getattr(libm, name).restype = ctypes.c_float
        getattr(libm, name).argtypes = [ctypes.c_float]
    return libm


@pytest.mark.skipif(_libm() is None, reason="needs the C library's logf/sinf/cosf (Linux)")
def test_box_muller_logf_and_sincosf_are_the_c_librarys():
    libm = _libm()
    # the inputs Box-Muller sees: every 997th of the 2**23 uniform floats, and 2*pi times them
    u = dist.uint32_to_float(np.arange(0, 1 << 23, 997, dtype=np.uint32))
    u1 = np.maximum(u, np.float32(1e-7))
    angle = (2.0 * np.pi * u.astype(np.float64)).astype(np.float32)
    expected_log = np.array([libm.logf(float(x)) for x in u1], dtype=np.float32)
    sine, cosine = dist._sincosf(angle)
    np.testing.assert_array_equal(dist._logf(u1), expected_log)
    np.testing.assert_array_equal(sine, np.array([libm.sinf(float(x)) for x in angle], dtype=np.float32))
    np.testing.assert_array_equal(cosine, np.array([libm.cosf(float(x)) for x in angle], dtype=np.float32))


def test_set_seed_restarts_every_stream_and_op_seeds_follow_python_random():
    tk.random.set_seed(7)
    first = [tk.random.uniform([2]).numpy() for _ in range(3)] + [tk.random.normal([2], seed=3).numpy()]
    tk.random.set_seed(7)
    second = [tk.random.uniform([2]).numpy() for _ in range(3)] + [tk.random.normal([2], seed=3).numpy()]
    for a, b in zip(first, second):
        np.testing.assert_array_equal(a, b)
    assert not np.array_equal(first[0], first[1])
    tk.random.set_seed(None)


def test_categorical_blocks_follow_the_cost_model():
    assert dist._eigen_blocks(3, 545, 8) == [(0, 3)]               # cheap: one block
    blocks = dist._eigen_blocks(300, 17_000, 4)
    assert blocks[0][0] == 0 and blocks[-1][1] == 300 and len(blocks) > 1
    assert all(a[1] == b[0] for a, b in zip(blocks, blocks[1:]))
