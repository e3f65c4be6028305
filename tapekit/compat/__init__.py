"""``tk.compat``: TF 1 code (``tf.compat.v1``: sessions, placeholders, graph mode) is not in tapekit.

tapekit is TF 2's eager API only. Importing ``tapekit.compat.v1``, or reading ``tk.compat.v1`` or
``tk.compat.v2``, raises an error naming what to write instead.
"""

from .._base.i18n import N_
from ..experimental import not_in_tapekit

V1_HINT = N_("tapekit runs TF 2 code eagerly: drop tf.compat.v1 sessions, placeholders and "
             "disable_eager_execution(), and call the ops directly (tk.constant, tk.GradientTape, tk.function).")
_NOT_IN_TAPEKIT = {
    "v1": ("tf.compat.v1", V1_HINT),
    "v2": ("tf.compat.v2", N_("tf.compat.v2 is TF 2's API, which is tk itself: write tk.constant, not "
                              "tk.compat.v2.constant.")),
}


def __getattr__(name: str):
    if name in _NOT_IN_TAPEKIT:
        raise AttributeError(not_in_tapekit(*_NOT_IN_TAPEKIT[name]))
    raise AttributeError(f"module 'tapekit.compat' has no attribute {name!r}")


__all__: list = []
