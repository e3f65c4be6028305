"""Where a variable can appear after a checkpoint was restored, and who wants to hear of it.

``tf.train.Checkpoint.restore`` keeps the values it found no variable for; a variable that appears
later at a saved path gets its value then (TF's deferred restoration). The places that make or
attach variables after construction (a Keras layer built by its first call, an optimizer's slots,
an attribute set on a ``tk.Module``) call ``variables_created()``; ``tapekit.train`` listens.
"""

from __future__ import annotations

_listeners: list = []


def on_variables_created(listener) -> None:
    """Call ``listener()`` (no arguments) each time variables may have appeared."""
    _listeners.append(listener)


def variables_created() -> None:
    """Tell the listeners that variables may have appeared (cheap when no restore waits)."""
    for listener in _listeners:
        listener()
