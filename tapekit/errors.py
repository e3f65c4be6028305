"""Exception types with TensorFlow's names (``tk.errors.InvalidArgumentError`` ...)."""


class OpError(Exception):
    """Base class of errors raised by an op, as ``tf.errors.OpError``."""

    def __init__(self, message: str = "", op: str | None = None):
        super().__init__(message)
        self.message = message
        self.op = op


class InvalidArgumentError(OpError, ValueError):
    """An op received an argument it cannot work with (wrong dtype, shape or value)."""


class UnimplementedError(OpError):
    """The op is not implemented for these inputs."""


class NotFoundError(OpError):
    """Something that was asked for does not exist."""


class OutOfRangeError(OpError):
    """An iterator ran past its end (``get_next()`` on an exhausted ``tk.data`` iterator)."""


def op_error(op: str, what: str, hint: str = "") -> InvalidArgumentError:
    """An InvalidArgumentError in TF's layout, plus a hint a student can act on."""
    text = f"{what} [Op:{op}] name: "
    if hint:
        text += f"\n  Hint: {hint}"
    return InvalidArgumentError(text, op=op)
