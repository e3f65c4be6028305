"""tk.function runs its Python body once per input signature and replays the recorded ops after that.

What TF 2.21 prints for these programs is recorded in tests/tf_cases/api/function_trace_*.py; these
tests check the replay machinery itself: that a replay computes what the body would, and that the
trace gives up (the body then runs every call) whenever a replay could not repeat what it did.
"""

import numpy as np
import pytest

import tapekit as tk
from tapekit import keras


@pytest.fixture(autouse=True)
def graph_mode():
    tk.config.run_functions_eagerly(False)
    yield
    tk.config.run_functions_eagerly(False)


GENERATOR = tk.random.Generator.from_seed(1)


def counting(body):
    """``body`` as a tk.function, and a list that grows each time its Python runs."""
    runs = []

    def python(*args, **kwargs):
        runs.append(1)
        return body(*args, **kwargs)

    return tk.function(python), runs


def test_the_body_runs_once_per_signature_and_replays_compute_fresh_values():
    f, runs = counting(lambda x, y: x * y + tk.reduce_sum(x))
    assert f(tk.constant([1.0, 2.0]), tk.constant(3.0)).numpy().tolist() == [6.0, 9.0]
    assert f(tk.constant([4.0, 5.0]), tk.constant(2.0)).numpy().tolist() == [17.0, 19.0]
    assert len(runs) == 1 and f.experimental_get_tracing_count() == 1
    f(tk.constant([1.0, 2.0, 3.0]), tk.constant(1.0))       # a new shape: a new trace
    f(tk.constant([1, 2]), tk.constant(1))                   # a new dtype: a new trace
    f(tk.constant([1.0, 2.0]), 3.0)                          # a Python number is part of the signature
    f(tk.constant([1.0, 2.0]), 3.0)
    assert len(runs) == 4 and f.experimental_get_tracing_count() == 4


def test_the_same_tensor_twice_traces_apart_from_two_tensors():
    f, runs = counting(lambda a, b: a - b)
    x = tk.constant(5.0)
    assert float(f(x, x)) == 0.0
    assert float(f(tk.constant(5.0), tk.constant(2.0))) == 3.0
    assert len(runs) == 2


def test_a_captured_tensor_that_is_also_an_argument_keeps_its_value():
    g = tk.constant(1.0)
    f, _ = counting(lambda a: a + g)
    assert float(f(g)) == 2.0
    assert float(f(tk.constant(5.0))) == 6.0


def test_replayed_assigns_and_reads_see_the_variable_now():
    v = tk.Variable(1.0)
    f, runs = counting(lambda d: v.assign_add(d) * 2.0)
    assert [float(f(tk.constant(1.0))) for _ in range(3)] == [4.0, 6.0, 8.0]
    v.assign(10.0)
    assert float(f(tk.constant(1.0))) == 22.0 and len(runs) == 1


def test_a_replay_is_recorded_on_the_tape():
    w = tk.Variable(3.0)
    f, runs = counting(lambda x: w * x * x)
    for x in (2.0, 5.0):
        with tk.GradientTape(persistent=True) as tape:
            xt = tk.constant(x)
            tape.watch(xt)
            y = f(xt)
        assert float(tape.gradient(y, xt)) == 2 * 3.0 * x
        assert float(tape.gradient(y, w)) == x * x
    assert len(runs) == 1


def test_python_state_is_read_when_traced_as_in_tf():
    scale = {"k": 2.0}
    f, _ = counting(lambda x: x * scale["k"])
    assert float(f(tk.constant(1.0))) == 2.0
    scale["k"] = 100.0
    assert float(f(tk.constant(1.0))) == 2.0     # TF keeps the traced value


def test_tk_print_and_py_function_run_on_every_call(capsys):
    def body(x):
        print("tracing")
        tk.print("value", x)
        return tk.py_function(lambda t: t * 2, [x], tk.float32)

    f = tk.function(body)
    assert float(f(tk.constant(1.0))) == 2.0 and float(f(tk.constant(4.0))) == 8.0
    captured = capsys.readouterr()
    assert captured.out.count("tracing") == 1
    assert captured.err.splitlines() == ["value 1", "value 4"]


@pytest.mark.parametrize("body", [
    lambda x: x if x[0] > 0 else -x,                               # a Python `if` on a computed value
    lambda x: x * float(x[0].numpy()),                             # numpy() of an argument
    lambda x: tk.reduce_sum(tk.reshape(x, [2, 2]), axis=tk.cast(x[0], tk.int32)),   # an axis from the values
    lambda x: x + GENERATOR.normal([4]) * 0.0,                    # a generator reads its state in Python
    lambda x: x + tk.gather(x, tk.cast(x[:1], tk.int32) * 0),      # indices from the values
])
def test_what_a_replay_could_not_repeat_runs_the_body_every_call(body):
    f, runs = counting(body)
    for values in ([1.0, 0.0, 2.0, 3.0], [0.0, 1.0, 5.0, 7.0], [-2.0, 0.0, 1.0, 1.0]):
        x = tk.constant(values)
        np.testing.assert_allclose(f(x).numpy(), body(x).numpy(), rtol=0, atol=1.0)
    assert len(runs) >= 2


def test_branches_on_values_give_each_call_its_own_answer():
    f, runs = counting(lambda x: x if x > 0 else -x)
    assert [float(f(tk.constant(v))) for v in (2.0, -3.0, 4.0)] == [2.0, 3.0, 4.0]
    assert len(runs) == 3


def test_random_ops_draw_new_numbers_on_every_call():
    f, runs = counting(lambda: tk.random.uniform([3]) + tk.random.normal([3]))
    assert not np.array_equal(f().numpy(), f().numpy()) and len(runs) == 1
    shuffle, _ = counting(lambda x: tk.random.shuffle(x))
    orders = {tuple(shuffle(tk.range(8)).numpy()) for _ in range(6)}
    assert len(orders) > 1


def test_iterating_a_dataset_inside_is_not_frozen():
    it = iter(tk.data.Dataset.range(5))
    f, _ = counting(lambda: next(it) * 1)
    assert [int(f()) for _ in range(3)] == [0, 1, 2]


def test_a_training_step_trains_as_the_eager_one():
    x = tk.constant(np.linspace(-1, 1, 12, dtype=np.float32).reshape(6, 2))
    y = tk.reduce_sum(x, axis=1, keepdims=True)

    def make():
        model = keras.Sequential([keras.layers.Dense(3, activation="relu"), keras.layers.Dense(1)])
        model(x)
        return model, keras.optimizers.Adam(0.05)

    def step(model, opt):
        with tk.GradientTape() as tape:
            loss = tk.reduce_mean(tk.square(model(x) - y))
        grads = tape.gradient(loss, model.trainable_variables)
        opt.apply_gradients(zip(grads, model.trainable_variables))
        return loss

    eager_model, eager_opt = make()
    traced_model, traced_opt = make()
    traced_model.set_weights(eager_model.get_weights())
    traced = tk.function(step)
    for _ in range(5):
        np.testing.assert_allclose(traced(traced_model, traced_opt).numpy(),
                                   step(eager_model, eager_opt).numpy(), rtol=1e-6)


def test_a_model_built_on_the_first_call_is_traced_again_then_replayed():
    model = keras.Sequential([keras.layers.Dense(2)])
    f, runs = counting(lambda x: model(x))
    x = tk.ones([3, 4])
    first = f(x).numpy()
    assert np.array_equal(f(x).numpy(), first) and np.array_equal(f(x).numpy(), first)
    assert len(runs) == 2     # the first trace made variables, so it was not kept
    model.layers[0].kernel.assign(tk.zeros([4, 2]))
    assert np.array_equal(f(x).numpy(), model(x).numpy()) and len(runs) == 2


def test_init_scope_runs_once_and_is_left_out_of_the_trace():
    v = tk.Variable(0)
    state = {"done": False}

    def body():
        if not state["done"]:
            with tk.init_scope():
                state["done"] = True
                v.assign_add(1)
        return v.read_value()

    f = tk.function(body)
    assert [int(f()) for _ in range(3)] == [1, 1, 1]


def test_arguments_print_as_tf_placeholders_while_traced(capsys):
    @tk.function
    def f(x, y):
        print(x, repr(y), x + y)
        return x

    f(tk.constant([1, 2]), tk.constant([3, 4]))
    assert capsys.readouterr().out.strip() == (
        "Tensor(\"x:0\", shape=(2,), dtype=int32) <tk.Tensor 'y:0' shape=(2,) dtype=int32> "
        "Tensor(\"add:0\", shape=(2,), dtype=int32)")
    assert str(f(tk.constant([5, 6]), tk.constant([0, 0]))).startswith("tk.Tensor([5 6]")


def test_a_failed_trace_is_not_kept():
    calls = []

    def body(x, fail):
        calls.append(1)
        if fail:
            raise RuntimeError("boom")
        return x * 2

    f = tk.function(body)
    with pytest.raises(RuntimeError):
        f(tk.constant(1.0), True)
    assert float(f(tk.constant(1.0), False)) == 2.0 and float(f(tk.constant(3.0), False)) == 6.0
    assert len(calls) == 2


def test_variables_passed_as_arguments_are_the_ones_read_and_assigned():
    f, runs = counting(lambda v, d: v.assign_add(d) * 2.0)
    pairs = [(keras.Variable(tk.ones([2])), [1.0, 1.0]), (keras.Variable(tk.fill([2], 5.0)), [1.0, 2.0]),
             (tk.Variable([1.0, 2.0]), [3.0, 3.0])]
    for variable, delta in pairs:
        before = variable.numpy().copy()
        out = f(variable, tk.constant(delta)).numpy()
        np.testing.assert_allclose(variable.numpy(), before + delta)
        np.testing.assert_allclose(out, (before + delta) * 2)
    assert len(runs) == 1


def test_variables_made_with_random_values_on_the_first_call_do_not_stop_later_replays():
    class Lazy(tk.Module):
        def __init__(self):
            super().__init__()
            self.w = None

        @tk.function
        def __call__(self, x):
            if self.w is None:
                self.w = tk.Variable(tk.random.normal([3]))
            return x * self.w

    lazy = Lazy()
    first = lazy(tk.ones([3])).numpy()
    for _ in range(3):
        np.testing.assert_array_equal(lazy(tk.ones([3])).numpy(), first)
    assert lazy.__call__.experimental_get_tracing_count() == 2


def test_a_replay_is_recorded_at_the_lines_of_the_body():
    w = tk.Variable(2.0)

    @tk.function
    def loss_of(x):
        scaled = w * x
        return tk.square(scaled - 1.0)

    lines = []
    for value in (1.0, 2.0):   # the trace, then a replay
        with tk.GradientTape() as tape:
            loss_of(tk.constant(value))
        lines.append([(e["type"], e["expr"]) for e in tape.events if e["phase"] == "forward" and e["kind"] == "op"])
    assert lines[0] == lines[1] == [("ReadVariableOp", "w * x"), ("Mul", "w * x"), ("Sub", "scaled - 1.0"),
                                    ("Square", "tk.square(scaled - 1.0)")]


def test_a_kept_trace_does_not_keep_the_tape_its_first_run_made():
    import gc
    import weakref

    made = []

    @tk.function
    def step(x):
        with tk.GradientTape(persistent=True) as tape:
            tape.watch(x)
            y = x * x
        made.append(weakref.ref(tape))
        return tape.gradient(y, x)

    assert [float(step(tk.constant(v))) for v in (1.0, 3.0)] == [2.0, 6.0]
    gc.collect()
    assert len(made) == 1 and made[0]() is None
