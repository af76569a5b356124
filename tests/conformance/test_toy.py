"""The toy game's rules, one test per rule of its document (``toy/rules.txt``), and the core's
promises as a new game meets them: no silent drops (an ability the module does not bind is
named in the ruling when its event occurs, and only then), decisions answered by the next line
or by their default, ``expect`` at the moment it is written, the main line before branches."""

from __future__ import annotations

import pytest

from judge.engine.driver import Execution
from judge.games.run import execute
from judge.scenario.parser import parse
from tests.conformance.harness import missing_citations, replay_problems

HEAD = '''scenario "toy"
game toy-1
card "Bolt": Spell: "Deal 3 damage to target player."
card "Mend": Spell: "Gain 2 life."
card "Strip": Spell: "Target player discards a card."
card "Ward": Charm: "If you would be dealt damage, prevent 1 of it."
card "Echo": Charm: "Whenever a player plays a card, you gain 1 life."
card "Mirror": Charm: "Whenever a player gains life, deal 1 damage to them."
card "Glow": Charm: "Cards you control glow."
'''


@pytest.fixture(autouse=True)
def _toy(toy_home):
    yield


def run(body: str) -> Execution:
    return execute(parse(HEAD + body, "toy.scn"))


def results(r: Execution) -> list[tuple[str, bool, str]]:
    return [(e.text, e.passed, e.actual) for e in r.ruling.all_expectations]


def passed(r: Execution) -> bool:
    return all(e.passed for e in r.ruling.all_expectations)


def test_toy_1_1_a_life_total_never_goes_below_zero_and_1_2_the_other_player_wins():
    r = run('Alice is the turn player; life 5, hand "Bolt"\nBob: life 2\n'
            'Alice plays "Bolt" targeting Bob\nsettle\nexpect Bob life 0\nexpect Alice wins\n'
            'expect cites "1.1"\nexpect cites "1.2"\n')
    assert passed(r), results(r)
    assert not missing_citations(r.ruling) and not replay_problems(r)


def test_toy_3_4_the_top_layer_resolves_when_every_player_passes_and_expect_sees_the_moment():
    r = run('Alice is the turn player; life 5, hand "Bolt"\nBob: life 5\n'
            'Alice plays "Bolt" targeting Bob\nexpect Bob life 5\n'
            'Alice passes\nexpect Bob life 5\nBob passes\nexpect Bob life 2\n'
            'expect cites "3.4"\n')
    assert passed(r), results(r)


def test_an_expectation_that_fails_while_layers_wait_says_how_to_let_them_resolve():
    r = run('Alice is the turn player; life 5, hand "Bolt"\nBob: life 5\n'
            'Alice plays "Bolt" targeting Bob\nexpect Bob life 2\n')
    (text, ok, actual), = results(r)
    assert not ok and "a `settle` line lets them resolve" in actual
    assert "Life: Alice 5, Bob 2." in r.ruling.outcome          # the end of the file settles


def test_toy_4_5_the_replacement_applies_once_to_an_event():
    r = run('Alice is the turn player; life 5, hand "Bolt"\nBob: life 5, board "Ward", "Ward"\n'
            'Alice plays "Bolt" targeting Bob\nsettle\nexpect Bob life 4\nexpect cites "4.5"\n')
    assert passed(r), results(r)            # each Ward prevents 1 once: 3 - 1 - 1


def test_toy_4_3_a_trigger_becomes_a_layer_and_resolves():
    r = run('Alice is the turn player; life 5, hand "Mend", board "Echo"\nBob: life 5\n'
            'Alice plays "Mend"\nsettle\nexpect Alice life 8\nexpect cites "4.3"\n')
    assert passed(r), results(r)


def test_an_unbound_trigger_is_named_not_modelled_when_its_event_occurs():
    """The no-silent-drop guarantee: Mirror's ability is not bound by the toy module; the ruling
    names it as soon as a player gains life, and the results after it are undecided."""
    r = run('Alice is the turn player; life 5, hand "Mend"\nBob: life 5, board "Mirror"\n'
            'Alice plays "Mend"\nsettle\nexpect Alice life 7\n')
    nm = r.ruling.all_not_modelled
    assert any("Mirror's triggered ability 'Whenever a player gains life" in n
               and "gain life happens" in n for n in nm), nm
    (text, ok, actual), = results(r)
    assert not ok and actual.startswith("undecided")


def test_an_unbound_ability_whose_situation_never_arises_is_not_named():
    r = run('Alice is the turn player; life 5, hand "Bolt"\nBob: life 5, board "Mirror"\n'
            'Alice plays "Bolt" targeting Bob\nsettle\nexpect Bob life 2\n')
    assert passed(r) and not r.ruling.all_not_modelled, results(r)


def test_an_unbound_ability_in_a_zone_where_it_does_not_function_is_not_named():
    r = run('Alice is the turn player; life 5, hand "Mend"\nBob: life 5, hand "Mirror"\n'
            'Alice plays "Mend"\nsettle\nexpect Alice life 7\n')
    assert passed(r) and not r.ruling.all_not_modelled, results(r)


def test_toy_4_7_the_next_line_answers_a_decision_made_while_a_spell_resolves():
    r = run('Alice is the turn player; life 5, hand "Strip"\nBob: life 5, hand "Bolt", "Mend"\n'
            'Alice plays "Strip" targeting Bob\nBob discards "Mend"\nsettle\n'
            'expect "Mend" in Bob\'s board\nexpect Bob hand "Bolt"\nexpect cites "4.7"\n')
    assert passed(r), results(r)
    choice = [s for s in r.ruling.steps if s.action == "choice" and "discards" in s.description]
    assert choice and choice[0].default_applied is None and choice[0].line == 13


def test_an_unanswered_decision_without_a_default_is_not_modelled_with_the_line_to_write():
    r = run('Alice is the turn player; life 5, hand "Strip"\nBob: life 5, hand "Bolt", "Mend"\n'
            'Alice plays "Strip" targeting Bob\nsettle\nexpect Bob hand count 1\n')
    nm = r.ruling.all_not_modelled
    assert any("which card Bob discards is not stated" in n and 'Bob discards "Bolt"' in n
               for n in nm), nm
    assert not passed(r)


def test_a_decision_under_policy_choices_error_is_a_scenario_error():
    from judge.engine.errors import ScenarioStateError
    with pytest.raises(ScenarioStateError) as err:
        run('policy choices error\nAlice is the turn player; life 5, hand "Strip"\n'
            'Bob: life 5, hand "Bolt", "Mend"\nAlice plays "Strip" targeting Bob\nsettle\n')
    assert "which card Bob discards is not stated" in err.value.message
    assert err.value.line == 14


def test_a_line_that_does_not_answer_lets_the_default_apply_then_runs():
    r = run('Alice is the turn player; life 5, hand "Mend", board "Echo", "Echo"\nBob: life 5\n'
            'Alice plays "Mend"\nAlice passes\nBob passes\nsettle\nexpect Alice life 9\n')
    assert passed(r), results(r)
    assert any(s.default_applied and "order of" in s.default_applied for s in r.ruling.steps)


def test_the_order_of_simultaneous_triggers_is_answered_by_an_orders_line_after_them():
    r = run('Alice is the turn player; life 5, hand "Mend", board "Echo", "Echo"\nBob: life 5\n'
            'Alice plays "Mend"\nAlice orders triggers "Echo", "Echo"\nsettle\n'
            'expect Alice life 9\n')
    assert passed(r), results(r)
    assert not any(s.default_applied and "order of" in s.default_applied for s in r.ruling.steps)


def test_the_main_line_before_branches_is_not_run_on_and_gains_no_false_not_modelled():
    r = run('Alice is the turn player; life 5, hand "Strip"\nBob: life 5, hand "Bolt", "Mend"\n'
            'Alice plays "Strip" targeting Bob\n'
            'branch "Bob keeps Bolt":\nBob discards "Mend"\nsettle\nexpect Bob hand "Bolt"\n'
            'branch "Bob keeps Mend":\nBob discards "Bolt"\nsettle\nexpect Bob hand "Mend"\n')
    assert passed(r), results(r)
    assert r.ruling.not_modelled == ()             # the main line stops where the branches part
    assert all(b.not_modelled == () for b in r.ruling.branches)
    assert replay_problems(r) == []


def test_a_phase_the_game_cannot_start_in_is_not_modelled():
    r = run('phase end\nAlice is the turn player; life 5\nBob: life 5\nexpect Alice life 5\n')
    assert r.ruling.outcome.startswith("not modelled: the end phase")
    assert not passed(r)


def test_a_player_value_the_game_does_not_have_is_an_error_with_a_suggestion():
    from judge.scenario.errors import ScenarioError
    with pytest.raises(ScenarioError) as err:
        run('Alice is the turn player; lfe 5\nBob: life 5\n')
    assert "unknown player value 'lfe' for toy" in err.value.message
    assert err.value.suggestion == "life"


def test_a_zone_word_of_another_game_is_a_syntax_error():
    from judge.scenario.errors import ScenarioSyntaxError
    with pytest.raises(ScenarioSyntaxError):
        run('Alice is the turn player; life 5, graveyard "Bolt"\nBob: life 5\n')


class _Looping(type(__import__("tests.conformance.toy.game", fromlist=["GAME"]).GAME)):
    """The toy game with a settle that never ends: ``falling`` loses a life each time round
    (the state never repeats); otherwise nothing changes (it repeats)."""

    def __init__(self, falling: bool) -> None:
        self.falling = falling

    def settle(self, ctx):
        from judge.engine.state import ChangeValue
        while True:
            ctx.loops.check(ctx.state, "resolving the toy's triggers")
            if self.falling:
                ctx.state.apply(ChangeValue("Alice", "life", -1))


def _looping(falling: bool):
    from judge.engine import driver
    from judge.scenario.script import to_script
    sc = parse(HEAD + 'Alice is the turn player; life 5\nBob: life 5\nsettle\nexpect Alice life 5\n',
               "loop.scn")
    return driver.execute(to_script(sc), _Looping(falling))


def test_a_loop_whose_state_repeats_applies_the_games_loop_rule_or_is_not_modelled():
    r = _looping(falling=False)
    nm = r.ruling.not_modelled
    assert any("the game state repeats while resolving the toy's triggers" in n
               and "toy rules documents give no rule that ends a loop" in n for n in nm), nm


def test_a_step_budget_that_runs_out_says_so_and_never_claims_a_repeat():
    r = _looping(falling=True)
    nm = r.ruling.not_modelled
    assert any("the step budget ran out" in n and "did not repeat" in n for n in nm), nm
    assert not any("repeats" in n for n in nm)


def test_a_run_asked_for_its_ruling_only_keeps_no_copy_of_the_start_and_rules_the_same():
    """``initial=False`` (judge check / resolve: run_scenario) forks no copy of the game after
    set-up; the ruling is the one of a run that keeps it, which tests replay from."""
    from judge.games.run import run_scenario
    sc = parse(HEAD + 'Alice is the turn player; life 5, hand "Bolt"\nBob: life 4\n'
               'Alice plays "Bolt" targeting Bob\nsettle\nexpect Bob life 1\n', "toy.scn")
    kept, bare = execute(sc), execute(sc, initial=False)
    assert kept.initial is not None and not replay_problems(kept)
    assert bare.initial is None and bare.ruling == kept.ruling
    assert run_scenario(sc).expectations == kept.ruling.expectations and passed(kept)
