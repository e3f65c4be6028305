"""``keras.mixed_precision``: plain dtype policies; mixed ones and a global policy other than float32 are out of scope.

``set_global_policy("float32")`` is accepted (code that restores the default runs); a mixed policy,
or a global one other than float32, raises ``NotImplementedError``: tapekit's layers compute in
their variables' dtype, given by ``dtype=``.
"""

from __future__ import annotations

from .._base import dtypes
from .._base.i18n import N_, _, hint_line
from .._base.unsupported import out_of_scope

_MIXED_HINT = N_("mixed precision (float16 or bfloat16 computation) is out of tapekit's scope, which computes in "
                 "float32: drop the policy, or run this part in TensorFlow.")

_GLOBAL_HINT = N_("tapekit has no global dtype policy: give each layer its dtype (Dense(..., dtype='float64')), "
                  "or cast the inputs.")


class DTypePolicy:
    """A layer's dtype policy: tapekit has the plain ones (``"float32"``, ``"float64"``, ...: compute and
    variables in that dtype); a mixed policy raises."""

    def __init__(self, name="float32"):
        if not isinstance(name, str):
            raise TypeError(f"'name' must be a string, such as 'mixed_float16'. Received: name={name} "
                            f"(of type {type(name)})")
        if name.startswith("mixed_"):
            raise NotImplementedError(f"keras.mixed_precision.DTypePolicy({name!r}) is not implemented in tapekit."
                                      + hint_line(_(_MIXED_HINT)))
        try:
            dtypes.as_dtype("float16" if name == "bfloat16" else name)   # bfloat16: a name Keras knows
        except TypeError:
            raise ValueError(f"Cannot convert '{name}' to a mixed precision DTypePolicy. Valid policies include "
                             "'mixed_float16', 'mixed_bfloat16', and the name of any float dtype such as "
                             "'float32'.") from None
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
    """Accepts ``"float32"`` (the default, already in force); any other policy raises (tapekit's layers
    take their dtype from ``dtype=``, not from a global policy)."""
    name = DTypePolicy(policy.name if isinstance(policy, DTypePolicy) else policy).name
    if name != "float32":
        raise NotImplementedError(f"keras.mixed_precision.set_global_policy({name!r}) is not implemented in "
                                  "tapekit." + hint_line(_(_GLOBAL_HINT)))


def global_policy() -> DTypePolicy:
    return DTypePolicy()


set_dtype_policy, dtype_policy = set_global_policy, global_policy
LossScaleOptimizer = out_of_scope("keras.mixed_precision.LossScaleOptimizer", _MIXED_HINT)
