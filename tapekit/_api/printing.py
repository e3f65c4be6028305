"""``tk.print``: TF's ``tf.print``, with TF's layout of tensors.

Tensors are summarized as TF's C++ kernel does: ``summarize`` elements at each end of every
axis (3 by default, -1 or None for all), ``...`` for the rest, no commas, floats in the shortest
of 6/9 (float32) or 15/17 (float64) significant digits that reads back exactly, booleans as 1/0,
strings quoted and escaped. Python values and structures print as ``pprint.pformat`` shows them,
with the tensors inside them formatted in place. The output goes to ``sys.stderr`` unless
``output_stream`` says otherwise.
"""

from __future__ import annotations

import builtins
import logging
import os
import pprint
import sys

import numpy as np

from .. import nest
from ..backend import to_host
from .._base.i18n import _, hint_line
from .._core.ops.math_ops import to_tensor
from ..ragged import RaggedTensor
from ..sparse import SparseTensor
from .._core.values.context import recorded_effect
from .._core.values.tensor import Tensor, is_variable

_LOG_LEVELS = {logging.INFO: logging.INFO, logging.info: logging.INFO,
               logging.WARNING: logging.WARNING, logging.warning: logging.WARNING,
               logging.warn: logging.WARNING, logging.ERROR: logging.ERROR,
               logging.error: logging.ERROR}


@recorded_effect   # a traced tk.function prints on every call, as TF's PrintV2 op
def print_v2(*inputs, **kwargs) -> None:
    """Print tensors and Python values, separated by ``sep`` and followed by ``end``.

    Keywords (as TF): ``output_stream`` (``sys.stderr`` by default; ``sys.stdout``; a logging
    function or level such as ``logging.info``, which logs to the ``tapekit`` logger at that
    level; or ``"file://<path>"`` to append to a file), ``summarize`` (elements shown
    at each end of each axis: 3; -1 for all), ``sep`` (" "), ``end`` (``os.linesep``), ``name``.
    """
    output_stream = kwargs.pop("output_stream", sys.stderr)
    kwargs.pop("name", None)
    summarize = kwargs.pop("summarize", 3)
    sep = kwargs.pop("sep", " ")
    end = kwargs.pop("end", os.linesep)
    if kwargs:
        raise ValueError(f"Unrecognized keyword arguments for tf.print: {kwargs}"
                         + hint_line(_("tk.print takes output_stream, summarize, sep, end and name.")))
    write = _writer(output_stream)
    summarize = -1 if summarize is None else int(summarize)
    if len(inputs) == 1 and _is_tensor(inputs[0]) and _is_string_scalar(inputs[0]):
        text = _as_text(_host(inputs[0])[()])  # a lone string scalar prints raw, as TF
    else:
        text = sep.join(_format_input(x, summarize) for x in inputs)
    write(text + end)


def _writer(stream):
    if stream is sys.stdout or stream is sys.stderr:
        return lambda text: (stream.write(text), stream.flush())
    if isinstance(stream, str) and stream.startswith("file://"):
        path = stream[len("file://"):]

        def append(text):
            with open(path, "a", encoding="utf-8") as f:
                f.write(text)

        return append
    level = _LOG_LEVELS.get(stream) if _hashable(stream) else None
    if level is not None:
        return lambda text: logging.getLogger("tapekit").log(level, text.rstrip("\n"))
    raise ValueError(
        f"Unsupported output stream, logging level, or file.{stream}. Supported streams are sys.stdout, sys.stderr, "
        "tf.logging.info, tf.logging.warning, tf.logging.error. File needs to be in the form of 'file://<filepath>'."
        + hint_line(_("to capture the text, print to sys.stdout and redirect it, or format a tensor with "
                      "tapekit._api.printing.format_tensor(t).")))


def _hashable(x) -> bool:
    try:
        hash(x)
    except TypeError:
        return False
    return True


# ---------- one input: a tensor, a Python value, or a structure holding tensors ----------
def _is_tensor(x) -> bool:
    return isinstance(x, (Tensor, RaggedTensor, SparseTensor)) or is_variable(x)


def _is_string_scalar(x) -> bool:
    return getattr(x, "ndim", None) == 0 and x.dtype.is_string


def _format_input(x, summarize: int) -> str:
    if isinstance(x, str):
        return x
    if _is_tensor(x):
        return _format_composite(x, summarize)
    if not any(_is_tensor(leaf) for leaf in nest.flatten(x)):
        return pprint.pformat(x)
    marker = _unused_marker(pprint.pformat(nest.map_structure(lambda v: "" if _is_tensor(v) else v, x)))
    texts = []
    placed = nest.map_structure(lambda v: (texts.append(_format_composite(v, summarize)), marker)[1]
                                if _is_tensor(v) else v, x)
    template = pprint.pformat(placed).replace(f"'{marker}'", marker)
    for text in texts:
        template = template.replace(marker, text, 1)
    return template


def _unused_marker(text: str) -> str:
    marker = "{}"
    while marker in text:
        marker = "{" + marker + "}"
    return marker


def _format_composite(x, summarize: int) -> str:
    if isinstance(x, RaggedTensor):
        return _format_ragged(x.to_list(), x.dtype, summarize)
    if isinstance(x, SparseTensor):
        parts = (format_tensor(t, summarize) for t in (x.indices, x.values, x.dense_shape))
        return "'SparseTensor(indices={}, values={}, shape={})'".format(*parts)
    return format_tensor(x, summarize)


def _format_ragged(rows, dtype, summarize: int) -> str:
    if isinstance(rows, list):
        return "[" + ", ".join(_format_ragged(r, dtype, summarize) for r in rows) + "]"
    return _element_formatter(dtype)(np.asarray(rows, dtype=dtype.as_numpy_dtype)[()])


# ---------- the tensor layout of TF's SummarizeValue (print_v2 form) ----------
def format_tensor(tensor, summarize: int = 3) -> str:
    """A tensor's values as ``tk.print`` shows them (``summarize`` per end of each axis)."""
    arr = _host(tensor)
    limit = arr.size if summarize < 0 else min(summarize, arr.size)
    dtype = (to_tensor(tensor) if is_variable(tensor) else tensor).dtype
    if dtype.is_complex:  # TF's kernel prints "?" for element types it cannot format
        text = " ".join("?" for _ in builtins.range(limit)) + ("..." if summarize < arr.size and summarize >= 0 else "")
        return f"[{text}]" if arr.ndim else text
    fmt = _element_formatter(dtype)
    if arr.ndim == 0:
        return fmt(arr[()]) if limit else "..."
    return _format_axis(arr, limit, fmt, 0, ())


def _format_axis(arr, k: int, fmt, axis: int, index: tuple) -> str:
    if axis == arr.ndim:
        return fmt(arr[index])
    n = arr.shape[axis]
    gap = " " if axis == arr.ndim - 1 else "\n" * (arr.ndim - axis - 1) + " " * (axis + 1)
    head = [_format_axis(arr, k, fmt, axis + 1, index + (i,)) for i in builtins.range(min(k, n))]
    tail = [_format_axis(arr, k, fmt, axis + 1, index + (i,)) for i in builtins.range(max(k, n - k), n)]
    text = gap.join(head)
    if n > 2 * k:
        text += gap + "..."
    for item in tail:
        text += gap + item
    return "[" + text + "]"


def _element_formatter(dtype):
    if dtype.is_floating:
        wide = dtype.size == 8
        return lambda v: _float_text(float(v), wide)
    if dtype.is_bool:
        return lambda v: "1" if v else "0"
    if dtype.is_string:
        return lambda v: '"' + _c_escape(v) + '"'
    return lambda v: str(int(v))


def _float_text(v: float, wide: bool) -> str:
    """TF's FloatToBuffer: 6 (15) significant digits if they read back exactly, else 9 (17)."""
    short, full, kind = (15, 17, np.float64) if wide else (6, 9, np.float32)
    text = f"{v:.{short}g}"
    if np.isfinite(v) and kind(text) != kind(v):
        text = f"{v:.{full}g}"
    return text


def _c_escape(value) -> str:
    data = value.encode("utf-8") if isinstance(value, str) else bytes(value)
    special = {ord("\n"): "\\n", ord("\r"): "\\r", ord("\t"): "\\t", ord('"'): '\\"',
               ord("'"): "\\'", ord("\\"): "\\\\"}
    return "".join(special.get(b) or (chr(b) if 0x20 <= b < 0x7F else f"\\{b:03o}") for b in data)


def _as_text(value) -> str:
    return value.decode("utf-8", "replace") if isinstance(value, bytes) else str(value)


def _host(tensor) -> np.ndarray:
    t = to_tensor(tensor) if is_variable(tensor) else tensor
    return np.asarray(to_host(t.value))
