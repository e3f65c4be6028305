"""``tk.train``: checkpoints (``Checkpoint``, ``CheckpointManager``, ``latest_checkpoint``, ...)."""

from .checkpoint import Checkpoint, CheckpointLoadStatus, latest_checkpoint, list_variables, load_variable
from .checkpoint_manager import CheckpointManager
from .reader import load_checkpoint

__all__ = ["Checkpoint", "CheckpointLoadStatus", "CheckpointManager", "latest_checkpoint", "list_variables",
           "load_checkpoint", "load_variable"]
