"""Headless Chromium for the browser tests (``test_browser.py``, ``test_serve_browser.py``):
Debian's browser, driven by Playwright's Python API, one fresh profile for each module.

Importing this module skips the importing test module, saying what is missing, when
Playwright or the browser is not there (``.ci/run`` installs both).
"""

from __future__ import annotations

import os
from typing import Any, Iterator

import pytest

CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]  # fmt: skip

sync_api = pytest.importorskip("playwright.sync_api", reason="Playwright is not installed: pip install -e '.[browser]'")
if not os.path.exists(CHROMIUM):
    pytest.skip(f"no Chromium at {CHROMIUM}: apt-get install chromium (.ci/run does)", allow_module_level=True)
expect = sync_api.expect


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """One browser for the test module, with a profile of its own (nothing left from a run before)."""
    profile = tmp_path_factory.mktemp("chromium-profile")
    with sync_api.sync_playwright() as playwright:
        context = playwright.chromium.launch_persistent_context(str(profile), executable_path=CHROMIUM, args=ARGS, headless=True)
        yield context
        context.close()
