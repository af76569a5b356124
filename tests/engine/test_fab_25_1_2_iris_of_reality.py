"""FaB 25.1.2 (a card without {p} can be given {p} and base power) and 17.2.1 with Iris of
Reality's printed text: "During your action phase, Illusionist auras you control are weapons
with 4{p} and Once per Turn Action - {r}{r}{r}: Attack. Go again"."""

from __future__ import annotations

from tests.engine.helpers import expectation, ruling, steps_citing

IRIS = ('card "Iris of Reality": Illusionist Weapon - Orb (2H): "During your action phase, '
        'Illusionist auras you control are weapons with 4{p} and **Once per Turn Action** - '
        '{r}{r}{r}: **Attack. Go again**"\n'
        'card "Spectral Shield": Illusionist Token - Aura\n'
        'card "Plain Aura": Generic Aura, cost 0, pitch 1\n')


def _all_pass(r) -> None:
    assert all(e.passed for e in r.all_expectations), [(e.text, e.actual)
                                                        for e in r.all_expectations]


def test_fab_25_1_2_an_illusionist_aura_has_4_power_and_base_power_during_the_action_phase():
    r = ruling(IRIS + '''Alice is the turn player; hero life 20, wields "Iris of Reality", controls "Spectral Shield"
Bob: hero life 20
expect "Spectral Shield" power 4
expect "Spectral Shield" base power 4
''')
    _all_pass(r)
    assert steps_citing(r, "fab-1.4 25.1.2")


def test_fab_25_1_2_the_granted_ability_attacks_with_4_power_and_go_again():
    r = ruling(IRIS + '''Alice is the turn player; hero life 20, wields "Iris of Reality", controls "Spectral Shield", 3 resource points
Bob: hero life 20
Alice attacks with "Spectral Shield"
Bob does not defend
settle
expect Bob life 16
expect Alice action points 1
expect Alice resource points 0
expect Alice attacks with "Spectral Shield" is not allowed
''')
    _all_pass(r)
    assert "once per turn" in expectation(r, "is not allowed").actual


def test_fab_25_1_2_the_granted_attack_costs_3_resources():
    r = ruling(IRIS + '''Alice is the turn player; hero life 20, wields "Iris of Reality", controls "Spectral Shield", 2 resource points
Bob: hero life 20
expect Alice attacks with "Spectral Shield" is not allowed
''')
    _all_pass(r)
    assert "for a cost of 3" in expectation(r, "is not allowed").actual


def test_fab_25_1_2_an_aura_that_is_not_illusionist_gets_nothing():
    r = ruling(IRIS + '''Alice is the turn player; hero life 20, wields "Iris of Reality", controls "Plain Aura", 3 resource points
Bob: hero life 20
expect "Plain Aura" power none
expect Alice attacks with "Plain Aura" is not allowed
''')
    _all_pass(r)


def test_fab_25_1_2_an_opponents_illusionist_aura_gets_nothing():
    r = ruling(IRIS + '''Alice is the turn player; hero life 20, wields "Iris of Reality"
Bob: hero life 20, controls "Spectral Shield"
expect "Spectral Shield" power none
''')
    _all_pass(r)


def test_fab_17_2_1_outside_the_controllers_action_phase_the_aura_has_no_power():
    r = ruling(IRIS + '''Bob is the turn player; hero life 20
Alice: hero life 20, wields "Iris of Reality", controls "Spectral Shield", 3 resource points
expect "Spectral Shield" power none
expect "Spectral Shield" base power none
expect Alice attacks with "Spectral Shield" is not allowed
''')
    _all_pass(r)
    (step,) = steps_citing(r, "fab-1.4 17.2.1")
    assert "it is off now" in step.description


def test_fab_17_2_1_the_effect_turns_off_when_the_action_phase_ends():
    r = ruling(IRIS + '''Alice is the turn player; hero life 20, intellect 4, deck 4 cards, wields "Iris of Reality", controls "Spectral Shield"
Bob: hero life 20, intellect 4, deck 4 cards
expect "Spectral Shield" power 4
Alice passes
Bob passes
settle
expect "Spectral Shield" power none
''')
    _all_pass(r)
    assert any("turns off" in s.description and "Spectral Shield has no power value"
               in s.description for s in steps_citing(r, "fab-1.4 25.1.1"))


def test_fab_17_2_1_once_iris_leaves_the_arena_the_aura_has_no_power():
    r = ruling(IRIS + '''card "Iris Breaker": Generic Action, cost 0, pitch 1: "Destroy target weapon."
Alice is the turn player; hero life 20, wields "Iris of Reality", controls "Spectral Shield", hand "Iris Breaker"
Bob: hero life 20
Alice plays "Iris Breaker" targeting Alice's "Iris of Reality"
settle
expect "Iris of Reality" in Alice's graveyard
expect "Spectral Shield" power none
''')
    _all_pass(r)


def test_fab_17_2_1_another_condition_is_not_modelled():
    r = ruling('card "Odd Orb": Illusionist Weapon - Orb (2H): "During your end phase, '
               'Illusionist auras you control are weapons with 4{p}"\n'
               'card "Spectral Shield": Illusionist Token - Aura\n'
               'Alice is the turn player; hero life 20, wields "Odd Orb", controls '
               '"Spectral Shield"\nBob: hero life 20\nexpect "Spectral Shield" power none\n')
    assert any("condition" in what for what in r.all_not_modelled), r.all_not_modelled
    assert not expectation(r, "power none").passed


def test_fab_25_1_2_a_quoted_granted_ability_without_go_again():
    r = ruling('card "Lumi": Illusionist Weapon - Scepter (2H): "During your action phase, '
               'Illusionist auras you control are weapons with 1{p} and \\"**Once per Turn Action** '
               '- 0: **Attack**\\""\n'
               'card "Spectral Shield": Illusionist Token - Aura\n'
               '''Alice is the turn player; hero life 20, wields "Lumi", controls "Spectral Shield"
Bob: hero life 20
expect "Spectral Shield" base power 1
Alice attacks with "Spectral Shield"
Bob does not defend
settle
expect Bob life 19
expect Alice action points 0
''')
    _all_pass(r)
