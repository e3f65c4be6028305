"""Fixtures of the message catalogue tests."""

import pytest

import tapekit as tk


@pytest.fixture(autouse=True)
def english_after():
    """Each test may switch tapekit's language: English again after it."""
    yield
    tk.config.set_language("en")
