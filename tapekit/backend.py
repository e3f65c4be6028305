"""The array backend: where tensor values live, how they move, and which functions compute on them.

Every tensor value is an array of one *array library*; each library serves one kind of device:

- ``numpy``: the CPU (``/job:localhost/replica:0/task:0/device:CPU:0``); always there.
- ``cupy``: NVIDIA GPUs (``.../device:GPU:0``, ``GPU:1``, ...); needs the ``gpu`` extra
  (``pip install "tapekit[gpu]"``, i.e. ``cupy-cuda12x``) and a CUDA device. CuPy is imported lazily,
  the first time tapekit looks for a GPU (the first tensor made, or ``tk.config.list_physical_devices``),
  never by ``import tapekit``.
- ``strict``: ``array_api_strict``, a test-only stand-in for the CPU (and, optionally, a fake GPU on
  its second device). It rejects everything outside the Array API standard, so code that passes on it
  also runs on CuPy. Tests select it with ``TAPEKIT_TEST_BACKEND=strict`` (see ``tests/conftest.py``).

Op forwards compute through the array's namespace, never ``numpy`` directly::

    from ..backend import ns
    def _forward(x, y):
        xp = ns(x)                 # numpy, cupy's Array API namespace, or array_api_strict
        return xp.multiply(x, y)   # Array API names: xp.concat, xp.permute_dims, xp.pow, ...

Where the standard has a gap, one helper per gap, written once per library: ``scatter_add``
(gather's gradient), ``scatter_update`` (``tensor_scatter_nd_update``), ``einsum``, ``errstate``,
``to_host``/``from_host`` (host transfer), ``synchronize`` (timing), ``astype``/``native_dtype`` (dtype
conversion).

Devices (``tk.device``, ``tk.config``) are in ``tapekit/_api/device.py``; this module keeps their state:
the device scope stack, soft placement and the placement log.
"""

from __future__ import annotations

import contextlib
import importlib.util
import sys
import threading
import warnings

import numpy as np

from ._base import dtypes
from ._base.i18n import N_, _

CPU_DEVICE = "/job:localhost/replica:0/task:0/device:CPU:0"
GPU_INSTALL_HINT = 'pip install "tapekit[gpu]"'


# ---------- array libraries (one class per library; each gap helper written once per library) ----------
class NumpyLib:
    """Host arrays. The base class: other libraries override what differs."""

    name = "numpy"
    kind = "CPU"

    def __init__(self):
        self.xp = np
        self.array_types = (np.ndarray, np.generic)

    def owns(self, value) -> bool:
        return isinstance(value, self.array_types)

    def from_host(self, arr: np.ndarray, index: int = 0):
        return arr

    def to_host(self, value) -> np.ndarray:
        return np.asarray(value)

    def device_index(self, value) -> int:
        return 0

    def to_device(self, value, index: int):
        """``value`` (an array of this library) on device ``index`` of this library."""
        return value

    def native_dtype(self, dtype):
        """The library's dtype object for a tapekit DType."""
        return dtype.numpy_dtype

    def astype(self, value, dtype):
        return value.astype(self.native_dtype(dtype))

    def scatter_add(self, out, index, updates):
        """``out[index] += updates`` with repeated indices accumulating; returns the result."""
        np.add.at(out, index, updates)
        return out

    def scatter_update(self, out, index, updates):
        """``out[index] = updates`` for integer index arrays (the standard only assigns through slices);
        may work in place, use the returned array."""
        out[index] = updates
        return out

    def einsum(self, equation, *arrays):
        return np.einsum(equation, *arrays)

    def errstate(self, **kwargs):
        return np.errstate(**kwargs)

    def synchronize(self, index: int = 0) -> None:
        """Wait until queued work on device ``index`` has finished (host work is synchronous)."""


class CupyLib(NumpyLib):
    """NVIDIA GPUs through CuPy (Array API namespace from ``array_api_compat.cupy`` when installed)."""

    name = "cupy"
    kind = "GPU"

    def __init__(self):
        import cupy

        self.cupy = cupy
        try:
            import array_api_compat.cupy as xp
        except ImportError:  # CuPy >= 13 covers most of the standard on its own namespace
            xp = cupy
        self.xp = xp
        self.array_types = (cupy.ndarray,)

    def from_host(self, arr, index=0):
        with self.cupy.cuda.Device(index):
            return self.cupy.asarray(arr)

    def to_host(self, value):
        return self.cupy.asnumpy(value)

    def device_index(self, value):
        return value.device.id

    def to_device(self, value, index):
        if value.device.id == index:
            return value
        with self.cupy.cuda.Device(index):
            return self.cupy.asarray(value)  # peer copy

    def scatter_add(self, out, index, updates):
        import cupyx

        cupyx.scatter_add(out, index, updates)
        return out

    def einsum(self, equation, *arrays):
        return self.cupy.einsum(equation, *arrays)

    def errstate(self, **kwargs):
        return contextlib.nullcontext()

    def synchronize(self, index=0):
        with self.cupy.cuda.Device(index):
            self.cupy.cuda.get_current_stream().synchronize()


class StrictLib(NumpyLib):
    """``array_api_strict``: the CPU on its default device, a fake GPU:0 on its ``device1``."""

    name = "strict"

    def __init__(self):
        import array_api_strict as xs

        self.xp = xs
        self.array_types = (type(xs.asarray(0)),)
        self._devices = (xs.Device("CPU_DEVICE"), xs.Device("device1"))
        self._dtypes = {}

    def from_host(self, arr, index=0):
        arr = np.asarray(arr)
        if arr.dtype == object or arr.dtype.kind in "SU":
            raise TypeError("the strict test backend has no string tensors")
        return self.xp.asarray(arr, device=self._devices[index])

    def to_host(self, value):
        return np.asarray(self.xp.asarray(value, device=self._devices[0]))

    def device_index(self, value):
        return self._devices.index(value.device)

    def to_device(self, value, index):
        return self.xp.asarray(value, device=self._devices[index])

    def native_dtype(self, dtype):
        return getattr(self.xp, dtype.name)

    def astype(self, value, dtype):
        return self.xp.astype(value, self.native_dtype(dtype))

    def scatter_add(self, out, index, updates):
        host = self.to_host(out).copy()  # the standard has no scatter: a host round trip, once here
        np.add.at(host, _host_index(self, index), self.to_host(updates))
        return self.from_host(host, self.device_index(out))

    def scatter_update(self, out, index, updates):
        host = self.to_host(out).copy()
        host[_host_index(self, index)] = self.to_host(updates)
        return self.from_host(host, self.device_index(out))

    def einsum(self, equation, *arrays):
        dev = self.device_index(arrays[0])
        return self.from_host(np.asarray(np.einsum(equation, *[self.to_host(a) for a in arrays])), dev)

    def errstate(self, **kwargs):
        return np.errstate(**kwargs)

    def dtype_name(self, value) -> str:
        found = self._dtypes.get(value.dtype)
        if found is None:
            found = self._dtypes[value.dtype] = np.dtype(str(value.dtype).rsplit(".", 1)[-1]).name
        return found


_STRICT: list = []


def strict_lib() -> StrictLib:
    """The one StrictLib (device identity is compared by library object)."""
    if not _STRICT:
        _STRICT.append(StrictLib())
    return _STRICT[0]


def _host_index(lib, index):
    if isinstance(index, tuple):
        return tuple(lib.to_host(i) if lib.owns(i) else i for i in index)
    return lib.to_host(index) if lib.owns(index) else index


# ---------- devices ----------
class Device:
    """A placed device: its kind (``CPU``/``GPU``), index, array library and TF name."""

    __slots__ = ("kind", "index", "lib", "lib_index", "name")

    def __init__(self, kind: str, index: int, lib: NumpyLib, lib_index: int | None = None):
        self.kind, self.index, self.lib = kind, index, lib
        self.lib_index = index if lib_index is None else lib_index  # the library's own device number
        self.name = f"/job:localhost/replica:0/task:0/device:{kind}:{index}"

    def __repr__(self):
        return f"Device({self.name!r}, {self.lib.name})"


class _Placement:
    """Process-wide placement state. ``active`` is the only flag ``registry.execute`` reads per op."""

    def __init__(self):
        self.cpu_lib: NumpyLib = NumpyLib()
        self.cpu = Device("CPU", 0, self.cpu_lib)
        self.gpus: list | None = None      # probed lazily
        self.gpu_absent_reason = ""
        self.fake_gpu = False              # tests: GPU:0 on array_api_strict's second device
        self.log = False                   # tk.debugging.set_log_device_placement
        self.active = False                # log or more than one device: execute places inputs
        self.warned: set = set()

    def refresh(self):
        self.active = self.log or bool(self.gpus)


class _Scopes(threading.local):
    def __init__(self):
        self.stack: list = []  # resolved Device or None (no constraint), innermost last


PLACEMENT = _Placement()
_scopes = _Scopes()


def _probe_gpus() -> list:
    """The GPU devices (imports CuPy once, when it is installed)."""
    if PLACEMENT.fake_gpu:
        return [Device("GPU", 0, PLACEMENT.cpu_lib, lib_index=1)]
    if importlib.util.find_spec("cupy") is None:
        PLACEMENT.gpu_absent_reason = N_("CuPy is not installed")
        return []
    try:
        lib = CupyLib()
        count = lib.cupy.cuda.runtime.getDeviceCount()
    except Exception as err:  # CuPy without a driver or device raises CUDA errors of several types
        PLACEMENT.gpu_absent_reason = f"CuPy found no usable CUDA device ({type(err).__name__}: {err})"
        return []
    if count == 0:
        PLACEMENT.gpu_absent_reason = N_("CuPy found no CUDA device")
    return [Device("GPU", i, lib) for i in range(count)]


def gpus() -> list:
    if PLACEMENT.gpus is None:
        PLACEMENT.gpus = _probe_gpus()
        PLACEMENT.refresh()
    return PLACEMENT.gpus


def devices() -> list:
    """All devices: the CPU first, then the GPUs."""
    return [PLACEMENT.cpu, *gpus()]


def default_device() -> Device:
    """Where ops run outside any ``tk.device`` scope: GPU:0 when there is one (as TF), else the CPU."""
    found = gpus()
    return found[0] if found else PLACEMENT.cpu


def current_device() -> Device:
    for dev in reversed(_scopes.stack):
        if dev is not None:
            return dev
    return default_device()


def resolve(kind: str | None, index: int | None, spec: str) -> Device | None:
    """The device for a parsed spec, with TF's soft placement: a missing GPU falls back to the CPU."""
    if kind is None:
        return None
    if kind == "CPU":
        return PLACEMENT.cpu
    found = gpus()
    index = 0 if index is None else index
    if index < len(found):
        return found[index]
    why = PLACEMENT.gpu_absent_reason if not found else _("there are only {count} GPU(s)").format(count=len(found))
    key = "no-gpu" if not found else spec
    if key not in PLACEMENT.warned:
        PLACEMENT.warned.add(key)
        message = _("tk.device({spec}): no GPU:{index} is available ({why}), so tapekit places the tensors and "
                    "ops on {device} instead (soft placement, as TensorFlow).").format(
                      spec=repr(spec), index=index, why=_(why) if why else why, device=CPU_DEVICE)
        if not found:
            message = _("{message} To compute on an NVIDIA GPU, install the gpu extra: {command}").format(
                message=message, command=GPU_INSTALL_HINT)
        warnings.warn(message, UserWarning, stacklevel=4)
    return PLACEMENT.cpu


@contextlib.contextmanager
def scope(dev: Device | None):
    _scopes.stack.append(dev)
    try:
        yield
    finally:
        _scopes.stack.pop()


def set_log(enabled: bool) -> None:
    PLACEMENT.log = bool(enabled)
    PLACEMENT.refresh()


# ---------- values ----------
def lib_of(value) -> NumpyLib:
    """The array library that owns ``value``."""
    found = _LIBS_BY_TYPE.get(type(value))
    if found is not None:
        return found
    for lib in _libs():
        if lib.owns(value):
            _LIBS_BY_TYPE[type(value)] = lib
            return lib
    top = type(value).__module__.split(".")[0]  # arrays of a library not placed on any device (tests)
    if top in ("array_api_strict", "cupy"):
        lib = strict_lib() if top == "array_api_strict" else CupyLib()
        if lib.owns(value):
            return lib
    raise TypeError(f"not an array of a tapekit backend: {type(value).__name__}")


def _libs():
    libs = [PLACEMENT.cpu_lib]
    if PLACEMENT.gpus:
        libs.append(PLACEMENT.gpus[0].lib)
    if PLACEMENT.cpu_lib is not _NUMPY:
        libs.append(_NUMPY)
    return libs


def device_obj(value) -> Device:
    lib = lib_of(value)
    if lib is _NUMPY or (lib is PLACEMENT.cpu_lib and not PLACEMENT.fake_gpu):
        return PLACEMENT.cpu
    index = lib.device_index(value)
    if lib.kind == "CPU":  # strict: its device 0 is the CPU, device 1 the fake GPU:0
        return PLACEMENT.cpu if index == 0 else gpus()[0]
    return gpus()[index]


def is_backend_array(value) -> bool:
    try:
        lib_of(value)
    except TypeError:
        return False
    return not isinstance(value, np.generic)


def from_host(arr, device: Device | None = None):
    """Place a host (NumPy) array on ``device``, by default the current device (scope or default)."""
    dev = device if device is not None else current_device()
    if dev.lib is _NUMPY:
        return arr
    return dev.lib.from_host(arr, dev.lib_index)


def to_host(value) -> np.ndarray:
    """The value as a NumPy array (copied from a GPU; host arrays are returned as they are)."""
    if type(value) is np.ndarray:
        return value
    return lib_of(value).to_host(value)


def to_device(value, dev: Device):
    """``value`` on ``dev``: returned as it is when already there, else copied (through the host
    between libraries)."""
    lib = lib_of(value)
    if lib is dev.lib:
        if lib is _NUMPY or (lib is PLACEMENT.cpu_lib and not PLACEMENT.fake_gpu):
            return value
        return lib.to_device(value, dev.lib_index)
    return dev.lib.from_host(lib.to_host(value), dev.lib_index)


def device_of(value) -> str:
    """TF's device string of an array: ``/job:localhost/replica:0/task:0/device:CPU:0``."""
    if type(value) is np.ndarray:
        return CPU_DEVICE
    return device_obj(value).name


def dtype_of(value):
    lib = lib_of(value)
    if isinstance(lib, StrictLib):
        return dtypes.as_dtype(lib.dtype_name(value))
    return dtypes.from_numpy(np.dtype(value.dtype))


def namespace(value):
    """The array namespace whose functions operate on ``value``."""
    return lib_of(value).xp


_NUMPY = PLACEMENT.cpu_lib
_LIBS_BY_TYPE: dict = {np.ndarray: _NUMPY}
_NAMESPACES = {np.ndarray: np}


def ns(value):
    """Fast namespace lookup for the forward functions of ops (cached per array type)."""
    found = _NAMESPACES.get(type(value))
    if found is not None:
        return found
    if isinstance(value, np.generic):
        _NAMESPACES[type(value)] = np
        return np
    found = _NAMESPACES[type(value)] = namespace(value)
    return found


# ---------- gap helpers (dispatch on the array's library) ----------
def scatter_add(out, index, updates):
    """``out[index] += updates`` with repeated indices accumulating (NumPy's ``add.at``); may work in
    place, use the returned array."""
    return lib_of(out).scatter_add(out, index, updates)


def scatter_update(out, index, updates):
    """``out[index] = updates`` with integer index arrays; may work in place, use the returned array."""
    return lib_of(out).scatter_update(out, index, updates)


def copy(value):
    """A copy of ``value`` on its device that shares no memory with it."""
    if type(value) is np.ndarray:
        return value.copy()
    return ns(value).asarray(value, copy=True)


def np_dtype(value) -> np.dtype:
    """The NumPy dtype matching an array's dtype (for host metadata: ``.kind``, ``finfo``)."""
    dt = value.dtype
    if isinstance(dt, np.dtype):
        return dt
    return dtype_of(value).numpy_dtype


def dtype_kind(value) -> str:
    """NumPy's kind letter of an array's dtype: ``f``, ``i``, ``u``, ``b``, ``c`` (``O`` for strings)."""
    return np_dtype(value).kind


def head(value, n: int):
    """The first ``n`` elements of ``value`` flattened, as a new array (``value`` itself when small)."""
    if value.size <= n:
        return value
    if type(value) is np.ndarray:
        ndim = value.ndim
        if ndim == 1:               # a slice and its copy: cheaper than .flat
            return value[:n].copy()
        if ndim == 2 and value.shape[1] >= n:   # the first row holds them: the same cheap path
            return value[0, :n].copy()
        return value.flat[:n]       # copies n elements in any layout (a reshape may copy all)
    xp = ns(value)
    return xp.asarray(xp.reshape(value, (-1,))[:n], copy=True)


def einsum(equation, *arrays):
    return lib_of(arrays[0]).einsum(equation, *arrays)


def errstate(like, **kwargs):
    """NumPy's ``errstate`` for host arrays (silences 0*inf and 1/0 warnings); no-op elsewhere."""
    return lib_of(like).errstate(**kwargs)


def astype(value, dtype):
    """``value`` converted to tapekit DType ``dtype`` in its own library."""
    return lib_of(value).astype(value, dtype)


def native_dtype(like, dtype):
    """The library dtype of ``dtype`` for arrays like ``like`` (``np.float32``, ``xs.float32``...)."""
    return lib_of(like).native_dtype(dtype)


def synchronize(value=None) -> None:
    """Block until the device holding ``value`` (default: every GPU) finished its queued work."""
    if value is not None:
        dev = device_obj(value)
        dev.lib.synchronize(dev.lib_index)
        return
    for dev in gpus():
        dev.lib.synchronize(dev.lib_index)


# ---------- placement at op execution (called by registry.execute when PLACEMENT.active) ----------
def place_inputs(op_type: str, inputs) -> list:
    """The inputs' arrays on the op's device (the scope's, else the default), logging if asked."""
    dev = current_device()
    arrays = [to_device(t._value, dev) for t in inputs]   # noqa: SLF001 - Tensor or Variable slot, as execute reads it
    if PLACEMENT.log:
        print(f"Executing op {op_type} in device {dev.name}", file=sys.stderr)
    return arrays


# ---------- test backends ----------
def use_test_backend(name: str = "numpy", fake_gpu: bool = False) -> None:
    """Tests only: make ``name`` ("numpy" or "strict") the CPU's library; ``fake_gpu`` adds a GPU:0
    on array_api_strict's second device (only with "strict"). New tensors go there; old ones stay."""
    if name == "numpy":
        lib = _NUMPY
    elif name == "strict":
        lib = strict_lib()
    elif name == "cupy":
        lib = _NUMPY  # CuPy is tested as the GPU device, the CPU stays NumPy
    else:
        raise ValueError(f"unknown test backend {name!r}: use numpy, strict or cupy")
    if fake_gpu and name != "strict":
        raise ValueError("fake_gpu needs the strict backend")
    PLACEMENT.cpu_lib = lib
    PLACEMENT.cpu = Device("CPU", 0, lib)
    PLACEMENT.fake_gpu = fake_gpu
    PLACEMENT.gpus = None
    PLACEMENT.warned.clear()
    _LIBS_BY_TYPE.clear()
    _LIBS_BY_TYPE[np.ndarray] = _NUMPY
    _NAMESPACES.clear()
    _NAMESPACES[np.ndarray] = np
    gpus()

