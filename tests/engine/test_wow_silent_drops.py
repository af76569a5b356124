"""Nothing dropped in silence, on the WoW TCG card corpus (issue 12): every ability the WoW card
grammar reads from ``../shared/data/cards/wow/prints.json`` is either carried out by the WoW rules
module or named by it as not modelled.

Two measures:

- every ability of every card (static): the module's reading of the card
  (:func:`judge.games.wow.powers.read`) accounts for it, bound to a procedure or listed as
  unsupported with a reason; an unreadable part of the text is named too;
- one card of each of the most frequent shapes (dynamic): a scenario puts it to work (a spell
  is played, with targets the module accepts; a permanent is in play while damage is dealt,
  a combat is fought and turns pass) and its ruling either acts on the card or names it as
  not modelled. A spell that resolves and leaves no trace is a silent drop and fails the test.
  ``JUDGE_WOW_SHAPES=all`` runs every shape (the figure in the report).

The counts are printed at the end of the run.
"""

from __future__ import annotations

import os
from functools import lru_cache

import pytest

from judge.cards import wow as cards
from judge.engine.state import State
from judge.games.run import execute
from judge.games.wow import effects as E
from judge.games.wow import powers as P
from judge.scenario.parser import parse
from tests.conformance.silent_drops import CARRIED, NAMED, SILENT, ability_shape, catalogue, \
    verdict
from tests.conftest import shared_path

DYNAMIC = 120          # shapes run as scenarios by default (the most frequent ones)
COUNTS: dict[str, int] = {}


@lru_cache(maxsize=1)
def corpus() -> list[tuple[str, str, object]]:
    path = shared_path("data", "cards", "wow", "prints.json")
    return [(n, t, cards.parse(t, name=n)) for n, t in cards.iter_corpus(path)]


def kind_of(text: str) -> str:
    """The card type a test scenario gives a corpus card (the corpus has no type lines): read
    from the text's self-references (test code, not the rules module)."""
    low = text.lower()
    if "this weapon" in low:
        return "Equipment - Weapon Melee (1), cost 0, atk 2, strike 0, type melee"
    if "this item" in low or "this armor" in low or "this equipment" in low:
        return "Equipment - Item, cost 0"
    if "this quest" in low or "reward:" in low:
        return "Quest"
    if "ongoing:" in low or "this ability" in low:
        return "Ability, cost 0"
    if "this ally" in low or "this character" in low or "this card" in low:
        return "Ally - Tester, cost 0, atk 2, health 6, type melee"
    return "Instant Ability, cost 0"


def _object(name: str, text: str) -> object:
    st = State("wow", "wow-7.4")
    st.add_zone("Alice", "hand")
    kinds = [w.lower() for w in kind_of(text).split(",")[0].replace("-", " ").split()]
    return st.create(name=name, owner="Alice", zone=("Alice", "hand"), kinds=kinds, text=text)


def test_every_ability_of_every_wow_card_is_carried_out_or_named():
    carried = named = unreadable = 0
    missing = []
    for name, text, card in corpus():
        ps = P.read(_object(name, text))
        indexes = {p.index for p in ps.powers}
        for i, a in enumerate(card.abilities):
            if i not in indexes:
                missing.append(f"{name}: ability {i} ({ability_shape(a)})")
                continue
            if any(p.index == i and p.why for p in ps.powers):
                named += 1
            else:
                carried += 1
        unreadable += len(card.unparsed)
    COUNTS.update({"abilities carried out": carried, "abilities named not modelled": named,
                   "unreadable parts named": unreadable, "cards": len(corpus())})
    assert missing == [], missing[:10]


HEAD = '''scenario "corpus shape"
game wow-7.4
card "Target Dummy": Ally - Dummy, cost 1, atk 1, health 9, type melee
card "Friendly Dummy": Ally - Dummy, cost 1, atk 1, health 9, type melee
card "Grave Dummy": Ally - Dummy, cost 1, atk 1, health 9, type melee
card "Bolt": Instant Ability, cost 0: "Your hero deals 1 fire damage to target hero or ally."
'''
TARGETS = ("", " targeting Bob", ' targeting Bob\'s "Target Dummy"',
           ' targeting Alice\'s "Friendly Dummy"', ' targeting "Grave Dummy"')


def _scenario(name: str, text: str, line: str) -> str:
    quoted = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
    kind = kind_of(text)
    spell = kind.startswith(("Instant Ability", "Ability"))
    where = f'hand "{name}"' if spell else f'controls "{name}"'
    return (HEAD + f'card "{name}": {kind}: "{quoted}"\n'
            f'Alice is the turn player; 20 resources, damage 5, {where}, hand "Bolt", '
            f'controls "Friendly Dummy", graveyard "Grave Dummy", deck 20 cards\n'
            f'Bob: 5 resources, damage 5, controls "Target Dummy", deck 20 cards\n' + line)


def run_shape(name: str, text: str):
    """The ruling of the corpus card at work, and whether it was played and resolved."""
    kind = kind_of(text)
    if kind.startswith(("Instant Ability", "Ability")):
        ruling = None
        for targets in TARGETS:
            scenario = parse(_scenario(name, text, f'Alice plays "{name}"{targets}\nsettle\n'),
                             "shape.scn")
            ruling = execute(scenario).ruling
            if not any(s.action == "refused" for s in ruling.steps):
                break
        resolved = any(s.description == f"{name} resolves" for s in ruling.steps)
        return ruling, resolved
    lines = ('Alice plays "Bolt" targeting Bob\'s "Target Dummy"\nsettle\n'
             'Alice plays "Bolt" targeting Alice\'s "Friendly Dummy"\nsettle\n'
             'Alice attacks with "Friendly Dummy" targeting Bob\nsettle\n'
             'Alice ends the turn\nBob ends the turn\nsettle\n')
    return execute(parse(_scenario(name, text, lines), "shape.scn")).ruling, False


def shapes():
    found = sorted(catalogue(corpus()).values(), key=lambda s: -len(s.cards))
    if os.environ.get("JUDGE_WOW_SHAPES") != "all":
        found = found[:DYNAMIC]
    return found


def test_a_card_of_each_shape_at_work_is_carried_out_or_named():
    tally = {CARRIED: 0, NAMED: 0, SILENT: 0}
    dropped = []
    for shape in shapes():
        name, text = shape.example
        name = name.replace('"', "'")
        ruling, resolved = run_shape(name, text)
        got = verdict(ruling, name)
        tally[got] += 1
        if got == SILENT and resolved:
            dropped.append(f"{name} ({shape.key}): {text!r}")
    COUNTS.update({f"shapes {k}": v for k, v in tally.items()})
    COUNTS["shapes run"] = sum(tally.values())
    assert dropped == [], dropped[:10]


def test_the_counts_are_reported(capsys):
    corpus()
    if COUNTS:
        with capsys.disabled():
            print("\nwow corpus (issue 12): " + ", ".join(f"{k} {v}" for k, v in COUNTS.items()))
