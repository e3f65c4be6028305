import logging
import os

import numpy as np
import pytest

import tapekit as tk
from tapekit import backend
from tapekit._core.record.registry import state

# TAPEKIT_TEST_BACKEND=strict runs the suite with tensors on array_api_strict (a strict Array API namespace:
# what passes there also runs on CuPy); =cupy runs it on the GPU (every test skips when there is none).
TEST_BACKEND = os.environ.get("TAPEKIT_TEST_BACKEND", "numpy")
backend.use_test_backend(TEST_BACKEND)


def pytest_configure(config):
    config.addinivalue_line("markers", "numpy_only(reason): inspects host NumPy specifics; skipped on other "
                                       "test backends")


def pytest_collection_modifyitems(config, items):
    if TEST_BACKEND == "cupy" and not backend.gpus():
        skip = pytest.mark.skip(reason=f"TAPEKIT_TEST_BACKEND=cupy needs a CUDA GPU: "
                                       f"{backend.PLACEMENT.gpu_absent_reason}")
        for item in items:
            item.add_marker(skip)
    elif TEST_BACKEND != "numpy":
        for item in items:
            mark = item.get_closest_marker("numpy_only")
            if mark is not None:
                reason = mark.args[0] if mark.args else mark.kwargs.get("reason", "NumPy specifics")
                item.add_marker(pytest.mark.skip(reason=f"numpy only: {reason}"))


@pytest.fixture(autouse=True)
def _no_tape_leaks():
    """Every test starts and must end with no tape on this thread's stack."""
    assert state.tapes == [], "a previous test left a tape recording"
    yield
    leaked = list(state.tapes)
    state.tapes.clear()
    assert not leaked, f"test left {len(leaked)} tape(s) recording"


@pytest.fixture
def rng():
    return np.random.default_rng(0)


@pytest.fixture
def tk_module():
    return tk


class _Collect(logging.Handler):
    def __init__(self):
        super().__init__()
        self.messages = []

    def emit(self, record):
        self.messages.append(record.getMessage())


@pytest.fixture
def warnings_log():
    """The messages tapekit logs (its "tapekit" logger, as TF's warnings) while the test runs."""
    handler = _Collect()
    logger = logging.getLogger("tapekit")
    logger.addHandler(handler)
    yield handler.messages
    logger.removeHandler(handler)


@pytest.fixture
def fresh_keras_names():
    """Keras's automatic names (dense, dense_1, ...) counted afresh, as in a new TF session."""
    tk.keras.backend.clear_session()
