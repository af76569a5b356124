"""FaB card text -> effect values (grammar/card_fab.lark, judge.cards.fab).

Card texts are copied from the-fab-cube card export (short texts, as expectations). Citations
come from the compiled rules index (judge.rules.lookup.term_citation)."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from judge.cards import legacy_fab as fab
from judge.cards.errors import CardSyntaxError
from judge.cards.legacy_model import (Choice, Conditional, CreateToken, Damage, Gain, ModifyValue, Move,
                               Other, Prevent, Replacement)
from tests.conftest import shared_path


def only(text: str, name: str | None = None):
    card = fab.parse(text, name=name)
    assert card.fully_parsed, card.unparsed
    return card


def effects(card):
    return [e for a in card.abilities for e in a.effects]


# --------------------------------------------------------------------------- keywords

@pytest.mark.parametrize("text, name, value, citation", [
    ("**Go again**", "Go again", None, "fab-1.4 Go again"),              # Head Jab
    ("**Dominate**", "Dominate", None, "fab-1.4 Dominate"),
    ("**Blade Break**", "Blade Break", None, "fab-1.4 Blade Break"),
    ("**Battleworn**", "Battleworn", None, "fab-1.4 Battleworn"),
    ("**Temper**", "Temper", None, "fab-1.4 Temper"),
    ("**Phantasm**", "Phantasm", None, "fab-1.4 Phantasm"),
    ("**Spectra**", "Spectra", None, "fab-1.4 Spectra"),
    ("**Boost**", "Boost", None, "fab-1.4 Boost"),
    ("**Blood Debt**", "Blood Debt", None, "fab-1.4 Blood Debt"),
    ("**Reload**", "Reload", None, "fab-1.4 Reload"),
    ("**Legendary**", "Legendary", None, "fab-1.4 Legendary"),
    ("**Arcane Barrier 1**", "Arcane Barrier", 1, "fab-1.4 Arcane Barrier N"),  # Nullrune Hood
    ("**Spellvoid 2**", "Spellvoid", 2, "fab-1.4 Spellvoid N"),
    ("**Opt 4**", "Opt", 4, "fab-1.4 Opt N"),                            # Whisper of the Oracle
    ("**Ward 4**", "Ward", 4, None),                                     # not in the v1.4 glossary
    ("**Piercing 1**", "Piercing", 1, None),
])
def test_fab_27_keyword_lines_name_value_and_glossary_citation(text, name, value, citation):
    card = only(text)
    (ability,) = card.abilities
    assert ability.kind == "keyword"
    (keyword,) = ability.keywords
    assert (keyword.name, keyword.value, keyword.citation) == (name, value, citation)
    assert card.text[keyword.span.start:keyword.span.end].lower().startswith(name.lower()[:4])


def test_fab_27_specialization_fusion_and_essence_keep_their_argument():
    card = only("**Bravo Specialization**\n\n**Ice Fusion**\n\n**Essence of Earth and Lightning**")
    kws = [a.keywords[0] for a in card.abilities]
    assert [(k.name, k.value) for k in kws] == [("Specialization", "Bravo"), ("Fusion", "Ice"),
                                                ("Essence", "Earth and Lightning")]
    assert [k.citation for k in kws] == ["fab-1.4 Specialization", "fab-1.4 Fusion",
                                         "fab-1.4 Essence"]


def test_keyword_parameter_x_with_where_clause():
    card = only("**Ward X**, where X is the number of steam counters on this.")
    (keyword,) = card.abilities[0].keywords
    assert keyword.name == "Ward" and str(keyword.value).startswith("X (")


def test_two_keywords_in_one_paragraph_after_an_effect():
    # Potion of Strength
    card = only("**Action** - Destroy this: Your next attack this turn gains +2{p}. **Go again**")
    (ability,) = card.abilities
    assert [k.name for k in ability.keywords] == ["Go again"]


# --------------------------------------------------------------------------- activated abilities

def test_fab_15_once_per_turn_action_attack_costs_two_resources():
    # Aegis, Archangel of Protection
    card = only("**Once per Turn Action** - {r}{r}: **Attack**")
    (ability,) = card.abilities
    assert (ability.kind, ability.label, ability.limit) == ("activated", "action", "once per turn")
    assert [(c.kind, c.amount) for c in ability.costs] == [("resource", 2)]
    assert [e.verb for e in ability.effects] == ["attack"]
    assert ability.citation == "fab-1.4 15"


def test_fab_15_instant_with_destroy_cost_gains_resources():
    # Energy Potion
    card = only("**Instant** - Destroy this: Gain {r}{r}")
    (ability,) = card.abilities
    assert ability.label == "instant"
    assert [(c.kind, c.detail) for c in ability.costs] == [("destroy", "this")]
    (gain,) = ability.effects
    assert isinstance(gain, Gain) and (gain.resource, gain.amount) == ("resource", 2)


def test_fab_15_instant_discard_cost_with_amp_keyword_action():
    card = only("**Instant** - Discard this: **Amp 1**")
    (ability,) = card.abilities
    assert ability.costs[0].kind == "discard"
    assert [(k.name, k.value) for k in ability.keywords] == [("Amp", 1)]


def test_fab_15_instant_that_prevents_damage():
    card = only("**Instant** - Destroy this: Prevent the next 1 damage that would be dealt to you "
                "this turn.")
    (prevent,) = card.abilities[0].effects
    assert isinstance(prevent, Prevent) and prevent.amount == 1
    assert prevent.duration is not None and prevent.duration.text == "this turn"


def test_fab_15_zero_cost_action_equips():
    # Adaptive Dissolver
    card = only("**Modular**\n\n**Action** - 0: Equip this to another equipment zone.\n\n"
                "**Arcane Barrier 1**")
    kinds = [a.kind for a in card.abilities]
    assert kinds == ["keyword", "activated", "keyword"]
    assert card.abilities[1].costs[0].amount == 0


# --------------------------------------------------------------------------- triggers

def test_fab_16_when_this_hits_draw_a_card():
    card = only("When this hits, draw a card.")  # Snatch
    (ability,) = card.abilities
    assert ability.kind == "triggered" and ability.citation == "fab-1.4 16"
    assert (ability.trigger.kind, ability.trigger.event) == ("when", "this hits")
    (draw,) = ability.effects
    assert isinstance(draw, Move) and (draw.verb, draw.count) == ("draw", 1)


def test_fab_16_when_this_hits_a_hero_banish_from_their_deck():
    card = only("When this hits a hero, banish the top card of their deck.")
    (ability,) = card.abilities
    assert ability.trigger.event == "this hits a hero"
    (move,) = ability.effects
    assert move.verb == "banish" and "top card of their deck" in move.what.text


def test_fab_16_trigger_with_condition_gets_power():
    # Adrenaline Rush
    card = only("When you play this, if you have less {h} than an opposing hero, this gets +3{p}.")
    (ability,) = card.abilities
    assert ability.trigger.event == "you play this"
    assert ability.condition.kind == "if"
    assert ability.condition.text == "you have less {h} than an opposing hero"
    (mod,) = ability.effects
    assert isinstance(mod, ModifyValue) and (mod.stat, mod.delta) == ("power", "+3")


def test_fab_16_at_the_beginning_of_your_action_phase_destroy_this():
    card = only("At the beginning of your action phase, destroy Forged for War.",
                name="Forged for War")
    (ability,) = card.abilities
    assert ability.trigger.kind == "at"
    assert ability.trigger.event == "beginning of your action phase"
    (move,) = ability.effects
    assert (move.verb, move.what.text) == ("destroy", "this")


def test_fab_16_runechant_trigger_destroys_and_deals_arcane_damage():
    card = only("When you play an attack action card or activate a weapon attack, destroy "
                "Runechant and deal 1 arcane damage to target opposing hero.", name="Runechant")
    (ability,) = card.abilities
    destroy, damage = ability.effects
    assert destroy.verb == "destroy"
    assert isinstance(damage, Damage)
    assert (damage.amount, damage.damage_type) == (1, "arcane")
    assert damage.target.text == "target opposing hero" and damage.target.targeted


def test_fab_16_whenever_contract_completed_creates_token():
    card = only("Whenever you complete this contract, create a Silver token.")
    (ability,) = card.abilities
    assert ability.trigger.kind == "whenever"
    (token,) = ability.effects
    assert isinstance(token, CreateToken) and (token.count, token.token) == (1, "Silver")


def test_fab_16_when_enters_if_fused_creates_token():
    card = only("When Strength of Sequoia enters the arena, if it was **fused**, create a "
                "Seismic Surge token.", name="Strength of Sequoia")
    (ability,) = card.abilities
    assert ability.trigger.event == "this enters the arena"
    assert ability.condition.text == "it was fused"
    assert ability.effects[0].token == "Seismic Surge"


def test_fab_16_trigger_with_keyword_action_opt():
    card = only("**Legendary**\n\nWhen you pitch Eye of Ophidia, **opt 2**.", name="Eye of Ophidia")
    trig = card.abilities[1]
    assert trig.trigger.event == "you pitch this"
    assert ("citation", "fab-1.4 Opt N") in trig.effects[0].args


# --------------------------------------------------------------------------- labels

def test_fab_27_crush_label_with_discard():
    card = only("**Bravo Specialization**\n\n**Crush** - If Crippling Crush deals 4 or more "
                "damage to a hero, they discard 2 random cards.", name="Crippling Crush")
    label = card.abilities[1]
    assert label.label == "Crush"
    assert any(k.citation == "fab-1.4 Crush" for k in label.keywords)
    (cond,) = label.effects
    assert isinstance(cond, Conditional)
    assert cond.condition.text == "this deals 4 or more damage to a hero"
    (discard,) = cond.then
    assert (discard.verb, discard.count) == ("discard", 2)


def test_fab_27_crush_label_puts_counter():
    card = only("**Crush** - If Buckling Blow deals 4 or more damage to a hero, put a -1{d} "
                "counter on target equipment they control.", name="Buckling Blow")
    (put,) = card.abilities[0].effects[0].then
    assert put.verb == "put" and "-1{d} counter" in put.what.text


# --------------------------------------------------------------------------- effects

def test_fab_26_deal_arcane_damage_to_any_target():
    card = only("Deal 3 arcane damage to any target.")
    (damage,) = effects(card)
    assert isinstance(damage, Damage)
    assert (damage.amount, damage.damage_type, damage.target.text) == (3, "arcane", "any target")
    assert damage.target.targeted


def test_fab_26_deal_x_damage():
    card = only("Deal X damage to target hero.")
    (damage,) = effects(card)
    assert (damage.amount, damage.damage_type) == ("X", "")


def test_gain_life():
    card = only("Gain 3{h}")  # Sigil of Solace
    (gain,) = effects(card)
    assert isinstance(gain, Gain) and (gain.resource, gain.amount) == ("life", 3)


def test_target_attack_gains_power_is_continuous():
    card = only("Target attack action card gains +1{p}.")  # Lunging Press
    (ability,) = card.abilities
    assert ability.kind == "static" and ability.citation == "fab-1.4 17"
    (mod,) = ability.effects
    assert mod.target.text == "target attack action card" and mod.target.targeted
    assert (mod.stat, mod.delta) == ("power", "+1")


def test_next_attack_gains_go_again_links_keyword():
    card = only("Your next attack this turn gets **go again**.")
    (gain,) = effects(card)
    assert (gain.resource, gain.citation) == ("Go again", "fab-1.4 Go again")
    assert gain.target.text == "your next attack this turn"


def test_gains_power_and_keyword_together():
    # Arcanite Skullcap
    card = only("If you have less {h} than your opponent, Arcanite Skullcap gains +1{d} and "
                "**Arcane Barrier 3**.", name="Arcanite Skullcap")
    (cond,) = effects(card)
    mod, gain = cond.then
    assert (mod.stat, mod.delta, mod.target.text) == ("defense", "+1", "this")
    assert (gain.resource, gain.amount, gain.citation) == ("Arcane Barrier", 3,
                                                          "fab-1.4 Arcane Barrier N")


def test_may_put_then_if_you_do_draw():
    # Sink Below
    card = only("You may put a card from your hand on the bottom of your deck. If you do, draw a "
                "card.")
    may, cond = effects(card)
    assert isinstance(may, Choice) and may.optional
    (put,) = may.options[0]
    assert put.verb == "put"
    assert cond.condition.text == "you do" and cond.then[0].verb == "draw"


def test_draw_two_then_conditional_life_for_each():
    card = only("Draw 2 cards.\n\nIf Tome of Fyendal is played from arsenal, gain 1{h} for each "
                "card in your hand.", name="Tome of Fyendal")
    draw, cond = effects(card)
    assert (draw.verb, draw.count) == ("draw", 2)
    assert cond.condition.text == "this is played from arsenal"
    assert cond.then[0].resource == "life"


def test_create_two_tokens():
    card = only("If you do, create 2 Spectral Shield tokens.")
    (cond,) = effects(card)
    (token,) = cond.then
    assert (token.count, token.token) == (2, "Spectral Shield")


def test_shuffle_and_banish_self():
    card = only("Shuffle up to 3 action cards from your graveyard into your deck.\n\n"
                "Banish Remembrance.", name="Remembrance")
    shuffle, banish = effects(card)
    assert shuffle.verb == "shuffle" and shuffle.what.quantifier == "up to 3"
    assert (banish.verb, banish.what.text) == ("banish", "this")


def test_fab_18_replacement_if_would_be_dealt_damage():
    card = only("If your hero would be dealt damage, you may banish this to prevent 1 of that "
                "damage.")
    (ability,) = card.abilities
    assert ability.kind == "replacement" and ability.citation == "fab-1.4 18"
    (rep,) = ability.effects
    assert isinstance(rep, Replacement) and rep.event == "your hero would be dealt damage"


def test_fab_18_next_time_would_be_dealt_damage_prevent():
    card = only("The next time you would be dealt damage this turn, prevent 1 of that damage.")
    (rep,) = effects(card)
    assert isinstance(rep, Replacement)
    (prevent,) = rep.instead
    assert isinstance(prevent, Prevent)


def test_cost_reduction_is_a_cost_modifier():
    card = only("This costs {r} less to play for each Draconic chain link you control.")
    (mod,) = effects(card)
    assert (mod.stat, mod.delta) == ("cost", -1)


def test_additional_cost_ability():
    card = only("As an additional cost to play this, banish a random card from your hand.")
    (ability,) = card.abilities
    assert ability.label == "additional cost"
    assert effects(card)[0].verb == "banish"


def test_activation_restriction():
    card = only("Activate this ability only if you've **boosted** this turn.")
    (ability,) = card.abilities
    assert ability.condition.kind == "only" and effects(card)[0].verb == "restrict activation"


def test_granted_quoted_ability():
    card = only('The next attack action card you play this turn gains "When you attack with '
                'this, deal 1 arcane damage to target hero."')
    (gain,) = effects(card)
    assert gain.resource == "ability"
    assert gain.target.text == "the next attack action card you play this turn"


def test_labelled_galvanize_trigger():
    card = only("**Galvanize** - When this defends, you may destroy an item you control.")
    (ability,) = card.abilities
    assert ability.label == "Galvanize" and ability.trigger.event == "this defends"


def test_mark_keyword_action():
    card = only("**Mark** target opposing hero.")
    (effect,) = effects(card)
    assert effect.verb == "mark" and ("object", "target opposing hero") in effect.args


def test_spans_point_into_the_printed_text():
    text = "When this hits, draw a card.\n\n**Go again**"
    card = only(text)
    trig, kw = card.abilities
    assert text[trig.span.start:trig.span.end] == "When this hits, draw a card"
    assert text[kw.keywords[0].span.start:kw.keywords[0].span.end] == "Go again"


# --------------------------------------------------------------------------- nested statements, lists,
# participles (shapes added with the second grammar pass; all texts are real cards)

def test_fab_15_activated_cost_mixes_icons_and_a_clause():
    # Blue Sea Tricorn: "{r}{r}{r}, destroy this" is two costs
    card = only("**Action** - {r}{r}{r}, destroy this: Draw a card. **Go again**\n\n"
                "**Blade Break**")
    ability = card.abilities[0]
    assert [(c.kind, c.amount, c.detail) for c in ability.costs] == [
        ("resource", 3, ""), ("destroy", None, "this")]
    assert [e.verb for e in ability.effects] == ["draw"]
    assert [k.name for k in ability.keywords] == ["Go again"]


def test_fab_15_exhaust_and_resource_costs_separated_by_a_comma():
    card = only("**Action** - {r}, {t}: **Attack**")  # Anka, Drag Under
    assert [c.kind for c in card.abilities[0].costs] == ["resource", "exhaust"]


def test_until_end_of_turn_lead_sets_the_duration():
    # Burdens of the Past
    card = only("Until end of turn, target hero can't play defense reaction cards with the same "
                "name as a card in their graveyard.")
    (ability,) = card.abilities
    assert ability.duration.text == "until end of turn"
    (effect,) = ability.effects
    # a restriction value (judge.cards.fab.Restriction), no longer Other('play')
    assert effect.verb == "can't play" and effect.actions == ("play",)
    assert effect.who.text == "target hero"


def test_fab_16_once_per_turn_lead_limits_a_trigger_with_two_events():
    card = only("Once per turn, when Cromai attacks or leaves the arena, gain 1 action point.",
                name="Cromai")
    (ability,) = card.abilities
    assert (ability.kind, ability.limit) == ("triggered", "once per turn")
    assert ability.trigger.event == "this attacks or leaves the arena"
    (gain,) = ability.effects
    assert isinstance(gain, Gain) and (gain.resource, gain.amount) == ("action point", 1)


def test_fab_16_name_followed_by_attacks_and_a_comma_is_the_verb():
    # Aegis, Archangel of Protection (the printed short name is another card's name here)
    card = only("When Aegis attacks, you may banish a card from your hero's soul.")
    (ability,) = card.abilities
    assert ability.trigger.event.lower() == "aegis attacks"
    (may,) = ability.effects
    (banish,) = may.options[0]
    assert banish.verb == "banish" and banish.what.text == "a card from your hero's soul"


def test_fab_16_attack_you_control_hits_is_not_a_relative_clause():
    card = only("When an attack action card you control hits, destroy Bloodspill Invocation then "
                "create 2 Runechant tokens.", name="Bloodspill Invocation")
    (ability,) = card.abilities
    assert ability.trigger.event == "an attack action card you control hits"
    destroy, token = ability.effects
    assert destroy.what.text == "this" and (token.count, token.token) == (2, "Runechant")


def test_comma_list_of_names_is_one_noun_phrase():
    # Pulse of Volthaven
    card = only("Your next Ice, Lightning, or Elemental attack this turn gains +4{p}.")
    (mod,) = effects(card)
    assert isinstance(mod, ModifyValue) and (mod.stat, mod.delta) == ("power", "+4")
    assert mod.target.text == "your next Ice, Lightning, or Elemental attack this turn"


def test_search_reveal_put_then_shuffle_chain():
    # Belittle
    card = only("If you do, search your deck for a card named Minnowism, reveal it, put it into "
                "your hand, then shuffle your deck.")
    (cond,) = effects(card)
    assert [e.verb for e in cond.then] == ["search", "reveal", "put", "shuffle"]
    put = cond.then[2]
    assert isinstance(put, Move) and put.to_zone == "your hand"


def test_fab_16_delayed_trigger_inside_a_trigger():
    # Spider's Bite
    card = only("When this hits a hero, the next time they defend with 1 or more attack action "
                "cards this turn, those cards have -1{d} while defending.")
    (ability,) = card.abilities
    assert ability.trigger.event == "this hits a hero"
    (delayed,) = ability.effects
    assert isinstance(delayed, fab.DelayedTrigger)
    assert delayed.trigger.kind == "next time"
    assert delayed.trigger.event == "they defend with 1 or more attack action cards this turn"
    (mod,) = delayed.effects
    assert (mod.stat, mod.delta, mod.target.text) == ("defense", -1, "those cards")


def test_fab_16_while_condition_then_phase_trigger_then_if():
    # Heirloom of Rabbit Hide
    card = only("While this is equipped face-down, at the start of your turn, if you have "
                "exactly 1{h}, you may turn this face-up.")
    (ability,) = card.abilities
    assert ability.kind == "triggered" and ability.trigger.event == "start of your turn"
    assert (ability.condition.kind, ability.condition.text) == ("while",
                                                                "this is equipped face-down")
    (cond,) = ability.effects
    assert cond.condition.text == "you have exactly 1{h}"
    assert isinstance(cond.then[0], Choice) and cond.then[0].optional


def test_then_if_inside_a_body_is_a_conditional_effect():
    # Spectral Manifestations
    card = only("Create a Spectral Shield token, then if you control no other Illusionist auras, "
                "put three +1{p} counters on it.")
    token, cond = effects(card)
    assert isinstance(token, CreateToken) and token.token == "Spectral Shield"
    assert isinstance(cond, Conditional)
    assert cond.condition.text == "you control no other Illusionist auras"
    assert cond.then[0].verb == "put" and "+1{p} counters" in cond.then[0].what.text


def test_granted_quote_closed_before_the_full_stop():
    # Runic Reaping: the closing quote comes before "."
    card = only('The next Runeblade attack action card you play this turn gains "When this hits, '
                'create 3 Runechant tokens".')
    (gain,) = effects(card)
    assert gain.resource == "ability"
    assert gain.target.text == "the next Runeblade attack action card you play this turn"


def test_causative_have_target_dagger_deal_damage():
    # Bite
    card = only("When this attacks a hero, you may have target dagger you control deal 1 damage "
                "to them.")
    (may,) = effects(card)
    (damage,) = may.options[0]
    assert isinstance(damage, Damage) and damage.amount == 1
    assert damage.source.text == "target dagger you control" and damage.source.targeted
    assert damage.target.text == "them"


def test_fab_27_contract_label_with_purpose_infinitive():
    # Leave No Witnesses
    card = only("**Contract** - You are contracted to banish opponents' red cards.")
    (ability,) = card.abilities
    assert ability.label == "Contract"
    (effect,) = ability.effects
    assert effect.verb == "be contracted"
    assert ("purpose", "banish opponents' red cards") in effect.args


def test_can_only_is_an_auxiliary_of_a_passive():
    card = only("Pitfall Trap can only be played from arsenal.", name="Pitfall Trap")
    (effect,) = effects(card)
    assert effect.verb == "be play"
    assert ("aux", "can only") in effect.args and ("pp from", "arsenal") in effect.args


def test_fab_18_next_n_times_replacement():
    # Calming Breeze
    card = only("The next 3 times you would be dealt damage this turn, prevent 1 of that damage.")
    (rep,) = effects(card)
    assert isinstance(rep, Replacement)
    assert rep.event == "you would be dealt damage this turn"
    (prevent,) = rep.instead
    assert isinstance(prevent, Prevent) and prevent.amount == 1


def test_subject_comma_instead_deals_that_much_plus():
    # Absorb in Aether
    card = only("The next card you play this turn with an effect that deals arcane damage, instead "
                "deals that much arcane damage plus 2.")
    (rep,) = effects(card)
    assert isinstance(rep, Replacement)
    (deal,) = rep.instead
    assert isinstance(deal, Damage) and deal.damage_type == "arcane"
    assert deal.source.text.startswith("the next card you play this turn with an effect")


def test_counter_kind_and_possessive_noun_phrases():
    # Blood Splattered Vest; Bloodied Oval
    card = only("Whenever a dagger you control hits, you may gain {r} and put a stain counter on "
                "this.")
    (may,) = effects(card)
    gain, put = may.options[0]
    assert gain.resource == "resource" and put.verb == "put"
    assert put.what.text.startswith("a stain counter")
    # Cogwerx Blunderbuss: "{t} a cog you control" is a cost clause; "This card's next attack"
    card = only("**Instant** - {t} a cog you control: This card's next attack this turn gets go "
                "again.", name="Cogwerx Blunderbuss")
    (ability,) = card.abilities
    assert [(c.kind, c.detail) for c in ability.costs] == [("tap", "a cog you control")]
    (gain,) = ability.effects
    assert gain.resource == "Go again"
    assert gain.target.text == "this card's next attack this turn"


def test_fab_16_once_per_turn_effect_title_is_a_limit():
    card = only("**Once per Turn Effect** - Whenever Haze Bending or another Illusionist "
                "non-token aura you control is destroyed, create a Spectral Shield token.",
                name="Haze Bending")
    (ability,) = card.abilities
    assert (ability.kind, ability.limit, ability.label) == ("triggered", "once per turn", "")
    assert ability.trigger.event == ("this or another Illusionist non-token aura you control "
                                     "is destroyed")
    assert ability.effects[0].token == "Spectral Shield"


def test_prevent_damage_that_source_would_deal_keeps_the_relative_clause():
    # Zen State
    card = only("Whenever your hero would be dealt damage, prevent 1 damage that source would "
                "deal.")
    (prevent,) = effects(card)
    assert isinstance(prevent, Prevent) and prevent.amount == 1
    assert prevent.target.text == "that source would deal"


# --------------------------------------------------------------------------- unparsed / strict

def test_unparsed_clause_is_listed_with_its_span_not_dropped():
    text = "Draw a card. Frobnicate the wibble gloriously."
    card = fab.parse(text)
    assert not card.fully_parsed
    (bad,) = card.unparsed
    assert text[bad.span.start:bad.span.end] == bad.text == "Frobnicate the wibble gloriously."
    assert [e.verb for e in effects(card)] == ["draw"]


def test_strict_mode_raises_card_syntax_error_with_caret():
    with pytest.raises(CardSyntaxError) as info:
        fab.parse("**Go again**\n\nDraw a card ~~ now.", strict=True)
    err = info.value
    assert (err.line, err.column) == (3, 13)
    rendered = err.render()
    assert "Draw a card ~~ now." in rendered
    caret_line = rendered.splitlines()[2]
    assert caret_line.index("^") - 4 == 12


def test_iter_corpus_rejects_a_file_that_is_not_a_card_table(tmp_path):
    from judge.errors import UsageError
    path = tmp_path / "x.tsv"
    path.write_text("a\tb\n1\t2\n")
    with pytest.raises(UsageError):
        list(fab.iter_corpus(path))


# --------------------------------------------------------------------------- robustness

SAMPLES = [
    "When this hits, draw a card.", "**Go again**", "Deal 3 arcane damage to any target.",
    "**Once per Turn Action** - {r}{r}: **Attack**", "Target attack action card gains +1{p}.",
    'Your next dagger attack this turn gets +2{p} and "When this hits a hero, **mark** them."',
    "If your hero would be dealt damage, you may banish this to prevent 1 of that damage.",
    "Choose 1;\n- Draw a card.\n- Gain 2{h}.",
]
WORDS = sorted({w for s in SAMPLES for w in s.replace("\n", " ").split(" ")} |
               {"**", "{p}", '"', ",", ".", "-", ":", ";", "\n", "§", "'", "X", "0"})


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(WORDS), max_size=25), st.booleans())
def test_random_word_salad_never_raises_except_card_syntax_error(words, strict):
    text = " ".join(words)
    try:
        card = fab.parse(text, strict=strict)
    except CardSyntaxError:
        assert strict
        return
    covered = [(a.span.start, a.span.end) for a in card.abilities if a.span] + [
        (u.span.start, u.span.end) for u in card.unparsed]
    assert all(0 <= s <= e <= len(text) for s, e in covered)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(SAMPLES), st.integers(0, 10_000), st.text(max_size=6), st.booleans())
def test_mutated_card_texts_never_raise_except_card_syntax_error(sample, seed, insert, strict):
    rng = random.Random(seed)
    pos = rng.randrange(len(sample) + 1)
    cut = rng.randrange(0, 4)
    text = sample[:pos] + insert + sample[pos + cut:]
    try:
        fab.parse(text, strict=strict)
    except CardSyntaxError as err:
        assert strict and 1 <= err.column
        err.render()


# --------------------------------------------------------------------------- corpus

# --------------------------------------------------------------------------- value fixes (engine report)

def test_fab_misfire_dampener_prevent_next_3_arcane_keeps_amount_recipient_and_duration():
    # Misfire Dampener's wording with the number the engine report used
    (prevent,) = effects(only("Prevent the next 3 arcane damage that would be dealt to you "
                              "this turn."))
    assert isinstance(prevent, Prevent)
    assert (prevent.amount, prevent.damage_type) == (3, "arcane")
    assert prevent.target.text == "you"
    assert prevent.duration.text == "this turn"


def test_fab_gain_n_life_is_a_life_gain_not_other():
    # the engine report's "Gain 2 life." (docs/fab-examples.md); Sigil of Solace prints 3{h}
    (gain,) = effects(only("Gain 2 life."))
    assert isinstance(gain, Gain)
    assert (gain.resource, gain.amount, gain.target.text) == ("life", 2, "you")
    (icon,) = effects(only("Gain 3{h}", name="Sigil of Solace"))
    assert (icon.resource, icon.amount) == ("life", 3)


def test_fab_art_of_war_coordinated_defense_bonus_shares_the_power_bonus_subject():
    # Art of War's first mode, and a "your next attack" subject
    power, defense = effects(only("Attack action cards you control gain +1{p} and +1{d} this turn.",
                                  name="Art of War"))
    assert (power.stat, defense.stat) == ("power", "defense")
    assert defense.target.text == power.target.text == "attack action cards you control"
    power, defense = effects(only("Your next attack this turn gains +1{p} and +1{d} this turn."))
    assert defense.target.text == "your next attack this turn"


def test_fab_absorb_in_aether_that_much_damage_plus_n_keeps_the_addend():
    card = only("The next card you play this turn with an effect that deals arcane damage, "
                "instead deals that much arcane damage plus 2.", name="Absorb in Aether")
    (replacement,) = effects(card)
    (damage,) = replacement.instead
    assert isinstance(damage, Damage)
    assert (damage.amount, damage.damage_type) == ("that much plus 2", "arcane")


def test_fab_barbed_undertow_granted_quoted_ability_keeps_its_text_and_parse():
    card = only('If Barbed Undertow has an aim counter, it gains "When this hits a hero, draw a '
                'card."', name="Barbed Undertow")
    (conditional,) = effects(card)
    (gain,) = conditional.then
    assert isinstance(gain, Gain) and gain.resource == "ability"
    assert gain.quoted == "when this hits a hero, draw a card"
    (granted,) = gain.abilities
    assert granted.kind == "triggered" and granted.trigger.event == "this hits a hero"
    assert isinstance(granted.effects[0], Move)


def test_fab_blazing_aether_deal_x_keeps_the_definition_of_x():
    card = only("Deal X arcane damage to target hero, where X is the amount of arcane damage you "
                "have dealt to that hero this turn.", name="Blazing Aether")
    (damage,) = effects(card)
    assert (damage.amount, damage.damage_type) == ("X", "arcane")
    assert damage.where == "the amount of arcane damage you have dealt to that hero this turn"
    (counted,) = effects(only("Deal X arcane damage to any opposing target, where X is the number "
                              "of cards in your hand."))
    assert counted.where == "the number of cards in your hand"


def test_fab_dissipation_shield_prevent_x_of_that_damage_keeps_x_and_its_definition():
    card = only("**Instant** - Destroy Dissipation Shield: The next time your hero would be dealt "
                "damage this turn, prevent X of that damage, where X is the number of steam "
                "counters on Dissipation Shield.", name="Dissipation Shield")
    (replacement,) = effects(card)
    (prevent,) = replacement.instead
    assert isinstance(prevent, Prevent)
    assert prevent.amount == "X"  # not None, which would mean "prevent all"
    assert prevent.where == "the number of steam counters on this"


def test_fab_warmongers_recital_granted_ability_goes_to_the_next_attack_with_its_text():
    power, gain = effects(only('The next attack action card you play this turn gains +1{p} and '
                               '"When this hits, put it on the bottom of its owner\'s deck."',
                               name="Warmonger's Recital"))
    assert power.stat == "power" and gain.resource == "ability"
    assert gain.target.text == power.target.text == "the next attack action card you play this turn"
    assert gain.quoted == "when this hits, put it on the bottom of its owner's deck"
    (granted,) = gain.abilities
    assert granted.trigger.event == "this hits"
