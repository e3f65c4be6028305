"""tapekit: a gradient tape you can watch. TensorFlow 2's tape API on NumPy.

``import tapekit as tk`` and write what you would write with ``tf``.
"""

import logging as _logging

# A library only adds a NullHandler: where tapekit's warnings go is the application's choice
# (``logging.basicConfig()`` prints them as ``WARNING:tapekit:...``, as TF prints its own).
_logging.getLogger(__name__).addHandler(_logging.NullHandler())

# ---- the namespaces: tk.math, tk.nn, ... as in TF (tk.backend: tapekit's array backends) ----
from . import (backend, bitwise, config, data, debugging, errors, image, keras, linalg, math, nest, nn,
               ragged, random, sparse, strings, test, train)
from ._api import dtypes_namespace as dtypes  # TF's tf.dtypes: the dtypes, and cast among them
# introspection: events and explain() plug themselves into every tape (tapekit/_core/values/observer.py)
from .introspect import events
# every op, and the Python operators on Tensor, Variable and IndexedSlices (installed on import)
from ._core import ops
# RaggedTensor.to_sparse / from_sparse (installed on import: the module sits above ragged and sparse)
from ._api import ragged_sparse as _ragged_sparse
# RaggedTensor and SparseTensor components in tk.data.Dataset (registered on import: above data, ragged, sparse)
from ._api import data_composites as _data_composites

# ---- dtypes, shapes and the value types ----
from ._base.dtypes import (DType, as_dtype, bool, complex64, complex128, double, float16, float32, float64,
                     half, int8, int16, int32, int64, string, uint8, uint16, uint32, uint64)
from ._api.dtypes_namespace import cast, complex, saturate_cast
from ._core.record.indexed_slices import IndexedSlices
from .ragged import RaggedTensor, RaggedTensorSpec
from ._base.shape import TensorShape
from .sparse import SparseTensor, SparseTensorSpec
from ._core.values.tensor import Tensor, constant, convert_to_tensor, is_tensor
from ._api.tensor_array import TensorArray
from ._api.tensor_spec import TensorSpec
from ._core.record.variable import Variable

# ---- the tape and the gradient registry ----
from ._api.custom_gradient import custom_gradient
from ._core.record.registry import RegisterGradient, gradient_override_map, no_gradient
from ._core.autodiff.tape import GradientTape, UnconnectedGradients

# ---- math: element-wise ops and reductions (these also take a RaggedTensor: tapekit/math.py) ----
from .math import (abs, acos, acosh, add, add_n, argmax, argmin, asin, asinh, atan, atan2, atanh, cos,
                   cosh, cumsum, divide, equal, exp, floor, greater, greater_equal, less, less_equal,
                   logical_and, logical_not, logical_or, maximum, minimum, multiply, negative,
                   not_equal, pow, reduce_all, reduce_any, reduce_logsumexp, reduce_max, reduce_mean,
                   reduce_min, reduce_prod, reduce_sum, round, scalar_mul, sigmoid, sign, sin, sinh,
                   sqrt, square, subtract, tan, tanh, truediv)
from ._core.ops.clip_ops import clip_by_global_norm, clip_by_norm
from ._core.ops.linalg import einsum, norm, tensordot
from ._core.ops.math_ops import identity, realdiv, stop_gradient, where

# ---- creating, shaping, indexing and sorting tensors ----
from ._core.ops.array_ops import (boolean_mask, broadcast_to, clip_by_value, expand_dims, gather, gather_nd,
                            pad, rank, reshape, reverse, scatter_nd, shape, size, split, squeeze,
                            stack, tensor_scatter_nd_add, tensor_scatter_nd_max, tensor_scatter_nd_min,
                            tensor_scatter_nd_sub, tensor_scatter_nd_update, tile, transpose, unstack)
from ._core.ops.checks import ensure_shape
from ._core.ops.slicing import slice, strided_slice
from ._core.ops.broadcast_shapes import broadcast_dynamic_shape, broadcast_static_shape
from ._core.ops.sequence_ops import sequence_mask, unravel_index
from ._core.ops.extra_reductions import histogram_fixed_width
from ._core.ops.creation import eye, linspace, one_hot, ones_like, range, zeros_like
from ._core.ops.manip_ops import meshgrid, repeat, roll
from ._core.ops.sort_ops import argsort, searchsorted, sort, unique, unique_with_counts
from .ragged.dispatch import dispatch_concat as _dispatch_concat
from .ragged.dispatch import dispatch_unary as _dispatch_unary

concat = _dispatch_concat(ops.array_ops.concat)   # tk.concat also joins RaggedTensors
matmul = linalg.matmul   # tk.linalg.matmul, which also multiplies RaggedTensors
newaxis = None

# ---- checks (four of tf.debugging's asserts are also at the top level, as in TF) ----
from .debugging import assert_equal, assert_greater, assert_less, assert_rank

# ---- control flow, functions, scopes, devices, initializers, printing ----
from ._api.control_flow import case, cond, foldl, foldr, map_fn, scan, switch_case, vectorized_map, while_loop

# ---- ragged dispatch: these also take a RaggedTensor, or a DynamicRaggedShape for a shape (as in TF) ----
from ._api import ragged_dispatch as _ragged_dispatch
from ._api import ragged_shape as _ragged_shape

tile = _ragged_dispatch.dispatch_tile(tile)
reverse = _ragged_dispatch.dispatch_reverse(reverse)
map_fn = _ragged_dispatch.dispatch_map_fn(map_fn)
gather, expand_dims, size, rank = (_ragged_dispatch.dispatch_first(f) for f in (gather, expand_dims, size, rank))
squeeze, split, gather_nd = (_ragged_dispatch.dispatch_first(f) for f in (squeeze, split, gather_nd))
clip_by_value, stop_gradient = _dispatch_unary(clip_by_value), _dispatch_unary(stop_gradient)
ones_like, zeros_like, identity, one_hot = (_ragged_dispatch.dispatch_first(f)
                                            for f in (ones_like, zeros_like, identity, one_hot))
where = _ragged_dispatch.dispatch_where(where)
stack = _ragged_dispatch.dispatch_list(stack, _ragged_dispatch.ragged_stack)
shape = _ragged_shape.dispatch_shape(shape)
reshape = _ragged_shape.dispatch_reshape(reshape)
broadcast_to = _ragged_shape.dispatch_broadcast_to(broadcast_to)
from ._api.ragged_shape import shape_fill as fill, shape_ones as ones, shape_zeros as zeros
from ._api.device import device
from ._api.function import executing_eagerly, function
from ._api.initializers import (constant_initializer, ones_initializer, random_normal_initializer,
                           random_uniform_initializer, zeros_initializer)
from ._api.module import Module
from ._api.py_function import TraceType as _TraceType
from ._api.py_function import init_scope, py_function
from ._api.printing import print_v2 as print
from ._base.scopes import get_current_name_scope, name_scope

# ---- out of scope: each raises NotImplementedError naming what to use instead (tapekit/_base/unsupported.py) ----
from types import SimpleNamespace as _Namespace

from . import compat, experimental  # tf.experimental's names; clear errors for tf.experimental.numpy, tf.compat.v1
from ._base.unsupported import distribute_functions as _distribute_functions
from ._base.unsupported import io_functions as _io_functions
from ._base.unsupported import saved_model_load as _saved_model_load
from ._base.unsupported import saved_model_options as _saved_model_options
from ._base.unsupported import saved_model_save as _saved_model_save

saved_model = _Namespace(save=_saved_model_save, load=_saved_model_load, SaveOptions=_saved_model_options)
io = _Namespace(**_io_functions, decode_raw=strings.decode_raw)
distribute = _Namespace(**_distribute_functions)

types = _Namespace(experimental=_Namespace(TraceType=_TraceType))

__version__ = "0.1.0"

# Everything `from tapekit import *` gives: the TF-shaped API and its namespaces (tests/project/test_architecture.py
# checks it against dir()). tapekit's internal modules (tk.tape, tk.registry, ...) are not in it.
__all__ = [
    "broadcast_dynamic_shape", "broadcast_static_shape", "histogram_fixed_width", "sequence_mask", "strided_slice",
    "unravel_index",
    "DType", "GradientTape", "IndexedSlices", "Module", "RaggedTensor", "RaggedTensorSpec",
    "RegisterGradient", "SparseTensor", "SparseTensorSpec", "Tensor", "TensorArray", "TensorShape", "TensorSpec",
    "UnconnectedGradients", "Variable", "abs", "acos", "acosh", "add", "add_n", "argmax", "argmin",
    "argsort", "as_dtype", "asin", "asinh", "assert_equal", "assert_greater",
    "assert_less",
    "assert_rank", "atan", "atan2", "atanh",
    "backend", "bitwise", "bool", "boolean_mask", "broadcast_to", "case", "cast", "clip_by_global_norm",
    "clip_by_norm", "clip_by_value", "compat", "complex", "complex128", "complex64", "concat", "cond", "config",
    "constant", "constant_initializer", "convert_to_tensor", "cos", "cosh", "cumsum", "custom_gradient",
    "data", "debugging", "device", "distribute", "divide", "double", "dtypes", "einsum", "ensure_shape", "equal",
    "errors", "executing_eagerly", "exp", "expand_dims", "experimental", "eye", "fill", "float16",
    "float32", "float64", "floor", "foldl", "foldr", "function", "gather", "gather_nd",
    "get_current_name_scope", "gradient_override_map", "greater", "greater_equal", "half", "identity",
    "image", "init_scope", "int16", "int32", "int64", "int8", "io", "is_tensor", "keras", "less", "less_equal",
    "linalg", "linspace", "logical_and", "logical_not", "logical_or", "map_fn", "math", "matmul",
    "maximum", "meshgrid", "minimum", "multiply", "name_scope", "negative", "nest", "newaxis", "nn",
    "no_gradient", "norm", "not_equal", "one_hot", "ones", "ones_initializer", "ones_like", "pad",
    "pow", "print", "py_function", "ragged", "random", "random_normal_initializer", "random_uniform_initializer",
    "range", "rank", "realdiv", "reduce_all", "reduce_any", "reduce_logsumexp", "reduce_max",
    "reduce_mean", "reduce_min", "reduce_prod", "reduce_sum", "repeat", "reshape", "reverse", "roll",
    "round", "saturate_cast", "saved_model", "scalar_mul", "scan", "scatter_nd", "searchsorted",
    "shape", "sigmoid", "sign", "sin", "sinh", "size", "slice", "sort", "sparse", "split", "sqrt",
    "square", "squeeze", "stack", "stop_gradient", "string", "strings", "subtract", "switch_case",
    "tan", "tanh", "tensor_scatter_nd_add", "tensor_scatter_nd_max", "tensor_scatter_nd_min",
    "tensor_scatter_nd_sub", "tensor_scatter_nd_update", "tensordot", "test", "tile", "train",
    "transpose", "truediv", "types", "uint16", "uint32", "uint64", "uint8", "unique", "unique_with_counts",
    "unstack", "vectorized_map", "where", "while_loop", "zeros", "zeros_initializer", "zeros_like",
]
