import keras

v = keras.Variable([1.0, 2.0], name="v")


def attempt(label, fn):
    try:
        result = fn()
        print(label, "ok", result)
    except Exception as error:
        print(label, type(error).__name__)


attempt("assign shape", lambda: v.assign([1.0, 2.0, 3.0]))
attempt("bool", lambda: bool(keras.Variable(1.0)))
attempt("len", lambda: len(v))
attempt("hash", lambda: hash(v))
attempt("float of vector", lambda: float(v))
attempt("int of vector", lambda: int(v))
attempt("no shape", lambda: keras.Variable(initializer="ones"))
attempt("name with slash", lambda: keras.Variable(1.0, name="a/b"))
print(v.numpy())
