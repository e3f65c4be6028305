"""Exercise checks of lesson 09 (devices): correct answers pass, each typical mistake gets its hint."""

import os

import numpy as np
import pytest
from helpers import numeric_gradient

import tapekit as tk
from tapekit import backend
from tapekit.exercises import lesson09


TEST_BACKEND = os.environ.get("TAPEKIT_TEST_BACKEND", "numpy")
# without a GPU the answers' tk.device("GPU:0") soft-places on the CPU with one expected warning
pytestmark = pytest.mark.filterwarnings("ignore:tk.device.*no GPU:UserWarning")


def assert_verdict(feedback, code):
    assert feedback.code == code, f"expected {code!r}, got {feedback.code!r}: {feedback.message}"
    assert bool(feedback) is (code == "correct")
    assert repr(feedback).startswith("Correct!" if code == "correct" else "Not yet. Hint:")


@pytest.fixture
def fake_gpu():
    """GPU:0 on array_api_strict's second device (as in tests/base/test_devices.py); restores the backend after."""
    pytest.importorskip("array_api_strict")
    backend.use_test_backend("strict", fake_gpu=True)
    yield
    backend.use_test_backend(TEST_BACKEND)


# ---- exercise 1 (predict): where each tensor lives, and what is copied -----------------------------

RIGHT = {"prices": "CPU", "weights": "GPU", "total": "GPU", "doubled": "CPU"}


def _with(**changes):
    return {**RIGHT, **changes}


@pytest.mark.parametrize("placement, copied, code", [
    (RIGHT, {"prices", "total"}, "correct"),
    ({"prices": "/device:CPU:0", "weights": "GPU:0", "total": "gpu", "doubled": "cpu:0"}, ["total", "prices"],
     "correct"),
    ([("prices", "CPU")], {"prices"}, "not_dict"),
    ({"prices": "CPU", "weights": "GPU"}, {"prices"}, "names"),
    (_with(bias="CPU"), {"prices", "total"}, "names"),
    (_with(total="TPU"), {"prices", "total"}, "not_device"),
    (RIGHT, 3, "copied_not_names"),
    (RIGHT, {"prices", "x"}, "copied_not_names"),
    (_with(weights="CPU"), {"prices", "total"}, "wrong_weights"),
    (_with(prices="GPU"), {"prices", "total"}, "wrong_prices"),
    (_with(total="CPU"), {"total"}, "wrong_total"),
    (_with(doubled="GPU"), {"prices"}, "wrong_doubled"),
    (RIGHT, {"total"}, "copied_prices"),
    (RIGHT, "prices", "copied_total"),
    (RIGHT, {"prices", "total", "weights"}, "copied_weights"),
    (RIGHT, {"prices", "total", "doubled"}, "copied_doubled"),
])
def test_check_placement(placement, copied, code):
    assert_verdict(lesson09.check_placement(placement, copied), code)


def _lesson_tensors():
    """The predict cell of the lesson."""
    with tk.device("CPU:0"):
        prices = tk.constant([2.0, 4.0, 8.0])
    with tk.device("GPU:0"):
        weights = tk.Variable([0.5, 0.25, 0.125])
        total = tk.reduce_sum(prices * weights)
    with tk.device("CPU:0"):
        doubled = total * 2.0
    return {"prices": prices, "weights": weights, "total": total, "doubled": doubled}


def test_the_placement_check_reveals_devices_only_after_an_answer():
    calls = []

    def weighted_total():
        calls.append(1)
        return _lesson_tensors()

    assert "What .device says" not in repr(lesson09.check_placement(..., ..., weighted_total)) and not calls
    right = lesson09.check_placement(RIGHT, {"prices", "total"}, weighted_total)
    wrong = lesson09.check_placement(_with(total="CPU"), {"total"}, _lesson_tensors())
    assert "What .device says" not in repr(lesson09.check_placement(RIGHT, {"prices"}, lambda: 1 / 0))
    for verdict in (right, wrong):
        assert "\nWhat .device says on this machine:\n  prices: /job:localhost/replica:0/task:0/device:" \
            in repr(verdict)
    if not tk.config.list_physical_devices("GPU"):
        assert "soft placement put all of them on the CPU" in repr(right)


def test_the_placement_answer_is_what_a_gpu_does(fake_gpu):
    """On a (fake) GPU the lesson's cell places exactly as the expected answer says."""
    tensors = _lesson_tensors()
    assert {name: "GPU" if "GPU" in t.device else "CPU" for name, t in tensors.items()} == RIGHT
    assert "soft placement" not in repr(lesson09.check_placement(RIGHT, {"prices", "total"}, tensors))


# ---- exercise 2: compute on GPU:0, return host data ----------------------------------------------

def _squares(device_name="GPU:0", finish=lambda t: t.numpy(), body=lambda x: tk.reduce_sum(x * x)):
    def sum_of_squares(values):
        if device_name is None:
            return finish(body(tk.constant(values)))
        with tk.device(device_name):
            total = body(tk.constant(values))
        return finish(total)
    return sum_of_squares


SQUARES_CASES = {
    "correct": _squares(),
    "correct ": _squares("/device:GPU:0", finish=float, body=lambda x: tk.math.reduce_sum(tk.square(x))),
    "correct  ": _squares("gpu", body=lambda x: tk.reduce_sum(x ** 2)),
    "tensor": _squares(finish=lambda t: t),
    "type": _squares(finish=lambda t: [float(t)]),
    "no_device": _squares(None),
    "cpu": _squares("CPU:0"),
    "not_reduced": _squares(body=lambda x: x * x),
    "not_squared": _squares(body=tk.reduce_sum),
    "shape": _squares(body=lambda x: x),
    "values": _squares(body=lambda x: tk.reduce_sum(x * 2.0)),
    "raised": _squares(body=lambda x: x.no_such_method()),
    "not_callable": 14.0,
    "not_on_gpu": lambda values: _numpy_beside_an_empty_block(values),
    "not_on_gpu ": _squares(body=lambda x: x * x, finish=lambda t: tk.reduce_sum(t).numpy()),   # summed after
}


def _numpy_beside_an_empty_block(values):
    """The forbidden route: a device block that computes nothing, the sum done in NumPy."""
    with tk.device("GPU:0"):
        pass
    return np.sum(np.square(values))


@pytest.mark.parametrize("case", SQUARES_CASES)
def test_check_squares_on_gpu(case):
    assert_verdict(lesson09.check_squares_on_gpu(SQUARES_CASES[case]), case.strip())


def test_tensor_hint_names_numpy():
    message = lesson09.check_squares_on_gpu(SQUARES_CASES["tensor"]).message
    assert ".numpy()" in message and "tk.Tensor" in message


# ---- exercise 3: gradients on the device named ---------------------------------------------------

def _gradient(device=lambda name: name, make=tk.Variable, finish=lambda g, w: g.numpy(),
              target=lambda w: tk.reduce_sum(w ** 3)):
    def gradient_on(device_name, values):
        with tk.device(device(device_name)):
            w = make(values)
            with tk.GradientTape() as tape:
                if not isinstance(w, tk.Variable) and make is not tk.constant:
                    tape.watch(w)
                y = target(w)
            return finish(tape.gradient(y, w), w)
    return gradient_on


def _watched_constant(device_name, values):
    with tk.device(device_name):
        w = tk.constant(values)
    with tk.GradientTape() as tape:  # the op runs on the default device; only w's placement was asked for
        tape.watch(w)
        y = tk.reduce_sum(w * w * w)
    return np.asarray(tape.gradient(y, w))


GRADIENT_CASES = {
    "correct": _gradient(),
    "correct ": _watched_constant,
    "correct  ": _gradient(target=lambda w: tk.reduce_sum(tk.pow(w, 3.0))),
    "none": _gradient(make=tk.constant),                                  # None.numpy() raises
    "none ": _gradient(make=tk.constant, finish=lambda g, w: g),           # returns the None itself
    "tensor": _gradient(finish=lambda g, w: g),
    "type": _gradient(finish=lambda g, w: g.numpy().tolist()),
    "device_ignored": _gradient(device=lambda name: "GPU:0"),
    "device_ignored ": _gradient(device=lambda name: None),
    "value_not_gradient": _gradient(finish=lambda g, w: (w ** 3).numpy()),
    "values": _gradient(target=lambda w: tk.reduce_sum(w ** 2)),
    "shape": _gradient(finish=lambda g, w: tk.reduce_sum(g).numpy()),
    "raised": _gradient(target=lambda w: w.no_such_method()),
    "not_callable": "gradient",
}


@pytest.mark.parametrize("case", GRADIENT_CASES)
def test_check_gradient_on(case):
    assert_verdict(lesson09.check_gradient_on(GRADIENT_CASES[case]), case.strip())


def test_device_ignored_hint_says_what_was_asked():
    message = lesson09.check_gradient_on(GRADIENT_CASES["device_ignored"]).message
    assert "'CPU:0'" in message and "GPU:0" in message and "device_name" in message


def test_answer_keys_match_the_engine_and_finite_differences():
    for device_name, values in lesson09.GRADIENT_CASES:
        w = np.array(values, dtype=np.float64)
        got = GRADIENT_CASES["correct"](device_name, w)
        np.testing.assert_allclose(got, numeric_gradient(lambda v: np.sum(v ** 3), w), rtol=1e-6)


def test_checks_restore_device_and_reductions():
    originals = (tk.device, tk.reduce_sum, tk.math.reduce_sum)
    lesson09.check_squares_on_gpu(SQUARES_CASES["raised"])
    lesson09.check_gradient_on(GRADIENT_CASES["correct"])
    assert (tk.device, tk.reduce_sum, tk.math.reduce_sum) == originals


# ---- on a (fake) GPU: the same verdicts, with the data really on GPU:0 --------------------------

def test_checks_on_a_fake_gpu(fake_gpu):
    seen = []

    def sum_of_squares(values):
        with tk.device("GPU:0"):
            total = tk.reduce_sum(tk.constant(values) ** 2)
        seen.append(total.device)
        return total.numpy()

    assert_verdict(lesson09.check_squares_on_gpu(sum_of_squares), "correct")
    assert set(seen) == {"/job:localhost/replica:0/task:0/device:GPU:0"}
    assert_verdict(lesson09.check_squares_on_gpu(_squares(finish=lambda t: t)), "tensor")
    assert_verdict(lesson09.check_gradient_on(_gradient()), "correct")
    assert_verdict(lesson09.check_gradient_on(_gradient(device=lambda name: "GPU:0")), "device_ignored")
