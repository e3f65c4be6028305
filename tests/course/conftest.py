"""Fixtures of the lessons' checks."""

import pytest

from tapekit.exercises._check import forget_misses


@pytest.fixture(autouse=True)
def first_miss():
    """Each test starts at the first tier of every hint."""
    forget_misses()
    yield
    forget_misses()
