"""Property tests: every differentiable op's tape gradient matches finite differences.

For each op in ``OPS`` Hypothesis draws shapes (broadcasting and size-1 axes where the op allows
them) and values from the op's domain (away from kinks and poles, so that central differences
are meaningful). Every input of a compared example has at least one element (an empty one would
compare nothing); size-0 inputs are checked on their own. In float64 the tape's Jacobian must
match finite differences tightly; the same inputs in float32 must give float32 gradients close
to the float64 ones. To second order (autograd's ``check_grads(order=2)``), the gradient of each
op's first derivative is checked against finite differences too.
``SKIPPED`` lists the public ops that are deliberately not checked, with the reason.
A coverage test fails when a public op is in neither table, so a new op cannot slip through.
"""

from __future__ import annotations

import inspect
from dataclasses import dataclass

import numpy as np
import pytest
from helpers import first_derivative, one_output
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import tapekit as tk
from tapekit._core.ops import array_ops

MAX_EXAMPLES = 10
SETTINGS = settings(max_examples=MAX_EXAMPLES, derandomize=True, deadline=None, database=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much,
                                           HealthCheck.data_too_large])


# ---------- value domains ----------
def interval(lo, hi):
    return st.floats(lo, hi, allow_nan=False, allow_infinity=False)


def away_from_zero(lo=0.1, hi=2.0):
    """Values in [-hi, -lo] or [lo, hi]: for ops with a kink or pole at 0."""
    return st.one_of(interval(lo, hi), interval(-hi, -lo))


def grid(offset, step=0.2, k=10):
    """Points ``offset + step*i``: two grids with different offsets never tie (maximum, minimum)."""
    return st.integers(-k, k).map(lambda i: offset + step * i)


ANY = interval(-2.0, 2.0)
POSITIVE = interval(0.1, 3.0)


def shapes(min_dims=0, max_dims=3, min_side=1, max_side=3):
    return hnp.array_shapes(min_dims=min_dims, max_dims=max_dims, min_side=min_side, max_side=max_side)


def array(shape, elements=ANY, unique=False):
    return hnp.arrays(np.float64, shape, elements=elements, unique=unique)


# ---------- case strategies: each draws (float arrays to differentiate, keyword arguments) ----------
def unary(elements=ANY, **shape_kw):
    return shapes(**shape_kw).flatmap(lambda s: array(s, elements)).map(lambda a: ([a], {}))


def binary(x_el=ANY, y_el=ANY, **shape_kw):
    kw = dict(num_shapes=2, min_dims=0, max_dims=3, min_side=1, max_side=3)
    kw.update(shape_kw)

    @st.composite
    def case(draw):
        shp = draw(hnp.mutually_broadcastable_shapes(**kw))
        x_shape, y_shape = shp.input_shapes
        return [draw(array(x_shape, x_el)), draw(array(y_shape, y_el))], {}

    return case()


@st.composite
def axis_of(draw, ndim, allow_none=True, allow_list=True):
    """None, an int (maybe negative) or a list of distinct axes of a rank-``ndim`` shape."""
    choices = ["int"] if ndim else []
    if allow_none:
        choices.append("none")
    if allow_list and ndim:
        choices.append("list")
    kind = draw(st.sampled_from(choices))
    if kind == "none":
        return None
    if kind == "int":
        return draw(st.integers(-ndim, ndim - 1))
    return draw(st.lists(st.integers(0, ndim - 1), min_size=1, max_size=ndim, unique=True))


def reduction(elements=ANY, unique=False, min_side=1, min_dims=0, keepdims=True, **axis_kw):
    @st.composite
    def case(draw):
        shape = draw(shapes(min_dims=min_dims, min_side=min_side))
        x = draw(array(shape, elements, unique))
        kw = {"axis": draw(axis_of(len(shape), **axis_kw))}
        if keepdims:
            kw["keepdims"] = draw(st.booleans())
        return [x], kw

    return case()


@st.composite
def axis_case(draw, elements=ANY, min_dims=1, min_side=1, flags=False):
    """One array and one int ``axis`` (softmax, cumsum, ...)."""
    shape = draw(shapes(min_dims=min_dims, min_side=min_side))
    kw = {"axis": draw(st.integers(-len(shape), len(shape) - 1))}
    if flags:
        kw["exclusive"], kw["reverse"] = draw(st.booleans()), draw(st.booleans())
    return [draw(array(shape, elements))], kw


@st.composite
def same_shape_list(draw, n_min=1, n_max=3, elements=ANY):
    shape = draw(shapes())
    return [draw(array(shape, elements)) for _ in range(draw(st.integers(n_min, n_max)))], {}


@st.composite
def matmul_case(draw):
    batch = draw(hnp.mutually_broadcastable_shapes(num_shapes=2, min_dims=0, max_dims=2, min_side=1, max_side=2))
    n, k, m = (draw(st.integers(1, 3)) for _ in range(3))
    ta, tb = draw(st.booleans()), draw(st.booleans())
    a = draw(array(batch.input_shapes[0] + ((k, n) if ta else (n, k))))
    b = draw(array(batch.input_shapes[1] + ((m, k) if tb else (k, m))))
    return [a, b], {"transpose_a": ta, "transpose_b": tb}


@st.composite
def matvec_case(draw):
    batch = draw(shapes(max_dims=1, max_side=2))
    n, k = draw(st.integers(1, 3)), draw(st.integers(1, 3))
    ta = draw(st.booleans())
    a = draw(array(batch + ((k, n) if ta else (n, k))))
    return [a, draw(array(batch + (k,)))], {"transpose_a": ta}


EINSUM = {"ij,jk->ik": [(2, 3), (3, 2)], "bij,bjk->bik": [(2, 2, 3), (2, 3, 1)], "i,i->": [(3,), (3,)],
          "ij->ji": [(2, 3)], "ij,j->i": [(2, 3), (3,)], "bi,bj->bij": [(2, 3), (2, 2)]}


@st.composite
def einsum_case(draw):
    eq = draw(st.sampled_from(sorted(EINSUM)))
    return [draw(array(s)) for s in EINSUM[eq]], {"equation": eq}


@st.composite
def tensordot_case(draw):
    shared = draw(shapes(min_dims=1, max_dims=2, min_side=1))
    a_shape = draw(shapes(max_dims=1)) + shared
    b_shape = shared + draw(shapes(max_dims=1))
    return [draw(array(a_shape)), draw(array(b_shape))], {"axes": len(shared)}


@st.composite
def square_matrix(draw, elements=ANY):
    n = draw(st.integers(1, 3))
    return [draw(array(draw(shapes(max_dims=1, max_side=2)) + (n, n), elements))], {}


@st.composite
def norm_case(draw):
    ord_ = draw(st.sampled_from(["euclidean", 1, np.inf]))
    shape = draw(shapes(min_dims=1, max_dims=2, min_side=1))
    # np.inf picks the largest |x|: distinct magnitudes avoid ties
    x = draw(array(shape, grid(0.05, 0.1, 20).filter(lambda v: abs(v) > 0.01), unique=ord_ == np.inf))
    if ord_ == np.inf:
        x = np.abs(x) * np.sign(draw(array(shape, away_from_zero())))
    axis = draw(st.one_of(st.none(), st.integers(-len(shape), len(shape) - 1)))
    if ord_ == np.inf and axis is None and len(shape) > 1:
        axis = -1
    return [x], {"ord": ord_, "axis": axis}


@st.composite
def bias_add_case(draw):
    shape = draw(shapes(min_dims=2))
    return [draw(array(shape)), draw(array(shape[-1:]))], {}


@st.composite
def labels_logits(draw, labels_el):
    shape = draw(shapes(min_dims=1, min_side=1))
    return [draw(array(shape, labels_el)), draw(array(shape))], {}


@st.composite
def sparse_xent_case(draw):
    batch, classes = draw(st.integers(1, 3)), draw(st.integers(1, 4))
    labels = np.array(draw(st.lists(st.integers(0, classes - 1), min_size=batch, max_size=batch)), np.int32)
    return [draw(array((batch, classes)))], {"labels": labels}


@st.composite
def moments_case(draw):
    shape = draw(shapes(min_dims=1, min_side=1))
    axes = draw(st.lists(st.integers(0, len(shape) - 1), min_size=1, max_size=len(shape), unique=True))
    return [draw(array(shape))], {"axes": axes, "keepdims": draw(st.booleans())}


@st.composite
def broadcast_to_case(draw):
    target = draw(shapes())
    shp = draw(hnp.broadcastable_shapes(target, min_dims=0, max_dims=len(target), min_side=1))
    return [draw(array(shp))], {"shape": target}


@st.composite
def concat_case(draw, stack=False):
    shape = draw(shapes(min_dims=0 if stack else 1))
    axis = draw(st.integers(-len(shape) - stack, len(shape) - 1 + stack))
    arrays = []
    for _ in range(draw(st.integers(1, 3))):
        s = list(shape)
        if not stack:
            s[axis] = draw(st.integers(1, 3))
        arrays.append(draw(array(tuple(s))))
    return arrays, {"axis": axis}


@st.composite
def expand_dims_case(draw):
    shape = draw(shapes())
    return [draw(array(shape))], {"axis": draw(st.integers(-len(shape) - 1, len(shape)))}


@st.composite
def gather_case(draw):
    shape = draw(shapes(min_dims=1, min_side=1))
    axis = draw(st.integers(-len(shape), len(shape) - 1))
    idx_shape = draw(shapes(max_dims=2))
    indices = draw(hnp.arrays(np.int32, idx_shape, elements=st.integers(0, shape[axis] - 1)))
    return [draw(array(shape))], {"indices": indices, "axis": axis}


@st.composite
def gather_nd_case(draw):
    shape = draw(shapes(min_dims=1, min_side=1))
    depth = draw(st.integers(1, len(shape)))
    n = draw(st.integers(1, 4))
    indices = np.array([[draw(st.integers(0, shape[d] - 1)) for d in range(depth)] for _ in range(n)],
                       np.int32).reshape(n, depth)
    return [draw(array(shape))], {"indices": indices}


@st.composite
def slice_key(draw, shape):
    key = []
    for n in shape:
        kind = draw(st.sampled_from(["slice", "int", "all"] if n else ["slice", "all"]))
        if kind == "int":
            key.append(draw(st.integers(-n, n - 1)))
        elif kind == "all":
            key.append(slice(None))
        else:
            start = draw(st.one_of(st.none(), st.integers(-n - 1, n + 1)))
            stop = draw(st.one_of(st.none(), st.integers(-n - 1, n + 1)))
            step = draw(st.sampled_from([None, 1, 2, -1, -2]))
            key.append(slice(start, stop, step))
    if draw(st.booleans()):
        key.insert(draw(st.integers(0, len(key))), None)  # tk.newaxis
    return tuple(key)


@st.composite
def getitem_case(draw):
    shape = draw(shapes(min_dims=1))
    return [draw(array(shape))], {"key": draw(slice_key(shape))}


@st.composite
def pad_case(draw):
    mode = draw(st.sampled_from(["CONSTANT", "REFLECT", "SYMMETRIC"]))
    shape = draw(shapes(min_dims=1, min_side=2))
    limit = {"CONSTANT": 2, "REFLECT": 1, "SYMMETRIC": 2}[mode]
    pads = [[draw(st.integers(0, limit)), draw(st.integers(0, limit))] for _ in shape]
    return [draw(array(shape))], {"paddings": pads, "mode": mode}


@st.composite
def reshape_case(draw):
    shape = draw(shapes())
    target = list(reversed(shape)) if draw(st.booleans()) else [-1]
    return [draw(array(shape))], {"shape": target}


@st.composite
def reverse_case(draw):
    shape = draw(shapes(min_dims=1))
    axes = draw(st.lists(st.integers(-len(shape), len(shape) - 1), max_size=1))
    return [draw(array(shape))], {"axis": axes}


@st.composite
def split_case(draw):
    shape = draw(shapes(min_dims=1, min_side=1))
    axis = draw(st.integers(0, len(shape) - 1))
    num = draw(st.sampled_from([d for d in range(1, shape[axis] + 1) if shape[axis] % d == 0]))
    return [draw(array(shape))], {"num_or_size_splits": num, "axis": axis}


@st.composite
def squeeze_case(draw):
    shape = list(draw(shapes(max_dims=2)))
    for _ in range(draw(st.integers(1, 2))):
        shape.insert(draw(st.integers(0, len(shape))), 1)
    ones = [i for i, d in enumerate(shape) if d == 1]
    axis = draw(st.one_of(st.none(), st.lists(st.sampled_from(ones), min_size=1, unique=True)))
    return [draw(array(tuple(shape)))], {"axis": axis}


@st.composite
def tile_case(draw):
    shape = draw(shapes(min_dims=1))
    return [draw(array(shape))], {"multiples": [draw(st.integers(1, 2)) for _ in shape]}


@st.composite
def transpose_case(draw):
    shape = draw(shapes())
    return [draw(array(shape))], {"perm": draw(st.permutations(range(len(shape))))}


@st.composite
def unstack_case(draw):
    shape = draw(shapes(min_dims=1))
    return [draw(array(shape))], {"axis": draw(st.integers(-len(shape), len(shape) - 1))}


@st.composite
def boolean_mask_case(draw):
    shape = draw(shapes(min_dims=1))
    k = draw(st.integers(1, len(shape)))
    return [draw(array(shape))], {"mask": draw(hnp.arrays(np.bool_, shape[:k]))}


@st.composite
def clip_case(draw):
    shape = draw(shapes())
    # grid points 0.05 + 0.1*i never come within 0.05 of the bounds -0.5 and 0.7
    return [draw(array(shape, grid(0.05, 0.1)))], {"clip_value_min": -0.5, "clip_value_max": 0.7}


@st.composite
def scatter_case(draw, with_tensor, unique):
    shape = draw(shapes(min_dims=1, min_side=1))
    depth = draw(st.integers(1, len(shape)))
    cells = [tuple(draw(st.integers(0, shape[d] - 1)) for d in range(depth)) for _ in range(draw(st.integers(1, 4)))]
    if unique:
        cells = list(dict.fromkeys(cells))
    indices = np.array(cells, np.int32).reshape(len(cells), depth)
    updates = draw(array((len(cells),) + shape[depth:]))
    if with_tensor:
        return [draw(array(shape)), updates], {"indices": indices}
    return [updates], {"indices": indices, "shape": list(shape)}


@st.composite
def where_case(draw):
    shp = draw(hnp.mutually_broadcastable_shapes(num_shapes=3, max_dims=3, min_side=1, max_side=3))
    cond = draw(hnp.arrays(np.bool_, shp.input_shapes[0]))
    return [draw(array(shp.input_shapes[1])), draw(array(shp.input_shapes[2]))], {"condition": cond}


# ---------- the op table ----------
@dataclass
class Op:
    fn: object                 # fn(*arrays_as_tensors, **kwargs) -> Tensor or list of Tensors
    cases: object              # strategy of (arrays, kwargs)
    rtol32: float = 2e-3       # float32 gradient vs float64 gradient


def call(f, **fixed):
    return lambda *xs, **kw: f(*xs, **fixed, **kw)


m, nn, la = tk.math, tk.nn, tk.linalg
OPS = {
    # element-wise, one input
    "math.abs": Op(m.abs, unary(away_from_zero())),
    "math.acos": Op(m.acos, unary(interval(-0.9, 0.9))),
    "math.asin": Op(m.asin, unary(interval(-0.9, 0.9))),
    "math.atan": Op(m.atan, unary(interval(-3, 3))),
    "math.conj": Op(m.conj, unary()),
    "math.cos": Op(m.cos, unary()),
    "math.cosh": Op(m.cosh, unary()),
    "math.erf": Op(m.erf, unary()),
    "math.exp": Op(m.exp, unary()),
    "math.expm1": Op(m.expm1, unary()),
    "math.log": Op(m.log, unary(POSITIVE)),
    "math.log1p": Op(m.log1p, unary(interval(-0.9, 3))),
    "math.negative": Op(m.negative, unary()),
    "math.reciprocal": Op(m.reciprocal, unary(away_from_zero(0.2))),
    "math.rsqrt": Op(m.rsqrt, unary(POSITIVE)),
    "math.sigmoid": Op(m.sigmoid, unary(interval(-5, 5))),
    "math.sign": Op(m.sign, unary(away_from_zero())),
    "math.sin": Op(m.sin, unary()),
    "math.sinh": Op(m.sinh, unary()),
    "math.softplus": Op(m.softplus, unary(interval(-5, 5))),
    "math.sqrt": Op(m.sqrt, unary(POSITIVE)),
    "math.square": Op(m.square, unary()),
    "math.tan": Op(m.tan, unary(interval(-1.2, 1.2)), rtol32=5e-3),
    "math.tanh": Op(m.tanh, unary()),
    "identity": Op(tk.identity, unary()),
    "nn.elu": Op(nn.elu, unary(away_from_zero(0.05))),
    "nn.gelu": Op(nn.gelu, unary().flatmap(lambda c: st.booleans().map(lambda a: (c[0], {"approximate": a})))),
    "nn.leaky_relu": Op(nn.leaky_relu, unary(away_from_zero(0.05)).flatmap(
        lambda c: st.sampled_from([0.1, 0.2, 0.5]).map(lambda a: (c[0], {"alpha": a})))),
    "nn.relu": Op(nn.relu, unary(away_from_zero(0.05))),
    "nn.relu6": Op(nn.relu6, unary(st.one_of(interval(-2, -0.1), interval(0.1, 5.9), interval(6.1, 8)))),
    "nn.selu": Op(nn.selu, unary(away_from_zero(0.05))),
    "nn.l2_loss": Op(nn.l2_loss, unary()),
    # element-wise, two inputs (broadcasting)
    "math.add": Op(m.add, binary()),
    "math.subtract": Op(m.subtract, binary()),
    "math.multiply": Op(m.multiply, binary()),
    "math.divide": Op(m.divide, binary(y_el=away_from_zero(0.3))),
    "math.truediv": Op(m.truediv, binary(y_el=away_from_zero(0.3))),
    "realdiv": Op(tk.realdiv, binary(y_el=away_from_zero(0.3))),
    "math.divide_no_nan": Op(m.divide_no_nan, binary(y_el=away_from_zero(0.3))),
    "math.maximum": Op(m.maximum, binary(grid(0.05), grid(0.15))),
    "math.minimum": Op(m.minimum, binary(grid(0.05), grid(0.15))),
    "math.pow": Op(m.pow, binary(interval(0.2, 2), interval(-2, 2))),
    "math.squared_difference": Op(m.squared_difference, binary()),
    # y away from 0: atan2 jumps by 2*pi across its branch cut y=0, x<0
    "math.atan2": Op(m.atan2, binary(away_from_zero(0.2), ANY)),
    # x/y stays >= 0.025 away from an integer: floormod is smooth there
    "math.floormod": Op(m.floormod, binary(grid(0.1, 0.25), st.sampled_from([1.0, 2.0, 4.0, -1.0, -2.0]))),
    "math.mod": Op(m.mod, binary(grid(0.1, 0.25), st.sampled_from([1.0, 2.0, -4.0]))),
    "math.add_n": Op(lambda *xs: m.add_n(list(xs)), same_shape_list()),
    "math.accumulate_n": Op(lambda *xs: m.accumulate_n(list(xs)), same_shape_list()),
    "math.polyval": Op(lambda x: m.polyval([tk.cast(c, x.dtype) for c in (1.5, -2.0, 0.5)], x), unary(interval(-2, 2))),
    "nn.crelu": Op(nn.crelu, unary(away_from_zero(0.05), min_dims=1)),
    "nn.compute_average_loss": Op(nn.compute_average_loss, unary(min_dims=1)),
    "nn.scale_regularization_loss": Op(nn.scale_regularization_loss, unary()),
    "nn.log_poisson_loss": Op(lambda x: nn.log_poisson_loss(tk.ones_like(x) * 2.0, x), unary(interval(-2, 2))),
    "nn.weighted_cross_entropy_with_logits": Op(
        lambda x: nn.weighted_cross_entropy_with_logits(tk.ones_like(x) * 0.3, x, 2.0),
        unary(away_from_zero(0.1, 3.0))),   # TF's formula has kinks at 0 (abs, max) that cancel only in value
    "where": Op(lambda x, y, condition: tk.where(condition, x, y), where_case()),
    "clip_by_value": Op(tk.clip_by_value, clip_case()),
    # reductions and scans
    "math.reduce_sum": Op(m.reduce_sum, reduction()),
    "math.reduce_mean": Op(m.reduce_mean, reduction(min_side=1)),
    "math.reduce_prod": Op(m.reduce_prod, reduction(away_from_zero(0.3, 1.5))),
    "math.reduce_max": Op(m.reduce_max, reduction(grid(0.05, 0.1, 30), unique=True, min_side=1)),
    "math.reduce_min": Op(m.reduce_min, reduction(grid(0.05, 0.1, 30), unique=True, min_side=1)),
    "math.reduce_logsumexp": Op(m.reduce_logsumexp, reduction(min_side=1)),
    "math.reduce_variance": Op(m.reduce_variance, reduction(min_side=1)),
    # std of a single value is 0, where sqrt has no derivative: reduce at least 2 distinct values
    "math.reduce_std": Op(m.reduce_std, reduction(grid(0.05, 0.1, 30), unique=True, min_side=2, min_dims=1)),
    "math.cumsum": Op(m.cumsum, axis_case(flags=True)),
    "math.cumprod": Op(m.cumprod, axis_case(away_from_zero(0.3, 1.5), flags=True)),
    "nn.l2_normalize": Op(nn.l2_normalize, axis_case(away_from_zero(), min_side=1)),
    "nn.softmax": Op(nn.softmax, axis_case()),
    "nn.log_softmax": Op(nn.log_softmax, axis_case()),
    "nn.moments": Op(nn.moments, moments_case()),
    "nn.bias_add": Op(nn.bias_add, bias_add_case()),
    "nn.sigmoid_cross_entropy_with_logits": Op(
        lambda labels, logits: nn.sigmoid_cross_entropy_with_logits(labels=labels, logits=logits),
        labels_logits(interval(0, 1))),
    # TF's fused gradient (softmax - labels) needs rows of labels that sum to 1: normalise them
    "nn.softmax_cross_entropy_with_logits": Op(
        lambda labels, logits: nn.softmax_cross_entropy_with_logits(
            labels / tk.reduce_sum(labels, -1, keepdims=True), logits),
        labels_logits(interval(0.1, 1))),
    "nn.sparse_softmax_cross_entropy_with_logits": Op(
        lambda logits, labels: nn.sparse_softmax_cross_entropy_with_logits(labels=labels, logits=logits),
        sparse_xent_case()),
    # linear algebra
    "linalg.matmul": Op(la.matmul, matmul_case()),
    "linalg.matvec": Op(la.matvec, matvec_case()),
    "linalg.einsum": Op(lambda *xs, equation: la.einsum(equation, *xs), einsum_case()),
    "linalg.tensordot": Op(la.tensordot, tensordot_case()),
    "linalg.norm": Op(la.norm, norm_case()),
    "linalg.trace": Op(la.trace, square_matrix()),
    "linalg.diag_part": Op(la.diag_part, square_matrix()),
    "linalg.matrix_transpose": Op(la.matrix_transpose, square_matrix()),
    "linalg.adjoint": Op(la.adjoint, square_matrix()),
    # array ops
    "broadcast_to": Op(tk.broadcast_to, broadcast_to_case()),
    "concat": Op(lambda *xs, axis: tk.concat(list(xs), axis), concat_case()),
    "stack": Op(lambda *xs, axis: tk.stack(list(xs), axis), concat_case(stack=True)),
    "expand_dims": Op(tk.expand_dims, expand_dims_case()),
    "gather": Op(lambda x, indices, axis: tk.gather(x, indices, axis=axis), gather_case()),
    "gather_nd": Op(lambda x, indices: tk.gather_nd(x, indices), gather_nd_case()),
    "getitem": Op(lambda x, key: x[key], getitem_case()),
    "pad": Op(tk.pad, pad_case()),
    "reshape": Op(tk.reshape, reshape_case()),
    "reverse": Op(tk.reverse, reverse_case()),
    "split": Op(tk.split, split_case()),
    "squeeze": Op(tk.squeeze, squeeze_case()),
    "tile": Op(tk.tile, tile_case()),
    "transpose": Op(tk.transpose, transpose_case()),
    "unstack": Op(tk.unstack, unstack_case()),
    "boolean_mask": Op(tk.boolean_mask, boolean_mask_case()),
    "scatter_nd": Op(lambda u, indices, shape: tk.scatter_nd(indices, u, shape), scatter_case(False, False)),
    "tensor_scatter_nd_add": Op(lambda t, u, indices: tk.tensor_scatter_nd_add(t, indices, u),
                                scatter_case(True, False)),
    "tensor_scatter_nd_update": Op(lambda t, u, indices: tk.tensor_scatter_nd_update(t, indices, u),
                                   scatter_case(True, True)),
    "tensor_scatter_nd_sub": Op(lambda t, u, indices: tk.tensor_scatter_nd_sub(t, indices, u),
                                scatter_case(True, False)),
}

# Public ops deliberately not checked here, with the reason.
_NO_FLOAT_OUTPUT = "boolean or integer output: not differentiable (TF registers no gradient)"
SKIPPED = {
    **{name: "piecewise (min/max of tensor and updates): random points can tie, where no derivative exists; "
             "checked at tie-free points in tests/core/test_slice_scatter_checks.py"
       for name in ("tensor_scatter_nd_min", "tensor_scatter_nd_max")},
    **{name: _NO_FLOAT_OUTPUT for name in (
        "math.argmax", "math.argmin", "math.equal", "math.not_equal", "math.greater", "math.greater_equal",
        "math.less", "math.less_equal", "math.is_finite", "math.is_inf", "math.is_nan", "math.logical_and",
        "math.logical_not", "math.logical_or", "math.logical_xor", "math.reduce_all", "math.reduce_any",
        "shape", "rank", "size", "where_indices")},
    **{name: "piecewise constant: TF's gradient is None (checked in test_rounding_ops_have_no_gradient)"
       for name in ("math.ceil", "math.floor", "math.round")},
    "math.floordiv": "piecewise constant; TF registers no gradient for FloorDiv",
    **{name: "complex parts: checked on complex inputs in tests/fidelity/test_fidelity_grads_complex.py"
       for name in ("math.real", "math.imag", "math.angle")},
    "nn.sigmoid": "same function object as math.sigmoid",
    "nn.softplus": "same function object as math.softplus",
    "nn.tanh": "same function object as math.tanh",
    "linalg.l2_normalize": "same function object as nn.l2_normalize",
    "math.l2_normalize": "same function object as nn.l2_normalize",
    "strided_slice": "the engine of Tensor indexing: covered by 'getitem'",
    "scatter_add": "internal helper on backend arrays (not an op)",
}


def _public_ops() -> set:
    names = set()
    for prefix, mod in (("math", tk.math), ("nn", tk.nn), ("linalg", tk.linalg)):
        names.update(f"{prefix}.{n}" for n in dir(mod)
                     if not n.startswith("_") and inspect.isfunction(getattr(mod, n)))
    names.update(n for n in dir(array_ops) if not n.startswith("_") and inspect.isfunction(getattr(array_ops, n))
                 and getattr(array_ops, n).__module__ == array_ops.__name__)
    return names


def test_every_public_op_is_checked_or_skipped_with_a_reason():
    from test_api_gradients import API_OPS, API_SKIPPED  # the part C ops' table (imports this module)

    ops, skipped = {**OPS, **API_OPS}, {**SKIPPED, **API_SKIPPED}
    tested = {n for n in ops} | {n.split(".", 1)[1] for n in ops if n.startswith(("math.", "nn.", "linalg."))}
    missing = sorted(n for n in _public_ops() if n not in ops and n not in skipped and n not in tested)
    assert not missing, f"ops in neither OPS nor SKIPPED: {missing}"
    assert not set(ops) & set(skipped)


# ---------- the checks ----------
_one_output = one_output   # the name test_api_gradients imports


def nonempty(cases):
    """Only the examples whose every input has an element: an empty one compares nothing."""
    return cases.filter(lambda case: all(np.size(a) for a in case[0]))


def _tape_gradients(op, arrays, kwargs, dtype):
    xs = [tk.constant(a.astype(dtype)) for a in arrays]
    with tk.GradientTape() as tape:
        tape.watch(xs)
        y = _one_output(op.fn(*xs, **kwargs), xs[0].dtype)
    grads = tape.gradient(y, xs, unconnected_gradients="zero")
    return y, [tk.convert_to_tensor(g) for g in grads]  # gather's IndexedSlices, made dense


@pytest.mark.parametrize("name", sorted(OPS))
def test_gradient_matches_finite_differences(name):
    op = OPS[name]

    @SETTINGS
    @given(nonempty(op.cases))
    def check(case):
        arrays, kwargs = case
        tk.test.check_gradients(lambda *xs: _one_output(op.fn(*xs, **kwargs)), *arrays)
        # float32 in, float32 gradients out, close to the float64 ones
        _, g64 = _tape_gradients(op, arrays, kwargs, np.float64)
        y32, g32 = _tape_gradients(op, arrays, kwargs, np.float32)
        assert y32.dtype == tk.float32
        for a, g, ref in zip(arrays, g32, g64):
            assert g.dtype == tk.float32, f"{name}: float32 input got a {g.dtype.name} gradient"
            assert tuple(g.shape) == a.shape
            scale = max(1.0, float(np.max(np.abs(ref.numpy()), initial=0.0)))
            np.testing.assert_allclose(g.numpy(), ref.numpy(), rtol=op.rtol32, atol=op.rtol32 * scale)

    check()


# Second order costs a nested Jacobian: fewer examples. Ops whose gradient is not itself
# differentiable, or only where finite differences cannot see it, are listed with the reason.
SECOND_ORDER_EXAMPLES = 3
NO_SECOND_ORDER = {
    "nn.moments": "TF's moments subtracts stop_gradient(mean) for the variance: its first derivative is the "
                  "true one, its second leaves out the mean's term (as TF's)",
    "nn.softmax_cross_entropy_with_logits": "TF's fused gradient (softmax - labels) is differentiated in the "
                                            "logits only: the labels' second-order term is left out, as in TF",
}


@pytest.mark.parametrize("name", sorted(set(OPS) - set(NO_SECOND_ORDER)))
def test_second_order_matches_finite_differences(name):
    op = OPS[name]

    @settings(SETTINGS, max_examples=SECOND_ORDER_EXAMPLES)
    @given(nonempty(op.cases), st.integers(0, 2 ** 16))
    def check(case, seed):
        arrays, kwargs = case
        def f(*xs):
            return op.fn(*xs, **kwargs)
        y = one_output(f(*[tk.constant(a) for a in arrays]))
        weights = np.random.default_rng(seed).uniform(0.5, 1.5, size=tuple(y.shape))
        tk.test.check_gradients(first_derivative(f, weights), *arrays, atol=1e-5, rtol=1e-4)

    check()


# Size-0 inputs, which the property tests above leave out: gradients of the input's (empty) shape.
EMPTY_CASES = {
    "math.exp": ([(0, 3)], {}),
    "math.square": ([(0, 3)], {}),
    "nn.relu": ([(0, 3)], {}),
    "math.add": ([(0, 3), (3,)], {}),
    "math.multiply": ([(0, 3), (0, 3)], {}),
    "math.divide": ([(0, 3), (1, 3)], {}),
    "math.reduce_sum": ([(0, 3)], {"axis": 0}),
    "math.reduce_prod": ([(2, 0)], {"axis": 1}),
    "linalg.matmul": ([(2, 0), (0, 3)], {}),
    "concat": ([(0, 3), (2, 3)], {"axis": 0}),
    "transpose": ([(0, 3)], {"perm": [1, 0]}),
    "reshape": ([(0, 3)], {"shape": [3, 0]}),
}


@pytest.mark.parametrize("name", sorted(EMPTY_CASES))
def test_size_zero_inputs_get_gradients_of_their_shape(name):
    shapes_, kwargs = EMPTY_CASES[name]
    xs = [tk.constant(np.ones(s)) for s in shapes_]
    with tk.GradientTape() as tape:
        tape.watch(xs)
        y = OPS[name].fn(*xs, **kwargs)
    for x, g in zip(xs, tape.gradient(y, xs, unconnected_gradients="zero")):
        assert g.dtype == tk.float64 and tuple(g.shape) == tuple(x.shape)
        assert np.all(np.isfinite(g.numpy()))


@pytest.mark.parametrize("fn", [tk.math.ceil, tk.math.floor, tk.math.round])
def test_rounding_ops_have_no_gradient(fn):
    x = tk.constant([0.3, 1.7, -2.2])
    with tk.GradientTape() as tape:
        tape.watch(x)
        y = fn(x)
    assert tape.gradient(y, x) is None


@pytest.mark.parametrize("equation, shapes", [
    ("ii->i", [(3, 3)]), ("ii->", [(3, 3)]), ("iij->j", [(3, 3, 2)]), ("iji->j", [(3, 2, 3)]),
    ("iii->i", [(2, 2, 2)]), ("ii,i->i", [(3, 3), (3,)]), ("ij,jj->i", [(3, 2), (2, 2)]),
    ("...ii->...i", [(2, 3, 3)]), ("...ij,...jk->...ik", [(2, 3, 2), (2, 4)]), ("ii", [(3, 3)]),
])
def test_einsum_repeated_index_and_ellipsis_gradients(equation, shapes):
    """TF differentiates these (values in tests/tf_cases/grads/einsum_repeated_index.py)."""
    rng = np.random.default_rng(0)
    xs = [rng.normal(size=s) for s in shapes]
    tk.test.check_gradients(lambda *a: tk.linalg.einsum(equation, *a), *xs)
    # second order: the gradient of sum(grad^2) against finite differences of the gradient
    def grad_norm(*a):
        with tk.GradientTape() as tape:
            tape.watch(list(a))
            y = tk.reduce_sum(tk.square(tk.linalg.einsum(equation, *a)))
        return tk.add_n([tk.reduce_sum(tk.square(g)) for g in tape.gradient(y, list(a))])
    tk.test.check_gradients(grad_norm, *xs)
