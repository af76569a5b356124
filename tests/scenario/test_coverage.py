"""``judge coverage DOC``: the rules of a document that the scenarios' rulings cite."""

from __future__ import annotations

import json

from click.testing import CliRunner

from judge.cli import main
from judge.paths import SCENARIOS


def _run(*args: str):
    return CliRunner().invoke(main, ["coverage", *args])


def test_coverage_lists_each_rule_with_the_scenarios_that_cite_it():
    result = _run("fab-1.4", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    by_key = {r["key"]: r for r in data["by_rule"]}
    assert "combat-basic-hit.scn" in " ".join(by_key["20.7.2a"]["scenarios"])
    assert data["covered"] == sum(1 for r in data["by_rule"] if r["scenarios"])
    assert set(data["uncovered"]) == {r["key"] for r in data["by_rule"] if not r["scenarios"]}
    assert data["scenarios"] >= 70 and 0 < data["share"] < 1
    sections = {s["section"]: s for s in data["sections"]}
    assert sections["20"]["title"] == "Combat Chain" and sections["20"]["covered"] > 0


def test_coverage_of_given_files_counts_only_them():
    one = SCENARIOS / "fab" / "combat-basic-hit.scn"
    data = json.loads(_run("fab-1.4", str(one), "--json").output)
    assert data["scenarios"] == 1
    assert "20.7.2a" not in data["uncovered"] and "26.5" in data["uncovered"]


def test_coverage_of_a_document_no_scenario_names_cites_nothing():
    data = json.loads(_run("fab-section4", str(SCENARIOS / "fab"), "--json").output)
    assert data["scenarios"] == 0 and data["covered"] == 0


def test_coverage_of_an_unknown_document_is_an_error():
    result = _run("fab-1.5")
    assert result.exit_code == 2 and "unknown document 'fab-1.5'" in result.output


def test_coverage_counts_the_sections_of_a_document_whose_sections_are_its_rules():
    # the Raven Rules print their rules as numbered sections ("4.2.3 Canceling Effects")
    data = json.loads(_run("ashes-raven-1.1", "--json").output)
    keys = {r["key"] for r in data["by_rule"]}
    assert {"4.2.3", "5.0.0", "Golden Veil", "Target"} <= keys
    assert "3.0.0" not in keys                    # a heading without text of its own
    by_key = {r["key"]: r for r in data["by_rule"]}
    assert by_key["4.2.3"]["scenarios"]
