"""Where W2's time goes: the matmuls against everything else, for NumPy and tapekit in turn.

    python benchmarks/w2_split.py [--steps 60] [--tiny | --cached]

Wall time of each step and of the ``np.matmul`` calls inside it (both engines call it: tapekit
through its MatMul kernel, the NumPy baseline here through ``matmul`` instead of ``@``, same
products); "rest" is the element-wise work plus, for tapekit, its Python. Medians, the engines
alternating; one thread, as in ``run.py``. A diagnosis aid, not part of the results table.

``--cached`` runs the same model at sizes that stay in the CPU's caches (batch 16, 96-80-80-10):
tapekit's Python is the same as at full size, but runs warm, where at full size each matmul
streams megabytes through the caches first. The difference of the two "rest" gaps is what the
cold caches cost.
"""

from __future__ import annotations

import argparse
import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [p for p in (os.path.dirname(HERE), HERE) if p not in sys.path]

import _common  # noqa: E402  (sets the thread environment before numpy is imported)

_common.pin_thread_env()

import numpy as np  # noqa: E402
import workloads as wl  # noqa: E402

import tapekit as tk  # noqa: E402

_MATMUL = np.matmul
_spent = [0.0]


def _timed_matmul(a, b):
    start = time.perf_counter()
    out = _MATMUL(a, b)
    _spent[0] += time.perf_counter() - start
    return out


def numpy_step(arrays):
    """``workloads.numpy_mlp`` with its products written as ``np.matmul`` calls."""
    mm = np.matmul
    x = arrays["x"]
    w1, b1, w2, b2, w3, b3 = (arrays[k] for k in wl.MLP_PARAMS)
    z1 = mm(x, w1) + b1
    h1 = np.maximum(z1, 0)
    z2 = mm(h1, w2) + b2
    h2 = np.maximum(z2, 0)
    out = mm(h2, w3) + b3
    loss = np.mean(np.square(out))
    d_out = out * np.float32(2.0 / out.size)
    d_w3, d_b3 = mm(h2.T, d_out), d_out.sum(axis=0)
    d_z2 = mm(d_out, w3.T) * (z2 > 0)
    d_w2, d_b2 = mm(h1.T, d_z2), d_z2.sum(axis=0)
    d_z1 = mm(d_z2, w2.T) * (z1 > 0)
    d_w1, d_b1 = mm(x.T, d_z1), d_z1.sum(axis=0)
    return loss, [d_w1, d_b1, d_w2, d_b2, d_w3, d_b3]


def tapekit_step_fn(arrays):
    x = tk.constant(arrays["x"])
    params = [tk.Variable(arrays[k]) for k in wl.MLP_PARAMS]

    def step():
        with tk.GradientTape() as tape:
            loss = wl.mlp(x, params, tk.nn.relu, tk.reduce_mean, tk.square)
        return loss, tape.gradient(loss, params)

    return step


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=60)
    sizes = parser.add_mutually_exclusive_group()
    sizes.add_argument("--tiny", action="store_true", help="tiny sizes: tapekit's small-op path")
    sizes.add_argument("--cached", action="store_true", help="cache-sized values: tapekit's Python, warm")
    args = parser.parse_args(argv)
    _common.limit_threads()
    size = "tiny" if args.tiny else "cached" if args.cached else "full"
    arrays = wl.make_inputs("W2", size)
    engines = {"numpy": lambda: numpy_step(arrays), "tapekit": tapekit_step_fn(arrays)}
    totals = {name: [] for name in engines}
    matmuls = {name: [] for name in engines}
    np.matmul = _timed_matmul
    try:
        for step in engines.values():   # warm-up
            step()
        for _ in range(max(1, args.steps)):
            for name, step in engines.items():
                _spent[0] = 0.0
                start = time.perf_counter()
                step()
                totals[name].append(time.perf_counter() - start)
                matmuls[name].append(_spent[0])
    finally:
        np.matmul = _MATMUL
    print(f"W2 {size}, {args.steps} steps, wall time, medians")
    for name in engines:
        rest = [t - m for t, m in zip(totals[name], matmuls[name])]
        print(f"{name:8s} step {_ms(totals[name])}  matmuls {_ms(matmuls[name])}  rest {_ms(rest)}")


def _ms(times) -> str:
    return f"{float(np.median(times)) * 1e3:7.3f} ms"


if __name__ == "__main__":
    main()
