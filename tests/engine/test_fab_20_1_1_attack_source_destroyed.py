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
         'card "Shunt Stand-in": Generic Defense Reaction, cost 0, pitch 1, defense 3: '
         '"Destroy target weapon."\n')


def _all_pass(r) -> None:
    assert all(e.passed for e in r.all_expectations), [(e.text, e.actual)
                                                        for e in r.all_expectations]


def _attack_then(reaction_line: str, extra_aura: str = "") -> str:
    return CARDS + f'''Alice is the turn player; hero life 20, wields "Iris of Reality", controls "Spectral Shield"{extra_aura}, 3 resource points
Bob: hero life 20, hand "Shunt Stand-in"
Alice attacks with "Spectral Shield"
Bob does not defend
Alice passes
{reaction_line}
Alice passes
'''


def test_fab_20_1_1_destroying_the_source_closes_the_chain_without_damage():
    r = ruling(_attack_then('Bob plays "Shunt Stand-in" targeting Alice\'s "Spectral Shield"') + '''
settle
expect Bob life 20
expect "Spectral Shield" does not hit
expect "Shunt Stand-in" in Bob's graveyard
expect Alice action points 0
''')
    _all_pass(r)
    cited = steps_citing(r, "fab-1.4 20.1.1")
    assert any("does not resolve" in s.description for s in cited)
    assert any("the combat chain closes" in s.description for s in cited)


def test_fab_20_1_1_a_non_token_source_destroyed_goes_to_the_graveyard_and_the_chain_closes():
    r = ruling(CARDS + '''Alice is the turn player; hero life 20, wields "Iris of Reality", controls "Shield Two", 3 resource points
Bob: hero life 20, hand "Shunt Stand-in"
Alice attacks with "Shield Two"
Bob does not defend
Alice passes
Bob plays "Shunt Stand-in" targeting Alice's "Shield Two"
Alice passes
settle
expect "Shield Two" in Alice's graveyard
expect Bob life 20
''')
    _all_pass(r)
    assert steps_citing(r, "fab-1.4 20.1.1")


def test_fab_20_1_1_destroying_another_weapon_aura_leaves_the_attack_to_resolve():
    r = ruling(_attack_then('Bob plays "Shunt Stand-in" targeting Alice\'s "Shield Two"',
                            ', "Shield Two"') + '''
settle
expect "Shield Two" in Alice's graveyard
expect Bob life 19
expect "Spectral Shield" hits
''')
    _all_pass(r)
    assert not steps_citing(r, "fab-1.4 20.1.1")



def test_fab_20_1_1_a_plain_aura_is_not_a_weapon_so_not_a_legal_target():
    r = ruling(_attack_then('Bob plays "Shunt Stand-in" targeting Alice\'s "Other Aura"',
                            ', "Other Aura"') + '''
settle
expect "Other Aura" in Alice's permanents
expect "Spectral Shield" hits
expect Bob life 19
''')
    _all_pass(r)
    assert any("not a legal target" in s.description for s in steps_citing(r, "fab-1.4 23.1.1"))


def test_fab_20_1_1_a_source_banished_instead_of_destroyed_is_not_modelled():
    # 20.1.1 speaks of a destroyed source; leaving the arena another way is not guessed
    r = ruling(CARDS + '''card "Shield Three": Illusionist Aura, cost 0, pitch 1: "**Instant** - {r}: Banish this."
Alice is the turn player; hero life 20, wields "Iris of Reality", controls "Shield Three", 4 resource points
Bob: hero life 20
Alice activates "Shield Three" ability "Attack"
Bob does not defend
Alice activates "Shield Three" ability "Banish"
Alice passes
settle
expect "Shield Three" in Alice's banished
''')
    assert not steps_citing(r, "fab-1.4 20.1.1")
    assert any("left the arena without being destroyed" in what for what in r.all_not_modelled)


def test_fab_20_1_1_a_printed_weapon_destroyed_during_its_attack_closes_the_chain():
    r = ruling('''card "Blade": Warrior Weapon - Sword (1H), power 3: "**Once per Turn Action** - {r}: **Attack**"
card "Weapon Breaker": Generic Defense Reaction, cost 0, pitch 1, defense 1: "Destroy target weapon."
Alice is the turn player; hero life 20, wields "Blade", 1 resource point
Bob: hero life 20, hand "Weapon Breaker"
Alice attacks with "Blade"
Bob does not defend
Alice passes
Bob plays "Weapon Breaker" targeting Alice's "Blade"
Alice passes
settle
expect "Blade" in Alice's graveyard
expect Bob life 20
''')
    _all_pass(r)
    assert any("does not resolve" in s.description for s in steps_citing(r, "fab-1.4 20.1.1"))
