"""Ashes card text (card_ashes.lark on card_common.lark) -> model values. Texts are written for
these tests in the style of Ashes cards or come from the corpus's tuning part; rule numbers are
those of ashes-raven-1.1."""

from __future__ import annotations

import pytest

from judge.cards import ashes
from judge.cards import model as M
from judge.cards.errors import CardSyntaxError

BLOCK = """Ember Whelp
Conjuration - Battlefield
Attack 1 - Life 2 - Recover 0 - Copies 4

Scorch 1: [[side]] - [[exhaust]] - 1 [[natural:class]]: Deal 1 damage to a target unit.

* Hardened 2: When this unit would receive damage, prevent 2 damage."""


def test_ashes_card_block_lines_become_meta():
    card = ashes.parse(BLOCK)
    meta = dict(card.meta)
    assert meta["name"] == "Ember Whelp"
    assert meta["type"] == "conjuration" and meta["placement"] == "battlefield"
    assert meta["attack"] == "1" and meta["life"] == "2" and meta["copies"] == "4"


def test_ashes_named_ability_with_dice_costs():
    card = ashes.parse(BLOCK)
    scorch = card.abilities[0]
    assert scorch.kind == "activated" and scorch.label == "Scorch"
    assert scorch.keywords[0].value.value == 1
    kinds = [c.kind for c in scorch.costs]
    assert kinds == ["side action", "exhaust", "dice"]
    assert scorch.costs[2].detail == "natural:class" and scorch.costs[2].amount.value == 1
    dmg = scorch.effects[0]
    assert isinstance(dmg, M.Damage) and dmg.amount.value == 1
    assert dmg.target.targeted and dmg.target.kinds == ("unit",)


def test_ashes_inexhaustible_star_and_prevent():
    card = ashes.parse(BLOCK)
    hardened = card.abilities[1]
    assert hardened.limit.startswith("inexhaustible") and hardened.kind == "triggered"
    # "would receive damage": step 2 of ashes-raven-1.1 5.0.0, kept apart from "is dealt"
    assert hardened.trigger.event.verb == "receive damage"
    prevent = hardened.effects[0]
    assert isinstance(prevent, M.Prevent) and prevent.amount.value == 2


def test_ashes_receiving_damage_is_not_being_dealt_damage():
    received = ashes.parse("Whenever this unit receives damage, draw 1 card.")
    dealt = ashes.parse("When your Phoenixborn would be dealt damage, draw 1 card.")
    assert received.abilities[0].trigger.event.verb == "receive damage"
    assert dealt.abilities[0].trigger.event.verb == "be dealt damage"


def test_ashes_a_spell_that_would_target_a_unit():
    # Golden Veil's erratum (ashes-raven-1.1 1.1.2): "target" is the verb, not "target unit"
    card = ashes.parse("You may play this spell when an opponent uses a spell, ability, or dice "
                       "power that would target a unit you control. Draw 1 card.")
    used = card.abilities[0].trigger.event
    assert used.verb == "use" and used.subject.controller == "opponent"
    power = used.object.alternatives[-1]
    targets = power.filters[0].event
    assert targets.verb == "target" and targets.object.kinds == ("unit",)
    assert targets.object.controller == "you"


def test_ashes_a_cost_paid_to_deal_damage_to_a_unit_or_phoenixborn():
    # the "or" belongs to the purpose's last noun phrase, not to the dice spent
    card = ashes.parse("You may spend 1 [[basic]] to deal 1 damage to a target unit or "
                       "Phoenixborn.")
    spend, damage = card.abilities[0].effects[0].options[0]
    assert isinstance(spend, M.Dice) and spend.kind == "basic" and not spend.target.alternatives
    assert isinstance(damage, M.Damage) and damage.target.kinds == ("unit",)
    assert [a.kinds for a in damage.target.alternatives] == [("phoenixborn",)]


def test_ashes_a_token_placed_to_deal_damage_to_a_unit_or_phoenixborn():
    # Chant Of Revenge: the purpose hangs on "this spell", inside "on this spell"
    card = ashes.parse("Whenever a unit you control is destroyed, you may place 1 exhaustion "
                       "token on this spell to deal 1 damage to a target unit or Phoenixborn.")
    place, damage = card.abilities[0].effects[0].options[0]
    assert isinstance(place, M.Counters) and place.on.ref == "this" and not place.on.alternatives
    assert isinstance(damage, M.Damage) and damage.target.targeted
    assert [a.kinds for a in damage.target.alternatives] == [("phoenixborn",)]


def test_ashes_the_following_ability_is_one_ability():
    # Power Through: "This unit now has the following ability:" grants Overkill 2, and the
    # card's own Respark stays the card's
    card = ashes.parse("This unit now has the following ability:\n\nOverkill 2: When this unit "
                       "destroys a unit, draw 1 card.\n\n* Respark: 1 [[discard]]")
    (gain,) = card.abilities[0].effects
    assert [a.label for a in gain.abilities] == ["Overkill"]
    assert card.abilities[1].label == "Respark"


def test_ashes_inflict_damage_on_a_target_reads_as_deal():
    # Stormwind Sniper; the erratum of ashes-raven-1.1 1.0.0 makes "inflict" "deal"
    card = ashes.parse("Ambush 2: When this unit comes into play, you may inflict 2 damage on a "
                       "target unit or Phoenixborn.")
    (damage,) = card.abilities[0].effects[0].options[0]
    assert isinstance(damage, M.Damage) and damage.amount.value == 2 and damage.target.targeted
    assert ("errata", "ashes-raven-1.1 1.0.0") in card.meta


def test_ashes_add_to_a_value_is_a_change_of_it():
    rage = ashes.parse("Add 1 to this unit's attack value for each wound token on this unit.")
    (change,) = rage.abilities[0].effects
    assert isinstance(change, M.ModifyValue) and (change.stat, change.amount.value) == ("attack", 1)
    assert change.target.ref == "this" and "wound" in change.amount.per.qualities


def test_ashes_tokens_are_counters():
    card = ashes.parse("Place 1 wound token on a target unit. Remove 2 exhaustion tokens from "
                       "this unit.")
    assert card.fully_parsed
    place, remove = card.abilities[0].effects
    assert isinstance(place, M.Counters) and place.action == "place" and place.kind == "wound"
    assert place.on.targeted and place.count.value == 1
    assert isinstance(remove, M.Counters) and remove.action == "remove"
    assert remove.kind == "exhaustion" and remove.on.ref == "this"


def test_ashes_dice_spend_select_reroll():
    card = ashes.parse("You may spend 1 [[basic]] to deal 1 damage to a target unit.")
    assert card.fully_parsed
    choice = card.abilities[0].effects[0]
    assert isinstance(choice, M.Choice) and choice.optional
    spend, deal = choice.options[0]
    assert isinstance(spend, M.Dice) and spend.action == "spend" and spend.kind == "basic"
    assert isinstance(deal, M.Damage)
    card = ashes.parse("Select 1 die in your exhausted pool, re-roll it, and place it into your "
                       "active pool.")
    assert card.fully_parsed
    select, reroll, place = card.abilities[0].effects
    assert isinstance(select, M.Dice) and select.from_zone.name == "exhausted pool"
    assert isinstance(reroll, M.Dice) and reroll.action == "re-roll"
    assert isinstance(place, M.Move) and place.to_zone.name == "active pool"


def test_ashes_x_defined_in_the_next_sentence():
    card = ashes.parse("Deal X damage to a target unit. X = the number of status tokens on this "
                       "unit.")
    assert card.fully_parsed
    dmg = card.abilities[0].effects[0]
    assert dmg.amount.variable == "X" and dmg.amount.defined_as.measure == "count"
    assert dmg.amount.defined_as.of.kinds == ("token",)


def test_ashes_reaction_spell_trigger():
    card = ashes.parse("You may play this spell after a unit you control is destroyed. Draw 2 "
                       "cards.")
    assert card.fully_parsed
    a = card.abilities[0]
    assert a.trigger is not None and a.trigger.kind == "after"
    assert a.trigger.event.verb == "be destroyed"
    assert isinstance(a.effects[0], M.Move) and a.effects[0].verb == "draw"


def test_ashes_granted_following_ability():
    card = ashes.parse("Choose a target unit you control to gain the following ability.\n\n"
                       "Bypass: This unit cannot be blocked or guarded.")
    assert card.fully_parsed, (card.unparsed, card.others())
    effects = card.abilities[0].effects
    gain = effects[-1]
    assert isinstance(gain, M.Gain) and gain.resource == "ability"
    assert gain.abilities[0].label == "Bypass"


def test_ashes_global_errata_inflict_reads_deal():
    card = ashes.parse("Inflict 2 damage to a target unit.")
    assert ("errata", "ashes-raven-1.1 1.0.0") in card.meta
    assert isinstance(card.abilities[0].effects[0], M.Damage)


def test_ashes_unreadable_sentence_is_located():
    text = "Draw 1 card. Wibble the wobbles."
    card = ashes.parse(text)
    gap = card.unparsed[0]
    assert gap.text == "Wibble the wobbles." and gap.span.start == 13
    with pytest.raises(CardSyntaxError):
        ashes.parse(text, strict=True)


def test_ashes_iter_corpus_reads_blocks(tmp_path):
    (tmp_path / "x.txt").write_text("Alpha\nAlly - Battlefield\n=====\nBeta\nAction Spell - "
                                    "Discard\n", encoding="utf-8")
    assert [n for n, _ in ashes.iter_corpus(tmp_path)] == ["Alpha", "Beta"]


def test_ashes_to_have_a_player_do_is_that_player_s_effect():
    """"pay 1 [[basic]] to have the target player discard 1 additional card": the discard is
    the target player's (the causative's agent), after the payment."""
    card = ashes.parse("You may pay 1 [[basic]] to have the target player discard 1 "
                       "additional card.")
    assert card.fully_parsed, (card.unparsed, card.others())
    [choice] = card.abilities[0].effects
    pay, discard = choice.options[0]
    assert isinstance(pay, M.Pay) and isinstance(discard, M.Move)
    assert discard.verb == "discard" and discard.who.targeted and discard.who.who == "player"


def test_ashes_a_list_of_sources_keeps_its_nouns():
    """"a spell, attack, counter, ability, or dice power you control": "attack" and "counter"
    between list commas are nouns of the list, not verbs."""
    card = ashes.parse("Whenever an opponent's unit is destroyed as a result of a spell, attack, "
                       "counter, ability, or dice power you control, place 1 status token on "
                       "this unit.")
    assert card.fully_parsed, (card.unparsed, card.others())


def test_ashes_3_2_2_it_deals_its_damage_before_the_others():
    """Battle Advantage's text: "it deals its damage" is the damage the unit deals by the rules
    in battle (its own amount, to whom the battle says), dealt before the other units deal
    theirs - a delayed trigger on their damage, not an Other."""
    card = ashes.parse("Battle Advantage: When this unit is in battle, it deals its damage "
                       "before other units without Battle Advantage deal their damage.")
    assert card.fully_parsed, (card.unparsed, card.others())
    [delayed] = card.abilities[0].effects
    assert isinstance(delayed, M.DelayedTrigger) and delayed.trigger.kind == "before"
    assert delayed.trigger.event.verb == "deal damage"
    [damage] = delayed.effects
    assert isinstance(damage, M.Damage) and damage.amount.ref == "its own" and damage.combat
    assert damage.source.ref == "it" and damage.target is None
    # a number or a recipient printed keeps the ordinary reading
    plain = ashes.parse("This unit deals 2 damage to a target unit.").abilities[0].effects[0]
    assert plain.amount.value == 2 and plain.target.targeted


def test_ashes_4_2_2_dismount_is_a_keyword_action():
    card = ashes.parse("* Dismount Rider: After this unit leaves play, choose a face down ally "
                       "that was under this unit and dismount that ally.")
    assert card.fully_parsed, (card.unparsed, card.others())
    choose, dismount = card.abilities[0].effects
    assert isinstance(dismount, M.KeywordAction) and dismount.verb == "dismount"
    assert dismount.keyword.citation == "ashes-raven-1.1 4.2.2"
    assert dismount.target.ref == "that" or dismount.target.text == "that ally"


def test_ashes_a_list_of_values_of_one_unit_each_change():
    """"the attack value, life value, and recover value of this unit are increased by 2": three
    changes of this unit (the "of" is shared), after a lead clause whose comma is not a list
    comma; never one change of the first value alone."""
    card = ashes.parse("* Transform 2: While you do not have the first player token, the attack "
                       "value, life value, and recover value of this unit are increased by 2.")
    assert card.fully_parsed, (card.unparsed, card.others())
    [cond] = card.abilities[0].effects
    assert isinstance(cond, M.Conditional) and cond.condition.kind == "while"
    assert [(m.stat, m.amount.value, m.target.ref) for m in cond.then] == [
        ("attack", 2, "this"), ("life", 2, "this"), ("recover", 2, "this")]
    two = ashes.parse("The attack value and life value of a target unit are reduced by 1.")
    assert [(m.stat, m.sign, m.target.targeted) for m in two.abilities[0].effects] == [
        ("attack", -1, True), ("life", -1, True)]


def test_ashes_gerunds_joined_after_a_preposition():
    card = ashes.parse("Infectious: Damage dealt by this unit by attacking or countering cannot "
                       "be prevented.")
    assert card.fully_parsed, (card.unparsed, card.others())
    [restriction] = card.abilities[0].effects
    assert isinstance(restriction, M.Restriction)
    assert "countering" in restriction.what.text


def test_ashes_your_discard_is_the_discard_pile():
    """"from your discard": the discard pile (a noun after a possessive); "Discard" opening a
    line after the card block is still the verb."""
    card = ashes.parse("When this unit comes into play, you may return an alteration spell from "
                       "your discard to your hand.")
    assert card.fully_parsed, (card.unparsed, card.others())
    [choice] = card.abilities[0].effects
    [move] = choice.options[0]
    assert move.from_zone.name == "discard pile" and move.to_zone.name == "hand"
    block = ("Old Grudge\nAction Spell - Discard\n[[main]] - 1 [[basic]]\n\n"
             "Discard 1 card from your hand. Draw 2 cards.")
    card = ashes.parse(block)
    assert card.fully_parsed, (card.unparsed, card.others())
    spell = [a for a in card.abilities if a.kind != "play cost"][0]
    assert isinstance(spell.effects[0], M.Move) and spell.effects[0].verb == "discard"


def test_ashes_can_only_is_an_allowance():
    """"can / may only <verb> ...": allowed only as the rest says (a Restriction with
    ``only``), from a passive's phrase, the object, or the clause's condition."""
    attached = ashes.parse("This spell can only be attached to units with the Illusion "
                           "ability.").abilities[0].effects[0]
    assert isinstance(attached, M.Restriction) and attached.verb == "only"
    assert attached.actions == ("be attached",) and attached.what.ref == "this"
    assert attached.only.state == "to" and attached.only.object.kinds == ("unit",)
    block = ashes.parse("This unit may only block a unit with the Infatuate ability."
                        ).abilities[0].effects[0]
    assert isinstance(block, M.Restriction) and block.actions == ("block",)
    assert block.who.ref == "this" and block.only.object.kinds == ("unit",)
    slot = ashes.parse("This spell can only be attached if the player that played it has an "
                       "open battlefield slot.")
    assert slot.fully_parsed, (slot.unparsed, slot.others())
    only = slot.abilities[0].effects[0]
    assert only.verb == "only" and only.only.kind == "if"


def test_ashes_do_this_or_that_if_is_not_a_choice():
    """"place this unit onto its owner's battlefield or discard this unit if there is no open
    slot": the second when its condition holds, else the first."""
    card = ashes.parse("When this spell leaves play, place this unit back onto its owner's "
                       "battlefield or discard this unit if there is no open slot on that "
                       "battlefield.")
    assert card.fully_parsed, (card.unparsed, card.others())
    [cond] = card.abilities[0].effects
    assert isinstance(cond, M.Conditional) and cond.condition.kind == "if"
    assert [e.verb for e in cond.then] == ["discard"]
    assert [e.verb for e in cond.otherwise] == ["place"]
    assert cond.otherwise[0].to_zone.name == "battlefield"


def test_ashes_choose_one_of_the_following_takes_the_dash_options():
    text = ("Visions\nReady Spell - Spellboard\n[[main]]\n\n"
            "[[main]] - [[exhaust]]: Look at the top card of your draw pile. Then, choose one "
            "of the following effects:\n\n- Each player draws 1 card.\n\n"
            "- Deal 1 damage to a target unit.")
    card = ashes.parse(text)
    assert card.fully_parsed, (card.unparsed, card.others())
    [ability] = [a for a in card.abilities if a.kind == "activated"]
    look, choice = ability.effects
    assert isinstance(choice, M.Choice) and choice.pick.value == 1
    assert [type(o[0]).__name__ for o in choice.options] == ["Move", "Damage"]
    assert not [a for a in card.abilities if a.kind == "option"]


def _costs(block: str) -> list[tuple[M.Cost, ...]]:
    card = ashes.parse(block)
    assert card.fully_parsed, (card.unparsed, card.others())
    return [a.costs for a in card.abilities if a.costs]


def test_ashes_4_4_1_any_two_costs_joined_by_a_bar_are_a_parallel_cost():
    [play] = _costs("Stone Shaper\nAlly - Battlefield\n"
                    "1 [[time:class]] / [[main]] - [[side]] - 1 [[time:power]]\n"
                    "Attack 1 - Life 1 - Recover 1")
    assert [c.kind for c in play] == ["parallel", "side action", "dice"]
    dice, main = play[0].alternatives
    assert (dice.kind, dice.detail, dice.amount.value) == ("dice", "time:class", 1)
    assert main.kind == "main action"
    # one number of dice of either type stays one dice cost; main or side keeps its kind
    [play, act] = _costs("Glass Orb\nReady Spell - Spellboard\n"
                         "[[main]] - 1 [[time:power]] / 1 [[charm:power]]\n\n"
                         "[[main]] / [[side]] - [[exhaust]] - 1 [[basic]] or 1 [[discard]]: "
                         "Draw 1 card.")
    assert [(c.kind, c.detail) for c in play] == [("main action", ""),
                                                  ("dice", "time:power / charm:power")]
    assert [c.kind for c in act] == ["main or side action", "exhaust", "dice or discard"]


def test_ashes_4_4_a_discard_cost_keeps_its_number():
    [_play, act] = _costs("Glass Orb\nReady Spell - Spellboard\n[[main]]\n\n"
                          "[[side]] - 2 [[discard]]: Draw 1 card.")
    assert act[1].kind == "discard" and act[1].amount.value == 2


def _effects(text: str) -> tuple[M.Effect, ...]:
    card = ashes.parse(text)
    assert card.fully_parsed, (card.unparsed, card.others())
    return tuple(e for a in card.abilities for e in a.effects)


def test_ashes_change_the_activation_cost_of_an_ability_to_other_costs():
    [may] = _effects("Focus 1: You may change the activation cost of this ability to [[side]] - "
                     "[[exhaust]] - 2 [[illusion:power]].")
    assert isinstance(may, M.Choice) and may.optional
    [[change]] = may.options
    assert isinstance(change, M.SetValue) and change.stat == "activation cost"
    assert change.target.ref == "this" and change.target.kinds == ("ability",)
    assert change.target.text == "this ability"
    assert [c.kind for c in change.costs] == ["side action", "exhaust", "dice"]
    assert change.costs[2].amount.value == 2 and change.costs[2].detail == "illusion:power"


def test_ashes_switch_two_values_of_one_unit():
    [switch] = _effects("Switch this unit's printed attack and life values.")
    assert isinstance(switch, M.Switch) and switch.stats == ("attack", "life")
    assert switch.printed and switch.first.ref == "this" and switch.second is None
    [swap] = _effects("Swap the attack and life values of a target unit until the end of the "
                      "round.")
    assert isinstance(swap, M.Switch) and not swap.printed and swap.first.targeted
    assert swap.duration is not None


def test_ashes_may_be_done_to_a_card_is_a_permission():
    [perm] = _effects("That unit may be declared as an attacker.")
    assert isinstance(perm, M.Permission)
    assert perm.actions == ("be declared as an attacker",) and perm.what.ref == "that"
    [perm] = _effects("This spell may be played even if you have already played a reaction "
                      "spell this turn.")
    assert perm.actions == ("be played",) and perm.condition.kind == "even if"


def test_ashes_cannot_be_targeted_or_have_spells_attached_keeps_the_negation():
    effects = _effects("This unit cannot be targeted by a spell or have alteration spells "
                       "attached to it.")
    assert [type(e) for e in effects] == [M.Restriction, M.Restriction]
    assert effects[0].actions == ("be targeted",) and effects[1].actions == ("have",)
    assert effects[1].what.kinds == ("alteration", "spell")


def test_ashes_inflicting_damage_is_dealing_it():
    # ashes-raven-1.1 DDR: "Inflicting" damage is synonymous with dealing it
    [dmg] = _effects("Those units inflict damage to each other equal to their attack value.")
    assert isinstance(dmg, M.Damage) and dmg.target.ref == "each other"
    [may] = _effects("When this unit attacks, you may inflict 1 additional damage to that "
                     "Phoenixborn.")
    [[dmg]] = may.options
    assert isinstance(dmg, M.Damage) and dmg.amount.value == 1


def test_ashes_reduce_damage_by_n_is_that_much_of_it_not_dealt():
    # the "by 1" that the relative clause took is the verb's
    [red] = _effects("Reduce all damage dealt to this unit by 1.")
    assert isinstance(red, M.Prevent) and red.verb == "reduce" and red.amount.value == 1
    assert red.target.ref == "this" and red.source is None
    [red] = _effects("Reduce the damage your Phoenixborn receives from this spell by 2.")
    assert red.amount.value == 2 and red.target.kinds == ("phoenixborn",)
    assert red.target.controller == "you" and red.source.ref == "this"
    # a value still reduced by a number is not damage: unchanged
    [mod] = _effects("Reduce the attack value of a target unit by 2.")
    assert isinstance(mod, M.ModifyValue) and mod.stat == "attack" and mod.sign == -1


STAT_X = """Ash Mimic
Conjuration - Battlefield
Attack X - Life 3 - Recover 1 - Copies 2

Mimicry: When this unit comes into play, place 2 status tokens on it.

* X = the number of status tokens on this unit."""

ALTERATION_X = """Soot Veil
Alteration Spell - Unit
[[main]] - 1 [[illusion:class]]
Recover -X

* X = the number of exhaustion tokens on this unit."""


def test_ashes_x_of_the_stat_line_is_the_quantity_the_paragraph_defines():
    card = ashes.parse(STAT_X)
    assert not card.unparsed and not card.others()
    setv = card.abilities[-1].effects[0]
    assert isinstance(setv, M.SetValue) and setv.stat == "attack" and setv.base
    assert setv.target.ref == "this"
    assert setv.amount.variable == "X" and setv.amount.defined_as.measure == "count"
    assert setv.amount.defined_as.of.qualities == ("status",)
    card = ashes.parse(ALTERATION_X)
    mod = card.abilities[-1].effects[0]
    assert isinstance(mod, M.ModifyValue) and mod.stat == "recover" and mod.sign == -1
    assert mod.amount.defined_as.of.qualities == ("exhaustion",)


def test_ashes_an_x_no_stat_or_ability_uses_stays_named():
    # two stats printed X: which one the paragraph defines is not guessed
    text = STAT_X.replace("Life 3", "Life X")
    card = ashes.parse(text)
    assert [o.verb for o in card.others()] == ["X is"]


def test_ashes_x_in_a_search_filter_is_defined_by_the_paragraph_after():
    card = ashes.parse("Search your draw pile for 1 ally with a magic play cost of X and place "
                       "it into your hand.\n\nX = the number of wound tokens on your Phoenixborn.")
    assert not card.others()
    search = card.abilities[0].effects[0]
    cost = search.what.filters[0].object.of.count
    assert cost.variable == "X" and cost.defined_as.of.qualities == ("wound",)


def test_ashes_attached_to_is_a_filter_of_the_noun_phrase():
    card = ashes.parse("Discard all alteration spells attached to a target unit you control.")
    assert not card.unparsed and not card.others()
    what = card.abilities[0].effects[0].what
    f = what.filters[0]
    assert f.state == "attached" and f.object.kinds == ("unit",) and f.object.targeted
    assert "attached" not in what.qualities


def test_ashes_a_place_no_value_holds_is_named():
    # (Ashes puts cards under and on other cards: "underneath", "onto this card" had no value
    # and were dropped in silence)
    for text, word in [("Move 2 cards from under a target unit to your hand.", "from under"),
                       ("Place a die from your active pool onto this card on a class side.",
                        "onto")]:
        card = ashes.parse(text)
        assert word in [o.verb for o in card.others()], text
    # (read since: a place under a card)
    move = ashes.parse("Place all revealed ally cards face down underneath that unit."
                       ).abilities[0].effects[0]
    assert move.to_zone.name == "under a card" and move.to_zone.owner_target.ref == "that"


def test_ashes_a_post_modifier_no_reading_holds_leaves_the_sentence_unparsed():
    card = ashes.parse("Remove an equal number of tokens (by kind) from a target unit.")
    assert card.unparsed and card.unparsed[0].at is not None
    assert "(by kind)" in card.unparsed[0].reason
    # a parenthesis that only restates its head by an icon is read
    card = ashes.parse("You may take 1 additional side action ([[side]]) this turn.")
    assert not card.unparsed


def test_ashes_a_token_put_onto_a_battlefield_is_made_there():
    card = ashes.parse("Place a Blazing Ember ally token onto your battlefield.")
    tok = card.abilities[0].effects[0]
    assert isinstance(tok, M.CreateToken) and tok.token == "Blazing Ember"
    assert tok.kinds == ("ally",) and tok.zone.name == "battlefield"
    # a name with "or" inside is not read as its first word
    card = ashes.parse("Place a Spectral Fire or Water ally token onto your battlefield.")
    assert card.unparsed and not card.abilities
    # tokens on a card stay counters
    card = ashes.parse("Place 2 status tokens on a target unit.")
    assert isinstance(card.abilities[0].effects[0], M.Counters)


def test_ashes_instead_of_doing_is_a_replacement_of_that_action():
    card = ashes.parse("Instead of discarding it, place it on top of your draw pile.")
    rep = card.abilities[0].effects[0]
    assert isinstance(rep, M.Replacement) and rep.event.verb == "discard"
    assert rep.event.object.ref == "it"
    assert isinstance(rep.instead[0], M.Move) and rep.instead[0].to_zone.position == "top"
    card = ashes.parse("Instead of its printed value, this unit has 3 attack.")
    assert card.unparsed and not card.abilities


def test_ashes_the_same_effect_to_a_second_recipient_after_and_or():
    card = ashes.parse("Deal 2 damage to a target Phoenixborn and to each unit its controller "
                       "controls.")
    a, b = card.abilities[0].effects
    assert isinstance(a, M.Damage) and isinstance(b, M.Damage)
    assert a.amount.value == b.amount.value == 2
    assert a.target.kinds == ("phoenixborn",) and b.target.kinds == ("unit",)
    card = ashes.parse("Deal 1 damage to a target unit or to a target Phoenixborn.")
    ch = card.abilities[0].effects[0]
    assert isinstance(ch, M.Choice) and len(ch.options) == 2
    assert [o[0].target.kinds for o in ch.options] == [("unit",), ("phoenixborn",)]


def test_ashes_add_a_value_to_a_value():
    card = ashes.parse("Add this unit's recover value to a target unit's life value until the "
                       "end of the round.")
    mv = card.abilities[0].effects[0]
    assert isinstance(mv, M.ModifyValue) and mv.stat == "life" and mv.target.targeted
    assert mv.amount.defined_as.measure == "recover" and mv.amount.defined_as.of.ref == "this"
    assert mv.duration is not None


def test_ashes_a_cost_in_words_is_not_an_ability_name():
    # "Exhaust this spell: ..." was read as an ability named "Exhaust this spell" with no cost
    ab = ashes.parse("Exhaust this spell: Draw 1 card.").abilities[0]
    assert ab.kind == "activated" and not ab.label
    assert isinstance(ab.costs[0].effect, M.Exhaust)
    ab = ashes.parse("Spiked Hide 2: When this unit is dealt damage, draw 1 card.").abilities[0]
    assert ab.label == "Spiked Hide" and not ab.costs


def test_ashes_what_an_action_must_cost_is_named_not_paid_then_done():
    # "spend ... to play action spells" was a payment followed by a play
    card = ashes.parse("Opponents must spend 1 additional [[basic]] to play action spells.")
    assert card.others() and not any(isinstance(e, M.Play) for a in card.abilities
                                     for e in M.walk(a.effects))
