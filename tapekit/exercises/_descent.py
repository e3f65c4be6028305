"""The lines y = w * x + b that lesson 06's checks train, and plain gradient descent on them in float64."""

import numpy as np

from ._check import framework


class LoopCase:
    def __init__(self, x, y, start, learning_rate, steps):
        self.x, self.y, self.start = list(x), list(y), start
        self.learning_rate, self.steps = learning_rate, steps

    def descend(self, steps=None, learning_rate=None, reduce=np.mean, sign=1.0):
        """Plain gradient descent on this case, in float64: (w, b, losses before each update)."""
        x, y = np.array(self.x), np.array(self.y)
        w, b = self.start
        losses = []
        rate = self.learning_rate if learning_rate is None else learning_rate
        for _step in range(self.steps if steps is None else steps):
            error = w * x + b - y
            losses.append(float(reduce(error ** 2)))
            grad_w, grad_b = reduce(2.0 * error * x), reduce(2.0 * error)
            w, b = w - sign * rate * grad_w, b - sign * rate * grad_b
        return w, b, losses

    def mse_at(self, w, b) -> float:
        return float(np.mean((w * np.array(self.x) + b - np.array(self.y)) ** 2))


def line_model(start):
    """A fresh module ``y = w * x + b`` (scalar variables of the student's framework) for the check to train."""
    fw = framework()

    class CheckedLine(fw.Module):
        def __init__(self):
            super().__init__(name="line")
            self.w = fw.Variable(start[0], name="w")
            self.b = fw.Variable(start[1], name="b")

        def __call__(self, x):
            return self.w * x + self.b

    return CheckedLine()
