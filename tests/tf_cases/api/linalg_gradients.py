import tensorflow as tf

a = tf.constant([[2.0, 1.0], [1.0, 3.0]], tf.float64)
b = tf.constant([[1.0], [2.0]], tf.float64)
with tf.GradientTape(persistent=True) as t2:
    t2.watch([a, b])
    with tf.GradientTape(persistent=True) as t1:
        t1.watch([a, b])
        inv = tf.reduce_sum(tf.linalg.inv(a) * tf.constant([[1.0, 2.0], [3.0, 4.0]], tf.float64))
        det = tf.linalg.det(a)
        sol = tf.reduce_sum(tf.linalg.solve(a, b) * tf.constant([[1.0], [-1.0]], tf.float64))
        sol_adj = tf.reduce_sum(tf.linalg.solve(a, b, adjoint=True))
    g_inv = t1.gradient(inv, a)
    g_det = t1.gradient(det, a)
    g_sol_a, g_sol_b = t1.gradient(sol, [a, b])
    g_adj = t1.gradient(sol_adj, [a, b])
    s1 = tf.reduce_sum(g_inv)
    s2 = tf.reduce_sum(g_det)
    s3 = tf.reduce_sum(g_sol_a)
print(g_inv, g_det, g_sol_a, g_sol_b, g_adj)
print(t2.gradient(s1, a))
print(t2.gradient(s2, a))
print(t2.gradient(s3, [a, b]))
