"""Reprise (glossary) and targets on resolved chain links (23.2.2): Rout."""

from __future__ import annotations

from tests.engine.helpers import expectation, ruling

CARDS = '''card "Rout": Warrior Attack Reaction, cost 2, pitch 1, defense 3: "Target weapon attack gains +3{p}.\\n\\n**Reprise** - If the defending hero has defended with a card from their hand this chain link, you may return target non-equipment defending card to its owners hand."
card "Sword": Warrior Weapon - Sword (2H), power 2: "**Once per Turn Action** - {r}: **Attack**"
card "Jab": Generic Action - Attack, cost 0, pitch 1, power 2, defense 2: "Go again"
card "Guard A": Generic Action - Attack, cost 0, pitch 1, power 1, defense 3
card "Guard B": Generic Action - Attack, cost 0, pitch 1, power 1, defense 3
Alice is the turn player; hero life 20, hand "Jab", "Rout", wields "Sword", 3 resource points
Bob: hero life 20, hand "Guard A", "Guard B"
Alice plays "Jab"
Bob defends with "Guard A"
Alice attacks with "Sword"
'''


def test_fab_reprise_is_off_without_a_card_from_hand_on_this_chain_link():
    r = ruling(CARDS + '''Bob does not defend
Alice plays "Rout" targeting "Sword" and Bob's "Guard A"
Alice uses return of "Rout"
settle
expect "Guard A" not in Bob's hand
expect Bob life 15
''')
    assert all(e.passed for e in r.all_expectations), [e.actual for e in r.all_expectations]
    assert any("the effect does nothing" in s.description for s in r.steps)


def test_fab_reprise_may_is_declined_by_default_and_says_so():
    r = ruling(CARDS + '''Bob defends with "Guard B"
Alice plays "Rout" targeting "Sword" and Bob's "Guard A"
settle
expect "Guard A" not in Bob's hand
''')
    assert expectation(r, "Guard A").passed
    assert any(s.default_applied and "optional: decline" in s.default_applied for s in r.steps)
