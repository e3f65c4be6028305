"""The calls of ``tools/bad_calls.py``: public functions as call templates, and the bad values per role.

A spec is ``(name, template, {slot: (good value, role)})``: the template is TF code with one ``{slot}``
per argument under test and ``{kw}`` where an unknown keyword goes. ``BAD[role]`` lists the bad values
``(kind, code)`` of that role. ``PRELUDE`` defines the values and helpers the calls use.
"""

from __future__ import annotations

PRELUDE = r'''
t = tf.reshape(tf.range(6.0), (2, 3))
v = tf.constant([1.0, 2.0, 3.0])
m = tf.constant([[2.0, 1.0], [1.0, 3.0]])
i = tf.constant([0, 1, 2])
s = tf.constant(["a b", "c"])
logits = tf.constant([[1.0, 2.0, 3.0], [1.0, 0.0, -1.0]])
probs = tf.constant([[0.2, 0.3, 0.5], [0.6, 0.3, 0.1]])

class StateChanged(Exception):
    """A failed call changed the variable or the optimizer it was given."""

def on_tape(method, *args, **kwargs):
    """GradientTape.<method> with "X" (a watched variable), "Y" (a scalar) and "Z" (a vector) named."""
    x = tf.Variable([1.0, 2.0, 3.0])
    with tf.GradientTape(persistent=True) as g:
        y = tf.reduce_sum(x * x)
        z = x * 2.0
    names = {"X": x, "Y": y, "Z": z}
    args = [names.get(a, a) if isinstance(a, str) else a for a in args]
    return getattr(g, method)(*args, **kwargs)

def watch(value):
    with tf.GradientTape() as g:
        g.watch(value)
    return "watched"

def on_variable(method, *args, **kwargs):
    """Variable.<method>; when it fails, the variable must hold what it held."""
    w = tf.Variable([1.0, 2.0, 3.0])
    try:
        return getattr(w, method)(*args, **kwargs)
    except Exception:
        if w.numpy().tolist() != [1.0, 2.0, 3.0]:
            raise StateChanged(method)
        raise

def opt_step(opt, grads, variables="W"):
    """One apply_gradients; when it fails, neither the variable nor opt.iterations may have moved."""
    w = tf.Variable([1.0, 2.0, 3.0])
    variables = [w] if variables == "W" else variables
    try:
        opt.apply_gradients(zip(grads, variables))
        return w
    except Exception:
        if w.numpy().tolist() != [1.0, 2.0, 3.0] or int(opt.iterations.numpy()) != 0:
            raise StateChanged("apply_gradients")
        raise

def set_seed(*args, **kwargs):
    """tf.random.set_seed, then the global seed cleared again (later calls draw as before)."""
    try:
        return tf.random.set_seed(*args, **kwargs)
    finally:
        tf.random.set_seed(None)

def elements(ds):
    import itertools
    return list(itertools.islice(ds, 20))
'''

_PYTYPE = [("pytype", "None"), ("pytype", "object()"), ("pytype", "{'a': 1}"), ("pytype", "'a'")]
BAD = {
    "x": _PYTYPE
    + [
        ("dtype", "tf.constant([True, False, True])"),
        ("dtype", "tf.constant(['a', 'b', 'c'])"),
        ("dtype", "tf.constant([1 + 1j, 2j, 3j])"),
        ("dtype", "tf.constant([1, 2, 3])"),
        ("shape", "tf.ones([4, 5])"),
        ("shape", "tf.ones([2, 2, 2, 2])"),
    ],
    "axis": [
        ("axis", "7"),
        ("axis", "-7"),
        ("axis", "(0,)"),
        ("axis", "[0, 0]"),
        ("axis", "[0, 0.5]"),
        ("pytype", "1.5"),
        ("pytype", "'a'"),
        ("pytype", "None"),
        ("pytype", "object()"),
        ("dtype", "tf.constant(0.5)"),
        ("huge", "2**40"),
    ],
    "shape": [
        ("shape", "[-1, 3]"),
        ("shape", "[-5]"),
        ("shape", "[[2, 3]]"),
        ("huge", "[2**31, 2**31]"),
        ("huge", "[10**6, 10**6]"),
        ("huge", "[2**63]"),
        ("pytype", "2.5"),
        ("pytype", "None"),
        ("pytype", "'a'"),
        ("pytype", "object()"),
        ("pytype", "{'a': 1}"),
        ("dtype", "[2.0, 3.0]"),
        ("dtype", "tf.constant([True])"),
    ],
    "count": [
        ("pytype", "2.5"),
        ("pytype", "'a'"),
        ("pytype", "None"),
        ("pytype", "object()"),
        ("shape", "-3"),
        ("huge", "2**40"),
        ("shape", "[2]"),
        ("dtype", "tf.constant(2.0)"),
        ("dtype", "True"),
    ],
    "float": [
        ("pytype", "'a'"),
        ("pytype", "None"),
        ("pytype", "object()"),
        ("shape", "[0.1, 0.2]"),
        ("dtype", "1j"),
        ("shape", "-0.5"),
        ("huge", "1e300"),
    ],
    "rate": [
        ("shape", "-0.5"),
        ("shape", "1.5"),
        ("pytype", "'a'"),
        ("pytype", "None"),
        ("pytype", "object()"),
        ("shape", "[0.1, 0.2]"),
        ("dtype", "1j"),
    ],
    "bool": [("pytype", "'yes'"), ("pytype", "2"), ("pytype", "None"), ("pytype", "[True]"), ("pytype", "object()")],
    "enum": [("enum", "'x'"), ("enum", "None"), ("enum", "3"), ("enum", "'valid '"), ("enum", "''")],
    "dtype": [
        ("dtype", "'x'"),
        ("dtype", "object()"),
        ("dtype", "5"),
        ("dtype", "'float33'"),
        ("dtype", "tf.string"),
        ("dtype", "np.dtype('O')"),
    ],
    "list": [
        ("pytype", "1.5"),
        ("pytype", "None"),
        ("pytype", "object()"),
        ("pytype", "[t, 'a']"),
        ("shape", "[t, tf.ones([4])]"),
        ("shape", "[]"),
        ("dtype", "[t, tf.constant([[1, 2, 3], [4, 5, 6]])]"),
        ("pytype", "{'a': 1}"),
    ],
    "fn": [("pytype", "1"), ("pytype", "'a'"), ("pytype", "None"), ("shape", "lambda: 0")],
    "indices": [
        ("shape", "[5]"),
        ("shape", "[-9]"),
        ("dtype", "[0.5]"),
        ("pytype", "'a'"),
        ("huge", "[2**32 + 1]"),
        ("pytype", "None"),
        ("dtype", "tf.constant([True])"),
        ("pytype", "object()"),
    ],
    "labels": [
        ("dtype", "tf.constant([0.5, 1.0])"),
        ("dtype", "['a', 'b']"),
        ("pytype", "None"),
        ("shape", "[5, 9]"),
        ("shape", "[[0, 1]]"),
        ("shape", "[0, 1, 2]"),
        ("pytype", "object()"),
    ],
    "seed": [("pytype", "'a'"), ("pytype", "1.5"), ("huge", "2**70"), ("pytype", "object()"), ("shape", "[1, 2, 3]")],
    "units": [
        ("pytype", "2.5"),
        ("pytype", "'a'"),
        ("pytype", "None"),
        ("shape", "-3"),
        ("shape", "0"),
        ("pytype", "object()"),
        ("huge", "2**40"),
    ],
    "string": [
        ("dtype", "tf.constant([1.0])"),
        ("pytype", "None"),
        ("pytype", "object()"),
        ("dtype", "5"),
        ("dtype", "tf.constant([True])"),
    ],
    "lengths": [("length", "[1, 2, 3, 4, 5]"), ("length", "[[1.0], [2.0, 3.0]]"), ("length", "[]")],
    "source": [
        ("pytype", "'a'"),
        ("pytype", "None"),
        ("pytype", "object()"),
        ("pytype", "1.5"),
        ("shape", "[tf.constant(1.0), 'X']"),
    ],
}

# Specs whose values come from random numbers drawn in a process that ran other calls before: their
# values are compared by dtype and shape only.
RANDOM = ("random.", "nn.dropout", "Dense", "Embedding", "Dropout", "data.shuffle")

_X = ("v", "x")
_T = ("t", "x")
_AX = ("0", "axis")
SPECS = [
    # tk.* math and creation
    ("add", "tf.add({x}, {y}{kw})", {"x": _X, "y": _X}),
    ("subtract", "tf.subtract({x}, {y}{kw})", {"x": _X, "y": _X}),
    ("multiply", "tf.multiply({x}, {y}{kw})", {"x": _X, "y": _X}),
    ("divide", "tf.divide({x}, {y}{kw})", {"x": _X, "y": _X}),
    ("pow", "tf.pow({x}, {y}{kw})", {"x": _X, "y": _X}),
    ("maximum", "tf.maximum({x}, {y}{kw})", {"x": _X, "y": _X}),
    ("matmul", "tf.matmul({a}, {b}{kw})", {"a": ("m", "x"), "b": ("m", "x")}),
    ("matmul.transpose_a", "tf.matmul(m, m, transpose_a={b}{kw})", {"b": ("True", "bool")}),
    ("abs", "tf.abs({x}{kw})", {"x": _X}),
    ("exp", "tf.exp({x}{kw})", {"x": _X}),
    ("sqrt", "tf.sqrt({x}{kw})", {"x": _X}),
    ("square", "tf.square({x}{kw})", {"x": _X}),
    ("round", "tf.round({x}{kw})", {"x": _X}),
    ("sign", "tf.sign({x}{kw})", {"x": _X}),
    ("negative", "tf.negative({x}{kw})", {"x": _X}),
    ("sigmoid", "tf.sigmoid({x}{kw})", {"x": _X}),
    ("tanh", "tf.tanh({x}{kw})", {"x": _X}),
    ("reduce_sum", "tf.reduce_sum({x}, {axis}{kw})", {"x": _T, "axis": _AX}),
    ("reduce_mean", "tf.reduce_mean({x}, {axis}{kw})", {"x": _T, "axis": _AX}),
    ("reduce_max", "tf.reduce_max({x}, {axis}{kw})", {"x": _T, "axis": _AX}),
    ("reduce_min", "tf.reduce_min({x}, axis={axis}{kw})", {"x": _T, "axis": _AX}),
    ("reduce_prod", "tf.reduce_prod({x}, axis={axis}{kw})", {"x": _T, "axis": _AX}),
    ("reduce_any", "tf.reduce_any(t > 1.0, axis={axis}{kw})", {"axis": _AX}),
    ("reduce_sum.keepdims", "tf.reduce_sum(t, 0, keepdims={k}{kw})", {"k": ("True", "bool")}),
    ("argmax", "tf.argmax({x}, {axis}{kw})", {"x": _T, "axis": _AX}),
    ("argmin", "tf.argmin(t, {axis}, output_type={d}{kw})", {"axis": _AX, "d": ("tf.int32", "dtype")}),
    ("cumsum", "tf.cumsum({x}, {axis}, reverse={r}{kw})", {"x": _T, "axis": _AX, "r": ("True", "bool")}),
    ("cumprod", "tf.math.cumprod(t, {axis}, exclusive={e}{kw})", {"axis": _AX, "e": ("True", "bool")}),
    ("concat", "tf.concat({values}, {axis}{kw})", {"values": ("[t, t]", "list"), "axis": _AX}),
    ("stack", "tf.stack({values}, {axis}{kw})", {"values": ("[t, t]", "list"), "axis": _AX}),
    ("unstack", "tf.unstack({x}, num={num}, axis={axis}{kw})", {"x": _T, "num": ("2", "count"), "axis": _AX}),
    ("split", "tf.split(t, {n}, axis={axis}{kw})", {"n": ("3", "count"), "axis": ("1", "axis")}),
    ("split.sizes", "tf.split(t, {sizes}, axis=1{kw})", {"sizes": ("[1, 2]", "lengths")}),
    ("reshape", "tf.reshape({x}, {shape}{kw})", {"x": _T, "shape": ("[3, 2]", "shape")}),
    ("transpose", "tf.transpose({x}, perm={perm}{kw})", {"x": _T, "perm": ("[1, 0]", "shape")}),
    ("expand_dims", "tf.expand_dims({x}, {axis}{kw})", {"x": _T, "axis": _AX}),
    ("squeeze", "tf.squeeze(tf.ones([1, 3]), {axis}{kw})", {"axis": _AX}),
    ("tile", "tf.tile({x}, {multiples}{kw})", {"x": _T, "multiples": ("[2, 1]", "shape")}),
    ("broadcast_to", "tf.broadcast_to({x}, {shape}{kw})", {"x": _X, "shape": ("[2, 3]", "shape")}),
    ("reverse", "tf.reverse(t, {axis}{kw})", {"axis": ("[0]", "axis")}),
    (
        "pad",
        "tf.pad(t, {paddings}, mode={mode}{kw})",
        {"paddings": ("[[1, 1], [0, 0]]", "shape"), "mode": ("'CONSTANT'", "enum")},
    ),
    (
        "gather",
        "tf.gather({params}, {indices}, axis={axis}{kw})",
        {"params": _T, "indices": ("[1, 0]", "indices"), "axis": _AX},
    ),
    ("gather.batch_dims", "tf.gather(t, [[0], [1]], batch_dims={b}{kw})", {"b": ("1", "count")}),
    ("gather_nd", "tf.gather_nd(t, {indices}{kw})", {"indices": ("[[0, 1]]", "indices")}),
    ("one_hot", "tf.one_hot({indices}, {depth}{kw})", {"indices": ("[0, 2]", "labels"), "depth": ("3", "count")}),
    ("zeros", "tf.zeros({shape}, dtype={d}{kw})", {"shape": ("[2, 3]", "shape"), "d": ("tf.float32", "dtype")}),
    ("ones", "tf.ones({shape}{kw})", {"shape": ("[2, 3]", "shape")}),
    ("fill", "tf.fill({dims}, {value}{kw})", {"dims": ("[2, 3]", "shape"), "value": ("1.0", "float")}),
    ("zeros_like", "tf.zeros_like({x}, dtype={d}{kw})", {"x": _X, "d": ("tf.float32", "dtype")}),
    ("ones_like", "tf.ones_like({x}{kw})", {"x": _X}),
    ("range", "tf.range({limit}, delta={d}{kw})", {"limit": ("5", "count"), "d": ("1", "count")}),
    ("linspace", "tf.linspace(0.0, 1.0, {num}{kw})", {"num": ("5", "count")}),
    ("eye", "tf.eye({n}, num_columns={c}{kw})", {"n": ("2", "count"), "c": ("3", "count")}),
    (
        "constant",
        "tf.constant({value}, dtype={d}, shape={shape}{kw})",
        {"value": ("1.0", "float"), "d": ("tf.float32", "dtype"), "shape": ("[2, 3]", "shape")},
    ),
    ("constant.value", "tf.constant({value}{kw})", {"value": ("[1.0, 2.0]", "lengths")}),
    (
        "convert_to_tensor",
        "tf.convert_to_tensor({value}, dtype={d}{kw})",
        {"value": ("[1.0, 2.0]", "lengths"), "d": ("tf.float32", "dtype")},
    ),
    ("cast", "tf.cast({x}, {d}{kw})", {"x": _X, "d": ("tf.int32", "dtype")}),
    ("identity", "tf.identity({x}{kw})", {"x": _X}),
    ("shape", "tf.shape({x}, out_type={d}{kw})", {"x": _T, "d": ("tf.int32", "dtype")}),
    ("size", "tf.size({x}{kw})", {"x": _T}),
    ("rank", "tf.rank({x}{kw})", {"x": _T}),
    ("where", "tf.where({c}, {x}, {y}{kw})", {"c": ("v > 1.0", "x"), "x": _X, "y": _X}),
    ("where.condition", "tf.where({c}{kw})", {"c": ("v > 1.0", "x")}),
    ("boolean_mask", "tf.boolean_mask(v, {mask}{kw})", {"mask": ("[True, False, True]", "labels")}),
    (
        "clip_by_value",
        "tf.clip_by_value({x}, {lo}, {hi}{kw})",
        {"x": _X, "lo": ("0.0", "float"), "hi": ("2.0", "float")},
    ),
    (
        "clip_by_norm",
        "tf.clip_by_norm({x}, {c}, axes={axes}{kw})",
        {"x": _T, "c": ("1.0", "float"), "axes": ("[1]", "axis")},
    ),
    ("clip_by_global_norm", "tf.clip_by_global_norm({ts}, {c}{kw})", {"ts": ("[t, v]", "list"), "c": ("1.0", "float")}),
    ("norm", "tf.norm({x}, ord={o}, axis={axis}{kw})", {"x": _T, "o": ("'euclidean'", "enum"), "axis": _AX}),
    ("tensordot", "tf.tensordot(t, tf.transpose(t), {axes}{kw})", {"axes": ("1", "axis")}),
    ("einsum", "tf.einsum({eq}, t, tf.transpose(t){kw})", {"eq": ("'ij,jk->ik'", "enum")}),
    (
        "sort",
        "tf.sort({x}, axis={axis}, direction={d}{kw})",
        {"x": _X, "axis": ("-1", "axis"), "d": ("'DESCENDING'", "enum")},
    ),
    ("argsort", "tf.argsort({x}, axis={axis}{kw})", {"x": _X, "axis": ("-1", "axis")}),
    ("roll", "tf.roll(v, {shift}, {axis}{kw})", {"shift": ("1", "count"), "axis": _AX}),
    ("repeat", "tf.repeat(t, {r}, axis={axis}{kw})", {"r": ("2", "count"), "axis": _AX}),
    ("add_n", "tf.add_n({inputs}{kw})", {"inputs": ("[v, v]", "list")}),
    ("meshgrid", "tf.meshgrid({a}, v{kw})", {"a": ("i", "x")}),
    ("slice", "tf.slice(t, {begin}, {size}{kw})", {"begin": ("[0, 1]", "shape"), "size": ("[1, 2]", "shape")}),
    (
        "scatter_nd",
        "tf.scatter_nd([[0], [2]], {updates}, {shape}{kw})",
        {"updates": ("[1.0, 2.0]", "lengths"), "shape": ("[4]", "shape")},
    ),
    (
        "tensor_scatter_nd_update",
        "tf.tensor_scatter_nd_update(v, {indices}, [9.0]{kw})",
        {"indices": ("[[1]]", "indices")},
    ),
    (
        "sequence_mask",
        "tf.sequence_mask({lengths}, maxlen={n}{kw})",
        {"lengths": ("[1, 2]", "labels"), "n": ("3", "count")},
    ),
    ("stop_gradient", "tf.stop_gradient({x}{kw})", {"x": _X}),
    (
        "searchsorted",
        "tf.searchsorted({a}, {b}, side={side}{kw})",
        {"a": ("v", "x"), "b": ("[2.5]", "lengths"), "side": ("'left'", "enum")},
    ),
    ("unique", "tf.unique({x}, out_idx={d}{kw})", {"x": ("i", "x"), "d": ("tf.int32", "dtype")}),
    ("reduce_logsumexp", "tf.reduce_logsumexp({x}, axis={axis}{kw})", {"x": _T, "axis": _AX}),
    ("ensure_shape", "tf.ensure_shape(t, {shape}{kw})", {"shape": ("[2, 3]", "shape")}),
    (
        "Variable",
        "tf.Variable({value}, trainable={tr}, dtype={d}{kw})",
        {"value": ("[1.0, 2.0]", "lengths"), "tr": ("True", "bool"), "d": ("tf.float32", "dtype")},
    ),
    ("Variable.name", "tf.Variable(1.0, name={n}{kw})", {"n": ("'w'", "string")}),
    # tk.math.*
    ("math.log", "tf.math.log({x}{kw})", {"x": _X}),
    ("math.log1p", "tf.math.log1p({x}{kw})", {"x": _X}),
    ("math.floor", "tf.math.floor({x}{kw})", {"x": _X}),
    ("math.reciprocal", "tf.math.reciprocal({x}{kw})", {"x": _X}),
    ("math.floordiv", "tf.math.floordiv({x}, {y}{kw})", {"x": _X, "y": _X}),
    ("math.mod", "tf.math.mod({x}, {y}{kw})", {"x": _X, "y": _X}),
    ("math.squared_difference", "tf.math.squared_difference({x}, {y}{kw})", {"x": _X, "y": _X}),
    ("math.equal", "tf.math.equal({x}, {y}{kw})", {"x": _X, "y": _X}),
    ("math.greater", "tf.math.greater({x}, {y}{kw})", {"x": _X, "y": _X}),
    ("math.logical_and", "tf.math.logical_and({a}, {b}{kw})", {"a": ("v > 1.0", "x"), "b": ("v < 3.0", "x")}),
    ("math.top_k", "tf.math.top_k({x}, {k}, sorted={s}{kw})", {"x": _X, "k": ("2", "count"), "s": ("True", "bool")}),
    (
        "math.in_top_k",
        "tf.math.in_top_k({targets}, {predictions}, {k}{kw})",
        {"targets": ("[2, 0]", "labels"), "predictions": ("probs", "x"), "k": ("1", "count")},
    ),
    ("math.segment_sum", "tf.math.segment_sum(v, {ids}{kw})", {"ids": ("[0, 0, 1]", "labels")}),
    (
        "math.unsorted_segment_sum",
        "tf.math.unsorted_segment_sum(v, {ids}, {n}{kw})",
        {"ids": ("[0, 1, 0]", "labels"), "n": ("2", "count")},
    ),
    ("math.bincount", "tf.math.bincount({x}, minlength={n}{kw})", {"x": ("[1, 2, 2]", "labels"), "n": ("4", "count")}),
    ("math.l2_normalize", "tf.math.l2_normalize({x}, axis={axis}{kw})", {"x": _T, "axis": _AX}),
    ("math.count_nonzero", "tf.math.count_nonzero({x}, axis={axis}{kw})", {"x": _T, "axis": _AX}),
    ("math.reduce_std", "tf.math.reduce_std({x}, axis={axis}{kw})", {"x": _T, "axis": _AX}),
    (
        "math.confusion_matrix",
        "tf.math.confusion_matrix({a}, {b}, num_classes={n}{kw})",
        {"a": ("[0, 1]", "labels"), "b": ("[1, 1]", "labels"), "n": ("3", "count")},
    ),
    ("math.polyval", "tf.math.polyval({coeffs}, 2.0{kw})", {"coeffs": ("[1.0, 2.0]", "list")}),
    ("math.softplus", "tf.math.softplus({x}{kw})", {"x": _X}),
    ("math.is_nan", "tf.math.is_nan({x}{kw})", {"x": _X}),
    ("math.add_n", "tf.math.add_n({inputs}{kw})", {"inputs": ("[v, v]", "list")}),
    ("math.cumulative_logsumexp", "tf.math.cumulative_logsumexp(t, axis={axis}{kw})", {"axis": _AX}),
    # tk.nn.*
    ("nn.relu", "tf.nn.relu({x}{kw})", {"x": _X}),
    ("nn.relu6", "tf.nn.relu6({x}{kw})", {"x": _X}),
    ("nn.elu", "tf.nn.elu({x}{kw})", {"x": _X}),
    ("nn.gelu", "tf.nn.gelu({x}, approximate={a}{kw})", {"x": _X, "a": ("False", "bool")}),
    ("nn.leaky_relu", "tf.nn.leaky_relu({x}, alpha={alpha}{kw})", {"x": _X, "alpha": ("0.2", "float")}),
    ("nn.softmax", "tf.nn.softmax({x}, axis={axis}{kw})", {"x": ("logits", "x"), "axis": ("-1", "axis")}),
    ("nn.log_softmax", "tf.nn.log_softmax({x}, axis={axis}{kw})", {"x": ("logits", "x"), "axis": ("-1", "axis")}),
    ("nn.sigmoid", "tf.nn.sigmoid({x}{kw})", {"x": _X}),
    (
        "nn.dropout",
        "tf.nn.dropout({x}, {rate}, seed={seed}{kw})",
        {"x": _T, "rate": ("0.5", "rate"), "seed": ("1", "seed")},
    ),
    ("nn.moments", "tf.nn.moments({x}, {axes}{kw})", {"x": _T, "axes": ("[0]", "axis")}),
    ("nn.l2_loss", "tf.nn.l2_loss({x}{kw})", {"x": _X}),
    (
        "nn.softmax_cross_entropy_with_logits",
        "tf.nn.softmax_cross_entropy_with_logits({labels}, {logits}{kw})",
        {"labels": ("probs", "x"), "logits": ("logits", "x")},
    ),
    (
        "nn.sparse_softmax_cross_entropy_with_logits",
        "tf.nn.sparse_softmax_cross_entropy_with_logits({labels}, {logits}{kw})",
        {"labels": ("[2, 0]", "labels"), "logits": ("logits", "x")},
    ),
    (
        "nn.sigmoid_cross_entropy_with_logits",
        "tf.nn.sigmoid_cross_entropy_with_logits({labels}, {logits}{kw})",
        {"labels": ("probs", "x"), "logits": ("logits", "x")},
    ),
    (
        "nn.embedding_lookup",
        "tf.nn.embedding_lookup({params}, {ids}{kw})",
        {"params": _T, "ids": ("[1, 0]", "indices")},
    ),
    ("nn.bias_add", "tf.nn.bias_add({x}, {bias}{kw})", {"x": _T, "bias": ("v", "x")}),
    ("nn.silu", "tf.nn.silu({x}{kw})", {"x": _X}),
    ("nn.softplus", "tf.nn.softplus({x}{kw})", {"x": _X}),
    (
        "nn.batch_normalization",
        "tf.nn.batch_normalization(t, {mean}, {var}, None, None, {eps}{kw})",
        {"mean": ("v", "x"), "var": ("v", "x"), "eps": ("0.001", "float")},
    ),
    ("nn.top_k", "tf.nn.top_k(v, {k}{kw})", {"k": ("2", "count")}),
    # tk.linalg.*
    ("linalg.matmul", "tf.linalg.matmul({a}, {b}{kw})", {"a": ("m", "x"), "b": ("m", "x")}),
    ("linalg.inv", "tf.linalg.inv({x}{kw})", {"x": ("m", "x")}),
    ("linalg.det", "tf.linalg.det({x}{kw})", {"x": ("m", "x")}),
    ("linalg.diag", "tf.linalg.diag({x}{kw})", {"x": _X}),
    ("linalg.diag_part", "tf.linalg.diag_part({x}{kw})", {"x": ("m", "x")}),
    ("linalg.trace", "tf.linalg.trace({x}{kw})", {"x": ("m", "x")}),
    ("linalg.solve", "tf.linalg.solve({a}, {b}{kw})", {"a": ("m", "x"), "b": ("m", "x")}),
    ("linalg.cholesky", "tf.linalg.cholesky({x}{kw})", {"x": ("m", "x")}),
    ("linalg.norm", "tf.linalg.norm({x}, ord={o}{kw})", {"x": _T, "o": ("2", "enum")}),
    ("linalg.band_part", "tf.linalg.band_part(m, {lo}, {hi}{kw})", {"lo": ("0", "count"), "hi": ("-1", "count")}),
    ("linalg.eye", "tf.linalg.eye({n}{kw})", {"n": ("2", "count")}),
    ("linalg.matvec", "tf.linalg.matvec({a}, {b}{kw})", {"a": ("m", "x"), "b": ("[1.0, 2.0]", "x")}),
    ("linalg.tensordot", "tf.linalg.tensordot(m, m, axes={axes}{kw})", {"axes": ("1", "axis")}),
    ("linalg.qr", "tf.linalg.qr({x}, full_matrices={f}{kw})", {"x": ("m", "x"), "f": ("False", "bool")}),
    ("linalg.svd", "tf.linalg.svd({x}{kw})", {"x": ("m", "x")}),
    ("linalg.l2_normalize", "tf.linalg.l2_normalize({x}, axis={axis}{kw})", {"x": _T, "axis": _AX}),
    # tk.random.*
    (
        "random.normal",
        "tf.random.normal({shape}, mean={mean}, seed=1{kw})",
        {"shape": ("[2]", "shape"), "mean": ("0.0", "float")},
    ),
    (
        "random.uniform",
        "tf.random.uniform({shape}, maxval={hi}, dtype={d}, seed=1{kw})",
        {"shape": ("[2]", "shape"), "hi": ("1.0", "float"), "d": ("tf.float32", "dtype")},
    ),
    ("random.set_seed", "set_seed({seed}{kw})", {"seed": ("1", "seed")}),
    ("random.shuffle", "tf.random.shuffle({x}, seed=1{kw})", {"x": _X}),
    (
        "random.categorical",
        "tf.random.categorical({logits}, {n}, seed=1{kw})",
        {"logits": ("logits", "x"), "n": ("2", "count")},
    ),
    (
        "random.truncated_normal",
        "tf.random.truncated_normal({shape}, stddev={sd}, seed=1{kw})",
        {"shape": ("[2]", "shape"), "sd": ("1.0", "float")},
    ),
    ("random.Generator.from_seed", "tf.random.Generator.from_seed({seed}).normal([2]{kw})", {"seed": ("1", "seed")}),
    ("random.Generator.normal", "tf.random.Generator.from_seed(1).normal({shape}{kw})", {"shape": ("[2]", "shape")}),
    (
        "random.stateless_normal",
        "tf.random.stateless_normal({shape}, seed={seed}{kw})",
        {"shape": ("[2]", "shape"), "seed": ("[1, 2]", "seed")},
    ),
    # tk.strings.*
    ("strings.length", "tf.strings.length({x}{kw})", {"x": ("s", "string")}),
    ("strings.split", "tf.strings.split({x}, sep={sep}{kw})", {"x": ("s", "string"), "sep": ("' '", "string")}),
    (
        "strings.join",
        "tf.strings.join({inputs}, separator={sep}{kw})",
        {"inputs": ("[s, s]", "list"), "sep": ("'-'", "string")},
    ),
    (
        "strings.to_number",
        "tf.strings.to_number({x}, out_type={d}{kw})",
        {"x": ("['1.5', '2']", "string"), "d": ("tf.float32", "dtype")},
    ),
    ("strings.lower", "tf.strings.lower({x}{kw})", {"x": ("s", "string")}),
    ("strings.substr", "tf.strings.substr(s, {pos}, {n}{kw})", {"pos": ("0", "count"), "n": ("1", "count")}),
    ("strings.reduce_join", "tf.strings.reduce_join({x}, axis={axis}{kw})", {"x": ("s", "string"), "axis": _AX}),
    (
        "strings.unicode_decode",
        "tf.strings.unicode_decode({x}, {enc}{kw})",
        {"x": ("s", "string"), "enc": ("'UTF-8'", "enum")},
    ),
    # tk.data.Dataset
    ("data.range", "elements(tf.data.Dataset.range({n}){kw})", {"n": ("3", "count")}),
    ("data.from_tensor_slices", "elements(tf.data.Dataset.from_tensor_slices({x}{kw}))", {"x": ("t", "lengths")}),
    ("data.from_tensors", "elements(tf.data.Dataset.from_tensors({x}{kw}))", {"x": ("v", "source")}),
    (
        "data.batch",
        "elements(tf.data.Dataset.range(5).batch({n}, drop_remainder={d}{kw}))",
        {"n": ("2", "count"), "d": ("False", "bool")},
    ),
    ("data.shuffle", "elements(tf.data.Dataset.range(5).shuffle({n}, seed=1{kw}))", {"n": ("5", "count")}),
    ("data.map", "elements(tf.data.Dataset.range(3).map({f}{kw}))", {"f": ("lambda x: x * 2", "fn")}),
    ("data.filter", "elements(tf.data.Dataset.range(3).filter({f}{kw}))", {"f": ("lambda x: x > 0", "fn")}),
    ("data.take", "elements(tf.data.Dataset.range(5).take({n}{kw}))", {"n": ("2", "count")}),
    ("data.skip", "elements(tf.data.Dataset.range(5).skip({n}{kw}))", {"n": ("2", "count")}),
    ("data.repeat", "elements(tf.data.Dataset.range(2).repeat({n}{kw}))", {"n": ("2", "count")}),
    ("data.prefetch", "elements(tf.data.Dataset.range(2).prefetch({n}{kw}))", {"n": ("1", "count")}),
    (
        "data.padded_batch",
        "elements(tf.data.Dataset.range(4).map(lambda x: tf.fill([x], x))"
        ".padded_batch({n}, padded_shapes={shape}{kw}))",
        {"n": ("2", "count"), "shape": ("[4]", "shape")},
    ),
    (
        "data.zip",
        "elements(tf.data.Dataset.zip({ds}{kw}))",
        {"ds": ("(tf.data.Dataset.range(2), tf.data.Dataset.range(3))", "source")},
    ),
    (
        "data.concatenate",
        "elements(tf.data.Dataset.range(2).concatenate({ds}{kw}))",
        {"ds": ("tf.data.Dataset.range(2)", "source")},
    ),
    (
        "data.window",
        "elements(tf.data.Dataset.range(5).window({n}, shift={shift}{kw}))",
        {"n": ("2", "count"), "shift": ("1", "count")},
    ),
    (
        "data.reduce",
        "tf.data.Dataset.range(4).reduce({init}, {f}{kw})",
        {"init": ("tf.constant(0, tf.int64)", "source"), "f": ("lambda a, x: a + x", "fn")},
    ),
    # keras layers, losses, metrics, optimizers
    (
        "Dense",
        "keras.layers.Dense({units}, activation={act}{kw})(t)",
        {"units": ("2", "units"), "act": ("'relu'", "enum")},
    ),
    ("Dense.call", "keras.layers.Dense(2)({x}{kw})", {"x": _T}),
    ("Dense.use_bias", "keras.layers.Dense(2, use_bias={b}{kw})(t)", {"b": ("False", "bool")}),
    (
        "Dense.kernel_initializer",
        "keras.layers.Dense(2, kernel_initializer={init}{kw})(t)",
        {"init": ("'zeros'", "enum")},
    ),
    ("Embedding", "keras.layers.Embedding({n}, {dim}{kw})(i)", {"n": ("4", "units"), "dim": ("2", "units")}),
    ("Embedding.call", "keras.layers.Embedding(4, 2)({ids}{kw})", {"ids": ("[1, 3]", "indices")}),
    (
        "Dropout",
        "keras.layers.Dropout({rate}, seed={seed}{kw})(t, training=True)",
        {"rate": ("0.5", "rate"), "seed": ("1", "seed")},
    ),
    ("Dropout.call", "keras.layers.Dropout(0.5)({x}, training={tr}{kw})", {"x": _T, "tr": ("False", "bool")}),
    ("Flatten", "keras.layers.Flatten({kw})({x})", {"x": ("tf.ones([2, 3, 4])", "x")}),
    (
        "MeanSquaredError",
        "keras.losses.MeanSquaredError(reduction={r}{kw})({a}, {b})",
        {"r": ("'sum_over_batch_size'", "enum"), "a": ("probs", "x"), "b": ("logits", "x")},
    ),
    (
        "mean_squared_error",
        "keras.losses.mean_squared_error({a}, {b}{kw})",
        {"a": ("probs", "x"), "b": ("logits", "x")},
    ),
    (
        "SparseCategoricalCrossentropy",
        "keras.losses.SparseCategoricalCrossentropy(from_logits={fl}{kw})({y}, {p})",
        {"fl": ("True", "bool"), "y": ("[2, 0]", "labels"), "p": ("logits", "x")},
    ),
    (
        "CategoricalCrossentropy",
        "keras.losses.CategoricalCrossentropy(label_smoothing={ls}{kw})({y}, {p})",
        {"ls": ("0.1", "rate"), "y": ("probs", "x"), "p": ("probs", "x")},
    ),
    (
        "BinaryCrossentropy",
        "keras.losses.BinaryCrossentropy(from_logits=True{kw})({y}, {p})",
        {"y": ("probs", "x"), "p": ("logits", "x")},
    ),
    ("Huber", "keras.losses.Huber(delta={d}{kw})(probs, logits)", {"d": ("1.0", "float")}),
    ("metrics.Mean", "keras.metrics.Mean({kw})({x})", {"x": _X}),
    (
        "metrics.Accuracy",
        "keras.metrics.Accuracy({kw})({a}, {b})",
        {"a": ("[1, 2]", "labels"), "b": ("[1, 0]", "labels")},
    ),
    (
        "metrics.SparseCategoricalAccuracy",
        "keras.metrics.SparseCategoricalAccuracy({kw})({y}, {p})",
        {"y": ("[2, 0]", "labels"), "p": ("probs", "x")},
    ),
    (
        "metrics.Mean.update_state",
        "keras.metrics.Mean().update_state({x}, sample_weight={w}{kw})",
        {"x": _X, "w": ("v", "x")},
    ),
    (
        "optimizers.SGD",
        "opt_step(keras.optimizers.SGD(learning_rate={lr}, momentum={mom}{kw}), [v])",
        {"lr": ("0.1", "float"), "mom": ("0.0", "rate")},
    ),
    ("optimizers.Adam", "opt_step(keras.optimizers.Adam({lr}{kw}), [v])", {"lr": ("0.1", "float")}),
    ("optimizers.apply_gradients", "opt_step(keras.optimizers.SGD(0.1), {grads})", {"grads": ("[v]", "x")}),
    (
        "optimizers.apply_gradients.variables",
        "opt_step(keras.optimizers.SGD(0.1), [v], {vars}{kw})",
        {"vars": ("'W'", "source")},
    ),
    # GradientTape and Variable methods
    ("GradientTape.gradient.target", "on_tape('gradient', {target}, 'X'{kw})", {"target": ("'Y'", "source")}),
    ("GradientTape.gradient.sources", "on_tape('gradient', 'Y', {sources}{kw})", {"sources": ("'X'", "source")}),
    (
        "GradientTape.gradient.output_gradients",
        "on_tape('gradient', 'Z', 'X', output_gradients={og})",
        {"og": ("v", "x")},
    ),
    (
        "GradientTape.gradient.unconnected",
        "on_tape('gradient', 'Y', 'X', unconnected_gradients={u})",
        {"u": ("'zero'", "enum")},
    ),
    ("GradientTape.jacobian", "on_tape('jacobian', 'Z', {sources}{kw})", {"sources": ("'X'", "source")}),
    ("GradientTape.watch", "watch({x})", {"x": ("v", "source")}),
    ("GradientTape", "tf.GradientTape(persistent={p}{kw}).__enter__() and 1", {"p": ("False", "bool")}),
    ("Variable.assign", "on_variable('assign', {value}{kw})", {"value": ("[4.0, 5.0, 6.0]", "x")}),
    ("Variable.assign_add", "on_variable('assign_add', {value}{kw})", {"value": ("v", "x")}),
    ("Variable.assign_sub", "on_variable('assign_sub', {value}{kw})", {"value": ("v", "x")}),
    (
        "Variable.scatter_nd_update",
        "on_variable('scatter_nd_update', {indices}, [9.0]{kw})",
        {"indices": ("[[1]]", "indices")},
    ),
    ("Variable.assign.read_value", "on_variable('assign', v, read_value={r})", {"r": ("True", "bool")}),
    ("Variable.getitem", "tf.Variable(t)[{idx}]", {"idx": ("0", "indices")}),
    ("Tensor.getitem", "t[{idx}]", {"idx": ("0", "indices")}),
    ("Tensor.getitem.slice", "t[:, {idx}:]", {"idx": ("1", "count")}),
]
