"""Restrictions on playing and activating (FaB 15.2, 15.2.2, 17.2.1, 20.4.4b): the card
grammar's Restriction values and the engine refusing what they forbid."""

from __future__ import annotations

import pytest

from judge.cards.fab import parse
from judge.cards.model import Conditional, Restriction
from tests.engine.helpers import expectation, ruling, steps_citing

EXUDE_TEXT = ("While Exude Confidence isn't defended by a card with equal or greater {p}, the "
              "defending hero can't play or activate instants or defense reactions this combat "
              "chain.\\n\\n**Instant** - {r}{r}{r}: Exude Confidence gains +2{p}. Activate this "
              "ability only while Exude Confidence is attacking.")
CARDS = f'''card "Exude": Generic Action - Attack, cost 0, pitch 1, power 4, defense 2: "{EXUDE_TEXT.replace("Exude Confidence", "Exude")}"
card "Zap": Wizard Instant, cost 0, pitch 1: "Deal 1 arcane damage to target hero."
card "Four": Generic Action - Attack, cost 0, pitch 1, power 4, defense 3
card "Boots": Generic Equipment - Legs, defense 1
'''


def test_fab_15_2_activate_only_while_parses_to_a_restriction_with_its_condition():
    card = parse("**Instant** - {r}{r}{r}: Exude Confidence gains +2{p}. Activate this ability "
                 "only while Exude Confidence is attacking.", name="Exude Confidence")
    (ability,) = card.abilities
    restriction = ability.effects[-1]
    assert isinstance(restriction, Restriction)
    assert restriction.actions == ("activate",)
    only = restriction.only
    assert (only.kind, only.test, only.state) == ("only while", "is", "attacking")
    assert only.subject.ref == "this"          # its own name means itself


def test_fab_17_2_1_cant_play_or_activate_parses_to_a_conditional_restriction():
    card = parse(EXUDE_TEXT.replace("\\n", "\n"), name="Exude Confidence")
    (conditional,) = card.abilities[0].effects
    assert isinstance(conditional, Conditional) and conditional.condition.kind == "while"
    cond = conditional.condition
    assert cond.negated and cond.event.verb == "be defended" and cond.event.subject.ref == "this"
    compare = cond.event.by.filters[0].comparison
    assert (compare.left.measure, compare.op) == ("power", ">=")
    (restriction,) = conditional.then
    assert restriction.actions == ("play", "activate")
    assert restriction.who.kinds == ("hero",) and restriction.who.qualities == ("defending",)
    assert restriction.what.kinds == ("instant",)
    assert restriction.what.alternatives[0].kinds == ("defense reaction",)
    assert restriction.duration.kind == "this chain"


def _exude(body: str):
    return ruling(CARDS + body)


def test_fab_20_4_4b_restriction_is_off_until_the_attack_is_attacking():
    r = _exude('''Alice is the turn player; hero life 20, hand "Exude"
Bob: hero life 20, hand "Zap", "Sink Below"
Alice plays "Exude"
Alice passes
expect Bob plays "Zap" targeting Alice is allowed
Bob passes
Bob does not defend
expect Bob plays "Zap" targeting Alice is not allowed
expect Bob plays "Sink Below" is not allowed
''')
    assert all(e.passed for e in r.all_expectations), [e.actual for e in r.all_expectations]
    assert steps_citing(r, "fab-1.4 20.4.4b")
    assert steps_citing(r, "fab-1.4 17.2.1")


def test_fab_17_2_1_restriction_is_off_while_a_defender_has_equal_power():
    r = _exude('''Alice is the turn player; hero life 20, hand "Exude"
Bob: hero life 20, hand "Four", "Zap"
Alice plays "Exude"
Bob defends with "Four"
expect Bob plays "Zap" targeting Alice is allowed
''')
    assert expectation(r, "is allowed").passed


def test_fab_17_2_1_restriction_turns_on_when_the_attack_gains_power():
    r = _exude('''Alice is the turn player; hero life 20, hand "Exude", 3 resource points
Bob: hero life 20, hand "Four", "Zap"
Alice plays "Exude"
Bob defends with "Four"
Alice activates "Exude"
Alice passes
Bob passes
settle
expect "Exude" power 6
expect Bob plays "Zap" targeting Alice is not allowed
''')
    assert all(e.passed for e in r.all_expectations), [e.actual for e in r.all_expectations]
    turned = [s for s in steps_citing(r, "fab-1.4 17.2.1") if "turns on" in s.description]
    assert turned and "6 power" in turned[0].description


def test_fab_19_6_1_a_defender_without_power_is_not_a_card_with_equal_or_greater_power():
    r = _exude('''Alice is the turn player; hero life 20, hand "Exude"
Bob: hero life 20, hand "Zap", wears "Boots"
Alice plays "Exude"
Bob defends with "Boots"
expect Bob plays "Zap" targeting Alice is not allowed
''')
    e = expectation(r, "is not allowed")
    assert e.passed and "Boots has no power value" in e.actual


def test_fab_15_2_activate_only_while_attacking_is_refused_in_the_attack_step():
    r = _exude('''Alice is the turn player; hero life 20, hand "Exude", 3 resource points
Bob: hero life 20
Alice plays "Exude"
expect Alice activates "Exude" is not allowed
''')
    e = expectation(r, "is not allowed")
    assert e.passed and "Exude is not attacking" in e.actual


def test_fab_15_2_2_ability_of_an_attack_on_a_previous_chain_link_can_be_activated():
    r = _exude('''Alice is the turn player; hero life 20, hand "Exude", "Red", 2 action points, 3 resource points
Bob: hero life 20
Alice plays "Exude"
Bob does not defend
Alice plays "Red"
Alice activates "Exude"
settle
expect "Exude" power 6
''')
    assert expectation(r, "power 6").passed
    (step,) = steps_citing(r, "fab-1.4 15.2.2")
    assert "chain link 1, which has resolved" in step.description
    assert not r.all_not_modelled


def test_fab_17_2_1_an_unknown_condition_is_not_modelled_rather_than_guessed():
    r = ruling('''card "Odd": Generic Action - Attack, cost 0, pitch 1, power 4, defense 2: "While you have 3 or more cards in hand, the defending hero can't play instants this combat chain."
card "Zap": Wizard Instant, cost 0, pitch 1: "Deal 1 arcane damage to target hero."
Alice is the turn player; hero life 20, hand "Odd"
Bob: hero life 20, hand "Zap"
Alice plays "Odd"
Bob does not defend
expect Bob plays "Zap" targeting Alice is not allowed
''')
    # the effect turns on when Odd is attacking (20.4.4b): whether it is on is not guessed
    assert any("the condition 'you have 3 or more cards in hand'" in what
               for what in r.all_not_modelled)


@pytest.mark.parametrize("text", ["instants or defense reactions", "defense reactions"])
def test_fab_17_2_1_restricted_kinds_are_read_from_the_values(text):
    from judge.games.fab.restrictions import _restricted_kinds
    (restriction,) = parse(f"Target hero can't play {text}.").abilities[0].effects
    assert _restricted_kinds(restriction.what)[-1] == "defense reaction"


def test_fab_17_1_a_restriction_created_by_a_resolving_card_is_not_modelled_not_ignored():
    # Burdens of the Past: only attacks' static restrictions are carried out so far
    r = ruling('card "Burdens": Generic Instant, cost 0, pitch 1: "Until end of turn, target hero '
               'can\'t play defense reaction cards with the same name as a card in their '
               'graveyard."\nAlice is the turn player; hero life 20, hand "Burdens"\n'
               'Bob: hero life 20\nAlice plays "Burdens" targeting Bob\n')
    assert any("can't play" in what for what in r.all_not_modelled)
