"""Targets of triggered effects (FaB 16.2, 19.1.1, 23.1): chosen as the triggered layer is added
to the chain, stated with ``Alice targets Bob with "Card"``; unstated, the opposing hero is taken
and the ruling marks it as a default."""

from __future__ import annotations

import pytest

from judge.engine import trace as T
from judge.scenario.errors import ScenarioError
from judge.scenario import ast
from judge.scenario.parser import parse
from tests.engine.helpers import HEAD, ruling, seeds_played

SEEDS = seeds_played(copies=2)


def _target_defaults(r) -> list:
    return [s for s in r.steps if s.default_applied and "targets the opposing hero" in s.default_applied]


def test_fab_19_1_1_a_stated_target_is_the_triggered_effects_target():
    r = ruling(SEEDS + '''Alice targets Alice with "Wounding Blow"
Alice plays "Wounding Blow"
Bob does not defend
settle
expect Alice life 19
expect Bob life 16
''')
    assert all(e.passed for e in r.all_expectations), [e.actual for e in r.all_expectations]
    assert not _target_defaults(r)
    chosen = [s for s in r.steps if s.action == T.CHOICE and "as the target of" in s.description]
    assert len(chosen) == 1 and "fab-1.4 19.1.1" in chosen[0].citations


def test_fab_23_1_an_unstated_trigger_target_is_the_opposing_hero_marked_as_a_default():
    r = ruling(SEEDS + '''Alice plays "Wounding Blow"
Bob does not defend
settle
expect Bob life 15
''')
    assert all(e.passed for e in r.all_expectations)
    assert len(_target_defaults(r)) == 1


def test_fab_19_1_1_a_statement_is_used_by_the_next_trigger_of_that_card_only():
    """Two Seeds of Agony: two triggers of Wounding Blow; one line states the first one's
    target, the other is defaulted."""
    r = ruling(SEEDS + '''Alice plays "Seeds of Agony"
Alice passes
Bob passes
Alice targets Alice with "Wounding Blow"
Alice plays "Wounding Blow"
Bob does not defend
settle
expect Alice life 19
expect Bob life 15
''')
    assert all(e.passed for e in r.all_expectations), [e.actual for e in r.all_expectations]
    assert len(_target_defaults(r)) == 1


def test_a_target_that_is_no_player_of_the_scenario_is_a_scenario_error():
    with pytest.raises(ScenarioError) as err:
        ruling(SEEDS + 'Alice targets Carol with "Wounding Blow"\n')
    assert "player 'Carol' is not declared" in str(err.value)


def test_targets_line_parses_into_its_targets_and_card():
    sc = parse(HEAD.format(doc="fab-1.4") + '''Alice is the turn player
Bob: hero life 20
Alice targets Bob and Bob's "Helm" with "Brute Force"
''', "t.scn")
    (act,) = [s for s in sc.steps if isinstance(s, ast.TargetTrigger)]
    assert act.actor == "Alice" and act.card.name == "Brute Force"
    assert [getattr(t, "name", None) for t in act.targets] == ["Bob", "Helm"]
    assert act.targets[1].owner == "Bob"
