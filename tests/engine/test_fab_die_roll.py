"""Roll a 6 sided die (v1.4 glossary): chance gives the result, so the scenario states it
(``Bob rolls 4``) as the answer to the roll; unstated it is not modelled, and a number a 6 sided
die cannot show is refused. "Where X is the number rolled" reads the roll of the same effect."""

from __future__ import annotations

from tests.engine.helpers import expectation, ruling, steps_citing

ROLL = "fab-1.4 Roll a 6 sided die"
BODY = '''card "Bone Head Barrier": Brute Instant, cost 0, pitch 2: "Roll a 6 sided die. Prevent the next X damage that would be dealt to your hero this turn, where X is the number rolled."
Alice is the turn player; hero life 20, hand "Brute Force", "Red"
Bob: hero life 20, hand "Bone Head Barrier"
Alice plays "Brute Force" pitching "Red"
Bob does not defend
Alice passes
Bob plays "Bone Head Barrier"
Bob passes
Alice passes
{roll}settle
expect Bob life {life}
'''


def _run(roll: str, life: int):
    return ruling(BODY.format(roll=roll, life=life))


def test_fab_roll_a_6_sided_die_the_stated_number_is_x():
    for n in (1, 6):
        r = _run(f"Bob rolls {n}\n", 20 - (6 - n))
        assert expectation(r, "life").passed, n
        assert any(f"rolls a 6 sided die for Bone Head Barrier: {n}" in s.description
                   for s in steps_citing(r, ROLL))
        assert not r.all_not_modelled


def test_fab_roll_a_6_sided_die_unstated_is_not_modelled_never_a_guess():
    r = _run("", 14)
    assert any("rolls on a 6 sided die" in what and "not stated" in what
               for what in r.all_not_modelled)
    assert not expectation(r, "life").passed


def test_fab_roll_a_6_sided_die_seven_is_not_a_roll():
    r = _run("Bob rolls 7\n", 14)
    assert not expectation(r, "life").passed
    assert not any("rolls a 6 sided die for Bone Head Barrier: 7" in s.description for s in r.steps)


def test_fab_roll_with_nothing_rolling_is_refused():
    r = ruling('Alice is the turn player; hero life 20\nBob: hero life 20\n'
               'expect Alice rolls 3 is not allowed\n')
    assert expectation(r, "rolls 3").passed
