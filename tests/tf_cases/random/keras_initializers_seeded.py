# Keras 3 initializers and keras.random with seeds draw TF's numbers; set_random_seed fixes a model's weights.
import hashlib

import keras
import numpy as np


def digest(t):
    return hashlib.sha256(np.ascontiguousarray(np.asarray(t)).tobytes()).hexdigest()[:16]


def show(label, t):
    t = np.asarray(t)
    print(label, t.dtype, t.shape, digest(t))
    if t.size <= 8:
        print(t.tolist())


for seed in [0, 1, 42, 2**31 + 11]:
    print("seed", seed)
    show("GlorotUniform", keras.initializers.GlorotUniform(seed=seed)((3, 4)))
    init = keras.initializers.GlorotNormal(seed=seed)
    show("GlorotNormal", init((20, 30)))
    show("GlorotNormal again", init((20, 30)))
    show("HeNormal", keras.initializers.HeNormal(seed=seed)((7, 5)))
    show("HeUniform", keras.initializers.HeUniform(seed=seed)((64, 32)))
    show("LecunNormal", keras.initializers.LecunNormal(seed=seed)((2, 2)))
    show("LecunUniform", keras.initializers.LecunUniform(seed=seed)((9,)))
    show("RandomNormal", keras.initializers.RandomNormal(mean=1.0, stddev=2.0, seed=seed)((3, 2)))
    show("RandomUniform", keras.initializers.RandomUniform(minval=-1.0, maxval=3.0, seed=seed)((5,)))
    show("TruncatedNormal", keras.initializers.TruncatedNormal(stddev=0.3, seed=seed)((4, 2)))
    show("VarianceScaling", keras.initializers.VarianceScaling(
        scale=2.0, mode="fan_out", distribution="untruncated_normal", seed=seed)((6, 3)))
    show("float64", keras.initializers.GlorotUniform(seed=seed)((3, 3), dtype="float64"))

generator = keras.random.SeedGenerator(7)
show("normal with SeedGenerator", keras.random.normal((3,), seed=generator))
show("normal with SeedGenerator again", keras.random.normal((3,), seed=generator))
show("uniform with SeedGenerator", keras.random.uniform((2, 2), minval=-1.0, maxval=1.0, seed=generator))
show("truncated_normal int seed", keras.random.truncated_normal((4,), seed=3))
show("randint", keras.random.randint((6,), 0, 10, seed=5))
show("shuffle", keras.random.shuffle(np.arange(10), seed=4))
show("RandomNormal with SeedGenerator", keras.initializers.RandomNormal(seed=keras.random.SeedGenerator(2))((3,)))

keras.utils.set_random_seed(1234)
model = keras.Sequential([keras.Input((5,)), keras.layers.Dense(4, activation="relu"), keras.layers.Dropout(0.5),
                          keras.layers.Dense(3), keras.layers.Dense(1, kernel_initializer="he_normal")])
for w in model.weights:
    show(w.path, w.numpy())
x = np.linspace(-1.0, 1.0, 10, dtype="float32").reshape(2, 5)
show("model(x)", model(x))
show("model(x, training=True)", model(x, training=True))
show("again", model(x, training=True))
show("unseeded normal", keras.random.normal((3,)))
show("unseeded uniform", keras.random.uniform((3,)))
show("Dropout(seed=3)", keras.layers.Dropout(0.3, seed=3)(np.ones((2, 6), "float32"), training=True))
show("categorical", keras.random.categorical(np.log([[0.2, 0.8], [0.5, 0.5]]).astype("float32"), 6, seed=8))
show("dropout noise_shape", keras.random.dropout(np.ones((3, 4), "float32"), 0.5, noise_shape=(3, 1), seed=2))
show("VarianceScaling fan_avg uniform", keras.initializers.VarianceScaling(
    scale=0.5, mode="fan_avg", distribution="uniform", seed=6)((4, 5)))
