"""A bytecode cache for the methods that :mod:`dataclasses` writes.

For each dataclass, the standard library writes the source of its methods (``__init__``,
``__repr__``, ``__eq__``, ``__hash__``, a frozen class's ``__setattr__`` ...) and compiles it
when the class is defined, that is at every import of its module: Python's bytecode cache does
not cover this code. A ``judge check`` loads some 185 dataclasses (about 950 such functions):
compiling them is about 70 ms, a third of a warm check of the bundled scenarios.

:func:`enable` gives the dataclasses module an ``exec`` of its own (a module global, found
before the built-in one) that compiles each source text once and keeps the code object in the
user cache, keyed by a digest of the text; then it runs the built-in ``exec`` on that code. The
same text compiled by the same compiler (no future flags inherited, as ``exec`` of a string in
the dataclasses module has none) gives the same functions; the cache file is per Python version
(``sys.implementation.cache_tag``) and a stale or unreadable one is ignored. :func:`save`
writes what was compiled anew, from the process that enabled it only (not a forked worker).

What this relies on - dataclasses calls the name ``exec``, looked up in its module globals, on
source text it compiles with no ``__future__`` flags - is an implementation detail of the
standard library (true of CPython 3.10 to 3.13). tests/test_dataclass_code.py checks both halves
on the running Python: that the hook is called, and that the methods it gives are the ones
Python compiles, member for member (code, constants, names, flags, file, line, qualified name,
defaults). Where dataclasses stops calling ``exec`` on text the hook is simply never called
(source that is not text is passed through); the tests then fail so that it is reviewed.
Saves about 50 ms of a warm ``judge check`` of the bundled scenarios (~1 s).
"""

import builtins
import marshal
import os
import sys

MAX_ENTRIES = 20000     # beyond this many, the file starts again (sources that changed pile up)

_cache: dict | None = None
_fresh = False          # compiled something not in the file
_owner = 0              # the process that enabled the cache (the one that may write it)
_digest = None          # blake2b, found on first use


def _path() -> str:
    from judge import paths
    return os.path.join(paths.cache_dir_str(), "dataclass-code",
                        f"{sys.implementation.cache_tag}-O{sys.flags.optimize}.marshal")


def enable() -> None:
    """Compile dataclass methods through the cache from now on (no-op if already on, or if the
    dataclasses module has an ``exec`` of its own already)."""
    global _cache, _owner
    import dataclasses
    if _cache is not None or "exec" in vars(dataclasses):
        return
    try:
        with open(_path(), "rb") as fh:
            # from bytes: marshal.load reading a file object calls its readinto once per
            # string and code object (about 5x slower for this file)
            loaded = marshal.loads(fh.read())
    except (OSError, ValueError, EOFError, TypeError):
        loaded = None
    _cache = loaded if isinstance(loaded, dict) else {}
    _owner = os.getpid()
    dataclasses.exec = _exec


def disable() -> None:
    """Back to the built-in ``exec`` (the cache is forgotten, not saved)."""
    global _cache, _fresh
    import dataclasses
    if vars(dataclasses).get("exec") is _exec:
        del dataclasses.exec
    _cache, _fresh = None, False


def _blake2b():
    try:
        from _blake2 import blake2b     # CPython's own: no hashlib (and OpenSSL) to import
    except ImportError:                 # a Python built without it
        from hashlib import blake2b
    return blake2b


def _exec(source, globals=None, locals=None, /):
    global _fresh, _digest
    if isinstance(source, str) and _cache is not None:
        if _digest is None:
            _digest = _blake2b()
        key = _digest(source.encode("utf-8", "surrogatepass"), digest_size=16).digest()
        code = _cache.get(key)
        if code is None:
            code = _cache[key] = compile(source, "<string>", "exec", dont_inherit=True)
            _fresh = True
        source = code
    return builtins.exec(source, globals, locals)


def save() -> None:
    """Write the cache if this process compiled anything new (atomically; a cache that cannot be
    written is simply compiled again next time)."""
    global _fresh
    if _cache is None or not _fresh or os.getpid() != _owner:
        return
    entries = _cache if len(_cache) <= MAX_ENTRIES else {}
    path = _path()
    try:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        tmp = f"{path}.{os.getpid()}.part"
        with open(tmp, "wb") as fh:
            marshal.dump(entries, fh)
        os.replace(tmp, path)
        _fresh = False
    except (OSError, ValueError):
        pass
