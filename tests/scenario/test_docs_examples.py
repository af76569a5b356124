"""Every code block of the docs marked as a scenario (```scenario) is a complete scenario that
parses, runs and meets all its ``expect`` lines, as ``judge check`` would run it. Blocks marked
``scenario-error`` must be refused with exit status 2. Generic: a block added to any document in
docs/ (or the README) is checked without changing this test."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from judge.games.run import run_scenario
from judge.errors import JudgeError
from judge.scenario.parser import parse

ROOT = Path(__file__).resolve().parents[2]
DOCS = sorted((ROOT / "docs").glob("*.md")) + [ROOT / "README.md"]
# an opening fence of 3+ backticks with an info string, up to the same fence
FENCE = re.compile(r"^(?P<fence>`{3,})(?P<info>[^\n`]*)\n(?P<body>.*?)^(?P=fence)\s*$", re.M | re.S)


def blocks(kind: str) -> list[tuple[str, int, str]]:
    found = []
    for doc in DOCS:
        text = doc.read_text(encoding="utf-8")
        for m in FENCE.finditer(text):
            if m["info"].strip().split(" ")[0] == kind:
                line = text.count("\n", 0, m.start()) + 2      # the block's first line
                found.append((f"{doc.relative_to(ROOT)}:{line}", line, m["body"]))
    return found


SCENARIOS = blocks("scenario")
ERRORS = blocks("scenario-error")


def test_the_scenario_language_document_has_scenario_blocks():
    assert sum(1 for where, _, _ in SCENARIOS if "scenario-language" in where) >= 2


@pytest.mark.parametrize("where,line,body", SCENARIOS, ids=[w for w, _, _ in SCENARIOS])
def test_documented_scenario_runs_and_meets_its_expectations(where, line, body):
    ruling = run_scenario(parse(body, where))
    expectations = ruling.all_expectations
    assert expectations, f"{where}: a documented scenario should show what it expects"
    failed = [f"line {e.line}: {e.text} (found: {e.actual})" for e in expectations if not e.passed]
    assert not failed, f"{where}: " + "; ".join(failed)
    assert not ruling.all_not_modelled, f"{where}: {ruling.all_not_modelled}"


@pytest.mark.parametrize("where,line,body", ERRORS, ids=[w for w, _, _ in ERRORS])
def test_documented_error_example_is_refused(where, line, body):
    with pytest.raises(JudgeError) as err:
        run_scenario(parse(body, where))
    assert err.value.exit_code == 2


def test_the_block_finder_can_fail(tmp_path):
    """The fence pattern finds marked blocks and only those."""
    text = "x\n```scenario\nscenario \"a\"\n```\n```\nnot marked\n```\n````scenario\nb\n````\n"
    kinds = [m["info"].strip() for m in FENCE.finditer(text)]
    assert kinds == ["scenario", "", "scenario"]
