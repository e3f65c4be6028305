"""How long a player lives: as long as the user's code holds it, like any Python object.

ipywidgets keeps every widget in its registry (``Widget.widgets``) until ``close()``: a player
dropped without ``close()``, as each re-run of a cell drops the last one, would stay with its
whole state for the life of the kernel. So a player, and the Layout widget made for it, leave
that registry as soon as their comm is open, and the comm calls them through a weak reference.
When the last reference to a player goes:

- never displayed: it closes, as ``close()`` does; nothing of it stays;
- displayed: its comm stays open, so that the view on the page keeps playing (the browser holds
  all its state); what the view sends is dropped. Only the small comm object stays.

The cyclic garbage collector is paused while a player is built (:func:`gc_paused`, from
``_base/gc_pause.py``): a build makes some 100 small dicts and lists per op and frees few, and
each automatic collection would walk all of them again (a quarter of the build time).
"""

from __future__ import annotations

import re
import warnings
import weakref

import ipywidgets

from .._base.gc_pause import collector_paused


class WeaklyHeld:
    """Mixin for a widget: :meth:`release_registry` once its comm is open (see the module doc)."""

    def release_registry(self) -> None:
        """Leave ipywidgets' registry; the comm then calls this widget through a weak reference."""
        with warnings.catch_warnings():   # the registry's public name is deprecated, not gone
            warnings.simplefilter("ignore", DeprecationWarning)
            ipywidgets.Widget.widgets.pop(self.model_id, None)
        handle = weakref.WeakMethod(self._handle_msg)

        def on_msg(msg):
            method = handle()
            if method is not None:
                method(msg)

        self.comm.on_msg(on_msg)


class PlayerLayout(WeaklyHeld, ipywidgets.Layout):
    """The Layout widget a player makes for itself: freed with the player (see the module doc)."""

    def __del__(self):
        """Leave the comm to the player that owns this layout (``TapePlayer.__del__``)."""


class Superseded:
    """Players shown by a cell that is run again: IPython's output cache (``Out``, ``_``) keeps the
    value a cell shows last, so a re-run would not free the player it replaced. A player shown from
    the same cell (``cell_key``) in a later execution releases the ones before it (``release()``:
    its comm closes, its state is dropped). A loop that shows several players in one run keeps them all."""

    def __init__(self):
        self._shown: dict = {}      # cell_key -> [(execution count, weakref to the player)]

    def shown(self, player, site, count) -> None:
        if site is None or count is None:
            return
        kept = []
        for earlier, ref in self._shown.get(site, []):
            old = ref()
            if old is None or old is player:
                continue
            if earlier < count:
                old.release()
            else:
                kept.append((earlier, ref))
        self._shown[site] = kept + [(count, weakref.ref(player))]


superseded = Superseded()

_NUMBERED_CELL = re.compile(r"<ipython-input-\d+-(\w+)>")   # IPython's name for a cell's code: count, then hash


def cell_key(frame) -> tuple | None:
    """What names the cell that makes a player in all its runs: its id in the notebook (JupyterLab
    and Notebook 7 send it with each run, whatever was edited), else the code's file and line, with
    the execution count that IPython's terminal puts in a cell's file name left out."""
    cell_id = _running_cell_id()
    if cell_id:
        return ("cell", cell_id)
    if frame is None:
        return None
    return _NUMBERED_CELL.sub(r"<ipython-input-\1>", frame.f_code.co_filename), frame.f_lineno


def _running_cell_id() -> str | None:
    """The ``cellId`` of the execute request the kernel is running, or None (no kernel, or a front end
    that does not send it)."""
    try:
        from IPython import get_ipython
    except ImportError:
        return None
    kernel = getattr(get_ipython(), "kernel", None)
    try:
        parent = kernel.get_parent("shell") if kernel is not None else None
    except Exception:  # an older or stand-in kernel: fall back to the code's place
        return None
    metadata = parent.get("metadata") if isinstance(parent, dict) else None
    cell_id = metadata.get("cellId") if isinstance(metadata, dict) else None
    return cell_id if isinstance(cell_id, str) else None


gc_paused = collector_paused   # the player's name for it
