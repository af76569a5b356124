"""What the conformance suite checks of any game's run: the log replays to the final state,
a fork never changes the game it was forked from, every citation of the trace exists in the
rule graph, and the state's invariants hold."""

from __future__ import annotations

from judge.engine.context import Context
from judge.engine.driver import Execution
from judge.engine.errors import NotModelled
from judge.engine.loops import LoopDetected
from judge.engine.ruling import Ruling
from judge.engine.state import State


def replay(initial: State, final: State) -> State:
    """The initial state with the operations of ``final``'s log after it applied again."""
    state = initial.fork()
    for op in final.log[len(initial.log):]:
        state.apply(op)
    return state


def replay_problems(run: Execution) -> list[str]:
    problems = []
    for i, end in enumerate(run.ends):
        again = replay(run.initial, end.state)
        if again.canonical() != end.state.canonical():
            diff = [k for k, (a, b) in enumerate(zip(again.canonical(), end.state.canonical()))
                    if a != b]
            problems.append(f"end {i}: the replayed log differs in parts {diff}")
    return problems


def fork_isolation_problems(ctx: Context) -> list[str]:
    """Play a fork of ``ctx`` on (every player passing until nothing waits, then more passes)
    and check that ``ctx`` did not change."""
    before = ctx.state.canonical()
    steps = len(ctx.trace.steps)
    trial = ctx.fork()
    try:
        trial.game.settle(trial)
        for _ in range(6):
            if not trial.game.advance(trial):
                break
    except (NotModelled, LoopDetected):
        pass
    problems = []
    if ctx.state.canonical() != before:
        problems.append("playing a fork changed the game it was forked from")
    if len(ctx.trace.steps) != steps:
        problems.append("playing a fork added steps to the original trace")
    return problems


def missing_citations(ruling: Ruling) -> set[str]:
    from judge.rules.lookup import citation_exists
    steps = list(ruling.steps) + [s for b in ruling.branches for s in b.steps]
    return {c for s in steps for c in s.citations if not citation_exists(c)}


def invariant_problems(run: Execution) -> list[str]:
    return [p for end in run.ends for p in end.state.invariant_problems()]
