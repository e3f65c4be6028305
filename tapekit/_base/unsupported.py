"""TF APIs outside tapekit's scope: each raises ``NotImplementedError`` naming the TF function.

tapekit teaches the gradient tape on dense tensors; convolutions, pooling, graph-only control
flow are not implemented. ``docs/DIFFERENCES.md`` ("Out of scope")
lists them, with what to use instead.
"""

from __future__ import annotations

from .i18n import N_, _, hint_line

_CONV_HINT = N_("convolutions and pooling are out of tapekit's scope (it teaches the tape on dense "
                "layers); write the model with Dense layers, or run this part in TensorFlow.")


def _out_of_scope(tf_name: str, hint: str):
    """``hint``: an English message marked with ``N_``, translated when the error is raised."""
    def unsupported(*args, **kwargs):
        raise NotImplementedError(f"{tf_name} is not implemented in tapekit." + hint_line(_(hint)))

    unsupported.__name__ = tf_name.rsplit(".", 1)[-1]
    unsupported.__qualname__ = unsupported.__name__
    unsupported.__doc__ = f"Not in tapekit: ``{tf_name}`` raises NotImplementedError ({hint.rstrip('.')})."
    return unsupported


for _name in ("conv1d", "conv2d", "conv3d", "conv1d_transpose", "conv2d_transpose", "conv3d_transpose",
              "conv_transpose", "convolution", "depthwise_conv2d", "separable_conv2d", "atrous_conv2d",
              "max_pool", "max_pool1d", "max_pool2d", "max_pool3d", "avg_pool", "avg_pool1d",
              "avg_pool2d", "avg_pool3d", "pool"):
    globals()[_name] = _out_of_scope(f"tf.nn.{_name}", _CONV_HINT)


def out_of_scope(tf_name: str, hint: str):
    """A stand-in for ``tf_name`` that raises NotImplementedError with ``hint`` (marked with ``N_``)."""
    return _out_of_scope(tf_name, hint)


_SAVED_MODEL_HINT = N_("SavedModel export is out of tapekit's scope; save the variables with "
                       "tk.train.Checkpoint(model=model).save(path), or a Keras model with model.save('name.keras').")
_IO_HINT = N_("tf.io (files, protos, parsing tf.Example) is out of tapekit's scope; read the data with Python or "
              "NumPy and pass arrays to tk.constant or tk.data.Dataset.from_tensor_slices.")
saved_model_save = _out_of_scope("tf.saved_model.save", _SAVED_MODEL_HINT)
saved_model_load = _out_of_scope("tf.saved_model.load", _SAVED_MODEL_HINT)
io_functions = {name: _out_of_scope(f"tf.io.{name}", _IO_HINT)
                for name in ("parse_example", "parse_single_example", "FixedLenFeature", "VarLenFeature",
                             "RaggedFeature", "SparseFeature", "read_file", "write_file", "decode_csv",
                             "serialize_tensor", "parse_tensor", "TFRecordWriter", "gfile")}
saved_model_options = _out_of_scope("tf.saved_model.SaveOptions", _SAVED_MODEL_HINT)
# tf.train's protocol buffers (tf.train.Example and its parts), read and written with tf.io
train_protos = {name: _out_of_scope(f"tf.train.{name}", _IO_HINT)
                for name in ("Example", "SequenceExample", "Features", "Feature", "FeatureList", "FeatureLists",
                             "BytesList", "FloatList", "Int64List")}
# tf.linalg beyond what tk.linalg has (tapekit/linalg.py puts these in tk.linalg)
_LINALG_HINT = N_("tapekit's tk.linalg has matmul, matvec, einsum, tensordot, inv, det, solve, norm, trace, "
                  "diag_part, matrix_transpose, adjoint, eye, global_norm and l2_normalize; compute other "
                  "decompositions with NumPy (np.linalg) outside the tape, or run this part in TensorFlow.")
LINALG_NOT_IN_TAPEKIT = (
    "band_part", "banded_triangular_solve", "cholesky", "cholesky_solve", "cross", "diag", "eig", "eigh",
    "eigh_tridiagonal", "eigvals", "eigvalsh", "expm", "logdet", "logm", "lstsq", "lu", "lu_matrix_inverse",
    "lu_reconstruct", "lu_solve", "matrix_rank", "normalize", "pinv", "qr", "set_diag", "slogdet", "sqrtm", "svd",
    "tensor_diag", "tensor_diag_part", "triangular_solve", "tridiagonal_matmul", "tridiagonal_solve",
    "LinearOperator", "LinearOperatorDiag", "LinearOperatorFullMatrix", "LinearOperatorIdentity",
    "LinearOperatorLowerTriangular", "LinearOperatorScaledIdentity", "LinearOperatorZeros")
linalg_stand_ins = {name: _out_of_scope(f"tf.linalg.{name}", _LINALG_HINT) for name in LINALG_NOT_IN_TAPEKIT}
_HASH_HINT = N_("string hashing (TF's FarmHash fingerprints) is not in tapekit; map words to ids with a Python dict "
                "and tk.constant, or use tk.keras.layers.Embedding on those ids.")
to_hash_bucket_fast = _out_of_scope("tf.strings.to_hash_bucket_fast", _HASH_HINT)
to_hash_bucket_strong = _out_of_scope("tf.strings.to_hash_bucket_strong", _HASH_HINT)
to_hash_bucket = _out_of_scope("tf.strings.to_hash_bucket", _HASH_HINT)

_DISTRIBUTE_HINT = N_("tf.distribute (training on several devices or machines) is out of tapekit's scope; tapekit "
                      "runs on one device: drop the strategy and its scope() and run the code as it is.")
distribute_functions = {name: _out_of_scope(f"tf.distribute.{name}", _DISTRIBUTE_HINT)
                        for name in ("MirroredStrategy", "OneDeviceStrategy", "MultiWorkerMirroredStrategy",
                                     "TPUStrategy", "ParameterServerStrategy", "Strategy", "get_strategy",
                                     "has_strategy", "in_cross_replica_context", "get_replica_context",
                                     "experimental_set_strategy", "InputContext", "ReduceOp")}
_VIRTUAL_DEVICE_HINT = N_("virtual devices (splitting one device into several) are out of tapekit's scope; tapekit "
                          "runs on one device: drop this call.")
virtual_device_functions = {name: _out_of_scope(f"tf.config.experimental.{name}", _VIRTUAL_DEVICE_HINT)
                            for name in ("set_virtual_device_configuration", "VirtualDeviceConfiguration",
                                         "get_virtual_device_configuration")}
