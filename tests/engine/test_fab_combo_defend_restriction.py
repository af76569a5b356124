"""Combo (glossary) and "can't be defended by cards with {r} cost less than N" (19.6.2 ex. 1):
equipment has no cost value to return, so its cost counts as zero."""

from __future__ import annotations

from judge.cards.fab import parse
from judge.cards.model import Restriction
from tests.engine.helpers import expectation, ruling

FIND = ("**Combo** - If Crane Dance was the last attack this combat chain, Find Center can't be "
        "defended by cards with {r} cost less than the number of chain links you control.")
CARDS = f'''card "Crane Dance": Ninja Action - Attack, cost 0, pitch 3, power 3, defense 3: "Go again"
card "Other Dance": Ninja Action - Attack, cost 0, pitch 3, power 3, defense 3: "Go again"
card "Find Center": Ninja Action - Attack, cost 0, pitch 3, power 2, defense 3: "{FIND}"

card "Costly Block": Generic Action - Attack, cost 2, pitch 1, power 1, defense 3
'''


def test_fab_19_6_2_cant_be_defended_by_parses_to_a_defend_restriction():
    (ability,) = parse(FIND, name="Find Center").abilities
    (conditional,) = ability.effects
    assert conditional.condition.subject.name == "Crane Dance"
    assert conditional.condition.within.kind == "this chain"
    (restriction,) = conditional.then
    assert isinstance(restriction, Restriction) and restriction.actions == ("be defended",)
    assert restriction.what.ref == "this"
    assert restriction.by.kinds == ("card",)
    compare = restriction.by.filters[0].comparison
    assert (compare.left.measure, compare.op) == ("cost", "<")
    counted = compare.right.defined_as
    assert counted.measure == "count" and counted.of.kinds == ("chain link",)
    assert counted.of.controller == "you"


def test_fab_combo_off_when_another_attack_was_last_equipment_may_defend():
    r = ruling(CARDS + '''Alice is the turn player; hero life 20, hand "Other Dance", "Find Center"
Bob: hero life 20, wears "Helm"
Alice plays "Other Dance"
Bob does not defend
Alice plays "Find Center"
expect Bob defends with "Helm" is allowed
''')
    assert expectation(r, "Helm").passed


def test_fab_19_6_2_equipment_cost_counts_as_zero_and_a_cost_2_card_may_defend():
    r = ruling(CARDS + '''Alice is the turn player; hero life 20, hand "Crane Dance", "Find Center"
Bob: hero life 20, hand "Costly Block", wears "Helm"
Alice plays "Crane Dance"
Bob does not defend
Alice plays "Find Center"
expect Bob defends with "Helm" is not allowed
expect Bob defends with "Costly Block" is allowed
''')
    helm = expectation(r, '"Helm"')
    assert helm.passed and "no cost value" in helm.actual and "fab-1.4 19.6.2" in helm.actual
    assert expectation(r, '"Costly Block"').passed


def test_fab_19_6_2_base_power_greater_than_n_counts_only_the_named_kinds():
    r = ruling('''card "Dancer": Ninja Action - Attack, cost 0, pitch 1, power 4, defense 3: "Dancer can't be defended by attack action cards with base {p} greater than 2."
card "Strong": Generic Action - Attack, cost 0, pitch 1, power 3, defense 3
card "Weak": Generic Action - Attack, cost 0, pitch 1, power 2, defense 3
card "Shield": Generic Action, cost 0, pitch 1, defense 3
Alice is the turn player; hero life 20, hand "Dancer"
Bob: hero life 20, hand "Strong", "Weak", "Shield"
Alice plays "Dancer"
expect Bob defends with "Strong" is not allowed
expect Bob defends with "Weak", "Shield" is allowed
''')
    strong = expectation(r, '"Strong"')
    assert strong.passed and "Strong has base power 3" in strong.actual
    assert expectation(r, '"Weak"').passed


CRANE = ("**Combo** - If Soulbead Strike was the last attack this combat chain, Crane Dance gains "
         "+1{p}, **go again**, and it can't be defended by attack action cards with base {p} "
         "greater than the number of chain links you control.")


def _crane(first: str, defend: str):
    return ruling(f'''card "Soulbead Strike": Ninja Action - Attack, cost 0, pitch 1, power 1, defense 3: "Go again"
card "Other Strike": Ninja Action - Attack, cost 0, pitch 1, power 1, defense 3: "Go again"
card "Crane Dance": Ninja Action - Attack, cost 0, pitch 1, power 3, defense 3: "{CRANE}"
card "Strong": Generic Action - Attack, cost 0, pitch 1, power 3, defense 3
Alice is the turn player; hero life 20, hand "{first}", "Crane Dance"
Bob: hero life 20, hand "Strong"
Alice plays "{first}"
Bob does not defend
Alice plays "Crane Dance"
{defend}''')


def test_fab_combo_crane_dance_gains_power_go_again_and_a_defend_restriction():
    r = _crane("Soulbead Strike", 'expect Bob defends with "Strong" is not allowed\n'
               'Bob does not defend\nsettle\nexpect Bob life 15\nexpect Alice action points 1\n')
    assert all(e.passed for e in r.all_expectations), [e.actual for e in r.all_expectations]
    assert not r.all_not_modelled


def test_fab_combo_off_crane_dance_has_no_bonus():
    r = _crane("Other Strike", 'expect Bob defends with "Strong" is allowed\n'
               'Bob does not defend\nsettle\nexpect Bob life 16\nexpect Alice action points 0\n')
    assert all(e.passed for e in r.all_expectations), [e.actual for e in r.all_expectations]
