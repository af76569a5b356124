"""Phrases the shared reader read and then dropped (issue 17's audit of grammar/card_common.lark
and judge/cards/{frames,nouns}.py): each is now held by a value, or its sentence is left
unparsed - never a value that says less than the card."""

from __future__ import annotations

import pytest

from judge.cards import ashes, fab, model as M, ufs, wow


def effects_of(card: M.CardText) -> list:
    assert not card.unparsed, card.unparsed
    return [v for v in M.walk(card) if isinstance(v, M.Effect)]


@pytest.mark.parametrize("reader, text, zone", [
    (wow, "You may put a resource you control into your hand.", "hand"),
    (fab, "Return an aura you control to its owner's hand.", "hand"),
    (wow, "Target player puts an ally he controls into its owner's hand.", "hand"),
])
def test_where_an_object_you_control_goes_is_kept(reader, text, zone):
    """"you control" took "into your hand" as its own item, which its reader drops: a Move
    with nowhere to go."""
    [move] = [e for e in effects_of(reader.parse(text)) if isinstance(e, M.Move)]
    assert move.to_zone is not None and move.to_zone.name == zone


def test_where_an_object_you_control_comes_from_is_kept():
    [move] = [e for e in effects_of(ashes.parse("Remove an unexhausted ally you control from "
                                                "play.")) if isinstance(e, M.Move)]
    assert move.from_zone is not None and move.from_zone.name == "play"


def test_a_period_after_you_control_is_the_clauses():
    """Get Down!: "... to allies you control this turn" - the permission had no period."""
    [perm] = [e for e in effects_of(wow.parse("Target armor you control can prevent damage that "
                                              "would be dealt to allies you control this turn."))
              if isinstance(e, M.Permission)]
    assert perm.duration is not None and perm.duration.kind == "this turn"


def test_where_counted_cards_you_control_are_is_kept():
    """Spring Tidings: "for each ... card you control on the combat chain" counted cards
    anywhere."""
    [move] = [e for e in effects_of(fab.parse(
        "Draw a card for each other attack action card you control on the combat chain."))
        if isinstance(e, M.Move)]
    per = move.what.count.per
    assert per.zone is not None and per.zone.name == "combat chain"


@pytest.mark.parametrize("text", [
    "Deal 1 damage to a target unit to deal 3 damage to a target unit.",
    "Deal 1 damage to a target unit you control to deal 3 damage to a target unit.",
])
def test_a_purpose_hung_on_the_last_noun_phrase_is_read(text):
    """Crescendo: "to deal 3 damage ..." hung on "a target unit" was dropped: one damage."""
    damages = [e for e in effects_of(ashes.parse(text)) if isinstance(e, M.Damage)]
    assert [d.amount.value for d in damages] == [1, 3]


@pytest.mark.parametrize("reader", [wow, ufs, fab])
def test_choose_one_or_both_is_unparsed_never_one(reader):
    """It was a choice of exactly one mode: the WoW module carried it out so."""
    card = reader.parse("Choose one or both: Destroy target armor; or destroy target weapon.")
    assert not any(isinstance(v, M.Choice) for v in M.walk(card))
    assert card.unparsed and card.unparsed[0].at == 0
