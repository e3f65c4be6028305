import tensorflow as tf

makers = [tf.random.normal, tf.random.uniform, tf.random.truncated_normal,
          lambda s: tf.random.Generator.from_seed(1).normal(s)]
for shape in [[-1], [2.5], 2, [[2]], [None], [2, 3], (0,), tf.constant([2, 1])]:
    row = []
    for make in makers:
        try:
            row.append(str(make(shape).shape))
        except Exception as error:
            row.append(type(error).__name__)
    print(shape if not tf.is_tensor(shape) else "tensor", row)
