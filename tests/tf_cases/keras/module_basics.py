import tensorflow as tf


class Linear(tf.Module):
    def __init__(self, name=None):
        super().__init__(name=name)
        self.w = tf.Variable([[1.0], [2.0]], name="w")
        self.b = tf.Variable([0.5], name="b")
        self.frozen = tf.Variable(3.0, trainable=False, name="frozen")

    def __call__(self, x):
        return tf.matmul(x, self.w) + self.b * self.frozen


model = Linear(name="lin")
print(model.name, [v.name for v in model.variables])
print([v.name for v in model.trainable_variables], [v.name for v in model.non_trainable_variables])
print(type(model.variables).__name__, model.submodules)


class Outer(tf.Module):
    def __init__(self):
        super().__init__()
        self.layers = [Linear(), Linear(name="second")]
        self.extra = {"b": tf.Variable(1.0, name="eb"), "a": tf.Variable(2.0, name="ea")}


outer = Outer()
print(outer.name, [m.name for m in outer.submodules])
print([v.name for v in outer.variables])
x = tf.constant([[1.0, 1.0]])
with tf.GradientTape() as tape:
    y = tf.reduce_sum(model(x))
print([g.numpy().tolist() for g in tape.gradient(y, model.trainable_variables)])
print(tf.Module().name, type(outer).__name__)
try:
    tf.Module(name="a b")
except ValueError as error:
    print(type(error).__name__)
print(hasattr(tf.Module, "with_name_scope"))
