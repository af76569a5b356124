"""Golden short answers (``judge resolve --short``) of bundled scenarios across the kinds of
dispute: damage, prevention, triggers, a refused action, branches. Each answer opens with the
outcome and lists the decisive steps, each quoting its rule.

Regenerate after an intended change with ``JUDGE_UPDATE_GOLDEN=1`` and read the diff.
"""

from __future__ import annotations

import os
import re

import pytest

from judge.games.run import run_scenario
from judge.paths import SCENARIOS
from judge.render import render
from judge.scenario.parser import parse_file

GOLDEN = SCENARIOS.parent / "tests" / "golden" / "answers"

# scenario (scenarios/fab/<name>.scn) -> the kinds of dispute it shows
ANSWERS: dict[str, tuple[str, ...]] = {
    "combat-basic-hit": ("damage",),
    "6.4.6c-life-floor-win": ("damage",),
    "arcane-barrier-example-1": ("prevention",),
    "26.4.3a-example-arcane-prevention-not-untyped": ("prevention", "damage"),
    "arcane-barrier-example-3-seeds-of-agony": ("prevention", "triggers"),
    "20.4.4-example-1-attack-trigger": ("triggers", "damage"),
    "crush-example-2-replaced-damage-triggers": ("triggers", "prevention"),
    "23.1-target-opponent-not-yourself": ("refused action",),
    "15.4.3-attack-reaction-not-defender": ("refused action",),
    "combat-dominate": ("refused action", "branch"),
    "20.4.4-example-3-dread-triptych": ("branch", "triggers"),
}
KINDS = ("damage", "prevention", "triggers", "refused action", "branch")


def _answer(name: str) -> tuple[str, object]:
    ruling = run_scenario(parse_file(str(SCENARIOS / "fab" / f"{name}.scn")))
    return render(ruling, "text", short=True), ruling


def test_ten_answers_cover_every_kind_of_dispute():
    assert len(ANSWERS) >= 10
    for kind in KINDS:
        assert any(kind in kinds for kinds in ANSWERS.values()), kind


@pytest.mark.parametrize("name", sorted(ANSWERS))
def test_golden_short_answer(name: str):
    text, ruling = _answer(name)
    golden = GOLDEN / f"{name}.txt"
    if os.environ.get("JUDGE_UPDATE_GOLDEN"):
        golden.write_text(text, encoding="utf-8")
    assert golden.exists(), f"no golden answer {golden}; run with JUDGE_UPDATE_GOLDEN=1"
    assert text == golden.read_text(encoding="utf-8")
    # the answer: outcome first, then decisive steps each quoting a rule; no trace
    head = text.split("\nAnswer\n", 1)[1]
    assert head.lstrip().startswith(ruling.outcome)
    assert "Decisive steps" in head and "\nTrace" not in text
    lines = head.splitlines()
    groups = [i for i, line in enumerate(lines) if re.match(r"\s+\d[\d, -]*\. \[", line)]
    assert groups, "no decisive step"
    for i in groups:      # each decisive step quotes the rule that decided it
        assert re.match(r'\s+fab-1\.4 [^:]+: "', lines[i + 1]), lines[i:i + 2]


def test_kinds_show_in_the_answers():
    """What each kind of dispute looks like in its answer (not only that the text is stable)."""
    seeds, _ = _answer("arcane-barrier-example-3-seeds-of-agony")
    assert "56, 63, 70. [replaced] Arcane barrier 1 of Nullrune Hood replaces 1 arcane damage" in seeds
    assert "Bob resource points: 3 -> 0" in seeds and "Bob life: 20 -> 16" in seeds
    refused, _ = _answer("23.1-target-opponent-not-yourself")
    assert "[refused] Alice plays \"Spite Bolt\" targeting Alice" in refused
    branch, _ = _answer("combat-dominate")
    assert '\n  Branch "Bob defends with one card"\n' in branch and "Bob life: 20 -> 17" in branch
    trigger, _ = _answer("20.4.4-example-1-attack-trigger")
    assert "[trigger]" in trigger or "[resolve]" in trigger
