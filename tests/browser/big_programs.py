"""The two large programs the player must stay readable and watchable for (issue 24):
a 300-op MLP training step and a 2,000-op loop. Shared by the browser tests and
benchmarks/bench_widgets.py."""

from __future__ import annotations

import numpy as np

import tapekit as tk


MICRO_BATCHES = 18


def mlp_step_player(**options):
    """One training step of a 5-layer MLP (Keras Dense layers) with the loss summed over 18
    micro-batches inside the tape: about 300 drawn ops, grouped as iterations and layer calls."""
    from tapekit.widgets import TapePlayer

    tk.keras.utils.set_random_seed(0)
    model = tk.keras.Sequential([tk.keras.layers.Dense(8, activation="relu", name="hidden1"),
                                 tk.keras.layers.Dense(8, activation="relu", name="hidden2"),
                                 tk.keras.layers.Dense(8, activation="relu", name="hidden3"),
                                 tk.keras.layers.Dense(8, activation="relu", name="hidden4"),
                                 tk.keras.layers.Dense(1, name="out")])
    rng = np.random.default_rng(0)
    batches = [(tk.constant(rng.normal(size=(4, 3)).astype("float32")),
                tk.constant(rng.normal(size=(4, 1)).astype("float32"))) for _ in range(MICRO_BATCHES)]
    model(batches[0][0])
    with tk.GradientTape() as tape:
        total = tk.constant(0.0)
        for features, labels in batches:
            prediction = model(features)
            error = prediction - labels
            total = total + tk.reduce_mean(error * error)
        loss = total / MICRO_BATCHES
    # the tk.Variables inside the Keras variables (``.value``): accepted by every TapePlayer version
    sources = [v.value for v in model.trainable_variables]
    return TapePlayer(tape, target=loss, sources=sources, title="MLP step", **options)


def loop_player(n_ops=2000, **options):
    """A training-style loop ``y = sin(y * w + b)``, 3 ops a pass: ``n_ops`` ops."""
    from tapekit.widgets import TapePlayer

    w = tk.Variable(0.5, name="w")
    b = tk.Variable(0.1, name="b")
    with tk.GradientTape() as tape:
        y = tk.constant([1.0, 2.0])
        for _ in range(n_ops // 3):
            y = tk.sin(y * w + b)
        loss = tk.reduce_sum(y)
    return TapePlayer(tape, target=loss, sources=[w, b], title="loop", **options)
