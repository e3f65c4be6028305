"""Small helpers shared by the op test modules."""

import tapekit as tk


def grads(f, *xs):
    """(value, [gradient per input]) of f at the given values, every input watched."""
    xs = [tk.constant(x) for x in xs]
    with tk.GradientTape(persistent=True) as tape:
        for x in xs:
            tape.watch(x)
        y = f(*xs)
    return y, [tape.gradient(y, x) for x in xs]


def second(f, x):
    """(first, second) derivative of f at x via nested tapes."""
    x = tk.constant(x)
    with tk.GradientTape() as outer:
        outer.watch(x)
        with tk.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
        d1 = inner.gradient(y, x)
    return d1, outer.gradient(d1, x)
