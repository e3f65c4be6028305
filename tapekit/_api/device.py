"""Device placement like TensorFlow: ``tk.device``, ``tk.config.list_physical_devices`` and friends.

    >>> tk.config.list_physical_devices()
    [PhysicalDevice(name='/physical_device:CPU:0', device_type='CPU')]
    >>> with tk.device("GPU:0"):          # "/GPU:0", "/device:GPU:0", "gpu:0", "GPU" work too
    ...     x = tk.constant([1.0, 2.0])   # on the GPU when there is one (CuPy), else on the CPU
    >>> x.device
    '/job:localhost/replica:0/task:0/device:CPU:0'

- Outside any ``tk.device`` scope, tensors and ops go to ``GPU:0`` when a GPU exists (as TF), else the CPU.
- **Soft placement**: asking for a GPU that is absent places on the CPU; the first time, one ``UserWarning``
  says why (CuPy not installed, or no CUDA device) and how to get one: ``pip install "tapekit[gpu]"``.
- An op whose inputs sit on other devices copies them to the op's device (the scope's, else the default);
  ``tensor.numpy()`` always returns a host NumPy array.
- ``tk.debugging.set_log_device_placement(True)`` prints ``Executing op Mul in device /job:...`` for each op.
"""

from __future__ import annotations

import collections
import re

from .. import backend

PhysicalDevice = collections.namedtuple("PhysicalDevice", ["name", "device_type"])
LogicalDevice = collections.namedtuple("LogicalDevice", ["name", "device_type"])

_PART = re.compile(r"^(job|replica|task|device):(.*)$")
_TYPED = re.compile(r"^(cpu|gpu)(?::(\d+|\*))?$", re.IGNORECASE)


def parse_device(spec: str):
    """``(kind, index)`` of a TF device string; ``(None, None)`` for no constraint. ValueError as TF."""
    kind = index = None
    for part in (p for p in spec.split("/") if p):
        typed = _TYPED.match(part)
        if typed is None:
            m = _PART.match(part)
            if m is None:
                raise ValueError(f"Unknown attribute '{part.split(':')[0]}' is encountered while parsing "
                                 f"the device spec: '{spec}'.")
            if m.group(1) != "device":
                continue
            typed = _TYPED.match(m.group(2))
            if typed is None:
                raise ValueError(f"Unknown attribute '{m.group(2).split(':')[0]}' is encountered while "
                                 f"parsing the device spec: '{spec}'.")
        kind = typed.group(1).upper()
        index = int(typed.group(2)) if typed.group(2) not in (None, "*") else None
    return kind, index


def device(device_name):
    """Context manager placing the tensors and ops created inside on ``device_name`` (like ``tf.device``).

    ``device_name`` is a TF device string ("GPU:0", "/CPU:0", "/job:localhost/replica:0/task:0/device:GPU:1")
    or None/"" (no constraint). A GPU that is absent falls back to the CPU with one warning.
    """
    if device_name is None:
        return backend.scope(None)
    if not isinstance(device_name, str):
        device_name = getattr(device_name, "name", device_name)
    if not isinstance(device_name, str):
        raise ValueError(f"Expecting a string device name, got {device_name!r}.")
    kind, index = parse_device(device_name)
    return backend.scope(backend.resolve(kind, index, device_name))


def _matching(device_type, make, prefix):
    wanted = device_type  # case-sensitive, as TF ("cpu" lists nothing)
    return [make(f"{prefix}{d.kind}:{d.index}", d.kind) for d in backend.devices()
            if wanted is None or d.kind == wanted]


def list_physical_devices(device_type=None):
    """The devices tapekit can compute on: the CPU, then each CUDA GPU CuPy sees."""
    return _matching(device_type, PhysicalDevice, "/physical_device:")


def list_logical_devices(device_type=None):
    """Like ``list_physical_devices`` with TF's logical names (``/device:CPU:0``)."""
    return _matching(device_type, LogicalDevice, "/device:")


def get_visible_devices(device_type=None):
    return list_physical_devices(device_type)
