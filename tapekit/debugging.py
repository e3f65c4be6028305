"""``tk.debugging``: the device placement log, and ``check_numerics``.

``tk.debugging.set_log_device_placement(True)`` prints one line per op executed, as TF does::

    Executing op Mul in device /job:localhost/replica:0/task:0/device:CPU:0
"""

from . import backend


def set_log_device_placement(enabled):
    """Print the device of every op executed from now on (to stderr), or stop (False)."""
    backend.set_log(enabled)


def get_log_device_placement():
    return backend.PLACEMENT.log


from .ops.checks import check_numerics  # noqa: E402,F401  (tk.debugging.check_numerics)
