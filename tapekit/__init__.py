"""tapekit: a gradient tape you can watch. TensorFlow 2's tape API on NumPy.

``import tapekit as tk`` and write what you would write with ``tf``.
"""

import logging as _logging

# A library only adds a NullHandler: where tapekit's warnings go is the application's choice
# (``logging.basicConfig()`` prints them as ``WARNING:tapekit:...``, as TF prints its own).
_logging.getLogger(__name__).addHandler(_logging.NullHandler())

from . import dtypes, errors, nest
from .dtypes import (DType, as_dtype, bool, complex64, complex128, double, float16, float32,
                     float64, half, int8, int16, int32, int64, string, uint8, uint16, uint32,
                     uint64)
from .registry import RegisterGradient, gradient_override_map, no_gradient
from .shape import TensorShape
from .tape import GradientTape, UnconnectedGradients
# introspection: events and explain() plug themselves into every tape (tapekit/observer.py)
from . import events  # noqa: E402  (imports explain too)
from .tensor import Tensor, constant, convert_to_tensor, is_tensor
from .variable import Variable
from . import ops  # noqa: F401  (installs operators)
from .ops.array_ops import (broadcast_to, concat, expand_dims, rank, reshape, shape, size, squeeze,
                            stack, transpose, unstack)
from .ops.creation import eye, fill, linspace, one_hot, ones, ones_like, range, zeros, zeros_like
from .ops.linalg import matmul
from .ops.math_ops import (abs, add, add_n, cast, divide, equal, exp, greater, greater_equal,
                           identity, less, less_equal, logical_and, logical_not, logical_or,
                           maximum, minimum, multiply, negative, not_equal, pow, sqrt, square,
                           stop_gradient, subtract, truediv, where)
from .ops.reduction import (argmax, argmin, cumsum, reduce_all, reduce_any, reduce_max,
                            reduce_mean, reduce_min, reduce_prod, reduce_sum)
from . import linalg, math, test  # noqa: E402
from . import bitwise  # noqa: E402  (values work: tf.bitwise)

# ---- exports added by the array/creation/tensor work ----
from . import image, ragged, random, sparse  # noqa: E402
from .ops.array_ops import (boolean_mask, clip_by_value, gather, gather_nd, pad, reverse,  # noqa: E402
                            scatter_nd, split, tensor_scatter_nd_add, tensor_scatter_nd_update, tile)
from .ragged import RaggedTensor  # noqa: E402
from .sparse import SparseTensor  # noqa: E402
# ---- end array ----

# ---- exports added by the math/nn work ----
from .ops.linalg import einsum, norm, tensordot  # noqa: E402
from .ops.math_ops import (acos, asin, atan, atan2, cos, cosh, floor, realdiv, round,  # noqa: E402
                           sigmoid, sign, sin, sinh, tan, tanh)
from .ops.reduction import reduce_logsumexp  # noqa: E402
from . import nn  # noqa: E402
# ---- end math ----

# ---- exports added by the models work (Module, keras) ----
from .module import Module  # noqa: E402
from . import keras  # noqa: E402
# ---- end models ----

# ---- exports added by the tape work (custom_gradient, ...) ----
from .custom_gradient import custom_gradient  # noqa: E402
from .indexed_slices import IndexedSlices  # noqa: E402
from .ops.complex_ops import complex  # noqa: E402
# ---- end tape ----

# ---- exports added by the backend/device work ----
from . import backend, config, debugging  # noqa: E402
from .device import device  # noqa: E402
# ---- end backend ----

# ---- exports added by the api work (issue 11 part C) ----
from . import data  # noqa: E402
from .control_flow import (case, cond, foldl, foldr, map_fn, scan, switch_case,  # noqa: E402
                           vectorized_map, while_loop)
from .function import executing_eagerly, function  # noqa: E402
from .initializers import (constant_initializer, ones_initializer,  # noqa: E402
                           random_normal_initializer, random_uniform_initializer, zeros_initializer)
from .ops.cast_ops import saturate_cast  # noqa: E402
from .ops.clip_ops import clip_by_global_norm, clip_by_norm  # noqa: E402
from .ops.elementwise_extra import scalar_mul  # noqa: E402
from .ops.manip_ops import meshgrid, repeat, roll  # noqa: E402
from .ops.sort_ops import argsort, searchsorted, sort, unique, unique_with_counts  # noqa: E402
from .printing import print_v2 as print  # noqa: E402,A001
from .scopes import get_current_name_scope, name_scope  # noqa: E402
from .tensor_array import TensorArray  # noqa: E402
from .tensor_spec import TensorSpec  # noqa: E402
# element-wise ops, reductions and cast that also accept a RaggedTensor (they replace the plain
# ops imported above; see tapekit/ragged.py)
from .math import acosh, asinh, atanh  # noqa: E402
from .math import (abs, acos, add, asin, atan, atan2, cos, cosh, divide, equal, exp, floor,  # noqa: E402,F811
                   greater, greater_equal, less, less_equal, logical_and, logical_not, logical_or,  # noqa: F811
                   maximum, minimum, multiply, negative, not_equal, pow, reduce_all, reduce_any,  # noqa: F811
                   reduce_max, reduce_mean, reduce_min, reduce_prod, reduce_sum, round, sigmoid,  # noqa: F811
                   sign, sin, sinh, sqrt, square, subtract, tan, tanh, truediv)  # noqa: F811
from .ragged import dispatch_concat as _dispatch_concat  # noqa: E402
from .ragged import dispatch_unary as _dispatch_unary  # noqa: E402

# tk.dtypes.cast and tk.dtypes.saturate_cast are these ops (TF's aliases); dtypes lies below the ops
dtypes.cast, dtypes.saturate_cast = cast, saturate_cast
cast = _dispatch_unary(cast)
concat = _dispatch_concat(concat)
# ---- end api ----

newaxis = None
__version__ = "0.1.0"

# Everything `from tapekit import *` gives: the TF-shaped API, its submodules, and the modules that
# were public before this list was written (tests/test_architecture.py checks it against dir()).
__all__ = [
    "DType", "GradientTape", "IndexedSlices", "Module", "RaggedTensor", "RegisterGradient",
    "SparseTensor", "Tensor", "TensorArray", "TensorShape", "TensorSpec", "UnconnectedGradients",
    "Variable", "abs", "acos", "acosh", "add", "add_n", "argmax", "argmin", "argsort", "as_dtype",
    "asin", "asinh", "atan", "atan2", "atanh", "backend", "bitwise", "bool", "boolean_mask",
    "broadcast_to", "case", "cast", "clip_by_global_norm", "clip_by_norm", "clip_by_value", "complex",
    "complex128", "complex64", "concat", "cond", "config", "constant", "constant_initializer",
    "control_flow", "convert_to_tensor", "cos", "cosh", "cumsum", "custom_gradient", "data",
    "debugging", "device", "divide", "double", "dtypes", "einsum", "equal", "errors",
    "executing_eagerly", "exp", "expand_dims", "eye", "fill", "float16", "float32", "float64", "floor",
    "foldl", "foldr", "function", "gather", "gather_nd", "get_current_name_scope",
    "gradient_override_map", "greater", "greater_equal", "half", "identity", "image", "indexed_slices",
    "initializers", "int16", "int32", "int64", "int8", "is_tensor", "keras", "less", "less_equal",
    "linalg", "linspace", "logical_and", "logical_not", "logical_or", "map_fn", "math", "matmul",
    "maximum", "meshgrid", "minimum", "module", "multiply", "name_scope", "negative", "nest", "newaxis",
    "nn", "no_gradient", "norm", "not_equal", "one_hot", "ones", "ones_initializer", "ones_like", "ops",
    "pad", "pow", "print", "printing", "ragged", "random", "random_normal_initializer",
    "random_uniform_initializer", "range", "rank", "realdiv", "reduce_all", "reduce_any",
    "reduce_logsumexp", "reduce_max", "reduce_mean", "reduce_min", "reduce_prod", "reduce_sum",
    "registry", "repeat", "reshape", "reverse", "roll", "round", "saturate_cast", "scalar_mul", "scan",
    "scatter_nd", "scopes", "searchsorted", "shape", "sigmoid", "sign", "sin", "sinh", "size", "sort",
    "sparse", "split", "sqrt", "square", "squeeze", "stack", "stop_gradient", "string", "subtract",
    "switch_case", "tan", "tanh", "tape", "tensor", "tensor_array", "tensor_scatter_nd_add",
    "tensor_scatter_nd_update", "tensor_spec", "tensordot", "test", "testing", "tile", "transpose",
    "truediv", "uint16", "uint32", "uint64", "uint8", "unique", "unique_with_counts", "unstack",
    "unsupported", "variable", "vectorized_map", "where", "while_loop", "zeros", "zeros_initializer",
    "zeros_like",
]

# ---- exports added by the fidelity work (issue 25 part C) ----
from . import ragged_sparse, strings, train  # noqa: E402,F401  (ragged_sparse: rt.to_sparse, from_sparse)
from .ragged import RaggedTensorSpec  # noqa: E402
from .ops.array_ops import tensor_scatter_nd_max, tensor_scatter_nd_min, tensor_scatter_nd_sub  # noqa: E402
from .ops.checks import ensure_shape  # noqa: E402
from .ops.slicing import slice  # noqa: E402,A004
from .debugging import (assert_equal, assert_greater, assert_greater_equal, assert_less,  # noqa: E402
                        assert_less_equal, assert_negative, assert_non_negative, assert_non_positive,
                        assert_none_equal, assert_positive, assert_rank, assert_type)
__all__ += ["assert_equal", "assert_greater", "assert_greater_equal", "assert_less", "assert_less_equal",
            "assert_negative", "assert_non_negative", "assert_non_positive", "assert_none_equal", "assert_positive",
            "assert_rank", "assert_type"]
# out of scope, each raising NotImplementedError that names what to use instead (tapekit/unsupported.py)
from types import SimpleNamespace as _Namespace  # noqa: E402

from .unsupported import dynamic_ragged_shape as _dynamic_ragged_shape  # noqa: E402
from .unsupported import row_partition as _row_partition  # noqa: E402
from .unsupported import saved_model_options as _saved_model_options  # noqa: E402
from .unsupported import io_functions as _io_functions  # noqa: E402
from .unsupported import saved_model_load as _saved_model_load  # noqa: E402
from .unsupported import saved_model_save as _saved_model_save  # noqa: E402

saved_model = _Namespace(save=_saved_model_save, load=_saved_model_load, SaveOptions=_saved_model_options)
io = _Namespace(**_io_functions)
io.decode_raw = strings.decode_raw
experimental = _Namespace(DynamicRaggedShape=_dynamic_ragged_shape, RowPartition=_row_partition)
__all__ += ["RaggedTensorSpec", "experimental", "io", "ragged_sparse", "saved_model", "strings"]
__all__ += ["train", "tensor_scatter_nd_sub", "tensor_scatter_nd_min", "tensor_scatter_nd_max", "ensure_shape",
            "slice"]
# ---- end fidelity ----
