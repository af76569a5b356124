"""25.2: "base power becomes N" sets the base power to N (the gains stay on top, 25.3); a
static one the engine does not carry out is named not modelled, never the printed value."""

from __future__ import annotations

from tests.engine.helpers import expectation, ruling

CARDS = ('card "Swell": Generic Action - Attack, cost 0, pitch 1, power 3, defense 2\n'
         'card "Grow": Generic Attack Reaction, cost 0, pitch 1: "{text}"\n'
         'card "Plus Two": Generic Attack Reaction, cost 0, pitch 1: "Target attack gains +2{{p}}."\n'
         'Alice is the turn player; hero life 20, hand "Swell", "Plus Two", "Grow"\n'
         'Bob: hero life 20\n'
         'Alice plays "Swell"\nBob does not defend\n'
         'Alice plays "Plus Two" targeting "Swell"\nAlice passes\nBob passes\n'
         'Alice plays "Grow" targeting "Swell"\nAlice passes\nBob passes\n')


def test_fab_25_2_base_power_becomes_2_under_a_gain_of_2_is_power_4():
    r = ruling(CARDS.format(text="Target attack action card's base power becomes 2.")
               + 'expect "Swell" base power 2\nexpect "Swell" power 4\n'
               'settle\nexpect Bob life 16\nexpect cites "25.2"\n')
    failed = [(e.text, e.actual) for e in r.all_expectations if not e.passed]
    assert not failed
    assert not r.all_not_modelled


def test_fab_25_2_setting_a_value_other_than_base_power_is_not_modelled():
    r = ruling(CARDS.format(text="Target attack action card's {p} becomes 2.")
               + 'settle\nexpect Bob life 16\n')
    assert "not modelled" in expectation(r, "Bob life").actual
    assert any("setting power" in n for n in r.all_not_modelled), r.all_not_modelled


def test_fab_25_2_a_static_base_power_change_is_named_not_the_printed_value_dealt():
    r = ruling('card "Swell": Generic Action - Attack, cost 0, pitch 1, power 3, defense 2: '
               '"This card\'s base power becomes 6."\n'
               'Alice is the turn player; hero life 20, hand "Swell"\nBob: hero life 20\n'
               'Alice plays "Swell"\nBob does not defend\nsettle\nexpect Bob life 17\n')
    assert "not modelled" in expectation(r, "Bob life").actual
    assert any("base power becomes 6" in n and "power" in n for n in r.all_not_modelled)
