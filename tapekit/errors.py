"""Exception types with TensorFlow's names, codes and hierarchy (``tk.errors.InvalidArgumentError`` ...).

As in TF 2.21, every op error derives from ``OpError`` (itself only an ``Exception``): an
``InvalidArgumentError`` is *not* a ``ValueError``, so ``except ValueError`` does not catch it.
The constructors take TF's arguments, ``(node_def, op, message)`` (``OpError`` also takes the
``error_code``); ``op`` and ``node_def`` are None in eager code, as in TF. ``str(error)`` is the
message and ``error.args`` is empty, as TF's.
"""

from __future__ import annotations

import re

from ._base.i18n import hint_line

OK = 0
CANCELLED = 1
UNKNOWN = 2
INVALID_ARGUMENT = 3
DEADLINE_EXCEEDED = 4
NOT_FOUND = 5
ALREADY_EXISTS = 6
PERMISSION_DENIED = 7
RESOURCE_EXHAUSTED = 8
FAILED_PRECONDITION = 9
ABORTED = 10
OUT_OF_RANGE = 11
UNIMPLEMENTED = 12
INTERNAL = 13
UNAVAILABLE = 14
DATA_LOSS = 15
UNAUTHENTICATED = 16

_NO_MESSAGE = object()


class OpError(Exception):
    """The base class of TensorFlow's op errors, as ``tf.errors.OpError``."""

    def __init__(self, node_def, op, message=_NO_MESSAGE, error_code=None, *args):
        super().__init__()
        if message is _NO_MESSAGE:
            # tapekit's own raise sites write ``SomeError(message, op="OpType")``; TF always passes
            # (node_def, op, message). Read that short form as the message, with no op.
            if not isinstance(node_def, str):
                raise TypeError(f"{type(self).__name__}.__init__() missing 1 required positional "
                                "argument: 'message'")
            node_def, op, message = None, None, with_kernel_prefix(node_def)
        self._node_def = node_def
        self._op = op
        self._message = message
        self._error_code = error_code
        self._experimental_payloads = args[0] if args else {}

    @property
    def message(self) -> str:
        """The error message that describes the error."""
        return self._message

    @property
    def op(self):
        """The operation that failed: always None in eager code, as in TF."""
        return self._op

    @property
    def node_def(self):
        return self._node_def

    @property
    def error_code(self) -> int:
        """The integer code of the error (``tk.errors.INVALID_ARGUMENT`` is 3)."""
        return self._error_code

    @property
    def experimental_payloads(self) -> dict:
        return self._experimental_payloads

    def __str__(self) -> str:
        return str(self._message)

    def __reduce__(self):
        if type(self) is OpError:
            return OpError, (self._node_def, self._op, self._message, self._error_code)
        return type(self), (self._node_def, self._op, self._message)


def _error_class(name: str, code: int, doc: str) -> type:
    def __init__(self, node_def, op=None, message=_NO_MESSAGE, *args):
        OpError.__init__(self, node_def, op, message, code, *args)

    return type(name, (OpError,), {"__init__": __init__, "__doc__": doc, "__module__": __name__})


CancelledError = _error_class("CancelledError", CANCELLED, "An operation or step was cancelled.")
UnknownError = _error_class("UnknownError", UNKNOWN, "An unknown error occurred.")
InvalidArgumentError = _error_class(
    "InvalidArgumentError", INVALID_ARGUMENT,
    "An op received an argument it cannot work with (wrong dtype, shape or value).")
DeadlineExceededError = _error_class("DeadlineExceededError", DEADLINE_EXCEEDED,
                                     "A deadline expired before the operation could complete.")
NotFoundError = _error_class("NotFoundError", NOT_FOUND, "Something that was asked for does not exist.")
AlreadyExistsError = _error_class("AlreadyExistsError", ALREADY_EXISTS,
                                  "An entity that we attempted to create already exists.")
PermissionDeniedError = _error_class("PermissionDeniedError", PERMISSION_DENIED,
                                     "The caller does not have permission to run an operation.")
ResourceExhaustedError = _error_class("ResourceExhaustedError", RESOURCE_EXHAUSTED,
                                      "Some resource (often memory) has been exhausted.")
FailedPreconditionError = _error_class("FailedPreconditionError", FAILED_PRECONDITION,
                                       "The system is not in a state to run the operation.")
AbortedError = _error_class("AbortedError", ABORTED, "The operation was aborted.")
OutOfRangeError = _error_class("OutOfRangeError", OUT_OF_RANGE,
                               "An operation iterated past the valid range (e.g. the end of a dataset).")
UnimplementedError = _error_class("UnimplementedError", UNIMPLEMENTED,
                                  "The op is not implemented for these inputs.")
InternalError = _error_class("InternalError", INTERNAL, "The system hit an internal error.")
UnavailableError = _error_class("UnavailableError", UNAVAILABLE, "The runtime is currently unavailable.")
DataLossError = _error_class("DataLossError", DATA_LOSS, "Unrecoverable data loss or corruption.")
UnauthenticatedError = _error_class("UnauthenticatedError", UNAUTHENTICATED,
                                    "The request does not have valid authentication credentials.")


class OperatorNotAllowedInGraphError(TypeError):
    """A Python operator (such as ``bool(tensor)``) that graph code cannot run (TF's name)."""


# An eager op's kernel errors start with the name of the function TF wraps the op in; the checks
# made before the kernel runs (an input's dtype, an attribute's value) do not.
_OP_TAG = re.compile(r"\[Op:([A-Z]\w*)\]")
_CHECKED_BEFORE_THE_KERNEL = ("cannot compute ", "Value for attr ", "{{function_node ")
CPU_DEVICE = "/job:localhost/replica:0/task:0/device:CPU:0"


def kernel_prefix(op_type: str, **count_attrs: int) -> str:
    """TF's prefix of a kernel error, ``{{function_node __wrapped__Reshape_device_/job:...}} ``.

    ``count_attrs`` are the attributes that count inputs or outputs, part of the name in TF:
    ``kernel_prefix("ConcatV2", N=2)``, ``kernel_prefix("Split", num_split=3)``."""
    counts = "".join(f"_{name}_{value}" for name, value in count_attrs.items())
    return f"{{{{function_node __wrapped__{op_type}{counts}_device_{CPU_DEVICE}}}}} "


def with_kernel_prefix(message):
    """``message`` with TF's kernel prefix when it is a kernel error (it names its op: ``[Op:Name]``)."""
    tag = _OP_TAG.search(message) if isinstance(message, str) else None
    if tag is None or message.startswith(_CHECKED_BEFORE_THE_KERNEL):
        return message
    return kernel_prefix(tag.group(1)) + message


def shape_text(shape) -> str:
    """A shape as TF's kernels write it in messages: ``[1,4]``."""
    return "[" + ",".join(str(d) for d in shape) + "]"


def op_error(op: str, what: str, hint: str = "") -> InvalidArgumentError:
    """An InvalidArgumentError in TF's layout, plus a hint a student can act on (already translated: ``_()``)."""
    text = f"{kernel_prefix(op)}{what} [Op:{op}] name: "
    if hint:
        text += hint_line(hint)
    return InvalidArgumentError(None, None, text)
