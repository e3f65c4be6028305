import tensorflow as tf
import keras

inner = keras.Sequential([keras.layers.Dense(4, name="i1"), keras.layers.Dense(3, name="i2")], name="inner")
outer = keras.Sequential([keras.Input((5,)), inner, keras.layers.Dropout(0.1), keras.layers.Dense(1, name="last")],
                         name="outer")
outer.summary(expand_nested=True)
outer.summary(show_trainable=True)
outer.layers[0].trainable = False
outer.summary(show_trainable=True)
outer.summary(line_length=100, positions=[0.5, 0.8, 1.0])
print([w.path for w in outer.weights])
print([w.path for w in outer.trainable_weights])


class Res(keras.Model):
    def __init__(self):
        super().__init__()
        self.a = keras.layers.Dense(3, name="a")
        self.b = keras.layers.Dense(3, name="b")
        self.flat = keras.layers.Flatten()
        self.act = keras.layers.Activation("relu")
        self.concat = keras.layers.Concatenate()

    def call(self, x):
        h = self.act(self.a(self.flat(x)))
        return self.concat([h, self.b(h)])


res = Res()
res(tf.ones((2, 1, 3)))
res.summary()
print(res.count_params(), len(res.layers))
emb = keras.Sequential([keras.layers.Embedding(100, 8), keras.layers.Flatten(), keras.layers.Dense(1)])
emb(tf.constant([[1, 2, 3]]))
emb.summary()
f_in = keras.Input((4,))
x1 = keras.layers.Dense(3, name="x1")(f_in)
x2 = keras.layers.Dense(3, name="x2")(f_in)
added = keras.layers.Add(name="add")([x1, x2])
out = keras.layers.Dense(2, name="out")(added)
branch = keras.Model(f_in, [out, added], name="branch")
branch.summary()
print([t.shape for t in branch(tf.ones((2, 4)))])
print(branch.output_shape, branch.input_shape)
