"""The scenario's policies for unstated choices (docs/scenario-language.md, "Policies"): each
default is applied and marked in the trace; ``error`` turns the unstated choice into a scenario
error at the line that led to it (exit 2 from the CLI, never a guess)."""

from __future__ import annotations

import pytest

from judge.engine.errors import ScenarioStateError
from tests.engine.helpers import expectation, ruling, seeds_played

ZAP = '''card "Zap": Wizard Instant, cost 0, pitch 1: "Deal 3 arcane damage to target hero."
card "Nullrune Hood": Generic Equipment - Head, defense 0: "Arcane Barrier 1"
Alice is the turn player; hero life 20, hand "Zap"
Bob: hero life 20, wears "Nullrune Hood", 1 resource point
'''

TWO_TRIGGERS = '''card "Worn Chest": Generic Equipment - Chest, defense 2: "Battleworn"
card "Brittle Helm": Generic Equipment - Head, defense 2: "Blade Break"
Alice is the turn player; hero life 20, hand "Red"
Bob: hero life 20, wears "Worn Chest", "Brittle Helm"
Alice plays "Red"
Bob defends with "Worn Chest", "Brittle Helm"
'''


def _defaults(r) -> list[str]:
    return [s.default_applied for s in r.steps if s.default_applied]


def test_fab_arcane_barrier_n_optional_decline_is_the_default_and_is_marked():
    r = ruling(ZAP + 'Alice plays "Zap" targeting Bob\nsettle\nexpect Bob life 17\n')
    assert expectation(r, "life 17").passed
    assert any(d.startswith("optional: decline - Bob does not use Arcane barrier 1")
               for d in _defaults(r))


def test_fab_arcane_barrier_n_stated_decline_is_no_default():
    r = ruling(ZAP + 'Bob declines arcane barrier of "Nullrune Hood"\n'
                     'Alice plays "Zap" targeting Bob\nsettle\nexpect Bob life 17\n')
    assert expectation(r, "life 17").passed
    assert not any(d.startswith("optional:") for d in _defaults(r))


def test_fab_arcane_barrier_n_policy_optional_use_uses_it_and_says_so():
    r = ruling("policy optional use\n" + ZAP + 'Alice plays "Zap" targeting Bob\n'
               "settle\nexpect Bob life 18\nexpect Bob resource points 0\n")
    assert expectation(r, "life 18").passed and expectation(r, "resource points 0").passed
    replaced = [s for s in r.steps if s.action == "replaced"]
    assert replaced and replaced[0].default_applied == (
        "optional: use - Bob uses Arcane barrier 1 of Nullrune Hood (not stated)")


def test_fab_policy_optional_error_is_a_scenario_error_at_the_action_line():
    with pytest.raises(ScenarioStateError) as info:
        ruling("policy optional error\n" + ZAP + 'Alice plays "Zap" targeting Bob\n')
    err = info.value
    assert "whether Bob uses Arcane barrier 1 of Nullrune Hood" in err.message
    assert "policy optional error` (line 11)" in err.message
    assert err.line == 16 and err.line_text == 'Alice plays "Zap" targeting Bob'
    assert 'Bob uses "Nullrune Hood"' in err.expected
    assert "decline" in err.suggestion
    assert "^" in err.render()


def test_fab_20_5_policy_defending_error_needs_the_defence_stated():
    body = 'Alice is the turn player; hero life 20, hand "Red"\nBob: hero life 20\n' \
           'Alice plays "Red"\n{defence}settle\nexpect Bob life 19\n'
    assert expectation(ruling(body.format(defence="")), "life 19").passed   # default: no defenders
    with pytest.raises(ScenarioStateError) as info:
        ruling("policy defending error\n" + body.format(defence=""))
    assert "Bob's defence against Red is not stated" in info.value.message
    assert (info.value.line, info.value.line_text) == (15, "settle")   # the line that runs on
    stated = ruling("policy defending error\n" + body.format(defence="Bob does not defend\n"))
    assert expectation(stated, "life 19").passed


def test_fab_16_3_simultaneous_triggers_printed_order_is_a_marked_default():
    r = ruling(TWO_TRIGGERS + 'Alice chooses "close the combat chain"\n'
               'settle\nexpect "Brittle Helm" in Bob\'s graveyard\n')
    assert expectation(r, "graveyard").passed
    assert any(d.startswith("trigger-order: printed - Alice orders them") for d in _defaults(r))


def test_fab_16_3_policy_trigger_order_error_needs_an_orders_line():
    with pytest.raises(ScenarioStateError) as info:
        ruling("policy trigger-order error\n" + TWO_TRIGGERS
               + 'Alice chooses "close the combat chain"\n')
    assert "the order of the simultaneous triggers" in info.value.message
    assert 'Alice orders triggers "A", "B"' in info.value.expected
    stated = ruling("policy trigger-order error\n" + TWO_TRIGGERS
                    + 'Alice orders triggers "Brittle Helm", "Worn Chest"\n'
                    'Alice chooses "close the combat chain"\n'
                    'settle\nexpect "Brittle Helm" in Bob\'s graveyard\n')
    assert expectation(stated, "graveyard").passed
    assert not any(d.startswith("trigger-order:") for d in _defaults(stated))


SEEDS = seeds_played()


def test_fab_23_1_unstated_trigger_target_is_the_opposing_hero_a_marked_default():
    r = ruling(SEEDS + 'Alice plays "Wounding Blow"\nBob does not defend\nsettle\nexpect Bob life 15\n')
    assert expectation(r, "life 15").passed
    assert any(d.startswith("trigger-targets: opposing - Alice targets the opposing hero, Bob")
               for d in _defaults(r))


def test_fab_23_1_policy_trigger_targets_error_needs_a_targets_line():
    with pytest.raises(ScenarioStateError) as info:
        ruling("policy trigger-targets error\n" + SEEDS
               + 'Alice plays "Wounding Blow"\nBob does not defend\n')
    assert "the target of Wounding Blow's gained ability" in info.value.message
    assert 'Alice targets Bob with "Wounding Blow"' in info.value.expected
    stated = ruling("policy trigger-targets error\n" + SEEDS
                    + 'Alice targets Bob with "Wounding Blow"\nAlice plays "Wounding Blow"\n'
                    'Bob does not defend\nsettle\nexpect Bob life 15\n')
    assert expectation(stated, "life 15").passed
    assert not any(d.startswith("trigger-targets:") for d in _defaults(stated))
