"""Every bundled scenario of every game: the log of each ruling (main line and branches)
replays to its final state, a fork of each final game leaves it unchanged, and the state's
invariants hold."""

from __future__ import annotations

from pathlib import Path

import pytest

from judge.games.run import execute
from judge.scenario.parser import parse_file
from tests.conformance.harness import fork_isolation_problems, invariant_problems, replay_problems

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = sorted((ROOT / "scenarios").rglob("*.scn"))


def _id(path: Path) -> str:
    return str(path.relative_to(ROOT / "scenarios"))


@pytest.mark.parametrize("path", SCENARIOS, ids=_id)
def test_the_log_replays_to_the_final_state_and_forks_are_isolated(path: Path):
    run = execute(parse_file(path))
    assert run.ends, "the scenario's game has no rules module"
    assert replay_problems(run) == []
    assert invariant_problems(run) == []
    for end in run.ends:
        assert fork_isolation_problems(end) == []
