"""Where things live. The bundled rulebook and grammars sit beside the package (editable
install / source checkout); the user's data (added rulebooks) and caches (the compiled index)
live in XDG folders, overridable with ``JUDGE_HOME`` (tests point it at a temp folder)."""

from __future__ import annotations

import os
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RULEBOOK = ROOT / "rulebook"
GRAMMAR = ROOT / "grammar"
SCENARIOS = ROOT / "scenarios"
TEMPLATES = Path(__file__).resolve().parent / "render" / "templates"


def home() -> Path:
    explicit = os.environ.get("JUDGE_HOME")
    if explicit:
        return Path(explicit)
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return Path(base) / "judge"


def user_rulebook() -> Path:
    """User-added rules documents (``judge rulebook add``): never inside the package."""
    return home() / "rulebook"


def cache_dir() -> Path:
    explicit = os.environ.get("JUDGE_HOME")
    if explicit:
        return Path(explicit) / "cache"
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "judge"
