# Seeded-stream sweep: Keras 3 initializers (Orthogonal: keras_orthogonal.py), keras.random with int seeds and
# SeedGenerator, Dense and Dropout.
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


INITIALIZERS = {
    "GlorotUniform": lambda seed: keras.initializers.GlorotUniform(seed=seed),
    "HeNormal": lambda seed: keras.initializers.HeNormal(seed=seed),
    "RandomNormal": lambda seed: keras.initializers.RandomNormal(0.5, 2.0, seed=seed),
    "RandomUniform": lambda seed: keras.initializers.RandomUniform(-3.0, 1.0, seed=seed),
    "TruncatedNormal": lambda seed: keras.initializers.TruncatedNormal(stddev=0.2, seed=seed),
}
for seed in [0, 9, 123456]:
    for name, make in INITIALIZERS.items():
        init = make(seed)
        for shape in [(3,), (2, 3), (5, 4), (30, 20)]:
            for dtype in ["float16", "float32", "float64"]:
                show(f"{name} {seed} {shape} {dtype}", lambda: init(shape, dtype=dtype))
        show(f"{name} {seed} called again", lambda: init((2, 3)))
        generator_init = make(keras.random.SeedGenerator(seed))
        show(f"{name} SeedGenerator {seed}", lambda: generator_init((4, 3)))
        show(f"{name} SeedGenerator {seed} again", lambda: generator_init((4, 3)))

for seed in [1, 77]:
    for shape in [(), (0,), (3,), (2, 3), (1000,)]:
        for dtype in ["float16", "float32", "float64"]:
            tag = f"{seed} {shape} {dtype}"
            show(f"normal {tag}", lambda: keras.random.normal(shape, 1.0, 3.0, dtype=dtype, seed=seed))
            show(f"uniform {tag}", lambda: keras.random.uniform(shape, -1.0, 2.0, dtype=dtype, seed=seed))
            show(f"truncated {tag}", lambda: keras.random.truncated_normal(shape, dtype=dtype, seed=seed))
        for dtype in ["int32", "int64"]:
            show(f"randint {seed} {shape} {dtype}", lambda: keras.random.randint(shape, -3, 20, dtype=dtype,
                                                                                seed=seed))
    show(f"shuffle {seed}", lambda: keras.random.shuffle(np.arange(12).reshape(4, 3), seed=seed))
    show(f"shuffle axis 1 {seed}", lambda: keras.random.shuffle(np.arange(12).reshape(4, 3), axis=1, seed=seed))
    show(f"dropout {seed}", lambda: keras.random.dropout(np.ones((4, 5), "float32"), 0.4, seed=seed))
    generator = keras.random.SeedGenerator(seed)
    for k in range(2):
        show(f"SeedGenerator {seed} normal {k}", lambda: keras.random.normal((3,), seed=generator))
        show(f"SeedGenerator {seed} uniform {k}", lambda: keras.random.uniform((3,), seed=generator))
        show(f"SeedGenerator {seed} randint {k}", lambda: keras.random.randint((3,), 0, 9, seed=generator))
        show(f"SeedGenerator {seed} shuffle {k}", lambda: keras.random.shuffle(np.arange(8), seed=generator))
        show(f"SeedGenerator {seed} dropout {k}", lambda: keras.random.dropout(np.ones((6,), "float32"), 0.5,
                                                                               seed=generator))
    show(f"SeedGenerator {seed} state", lambda: generator.state.numpy())

    dense = keras.layers.Dense(3, kernel_initializer=keras.initializers.GlorotUniform(seed=seed),
                               bias_initializer=keras.initializers.RandomNormal(seed=seed + 1))
    x = np.linspace(-1.0, 1.0, 8, dtype="float32").reshape(2, 4)
    output = dense(x)   # a matmul: its last bits follow the BLAS's summation order, so printed to 5 places
    show(f"Dense {seed} kernel", lambda: dense.kernel.numpy())
    show(f"Dense {seed} bias", lambda: dense.bias.numpy())
    print(f"Dense {seed} output", np.round(np.asarray(output), 5).tolist())
    dropout = keras.layers.Dropout(0.5, seed=seed)
    show(f"Dropout {seed} training", lambda: dropout(np.ones((3, 4), "float32"), training=True))
    show(f"Dropout {seed} training again", lambda: dropout(np.ones((3, 4), "float32"), training=True))
    show(f"Dropout {seed} inference", lambda: dropout(np.ones((3, 4), "float32"), training=False))
