"""Every bundled scenario: it passes its own expectations, every citation of every trace step
exists in the rule graph, and its text transcript matches the golden copy in tests/golden.

Regenerate golden transcripts after an intended change with ``JUDGE_UPDATE_GOLDEN=1``.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from judge.games.run import run_scenario
from judge.registry import GAMES
from judge.games.fab.citations import CITATIONS
from judge.render import render
from judge.rules.lookup import citation_exists
from judge.scenario.parser import parse_file

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = sorted((ROOT / "scenarios").rglob("*.scn"))
GOLDEN = ROOT / "tests" / "golden"


def _id(path: Path) -> str:
    return str(path.relative_to(ROOT / "scenarios"))


def _ruling(path: Path):
    scenario = parse_file(path)
    # the transcript must not depend on where the checkout lives
    return run_scenario(scenario.__class__(**{**{f: getattr(scenario, f) for f in
                                                 scenario.__slots__}, "path": _id(path)}))


@pytest.mark.parametrize("path", SCENARIOS, ids=_id)
def test_bundled_scenario_passes_its_expectations(path: Path):
    ruling = _ruling(path)
    failed = [(e.line, e.text, e.actual) for e in ruling.all_expectations if not e.passed]
    assert not failed


@pytest.mark.parametrize("path", SCENARIOS, ids=_id)
def test_every_trace_citation_exists_in_the_rule_graph(path: Path):
    ruling = _ruling(path)
    steps = list(ruling.steps) + [s for b in ruling.branches for s in b.steps]
    missing = {c for s in steps for c in s.citations if not citation_exists(c)}
    assert not missing


def test_fab_citation_table_names_existing_rules():
    assert [c for c in CITATIONS.all_citations() if not citation_exists(c)] == []


@pytest.mark.parametrize("path", SCENARIOS, ids=_id)
def test_golden_transcript(path: Path):
    golden = GOLDEN / (_id(path).removesuffix(".scn") + ".txt")
    text = render(_ruling(path), "text")
    if os.environ.get("JUDGE_UPDATE_GOLDEN"):
        golden.parent.mkdir(parents=True, exist_ok=True)
        golden.write_text(text, encoding="utf-8")
    assert golden.exists(), f"no golden transcript {golden}; run with JUDGE_UPDATE_GOLDEN=1"
    assert text == golden.read_text(encoding="utf-8")


@pytest.mark.parametrize("game", sorted(g for g, d in GAMES.items() if d.rules is not None))
def test_every_game_has_a_golden_transcript(game: str):
    assert list((GOLDEN / game).glob("*.txt")), f"no golden transcript for {game}"
