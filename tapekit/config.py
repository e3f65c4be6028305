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



def enable_op_determinism() -> None:
    """Nothing to do: tapekit's ops give the same results on every run (TF's switch for its GPU kernels)."""


def set_memory_growth(device, enable) -> None:
    """TF's switch for growing a GPU's memory as needed; CuPy's memory pool always grows, so nothing to do."""
    if getattr(device, "device_type", None) != "GPU":
        raise ValueError("Cannot set memory growth on non-GPU and non-Pluggable devices")


# the virtual device configuration is not in tapekit: each of those raises NotImplementedError
experimental = SimpleNamespace(**_virtual_device_functions, enable_op_determinism=enable_op_determinism,
                               set_memory_growth=set_memory_growth, list_physical_devices=list_physical_devices,
                               list_logical_devices=list_logical_devices)

__all__ = ["LogicalDevice", "PhysicalDevice", "experimental", "functions_run_eagerly", "get_language",
           "get_visible_devices", "list_logical_devices", "list_physical_devices", "run_functions_eagerly",
           "set_language"]
