import tensorflow as tf


def attempt(f, *args, **kwargs):
    try:
        print(f(*args, **kwargs))
    except Exception as error:
        print(type(error).__name__)


words = tf.constant(["Gray wolf", "Quick  brown fox", "Lazy dog", ""])
print(tf.strings.split(words))
print(tf.strings.split(words, sep=" "))
print(tf.strings.split(tf.constant("a,b,,c"), sep=",", maxsplit=2))
print(tf.strings.split(tf.constant("one two")), tf.strings.bytes_split(tf.constant(["ab", "c"])))
print(tf.strings.to_number(tf.strings.split(tf.constant("1 10 100.5"))))
print(tf.strings.to_number(tf.constant(["7", "-2"]), out_type=tf.int32))
attempt(tf.strings.to_number, tf.constant(["1", "x"]))
attempt(tf.strings.to_number, tf.constant([1.0]))
print(tf.strings.length(words), tf.strings.length(tf.constant("アヒル 🦆"), unit="UTF8_CHAR"))
print(tf.strings.length(tf.constant("アヒル 🦆")))
print(tf.strings.join([tf.constant(["a", "b"]), tf.constant(["x", "y"])], separator="-"))
print(tf.strings.join([tf.constant(["a", "b"]), "!"]))
print(tf.strings.reduce_join(tf.constant(["a", "b", "c"]), separator="+"))
print(tf.strings.reduce_join(tf.constant([["a", "b"], ["c", "d"]]), axis=1))
print(tf.strings.format("x = {}, y = {}", (tf.constant(3), tf.constant([1.5, 2.0]))))
print(tf.strings.format("{} and {}", [tf.constant("hi"), tf.constant([1, 2, 3, 4, 5, 6, 7, 8])]))
print(tf.strings.substr(tf.constant(["Hello", "World"]), 1, 3))
print(tf.strings.substr(tf.constant("Hello"), -3, 2))
print(tf.strings.substr(tf.constant("アヒル"), 1, 1, unit="UTF8_CHAR"))
attempt(tf.strings.substr, tf.constant("Hi"), 5, 1)
print(tf.strings.unicode_decode(tf.constant(["アヒル", "ok"]), "UTF-8"))
print(tf.strings.unicode_encode(tf.constant([72, 105]), "UTF-8"))
print(tf.strings.unicode_encode(tf.ragged.constant([[72, 105], [12450]]), "UTF-8"))
print(tf.strings.unicode_split(tf.constant(["añ", "b"]), "UTF-8"))
print(tf.strings.lower(tf.constant("MiXeD")), tf.strings.upper(tf.constant(["ab"])))
print(tf.strings.strip(tf.constant(" x ")))
print(tf.io.decode_raw(tf.constant("Duck"), tf.uint8))
attempt(tf.strings.length, tf.constant([1, 2]))
