"""WoW TCG card text (card_wow.lark on card_common.lark) -> model values. Texts are written for
these tests in the style of WoW cards or come from the corpus's tuning part; rule numbers are
those of wow-7.4."""

from __future__ import annotations

import pytest

from judge.cards import model as M
from judge.cards import wow
from judge.cards.errors import CardSyntaxError


def one(text: str, name: str | None = None) -> M.Ability:
    card = wow.parse(text, name=name)
    assert card.fully_parsed, (card.unparsed, card.others())
    assert len(card.abilities) == 1, card.abilities
    return card.abilities[0]


def test_wow_damage_amount_type_source_target():
    [e] = one("Your hero deals 3 fire damage to target hero or ally.").effects
    assert isinstance(e, M.Damage) and e.amount.value == 3 and e.damage_type == "fire"
    assert e.source.kinds == ("hero",) and e.source.controller == "you"
    assert e.target.targeted and e.target.kinds == ("hero",)
    assert e.target.alternatives[0].kinds == ("ally",)


def test_wow_keyword_line_read_by_shape_and_cited():
    a = one("Flip 1, Assault 4, Long-Range")
    assert a.kind == "keyword"
    assert [(k.name, k.value.value if k.value else None) for k in a.keywords] == [
        ("Flip", 1), ("Assault", 4), ("Long-Range", None)]
    assert a.keywords[1].citation == "wow-7.4 Assault"


def test_wow_activated_power_costs_before_the_arrow():
    a = one("2, Destroy this weapon \u2192 Draw a card.")
    assert a.kind == "activated"
    assert a.costs[0].kind == "resource" and a.costs[0].amount.value == 2
    assert a.costs[1].kind == "effect" and a.costs[1].effect.verb == "destroy"
    draw = a.effects[0]
    assert isinstance(draw, M.Move) and draw.verb == "draw"


def test_wow_ongoing_label_and_triggered_power():
    a = one("Ongoing: When attached ally is destroyed, draw a card.")
    assert a.label == "Ongoing" or a.kind in ("triggered", "static")
    assert a.trigger.event.verb == "be destroyed"
    assert a.trigger.event.subject.kinds == ("ally",)
    assert "attached" in a.trigger.event.subject.qualities


def test_wow_heal_and_ready_and_exhaust():
    heal, = one("Heal 4 damage from target hero.").effects
    assert isinstance(heal, M.Heal) and heal.amount.value == 4 and heal.target.targeted
    ready, = one("Ready target ally you control.").effects
    assert isinstance(ready, M.Ready) and ready.target.controller == "you"
    ex, = one("Exhaust target opposing ally.").effects
    assert isinstance(ex, M.Exhaust) and ex.target.controller == "opponent"


def test_wow_stat_pair_is_atk_and_health():
    e = one("Attached ally has +2 / +1.").effects
    assert [(m.stat, m.amount.value, m.sign) for m in e] == [("atk", 2, 1), ("health", 1, 1)]


def test_wow_token_with_stats():
    [e] = one("Put a 2 / 2 Wolf ally token into play.").effects
    assert isinstance(e, M.CreateToken) and e.count.value == 1 and "ally" in e.kinds
    assert e.zone.name == "play"


def test_wow_choose_one_is_a_modal_choice():
    [e] = one("Choose one: Your hero deals 2 nature damage to target ally; or your hero heals "
              "2 damage from target hero.").effects
    assert isinstance(e, M.Choice) and len(e.options) == 2
    assert isinstance(e.options[0][0], M.Damage) and isinstance(e.options[1][0], M.Heal)


def test_wow_choose_x_of_the_following_is_a_choice_of_x_modes():
    """"Choose X of the following: A; B; C; or D." (Penetrating Shots) is one choice of X of
    four modes; it was read as A, B and C all happening, with "or D" unread."""
    card = wow.parse("Choose X of the following: Your hero deals 3 ranged damage to target "
                     "hero; your hero deals 3 ranged damage to target ally; target hero has -3 "
                     "ATK this turn; or target ally has -3 ATK this turn.")
    assert card.fully_parsed
    [e] = card.abilities[0].effects
    assert isinstance(e, M.Choice) and len(e.options) == 4
    assert e.pick.variable == "X" and e.pick.value is None
    [e] = one("Choose two: Your hero deals 3 ranged damage to target hero; or target ally has "
              "-3 ATK this turn.").effects
    assert isinstance(e, M.Choice) and e.pick.value == 2


def test_wow_cost_reduction_is_a_value_change():
    [e] = one("You pay 2 less to play this ability.").effects
    assert isinstance(e, M.ModifyValue) and e.stat == "cost" and e.sign == -1
    assert e.amount.value == 2


def test_wow_restriction_until_and_only():
    # "can't attack or protect": both restricted (not a choice between them)
    effects = one("Target ally can't attack or protect this turn.").effects
    assert all(isinstance(e, M.Restriction) for e in effects)
    assert [a for e in effects for a in e.actions] == ["attack", "protect"]
    assert effects[1].duration.kind == "this turn" and effects[0].who.targeted
    [e] = one("Play only if you control a Totem.").effects
    assert isinstance(e, M.Restriction) and e.only.test == "control"


def test_wow_granted_keyword_in_quotes():
    [e] = one('All heroes have "Sabotage: A Welcome Distraction."').effects
    assert isinstance(e, M.Gain) and e.resource == "ability"
    assert e.abilities[0].keywords[0].name == "Sabotage"


def test_wow_rules_example_card_line_goes_to_meta():
    text = "Elder Moorf, 1, Horde, Ally\u2014Tauren Druid, 1 [Nature] / 1 Health\nDraw a card."
    card = wow.parse(text)
    assert dict(card.meta)["name"] == "Elder Moorf"
    assert isinstance(card.abilities[0].effects[0], M.Move)


def test_wow_unreadable_sentence_is_located_and_strict_raises():
    text = "Draw a card. Gorp the zibble."
    card = wow.parse(text)
    assert card.unparsed[0].text == "Gorp the zibble." and card.unparsed[0].span.start == 13
    with pytest.raises(CardSyntaxError):
        wow.parse(text, strict=True)


def test_wow_iter_corpus_one_row_per_name(tmp_path):
    path = tmp_path / "prints.json"
    path.write_text('[{"card_name": "A", "card_print_text_front": "Draw a card."},'
                    ' {"card_name": "A", "card_print_text_front": "Other."},'
                    ' {"card_name": "B", "card_print_text_front": ""}]', encoding="utf-8")
    assert list(wow.iter_corpus(path)) == [("A", "Draw a card.")]


def test_wow_cost_list_with_the_dropped_symbol_between_costs():
    """"1, , Discard a card → ...": the card data dropped the activate symbol between two costs;
    both printed costs are read and the symbol's place is a cost "not shown" (the two commas
    are two tokens, told apart by identity, not by their equal text)."""
    card = wow.parse("1, , Discard a card \u2192 Draw a card.")
    assert card.fully_parsed, (card.unparsed, card.others())
    costs = card.abilities[0].costs
    assert [c.kind for c in costs][-1] == "symbol" and costs[0].amount.value == 1
    assert any(c.effect is not None and c.effect.verb == "discard" for c in costs)


def test_wow_where_x_is_a_number_plus_a_quantity():
    """"where X is 1 plus the ATK of one of your Melee weapons": the quantity plus 1, as
    "the number of allies you control plus 1" is."""
    card = wow.parse("Your hero deals X melee damage to target ally, where X is 1 plus the ATK "
                     "of one of your Melee weapons.")
    assert card.fully_parsed, (card.unparsed, card.others())
    q = card.abilities[0].effects[0].amount.defined_as
    assert (q.measure, q.plus) == ("atk", 1)


def test_wow_hero_is_in_a_named_form():
    """"Your hero is in Bear Form.": the hero has the keyword Bear Form (glossary: Bear Form and
    Cat Form are keyword powers heroes can have; CR 7.4 quotes Cat Form's text as "Your hero has
    Cat Form"); "is in play" is not that (a zone, left to an Other)."""
    card = wow.parse("Ongoing: Your hero is in Bear Form.")
    assert card.fully_parsed, (card.unparsed, card.others())
    [eff] = card.abilities[0].effects
    assert isinstance(eff, M.Gain) and eff.resource == "keyword"
    assert eff.keyword.name == "Bear Form"
    assert eff.target.kinds == ("hero",) and eff.target.controller == "you"
    assert not wow.parse("Your hero is in play.").fully_parsed


def test_wow_pay_less_is_a_cost_change_never_a_payment():
    """"You pay 1 less to play cards this turn" lowers a cost (it was read as paying 1); "the
    next time you strike with a Melee weapon" makes it a delayed change of that strike's cost;
    "pay 2 less" with nothing it applies to, or with a floor ", to a minimum of 1", is not
    read as a value (no payment is made up)."""
    [eff] = wow.parse("You pay 1 less to play cards this turn.").abilities[0].effects
    assert isinstance(eff, M.ModifyValue) and (eff.stat, eff.sign) == ("cost", -1)
    assert eff.target.kinds == ("card",) and eff.duration.kind == "this turn"
    card = wow.parse("You pay 3 less the next time you strike with a Melee weapon this turn.")
    [delayed] = card.abilities[0].effects
    assert isinstance(delayed, M.DelayedTrigger) and delayed.trigger.kind == "next time"
    [change] = delayed.effects
    assert (change.stat, change.sign, change.amount.value) == ("strike cost", -1, 3)
    assert change.target.kinds == ("weapon",)
    for text in ("You pay 2 less.", "You and friendly players pay 1 less to play cards."):
        card = wow.parse(text)
        assert not card.fully_parsed
        assert not any(isinstance(e, M.Pay) for a in card.abilities for e in a.effects)


def test_wow_pay_less_keeps_its_floor_and_its_payer():
    """", to a minimum of 1" is the change's floor (it was an Other); who pays is whose cards
    the change applies to ("You pay ..." - the cards you play; "Each opponent pays ...")."""
    [eff] = one("You pay 1 less to play allies, to a minimum of 1.").effects
    assert isinstance(eff, M.ModifyValue) and (eff.stat, eff.sign) == ("cost", -1)
    assert eff.minimum.value == 1 and eff.amount.value == 1
    assert eff.target.kinds == ("ally",) and eff.target.controller == "you"
    [eff] = one("Each opponent pays 1 more to play cards.").effects
    assert eff.sign == 1 and eff.minimum is None and eff.target.controller == "opponent"
    card = wow.parse("You pay 1 less to play allies, to a maximum of 1.")
    assert not card.fully_parsed


def test_wow_enters_play_with_counters_counted_before_their_kind():
    """"with five +1 ATK counters" (the number is read before the signed kind), "for each"
    and an "if" kept."""
    [eff] = wow.parse("This weapon enters play with five +1 ATK counters.").abilities[0].effects
    assert isinstance(eff, M.Counters) and (eff.kind.lower(), eff.count.value) == ("+1 atk", 5)
    [per] = wow.parse("This weapon enters play with a +1 ATK counter for each card in your "
                      "hand.").abilities[0].effects
    assert per.count.value == 1 and per.count.per.kinds == ("card",)
    [cond] = wow.parse("The Hands of Fate enters play with three +1 DEF counters if an "
                       "opponent went first this game.", name="The Hands of Fate"
                       ).abilities[0].effects
    assert isinstance(cond, M.Conditional) and cond.then[0].count.value == 3


def test_wow_target_sentence_chooses_targets():
    """"Target up to two opposing allies." (706.1a): the targets are chosen - a Choose of
    targeted objects, with its count and controller; a bare noun phrase that is not "Target
    ..." stays unparsed."""
    card = wow.parse("Target up to two opposing allies.")
    assert card.fully_parsed, (card.unparsed, card.others())
    [choose] = card.abilities[0].effects
    assert isinstance(choose, M.Choose) and choose.what.targeted
    assert choose.what.count.value == 2 and choose.what.controller == "opponent"
    assert not wow.parse("Two opposing allies.").fully_parsed


def test_wow_draw_until_keeps_its_limit():
    """"Draw cards until you reach your maximum hand size" (WoW 713.2): the "until" clause is
    the move's ``until`` condition, not dropped (it was read as drawing one card)."""
    [e] = one("Draw cards until you reach your maximum hand size.").effects
    assert isinstance(e, M.Move) and e.verb == "draw" and e.until is not None
    assert e.until.event.verb == "reach" and "hand size" in e.until.event.object.kinds
    [plain] = one("Draw two cards.").effects
    assert plain.until is None


def test_wow_prevent_the_first_damage_each_turn():
    """"Prevent the first 4 damage that would be dealt to your hero each turn" (WoW 717.6):
    ``first`` is set and "each turn" is not part of the character described."""
    [e] = one("Ongoing: Prevent the first 4 damage that would be dealt to your hero each "
              "turn.").effects
    assert isinstance(e, M.Prevent) and e.first and e.amount.value == 4
    assert e.target.kinds == ("hero",) and e.target.text == "your hero"
    [nxt] = one("Prevent the next 3 damage that would be dealt to target ally this turn.").effects
    assert nxt.next and not nxt.first


def test_wow_switch_damage_and_stats():
    """"Switch all damage on X with the damage on Y" (WoW 405.7) and "Switch the ATK and Health
    of X" (712.9) read as a Switch; the damage's two holders are told apart."""
    [e] = one("Switch all damage on your hero with the damage on target opposing hero.").effects
    assert isinstance(e, M.Switch) and e.stats == ("damage",)
    assert e.first.kinds == ("hero",) and e.first.controller == "you" and not e.first.filters
    assert e.second.targeted and e.second.controller == "opponent"
    [s] = one("Switch the ATK and Health of each Raiding ally this turn.").effects
    assert isinstance(s, M.Switch) and s.stats == ("atk", "health") and s.second is None
    assert s.first.kinds == ("ally",) and s.duration.kind == "this turn"


def test_wow_divided_as_you_choose_after_the_amount_is_a_division():
    """"deals 3 nature damage divided as you choose to ..." and "heals 8 damage divided as you
    choose from ..." (707.1d), "deal that much divided as you choose among ... instead" (717.7):
    the words follow the amount's noun; they were dropped, and the damage read as dealt whole."""
    [e] = one("When Gok enters play, he deals 3 nature damage divided as you choose to any "
              "number of target heroes and/or allies.").effects
    assert isinstance(e, M.Damage) and e.divided and e.amount.value == 3
    [h] = one("Your hero heals 8 damage divided as you choose from any number of target heroes "
              "and/or allies.").effects
    assert isinstance(h, M.Heal) and h.divided and h.amount.value == 8
    [r] = one("If this ally would deal combat damage, he may deal that much divided as you "
              "choose among any number of opposing heroes and/or allies instead.").effects
    assert isinstance(r, M.Replacement)
    [[d]] = r.instead[0].options
    assert isinstance(d, M.Damage) and d.divided
    [plain] = one("Your hero deals 2 fire damage to target ally.").effects
    assert not plain.divided


def test_wow_must_target_if_able_is_a_magnet():
    """"Opposing cards and effects must target Grounding Totem if able" (706.4): a "must
    target" restriction on the links described, ``what`` the magnet (was an Other 'must')."""
    [e] = one("Ongoing: Opposing cards and effects must target Grounding Totem if able.").effects
    assert isinstance(e, M.Restriction) and e.verb == "must target"
    assert e.who.controller == "opponent" and e.who.kinds == ("card",)
    assert e.what.text == "Grounding Totem" and not e.what.targeted
    assert e.only is not None and e.only.test == "able"
    [d] = one("Ongoing: Opposing cards and effects must target attached card if able.").effects
    assert d.verb == "must target" and d.what.qualities == ("attached",)
    [t] = one("Target opposing ally must attack this turn if able.").effects
    assert t.verb == "must attack"


def test_wow_token_copy_is_a_token_not_a_counter():
    """"Put a token copy of target ally you control into play" (WoW 402.4) was read as placing
    a "copy" counter; it is a CreateToken copying the target."""
    [e] = one("Put a token copy of target ally you control into play.").effects
    assert isinstance(e, M.CreateToken) and e.copy_of is not None
    assert e.copy_of.targeted and e.copy_of.kinds == ("ally",) and e.copy_of.controller == "you"
    assert e.copy_of.text == "target ally you control"
    [t] = one("Put a copy of target ally token into play.").effects
    assert isinstance(t, M.CreateToken) and "token" in t.copy_of.kinds
    [w] = one("Put a 1 / 1 Spider ally token into play.").effects
    assert isinstance(w, M.CreateToken) and w.copy_of is None and w.token == "Spider"


def test_wow_remove_from_combat_is_not_removal_from_the_game():
    """"Remove target friendly defending ally from combat" (WoW 602.4) was read as removing
    it from the game; it is a Move "remove from combat" with no zone."""
    e = one("Remove target friendly defending ally from combat, and your hero becomes a "
            "defender.").effects
    assert isinstance(e[0], M.Move) and e[0].verb == "remove from combat"
    assert e[0].to_zone is None and e[0].what.kinds == ("ally",) and e[0].what.of is None
    assert isinstance(e[1], M.Becomes) and e[1].kinds == ("defender",)
    [gone] = one("Remove target ally from the game.").effects
    assert gone.verb == "remove" and gone.to_zone.name == "removed"


def test_wow_717_2a_prevention_with_a_noun_subject_relative_clause():
    """"damage that <noun phrase> would deal / be dealt": the relative clause's subject is the
    source of the damage (deal) or the one dealt it (be dealt), never dropped."""
    [e] = one("Prevent all damage that target hero or ally would deal this turn.").effects
    assert isinstance(e, M.Prevent) and e.amount is None and e.target is None
    assert e.source.targeted and e.source.kinds == ("hero",)
    assert e.source.alternatives[0].kinds == ("ally",)
    assert e.duration.kind == "this turn"
    [e] = one("Prevent all combat damage that target attacking ally would deal to your hero "
              "this combat.").effects
    assert e.damage_type == "combat" and e.source.kinds == ("ally",)
    assert e.target.kinds == ("hero",) and e.target.controller == "you"
    [e] = one("Prevent the next 1 damage that Yula would be dealt this turn.", name="Yula").effects
    assert e.next and e.amount.value == 1 and e.target.ref == "this" and e.source is None
    [e] = one("Prevent all damage that Rogues would deal to this ally.").effects
    assert e.target.ref == "this" and e.source.text == "Rogues"


def test_wow_706_1a_targets_of_either_kind_then_each_of_them():
    """"Target up to three heroes and/or allies." chooses targets of either kind; "each of
    them" / "each of them draws" name those (another determiner before a pronoun, "one of
    them", picks among them: not read)."""
    card = wow.parse("Target up to three heroes and/or allies. Your hero deals 1 damage to each "
                     "of them.")
    assert card.fully_parsed, card.unparsed
    choose, dmg = card.abilities[0].effects
    assert isinstance(choose, M.Choose) and choose.what.targeted
    assert choose.what.count.value == 3 and choose.what.count.relation == "up to"
    assert choose.what.kinds == ("hero",) and choose.what.alternatives[0].kinds == ("ally",)
    assert isinstance(dmg, M.Damage) and dmg.target.ref == "they"
    [draw] = one("Each of them draws a card.").effects
    assert isinstance(draw, M.Move) and draw.who.ref == "they"
    assert not wow.parse("Choose one of them.").fully_parsed


def test_wow_a_line_opening_with_you_is_a_sentence():
    """A capitalised function word opening a line is a sentence's first word, not a name
    ("Dwarf Hero Required" above it); "Will of the Forsaken" is still a title."""
    card = wow.parse("Dwarf Hero Required\n\nYou pay 1 less to complete quests.", name="Ram")
    assert card.fully_parsed, (card.unparsed, card.others())
    eff = card.abilities[-1].effects[0]
    assert isinstance(eff, M.ModifyValue) and eff.target.controller == "you"
    card = wow.parse("Protector\n\nWill of the Forsaken", name="Samuel")
    assert card.fully_parsed
    assert [k.name for a in card.abilities for k in a.keywords] == ["Protector",
                                                                    "Will of the Forsaken"]


def test_wow_another_amount_if_a_condition_holds_is_not_a_choice():
    """"deals 2 fire damage to target ally, or 6 if that ally was dealt damage this turn": the
    larger amount while the condition holds, else the first (it was a choice of the two)."""
    [e] = one("Your hero deals 2 fire damage to target ally, or 6 if that ally was dealt damage "
              "this turn.").effects
    assert isinstance(e, M.Conditional) and e.condition.kind == "if"
    [big], [small] = e.then, e.otherwise
    assert isinstance(big, M.Damage) and big.amount.value == 6
    assert isinstance(small, M.Damage) and small.amount.value == 2
    assert big.target == small.target and big.damage_type == small.damage_type == "fire"
    [c] = one("Your hero deals 2 fire damage to target ally, or draw a card.").effects
    assert isinstance(c, M.Choice)


def test_wow_past_tense_condition_and_a_misspelt_its():
    """"If your hero dealt combat damage to an opposing hero this turn": the participle is the
    clause's verb and the condition keeps "this turn"; "it's controller's" is "its"."""
    [c] = one("If your hero dealt combat damage to an opposing hero this turn, draw two "
              "cards.").effects
    ev = c.condition.event
    assert ev.verb == "deal damage" and ev.subject.kinds == ("hero",)
    assert ev.object.controller == "opponent" and ev.damage_type == "combat"
    assert ev.within.kind == "this turn"
    [r] = one("It can't ready during it's controller's next ready step.").effects
    assert isinstance(r, M.Restriction) and r.actions == ("ready",)
    assert (r.duration.kind, r.duration.whose) == ("next ready step", "controller")
    [m] = one("Put it into it's owner's hand.").effects
    assert m.to_zone.name == "hand" and m.to_zone.owner_target.controller == "it"


def test_wow_on_your_turn_is_a_time_and_a_relative_before_a_past_verb():
    """"On your turn, pay 3 to complete this quest": during your turn ("on" before anything
    that is not a time stays unread); "If an ally you controlled dealt damage ...": the
    participle after the subject's relative clause is the clause's verb."""
    [c] = one("On your turn, pay 3 to complete this quest.").effects
    assert isinstance(c, M.Conditional) and c.condition.kind == "during"
    assert c.condition.event.phase == "turn" and c.condition.event.whose.ref == "you"
    assert not wow.parse("On a hero, draw a card.").fully_parsed
    [c] = one("If an ally you controlled dealt damage to a hero this turn, draw a card.").effects
    ev = c.condition.event
    assert ev.verb == "deal damage" and ev.subject.kinds == ("ally",)
    assert ev.within.kind == "this turn"


def test_wow_enters_play_under_whose_control_is_the_subjects_controller():
    """"When an ally enters play under your control": whose control it enters under is the
    controller relation of the trigger's subject (dropping it would fire on every ally)."""
    for text, rel in (("When an ally enters play under your control, draw a card.", "you"),
                      ("When an ally enters play under an opponent's control, draw a card.",
                       "opponent"),
                      ("Whenever an ally you control enters play, draw a card.", "you")):
        a = one(text)
        ev = a.trigger.event
        assert ev.verb == "enter play" and ev.subject.kinds == ("ally",), text
        assert ev.subject.controller == rel and ev.object is None and not ev.rest, text
    ev = one("When this ally enters play, draw a card.").trigger.event
    assert ev.subject.ref == "this" and ev.subject.controller == ""


def test_wow_a_card_calls_itself_by_its_nickname_in_quotes():
    """'"Eyeball" Jones': "When Eyeball deals combat damage" is the card itself (the quoted
    word was looked for with its quotes, so the trigger named a card called Eyeball)."""
    card = wow.parse("When Eyeball deals combat damage to a hero or ally, exhaust that "
                     "character.", name='"Eyeball" Jones')
    [a] = card.abilities
    assert a.trigger.event.subject.ref == "this"


def test_wow_is_attached_to_keeps_what_it_is_attached_to():
    """"If target ability is attached to a hero or ally" (Inventor's Focal Sword): the condition
    keeps "a hero or ally" as its object (it was dropped: any host would have done)."""
    [a] = wow.parse("If target ability is attached to a hero or ally, destroy it.").abilities
    cond = a.effects[0].condition
    assert cond.test == "is" and cond.state == "attached"
    assert cond.object.kinds == ("hero",) and cond.object.alternatives[0].kinds == ("ally",)
    [a] = wow.parse("If target ability is attached, destroy it.").abilities
    assert a.effects[0].condition.object is None


def test_wow_causative_with_a_coordinated_object_is_the_agents_damage():
    """Blade Flurry: "you may have your hero deal that much melee damage to another target hero
    or ally" - the "or ally" joins the agent's object (it was a second object of "have", and
    the whole clause an Other 'have'); the may's span reaches "ally"."""
    text = ("When your hero deals combat damage with a weapon to an ally, you may have your "
            "hero deal that much melee damage to another target hero or ally.")
    [a] = wow.parse(text).abilities
    [choice] = a.effects
    assert isinstance(choice, M.Choice) and choice.optional
    [dmg] = choice.options[0]
    assert isinstance(dmg, M.Damage) and dmg.amount.ref == "that much"
    assert dmg.source.kinds == ("hero",) and dmg.target.targeted
    assert dmg.target.kinds == ("hero",) and dmg.target.alternatives[0].kinds == ("ally",)
    assert text[choice.span.start:choice.span.end].endswith("hero or ally")


def test_wow_710_1b_the_state_a_card_arrives_in_is_a_field_of_its_move():
    """"put it into play exhausted" / "[this] enters play exhausted / with 3 damage": the state
    is Move.arrives, never a Move without it nor a second object dropped (ef02c6a)."""
    [choice, put] = one("Ongoing: When an ally is destroyed, its controller may search his deck "
                        "for an ally with the same name and put it into play exhausted.").effects
    assert isinstance(choice.options[0][0], M.Search)
    assert isinstance(put, M.Move) and put.to_zone.name == "play" and put.what.ref == "it"
    assert put.arrives.states == ("exhausted",) and put.arrives.damage is None
    [enter] = one("This ally enters play with 3 damage.").effects
    assert isinstance(enter, M.Move) and enter.verb == "enter" and enter.what.ref == "this"
    assert enter.to_zone.name == "play" and enter.arrives.damage.value == 3
    assert enter.arrives.states == ()
    [enter] = one("This ally enters play exhausted.").effects
    assert isinstance(enter, M.Move) and enter.arrives.states == ("exhausted",)


def test_wow_600_3a_cant_attack_or_exhaust_unless_is_one_condition_on_both():
    """"can't attack or exhaust unless their controller pays 1": the "unless" is both verbs'
    (600.3a), not a choice between "can't attack" and "can't exhaust unless ..."."""
    [e] = one("Ongoing: Opposing heroes and allies can't attack or exhaust unless their "
              "controller pays 1.").effects
    assert isinstance(e, M.Conditional) and e.condition.kind == "unless"
    [r] = e.then
    assert isinstance(r, M.Restriction) and r.actions == ("attack", "exhaust")
    assert r.who.controller == "opponent"
    # two restrictions with no condition stay two restrictions
    assert [x.actions for x in one("Target ally can't attack or exhaust.").effects] == [
        ("attack",), ("exhaust",)]


def test_wow_that_amount_of_damage_plus_n_instead_changes_the_packet():
    """"it heals / deals / is dealt that amount of damage plus 1 instead" (Hide of the Wild,
    Berserker Stance, Dragonslayer's Signet's "+1"): the replaced packet's amount changes, as
    "that much +1" reads - it was a new Heal (replaced again without end) or a new Damage whose
    "plus 1" was lost."""
    for text, verb, stat in (
            ("If your hero would heal damage, it heals that amount of damage plus 1 instead.",
             "heal", "heal"),
            ("If your hero would deal damage, it deals that amount of damage plus 1 instead.",
             "deal", "damage"),
            ("If your hero would be dealt damage, it is dealt that amount of damage plus 1 "
             "instead.", "deal", "damage"),
            ("If a friendly hero or ally would deal damage to a Dragon, it deals that amount "
             "of damage +1 instead.", "deal", "damage")):
        [a] = wow.parse(text).abilities
        [rep] = a.effects
        [change] = rep.instead
        assert isinstance(change, M.ModifyValue), text
        assert (change.verb, change.stat, change.sign, change.op, change.amount.value) == \
            (verb, stat, 1, "add", 1), text
    # not a replacement's amount: "heals that amount of damage from itself" stays a heal
    [a] = wow.parse("When your hero deals combat damage, it heals that amount of damage from "
                    "itself.").abilities
    assert isinstance(a.effects[0], M.Heal)


def test_wow_a_card_printing_its_full_and_short_name_is_both():
    """"x, Flip Boris Brightbeard → Boris heals X damage": "Boris" is the card (it was a
    Target named "Boris" that no card in play matches: the heal had no source); "Put a
    Netherdrake ally token" on Netherdrake Gloves, "named Prince Keleseth" on Prince Valanar
    stay other cards."""
    [a] = wow.parse("x, Flip Boris Brightbeard → Boris heals X damage from target hero or "
                    "ally. Use only on your turn.", name="Boris Brightbeard").abilities
    assert a.effects[0].source.ref == "this"
    [a] = wow.parse(", Destroy Netherdrake Gloves → Put a Netherdrake ally token with 3 ATK / "
                    "3 health into play.", name="Netherdrake Gloves").abilities
    assert a.effects[0].token.startswith("Netherdrake")


def test_wow_a_token_chosen_among_names_and_its_atk_damage_type():
    """"a 0 [Melee] / 2 [Health] Air, Earth, Fire, or Water Totem token" (Erunak Stonespeaker,
    404.2b): one of four names, chosen as it resolves, with [Melee] ATK (the type was dropped
    and the token was one named after all four)."""
    [a] = wow.parse("When Erunak enters play, put a 0 [Melee] / 2 [Health] Air, Earth, Fire, "
                    "or Water Totem token into play.", name="Erunak Stonespeaker").abilities
    [t] = a.effects
    assert isinstance(t, M.CreateToken)
    assert t.choices == ("Air Totem", "Earth Totem", "Fire Totem", "Water Totem")
    assert t.kinds == ("totem",) and t.damage_type == "melee"
    assert dict(t.values) == {"atk": 0, "health": 2}
    [a] = wow.parse("When this ally enters play, put a 0 [Melee] / 1 [Health] Wisp ally token "
                    "into play.").abilities
    assert a.effects[0].choices == () and a.effects[0].damage_type == "melee"


def test_wow_change_the_target_of_a_link():
    """706.2: "change its target to its controller's hero" (Spell Reflection, as the CR example
    quotes it) is a ChangeTarget of the link "its" names, to the second target the text names;
    "change the target of an ability card with a single target" names the link by description
    and leaves the second target to the player. Both were an Other ('change')."""
    [e] = one("If an ability is targeting only your hero, change its target to its "
              "controller's hero.").effects
    assert isinstance(e, M.Conditional)
    [c] = e.then
    assert isinstance(c, M.ChangeTarget) and c.link.ref == "it"
    assert c.to.kinds == ("hero",) and c.to.of.kinds == ("controller",)
    assert c.to.of.controller == "it" and c.to.of.who == "player"
    [choice] = one("You may change the target of an ability card with a single target.").effects
    [[r]] = choice.options
    assert isinstance(r, M.ChangeTarget) and r.to is None
    assert r.link.kinds == ("ability", "card") and not r.link.targeted


def test_wow_is_targeting_only_keeps_what_is_targeted():
    """"If an ability is targeting only your hero": the event's object is the hero, marked
    "only" (it was dropped: the condition had no object, so the module could not test it)."""
    [e] = one("If an ability is targeting only your hero, draw a card.").effects
    ev = e.condition.event
    assert ev.verb == "target" and ev.subject.kinds == ("ability",)
    assert ev.object.kinds == ("hero",) and ev.object.controller == "you"
    assert "only" in ev.object.qualities and not ev.rest


def test_wow_guess_whether_higher_or_lower_and_guessed_correctly():
    """712.8 (Farseer Nobundo, as the CR example quotes him): "guess whether A has a higher or
    lower cost than B" is a Guess of A against B by cost; "If you guessed correctly" the event
    ``guess right``. The first was an Other ('has'), the second unreadable ('guessed')."""
    [g] = one("Guess whether the top card of your deck has a higher or lower cost than the top "
              "card of target opponent's deck.").effects
    assert isinstance(g, M.Guess) and g.stat == "cost" and g.answers == ("higher", "lower")
    assert g.first.zone.name == "deck" and g.first.zone.position == "top"
    assert g.first.zone.owner == "you"
    assert g.second.zone.owner_target.targeted and g.second.zone.owner == "opponent"
    [c] = one("If you guessed correctly, draw a card.").effects
    assert c.condition.event.verb == "guess right" and c.condition.event.object is None


def test_wow_choose_whether_is_not_read_as_choosing_an_object():
    """"choose whether he is Elusive or Untargetable": the "whether" clause is read only by a
    guess; any other verb is an Other (it was a Choose of 'whether he is', a wrong value)."""
    card = wow.parse("As this ally enters play, choose whether he is Elusive or Untargetable.")
    assert [o.verb for o in card.others()] == ["choose"]
    assert not any(isinstance(v, M.Choose) for v in M.walk(card.abilities))


def test_wow_may_choose_not_to_ready_this_ally_during_your_ready_step():
    """Helwen's first sentence (501.1a): an optional restriction on readying the card itself in
    its controller's ready step (it was unreadable: 'not' after 'choose'); "choose not to" with
    anything else is an Other, never a dropped negation."""
    [e] = one("You may choose not to ready this ally during your ready step.").effects
    assert isinstance(e, M.Choice) and e.optional
    [[r]] = e.options
    assert isinstance(r, M.Restriction) and r.verb == "choose not to" and r.actions == ("ready",)
    assert r.what.ref == "this" and r.duration.kind == "ready step" and r.duration.whose == "you"
    card = wow.parse("You may choose not to draw a card.")
    assert [o.verb for o in card.others()] == ["choose"]


def test_wow_remove_your_deck_is_every_card_in_it():
    """"Remove your deck from the game" (Forbidden Knowledge, the 716.1d example): every card
    of your deck is removed (it was a Move of an object of kind 'deck' in play: nothing)."""
    [e] = one("Remove your deck from the game.").effects
    assert isinstance(e, M.Move) and e.to_zone.name == "removed"
    assert e.what.quantifier == "all" and e.what.kinds == ("card",)
    assert e.what.zone.name == "deck" and e.what.zone.owner == "you"
    assert e.from_zone.name == "deck"


def test_wow_rather_than_pay_this_cards_cost_is_an_alternate_cost():
    """707.1e: "You may exhaust one of your Shields rather than pay Spell Reflection's cost."
    is an alternate cost of the card (it was read as an optional exhaust done as the card
    resolves, "rather than pay ..." dropped); another card's cost is not this card's."""
    card = wow.parse("You may exhaust one of your Shields rather than pay Spell Reflection's "
                     "cost.", name="Spell Reflection")
    [a] = card.abilities
    assert a.kind == "alternate cost" and not a.effects
    [c] = a.costs
    assert isinstance(c.effect, M.Exhaust) and c.effect.target.text == "one of your Shields"
    other = wow.parse("You may exhaust this ally rather than pay the cost of an ability with "
                      "cost 7 or less.")
    assert all(x.kind != "alternate cost" for x in other.abilities)


def test_wow_players_as_a_subject_is_every_player():
    """"Players put all ally cards from their graveyards into play." (Kaal Soulreaper, the
    703.3c example): "put" after the plural subject "Players" is its verb (the sentence was
    unread: "expected a sentence, not a noun phrase"), and a bare plural player noun names every
    player (it was read as one player)."""
    card = wow.parse("7, Remove Kaal Soulreaper from the game → Players put all ally cards "
                     "from their graveyards into play.", name="Kaal Soulreaper")
    assert not card.unparsed
    [a] = card.abilities
    [e] = a.effects
    assert isinstance(e, M.Move) and e.verb == "put" and e.to_zone.name == "play"
    assert e.who.who == "player" and e.who.quantifier == "all" and e.who.controller == "any"
    assert e.what.kinds == ("ally", "card") and e.what.zone.owner == "they"
    [b] = one("Players can't draw cards this turn.").effects
    assert isinstance(b, M.Restriction) and b.who.quantifier == "all"
    [c] = one("Target player draws a card.").effects
    assert c.who.quantifier == "one"


def test_wow_706_6_could_target_is_a_condition_on_what_it_describes():
    """"target ability that could target your hero": a "could target" condition (706.6) whose
    object is what it could target - not an unread condition."""
    from judge.cards import model as M
    from judge.cards import wow as W
    card = W.parse("Interrupt target ability that could target your hero.")
    assert card.fully_parsed
    [e] = [e for a in card.abilities for e in a.effects]
    [f] = [f for t in (getattr(e, "what", None), getattr(e, "target", None)) if t is not None
           for f in t.filters]
    assert isinstance(f, M.Condition) and f.test == "could target"
    assert f.object.kinds == ("hero",) and f.object.controller == "you"
    assert not f.object.targeted


def test_wow_412_1c_additional_resource_and_face_up_cost():
    """412.1c: Eranikus's "place it into your resource row ready as an additional resource" is
    a Move whose arrival is ready, as an additional resource (both words were dropped in
    silence); Brokentoe's "As a cost to place this quest face up, discard a card." is an
    ability of kind ``face-up cost`` whose cost discards a card (it was unread)."""
    [a] = wow.parse("At the start of your turn, reveal the top card of your deck, then place it "
                    "into your resource row ready as an additional resource.").abilities
    reveal, place = a.effects
    assert isinstance(reveal, M.Reveal) and reveal.what.zone.owner == "you"
    assert isinstance(place, M.Move) and place.to_zone.name == "resources"
    assert place.arrives.states == ("ready",) and place.arrives.role == "additional resource"
    [b] = wow.parse("Place them into your resource row exhausted as additional resources."
                    ).abilities
    assert b.effects[0].arrives.states == ("exhausted",)
    assert b.effects[0].arrives.role == "additional resource"
    card = wow.parse("As a cost to place this quest face up, discard a card.\n\nPay 3 to "
                     "complete this quest.\n\nReward: Draw two cards.",
                     name="The Ring of Blood: Brokentoe")
    assert not card.unparsed
    cost = card.abilities[0]
    assert cost.kind == "face-up cost" and not cost.effects
    [c] = cost.costs
    assert isinstance(c.effect, M.Move) and c.effect.verb == "discard"
    assert card.abilities[1].kind == "reward"


def test_wow_a_duration_after_a_quoted_power_stays_in_its_sentence():
    """Face Smash (the 706.1c example): 'Target ally has " → Destroy target ally." this turn.' -
    the sentence ended at the closing quote, and "this turn." alone was unread; now the gained
    power lasts this turn."""
    card = wow.parse('Target ally has " → Destroy target ally." this turn.', name="Face Smash")
    assert not card.unparsed
    [a] = card.abilities
    [g] = a.effects
    assert isinstance(g, M.Gain) and g.resource == "ability" and g.target.targeted
    assert g.duration is not None and g.duration.kind == "this turn"
    [power] = g.abilities
    assert power.kind == "activated" and isinstance(power.effects[0], M.Move)


def test_wow_a_quoted_power_with_the_activate_icon():
    """Face Smash as the 706.1c example prints it: 'Target ally has "[Activate] >>> Destroy
    target ally." this turn.' - the quoted payment power's cost is the activate icon (it was
    unread: only a number or nothing could come before the arrow in a quote)."""
    card = wow.parse('Target ally has "[Activate] >>> Destroy target ally." this turn.')
    assert not card.unparsed
    [g] = card.abilities[0].effects
    [power] = g.abilities
    assert [c.kind for c in power.costs] == ["exhaust"]
    assert g.duration.kind == "this turn"


def test_wow_plus_stat_equal_to_a_cards_stat():
    """High Prophet Barim (200.1a example): "+ATK equal to Barim's ATK and +[Health] equal to
    Barim's [Health]" - a change printed as a sign with no number, whose amount is the
    "equal to" after it (each change its own); the self-reference is "this" (the card that has
    the power). A bare sign with no "equal to", or a quantity the reader would cut ("the
    highest ATK among ..."), is not read as a value."""
    card = wow.parse("Other allies you control have +ATK equal to Barim's ATK and +[Health] "
                     "equal to Barim's [Health].", name="High Prophet Barim")
    assert card.fully_parsed, (card.unparsed, card.others())
    atk, health = card.abilities[0].effects
    for eff, stat in ((atk, "atk"), (health, "health")):
        assert isinstance(eff, M.ModifyValue) and (eff.stat, eff.sign, eff.op) == (stat, 1, "add")
        q = eff.amount.defined_as
        assert (q.measure, q.of.ref) == (stat, "this") and eff.amount.value is None
        assert eff.target.controller == "you" and "other" in eff.target.qualities
    assert isinstance(wow.parse("Target ally gets +ATK this turn.").abilities[0].effects[0],
                      M.Other)
    highest = wow.parse("Ongoing: Attached weapon has +ATK equal to the highest ATK among "
                        "allies you control.")
    assert not any(isinstance(e, M.ModifyValue) for a in highest.abilities for e in a.effects)


def test_wow_has_that_cards_printed_powers():
    """Skullchewer (200.1a example): "If you do, this ally has that card's printed powers" - the
    card gains the printed powers of the card its text named (402: copying); it was an Other."""
    card = wow.parse("As this ally enters play, you may remove an ally in an opposing graveyard "
                     "from the game. If you do, this ally has that card's printed powers.",
                     name="Skullchewer")
    assert card.fully_parsed, (card.unparsed, card.others())
    [a] = card.abilities
    assert a.trigger.kind == "as"
    choice, cond = a.effects
    assert isinstance(choice, M.Choice) and isinstance(choice.options[0][0], M.Move)
    [gain] = cond.then
    assert isinstance(gain, M.Gain) and gain.resource == "printed powers"
    assert gain.target.ref == "this" and gain.what.ref == "that" and gain.duration is None


def test_wow_target_article_is_the_opening_determiner():
    """Target.article: the determiner a noun phrase opens with when it picks one of what it
    describes ("a hero or ally", "an opponent's hand", "an additional card": a; "another
    ally": another) - the rules module reads it instead of the phrase's words; a card name
    that begins with "A" is no article, nor is a bare plural, "each", "target" or "the"."""
    def what(text: str, name: str = "Zed") -> M.Target:
        e = wow.parse(text, name=name).abilities[0].effects[0]
        return e.what if isinstance(e, M.Move) else e.target
    assert what("Destroy a hero or ally.").article == "a"
    assert what("Destroy an ally.").article == "a"
    assert what("Destroy another ally.").article == "another"
    assert what("Destroy another target ally.").article == "another"
    for text in ("Destroy allies you control.", "Destroy each ally.", "Destroy target ally.",
                 "Destroy the attacking ally."):
        assert what(text).article == "", text


@pytest.mark.parametrize(("text", "kind", "whose"), [
    ("Exhausted allies your opponents control don't ready during their controllers' next "
     "ready step.", "next ready step", "controller"),
    ("Target ally can't ready during his next ready step.", "next ready step", "controller"),
    ("Your allies can't ready during your ready step.", "ready step", "you"),
])
def test_wow_501_1a_a_ready_step_is_the_restrictions_duration(text, kind, whose):
    """"during its controller's next ready step" is read by the grammar as the restriction's
    duration (501.1a): whose ready step and whether only the next one (it was a regular
    expression over the card text after parsing, which saw only the top level: under "while
    ..." the phrase was named unread)."""
    [r] = one(text).effects
    assert isinstance(r, M.Restriction) and r.actions == ("ready",)
    assert (r.duration.kind, r.duration.whose) == (kind, whose)
    assert "ready step" in r.duration.text


def test_wow_501_1a_a_ready_step_under_a_condition_is_read_too():
    [c] = one("Ongoing: Each opposing ally can't ready during its controller's ready step while "
              "you control a Totem.").effects
    assert isinstance(c, M.Conditional) and c.condition.kind == "while"
    [r] = c.then
    assert (r.duration.kind, r.duration.whose) == ("ready step", "controller")
