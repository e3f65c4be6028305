"""Every variable a tape can differentiate is a player source, labelled as the user's code names it."""

import numpy as np
import pytest

import tapekit as tk

pytest.importorskip("anywidget")
from tapekit.widgets import TapePlayer  # noqa: E402


def _results(player):
    return {r["name"]: r for r in player.graph["results"]}


def _node_labels(player):
    return {n["id"]: n["label"] for n in player.graph["nodes"] if n["kind"] == "tensor"}


def _assert_gradients_match(player, grads, names):
    rows = _results(player)
    for name, grad in zip(names, grads):
        row = rows[name]
        assert row["cause"] is None and row["shape"] == list(grad.shape)


def test_keras_layer_variables_are_sources_labelled_by_path():
    layer = tk.keras.layers.Dense(2, name="hidden")
    x = tk.constant([[1.0, 2.0, 3.0]])
    with tk.GradientTape(persistent=True) as tape:
        loss = tk.reduce_sum(layer(x) ** 2)
    player = TapePlayer(tape, target=loss, sources=layer.trainable_variables)
    grads = tape.gradient(loss, layer.trainable_variables)
    _assert_gradients_match(player, grads, ["hidden/kernel", "hidden/bias"])
    labels = _node_labels(player)
    assert [labels[s] for s in player.graph["sources"]] == ["hidden/kernel", "hidden/bias"]
    # the player's own gradients are the tape's
    for mine, theirs in zip(player.gradients, grads):
        np.testing.assert_allclose(mine.numpy(), theirs.numpy())


def test_keras_model_variables_are_sources():
    model = tk.keras.Sequential([tk.keras.layers.Dense(3, name="hidden", activation="relu"),
                                 tk.keras.layers.Dense(1, name="out")], name="sequential")
    x = tk.constant([[1.0, -2.0], [0.5, 0.25]])
    model(x)
    with tk.GradientTape() as tape:
        loss = tk.reduce_mean(model(x))
    player = TapePlayer(tape, target=loss, sources=model.trainable_variables)
    names = [r["name"] for r in player.graph["results"]]
    # Keras 3 (TF 2.21) prints these paths for the same model: [v.path for v in m.trainable_variables]
    assert names == ["sequential/hidden/kernel", "sequential/hidden/bias", "sequential/out/kernel",
                     "sequential/out/bias"]
    assert all(r["cause"] is None for r in player.graph["results"])


def test_single_keras_variable_and_nested_sources():
    var = tk.keras.Variable(np.float32(2.0), name="scale")
    w = tk.Variable(3.0, name="w")
    with tk.GradientTape() as tape:
        y = var * w
    player = TapePlayer(tape, target=y, sources={"a": var, "b": [w]})
    rows = _results(player)
    assert rows["scale"]["value"] == "3.0" and rows["w"]["value"] == "2.0"


def test_tk_module_variables_are_sources():
    class Affine(tk.Module):
        def __init__(self):
            super().__init__(name="affine")
            self.w = tk.Variable([[1.0], [2.0]], name="w")
            self.b = tk.Variable([0.5], name="b")

        def __call__(self, x):
            return x @ self.w + self.b

    module = Affine()
    x = tk.constant([[1.0, 1.0]])
    with tk.GradientTape() as tape:
        y = tk.reduce_sum(module(x))
    player = TapePlayer(tape, target=y, sources=module.trainable_variables)
    got = [r["name"] for r in player.graph["results"]]
    assert got == [v.name.rsplit(":", 1)[0] for v in module.trainable_variables]
    assert all(r["cause"] is None for r in player.graph["results"])


def test_too_large_player_labels_keras_sources_by_path():
    layer = tk.keras.layers.Dense(1, name="hidden")
    x = tk.constant([[1.0]])
    with tk.GradientTape() as tape:
        y = x
        for _ in range(3):
            y = layer(y)
        loss = tk.reduce_sum(y)
    player = TapePlayer(tape, target=loss, sources=layer.trainable_variables, max_ops=2)
    assert [r["name"] for r in player.graph["results"]] == ["hidden/kernel", "hidden/bias"]


def test_a_plain_number_is_still_refused():
    w = tk.Variable(1.0)
    with tk.GradientTape() as tape:
        y = w * 2.0
    with pytest.raises(TypeError, match=r"sources \(item 1\) is float"):
        TapePlayer(tape, target=y, sources=[w, 2.0])


def test_explain_runs_only_when_a_gradient_is_none(monkeypatch):
    """Every gradient arrives: no tape.explain (slow on big tapes), the names come from the call;
    one None: explain says why, and the player shows its cause."""
    calls = []
    explain = tk.GradientTape.explain

    def counted(self, *args, **kwargs):
        calls.append(args)
        return explain(self, *args, **kwargs)

    monkeypatch.setattr(tk.GradientTape, "explain", counted)
    w, c = tk.Variable(2.0, name="weight"), tk.Variable(3.0, name="c_var", trainable=False)
    with tk.GradientTape() as tape:
        loss = w * c
    player = TapePlayer(tape, loss, [w])
    assert calls == [] and _results(player)["weight"]["cause"] is None
    with tk.GradientTape() as tape:
        loss = w * c
    player = TapePlayer(tape, loss, [w, c])
    assert len(calls) == 1
    assert _results(player)["c_var"]["cause"] == "not_watched" and _results(player)["weight"]["cause"] is None


@pytest.mark.parametrize("make", [lambda: tk.keras.layers.Dense(2, name="hidden"),
                                  lambda: tk.keras.Sequential([tk.keras.layers.Dense(1)]),
                                  lambda: tk.Module(name="block")])
def test_a_layer_model_or_module_as_a_source_says_to_pass_its_variables(make):
    holder = make()
    w = tk.Variable(2.0, name="w")
    with tk.GradientTape() as tape:
        y = w * 3.0
    with pytest.raises(TypeError, match=r"sources \(item 1\) is \w+ .*holds variables: pass them, as "
                                        r"sources=<the \w+>\.trainable_variables") as raised:
        TapePlayer(tape, target=y, sources=[w, holder])
    assert type(holder).__name__ in str(raised.value)
    assert tape.gradient(y, w).numpy() == 3.0     # nothing was computed: the tape is still unused
