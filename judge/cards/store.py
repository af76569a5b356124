"""Parsed card texts kept between runs, so that a process whose cards were all seen before never
builds a card grammar's lexer (the costliest part of starting ``judge check``).

``parse(game, text)`` is :func:`judge.cards.parse` (not strict) with a store in the user cache
folder (:func:`judge.paths.cache_dir`): one file per game, named by the content of everything
the result depends on (the card grammars, the ``judge/cards`` code, the lark and Python
versions). Any change to those starts a new file; an unreadable file is ignored and replaced.
The values are the frozen ones of :mod:`judge.cards.model`, the same a fresh parse returns.

The file is a sequence of pickled dicts: each text parsed anew is appended as a record of its
own, in one write to a file opened for appending (so that processes checking scenarios side by
side add to it without losing each other's records, and a run that parses thousands of cards
writes each once, not the whole store again each time). Reading stops at a damaged record and
keeps those before it (the file is then written again with those only, or removed). A file of
many records is written again as one when it is read.
"""

from __future__ import annotations

import hashlib
import io
import os
import pickle
import sys
from pathlib import Path

from judge import frozen_pickle, paths
from judge.grammar_cache import lark_version_stamp
from judge.cards.model import CardText

FOLDER = "cards"
_CODE = Path(__file__).resolve().parent

_stores: dict[str, dict[str, CardText]] = {}
_files: dict[str, Path | None] = {}


def parse(game: str, text: str, *, name: str | None = None) -> CardText:
    """``judge.cards.parse(game, text, name=name)``, answered from the store when the text
    was parsed before (with that name) by the same grammars and code."""
    store = _store(game)
    key = f"{name}\x00{text}" if name else text
    found = store.get(key)
    if found is None:
        from judge.cards import parse as parse_now
        found = store[key] = parse_now(game, text, name=name)
        _save(game, {key: found})
    return found


def version() -> str:
    """A digest of everything a parsed card text depends on. Worked out once per process
    for as long as the files it reads are unchanged (by path, size and modification time, as
    Python checks its bytecode cache): each game's store asks (about 0.7 MB read and hashed
    each time)."""
    sources = (sorted(_CODE.glob("*.py")) + sorted(paths.GRAMMAR.rglob("card_*.lark"))
               + [Path(frozen_pickle.__file__)])
    stamp = lark_version_stamp()
    try:
        seen = (stamp,) + tuple((str(p), s.st_size, s.st_mtime_ns)
                                for p in sources for s in (p.stat(),))
    except OSError:
        seen = None
    if seen is not None and _version and _version[0] == seen:
        return _version[1]
    digest = hashlib.sha256()
    digest.update(f"{sys.version_info[:2]}".encode())
    digest.update(stamp)
    for path in sources:
        digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    found = digest.hexdigest()[:20]
    _version[:] = [seen, found] if seen is not None else []
    return found


# [the sources' paths, sizes and modification times, the digest worked out from them]
_version: list = []


COMPACT_AT = 64    # records in a file read: it is written again as one


def _store(game: str) -> dict[str, CardText]:
    store = _stores.get(game)
    if store is None:
        store = _stores[game] = {}
        path = _files[game] = _path(game)
        if path is not None:
            records, damaged = _read(path, store, game)
            if damaged and not store:
                _remove(path)          # appended records would follow the damage: start again
            elif damaged or records >= COMPACT_AT:
                _rewrite(game, store)
    return store


def _read(path: Path, store: dict[str, CardText], game: str) -> tuple[int, bool]:
    """Add the records of ``path`` to ``store``: (how many, whether one was damaged)."""
    records = 0
    try:
        with open(path, "rb") as f:
            size = os.fstat(f.fileno()).st_size
            while f.tell() < size:
                loaded = pickle.load(f)
                if not isinstance(loaded, dict):
                    return records, True
                store.update(loaded)
                records += 1
    except FileNotFoundError:
        _forget_other_versions(path, game)
    except Exception:  # noqa: BLE001 - a damaged or foreign record is only a cache miss
        return records, True
    return records, False


def _remove(path: Path) -> None:
    try:
        path.unlink()
    except OSError:
        pass


def _path(game: str) -> Path | None:
    try:
        return paths.cache_dir() / FOLDER / f"{game}-{version()}.pickle"
    except OSError:
        return None


def _save(game: str, entries: dict[str, CardText]) -> None:
    """Add ``entries`` to the end of the game's file, as one record in one write."""
    path = _files.get(game)
    if path is None:
        return
    buffer = io.BytesIO()
    try:
        frozen_pickle.dump(entries, buffer)
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
        try:
            os.write(fd, buffer.getvalue())
        finally:
            os.close(fd)
    except (OSError, pickle.PicklingError):
        pass


def _rewrite(game: str, store: dict[str, CardText]) -> None:
    """Write the store whole as one record (atomically: a reader sees the old file or the
    new one)."""
    path = _files.get(game)
    if path is None:
        return
    tmp: str | None = None
    try:
        import tempfile         # only when the store is written whole (not on every start)
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
        with os.fdopen(fd, "wb") as f:
            frozen_pickle.dump(store, f)
        os.replace(tmp, path)
    except (OSError, pickle.PicklingError):
        if tmp is not None and os.path.exists(tmp):
            os.unlink(tmp)


def _forget_other_versions(keep: Path, game: str) -> None:
    for old in keep.parent.glob(f"{game}-*.pickle"):
        if old != keep:
            try:
                old.unlink()
            except OSError:
                pass
