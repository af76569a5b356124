"""Parsed card texts kept between runs, so that a process whose cards were all seen before never
builds a card grammar's lexer (the costliest part of starting ``judge check``).

``parse(game, text)`` is :func:`judge.cards.parse` (not strict) with a store in the user cache
folder (:func:`judge.paths.cache_dir`): one file per game, named by the content of everything
the result depends on (the card grammars, the ``judge/cards`` code, the lark and Python
versions). Any change to those starts a new file; an unreadable file is ignored and replaced.
The values are the frozen ones of :mod:`judge.cards.model`, the same a fresh parse returns.
"""

from __future__ import annotations

import hashlib
import os
import pickle
import sys
import tempfile
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
        _save(game, store)
    return found


def version() -> str:
    """A digest of everything a parsed card text depends on."""
    digest = hashlib.sha256()
    digest.update(f"{sys.version_info[:2]}".encode())
    digest.update(lark_version_stamp())
    sources = (sorted(_CODE.glob("*.py")) + sorted(paths.GRAMMAR.rglob("card_*.lark"))
               + [Path(frozen_pickle.__file__)])
    for path in sources:
        digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()[:20]


def _store(game: str) -> dict[str, CardText]:
    store = _stores.get(game)
    if store is None:
        store = _stores[game] = {}
        path = _files[game] = _path(game)
        if path is not None:
            try:
                with open(path, "rb") as f:
                    loaded = pickle.load(f)
                if isinstance(loaded, dict):
                    store.update(loaded)
            except FileNotFoundError:
                _forget_other_versions(path, game)
            except Exception:  # noqa: BLE001 - a damaged or foreign file is only a cache miss
                pass
    return store


def _path(game: str) -> Path | None:
    try:
        return paths.cache_dir() / FOLDER / f"{game}-{version()}.pickle"
    except OSError:
        return None


def _save(game: str, store: dict[str, CardText]) -> None:
    """Write the store whole (atomically: a reader sees the old file or the new one)."""
    path = _files.get(game)
    if path is None:
        return
    tmp: str | None = None
    try:
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
