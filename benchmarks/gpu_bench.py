"""GPU benchmark: the same tapekit code on the CPU (NumPy) and on GPU:0 (CuPy), at batch 4096.

    python benchmarks/gpu_bench.py [--repeats 10]

Workloads (float32, forward + backward through tk.GradientTape):
  mlp     784-1024-1024-10 MLP, relu, batch 4096: one training step's gradients of all weights
  chain   sum(X @ A1 @ A2 @ ... @ A8), X 4096x1024, A 1024x1024: gradients of every A

Timing is synchronised (``tk.backend.synchronize`` waits for the GPU's queued kernels) and the median
of the repeats is reported, with the CPU/GPU ratio. Without a GPU (or without the ``gpu`` extra:
``pip install "tapekit[gpu]"``) the script says that it skipped and exits 0.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import numpy as np  # noqa: E402

import tapekit as tk  # noqa: E402
from tapekit import backend  # noqa: E402

BATCH = 4096


def mlp_inputs(rng):
    sizes = [784, 1024, 1024, 10]
    ws = [rng.standard_normal((a, b), dtype=np.float32) * np.float32(np.sqrt(2 / a)) for a, b in zip(sizes, sizes[1:])]
    bs = [np.zeros(b, np.float32) for b in sizes[1:]]
    return rng.standard_normal((BATCH, 784), dtype=np.float32), ws + bs


def mlp_step(x, params):
    ws, bs = params[:3], params[3:]
    with tk.GradientTape() as tape:
        h = x
        for i, (w, b) in enumerate(zip(ws, bs)):
            h = tk.matmul(h, w) + b
            if i < 2:
                h = tk.nn.relu(h)
        loss = tk.reduce_mean(h * h)
    return tape.gradient(loss, params)


def chain_inputs(rng):
    mats = [rng.standard_normal((1024, 1024), dtype=np.float32) / np.float32(32) for _ in range(8)]
    return rng.standard_normal((BATCH, 1024), dtype=np.float32), mats


def chain_step(x, mats):
    with tk.GradientTape() as tape:
        h = x
        for a in mats:
            h = tk.matmul(h, a)
        loss = tk.reduce_sum(h)
    return tape.gradient(loss, mats)


def time_on(device_name, make, step, repeats):
    """Median seconds of ``step`` with inputs and compute on ``device_name`` (synchronised)."""
    rng = np.random.default_rng(0)
    x_host, params_host = make(rng)
    with tk.device(device_name):
        x = tk.constant(x_host)
        params = [tk.Variable(p) for p in params_host]
        for _ in range(2):  # warm-up (CuPy compiles kernels on first use)
            grads = step(x, params)
        backend.synchronize()
        times = []
        for _ in range(repeats):
            start = time.perf_counter()
            grads = step(x, params)
            backend.synchronize()
            times.append(time.perf_counter() - start)
    assert grads[0].device.endswith(device_name), (grads[0].device, device_name)
    return statistics.median(times), [g.numpy() for g in grads]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=10)
    args = parser.parse_args(argv)
    gpus = tk.config.list_physical_devices("GPU")
    if not gpus:
        print(f"SKIPPED: no GPU ({backend.PLACEMENT.gpu_absent_reason}). Install the gpu extra on a machine "
              f'with an NVIDIA GPU: {backend.GPU_INSTALL_HINT}')
        return 0
    print(f"GPU: {gpus[0].name}; batch {BATCH}; float32; median of {args.repeats}")
    print(f"{'workload':10}{'CPU (NumPy) ms':>16}{'GPU (CuPy) ms':>16}{'CPU/GPU':>10}")
    for name, make, step in [("mlp", mlp_inputs, mlp_step), ("chain", chain_inputs, chain_step)]:
        cpu_s, cpu_grads = time_on("CPU:0", make, step, args.repeats)
        gpu_s, gpu_grads = time_on("GPU:0", make, step, args.repeats)
        agree = all(np.allclose(a, b, rtol=2e-2, atol=1e-3 * float(np.abs(a).max() + 1))
                    for a, b in zip(cpu_grads, gpu_grads))
        print(f"{name:10}{cpu_s * 1e3:16.1f}{gpu_s * 1e3:16.1f}{cpu_s / gpu_s:9.1f}x"
              f"{'' if agree else '  (gradients DISAGREE)'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
