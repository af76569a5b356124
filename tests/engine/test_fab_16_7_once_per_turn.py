"""16.7: "Once per Turn Effect - ..." (as the corpus prints it) is a triggered effect that triggers
the first time its condition occurs each turn; the label is not a keyword to name."""

from __future__ import annotations

from tests.engine.helpers import ruling

AURA = ('card "Lifebloom": Generic Action - Aura, cost 0, pitch 1: "**Once per Turn Effect** - '
        'Whenever you play an attack action card, gain 1{h}."\n')


def test_fab_16_7_once_per_turn_effect_triggers_once():
    r = ruling(AURA + 'Alice is the turn player; hero life 20, controls "Lifebloom", hand '
               '"Quick Jab", "Quick Jab"\nBob: hero life 20\nAlice plays "Quick Jab"\n'
               'Bob does not defend\nsettle\nAlice plays "Quick Jab"\nBob does not defend\n'
               'settle\nexpect Alice life 21\nexpect cites "16.7"\n')
    assert not r.all_not_modelled, r.all_not_modelled
    assert all(e.passed for e in r.all_expectations), [(e.text, e.actual)
                                                       for e in r.all_expectations]
