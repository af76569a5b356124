"""The shared core of the card grammars (card_common.lark, judge/cards/{lexer,nouns,frames}):
word tokens, noun phrases -> Target, amounts, conditions, events. Read through the UFS layer,
which adds no rule of its own to sentences; the texts are written for these tests."""

from __future__ import annotations

import pytest

from judge.cards import model as M
from judge.cards import ufs
from judge.cards.lexer import Lexicon, LexiconError, scan


def effects(text: str) -> tuple[M.Effect, ...]:
    card = ufs.parse(text)
    assert card.fully_parsed, (card.unparsed, card.others())
    return tuple(e for a in card.abilities for e in a.effects)


def test_scan_splits_possessives_and_keeps_offsets():
    words = scan("Target player's deck; it's done.")
    assert [w.text for w in words] == ["Target", "player", "'s", "deck", ";", "it", "'s",
                                       "done", "."]
    assert [w.kind for w in words][2] == "poss" and [w.kind for w in words][6] == "is"
    text = "Target player's deck"
    assert all(text[w.start:w.end] == w.text for w in scan(text))


def test_lexicon_refuses_a_word_in_two_word_classes():
    class T:
        def __init__(self, name, value):
            self.name = name
            self.pattern = type("P", (), {"type": "re", "value": value, "flags": ["i"]})()
    with pytest.raises(LexiconError, match="'ally'"):
        Lexicon([T("NOUN", "ally|hero"), T("ADJ", "ally|red")])
    # a verb and a noun may share a word: the lexer picks one from the words around it
    lex = Lexicon([T("V_ATTACK", "attack|attacks"), T("NOUN", "attack|hero")])
    assert lex.ambiguous["attack"] == ("V_ATTACK", "NOUN")


def test_every_game_lexicon_loads():
    for module in ("ufs",):
        __import__(f"judge.cards.{module}", fromlist=["READER"]).READER.grammar.lexicon


def test_ambiguous_word_is_read_by_its_neighbours():
    toks = ufs.READER.grammar.tokenize("When you attack, your attack gets +1 speed.")
    kinds = [(str(t), t.type.rsplit("__", 1)[-1]) for t in toks]
    assert ("attack", "V_ATTACK") in kinds and ("attack", "NOUN") in kinds


def test_target_quantifier_controller_kinds_targeted():
    [e] = effects("Commit up to 2 target rival foundations.")
    t = e.target
    assert t.targeted and t.quantifier == "up to" and t.count.value == 2
    assert t.count.relation == "up to"
    assert t.controller == "opponent" and t.kinds == ("foundation",) and t.who == "object"


def test_target_zone_and_position():
    [e] = effects("Add the top card of your deck to your card pool.")
    assert e.what.zone.name == "deck" and e.what.zone.position == "top"
    assert e.what.zone.owner == "you" and e.to_zone.name == "card pool"


def test_target_possessive_owner():
    [e] = effects("Discard the top 2 cards of your rival's deck.")
    zone = e.what.zone
    assert zone.name == "deck" and zone.position == "top" and zone.owner == "opponent"
    assert e.what.count.value == 2


def test_amount_x_with_its_definition():
    card = ufs.parse("Enhance: This attack gets +X damage. X equals the number of cards in "
                     "your hand.")
    assert not card.unparsed
    first = card.abilities[0].effects[0]
    assert isinstance(first, M.ModifyValue) and first.amount.variable == "X"


def test_amount_where_x_and_equal_to():
    [e] = effects("Your rival loses X health, where X is the number of foundations you "
                  "control.")
    assert isinstance(e, M.Lose) and e.amount.variable == "X"
    q = e.amount.defined_as
    assert q.measure == "count" and q.of.kinds == ("foundation",) and q.of.controller == "you"


def test_condition_if_you_do_is_a_past_event():
    card = ufs.parse("Enhance: You may discard 1 card. If you do, draw 2 cards.")
    assert card.fully_parsed
    cond = card.abilities[0].effects[1]
    assert isinstance(cond, M.Conditional) and cond.condition.test == "event"
    assert cond.condition.event.verb == "do"


def test_condition_unless_tail():
    [e] = effects("Draw 1 card unless your rival has 2 or more cards in their hand.")
    assert isinstance(e, M.Conditional) and e.condition.kind == "unless"


def test_trigger_passive_event():
    card = ufs.parse("When this card is destroyed, draw 1 card.")
    assert card.fully_parsed
    ev = card.abilities[0].trigger.event
    assert ev.verb == "be destroyed" and ev.subject.ref == "this"


def test_trigger_at_the_start_of_a_phase():
    card = ufs.parse("At the start of your turn, draw 1 card.")
    assert card.fully_parsed
    trig = card.abilities[0].trigger
    assert trig.kind == "at" and trig.event.verb == "start" and trig.event.phase == "turn"
    assert trig.event.whose.ref == "you"


def test_cannot_is_a_restriction_and_can_a_permission():
    [e] = effects("This attack cannot be blocked.")
    assert isinstance(e, M.Restriction) and e.actions == ("be blocked",)
    [e] = effects("You can play this card from your discard pile.")
    assert isinstance(e, M.Permission) and e.actions == ("play",)


def test_coordinated_objects_become_alternatives():
    [e] = effects("Commit 1 rival asset or foundation.")
    assert e.target.kinds == ("asset",) and e.target.alternatives[0].kinds == ("foundation",)


def test_coordinated_clauses_keep_each_subject():
    es = effects("Gain 2 health and your rival loses 2 health.")
    assert [type(e) for e in es] == [M.Gain, M.Lose]
    assert es[0].target.ref == "you" and es[1].target.controller == "opponent"


def test_spans_point_into_the_text():
    text = "Draw 1 card and your rival loses 2 health."
    for e in effects(text):
        assert e.span is not None and 0 <= e.span.start < e.span.end <= len(text)


def test_restriction_keeps_its_condition():
    """"can't ... unless / if ...": the restriction holds only under its condition (the
    condition was dropped: an unconditional restriction, a wrong ruling); "unless an opponent
    controls ..." is a clause, not the relative "an opponent controls"."""
    from judge.cards import fab, wow
    [eff] = wow.parse("This ally can't attack unless an opponent controls more allies than "
                      "you.").abilities[0].effects
    assert isinstance(eff, M.Conditional) and eff.condition.kind == "unless"
    [r] = eff.then
    assert isinstance(r, M.Restriction) and r.actions == ("attack",)
    [eff] = fab.parse("This can't be defended if you control a dagger.").abilities[0].effects
    assert isinstance(eff, M.Conditional) and eff.condition.kind == "if"
    assert isinstance(eff.then[0], M.Restriction)
    [plain] = wow.parse("This ally can't attack.").abilities[0].effects
    assert isinstance(plain, M.Restriction)


def test_comma_after_a_lead_clause_is_not_a_list_comma():
    """"When this ally enters play, target hero or ally has ...": the comma ends the trigger
    (its clause has a verb, and a verb follows "target hero or ally"); inside a condition a
    list stays a list ("If you control a spell, ability, or dice power, ...")."""
    from judge.cards import ashes, wow
    card = wow.parse("When this ally enters play, target hero or ally has Assault 2 this turn.")
    assert card.fully_parsed, (card.unparsed, card.others())
    a = card.abilities[0]
    assert a.trigger.event.verb == "enter play"
    assert ashes.parse("If you control a spell, ability, or dice power, draw a card."
                       ).fully_parsed


def test_counts_as_and_treat_as_say_what_a_card_is_taken_to_be():
    [counts] = effects("Enhance: This attack counts as a Throw attack.")
    assert isinstance(counts, M.Becomes) and counts.verb == "count as"
    assert counts.what.ref == "this" and counts.kinds == ("attack",)
    assert counts.qualities == ("throw",)
    [treat] = effects("Enhance: Treat this attack as a Kick attack.")
    assert isinstance(treat, M.Becomes) and treat.what.ref == "this"
    assert treat.qualities == ("Kick",)
    # two kinds at once is no one thing it becomes: not read as the first alone
    card = ufs.parse("Enhance: This attack counts as both a Kick and a Punch attack.")
    assert not card.fully_parsed


def test_a_contact_relative_never_spans_a_line_break():
    from judge.cards import wow
    card = wow.parse("Marksmanship Talent\nYour hero deals 2 ranged damage to target ally.")
    [damage] = [e for a in card.abilities for e in a.effects]
    assert isinstance(damage, M.Damage) and damage.source.text == "Your hero"


def test_a_value_is_a_number_sets_it():
    [set_] = effects("Enhance: This attack's speed is 6 until the end of the turn.")
    assert isinstance(set_, M.SetValue) and (set_.stat, set_.amount.value) == ("speed", 6)
    assert set_.target.ref == "this" and set_.duration is not None
    [set_] = effects("Enhance: This attack's speed is X, where X is the number of cards in "
                     "your hand.")
    assert set_.amount.variable == "X" and set_.amount.defined_as.measure == "count"


def test_play_after_a_modal_is_the_verb_even_before_card_words():
    # "cannot play action cards": "play action" is no noun phrase here
    [r] = effects("Enhance: Your rival cannot play action cards this turn.")
    assert isinstance(r, M.Restriction) and r.actions == ("play",)
    assert r.who.controller == "opponent" and r.what.kinds == ("action", "card")


def test_a_plural_before_a_modal_is_the_subject():
    card = ufs.parse("Enhance: Attacks cannot be played as a reversal to this attack.")
    # read as a sentence with the subject "Attacks"; the restriction of one way to play them
    # ("as a reversal") has no value, so it is named, never read as "cannot be played"
    assert not card.unparsed and [o.verb for o in card.others()] == ["play"]
    [r] = effects("Enhance: Attacks cannot be played this turn.")
    assert isinstance(r, M.Restriction) and r.what.kinds == ("attack",)


def test_two_restrictions_joined_share_the_period_printed_after_the_last():
    # "cannot play attacks or gain health this turn": neither, for this turn - the first
    # restriction had no period (for ever)
    a, b = effects("Enhance: Your rival cannot play attacks or gain health this turn.")
    assert isinstance(a, M.Restriction) and isinstance(b, M.Restriction)
    assert a.actions == ("play",) and b.actions == ("gain",)
    assert a.duration is not None and a.duration.kind == b.duration.kind == "this turn"


def test_both_players_is_all_of_two_players():
    """"both players": every one of exactly two (a rules module tells two players from a
    table of three by the count, never by the words)."""
    [e] = effects("Both players draw 1 card.")
    assert e.who.who == "player" and e.who.quantifier == "all"
    assert e.who.count is not None and e.who.count.value == 2
    [e] = effects("Each player draws 1 card.")
    assert e.who.count is None


def test_a_token_named_by_alternatives_is_a_choice_among_them():
    """"a Frailty, Inertia, or Bloodrot Pox token": one of three, chosen as it is made
    (``choices``; ``token`` keeps the printed words) - not one token named after all three."""
    from judge.cards import fab
    card = fab.parse("Create a Frailty, Inertia, or Bloodrot Pox token.")
    [e] = [e for a in card.abilities for e in a.effects]
    assert isinstance(e, M.CreateToken)
    assert e.choices == ("Frailty", "Inertia", "Bloodrot Pox")
    [e] = [e for a in fab.parse("Create a Runechant token.").abilities for e in a.effects]
    assert e.choices == ()


# --- readings that were wrong while counted fully parsed (issue 17, round 3) --------------

def test_an_only_tail_after_a_real_effect_keeps_the_effect_and_names_the_limit():
    # Tolliver I: "take 1 additional main action, but only to take a pass action" read as an
    # allowance of "take" that dropped the action gained
    from judge.cards import ashes
    card = ashes.parse("You may take 1 additional main action this turn, but only to take a "
                       "pass action.")
    choice = card.abilities[0].effects[0]
    gain, limit = choice.options[0]
    assert isinstance(gain, M.Gain) and gain.resource == "additional main action"
    assert gain.amount.value == 1 and gain.duration.kind == "this turn"
    assert isinstance(limit, M.Other) and limit.verb == "only"
    assert not card.fully_parsed
    # an allowance of an action stays one ("Use only on your turn")
    r = ashes.parse("Play only if you control a unit.").abilities[0].effects[0]
    assert isinstance(r, M.Restriction) and r.verb == "only"


@pytest.mark.parametrize("game", ["ufs", "wow", "ashes"])
def test_a_state_event_of_two_participles_is_two_alternatives(game):
    # Chivalrous Competitor: "would be destroyed or flipped" kept only "destroyed"
    from judge.cards import parse
    card = parse(game, "If a unit you control would be destroyed or flipped, draw 1 card "
                       "instead.")
    rep = card.abilities[0].effects[0]
    assert isinstance(rep, M.Replacement) and rep.event.verb == "be destroyed"
    assert [a.verb for a in rep.event.alternatives] == ["be flipped"]
    ev = parse(game, "After a unit you control is destroyed or flipped, draw 1 card."
               ).abilities[0].trigger.event
    assert ev.verb == "be destroyed" and [a.verb for a in ev.alternatives] == ["be flipped"]
    # a state condition of two states: both read ("or": any of them)
    cond = parse(game, "If this unit is exhausted or damaged, draw 1 card."
                 ).abilities[0].effects[0].condition
    assert cond.test == "any" and [c.state for c in cond.parts] == ["exhausted", "damaged"]


@pytest.mark.parametrize("game", ["ufs", "wow"])
def test_leaving_or_entering_a_zone_is_the_event_zone(game):
    # Catching A Ride: "a card leaves your rival's card pool" read the zone as an object of
    # kinds "card" and "pool"
    from judge.cards import parse
    ev = parse(game, "After a card leaves your opponent's hand, draw 1 card."
               ).abilities[0].trigger.event
    assert ev.verb == "leave" and ev.object is None
    assert (ev.zone.name, ev.zone.owner) == ("hand", "opponent")
    # "enters a graveyard from play": the zone is not read whole - left as it was
    ev = parse(game, "When a card enters a graveyard from play, draw 1 card."
               ).abilities[0].trigger.event
    assert ev.zone is None


@pytest.mark.parametrize("game", ["fab", "wow", "ufs", "ashes"])
def test_whichever_is_less_is_the_lesser_of_the_numbers(game):
    from judge.cards import parse
    card = parse(game, "Deal X damage to target hero, where X is the number of cards in your "
                       "hand or 3, whichever is less.")
    assert card.fully_parsed
    dmg = card.abilities[0].effects[0]
    q = dmg.amount.defined_as
    assert q.measure == "lesser" and len(q.choices) == 2
    assert q.choices[0].defined_as.measure == "count" and q.choices[1].value == 3
    assert not dmg.target.alternatives          # "3" was read as another target
    q = parse(game, "Draw X cards, where X is your hero's life or 2, whichever is greater."
              ).abilities[0].effects[0].what.count.defined_as
    assert q.measure == "greater" and q.choices[1].value == 2


def test_ashes_x_equals_whichever_in_its_own_paragraph():
    from judge.cards import ashes
    card = ashes.parse("Deal X damage to a target unit.\n\nX = the number of cards in your "
                       "hand or this unit's life value, whichever is less.")
    assert card.fully_parsed and len(card.abilities) == 1
    q = card.abilities[0].effects[0].amount.defined_as
    assert q.measure == "lesser" and q.choices[1].defined_as.measure == "life"
    # an "X = ..." that defines no X printed in an ability is named, not dropped
    card = ashes.parse("Draw 1 card.\n\nX = the number of cards in your hand.")
    assert [o.verb for o in card.others()] == ["X is"]


@pytest.mark.parametrize(("game", "text", "cap"), [
    ("ufs", "This attack gets +1 damage for each foundation in your stage (max. +8).", 8),
    ("wow", "Your hero gets +1 ATK for each ally you control (to a maximum of +3).", 3),
    ("wow", "Gain 1 health for each ally you control, up to a maximum of 3.", 3),
    ("ashes", "Deal 1 damage to a target unit for each unit you control, to a maximum of 4.", 4),
])
def test_a_maximum_caps_the_number(game, text, cap):
    # "(max. +8)" was read and dropped; ", to a maximum of 3" was unparsed
    from judge.cards import parse
    card = parse(game, text)
    assert card.fully_parsed
    e = card.abilities[0].effects[0]
    amount = e.amount
    assert amount.maximum == cap and amount.per is not None and amount.constant is None


def test_a_maximum_with_nothing_to_cap_is_unparsed():
    from judge.cards import parse
    assert parse("wow", "Destroy target ally, to a maximum of 3.").unparsed


@pytest.mark.parametrize("text", [
    "Select 1 die in your exhausted pool, re-roll it, and place it in your active pool.",
    "Search your draw pile for 1 spell and place it in your hand.",
])
def test_a_pronoun_placed_in_a_zone_goes_there(text):
    # ("place it in your hand": the zone was read as where "it" is, the Move had no
    # destination and its origin was the destination)
    from judge.cards import ashes
    move = [e for e in ashes.parse(text).abilities[0].effects if isinstance(e, M.Move)][-1]
    assert move.to_zone is not None and move.to_zone.name in ("active pool", "hand")
    assert move.from_zone is None or move.from_zone.name != move.to_zone.name
