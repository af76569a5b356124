"""``run_scenario(scenario) -> Ruling``: a parsed scenario, its game's rules module (found
through :mod:`judge.registry`), and the engine's driver."""

from __future__ import annotations

import copy
from dataclasses import replace

from judge.engine import driver
from judge.engine.errors import NotModelled
from judge.engine.game import Game
from judge.engine.ruling import CardUsed, Ruling
from judge.engine.state import State
from judge.errors import JudgeError
from judge.registry import GAMES, load
from judge.scenario import ast
from judge.scenario.script import to_script

_LOADED: dict[str, Game] = {}


def game_for(game_id: str) -> Game:
    """The rules module of ``game_id``; :class:`NotModelled` when the game has none yet."""
    found = _LOADED.get(game_id)
    if found is None:
        target = GAMES[game_id].rules if game_id in GAMES else None
        if target is None:
            raise NotModelled(f"the rules of {game_id!r}: no rules module for that game")
        found = _LOADED[game_id] = load(target)
    return found


def run_scenario(scenario: ast.Scenario, *, steps: bool = True) -> Ruling:
    """The ruling of ``scenario``, with the cards it used. ``steps=False`` (``judge check``)
    leaves the trace steps out of the ruling (same outcome, expectations and not-modelled)."""
    ruling = execute(scenario, steps=steps, initial=False).ruling
    return replace(ruling, cards=tuple(card_used(c) for c in scenario.cards))


def card_used(card: ast.CardDef) -> CardUsed:
    """What a ruling says of a card it used: its text, and where the definition came from (a
    card line, an installed card database (judge.carddb), or both)."""
    groups = (card.types, card.subtypes) + card.groups
    type_line = " - ".join(" ".join(g) for g in groups if g)
    stats = tuple((k, str(v)) for k, v in card.stats)
    origin = card.origin
    line = f"card line {card.pos.line}"
    if origin is None:
        return CardUsed(card.name, type_line, stats, card.text, line)
    printing = (f"{origin.printing} of card database {origin.database}, version "
                f"{origin.version} ({origin.record})")
    note = "printing as stated" if origin.note == "stated" else origin.note
    if origin.text_only:
        source = f"{line} (type line and values); the text of {printing}"
    elif origin.inline:
        source = line
        note = f"the scenario's card line takes the place of {printing}, " + (
            f"differing in its {' and '.join(origin.differs)}" if origin.differs else
            "which it states alike")
    else:
        source = printing
    return CardUsed(card.name, type_line, stats, card.text, source, note, origin.database)


def execute(scenario: ast.Scenario, *, steps: bool = True,
            initial: bool = True) -> driver.Execution:
    """The run of ``scenario``, with the states that tests replay and compare
    (``initial=False``: without the copy of the game after set-up, :func:`driver.execute`)."""
    script = to_script(scenario)
    try:
        game = game_for(scenario.game)
        if scenario.document not in game.documents:
            game, note = for_document(game, scenario.document)
            script = replace(script, notes=script.notes + (note,))
    except NotModelled as nm:
        return driver.Execution(driver.not_modelled(script, nm.what),
                                State(scenario.game, scenario.document))
    return driver.execute(script, game, steps=steps, initial=initial)


_DERIVED: dict[tuple[str, str], tuple[Game, tuple[str, tuple[str, ...]]]] = {}

# A reworded rule is cited under another document only above this confidence: stricter than
# `judge diff`'s 0.47 (measured on v1.4 <-> section 4, two close texts), because a ruling names
# the number as the rule that governs a step. Between 0.47 and 0.6 on v1.4 <-> 2.10.1, matches
# such as 20.7.2b ("the attack is considered to have hit") -> 7.5.5b (a replaced hit-event)
# are not the same rule.
CITE_CONFIDENCE = 0.6


def for_document(game: Game, document: str) -> tuple[Game, tuple[str, tuple[str, ...]]]:
    """``game`` citing ``document``, an installed document of its game that its module was not
    written for (a user's newer version, say): each procedure is cited by the counterpart of its
    rule that ``judge diff`` matches with confidence (same, moved, or reworded above the
    threshold); a procedure without one is not modelled under that document. Returns the game
    and the note the ruling opens with."""
    found = _DERIVED.get((game.id, document))
    if found is not None:
        return found
    from judge.rules import versions
    from judge.rules.versions_light import counterpart_table
    try:
        tables = {base: counterpart_table(versions.get_diff(base, document).to_dict())
                  for base in game.documents}
    except JudgeError as err:
        raise NotModelled(f"rulings under {document}: its rules cannot be matched to "
                          f"{' and '.join(game.documents)} ({err.message})") from None
    keys: dict[str, str] = {}
    procedures = game.citations.procedures()
    for proc in procedures:
        for base in game.documents:
            key = game.citations.key(base, proc)
            cp = tables[base].get(key) if key else None
            if (cp and cp["status"] in ("same", "moved", "reworded") and cp["citations"]
                    and (cp["status"] != "reworded"
                         or (cp["confidence"] or 0) >= CITE_CONFIDENCE)):
                keys[proc] = cp["citations"][0].split(" ", 1)[1]
                break
    if not keys:
        raise NotModelled(f"rulings under {document}: none of the rules the {game.id} module "
                          f"cites ({' and '.join(game.documents)}) has a sure counterpart in it")
    derived = copy.copy(game)
    derived.citations = game.citations.with_document(document, keys)     # type: ignore[misc]
    derived.documents = tuple(game.documents) + (document,)              # type: ignore[misc]
    note = (f"rule numbers: the {game.id} rules module is written for "
            f"{' and '.join(game.documents)}; under {document} each rule it applies is cited by "
            f"its counterpart in {document} (matched as `judge diff` matches them, reworded "
            f"rules only with confidence {CITE_CONFIDENCE} or more: {len(keys)} of "
            f"{len(procedures)} have one; a step whose rule has none is not modelled, or shown "
            "without its number)", ())
    _DERIVED[(game.id, document)] = found = (derived, note)
    return found
