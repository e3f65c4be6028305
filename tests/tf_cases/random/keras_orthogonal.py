# keras.initializers.Orthogonal with a seed: Keras's normal draw, then a QR (equal to TF's within rounding).
import keras
import numpy as np

for seed in [0, 9, 123456]:
    for shape in [(2, 3), (5, 4), (3, 2, 4), (30, 20)]:
        for dtype in ["float32", "float64"]:
            values = np.asarray(keras.initializers.Orthogonal(gain=1.5, seed=seed)(shape, dtype=dtype))
            print(seed, shape, values.dtype, np.round(values, 5).ravel()[:12].tolist(),
                  round(float(np.abs(values).sum()), 4))
    init = keras.initializers.Orthogonal(seed=keras.random.SeedGenerator(seed))
    for call in range(2):
        print("SeedGenerator", call, np.round(np.asarray(init((4, 3))), 5).tolist())
print(keras.initializers.get("orthogonal").__class__.__name__, keras.initializers.Orthogonal(2.0, seed=1).get_config())
for bad in [(3,), ()]:
    try:
        keras.initializers.Orthogonal(seed=1)(bad)
    except ValueError as error:
        print("ValueError", error)
