"""Card text: lark grammars (in ``grammar/``) parsed into the effect values of ``model``.

``parse(game, text, strict=False, name=None)`` dispatches to the game's module (named by
:mod:`judge.registry`).
"""

from __future__ import annotations

from importlib import import_module

from judge import registry
from judge.cards.model import CardText

# game id -> module with ``parse(text, *, strict=False, name=None) -> CardText``: the games'
# card parsers (judge.registry)
GAMES = registry.CARD_PARSERS


def parse(game: str, text: str, *, strict: bool = False, name: str | None = None) -> CardText:
    """Parse printed card text of ``game``. Unparsed clauses are listed in the result; with
    ``strict=True`` the first one raises :class:`judge.cards.errors.CardSyntaxError`. ``name``
    is the card's name: printed in its text, it means the card itself (``Target.ref`` "this")."""
    try:
        module = GAMES[game]
    except KeyError:
        from judge.errors import UsageError
        raise UsageError(f"unknown game {game!r}", expected=", ".join(GAMES)) from None
    return import_module(module).parse(text, strict=strict, name=name)
