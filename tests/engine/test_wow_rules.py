"""The WoW rules module (issue 12): its citation table names existing rules, and the core
procedures it relies on are in it."""

from __future__ import annotations

from pathlib import Path

from judge.games.wow.citations import CITATIONS
from judge.rules.lookup import citation_exists


def test_wow_citation_table_names_existing_rules():
    assert [c for c in CITATIONS.all_citations() if not citation_exists(c)] == []


def test_wow_citation_table_covers_the_chain_blocks_procedures():
    for procedure in ("priority.pass", "priority.resolve-top", "trigger.layer", "trigger.order",
                      "target.choose", "trigger.targets"):
        assert CITATIONS.lookup("wow-7.4", procedure), procedure


def test_wow_402_4_token_copy_has_printed_values_cost_zero_and_no_counters():
    """Highborne Soul Mirror's token copy of Kor Cindervein (402.4 example): a token with
    Kor's name and printed 3 ATK / 3 health, cost 0 (201.4), no +1 / +1 counters."""
    from pathlib import Path

    from judge.games.run import execute
    from judge.scenario.parser import parse_file
    path = Path(__file__).parents[2] / "scenarios/wow/402.4-example-highborne-soul-mirror-kor.scn"
    run = execute(parse_file(path))
    st = run.ends[0].state
    kors = [o for o in st.objects.values() if o.name == "Kor Cindervein"]
    token = [o for o in kors if o.token]
    original = [o for o in kors if not o.token]
    assert len(token) == 1 and len(original) == 1
    t = token[0]
    assert st.value(t.id, "atk") == 3 and st.value(t.id, "health") == 3
    assert t.base.get("cost", 0) == 0 and "token" in t.kinds
    assert st.counter_count(t.id, "+1/+1") == 0
    assert st.counter_count(original[0].id, "+1/+1") == 2


def test_wow_402_3a_a_token_copy_of_a_token_copy_copies_what_it_copied():
    """Both tokens of the 402.3a scenario are 3/3 Kor Cinderveins with no counter, though the
    original had a +1 / +1 counter and the second copies the first token."""
    from pathlib import Path

    from judge.games.run import execute
    from judge.scenario.parser import parse_file
    path = Path(__file__).parents[2] / "scenarios/wow/402.3a-token-copy-of-a-token-copy.scn"
    st = execute(parse_file(path)).ends[0].state
    tokens = [o for o in st.objects.values() if o.name == "Kor Cindervein" and o.token]
    assert len(tokens) == 2
    for t in tokens:
        assert (st.value(t.id, "atk"), st.value(t.id, "health")) == (3, 3)
        assert st.counter_count(t.id, "+1/+1") == 0


_INTUITION = ('card "Intuition": Instant Ability - Hunter, cost 0: "Remove target attacker from '
              'combat. You may ready it."\n'
              'card "Grunt": Ally - Orc Warrior, cost 2, atk 3, health 3, type melee\n'
              'card "Footman": Ally - Human Warrior, cost 3, atk 1, health 3, type melee\n'
              'Alice is the turn player; controls "Grunt"\n'
              'Bob: controls "Footman", hand "Intuition"\n'
              'Alice attacks with "Grunt" targeting Bob\n')


def _wow_ruling(body: str):
    from judge.games.run import run_scenario
    from judge.scenario.parser import parse
    return run_scenario(parse('scenario "t"\ngame wow-7.4\n' + body, "t.scn"))


def _refusals(ruling) -> list[str]:
    from judge.engine.trace import REFUSED
    return [s.description for s in ruling.steps if s.action == REFUSED]


def test_wow_602_4_target_attacker_is_the_attacking_ally_and_it_is_removed_from_combat():
    """'Remove target attacker from combat' played in the attack window: the attacking ally is
    a legal target (glossary: Attacker; it was refused as 'no legal target'), it is removed
    from combat (602.4) and the combat concludes without combat damage."""
    ruling = _wow_ruling(_INTUITION + 'Alice passes\nBob passes\nAlice passes\n'
                         'Bob plays "Intuition" targeting Alice\'s "Grunt"\nsettle\n'
                         'expect Bob damage 0\nexpect "Grunt" damage 0\n')
    assert _refusals(ruling) == []
    assert all(e.passed for e in ruling.all_expectations)
    assert any("Grunt is removed from combat" in s.description for s in ruling.steps)


def test_wow_602_1_target_attacker_is_not_a_proposed_attacker_nor_a_non_attacker():
    """While the proposal is on the chain the Grunt is a proposed attacker, not an attacker
    (602.1); Bob's Footman never attacks: neither is described by 'target attacker'."""
    proposed = _wow_ruling(_INTUITION + 'Alice passes\n'
                           'Bob plays "Intuition" targeting Alice\'s "Grunt"\nsettle\n')
    assert any("no legal target" in r for r in _refusals(proposed))
    other = _wow_ruling(_INTUITION + 'Alice passes\nBob passes\nAlice passes\n'
                        'Bob plays "Intuition" targeting Bob\'s "Footman"\nsettle\n')
    assert _refusals(other)


_TOTEM = ('card "Grounding Totem": Ability Ally - Air Totem (1), cost 2, atk 0, health 3, type '
          'nature: "Ongoing: Opposing cards and effects must target Grounding Totem if able."\n'
          'card "Fireball": Instant Ability - Fire, cost 1: "Your hero deals 3 fire damage to '
          'target hero or ally."\n'
          'card "Chaos Bolt": Instant Ability - Fire, cost 1: "Your hero deals 3 fire damage to '
          'target random opposing ally."\n'
          'card "Grunt": Ally - Orc Warrior, cost 2, atk 2, health 5, type melee\n')


def _decided_and_held(ruling) -> None:
    """Nothing named not modelled, every expectation holds."""
    assert not ruling.all_not_modelled
    assert all(e.passed for e in ruling.all_expectations)


def test_wow_706_4_a_magnet_binds_opposing_links_only():
    """Grounding Totem: Alice's (opposing) Fireball must target it; Bob's own Fireball may
    target his Grunt (the magnet says "opposing"); without the Totem Alice may target Grunt."""
    opposing = _wow_ruling(_TOTEM + 'Alice is the turn player; 1 resource, hand "Fireball"\n'
                           'Bob: controls "Grounding Totem", "Grunt"\n'
                           'Alice plays "Fireball" targeting Bob\'s "Grunt"\nsettle\n')
    assert any("(706.4)" in r for r in _refusals(opposing))
    own = _wow_ruling(_TOTEM + 'Bob is the turn player; 1 resource, hand "Fireball", controls '
                      '"Grounding Totem", "Grunt"\n'
                      'Bob plays "Fireball" targeting Bob\'s "Grunt"\nsettle\n'
                      'expect "Grunt" damage 3\n')
    assert _refusals(own) == [] and all(e.passed for e in own.all_expectations)
    none = _wow_ruling(_TOTEM + 'Alice is the turn player; 1 resource, hand "Fireball"\n'
                       'Bob: controls "Grunt"\n'
                       'Alice plays "Fireball" targeting Bob\'s "Grunt"\nsettle\n'
                       'expect "Grunt" damage 3\n')
    assert _refusals(none) == [] and all(e.passed for e in none.all_expectations)


def test_wow_706_5_a_random_pick_among_possible_targets_with_a_magnet_is_the_magnet():
    ruling = _wow_ruling(_TOTEM + 'Alice is the turn player; 1 resource, hand "Chaos Bolt"\n'
                         'Bob: controls "Grounding Totem", "Grunt"\n'
                         'Alice plays "Chaos Bolt"\nsettle\n'
                         'expect "Grounding Totem" in Bob\'s graveyard\n'
                         'expect "Grunt" damage 0\nexpect cites "706.4"\nexpect cites "706.5"\n')
    _decided_and_held(ruling)


def test_wow_712_3b_that_allys_value_is_read_as_it_last_was_in_play():
    """Convert: 'that ally's ATK' is the destroyed ally's (5 with Battle Cry's +3), read as it
    last was in play; 'that ally' is the ally named before, not the hero being healed (it was
    named not modelled: "'that ally' is not Alice's hero")."""
    ruling = _wow_ruling(
        'card "Convert": Instant Ability - Holy, cost 1: "Destroy target attacking ally. If you '
        'do, your hero heals damage from itself equal to that ally\'s ATK."\n'
        'card "Battle Cry": Ability - Warrior, cost 2: "Ongoing: Allies you control have +3 '
        'ATK."\n'
        'card "Grunt": Ally - Orc Warrior, cost 2, atk 2, health 3, type melee\n'
        'Bob is the turn player; controls "Grunt", "Battle Cry"\n'
        'Alice: 1 resource, damage 7, hand "Convert"\n'
        'Bob attacks with "Grunt" targeting Alice\nBob passes\nAlice passes\nBob passes\n'
        'Alice plays "Convert" targeting Bob\'s "Grunt"\nsettle\n'
        'expect Alice damage 2\nexpect cites "712.3b"\n')
    _decided_and_held(ruling)


def test_wow_706_1c_a_granted_powers_target_is_not_chosen_as_the_link_is_added():
    """Face Smash (words reordered): one target (the ally that gains the power) as it is
    added, in a step citing 706.1c; a second target is refused; giving the power is named not
    modelled citing 706.1c as it resolves."""
    head = ('card "Face Smash": Instant Ability, cost 4: "This turn, target ally has \\" → '
            'Destroy target ally.\\""\n'
            'card "Grunt": Ally - Orc Warrior, cost 2, atk 2, health 5, type melee\n'
            'card "Footman": Ally - Human Warrior, cost 2, atk 2, health 5, type melee\n'
            'Alice is the turn player; 4 resources, hand "Face Smash", controls "Footman"\n'
            'Bob: controls "Grunt"\n')
    one = _wow_ruling(head + 'Alice plays "Face Smash" targeting Alice\'s "Footman"\nsettle\n')
    assert _refusals(one) == []
    cited = [s for s in one.steps if any(c.endswith("706.1c") for c in s.citations)]
    assert [s.not_modelled is None for s in cited] == [True, False]
    two = _wow_ruling(head + 'Alice plays "Face Smash" targeting Alice\'s "Footman", Bob\'s '
                      '"Grunt"\nsettle\n')
    assert any("Grunt is not a legal target" in r for r in _refusals(two))


KALDEL = ('card "Vindicator Kaldel": Ally - Draenei Paladin, cost 2, atk 3, health 2, type holy: '
          '"Aldor Reputation\\n\\nInspire: Ally"\n'
          'card "Footman": Ally - Human Warrior, cost 1, atk 1, health 3, type melee\n'
          'card "Knight": Ally - Human Warrior, cost 1, atk 1, health 3, type melee\n'
          'card "Roots": Ability, cost 2: "Attach to target ally.\\n\\nOngoing: Attached ally '
          'can\'t ready."\n'
          'card "Grunt": Ally - Orc Warrior, cost 2, atk 2, health 3, type melee\n')


def test_wow_501_1b_inspire_readies_only_an_exhausted_card_it_names_once_and_if_it_can():
    """Inspire (501.1b): a ready card is no choice, a card that can't ready is no choice, and
    unstated the optional policy declines (nothing readied, said in the ruling)."""
    ruling = _wow_ruling(KALDEL + 'Alice is the turn player; controls "Vindicator Kaldel", '
                         '"Footman" exhausted, "Knight" exhausted; attached "Roots" to "Knight"\n'
                         'Bob: controls "Grunt" exhausted, deck 5 cards\n'
                         'Alice ends the turn\nAlice chooses "Knight"\n'
                         'expect "Knight" is exhausted\nexpect "Footman" is exhausted\n')
    asked = [s.description for s in ruling.steps if "Inspire" in s.description]
    assert ruling.passed, [s.description for s in ruling.steps]
    # Kaldel is ready and Knight can't ready: Footman is the only option; the stated "Knight"
    # answers nothing and the policy declines
    assert any("readies no ally" in d for d in asked), asked
    ruling = _wow_ruling(KALDEL + 'Alice is the turn player; controls "Vindicator Kaldel", '
                         '"Footman" exhausted\nBob: controls "Grunt" exhausted, deck 5 cards\n'
                         'Alice ends the turn\nexpect "Footman" is exhausted\n')
    assert ruling.passed and any("readies no ally" in s.description for s in ruling.steps), \
        [s.description for s in ruling.steps]
    ruling = _wow_ruling(KALDEL + 'Alice is the turn player; controls "Vindicator Kaldel", '
                         '"Footman" exhausted\nBob: controls "Grunt" exhausted, deck 5 cards\n'
                         'Alice ends the turn\nAlice chooses "Footman"\nexpect "Footman" is ready\n'
                         'expect "Vindicator Kaldel" is ready\nexpect cites "501.1b"\n')
    assert ruling.passed, [s.description for s in ruling.steps]
    # on Alice's own turn her Inspire does nothing: only another player's ready step
    ruling = _wow_ruling(KALDEL + 'Bob is the turn player; deck 5 cards\n'
                         'Alice: controls "Vindicator Kaldel", "Footman" exhausted, deck 5 cards\n'
                         'Bob ends the turn\nexpect "Footman" is ready\n')
    assert ruling.passed and not any("Inspire" in s.description for s in ruling.steps), \
        [s.description for s in ruling.steps]


def test_wow_400_7a_an_attachment_moved_to_another_card_stays_when_none_matches():
    """400.7a: "attach it to another hero or ally" with no other card that matches the
    attachment's own attach description (an ally with cost 0, X being 0 in play, 201.3): it
    stays attached where it is."""
    ruling = _wow_ruling('card "Inventor\'s Focal Sword": Equipment - Weapon (1H) - Sword '
                         'Melee (1), '
                         'cost 3, atk 1, strike 2, type melee: "(2), [Activate] >>> If target ability '
                         'is attached to a hero or ally, attach it to another hero or ally."\n'
                         'card "Mind Control": Ability - Shadow, cost 2: "Attach to target ally with '
                         'cost X.\\n\\nOngoing: You control attached ally."\n'
                         'card "Footman": Ally - Human Warrior, cost 1, atk 1, health 3, type melee\n'
                         'card "Knight": Ally - Human Warrior, cost 3, atk 1, health 3, type melee\n'
                         'Alice is the turn player; 5 resources, controls "Inventor\'s Focal Sword", '
                         '"Footman", "Knight"\n'
                         'Bob: 5 resources; attached "Mind Control" to "Footman"\n'
                         'Alice activates "Inventor\'s Focal Sword" targeting Bob\'s "Mind Control"\n'
                         'settle\nexpect "Mind Control" is attached to "Footman"\n'
                         'expect "Footman" is controlled by Bob\nexpect cites "400.7a"\n')
    assert ruling.passed, [s.description for s in ruling.steps]
    assert any("stays attached to Footman" in s.description for s in ruling.steps)


def test_wow_714_3b_helwen_gains_control_only_if_she_remained_exhausted():
    """714.3b with Helwen's power ("While this ally remains exhausted, you control target
    ally"): readied in response to her first activation, that activation creates no modifier;
    the second, resolving first, gains control of its target (the CR's example). Her first
    sentence ("You may choose not to ready this ally during your ready step.") is left out
    here (test_wow_501_1a_helwen_may_stay_exhausted_only_if_her_controller_chooses)."""
    ruling = _wow_ruling('card "Helwen": Ally - Succubus Demon - Pet (1), cost 4, atk 2, health 2, '
                         'type shadow: "[Activate] >>> While this ally remains exhausted, you control '
                         'target ally."\n'
                         'card "Refresh": Instant Ability, cost 0: "Ready target ally."\n'
                         'card "Grunt": Ally - Orc Warrior, cost 2, atk 2, health 3, type melee\n'
                         'card "Raider": Ally - Troll Rogue, cost 2, atk 2, health 3, type melee\n'
                         'Alice is the turn player; 5 resources, controls "Helwen", hand "Refresh", '
                         '"Refresh"\n'
                         'Bob: 5 resources, controls "Grunt", "Raider"\n'
                         'Alice activates "Helwen" targeting Bob\'s "Grunt"\n'
                         'Alice plays "Refresh" targeting "Helwen"\nAlice passes\nBob passes\n'
                         'expect "Helwen" is ready\n'
                         'Alice activates "Helwen" targeting Bob\'s "Raider"\nsettle\n'
                         'expect "Raider" is controlled by Alice\nexpect "Grunt" is controlled by Bob\n'
                         'expect cites "714.3b"\n'
                         # she readies: the modifier ends for good, even when she is exhausted again
                         'Alice plays "Refresh" targeting "Helwen"\nsettle\n'
                         'expect "Raider" is controlled by Bob\n'
                         'Alice activates "Helwen" targeting "Helwen"\nsettle\n'
                         'expect "Helwen" is exhausted\nexpect "Raider" is controlled by Bob\n')
    assert ruling.passed, [s.description for s in ruling.steps]
    not_created = [s for s in ruling.steps if "has not remained exhausted" in s.description]
    assert len(not_created) == 1


def test_wow_415_9b_a_delayed_link_on_a_card_that_left_names_its_other_sentences():
    """415.9b / 709.2f: the link does nothing to a card that has not stayed where it was; a
    sentence that may not act on that card ("Draw a card.") is named, not dropped with it (it
    was dropped in silence: only "If you do, ..." after the action was told)."""
    scenario = (Path(__file__).parents[2] / "scenarios" / "wow"
                / "709.2f-example-1-toogas-quest-tooga-gone.scn").read_text(encoding="utf-8")
    body = scenario.split("\n", 2)[2].replace(
        "remove that ally from the game. If you do, draw two cards.",
        "remove that ally from the game. Draw a card.")
    body = body[:body.index("expect Alice hand")]
    ruling = _wow_ruling(body)
    assert any("other sentences act on the card that has left" in n
               for n in ruling.all_not_modelled)
    assert any("has not stayed where it was" in s.description for s in ruling.steps)


def test_wow_408_3d_one_combat_packet_with_two_weapons_triggers_blade_flurry_once():
    """408.3d example 2: striking with two Viking Warhammers, the hero deals one packet of
    combat damage associated with both, so Blade Flurry triggers once (not once per weapon);
    its "that much" is the packet's 2."""
    from judge.games.run import run_scenario
    from judge.scenario.parser import parse_file
    path = Path(__file__).parents[2] / \
        "scenarios/wow/408.3d-example-2-blade-flurry-two-warhammers.scn"
    ruling = run_scenario(parse_file(path))
    assert ruling.passed, ruling.outcome
    triggered = [s for s in ruling.steps if "Blade Flurry's power triggers" in s.description]
    assert len(triggered) == 1, [s.description for s in ruling.steps]
    struck = [s for s in ruling.steps if "strikes with Viking Warhammer" in s.description]
    assert len(struck) == 2


def test_wow_406_6_striking_with_one_name_twice_needs_two_such_weapons():
    """A dual-wielding hero may name one weapon name twice only when two ready weapons have
    that name: with one Viking Warhammer, the second is refused and one strike is made."""
    ruling = _wow_ruling(
        'card "Valeera": Hero - Blood Elf Rogue, health 28: "Dual Wield"\n'
        'card "Viking Warhammer": Equipment - Weapon (1H) - Mace Melee (1), cost 2, atk 1, '
        'strike 1, type melee\n'
        'card "Footman": Ally - Human Warrior, cost 3, atk 1, health 5, type melee\n'
        'Alice is the turn player; hero "Valeera", 2 resources, controls "Viking Warhammer"\n'
        'Bob: controls "Footman"\n'
        'Alice attacks with "Valeera" targeting Bob\'s "Footman"\n'
        'Alice strikes with "Viking Warhammer", "Viking Warhammer"\nsettle\n'
        'expect "Footman" damage 1\n')
    assert any("fewer ready weapons named Viking Warhammer" in r for r in _refusals(ruling))
    assert all(e.passed for e in ruling.all_expectations)


def _circle_of_life(answers: str):
    from judge.games.run import run_scenario
    from judge.scenario.parser import parse
    return run_scenario(parse(
        'scenario "t"\ngame wow-7.4\n'
        'card "Circle of Life": Ability - Restoration, cost 8: "Ongoing: When an ally is '
        'destroyed, its controller may search his deck for an ally with the same name and put '
        'it into play exhausted."\n'
        'card "Manthos": Ally - Undead Warrior, cost 5, atk 4, health 8, type melee: "This ally '
        'enters play with 3 damage."\n'
        'card "Eviscerate": Instant Ability - Assassination, cost 2: "Destroy target ally."\n'
        'Bob is the turn player; 2 resources, hand "Eviscerate"\n'
        'Alice: controls "Circle of Life", "Manthos", deck top "Manthos", "Circle of Life"\n'
        'Bob plays "Eviscerate" targeting Alice\'s "Manthos"\n' + answers + 'settle\n', "t.scn"))


def test_wow_710_1b_a_card_put_into_play_exhausted_with_3_damage_enters_that_way():
    """Example 67: the Manthos found enters play exhausted and with 3 damage (both processed
    as it enters, citing 710.1b), after a search that shuffles the deck (413.2)."""
    ruling = _circle_of_life('Alice uses "Circle of Life"\nAlice finds "Manthos"\n')
    enters = [s for s in ruling.steps if any("710.1b" in c for c in s.citations)]
    assert any("enters play exhausted" in s.description for s in enters)
    assert any("3 damage is put on Manthos" in s.description for s in enters)
    assert any(any("413.2" in c for c in s.citations) for s in ruling.steps)
    assert not [s for s in ruling.steps if s.not_modelled]


def test_wow_413_declining_the_search_puts_nothing_into_play():
    """"may search ... and put it into play": "it" is the card found; declining the search
    puts nothing into play (never the destroyed card "it" referred to before)."""
    ruling = _circle_of_life('Alice declines "Circle of Life"\n')
    assert not any("is put (to Alice's in play)" in s.description for s in ruling.steps)
    assert not any(any("413.2" in c for c in s.citations) for s in ruling.steps)


def _resolve(body: str):
    from judge.games.run import run_scenario
    from judge.scenario.parser import parse
    return run_scenario(parse('scenario "t"\ngame wow-7.4\n' + body, "t.scn"))


def _cited(ruling, rule: str) -> list:
    return [s for s in ruling.steps if any(c.endswith(" " + rule) for c in s.citations)]


_SABOTEUR = (
    'card "Scryer Saboteur": Ally - Blood Elf Rogue, cost 3, atk 3, health 3, type melee: '
    '"Sabotage: Ability\\n\\nWhen Scryer Saboteur sabotages an ability, destroy it."\n'
    'card "Blessing of Might": Ability - Retribution, cost 2: "Ongoing: Allies you control have '
    '+1 ATK."\n'
    'card "Shield Guard": Ally - Dwarf Warrior, cost 3, atk 1, health 4, type melee: '
    '"Protector"\n'
    'Alice is the turn player; controls "Scryer Saboteur"\n'
    'Bob: controls "Blessing of Might", "Shield Guard"\n'
    'Alice attacks with "Scryer Saboteur" targeting Bob\'s "Blessing of Might"\n')


def test_wow_601_2b_603_1_a_sabotage_combat_deals_no_combat_damage_and_triggers():
    ruling = _resolve(_SABOTEUR + 'Bob does not protect\nsettle\n')
    assert not [s for s in ruling.steps if s.not_modelled]
    assert any("Blessing of Might is destroyed" in s.description for s in ruling.steps)
    assert _cited(ruling, "603.1") and not _cited(ruling, "602.2c")
    assert not any("combat damage" in s.description and "is dealt to" in s.description
                   for s in ruling.steps)


def test_wow_602_2c_a_protector_makes_a_sabotage_a_normal_combat():
    ruling = _resolve(_SABOTEUR + 'Bob protects with "Shield Guard"\nsettle\n')
    assert not [s for s in ruling.steps if s.not_modelled]
    [step] = _cited(ruling, "602.2c")
    assert "stops being a sabotage" in step.description
    assert not any("Blessing of Might is destroyed" in s.description for s in ruling.steps)


def test_wow_600_3a_no_additional_cost_to_exhaust_to_attack_and_other_exhausting_is_named():
    head = ('card "Frozen Ground": Ability - Frost, cost 3: "Ongoing: Opposing heroes and allies '
            'can\'t attack or exhaust unless their controller pays 1."\n'
            'card "Grunt": Ally - Orc Warrior, cost 2, atk 2, health 5, type melee: "[Activate] '
            '>>> Your hero heals 1 damage."\n'
            'Alice is the turn player; damage 3, controls "Grunt"\nBob: controls "Frozen '
            'Ground"\n')
    attack = _resolve(head + 'Alice attacks with "Grunt" targeting Bob\nsettle\n')
    assert _cited(attack, "600.3a") and not [s for s in attack.steps if s.not_modelled]
    assert not _cited(attack, "600.3")          # not an additional cost to attack
    activate = _resolve(head + 'Alice activates "Grunt"\nsettle\n')
    named = [s for s in activate.steps if s.not_modelled]
    assert named and _cited(activate, "600.3a")[0] is named[0]


def test_wow_717_1_that_amount_of_damage_plus_1_instead_adds_1():
    """Berserker Stance's printed "it deals that amount of damage plus 1 instead": 2 fire
    damage becomes 3 (the "plus 1" was lost: 2, in silence)."""
    ruling = _wow_ruling(
        'card "Stance": Ability - Fury Stance (1), cost 3: "Ongoing: If your hero would deal '
        'damage, it deals that amount of damage plus 1 instead."\n'
        'card "Fire Blast": Instant Ability - Fire, cost 1: "Your hero deals 2 fire damage to '
        'target hero or ally."\n'
        'Alice is the turn player; 1 resource, hand "Fire Blast", controls "Stance"\n'
        'Bob: health 30\n'
        'Alice plays "Fire Blast" targeting Bob\nsettle\nexpect Bob damage 3\n')
    assert ruling.passed, ruling.outcome


_BORIS = ('card "Boris Brightbeard": Hero - Dwarf Priest (Holy) - Alliance, health 26: "x, Flip '
          'Boris Brightbeard \u2192 Boris heals X damage from target hero or ally. Use only on '
          'your turn."\n'
          'card "Hide of the Wild": Equipment - Armor - Cloth Back (1), cost 2, def 0: "If your '
          'hero would heal damage, it heals that amount of damage plus 1 instead."\n')


def test_wow_use_only_on_your_turn_and_a_flipped_hero_keeps_its_damage():
    """"Use only on your turn." is the flip power's condition: refused on another player's
    turn, used on its controller's (it was named not modelled). Flipped, Boris is still a hero
    (glossary: Flip) and keeps his damage (it was removed as from a non-character, 410.6e);
    Hide of the Wild makes his heal of 2 one of 3."""
    ruling = _wow_ruling(_BORIS + 'Bob is the turn player\n'
                         'Alice: hero "Boris Brightbeard", damage 10, 2 resources, controls '
                         '"Hide of the Wild"\n'
                         'Bob passes\nAlice activates "Boris Brightbeard" targeting Alice '
                         'choosing "X=2"\n')
    assert any("only on your turn" in r for r in _refusals(ruling)), _refusals(ruling)
    ruling = _wow_ruling(_BORIS + 'Alice is the turn player; hero "Boris Brightbeard", '
                         'damage 10, 2 resources, controls "Hide of the Wild"\nBob: health 30\n'
                         'Alice activates "Boris Brightbeard" targeting Alice choosing "X=2"\n'
                         'settle\nexpect "Boris Brightbeard" is face down\nexpect Alice damage 7\n')
    assert ruling.passed and _refusals(ruling) == [], ruling.outcome


def test_wow_710_1b_a_quest_that_enters_play_exhausted_is_placed_exhausted():
    """A face-up quest placed as a resource enters play: its "enters play exhausted" is
    processed as it does (it was dropped: the quest was placed ready)."""
    ruling = _resolve(
        'card "Revenge Is Tasty": Quest: "Revenge Is Tasty enters play exhausted.\\n\\nPay 2 to '
        'complete this quest.\\n\\nReward: Draw a card."\n'
        'Alice is the turn player; hand "Revenge Is Tasty"\n'
        'Alice places "Revenge Is Tasty" face up\nsettle\n')
    [step] = _cited(ruling, "710.1b")
    assert "Revenge Is Tasty enters play exhausted" in step.description


def _token_state(text: str, choice: str):
    from judge.games.run import execute
    from judge.scenario.parser import parse
    body = ('scenario "t"\ngame wow-7.4\n'
            f'card "Shaman": Ally - Broken Shaman, cost 5, atk 5, health 5, type fire: "{text}"\n'
            'Alice is the turn player; 5 resources, hand "Shaman"\n'
            f'Alice plays "Shaman"\nsettle\nAlice chooses "{choice}"\nsettle\n')
    st = execute(parse(body, "t.scn")).ends[0].state
    [token] = [o for o in st.objects.values() if o.token]
    return st, token


def test_wow_404_2b_a_totem_token_chosen_among_four_has_its_defaults():
    """Erunak's "a 0 [Melee] / 2 [Health] Air, Earth, Fire, or Water Totem token": the chosen
    Water Totem is an ability ally with Water Totem (1) and the [Melee] ATK the effect
    specifies; a Fire Totem token with no printed damage type has the default [Fire] ATK."""
    from judge.games.wow import values as VA
    st, t = _token_state("When this ally enters play, put a 0 [Melee] / 2 [Health] Air, "
                         "Earth, Fire, or Water Totem token into play.", "Water Totem")
    assert t.name == "Water Totem"
    assert VA.damage_types(st, t.id) == {"melee"}
    assert {"ability", "ally", "totem", "water totem"} <= VA.kinds(st, t.id)
    assert t.base["limits"] == frozenset({"water totem:1"})
    st, t = _token_state("When this ally enters play, put a 0 / 2 Air, Earth, Fire, or Water "
                         "Totem token into play.", "Fire Totem")
    assert t.name == "Fire Totem" and VA.damage_types(st, t.id) == {"fire"}


_REFLECTION = ('card "Spell Reflection": Instant Ability - Protection, cost 3: "If an ability '
               'card is targeting only your hero, change its target to its controller\'s '
               'hero."\n'
               'card "Fire Blast": Instant Ability - Fire, cost 1: "Your hero deals 2 fire damage '
               'to target hero or ally."\n'
               'card "Twin Shot": Instant Ability - Marksmanship, cost 1: "Your hero deals 1 '
               'ranged damage to target hero and 1 ranged damage to target ally."\n'
               'card "Footman": Ally - Human Warrior, cost 2, atk 1, health 3, type melee\n')


def test_wow_706_2_a_link_targeting_only_your_hero_is_retargeted_at_its_controllers_hero():
    """Spell Reflection changes Fire Blast's single target to Bob's hero (legal read as Bob
    reads "target hero or ally"); the hero Fire Blast first targeted takes nothing."""
    ruling = _wow_ruling(_REFLECTION + 'Bob is the turn player; 1 resource, hand "Fire Blast"\n'
                         'Alice: 3 resources, hand "Spell Reflection"\n'
                         'Bob plays "Fire Blast" targeting Alice\nBob passes\n'
                         'Alice plays "Spell Reflection"\nsettle\n'
                         'expect Bob damage 2\nexpect Alice damage 0\nexpect cites "706.2"\n')
    _decided_and_held(ruling)


def test_wow_706_2_a_link_with_another_target_too_is_not_targeting_only_your_hero():
    """Twin Shot targets Alice's hero and her Footman: not "only your hero", so Spell
    Reflection changes nothing and both are dealt damage."""
    ruling = _wow_ruling(_REFLECTION + 'Bob is the turn player; 1 resource, hand "Twin Shot"\n'
                         'Alice: 3 resources, hand "Spell Reflection", controls "Footman"\n'
                         'Bob plays "Twin Shot" targeting Alice, Alice\'s "Footman"\n'
                         'Bob passes\nAlice plays "Spell Reflection"\nsettle\n'
                         'expect Alice damage 1\nexpect "Footman" damage 1\nexpect Bob damage 0\n')
    _decided_and_held(ruling)
    assert any("targeting only your hero - no" in s.description for s in ruling.steps)


def test_wow_706_2_two_links_targeting_only_your_hero_are_named_not_guessed():
    """Two Fire Blasts both target only Alice's hero: which one "its" is, the card does not
    say - named not modelled, no target changed."""
    ruling = _wow_ruling(_REFLECTION + 'Bob is the turn player; 2 resources, hand "Fire Blast", '
                         '"Fire Blast"\nAlice: 3 resources, hand "Spell Reflection"\n'
                         'Bob plays "Fire Blast" targeting Alice\n'
                         'Bob plays "Fire Blast" targeting Alice\nBob passes\n'
                         'Alice plays "Spell Reflection"\nsettle\n')
    assert any("not modelled" in s.description and "Spell Reflection" in s.description
               for s in ruling.steps), [s.description for s in ruling.steps]
    assert not any("changes Fire Blast's target" in s.description for s in ruling.steps)


def test_wow_501_1a_helwen_may_stay_exhausted_only_if_her_controller_chooses():
    """Helwen's "You may choose not to ready this ally during your ready step": unstated, the
    optional policy declines and she readies with the rest (501.1a); stated, she stays
    exhausted. A card without that power readies either way."""
    body = ('card "Helwen": Ally - Succubus Demon - Pet (1), cost 4, atk 2, health 2, type '
            'shadow: "You may choose not to ready this ally during your ready step."\n'
            'card "Grunt": Ally - Orc Warrior, cost 2, atk 2, health 3, type melee\n'
            'Bob is the turn player; deck 3 cards\n'
            'Alice: controls "Helwen" exhausted, "Grunt" exhausted, deck 3 cards\n'
            'Bob ends the turn\n')
    readies = _wow_ruling(body + 'settle\nexpect "Helwen" is ready\nexpect "Grunt" is ready\n')
    _decided_and_held(readies)
    stays = _wow_ruling(body + 'Alice uses "Helwen"\nsettle\nexpect "Helwen" is exhausted\n'
                        'expect "Grunt" is ready\n')
    _decided_and_held(stays)


def test_wow_716_1d_forbidden_knowledge_chooses_only_a_card_it_removed():
    """"choose a card you removed": the Footman removed from the game before Forbidden
    Knowledge resolved is not one of them - the draw puts the Raider it removed into Alice's
    hand, and the next draw, with none left, is replaced by nothing (no draw, no loss)."""
    ruling = _wow_ruling(
        'card "Forbidden Knowledge": Ability - Demonology, cost 8: "Remove your deck from the '
        'game.\\n\\nOngoing: If you would draw a card, choose a card you removed and put it into '
        'your hand instead."\n'
        'card "Arcane Intellect": Instant Ability - Arcane, cost 0: "Draw a card."\n'
        'card "Raider": Ally - Troll Rogue, cost 3, atk 3, health 3, type melee\n'
        'card "Footman": Ally - Human Warrior, cost 1, atk 1, health 3, type melee\n'
        'Alice is the turn player; 8 resources, hand "Forbidden Knowledge", "Arcane Intellect", '
        '"Arcane Intellect", deck top "Raider", removed "Footman"\nBob: deck 5 cards\n'
        'Alice plays "Forbidden Knowledge"\nsettle\nAlice plays "Arcane Intellect"\nsettle\n'
        'expect Alice hand "Arcane Intellect", "Raider"\n'
        'Alice plays "Arcane Intellect"\nsettle\n'
        'expect Alice hand "Raider"\nexpect "Footman" in Alice\'s removed\nexpect no winner\n')
    _decided_and_held(ruling)


def test_wow_707_1e_an_alternate_cost_is_not_paid_unless_stated_and_never_refused():
    """Spell Reflection's "You may exhaust one of your Shields rather than pay Spell
    Reflection's cost": played with enough resources, the printed cost is paid (a default
    named in the ruling) and no Shield is exhausted as it resolves (it was offered as an
    optional exhaust at resolution); with too few resources the play is named not modelled,
    never refused (the alternate cost could pay for it)."""
    text = ('card "Spell Reflection": Instant Ability - Protection, cost 3: "You may exhaust one '
            'of your Shields rather than pay Spell Reflection\'s cost.\\n\\nIf an ability card is '
            'targeting only your hero, change its target to its controller\'s hero."\n')
    paid = _wow_ruling(text + 'Alice is the turn player; 3 resources, hand "Spell Reflection"\n'
                       'Alice plays "Spell Reflection"\nsettle\n'
                       'expect "Spell Reflection" in Alice\'s graveyard\n')
    _decided_and_held(paid)
    assert any(s.default_applied and "alternate cost" in s.default_applied for s in paid.steps)
    assert not any("Shields" in s.description and "decides" in s.description
                   for s in paid.steps)
    short = _wow_ruling(text + 'Alice is the turn player; 1 resource, hand "Spell Reflection"\n'
                        'Alice plays "Spell Reflection"\nsettle\n')
    assert _refusals(short) == []
    assert any("alternate cost" in s.description and "not modelled" in s.description
               for s in short.steps)


def test_wow_706_3_shield_bash_interrupts_only_a_card_the_targeted_heros_controller_played():
    """Shield Bash at Bob's hero may interrupt an ability Bob played, not Alice's own one on
    the chain; targeting an ally (not a hero) offers no interrupt at all."""
    cards = ('card "Shield Bash": Instant Ability - Protection, cost 3: "Your hero deals 1 melee '
             'damage to target hero or ally. If you targeted a hero, you may interrupt an ability '
             'played by its controller."\n'
             'card "Arcane Intellect": Instant Ability - Arcane, cost 0: "Draw a card."\n'
             'card "Grunt": Ally - Orc Warrior, cost 2, atk 2, health 3, type melee\n')
    hero = _wow_ruling(cards + 'Bob is the turn player; hand "Arcane Intellect", deck 3 cards\n'
                       'Alice: 3 resources, hand "Shield Bash", "Arcane Intellect", deck 3 cards\n'
                       'Bob plays "Arcane Intellect"\nBob passes\n'
                       'Alice plays "Arcane Intellect"\nAlice plays "Shield Bash" targeting Bob\n'
                       'Alice passes\nBob passes\nAlice uses "Shield Bash"\nsettle\n'
                       'expect Bob hand count 0\nexpect Alice hand count 1\n')
    _decided_and_held(hero)
    ally = _wow_ruling(cards + 'Bob is the turn player; hand "Arcane Intellect", deck 3 cards, '
                       'controls "Grunt"\nAlice: 3 resources, hand "Shield Bash", deck 3 cards\n'
                       'Bob plays "Arcane Intellect"\nBob passes\n'
                       'Alice plays "Shield Bash" targeting Bob\'s "Grunt"\nsettle\n'
                       'expect "Grunt" damage 1\nexpect Bob hand count 1\n')
    _decided_and_held(ally)
    assert any("If you targeted a hero - no" in s.description for s in ally.steps)


def test_wow_703_3c_players_put_allies_each_under_his_own_control_in_one_event():
    """Kaal Soulreaper (703.3c example): each player puts the allies of his own graveyard into
    play under his own control, all in one event, so Watcher Mal'wi's power, active as it
    enters, triggers off both of Bob's allies (the module put every card under Kaal's
    controller, one after another; before that the card grammar did not read the sentence)."""
    from judge.games.run import execute
    from judge.scenario.parser import parse_file
    path = Path(__file__).parents[2] / "scenarios/wow/703.3c-example-malwi-kaal-soulreaper.scn"
    run = execute(parse_file(path))
    st = run.ends[0].state
    by_name = {o.name: o for o in st.objects.values()}
    assert by_name["Footman"].controller == "Bob" and by_name["Footman"].zone[0] == "Bob"
    assert by_name["Watcher Mal'wi"].controller == "Alice"
    assert by_name["Wisp"].zone == ("Bob", "graveyard")
    steps = [s for s in run.ends[0].trace.steps if "703.3c" in " ".join(s.citations)]
    assert len(steps) == 2      # once for Wisp, once for Footman


def test_wow_710_1b_one_reading_of_an_arriving_state():
    """710.1b: the one reading of Move.arrives (an effect's "put it into play exhausted" and a
    card's own "enters play with 3 damage" alike): exhausted or ready, a fixed damage; any other
    state, both states, or a damage that is not a number is named, never dropped."""
    import pytest
    from judge.cards import model as M
    from judge.engine.errors import NotModelled
    from judge.games.wow.moves import arrival
    assert arrival(None, "X") == ("", 0)
    assert arrival(M.Arrival(states=("exhausted",)), "X") == ("exhausted", 0)
    assert arrival(M.Arrival(states=("ready",)), "X") == ("ready", 0)
    assert arrival(M.Arrival(damage=M.Amount(value=3)), "X") == ("", 3)
    for bad in (M.Arrival(states=("face down",), text="face down"),
                M.Arrival(states=("exhausted", "ready"), text="exhausted and ready"),
                M.Arrival(damage=M.Amount(variable="X"), text="with X damage"),
                M.Arrival(damage=M.Amount(value=1, per=M.Target(kinds=("ally",))),
                          text="with 1 damage for each ally")):
        with pytest.raises(NotModelled, match="X entering play"):
            arrival(bad, "X")


_SWIFTSHIFT = ('card "Swiftshift": Instant Ability - Feral, cost 4: "Search your deck and/or '
               'graveyard for a Form card, reveal it, and put it into your hand."\n'
               'card "Cat Form": Instant Ability - Feral Cat Form Form (1), cost 2\n'
               'card "Bear Form": Instant Ability - Feral Bear Form Form (1), cost 2\n'
               'Alice is the turn player; 4 resources, hand "Swiftshift", deck top "Bear Form", '
               '"Bear Form", graveyard "Cat Form"\n'
               'Alice plays "Swiftshift"\n')


def test_wow_413_3_a_form_in_the_searched_graveyard_is_found_one_in_the_deck_may_not_be():
    """Swiftshift (413.3's example): searching only the deck the player may fail to find a
    Form and the deck is shuffled; searching the graveyard (public, 415.5a), a Form there is
    found - failing is refused - and the deck is not shuffled (413.2). The old module named
    the whole effect not modelled."""
    deck = _wow_ruling(_SWIFTSHIFT + 'Alice chooses "deck"\nAlice fails to find\nsettle\n'
                       'expect Alice hand count 0\nexpect Alice deck count 2\n')
    assert not deck.all_not_modelled and _refusals(deck) == []
    assert all(e.passed for e in deck.all_expectations)
    assert any("shuffles Alice's deck" in s.description for s in deck.steps)
    grave = _wow_ruling(_SWIFTSHIFT + 'Alice chooses "graveyard"\nAlice fails to find\n')
    assert any("fails to find" in r for r in _refusals(grave))
    found = _wow_ruling(_SWIFTSHIFT + 'Alice chooses "graveyard"\nAlice finds "Cat Form"\n'
                        'settle\nexpect "Cat Form" in Alice\'s hand\n')
    assert all(e.passed for e in found.all_expectations) and _refusals(found) == []
    assert not any("shuffles" in s.description for s in found.steps)


def test_wow_413_2_the_zones_searched_are_asked_never_assumed():
    """With no line saying which zones Alice searches, the search is not carried out on a
    guessed choice: the ruling names the unstated decision."""
    ruling = _wow_ruling(_SWIFTSHIFT + 'settle\nexpect Alice hand count 1\n')
    assert not any("searches Alice's" in s.description for s in ruling.steps)
    assert any("which zones Alice searches" in s.description and "not stated" in s.description
               for s in ruling.steps)


def test_wow_501_1b_two_marksman_glous_one_quest_costs_one_less_not_two():
    """Two Marksman Glous and one exhausted quest (501.1b's example): the quest is inspired
    once (the ready quest is never a choice), one "inspired this way" trigger resolves, and
    completing it that turn costs (2) of its printed (3) (707.1e). The old module named the
    reduction not modelled and charged (3)."""
    from judge.games.run import run_scenario
    from judge.scenario.parser import parse_file
    path = Path(__file__).parents[2] / "scenarios/wow/501.1b-example-2-two-marksman-glous.scn"
    ruling = run_scenario(parse_file(path))
    steps = [s.description for s in ruling.steps]
    assert not ruling.all_not_modelled and _refusals(ruling) == []
    assert all(e.passed for e in ruling.all_expectations)
    asked = [s for s in steps if "readies with Marksman Glous's Inspire" in s]
    assert len(asked) == 1 and "Darkness Calling" not in asked[0]
    assert sum("Marksman Glous's power triggers" in s for s in steps) == 1
    assert any("(3) less (1) from Marksman Glous is (2)" in s for s in steps)
    assert any("exhausts 2 resources to pay Your Fortune Awaits You" in s for s in steps)


def test_wow_501_1b_inspired_this_way_is_only_by_that_cards_own_inspire():
    """A quest readied by another card's "Inspire: Quest" does not trigger Marksman Glous's
    "When a quest is inspired this way": only Glous's own Inspire counts."""
    body = ('card "Marksman Glous": Ally - Draenei Hunter, cost 2, atk 3, health 2, type ranged: '
            '"Aldor Reputation\\n\\nInspire: Quest\\n\\nWhen a quest is inspired this way, you pay '
            '1 less to complete it this turn."\n'
            'card "Aldor Scout": Ally - Draenei Hunter, cost 2, atk 3, health 2, type ranged: '
            '"Inspire: Quest"\n'
            'card "Your Fortune Awaits You": Quest: "Pay 3 to complete this quest.\\n\\nReward: '
            'Draw a card."\n'
            'Alice is the turn player; resources "Your Fortune Awaits You" face up exhausted, '
            'controls "Aldor Scout", "Marksman Glous", deck 5 cards\n'
            'Bob: deck 5 cards\nAlice ends the turn\n')
    # the Scout's Inspire is asked first (the order of Alice's party): she readies the quest
    # with it; Glous has no exhausted quest left to ready
    by_giver = _wow_ruling(body + 'Alice chooses "Your Fortune Awaits You"\nsettle\n'
                           'expect "Your Fortune Awaits You" is ready\n')
    steps = [s.description for s in by_giver.steps]
    assert all(e.passed for e in by_giver.all_expectations) and _refusals(by_giver) == []
    assert any("with Aldor Scout's Inspire" in s for s in steps)
    assert not any("Marksman Glous's power triggers" in s for s in steps)


_CALL_TO_ARMS = (
    'card "Call to Arms": Ability - Arcane, cost 1: "Put each ally card in your hand into '
    'play."\n'
    'card "Drill Sergeant": Ally - Orc Warrior, cost 3, atk 2, health 3, type melee: "Other '
    'allies you control have +1 ATK."\n'
    'card "Dampening Warden": Ally - Human Priest, cost 3, atk 3, health 3, type holy: "The ATK '
    'of other allies you control is 1."\n'
    'Alice is the turn player; 1 resource, hand "Call to Arms", "Drill Sergeant", '
    '"Dampening Warden"\nAlice plays "Call to Arms"\nsettle\n')


def test_wow_718_3_the_timestamp_order_of_allies_entering_together_is_asked_never_guessed():
    """718.3: two allies one effect puts into play together, one of whose continuous powers
    sets a value: their controller orders their timestamps (each enters play in that order);
    unstated, the order is named not modelled citing 718.3 (they entered in list order)."""
    def entered(ruling):
        return [s.description.split(" is put")[0] for s in ruling.steps
                if s.description.endswith("is put (to Alice's in play)")]
    unstated = _wow_ruling(_CALL_TO_ARMS)
    [step] = [s for s in unstated.steps if s.not_modelled]
    assert "order of the timestamps" in step.not_modelled
    assert any("718.3" in c for c in step.citations)
    assert entered(unstated) == []
    stated = _wow_ruling(_CALL_TO_ARMS + 'Alice orders "Dampening Warden", "Drill Sergeant"\n'
                         'settle\n')
    assert entered(stated) == ["Dampening Warden", "Drill Sergeant"]
    # allies whose modifiers only add: any order gives the same values, nothing is asked
    adding = _wow_ruling(_CALL_TO_ARMS.replace("The ATK of other allies you control is 1.",
                                               "Other allies you control have +2 ATK."))
    assert entered(adding) == ["Drill Sergeant", "Dampening Warden"]
    assert not [s for s in adding.steps if s.not_modelled]


def test_wow_704_1b_an_as_power_of_another_cards_event_is_never_added_to_the_chain():
    """"As an ally enters play under an opponent's control, ...": a definite power (704.1b),
    named not modelled citing 718.2e as the ally enters play - it was added to the chain as a
    triggered effect, and players got priority before it applied."""
    ruling = _wow_ruling(
        'card "Dread Visage": Equipment - Weapon - Sword, cost 2, atk 1, strike 1, type melee: '
        '"As an ally enters play under an opponent\'s control, it has -2 ATK until end of '
        'turn."\n'
        'card "Grunt": Ally - Orc Warrior, cost 2, atk 3, health 5, type melee\n'
        'Bob is the turn player; 2 resources, hand "Grunt"\nAlice: controls "Dread Visage"\n'
        'Bob plays "Grunt"\nsettle\n')
    assert not any("Dread Visage's triggered effect is added" in s.description
                   for s in ruling.steps)
    [step] = [s for s in ruling.steps if s.not_modelled]
    assert "definite power" in step.not_modelled
    assert any("718.2e" in c for c in step.citations)


def test_wow_412_1c_additional_resource_face_up_only_if_its_cost_is_paid():
    """Eranikus and Brokentoe (412.1c example): the revealed quest is added to the chain as a
    resource; face up, its face-up cost (discard a card) is paid; with no card to discard it is
    placed face down; it does not count towards the one resource per turn. The module named
    the trigger not modelled before ("no procedure for Reveal" of one's own deck)."""
    from judge.games.run import run_scenario
    from judge.scenario.parser import parse_file
    root = Path(__file__).parents[2] / "scenarios/wow"
    for name in ("412.1c-example-eranikus-brokentoe.scn",
                 "412.1c-eranikus-brokentoe-no-card-to-discard.scn",
                 "412.1b-face-up-cost-brokentoe.scn"):
        ruling = run_scenario(parse_file(root / name))
        assert ruling.passed and not ruling.all_not_modelled, (name, ruling.outcome)
        assert "not modelled" not in str(ruling.outcome).lower(), name


def test_wow_706_1c_a_given_power_chooses_its_targets_as_it_is_used():
    """Face Smash (706.1c example): the Footman has the power only after Face Smash resolves;
    its target (Bob's Grunt) is chosen as the power is used, in a step citing 706.1c, and the
    Footman is exhausted to pay [Activate] (giving the power was named not modelled)."""
    from judge.games.run import execute
    from judge.scenario.parser import parse_file
    path = Path(__file__).parents[2] / "scenarios/wow/706.1c-example-face-smash.scn"
    run = execute(parse_file(path))
    end = run.ends[0]
    st = end.state
    by_name = {o.name: o for o in st.objects.values()}
    assert by_name["Grunt"].zone == ("Bob", "graveyard")
    used = [s for s in end.trace.steps if "chooses the targets of the power given" in s.text]
    assert len(used) == 1 and "706.1c" in " ".join(used[0].citations)
    assert not [s for s in end.trace.steps if "not modelled" in s.text]


_CAT_FORM = ('card "Cat Form": Instant Ability - Feral Cat Form Form (1), cost 2: "Ongoing: Your '
             'hero is in Cat Form.\\n\\nWhen Cat Form is destroyed, you may pay 2. If you do, put '
             'it into your hand at end of turn."\n'
             'card "Dispel Magic": Instant Ability - Discipline, cost 1: "Destroy target '
             'ability."\n')


def test_wow_cat_form_415_9b_paying_2_returns_it_at_end_of_turn_only_if_it_stayed():
    """Cat Form destroyed (415.9b's example): 'you may pay 2' is paid as its triggered effect
    resolves (two resources exhausted), and the triggered modifier returns it at end of turn;
    with one ready resource Alice can't pay, so nothing returns. The old module named
    "Your hero is in Cat Form" and paying not modelled."""
    body = (_CAT_FORM + 'Bob is the turn player; 2 resources, hand "Dispel Magic"\n'
            'Alice: controls "Cat Form", {n} resources, deck 5 cards\n'
            'Bob plays "Dispel Magic" targeting Alice\'s "Cat Form"\nAlice uses "Cat Form"\n'
            'settle\nBob ends the turn\n')
    paid = _wow_ruling(body.format(n=2) + 'expect "Cat Form" in Alice\'s hand\n')
    assert not paid.all_not_modelled and _refusals(paid) == []
    assert all(e.passed for e in paid.all_expectations)
    assert any("exhausts 2 resources to pay (2) for Cat Form" in s.description
               for s in paid.steps)
    short = _wow_ruling(body.format(n=1) + 'expect "Cat Form" in Alice\'s graveyard\n')
    assert all(e.passed for e in short.all_expectations)
    assert any("can't pay (2)" in s.description for s in short.steps)


def test_wow_cat_form_keyword_destroy_trigger_is_named_on_a_non_feral_ability():
    """Glossary Cat Form: "When you play a non-Feral ability or strike with a weapon, destroy
    each ability that's the source of a modifier granting your hero bear or cat form" is not
    carried out: playing a non-Feral ability while the hero is in Cat Form names it (it was
    dropped in silence: Cat Form stayed in play); a Feral one does not. A keyword the module
    does not carry out (Bear Form) is named as it is gained."""
    body = (_CAT_FORM + 'card "Maul": Ability - Feral, cost 0: "Ongoing: Your hero is in Bear '
            'Form."\ncard "Claw": Instant Ability - Feral, cost 0: "Your hero deals 3 melee '
            'damage to target hero or ally."\n'
            'Alice is the turn player; controls "Cat Form", hand "Dispel Magic", "Claw", '
            '2 resources\nBob: controls "Maul"\n')
    dispel = _wow_ruling(body + 'Alice plays "Dispel Magic" targeting Bob\'s "Maul"\nsettle\n')
    named = [s.description for s in dispel.steps if s.action == "not modelled"]
    assert any("Cat Form: Alice plays a non-Feral ability (Dispel Magic)" in s for s in named)
    claw = _wow_ruling(body + 'Alice plays "Claw" targeting Bob\nsettle\nexpect Bob damage 3\n')
    assert not any("Cat Form:" in s.description for s in claw.steps)
    assert any("'Bear Form'" in s.description for s in claw.steps
               if s.action == "not modelled")


_READINESS = ('card "Readiness": Ability - Survival, cost 3: "Survival Hero Required\\n\\nYou can '
              'play ability cards from your graveyard this turn.\\n\\nIf an ability card would '
              'enter your graveyard this turn, remove it from the game instead."\n'
              'card "Aimed Shot": Instant Ability - Marksmanship, cost 2: "Your hero deals 3 '
              'ranged damage to target hero or ally."\n'
              'card "Nalonae": Ally - Night Elf Hunter, cost 4, atk 3, health 3, type ranged: '
              '"You may destroy one of your resources rather than pay Nalonae\'s cost."\n')


def test_wow_readiness_plays_an_ability_card_from_the_graveyard_and_removes_it_after():
    """Readiness: "You can play ability cards from your graveyard this turn" lets Alice play
    Aimed Shot from her graveyard (refused before Readiness, and for Bob); "If an ability card
    would enter your graveyard this turn, remove it from the game instead" removes it as it
    finishes resolving (from the chain: it was matched only in play) - and Readiness itself.
    The old module named the permission not modelled."""
    body = (_READINESS + 'Alice is the turn player; 5 resources, hand "Readiness", graveyard '
            '"Aimed Shot"\nBob: deck 5 cards\n')
    before = _wow_ruling(body + 'Alice plays "Aimed Shot" from graveyard targeting Bob\n')
    assert any("not in Alice's hand" in r for r in _refusals(before))
    after = _wow_ruling(body + 'Alice plays "Readiness"\nsettle\nAlice plays "Aimed Shot" from '
                        'graveyard targeting Bob\nsettle\nexpect Bob damage 3\nexpect "Aimed '
                        'Shot" in Alice\'s removed\nexpect "Readiness" in Alice\'s removed\n')
    assert not after.all_not_modelled and _refusals(after) == []
    assert all(e.passed for e in after.all_expectations)


def test_wow_412_1b_a_face_down_resource_is_blank_as_it_leaves_play():
    """Nalonae's alternate cost destroys a face-down Aimed Shot while Readiness's replacement
    is active: blank as it leaves play (412.1b), it is no ability card, so it enters the
    graveyard; the same card face up in the graveyard would have been an ability card. Paying
    the alternate cost, stated with 'Alice uses "Nalonae"', pays no resources (it was named not
    modelled); unstated, the printed cost is paid."""
    body = (_READINESS + 'card "Spare Card": Ally - Orc Warrior, cost 1, atk 1, health 1, type '
            'melee\nAlice is the turn player; resources "Aimed Shot", "Spare Card", "Spare Card",'
            ' "Spare Card", hand "Readiness", "Nalonae"\nBob: deck 5 cards\n'
            'Alice plays "Readiness" exhausting "Spare Card", "Spare Card", "Spare Card"\n'
            'settle\n')
    paid = _wow_ruling(body + 'Alice uses "Nalonae"\nAlice plays "Nalonae"\nAlice chooses '
                       '"Aimed Shot"\nsettle\nexpect "Aimed Shot" in Alice\'s graveyard\n'
                       'expect "Nalonae" in Alice\'s controls\n')
    assert not paid.all_not_modelled and _refusals(paid) == []
    assert all(e.passed for e in paid.all_expectations)
    assert any("blank as it left play" in s.description for s in paid.steps)
    printed = _wow_ruling(body + 'Alice plays "Nalonae"\n')
    assert any("can't" in r or "ready resources" in r for r in _refusals(printed))


def test_wow_710_1a_an_as_this_enters_play_power_is_never_added_to_the_chain():
    """"As this item enters play, ...": a definite power whose modifier is created as the card
    enters play, without the chain (710.1a, 704.1b). The module does not carry out the first,
    so it is named not modelled citing 710.1a as the item enters; the second, a choice of damage
    type, is asked of its controller then, and not stated it is named citing 710.1a - before,
    one whose effect the module could carry out was added to the chain as a triggered effect
    and players got priority before it applied; one with a choice was named without the
    rule."""
    for text in ("As this item enters play, your hero deals 1 fire damage to target hero.",
                 "As this item enters play, choose arcane, fire, frost, or nature."):
        ruling = _wow_ruling(
            f'card "Ember Totem": Item, cost 1: "{text}"\n'
            'Alice is the turn player; 1 resource, hand "Ember Totem"\n'
            'Alice plays "Ember Totem"\nsettle\n')
        assert not any("triggered effect is added" in s.description for s in ruling.steps)
        [step] = [s for s in ruling.steps if s.not_modelled]
        assert ("definite power" if "deals" in text else "which damage type Alice chooses") \
            in step.not_modelled
        assert any("710.1a" in c for c in step.citations)
        entered = next(i for i, s in enumerate(ruling.steps)
                       if s.description.startswith("Ember Totem enters play"))
        assert ruling.steps.index(step) == entered + 1


_SKULLCHEWER = (
    'card "High Prophet Barim": Ally - Tolvir Paladin Priest Barim (1) - Monster, cost 3, atk 1, '
    'health 1, type holy: "Other allies you control have +ATK equal to Barim\'s ATK and '
    '+[Health] equal to Barim\'s [Health]."\n'
    'card "Skullchewer": Ally - Vrykul Ghoul Pet (1) - Monster, cost 5, atk 5, health 6, type '
    'frost: "As this ally enters play, you may remove an ally in an opposing graveyard from the '
    'game. If you do, this ally has that card\'s printed powers."\n'
    'card "Footman": Ally - Human Warrior - Alliance, cost 1, atk 2, health 2, type melee\n')


def test_wow_200_1a_a_copied_self_reference_reads_the_card_that_has_the_power():
    """Skullchewer removes High Prophet Barim as it enters play (710.1a, no chain) and has his
    printed powers (402): 'Barim's ATK' now reads Skullchewer's 5 ATK and 6 health (200.1a),
    not Barim's 1 / 1 - while Barim himself, in play, still reads his own. The old module
    named Skullchewer's power not modelled and read no value for Barim's."""
    copied = _wow_ruling(_SKULLCHEWER + 'Alice is the turn player; 5 resources, hand '
                         '"Skullchewer", controls "Footman"\nBob: graveyard "High Prophet Barim"'
                         '\nAlice plays "Skullchewer"\nAlice uses "Skullchewer"\nsettle\n'
                         'expect "Footman" atk 7\nexpect "Footman" health 8\n'
                         'expect "Skullchewer" atk 5\nexpect "High Prophet Barim" in Bob\'s '
                         'removed\n')
    assert not copied.all_not_modelled and _refusals(copied) == []
    assert all(e.passed for e in copied.all_expectations)
    assert any("200.1a" in c for s in copied.steps for c in s.citations)
    own = _wow_ruling(_SKULLCHEWER + 'Alice is the turn player; controls "High Prophet Barim", '
                      '"Footman"\nexpect "Footman" atk 3\nexpect "Footman" health 3\n')
    assert not own.all_not_modelled and all(e.passed for e in own.all_expectations)
    # a copied power the module does not carry out is named as the copy is made, never given
    other = _wow_ruling(_SKULLCHEWER.replace(
        "Other allies you control have +ATK equal to Barim\\'s ATK and +[Health] equal to "
        "Barim\\'s [Health].", "When Barim enters play, draw a card.").replace(
        "Other allies you control have +ATK equal to Barim's ATK and +[Health] equal to "
        "Barim's [Health].", "When Barim enters play, draw a card.") +
        'Alice is the turn player; 5 resources, hand "Skullchewer"\nBob: graveyard "High '
        'Prophet Barim"\nAlice plays "Skullchewer"\nAlice uses "Skullchewer"\nsettle\n')
    assert any("printed powers" in (s.not_modelled or "") for s in other.steps)


def test_wow_718_1_a_continuous_set_value_is_applied_in_timestamp_order_and_not_named():
    """"The ATK of other allies you control is 1" sets ATK in timestamp order with the other
    modifiers (718.1): it was applied by the value code while the ruling named it not modelled.
    Now applied and not named; a set amount read from the game is named and not applied."""
    def ruling(text: str, expect: str):
        return _wow_ruling(
            f'card "Dampening Warden": Ally - Human Priest, cost 3, atk 3, health 3, type holy: '
            f'"{text}"\ncard "Footman": Ally - Human Warrior, cost 1, atk 4, health 3, type '
            f'melee\nAlice is the turn player; controls "Footman", "Dampening Warden"\n'
            f'expect "Footman" atk {expect}\n')
    printed = ruling("The ATK of other allies you control is 1.", "1")
    assert not printed.all_not_modelled
    assert all(e.passed for e in printed.all_expectations)
    read = ruling("The ATK of other allies you control is equal to the number of cards in your "
                  "hand.", "4")
    assert any("setting of 'atk'" in (s.not_modelled or "") for s in read.steps)
    assert all(e.passed for e in read.all_expectations)


def test_wow_410_5_a_health_that_is_no_number_is_named_not_read_as_surviving():
    # "health X" in a scenario: whether its damage is fatal cannot be told - it was read as
    # never fatal (the ally took 6 damage and stayed in play, nothing named)
    ruling = _wow_ruling(
        'card "Big Ogre": Ally - Ogre Warrior, cost 4, atk 2, health X, type melee\n'
        'card "Smite": Ability - Holy, cost 0: "Deal 6 holy damage to target ally."\n'
        'Alice is the turn player; hand "Smite"\n'
        'Bob: controls "Big Ogre"\n'
        'Alice plays "Smite" targeting Bob\'s "Big Ogre"\nsettle\n'
        'expect "Big Ogre" in Bob\'s graveyard\n')
    named = [s.not_modelled for s in ruling.steps if s.not_modelled]
    assert any("Big Ogre's health is 'X', not a number" in t for t in named), named
    assert not any(e.passed for e in ruling.expectations)
