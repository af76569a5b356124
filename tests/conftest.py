"""Shared test set-up: every test session gets its own JUDGE_HOME (user rulebook + index cache),
so tests never touch the user's data and the index is built once per session."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
SHARED = REPO.parent / "shared"

# Idempotent: test modules may also import this file as ``tests.conftest``.
_home = os.environ.get("JUDGE_TEST_HOME") or tempfile.mkdtemp(prefix="judge-test-home-")
os.environ["JUDGE_TEST_HOME"] = _home
os.environ["JUDGE_HOME"] = _home


@pytest.fixture(scope="session")
def judge_home() -> Path:
    return Path(_home)


def shared_path(*parts: str) -> Path:
    """A path under ../shared; the test skips with a clear reason when it is absent."""
    path = SHARED.joinpath(*parts)
    if not path.exists():
        pytest.skip(f"needs {path} (../shared is not beside this checkout)")
    return path


@pytest.fixture(scope="session")
def graph():
    """The rule graph of all installed documents."""
    from judge.rules.index import load_graph
    return load_graph()


CHROMIUM_ARGS = ["--no-sandbox", "--disable-background-networking", "--disable-gpu",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]


@pytest.fixture(scope="module")
def browser():
    """Debian's chromium, headless, driven by playwright (one per test module); skips with the
    reason when either is missing (``.ci/run`` installs chromium)."""
    import shutil
    chromium = shutil.which("chromium")
    if chromium is None:
        pytest.skip("needs Debian's chromium (apt-get install chromium; .ci/run installs it)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.skip("needs the playwright package (pip install -e '.[test]')")
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
        yield b
        b.close()


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    """The corpus figures of each game that ran (``REPORT`` of a ``*_corpus`` test module:
    nothing dropped in silence, tests/conformance/silent_drops.py)."""
    import sys
    for name, module in sorted(sys.modules.items()):
        report = getattr(module, "REPORT", None) if name.endswith("_corpus") else None
        if isinstance(report, dict):
            for label, summary in sorted(report.items()):
                terminalreporter.write_line(f"{label}: {summary}")
