"""``tk.train.CheckpointManager``: numbered saves in one folder, keeping the last ``max_to_keep``."""

from __future__ import annotations

import os

from .checkpoint import checkpoint_paths, latest_checkpoint, write_state


class CheckpointManager:
    """``CheckpointManager(checkpoint, directory, max_to_keep)``: ``save()`` writes ``directory/ckpt-N``."""

    def __init__(self, checkpoint, directory, max_to_keep, keep_checkpoint_every_n_hours=None,
                 checkpoint_name="ckpt", step_counter=None, checkpoint_interval=None, init_fn=None):
        if max_to_keep is not None and max_to_keep <= 0:
            raise ValueError(f"Expected a positive integer or `None` for `max_to_keep`, got {max_to_keep}.")
        self._checkpoint = checkpoint
        self._directory = os.fspath(directory)
        self._max_to_keep = max_to_keep
        self._prefix = os.path.join(self._directory, checkpoint_name)
        self._init_fn = init_fn
        self._kept = [p for p in checkpoint_paths(self._directory) if os.path.exists(p + ".index")]

    @property
    def directory(self) -> str:
        return self._directory

    @property
    def checkpoint(self):
        return self._checkpoint

    @property
    def checkpoints(self) -> list:
        """The prefixes kept, oldest first."""
        return list(self._kept)

    @property
    def latest_checkpoint(self):
        """The newest kept prefix, or None."""
        return self._kept[-1] if self._kept else None

    def save(self, checkpoint_number=None, check_interval=True, options=None) -> str:
        """Save as ``ckpt-N`` (N: ``checkpoint_number``, else the checkpoint's save counter + 1)."""
        counter = self._checkpoint.save_counter
        if checkpoint_number is None:
            counter.assign_add(1)
            checkpoint_number = int(counter.numpy())
        else:
            counter.assign_add(1)
        prefix = f"{self._prefix}-{int(checkpoint_number)}"
        self._checkpoint.write(prefix)
        self._kept = [p for p in self._kept if p != prefix] + [prefix]
        self._sweep()
        os.makedirs(self._directory, exist_ok=True)
        write_state(self._directory, self._kept)
        return prefix

    def _sweep(self) -> None:
        """Delete the oldest checkpoints beyond ``max_to_keep``."""
        while self._max_to_keep is not None and len(self._kept) > self._max_to_keep:
            old = self._kept.pop(0)
            for suffix in (".index", ".npz"):
                if os.path.exists(old + suffix):
                    os.remove(old + suffix)

    def restore_or_initialize(self):
        """Restore the latest checkpoint and return its prefix; else run ``init_fn`` and return None."""
        latest = latest_checkpoint(self._directory)
        if latest is not None:
            self._checkpoint.restore(latest)
            return latest
        if self._init_fn is not None:
            self._init_fn()
        return None
