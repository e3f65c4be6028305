"""``tk.data.Options``: TF's dataset options, kept and merged but not acted on.

tapekit's datasets run eagerly in one thread, so threading, autotuning, optimization and
determinism settings change nothing; they are accepted, read back and merged as in TF, and
setting a field TF does not have raises TF's AttributeError.
"""

from __future__ import annotations

import enum


class AutoShardPolicy(enum.IntEnum):
    """How a distributed dataset is sharded (tapekit runs on one device: kept, not used)."""

    OFF = -1
    AUTO = 0
    FILE = 1
    DATA = 2
    HINT = 3


class _OptionsGroup:
    """A group of options: each field TF has, None (unset) by default."""

    _defaults: dict = {}

    def __init__(self):
        for name, value in self._defaults.items():
            object.__setattr__(self, name, value() if isinstance(value, type) else value)

    def __setattr__(self, name, value):
        if getattr(self, "_frozen", False):
            raise ValueError("Mutating `tf.data.Options()` returned by `tf.data.Dataset.options()` has no effect. "
                             "Use `tf.data.Dataset.with_options(options)` to set or update dataset options.")
        if name not in self._defaults:
            raise AttributeError(f"Cannot set the property {name} on {type(self).__name__}.")
        object.__setattr__(self, name, value)

    def frozen(self) -> _OptionsGroup:
        """A copy that refuses changes (what ``dataset.options()`` returns)."""
        copy = self.merge(type(self)())
        for name in self._defaults:
            if isinstance(getattr(copy, name), _OptionsGroup):
                object.__setattr__(copy, name, getattr(copy, name).frozen())
        object.__setattr__(copy, "_frozen", True)
        return copy

    def merge(self, other: _OptionsGroup) -> _OptionsGroup:
        """A copy of ``self`` with the fields ``other`` sets (TF: the later options win)."""
        merged = type(self)()
        for name in self._defaults:
            mine, theirs = getattr(self, name), getattr(other, name)
            if isinstance(mine, _OptionsGroup):
                object.__setattr__(merged, name, mine.merge(theirs))
            else:
                object.__setattr__(merged, name, mine if theirs is None or theirs == self._defaults[name]
                                   else theirs)
        return merged

    def __eq__(self, other) -> bool:
        return type(other) is type(self) and all(getattr(self, n) == getattr(other, n) for n in self._defaults)

    __hash__ = None


def _group(name: str, fields: dict) -> type:
    return type(name, (_OptionsGroup,), {"_defaults": fields, "__module__": __name__,
                                         "__doc__": f"TF's ``tf.data.experimental.{name}``."})


AutotuneOptions = _group("AutotuneOptions", dict.fromkeys(
    ("autotune_algorithm", "cpu_budget", "enabled", "initial_parallelism", "min_parallelism", "ram_budget")))
DistributeOptions = _group("DistributeOptions", {"auto_shard_policy": AutoShardPolicy.AUTO, "num_devices": None})
OptimizationOptions = _group("OptimizationOptions", dict.fromkeys(
    ("apply_default_optimizations", "filter_fusion", "filter_parallelization", "inject_prefetch",
     "map_and_batch_fusion", "map_and_filter_fusion", "map_fusion", "map_parallelization", "noop_elimination",
     "parallel_batch", "seq_interleave_prefetch", "shuffle_and_repeat_fusion")))
ThreadingOptions = _group("ThreadingOptions", dict.fromkeys(("max_intra_op_parallelism", "private_threadpool_size")))
ServiceOptions = _group("ServiceOptions", dict.fromkeys(("pinned",)))


class Options(_OptionsGroup):
    """``tk.data.Options()``: set fields, then ``dataset.with_options(options)``; ``dataset.options()`` reads them."""

    _defaults = {"autotune": AutotuneOptions, "dataset_name": None, "deterministic": None,
                 "experimental_distribute": DistributeOptions, "experimental_external_state_policy": None,
                 "experimental_optimization": OptimizationOptions, "experimental_service": ServiceOptions,
                 "experimental_slack": None, "experimental_symbolic_checkpoint": None, "experimental_warm_start": None,
                 "framework_type": None, "threading": ThreadingOptions}

    # TF's older names for two fields
    experimental_deterministic = property(lambda self: self.deterministic,
                                          lambda self, value: setattr(self, "deterministic", value))
    experimental_threading = property(lambda self: self.threading,
                                      lambda self, value: setattr(self, "threading", value))

    def __setattr__(self, name, value):
        if isinstance(getattr(type(self), name, None), property) and not getattr(self, "_frozen", False):
            object.__setattr__(self, name, value)
            return
        super().__setattr__(name, value)
