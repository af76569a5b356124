"""Card text: lark grammars (in ``grammar/``) parsed into the effect values of ``model``.

``parse(game, text, strict=False)`` dispatches to the game's module, registered explicitly below.
"""

from __future__ import annotations

from collections import ChainMap
from importlib import import_module

from judge import registry
from judge.cards.model import CardText

# game id -> module with ``parse(text: str, *, strict: bool = False) -> CardText``: the games'
# card parsers (judge.registry), and the first FaB grammar, read by the FaB rules module until it
# reads the new values
GAMES = ChainMap(registry.CARD_PARSERS, {"fab-legacy": "judge.cards.legacy_fab"})


def parse(game: str, text: str, *, strict: bool = False) -> CardText:
    """Parse printed card text of ``game``. Unparsed clauses are listed in the result; with
    ``strict=True`` the first one raises :class:`judge.cards.errors.CardSyntaxError`."""
    try:
        module = GAMES[game]
    except KeyError:
        from judge.errors import UsageError
        raise UsageError(f"unknown game {game!r}", expected=", ".join(GAMES)) from None
    return import_module(module).parse(text, strict=strict)
