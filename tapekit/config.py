"""``tk.config``: which devices exist (``list_physical_devices``, ``list_logical_devices``).

Also the language of tapekit's own messages (tapekit-only): ``set_language("zh-CN")``, ``get_language()``.

See ``tapekit/_api/device.py`` for placement; a GPU appears here when the ``gpu`` extra (CuPy) is installed
and CUDA sees a device.
"""

from types import SimpleNamespace

from ._api.device import LogicalDevice, PhysicalDevice, get_visible_devices, list_logical_devices, list_physical_devices
from ._api.function import functions_run_eagerly, run_functions_eagerly
from ._base.i18n import get_language, set_language
from ._base.unsupported import virtual_device_functions as _virtual_device_functions

experimental = SimpleNamespace(**_virtual_device_functions)   # not in tapekit: each raises NotImplementedError

__all__ = ["LogicalDevice", "PhysicalDevice", "experimental", "functions_run_eagerly", "get_language",
           "get_visible_devices", "list_logical_devices", "list_physical_devices", "run_functions_eagerly",
           "set_language"]
