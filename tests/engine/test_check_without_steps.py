"""``judge check`` runs scenarios without putting the trace into words (``steps=False``): the
outcome, every expectation and what is not modelled must be the same as a full ruling's."""

from __future__ import annotations

import pytest

from judge.games.run import run_scenario
from judge.paths import SCENARIOS
from judge.scenario.parser import parse_file

FILES = sorted(SCENARIOS.rglob("*.scn"))


def _same_answers(a, b) -> None:
    assert a.outcome == b.outcome
    assert a.all_expectations == b.all_expectations
    assert a.all_not_modelled == b.all_not_modelled
    assert [x.label for x in a.branches] == [y.label for y in b.branches]


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_a_ruling_without_steps_gives_the_same_answers(path):
    scenario = parse_file(str(path))
    full, brief = run_scenario(scenario), run_scenario(scenario, steps=False)
    _same_answers(full, brief)
    assert full.steps and brief.steps == () and all(b.steps == () for b in brief.branches)
