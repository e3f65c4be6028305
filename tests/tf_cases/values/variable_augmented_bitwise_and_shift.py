import tensorflow as tf

for symbol in ["&=", "|=", "^="]:
    v = tf.Variable([6, 3])
    scope = {"v": v}
    exec(f"v {symbol} 2", scope)
    print(symbol, isinstance(scope["v"], tf.Variable), scope["v"])

v = tf.Variable([6, 3])
try:
    v <<= 1
except TypeError as e:
    print("<<=", type(e).__name__)
try:
    v >>= 1
except TypeError as e:
    print(">>=", type(e).__name__)
print(v)
