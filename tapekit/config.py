"""``tk.config``: which devices exist (``list_physical_devices``, ``list_logical_devices``).

See ``tapekit/device.py`` for placement; a GPU appears here when the ``gpu`` extra (CuPy) is installed
and CUDA sees a device.
"""

from .function import functions_run_eagerly, run_functions_eagerly
from .device import LogicalDevice, PhysicalDevice, get_visible_devices, list_logical_devices, list_physical_devices

__all__ = ["LogicalDevice", "PhysicalDevice", "functions_run_eagerly", "get_visible_devices",
           "list_logical_devices", "list_physical_devices", "run_functions_eagerly"]
