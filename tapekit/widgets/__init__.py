"""Notebook widgets that animate a GradientTape: ``from tapekit.widgets import TapePlayer``.

The frame model (:func:`build_frames`) is pure Python; ipywidgets, anywidget and graphviz are
imported only when a player is built, so ``import tapekit`` stays NumPy-only.
"""

from .model import FrameModel, build_frames

__all__ = ["TapePlayer", "Ask", "FrameModel", "build_frames", "static_html"]


def __getattr__(name):
    if name == "TapePlayer":
        from .player import TapePlayer

        return TapePlayer
    if name == "Ask":
        from .ask import Ask

        return Ask
    if name == "static_html":
        from .static import static_html

        return static_html
    raise AttributeError(f"module 'tapekit.widgets' has no attribute {name!r}")
