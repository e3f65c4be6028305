"""Keras's wrapper around an error raised inside ``layer.call``: the same exception type, its text
framed by the layer's name and the arguments the call received, as Keras 3 writes it::

    Exception encountered when calling Flex.call().

    <the error's own message, in bold>

    Arguments received by Flex.call():
      • x=tk.Tensor(shape=(1, 4), dtype=float32)
      • training=None

Only the innermost layer wraps an error; the layers around it pass it on unchanged.
"""

from __future__ import annotations

import inspect

from ...errors import OpError
from ..._base.i18n import split_hint
from ..._core.values.tensor import Tensor, is_variable
from .structures import map_structure

_BOLD, _PLAIN = "\x1b[1m", "\x1b[0m"


def _argument_text(value) -> str:
    if isinstance(value, Tensor) or is_variable(value):
        return f"tk.Tensor(shape={tuple(value.shape)}, dtype={value.dtype.name})"
    return repr(value)


def _arguments(call, args, kwargs) -> str:
    signature = inspect.signature(call)
    try:
        bound = signature.bind(*args, **kwargs).arguments
    except TypeError:
        return ""
    lines = []
    for parameter in signature.parameters.values():
        value = map_structure(_argument_text, bound[parameter.name]) if parameter.name in bound \
            else parameter.default
        lines.append(f"  • {parameter.name}={value}")
    return "\n".join(lines)


def with_call_info(error: Exception, layer, args, kwargs) -> Exception:
    """``error`` again, of its type, with Keras's frame around its message (or itself, if already framed)."""
    if getattr(error, "_keras_call_info_injected", False):
        return error
    where = f"{type(layer).__name__}.call()"
    message = error.message if isinstance(error, OpError) else (str(error.args[0]) if error.args else "")
    message, hint = split_hint(message)   # tapekit's hint stays outside the bold text
    text = (f"Exception encountered when calling {where}.\n\n{_BOLD}{message}{_PLAIN}{hint}\n\n"
            f"Arguments received by {where}:\n{_arguments(layer.call, args, kwargs)}")
    try:
        framed = type(error)(None, None, text) if isinstance(error, OpError) else type(error)(text)
    except TypeError:
        framed = RuntimeError(text)
    framed._keras_call_info_injected = True  # noqa: SLF001 - Keras's own marker on the exception
    return framed.with_traceback(error.__traceback__)


def call_with_info(layer, args, kwargs):
    """``layer.call(*args, **kwargs)``, an error in it framed as Keras frames it."""
    try:
        return layer.call(*args, **kwargs)
    except Exception as error:
        raise with_call_info(error, layer, args, kwargs) from None
