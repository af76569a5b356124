"""An attack's "When you attack with X, if <condition>, ..." triggers and token creation."""

from __future__ import annotations

from tests.engine.helpers import expectation, ruling

TRIPTYCH = """card "Triptych": Runeblade Action - Attack, cost 0, pitch 3, power 4, defense 3: "When you attack with Triptych, if you've played a 'non-attack' action card this turn, create a Runechant token."
{token}
card "Sigil": Generic Action, cost 0, pitch 1: "Go again"
Alice is the turn player; hero life 20, hand {hand}
Bob: hero life 20, hand "Block A"
{body}
Alice plays "Triptych"
Bob defends with "Block A"
settle
expect Alice permanents count {count}
"""
RUNECHANT = 'card "Runechant": Runeblade Token - Aura: "When you play an attack action card or activate a weapon attack, destroy Runechant and deal 1 arcane damage to target opposing hero."'
SIGIL = 'Alice plays "Sigil"\nAlice passes\nBob passes'
JAB = 'Alice plays "Quick Jab"\nBob does not defend\nAlice passes\nBob passes'


def test_fab_20_4_4d_conditional_trigger_triggers_after_a_non_attack_action():
    r = ruling(TRIPTYCH.format(token=RUNECHANT, hand='"Sigil", "Triptych"', body=SIGIL, count=1))
    assert r.passed, r.all_expectations


def test_fab_20_4_4d_an_attack_action_card_is_not_a_non_attack_action():
    r = ruling(TRIPTYCH.format(token=RUNECHANT, hand='"Quick Jab", "Triptych"', body=JAB,
                               count=0))
    assert r.passed, r.all_expectations
    assert any("does not trigger" in s.description and "'non-attack'" in s.description
               for s in r.steps)


def test_fab_10_1_a_token_the_scenario_does_not_define_is_not_modelled():
    r = ruling(TRIPTYCH.format(token="", hand='"Sigil", "Triptych"', body=SIGIL, count=1))
    assert "not modelled" in expectation(r, "permanents count").actual
    assert any("defines no card" in s.description for s in r.steps)


def test_fab_20_4_4d_an_unknown_condition_is_not_modelled_rather_than_assumed():
    text = TRIPTYCH.replace("you've played a 'non-attack' action card this turn",
                            "you have less life than target hero")
    r = ruling(text.format(token=RUNECHANT, hand='"Sigil", "Triptych"', body=SIGIL, count=1))
    assert "not modelled" in expectation(r, "permanents count").actual
    assert any("the condition 'you have less life than target hero'" in s.description
               for s in r.steps)
