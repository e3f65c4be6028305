"""TF's transformations of Philox bits into numbers of each distribution (``random_distributions.h``).

Every function takes a ``PhiloxStream`` and an element count and returns a flat NumPy array,
drawing the blocks in TF's order on the CPU:

- a *group* is what one call of TF's distribution returns: 4 float32/half/int32 values per block,
  2 float64/int64 values per block (a float64 takes 52 bits from two words);
- the last group is drawn whole and cut, so a size of 5 uses two blocks as TF does;
- truncated normal rejects values beyond two standard deviations, so a group takes a variable
  number of words: TF starts group ``g`` at block ``g * 256`` (float32; ``g * 128`` for float64),
  which keeps the result independent of how its threads split the work. Here every group first
  tries two blocks at once, and the rare group with too few accepted values reads on.

uniform float: the 23 (52) mantissa bits under exponent 0 give a number in [1, 2); minus one.
normal: Box-Muller on two uniforms ``u1`` (at least 1e-7) and ``v``:
``sqrt(-2 log u1) * (sin, cos)(2 pi v)``, computed in the value's precision as TF's C++ does
(``2 pi`` as a double). The float32 logarithm, sine and cosine are glibc's, whose results this
module reproduces by evaluating their algorithms in float64 and rounding (``_logf``,
``_sincosf``); the float64 ones are the C library's, through Python's ``math``.
"""

from __future__ import annotations

import math

import numpy as np

from .philox import PhiloxStream

_TRUNCATE_AT = 2.0
_GROUP_SKIP = 256    # TF's kReservedSamplesPerOutput: blocks reserved per truncated-normal value


def uint32_to_float(words: np.ndarray) -> np.ndarray:
    """A float32 in [0, 1) from each word's low 23 bits (TF's ``Uint32ToFloat``)."""
    bits = (words & np.uint32(0x7FFFFF)) | np.uint32(127 << 23)
    return bits.view(np.float32) - np.float32(1.0)


def uint64_to_double(high: np.ndarray, low: np.ndarray) -> np.ndarray:
    """A float64 in [0, 1) from 20 bits of ``high`` and all of ``low`` (TF's ``Uint64ToDouble``)."""
    mantissa = ((high & np.uint32(0xFFFFF)).astype(np.uint64) << np.uint64(32)) | low.astype(np.uint64)
    return (mantissa | np.uint64(1023 << 52)).view(np.float64) - 1.0


def uint16_to_half(words: np.ndarray) -> np.ndarray:
    """A float16 in [0, 1) from each word's low 10 bits (TF's ``Uint16ToHalf``)."""
    bits = ((words & np.uint32(0x3FF)) | np.uint32(15 << 10)).astype(np.uint16)
    return bits.view(np.float16) - np.float16(1.0)


def _words(stream: PhiloxStream, count: int, per_block: int) -> np.ndarray:
    """The blocks for ``count`` values at ``per_block`` values a block, as ``(blocks, 4)`` words."""
    return stream.blocks(-(-count // per_block))


def uniform(stream: PhiloxStream, count: int, dtype) -> np.ndarray:
    """``count`` uniform numbers in [0, 1) of ``dtype`` (float16, float32 or float64)."""
    dtype = np.dtype(dtype)
    if dtype == np.float64:
        words = _words(stream, count, 2).reshape(-1, 2)
        return uint64_to_double(words[:, 0], words[:, 1])[:count]
    words = _words(stream, count, 4).reshape(-1)[:count]
    return uint16_to_half(words) if dtype == np.float16 else uint32_to_float(words)


def _box_muller_float(x0: np.ndarray, x1: np.ndarray) -> tuple:
    """TF's ``BoxMullerFloat``: two float32 normals from two words each."""
    u1 = np.maximum(uint32_to_float(x0), np.float32(1.0e-7))
    angle = (2.0 * np.pi * uint32_to_float(x1).astype(np.float64)).astype(np.float32)
    radius = np.sqrt(np.float32(-2.0) * _logf(u1))
    sine, cosine = _sincosf(angle)
    return sine * radius, cosine * radius


def _box_muller_double(x0, x1, x2, x3) -> tuple:
    """TF's ``BoxMullerDouble``: two float64 normals from four words."""
    u1 = np.maximum(uint64_to_double(x0, x1), 1.0e-7)
    angle = 2.0 * np.pi * uint64_to_double(x2, x3)
    radius = np.sqrt(-2.0 * _libm(math.log, u1))
    return _libm(math.sin, angle) * radius, _libm(math.cos, angle) * radius


def _libm(function, x: np.ndarray) -> np.ndarray:
    """``function`` from Python's ``math`` (the C library's, as TF's C++ calls it) of each float64.

    NumPy's own vectorised log/sin/cos may differ in the last bit on some CPUs (AVX-512).
    """
    return np.fromiter(map(function, x.tolist()), dtype=np.float64, count=x.size)


# ---- glibc's float32 logf and sincosf (2.28+), evaluated as glibc evaluates them, in float64 ----
# TF's Box-Muller calls them; rounding NumPy's float64 log/sin/cos instead differs in 1% of values.
# The constants are glibc's tables (sysdeps/ieee754/flt-32/e_logf_data.c, s_sincosf_data.c).
_LOGF_INVC = np.array([float.fromhex(h) for h in (
    "0x1.661ec79f8f3bep+0", "0x1.571ed4aaf883dp+0", "0x1.49539f0f010bp+0", "0x1.3c995b0b80385p+0",
    "0x1.30d190c8864a5p+0", "0x1.25e227b0b8eap+0", "0x1.1bb4a4a1a343fp+0", "0x1.12358f08ae5bap+0",
    "0x1.0953f419900a7p+0", "0x1p+0", "0x1.e608cfd9a47acp-1", "0x1.ca4b31f026aap-1",
    "0x1.b2036576afce6p-1", "0x1.9c2d163a1aa2dp-1", "0x1.886e6037841edp-1", "0x1.767dcf5534862p-1")])
_LOGF_LOGC = np.array([float.fromhex(h) for h in (
    "-0x1.57bf7808caadep-2", "-0x1.2bef0a7c06ddbp-2", "-0x1.01eae7f513a67p-2", "-0x1.b31d8a68224e9p-3",
    "-0x1.6574f0ac07758p-3", "-0x1.1aa2bc79c81p-3", "-0x1.a4e76ce8c0e5ep-4", "-0x1.1973c5a611cccp-4",
    "-0x1.252f438e10c1ep-5", "0x0p+0", "0x1.aa5aa5df25984p-5", "0x1.c5e53aa362eb4p-4",
    "0x1.526e57720db08p-3", "0x1.bc2860d22477p-3", "0x1.1058bc8a07ee1p-2", "0x1.4043057b6ee09p-2")])
_LOGF_POLY = [float.fromhex(h) for h in ("-0x1.00ea348b88334p-2", "0x1.5575b0be00b6ap-2", "-0x1.ffffef20a4123p-2")]
_LN2 = float.fromhex("0x1.62e42fefa39efp-1")
_LOGF_CENTRE = np.uint32(0x3F330000)


def _logf(x: np.ndarray) -> np.ndarray:
    """glibc's ``logf`` of positive normal float32 values: ``x = 2**k * z``, ``log z`` from a table and a cubic."""
    bits = x.view(np.uint32)
    with np.errstate(over="ignore"):
        offset = bits - _LOGF_CENTRE
    index = (offset >> np.uint32(19)) % 16
    exponent = offset.view(np.int32) >> 23
    z = (bits - (offset & np.uint32(0x1FF << 23))).view(np.float32).astype(np.float64)
    r = z * _LOGF_INVC[index] - 1.0
    y0 = _LOGF_LOGC[index] + exponent.astype(np.float64) * _LN2
    r2 = r * r
    y = _LOGF_POLY[1] * r + _LOGF_POLY[2]
    y = _LOGF_POLY[0] * r2 + y
    return (y * r2 + (y0 + r)).astype(np.float32)


_HALF_PI_INV_2_24 = float.fromhex("0x1.45F306DC9C883p+23")   # 2/pi, scaled by 2**24
_HALF_PI = float.fromhex("0x1.921FB54442D18p0")
_COS_POLY = [float.fromhex(h) for h in ("0x1p0", "-0x1.ffffffd0c621cp-2", "0x1.55553e1068f19p-5",
                                         "-0x1.6c087e89a359dp-10", "0x1.99343027bf8c3p-16")]
_SIN_POLY = [float.fromhex(h) for h in ("-0x1.555545995a603p-3", "0x1.1107605230bc4p-7", "-0x1.994eb3774cf24p-13")]


def _top12(x: np.ndarray) -> np.ndarray:
    return (x.view(np.uint32) >> np.uint32(20)) & np.uint32(0x7FF)


def _sincosf(y: np.ndarray) -> tuple:
    """glibc's ``sincosf`` for float32 values in [0, 120): reduce by pi/2, then two polynomials.

    The quadrant ``n`` swaps sine and cosine (odd ``n``) and sets their signs; below 0.75
    glibc skips the reduction (its coarse comparison of the top 12 bits with pi/4).
    """
    x = y.astype(np.float64)
    reduce = _top12(y) >= _top12(np.array([np.pi / 4], dtype=np.float32))
    quadrant = np.where(reduce, ((x * _HALF_PI_INV_2_24).astype(np.int32) + 0x800000) >> 24, 0)
    x = np.where(reduce, x - quadrant * _HALF_PI, x)
    x2 = x * x
    x = np.where((quadrant & 3) % 3 == 0, x, -x)          # the sine's sign: + - - + by quadrant
    cos_sign = np.where(quadrant & 2, -1.0, 1.0)
    x3, x4 = x2 * x, x2 * x2
    sine = (x + x3 * _SIN_POLY[0]) + (x3 * x2) * (_SIN_POLY[1] + x2 * _SIN_POLY[2])
    cosine = ((_COS_POLY[0] + x2 * _COS_POLY[1]) + x4 * _COS_POLY[2]) + (x4 * x2) * (_COS_POLY[3] + x2 * _COS_POLY[4])
    cosine = cos_sign * cosine
    odd = (quadrant & 1) == 1
    sine, cosine = np.where(odd, cosine, sine), np.where(odd, sine, cosine)
    tiny = _top12(y) < _top12(np.array([2.0 ** -12], dtype=np.float32))
    return (np.where(tiny, y, sine.astype(np.float32)),
            np.where(tiny, np.float32(1.0), cosine.astype(np.float32)))


def _normal_pairs(words: np.ndarray, dtype) -> np.ndarray:
    """Normals from ``(n, 4)`` blocks, in TF's order (4 a block for float32, 2 for float64)."""
    if np.dtype(dtype) == np.float64:
        first, second = _box_muller_double(words[:, 0], words[:, 1], words[:, 2], words[:, 3])
        return np.stack([first, second], axis=1).reshape(-1)
    a0, a1 = _box_muller_float(words[:, 0], words[:, 1])
    b0, b1 = _box_muller_float(words[:, 2], words[:, 3])
    return np.stack([a0, a1, b0, b1], axis=1).reshape(-1)


def normal(stream: PhiloxStream, count: int, dtype) -> np.ndarray:
    """``count`` standard normal numbers of ``dtype`` (float16 ones are float32 ones rounded)."""
    dtype = np.dtype(dtype)
    per_block = 2 if dtype == np.float64 else 4
    values = _normal_pairs(_words(stream, count, per_block), dtype)[:count]
    return values.astype(dtype)


def truncated_normal(stream: PhiloxStream, count: int, dtype) -> np.ndarray:
    """``count`` standard normals within (-2, 2): TF's rejection, group by group."""
    dtype = np.dtype(dtype)
    group = 2 if dtype == np.float64 else 4
    groups = -(-count // group)
    skip = _GROUP_SKIP * group // 4
    per_try = 2
    out = np.empty((groups, group), dtype=np.float64 if dtype == np.float64 else np.float32)
    todo = np.arange(groups)
    while todo.size:
        candidates = _normal_pairs(stream.blocks_at(todo * skip, per_try).reshape(-1, 4), dtype)
        candidates = candidates.reshape(todo.size, -1)
        kept = np.abs(candidates) < _TRUNCATE_AT
        done = kept.sum(axis=1) >= group
        first_kept = np.argsort(~kept, axis=1, kind="stable")[:, :group]    # accepted ones, in order
        out[todo[done]] = np.take_along_axis(candidates, first_kept, axis=1)[done]
        todo, per_try = todo[~done], per_try * 2     # the rare group short of values reads on
    return out.reshape(-1)[:count].astype(dtype)


def uniform_int(stream: PhiloxStream, count: int, low: int, high: int, dtype) -> np.ndarray:
    """Integers in ``[low, high)``: ``low + bits % (high - low)`` (TF's modulo, with its slight bias)."""
    dtype = np.dtype(dtype)
    span = (high - low) % (1 << (8 * dtype.itemsize))
    bits = full_int(stream, count, np.uint64 if dtype.itemsize == 8 else np.uint32)
    unsigned = np.uint64 if dtype.itemsize == 8 else np.uint32
    with np.errstate(over="ignore"):
        offset = (bits % unsigned(span)).astype(unsigned)
        return (unsigned(low % (1 << (8 * dtype.itemsize))) + offset).astype(unsigned).view(dtype)


def full_int(stream: PhiloxStream, count: int, dtype) -> np.ndarray:
    """Integers over the whole range of ``dtype``: 32-bit ones are words, 64-bit ones two words (low first)."""
    dtype = np.dtype(dtype)
    if dtype.itemsize == 8:
        words = _words(stream, count, 2).reshape(-1, 2).astype(np.uint64)
        return (words[:, 0] | (words[:, 1] << np.uint64(32)))[:count].view(dtype)
    return _words(stream, count, 4).reshape(-1)[:count].view(dtype)


# ---- categorical (TF's Multinomial kernel on the CPU) ----
def _eigen_blocks(rows: int, cost_per_row: int, threads: int) -> list:
    """How TF's thread pool splits ``rows`` (Eigen's ``parallelFor`` cost model): ``[(start, limit), ...]``.

    A cheap job runs as one block; a costly one in blocks sized for ``threads`` threads.
    """
    wanted = int((rows * cost_per_row - 100000) / 100000 + 0.9)
    if rows <= 1 or threads <= 1 or min(threads, max(1, wanted)) == 1:
        return [(0, rows)]
    size = min(rows, max(-(-rows // (4 * threads)), int(40000 / cost_per_row)))
    largest, count = min(rows, 2 * size), -(-rows // size)
    best = count / (-(-count // threads) * threads)
    previous = count
    while best < 1.0 and previous > 1:
        coarser = -(-rows // (previous - 1))
        if coarser > largest:
            break
        coarser_count = -(-rows // coarser)
        previous = coarser_count
        efficiency = coarser_count / (-(-coarser_count // threads) * threads)
        if efficiency + 0.01 >= best:
            size, count, best = coarser, coarser_count, max(best, efficiency)
    return [(start, min(rows, start + size)) for start in range(0, rows, size)]


def categorical(stream: PhiloxStream, logits: np.ndarray, num_samples: int, threads: int) -> np.ndarray:
    """``num_samples`` class indices per row of ``logits``: a uniform float64 times the row's total,
    looked up in the running sum of ``exp(logit - max)`` (non-finite logits never drawn).

    Each block of rows (``_eigen_blocks``) starts its stream ``start * (num_samples + 3) // 4``
    blocks in, and its rows then read on: two words per sample.
    """
    rows, classes = logits.shape
    finite = np.isfinite(logits)
    top = np.where(finite, logits, np.finfo(logits.dtype).min).max(axis=1, initial=np.finfo(logits.dtype).min)
    weights = np.where(finite, np.exp(logits.astype(np.float64) - top.astype(np.float64)[:, None]), 0.0)
    cdf = np.cumsum(weights, axis=1)
    out = np.empty((rows, num_samples), dtype=np.int64)
    cost = int(50 * (num_samples * np.log(classes) / np.log(2) + classes))
    for start, limit in _eigen_blocks(rows, cost, threads):
        block_stream = stream.copy()
        block_stream.skip(start * (num_samples + 3) // 4)
        words = block_stream.blocks(-(-(limit - start) * num_samples * 2 // 4)).reshape(-1)
        uniforms = uint64_to_double(words[0::2], words[1::2])[:(limit - start) * num_samples]
        uniforms = uniforms.reshape(limit - start, num_samples)
        for row in range(start, limit):
            out[row] = np.searchsorted(cdf[row], uniforms[row - start] * cdf[row, -1], side="right")
    return out


# ---- binomial (TF's RandomBinomial kernel on the CPU: inversion or Hormann's BTRS) ----
class _DoubleUniforms:
    """TF's float64 uniforms for one binomial sample: two per block, the second one first."""

    def __init__(self, stream: PhiloxStream):
        self._stream, self._pending = stream, []

    def next(self) -> float:
        if not self._pending:
            x = self._stream.blocks(1)[0]
            self._pending = uint64_to_double(x[[0, 2]], x[[1, 3]]).tolist()
        return self._pending.pop()


def _log(x: float) -> float:
    return math.log(x) if x > 0 else -math.inf


def _inversion(count: float, prob: float, uniforms: _DoubleUniforms) -> float:
    """How many geometric waiting times fit into ``count`` trials (for mean below 10)."""
    total, successes = 0.0, 0
    while True:
        total += np.ceil(_log(uniforms.next()) / math.log1p(-prob))
        if total > count:
            return float(successes)
        successes += 1


_STIRLING_TAILS = (0.0810614667953272, 0.0413406959554092, 0.0276779256849983, 0.02079067210376509,
                   0.0166446911898211, 0.0138761288230707, 0.0118967099458917, 0.0104112652619720,
                   0.00925546218271273, 0.00833056343336287)


def _stirling_tail(k: float) -> float:
    if k <= 9:
        return _STIRLING_TAILS[int(k)]
    kp1sq = (k + 1) * (k + 1)
    return (1.0 / 12 - (1.0 / 360 - 1.0 / 1260 / kp1sq) / kp1sq) / (k + 1)


def _btrs(count: float, prob: float, uniforms: _DoubleUniforms) -> float:
    """Hormann's transformed rejection (BTRS), as TF writes it, for mean 10 and above."""
    stddev = math.sqrt(count * prob * (1 - prob))
    b = 1.15 + 2.53 * stddev
    a = -0.0873 + 0.0248 * b + 0.01 * prob
    c = count * prob + 0.5
    v_r = 0.92 - 4.2 / b
    r = prob / (1 - prob)
    alpha = (2.83 + 5.1 / b) * stddev
    m = float(np.floor((count + 1) * prob))
    while True:
        u = uniforms.next() - 0.5
        v = uniforms.next()
        us = 0.5 - abs(u)
        k = float(np.floor((2 * a / us + b) * u + c))
        if us >= 0.07 and v <= v_r:
            return k
        if k < 0 or k > count:
            continue
        v = _log(v * alpha / (a / (us * us) + b))
        bound = ((m + 0.5) * math.log((m + 1) / (r * (count - m + 1)))
                 + (count + 1) * math.log((count - m + 1) / (count - k + 1))
                 + (k + 0.5) * math.log(r * (count - k + 1) / (k + 1))
                 + _stirling_tail(m) + _stirling_tail(count - m) - _stirling_tail(k) - _stirling_tail(count - k))
        if v <= bound:
            return k


def _one_binomial(stream: PhiloxStream, index: int, count, prob) -> float:
    """Sample ``index``: count and prob in their dtype (TF compares ``count * prob`` there)."""
    if count <= 0 or prob <= 0:
        return 0.0
    if prob >= 1:
        return float(count)
    if np.isnan(prob):
        return math.nan
    flip = prob > 0.5
    p = (1 - prob) if flip else prob             # in the dtype of prob, as TF's q = T(1) - prob
    large = count * p >= 10
    own = stream.copy()
    own.skip((256 if large else 42) * index)
    draw = (_btrs if large else _inversion)(float(count), float(p), _DoubleUniforms(own))
    return float(count) - draw if flip else draw


def binomial(stream: PhiloxStream, counts: np.ndarray, probs: np.ndarray, samples_per_batch: int) -> np.ndarray:
    """Binomial samples, ``samples_per_batch`` for each (count, prob) pair: sample ``i`` of pair ``j``
    starts its stream at ``256 * (j * samples_per_batch + i)`` blocks (42 for inversion) and lands at
    flat position ``j + i * len(counts)``."""
    batches = counts.size
    out = np.empty(batches * samples_per_batch, dtype=np.float64)
    for index in range(batches * samples_per_batch):
        batch, sample = divmod(index, samples_per_batch)
        out[batch + sample * batches] = _one_binomial(stream, index, counts[batch], probs[batch])
    return out


# ---- gamma and Poisson (TF's RandomGamma and RandomPoissonV2 kernels on the CPU, computed in float64) ----
class _DoubleNormals:
    """TF's float64 normals for one sample: two per block (``BoxMullerDouble``), the second one first."""

    def __init__(self, stream: PhiloxStream):
        self._stream, self._pending = stream, []

    def next(self) -> float:
        if not self._pending:
            x = self._stream.blocks(1)[0].reshape(4, 1)
            self._pending = [float(z[0]) for z in _box_muller_double(*x)]
        return self._pending.pop()


def _one_gamma(stream: PhiloxStream, alpha: float) -> float:
    """One Gamma(alpha) sample: an exponential for alpha 1, else Marsaglia and Tsang's
    transformed rejection (alpha below 1 is boosted by one and scaled by ``u ** (1 / alpha)``)."""
    uniforms = _DoubleUniforms(stream)
    if alpha == 1.0:
        return -math.log1p(-uniforms.next())
    normals = _DoubleNormals(stream)
    d = alpha + (2.0 / 3 if alpha < 1 else -1.0 / 3)
    c = 1.0 / 3 / math.sqrt(d) if d > 0 else math.nan   # NaN samples for alpha below -2/3, as TF's
    while True:
        x = normals.next()
        v = 1 + c * x
        if v <= 0:
            continue
        v = v * v * v
        u = uniforms.next()
        if u < 1 - 0.0331 * (x * x) * (x * x) or _log(u) < 0.5 * x * x + d * (1 - v + math.log(v)):
            return d * v * (_c_pow(uniforms.next(), 1 / alpha if alpha else math.copysign(math.inf, alpha))
                            if alpha < 1 else 1.0)


def _c_pow(base: float, exponent: float) -> float:
    """C's ``pow`` (0 ** -1 is inf, not an error)."""
    with np.errstate(all="ignore"):
        return float(np.power(np.float64(base), exponent))


def _knuth_poisson(rate: float, uniforms: _DoubleUniforms, highest: float) -> float:
    """Count uniforms until their product drops to ``exp(-rate)`` (for rates below 10)."""
    limit, product, count = math.exp(-rate), 1.0, 0.0
    while True:
        product *= uniforms.next()
        if product <= limit and count <= highest:
            return count
        count += 1


def _hormann_poisson(rate: float, uniforms: _DoubleUniforms, highest: float) -> float:
    """Hormann's transformed rejection (PTRS), as TF writes it, for rates of 10 and above."""
    log_rate = math.log(rate)
    b = 0.931 + 2.53 * math.sqrt(rate)
    a = -0.059 + 0.02483 * b
    inv_alpha = 1.1239 + 1.1328 / (b - 3.4)
    while True:
        u = uniforms.next() - 0.5
        v = uniforms.next()
        us = 0.5 - abs(u)
        k = math.floor((2 * a / us + b) * u + rate + 0.43)
        if k > highest:
            continue
        if us >= 0.07 and v <= 0.9277 - 3.6224 / (b - 2):
            return float(k)
        if k < 0 or (us < 0.013 and v > us):
            continue
        if _log(v * inv_alpha / (a / (us * us) + b)) <= -rate + k * log_rate - math.lgamma(k + 1):
            return float(k)


def _per_sample(stream: PhiloxStream, params: np.ndarray, samples_per_param: int, one) -> np.ndarray:
    """``one(own_stream, param)`` for each sample: sample ``i`` of parameter ``j`` starts its stream
    256 blocks per output after ``stream`` (output ``j * samples_per_param + i``) and lands at flat
    position ``j + i * len(params)``, as TF's kernels lay them out."""
    out = np.empty(params.size * samples_per_param, dtype=np.float64)
    for index in range(out.size):
        which, sample = divmod(index, samples_per_param)
        own = stream.copy()
        own.skip(_GROUP_SKIP * index)
        out[which + sample * params.size] = one(own, params[which])
    return out


def gamma(stream: PhiloxStream, alphas: np.ndarray, samples_per_alpha: int) -> np.ndarray:
    """Gamma(alpha, 1) samples in float64, ``samples_per_alpha`` for each alpha (laid out as ``_per_sample``)."""
    return _per_sample(stream, alphas.astype(np.float64), samples_per_alpha,
                       lambda own, alpha: _one_gamma(own, float(alpha)))


def poisson(stream: PhiloxStream, rates: np.ndarray, samples_per_rate: int, highest: float) -> np.ndarray:
    """Poisson samples in float64 (``highest``: the output dtype's largest value; larger draws are retried)."""
    def one(own, rate):
        method = _knuth_poisson if rate < 10 else _hormann_poisson
        return method(float(rate), _DoubleUniforms(own), highest)
    return _per_sample(stream, rates.astype(np.float64), samples_per_rate, one)


# ---- d sample / d alpha of a Gamma(alpha, 1) sample (TF's RandomGammaGrad), in float64 ----
def _incomplete_gamma(a: float, x: float) -> tuple:
    """(P(a, x), True) by its series for x < a + 1, else (Q(a, x), False) by Lentz's continued fraction:
    the regularized incomplete gamma function that is computed without cancellation."""
    log_front = -x + a * math.log(x) - math.lgamma(a)
    if x < a + 1:
        term = total = 1.0 / a
        n = a
        while abs(term) > abs(total) * 1e-17:
            n += 1
            term *= x / n
            total += term
        return total * math.exp(log_front), True
    tiny = 1e-300
    b, c = x + 1 - a, 1 / tiny
    d = 1 / b
    h = d
    for i in range(1, 100_000):
        an, b = -i * (i - a), b + 2
        d, c = an * d + b, b + an / c
        d, c = 1 / (d if abs(d) > tiny else tiny), (c if abs(c) > tiny else tiny)
        h *= d * c
        if abs(d * c - 1) < 1e-16:
            break
    return math.exp(log_front) * h, False


def _regularized(a: float, x: float, lower: bool) -> float:
    value, is_lower = _incomplete_gamma(a, x)
    return value if is_lower == lower else 1 - value


def gamma_sample_der_alpha(alpha: float, sample: float) -> float:
    """How a Gamma(alpha) sample moves with alpha at a fixed CDF value: -(dP/dalpha) / pdf(sample)
    (implicit reparameterization, Figurnov et al. 2018); dP/dalpha by a central difference of P, or of
    Q = 1 - P where that is the one computed without cancellation."""
    if sample == 0:
        return 0.0
    if not (sample > 0 and alpha > 0) or math.isinf(sample):
        return math.nan
    lower = _incomplete_gamma(alpha, sample)[1]
    step = 1e-5 * min(alpha, 1.0)
    slope = (_regularized(alpha + step, sample, lower) - _regularized(alpha - step, sample, lower)) / (2 * step)
    d_lower = slope if lower else -slope
    log_pdf = (alpha - 1) * math.log(sample) - sample - math.lgamma(alpha)
    return -d_lower / math.exp(log_pdf)
