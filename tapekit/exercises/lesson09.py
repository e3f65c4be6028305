"""Exercises for lesson 09 (devices: placement, moving data, gradients on a GPU).

The checks run on any machine: without a GPU, ``tk.device("GPU:0")`` places on the CPU (soft placement),
so they look at *which device the answer asked for* (recorded while it runs) as well as at its results.
"""

from __future__ import annotations

import contextlib

import numpy as np

from ._check import (Feedback, call_safely, correct, crashed, exercise, hint, kind_of, none_gradient_error, same_values,
                     shape_of)

SQUARES_CASES = [[1.0, 2.0, 3.0], [0.5, -2.0], [[1.0, -1.0], [3.0, 0.25]]]
GRADIENT_CASES = [("GPU:0", [1.0, 2.0, 3.0]), ("CPU:0", [[0.5, -1.0], [2.0, 0.0]]), ("/device:GPU:0", [-1.5])]


def _parse(spec):
    """``(kind, index)`` of a device string as ``tk.device`` reads it; ValueError when it rejects it."""
    from ..device import _parse as parse_spec

    return parse_spec(spec)


@contextlib.contextmanager
def _recorded_requests():
    """Collect the ``(kind, index)`` of every ``tk.device(...)`` entered while the block runs."""
    from .. import backend

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
    import tapekit as tk

    if isinstance(result, (tk.Tensor, tk.Variable)):
        return "tensor"
    if isinstance(result, (np.ndarray, np.generic, float, int)) and not isinstance(result, bool):
        return None
    return "type"


_TENSOR_HINT = ("you returned a tk.{kind}: its memory stays on the device it was computed on (GPU memory on a "
                "GPU machine). Call .numpy() on it to copy the values to the host as a NumPy array.")


@exercise
def check_gpu_device_name(answer) -> Feedback:
    """Exercise 1: the string to pass to ``tk.device`` to place work on the first GPU."""
    if not isinstance(answer, str):
        return hint("not_string", f"tk.device takes a device *string*, such as the one TF prints in .device; "
                                  f"you gave {kind_of(answer)} {answer!r}.")
    lowered = answer.lower()
    try:
        kind, index = _parse(answer)
    except ValueError:
        if "physical_device" in lowered:
            return hint("physical_name", "'/physical_device:GPU:0' is the name list_physical_devices reports; "
                                         "tk.device rejects it. Use the device form: 'GPU:0' or '/device:GPU:0'.")
        if "cuda" in lowered:
            return hint("cuda_name", "'cuda' is PyTorch's name. TensorFlow and tapekit call the device 'GPU', "
                                     "as in 'GPU:0'.")
        return hint("invalid", f"tk.device({answer!r}) raises ValueError: write the device type and index, "
                               f"as in 'GPU:0'.")
    if kind is None:
        return hint("no_device", f"{answer!r} names no device type, so it places nothing: write 'GPU:0'.")
    if kind == "CPU":
        return hint("cpu", f"{answer!r} is the CPU. The first GPU is 'GPU:0'.")
    if index not in (None, 0):
        return hint("index", f"{answer!r} is GPU number {index}; devices are counted from 0, the first is 'GPU:0'.")
    return correct(f"tk.device({answer!r}) places on the first GPU (or, without one, falls back to the CPU).")


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
