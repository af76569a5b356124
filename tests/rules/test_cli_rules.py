"""The rules commands through click: output shapes, --json, exit codes, no tracebacks."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from judge.cli import main


@pytest.fixture()
def run():
    runner = CliRunner()

    def invoke(*args: str):
        return runner.invoke(main, list(args), catch_exceptions=False)
    return invoke


def test_rule_by_game_labels_each_document(run):
    res = run("rule", "fab", "4.1")
    assert res.exit_code == 0
    assert "[fab-1.4:" in res.output and "[fab-section4:" in res.output


def test_rule_glossary_term_as_number(run):
    res = run("rule", "fab-1.4", "Go", "again", "--json")
    assert json.loads(res.output)["citation"] == "fab-1.4 Go again"


def test_rule_unknown_exits_2_with_caretless_message(run):
    res = run("rule", "wow-7.4", "999.9")
    assert res.exit_code == 2
    assert "no rule '999.9'" in res.output


def test_ufs_duplicated_number_shows_both_copies(run):
    res = run("rule", "ufs-0.9", "F.2.2.3", "--json")
    data = json.loads(res.output)
    assert [d["citation"] for d in data] == ["ufs-0.9 F.2.2.3", "ufs-0.9 F.2.2.3~2"]


def test_define_fuzzy_and_unknown(run):
    assert "Arcane Barrier N" in run("define", "fab", "arcane", "barrier", "3").output
    res = run("define", "fab", "zzzz qqqq")
    assert res.exit_code == 2


def test_search_json_has_ranked_hits(run):
    res = run("search", "what happens when life reaches 0", "--game", "wow", "--json")
    hits = json.loads(res.output)
    assert hits and all(h["game"] == "wow" for h in hits)
    assert hits == sorted(hits, key=lambda h: -h["score"])


def test_search_first_word_naming_a_document_limits_the_search_to_it(run):
    hits = json.loads(run("search", "fab-1.4", "arena", "zones", "--json").output)
    assert hits and all(h["document"] == "fab-1.4" for h in hits)
    assert not any(h["snippet"].count("[1]") or h["snippet"].count("[4]") for h in hits)
    hits = json.loads(run("search", "ufs", "block", "--json").output)
    assert hits and all(h["game"] == "ufs" for h in hits)


def test_search_first_word_is_a_query_word_when_game_is_given(run):
    hits = json.loads(run("search", "fab", "life", "--game", "wow", "--json").output)
    assert hits and all(h["game"] == "wow" for h in hits)


def test_stats_and_lint_json(run):
    stats = json.loads(run("stats", "--json").output)
    assert {s["document"] for s in stats} >= {"fab-1.4", "wow-7.4", "ufs-0.9", "ashes-raven-1.1"}
    res = run("lint", "fab-1.4", "--json")
    assert res.exit_code == 1
    assert all(f["code"].startswith("JL") for f in json.loads(res.stdout))


def test_unknown_document_exits_2(run):
    res = run("stats")
    assert res.exit_code == 0
    res = run("rule", "mtg", "100.1")
    assert res.exit_code == 2 and "no document or game 'mtg'" in res.output


def test_lookup_json_writer_matches_the_json_module():
    """present.to_json (used to keep json off the lookup path) writes what json.dumps writes."""
    from hypothesis import given, settings
    from hypothesis import strategies as st

    from judge.rules import lookup
    from judge.rules.present import to_json

    for rec in lookup.lookup("fab", "4.1") + lookup.lookup("ufs-0.9", "C.3.3.2.1"):
        assert to_json(rec) == json.dumps(rec, indent=2, ensure_ascii=False)

    scalars = st.none() | st.booleans() | st.integers() | st.text()
    values = st.recursive(scalars, lambda c: st.lists(c) | st.dictionaries(st.text(), c), max_leaves=20)

    @settings(max_examples=300, deadline=None)
    @given(values)
    def same(v):
        assert to_json(v) == json.dumps(v, indent=2, ensure_ascii=False)
    same()
