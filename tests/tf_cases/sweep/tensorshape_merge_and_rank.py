import tensorflow as tf

s = tf.TensorShape([2, None, 3])
print(s.merge_with([2, 5, 3]), s.merge_with(None), tf.TensorShape(None).merge_with([1, None]))
print(s.with_rank(3), tf.TensorShape(None).with_rank(2), s.with_rank_at_least(2), s.with_rank_at_most(3))
print(s.most_specific_compatible_shape(tf.TensorShape([2, 4, 4])),
      tf.TensorShape([1, 2]).most_specific_compatible_shape([1, 2, 3]))
print(s.assert_is_compatible_with([2, 1, 3]), s.assert_has_rank(3), s.assert_same_rank([0, 0, 0]))
for bad in (lambda: s.merge_with([3, 1, 3]), lambda: s.merge_with([2, 1]), lambda: s.with_rank(2),
            lambda: s.with_rank_at_least(4), lambda: s.with_rank_at_most(1),
            lambda: s.assert_is_compatible_with([1, 2, 3]), lambda: s.assert_has_rank(2),
            lambda: s.assert_same_rank([1])):
    try:
        bad()
    except ValueError as e:
        print(type(e).__name__, str(e).splitlines()[0])
