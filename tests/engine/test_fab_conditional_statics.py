"""Conditional static abilities of permanents (FaB 17.2.1, 19.6.1): Harmonized Kodachi's "If
you have a card in your pitch zone with cost 0, this card's attacks get go again"."""

from __future__ import annotations

from tests.engine.helpers import expectation, ruling, steps_citing

KODACHI = ('card "Kodachi": Ninja Weapon - Dagger (1H), power 1: "**Once per Turn Action** - '
           '{r}: **Attack**\\n\\nIf you have a card in your pitch zone with cost 0, this card\'s '
           'attacks get **go again**."\n'
           'card "Heart": Generic Resource - Gem, pitch 3\n'
           'card "Zero": Generic Action, cost 0, pitch 1\n'
           'card "One": Generic Action, cost 1, pitch 1\n')


def test_fab_17_2_1_pitching_a_cost_0_card_turns_go_again_on():
    r = ruling(KODACHI + '''Alice is the turn player; hero life 20, wields "Kodachi", hand "Zero"
Bob: hero life 20
Alice attacks with "Kodachi" pitching "Zero"
Bob does not defend
settle
expect Alice action points 1
expect Bob life 19
''')
    assert all(e.passed for e in r.all_expectations), [e.actual for e in r.all_expectations]
    assert any("turns on" in s.description for s in steps_citing(r, "fab-1.4 17.2.1"))
    assert steps_citing(r, "fab-1.4 Go again")


def test_fab_19_6_1_a_card_with_another_cost_does_not_answer_cost_0():
    r = ruling(KODACHI + '''Alice is the turn player; hero life 20, wields "Kodachi", hand "One"
Bob: hero life 20
Alice attacks with "Kodachi" pitching "One"
Bob does not defend
settle
expect Alice action points 0
''')
    assert expectation(r, "action points 0").passed
    assert not any("turns on" in s.description for s in r.steps)


def test_fab_19_6_1_heart_of_fyendal_answers_false_and_is_cited():
    r = ruling(KODACHI + '''Alice is the turn player; hero life 20, wields "Kodachi", pitch "Heart", 1 resource point
Bob: hero life 20
Alice attacks with "Kodachi"
Bob does not defend
settle
expect Alice action points 0
''')
    assert expectation(r, "action points 0").passed
    (step,) = steps_citing(r, "fab-1.4 19.6.1")
    assert "Heart has no cost value" in step.description


def test_fab_17_2_1_an_unreadable_condition_is_not_modelled():
    r = ruling('card "Odd Blade": Ninja Weapon - Dagger (1H), power 1: "**Once per Turn Action** - '
               '{r}: **Attack**\\n\\nIf you have dealt damage this turn, this card\'s attacks get '
               '**go again**."\nAlice is the turn player; hero life 20, wields "Odd Blade"\n'
               'Bob: hero life 20\n')
    assert any("the condition" in what for what in r.all_not_modelled)
