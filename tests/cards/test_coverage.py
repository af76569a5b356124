"""judge cards coverage: the tuning / held-back split and what it reports."""

from __future__ import annotations

import json

from click.testing import CliRunner

from judge.cards.coverage import PARTS, part_of, shape
from judge.cli import main as cli
from tests.conftest import shared_path


def test_split_is_a_fixed_function_of_the_name():
    assert part_of("Draw a Card") == part_of("draw  a card") == part_of(" DRAW A CARD ")
    names = [f"card {i}" for i in range(2000)]
    tuning = sum(part_of(n) == "tuning" for n in names)
    assert 0.55 < tuning / len(names) < 0.65           # about 60 / 40
    assert {part_of(n) for n in names} == set(PARTS)


def test_shape_groups_numbers_and_names():
    assert shape("Deal 3 damage to Bob Smith.", None) == shape("Deal 4 damage to Ann Lee.", None)


def test_coverage_json_reports_both_parts_and_the_gap():
    path = shared_path("data", "cards", "ufs")
    out = CliRunner().invoke(cli, ["cards", "coverage", "ufs", str(path), "--json"])
    assert out.exit_code == 0, out.output
    data = json.loads(out.output[out.output.index("{"):])
    for key in ("tuning", "held_back"):
        part = data[key]
        assert part["cards"] > 0 and 0 <= part["fully_parsed_share"] <= 1
    assert data["tuning"]["cards"] + data["held_back"]["cards"] == data["cards"]
    assert data["gap"] == round(data["tuning"]["fully_parsed_share"]
                                - data["held_back"]["fully_parsed_share"], 4)
    # failure shapes come from the tuning part only
    held_back_names = {n for n, _ in __import__("judge.cards.ufs", fromlist=["x"]).iter_corpus(path)
                       if part_of(n) == "held-back"}
    for row in data["failure_shapes"]:
        assert row["example"].split(":", 1)[0] not in held_back_names


def test_coverage_counts_rules_used_by_one_card():
    path = shared_path("data", "cards", "ufs")
    out = CliRunner().invoke(cli, ["cards", "coverage", "ufs", str(path), "--json", "--rules"])
    data = json.loads(out.output[out.output.index("{"):])
    assert data["rules_used"] > 20
    assert data["rules_used_by_one_card"] == len(data["single_card_rules"])
