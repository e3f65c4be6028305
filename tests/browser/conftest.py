"""Shared by the browser tests: one headless Chromium per test module (Playwright)."""

import pytest
from kernelfree import CHROMIUM, CHROMIUM_ARGS, need


@pytest.fixture(scope="module")
def browser():
    need()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()
