import tensorflow as tf

tf.config.run_functions_eagerly(True)
print(tf.config.functions_run_eagerly())
calls = []


@tf.function
def f(x):
    calls.append(1)
    print("inside", tf.executing_eagerly())
    return x * 2


print(f(tf.constant(1.0)))
print(f(3))
print(f(tf.constant(2.0)))
print(len(calls))


@tf.function(input_signature=[tf.TensorSpec(shape=[None], dtype=tf.float32)])
def g(x):
    return tf.reduce_sum(x)


print(g(tf.constant([1, 2])))
print(g(tf.constant(1.0)))
tf.config.run_functions_eagerly(False)
print(tf.config.functions_run_eagerly())
