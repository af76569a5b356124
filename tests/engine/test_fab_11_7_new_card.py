"""11.7: a card that enters a zone outside the arena is a new card (Endless Arrow, 11.7 example 1),
and attack reaction / defense reaction activated abilities of permanents (15.4.3, 15.4.4)."""

from __future__ import annotations

from tests.engine.helpers import ruling

ARROW = ('card "Endless Arrow": Ranger Action - Arrow Attack, cost 0, pitch 1, power 4, '
         'defense 3: "When this hits, put it into its owner\'s hand."\n'
         'card "Scalers": Generic Equipment - Legs, defense 0: "**Attack Reaction** - Destroy '
         'this: Target attack action card with cost 1 or less gets **go again**."\n'
         'card "Costly": Generic Action - Attack, cost 2, pitch 1, power 4, defense 3\n')


def test_fab_11_7_the_card_back_in_hand_is_new_and_has_no_go_again():
    r = ruling(ARROW + 'Alice is the turn player; hero life 20, hand "Endless Arrow", wears '
               '"Scalers"\nBob: hero life 20\nAlice plays "Endless Arrow"\nBob does not defend\n'
               'Alice activates "Scalers"\nsettle\nexpect Alice action points 1\n'
               'Alice plays "Endless Arrow"\nBob does not defend\nsettle\n'
               'expect Alice action points 0\nexpect Bob life 12\nexpect cites "11.7"\n')
    assert not r.all_not_modelled and all(e.passed for e in r.all_expectations), \
        [(e.text, e.actual) for e in r.all_expectations]


def test_fab_15_4_3_an_attack_reaction_ability_is_refused_to_the_defending_hero():
    r = ruling(ARROW + 'Alice is the turn player; hero life 20, hand "Endless Arrow"\n'
               'Bob: hero life 20, wears "Scalers"\nAlice plays "Endless Arrow"\n'
               'Bob does not defend\nAlice passes\nBob activates "Scalers"\n')
    refused = [s for s in r.steps if s.action == "refused"]
    assert refused and refused[0].citations == ("fab-1.4 15.4.3",)


def test_fab_an_attack_that_fails_the_cost_filter_is_named_not_modelled():
    r = ruling(ARROW + 'Alice is the turn player; hero life 20, hand "Costly", wears "Scalers", '
               '2 resource points\nBob: hero life 20\nAlice plays "Costly"\nBob does not defend\n'
               'Alice activates "Scalers"\nsettle\n')
    assert any("cost 1 or less" in n and "cost is 2" in n for n in r.all_not_modelled)
