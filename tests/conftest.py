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
