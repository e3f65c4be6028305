"""Philox-4x32-10, the counter-based generator behind TF's random ops, in vectorised NumPy.

A Philox *block* turns a 128-bit counter (four uint32 words, low first) and a 64-bit key (two
words) into four random uint32 words by ten rounds of multiply-and-mix. Counter ``c`` gives
block ``c``; the next block comes from ``c + 1``. So a stream is just (key, counter), and
skipping ahead is adding to the counter: that is how TF hands out disjoint parts of one stream
(Salmon et al., "Parallel random numbers: as easy as 1, 2, 3", SC 2011).

``PhiloxStream`` is TF's ``PhiloxRandom``: ``blocks(n)`` returns the next ``n`` blocks as an
``(n, 4)`` uint32 array and moves the counter on by ``n``; ``skip(n)`` moves it on without
computing. ``from_seeds(seed, seed2)`` is TF's two-seed constructor (the key from ``seed``, the
counter's high half from ``seed2``) and ``from_key_counter`` the layout of a
``tf.random.Generator`` state.
"""

from __future__ import annotations

import numpy as np

_MULTIPLIERS = (np.uint64(0xD2511F53), np.uint64(0xCD9E8D57))
_KEY_STEPS = (np.uint32(0x9E3779B9), np.uint32(0xBB67AE85))
_ROUNDS = 10
_LOW32 = np.uint64(0xFFFFFFFF)
_SHIFT32 = np.uint64(32)
_MASK64 = (1 << 64) - 1


def _mul_hi_lo(multiplier, word):
    """The 64-bit product of two uint32 values, split into its high and low words."""
    product = multiplier * word.astype(np.uint64)
    return (product >> _SHIFT32).astype(np.uint32), (product & _LOW32).astype(np.uint32)


def philox_blocks(counters: np.ndarray, key: tuple) -> np.ndarray:
    """Philox-4x32-10 of each row of ``counters`` (``(n, 4)`` uint32) under ``key`` (two uint32)."""
    c0, c1, c2, c3 = (counters[:, i].astype(np.uint32) for i in range(4))
    k0, k1 = np.uint32(key[0]), np.uint32(key[1])
    with np.errstate(over="ignore"):
        for round_index in range(_ROUNDS):
            hi0, lo0 = _mul_hi_lo(_MULTIPLIERS[0], c0)
            hi1, lo1 = _mul_hi_lo(_MULTIPLIERS[1], c2)
            c0, c1, c2, c3 = hi1 ^ c1 ^ k0, lo1, hi0 ^ c3 ^ k1, lo0
            if round_index < _ROUNDS - 1:
                k0, k1 = k0 + _KEY_STEPS[0], k1 + _KEY_STEPS[1]
    return np.stack([c0, c1, c2, c3], axis=1)


def counter_rows(counter: int, offsets: np.ndarray) -> np.ndarray:
    """The counters ``counter + offset`` (128-bit, wrapping) as ``(n, 4)`` uint32 words, low first."""
    low, high = counter & _MASK64, counter >> 64
    with np.errstate(over="ignore"):
        lows = np.uint64(low) + offsets.astype(np.uint64)
        highs = np.uint64(high) + (lows < np.uint64(low)).astype(np.uint64)   # the carry
    return np.stack([lows & _LOW32, lows >> _SHIFT32, highs & _LOW32, highs >> _SHIFT32], axis=1).astype(np.uint32)


class PhiloxStream:
    """TF's ``PhiloxRandom``: a key and a 128-bit counter that ``blocks`` and ``skip`` move on."""

    def __init__(self, key: int, counter: int = 0):
        self.key = (key & 0xFFFFFFFF, (key >> 32) & 0xFFFFFFFF)
        self.counter = counter % (1 << 128)

    @classmethod
    def from_seeds(cls, seed: int, seed2: int) -> PhiloxStream:
        """TF's ``PhiloxRandom(seed, seed2)``: the key is ``seed``, the counter's upper 64 bits ``seed2``."""
        return cls(key=seed & _MASK64, counter=(seed2 & _MASK64) << 64)

    @classmethod
    def from_key_counter(cls, key: int, counter_words) -> PhiloxStream:
        """A stream from a 64-bit key and the counter as 64-bit words, low first (a Generator's state)."""
        counter = sum((int(w) & _MASK64) << (64 * i) for i, w in enumerate(counter_words))
        return cls(key=key & _MASK64, counter=counter)

    def copy(self) -> PhiloxStream:
        twin = PhiloxStream(0)
        twin.key, twin.counter = self.key, self.counter
        return twin

    def skip(self, count: int) -> None:
        self.counter = (self.counter + int(count)) % (1 << 128)

    def blocks(self, n: int) -> np.ndarray:
        """The next ``n`` blocks, ``(n, 4)`` uint32; the counter moves on by ``n``."""
        out = philox_blocks(counter_rows(self.counter, np.arange(n, dtype=np.uint64)), self.key)
        self.skip(n)
        return out

    def blocks_at(self, starts: np.ndarray, per_start: int) -> np.ndarray:
        """``per_start`` consecutive blocks from each counter offset in ``starts``: ``(len, per_start, 4)``.

        The stream itself does not move (TF's per-group ``Skip`` on a copy of the generator).
        """
        offsets = np.asarray(starts, dtype=np.uint64)[:, None] + np.arange(per_start, dtype=np.uint64)
        rows = counter_rows(self.counter, offsets.reshape(-1))
        return philox_blocks(rows, self.key).reshape(len(starts), per_start, 4)


class PhiloxWords:
    """TF's ``SingleSampleAdapter``: a stream's words one at a time (``next_word``), in block order."""

    _CHUNK = 64   # blocks computed at once; the words come out the same whatever the chunk

    def __init__(self, stream: PhiloxStream):
        self._stream = stream
        self._words: list = []
        self._used = 0

    def next_word(self) -> int:
        if self._used == len(self._words):
            self._words = self._stream.blocks(self._CHUNK).reshape(-1).tolist()
            self._used = 0
        self._used += 1
        return self._words[self._used - 1]
