"""FaB card text (card_fab.lark on card_common.lark) -> model values. Texts are written for these
tests in the style of FaB cards or come from the corpus's tuning part; rule numbers are those of
fab-1.4."""

from __future__ import annotations

import pytest

from judge.cards import fab
from judge.cards import model as M
from judge.cards.errors import CardSyntaxError


def one(text: str, name: str | None = None) -> M.Ability:
    card = fab.parse(text, name=name)
    assert card.fully_parsed, (card.unparsed, card.others())
    assert len(card.abilities) == 1, card.abilities
    return card.abilities[0]


def test_fab_bold_keywords_are_keywords_with_values_and_citations():
    a = one("**Arcane Barrier 2**")
    assert a.kind == "keyword"
    [k] = a.keywords
    assert (k.name, k.value.value) == ("Arcane Barrier", 2)
    assert k.citation == "fab-1.4 Arcane Barrier N"
    # a keyword the rules do not define is still read by its markup
    a = one("**Glimmerstep 1**")
    assert a.keywords[0].name == "Glimmerstep" and a.keywords[0].citation is None


def test_fab_typed_ability_head_costs_and_effect():
    a = one("**Once per Turn Action** - {r}{r}: Deal 2 arcane damage to target hero.")
    assert a.kind == "activated" and a.timing == "action" and a.limit == "once per turn"
    assert a.costs[0].kind == "resource" and a.costs[0].amount.value == 2
    dmg = a.effects[0]
    assert isinstance(dmg, M.Damage) and dmg.damage_type == "arcane" and dmg.amount.value == 2
    assert dmg.target.targeted and dmg.target.kinds == ("hero",)


def test_fab_instant_with_an_action_cost():
    a = one("**Instant** - Destroy this: Prevent the next 2 damage that would be dealt to your "
            "hero this turn.")
    assert a.timing == "instant"
    assert a.costs[0].kind == "effect" and a.costs[0].effect.verb == "destroy"
    p = a.effects[0]
    assert isinstance(p, M.Prevent) and p.amount.value == 2 and p.next
    assert p.duration.kind == "this turn"


def test_fab_labelled_ability_keeps_its_label_and_trigger():
    a = one("**Crush** - When this deals 4 or more damage to a hero, they discard a card.")
    assert a.label == "Crush" and a.keywords[0].citation == "fab-1.4 Crush"
    ev = a.trigger.event
    assert ev.verb == "deal damage" and ev.amount.relation == "at least"


def test_fab_go_again_is_the_abilitys_keyword():
    card = fab.parse("Draw a card.\n\n**Go again**")
    assert card.fully_parsed
    kws = [k.name for a in card.abilities for k in a.keywords]
    assert kws == ["Go again"]


def test_fab_power_change_with_icon_and_condition():
    a = one("If you have less {h} than an opposing hero, this gets +3{p}.")
    cond = a.effects[0]
    assert isinstance(cond, M.Conditional)
    mv = cond.then[0]
    assert isinstance(mv, M.ModifyValue) and mv.stat == "power" and mv.amount.value == 3


def test_fab_keyword_action_after_a_trigger():
    a = one("Whenever an aura you control leaves the arena, **amp 1**.")
    act = a.effects[0]
    assert isinstance(act, M.KeywordAction) and act.keyword.name == "amp"
    assert act.keyword.value.value == 1


def test_fab_choose_options():
    card = fab.parse("Choose 1;\n- Draw a card.\n- Gain 2{h}.")
    assert card.fully_parsed, card.unparsed
    choice = card.abilities[0].effects[-1]
    assert isinstance(choice, M.Choice) and choice.pick.value == 1
    assert isinstance(choice.options[0][0], M.Move) and isinstance(choice.options[1][0], M.Gain)
    assert choice.options[1][0].resource == "life"


def test_fab_cost_reduction_for_each():
    [e] = one("This costs {r} less to play for each Draconic chain link you control.").effects
    assert isinstance(e, M.ModifyValue) and e.stat == "cost" and e.sign == -1
    assert e.amount.per.controller == "you"


def test_fab_unreadable_sentence_is_located():
    text = "Draw a card. Flibber the jabberwock."
    card = fab.parse(text)
    assert card.unparsed[0].text == "Flibber the jabberwock." and card.unparsed[0].at >= 13
    with pytest.raises(CardSyntaxError):
        fab.parse(text, strict=True)


@pytest.mark.parametrize("text", [
    "If your hero would be dealt damage, prevent 1 of that damage instead.",
    "If your hero would be dealt damage, instead prevent 1 of that damage.",
])
def test_fab_6_5_would_instead_is_a_replacement(text):
    a = one(text)
    rep = a.effects[0]
    assert a.kind == "replacement" and isinstance(rep, M.Replacement)
    assert rep.event.would and rep.event.verb == "be dealt damage"
    assert isinstance(rep.instead[0], M.Prevent) and rep.instead[0].amount.value == 1


def test_fab_next_time_would_instead_replaces_once():
    rep = one("The next time you would be dealt damage this turn, prevent 1 of that damage "
              "instead.").effects[0]
    assert isinstance(rep, M.Replacement) and rep.next_only
    assert rep.duration.kind == "this turn"


def test_fab_keyword_verbs_printed_plainly_are_keyword_actions():
    [opt] = one("Opt 2.").effects
    assert isinstance(opt, M.KeywordAction) and opt.keyword.value.value == 2
    assert opt.keyword.citation == "fab-1.4 Opt N"
    [mark] = one("When this hits, mark target hero.").effects
    assert isinstance(mark, M.KeywordAction) and mark.target.kinds == ("hero",)
    assert mark.target.targeted


def test_fab_plain_go_again_is_the_cards_keyword():
    card = fab.parse("Draw a card.\n\nGo again")
    assert card.fully_parsed
    assert [k.name for a in card.abilities for k in a.keywords] == ["Go again"]


def test_fab_becomes_weapons_with_values_and_an_embedded_ability():
    [b] = one("Auras you control are weapons with 4{p} and **Once per Turn Action** - "
              "{r}{r}{r}: **Attack**").effects
    assert isinstance(b, M.Becomes) and b.kinds == ("weapon",) and b.values == (("power", 4),)
    [ab] = b.abilities
    assert ab.kind == "activated" and ab.limit == "once per turn" and ab.timing == "action"
    assert ab.costs[0].amount.value == 3 and isinstance(ab.effects[0], M.Attack)


def test_fab_quantity_plus_a_number():
    [d] = one("Deal damage to target hero equal to the number of cards in your hand "
              "plus 1.").effects
    q = d.amount.defined_as
    assert q.measure == "count" and q.plus == 1 and q.of.zone.name == "hand"


def test_fab_names_printed_in_text_are_names_and_its_own_name_is_this():
    [cond] = one("**Combo** - If Crane Dance was the last attack this combat chain, Find Center "
                 "gains +1{p}.", name="Find Center").effects
    c = cond.condition
    assert c.subject.name == "Crane Dance" and c.within.kind == "this chain"
    assert cond.then[0].target.ref == "this"


def test_fab_events_keep_what_they_are_done_with_and_their_alternatives():
    a = one("When you attack with this, draw a card.")
    assert a.trigger.event.verb == "attack" and a.trigger.event.with_.ref == "this"
    a = one("When you play an attack action card or activate a weapon attack, draw a card.")
    ev = a.trigger.event
    assert ev.verb == "play" and ev.alternatives[0].verb == "activate"
    assert ev.alternatives[0].object.kinds == ("weapon", "attack")
    card = fab.parse("When this banishes a card and this has banished another card, draw a card.")
    assert card.unparsed and "both happen" in card.unparsed[0].reason   # never half read


def test_fab_comparisons_with_another_objects_value():
    [cond] = one("If you have less {h} than an opposing hero, this gets +1{p}.").effects
    c = cond.condition.comparison
    assert (c.left.measure, c.op, c.right.defined_as.measure) == ("life", "<", "life")
    assert c.right.defined_as.of.controller == "opponent"
    [cond] = one("While this isn't defended by a card with equal or greater {p}, draw a "
                 "card.").effects
    ev = cond.condition.event
    assert cond.condition.negated and ev.verb == "be defended"
    f = ev.by.filters[0].comparison
    assert (f.op, f.right.defined_as.of.ref) == (">=", "that")


def test_fab_during_a_phase_is_a_condition_of_a_static_ability():
    a = one("During your action phase, Illusionist auras you control are weapons with 1{p}.")
    assert a.kind == "static"
    [cond] = a.effects
    assert cond.condition.test == "phase" and cond.condition.event.phase == "action phase"
    assert cond.then[0].values == (("power", 1),)


def test_fab_shared_objects_tokens_positions_and_double_that_much():
    [r] = one("The defending hero can't play or activate instants or defense reactions this "
              "combat chain.").effects
    assert r.actions == ("play", "activate") and r.duration.kind == "this chain"
    assert r.what.text == "instants or defense reactions"
    [t] = one("Create a Runechant token.").effects
    assert t.token == "Runechant" and t.count.value == 1
    [m] = one("Put it on the bottom of its owner's deck.").effects
    assert (m.to_zone.name, m.to_zone.position, m.to_zone.owner) == ("deck", "bottom", "owner")
    [rep] = one("The next time an attack you control would gain {p} this turn, instead it gains "
                "double that much {p}.").effects
    (gain,) = rep.instead
    assert gain.stat == "power" and (gain.amount.ref, gain.amount.times) == ("that much", 2)


def test_fab_x_definitions_reach_the_amount():
    [p] = one("Prevent X damage that would be dealt to your hero this turn, where X is the "
              "number of cards in your hand.").effects
    assert p.amount.defined_as.of.zone.name == "hand"
    [d] = one("Deal X arcane damage to target hero, where X is the amount of arcane damage you "
              "have dealt to that hero this turn.").effects
    ev = d.amount.defined_as.event
    assert (ev.verb, ev.damage_type, ev.within.kind) == ("deal damage", "arcane", "this turn")
    assert ev.object.ref == "that"


def test_fab_clash_with_keeps_whom_it_clashes_with():
    """A keyword instruction followed by a preposition: "**clash** with the attacking hero" is a
    KeywordAction whose ``with_`` is the other party (it was unparsed)."""
    a = one("When this defends, **clash** with the attacking hero.")
    [eff] = a.effects
    assert isinstance(eff, M.KeywordAction) and eff.verb == "clash"
    assert eff.with_.kinds == ("hero",) and eff.with_.qualities == ("attacking",)
    assert a.trigger.event.verb == "defend"


def test_fab_causative_have_makes_the_agent_the_doer():
    """"you may have target dagger you control deal 1 damage to them": the dagger deals the
    damage (it is the source, targeted), you choose whether; "have" elsewhere stays a verb
    of possession ("a hero that has an aura deals damage")."""
    a = one("When this attacks a hero, you may have target dagger you control deal 1 damage "
            "to them.")
    [choice] = a.effects
    assert isinstance(choice, M.Choice) and choice.optional and choice.chooser.ref == "you"
    [[damage]] = choice.options
    assert isinstance(damage, M.Damage) and damage.amount.value == 1
    assert damage.source.kinds == ("dagger",) and damage.source.targeted
    assert damage.source.controller == "you" and damage.target.ref == "they"
    b = one("Whenever a hero that has an aura deals damage, draw a card.")
    assert b.trigger.event.subject.kinds == ("hero",) and isinstance(b.effects[0], M.Move)


def test_fab_the_dagger_has_hit_is_a_hit_that_happens():
    """"If damage is dealt this way, the dagger has hit.": the hit counts as having happened
    (Happens, its Event's verb "hit", its subject the dagger) under the condition."""
    card = fab.parse("Target dagger you control deals 1 damage to target hero. If damage is "
                     "dealt this way, the dagger has hit. Destroy the dagger.")
    assert card.fully_parsed, (card.unparsed, card.others())
    cond = card.abilities[0].effects[1]
    [happens] = cond.then
    assert isinstance(happens, M.Happens) and happens.event.verb == "hit"
    assert happens.event.subject.kinds == ("dagger",)


def test_fab_enters_the_arena_with_a_signed_counter():
    """"it enters the arena with a +1{p} counter": one counter named "+1{p}" on it."""
    [eff] = one("When this is created, it enters the arena with a +1{p} counter.").effects
    assert isinstance(eff, M.Counters) and (eff.kind, eff.count.value) == ("+1{p}", 1)


def test_fab_a_left_out_condition_takes_the_one_before_with_its_number():
    """"If you reveal 1 or more, this gets **go again**. 2 or more, this gets +1{p}.": the
    second sentence's condition is the first's with 2; with no condition before, it is named
    (an Other), never read as unconditional."""
    card = fab.parse("When this attacks, you may reveal any number of Crouching Tigers from your "
                     "hand. If you reveal 1 or more, this gets **go again**. 2 or more, this "
                     "gets +1{p}. 3 or more, draw a card.")
    assert card.fully_parsed, (card.unparsed, card.others())
    first, second, third = card.abilities[0].effects[1:]
    counts = [e.condition.event.object.count for e in (first, second, third)]
    assert [(c.value, c.relation) for c in counts] == [(1, "at least"), (2, "at least"),
                                                       (3, "at least")]
    assert second.condition.event.verb == "reveal" and isinstance(third.then[0], M.Move)
    assert fab.parse("2 or more, draw a card.").others()


def test_fab_signed_icon_counter_is_placed_on_its_target():
    """"put a -1{d} counter on target equipment they control" (Buckling Blow's crush, Temper
    example 1): a counter named as printed ("-1{d}", the sign and the stat's icon) placed on
    the target, not a move of a card called "a"."""
    a = one("**Crush** - If Buckling Blow deals 4 or more damage to a hero, put a -1{d} counter "
            "on target equipment they control.", name="Buckling Blow")
    [put] = a.effects[0].then
    assert isinstance(put, M.Counters)
    assert (put.action, put.kind, put.count.value) == ("place", "-1{d}", 1)
    assert put.on.targeted and put.on.kinds == ("equipment",) and put.on.controller == "they"
    put = one("Put two +1{p} counters on target weapon you control.").effects[0]
    assert isinstance(put, M.Counters) and (put.kind, put.count.value) == ("+1{p}", 2)
    assert put.on.kinds == ("weapon",) and put.on.controller == "you"


def test_fab_into_your_heros_soul_is_a_move_to_the_soul():
    """"put it into your hero's soul" (Merciful Retribution, 11.7 example 2): a move of "it" to
    its controller's soul, as "your soul" is."""
    a = one("Whenever an aura or attack action card you control is destroyed, deal 1 arcane "
            "damage to target hero. If it's a non-token Light card, put it into your hero's "
            "soul.", name="Merciful Retribution")
    [move] = a.effects[1].then
    assert isinstance(move, M.Move) and move.what.ref == "it"
    assert move.to_zone is not None and (move.to_zone.name, move.to_zone.owner) == ("soul", "you")
    for text in ("Put a card from your hand into your hero's soul.",
                 "Put a card from your hand into your soul."):
        move = one(text).effects[0]
        assert isinstance(move, M.Move) and move.to_zone.name == "soul", text


def test_fab_may_only_defend_if_is_an_allowance():
    """"This may only defend an attack if ...": defending is allowed only while the condition
    holds (a Restriction with ``only``), not an Other."""
    card = fab.parse("This may only defend an attack if the attacking hero has more life "
                      "than you.")
    assert card.fully_parsed, (card.unparsed, card.others())
    [only] = card.abilities[0].effects
    assert isinstance(only, M.Restriction) and only.verb == "only"
    assert only.actions == ("defend",) and only.only is not None and only.only.kind == "if"


def test_fab_a_keyword_a_player_may_do_is_a_keyword_action_with_its_phrases():
    """"You may **charge** your hero's soul", "you may **wager** a Might token with them", "you
    may **transform** into X", "Transform it into this": the keyword as an instruction (its
    object the target, "with ..." with whom, "into ..." what it becomes); they were Others."""
    [c] = one("You may **charge** your hero's soul.").effects
    assert isinstance(c, M.Choice) and c.optional
    [[k]] = c.options
    assert isinstance(k, M.KeywordAction) and k.verb == "charge"
    assert k.keyword.citation == "fab-1.4 Charge" and "soul" in k.target.text
    [c] = one("You may **wager** a Might token with them.").effects
    [[k]] = c.options
    assert k.verb == "wager" and k.with_.ref == "they" and k.target.text == "a Might token"
    assert not k.target.filters
    [c] = one("You may **transform** into Levia.").effects
    [[k]] = c.options
    assert k.verb == "transform" and k.target is None and k.to.text == "Levia"
    [k] = one("Transform it into this.").effects
    assert k.verb == "transform" and k.target.ref == "it" and k.to.ref == "this"
    assert not fab.parse("You may **transform** it onto the top of your deck.").fully_parsed


def test_fab_double_the_base_power_keeps_base():
    # 25.2: "double the base power" changes the base value; "double the {p}" does not say so
    for text in ("Double the base power of target attack action card.",
                 "Double the attack's base {p}."):
        e = one(text).effects[0]
        assert isinstance(e, M.ModifyValue) and e.op == "multiply" and e.stat == "power"
        assert e.base, text
    e = one("Double the {p} of target attack.").effects[0]
    assert isinstance(e, M.ModifyValue) and e.op == "multiply" and not e.base


def test_fab_play_as_though_it_were_an_instant():
    # 15.4.1: the type the card is played as is kept (it was dropped: as_ was '')
    card = fab.parse("If it's not your turn, you may play Cindering Foresight as though it were "
                     "an instant.", name="Cindering Foresight")
    cond = card.abilities[0].effects[0]
    assert isinstance(cond, M.Conditional) and cond.condition.negated
    [[play]] = cond.then[0].options
    assert isinstance(play, M.Play) and play.as_ == "instant" and play.what.ref == "this"
    [[play]] = one("You may play this as though it were an instant.").effects[0].options
    assert play.as_ == "instant"


def test_fab_a_value_that_becomes_a_number_keeps_the_number():
    # 25.2: "base power becomes N" sets the base value to N; the N was dropped (a Becomes with
    # no values); "its {d} becomes 1" sets the value itself (base False)
    for text in ("This card's base power becomes 6.", "Target attack's base {p} becomes 6."):
        e = one(text).effects[0]
        assert isinstance(e, M.SetValue) and e.stat == "power" and e.base, text
        assert e.amount.value == 6, text
    e = one("Its {d} becomes 1 until end of turn.").effects[0]
    assert isinstance(e, M.SetValue) and e.stat == "defense" and not e.base
    assert e.amount.value == 1 and e.duration.kind == "until end of turn"
    e = one("This becomes a copy of target hero.").effects[0]   # not a value: still a Becomes
    assert isinstance(e, M.Becomes)


def test_fab_x_is_n_minus_a_quantity_keeps_the_n():
    # "where X is 6 minus the pitch value of ...": the 6 was dropped, X read as the pitch value
    e = one("Prevent the next X arcane damage that would be dealt to your hero this turn, "
            "where X is 6 minus the pitch value of the card revealed this way.").effects[0]
    q = e.amount.defined_as
    assert q.measure == "pitch" and q.minus_from == 6 and q.of.qualities == ("revealed",
                                                                            "this way")
    e = one("Deal X damage to you, where X is 13 minus the number of cards in your "
            "hand.").effects[0]
    assert e.amount.defined_as.measure == "count" and e.amount.defined_as.minus_from == 13
    e = one("Deal X damage to target hero, where X is the number of cards in your hand.")
    assert e.effects[0].amount.defined_as.minus_from is None


def test_fab_go_again_given_to_another_object_is_not_the_cards_own_keyword():
    # "Target sword attack gains **go again**" was read as "**Go again**" (the card's own
    # keyword), the target and the rest of the sentence dropped
    for text in ("Target sword attack gains **go again**.",
                 "The next attack action card with cost 2 or less you play this turn gains "
                 "**go again**."):
        [a] = fab.parse(text).abilities
        assert not a.keywords, text
        [e] = a.effects
        assert isinstance(e, M.Gain) and e.keyword.name == "Go again" and e.target.kinds, text
    for text in ("**Go again**", "Go again"):
        [a] = fab.parse(text).abilities
        assert [k.name for k in a.keywords] == ["Go again"] and not a.effects


def test_fab_draw_a_card_for_each_keeps_the_for_each():
    [e] = one("Draw a card for each attack action card you control.").effects
    assert e.what.count.value == 1 and e.what.count.per.kinds == ("attack action", "card")
    [e] = one("Draw a card.").effects
    assert e.what.count is None


@pytest.mark.parametrize("name, text", [
    ("Moon Wish", "You may put a card from your hand on top of your deck rather than pay Moon "
                  "Wish's {r} cost."),
    ("Cash In", "You may destroy 4 Coppers, 2 Silvers, or 1 Gold you control rather than pay Cash "
                "In's {r} cost."),
])
def test_fab_rather_than_pay_its_cost_is_an_alternate_cost_not_an_optional_effect(name, text):
    """'You may X rather than pay <this card>'s {r} cost.' is paid instead of the printed cost
    (as WoW's 707.1e form is); it was read as an optional X done as the card resolves, with
    'rather than pay ...' dropped in silence."""
    [ab] = fab.parse(text, name=name).abilities
    assert ab.kind == "alternate cost" and not ab.effects
    assert [type(c.effect) for c in ab.costs] == [M.Move]
