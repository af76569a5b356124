"""FaB 20.1.1: if the source of an activated ability's attack on the current chain link is
destroyed, the attack layer does not resolve and the combat chain closes. The attack is a
Spectral Shield's, from the ability Iris of Reality gives it (25.1.2)."""

from __future__ import annotations

from tests.engine.helpers import ruling, steps_citing

CARDS = ('card "Iris of Reality": Illusionist Weapon - Orb (2H): "During your action phase, '
         'Illusionist auras you control are weapons with 4{p} and **Once per Turn Action** - '
         '{r}{r}{r}: **Attack. Go again**"\n'
         'card "Spectral Shield": Illusionist Token - Aura\n'
         'card "Shield Two": Illusionist Aura, cost 0, pitch 1\n'
         'card "Other Aura": Generic Aura, cost 0, pitch 1\n'
         'card "Aura Breaker": Generic Defense Reaction, cost 0, pitch 1, defense 3: '
         '"Destroy target aura."\n')


def _all_pass(r) -> None:
    assert all(e.passed for e in r.all_expectations), [(e.text, e.actual)
                                                        for e in r.all_expectations]


def _attack_then(reaction_line: str, extra_aura: str = "") -> str:
    return CARDS + f'''Alice is the turn player; hero life 20, wields "Iris of Reality", controls "Spectral Shield"{extra_aura}, 3 resource points
Bob: hero life 20, hand "Aura Breaker"
Alice attacks with "Spectral Shield"
Bob does not defend
Alice passes
{reaction_line}
Alice passes
'''


def test_fab_20_1_1_destroying_the_source_closes_the_chain_without_damage():
    r = ruling(_attack_then('Bob plays "Aura Breaker" targeting Alice\'s "Spectral Shield"') + '''
expect Bob life 20
expect "Spectral Shield" does not hit
expect "Aura Breaker" in Bob's graveyard
expect Alice action points 0
''')
    _all_pass(r)
    cited = steps_citing(r, "fab-1.4 20.1.1")
    assert any("does not resolve" in s.description for s in cited)
    assert any("the combat chain closes" in s.description for s in cited)


def test_fab_20_1_1_a_non_token_source_destroyed_goes_to_the_graveyard_and_the_chain_closes():
    r = ruling(CARDS + '''Alice is the turn player; hero life 20, wields "Iris of Reality", controls "Shield Two", 3 resource points
Bob: hero life 20, hand "Aura Breaker"
Alice attacks with "Shield Two"
Bob does not defend
Alice passes
Bob plays "Aura Breaker" targeting Alice's "Shield Two"
Alice passes
expect "Shield Two" in Alice's graveyard
expect Bob life 20
''')
    _all_pass(r)
    assert steps_citing(r, "fab-1.4 20.1.1")


def test_fab_20_1_1_destroying_another_aura_leaves_the_attack_to_resolve():
    r = ruling(_attack_then('Bob plays "Aura Breaker" targeting Alice\'s "Other Aura"',
                            ', "Other Aura"') + '''
expect "Other Aura" in Alice's graveyard
expect Bob life 19
expect "Spectral Shield" hits
''')
    _all_pass(r)
    assert not steps_citing(r, "fab-1.4 20.1.1")

