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
