"""Shared by the browser tests: one headless Chromium per test module (Playwright), and one
JupyterLab server for the whole session (the modules that run a notebook in it write their
notebook into its root and open it in a workspace of their own)."""

import pytest
from kernelfree import CHROMIUM, CHROMIUM_ARGS, jupyter_server, need


@pytest.fixture(scope="module")
def browser():
    need()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture(scope="session")
def lab_server(tmp_path_factory):
    """JupyterLab on 127.0.0.1 (token ``kernelfree.TOKEN``): ``(base URL, root dir)``."""
    need("jupyterlab")
    root = tmp_path_factory.mktemp("lab")
    with jupyter_server("jupyterlab", root) as base:
        yield base, root
