"""The checks grade TensorFlow's own answers: a student doing the course with ``import tensorflow as tf``
gets TF tensors, TF tapes and TF's own routes (``tf.autodiff.ForwardAccumulator``) through them.

Runs a script in TAPEKIT_TF_PYTHON (TensorFlow 2.21); skipped without it.
"""

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent.parent
TF_PYTHON = os.environ.get("TAPEKIT_TF_PYTHON")

SCRIPT = '''
import tensorflow as tf
from tapekit.exercises import lesson01, lesson02, lesson03, lesson07

def hvp_forward_over_reverse(f, x, v):
    with tf.autodiff.ForwardAccumulator(x, v) as acc:
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = f(x)
        g = tape.gradient(y, x)
    return acc.jvp(g)

def hvp_from_the_hessian(f, x, v):
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
        g = inner.gradient(y, x)
    return tf.linalg.matvec(outer.jacobian(g, x), v)

def numerical_by_accumulator(f, x, h=1e-5):
    slopes = []
    for i in range(x.shape[0]):
        with tf.autodiff.ForwardAccumulator(x, tf.one_hot(i, x.shape[0], dtype=x.dtype)) as acc:
            y = f(x)
        slopes.append(acc.jvp(y))
    return tf.stack(slopes)

def numerical(f, x, h=1e-5):
    n = x.shape[0]
    return tf.stack([(f(x + h * tf.one_hot(i, n, dtype=x.dtype)) - f(x - h * tf.one_hot(i, n, dtype=x.dtype)))
                     / (2 * h) for i in range(n)])

print("hvp forward", lesson07.check_hvp(hvp_forward_over_reverse).code)
print("hvp hessian", lesson07.check_hvp(hvp_from_the_hessian).code)
print("numerical accumulator", lesson03.check_numerical_grad(numerical_by_accumulator).code)
print("numerical", lesson03.check_numerical_grad(numerical).code)
print("clip", lesson01.check_clip_negatives(lambda r: tf.where(r < 0, tf.zeros_like(r), r)).code)
print("snapshot", lesson02.check_snapshot(lambda v: tf.identity(v)).code)
print("snapshot alias", lesson02.check_snapshot(lambda v: v).code)
'''


@pytest.mark.slow
@pytest.mark.skipif(not TF_PYTHON, reason="set TAPEKIT_TF_PYTHON to a Python with tensorflow")
def test_the_checks_grade_tensorflows_own_routes():
    run = subprocess.run([TF_PYTHON, "-c", SCRIPT], capture_output=True, text=True, timeout=300,
                         env={**os.environ, "PYTHONPATH": str(ROOT), "TF_CPP_MIN_LOG_LEVEL": "3"})
    assert run.returncode == 0, run.stderr[-3000:]
    verdicts = dict(line.rsplit(" ", 1) for line in run.stdout.strip().splitlines())
    assert verdicts == {"hvp forward": "correct", "hvp hessian": "hessian_built",
                        "numerical accumulator": "tape_used", "numerical": "correct", "clip": "correct",
                        "snapshot": "correct", "snapshot alias": "variable"}, (verdicts, sys.executable)
