"""Bad-input calls run in real TF 2.21 and in tapekit, compared (issue 25, part B).

Each public function a student meets is written once as a call template (``tools/bad_call_specs.py``)
whose arguments have roles (a float tensor, an axis, a shape, a count ...). Every call puts one bad
value of its role's kinds (wrong Python type, wrong dtype, bad shape, bad axis, bad enum string,
mismatched lengths) in one argument's place, or adds an unknown keyword. Both engines run the same
call text; what counts as a defect in tapekit:

- another exception type than TF's, or an error where TF succeeds, or success where TF raises;
- a different value where both succeed;
- a raw Python error from inside (``'float' object is not iterable``, NumPy's texts,
  AttributeError/KeyError/IndexError) or a message that names neither the argument nor the op;
- more than ``SLOW_S`` seconds before the answer (it should be refused up front);
- a failed call on a Variable or an optimizer that changed its state.

    TAPEKIT_TF_PYTHON=/path/to/tf/python python tools/bad_calls.py record   # TF's outcomes -> JSON
    python tools/bad_calls.py diff [--show KIND]                           # tapekit against them

``record`` writes ``tests/fidelity/bad_calls_tf.json``; ``diff`` prints the counts per kind of bad value
and per defect, and the defects themselves.
"""

from __future__ import annotations

import argparse
import json
import os
import queue
import random
import re
import subprocess
import sys
import threading
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

from bad_call_specs import BAD, PRELUDE, RANDOM, SPECS  # noqa: E402

RECORD = ROOT / "tests" / "fidelity" / "bad_calls_tf.json"
KNOWN = ROOT / "tests" / "fidelity" / "bad_calls_known.json"   # the defects left, call -> kind (diff --update-known)
SEED = 25
SLOW_S = 1.0
TIMEOUT_S = 15.0

# Runs calls (a JSON list on stdin) from a start index, one JSON line out per call.
WORKER = r'''
import json, math, os, sys, time, warnings
warnings.simplefilter("ignore")
engine, start = sys.argv[1], int(sys.argv[2])
if engine == "tapekit":
    import tapekit, tapekit.keras
    sys.modules["tensorflow"] = tapekit
    sys.modules["keras"] = tapekit.keras
import numpy as np
import tensorflow as tf
import keras
calls, prelude = json.load(sys.stdin)
scope = {"tf": tf, "keras": keras, "np": np}
exec(prelude, scope)

def plain(x):
    if isinstance(x, bytes):
        return x.decode("utf-8", "replace")
    if isinstance(x, complex):
        return [plain(x.real), plain(x.imag)]
    if isinstance(x, float) and not math.isfinite(x):
        return repr(x)
    return x

def summary(value, depth=0):
    if depth > 3:
        return "deep"
    if isinstance(value, (list, tuple)):
        return [summary(v, depth + 1) for v in value[:8]]
    if isinstance(value, dict):
        return {str(k): summary(v, depth + 1) for k, v in sorted(value.items(), key=str)}
    if hasattr(value, "numpy") and hasattr(value, "dtype") and hasattr(value, "shape"):
        try:
            arr = np.asarray(value.numpy())
        except Exception:
            return "tensor"
        return {"dtype": str(getattr(value.dtype, "name", value.dtype)), "shape": list(arr.shape),
                "values": [plain(v) for v in arr.reshape(-1)[:24].tolist()]}
    if isinstance(value, (bool, int, float, str, type(None))):
        return plain(value)
    return "object"

for index in range(start, len(calls)):
    began = time.perf_counter()
    try:
        result = eval(calls[index], scope)
        out = {"outcome": "ok", "value": summary(result)}
    except BaseException as error:
        out = {"outcome": "error", "type": type(error).__name__, "message": str(error)[:400]}
    out.update(index=index, seconds=round(time.perf_counter() - began, 3))
    print(json.dumps(out, default=str), flush=True)
'''

# What a raw Python error from inside tapekit looks like (never TF's or tapekit's own message).
RAW_TEXTS = ("object is not iterable", "invalid literal for", "has no attribute", "unsupported operand",
             "not subscriptable", "cannot be interpreted as an integer", "int() argument must be",
             "list indices must be", "tuple indices must be", "truth value of an array",
             "float() argument must be", "could not convert string to float", "not supported between instances",
             "index out of range", "unhashable type", "object is not callable", "operands could not be broadcast",
             "is out of bounds for", "ndarray", "numpy.", "object of type", "must be real number")
RAW_TF_TEXTS = ("bad operand type", "can only concatenate", "only 0-dimensional arrays", "not all arguments converted",
                "Could not find device for node")
RAW_TYPES = ("AttributeError", "KeyError", "IndexError", "ZeroDivisionError", "OverflowError", "MemoryError",
             "RecursionError", "AxisError", "UnboundLocalError", "NameError", "AssertionError", "StopIteration")


def generate(seed: int = SEED, per_role: int = 0) -> list[dict]:
    """Every bad call: each argument of each spec given each bad value of its role (or ``per_role`` of them
    drawn at random), and each spec given an unknown keyword argument."""
    rng = random.Random(seed)
    calls = []
    for name, template, slots in SPECS:
        good = {slot: value for slot, (value, _role) in slots.items()}
        if "{kw}" in template:
            calls.append({"spec": name, "arg": "bogus", "kind": "kwarg",
                          "code": template.format(**good, kw=", bogus=1").replace("(, ", "(")})
        for slot, (_good, role) in slots.items():
            pool = [(kind, value) for kind, value in BAD[role]]
            if per_role:
                pool = rng.sample(pool, min(per_role, len(pool)))
            for kind, value in pool:
                calls.append({"spec": name, "arg": slot.rstrip("_0123456789"), "kind": kind,
                              "code": template.format(**dict(good, **{slot: value}), kw="")})
    return calls


def _pump(stream, lines: queue.Queue) -> None:
    for line in stream:
        lines.put(line)
    lines.put(None)


def _run_from(start: int, engine: str, python: str, env: dict, payload: str, results: list[dict]) -> int:
    """Runs the calls from ``start`` in one process until they end, it crashes or one hangs; the next index."""
    proc = subprocess.Popen([python, "-c", WORKER, engine, str(start)], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, cwd=ROOT)
    lines: queue.Queue = queue.Queue()
    threading.Thread(target=_pump, args=(proc.stdout, lines), daemon=True).start()
    proc.stdin.write(payload)
    proc.stdin.close()
    next_index, line = start, None
    while True:
        try:
            line = lines.get(timeout=TIMEOUT_S + (60 if next_index == start else 0))
        except queue.Empty:
            line = "TIMEOUT"
        if line is None or line == "TIMEOUT":
            break
        out = json.loads(line)
        results[out["index"]] = out
        next_index = out["index"] + 1
    proc.kill()
    proc.wait()
    if next_index < len(results):
        kind = "TIMEOUT" if line == "TIMEOUT" else "CRASH"
        results[next_index] = {"outcome": "error", "type": kind, "message": proc.stderr.read()[-300:],
                               "index": next_index, "seconds": TIMEOUT_S}
        next_index += 1
    return next_index


def run(calls: list[dict], engine: str, python: str) -> list[dict]:
    """Each call's outcome under ``engine``; a call past TIMEOUT_S is killed and the rest run on."""
    env = dict(os.environ, TF_CPP_MIN_LOG_LEVEL="3", PYTHONHASHSEED="0", CUDA_VISIBLE_DEVICES="")
    if engine == "tapekit":
        env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), env.get("PYTHONPATH", "")) if p)
    payload = json.dumps([[c["code"] for c in calls], PRELUDE])
    results: list[dict] = [{} for _ in calls]
    start = 0
    while start < len(calls):
        start = _run_from(start, engine, python, env, payload, results)
    return results


def _same_value(a, b, random: bool = False) -> bool:
    if isinstance(a, dict) and isinstance(b, dict) and "values" in a and "values" in b:
        return ((a["dtype"], a["shape"]) == (b["dtype"], b["shape"])
                and (random or _same_value(a["values"], b["values"])))
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_same_value(x, y, random) for x, y in zip(a, b))
    if isinstance(a, float) and isinstance(b, (int, float)):
        return abs(a - b) <= 1e-6 + 1e-5 * abs(b)
    if isinstance(a, str) and isinstance(b, str) and {a, b} <= {"object", "tensor"}:
        return True
    return a == b


def _not_in_tapekit(out: dict) -> bool:
    """A missing API: tapekit's clear not-in-tapekit error, or no such name (not a bad-input defect)."""
    message = out.get("message", "")
    return ((out.get("type") == "NotImplementedError" and "not implemented in tapekit" in message)
            or (out.get("type") == "AttributeError" and "module 'tapekit" in message))


def _raw(out: dict) -> bool:
    """TF's own error is a raw Python one from inside TF (TF's type is then an accident of its code)."""
    return out["type"] in RAW_TYPES or any(raw in out["message"] for raw in RAW_TEXTS + RAW_TF_TEXTS)


def _tf_failed_itself(tf_out: dict, tk_out: dict) -> bool:
    """TF crashed, hung, or raised a raw Python error of its own: any clear error of TF's kinds is right."""
    return tf_out["type"] in ("CRASH", "TIMEOUT") + RAW_TYPES and tk_out["type"] not in RAW_TYPES


def defect(call: dict, tk_out: dict, tf_out: dict) -> str | None:
    """What is wrong with tapekit's outcome for ``call`` (None when it matches TF's)."""
    if tk_out.get("seconds", 0) > SLOW_S:
        return "slow"
    if tk_out["outcome"] == "ok":
        if tf_out["outcome"] != "ok":
            return "silent success"
        random = any(call["spec"].startswith(r) for r in RANDOM)
        return None if _same_value(tk_out["value"], tf_out["value"], random) else "value differs"
    if _not_in_tapekit(tk_out):
        return "not in tapekit"
    if tk_out["type"] in ("TIMEOUT", "CRASH", "StateChanged"):
        return tk_out["type"]
    if tk_out["type"] in RAW_TYPES and tk_out["type"] != tf_out.get("type"):
        return f"raw {tk_out['type']}"
    message = tk_out["message"]
    if any(raw in message for raw in RAW_TEXTS) and "Hint:" not in message and message != tf_out.get("message"):
        return "raw message"
    if tf_out["outcome"] == "ok":
        wrapped = "2**40" in call["code"] and tk_out["type"] in ("InvalidArgumentError", "ResourceExhaustedError")
        return "documented: TF wraps the int through int32" if wrapped else "error where TF succeeds"
    if tk_out["type"] != tf_out["type"] and not _tf_failed_itself(tf_out, tk_out):
        return "type differs (TF's own raw error)" if _raw(tf_out) else "type differs"
    named = (call["arg"].lower() in message.lower() or "[Op:" in message or "Hint:" in message
             or call["spec"].split(".")[-1].lower() in message.lower())
    return None if named else "message names neither argument nor op"


def compare(calls: list[dict], tk_outs: list[dict], tf_outs: list[dict]) -> list[dict]:
    found = []
    for call, tk_out, tf_out in zip(calls, tk_outs, tf_outs):
        problem = defect(call, tk_out, tf_out)
        if problem:
            found.append(dict(call, problem=problem, tapekit=_brief(tk_out), tf=_brief(tf_out)))
    return found


def diff(calls: list[dict]) -> list[dict]:
    """The defects of tapekit's outcomes against the recorded TF ones (calls not recorded are left out)."""
    recorded = json.loads(RECORD.read_text())
    calls = [c for c in calls if c["code"] in recorded]
    return compare(calls, run(calls, "tapekit", sys.executable), [recorded[c["code"]] for c in calls])


def _brief(out: dict) -> str:
    if out["outcome"] == "ok":
        return "ok " + json.dumps(out["value"])[:120]
    message = re.sub(r"\s+", " ", out["message"])
    return f"{out['type']}: {message[:200]}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("command", choices=["record", "diff"])
    parser.add_argument("--show", default="", help="print only the defects whose kind or spec contains this")
    parser.add_argument("--spec", default="", help="run only the specs whose name contains this")
    parser.add_argument("--update-known", action="store_true", help="write the defects found to " + KNOWN.name)
    args = parser.parse_args()
    calls = [c for c in generate() if args.spec in c["spec"]]
    if args.command == "record":
        python = os.environ.get("TAPEKIT_TF_PYTHON")
        if not python:
            print("set TAPEKIT_TF_PYTHON to a Python that has tensorflow 2.21", file=sys.stderr)
            return 2
        outs = run(calls, "tensorflow", python)
        RECORD.write_text(json.dumps({c["code"]: o for c, o in zip(calls, outs)}, indent=0, sort_keys=True) + "\n")
        print(f"recorded {len(calls)} calls in {RECORD.relative_to(ROOT)}")
        return 0
    found = diff(calls)
    if args.update_known:
        known = {f["code"]: f["problem"] for f in found if f["problem"] != "slow"}   # slow: the machine's load
        KNOWN.write_text(json.dumps(known, indent=0, sort_keys=True) + "\n")
    for item in found:
        if args.show in item["problem"] or args.show in item["spec"]:
            print(f"{item['problem']}: {item['code']}\n    tapekit: {item['tapekit']}\n    TF:      {item['tf']}")
    print(json.dumps({"calls": len(calls), "differ": len(found),
                      "per kind": {k: [n, sum(1 for f in found if f["kind"] == k)]
                                   for k, n in sorted(Counter(c["kind"] for c in calls).items())},
                      "per defect": dict(Counter(f["problem"] for f in found))}, indent=1))
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
