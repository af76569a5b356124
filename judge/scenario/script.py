"""A parsed scenario as the engine's driver runs it (:class:`judge.engine.script.Script`).

The driver looks only at the kind of each line; actions, state expectations and the set-up
stay scenario AST values that the game's rules module binds.
"""

from __future__ import annotations

from judge.engine import script as S
from judge.scenario import ast


def to_script(scenario: ast.Scenario) -> S.Script:
    known = ast.policies(scenario.game)
    stated = {p.key: p for p in scenario.policies}
    first: dict[str, ast.Policy] = {}       # the value scenario.policy(key) reads: the first stated
    for p in scenario.policies:
        first.setdefault(p.key, p)
    policies = {key: S.Policy(key, first[key].value if key in first else default,
                              stated[key].pos.line if key in stated else None, default)
                for key, (default, _values) in known.items()}
    return S.Script(title=scenario.title, game=scenario.game, document=scenario.document,
                    setup=scenario, lines=tuple(line(s) for s in scenario.steps),
                    branches=tuple((b.label, tuple(line(s) for s in b.steps))
                                   for b in scenario.branches),
                    policies=policies, path=scenario.path, source=scenario.source,
                    line=scenario.pos.line)


def line(step: ast.Step) -> S.Line:
    pos, text = step.pos, step.text
    if isinstance(step, ast.Settle):
        return S.SettleLine(pos.line, pos.column, text)
    if isinstance(step, ast.ExpectCites):
        return S.ExpectCites(pos.line, pos.column, text,
                             citation=step.citation or step.reference, negated=step.negated)
    if isinstance(step, ast.ExpectAllowed):
        assert step.action is not None
        return S.ExpectAllowed(pos.line, pos.column, text, body=step.action,
                               allowed=step.allowed, action=step.action.text)
    if isinstance(step, ast.Expectation):
        return S.ExpectState(pos.line, pos.column, text, body=step)
    return S.ActionLine(pos.line, pos.column, text, body=step)
