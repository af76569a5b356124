"""docs/wow-examples.md accounts for every "Example:" block of WoW TCG CR 7.4 (glossary
included): each one is a bundled scenario (which exists, states a `cites` expectation and
passes), not an interaction (with its reason), or not modelled (with the reason the module
gives). The table has a row for every block of the bundled document, numbered in order."""

from __future__ import annotations

import re

import pytest

from judge.games.run import run_scenario
from judge.paths import ROOT, SCENARIOS
from judge.scenario.parser import parse_file

DOC = ROOT / "docs" / "wow-examples.md"
RULEBOOK = ROOT / "rulebook" / "wow" / "wow-cr-7.4.txt"
ROW = re.compile(r"^\| (?P<n>\d+) \| (?P<rule>[^|]+?) \| (?P<example>[^|]+) \| (?P<status>.+) \|$")


def _rows() -> list[re.Match]:
    return [m for m in map(ROW.match, DOC.read_text(encoding="utf-8").splitlines()) if m]


def _scenarios() -> list[str]:
    return sorted({row["status"].split("`")[1] for row in _rows()
                   if row["status"].startswith("scenario `")})


def test_wow_every_example_block_has_one_row_in_order():
    blocks = sum(1 for line in RULEBOOK.read_text(encoding="utf-8").splitlines()
                 if "Example" in line)
    assert blocks >= 90
    assert [int(r["n"]) for r in _rows()] == list(range(1, blocks + 1))


def test_wow_every_row_is_a_scenario_or_says_why_not():
    for row in _rows():
        assert row["status"].startswith(("scenario `", "not an interaction: ",
                                          "not modelled: ")), row.group(0)


@pytest.mark.parametrize("name", _scenarios())
def test_wow_example_scenario_exists_cites_and_passes(name: str):
    path = SCENARIOS / "wow" / name
    assert path.is_file(), f"{path} is missing"
    assert re.search(r"^expect cites ", path.read_text(encoding="utf-8"), re.M), path
    ruling = run_scenario(parse_file(str(path)))
    assert ruling.passed and not ruling.all_not_modelled, f"{name}: {ruling.outcome}"
