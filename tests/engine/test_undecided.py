"""After a step the engine cannot model, the game state is unknown: every later expectation is
"undecided", never answered from a state that may be wrong (including "is (not) allowed")."""

from __future__ import annotations

from tests.engine.helpers import ruling

BODY = '''card "Mystery": Generic Action, cost 0, pitch 1: "Deal X damage to target hero, where X is the number of cards in your hand."
Alice is the turn player; hero life 20, hand "Mystery", "Red"
Bob: hero life 20
Alice plays "Mystery" targeting Bob
Alice passes
Bob passes
expect Alice plays "Red" is allowed
expect Alice plays "Red" is not allowed
settle
expect Bob life 20
'''


def test_expectations_after_a_not_modelled_step_are_undecided_including_allowed():
    r = ruling(BODY)
    assert r.all_not_modelled, "the X definition is expected to stay not modelled"
    results = r.all_expectations
    assert len(results) == 3
    for e in results:
        assert not e.passed and e.actual.startswith("undecided (not modelled:"), e


STAR = '''card "Procession": Illusionist Action - Attack, cost 0, pitch 1, power *, defense 3: "Procession's {p} is equal to the number of Spectral Shields you control."
Alice is the turn player; hero life 20, hand "Procession"
Bob: hero life 20
Alice plays "Procession"
Bob does not defend
Alice passes
Bob passes
Alice passes
Bob passes
'''


def test_the_end_of_a_scenario_does_not_run_the_game_on_from_an_unknown_state():
    """The game runs on by itself at the end of a scenario (everyone passing by default) only
    while its state is known: after a step that is not modelled it would advance from a state
    that may be wrong (here passing priority until the step budget ran out, 2,000 passes of an
    attack whose power is not known; elsewhere resolving a card and dealing damage that the
    answer's life totals then showed)."""
    r = ruling(STAR)
    assert r.all_not_modelled
    first = next(i for i, s in enumerate(r.steps) if s.not_modelled)
    later = [s for s in r.steps[first:] if not s.not_modelled and s.line is None]
    assert not later, [s.description for s in later][:3]
    assert not any("step budget" in s.description for s in r.steps)


def test_a_settle_line_after_a_not_modelled_step_is_named_not_run():
    """A ``settle`` line, like an action line, is not carried out from an unknown state: the
    ruling names it instead of passing and resolving from a state that may be wrong."""
    r = ruling(BODY)
    named = [s for s in r.steps if s.not_modelled and s.description.startswith(
        "not modelled: settle (the game state is unknown")]
    assert len(named) == 1 and named[0].line is not None
    assert not [s for s in r.steps if s.line == named[0].line and not s.not_modelled]
