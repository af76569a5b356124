"""The shape of a game's descriptor (see :mod:`judge.registry`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping


@dataclass(frozen=True, slots=True)
class Policy:
    """A scenario policy: how an unstated choice is made. ``default`` is the documented
    default (first of ``values``); ``text`` says in words what the default does."""
    key: str
    values: tuple[str, ...]
    text: str

    @property
    def default(self) -> str:
        return self.values[0]


# policies every game has: the driver's own (docs/scenario-language.md)
CORE_POLICIES = (
    Policy("priority", ("pass", "error"),
           "priority not stated: every player passes when nothing else is stated"),
    Policy("optional", ("decline", "use", "error"),
           'an optional effect ("may", arcane barrier ...) not stated as used is not used'),
    Policy("responses", ("none", "error"),
           "a response not stated: nobody responds (games with response windows)"),
    Policy("choices", ("not-modelled", "error"),
           "a decision the rules ask for while something resolves, not stated and with no "
           "default in the rules: not modelled (or a scenario error)"),
)


@dataclass(frozen=True, slots=True)
class GameDescriptor:
    """Everything about a game that code outside its own packages needs to know.

    ``documents``: the bundled rules documents (ids); ``importers``: document format ->
    ``"module:function"``; ``card_parser``: the module with ``parse(text, strict=, name=)``
    and ``iter_corpus(path)`` (None: the game has no card grammar); ``rules``: ``"module:attribute"`` of its rules object (a
    :class:`judge.engine.game.Game`), None while it has none; ``scenario_grammar``: the file
    under ``grammar/`` that extends the scenario core for it; ``zones``: zone word as written ->
    zone name; ``player_values`` / ``card_values``: value name as written -> normalised name
    (a name not in the table is an error with a suggestion); ``policies``: the game's own
    policies (beside :data:`CORE_POLICIES`); ``hero``: what the game calls the player's
    hero-like card.
    """
    id: str
    name: str
    documents: tuple[str, ...]
    importers: Mapping[str, str]
    card_parser: str | None
    rules: str | None
    scenario_grammar: str
    zones: Mapping[str, str]
    player_values: Mapping[str, str]
    card_values: Mapping[str, str]
    policies: tuple[Policy, ...] = ()
    hero: str = "hero"
    expect_subjects: tuple[str, ...] = field(default=())

    def all_policies(self) -> dict[str, Policy]:
        return {p.key: p for p in CORE_POLICIES + self.policies}
