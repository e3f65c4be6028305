"""``tk.dtypes``: the public namespace of TF's ``tf.dtypes``.

It holds what ``tapekit/_base/dtypes.py`` defines (the DType objects, ``as_dtype``) and the three ops
that TF also files under ``tf.dtypes``: ``cast``, ``saturate_cast`` and ``complex``. The ops live
above the dtypes module, so they are gathered here, in the API layer, as TF gathers its public
``tf.dtypes`` from ``framework/dtypes.py`` and ``math_ops.py``; ``tapekit/__init__.py`` binds
this module as ``tk.dtypes``. Modules inside tapekit import ``tapekit/_base/dtypes.py`` itself.
"""

from .._base.dtypes import *  # noqa: F403 - every name of tapekit/_base/dtypes.py's __all__
from .._base.dtypes import __all__ as _dtype_names
from .._core.ops.cast_ops import saturate_cast as _dense_saturate_cast
from .._core.ops.complex_ops import complex  # noqa: A004 - TF's name
from .._core.ops.math_ops import cast as _dense_cast
from ..ragged.dispatch import dispatch_unary as _dispatch_unary

# tk.cast and tk.dtypes.cast are one function (as in TF): it also casts a RaggedTensor's values
cast = _dispatch_unary(_dense_cast)
saturate_cast = _dispatch_unary(_dense_saturate_cast)

__all__ = [*_dtype_names, "cast", "complex", "saturate_cast"]
