"""Where things live. The bundled rulebook and grammars sit beside the package (editable
install / source checkout); the user's data (added rulebooks) and caches (the compiled index)
live in XDG folders, overridable with ``JUDGE_HOME`` (tests point it at a temp folder).

The ``*_str`` functions serve the lookup path, which avoids importing pathlib; the ``Path``
constants (ROOT, RULEBOOK, GRAMMAR, SCENARIOS, TEMPLATES) are made on first use.
"""

# On the lookup path: imports no .py module of the standard library, not even __future__
# (see judge/rules/lookup.py and tests/rules/test_fast_paths.py).

import os

ROOT_STR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RULEBOOK_STR = os.path.join(ROOT_STR, "rulebook")

_PATHS = {
    "ROOT": ROOT_STR,
    "RULEBOOK": RULEBOOK_STR,
    "GRAMMAR": os.path.join(ROOT_STR, "grammar"),
    "SCENARIOS": os.path.join(ROOT_STR, "scenarios"),
    "TEMPLATES": os.path.join(ROOT_STR, "judge", "render", "templates"),
}


def __getattr__(name: str):
    if name in _PATHS:
        from pathlib import Path
        value = Path(_PATHS[name])
        globals()[name] = value
        return value
    raise AttributeError(f"module 'judge.paths' has no attribute {name!r}")


def home_str() -> str:
    explicit = os.environ.get("JUDGE_HOME")
    if explicit:
        return explicit
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return os.path.join(base, "judge")


def user_rulebook_str() -> str:
    return os.path.join(home_str(), "rulebook")


def cache_dir_str() -> str:
    explicit = os.environ.get("JUDGE_HOME")
    if explicit:
        return os.path.join(explicit, "cache")
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "judge")


def home():
    from pathlib import Path
    return Path(home_str())


def user_rulebook():
    """User-added rules documents (``judge rulebook add``): never inside the package."""
    from pathlib import Path
    return Path(user_rulebook_str())


def cache_dir():
    from pathlib import Path
    return Path(cache_dir_str())
