"""Benchmark helpers: thread pinning, median timing, peak memory and result checks.

``pin_thread_env`` must run before NumPy (or any framework) is imported; nothing here imports
NumPy at module level so that it can.
"""

from __future__ import annotations

import os
import time
import tracemalloc

THREAD_VARS = ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS", "VECLIB_MAXIMUM_THREADS",
               "NUMEXPR_NUM_THREADS", "TF_NUM_INTRAOP_THREADS", "TF_NUM_INTEROP_THREADS")
CORETYPE_VARS = ("OPENBLAS_CORETYPE", "OPENBLAS_L2_SIZE")


def pin_thread_env(unset_coretype: bool = True) -> list[str]:
    """Pin BLAS/OpenMP/framework threads to 1 through the environment (call before importing numpy).

    With ``unset_coretype`` the OpenBLAS core-type override is removed for this process (both
    variables together), so a current NumPy picks its native kernel. Returns the variables removed.
    """
    for var in THREAD_VARS:
        os.environ[var] = "1"
    removed = []
    if unset_coretype and any(v in os.environ for v in CORETYPE_VARS):
        for var in CORETYPE_VARS:
            if os.environ.pop(var, None) is not None:
                removed.append(var)
    return removed


def limit_threads():
    """Limit already loaded BLAS/OpenMP pools to 1 thread with threadpoolctl (None if missing)."""
    try:
        from threadpoolctl import threadpool_limits
    except ImportError:
        return None
    return threadpool_limits(limits=1)


def blas_description() -> str:
    """One line per BLAS/OpenMP library NumPy loaded: API, kernel (architecture) and threads."""
    try:
        from threadpoolctl import threadpool_info
    except ImportError:
        import numpy as np

        return f"numpy {np.__version__} (threadpoolctl not installed: BLAS kernel unknown)"
    parts = []
    for lib in threadpool_info():
        parts.append(f"{lib.get('internal_api')} {lib.get('version')} kernel={lib.get('architecture', '?')} "
                     f"threads={lib.get('num_threads')}")
    return "; ".join(parts) or "no BLAS library found by threadpoolctl"


CLOCKS = {"cpu": time.process_time, "wall": time.perf_counter}


def median_time(fn, repeats: int, warmup: int = 1, clock: str = "cpu") -> float:
    """Median time of ``fn()`` in seconds over ``repeats`` runs after ``warmup`` runs.

    ``clock="cpu"`` is the process's CPU time: with every engine on one thread it equals wall time
    on an idle machine, and stays comparable between engines on a busy one. ``"wall"``: wall time.
    """
    now = CLOCKS[clock]
    for _ in range(warmup):
        fn()
    times = []
    for _ in range(max(1, repeats)):
        start = now()
        fn()
        times.append(now() - start)
    return _median(times)


def median_times(steps: dict, repeats: int, warmup: int = 1, clock: str = "cpu") -> dict:
    """``median_time`` of several functions (name -> fn), run in turn: one call of each per round.

    Each round starts one function later, so that each follows every other one equally often
    (what one leaves behind, the allocator's state say, then favours none).
    """
    now = CLOCKS[clock]
    for _ in range(warmup):
        for fn in steps.values():
            fn()
    order = list(steps.items())
    times: dict = {name: [] for name in steps}
    for r in range(max(1, repeats)):
        k = r % len(order) if order else 0
        for name, fn in order[k:] + order[:k]:
            start = now()
            fn()
            times[name].append(now() - start)
    return {name: _median(ts) for name, ts in times.items()}


def _median(times: list) -> float:
    times = sorted(times)
    mid = len(times) // 2
    return times[mid] if len(times) % 2 else 0.5 * (times[mid - 1] + times[mid])


def peak_memory(fn) -> int:
    """Peak bytes allocated (Python objects and NumPy buffers, via tracemalloc) while ``fn()`` runs.

    Memory already held before the call is not counted; the result of ``fn`` is dropped inside
    the measurement. Frameworks with their own allocator (torch, TF) are invisible to tracemalloc.
    """
    import gc

    gc.collect()
    tracemalloc.start()
    try:
        base = tracemalloc.get_traced_memory()[0]
        tracemalloc.reset_peak()
        result = fn()
        del result
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    return max(0, peak - base)


def mismatch(name: str, ref, got, rtol: float = 2e-3) -> str | None:
    """None when ``got`` matches ``ref`` (allclose, atol scaled to the reference), else a reason."""
    import numpy as np

    ref = np.asarray(ref, dtype=np.float64)
    got = np.asarray(got, dtype=np.float64)
    if ref.shape != got.shape:
        return f"{name}: shape {got.shape} != reference {ref.shape}"
    if not np.all(np.isfinite(got)):
        return f"{name}: non-finite values"
    scale = float(np.max(np.abs(ref))) if ref.size else 0.0
    if not np.allclose(got, ref, rtol=rtol, atol=rtol * scale + 1e-30):
        worst = float(np.max(np.abs(got - ref)))
        return f"{name}: max abs difference {worst:.3g} (reference scale {scale:.3g})"
    return None


def check_results(ref, got, rtol: float = 2e-3) -> list[str]:
    """Compare (loss, [grads]) pairs; returns the list of disagreements (empty when all agree)."""
    ref_loss, ref_grads = ref
    loss, grads = got
    problems = []
    if len(grads) != len(ref_grads):
        return [f"{len(grads)} gradients, reference has {len(ref_grads)}"]
    bad = mismatch("loss", ref_loss, loss, rtol)
    if bad:
        problems.append(bad)
    for i, (r, g) in enumerate(zip(ref_grads, grads)):
        if g is None:
            problems.append(f"gradient {i}: None")
            continue
        bad = mismatch(f"gradient {i}", r, g, rtol)
        if bad:
            problems.append(bad)
    return problems
