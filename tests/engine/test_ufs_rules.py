"""The UFS rules module (ufs-0.9) on small scenarios written for these tests; tests are named
after the rule they check."""

from __future__ import annotations

import pytest

from judge.cards import parse
from judge.engine import trace as T
from judge.games.run import execute
from judge.games.ufs import cards as K
from judge.games.ufs import effects as E
from judge.games.ufs import values as V
from judge.games.ufs.game import GAME
from judge.scenario.parser import parse as parse_scenario

HEAD = '''scenario "test"
game ufs-0.9
card "Ryu": Character, hand 6, vitality 20
card "Ken": Character, hand 6, vitality 20
card "Check 9": Foundation, difficulty 0, control 9, block low, modifier 1
'''


def run(body: str):
    return execute(parse_scenario(HEAD + body, "t.scn"))


def attack(name: str, damage: int, zone: str = "mid", speed: int = 2, text: str = "") -> str:
    line = (f'card "{name}": Attack, difficulty 0, control 5, speed {speed}, damage {damage}, '
            f"zone {zone}, block mid, modifier 2")
    return line + (f': "{text}"' if text else "") + "\n"


def vitality(execution, player: str) -> int:
    return execution.ends[0].state.players[player].values["vitality"]


def steps(execution) -> list[str]:
    return [s.description for s in execution.ruling.steps]


@pytest.mark.parametrize("damage,status,block,taken", [
    (5, "partial", "low", 3), (4, "partial", "low", 2), (1, "partial", "low", 1),
    (5, "complete", "mid", 0), (5, "none", None, 5), (0, "none", None, 0),
])
def test_ufs_g_3_damage_by_block_status_rounding_up(damage, status, block, taken):
    """G.3.1-G.3.3: no damage when completely blocked, half rounded up when partially, all of
    it when not blocked; zero damage is no damage."""
    guard = (f'card "Guard": Foundation, difficulty 0, control 5, block {block}, modifier 0\n'
             if block else "")
    body = attack("Hit", damage) + guard + (
        'Alice is the turn player; character "Ryu", hand "Hit", deck top "Check 9"\n'
        f'Bob: character "Ken"{", hand " + chr(34) + "Guard" + chr(34) if block else ""}, '
        'deck top "Check 9"\nAlice plays "Hit"\n'
        + ('Bob blocks with "Guard"\n' if block else "") + "settle\n")
    ex = run(body)
    assert vitality(ex, "Bob") == 20 - taken
    if damage <= 0:
        assert any("deals no damage" in s for s in steps(ex))


def test_ufs_g_3_1_negative_damage_deals_none():
    """G.3.1: "its damage is zero or less, it deals no damage" - a penalty below zero too."""
    body = attack("Hit", 2) + (
        'card "Brake": Foundation, difficulty 0, control 5, block low, modifier 0: "Enhance '
        'Commit: Your rival\'s attack gets -4 damage."\n'
        'Alice is the turn player; character "Ryu", hand "Hit", deck top "Check 9"\n'
        'Bob: character "Ken", staging area "Brake"\nAlice plays "Hit"\nAlice passes\n'
        'Bob activates "Brake"\nsettle\n')
    ex = run(body)
    assert vitality(ex, "Bob") == 20
    assert ex.ends[0].state.value(next(o.id for o in ex.ends[0].state.objects.values()
                                       if o.name == "Hit"), "damage") == 2   # refreshed (G.4)


def test_ufs_e_3_5_2_commit_count_must_match():
    """E.3.5.2.3.2: committing fewer cards than needed is refused; the check fails."""
    body = ('card "Big": Attack, difficulty 11, control 5, speed 2, damage 2, zone mid, block mid, '
            'modifier 2\ncard "Guard": Foundation, difficulty 0, control 5, block low, modifier 0\n'
            'Alice is the turn player; character "Ryu", hand "Big", staging area "Guard", '
            '"Guard", deck top "Check 9", deck 20 cards\nBob: character "Ken"\n'
            'Alice plays "Big"\nAlice commits "Guard"\n')
    ex = run(body)
    st = ex.ends[0].state
    assert any(s.action == T.REFUSED and "2 card(s) are needed" in s.description
               for s in ex.ruling.steps)
    assert [o.name for o in st.in_zone(("Alice", "discard"))][0] == "Big"


def test_ufs_e_2_pause_order_vitality_first():
    """E.2: pause conditions true together are addressed in order (E.2.1 before E.2.2)."""
    ex = run('Alice is the turn player; character "Ryu", deck 20 cards\n'
             'Bob: character "Ken", vitality 0, deck empty\n')
    assert ex.ends[0].state.result.winners == ("Alice",)
    assert "ufs-0.9 E.2.1" in ex.ruling.steps[-1].citations


def test_ufs_c_3_3_layers_order_printed_then_definition_then_current():
    """C.3.3: printed (layer 0), definitions (layer 2: Desperation), current state (layer 3)."""
    body = ('card "Last": Attack, difficulty 6, control 3, speed 5, damage 6, zone mid, block mid, '
            'modifier 1: "Desperation: 3"\n'
            'Alice is the turn player; character "Ryu", vitality 5, hand "Last", '
            'deck top "Check 9"\nBob: character "Ken"\n')
    ex = run(body)
    st = ex.ends[0].state
    last = next(o for o in st.objects.values() if o.name == "Last")
    assert st.value(last.id, "difficulty") == 3
    assert last.base["difficulty"] == 6
    assert "layer2" in V.layers(st, last.id, "difficulty")


def test_ufs_c_3_3_4_2_2_flipping_refreshes_the_current_state():
    """C.3.3.4.2.2: a change of publicity refreshes the current state: a face-down card has
    no values (C.3.3.1)."""
    body = ('card "Guard": Foundation, difficulty 2, control 5, block low, modifier 0: '
            '"Enhance Flip: Your attack gets +1 speed."\n' + attack("Hit", 3) +
            'Alice is the turn player; character "Ryu", hand "Hit", staging area "Guard", '
            'deck top "Check 9"\nBob: character "Ken"\nAlice plays "Hit"\n'
            'Alice activates "Guard"\n')
    ex = run(body)
    st = ex.ends[0].state
    guard = next(o for o in st.objects.values() if o.name == "Guard")
    assert not guard.face_up and st.value(guard.id, "difficulty") is None
    assert any("Hit gets +1 speed (2 -> 3)" in s for s in steps(ex))
    assert any("ufs-0.9 C.3.3.4.2.2" in s.citations for s in ex.ruling.steps)


def test_ufs_j_4_3_4_x_is_never_negative():
    """J.4.3.4: X must be a non-negative whole number (a bound of the module's value rules)."""
    assert V.X_BOUND.hold(-2) == 0 and V.X_BOUND.hold(3) == 3
    assert GAME.new_state("ufs-0.9").rules.all_bounds() == (V.X_BOUND,)


def test_ufs_j_5_1_vitality_gain_stops_at_the_maximum():
    """J.5.1.1: a gain above the maximum stops at it; at the maximum, the instruction fails."""
    body = ('card "Medic": Foundation, difficulty 0, control 5, block low, modifier 0: '
            '"First Form: Gain 3 health."\n'
            'Alice is the turn player; character "Ryu", vitality 19, staging area "Medic", '
            'deck 20 cards\nBob: character "Ken"\nAlice activates "Medic"\n')
    ex = run(body)
    assert vitality(ex, "Alice") == 20
    assert any("not 3" in s for s in steps(ex))


def test_ufs_h_5_1_committed_card_ability_refused():
    """H.5.1: played abilities on committed cards cannot be played."""
    body = ('card "Guard": Foundation, difficulty 0, control 5, block low, modifier 0: '
            '"Enhance Discard 1 card: Your attack gets +1 speed."\n' + attack("Hit", 3) +
            'Alice is the turn player; character "Ryu", hand "Hit", "Hit", staging area "Guard" '
            'committed, deck top "Check 9"\nBob: character "Ken"\nAlice plays "Hit"\n'
            'Alice activates "Guard"\n')
    ex = run(body)
    refused = [s for s in ex.ruling.steps if s.action == T.REFUSED]
    assert refused and "ufs-0.9 H.5.1" in refused[0].citations


def test_ufs_k_3_4_this_attack_with_a_trait_requirement():
    """K.3.4.1.1: "This Weapon attack" changes only an attack with the Weapon trait."""
    body = ('card "Spectator": Foundation, difficulty 0, control 5, block low, modifier 0: '
            '"Enhance Commit: This Weapon attack gets -3 speed."\n' + attack("Hit", 3, speed=5) +
            'Alice is the turn player; character "Ryu", hand "Hit", deck top "Check 9"\n'
            'Bob: character "Ken", staging area "Spectator"\nAlice plays "Hit"\nAlice passes\n'
            'Bob activates "Spectator"\n')
    ex = run(body)
    st = ex.ends[0].state
    hit = next(o for o in st.objects.values() if o.name == "Hit")
    assert st.value(hit.id, "speed") == 5
    assert any("there is no this weapon attack" in s for s in steps(ex))


def test_ufs_h_2_3_4_a_response_once_per_window():
    """H.2.3.4: each response ability may only be played once per response window; a player
    with no valid response is not asked."""
    body = (attack("Hit", 3, text="Response: After this attack deals damage, draw 1 card.") +
            'Alice is the turn player; character "Ryu", hand "Hit", deck top "Check 9", '
            '"Check 9", deck 20 cards\nBob: character "Ken"\nAlice plays "Hit"\n'
            'Alice activates "Hit"\nsettle\n')
    ex = run(body)
    st = ex.ends[0].state
    assert len(st.zones[("Alice", "hand")].ids) == 1
    assert sum("response window opens" in s for s in steps(ex)) == 1


def test_ufs_a_response_condition_the_grammar_does_not_hold_is_not_carried_out():
    """A response condition with words its value does not hold ("from an unblocked attack")
    is named not modelled, never read as a plainer one."""
    ct = parse("ufs", "Response Flip: After you take damage from an unblocked attack, draw 1 "
                      "card.")
    rules = K.read(ct, unsupported=GAME._unsupported)
    assert not rules.played and rules.parts[0].kind == "trigger"


def test_ufs_an_instruction_whose_words_run_past_its_values_is_not_carried_out():
    """"Draw 1 card for each attack in your rival's card pool" read as "Draw 1 card" would
    drop the rest in silence: not carried out. The card grammar reads the "for each" (a count
    of attacks in the rival's card pool, which the module counts); a value without it is not
    carried out."""
    from dataclasses import replace

    from judge.cards import model as M
    text = "Enhance: Draw 1 card for each attack in your rival's card pool."
    ct = parse("ufs", text)
    (a,) = ct.abilities
    draw = a.effects[0]
    assert draw.what.count.per is not None and E.why_not(draw, text) is None
    short = replace(draw, what=replace(draw.what, count=M.Amount(
        value=1, span=draw.what.count.span)))
    assert E.why_not(short, text) is not None


def test_ufs_a_two_player_game():
    """UFS is played by two players (A.1, E.1): a scenario with one is not modelled."""
    ex = run('Alice is the turn player; character "Ryu"\n')
    assert "two" in ex.ruling.outcome
