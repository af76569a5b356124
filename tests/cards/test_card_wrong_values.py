"""Values that were wrong and counted as parsed (issue 17's eighth round): the sentences are the
developers' own, not corpus cards. A wrong value is worse than an unread part: each test fails
on the code before the round."""

from __future__ import annotations

import pytest

from judge.cards import ashes, fab, model as M, ufs, wow


def _one(card: M.CardText, cls):
    assert not card.unparsed, card.unparsed
    found = [v for v in M.walk(card) if isinstance(v, cls)]
    assert len(found) == 1, found
    return found[0]


# --------------------------------------------------------------- "A and B" is both, "A or B" one

@pytest.mark.parametrize("reader, text, parts", [
    (ashes, "Deal 1 damage to each unit you control and each Phoenixborn you control.",
     [("unit",), ("phoenixborn",)]),
    (ashes, "Deal 2 damage to a target unit you control and a target unit an opponent controls.",
     [("unit",), ("unit",)]),
    (wow, "Destroy target ally and target hero.", [("ally",), ("hero",)]),
    (fab, "Deal 1 arcane damage to target hero and up to 2 target allies they control.",
     [("hero",), ("ally",)]),
])
def test_ashes_6_0_0_objects_joined_by_and_are_all_of_them(reader, text, parts):
    """Objects joined by "and" are every one of them (all_of), never one of either kind."""
    effect = _one(reader.parse(text), (M.Damage, M.Move))
    t = effect.target if isinstance(effect, M.Damage) else effect.what
    assert t.all_of
    assert [p.kinds for p in (t,) + t.alternatives] == parts


@pytest.mark.parametrize("reader, text", [
    (ashes, "Deal 1 damage to a target unit or Phoenixborn."),
    (wow, "Destroy target ally or hero."),
])
def test_objects_joined_by_or_stay_a_choice(reader, text):
    effect = _one(reader.parse(text), (M.Damage, M.Move))
    t = effect.target if isinstance(effect, M.Damage) else effect.what
    assert t.alternatives and not t.all_of


def test_wow_subjects_joined_by_and_are_all_of_them():
    """"You and target opponent each draw a card": both players draw."""
    move = _one(wow.parse("You and target opponent each draw a card."), M.Move)
    assert move.who.all_of and len(move.who.alternatives) == 1


# --------------------------------------------------------------- where a discarded card comes from

@pytest.mark.parametrize("reader, text", [
    (fab, "Discard a card."),                # fab-1.4 glossary Discard: from hand
    (wow, "Discard a card."),                # wow-7.4 415.9e
    (ufs, "Discard a card."),                # ufs-0.9 K.2.1
    (fab, "**Instant** - Discard this: Create an Agility token."),
])
def test_fab_wow_ufs_discard_is_from_hand(reader, text):
    card = reader.parse(text)
    moves = [v for v in M.walk(card) if isinstance(v, M.Move) and v.verb == "discard"]
    costs = [c for a in card.abilities for c in a.costs]
    assert moves or costs
    for m in moves:
        assert m.from_zone is not None and m.from_zone.name == "hand"


@pytest.mark.parametrize("text", [
    "Discard this unit.",
    "* Fleeting: Discard this card at the end of this round.",
    "You may discard a target alteration spell.",
    "You may discard an unexhausted ready spell you control.",
])
def test_ashes_5_1_0_a_card_is_discarded_from_where_it_is(text):
    """Ashes discards cards in play (5.1.0): "discard this unit" is no discard from the hand -
    the zone is left open (where the card is), never assumed."""
    move = _one(ashes.parse(text), M.Move)
    assert move.verb == "discard" and move.from_zone is None


def test_ashes_a_card_of_a_players_choice_is_discarded_from_their_hand():
    move = _one(ashes.parse("Choose a target opponent to discard 1 card of their choice."), M.Move)
    assert move.from_zone is not None and move.from_zone.name == "hand"


# --------------------------------------------------------------- what a prevention is of

def test_ashes_5_0_0_prevention_from_each_source_keeps_its_source():
    """"by each attack" was dropped: the prevention read as one of any damage to the unit."""
    p = _one(ashes.parse("Prevent 1 damage dealt to this unit by each attack."), M.Prevent)
    assert p.source is not None and p.source.kinds == ("attack",)
    assert p.source.quantifier == "each"


@pytest.mark.parametrize("text, source", [
    ("Prevent all combat damage that would be dealt by target ally this turn.", ("ally",)),
    ("Prevent all combat damage that would be dealt to this ally by attacking allies.",
     ("ally",)),
])
def test_wow_717_prevention_of_damage_dealt_by_a_source(text, source):
    """A relative clause's "by ..." is the prevention's source (it was dropped: all damage
    from anything was prevented)."""
    p = _one(wow.parse(text), M.Prevent)
    assert p.source is not None and p.source.kinds == source


def test_wow_717_words_joined_after_a_relative_belong_to_its_last_phrase():
    """"dealt to target hero or ally": the recipient is either (the ally was dropped);
    "by Scourge heroes and allies": the source is both."""
    p = _one(wow.parse("Prevent the next 3 damage that would be dealt to target hero or ally "
                       "this turn."), M.Prevent)
    assert [a.kinds for a in (p.target,) + p.target.alternatives] == [("hero",), ("ally",)]
    assert not p.target.all_of and p.target.alternatives[0].targeted
    p = _one(wow.parse("Prevent all damage that would be dealt to this ally by Scourge heroes "
                       "and allies."), M.Prevent)
    assert p.source.all_of and p.source.alternatives[0].kinds == ("ally",)


@pytest.mark.parametrize("reader, text", [
    (wow, "If damage would be dealt, prevent all but 1 of it."),
    (ashes, "Prevent that destruction."),
])
def test_a_prevention_the_values_cannot_hold_is_not_read_as_one_of_all(reader, text):
    """"all but 1 of it" read as all of it; "that destruction" as a prevention of damage."""
    card = reader.parse(text)
    assert not any(isinstance(v, M.Prevent) for v in M.walk(card))


# --------------------------------------------------------------- "repeat" in every game

@pytest.mark.parametrize("reader", [fab, wow, ufs, ashes])
@pytest.mark.parametrize("text, times", [
    ("Draw a card. Repeat this.", 1),
    ("Draw a card. Repeat this twice.", 2),
    ("Draw a card. Repeat this 3 times.", 3),
])
def test_repeat_says_how_many_more_times(reader, text, times):
    """The Ashes reading of "repeat", now the shared core's: FaB, WoW and UFS read every
    "repeat" as once more."""
    rep = _one(reader.parse(text), M.Repeat)
    assert rep.times is not None and rep.times.value == times


@pytest.mark.parametrize("reader", [fab, wow, ufs, ashes])
@pytest.mark.parametrize("text", [
    "Draw a card. Repeat this process for each other opposing character.",
    "If a card is destroyed this way, create a Gold token and repeat this process.",
])
def test_a_repeat_no_value_holds_is_named(reader, text):
    """"for each other opposing character", "this process" (until it fails): no value says
    it - an Other, never a Repeat of once more."""
    card = reader.parse(text)
    assert not any(isinstance(v, M.Repeat) for v in M.walk(card))
    assert any(o.verb == "repeat" for o in card.others())
