"""tk.random.Generator: TF's state semantics (recorded from TF 2.21 in
tests/tf_cases/api/random_generator.py), reproducibility and state left unchanged by errors."""

import numpy as np
import pytest

import tapekit as tk

G = tk.random.Generator


def test_state_is_an_int64_variable_that_advances_256_per_value():
    g = G.from_seed(1)
    assert isinstance(g.state, tk.Variable) and g.state.name == "StateVar:0"
    assert g.state.dtype == tk.int64 and not g.state.trainable
    assert g.state.numpy().tolist() == [1, 0, 0]
    g.normal([2, 3])
    assert g.state.numpy().tolist() == [1 + 6 * 256, 0, 0]
    g.uniform([2], 0, 10, dtype=tk.int32)
    assert g.state.numpy().tolist() == [1 + 8 * 256, 0, 0]


def test_the_128_bit_counter_carries_into_its_high_word():
    # TF 2.21: [-1, 5, 7] + one draw -> [255, 6, 7]; [2**63 - 1, 5, 7] -> [-2**63 + 255, 5, 7]
    g = G.from_state([-1, 5, 7], alg="philox")
    g.normal([1])
    assert g.state.numpy().tolist() == [255, 6, 7]
    g = G.from_state([2 ** 63 - 1, 5, 7], alg="philox")
    g.normal([1])
    assert g.state.numpy().tolist() == [-(2 ** 63) + 255, 5, 7]


def test_equal_states_draw_equal_numbers():
    a, b = G.from_seed(7), G.from_seed(7)
    np.testing.assert_array_equal(a.normal([4]).numpy(), b.normal([4]).numpy())
    first = a.uniform([3]).numpy()
    a.reset_from_seed(7)
    a.normal([4])
    np.testing.assert_array_equal(a.uniform([3]).numpy(), first)
    assert not np.array_equal(G.from_seed(8).normal([4]).numpy(), G.from_seed(7).normal([4]).numpy())


def test_draws_have_the_requested_shapes_dtypes_and_ranges():
    g = G.from_seed(3)
    assert g.normal([2, 0]).shape == (2, 0)
    x = g.uniform([1000], minval=2.0, maxval=5.0, dtype=tk.float64).numpy()
    assert x.dtype == np.float64 and x.min() >= 2.0 and x.max() < 5.0
    i = g.uniform([1000], minval=-3, maxval=4, dtype=tk.int64).numpy()
    assert set(i.tolist()) == set(range(-3, 4))
    t = g.truncated_normal([1000], stddev=2.0).numpy()
    assert np.abs(t).max() <= 4.0
    assert g.uniform_full_int([3]).dtype == tk.uint64
    assert g.binomial([5], counts=4.0, probs=0.5).dtype == tk.int32


def test_split_gives_independent_generators_with_key_only_states():
    g = G.from_seed(1)
    children = g.split(3)
    assert [c.state.numpy()[:2].tolist() for c in children] == [[0, 0]] * 3
    assert len({int(c.state.numpy()[2]) for c in children}) == 3
    assert g.state.numpy().tolist() == [1 + 3 * 256, 0, 0]
    s = g.make_seeds(4)
    assert s.dtype == tk.int64 and s.shape == (2, 4)


def test_seeds_become_64_bit_words_as_in_tf():
    assert G.from_seed(2 ** 70).state.numpy().tolist() == [0, 64, 0]
    assert G.from_seed(-1).state.numpy().tolist() == [-1, -1, -1]
    assert G.from_seed(1, alg="threefry").state.numpy().tolist() == [1, 0]
    assert G.from_key_counter(3, [1, 2], "philox").state.numpy().tolist() == [1, 2, 3]
    assert tk.random.create_rng_state(5, "philox").numpy().tolist() == [5, 0, 0]


@pytest.mark.parametrize("bad", [
    lambda g: g.normal([2], dtype=tk.int32),
    lambda g: g.uniform([2], minval=0, dtype=tk.int32),
    lambda g: g.uniform([2], minval=5, maxval=5, dtype=tk.int32),
    lambda g: g.normal([-1]),
    lambda g: g.normal([2], foo=1),
])
def test_a_failed_draw_leaves_the_state_unchanged(bad):
    g = G.from_seed(1)
    before = g.state.numpy().tolist()
    with pytest.raises((TypeError, ValueError, tk.errors.InvalidArgumentError)):
        bad(g)
    assert g.state.numpy().tolist() == before


def test_bad_algorithm_and_string_seed():
    with pytest.raises(ValueError, match="unsupported value bad"):
        G.from_seed(1, alg="bad")
    with pytest.raises(tk.errors.UnimplementedError):
        G.from_seed("a")


def test_global_generator_can_be_replaced():
    mine = G.from_seed(9)
    tk.random.set_global_generator(mine)
    assert tk.random.get_global_generator() is mine


def test_stateless_ops_repeat_for_a_seed():
    a = tk.random.stateless_normal([3], seed=[1, 2]).numpy()
    np.testing.assert_array_equal(a, tk.random.stateless_normal([3], seed=[1, 2]).numpy())
    assert not np.array_equal(a, tk.random.stateless_normal([3], seed=[1, 3]).numpy())
