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
from . import dtypes_namespace as dtypes  # TF's tf.dtypes: the dtypes, and cast among them
# introspection: events and explain() plug themselves into every tape (tapekit/observer.py)
from . import events
# every op, and the Python operators on Tensor, Variable and IndexedSlices (installed on import)
from . import ops
# RaggedTensor.to_sparse / from_sparse (installed on import: the module sits above ragged and sparse)
from . import ragged_sparse as _ragged_sparse

# ---- dtypes, shapes and the value types ----
from .dtypes import (DType, as_dtype, bool, complex64, complex128, double, float16, float32, float64,
                     half, int8, int16, int32, int64, string, uint8, uint16, uint32, uint64)
from .dtypes_namespace import cast, complex, saturate_cast
from .indexed_slices import IndexedSlices
from .ragged import RaggedTensor, RaggedTensorSpec
from .shape import TensorShape
from .sparse import SparseTensor
from .tensor import Tensor, constant, convert_to_tensor, is_tensor
from .tensor_array import TensorArray
from .tensor_spec import TensorSpec
from .variable import Variable

# ---- the tape and the gradient registry ----
from .custom_gradient import custom_gradient
from .registry import RegisterGradient, gradient_override_map, no_gradient
from .tape import GradientTape, UnconnectedGradients

# ---- math: element-wise ops and reductions (these also take a RaggedTensor: tapekit/math.py) ----
from .math import (abs, acos, acosh, add, add_n, argmax, argmin, asin, asinh, atan, atan2, atanh, cos,
                   cosh, cumsum, divide, equal, exp, floor, greater, greater_equal, less, less_equal,
                   logical_and, logical_not, logical_or, maximum, minimum, multiply, negative,
                   not_equal, pow, reduce_all, reduce_any, reduce_logsumexp, reduce_max, reduce_mean,
                   reduce_min, reduce_prod, reduce_sum, round, scalar_mul, sigmoid, sign, sin, sinh,
                   sqrt, square, subtract, tan, tanh, truediv)
from .ops.clip_ops import clip_by_global_norm, clip_by_norm
from .ops.linalg import einsum, matmul, norm, tensordot
from .ops.math_ops import identity, realdiv, stop_gradient, where

# ---- creating, shaping, indexing and sorting tensors ----
from .ops.array_ops import (boolean_mask, broadcast_to, clip_by_value, expand_dims, gather, gather_nd,
                            pad, rank, reshape, reverse, scatter_nd, shape, size, split, squeeze,
                            stack, tensor_scatter_nd_add, tensor_scatter_nd_max, tensor_scatter_nd_min,
                            tensor_scatter_nd_sub, tensor_scatter_nd_update, tile, transpose, unstack)
from .ops.checks import ensure_shape
from .ops.slicing import slice
from .ops.creation import eye, fill, linspace, one_hot, ones, ones_like, range, zeros, zeros_like
from .ops.manip_ops import meshgrid, repeat, roll
from .ops.sort_ops import argsort, searchsorted, sort, unique, unique_with_counts
from .ragged import dispatch_concat as _dispatch_concat

concat = _dispatch_concat(ops.array_ops.concat)   # tk.concat also joins RaggedTensors
newaxis = None

# ---- checks (four of tf.debugging's asserts are also at the top level, as in TF) ----
from .debugging import assert_equal, assert_greater, assert_less, assert_rank

# ---- control flow, functions, scopes, devices, initializers, printing ----
from .control_flow import case, cond, foldl, foldr, map_fn, scan, switch_case, vectorized_map, while_loop
from .device import device
from .function import executing_eagerly, function
from .initializers import (constant_initializer, ones_initializer, random_normal_initializer,
                           random_uniform_initializer, zeros_initializer)
from .module import Module
from .printing import print_v2 as print
from .scopes import get_current_name_scope, name_scope

# ---- out of scope: each raises NotImplementedError naming what to use instead (tapekit/unsupported.py) ----
from types import SimpleNamespace as _Namespace

from .unsupported import distribute_functions as _distribute_functions
from .unsupported import dynamic_ragged_shape as _dynamic_ragged_shape
from .unsupported import io_functions as _io_functions
from .unsupported import row_partition as _row_partition
from .unsupported import saved_model_load as _saved_model_load
from .unsupported import saved_model_options as _saved_model_options
from .unsupported import saved_model_save as _saved_model_save

saved_model = _Namespace(save=_saved_model_save, load=_saved_model_load, SaveOptions=_saved_model_options)
io = _Namespace(**_io_functions, decode_raw=strings.decode_raw)
experimental = _Namespace(DynamicRaggedShape=_dynamic_ragged_shape, RowPartition=_row_partition)
distribute = _Namespace(**_distribute_functions)

__version__ = "0.1.0"

# Everything `from tapekit import *` gives: the TF-shaped API and its namespaces (tests/test_architecture.py
# checks it against dir()). tapekit's internal modules (tk.tape, tk.registry, ...) are not in it.
__all__ = [
    "DType", "GradientTape", "IndexedSlices", "Module", "RaggedTensor", "RaggedTensorSpec",
    "RegisterGradient", "SparseTensor", "Tensor", "TensorArray", "TensorShape", "TensorSpec",
    "UnconnectedGradients", "Variable", "abs", "acos", "acosh", "add", "add_n", "argmax", "argmin",
    "argsort", "as_dtype", "asin", "asinh", "assert_equal", "assert_greater",
    "assert_less",
    "assert_rank", "atan", "atan2", "atanh",
    "backend", "bitwise", "bool", "boolean_mask", "broadcast_to", "case", "cast", "clip_by_global_norm",
    "clip_by_norm", "clip_by_value", "complex", "complex128", "complex64", "concat", "cond", "config",
    "constant", "constant_initializer", "convert_to_tensor", "cos", "cosh", "cumsum", "custom_gradient",
    "data", "debugging", "device", "distribute", "divide", "double", "dtypes", "einsum", "ensure_shape", "equal",
    "errors", "executing_eagerly", "exp", "expand_dims", "experimental", "eye", "fill", "float16",
    "float32", "float64", "floor", "foldl", "foldr", "function", "gather", "gather_nd",
    "get_current_name_scope", "gradient_override_map", "greater", "greater_equal", "half", "identity",
    "image", "int16", "int32", "int64", "int8", "io", "is_tensor", "keras", "less", "less_equal",
    "linalg", "linspace", "logical_and", "logical_not", "logical_or", "map_fn", "math", "matmul",
    "maximum", "meshgrid", "minimum", "multiply", "name_scope", "negative", "nest", "newaxis", "nn",
    "no_gradient", "norm", "not_equal", "one_hot", "ones", "ones_initializer", "ones_like", "pad",
    "pow", "print", "ragged", "random", "random_normal_initializer", "random_uniform_initializer",
    "range", "rank", "realdiv", "reduce_all", "reduce_any", "reduce_logsumexp", "reduce_max",
    "reduce_mean", "reduce_min", "reduce_prod", "reduce_sum", "repeat", "reshape", "reverse", "roll",
    "round", "saturate_cast", "saved_model", "scalar_mul", "scan", "scatter_nd", "searchsorted",
    "shape", "sigmoid", "sign", "sin", "sinh", "size", "slice", "sort", "sparse", "split", "sqrt",
    "square", "squeeze", "stack", "stop_gradient", "string", "strings", "subtract", "switch_case",
    "tan", "tanh", "tensor_scatter_nd_add", "tensor_scatter_nd_max", "tensor_scatter_nd_min",
    "tensor_scatter_nd_sub", "tensor_scatter_nd_update", "tensordot", "test", "tile", "train",
    "transpose", "truediv", "uint16", "uint32", "uint64", "uint8", "unique", "unique_with_counts",
    "unstack", "vectorized_map", "where", "while_loop", "zeros", "zeros_initializer", "zeros_like",
]
