import keras


def attempt(label, make):
    try:
        layer = make()
        print(label, "ok", layer.name)
    except Exception as error:
        print(label, type(error).__name__)


attempt("Dense(2, foo=1)", lambda: keras.layers.Dense(2, foo=1))
attempt("Dense(2, activaton='relu')", lambda: keras.layers.Dense(2, activaton="relu"))
attempt("Dense(2, kernel_initialiser='ones')", lambda: keras.layers.Dense(2, kernel_initialiser="ones"))
attempt("Dense(2, weights=[1])", lambda: keras.layers.Dense(2, weights=[1]))
attempt("Dense(2, batch_input_shape=(None, 3))", lambda: keras.layers.Dense(2, batch_input_shape=(None, 3)))
attempt("Dense(2, input_dim=3)", lambda: keras.layers.Dense(2, input_dim=3))
attempt("Dense(2, input_shape=(3,))", lambda: keras.layers.Dense(2, input_shape=(3,)))
attempt("Dense('2')", lambda: keras.layers.Dense("2"))
attempt("Dense(0)", lambda: keras.layers.Dense(0))
attempt("Dense(2.0)", lambda: keras.layers.Dense(2.0))
attempt("Dense(2, name=3)", lambda: keras.layers.Dense(2, name=3))
attempt("Dense(2, name='a/b')", lambda: keras.layers.Dense(2, name="a/b"))
attempt("Dense(2, activation='nope')", lambda: keras.layers.Dense(2, activation="nope"))
attempt("Dense(2, kernel_initializer='nope')", lambda: keras.layers.Dense(2, kernel_initializer="nope"))
attempt("Dense(2, kernel_regularizer='nope')", lambda: keras.layers.Dense(2, kernel_regularizer="nope"))
attempt("Dense(2, kernel_regularizer='l2')", lambda: keras.layers.Dense(2, kernel_regularizer="l2"))
attempt("Dense(2, kernel_constraint='non_neg')", lambda: keras.layers.Dense(2, kernel_constraint="non_neg"))
attempt("Dense(2, trainable=False)", lambda: keras.layers.Dense(2, trainable=False))
attempt("Flatten(foo=1)", lambda: keras.layers.Flatten(foo=1))
attempt("Dropout(0.5, foo=1)", lambda: keras.layers.Dropout(0.5, foo=1))
attempt("Dropout(1.5)", lambda: keras.layers.Dropout(1.5))
attempt("Embedding(10, 3, foo=1)", lambda: keras.layers.Embedding(10, 3, foo=1))
attempt("Activation('relu', foo=1)", lambda: keras.layers.Activation("relu", foo=1))
attempt("ReLU(max_value=-1)", lambda: keras.layers.ReLU(max_value=-1.0))
attempt("Concatenate(foo=1)", lambda: keras.layers.Concatenate(foo=1))
attempt("Layer(foo=1)", lambda: keras.layers.Layer(foo=1))
attempt("Model(foo=1)", lambda: keras.Model(foo=1))
attempt("Sequential([], foo=1)", lambda: keras.Sequential([], foo=1))
attempt("Sequential([3])", lambda: keras.Sequential([3]))
