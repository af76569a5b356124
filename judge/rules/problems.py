"""Installed user documents that are skipped because they are broken (a manifest that is not
valid TOML or lacks a field, a source file that is missing, not UTF-8 or not in its format, an
id declared twice). One broken document must not stop every command: the index is built
without it, and each command warns about it once, on standard error, with how to remove it.

The notices of the last index build are kept in the index (``meta`` row ``problems``), so a
command answered from a fresh index warns too. Light on purpose: the lookup path imports it.
"""

# On the lookup path: imports no .py module of the standard library, not even __future__
# (see judge/rules/lookup.py and tests/rules/test_fast_paths.py).

_SEP = "\x1e"

_notices: list[str] = []
_shown: set[str] = set()


def notice(path: str, message: str, doc_id: str | None) -> str:
    remove = f"`judge rulebook remove {doc_id}` removes it" if doc_id else \
        f"`judge rulebook remove` with its file name removes it"
    return f"warning: skipped a broken user document: {path}: {message} ({remove})"


def add(path: str, message: str, doc_id: str | None = None) -> None:
    text = notice(path, message, doc_id)
    if text not in _notices:
        _notices.append(text)


def clear() -> None:
    _notices.clear()


def current() -> list[str]:
    return list(_notices)


def encode() -> str:
    return _SEP.join(_notices)


def load(stored: str | None) -> None:
    """Adopt the notices stored in the index (replacing those of this process)."""
    _notices[:] = [n for n in (stored or "").split(_SEP) if n]


def take_notices() -> list[str]:
    """Notices not yet shown by this process (each is shown once)."""
    out = [n for n in _notices if n not in _shown]
    _shown.update(out)
    return out
