# tf.strings.to_hash_bucket_fast: FarmHash Fingerprint64 modulo the bucket count, on tensors and ragged rows
import tensorflow as tf

words = tf.strings.split(tf.constant(['What makes you think she is a witch?', 'A newt?', '']), ' ')
print(tf.strings.to_hash_bucket_fast(words, 1000))
print(tf.strings.to_hash_bucket_fast(tf.constant([["", "a"], ["ab", "é漢字"]]), 7))
print(tf.strings.to_hash_bucket_fast("x" * 20, 2**62))
print(tf.strings.to_hash_bucket_fast(["y" * 40, "z" * 100, "The quick brown fox " * 9], 1 << 40))
print(tf.strings.to_hash_bucket_fast(tf.constant([], dtype=tf.string), 5))
for bad in (0, -3):
    try:
        tf.strings.to_hash_bucket_fast(["a"], bad)
    except (ValueError, tf.errors.InvalidArgumentError) as e:
        print(type(e).__name__)
try:
    tf.strings.to_hash_bucket_fast(tf.constant([1, 2]), 3)
except (TypeError, ValueError, tf.errors.InvalidArgumentError) as e:
    print(type(e).__name__)
