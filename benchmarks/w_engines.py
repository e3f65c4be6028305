"""Each engine's forward + backward step for a workload.

``build(engine, name, arrays, count)`` returns ``(step, to_numpy)``: ``step()`` runs forward and
backward and returns the engine's own (loss, gradients); ``to_numpy`` turns that into NumPy
arrays for the correctness check (outside the timed region). Engines are imported lazily.
"""

from __future__ import annotations

import numpy as np

import workloads as wl

ENGINES = ("numpy", "tapekit", "torch", "autograd", "tensorflow")


def available(engine: str) -> bool:
    import importlib.util

    module = {"numpy": "numpy", "tapekit": "tapekit", "torch": "torch", "autograd": "autograd",
              "tensorflow": "tensorflow"}[engine]
    return importlib.util.find_spec(module) is not None


def build(engine: str, name: str, arrays: dict, count: int = 0):
    return _BUILDERS[engine](name, arrays, count)


def _identity_numpy(result):
    loss, grads = result
    return np.asarray(loss), [np.asarray(g) for g in grads]


# ---------- NumPy (hand-written) ----------
def _numpy(name, arrays, count):
    if name in ("W1", "W3"):
        return (lambda: wl.numpy_chain(arrays, count)), _identity_numpy
    if name == "W2":
        return (lambda: wl.numpy_mlp(arrays)), _identity_numpy
    return (lambda: wl.numpy_matmul_chain(arrays)), _identity_numpy


# ---------- tapekit ----------
def tapekit_relu():
    import tapekit as tk

    nn = getattr(tk, "nn", None)
    if nn is not None and hasattr(nn, "relu"):
        return nn.relu
    return lambda h: tk.maximum(h, 0.0)


def _tapekit(name, arrays, count):
    import tapekit as tk

    def to_numpy(result):
        loss, grads = result
        return loss.numpy(), [None if g is None else g.numpy() for g in grads]

    if name in ("W1", "W3"):
        x0, a, b = (tk.constant(arrays[k]) for k in ("x", "a", "b"))
        exp, log = tk.exp, tk.math.log

        def step():
            with tk.GradientTape() as tape:
                tape.watch(x0)
                loss = tk.reduce_sum(wl.chain(x0, a, b, count, exp, log))
            return loss, tape.gradient(loss, [x0])
    elif name == "W2":
        x = tk.constant(arrays["x"])
        params = [tk.Variable(arrays[k]) for k in wl.MLP_PARAMS]
        relu, mean, square = tapekit_relu(), tk.reduce_mean, tk.square

        def step():
            with tk.GradientTape() as tape:
                loss = wl.mlp(x, params, relu, mean, square)
            return loss, tape.gradient(loss, params)
    else:
        x = tk.constant(arrays["x"])
        weights = [tk.Variable(arrays["A"]), tk.Variable(arrays["B"])]

        def step():
            with tk.GradientTape() as tape:
                loss = wl.matmul_chain(x, weights[0], weights[1], tk.reduce_sum)
            return loss, tape.gradient(loss, weights)
    return step, to_numpy


# ---------- PyTorch ----------
def _torch(name, arrays, count):
    import torch

    torch.set_num_threads(1)

    def to_numpy(result):
        loss, grads = result
        return loss.detach().numpy(), [g.numpy() for g in grads]

    if name in ("W1", "W3"):
        x0 = torch.from_numpy(arrays["x"].copy()).requires_grad_(True)
        a, b = torch.from_numpy(arrays["a"]), torch.from_numpy(arrays["b"])

        def step():
            loss = wl.chain(x0, a, b, count, torch.exp, torch.log).sum()
            return loss, torch.autograd.grad(loss, [x0])
    elif name == "W2":
        x = torch.from_numpy(arrays["x"])
        params = [torch.from_numpy(arrays[k].copy()).requires_grad_(True) for k in wl.MLP_PARAMS]

        def step():
            loss = wl.mlp(x, params, torch.relu, torch.mean, torch.square)
            return loss, torch.autograd.grad(loss, params)
    else:
        x = torch.from_numpy(arrays["x"])
        weights = [torch.from_numpy(arrays[k].copy()).requires_grad_(True) for k in ("A", "B")]

        def step():
            loss = wl.matmul_chain(x, weights[0], weights[1], torch.sum)
            return loss, torch.autograd.grad(loss, weights)
    return step, to_numpy


# ---------- HIPS autograd ----------
def _autograd(name, arrays, count):
    import autograd.numpy as anp
    from autograd import value_and_grad

    def to_numpy(result):
        loss, grads = result
        return np.asarray(loss), [np.asarray(g) for g in grads]

    if name in ("W1", "W3"):
        a, b = arrays["a"], arrays["b"]
        f = value_and_grad(lambda x: anp.sum(wl.chain(x, a, b, count, anp.exp, anp.log)))

        def step():
            loss, g = f(arrays["x"])
            return loss, [g]
    elif name == "W2":
        x = arrays["x"]
        params = tuple(arrays[k] for k in wl.MLP_PARAMS)
        f = value_and_grad(lambda ps: wl.mlp(x, ps, lambda h: anp.maximum(h, 0.0), anp.mean, anp.square))

        def step():
            loss, grads = f(params)
            return loss, list(grads)
    else:
        x = arrays["x"]
        f = value_and_grad(lambda ws: wl.matmul_chain(x, ws[0], ws[1], anp.sum))

        def step():
            loss, grads = f((arrays["A"], arrays["B"]))
            return loss, list(grads)
    return step, to_numpy


# ---------- TensorFlow eager (runs in the TF interpreter, see run.py --tf-worker) ----------
def _tensorflow(name, arrays, count):
    import tensorflow as tf

    def to_numpy(result):
        loss, grads = result
        return loss.numpy(), [g.numpy() for g in grads]

    if name in ("W1", "W3"):
        x0, a, b = (tf.constant(arrays[k]) for k in ("x", "a", "b"))

        def step():
            with tf.GradientTape() as tape:
                tape.watch(x0)
                loss = tf.reduce_sum(wl.chain(x0, a, b, count, tf.exp, tf.math.log))
            return loss, tape.gradient(loss, [x0])
    elif name == "W2":
        x = tf.constant(arrays["x"])
        params = [tf.Variable(arrays[k]) for k in wl.MLP_PARAMS]

        def step():
            with tf.GradientTape() as tape:
                loss = wl.mlp(x, params, tf.nn.relu, tf.reduce_mean, tf.square)
            return loss, tape.gradient(loss, params)
    else:
        x = tf.constant(arrays["x"])
        weights = [tf.Variable(arrays["A"]), tf.Variable(arrays["B"])]

        def step():
            with tf.GradientTape() as tape:
                loss = wl.matmul_chain(x, weights[0], weights[1], tf.reduce_sum)
            return loss, tape.gradient(loss, weights)
    return step, to_numpy


_BUILDERS = {"numpy": _numpy, "tapekit": _tapekit, "torch": _torch, "autograd": _autograd,
             "tensorflow": _tensorflow}
