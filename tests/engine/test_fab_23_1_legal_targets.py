"""Legal hero targets (FaB 23.1): "target opponent" / "target opposing hero" only an opponent,
"target hero" any hero; checked when a card is played or an ability activated, and when a
triggered effect with stated targets is added to the chain (19.1.1)."""

from __future__ import annotations

from judge.engine import trace as T
from tests.engine.helpers import ruling, seeds_played


def _zap(target_text: str) -> str:
    return (f'card "Zap": Wizard Instant, cost 0, pitch 1: "Deal 3 arcane damage to '
            f'{target_text}."\n'
            'Alice is the turn player; hero life 20, hand "Zap"\nBob: hero life 20\n')


def test_fab_23_1_target_opponent_cannot_be_yourself():
    r = ruling(_zap("target opponent") + '''expect Alice plays "Zap" targeting Alice is not allowed
Alice plays "Zap" targeting Alice
settle
expect Alice life 20
''')
    assert all(e.passed for e in r.all_expectations), [e.actual for e in r.all_expectations]
    refused = [s for s in r.steps if s.action == T.REFUSED]
    assert len(refused) == 2     # the expectation's "would not be allowed", then the line itself
    assert all("fab-1.4 23.2.1" in s.citations for s in refused)   # "opponent" (23.2.1)
    assert "can target only an opponent of Alice, not Alice" in refused[1].description


def test_fab_23_1_target_opponent_is_the_opponent():
    r = ruling(_zap("target opponent") + '''Alice plays "Zap" targeting Bob
settle
expect Bob life 17
''')
    assert all(e.passed for e in r.all_expectations)
    assert not [s for s in r.steps if s.action == T.REFUSED]


def test_fab_23_1_target_hero_may_be_your_own():
    r = ruling(_zap("target hero") + '''Alice plays "Zap" targeting Alice
settle
expect Alice life 17
''')
    assert all(e.passed for e in r.all_expectations), [e.actual for e in r.all_expectations]


SEEDS_OPPONENT = seeds_played("target opponent", name="Seeds of Spite")


def test_fab_19_1_1_a_stated_trigger_target_it_cannot_take_is_refused_and_the_default_applies():
    r = ruling(SEEDS_OPPONENT + '''Alice targets Alice with "Wounding Blow"
Alice plays "Wounding Blow"
Bob does not defend
settle
expect Alice life 20
expect Bob life 15
''')
    assert all(e.passed for e in r.all_expectations), [e.actual for e in r.all_expectations]
    refused = [s for s in r.steps if s.action == T.REFUSED]
    assert len(refused) == 1 and "fab-1.4 23.1" in refused[0].citations
    assert "the stated target is not used" in refused[0].description


def test_fab_23_1_1_a_card_that_targets_an_attack_is_refused_without_one():
    r = ruling('card "Weaken": Generic Instant, cost 0, pitch 1: "Target attack action card '
               'gets -2{p}."\nAlice is the turn player; hero life 20, hand "Weaken"\n'
               'Bob: hero life 20\nAlice plays "Weaken"\n')
    refused = [s for s in r.steps if s.action == "refused"]
    assert refused and refused[0].citations == ("fab-1.4 23.1.1",)
    assert "no attack to target" in refused[0].description
