"""The four workloads: their sizes, inputs, the shared model code and the hand-written NumPy baseline.

Every engine runs the same model code (``chain``, ``mlp``, ``matmul_chain``) with its own
operations passed in; the NumPy baseline writes forward and backward by hand. Only NumPy is
imported here, so the TensorFlow worker (another interpreter) can use this module too.
"""

from __future__ import annotations

import numpy as np

WORKLOADS = ("W1", "W2", "W3", "W4")
TITLES = {
    "W1": "tiny-op overhead: 1,000-op elementwise chain on a length-4 vector",
    "W2": "MLP step 784-512-512-10 relu, batch 256",
    "W3": "20,000-op elementwise chain on a length-1000 vector",
    "W4": "two 1024x1024 matmuls, grads of both weights",
}
SIZES = {
    "full": {"W1": {"n_ops": 1000, "length": 4}, "W2": {"batch": 256, "dims": (784, 512, 512, 10)},
             "W3": {"n_ops": 20_000, "length": 1000, "long_ops": 100_000}, "W4": {"n": 1024}},
    "tiny": {"W1": {"n_ops": 24, "length": 4}, "W2": {"batch": 8, "dims": (6, 5, 4, 3)},
             "W3": {"n_ops": 36, "length": 10, "long_ops": 600}, "W4": {"n": 8}},
    # W2 only (w2_split.py --cached): every value fits the caches, none is small enough for
    # tapekit's small-op path (> 64 elements): the same Python as at full size, run warm
    "cached": {"W2": {"batch": 16, "dims": (96, 80, 80, 10)}},
}
# The elementwise chain cycles through these ops; each cycle is the identity map, so values and
# gradients stay O(1) over any length and float32 results stay comparable between engines.
CHAIN_CYCLE = ("add", "mul", "exp", "log", "div", "sub")


def make_inputs(name: str, size: str = "full", seed: int = 0) -> dict:
    """float32 input arrays of a workload (a dict of name -> array, same for every engine)."""
    rng = np.random.default_rng(seed)
    p = SIZES[size][name]
    f32 = np.float32
    if name in ("W1", "W3"):
        n = p["length"]
        return {"x": rng.uniform(0.5, 1.5, n).astype(f32), "a": np.full(n, 1.25, f32),
                "b": np.full(n, 0.25, f32)}
    if name == "W2":
        batch, dims = p["batch"], p["dims"]
        arrays = {"x": rng.standard_normal((batch, dims[0])).astype(f32)}
        for i, (d_in, d_out) in enumerate(zip(dims[:-1], dims[1:]), start=1):
            arrays[f"W{i}"] = (rng.standard_normal((d_in, d_out)) * np.sqrt(2.0 / d_in)).astype(f32)
            arrays[f"b{i}"] = (rng.standard_normal(d_out) * 0.1).astype(f32)
        return arrays
    if name == "W4":
        n = p["n"]
        scale = 1.0 / np.sqrt(n)
        return {k: (rng.standard_normal((n, n)) * scale).astype(f32) for k in ("x", "A", "B")}
    raise KeyError(name)


def n_ops(name: str, size: str = "full", long: bool = False) -> int:
    p = SIZES[size][name]
    return p["long_ops"] if long else p["n_ops"]


MLP_PARAMS = ("W1", "b1", "W2", "b2", "W3", "b3")


# ---------- model code shared by the engines ----------
def chain(x, a, b, count: int, exp, log):
    """``count`` elementwise ops cycling add, mul, exp, log, div, sub (operators for binary ops)."""
    for i in range(count):
        k = i % 6
        if k == 0:
            x = x + b
        elif k == 1:
            x = x * a
        elif k == 2:
            x = exp(x)
        elif k == 3:
            x = log(x)
        elif k == 4:
            x = x / a
        else:
            x = x - b
    return x


def mlp(x, params, relu, mean, square):
    """Mean squared output of a relu MLP; ``params`` in MLP_PARAMS order."""
    w1, b1, w2, b2, w3, b3 = params
    h = relu(x @ w1 + b1)
    h = relu(h @ w2 + b2)
    out = h @ w3 + b3
    return mean(square(out))


def matmul_chain(x, a, b, total):
    """sum(x @ A @ B)."""
    return total((x @ a) @ b)


# ---------- hand-written NumPy forward + backward ----------
def numpy_chain(arrays: dict, count: int):
    """Loss sum(chain(x)) and its gradient in x, saving only what the backward pass reads."""
    x, a, b = arrays["x"], arrays["a"], arrays["b"]
    saved = []
    for i in range(count):
        k = i % 6
        if k == 0:
            x = x + b
        elif k == 1:
            x = x * a
        elif k == 2:
            x = np.exp(x)
            saved.append(x)      # d exp = exp(x): the output
        elif k == 3:
            saved.append(x)      # d log = 1/x: the input (the same array as exp's output)
            x = np.log(x)
        elif k == 4:
            x = x / a
        else:
            x = x - b
    loss = x.sum()
    g = np.ones_like(x)
    for i in range(count - 1, -1, -1):
        k = i % 6
        if k == 1:
            g = g * a
        elif k == 2:
            g = g * saved.pop()
        elif k == 3:
            g = g / saved.pop()
        elif k == 4:
            g = g / a
    return loss, [g]


def numpy_mlp(arrays: dict):
    x = arrays["x"]
    w1, b1, w2, b2, w3, b3 = (arrays[k] for k in MLP_PARAMS)
    z1 = x @ w1 + b1
    h1 = np.maximum(z1, 0)
    z2 = h1 @ w2 + b2
    h2 = np.maximum(z2, 0)
    out = h2 @ w3 + b3
    loss = np.mean(np.square(out))
    d_out = out * np.float32(2.0 / out.size)
    d_w3, d_b3 = h2.T @ d_out, d_out.sum(axis=0)
    d_z2 = (d_out @ w3.T) * (z2 > 0)
    d_w2, d_b2 = h1.T @ d_z2, d_z2.sum(axis=0)
    d_z1 = (d_z2 @ w2.T) * (z1 > 0)
    d_w1, d_b1 = x.T @ d_z1, d_z1.sum(axis=0)
    return loss, [d_w1, d_b1, d_w2, d_b2, d_w3, d_b3]


def numpy_matmul_chain(arrays: dict):
    x, a, b = arrays["x"], arrays["A"], arrays["B"]
    h = x @ a
    y = h @ b
    loss = y.sum()
    d_y = np.ones_like(y)
    d_b = h.T @ d_y
    d_a = x.T @ (d_y @ b.T)
    return loss, [d_a, d_b]


def numpy_step(name: str, arrays: dict, size: str = "full", long: bool = False):
    """The NumPy baseline's (loss, [gradients]) for a workload."""
    if name in ("W1", "W3"):
        return numpy_chain(arrays, n_ops(name, size, long))
    if name == "W2":
        return numpy_mlp(arrays)
    return numpy_matmul_chain(arrays)
