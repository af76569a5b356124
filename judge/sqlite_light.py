"""SQLite for the lookup path, loaded without the standard library's Python modules.

``import sqlite3`` runs ``sqlite3/__init__.py`` and ``dbapi2.py`` (which import datetime,
collections.abc and time), and the C module ``_sqlite3`` imports :mod:`functools` when it
initialises, for ``lru_cache`` (its statement cache); functools pulls in collections, keyword,
operator and reprlib. With the standard library's bytecode cached that costs about a tenth of an
interpreter start; on a Python whose standard library has no bytecode cache (not written, or not
writable) every one of those modules is compiled again at each start: about twice the start
itself, for a lookup that needs only ``connect``, ``Row`` and ``Error``.

:func:`module` therefore loads the C module alone. While it initialises, ``functools`` is a
stand-in whose ``lru_cache`` builds the very same C cache that ``functools.lru_cache`` builds
(``_functools._lru_cache_wrapper``, a builtin); the stand-in is removed at once, so a later
``import functools`` gets the real module. When functools is loaded already, or the stand-in is
not enough for this Python's ``_sqlite3``, or anything else fails, the standard ``sqlite3``
package is imported instead: never a different behaviour, at worst the ordinary cost.
"""

import sys

_loaded = None


class _FunctoolsStandIn:
    """Just what ``_sqlite3`` takes from functools: ``lru_cache(maxsize)(function)``."""

    @staticmethod
    def lru_cache(maxsize=128, typed=False):
        import _functools
        if isinstance(maxsize, int) and maxsize < 0:
            maxsize = 0

        def decorating(function):
            return _functools._lru_cache_wrapper(function, maxsize, typed, _cache_info)
        return decorating


def _cache_info(hits, misses, maxsize, currsize):
    return (hits, misses, maxsize, currsize)


def module():
    """A module with SQLite's ``connect``, ``Row`` and ``Error`` (``_sqlite3``, or ``sqlite3``)."""
    global _loaded
    if _loaded is not None:
        return _loaded
    found = sys.modules.get("sqlite3") or sys.modules.get("_sqlite3")
    if found is None and "functools" in sys.modules:
        import _sqlite3 as found                 # cheap now: what it needs is loaded
    if found is None:
        stand_in = _FunctoolsStandIn()
        sys.modules["functools"] = stand_in
        try:
            import _sqlite3 as found
        except Exception:                        # another Python's _sqlite3 wants more
            found = None
        finally:
            if sys.modules.get("functools") is stand_in:
                del sys.modules["functools"]
    if found is None or not all(hasattr(found, n) for n in ("connect", "Row", "Error")):
        import sqlite3 as found
    _loaded = found
    return found
