"""tk.function, tk.config.run_functions_eagerly, tk.executing_eagerly and tk.name_scope.

Expected behaviour recorded from TF 2.21 (tests/tf_cases/api/function_*.py, name_scope.py); these
tests add what printing cannot show: identity, binding, state around errors.
"""

import numpy as np
import pytest

import tapekit as tk


@pytest.fixture(autouse=True)
def graph_mode_functions():
    """Every test starts as a TF program does: run_functions_eagerly is False."""
    tk.config.run_functions_eagerly(False)
    yield
    tk.config.run_functions_eagerly(False)


def test_decorator_with_and_without_arguments_keeps_the_function():
    def f(x):
        """Doubles."""
        return x * 2

    plain = tk.function(f)
    configured = tk.function(jit_compile=True, reduce_retracing=True, autograph=False)(f)
    for g in (plain, configured):
        assert type(g).__name__ == "Function"
        assert g.python_function is f and g.__wrapped__ is f
        assert g.__name__ == "f" and g.__doc__ == "Doubles."
        assert float(g(tk.constant(3.0))) == 6.0
    assert tk.function(lambda: 1).__doc__ == ""


def test_python_return_values_become_tensors_as_in_graph_mode():
    f = tk.function(lambda: (1, [2.0, "a"], None))
    one, (two, text), nothing = f()
    assert isinstance(one, tk.Tensor) and one.dtype == tk.int32
    assert two.dtype == tk.float32 and text.dtype == tk.string and nothing is None
    v = tk.Variable(3.0)
    out = tk.function(lambda: v)()
    assert isinstance(out, tk.Tensor) and not isinstance(out, tk.Variable)
    with pytest.raises(TypeError, match="must return zero or more Tensors"):
        tk.function(lambda: object())()


def test_run_functions_eagerly_returns_python_values_unchanged():
    tk.config.run_functions_eagerly(True)
    assert tk.config.functions_run_eagerly() is True
    assert tk.function(lambda: 1)() == 1


def test_methods_bind_to_their_instance_and_cache_the_binding():
    class Model(tk.Module):
        def __init__(self):
            super().__init__()
            self.w = tk.Variable(2.0)

        @tk.function
        def __call__(self, x):
            return x * self.w

    m = Model()
    assert float(m(tk.constant(3.0))) == 6.0
    assert m.__call__ is m.__call__
    assert type(Model.__call__).__name__ == "Function"


def test_input_signature_converts_and_checks_arguments():
    seen = []

    @tk.function(input_signature=[tk.TensorSpec(shape=[None], dtype=tk.float32)])
    def total(x):
        seen.append(x)
        return tk.reduce_sum(x)

    assert float(total([1.0, 2.0])) == 3.0
    assert isinstance(seen[-1], tk.Tensor)          # the list arrived as a tensor, as in TF
    assert float(total(x=tk.constant([4.0]))) == 4.0
    for bad in (tk.constant([1, 2]), tk.constant(1.0), "a", None):
        with pytest.raises(TypeError, match="Binding inputs to tf.function failed") as info:
            total(bad)
        assert "Hint:" in str(info.value)
    with pytest.raises(TypeError, match="too many positional arguments"):
        total(tk.constant([1.0]), tk.constant([1.0]))
    assert len(seen) == 2                            # a rejected call never ran the function


def test_input_signature_is_skipped_when_functions_run_eagerly():
    f = tk.function(lambda x: x, input_signature=[tk.TensorSpec([None], tk.float32)])
    tk.config.run_functions_eagerly(True)
    assert f(tk.constant([1, 2])).dtype == tk.int32  # TF: no check when run eagerly


def test_bad_decorator_arguments_raise_typeerror():
    with pytest.raises(TypeError, match="input_signature must be a possibly nested sequence"):
        tk.function(lambda x: x, input_signature=[1])
    with pytest.raises(TypeError):
        tk.function(lambda x: x, foo=1)
    with pytest.raises(TypeError, match="is not a callable object"):
        tk.function(3)


def test_function_body_is_recorded_on_the_tape():
    w = tk.Variable([1.0, 2.0])

    @tk.function
    def loss(x):
        return tk.reduce_sum(w * x * x)

    for x in ([3.0, 4.0], [5.0, 1.0]):   # the first call traces, the second replays: both on the tape
        with tk.GradientTape() as tape:
            y = loss(tk.constant(x))
        np.testing.assert_allclose(tape.gradient(y, w).numpy(), np.square(x))
    with pytest.raises(NotImplementedError, match="get_concrete_function"):
        loss.get_concrete_function()
    assert loss.experimental_get_tracing_count() == 1


def test_executing_eagerly_is_false_while_a_function_is_traced():
    assert tk.executing_eagerly() is True
    assert not bool(tk.function(lambda: tk.executing_eagerly())())   # TF: False inside the graph
    tk.config.run_functions_eagerly(True)
    assert tk.function(lambda: tk.executing_eagerly())() is True


def test_name_scopes_nest_and_name_variables():
    assert tk.get_current_name_scope() == ""
    with tk.name_scope("outer") as outer:
        assert outer == "outer/"
        with tk.name_scope("inner") as inner:
            assert inner == "outer/inner/" and tk.get_current_name_scope() == "outer/inner"
            assert tk.Variable(1.0, name="v").name == "outer/inner/v:0"
        assert tk.Variable(1.0).name == "outer/Variable:0"
        with tk.name_scope("abs/") as s:
            assert s == "abs/" and tk.Variable(1.0, name="q").name == "abs/q:0"
        with tk.name_scope(""):
            assert tk.get_current_name_scope() == ""
            assert tk.Variable(1.0, name="top").name == "top:0"
        assert tk.get_current_name_scope() == "outer"
    assert tk.get_current_name_scope() == ""
    assert tk.Variable(1.0, name="v").name == "v:0"


def test_name_scope_restores_the_scope_after_an_exception():
    with pytest.raises(RuntimeError):
        with tk.name_scope("a"):
            raise RuntimeError("boom")
    assert tk.get_current_name_scope() == ""


@pytest.mark.parametrize("bad", [3, None, b"a"])
def test_name_scope_needs_a_string(bad):
    with pytest.raises(ValueError, match="name for name_scope must be a string") as info:
        tk.name_scope(bad)
    assert "Hint:" in str(info.value)


def test_a_variable_made_after_the_first_call_raises_and_leaves_creation_allowed_outside():
    """TF 2.21: "Creating variables on a non-first call" (tests/tf_cases/api/function_variables.py)."""
    made = []

    @tk.function
    def fresh(x):
        made.append(tk.Variable(1.0))
        return x + 1.0

    fresh(tk.constant(1.0))                       # the first call may create
    with pytest.raises(ValueError, match="Creating variables on a non-first call"):
        fresh(tk.constant(1.0))
    assert len(made) == 1 and float(tk.Variable(2.0)) == 2.0   # the refusal ended with the call
