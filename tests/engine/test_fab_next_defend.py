"""'If the next card you defend with this turn is a card with combo, it gains +2{d}' (Flic Flak)
and 20.5.2c: with several defending cards it could modify, the defender specifies which."""

from __future__ import annotations

from tests.engine.helpers import expectation, ruling

CARDS = '''card "Flic Flak": Ninja Defense Reaction, cost 0, pitch 1, defense 4: "If the next card you defend with this turn is a card with combo, it gains +2{d}."
card "Combo A": Ninja Action - Attack, cost 0, pitch 1, power 3, defense 2: "**Combo** - If Crane Dance was the last attack this combat chain, this gains +1{p}."
card "Combo B": Ninja Action - Attack, cost 0, pitch 1, power 3, defense 2: "**Combo** - If Crane Dance was the last attack this combat chain, this gains +1{p}."
card "Plain": Generic Action - Attack, cost 0, pitch 1, power 3, defense 2
card "Jab": Generic Action - Attack, cost 0, pitch 1, power 2, defense 2: "Go again"
card "Big Hit": Generic Action - Attack, cost 0, pitch 1, power 8, defense 2
'''
START = '''Alice is the turn player; hero life 20, hand "Jab", "Big Hit"
Bob: hero life 20, hand "Flic Flak", {hand}
Alice plays "Jab"
Bob does not defend
Bob plays "Flic Flak"
Alice plays "Big Hit"
'''


def _run(hand: str, rest: str):
    return ruling(CARDS + START.format(hand=hand) + rest)


def test_fab_20_5_2c_one_combo_card_among_the_defenders_gets_the_bonus_without_a_choice():
    r = _run('"Combo A", "Plain"', 'Bob defends with "Combo A", "Plain"\nsettle\nexpect Bob life 18\n')
    assert expectation(r, "life 18").passed and not r.all_not_modelled


def test_fab_20_5_2c_two_combo_cards_need_the_defenders_choice_never_a_guess():
    r = _run('"Combo A", "Combo B"', 'Bob defends with "Combo A", "Combo B"\nsettle\nexpect Bob life 18\n')
    assert any("must specify one" in what for what in r.all_not_modelled)
    assert not expectation(r, "life 18").passed


def test_fab_20_5_2c_no_combo_card_uses_the_effect_up():
    r = _run('"Plain", "Combo A"', 'Bob defends with "Plain"\nsettle\nexpect Bob life 14\n')
    assert expectation(r, "life 14").passed
    assert any("used up" in s.description for s in r.steps)
