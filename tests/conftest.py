import numpy as np
import pytest

import tapekit as tk
from tapekit.registry import state


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
