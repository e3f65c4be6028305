"""``tk.strings``: the string ops of TF's tensor guide, on string tensors (NumPy arrays of bytes).

``split``, ``bytes_split``, ``unicode_split`` and ``unicode_decode`` give a Tensor for a scalar
input and a RaggedTensor (one row per string) for a vector, as TF does. Strings are bytes; text
given as ``str`` is UTF-8 encoded. No op here has a gradient (strings are not differentiable).
"""

from __future__ import annotations

import builtins
import codecs
import functools
import inspect

import numpy as np

from ._base import dtypes
from .errors import InvalidArgumentError, OutOfRangeError
from ._base.farmhash import fingerprint64
from ._base.i18n import _, hint_line
from .ragged import RaggedTensor
from .ragged.text import ragged_text
from ._core.ops.args import int_array, int_values, named_conversion
from ._core.values.tensor import Tensor, constant, convert_to_tensor
from ._base.unsupported import to_hash_bucket, to_hash_bucket_strong  # noqa: F401 (not in tapekit)

_UNITS = ("BYTE", "UTF8_CHAR")


def _on_ragged_rows(fn):
    """TF's ragged dispatch for an element-wise string op: ``fn`` on each string of a RaggedTensor's rows."""
    first = next(iter(inspect.signature(fn).parameters))

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        rows = args[0] if args else kwargs.get(first)
        if not isinstance(rows, RaggedTensor):
            return fn(*args, **kwargs)
        rest = {k: v for k, v in kwargs.items() if k != first}
        return rows.with_flat_values(fn(rows.flat_values, *args[1:], **rest))

    return wrapper


def _bytes(value) -> bytes:
    return value.encode("utf-8") if isinstance(value, str) else bytes(value)


def _one_string(value, arg: str, op: str) -> bytes:
    """A string argument (``sep``): a str, bytes or string scalar; else TF's conversion error naming it."""
    t = named_conversion(convert_to_tensor, value, arg, op, dtype=dtypes.string)
    if t.shape.rank:
        raise InvalidArgumentError(None, None, f"{arg} must be a scalar string, got shape {t.shape.as_list()} "
                                   f"[Op:{op}]" + hint_line(_("{arg} is one string, such as ' '.").format(arg=arg)))
    return _bytes(t.numpy())


def _strings(input_, op: str) -> np.ndarray:
    """The input as a NumPy object array of bytes, or InvalidArgumentError naming the op."""
    t = input_ if isinstance(input_, Tensor) else named_conversion(convert_to_tensor, input_, "input", op,
                                                                   dtype=dtypes.string)
    if not t.dtype.is_string:
        kernel = dtypes.KERNEL_NAMES.get(t.dtype.name, t.dtype.name)
        raise InvalidArgumentError(None, None, f"cannot compute {op} as input #0(zero-based) was expected to be a "
                                   f"string tensor but is a {kernel} tensor [Op:{op}] name: "
                                   + hint_line(_("this op takes strings: make them with tk.constant(['text', ...]).")))
    array = np.asarray(t.numpy(), dtype=object)
    return np.vectorize(_bytes, otypes=[object])(array) if array.size else array


def _string_tensor(values) -> Tensor:
    return constant(np.array(list(values), dtype=object).reshape(-1) if len(values) else np.array([], dtype=object),
                    dtype=dtypes.string)


def _pieces(input_, op: str, split_one):
    """``split_one(bytes) -> list`` on each string: a Tensor for a scalar, a RaggedTensor for a vector."""
    strings = _strings(input_, op)
    if strings.ndim == 0:
        return _as_tensor_of(split_one(strings.item()))
    if strings.ndim != 1:
        raise ValueError(f"{op}: the input must be a scalar or a vector, got shape {strings.shape}."
                         + hint_line(_("reshape it to a vector first with tk.reshape(x, [-1]).")))
    rows = [split_one(s) for s in strings]
    flat = [piece for row in rows for piece in row]
    splits = np.cumsum([0] + [len(row) for row in rows]).astype(np.int64)
    return RaggedTensor.from_row_splits(_as_tensor_of(flat), splits)


def _as_tensor_of(items: list) -> Tensor:
    if items and isinstance(items[0], (int, np.integer)):
        return constant(np.array(items, dtype=np.int32), dtype=dtypes.int32)
    return _string_tensor(items)


@_on_ragged_rows
def split(input, sep=None, maxsplit=-1, name=None):
    """Each string split at ``sep`` (default: runs of whitespace, empty pieces dropped)."""
    separator = None if sep is None else _one_string(sep, "sep", "StringSplitV2")
    if separator == b"":
        raise InvalidArgumentError(None, None, "Separator must not be empty. [Op:StringSplitV2]"
                                   + hint_line(_("use tk.strings.bytes_split(s) to split into single bytes.")))
    return _pieces(input, "StringSplitV2", lambda s: s.split(separator, int(maxsplit)))


def bytes_split(input, name=None):
    """Each string as its single bytes."""
    return _pieces(input, "StringSplitV2", lambda s: [s[i:i + 1] for i in range(len(s))])


def _codec(encoding, arg: str = "input_encoding", op: str = "UnicodeDecode") -> str:
    """Python's codec name for TF's encoding name; TF's TypeError or InvalidArgumentError when it is none."""
    if not isinstance(encoding, str):
        raise TypeError(f"Expected string for argument '{arg}' not {encoding!r:.60}."
                        + hint_line(_("{arg} is an encoding name such as 'UTF-8'.").format(arg=arg)))
    name = encoding.lower().replace("_", "-")
    try:
        codecs.lookup(name)
    except LookupError:
        hint = hint_line(_("{arg} is an encoding name such as 'UTF-8'.").format(arg=arg))
        raise InvalidArgumentError(None, None, f"Could not create converter for input encoding: {encoding} "
                                   f"[Op:{op}]" + hint) from None
    return name


def _decoded(s: bytes, encoding: str) -> str:
    return s.decode(_codec(encoding))


@_on_ragged_rows
def unicode_split(input, input_encoding, errors="replace", replacement_char=65533, name=None):
    """Each string as its characters (each one encoded as bytes)."""
    encoding = _codec(input_encoding)
    return _pieces(input, "UnicodeDecode",
                   lambda s: [c.encode(_codec(encoding)) for c in _decoded(s, encoding)])


@_on_ragged_rows
def unicode_decode(input, input_encoding, errors="replace", replacement_char=65533,
                   replace_control_characters=False, name=None):
    """Each string as its Unicode code points (int32)."""
    encoding = _codec(input_encoding)
    return _pieces(input, "UnicodeDecode", lambda s: [ord(c) for c in _decoded(s, encoding)])


def unicode_encode(input, output_encoding, errors="replace", replacement_char=65533, name=None):
    """Code points back to strings: a vector gives one string, a matrix or RaggedTensor one per row."""
    encoding = _codec(output_encoding, "output_encoding", "UnicodeEncode")
    if isinstance(input, RaggedTensor):
        rows = input.to_list()
        return _string_tensor(["".join(map(chr, row)).encode(encoding) for row in rows])
    codes = np.asarray(convert_to_tensor(input).numpy())
    if codes.ndim == 1:
        return constant("".join(map(chr, codes)).encode(encoding), dtype=dtypes.string)
    return _string_tensor(["".join(map(chr, row)).encode(encoding) for row in codes.reshape(-1, codes.shape[-1])])


@_on_ragged_rows
def to_hash_bucket_fast(input, num_buckets, name=None):
    """Each string's FarmHash ``Fingerprint64`` modulo ``num_buckets`` (int64), as TF's StringToHashBucketFast."""
    buckets = int(num_buckets)
    if buckets < 1:
        raise InvalidArgumentError(None, None, f"num_buckets must be >= 1, got {buckets} [Op:StringToHashBucketFast]"
                                   + hint_line(_("pass a positive number of buckets.")))
    strings = _strings(input, "StringToHashBucketFast")
    hashed = [fingerprint64(s) % buckets for s in strings.reshape(-1)]
    return constant(np.asarray(hashed, dtype=np.int64).reshape(strings.shape), dtype=dtypes.int64)


@_on_ragged_rows
def length(input, unit="BYTE", name=None):
    """The length of each string in bytes, or in characters with ``unit="UTF8_CHAR"``."""
    if unit not in _UNITS:
        raise ValueError(f"unit must be one of {_UNITS}, got {unit!r}")
    strings = _strings(input, "StringLength")
    count = len if unit == "BYTE" else (lambda s: len(s.decode("utf-8")))
    return constant(np.vectorize(count, otypes=[np.int32])(strings) if strings.size
                    else np.zeros(strings.shape, np.int32), dtype=dtypes.int32)


def join(inputs, separator="", name=None):
    """The strings of the inputs joined element-wise with ``separator`` (inputs broadcast; RaggedTensors
    with the same rows join value by value)."""
    if not isinstance(inputs, (list, tuple)):
        raise TypeError(f"Expected list for 'inputs' argument to 'string_join' Op, not {inputs!r:.60}."
                        + hint_line(_("pass the strings to join as a list, such as [a, b].")))
    if separator is not None and not isinstance(separator, (str, bytes)):
        raise TypeError(f"Expected string for argument 'separator' not {separator!r:.60}."
                        + hint_line(_("{arg} is one string, such as ' '.").format(arg="separator")))
    separator = separator or ""
    template = next((x for x in inputs if isinstance(x, RaggedTensor)), None)
    if template is not None:
        flat = [x.flat_values if isinstance(x, RaggedTensor) else x for x in inputs]
        return template.with_flat_values(join(flat, separator))
    arrays = np.broadcast_arrays(*[_strings(x, "StringJoin") for x in inputs])
    sep = _bytes(separator)
    joined = np.frompyfunc(lambda *parts: sep.join(parts), len(arrays), 1)(*arrays)
    return constant(np.asarray(joined, dtype=object), dtype=dtypes.string)


def reduce_join(inputs, axis=None, keepdims=False, separator="", name=None):
    """The strings joined along ``axis`` (all of them by default; each row of a RaggedTensor for its last axis)."""
    sep = _bytes(separator)
    if isinstance(inputs, RaggedTensor):
        return _reduce_join_rows(inputs, axis, keepdims, sep)
    strings = _strings(inputs, "ReduceJoin")
    if axis is None:
        return constant(sep.join(strings.reshape(-1)), dtype=dtypes.string)
    axes = _reduction_axes(axis, strings.ndim)
    # the first axis named varies fastest in the joined order, as in TF's ReduceJoin
    moved = np.moveaxis(strings, axes[::-1], range(strings.ndim - len(axes), strings.ndim))
    rows = moved.reshape(moved.shape[:strings.ndim - len(axes)] + (-1,))
    out = np.frompyfunc(lambda *row: sep.join(row), rows.shape[-1], 1)(*np.moveaxis(rows, -1, 0)) \
        if rows.shape[-1] else np.full(rows.shape[:-1], b"", dtype=object)
    return constant(np.expand_dims(out, axes) if keepdims else np.asarray(out, dtype=object), dtype=dtypes.string)


def _reduction_axes(axis, rank: int) -> tuple:
    """ReduceJoin's axes, each in range and none twice (TF's OutOfRangeError and InvalidArgumentError)."""
    axes = []
    for a in int_values(axis, "axis", "ReduceJoin"):
        if not -rank <= a < rank:
            raise OutOfRangeError(None, None, f"Invalid reduction dimension {a} for input with {rank} dimensions. "
                                  "[Op:ReduceJoin]" + hint_line(_("axis must be an axis of the input.")))
        if a % rank in axes:
            raise InvalidArgumentError(None, None, f"Duplicate reduction dimension {a} [Op:ReduceJoin]"
                                       + hint_line(_("name each axis once.")))
        axes.append(a % rank)
    return tuple(axes)


def _reduce_join_rows(rows: RaggedTensor, axis, keepdims, sep: bytes) -> Tensor:
    if axis is None:
        return reduce_join(rows.flat_values, None, separator=sep)
    if rows.ragged_rank != 1 or rows.ndim != 2 or int(axis) % 2 != 1:
        raise NotImplementedError("tk.strings.reduce_join of a RaggedTensor joins the strings of each row "
                                  "(axis=-1 of a 2-D RaggedTensor) or all of them (axis=None)."
                                  + hint_line(_("join along the last axis, or use .to_tensor(default_value='') "
                                                "first.")))
    joined = np.array([sep.join(_bytes(s) for s in row) for row in rows.to_list()], dtype=object)
    return constant(joined[:, None] if keepdims else joined, dtype=dtypes.string)


def format(template, inputs, placeholder="{}", summarize=3, name=None):  # noqa: A001 - TF's name
    """``template`` with each ``placeholder`` replaced by one input, printed as ``tk.print`` prints it."""
    inputs = inputs if isinstance(inputs, (list, tuple)) else [inputs]
    parts = str(template).split(placeholder)
    if len(parts) - 1 != len(inputs):
        raise ValueError(f"num placeholders in template and num inputs must match: {len(parts) - 1} vs. "
                         f"{len(inputs)}")
    texts = [ragged_text(x, summarize) if isinstance(x, RaggedTensor) else _format_value(x) for x in inputs]
    out = parts[0] + "".join(text + part for text, part in zip(texts, parts[1:]))
    return constant(out.encode("utf-8"), dtype=dtypes.string)


def _format_value(value) -> str:
    t = value if isinstance(value, Tensor) else convert_to_tensor(value)
    array = t.numpy()
    if t.dtype.is_string:
        quoted = np.vectorize(lambda s: '"' + _bytes(s).decode("utf-8", "replace") + '"', otypes=[object])(array)
        return quoted.item() if quoted.ndim == 0 else "[" + " ".join(quoted.reshape(-1)) + "]"
    return np.array2string(np.asarray(array), separator=" ", threshold=6, edgeitems=3) if array.ndim else str(array)


@_on_ragged_rows
def substr(input, pos, len, unit="BYTE", name=None):
    """``len`` bytes (or characters with ``unit="UTF8_CHAR"``) of each string from ``pos`` (negative: from the end)."""
    if unit not in _UNITS:
        raise ValueError(f"unit must be one of {_UNITS}, got {unit!r}")
    strings = _strings(input, "Substr")
    starts, counts = int_array(pos, "pos", "Substr", "T"), int_array(len, "len", "Substr", "T")
    if starts.shape != counts.shape:
        raise InvalidArgumentError(None, None, f"pos and len should have the same shape, got: "
                                   f"{list(starts.shape)} vs. {list(counts.shape)} [Op:Substr]"
                                   + hint_line(_("give pos and len the same shape, e.g. both one integer.")))
    starts, counts = np.broadcast_to(starts, strings.shape), np.broadcast_to(counts, strings.shape)

    def cut(s, start, count):
        text = s if unit == "BYTE" else s.decode("utf-8")
        size = builtins.len(text)
        start = start + size if start < 0 else start
        if not 0 <= start <= size:
            raise InvalidArgumentError(None, None, f"pos {start} out of range for string "
                                       f"b'{s.decode('utf-8', 'replace')}' at index 0 [Op:Substr]"
                                       + hint_line(_("pos must lie inside each string.")))
        piece = text[start:start + count]
        return piece if unit == "BYTE" else piece.encode("utf-8")

    out = np.frompyfunc(cut, 3, 1)(strings, starts, counts)
    return constant(np.asarray(out, dtype=object), dtype=dtypes.string)


@_on_ragged_rows
def lower(input, encoding="", name=None):
    return constant(np.vectorize(bytes.lower, otypes=[object])(_strings(input, "StringLower")),
                    dtype=dtypes.string)


@_on_ragged_rows
def upper(input, encoding="", name=None):
    return constant(np.vectorize(bytes.upper, otypes=[object])(_strings(input, "StringUpper")),
                    dtype=dtypes.string)


@_on_ragged_rows
def strip(input, name=None):
    return constant(np.vectorize(bytes.strip, otypes=[object])(_strings(input, "StringStrip")),
                    dtype=dtypes.string)


@_on_ragged_rows
def to_number(string_tensor, out_type=dtypes.float32, name=None) -> Tensor:
    """Each string parsed as a number of ``out_type`` (float32 by default)."""
    out_type = dtypes.as_dtype(out_type)
    strings = _strings(string_tensor, "StringToNumber")

    def parse(s):
        try:
            return float(s) if out_type.is_floating else int(s)
        except ValueError:
            raise InvalidArgumentError(f"StringToNumberOp could not correctly convert string: "
                                       f"{s.decode('utf-8', 'replace')} [Op:StringToNumber]"
                                       + hint_line(_("every string must hold one number."))) from None

    values = np.vectorize(parse, otypes=[out_type.numpy_dtype])(strings) if strings.size else \
        np.zeros(strings.shape, out_type.numpy_dtype)
    return constant(values, dtype=out_type)


def decode_raw(input_bytes, out_type, little_endian=True, fixed_length=None, name=None) -> Tensor:
    """``tf.io.decode_raw``: each string's bytes read as numbers of ``out_type``."""
    out_type = dtypes.as_dtype(out_type)
    strings = _strings(input_bytes, "DecodeRaw")
    dtype = np.dtype(out_type.numpy_dtype).newbyteorder("<" if little_endian else ">")
    rows = [np.frombuffer(s, dtype=dtype).astype(out_type.numpy_dtype) for s in strings.reshape(-1)]
    return constant(rows[0] if strings.ndim == 0 else np.stack(rows).reshape(strings.shape + (-1,)), dtype=out_type)


@_on_ragged_rows
def as_string(input, precision=-1, scientific=False, shortest=False, width=-1, fill="", name=None):
    """Each value as text, as C's printf writes it: ``%f`` for floats (``%e`` with ``scientific``, ``%g``
    with ``shortest``), ``%d`` for integers, ``true``/``false`` for booleans; ``width`` pads with ``fill``."""
    t = input if isinstance(input, Tensor) else convert_to_tensor(input)
    if t.dtype.is_string:
        return t
    spec = _printf_spec(t.dtype, int(precision), scientific, shortest, int(width), fill)
    write = ((lambda v: spec % ("true" if v else "false")) if t.dtype == dtypes.bool else
             (lambda v: f"({spec % v.real},{spec % v.imag})") if t.dtype.is_complex else
             (lambda v: spec % (float(v) if t.dtype.is_floating else int(v))))
    array = np.asarray(t.numpy())
    texts = np.vectorize(lambda v: write(v).encode(), otypes=[object])(array) if array.size else array.astype(object)
    return constant(texts, dtype=dtypes.string)


def _printf_spec(dtype, precision: int, scientific: bool, shortest: bool, width: int, fill: str) -> str:
    """The printf format of TF's AsString kernel, or its InvalidArgumentError."""
    kernel = dtypes.KERNEL_NAMES.get(dtype.name, dtype.name)
    numeric = dtype.is_floating or dtype.is_complex
    problem = ("Cannot select both scientific and shortest notation" if scientific and shortest else
               f"precision not supported for datatype {kernel}" if precision > -1 and not numeric else
               f"scientific not supported for datatype {kernel}" if scientific and not numeric else
               f"shortest not supported for datatype {kernel}" if shortest and not numeric else
               "Fill string must be one or fewer characters" if len(fill) > 1 else
               f'Fill argument not supported: "{fill}"' if fill and fill not in " +-#0" else None)
    if problem:
        raise InvalidArgumentError(f"{problem} [Op:AsString]"
                                   + hint_line(_("see tk.strings.as_string's arguments: precision, scientific and "
                                                 "shortest are for floats; fill is one of ' +-#0'.")), op="AsString")
    conversion = "s" if dtype == dtypes.bool else "d" if not numeric else "e" if scientific else \
        "g" if shortest else "f"
    return ("%" + fill + (str(width) if width > -1 else "") + (f".{precision}" if precision > -1 else "")
            + conversion)


__all__ = ["as_string", "bytes_split", "format", "join", "length", "lower", "reduce_join", "split", "strip", "substr",
           "to_hash_bucket_fast", "to_number", "unicode_decode", "unicode_encode", "unicode_split", "upper"]
