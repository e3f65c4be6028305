"""The UserWarnings tapekit raises itself speak the language in use (a zh-CN lesson shows them in Chinese)."""

import pytest

import tapekit as tk
from tapekit import backend


@pytest.fixture(autouse=True)
def chinese():
    tk.config.set_language("zh-CN")
    yield
    tk.config.set_language("en")


def test_keras_layer_in_a_module_warns_in_chinese():
    class Holder(tk.Module):
        def __init__(self):
            super().__init__()
            self.dense = tk.keras.layers.Dense(2)

    holder = Holder()
    with pytest.warns(UserWarning) as caught:
        assert len(holder.trainable_variables) == 0
    text = str(caught[0].message)
    assert "tf.Module 不会收集它持有的 Keras 层" in text and "Holder.dense" in text and "一个 Keras 层" in text
    assert "does not track" not in text


@pytest.mark.skipif(bool(backend.gpus()), reason="a GPU is present: no soft placement")
def test_soft_placement_warns_in_chinese():
    backend.PLACEMENT.warned.clear()
    try:
        with pytest.warns(UserWarning) as caught:
            with tk.device("GPU:0"):
                tk.constant([1.0]) * 2.0
        text = str(caught[0].message)
        assert "没有可用的 GPU:0" in text and "软放置" in text and "no GPU" not in text
        assert "没有安装 CuPy" in text or "CuPy" in text   # the reason, when CuPy is missing or finds no device
    finally:
        backend.PLACEMENT.warned.clear()
