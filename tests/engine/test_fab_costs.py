"""Playing a card beyond its printed cost (15.5): X declared and paid (15.5.1a, 9.2.5e),
optional and other additional costs (15.5.1b, 15.5.3c), modes (15.5.1c), cost increases and
reductions with their floor (15.5.2b-c, 9.2.5c)."""

from __future__ import annotations

import pytest

from judge.errors import JudgeError
from tests.engine.helpers import expectation, ruling

MODAL = ('card "Crossroads": Generic Action, cost 0, pitch 1, defense 2: "Choose 1;\\n- Deal 2 '
         'damage to target hero.\\n- Gain 2 life."\n'
         'Alice is the turn player; hero life 20, hand "Crossroads"\nBob: hero life 20\n')


def test_fab_15_5_1c_a_mode_the_card_does_not_have_is_an_error():
    with pytest.raises(JudgeError) as err:
        ruling(MODAL + 'Alice plays "Crossroads" choosing "Draw a card" targeting Bob\n')
    assert "has no mode 'Draw a card'" in str(err.value)
    assert '"Gain 2 life"' in str(err.value)


def test_fab_15_5_1c_a_mode_on_a_card_without_modes_is_an_error():
    with pytest.raises(JudgeError) as err:
        ruling('Alice is the turn player; hero life 20, hand "Brute Force", "Red"\n'
               'Bob: hero life 20\nAlice plays "Brute Force" choosing "Deal 2" pitching "Red"\n')
    assert "has no modes" in str(err.value)


def test_fab_15_5_1c_an_unstated_mode_is_not_modelled_never_guessed():
    r = ruling(MODAL + 'Alice plays "Crossroads" targeting Bob\nsettle\nexpect Alice life 22\n')
    assert any("mode" in n and "not stated" in n for n in r.not_modelled), r.not_modelled
    assert not expectation(r, "life 22").passed


def test_fab_15_5_1a_x_is_charged_and_an_unstated_x_is_not_modelled():
    bonfire = ('card "Bonfire": Generic Action, cost X, pitch 1, defense 2: "Deal X arcane '
               'damage to target hero."\nAlice is the turn player; hero life 20, hand "Bonfire", '
               '2 resource points\nBob: hero life 20\n')
    r = ruling(bonfire + 'Alice plays "Bonfire" declaring X 2 targeting Bob\nsettle\n'
               'expect Bob life 18\nexpect Alice resource points 0\n')
    assert all(e.passed for e in r.all_expectations), [e.actual for e in r.all_expectations]
    r = ruling(bonfire + 'expect Alice plays "Bonfire" declaring X 3 targeting Bob is not '
               'allowed\n')
    assert all(e.passed for e in r.all_expectations)          # 2 resource points for X = 3
    r = ruling(bonfire + 'Alice plays "Bonfire" targeting Bob\n')
    assert any("value of X" in n for n in r.not_modelled)
    r = ruling('Alice is the turn player; hero life 20, hand "Red"\nBob: hero life 20\n'
               'expect Alice plays "Red" declaring X 2 is not allowed\n')
    assert all(e.passed for e in r.all_expectations), [e.actual for e in r.all_expectations]


def test_fab_15_5_3c_a_random_additional_cost_with_a_choice_is_stated_not_guessed():
    card = ('card "Madcap": Generic Action - Attack, cost 0, pitch 1, power 5, defense 2: "As an '
            'additional cost to play this, discard a random card."\n')
    two = card + ('Alice is the turn player; hero life 20, hand "Madcap", "Red", "Block A"\n'
                  'Bob: hero life 20\n')
    r = ruling(two + 'Alice plays "Madcap"\n')
    assert any("at random" in n and "not stated" in n for n in r.not_modelled), r.not_modelled
    r = ruling(two + 'Alice plays "Madcap" discarding "Block A"\nexpect "Block A" in Alice\'s '
               'graveyard\nexpect "Red" in Alice\'s hand\n')
    assert all(e.passed for e in r.all_expectations), [e.actual for e in r.all_expectations]
