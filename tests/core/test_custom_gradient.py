"""tk.custom_gradient, tk.RegisterGradient, tk.no_gradient and tk.gradient_override_map."""

import uuid

import numpy as np
import pytest

import tapekit as tk


def unique(prefix):
    return f"{prefix}{uuid.uuid4().hex[:8]}"


# ---------- custom_gradient ----------
def test_decorator_without_parentheses_and_upstream_value():
    seen = []

    @tk.custom_gradient
    def bar(x, y):
        def grad(upstream):
            seen.append(upstream.numpy())
            return upstream * y, upstream * x
        return x * y, grad

    x, y = tk.constant(2.0), tk.constant(3.0)
    with tk.GradientTape() as tape:
        tape.watch([x, y])
        z = bar(x, y) * 5.0
    gx, gy = tape.gradient(z, [x, y])
    assert seen == [5.0]
    assert (gx.numpy(), gy.numpy()) == (15.0, 10.0)


def test_decorator_with_parentheses_overrides_the_gradient():
    @tk.custom_gradient()
    def clipped_identity(x):
        def grad(dy):
            return tk.minimum(tk.maximum(dy, -1.0), 1.0)
        return tk.identity(x), grad

    x = tk.constant([1.0, 2.0])
    with tk.GradientTape() as tape:
        tape.watch(x)
        y = clipped_identity(x) * tk.constant([10.0, -0.5])
    np.testing.assert_allclose(tape.gradient(y, x).numpy(), [1.0, -0.5])
    np.testing.assert_allclose(clipped_identity(x).numpy(), [1.0, 2.0])


def test_numerically_stable_log1pexp():
    @tk.custom_gradient
    def log1pexp(x):
        e = tk.exp(x)

        def grad(upstream):
            return upstream * (1 - 1 / (1 + e))
        return tk.math.log(1 + e), grad

    x = tk.constant(100.0)
    with tk.GradientTape() as tape:
        tape.watch(x)
        y = log1pexp(x)
    assert tape.gradient(y, x).numpy() == 1.0


def test_none_gradient_for_an_input():
    @tk.custom_gradient
    def f(x, y):
        return x * y, lambda dy: (dy * y, None)

    x, y = tk.constant(2.0), tk.constant(3.0)
    with tk.GradientTape() as tape:
        tape.watch([x, y])
        z = f(x, y)
    gx, gy = tape.gradient(z, [x, y])
    assert gx.numpy() == 3.0 and gy is None


@pytest.mark.parametrize("returned, expected, got", [((1.0,), 2, 1), ((), 1, 0)])
def test_wrong_number_of_gradients_raises_value_error(returned, expected, got):
    n = expected

    @tk.custom_gradient
    def f(*xs):
        return tk.add_n(list(xs)), lambda dy: returned

    xs = [tk.constant(float(i)) for i in range(n)]
    with tk.GradientTape() as tape:
        tape.watch(xs)
        y = f(*xs)
    with pytest.raises(ValueError) as err:
        tape.gradient(y, xs)
    assert str(err.value).startswith(f"custom_gradient function expected to return {expected} "
                                     f"gradients, but returned {got} instead.")


def test_reading_a_variable_without_variables_keyword_raises_at_forward_time():
    w = tk.Variable(2.0, name="w")

    @tk.custom_gradient
    def f(x):
        return x * w, lambda dy: dy * w

    with pytest.raises(TypeError) as err:
        f(tk.constant(1.0))
    assert str(err.value).startswith(
        "@tk.custom_gradient grad_fn must accept keyword argument 'variables', since function uses "
        "variables: [<tk.Variable 'w:0' shape=() dtype=float32, numpy=2.0>]")


def test_variables_keyword_form():
    w = tk.Variable(2.0, name="w")
    got = {}

    @tk.custom_gradient
    def f(x):
        def grad(dy, variables=None):
            got["variables"] = variables
            return dy * w, [dy * x * 10.0]
        return x * w, grad

    x = tk.constant(3.0)
    with tk.GradientTape() as tape:
        tape.watch(x)
        y = f(x)
    gx, gw = tape.gradient(y, [x, w])
    assert isinstance(got["variables"], list) and got["variables"][0] is w
    assert gx.numpy() == 2.0 and gw.numpy() == 30.0


def test_variables_gradients_count_mismatch():
    w = tk.Variable(2.0)

    @tk.custom_gradient
    def f(x):
        return x * w, lambda dy, variables=None: (dy, [])

    x = tk.constant(3.0)
    with tk.GradientTape() as tape:
        tape.watch(x)
        y = f(x)
    with pytest.raises(ValueError, match="^Must return gradient for each variable"):
        tape.gradient(y, x)


def test_variable_passed_as_argument_is_an_input():
    w = tk.Variable(2.0)

    @tk.custom_gradient
    def f(v):
        return v * v, lambda dy: dy * 100.0

    with tk.GradientTape() as tape:
        y = f(w)
    assert tape.gradient(y, w).numpy() == 100.0


def test_grad_fn_ops_are_differentiated_for_second_order():
    @tk.custom_gradient
    def cube(x):
        return x * x * x, lambda dy: dy * 3.0 * x * x

    x = tk.constant(2.0)
    with tk.GradientTape() as outer:
        outer.watch(x)
        with tk.GradientTape() as inner:
            inner.watch(x)
            y = cube(x)
        g = inner.gradient(y, x)
    assert g.numpy() == 12.0
    assert outer.gradient(g, x).numpy() == 12.0  # d(3x^2)/dx = 6x


def test_multiple_outputs_get_one_upstream_each():
    @tk.custom_gradient
    def split(x):
        def grad(d1, d2):
            return d1 * 2.0 + d2 * 3.0
        return (x * 2.0, x * 3.0), grad

    x = tk.constant(1.0)
    with tk.GradientTape() as tape:
        tape.watch(x)
        a, b = split(x)
        y = a * 10.0 + b
    assert tape.gradient(y, x).numpy() == 23.0


def test_custom_gradient_matches_finite_differences():
    @tk.custom_gradient
    def softsign(x):
        def grad(dy):
            return dy / (1.0 + tk.abs(x)) ** 2
        return x / (1.0 + tk.abs(x)), grad

    for dtype in (np.float32, np.float64):
        tk.test.check_gradients(lambda x: tk.reduce_sum(softsign(x) * softsign(x)),
                                np.array([[0.3, -1.2, 2.0], [0.5, -0.1, 4.0]], dtype))


def test_outside_a_tape_just_runs_forward():
    @tk.custom_gradient
    def f(x):
        return x + 1.0, lambda dy: dy
    assert f(tk.constant(1.0)).numpy() == 2.0


# ---------- RegisterGradient / no_gradient ----------
def test_register_gradient_type_errors():
    with pytest.raises(TypeError, match="^op_type must be a string"):
        tk.RegisterGradient(123)
    with pytest.raises(TypeError, match="^op_type must be a string"):
        tk.no_gradient(5)


@pytest.mark.parametrize("name", ["Sub", "Mul"])
def test_registering_a_builtin_twice_raises_key_error(name):
    with pytest.raises(KeyError) as err:
        tk.RegisterGradient(name)(lambda op, grad: (grad, grad))
    assert f"Registering two gradient with name '{name}'!" in str(err.value)
    with pytest.raises(KeyError, match=f"Registering two gradient with name '{name}'"):
        tk.no_gradient(name)


def test_same_new_name_twice_and_no_gradient_then_register():
    name = unique("MyGrad")
    tk.RegisterGradient(name)(lambda op, grad: grad)
    with pytest.raises(KeyError):
        tk.RegisterGradient(name)(lambda op, grad: grad)
    other = unique("NoGrad")
    assert tk.no_gradient(other) is None
    with pytest.raises(KeyError):
        tk.RegisterGradient(other)(lambda op, grad: grad)


def test_register_gradient_returns_function_and_override_map_uses_it():
    name = unique("ClipSquareGrad")

    @tk.RegisterGradient(name)
    def _square_grad(op, grad):
        (x,) = op.inputs
        assert op.type == "Square" and op.outputs[0].shape == x.shape
        return grad * 100.0 * x

    assert callable(_square_grad)
    x = tk.constant([1.0, 2.0])
    with tk.GradientTape(persistent=True) as tape:
        tape.watch(x)
        with tk.gradient_override_map({"Square": name}):
            y = tk.square(x)
        plain = tk.square(x)
    np.testing.assert_allclose(tape.gradient(y, x).numpy(), [100.0, 200.0])
    np.testing.assert_allclose(tape.gradient(plain, x).numpy(), [2.0, 4.0])


def test_override_with_no_gradient_gives_none():
    name = unique("Stop")
    tk.no_gradient(name)
    x = tk.constant(3.0)
    with tk.GradientTape() as tape:
        tape.watch(x)
        with tk.gradient_override_map({"Square": name}):
            y = tk.square(x)
    assert tape.gradient(y, x) is None
