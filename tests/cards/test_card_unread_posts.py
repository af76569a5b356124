"""Noun post-modifiers and event clauses no value held were dropped in FaB and WoW (issue 17):
``name_unread_posts`` is on for every game now. The posts a frame does read are read (and so
not named); the rest make their sentence unparsed; the clauses an event holds no field for are
kept in ``Event.rest``, and the rules modules name what they cannot carry out."""

from __future__ import annotations

import pytest

from judge.cards import ashes, fab, model as M, ufs, wow
from judge.games.fab import binding as FB
from judge.games.wow import effects as WE, triggers as WT


def effects_of(card: M.CardText) -> list:
    assert not card.unparsed, card.unparsed
    return [v for v in M.walk(card) if isinstance(v, M.Effect)]


@pytest.mark.parametrize("reader", [fab, wow, ufs, ashes])
def test_every_game_names_unread_noun_post_modifiers(reader):
    assert reader.VOCABULARY.name_unread_posts


@pytest.mark.parametrize("reader, text", [
    (fab, "Create a Runechant token under each other hero's control."),
    (wow, "Your hero has Pet (1)."),
    (wow, "Put a Wolf ally token into play with Pet (1)."),
])
def test_a_post_no_value_holds_leaves_its_sentence_unparsed(reader, text):
    """"under each other hero's control" (the token's controller was dropped), "Pet (1)" (a
    tag and its uniqueness number, wow-7.4 414.3b: the number was dropped)."""
    card = reader.parse(text)
    assert card.unparsed and not card.abilities, card


@pytest.mark.parametrize("text", [
    "Put a 3 x 2 (3 ATK / 2 health) Spirit Wolf ally token into play.",
    "Put a 3 / 2 (3 ATK / 2 health) Spirit Wolf ally token into play.",
])
def test_wow_stat_pair_restated_in_parentheses_is_checked_and_read(text):
    """The parenthesis split the noun phrase: the token's name and "into play" were a second
    object no frame read (a Move of "a 3 x 2" going nowhere)."""
    [token] = effects_of(wow.parse(text))
    assert isinstance(token, M.CreateToken)
    assert token.token == "Spirit Wolf" and dict(token.values) == {"atk": 3, "health": 2}
    assert token.zone is not None and token.zone.name == "play"


def test_wow_stat_pair_restated_with_other_numbers_is_named():
    card = wow.parse("Put a 3 x 2 (2 ATK / 3 health) Spirit Wolf ally token into play.")
    assert card.unparsed and "(2 ATK / 3 health)" in card.unparsed[0].reason


def test_wow_damage_dealt_with_a_card_to_a_character_keeps_the_recipient():
    """"dealt with X to a hero": the "to" hung on the card's name was dropped - the trigger
    matched damage dealt to anything."""
    card = wow.parse("When combat damage is dealt with Frostshard Rod to an ally, draw a card.",
                     name="Frostshard Rod")
    ev = card.abilities[0].trigger.event
    assert ev.with_.ref == "this" and ev.with_.text == "Frostshard Rod"
    assert ev.object is not None and ev.object.kinds == ("ally",)
    assert WT.why_not(card.abilities[0].trigger)     # no such trigger is carried out: named


def test_wow_glossary_friendly_including_widens_the_phrase():
    """"(including ...)" adds what it names to the phrase's alternatives, in one flat list."""
    [perm] = effects_of(wow.parse("Dashel can attack heroes and allies (including other "
                                  "characters in your party).", name="Dashel"))
    kinds = [perm.what.kinds] + [a.kinds for a in perm.what.alternatives]
    assert kinds == [("hero",), ("ally",), ("character",)]
    assert all(not a.alternatives for a in perm.what.alternatives)


def test_wow_including_a_player_after_a_card_widens_the_players():
    """"each friendly player may draw a card (including you)": the player is the subject's."""
    [choice, move] = effects_of(wow.parse("Each friendly player may draw a card (including "
                                          "you)."))
    assert choice.chooser.alternatives[0].ref == "you"
    assert move.what.kinds == ("card",) and not move.what.alternatives


def test_fab_purpose_on_the_last_of_two_zones_is_the_clauses():
    """"banish X from your hand or arsenal to draw a card": the purpose hung on "arsenal"."""
    effects = effects_of(fab.parse("You may banish a card from your hand or arsenal to draw "
                                   "a card."))
    assert [type(e).__name__ for e in effects] == ["Choice", "Move", "Move"]
    assert [e.verb for e in effects[1:]] == ["banish", "draw"]


@pytest.mark.parametrize("reader, text, kept", [
    (wow, "When this ally deals damage while attacking, draw a card.", "while attacking"),
    (fab, "When an attack hits unless its controller pays {r}, draw a card.",
     "unless its controller pays {r}"),
])
def test_an_events_own_condition_is_kept_never_dropped(reader, text, kept):
    ev = reader.parse(text, name="Test Card").abilities[0].trigger.event
    assert ev.rest == (kept,)


def test_fab_16_1_a_trigger_event_with_a_clause_it_holds_no_field_for_is_not_plain():
    ev = fab.parse("When this hits unless you pay {r}, draw a card.",
                   name="Test Card").abilities[0].trigger.event
    assert ev.rest and not FB.plain(ev, "hit")


def test_wow_717_a_replacement_whose_event_keeps_a_clause_is_named():
    card = wow.parse("If your hero would deal combat damage while attacking, it deals that "
                     "much +2 instead.")
    [rep] = [e for e in M.walk(card) if isinstance(e, M.Replacement)]
    assert rep.event.rest == ("while attacking",)
    assert "while attacking" in WE.why_not(rep)


def test_fab_until_after_a_change_is_how_long_it_lasts():
    """"it gains +4{d} until the combat chain closes": the clause was dropped (for ever)."""
    [change] = [e for e in effects_of(fab.parse("Target hero gains +4{d} until the combat "
                                                "chain closes."))
                if isinstance(e, M.ModifyValue)]
    assert change.duration.kind == "until" and change.duration.until.verb == "close"


@pytest.mark.parametrize("reader, text, word", [
    (wow, "Reveal cards from the top of your deck until you reveal an ally.", "until"),
    (wow, "Cards in your hand are instant this turn until you play a card.", "until"),
    (wow, "You may play allies as though they had Ferocity.", "as though"),
    (wow, "Target ally gets +2 ATK (this is not a bonus).", "("),
    (ashes, "You may place this unit onto your battlefield as if it were a conjuration.",
     "as if"),
])
def test_a_clause_no_value_reads_is_named(reader, text, word):
    """"until" where the effect has a period already or no place for one, "as though" that
    names no type a card is played as, a parenthesis of the clause: each was dropped."""
    card = reader.parse(text)
    others = [v for v in M.walk(card) if isinstance(v, M.Other)]
    assert [o.verb for o in others] == [word], card
    assert not any(isinstance(v, M.Play) and v.as_ for v in M.walk(card))


def test_fab_15_4_1_played_as_though_it_were_an_instant_is_read():
    [choice, play] = effects_of(fab.parse("You may play this as though it were an instant."))
    assert play.as_ == "instant"
