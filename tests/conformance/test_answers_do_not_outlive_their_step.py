"""An answer a line gives to a decision reached only on implicit passes that were then abandoned
(the action they led to was refused) is not kept for a later decision of the same key: that
decision may have other options (found by the random-play conformance test, toy game)."""

from __future__ import annotations

from judge.games.run import execute
from judge.scenario.parser import parse
from tests.conformance.test_conformance import TOY_CARDS

HEAD = 'scenario "stale answer"\ngame toy-1\n' + "".join(
    f'card "{n}": {d}\n' for n, d in TOY_CARDS.items())
BODY = '''Alice is the turn player; life 10, hand "Strip", "Bolt"
Bob: life 10, hand "Mend", "Spark", "Bolt"
Alice plays "Strip" targeting Bob
Alice passes
Alice plays "Bolt"
Bob discards "Mend"
Bob plays "Mend"
settle
'''


def test_an_answer_spent_on_abandoned_passes_is_not_used_later(toy_home):
    run = execute(parse(HEAD + BODY, "stale.scn"))
    texts = [s.description for s in run.ruling.steps]
    # Alice's "Bolt" (no target) is refused after the passes that would resolve Strip
    assert any("Bolt" in t and "not allowed" in t for t in texts), texts
    # Bob's answer is said to be unused, and Strip's later discard is not answered by it
    assert any("not used" in t and "Mend" in t for t in texts), texts
    assert not any("discards Mend" in t for t in texts), texts
