"""FaB procedures, one test per rule: each asserts the outcome and the citation the engine gives."""

from __future__ import annotations

from tests.engine.helpers import expectation, ruling, steps_citing

BASE = """Alice is the turn player; hero life 20, hand {alice}
Bob: hero life {bob_life}{bob}
"""


def board(alice: str, bob: str = "", bob_life: int = 20) -> str:
    return BASE.format(alice=alice, bob=(", " + bob) if bob else "", bob_life=bob_life)


def test_fab_20_7_2a_damage_is_power_minus_defense():
    r = ruling(board('"Brute Force", "Red"', 'hand "Block A"')
               + 'Alice plays "Brute Force" pitching "Red"\nBob defends with "Block A"\n'
               'settle\nexpect Bob life 17\n')
    assert r.passed, r.all_expectations
    assert steps_citing(r, "fab-1.4 20.7.2a")
    assert steps_citing(r, "fab-1.4 20.7.2b")


def test_fab_20_7_2a_no_damage_when_defense_is_not_lower():
    r = ruling(board('"Red"', 'hand "Block A"')
               + 'Alice plays "Red"\nBob defends with "Block A"\nsettle\nexpect Bob life 20\nexpect no hit\n')
    assert r.passed, r.all_expectations
    assert not steps_citing(r, "fab-1.4 20.7.2b")


def test_fab_15_5_3d_an_action_needs_an_action_point():
    r = ruling(board('"Red", "Block A"')
               + 'Alice plays "Red"\nexpect Alice plays "Block A" is not allowed\n')
    assert r.passed, r.all_expectations
    assert "15.5.3d" in expectation(r, "not allowed").actual


def test_fab_20_8_3a_go_again_gives_an_action_point():
    r = ruling(board('"Quick Jab", "Red"')
               + 'Alice plays "Quick Jab"\nsettle\nexpect Alice action points 1\nAlice plays "Red"\n'
               'settle\nexpect Bob life 17\n')
    assert r.passed, r.all_expectations
    assert steps_citing(r, "fab-1.4 20.8.3a")


def test_fab_dominate_refuses_two_cards_from_hand():
    r = ruling(board('"Overpower"', 'hand "Block A", "Block B"')
               + 'Alice plays "Overpower"\nBob defends with "Block A", "Block B"\n'
               'settle\nexpect Bob life 14\n')
    refused = [s for s in r.steps if s.action == "refused"]
    assert refused and refused[0].citations == ("fab-1.4 Dominate",)
    assert r.passed


def test_fab_20_6_4e_dominate_blocks_a_defense_reaction_from_hand():
    r = ruling(board('"Overpower"', 'hand "Block A", "Sink Below"')
               + 'Alice plays "Overpower"\nBob defends with "Block A"\nBob plays "Sink Below"\n'
               'settle\nexpect Bob life 17\n')
    refused = [s for s in r.steps if s.action == "refused"]
    assert refused[0].citations == ("fab-1.4 20.6.4e",)
    assert r.passed, r.all_expectations


def test_fab_20_6_4b_defense_reaction_becomes_a_defending_card():
    r = ruling(board('"Brute Force", "Red"', 'hand "Sink Below"')
               + 'Alice plays "Brute Force" pitching "Red"\nBob does not defend\n'
               'Bob plays "Sink Below"\nsettle\nexpect Bob life 18\n')
    assert r.passed, r.all_expectations
    assert steps_citing(r, "fab-1.4 20.6.4b")


def test_fab_15_1_cards_are_played_from_hand_or_arsenal():
    r = ruling('Alice is the turn player; hero life 20, graveyard "Red"\nBob: hero life 20\n'
               'Alice plays "Red" from graveyard\nsettle\nexpect Bob life 20\n')
    refused = [s for s in r.steps if s.action == "refused"]
    assert refused[0].citations == ("fab-1.4 15.1",)


def test_fab_15_5_3b_no_pitching_once_the_cost_is_covered():
    r = ruling(board('"Brute Force", "Block B", "Red"')
               + 'expect Alice plays "Brute Force" pitching "Block B" and "Red" is not allowed\n')
    assert r.passed
    assert "15.5.3" in expectation(r, "not allowed").actual


def test_fab_pitching_outside_a_cost_is_refused():
    r = ruling(board('"Red"') + 'Alice pitches "Red"\nexpect Alice hand "Red"\n')
    assert [s.citations for s in r.steps if s.action == "refused"] == [("fab-1.4 Pitching",)]
    assert r.passed


def test_fab_6_4_6c_life_stops_at_zero_and_3_1_the_attacker_wins():
    r = ruling(board('"Overpower"', bob_life=2) + 'Alice plays "Overpower"\n'
               'settle\nexpect Bob life 0\nexpect Alice wins\n')
    assert r.passed, r.all_expectations
    assert steps_citing(r, "fab-1.4 6.4.6c") and steps_citing(r, "fab-1.4 3.1.1")


def test_fab_3_1_1_nothing_happens_after_the_game_ends():
    r = ruling(board('"Overpower"', bob_life=2) + 'Alice plays "Overpower"\n'
               'Bob does not defend\nAlice chooses "close the combat chain"\nsettle\nexpect Alice wins\n')
    assert r.passed
    refused = [s for s in r.steps if s.action == "refused"]
    assert refused[-1].citations == ("fab-1.4 3.1.1",)


def test_fab_blade_break_destroys_defending_equipment_when_the_chain_closes():
    r = ruling(board('"Brute Force", "Red"', 'wears "Helm"')
               + 'Alice plays "Brute Force" pitching "Red"\nBob defends with "Helm"\n'
               'Alice chooses "close the combat chain"\nsettle\nexpect "Helm" in Bob\'s graveyard\n'
               'expect Bob life 16\n')
    assert r.passed, r.all_expectations
    assert steps_citing(r, "fab-1.4 Blade Break") and steps_citing(r, "fab-1.4 21.3")


def test_fab_21_2_attack_goes_to_graveyard_when_the_chain_closes():
    r = ruling(board('"Red"') + 'Alice plays "Red"\nAlice chooses "close the combat chain"\n'
               'settle\nexpect "Red" in Alice\'s graveyard\n')
    assert r.passed, r.all_expectations
    assert steps_citing(r, "fab-1.4 21.2")


def test_fab_20_8_3c_closing_is_refused_before_the_link_resolves():
    r = ruling(board('"Red"') + 'Alice plays "Red"\nBob does not defend\n'
               'expect Alice chooses "close" is allowed\n')
    # implicit passes bring the link to resolution, where the choice is legal
    assert r.passed, r.all_expectations


def test_fab_13_3_end_of_turn_pitch_to_bottom_draw_to_intellect():
    r = ruling('Alice is the turn player; hero life 20, intellect 2, hand "Brute Force", "Red", '
               'deck top "Block A", "Block B"\nBob: hero life 20, intellect 2\n'
               'Alice plays "Brute Force" pitching "Red"\nAlice chooses "close the combat chain"\n'
               'Alice passes\nBob passes\n'
               'settle\nexpect Alice hand "Block A", "Block B"\nexpect Alice deck "Red"\n'
               'expect Bob action points 1\n')
    assert r.passed, r.all_expectations
    for rule in ("13.3.3a", "13.3.3c", "13.3.3d", "13.3.3g", "13.2.1"):
        assert steps_citing(r, f"fab-1.4 {rule}"), rule


def test_section4_end_of_turn_cites_its_own_numbers():
    r = ruling('Alice is the turn player; hero life 20, intellect 1, deck top "Red"\n'
               'Bob: hero life 20, intellect 1\nAlice passes\nBob passes\n'
               'settle\nexpect Alice hand "Red"\nexpect Bob action points 1\n', doc="fab-section4")
    assert r.passed, r.all_expectations
    cited = set(r.rules_consulted)
    assert {"fab-section4 4.3.4", "fab-section4 4.4.3f", "fab-section4 4.3.2"} <= cited
    assert not any(c.startswith("fab-1.4") for c in cited)


def test_section4_combat_is_not_modelled():
    r = ruling(board('"Red"') + 'Alice plays "Red"\nexpect Bob life 19\n', doc="fab-section4")
    assert r.not_modelled and "fab-section4 has no rule" in r.not_modelled[0]
    assert not r.passed
    assert r.expectations[0].actual.startswith("undecided")


def test_section4_a_triggered_layer_resolves_but_its_effect_is_not_borrowed_from_v1_4():
    """4.4.2: layers on the stack resolve in the end phase; what the trigger does (damage) has no
    rule in the export, so it is not modelled rather than dealt by v1.4's rules uncited."""
    r = ruling('card "Doom Aura": Generic Action - Aura, cost 0, pitch 1, defense 2: "At the '
               'beginning of your end phase, deal 1 damage to each hero."\n'
               'Alice is the turn player; hero life 1, intellect 1, controls "Doom Aura"\n'
               'Bob: hero life 1, intellect 1\nAlice passes\nBob passes\nexpect draw\n',
               doc="fab-section4")
    assert any("has no rule for resolving" in what for what in r.all_not_modelled)
    assert not r.passed
    assert "fab-section4 4.4.2" in r.rules_consulted


ZAP_BARRIER = """card "Zap": Wizard Instant, cost 0, pitch 1: "Deal 3 arcane damage to target hero."
card "Nullrune Hood": Generic Equipment - Head, defense 0: "Arcane Barrier 1"
Alice is the turn player; hero life 20, hand "Zap"
Bob: hero life 20, wears "Nullrune Hood", 1 resource point
Alice plays "Zap" targeting Bob
Bob uses arcane barrier of "Nullrune Hood"
settle
expect Bob life 18
"""


def test_fab_19_1_a_resolving_layer_is_shown_leaving_by_its_number_and_name():
    r = ruling(ZAP_BARRIER)
    resolve = next(s for s in r.steps if s.action == "resolve")
    assert ("layer 1", "Zap leaves the chain") in resolve.state_change


def test_arcane_barrier_payment_is_shown_once():
    r = ruling(ZAP_BARRIER)
    paid = [s for s in r.steps if ("Bob resource points", "1 -> 0") in s.state_change]
    assert len(paid) == 1 and "pays" in paid[0].description


PHANTASM = """card "Illusion": Illusionist Action - Attack, cost 0, pitch 1, power 5, defense 2: "Phantasm"
card "Six": Generic Action - Attack, cost 0, pitch 1, power 6, defense 3
card "Five": Generic Action - Attack, cost 0, pitch 1, power 5, defense 3
card "Shrink": Light Instant, cost 0, pitch 1: "Target attacking or defending attack action card gets -2{p}."
card "Grow": Generic Instant, cost 0, pitch 2: "Attack action cards you control gain +1{p} this turn."
Alice is the turn player; hero life 20, hand "Illusion", "Shrink"
Bob: hero life 20, hand "Six", "Five", "Grow"
Alice plays "Illusion"
"""


def _phantasm_triggers(r) -> int:
    return sum(1 for s in r.steps if s.action == "trigger" and "becomes layer" in s.description
               and "phantasm" in s.description)


def test_fab_phantasm_destroys_the_attack_and_closes_the_chain():
    r = ruling(PHANTASM + 'Bob defends with "Six"\nsettle\nexpect "Illusion" in Alice\'s graveyard\n'
               'expect Bob life 20\n')
    assert r.passed and _phantasm_triggers(r) == 1
    assert steps_citing(r, "fab-1.4 Phantasm") and steps_citing(r, "fab-1.4 21.2")


def test_fab_16_5_phantasm_does_not_resolve_when_its_condition_is_no_longer_true():
    r = ruling(PHANTASM + 'Bob defends with "Six"\nAlice plays "Shrink" targeting Bob\'s "Six"\n'
               'settle\nexpect "Illusion" in combat chain\nexpect Bob life 18\n')
    assert r.passed
    assert any("does not resolve" in s.description for s in steps_citing(r, "fab-1.4 16.5"))


def test_fab_phantasm_triggers_only_when_its_condition_turns_true():
    r = ruling(PHANTASM + 'Bob defends with "Six"\nAlice passes\nBob plays "Grow"\n'
               'settle\nexpect "Illusion" in Alice\'s graveyard\n')
    assert r.passed and _phantasm_triggers(r) == 1


def test_fab_phantasm_ignores_a_defender_under_6_power():
    r = ruling(PHANTASM + 'Bob defends with "Five"\nsettle\nexpect Bob life 18\n')
    assert r.passed and _phantasm_triggers(r) == 0


SPECTRA = """card "Mirage": Illusionist Aura, cost 0, pitch 1: "Spectra"
card "Runechant": Runeblade Token - Aura: "When you play an attack action card or activate a weapon attack, destroy Runechant and deal 1 arcane damage to target opposing hero."
Alice is the turn player; hero life 20, hand "Brute Force", controls "Runechant", 1 resource point
Bob: hero life 20, controls "Mirage"
"""


def test_fab_21_2_a_triggered_layer_stays_on_the_chain_when_spectra_closes_it():
    r = ruling(SPECTRA + 'Alice orders triggers "Mirage", "Runechant"\n'
               'Alice plays "Brute Force" targeting Bob\'s "Mirage"\nsettle\nexpect Bob life 19\n'
               'expect "Brute Force" in Alice\'s graveyard\n')
    assert r.passed
    close = steps_citing(r, "fab-1.4 21.2")
    assert close and "Runechant's trigger is now layer 1" in close[0].description


def test_fab_10_3_a_destroyed_token_ceases_to_exist():
    r = ruling(SPECTRA + 'Alice plays "Brute Force"\nsettle\nexpect "Runechant" not in Alice\'s permanents\n'
               'expect "Runechant" not in Alice\'s graveyard\n')
    assert r.passed and steps_citing(r, "fab-1.4 10.3")


def test_fab_23_3_a_permanent_without_spectra_cannot_be_attacked():
    r = ruling('card "Aura": Generic Aura, cost 0, pitch 1\nAlice is the turn player; hand '
               '"Brute Force", 1 resource point\nBob: hero life 20, controls "Aura"\n'
               'Alice plays "Brute Force" targeting Bob\'s "Aura"\n')
    assert any("without spectra" in n for n in r.all_not_modelled)


def test_fab_26_6_life_loss_from_blood_debt_is_not_prevented():
    r = ruling('card "Shield": Generic Instant, cost 0, pitch 1: "Prevent the next 6 damage that '
               'would be dealt to your hero this turn."\ncard "Debt": Generic Action, cost 0, '
               'pitch 1: "Blood Debt"\nAlice is the turn player; hero life 20, intellect 4, hand '
               '"Shield", banished "Debt"\nBob: hero life 20, intellect 4\nAlice plays "Shield"\n'
               'Alice passes\nBob passes\nAlice passes\nBob passes\nsettle\nexpect Alice life 19\n')
    assert r.passed and steps_citing(r, "fab-1.4 26.6")
    assert not [s for s in r.steps if s.action == "replaced"]


def test_fab_blood_debt_does_not_trigger_outside_the_banished_zone():
    r = ruling('card "Debt": Generic Action, cost 0, pitch 1: "Blood Debt"\nAlice is the turn '
               'player; hero life 20, intellect 4, graveyard "Debt"\nBob: hero life 20, intellect 4\n'
               'Alice passes\nBob passes\nsettle\nexpect Alice life 20\n')
    assert r.passed and not steps_citing(r, "fab-1.4 Blood Debt")


DOUBLE = """card "Double": Generic Action, cost 0, pitch 1: "Go again\\nThe next time an attack you control would gain {p} this turn, instead it gains double that much {p}."
card "Pump": Generic Attack Reaction, cost 0, pitch 1: "Target attack gains +3{p}."
Alice is the turn player; hero life 20, hand "Double", "Double", "Brute Force", "Pump", 1 resource point
Bob: hero life 20
Alice plays "Double"
Alice passes
Bob passes
"""


def test_fab_18_2_a_doubling_replacement_applies_once():
    r = ruling(DOUBLE + 'Alice plays "Brute Force"\nBob does not defend\nAlice plays "Pump" '
               'targeting "Brute Force"\nsettle\nexpect "Brute Force" power 12\n')
    assert r.passed


def test_fab_18_3_two_doubling_replacements_both_apply():
    r = ruling(DOUBLE + 'Alice plays "Double"\nAlice passes\nBob passes\nAlice plays "Brute Force"\n'
               'Bob does not defend\nAlice plays "Pump" targeting "Brute Force"\n'
               'settle\nexpect "Brute Force" power 18\nexpect "Brute Force" base power 6\n')
    assert r.passed and len(steps_citing(r, "fab-1.4 18.3")) == 2


def test_an_unknown_replacement_is_not_modelled():
    r = ruling('card "Odd": Generic Instant, cost 0, pitch 1: "The next time you would draw a card '
               'this turn, instead draw 2 cards."\nAlice is the turn player; hand "Odd"\n'
               'Bob: hero life 20\nAlice plays "Odd"\nsettle\nexpect Alice hand count 0\n')
    assert r.all_not_modelled and not r.passed


def test_fab_crush_triggers_on_one_instance_of_4_damage_and_random_discard_is_not_modelled():
    r = ruling('card "Crusher": Guardian Action - Attack, cost 0, pitch 1, power 6, defense 3: '
               '"Crush - If Crusher deals 4 or more damage to a hero, they discard 2 random cards."'
               '\nAlice is the turn player; hero life 20, hand "Crusher"\nBob: hero life 20, hand "Red", "Red", "Red"\n'
               'Alice plays "Crusher"\nsettle\nexpect Bob life 14\n')
    assert any("crush effect triggers" in s.description for s in r.steps)   # 3 cards: a choice
    assert any("discard" in n for n in r.all_not_modelled)


def test_fab_16_4_a_next_time_delayed_trigger_triggers_once():
    r = ruling('card "Study": Generic Instant, cost 0, pitch 1: "The next time you deal damage this '
               'turn, draw a card."\ncard "Poke": Generic Instant, cost 0, pitch 1: "Deal 1 damage '
               'to target hero."\nAlice is the turn player; hero life 20, hand "Study", "Poke", "Poke", deck top '
               '"Red", "Block A"\nBob: hero life 20\nAlice plays "Study"\nAlice passes\nBob passes\n'
               'Alice plays "Poke" targeting Bob\nAlice passes\nBob passes\nAlice plays "Poke" '
               'targeting Bob\nsettle\nexpect Alice hand "Red"\nexpect Bob life 18\n')
    assert r.passed and steps_citing(r, "fab-1.4 26.4.3d")


def test_fab_17_2_a_permanents_static_ability_ends_when_it_leaves_the_arena():
    r = ruling('card "Plating": Guardian Action - Aura, cost 0, pitch 1: "Equipment you control '
               'gain +1{d}.\\nAt the beginning of your action phase, destroy Plating."\n'
               'Alice is the turn player; hero life 20, intellect 4\n'
               'Bob: hero life 20, intellect 4, controls "Plating", wears "Helm"\n'
               'expect "Helm" defense 3\nAlice passes\nBob passes\n'
               'settle\nexpect "Plating" in Bob\'s graveyard\nexpect "Helm" defense 2\n')
    assert r.passed and steps_citing(r, "fab-1.4 13.2.2")


def test_a_state_change_reads_before_and_after_and_is_shown_by_one_step_only():
    """Issue 20: 'Bob life: -2' read like a total, and the graveyard step repeated the go-again
    step's '+1' (the state gained 1 action point only)."""
    from judge.paths import SCENARIOS
    from judge.scenario.parser import parse_file
    from judge.games.run import run_scenario
    r = run_scenario(parse_file(str(SCENARIOS / "fab" / "arcane-barrier-example-3-seeds-of-agony.scn")))
    gains = [s for s in r.steps if ("Alice action points", "0 -> 1") in s.state_change]
    assert len(gains) == 3 and all("go again" in s.description for s in gains)
    damage = next(s for s in r.steps if "deals 4 damage" in s.description)
    assert ("Bob life", "20 -> 16") in damage.state_change
    assert not any(how.startswith(("+", "-")) for s in r.steps for _, how in s.state_change)
    assert "1 action point and priority" in r.steps[0].description


def test_describe_changes_walks_back_from_the_state_and_says_what_it_cannot_know():
    from judge.engine.state import ChangeValue, SetValue, State
    from judge.engine.trace import describe_changes, plural
    st = State("fab", "fab-1.4")
    st.add_player("Alice").values["action points"] = 0
    ops = [st.apply(ChangeValue("Alice", "action points", 2)),
           st.apply(SetValue("Alice", "action points", 0)),
           st.apply(ChangeValue("Alice", "action points", 1))]
    assert describe_changes(st, ops) == ("Alice gains 2 action points",
                                         "Alice action points: set to 0",
                                         "Alice action points: 0 -> 1")
    assert (plural(1, "cards"), plural(0, "cards"), plural(3, "resource points")) == \
        ("1 card", "0 cards", "3 resource points")
