# keras.random.gamma, binomial and beta (Keras 3 on TF: stateless ops) draw TF's numbers, bit for bit.
# ruff: noqa: B023 - each lambda is called at once by show(), inside its loop
import hashlib

import keras
import numpy as np


def show(label, make):
    try:
        t = np.asarray(make())
    except Exception as error:  # noqa: BLE001 - the exception type is what the case compares
        print(label, "raises", type(error).__name__)
        return
    print(label, t.dtype, list(t.shape), hashlib.sha256(np.ascontiguousarray(t).tobytes()).hexdigest()[:16])
    if t.size <= 6:
        print(t.tolist())


for seed in [0, 2**31 - 2, 2**31 + 40]:
    for shape in [(), (0,), (3,), (2, 3), (200,)]:
        for dtype in ["float16", "float32", "float64"]:
            tag = f"{seed} {shape} {dtype}"
            show(f"gamma {tag}", lambda: keras.random.gamma(shape, 1.5, dtype=dtype, seed=seed))
            show(f"gamma small alpha {tag}", lambda: keras.random.gamma(shape, 0.3, dtype=dtype, seed=seed))
            show(f"binomial {tag}", lambda: keras.random.binomial(shape, 10.0, 0.3, dtype=dtype, seed=seed))
            show(f"beta {tag}", lambda: keras.random.beta(shape, 2.0, 5.0, dtype=dtype, seed=seed))
    show(f"gamma vector alpha {seed}", lambda: keras.random.gamma((2, 3), np.array([0.5, 1.0, 4.0]), seed=seed))
    show(f"binomial arrays {seed}", lambda: keras.random.binomial((2, 3), np.array([5.0, 10.0, 20.0]),
                                                                 np.array([0.1, 0.5, 0.9]), seed=seed))
    show(f"beta arrays {seed}", lambda: keras.random.beta((2, 3), np.array([0.5, 1.0, 3.0]), 2.0, seed=seed))

generator = keras.random.SeedGenerator(3)
for k in range(2):
    show(f"SeedGenerator gamma {k}", lambda: keras.random.gamma((4,), 2.0, seed=generator))
    show(f"SeedGenerator binomial {k}", lambda: keras.random.binomial((4,), 8, 0.5, seed=generator))
    show(f"SeedGenerator beta {k}", lambda: keras.random.beta((4,), 1.0, 1.0, seed=generator))
print("state", generator.state.numpy().tolist())
keras.utils.set_random_seed(11)
show("unseeded gamma after set_random_seed", lambda: keras.random.gamma((3,), 1.0))
show("unseeded beta after set_random_seed", lambda: keras.random.beta((3,), 2.0, 2.0))
