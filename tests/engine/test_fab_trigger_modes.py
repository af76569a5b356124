"""16.2.1: the mode of a triggered effect is chosen as it is added to the chain, by the line
that answers it; unstated, it is not modelled (never guessed); the chosen mode alone resolves."""

from __future__ import annotations

from tests.engine.helpers import expectation, ruling, steps_citing

BODY = '''card "Hummingbird, Call of Adventure": Bard Weapon - Lute (2H): "At the start of your turn, choose 1;\\n- Each hero creates a Quicken token.\\n- Each hero draws a card.\\n- Each hero gains 1{{h}}."
Alice is the turn player; hero life 20, intellect 1, deck top "Red", not first turn
Bob: hero life 20, intellect 1, wields "Hummingbird, Call of Adventure", hand "Red", deck top "Block A"
Alice passes
Bob passes
{line}settle
expect Bob hand count {n}
'''


def test_fab_16_2_1_the_stated_mode_resolves_alone():
    r = ruling(BODY.format(line='Bob chooses "Each hero draws a card."\n', n=2))
    assert expectation(r, "hand count 2").passed and not r.all_not_modelled
    assert any("as it is added to the chain" in s.description
               for s in steps_citing(r, "fab-1.4 16.2.1"))


def test_fab_16_2_1_an_unstated_mode_is_not_modelled():
    r = ruling(BODY.format(line="", n=1))
    assert any("which mode" in what and "not stated" in what for what in r.all_not_modelled)
    assert not expectation(r, "hand count").passed
