"""Exercises for lesson 07 (higher-order gradients and Jacobians)."""

import numpy as np

import tapekit as tk

from .._base.i18n import _
from ._check import (
    Feedback,
    call_safely,
    correct,
    counting,
    crashed,
    exercise,
    forbidden,
    framework,
    hint,
    kind_of,
    none_gradient_error,
    same_values,
    shape_of,
    shape_text,
    student_constant,
    student_frameworks,
    values_of,
    wrong_shape,
)
from ._predict import prediction_values

JACOBIAN_POINT = [1.0, 2.0, 3.0]


def jacobian_target_in(fw):
    """The function of exercise 2, y = [x0 * x1, x1 + x2], written with ``fw`` (tapekit, or TF in a TF run)."""
    def jacobian_target(x):
        return fw.stack([x[0] * x[1], x[1] + x[2]])
    return jacobian_target


jacobian_target = jacobian_target_in(tk)


def _matrix(answer):
    """The answer as a float array, ``"none"`` when an entry is None, or None when it is not numbers."""
    if answer is None:
        return "none"
    if isinstance(answer, (list, tuple)):
        rows = [_matrix(item) for item in answer]
        if any(isinstance(row, str) for row in rows):
            return "none"
        if any(row is None for row in rows) or len({row.shape for row in rows}) > 1:
            return None
        return np.stack(rows) if rows else None
    values = values_of(answer)
    if values is None or values.dtype.kind not in "biuf":
        return None
    return values.astype(np.float64)


def _mixed_cases(fw=tk):
    """(f(x, y), x, y, [[f_xx, f_xy], [f_yx, f_yy]]) for the mixed-partials check, ``f`` written with ``fw``.

    In the second case f_y = x does not depend on y, so the tape gives None for f_yy: the answer must say 0.
    None of the cases is shown in the lesson.
    """
    return [
        (lambda x, y: x * x * y + y ** 3, 2.0, 1.0, [[2.0, 4.0], [4.0, 6.0]]),
        (lambda x, y: x * y + x ** 3, 1.5, -2.0, [[9.0, 1.0], [1.0, 0.0]]),
        (lambda x, y: fw.sin(x) * y * y, 0.5, 1.5,
         [[-2.25 * np.sin(0.5), 3.0 * np.cos(0.5)], [3.0 * np.cos(0.5), 2.0 * np.sin(0.5)]]),
    ]


@exercise
def check_mixed_partials(second_partials) -> Feedback:
    """Exercise 1: ``second_partials(f, x, y)`` returns [[f_xx, f_xy], [f_yx, f_yy]] at scalar Variables x, y."""
    if not callable(second_partials):
        return hint("not_callable", _("pass the function itself: check_mixed_partials(second_partials)."))
    fw = framework()
    for (f, x0, y0, expected), (reference_f, *_ignored) in zip(_mixed_cases(fw), _mixed_cases(tk)):
        expected = np.array(expected)
        first = None
        call = _("second_partials(f, x, y) at x={x}, y={y}").format(x=x0, y=y0)
        result, exc = call_safely(second_partials, f, fw.Variable(x0), fw.Variable(y0))
        if isinstance(exc, RuntimeError) and "non-persistent" in str(exc):
            return hint("persistent", _("a non-persistent tape gives one set of gradients only. To differentiate "
                                        "both first derivatives, make the outer tape persistent=True (and del it "
                                        "afterwards), or get both rows from one outer.jacobian call."))
        if none_gradient_error(exc):
            result, exc = None, None
        if exc is not None:
            return crashed(exc, call)
        matrix = _matrix(result)
        if isinstance(matrix, str):
            return hint("none", _("{call} returned None where a number should be. A second derivative is None when "
                                  "the outer tape did not record the first one (call inner.gradient inside the outer "
                                  "tape's with-block). If that is done, the derivative is really zero: the first "
                                  "derivative does not depend on that variable (for x * y + x ** 3, f_y = x). Ask "
                                  "the outer tape for zeros: "
                                  "unconnected_gradients=tk.UnconnectedGradients.ZERO.").format(
                                    call=call))
        if matrix is None:
            return hint("type", _("{call} returned {kind}; return a 2 x 2 nested list (or tensor) of numbers.").format(
                                    call=call, kind=kind_of(result)))
        if matrix.size == 1 and np.allclose(matrix.reshape(()), expected.sum(), rtol=1e-4):
            return hint("all_summed", _("that is one number, the sum of all four second derivatives: the tape adds "
                                        "up a list target. Ask for each second derivative on its own."))
        if matrix.shape == (2,):
            if np.allclose(matrix, expected.sum(axis=0), rtol=1e-4):
                return hint("summed", _("that is the list trap: outer.gradient([f_x, f_y], [x, y]) differentiates "
                                        "the sum f_x + f_y, so you got [f_xx + f_yx, f_xy + f_yy]. Differentiate f_x "
                                        "and f_y one at a time to get the two rows."))
            if np.allclose(matrix, np.diag(expected), rtol=1e-4):
                return hint("diagonal", _("those are f_xx and f_yy only. The matrix also holds the mixed partials "
                                          "f_xy (differentiate f_x with respect to y) and f_yx."))
            first = _first_derivatives(reference_f, x0, y0)
            if first is not None and np.allclose(matrix, first, rtol=1e-4):
                return hint("order1", _("those are the first derivatives [f_x, f_y]. Differentiate each of them once "
                                        "more, with an outer tape around the inner one."))
        if matrix.shape != (2, 2):
            return hint("shape", _("{call} has shape {shape}; the matrix of second derivatives of a function of two "
                                   "variables is 2 x 2: [[f_xx, f_xy], [f_yx, f_yy]].").format(
                                     call=call, shape=matrix.shape))
        if not matrix.any() and expected.any():
            return hint("all_zero", _("every second derivative came out 0: the outer tape recorded nothing that "
                                      "connects the first derivatives to x and y (UnconnectedGradients.ZERO turned "
                                      "each None into 0). Call inner.gradient inside the outer tape's with-block."))
        if not np.allclose(matrix, expected, rtol=1e-4, atol=1e-5):
            names = np.array([["f_xx", "f_xy"], ["f_yx", "f_yy"]])
            off = ", ".join(names[~np.isclose(matrix, expected, rtol=1e-4, atol=1e-5)])
            return hint("values", _("{call} gave {matrix}: {entries} not right. Row i holds the derivatives of the "
                                    "i-th first derivative.").format(
                                      call=call, matrix=np.round(matrix, 4).tolist(), entries=off))
    return correct(_("four second derivatives, two of them mixed and equal (f_xy = f_yx)."))


def _first_derivatives(f, x0, y0):
    """[f_x, f_y] at (x0, y0), for recognising an answer that stopped after one tape."""
    x, y = tk.Variable(x0), tk.Variable(y0)
    with tk.GradientTape() as tape:
        value = f(x, y)
    return np.array([float(g) for g in tape.gradient(value, [x, y])])


def _jacobian_cases():
    """(f, x, Jacobian at x) for ``check_jacobian``: the lesson's point, then held-back points and functions.

    Only the first is shown in the lesson; the others have other points, another number of outputs and
    inputs, so that no matrix copied from the notebook passes.
    """
    fw = framework()

    def three_outputs(x):
        return fw.stack([x[0] * x[2], fw.sin(x[1]), x[0] + x[1] * x[2]])

    def one_output(x):
        return fw.stack([x[0] * x[0] * x[1]])

    rng = np.random.default_rng()
    a, b, c = np.round(rng.uniform(-2.0, 2.0, 3), 2)
    p, q = np.round(rng.uniform(0.5, 2.0, 2), 2)
    return (
        (jacobian_target_in(fw), JACOBIAN_POINT, [[2.0, 1.0, 0.0], [0.0, 1.0, 1.0]]),
        (jacobian_target_in(fw), [a, b, c], [[b, a, 0.0], [0.0, 1.0, 1.0]]),
        (three_outputs, [a, b, c], [[c, 0.0, a], [0.0, np.cos(b), 0.0], [1.0, c, b]]),
        (one_output, [p, q], [[2 * p * q, p * p]]),
    )


def _jacobian_verdict(answer, expected: np.ndarray, point) -> Feedback | None:
    """None when ``answer`` is the Jacobian ``expected`` at ``point``, else the hint for the mistake."""
    if answer is None:
        return hint("none", _("the answer is None: watch x (it is a constant) before computing y on the tape."))
    shape = shape_of(answer)
    if shape == expected.shape[1:] and same_values(answer, expected.sum(axis=0)):
        return hint("summed", _("shape {shape}: tape.gradient sums over the elements of y. tape.jacobian keeps one "
                                "row per element of y.").format(shape=shape))
    if expected.shape[0] != expected.shape[1] and shape == expected.T.shape and same_values(answer, expected.T):
        return hint("transposed", _("the Jacobian is transposed: it has one row per element of the target y and one "
                                    "column per element of the source x, so shape {shape}.").format(
                                      shape=expected.shape))
    if shape != expected.shape:
        return wrong_shape(_("the Jacobian"), shape or (), expected.shape)
    if not same_values(answer, expected, rtol=1e-4):
        return hint("values", _("at x = {x} you returned {values_of}; row i holds dy_i/dx_j for each j.").format(
                                  x=[float(v) for v in point], values_of=np.round(values_of(answer), 4).tolist()))
    return None


_JACOBIAN_ANSWER = """def jacobian_at(f, x):
    with tk.GradientTape() as tape:
        tape.watch(x)
        y = f(x)
    return tape.jacobian(y, x)"""


@exercise(answer=lambda: _JACOBIAN_ANSWER)
def check_jacobian(jacobian_at) -> Feedback:
    """Exercise 2: ``jacobian_at(f, x)`` returns the Jacobian of ``f`` at ``x``, one row per output.

    Checked at the lesson's point and at held-back points and functions (3 x 3 and 1 x 2 Jacobians).
    """
    if not callable(jacobian_at):
        return hint("not_callable", _("pass the function itself: check_jacobian(jacobian_at)."))
    for f, point, expected in _jacobian_cases():
        answer, exc = call_safely(jacobian_at, f, student_constant(point))
        if exc is not None:
            return crashed(exc, _("jacobian_at(f, x)"))
        verdict = _jacobian_verdict(answer, np.array(expected, dtype=np.float64), point)
        if verdict is not None:
            return verdict
    return correct(_("one row per output, one column per input, for every function and point."))


HVP_POINTS = (([1.0, -2.0, 0.5], [1.0, 0.0, 2.0]),
              ([0.5, 1.5], [-1.0, 3.0]),
              ([0.3, -0.7, 1.1, 0.0, -1.4, 0.9], [2.0, -1.0, 0.5, 1.5, 0.0, -0.5]))  # held back: size 6
# a Hessian-vector product takes two gradient calls (one, forward over reverse); a Hessian of size 6, at least 6
MAX_GRADIENT_CALLS = 3


def _hvp_cases():
    """(f, x, v, gradient, Hessian) for f(x) = 0.5 * sum(x)**2 + sum(x**3): H = 1 + diag(6 x)."""
    fw = framework()

    def f(x):
        return 0.5 * fw.reduce_sum(x) ** 2 + fw.reduce_sum(x ** 3)

    cases = []
    for x, v in HVP_POINTS:
        x, v = np.array(x), np.array(v)
        grad = x.sum() + 3 * x ** 2
        hessian = np.ones((x.size, x.size)) + np.diag(6 * x)
        cases.append((f, x, v, grad, hessian))
    return cases


def _hessian_message() -> str:
    return _("your hvp built a Jacobian (the Hessian is the Jacobian of the gradient). The exercise asks for H @ v "
             "without building H: differentiate a number that contains v, once.")


def _hvp_at(hvp, f, x, v):
    """Call ``hvp`` with Jacobians refused and gradient calls counted: (result, verdict or None)."""
    tapes = [module.GradientTape for module in student_frameworks()]
    jacobians = [(tape, name) for tape in tapes for name in ("jacobian", "batch_jacobian")]
    with forbidden(jacobians, "hessian_built", _hessian_message()) as refused, \
            counting([(tape, "gradient") for tape in tapes]) as calls:
        result, exc = call_safely(hvp, f, student_constant(x), student_constant(v))
    if refused:
        return None, hint("hessian_built", _hessian_message())
    if calls.get("gradient", 0) > MAX_GRADIENT_CALLS:
        return None, hint("hessian_built", _("for x of size {size} your hvp asked a tape for {calls} gradients: it "
                                             "built the Hessian row by row. A Hessian-vector product needs two, "
                                             "whatever the size of x.").format(size=x.size, calls=calls["gradient"]),
                          _("two gradient calls are enough: the inner gradient g, taken while the outer tape "
                            "records, and one outer gradient of a single number made from g and v. Which number has "
                            "H @ v as its gradient? (Its j-th partial derivative is sum_i H_ij v_i.)"))
    if none_gradient_error(exc):
        result, exc = None, None
    if exc is not None:
        return None, crashed(exc, _("hvp(f, x, v)"))
    return result, None


@exercise(answer=lambda: _HVP_ANSWER)
def check_hvp(hvp) -> Feedback:
    """Exercise 3: ``hvp(f, x, v)`` returns the Hessian of ``f`` at ``x`` times ``v`` (a vector like ``x``).

    Checked at two points and a held-back one of size 6, with Jacobians refused and the tape's
    gradient calls counted, so that building the Hessian fails.
    """
    if not callable(hvp):
        return hint("not_callable", _("pass the function itself: check_hvp(hvp)."))
    for f, x, v, grad, hessian in _hvp_cases():
        result, verdict = _hvp_at(hvp, f, x, v)
        if verdict is not None:
            return verdict
        if result is None:
            return hint("none", _("a gradient came out None: watch x on both tapes and take the inner gradient "
                                  "inside the outer tape's with-block."))
        shape = shape_of(result)
        if shape == hessian.shape and same_values(result, hessian, rtol=1e-4):
            return hint("full_hessian", _("that is the whole Hessian matrix, shape {shape}; the exercise asks for "
                                          "H @ v, shape {shape2}, without building H.").format(
                                            shape=hessian.shape, shape2=x.shape),
                        _("H @ v is the gradient of one number made from the gradient g and v: its j-th partial "
                          "derivative is sum_i H_ij v_i. Which number is it? Differentiating it never builds H."))
        if same_values(result, grad, rtol=1e-4):
            return hint("gradient", _("that is the gradient of f; differentiate once more, the dot product of the "
                                      "gradient with v."))
        if same_values(result, np.diag(hessian) * v, rtol=1e-4):
            return hint("diagonal", _("you multiplied v by the Hessian's diagonal only: each entry of H @ v mixes all "
                                      "entries of v."),
                        _("you multiplied v by the Hessian's diagonal only: the outer tape must differentiate one "
                          "number that contains every g_i * v_i together, not each g_i on its own."))
        if shape != x.shape:
            return wrong_shape(_("the result"), shape or (), x.shape)
        if not same_values(result, hessian @ v, rtol=1e-4):
            return hint("values", _("at x = {x} you returned {values_of}, which is not H @ v.").format(
                                      x=x.tolist(), values_of=np.round(values_of(result), 4).tolist()))
    return correct(_("a Hessian-vector product without building the Hessian, also for a vector of size 6."))


_HVP_ANSWER = """def hvp(f, x, v):
    with tk.GradientTape() as outer:
        outer.watch(x)
        with tk.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
        g = inner.gradient(y, x)
    return outer.gradient(g, x, output_gradients=v)"""


# Exercise 4: predict the gradient of dy_dx = d(x⁴)/dx that reaches x in the outer tape's player
SECOND_AT = 1.5


def second_derivative_truth(x: float = SECOND_AT) -> float:
    """d²(x⁴)/dx² = 12x², by hand."""
    return 12.0 * x * x


@exercise(answer=lambda: _("predicted_second = {value:g}").format(value=second_derivative_truth()) + "\n"
          + _("dy_dx = 4x³ is the outer tape's target; its gradient at x is 12x² = 12 · 1.5² = 27."))
def check_second_derivative(prediction) -> Feedback:
    """Exercise 4: one number, or the player (``TapePlayer(outer, ..., ask=Ask.gradient(x))``) once answered there."""
    got, verdict = prediction_values(prediction, "gradient")
    if verdict is not None:
        return verdict
    if got.size != 1:
        return hint("shape", _("x is a scalar, so the gradient that reaches it is one number, not shape "
                               "{shape}.").format(shape=shape_text(got.shape)))
    x, got = SECOND_AT, float(got.reshape(()))
    if np.isclose(got, 4 * x ** 3):
        return hint("first", _("that is dy_dx itself, the first derivative. The outer tape differentiates dy_dx "
                               "once more."))
    if np.isclose(got, x ** 4):
        return hint("value", _("that is y, the value of the function. The player goes backward from dy_dx."))
    if np.isclose(got, 24 * x):
        return hint("third", _("one derivative too many: the outer tape differentiates dy_dx once, not twice."))
    if not np.isclose(got, second_derivative_truth()):
        return hint("values", _("not right. dy_dx = 4x³ (the inner tape's gradient); what is its derivative at x = "
                                "1.5?"), _("the outer tape differentiates dy_dx = 4x³ with respect to x: use the power "
                                           "rule, d(xⁿ)/dx = n·xⁿ⁻¹, then put in x = 1.5."))
    return correct(_("the outer tape recorded the inner backward pass, 4x³, and differentiated it: 12x² = 27."))
