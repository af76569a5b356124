"""Costs of cards the text describes (403.1, 403.3, 707.1e): an alternate cost of destroying,
removing from the game, discarding or exhausting a number of cards is paid when stated, all of
it or not at all; a payment power's cost of several cards takes that many, from where the text
says. Own scenarios (corpus texts from the tuning part, types and numbers written for them)."""

from __future__ import annotations

from judge.games.run import run_scenario
from judge.scenario.parser import parse

HEAD = 'scenario "t"\ngame wow-7.4\n'
SPARE = 'card "Spare Card": Ally - Orc Warrior, cost 1, atk 1, health 1, type melee\n'


def _ruling(body: str):
    return run_scenario(parse(HEAD + SPARE + body, "t.scn"))


def _descriptions(ruling) -> list[str]:
    return [s.description for s in ruling.steps]


JULIA = ('card "Julia Graves": Ally - Human Warlock, cost 4, atk 3, health 3, type shadow: "You '
         'may remove two ally cards in your graveyard from the game rather than pay Julia '
         'Graves\'s cost."\n'
         'card "Fireball": Ability - Fire, cost 2\n')


def test_wow_403_1_an_alternate_cost_of_two_cards_cant_be_paid_with_one():
    """One ally card in the graveyard: "remove two ally cards ..." can't be paid in full, so it
    can't be paid (403.1) - the play is refused (it was named not modelled)."""
    ruling = _ruling(JULIA + 'Alice is the turn player; 1 resource, hand "Julia Graves", '
                     'graveyard "Spare Card", "Fireball"\n'
                     'Alice uses "Julia Graves"\n'
                     'expect Alice plays "Julia Graves" is not allowed\n')
    assert ruling.passed, _descriptions(ruling)
    assert not ruling.not_modelled, ruling.not_modelled


KIANI = ('card "Kiani De\'nara": Ally - Blood Elf Hunter, cost 6, atk 3, health 3, type ranged: '
         '"You may destroy four of your resources rather than pay Kiani De\'nara\'s cost."\n')


def test_wow_403_1_a_counted_alternate_cost_destroys_that_many_cards():
    """"destroy four of your resources": four are destroyed (one was, before)."""
    ruling = _ruling(KIANI + 'Alice is the turn player; resources "Spare Card", "Spare Card", '
                     '"Spare Card", "Spare Card", "Spare Card", hand "Kiani De\'nara"\n'
                     'Alice uses "Kiani De\'nara"\nAlice plays "Kiani De\'nara"\nsettle\n'
                     'expect "Kiani De\'nara" in Alice\'s controls\n'
                     'expect Alice graveyard count 4\n')
    assert ruling.passed, _descriptions(ruling)
    ruling = _ruling(KIANI + 'Alice is the turn player; resources "Spare Card", "Spare Card", '
                     '"Spare Card", hand "Kiani De\'nara"\n'
                     'Alice uses "Kiani De\'nara"\n'
                     'expect Alice plays "Kiani De\'nara" is not allowed\n')
    assert ruling.passed, _descriptions(ruling)


def test_wow_415_9e_a_discard_cost_of_two_cards_is_paid_from_the_hand():
    """"Discard two cards → Draw a card.": two cards of the payer's hand go to his graveyard,
    each chosen by him (before, one card in play was removed from the game)."""
    body = ('card "Tapper": Ally - Human Warrior, cost 1, atk 1, health 3, type melee: "Discard '
            'two cards → Draw a card."\n'
            'card "Footman": Ally - Human Warrior, cost 1, atk 1, health 1, type melee\n'
            'Alice is the turn player; hand "Spare Card", "Footman", "Footman", '
            'controls "Tapper", deck 5 cards\n'
            'Alice activates "Tapper"\n'
            'Alice chooses "Footman"\nAlice chooses "Footman"\nsettle\n'
            'expect Alice graveyard count 2\nexpect "Spare Card" in Alice\'s hand\n'
            'expect "Tapper" in Alice\'s controls\nexpect Alice hand count 2\n')
    ruling = _ruling(body)
    assert ruling.passed, _descriptions(ruling)
    assert any("Footman is discarded" in d for d in _descriptions(ruling))


def test_wow_403_1_an_exhaust_cost_naming_what_no_card_is_tagged_with_is_named():
    """"You may exhaust one of your Shields rather than pay Shield Bash's cost": the card
    grammar keeps the plural "Shields" as a name; no card of the game is named or tagged so,
    so too few cards matching it is not taken to mean the cost can't be paid: named."""
    body = ('card "Shield Bash": Instant Ability - Protection, cost 3: "You may exhaust one of '
            'your Shields rather than pay Shield Bash\'s cost.\\n\\nYour hero deals 1 damage to '
            'target hero or ally."\n'
            'card "Buckler": Equipment - Armor - Shield Off-Hand (1), cost 1, def 1\n'
            'Alice is the turn player; 1 resource, hand "Shield Bash", controls "Buckler"\n'
            'Bob: 1 resource\n'
            'Alice uses "Shield Bash"\nAlice plays "Shield Bash" targeting Bob\n')
    ruling = _ruling(body)
    assert any("Shields" in n for n in ruling.not_modelled), ruling.not_modelled
    assert not any(s.action == "refused" for s in ruling.steps), _descriptions(ruling)


def test_wow_403_1_an_exhaust_alternate_cost_needs_a_ready_card():
    """The only non-hero Mage is exhausted: the alternate cost can't be paid (refused)."""
    body = ('card "Lesson of the Arcane": Instant Ability - Arcane, cost 3: "You may exhaust a '
            'non-hero Mage you control rather than pay this ability\'s cost.\\n\\nIf a Mage you '
            'control is defending, remove it from combat and draw a card."\n'
            'card "Magus": Ally - Human Mage, cost 1, atk 1, health 3, type arcane\n'
            'Alice is the turn player; 3 resources, hand "Lesson of the Arcane", '
            'controls "Magus" exhausted\n'
            'Alice uses "Lesson of the Arcane"\n'
            'expect Alice plays "Lesson of the Arcane" is not allowed\n')
    ruling = _ruling(body)
    assert ruling.passed, _descriptions(ruling)


def test_wow_a_condition_on_a_card_described_holds_when_one_of_them_is_in_that_state():
    """"If a Mage you control is defending": one of Alice's Mages defending is enough (it
    was read as every Mage she controls defending)."""
    body = ('card "Lesson": Instant Ability - Arcane, cost 0: "If a Mage you control is '
            'defending, draw a card."\n'
            'card "Apprentice": Ally - Gnome Mage, cost 1, atk 1, health 3, type arcane\n'
            'card "Magus": Ally - Human Mage, cost 1, atk 1, health 3, type arcane\n'
            'card "Grunt": Ally - Orc Warrior, cost 1, atk 3, health 3, type melee\n'
            'Bob is the turn player; controls "Grunt"\n'
            'Alice: hand "Lesson", controls "Apprentice", "Magus", deck 3 cards\n'
            'Bob attacks with "Grunt" targeting Alice\'s "Apprentice"\n'
            'Bob passes\nAlice passes\nBob passes\nAlice passes\nBob passes\n'
            'Alice plays "Lesson"\nAlice passes\nBob passes\n'
            'expect Alice hand count 1\n')
    ruling = _ruling(body)
    assert ruling.passed, _descriptions(ruling)
