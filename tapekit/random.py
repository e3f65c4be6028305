"""``tk.random``: random tensors, the global seed and ``Generator``, drawing TF's numbers (CPU)."""

from types import SimpleNamespace

from ._base.i18n import N_, _, hint_line
from ._core.ops.random_generator import (Algorithm, Generator, create_rng_state, fold_in, get_global_generator,
                                   set_global_generator, split, stateless_binomial, stateless_categorical,
                                   stateless_normal, stateless_shuffle, stateless_truncated_normal,
                                   stateless_uniform)
from ._core.ops.random_gamma import gamma, poisson, stateless_gamma, stateless_poisson
from ._core.ops.random_ops import categorical, normal, set_seed, shuffle, truncated_normal, uniform


def _not_in_tapekit(tf_name: str, hint: str):
    """A stand-in for a TF function tapekit lacks: it raises NotImplementedError naming what to use."""
    def missing(*args, **kwargs):
        raise NotImplementedError(f"{tf_name} is not in tapekit." + hint_line(_(hint)))

    missing.__name__ = missing.__qualname__ = tf_name.rsplit(".", 1)[-1]
    return missing


_DISTRIBUTION_HINT = N_("tapekit draws TF's uniform, normal, truncated normal, integer, categorical, binomial, "
                        "gamma and Poisson numbers; build others from them, or run this part in TensorFlow.")
_SAMPLER_HINT = N_("candidate samplers are out of tapekit's scope; use tk.random.categorical for a draw "
                   "from class probabilities.")
stateless_parameterized_truncated_normal = _not_in_tapekit("tf.random.stateless_parameterized_truncated_normal",
                                                           _DISTRIBUTION_HINT)
all_candidate_sampler, fixed_unigram_candidate_sampler, learned_unigram_candidate_sampler, \
    log_uniform_candidate_sampler, uniform_candidate_sampler = (
        _not_in_tapekit(f"tf.random.{name}", _SAMPLER_HINT)
        for name in ("all_candidate_sampler", "fixed_unigram_candidate_sampler", "learned_unigram_candidate_sampler",
                     "log_uniform_candidate_sampler", "uniform_candidate_sampler"))

experimental = SimpleNamespace(
    Algorithm=Algorithm, Generator=Generator, create_rng_state=create_rng_state,
    get_global_generator=get_global_generator, set_global_generator=set_global_generator,
    stateless_fold_in=fold_in, stateless_split=split, stateless_shuffle=stateless_shuffle,
    index_shuffle=_not_in_tapekit("tf.random.experimental.index_shuffle", N_(
        "shuffle a whole range instead: tk.random.experimental.stateless_shuffle(tk.range(n), seed).")))

__all__ = ["Algorithm", "Generator", "all_candidate_sampler", "categorical", "create_rng_state", "experimental",
           "fixed_unigram_candidate_sampler", "fold_in", "gamma", "get_global_generator",
           "learned_unigram_candidate_sampler", "log_uniform_candidate_sampler", "normal", "poisson",
           "set_global_generator", "set_seed", "shuffle", "split", "stateless_binomial", "stateless_categorical",
           "stateless_gamma", "stateless_normal", "stateless_parameterized_truncated_normal", "stateless_poisson",
           "stateless_truncated_normal", "stateless_uniform", "truncated_normal", "uniform",
           "uniform_candidate_sampler"]
