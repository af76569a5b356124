"""Values of the WoW card grammar that the WoW rules module acts on (issue 12): the small
additive changes made for it, each pinned by a test."""

from __future__ import annotations

from judge.cards import model as M
from judge.cards import wow


def effects(text: str) -> tuple[M.Effect, ...]:
    card = wow.parse(text)
    assert card.fully_parsed, card.unparsed or card.others()
    return tuple(e for a in card.abilities for e in a.effects)


def test_would_instead_is_a_replacement_of_the_packet_amount():
    (rep,) = effects("Ongoing: If your hero would deal fire damage, it deals double that much "
                     "instead.")
    assert isinstance(rep, M.Replacement) and rep.event.verb == "deal damage"
    assert rep.event.damage_type == "fire" and rep.event.subject.kinds == ("hero",)
    (double,) = rep.instead
    assert (double.stat, double.op, double.amount.value) == ("damage", "multiply", 2)
    (plus,) = effects("If your hero would deal damage, it deals that much +1 instead.")[0].instead
    assert (plus.stat, plus.op, plus.sign, plus.amount.value) == ("damage", "add", 1, 1)
    (heal,) = effects("If your hero would heal damage, it heals that much +1 instead.")[0].instead
    assert heal.stat == "heal"


def test_the_next_time_would_is_a_replacement_that_replaces_once():
    (rep,) = effects("The next time damage would be dealt to target friendly hero or ally this "
                     "turn, it's dealt to your hero instead.")
    assert isinstance(rep, M.Replacement) and rep.next_only
    assert rep.event.verb == "be dealt damage" and rep.event.subject.targeted
    (redirect,) = rep.instead
    assert isinstance(redirect, M.Damage) and redirect.amount.ref == "that much"
    assert redirect.target.kinds == ("hero",)


def test_conditional_prevention_keeps_its_optional_action_and_if_you_do():
    (rep,) = effects("Ongoing: If your hero would be dealt damage, you may put this ability from "
                     "play into its owner's hand. If you do, prevent that damage.")
    assert isinstance(rep, M.Replacement)
    may, if_you_do = rep.instead
    assert isinstance(may, M.Choice) and may.optional
    assert isinstance(if_you_do.then[0], M.Prevent)


def test_damage_types_unpreventable_and_what_it_is_dealt_with():
    (d,) = effects("Your hero deals 2 unpreventable shadowfire damage to target hero or ally.")
    assert d.damage_type == "shadow fire" and d.unpreventable
    (rep,) = effects("If your hero would deal damage with an ability, it deals that much +1 "
                     "instead.")
    assert rep.event.with_.kinds == ("ability",)
    card = wow.parse("When your hero deals combat damage with this weapon to an ally, draw a card.")
    ev = card.abilities[0].trigger.event
    assert ev.with_.ref == "this" and ev.object.kinds == ("ally",)
    assert "combat" in ev.damage_type


def test_health_icon_and_token_stats_with_a_damage_type_icon():
    (m,) = effects("This ally has +1 [Health] for each other ally named Ironforge Guards you "
                   "control.")
    assert m.stat == "health" and m.amount.per.kinds == ("ally",)
    (t,) = effects("Put a 0 [Melee] / 1 [Health] Wisp ally token into play.")
    assert isinstance(t, M.CreateToken) and dict(t.values) == {"atk": 0, "health": 1}


def test_personal_pronouns_and_this_way():
    card = wow.parse("When this ally is destroyed, she deals 1 arcane damage to target hero for "
                     "each card in its controller's hand.")
    (d,) = card.abilities[0].effects
    assert d.source.ref == "this"
    (_dmg, cant) = effects("Your hero deals 1 frost damage to each opposing hero and ally. A "
                           "character dealt damage this way can't attack this turn.")
    assert cant.who.filters[0].event.this_way


def test_put_into_play_keeps_its_destination():
    (m,) = effects("Put target ally from your graveyard into play.")
    assert m.to_zone.name == "play" and m.what.zone.name == "graveyard"


def test_tokens_have_the_tags_they_are_put_into_play_with_and_a_name():
    (wisp,) = effects("Put a 0 [Melee] / 1 [Health] Wisp ally token into play.")
    assert wisp.token == "Wisp" and wisp.kinds == ("wisp", "ally")           # 404.2
    (reaver,) = effects("Put a 10 [Melee] / 10 [Health] Mechanical ally token named Fel Reaver "
                        "into play.")
    assert reaver.token == "Fel Reaver" and reaver.kinds == ("mechanical", "ally")
    assert dict(reaver.values) == {"atk": 10, "health": 10}


def test_additional_values_each_with_its_own_amount():
    a, b = effects("This ally has additional ATK equal to the combined ATK of all other allies "
                   "you control, and additional [Health] equal to the combined [Health] of all "
                   "other allies you control.")
    assert (a.stat, a.amount.defined_as.measure) == ("atk", "atk")
    assert (b.stat, b.amount.defined_as.measure) == ("health", "health")
    assert a.amount.defined_as.of.quantifier == "all"


def test_a_card_that_is_also_an_ally_this_turn_and_a_chosen_type():
    card = wow.parse("(1) >>> This item is also an ally with 2 [Melee] / 2 [Health] and "
                     "Protector this turn.")
    (becomes,) = card.abilities[0].effects
    assert isinstance(becomes, M.Becomes) and becomes.kinds == ("ally",)
    assert dict(becomes.values) == {"atk": 2, "health": 2}
    assert becomes.abilities[0].keywords[0].name == "Protector"
    assert becomes.duration.kind == "this turn"
    choose, also = effects("Choose an ally type.\nOngoing: All allies also have that type.")
    assert isinstance(choose, M.Choose) and choose.kind == "type"
    assert isinstance(also, M.Becomes) and also.chosen == "type" and also.what.kinds == ("ally",)


def test_damage_doubled_for_each_and_a_card_named_like_itself():
    card = wow.parse("Your hero deals 2 ranged damage to target hero or ally. That damage is "
                     "doubled for each other card named Concussive Barrage in your graveyard.",
                     name="Concussive Barrage")
    _damage, double = card.abilities[0].effects
    assert (double.stat, double.op, double.amount.value) == ("damage", "multiply", 2)
    per = double.amount.per
    assert per.name == "Concussive Barrage" and per.ref == "" and per.zone.name == "graveyard"


def test_a_filter_after_you_control_describes_the_card():
    (destroy,) = effects("Destroy each ally you control with cost 2 or less.")
    assert destroy.what.controller == "you"
    (f,) = destroy.what.filters
    assert f.comparison.op == "<=" and f.comparison.right.value == 2


def test_events_hold_what_they_are_against_and_what_they_are_dealt_with():
    card = wow.parse("When this ally defends against an ally, destroy her.")
    ev = card.abilities[0].trigger.event
    assert ev.verb == "defend" and ev.object.kinds == ("ally",) and ev.rest == ()
    card = wow.parse("When your hero deals combat damage with this weapon to an ally, draw a "
                     "card.")
    ev = card.abilities[0].trigger.event
    assert ev.with_.ref == "this" and ev.object.kinds == ("ally",) and ev.rest == ()


def test_counters_named_by_their_numbers():
    (put,) = effects("Put a +1 / +1 counter on target ally.")
    assert isinstance(put, M.Counters) and put.kind == "+1/+1" and put.on.targeted
    (enter,) = effects("This armor enters play with four +1 counters on it.")
    assert (enter.verb, enter.kind, enter.count.value) == ("enter with", "+1", 4)
    (atk,) = effects("This weapon enters play with five +1 ATK counters.")
    assert atk.kind == "+1 atk" and atk.count.value == 5
    a, b = effects("Attached ally has +2 / +1.")                      # not a counter
    assert (a.stat, b.stat) == ("atk", "health")


def test_must_attack_and_can_attack_only_if_able():
    must, draw = effects("Target opposing ally must attack your hero this turn if able. Draw "
                         "a card.")
    assert isinstance(must, M.Restriction) and must.verb == "must attack"
    assert must.who.targeted and must.what.kinds == ("hero",) and must.only.test == "able"
    assert must.duration.kind == "this turn" and isinstance(draw, M.Move)
    (only,) = effects("Opposing heroes and allies can attack only this ally if able.")
    assert only.verb == "attack only" and only.what.ref == "this" and only.only.test == "able"
    (hard,) = effects("This ally can attack only heroes.")
    assert hard.verb == "attack only" and hard.what.kinds == ("hero",) and hard.only is None
    _dmg, must, only = effects("Your hero deals 1 melee damage to target hero or ally. This "
                               "turn, that character must attack if able and can attack only "
                               "your hero if able.")
    assert must.what is None and must.only is not None and only.only is not None


def test_a_quest_completion_cost_is_the_reward_power_cost():
    card = wow.parse("Pay (1) to complete this quest.\nReward: Draw a card, then discard a card.",
                     name="A Donation of Wool")
    (reward,) = card.abilities
    assert reward.kind == "reward" and [(c.kind, c.amount.value) for c in reward.costs] == [
        ("resource", 1)]
    assert len(reward.effects) == 2


def test_wow_702_1_a_completion_cost_with_a_restriction_is_the_reward_power_cost():
    """"During your turn, pay 3 to complete this quest.": read from the parsed values (paying,
    then completing this quest, under "during"), the reward power's resource cost and its
    restriction (702.1); the same sentence with no reward after it is left as it was read."""
    card = wow.parse("During your turn, pay 3 to complete this quest.\nReward: Draw two cards.",
                     name="Tooga's Quest")
    (reward,) = card.abilities
    assert reward.kind == "reward" and [(c.kind, c.amount.value) for c in reward.costs] == [
        ("resource", 3)]
    assert reward.condition.kind == "during" and reward.condition.event.phase == "turn"
    (plain,) = wow.parse("Pay 2 to complete this quest.\n\nReward: Draw a card.").abilities
    assert [(c.kind, c.amount.value) for c in plain.costs] == [("resource", 2)]
    assert plain.kind == "reward" and plain.condition is None
    (alone,) = wow.parse("During your turn, pay 3 to complete this quest.").abilities
    assert alone.kind != "reward" and isinstance(alone.effects[0], M.Conditional)
    (kept, reward) = wow.parse("Discard a card to complete this quest.\nReward: Draw two "
                               "cards.").abilities
    assert reward.costs == () and reward.condition is None and kept.kind != "reward"


def test_a_reward_with_a_later_trigger_sentence_creates_a_delayed_trigger():
    card = wow.parse("Pay (3) to complete this quest.\nReward: Put a 2 ATK / 3 Health Unique "
                     "Turtle ally token named Tooga into play. At the start of your next turn, "
                     "remove that ally from the game.", name="Tooga's Quest")
    (reward,) = card.abilities
    token, later = reward.effects
    assert reward.kind == "reward" and reward.trigger is None
    assert isinstance(token, M.CreateToken) and token.token == "Tooga"
    assert isinstance(later, M.DelayedTrigger) and later.trigger.event.verb == "start"


def test_wow_413_2_a_search_of_several_zones_keeps_every_zone_and_the_joiner():
    """"Search your deck and/or graveyard for a Form card" (Swiftshift, 413.3's example) was an
    Other ('Search your deck': the graveyard and what is searched for were lost); it is a
    Search of both zones, "and/or" kept apart from "and" and "or" (the searcher picks one or
    more of them); a zone with no owner of its own is the first one's owner's."""
    (search, reveal, put) = effects("Search your deck and/or graveyard for a Form card, reveal "
                                    "it, and put it into your hand.")
    assert isinstance(search, M.Search) and search.zone is None
    assert [(z.name, z.owner) for z in search.zones] == [("deck", "you"), ("graveyard", "you")]
    assert search.joiner == "and/or" and search.what.kinds == ("form", "card")
    assert isinstance(reveal, M.Reveal) and isinstance(put, M.Move)
    for text, joiner in (("Search your deck or graveyard for a Form card.", "or"),
                         ("Search your deck and graveyard for a Form card.", "and")):
        (s,) = effects(text)
        assert s.joiner == joiner and [z.name for z in s.zones] == ["deck", "graveyard"]
    (one,) = effects("Search your deck for a Form card.")
    assert one.zone.name == "deck" and one.zones == () and one.joiner == ""


def test_wow_an_event_done_this_way_is_the_event_with_this_way_not_a_state():
    """"When a quest is inspired this way" (Marksman Glous) was the event 'be inspired this
    way' (a state no rule knows): it is 'be inspired', done this way. The same for "When
    Stormpike Insignia is destroyed this way", which the WoW module names not modelled (only
    by the text it is in: matching every destruction would trigger too often)."""
    from judge.games.wow import triggers as TR
    glous = wow.parse("Aldor Reputation\n\nInspire: Quest\n\nWhen a quest is inspired this way, "
                      "you pay 1 less to complete it this turn.", name="Marksman Glous")
    ev = glous.abilities[2].trigger.event
    assert (ev.verb, ev.this_way, ev.subject.kinds) == ("be inspired", True, ("quest",))
    (cut,) = glous.abilities[2].effects
    assert isinstance(cut, M.ModifyValue) and cut.stat == "complete cost" and \
        cut.amount.value == 1 and cut.target.ref == "it"
    assert TR.why_not(glous.abilities[2].trigger) == ""
    insignia = wow.parse("When Stormpike Insignia is destroyed this way, your hero deals 5 frost "
                         "damage to target hero or ally.", name="Stormpike Insignia")
    t = insignia.abilities[0].trigger
    assert (t.event.verb, t.event.this_way) == ("be destroyed", True)
    assert "done this way" in TR.why_not(t)


def test_wow_your_hero_is_in_a_form_is_that_keyword_had():
    """"Ongoing: Your hero is in Cat Form." (the printed Cat Form; CR 7.4 quotes it as "Your
    hero has Cat Form") is the keyword Cat Form gained by your hero; on the card named Cat Form
    it was an Other (the name read as the card itself), on other cards a state no rule knows."""
    for text, name in (("Ongoing: Your hero is in Cat Form.", "Cat Form"),
                       ("Ongoing: Your hero is in Bear Form.", "Maul")):
        (gain,) = wow.parse(text, name=name).abilities[0].effects
        assert isinstance(gain, M.Gain) and gain.resource == "keyword"
        assert gain.keyword.name == text.split(" in ")[1].rstrip(".")
        assert gain.target.kinds == ("hero",) and gain.target.controller == "you"
