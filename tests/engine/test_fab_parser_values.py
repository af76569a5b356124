"""The engine uses the FaB parser's value fixes and refuses what they do not settle."""

from __future__ import annotations

from tests.engine.helpers import expectation, ruling

SHIELD = """card "Shelter X": Generic Instant, cost 0, pitch 1: "Prevent X damage that would be dealt to your hero this turn, where X is the number of cards in your hand."
card "Shelter 2": Generic Instant, cost 0, pitch 1: "Prevent the next 2 arcane damage that would be dealt to you this turn."
card "Zap": Wizard Instant, cost 0, pitch 1: "Deal 3 arcane damage to target hero."
Alice is the turn player; hero life 20, hand "Zap"
Bob: hero life 20, hand "{shield}"
Alice passes
Bob plays "{shield}"
Bob passes
Alice passes
Alice plays "Zap" targeting Bob
settle
expect Bob life {life}
"""


def test_fab_26_prevent_x_with_a_definition_is_not_modelled_rather_than_prevent_all():
    r = ruling(SHIELD.format(shield="Shelter X", life=17))
    assert "not modelled" in expectation(r, "Bob life").actual


def test_fab_26_4_prevent_the_next_2_arcane_to_you_prevents_2_of_3():
    r = ruling(SHIELD.format(shield="Shelter 2", life=19))
    assert r.passed, r.all_expectations
