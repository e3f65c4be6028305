# element-wise tf.strings ops on RaggedTensors: each string of the rows
import tensorflow as tf

words = tf.ragged.constant([["So", "Long"], ["thanks", "For", "all", "the", "fish"], []])
print(tf.strings.length(words))
print(tf.strings.length(words, unit="UTF8_CHAR"))
print(tf.strings.lower(words), tf.strings.upper(words))
print(tf.strings.strip(tf.ragged.constant([[" a ", "b  "], ["  c"]])))
print(tf.strings.substr(words, 0, 2))
print(tf.strings.substr(input=words, pos=1, len=1))
print(tf.strings.to_number(tf.ragged.constant([["1", "2.5"], ["-3"]])))
print(tf.strings.to_number(tf.ragged.constant([["7"], ["8", "9"]]), out_type=tf.int32))
print(tf.strings.to_hash_bucket_fast(words, 10))
print(tf.strings.split(tf.constant(["a b", "c"])).to_list())
