import tensorflow as tf


class Lin(tf.Module):
    def __init__(self, name=None):
        super().__init__(name=name)
        self.w = tf.Variable(1.0, name="w")
        with self.name_scope:
            self.b = tf.Variable(2.0, name="b")

    @tf.Module.with_name_scope
    def __call__(self, x):
        if not hasattr(self, "c"):
            self.c = tf.Variable(3.0, name="c")
        return x * self.w + self.b + self.c


lin = Lin(name="lin")
print(lin.name_scope.name)
print(lin(tf.constant(1.0)))
print([v.name for v in lin.variables])


class Outer(tf.Module):
    def __init__(self):
        super().__init__()
        with self.name_scope:
            self.inner = Lin()


outer = Outer()
print(outer.name_scope.name, outer.inner.name_scope.name, [v.name for v in outer.variables])
with tf.name_scope("top"):
    top = Lin()
print(top.name_scope.name, [v.name for v in top.variables])
print(Lin().name_scope.name, Lin().name_scope.name)
