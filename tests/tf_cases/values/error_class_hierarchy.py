import tensorflow as tf

names = ["AbortedError", "AlreadyExistsError", "CancelledError", "DataLossError", "DeadlineExceededError",
         "FailedPreconditionError", "InternalError", "InvalidArgumentError", "NotFoundError", "OutOfRangeError",
         "PermissionDeniedError", "ResourceExhaustedError", "UnauthenticatedError", "UnavailableError",
         "UnimplementedError", "UnknownError"]
for name in names:
    cls = getattr(tf.errors, name)
    e = cls(None, None, "boom")
    print(name, issubclass(cls, tf.errors.OpError), issubclass(cls, ValueError), issubclass(cls, RuntimeError),
          e.error_code, e.message, str(e), e.op, e.node_def, e.args)
print(tf.errors.OpError.__mro__[1].__name__)
print(tf.errors.OK, tf.errors.CANCELLED, tf.errors.UNKNOWN, tf.errors.INVALID_ARGUMENT, tf.errors.NOT_FOUND,
      tf.errors.RESOURCE_EXHAUSTED, tf.errors.FAILED_PRECONDITION, tf.errors.ABORTED, tf.errors.OUT_OF_RANGE,
      tf.errors.UNIMPLEMENTED, tf.errors.INTERNAL, tf.errors.UNAVAILABLE, tf.errors.DATA_LOSS,
      tf.errors.UNAUTHENTICATED, tf.errors.DEADLINE_EXCEEDED, tf.errors.ALREADY_EXISTS, tf.errors.PERMISSION_DENIED)
e = tf.errors.OpError(None, None, "custom", tf.errors.INTERNAL)
print(type(e).__name__, e.error_code, e.message, repr(e))
print(repr(tf.errors.InvalidArgumentError(None, None, "x")))
try:
    raise tf.errors.OutOfRangeError(None, None, "End of sequence")
except tf.errors.OpError as err:
    print("caught", type(err).__name__, err)
print(issubclass(tf.errors.OperatorNotAllowedInGraphError, TypeError))
