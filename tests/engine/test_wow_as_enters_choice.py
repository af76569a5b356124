"""710.1a: "As [this] enters play, choose ..." - the choice is made as the card enters play, by
its controller, asked as a decision (never assumed), without the chain, and remembered by the
card while it stays in play ("Addisyn has the chosen resistance"). Own scenarios (Centurion
Addisyn's text from the corpus's tuning part; the other cards written for them)."""

from __future__ import annotations

from judge.cards import wow as cards
from judge.games.run import run_scenario
from judge.games.wow import powers as P
from judge.scenario.parser import parse

ADDISYN = ('card "Centurion Addisyn": Ally - Human Warrior, cost 0, atk 2, health 4, type melee: '
           '"Protector\\n\\nAs Addisyn enters play, choose arcane, fire, frost, nature, or '
           'shadow.\\n\\nAddisyn has the chosen resistance."\n'
           'card "Fire Bolt": Instant Ability - Fire, cost 0: "Your hero deals 2 fire damage to '
           'target hero or ally."\n'
           'card "Banish": Instant Ability - Arcane, cost 0: "Return target ally to its owner\'s '
           'hand."\n')


def _ruling(body: str):
    return run_scenario(parse('scenario "t"\ngame wow-7.4\n' + ADDISYN + body, "t.scn"))


def _steps(ruling) -> list[str]:
    return [s.description for s in ruling.steps]


def test_wow_710_1a_the_card_grammar_reads_the_chosen_resistance_as_that_keyword():
    card = cards.parse("As Addisyn enters play, choose arcane, fire, frost, nature, or shadow."
                       "\n\nAddisyn has the chosen resistance.", name="Centurion Addisyn")
    assert P.entered_choice(card.abilities[0]) == ("arcane", "fire", "frost", "nature",
                                                    "shadow")
    gain = card.abilities[1].effects[0]
    assert P.chosen_resistance(gain.keyword) and gain.target.ref == "this"


def test_wow_710_1a_the_choice_is_asked_as_the_card_enters_and_never_assumed():
    """Not stated: named not modelled citing 710.1a (nothing is assumed); stated: the card has
    that resistance and no other."""
    body = ('Alice is the turn player; hand "Centurion Addisyn"\nBob: hand "Fire Bolt"\n'
            'Alice plays "Centurion Addisyn"\nsettle\n')
    ruling = _ruling(body)
    named = [s for s in ruling.steps if s.not_modelled and "which damage type" in
             s.not_modelled]
    assert named and any("710.1a" in c for c in named[0].citations), _steps(ruling)
    ruling = _ruling('Alice is the turn player; hand "Centurion Addisyn"\nBob: hand "Fire Bolt"\n'
                     'Alice plays "Centurion Addisyn"\nAlice passes\nBob passes\n'
                     'Alice chooses "frost"\nAlice passes\n'
                     'Bob plays "Fire Bolt" targeting Alice\'s "Centurion Addisyn"\nsettle\n'
                     'expect "Centurion Addisyn" damage 2\n')
    assert ruling.passed and not ruling.not_modelled, _steps(ruling)


def test_wow_710_1a_a_card_that_leaves_play_and_returns_chooses_again():
    """The choice is the card's while it stays in play (415.9a: returned, it is a new card):
    fire first, then, played again, shadow - fire damage is dealt to it the second time."""
    ruling = _ruling('Alice is the turn player; hand "Centurion Addisyn", "Banish"\n'
                     'Bob: hand "Fire Bolt"\n'
                     'Alice plays "Centurion Addisyn"\nAlice passes\nBob passes\n'
                     'Alice chooses "fire"\n'
                     'Alice plays "Banish" targeting Alice\'s "Centurion Addisyn"\nsettle\n'
                     'Alice plays "Centurion Addisyn"\nAlice passes\nBob passes\n'
                     'Alice chooses "shadow"\nAlice passes\n'
                     'Bob plays "Fire Bolt" targeting Alice\'s "Centurion Addisyn"\nsettle\n'
                     'expect "Centurion Addisyn" damage 2\n')
    assert ruling.passed and not ruling.not_modelled, _steps(ruling)


def test_wow_710_1a_a_card_in_play_from_the_start_names_its_unknown_choice():
    """The scenario starts with Addisyn in play: what was chosen is not known, so damage dealt
    to her names it (never assumed to be no resistance)."""
    ruling = _ruling('Bob is the turn player; hand "Fire Bolt"\n'
                     'Alice: controls "Centurion Addisyn"\n'
                     'Bob plays "Fire Bolt" targeting Alice\'s "Centurion Addisyn"\nsettle\n')
    assert any("chosen as Centurion Addisyn entered play" in n for n in ruling.not_modelled), \
        ruling.not_modelled
