"""Replacements of dealt damage (18, 26) and preventions with X from last known information (22)."""

from __future__ import annotations

from judge.cards import parse
from tests.engine.helpers import expectation, ruling

PLUS = """card "Plus Three": Generic Action, cost 0, pitch 1: "Go again\\nThe next time a source you control would deal damage this turn, instead it deals that much damage plus 3."
card "Poke": Generic Instant, cost 0, pitch 1: "Deal 1 damage to target hero."
card "Crusher": Guardian Action - Attack, cost 0, pitch 1, power 11, defense 3: "Crush - If Crusher deals 4 or more damage to a hero, they discard 2 random cards."
card "Ten Wall": Generic Action - Attack, cost 0, pitch 1, power 1, defense 10
Alice is the turn player; hero life 20, hand {hand}
Bob: hero life 20, hand {bob}
{body}
"""
PLAY_PLUS = 'Alice plays "Plus Three"\nAlice passes\nBob passes\n'


def test_fab_crush_example_2_text_keeps_plus_3():
    (ab,) = [a for a in parse("fab", "The next time a source you control would deal damage this "
                              "turn, instead it deals that much damage plus 3.").abilities]
    (replacement,) = ab.effects
    assert replacement.next_only and replacement.event.would
    (inner,) = replacement.instead
    assert (inner.amount.ref, inner.amount.plus) == ("that much", 3)


def test_fab_18_4_replaced_damage_triggers_crush_and_the_discard_leaves_no_choice():
    body = PLAY_PLUS + 'Alice plays "Crusher"\nBob defends with "Ten Wall"\nsettle\nexpect Bob life 16\nexpect Bob hand empty\n'
    r = ruling(PLUS.format(hand='"Plus Three", "Crusher"', bob='"Ten Wall", "Red", "Red"', body=body))
    assert r.passed, r.all_expectations
    assert any("crush effect triggers" in s.description for s in r.steps)


def test_fab_crush_a_random_discard_with_a_choice_left_is_not_modelled():
    body = (PLAY_PLUS + 'Alice plays "Crusher"\nBob defends with "Ten Wall"\nsettle\nexpect Bob life 16\n'
            'expect Bob hand count 0\n')
    r = ruling(PLUS.format(hand='"Plus Three", "Crusher"', bob='"Ten Wall", "Red", "Red", "Red"',
                           body=body))
    assert "not modelled" in expectation(r, "hand count").actual
    assert any("at random" in s.description for s in r.steps)


def test_fab_18_2_the_next_time_replacement_applies_to_one_event_only():
    body = (PLAY_PLUS + 'Alice plays "Poke" targeting Bob\nAlice passes\nBob passes\n'
            'settle\nexpect Bob life 16\nAlice plays "Poke" targeting Bob\nsettle\nexpect Bob life 15\n')
    r = ruling(PLUS.format(hand='"Plus Three", "Poke", "Poke"', bob='"Red"', body=body))
    assert r.passed, r.all_expectations


SHIELD = """card "Shield": Mechanologist Action - Item, cost 2, pitch 2: "Instant - Destroy Shield: {text}"
card "Strike": Generic Instant, cost 0, pitch 1: "Deal 4 damage to target hero."
Bob is the turn player; hero life 20, hand "Strike", "Strike"
Alice: hero life 20, controls "Shield" with 3 steam counters
Bob plays "Strike" targeting Alice
Bob passes
Alice activates "Shield"
Alice passes
Bob passes
settle
expect Alice life 19
Bob plays "Strike" targeting Alice
settle
expect Alice life {life}
"""
EACH = ("If your hero would be dealt damage this turn, prevent X of that damage, where X is the "
        "number of steam counters on Shield.")
NEXT = ("The next time your hero would be dealt damage this turn, prevent X damage, where X is "
        "the number of steam counters on Shield.")


def test_fab_22_x_counts_counters_with_last_known_information_each_time():
    r = ruling(SHIELD.format(text=EACH, life=18))
    assert r.passed, r.all_expectations
    assert any("last known information is used: 3" in s.description
               and "fab-1.4 22" in s.citations for s in r.steps)


def test_fab_22_the_next_time_prevention_applies_once():
    r = ruling(SHIELD.format(text=NEXT, life=15))
    assert r.passed, r.all_expectations
