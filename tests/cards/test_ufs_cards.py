"""UFS card text (card_ufs.lark on card_common.lark) -> model values. Texts are written for these
tests in the style of UFS cards (or come from the corpus's tuning part); tests are named after
the rule they check where there is one (ufs-0.9)."""

from __future__ import annotations

import pytest

from judge.cards import model as M
from judge.cards import parse as parse_any
from judge.cards import ufs
from judge.cards.errors import CardSyntaxError


def one(text: str, name: str | None = None) -> M.Ability:
    card = ufs.parse(text, name=name)
    assert card.fully_parsed, (card.unparsed, card.others())
    assert len(card.abilities) == 1, card.abilities
    return card.abilities[0]


def effect(text: str) -> M.Effect:
    ability = one(text)
    assert len(ability.effects) == 1, ability.effects
    return ability.effects[0]


def test_ufs_h_1_played_ability_head_gives_timing_limit_and_costs():
    a = one("Enhance [Once per turn] Commit, discard 1 momentum: Draw 1 card.")
    assert a.kind == "activated" and a.timing == "enhance" and a.limit == "once per turn"
    assert a.costs[0].kind == "exhaust" and a.costs[0].what is None      # H.4.1: this card
    discard = a.costs[1].effect
    assert isinstance(discard, M.Move) and discard.verb == "discard"
    assert discard.what.count.value == 1 and discard.what.kinds == ("momentum",)
    draw = a.effects[0]
    assert isinstance(draw, M.Move) and draw.verb == "draw"
    assert (draw.from_zone.name, draw.to_zone.name) == ("deck", "hand")
    assert draw.who.ref == "you"
    assert a.citation and a.citation.startswith("ufs-0.9 ")


def test_ufs_h_1_response_after_clause_is_the_trigger():
    a = one("Response Flip: After your attack deals damage, your rival loses 2 health.")
    assert a.kind == "triggered" and a.timing == "response"
    assert a.costs[0].effect.verb == "flip"
    ev = a.trigger.event
    assert a.trigger.kind == "after" and ev.verb == "deal damage"
    assert ev.subject.kinds == ("attack",) and ev.subject.controller == "you"
    lose = a.effects[0]
    assert isinstance(lose, M.Lose) and lose.resource == "health"
    assert lose.amount.value == 2 and lose.target.who == "player"
    assert lose.target.controller == "opponent"


def test_ufs_i_keyword_line_read_by_its_shape():
    card = ufs.parse("Breaker: 1 - Ranged - Combo (Attack, Weapon)")
    assert card.fully_parsed
    [a] = card.abilities
    assert a.kind == "keyword"
    names = [k.name for k in a.keywords]
    assert names == ["Breaker", "Ranged", "Combo (Attack, Weapon)"]
    assert a.keywords[0].value.value == 1
    # an unknown keyword is read by its shape too
    card = ufs.parse("Gloomspark: 3 - Fury")
    assert card.fully_parsed and card.abilities[0].keywords[0].name == "Gloomspark"


def test_ufs_k_3_bonus_values_with_for_each():
    e = effect("Enhance: This attack gets +1 speed for each foundation in your stage.")
    assert isinstance(e, M.ModifyValue) and e.stat == "speed" and e.sign == 1
    assert e.amount.value == 1 and e.amount.per.kinds == ("foundation",)
    assert e.amount.per.zone.name == "stage" and e.amount.per.zone.owner == "you"
    assert e.target.ref == "this" and e.target.kinds == ("attack",)


def test_ufs_bonus_choice_of_two_values():
    e = effect("Enhance: Your attack gets +2 speed or +2 damage.")
    assert isinstance(e, M.Choice) and len(e.options) == 2
    assert [o[0].stat for o in e.options] == ["speed", "damage"]


def test_ufs_k_4_commit_seal_freeze_unflip_are_one_vocabulary():
    commit = effect("Enhance: Commit 1 rival foundation.")
    assert isinstance(commit, M.Exhaust) and commit.verb == "commit"
    assert commit.target.kinds == ("foundation",) and commit.target.controller == "opponent"
    seal = effect("Enhance: Seal 2 rival foundations.")
    assert isinstance(seal, M.Lose) and seal.resource == "abilities"          # K.4.3
    freeze = effect("Enhance: Freeze 1 rival asset.")
    assert isinstance(freeze, M.Restriction) and freeze.actions == ("ready",)  # K.4.5
    unflip = effect("Enhance: Unflip 1 foundation.")
    assert isinstance(unflip, M.Flip) and unflip.face == "up"                  # K.4.2.1


def test_ufs_zones_of_a_move():
    e = effect("Enhance: Add 1 attack from your discard pile to your hand.")
    assert isinstance(e, M.Move) and e.verb == "add"
    assert e.from_zone.name == "discard pile" and e.to_zone.name == "hand"
    assert e.what.kinds == ("attack",) and e.what.count.value == 1


def test_ufs_condition_compare_and_control():
    a = one("Enhance: If your rival has 3 or more cards in their card pool, draw 1 card.")
    cond = a.effects[0]
    assert isinstance(cond, M.Conditional) and cond.condition.test == "has"
    assert cond.condition.subject.controller == "opponent"
    assert cond.condition.object.count.relation == "at least"
    assert cond.condition.object.zone.name == "card pool"


def test_ufs_only_playable_if_is_a_restriction_with_its_condition():
    card = ufs.parse("Enhance: Draw 1 card. Only playable if you have 2 or more momentum.")
    assert card.fully_parsed
    restriction = card.abilities[0].effects[-1]
    assert isinstance(restriction, M.Restriction) and restriction.actions == ("play",)
    assert restriction.only.test == "has"


def test_ufs_you_may_is_an_optional_choice():
    e = effect("Enhance: You may discard 1 card.")
    assert isinstance(e, M.Choice) and e.optional and e.chooser.ref == "you"
    assert isinstance(e.options[0][0], M.Move)


def test_ufs_unknown_sentence_is_listed_not_dropped():
    text = "Enhance: Draw 1 card. Frobnicate the widgets thoroughly."
    card = ufs.parse(text)
    assert not card.fully_parsed and len(card.unparsed) == 1
    gap = card.unparsed[0]
    assert text[gap.span.start:gap.span.end] == gap.text == "Frobnicate the widgets thoroughly."
    assert gap.at is not None and gap.span.start <= gap.at <= gap.span.end
    assert isinstance(card.abilities[0].effects[0], M.Move)


def test_ufs_strict_mode_raises_card_syntax_error_with_position():
    with pytest.raises(CardSyntaxError) as err:
        ufs.parse("Enhance: Draw 1 card. Frobnicate the widgets.", strict=True)
    assert err.value.line == 1 and err.value.column >= 23


def test_ufs_dispatch_through_judge_cards_parse():
    assert parse_any("ufs", "Breaker: 1").abilities[0].keywords[0].name == "Breaker"


def test_ufs_iter_corpus_puts_keyword_line_first(tmp_path):
    (tmp_path / "cards.json").write_text(
        '[{"name": "A", "text": "Enhance: Draw 1 card.", "keywords": ["Ranged", "Breaker: 1"]},'
        ' {"name": "B", "text": "", "keywords": []}]', encoding="utf-8")
    assert list(ufs.iter_corpus(tmp_path)) == [("A", "Ranged - Breaker: 1\n\nEnhance: Draw 1 card.")]


def test_ufs_iter_corpus_rejects_non_json(tmp_path):
    from judge.errors import UsageError
    bad = tmp_path / "bad.json"
    bad.write_text("{nope", encoding="utf-8")
    with pytest.raises(UsageError):
        list(ufs.iter_corpus(bad))


def test_ufs_k_2_2_the_player_who_commits_readies_or_flips_is_kept():
    """K.2.2: "Your rival commits 1 foundation" commits a foundation the rival controls; the
    value keeps who does it (``who``), as Move does."""
    commit = effect("Enhance: Your rival commits 1 foundation.")
    assert isinstance(commit, M.Exhaust) and commit.who.controller == "opponent"
    flip = effect("Enhance: Your rival flips 1 foundation.")
    assert isinstance(flip, M.Flip) and flip.who.controller == "opponent"
    ready = effect("Enhance: Ready 1 foundation.")
    assert isinstance(ready, M.Ready) and ready.who is None          # imperative: you


def test_ufs_h_3_2_bracketed_restrictions_are_kept_apart_from_the_label():
    """H.3.2 restrictions in brackets after the type (``brackets``) are not H.3.1 restriction
    words before it (``label`` keeps both, as printed)."""
    a = one("Endeavor Enhance [Your turn] Flip: Draw 1 card.")
    assert a.brackets == ("Your turn",)
    assert a.label.split()[0] == "Endeavor"
    b = one("Enhance [Once per turn] Commit: Draw 1 card.")
    assert b.limit == "once per turn" and b.brackets == ()


def test_ufs_h_1_6_a_response_condition_keeps_what_it_does_not_hold():
    """H.1.6 response conditions: "with this card" is what the subject blocks with
    (``Event.with_``); a complement the event value does not hold is kept in ``Event.rest``,
    never dropped ("from an unblocked attack", "during the Enhance Step")."""
    block = one("Response: After you block with this card, draw 1 card.").trigger.event
    assert block.verb == "block" and block.with_.ref == "this" and block.rest == ()
    took = one("Response Flip: After you take damage from an unblocked attack, draw 1 card."
               ).trigger.event
    assert took.verb == "be dealt damage" and took.rest == ("damage from an unblocked attack",)
    committed = one("Response: After this card is committed during the Enhance Step, draw 1 "
                    "card.").trigger.event
    assert committed.rest == ("during the Enhance Step",)
    plain = one("Response: After this attack deals damage, draw 1 card.").trigger.event
    assert plain.verb == "deal damage" and plain.rest == () and plain.with_ is None


def test_ufs_i_3_2_character_name_only_is_a_keyword():
    """I.3.2: "[Character Name] Only" is a keyword of the keyword line."""
    a = one("Ryu Only - Fury")
    assert [k.name for k in a.keywords] == ["Ryu Only", "Fury"]


def test_ufs_h_4_2_check_cost():
    """H.4.2: "(+N)" in a cost is a control check cost against N, alone or after a cost
    ("Commit (+3)" was read as a parenthesis of Commit and lost)."""
    a = one("Enhance Commit (+3): Draw 1 card.")
    assert [c.kind for c in a.costs] == ["exhaust", "check"] and a.costs[1].amount.value == 3
    b = one("Enhance (+4): Your attack gets +1 speed.")
    assert [(c.kind, c.amount.value) for c in b.costs] == [("check", 4)]
    c = one("Enhance Commit, (+2): Draw 1 card.")
    assert [c.kind for c in c.costs] == ["exhaust", "check"]


def test_ufs_e_3_4_make_a_control_check_without_difficulty():
    """E.3: "Make a control check." is a Check with no difficulty (E.3.4), made by the player
    the sentence names; a printed difficulty is its amount; a check with more words than the
    value holds stays an Other (named, never half read)."""
    check = effect("Make a control check.")
    assert isinstance(check, M.Check) and check.kind == "control"
    assert check.difficulty is None and check.who.ref == "you"
    rival = effect("Your rival makes a control check.")
    assert isinstance(rival, M.Check) and rival.who.controller == "opponent"
    hard = effect("Enhance Commit: Make a control check with difficulty 4.")
    assert isinstance(hard, M.Check) and hard.difficulty.value == 4
    loose = ufs.parse("Make a control check for each card in your hand.")
    assert not loose.fully_parsed and loose.others()


def test_unknown_keyword_with_a_number_as_a_clause_is_a_keyword_instruction():
    """A keyword the rules do not define, used as an instruction ("..., ruin 1."), is read by
    its shape: a KeywordAction with its value (UFS cites its general keyword rule; the rules
    module names what it cannot do as not modelled)."""
    card = ufs.parse("Blitz: If you have a Power token in your stage, ruin 1.")
    assert card.fully_parsed, (card.unparsed, card.others())
    [cond] = card.abilities[0].effects
    [kw] = cond.then
    assert isinstance(kw, M.KeywordAction) and kw.verb == "ruin"
    assert kw.keyword.value.value == 1 and kw.keyword.name == "ruin"


def test_ufs_for_each_time_counts_the_events_of_a_clause():
    """"for each time <clause>": the amount is per time the clause's event happened, with the
    clause's own subject, object and duration (a noun or a pronoun subject), never a count of
    a "time" whose clause lost its object to the sentence."""
    noun = effect("Enhance: This attack gets +1 damage for each time this enhance has been "
                  "played this Combat Phase.")
    assert isinstance(noun, M.ModifyValue) and noun.duration is None
    [cond] = noun.amount.per.filters
    assert cond.test == "event" and cond.event.subject.ref == "this"
    assert cond.event.within.kind == "this combat"
    you = effect("Enhance: This attack gets +1 damage for each time you have played an "
                 "enhance this turn.")
    [cond] = you.amount.per.filters
    assert cond.event.verb == "play" and cond.event.subject.ref == "you"
    assert "enhance" in cond.event.object.text and cond.event.within.kind == "this turn"
    assert you.duration is None


def test_ufs_draw_for_each_keeps_its_for_each():
    draw = effect("Enhance: Draw 1 card for each foundation you control.")
    assert isinstance(draw, M.Move) and draw.what.count.value == 1
    assert draw.what.count.per is not None and "foundation" in draw.what.count.per.kinds


def test_ufs_change_an_attacks_zone():
    """"Change this attack's zone to high": the attack becomes a high attack; "change the
    zone of the next attack ..." (no value printed): a choice of zone, which it becomes."""
    high = effect("Enhance Commit: Change this attack's zone to high.")
    assert isinstance(high, M.Becomes) and high.what.ref == "this"
    assert high.qualities == ("high",)
    card = ufs.parse("Enhance: Change the zone of the next attack you play this turn.")
    assert card.fully_parsed, (card.unparsed, card.others())
    pick, becomes = card.abilities[0].effects
    assert isinstance(pick, M.Choose) and pick.kind == "zone"
    assert isinstance(becomes, M.Becomes) and becomes.chosen == "zone"
    assert "next attack" in becomes.what.text
    speed = effect("Enhance: Change this attack's speed to 6.")
    assert isinstance(speed, M.SetValue) and speed.amount.value == 6


def test_ufs_only_playable_during_a_turn_is_a_restriction_on_the_phase():
    a = one("Enhance: This attack gets +2 speed. Only playable during your turn.")
    only = a.effects[-1]
    assert isinstance(only, M.Restriction) and only.actions == ("play",)
    assert only.only.test == "phase" and only.only.event.phase == "turn"
    assert only.only.event.whose.controller == "you"
    b = one("Enhance: Only playable on your rival's turn. This attack gets +2 speed.")
    assert b.effects[0].only.event.whose.controller == "opponent"


def test_a_time_of_a_players_turn_keeps_whose_turn_it_is():
    # "your rival's turn": the possessive is whose turn (it was dropped, or read as the phase)
    a = one("Response: At the start of your rival's turn, draw 1 card.")
    ev = a.trigger.event
    assert (ev.verb, ev.phase, ev.whose.controller) == ("start", "turn", "opponent")
    b = one("Enhance: During your rival's turn, draw 1 card.")
    cond = b.condition or b.effects[0].condition
    assert cond.event.phase == "turn" and cond.event.whose.controller == "opponent"


def test_a_relative_clause_without_that_whose_subject_is_a_player():
    # "the next attack your rival plays this turn": the words would run on as one noun phrase
    get = effect("Enhance: The next attack your rival plays this turn gets -2 speed.")
    assert isinstance(get, M.ModifyValue) and get.sign == -1 and get.stat == "speed"
    [rel] = get.target.filters
    assert rel.test == "event" and rel.event.verb == "play"
    assert rel.event.subject.controller == "opponent"
    assert rel.event.within.kind == "this turn"
    commit = effect("Enhance: Commit 1 foundation your rival controls.")
    assert commit.target.kinds == ("foundation",) and commit.target.controller == "opponent"


def test_if_able_is_a_condition_on_the_doer_being_able():
    eff = effect("Enhance: Your rival must discard 2 cards from their hand, if able.")
    assert isinstance(eff, M.Conditional) and eff.condition.test == "able"
    [discard] = eff.then
    assert isinstance(discard, M.Move) and discard.what.count.value == 2


def test_set_a_value_to_a_number():
    eff = effect("Enhance: Set this attack's speed to 5.")
    assert isinstance(eff, M.SetValue) and eff.verb == "set"
    assert (eff.stat, eff.amount.value, eff.target.ref) == ("speed", 5, "this")
