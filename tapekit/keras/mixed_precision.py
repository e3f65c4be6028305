"""``keras.mixed_precision``: only the default policy, ``"float32"``; the others are out of tapekit's scope.

``set_global_policy("float32")`` is accepted (code that restores the default runs); a mixed or
float16 policy raises ``NotImplementedError``: tapekit's layers compute in their variables' dtype.
"""

from __future__ import annotations

from .._base.i18n import N_, _, hint_line
from .._base.unsupported import out_of_scope

_MIXED_HINT = N_("mixed precision (float16 or bfloat16 computation) is out of tapekit's scope, which computes in "
                 "float32: drop the policy, or run this part in TensorFlow.")


class DTypePolicy:
    """The dtype policy of a layer: tapekit has only ``"float32"`` (compute and variables in float32)."""

    def __init__(self, name="float32"):
        if name != "float32":
            raise NotImplementedError(f"keras.mixed_precision.DTypePolicy({name!r}) is not implemented in tapekit."
                                      + hint_line(_(_MIXED_HINT)))
        self.name = name

    @property
    def compute_dtype(self) -> str:
        return self.name

    @property
    def variable_dtype(self) -> str:
        return self.name

    def __eq__(self, other) -> bool:
        return isinstance(other, DTypePolicy) and other.name == self.name

    def __hash__(self) -> int:
        return hash(self.name)

    def __repr__(self) -> str:
        return f'<DTypePolicy "{self.name}">'


Policy = DTypePolicy


def set_global_policy(policy) -> None:
    """Accepts ``"float32"`` (the default, already in force); any other policy raises."""
    DTypePolicy(policy.name if isinstance(policy, DTypePolicy) else policy)


def global_policy() -> DTypePolicy:
    return DTypePolicy()


set_dtype_policy, dtype_policy = set_global_policy, global_policy
LossScaleOptimizer = out_of_scope("keras.mixed_precision.LossScaleOptimizer", _MIXED_HINT)
