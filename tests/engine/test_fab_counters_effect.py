"""Effects that put counters (FaB glossary "Counters"): Buckling Blow's crush effect "put a -1{d}
counter on target equipment they control" puts a counter on the chosen equipment of the hero it
dealt damage to (Temper example 1); a target that does not fit the words, or none stated, is
named ``not modelled``, never guessed."""

from __future__ import annotations

from tests.engine.helpers import HEAD, ruling

BUCKLING = ('card "Buckling Blow": Guardian Action - Attack, cost 0, pitch 1, power 8, '
            'defense 3: "**Crush** - If Buckling Blow deals 4 or more damage to a hero, put a '
            '-1{d} counter on target equipment they control."\n'
            'card "Gauntlet": Generic Equipment - Arms, defense 2: "Temper"\n')


def _body(board_alice: str, target_line: str) -> str:
    return BUCKLING + f'''Alice is the turn player; hero life 20, hand "Buckling Blow"{board_alice}
Bob: hero life 20, wears "Gauntlet"
{target_line}Alice plays "Buckling Blow"
Bob does not defend
settle
expect Bob life 12
'''


def _not_modelled(r) -> list[str]:
    return [s.description for s in r.steps if "not modelled" in s.description]


def test_fab_counters_crush_puts_a_minus_one_defense_counter_on_the_chosen_equipment():
    r = ruling(_body("", 'Alice targets "Gauntlet" with "Buckling Blow"\n')
               + 'expect "Gauntlet" has 1 "-1{d}" counter\nexpect "Gauntlet" defense 1\n')
    assert all(e.passed for e in r.all_expectations), [e.actual for e in r.all_expectations]
    assert not _not_modelled(r)
    [step] = [s for s in r.steps if "gets 1 -1{d} counter" in s.description]
    assert "fab-1.4 Counters" in step.citations


def test_fab_counters_equipment_of_another_hero_than_the_damaged_one_is_not_guessed():
    r = ruling(_body(', wears "Gauntlet"', 'Alice targets Alice\'s "Gauntlet" with '
                     '"Buckling Blow"\n'))
    assert any("does not fit" in d for d in _not_modelled(r)), _not_modelled(r)
    assert not [s for s in r.steps if "gets 1 -1{d} counter" in s.description]


def test_fab_counters_no_stated_target_is_named_not_modelled():
    r = ruling(_body("", ""))
    assert any("target equipment they control" in d for d in _not_modelled(r)), _not_modelled(r)
