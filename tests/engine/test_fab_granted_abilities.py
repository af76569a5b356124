"""Triggered abilities an object gains from an effect trigger like printed ones (22, 26.3.1)."""

from __future__ import annotations

from tests.engine.helpers import expectation, ruling

SEEDS = """card "Seeds": Shadow Runeblade Action, cost 0, pitch 1, defense 2: "The next attack action card with cost 2 or less you play this turn gains \\"{ability}\\"\\nGo again"
card "Big Blow": Generic Action - Attack, cost 3, pitch 1, power 4, defense 3
Alice is the turn player; hero life 20, hand {hand}, 3 resource points
Bob: hero life 20
{plays}
Alice plays "{attack}"
Bob does not defend
settle
expect Bob life {life}
"""
ARCANE = "When you attack with this, deal 1 arcane damage to target hero."
SEED = 'Alice plays "Seeds"\nAlice passes\nBob passes'


def test_fab_26_3_1_each_gained_ability_is_an_independent_layer():
    r = ruling(SEEDS.format(ability=ARCANE, hand='"Seeds", "Seeds", "Brute Force"',
                            plays="\n".join([SEED] * 2), attack="Brute Force", life=12))
    assert r.passed, r.all_expectations
    layers = [s for s in r.steps if "gained ability" in s.description
              and "becomes layer" in s.description]
    assert len(layers) == 2
    assert any("fab-1.4 26.3.1" in s.citations for s in r.steps)


def test_fab_20_4_2_the_gain_waits_for_an_attack_that_meets_its_cost_bound():
    r = ruling(SEEDS.format(ability=ARCANE, hand='"Seeds", "Big Blow"', plays=SEED,
                            attack="Big Blow", life=16))
    assert r.passed, r.all_expectations
    assert not any("gains \"" in s.description and "Big Blow" in s.description for s in r.steps)


def test_fab_22_a_gained_hit_effect_moves_the_attack_and_go_again_uses_last_known_information():
    ability = "When this hits, put it on the bottom of its owner's deck."
    text = SEEDS.format(ability=ability, hand='"Seeds", "Quick Jab"', plays=SEED,
                        attack="Quick Jab", life=18) + ('expect Alice deck "Quick Jab"\n'
                                                        'expect Alice action points 1\n')
    r = ruling(text)
    assert r.passed, r.all_expectations
    assert any("last known information" in s.description and "fab-1.4 22" in s.citations
               for s in r.steps)


def test_fab_17_2_a_gained_ability_the_engine_cannot_carry_out_is_not_modelled():
    r = ruling(SEEDS.format(ability="When this hits, you may banish target card.",
                            hand='"Seeds", "Quick Jab"', plays=SEED, attack="Quick Jab",
                            life=18))
    assert "not modelled" in expectation(r, "Bob life").actual
    assert any(s.description.startswith("not modelled: Quick Jab's gained ability")
               for s in r.steps)
