"""Exercises for lesson 09 (devices: placement, moving data, gradients on a GPU).

The checks run on any machine: without a GPU, ``tk.device("GPU:0")`` places on the CPU (soft placement),
so they look at *which device the answer asked for* (recorded while it runs) as well as at its results.
"""

from __future__ import annotations

import contextlib

import numpy as np

import tapekit as tk

from .. import backend
from ..device import parse_device as parse_spec
from ._check import (
    Feedback,
    call_safely,
    correct,
    crashed,
    exercise,
    hint,
    kind_of,
    none_gradient_error,
    same_values,
    shape_of,
)

SQUARES_CASES = [[1.0, 2.0, 3.0], [0.5, -2.0], [[1.0, -1.0], [3.0, 0.25]]]
GRADIENT_CASES = [("GPU:0", [1.0, 2.0, 3.0]), ("CPU:0", [[0.5, -1.0], [2.0, 0.0]]), ("/device:GPU:0", [-1.5])]


def _parse(spec):
    """``(kind, index)`` of a device string as ``tk.device`` reads it; ValueError when it rejects it."""
    return parse_spec(spec)


@contextlib.contextmanager
def _recorded_requests():
    """Collect the ``(kind, index)`` of every ``tk.device(...)`` entered while the block runs."""
    requests = []
    original = backend.resolve

    def recording(kind, index, spec):
        requests.append((kind, 0 if kind == "GPU" and index is None else index))
        return original(kind, index, spec)

    backend.resolve = recording
    try:
        yield requests
    finally:
        backend.resolve = original


def _host_number_kind(result) -> str | None:
    """None when ``result`` is host data (a NumPy array or scalar, a Python number), else a hint code."""
    if isinstance(result, (tk.Tensor, tk.Variable)):
        return "tensor"
    if isinstance(result, (np.ndarray, np.generic, float, int)) and not isinstance(result, bool):
        return None
    return "type"


_TENSOR_HINT = ("you returned a tk.{kind}: its memory stays on the device it was computed on (GPU memory on a "
                "GPU machine). Call .numpy() on it to copy the values to the host as a NumPy array.")


# Exercise 1: where each tensor of the predict cell lives on a machine with one GPU, and which ones an
# operation on the other device had to copy. Rules: an op runs in the innermost tk.device block around it
# (inputs from elsewhere are copied there), and a tensor or variable stays where it was made.
PLACEMENT = {"prices": "CPU", "weights": "GPU", "total": "GPU", "doubled": "CPU"}
COPIED = {"prices", "total"}

_PLACEMENT_HINTS = {
    "weights": "weights is created inside the GPU block: a variable lives on the device where it is created.",
    "prices": "prices is created in the first CPU block and stays there. When an operation on the GPU uses it, "
              "the operation gets a copy; the .device of prices never changes.",
    "total": "an operation runs on the device of the innermost tk.device block around it, not where its "
             "inputs live. total is computed inside the GPU block, so it lives on the GPU (prices is copied "
             "there first).",
    "doubled": "doubled is computed inside the second CPU block, so the multiply runs on the CPU although total "
               "lives on the GPU. A result does not follow its inputs: it is made where the operation runs.",
}
_COPY_HINTS = {
    ("prices", False): "prices * weights runs on the GPU, but prices lives in host memory: it is copied to the "
                       "GPU first.",
    ("total", False): "total * 2.0 runs on the CPU, but total lives on the GPU: it is copied to the host first.",
    ("weights", True): "weights already lives on the GPU, where prices * weights runs: no copy is needed.",
    ("doubled", True): "doubled is made on the CPU and no later operation uses it: nothing copies it.",
}


def _device_kind(text) -> str | None:
    """'GPU' or 'CPU' for an answer such as 'gpu', 'GPU:0' or '/device:CPU:0', else None."""
    if not isinstance(text, str):
        return None
    upper = text.upper()
    kinds = {kind for kind in ("GPU", "CPU") if kind in upper}
    return kinds.pop() if len(kinds) == 1 else None


def _reveal(tensors) -> str:
    """What .device says for each tensor on this machine (``tensors``: a dict, or the function that makes
    it), and what that means."""
    if callable(tensors):
        tensors, _ = call_safely(tensors)
    if not isinstance(tensors, dict) or not tensors:
        return ""
    lines = ["\nWhat .device says on this machine:"]
    lines += [f"  {name}: {tensor.device}" for name, tensor in tensors.items()]
    if all("GPU" not in tensor.device for tensor in tensors.values()):
        lines.append("This machine has no GPU, so soft placement put all of them on the CPU and nothing was "
                     "copied. With a GPU, .device would show each tensor on the device where it was made.")
    return "\n".join(lines)


@exercise
def check_placement(placement, copied, tensors=None) -> Feedback:
    """Exercise 1 (predict): ``placement`` maps each name to "CPU" or "GPU" on a machine with one GPU;
    ``copied`` names the tensors an operation on the other device had to copy. ``tensors`` (name -> tensor,
    or the lesson's function that returns them) lets the verdict reveal what ``.device`` says on this
    machine, once the student has answered."""
    if not isinstance(placement, dict):
        return hint("not_dict", f"`placement` is a {kind_of(placement)}; write a dict such as "
                                "{'prices': 'CPU', 'weights': 'GPU', ...} with one entry per tensor.")
    missing = sorted(set(PLACEMENT) - set(placement))
    unknown = sorted(set(placement) - set(PLACEMENT))
    if missing or unknown:
        return hint("names", f"`placement` needs exactly the names {sorted(PLACEMENT)}"
                             + (f"; it lacks {missing}" if missing else "")
                             + (f"; {unknown} are not tensors of the cell" if unknown else "") + ".")
    kinds = {name: _device_kind(device) for name, device in placement.items()}
    unreadable = sorted(name for name, kind in kinds.items() if kind is None)
    if unreadable:
        return hint("not_device", f"write 'CPU' or 'GPU' for each tensor; {unreadable} "
                                  f"{'is' if len(unreadable) == 1 else 'are'} neither.")
    if isinstance(copied, str):
        copied = {copied}
    try:
        copied = set(copied)
    except TypeError:
        return hint("copied_not_names", f"`copied` is a {kind_of(copied)}; write a set of names, e.g. "
                                        "{'weights'}, or set() when nothing is copied.")
    if not all(isinstance(name, str) for name in copied) or copied - set(PLACEMENT):
        return hint("copied_not_names", f"`copied` holds names of the cell's tensors, chosen from "
                                        f"{sorted(PLACEMENT)}.")
    revealed = _reveal(tensors)
    for name in ("weights", "prices", "total", "doubled"):
        if kinds[name] != PLACEMENT[name]:
            return hint(f"wrong_{name}", _PLACEMENT_HINTS[name] + revealed)
    for (name, listed), message in _COPY_HINTS.items():
        if (name in copied) == listed:
            return hint(f"copied_{name}", message + revealed)
    return correct("each operation ran in its device block, and the inputs it needed from the other device were "
                   "copied there: prices to the GPU, total back to the host." + revealed)


def _none_gradient(exc) -> bool:
    """True when ``exc`` comes from using a None gradient (``None.numpy()`` included)."""
    return none_gradient_error(exc) or (isinstance(exc, AttributeError) and "NoneType" in str(exc))


def _requested_kinds(requests) -> set:
    return {kind for kind, _ in requests if kind is not None}


@exercise
def check_squares_on_gpu(sum_of_squares) -> Feedback:
    """Exercise 2: ``sum_of_squares(values)`` computes sum(values**2) on GPU:0 and returns host data."""
    if not callable(sum_of_squares):
        return hint("not_callable", "pass the function itself: check_squares_on_gpu(sum_of_squares).")
    for values in SQUARES_CASES:
        host = np.array(values, dtype=np.float32)
        with _recorded_requests() as requests:
            result, exc = call_safely(sum_of_squares, host.copy())
        if exc is not None:
            return crashed(exc, f"sum_of_squares(np.array({values}))")
        problem = _host_number_kind(result)
        if problem == "tensor":
            return hint("tensor", _TENSOR_HINT.format(kind=kind_of(result)))
        if problem is not None:
            return hint("type", f"return the value as NumPy data (tensor.numpy()), not {kind_of(result)}.")
        kinds = _requested_kinds(requests)
        if not kinds:
            return hint("no_device", "nothing asked for a device: create the tensor and compute inside "
                                     "`with tk.device('GPU:0'):`.")
        if "GPU" not in kinds:
            return hint("cpu", "your function only asked for the CPU; the exercise asks for 'GPU:0'.")
        got = np.asarray(result, dtype=np.float64)
        if got.shape == host.shape and same_values(got, host ** 2):
            return hint("not_reduced", "those are the squares element by element: add them up with tk.reduce_sum.")
        if got.size == 1 and same_values(got.reshape(()), host.sum()):
            return hint("not_squared", "that is the sum of the values; square them first (x ** 2 or tk.square).")
        if got.size != 1:
            return hint("shape", f"return one number; got shape {shape_of(got)}.")
        expected = float((host.astype(np.float64) ** 2).sum())
        if not same_values(got.reshape(()), expected):
            return hint("values", f"for {values} you returned {got.reshape(()).item():g}, expected {expected:g}.")
    return correct("computed where you asked, and .numpy() brought the answer to the host.")


@exercise
def check_gradient_on(gradient_on) -> Feedback:
    """Exercise 3: ``gradient_on(device_name, values)`` returns d reduce_sum(w**3) / dw as a NumPy array, for a
    Variable ``w`` holding ``values`` created on ``device_name``."""
    if not callable(gradient_on):
        return hint("not_callable", "pass the function itself: check_gradient_on(gradient_on).")
    for device_name, values in GRADIENT_CASES:
        w = np.array(values, dtype=np.float32)
        with _recorded_requests() as requests:
            result, exc = call_safely(gradient_on, device_name, values)
        call = f"gradient_on({device_name!r}, {values})"
        if _none_gradient(exc) or (exc is None and result is None):
            return hint("none", f"{call} got a None gradient: make w a tk.Variable (the tape watches trainable "
                                f"variables by itself) and compute y inside the tape's with-block.")
        if exc is not None:
            return crashed(exc, call)
        problem = _host_number_kind(result)
        if problem == "tensor":
            return hint("tensor", _TENSOR_HINT.format(kind=kind_of(result)))
        if problem is not None:
            return hint("type", f"return the gradient as a NumPy array (gradient.numpy()), not {kind_of(result)}.")
        wanted = _parse(device_name)
        wanted = (wanted[0], 0 if wanted[0] == "GPU" and wanted[1] is None else wanted[1])
        if wanted not in requests:
            asked = sorted({f"{k}:{i}" for k, i in requests if k is not None})
            told = f"it asked for {', '.join(asked)}" if asked else "it asked for no device"
            return hint("device_ignored", f"{call}: {told}. Create w inside `with tk.device(device_name):` "
                                          f"with the device_name argument, not a fixed string.")
        if shape_of(result) != w.shape:
            return hint("shape", f"{call} returned shape {shape_of(result)}; the gradient has w's shape {w.shape}.")
        if same_values(result, w ** 3):
            return hint("value_not_gradient", "that is y = w ** 3 itself; ask the tape for tape.gradient(y, w).")
        if not same_values(result, 3 * w ** 2, rtol=1e-4):
            return hint("values", f"{call} returned {np.asarray(result).tolist()}; "
                                  f"d/dw sum(w**3) = 3 w**2 = {(3 * w ** 2).tolist()}.")
    return correct("the tape differentiates the same way on every device.")
