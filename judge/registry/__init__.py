"""The games judge knows, one :class:`GameDescriptor` each: the only list of games in the code.

A descriptor is plain data (modules are named, never imported here), so every layer can read
it without cost: the rules catalog (which games a document may belong to, their display
names), the rules importers (a game's document formats), the card parsers and corpus readers,
the scenario language (a game's grammar extension, zone words, player and card values,
policies) and the scenario runner (the game's rules module). Adding a game is adding a
descriptor here and the packages it names (``docs/architecture.md``).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from importlib import import_module
from typing import Any, Callable

from judge.registry import ashes, fab, ufs, wow
from judge.registry.base import GameDescriptor, Policy

GAMES: dict[str, GameDescriptor] = {d.id: d for d in (fab.GAME, wow.GAME, ufs.GAME, ashes.GAME)}


class _View(Mapping):
    """A read-only mapping derived from :data:`GAMES` each time it is read, so that the tables
    other layers keep (the catalog's game names, the importers' formats, the card parsers)
    always agree with the registry."""

    def __init__(self, items: Callable[[], dict[str, Any]]) -> None:
        self._items = items

    def __getitem__(self, key: str) -> Any:
        return self._items()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._items())

    def __len__(self) -> int:
        return len(self._items())


NAMES: Mapping[str, str] = _View(lambda: {g: d.name for g, d in GAMES.items()})
FORMATS: Mapping[str, str] = _View(
    lambda: {fmt: target for d in GAMES.values() for fmt, target in d.importers.items()})
CARD_PARSERS: Mapping[str, str] = _View(
    lambda: {g: d.card_parser for g, d in GAMES.items() if d.card_parser})


def get(game: str) -> GameDescriptor:
    """The descriptor of ``game``; :class:`KeyError` for an unknown game."""
    return GAMES[game]


def names() -> dict[str, str]:
    """game id -> display name."""
    return {g: d.name for g, d in GAMES.items()}


def formats() -> dict[str, str]:
    """document format -> "module:function" of its importer, over every game."""
    found: dict[str, str] = {}
    for d in GAMES.values():
        found.update(d.importers)
    return found


def load(target: str) -> Any:
    """The object a descriptor names (``"package.module:attribute"``, or a module)."""
    module, _, attr = target.partition(":")
    found = import_module(module)
    return getattr(found, attr) if attr else found


__all__ = ["CARD_PARSERS", "FORMATS", "GAMES", "NAMES", "GameDescriptor", "Policy", "formats",
           "get", "load", "names"]
