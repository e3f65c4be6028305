"""Smoke test of the benchmark script's logic on tiny sizes: correctness only, no timing assertions."""

import os
import sys

import numpy as np
import pytest
from helpers import numeric_gradient

BENCH = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), "benchmarks")
sys.path.insert(0, BENCH)

import _common  # noqa: E402
import run  # noqa: E402
import w_engines  # noqa: E402
import workloads as wl  # noqa: E402


@pytest.mark.parametrize("name", ["W1", "W2", "W3", "W4"])
def test_tapekit_agrees_with_the_numpy_baseline(name):
    arrays = wl.make_inputs(name, "tiny")
    ref = wl.numpy_step(name, arrays, "tiny")
    step, to_numpy = w_engines.build("tapekit", name, arrays, wl.n_ops(name, "tiny") if name in ("W1", "W3") else 0)
    loss, grads = to_numpy(step())
    assert _common.check_results(ref, (loss, grads)) == []
    assert all(g.dtype == np.float32 for g in grads)


def test_chain_baseline_gradient_matches_finite_differences():
    arrays = {k: v.astype(np.float64) for k, v in wl.make_inputs("W1", "tiny").items()}
    count = wl.n_ops("W1", "tiny")
    _, (grad,) = wl.numpy_chain(arrays, count)
    numeric = numeric_gradient(lambda x: wl.numpy_chain({**arrays, "x": x}, count)[0], arrays["x"])
    np.testing.assert_allclose(numeric, grad, rtol=1e-5)


def test_mlp_baseline_gradient_matches_finite_differences():
    arrays = {k: v.astype(np.float64) for k, v in wl.make_inputs("W2", "tiny").items()}
    _, grads = wl.numpy_mlp(arrays)
    for k, g in zip(wl.MLP_PARAMS, grads):
        idx = (0,) * arrays[k].ndim
        up, down = dict(arrays), dict(arrays)
        up[k], down[k] = arrays[k].copy(), arrays[k].copy()
        up[k][idx] += 1e-6
        down[k][idx] -= 1e-6
        numeric = (wl.numpy_mlp(up)[0] - wl.numpy_mlp(down)[0]) / 2e-6
        assert numeric == pytest.approx(g[idx], rel=1e-4, abs=1e-9)


def test_check_refuses_a_wrong_gradient():
    arrays = wl.make_inputs("W4", "tiny")
    loss, grads = wl.numpy_step("W4", arrays, "tiny")
    wrong = [grads[0], grads[1] * 1.01]
    problems = _common.check_results((loss, grads), (loss, wrong))
    assert len(problems) == 1 and problems[0].startswith("gradient 1")
    assert _common.check_results((loss, grads), (loss, [grads[0], None])) == ["gradient 1: None"]


def test_quick_run_of_w1_reports_tapekit_with_a_verdict(capsys):
    rows = run.main(["--quick", "--tiny", "--only", "W1", "--engines", "numpy,tapekit", "--keep-openblas-env"])
    by_engine = {r["engine"]: r for r in rows}
    assert set(by_engine) == {"numpy", "tapekit"}
    assert "refused" not in by_engine["tapekit"]
    assert by_engine["tapekit"]["ops"] == wl.n_ops("W1", "tiny")
    assert isinstance(by_engine["tapekit"]["met"], bool)
    out = capsys.readouterr().out
    assert "W1" in out and "tapekit" in out and "BLAS:" in out


def test_unknown_workload_is_rejected():
    with pytest.raises(SystemExit):
        run.parse_args(["--only", "W9"])


def test_w2_split_cached_sizes_run_tapekits_full_size_path(capsys):
    import w2_split

    arrays = wl.make_inputs("W2", "cached")
    # a row whose values all have at most 64 elements takes the small-op path (ARCHITECTURE.md):
    # here, as at full size, only b3's read (10 elements) does
    assert min(a.size for k, a in arrays.items() if k != "b3") > 64
    ref = wl.numpy_mlp(arrays)
    loss, grads = w2_split.tapekit_step_fn(arrays)()
    assert _common.check_results(ref, (loss.numpy(), [g.numpy() for g in grads])) == []
    w2_split.main(["--cached", "--steps", "2"])
    out = capsys.readouterr().out
    assert out.startswith("W2 cached, 2 steps") and "tapekit" in out and "rest" in out
