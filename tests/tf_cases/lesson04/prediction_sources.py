# Lesson 04, exercise 1: which sources get None (the check's answer key and its explanations).
import tensorflow as tf

weight = tf.Variable(2.0, name="weight")
frozen = tf.Variable(0.5, trainable=False, name="frozen")
scale = tf.Variable(4.0, name="scale")
late = tf.constant(3.0)
with tf.GradientTape(persistent=True) as tape:
    tape.watch(frozen)
    hidden = weight * frozen
    with tape.stop_recording():
        factor = scale * 2.0
    shift = late * late
    tape.watch(late)
    out = hidden * factor + shift
grads = tape.gradient(out, {"weight": weight, "frozen": frozen, "scale": scale, "late": late, "hidden": hidden})
for name, grad in grads.items():
    print(name, None if grad is None else float(grad))
print([v.name for v in tape.watched_variables()])

# watching late after its use does work when that op had another watched input: it was recorded
with tf.GradientTape() as tape:
    tape.watch(frozen)
    mixed = frozen * late
    tape.watch(late)
print(tape.gradient(mixed, late))
