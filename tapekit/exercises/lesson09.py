"""Exercises for lesson 09 (devices: placement, moving data, gradients on a GPU).

The checks run on any machine: without a GPU, ``tk.device("GPU:0")`` places on the CPU (soft placement),
so they look at *which device the answer asked for* (recorded while it runs) as well as at its results.
"""

from __future__ import annotations

import contextlib
import functools

import numpy as np


from .._api.device import parse_device as parse_spec
from .._base.i18n import _
from ._check import (
    Feedback,
    call_safely,
    correct,
    crashed,
    exercise,
    framework,
    hint,
    kind_of,
    none_gradient_error,
    same_values,
    shape_of,
)

SQUARES_CASES = [[1.0, 2.0, 3.0], [0.5, -2.0], [[1.0, -1.0], [3.0, 0.25]]]
HIDDEN_SQUARES_CASES = [[[0.5, 1.5, -2.5], [4.0, 0.0, 1.0]]]  # not shown
GRADIENT_CASES = [("GPU:0", [1.0, 2.0, 3.0]), ("CPU:0", [[0.5, -1.0], [2.0, 0.0]]), ("/device:GPU:0", [-1.5])]


def _parse(spec):
    """``(kind, index)`` of a device string as ``tk.device`` reads it; ValueError when it rejects it."""
    return parse_spec(spec)


# where a sum of squares may be reduced: module -> function names, looked up in the student's framework
REDUCTIONS = {"": ("reduce_sum", "tensordot", "norm", "einsum"), "math": ("reduce_sum",), "linalg": ("norm",)}


class _Requests(list):
    """The ``(kind, index)`` of every device block entered, and the device blocks each reduction ran in."""

    def __init__(self):
        super().__init__()
        self.active: list = []
        self.reduced_in: list = []


def _recording_device(original, requests):
    @contextlib.contextmanager
    def device(spec):
        kind, index = _parse(spec) if spec is not None else (None, None)
        requested = (kind, 0 if kind == "GPU" and index is None else index)
        requests.append(requested)
        with original(spec):
            requests.active.append(requested)
            try:
                yield
            finally:
                requests.active.pop()
    return device


def _recording_reduction(original, requests):
    @functools.wraps(original)
    def reduction(*args, **kwargs):
        requests.reduced_in.append(requests.active[-1] if requests.active else None)
        return original(*args, **kwargs)
    return reduction


@contextlib.contextmanager
def _recorded_requests():
    """While the block runs, record every ``device(...)`` block the student's code enters (in tapekit or
    TensorFlow), and the device block each reduction (reduce_sum and the like) runs in."""
    fw = framework()
    requests = _Requests()
    patched = [(fw, "device", fw.device)]
    fw.device = _recording_device(fw.device, requests)
    for module_name, names in REDUCTIONS.items():
        module = getattr(fw, module_name) if module_name else fw
        for name in names:
            if hasattr(module, name):
                patched.append((module, name, getattr(module, name)))
                setattr(module, name, _recording_reduction(getattr(module, name), requests))
    try:
        yield requests
    finally:
        for module, name, original in reversed(patched):
            setattr(module, name, original)


def _host_number_kind(result) -> str | None:
    """None when ``result`` is host data (a NumPy array or scalar, a Python number), else a hint code."""
    if kind_of(result) in ("Tensor", "Variable"):
        return "tensor"
    if isinstance(result, (np.ndarray, np.generic, float, int)) and not isinstance(result, bool):
        return None
    return "type"


def _tensor_hint(kind: str) -> str:
    return _("you returned a tk.{kind}: its memory stays on the device it was computed on (GPU memory on a "
             "GPU machine). Call .numpy() on it to copy the values to the host as a NumPy array.").format(kind=kind)


# Exercise 1: where each tensor of the predict cell lives on a machine with one GPU, and which ones an
# operation on the other device had to copy. Rules: an op runs in the innermost tk.device block around it
# (inputs from elsewhere are copied there), and a tensor or variable stays where it was made.
PLACEMENT = {"prices": "CPU", "weights": "GPU", "total": "GPU", "doubled": "CPU"}
COPIED = {"prices", "total"}

def _placement_hints() -> dict:
    """Why each tensor lives where it does, in the language in use."""
    return {
        "weights": _("weights is created inside the GPU block: a variable lives on the device where it is created."),
        "prices": _("prices is created in the first CPU block and stays there. When an operation on the GPU uses it, "
                    "the operation gets a copy; the .device of prices never changes."),
        "total": _("an operation runs on the device of the innermost tk.device block around it, not where its "
                   "inputs live. total is computed inside the GPU block, so it lives on the GPU (prices is copied "
                   "there first)."),
        "doubled": _("doubled is computed inside the second CPU block, so the multiply runs on the CPU although "
                     "total lives on the GPU. A result does not follow its inputs: it is made where the operation "
                     "runs."),
    }


def _copy_hints() -> dict:
    """(name, listed as copied) -> why that is wrong, in the language in use."""
    return {
        ("prices", False): _("prices * weights runs on the GPU, but prices lives in host memory: it is copied to the "
                             "GPU first."),
        ("total", False): _("total * 2.0 runs on the CPU, but total lives on the GPU: it is copied to the host "
                            "first."),
        ("weights", True): _("weights already lives on the GPU, where prices * weights runs: no copy is needed."),
        ("doubled", True): _("doubled is made on the CPU and no later operation uses it: nothing copies it."),
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
        tensors, _error = call_safely(tensors)
    if not isinstance(tensors, dict) or not tensors:
        return ""
    lines = ["\n" + _("What .device says on this machine:")]
    lines += [f"  {name}: {tensor.device}" for name, tensor in tensors.items()]
    if all("GPU" not in tensor.device for tensor in tensors.values()):
        lines.append(_("This machine has no GPU, so soft placement put all of them on the CPU and nothing was "
                       "copied. With a GPU, .device would show each tensor on the device where it was made."))
    return "\n".join(lines)


@exercise
def check_placement(placement, copied, tensors=None) -> Feedback:
    """Exercise 1 (predict): ``placement`` maps each name to "CPU" or "GPU" on a machine with one GPU;
    ``copied`` names the tensors an operation on the other device had to copy. ``tensors`` (name -> tensor,
    or the lesson's function that returns them) lets the verdict reveal what ``.device`` says on this
    machine, once the student has answered."""
    if not isinstance(placement, dict):
        return hint("not_dict", _("`placement` is a {kind}; write a dict such as {{'prices': 'CPU', 'weights': "
                                  "'GPU', ...}} with one entry per tensor.").format(
                                    kind=kind_of(placement)))
    missing = sorted(set(PLACEMENT) - set(placement))
    unknown = sorted(set(placement) - set(PLACEMENT))
    if missing or unknown:
        if missing and unknown:
            text = _("`placement` needs exactly the names {names}; it lacks {missing}; {unknown} are not tensors of "
                     "the cell.")
        elif missing:
            text = _("`placement` needs exactly the names {names}; it lacks {missing}.")
        else:
            text = _("`placement` needs exactly the names {names}; {unknown} are not tensors of the cell.")
        return hint("names", text.format(names=sorted(PLACEMENT), missing=missing, unknown=unknown))
    kinds = {name: _device_kind(device) for name, device in placement.items()}
    unreadable = sorted(name for name, kind in kinds.items() if kind is None)
    if unreadable:
        text = (_("write 'CPU' or 'GPU' for each tensor; {unreadable} is neither.") if len(unreadable) == 1 else
                _("write 'CPU' or 'GPU' for each tensor; {unreadable} are neither."))
        return hint("not_device", text.format(unreadable=unreadable))
    if isinstance(copied, str):
        copied = {copied}
    try:
        copied = set(copied)
    except TypeError:
        return hint("copied_not_names", _("`copied` is a {kind}; write a set of names, e.g. {{'weights'}}, or set() "
                                          "when nothing is copied.").format(
                                            kind=kind_of(copied)))
    if not all(isinstance(name, str) for name in copied) or copied - set(PLACEMENT):
        return hint("copied_not_names", _("`copied` holds names of the cell's tensors, chosen from "
                                          "{placement}.").format(
                                            placement=sorted(PLACEMENT)))
    revealed = _reveal(tensors)
    for name in ("weights", "prices", "total", "doubled"):
        if kinds[name] != PLACEMENT[name]:
            return hint(f"wrong_{name}", _placement_hints()[name] + revealed)
    for (name, listed), message in _copy_hints().items():
        if (name in copied) == listed:
            return hint(f"copied_{name}", message + revealed)
    return correct(_("each operation ran in its device block, and the inputs it needed from the other device were "
                     "copied there: prices to the GPU, total back to the host.") + revealed)


def _none_gradient(exc) -> bool:
    """True when ``exc`` comes from using a None gradient (``None.numpy()`` included)."""
    return none_gradient_error(exc) or (isinstance(exc, AttributeError) and "NoneType" in str(exc))


def _requested_kinds(requests) -> set:
    return {kind for kind, _index in requests if kind is not None}


@exercise
def check_squares_on_gpu(sum_of_squares) -> Feedback:
    """Exercise 2: ``sum_of_squares(values)`` computes sum(values**2) on GPU:0 and returns host data."""
    if not callable(sum_of_squares):
        return hint("not_callable", _("pass the function itself: check_squares_on_gpu(sum_of_squares)."))
    for values in SQUARES_CASES + HIDDEN_SQUARES_CASES:
        host = np.array(values, dtype=np.float32)
        with _recorded_requests() as requests:
            result, exc = call_safely(sum_of_squares, host.copy())
        if exc is not None:
            return crashed(exc, _("sum_of_squares(np.array({values}))").format(values=values))
        problem = _host_number_kind(result)
        if problem == "tensor":
            return hint("tensor", _tensor_hint(kind_of(result)))
        if problem is not None:
            return hint("type", _("return the value as NumPy data (tensor.numpy()), not {kind}.").format(
                                    kind=kind_of(result)))
        kinds = _requested_kinds(requests)
        if not kinds:
            return hint("no_device", _("nothing asked for a device: create the tensor and compute inside `with "
                                       "tk.device('GPU:0'):`."))
        if "GPU" not in kinds:
            return hint("cpu", _("your function only asked for the CPU; the exercise asks for 'GPU:0'."))
        got = np.asarray(result, dtype=np.float64)
        if got.shape == host.shape and same_values(got, host ** 2):
            return hint("not_reduced", _("those are the squares element by element: add them up with tk.reduce_sum."))
        if got.size == 1 and same_values(got.reshape(()), host.sum()):
            return hint("not_squared", _("that is the sum of the values; square them first (x ** 2 or tk.square)."))
        if got.size != 1:
            return hint("shape", _("return one number; got shape {shape}.").format(shape=shape_of(got)))
        expected = float((host.astype(np.float64) ** 2).sum())
        if not same_values(got.reshape(()), expected):
            return hint("values", _("for {values} you returned {got:g}, expected {expected:g}.").format(
                                      values=values, got=got.reshape(()).item(), expected=expected))
        if not any(block is not None and block[0] == "GPU" for block in requests.reduced_in):
            return hint("not_on_gpu", _("nothing was summed inside your GPU block: the reduction must run there, on "
                                        "the tensors placed there (NumPy, or a sum after the block, runs on the "
                                        "host)."),
                        _("inside `with tk.device('GPU:0'):`, make the tensor and call tk.reduce_sum on its squares; "
                          "only then call .numpy()."))
    return correct(_("computed where you asked, and .numpy() brought the answer to the host."))


@exercise
def check_gradient_on(gradient_on) -> Feedback:
    """Exercise 3: ``gradient_on(device_name, values)`` returns d reduce_sum(w**3) / dw as a NumPy array, for a
    Variable ``w`` holding ``values`` created on ``device_name``."""
    if not callable(gradient_on):
        return hint("not_callable", _("pass the function itself: check_gradient_on(gradient_on)."))
    for device_name, values in GRADIENT_CASES:
        w = np.array(values, dtype=np.float32)
        with _recorded_requests() as requests:
            result, exc = call_safely(gradient_on, device_name, values)
        call = f"gradient_on({device_name!r}, {values})"
        if _none_gradient(exc) or (exc is None and result is None):
            return hint("none", _("{call} got a None gradient: make w a tk.Variable (the tape watches trainable "
                                  "variables by itself) and compute y inside the tape's with-block.").format(
                                    call=call))
        if exc is not None:
            return crashed(exc, call)
        problem = _host_number_kind(result)
        if problem == "tensor":
            return hint("tensor", _tensor_hint(kind_of(result)))
        if problem is not None:
            return hint("type", _("return the gradient as a NumPy array (gradient.numpy()), not {kind}.").format(
                                    kind=kind_of(result)))
        wanted = _parse(device_name)
        wanted = (wanted[0], 0 if wanted[0] == "GPU" and wanted[1] is None else wanted[1])
        if wanted not in requests:
            asked = sorted({f"{k}:{i}" for k, i in requests if k is not None})
            told = (_("it asked for {devices}").format(devices=", ".join(asked)) if asked else
                    _("it asked for no device"))
            return hint("device_ignored", _("{call}: {told}. Create w inside `with tk.device(device_name):` with the "
                                            "device_name argument, not a fixed string.").format(
                                              call=call, told=told))
        if shape_of(result) != w.shape:
            return hint("shape", _("{call} returned shape {shape}; the gradient has w's shape {shape2}.").format(
                                     call=call, shape=shape_of(result), shape2=w.shape))
        if same_values(result, w ** 3):
            return hint("value_not_gradient", _("that is y = w ** 3 itself; ask the tape for tape.gradient(y, w)."))
        if not same_values(result, 3 * w ** 2, rtol=1e-4):
            return hint("values", _("{call} returned {result}; d/dw sum(w**3) = 3 w**2 = {w}.").format(
                                      call=call, result=np.asarray(result).tolist(), w=(3 * w ** 2).tolist()))
    return correct(_("the tape differentiates the same way on every device."))
