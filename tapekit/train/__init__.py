"""``tk.train``: checkpoints (``Checkpoint``, ``CheckpointManager``, ``latest_checkpoint``, ...).

``tf.train.Example`` and the other protocol buffers are not in tapekit: each raises, naming what to use.
"""

from .._base.unsupported import train_protos
from .checkpoint import Checkpoint, CheckpointLoadStatus, latest_checkpoint, list_variables, load_variable
from .checkpoint_manager import CheckpointManager
from .reader import load_checkpoint

globals().update(train_protos)   # Example, Features, Int64List, ...: clear "not in tapekit" errors

__all__ = ["Checkpoint", "CheckpointLoadStatus", "CheckpointManager", "latest_checkpoint", "list_variables",
           "load_checkpoint", "load_variable"]
