"""``tk.experimental.ExtensionType`` and its kin: out of tapekit's scope.

A class statement ``class MaskedTensor(tk.experimental.ExtensionType)`` raises
``NotImplementedError`` naming what to use instead (docs/DIFFERENCES.md), as does making one.
"""

from __future__ import annotations

from .._base.i18n import N_, _, hint_line
from .._base.unsupported import out_of_scope

_HINT = N_("extension types (user-defined composite tensors) are out of tapekit's scope: hold the tensors in a "
           "Python class (a dataclass, or a tk.Module), and pass its fields to the ops one by one.")


def _not_in_tapekit(name: str) -> NotImplementedError:
    return NotImplementedError(f"tf.experimental.{name} is not implemented in tapekit." + hint_line(_(_HINT)))


def _refusing_base(name: str) -> type:
    """A class that raises when subclassed or made, so that ``class X(tk.experimental.<name>)`` fails clearly."""
    def init_subclass(cls, **kwargs):
        raise _not_in_tapekit(name)

    def new(cls, *args, **kwargs):
        raise _not_in_tapekit(name)

    return type(name, (), {"__init_subclass__": classmethod(init_subclass), "__new__": new, "__module__": __name__,
                           "__doc__": f"Not in tapekit: subclassing or making ``tf.experimental.{name}`` raises "
                                      "NotImplementedError."})


ExtensionType = _refusing_base("ExtensionType")
BatchableExtensionType = _refusing_base("BatchableExtensionType")


def _stand_in(name: str):
    return out_of_scope(f"tf.experimental.{name}", _HINT)


# what tapekit/__init__.py puts in tk.experimental
STAND_INS = {"ExtensionType": ExtensionType, "BatchableExtensionType": BatchableExtensionType,
             **{name: _stand_in(name) for name in ("ExtensionTypeSpec", "ExtensionTypeBatchEncoder", "dispatch_for_api",
                                                  "dispatch_for_unary_elementwise_apis",
                                                  "dispatch_for_binary_elementwise_apis", "unregister_dispatch_for")}}
