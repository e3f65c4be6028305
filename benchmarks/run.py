"""Benchmark tapekit against hand-written NumPy, PyTorch, HIPS autograd and TensorFlow eager.

    python benchmarks/run.py                 # all workloads, every engine that is installed
    python benchmarks/run.py --quick --only W1,W3 --json out.json

Single-threaded (BLAS and framework threads pinned to 1), float32, medians over repeats after
warm-up. Every engine's loss and gradients are checked against the NumPy baseline first; a
workload an engine gets wrong is refused, not timed. TensorFlow runs in another interpreter:
set TAPEKIT_TF_PYTHON=/path/to/python (one that can import tensorflow).
"""

from __future__ import annotations

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
for _path in (ROOT, HERE):
    if _path not in sys.path:
        sys.path.insert(0, _path)

import _common  # noqa: E402  (sets the thread environment before numpy is imported)

REMOVED_ENV = _common.pin_thread_env(unset_coretype="--keep-openblas-env" not in sys.argv) \
    if __name__ == "__main__" else []

import argparse  # noqa: E402
import json  # noqa: E402
import platform  # noqa: E402
import subprocess  # noqa: E402
import tempfile  # noqa: E402

import numpy as np  # noqa: E402

import w_engines  # noqa: E402
import workloads as wl  # noqa: E402

LOCAL_ENGINES = ("numpy", "tapekit", "torch", "autograd")
REPEATS = {"W1": 15, "W2": 101, "W3": 7, "W4": 11}
# issue 15's targets: W1 and W3 against torch measured in the same run, W2/W4 and W3's memory
# against the hand-written NumPy baseline.
TARGETS = {
    "W1": "<= torch time",
    "W2": "<= 1.10x NumPy",
    "W3": "<= 1.5x torch time, mem <= 2x NumPy",
    "W4": "<= 1.05x NumPy",
}
W3_TIME_VS_TORCH, W3_MEM_VS_NUMPY = 1.5, 2.0
TF_PYTHON_VAR = "TAPEKIT_TF_PYTHON"
MEMORY_ENGINES = ("numpy", "tapekit", "autograd")   # those whose allocations tracemalloc sees


# ---------- measuring the engines on one workload ----------
def measure_all(engines, name, arrays, ref, size, repeats, warmup, clock="cpu"):
    """One row per engine: its check against the reference, then its median time.

    The engines that pass are timed in turn, one step each per round, so that a change in the
    machine's load hits them all alike. W3's peak memory is measured afterwards.
    """
    count = wl.n_ops(name, size) if name in ("W1", "W3") else 0
    rows, steps = {}, {}
    for engine in engines:
        row = rows[engine] = {"workload": name, "engine": engine}
        if not w_engines.available(engine):
            row["skipped"] = "not installed"
            continue
        step, to_numpy = w_engines.build(engine, name, arrays, count)
        problems = _common.check_results(ref, to_numpy(step()))
        if problems:
            row["refused"] = "; ".join(problems)
        else:
            steps[engine] = step
    for engine, seconds in _common.median_times(steps, repeats, warmup, clock).items():
        row = rows[engine]
        row["seconds"] = seconds
        if count:
            row["ops"] = count
            row["us_per_op"] = seconds / count * 1e6
        if name == "W3" and engine in MEMORY_ENGINES:
            row["peak_bytes"] = _common.peak_memory(steps[engine])
    return list(rows.values())


def long_chain_row(arrays, size, clock="cpu"):
    """tapekit's 100,000-op chain: it must finish and agree with NumPy; timed once."""
    count = wl.n_ops("W3", size, long=True)
    ref = wl.numpy_step("W3", arrays, size, long=True)
    step, to_numpy = w_engines.build("tapekit", "W3", arrays, count)
    row = {"workload": "W3-long", "engine": "tapekit", "ops": count}
    now = _common.CLOCKS[clock]
    start = now()
    try:
        result = step()
    except RecursionError as err:  # anything else is a bug worth a traceback
        row["refused"] = f"did not finish: {err}"
        return row
    row["seconds"] = now() - start
    row["us_per_op"] = row["seconds"] / count * 1e6
    problems = _common.check_results(ref, to_numpy(result))
    if problems:
        row = {"workload": "W3-long", "engine": "tapekit", "refused": "; ".join(problems)}
    return row


def run_local(names, size, quick, engines, clock="cpu"):
    rows = []
    for name in names:
        arrays = wl.make_inputs(name, size)
        ref = wl.numpy_step(name, arrays, size)
        repeats = 3 if quick else REPEATS[name]
        warmup = 1 if quick else 2
        rows += measure_all(engines, name, arrays, ref, size, repeats, warmup, clock)
        if name == "W3" and "tapekit" in engines:
            rows.append(long_chain_row(arrays, size, clock))
    return rows


# ---------- TensorFlow in its own interpreter ----------
def run_tensorflow(names, size, quick, clock="cpu"):
    """Rows for TF eager, measured by ``$TAPEKIT_TF_PYTHON run.py --tf-worker`` and checked here."""
    python = os.environ.get(TF_PYTHON_VAR)
    if not python:
        return [{"workload": n, "engine": "tensorflow",
                 "skipped": f"set {TF_PYTHON_VAR}=/path/to/python with tensorflow to measure"} for n in names]
    with tempfile.TemporaryDirectory() as tmp:
        refs = {}
        for name in names:
            arrays = wl.make_inputs(name, size)
            np.savez(os.path.join(tmp, f"{name}_in.npz"), **arrays)
            refs[name] = wl.numpy_step(name, arrays, size)
        job = {"names": list(names), "size": size, "quick": quick, "clock": clock}
        with open(os.path.join(tmp, "job.json"), "w") as f:
            json.dump(job, f)
        env = dict(os.environ, TF_CPP_MIN_LOG_LEVEL="3")
        proc = subprocess.run([python, os.path.abspath(__file__), "--tf-worker", tmp], env=env,
                              capture_output=True, text=True, timeout=1800)
        out_path = os.path.join(tmp, "results.json")
        if proc.returncode != 0 or not os.path.exists(out_path):
            tail = (proc.stderr or proc.stdout).strip().splitlines()[-3:]
            return [{"workload": n, "engine": "tensorflow", "skipped": "TF worker failed: " + " | ".join(tail)}
                    for n in names]
        with open(out_path) as f:
            results = json.load(f)
        rows = []
        for row in results["rows"]:
            name = row["workload"]
            with np.load(os.path.join(tmp, f"{name}_out.npz")) as got:
                grads = [got[f"g{i}"] for i in range(len(got.files) - 1)]
                problems = _common.check_results(refs[name], (got["loss"], grads))
            if problems:
                row = {"workload": name, "engine": "tensorflow", "refused": "; ".join(problems)}
            row["engine"] = f"tensorflow {results['version']}"
            rows.append(row)
        return rows


def tf_worker(tmp):
    """Inside the TF interpreter: run the job in ``tmp`` and write results.json and outputs."""
    import tensorflow as tf

    tf.config.threading.set_intra_op_parallelism_threads(1)
    tf.config.threading.set_inter_op_parallelism_threads(1)
    with open(os.path.join(tmp, "job.json")) as f:
        job = json.load(f)
    size, quick = job["size"], job["quick"]
    rows = []
    for name in job["names"]:
        with np.load(os.path.join(tmp, f"{name}_in.npz")) as data:
            arrays = {k: data[k] for k in data.files}
        count = wl.n_ops(name, size) if name in ("W1", "W3") else 0
        step, to_numpy = w_engines.build("tensorflow", name, arrays, count)
        loss, grads = to_numpy(step())
        np.savez(os.path.join(tmp, f"{name}_out.npz"), loss=loss, **{f"g{i}": g for i, g in enumerate(grads)})
        repeats = 3 if quick else REPEATS[name]
        row = {"workload": name, "engine": "tensorflow",
               "seconds": _common.median_time(step, repeats, 1 if quick else 2, job.get("clock", "cpu"))}
        if count:
            row["ops"] = count
            row["us_per_op"] = row["seconds"] / count * 1e6
        rows.append(row)
    with open(os.path.join(tmp, "results.json"), "w") as f:
        json.dump({"version": tf.__version__, "rows": rows}, f)


# ---------- verdicts and the table ----------
def add_ratios_and_verdicts(rows):
    """Ratios against the NumPy (and torch) row of each workload, and met / not met for tapekit's rows.

    A target that compares with torch is NOT MET when torch was not measured in this run.
    """
    base = {r["workload"]: r for r in rows if r["engine"] == "numpy" and "seconds" in r}
    torch = {r["workload"]: r for r in rows if r["engine"] == "torch" and "seconds" in r}
    for r in rows:
        b = base.get(r["workload"])
        if b is not None and "seconds" in r:
            r["ratio"] = r["seconds"] / b["seconds"]
            if "peak_bytes" in r and b.get("peak_bytes"):
                r["mem_ratio"] = r["peak_bytes"] / b["peak_bytes"]
        t = torch.get(r["workload"])
        if t is not None and "seconds" in r:
            r["vs_torch"] = r["seconds"] / t["seconds"]
        if r["engine"] != "tapekit":
            continue
        name = r["workload"]
        r["target"] = TARGETS.get(name, "finishes")
        if "seconds" not in r:
            r["met"] = False
        elif name == "W1":
            r["met"] = r.get("vs_torch", 99) <= 1.0
        elif name == "W2":
            r["met"] = r.get("ratio", 99) <= 1.10
        elif name == "W3":
            r["met"] = r.get("vs_torch", 99) <= W3_TIME_VS_TORCH and r.get("mem_ratio", 99) <= W3_MEM_VS_NUMPY
        elif name == "W4":
            r["met"] = r.get("ratio", 99) <= 1.05
        else:   # W3-long
            r["met"] = True
    return rows


def _time_text(s):
    return f"{s * 1e3:9.2f} ms" if s >= 1e-3 else f"{s * 1e6:9.1f} µs"


def format_table(rows) -> str:
    header = f"{'workload':<8} {'engine':<18} {'median':>12} {'µs/op':>8} {'vs NumPy':>9} {'vs torch':>9} " \
             f"{'peak mem':>16}  {'target':<36} verdict"
    lines = [header, "-" * len(header)]
    last = None
    for r in rows:
        if last is not None and r["workload"] != last:
            lines.append("")
        last = r["workload"]
        head = f"{r['workload']:<8} {r['engine']:<18} "
        if "skipped" in r or "refused" in r:
            why = f"skipped: {r['skipped']}" if "skipped" in r else f"REFUSED (wrong results): {r['refused']}"
            lines.append(head + why)
            continue
        per_op = f"{r['us_per_op']:8.2f}" if "us_per_op" in r else f"{'':8}"
        ratio = f"{r['ratio']:8.2f}x" if "ratio" in r else f"{'':9}"
        vs_torch = f"{r['vs_torch']:8.2f}x" if "vs_torch" in r else f"{'':9}"
        mem = ""
        if "peak_bytes" in r:
            kib = r["peak_bytes"] / 1024
            mem = f"{kib / 1024:.1f} MiB" if kib >= 1024 else f"{kib:.0f} KiB"
            if "mem_ratio" in r:
                mem += f" {r['mem_ratio']:.2f}x"
        met = "" if "met" not in r else ("met" if r["met"] else "NOT MET")
        lines.append(f"{head}{_time_text(r['seconds'])} {per_op} {ratio} {vs_torch} {mem:>16}  "
                     f"{r.get('target', ''):<36} {met}".rstrip())
    return "\n".join(lines)


def environment_lines(size, clock="cpu"):
    load = f"load average {os.getloadavg()[0]:.2f}; " if hasattr(os, "getloadavg") else ""
    lines = [f"python {platform.python_version()}, numpy {np.__version__}, {platform.machine()}, "
             f"{os.cpu_count()} cpus, {load}size={size}; float32; 1 thread; "
             f"{'CPU' if clock == 'cpu' else 'wall'} time",
             f"BLAS: {_common.blas_description()}"]
    if REMOVED_ENV:
        lines.append(f"unset for this process: {', '.join(REMOVED_ENV)} (native OpenBLAS kernel)")
    return lines


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--quick", action="store_true", help="fewer repeats (a smoke run)")
    p.add_argument("--only", default=",".join(wl.WORKLOADS), help="comma-separated workloads, e.g. W1,W3")
    p.add_argument("--json", dest="json_path", help="also write the rows to this JSON file")
    p.add_argument("--engines", default=",".join(LOCAL_ENGINES + ("tensorflow",)),
                   help="comma-separated engines to run (default: all)")
    p.add_argument("--tiny", action="store_true", help="tiny sizes (correctness smoke test)")
    p.add_argument("--wall", action="store_true",
                   help="time with the wall clock (default: the process's CPU time, steadier on a busy machine)")
    p.add_argument("--keep-openblas-env", action="store_true",
                   help="keep OPENBLAS_CORETYPE/OPENBLAS_L2_SIZE if set (default: unset both)")
    p.add_argument("--tf-worker", metavar="DIR", help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    args.only = [w.strip().upper() for w in args.only.split(",") if w.strip()]
    unknown = [w for w in args.only if w not in wl.WORKLOADS]
    if unknown:
        p.error(f"unknown workload(s) {unknown}; choose from {', '.join(wl.WORKLOADS)}")
    args.engines = [e.strip() for e in args.engines.split(",") if e.strip()]
    return args


def main(argv=None) -> list:
    args = parse_args(argv)
    if args.tf_worker:
        tf_worker(args.tf_worker)
        return []
    limits = _common.limit_threads()
    size = "tiny" if args.tiny else "full"
    clock = "wall" if args.wall else "cpu"
    for line in environment_lines(size, clock):
        print(line)
    local = [e for e in LOCAL_ENGINES if e in args.engines]
    rows = run_local(args.only, size, args.quick, local, clock)
    if "tensorflow" in args.engines:
        rows += run_tensorflow(args.only, size, args.quick, clock)
    order = {"W1": 0, "W2": 1, "W3": 2, "W3-long": 2.5, "W4": 3}
    rows.sort(key=lambda r: order[r["workload"]])
    rows = add_ratios_and_verdicts(rows)
    print(format_table(rows))
    if args.json_path:
        with open(args.json_path, "w") as f:
            json.dump({"environment": environment_lines(size, clock), "rows": rows}, f, indent=1)
    del limits
    return rows


if __name__ == "__main__":
    main()
