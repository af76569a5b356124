"""Per-turn records (damage dealt, cards played) and the definitions of X that read them."""

from __future__ import annotations

from tests.engine.helpers import expectation, ruling, steps_citing

AETHER = """card "Zap": Wizard Instant, cost 0, pitch 1: "Deal 3 arcane damage to target hero."
card "Poke": Generic Instant, cost 0, pitch 1: "Deal 2 damage to target hero."
card "Blazing Aether": Wizard Action, cost 0, pitch 1, defense 3: "Deal X arcane damage to target hero, where X is the amount of arcane damage you have dealt to that hero this turn."
card "Nullrune Hood": Generic Equipment - Head, defense 0: "Arcane Barrier 1"
Alice is the turn player; hero life 20, hand {hand}
Bob: hero life 20, wears "Nullrune Hood", 1 resource point
{body}
Alice plays "Blazing Aether" targeting Bob
Alice passes
Bob passes
settle
expect Bob life {life}
"""

ZAP = 'Alice plays "Zap" targeting Bob\n'


def test_fab_26_5_prevented_arcane_damage_does_not_count_towards_x():
    r = ruling(AETHER.format(hand='"Zap", "Blazing Aether"', life=16,
                             body=ZAP + 'Bob uses arcane barrier of "Nullrune Hood"'))
    assert r.passed, r.all_expectations
    x = [s for s in steps_citing(r, "fab-1.4 26.5") if s.description.startswith("X is")]
    assert x and ": 2 (" in x[0].description


def test_fab_26_5_unprevented_arcane_damage_counts_in_full():
    r = ruling(AETHER.format(hand='"Zap", "Blazing Aether"', life=14, body=ZAP))
    assert r.passed, r.all_expectations


def test_fab_26_5_untyped_damage_does_not_count_as_arcane_damage_dealt():
    r = ruling(AETHER.format(hand='"Poke", "Blazing Aether"', life=18,
                             body='Alice plays "Poke" targeting Bob'))
    assert r.passed, r.all_expectations
    assert any("would deal 0 damage" in s.description for s in r.steps)


def test_fab_26_5_damage_the_opponent_dealt_does_not_count():
    body = ('Alice passes\nBob plays "Zap" targeting Alice\nBob passes\nAlice passes\n')
    text = AETHER.format(hand='"Blazing Aether"', life=20, body=body).replace(
        '1 resource point', '1 resource point, hand "Zap"')
    r = ruling(text)
    assert r.passed, r.all_expectations
    assert expectation(r, "Bob life").actual == "Bob life 20"
