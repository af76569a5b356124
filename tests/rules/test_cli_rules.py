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


def test_ashes_erratum_by_its_printed_number(run):
    # a judge cites an erratum by its number (issue 14): 1.1.2 is Golden Veil's
    res = run("rule", "ashes-raven-1.1", "1.1.2", "--json")
    assert res.exit_code == 0
    found = json.loads(res.output)
    assert (found["citation"], found["number"], found["kind"]) == (
        "ashes-raven-1.1 Golden Veil", "1.1.2", "errata")
    text = run("rule", "ashes-raven-1.1", "1.1.2").output
    assert "card errata 1.1.2" in text and "Golden Veil now reads" in text
    from judge.rules.lookup import term_citation
    assert term_citation("ashes", "1.1.2") == "ashes-raven-1.1 Golden Veil"
    assert term_citation("ashes", "Golden Veil") == "ashes-raven-1.1 Golden Veil"


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


# --- issue 20: JSON shapes, hit markers, exit codes -------------------------------------------

def test_rule_json_title_is_a_string_and_mentioned_by_a_list_like_cited_by(run):
    rec = json.loads(run("rule", "fab-1.4", "20.7.2a", "--json").output)
    assert rec["title"] == "" and all(isinstance(a["title"], str) for a in rec["ancestors"])
    go = json.loads(run("rule", "fab-1.4", "Go again", "--json").output)
    assert isinstance(go["mentioned_by"], list) and isinstance(go["cited_by"], list)
    assert go["mentioned_by"] and set(go["mentioned_by"][0]) == set(go["mentions"][0] if go["mentions"] else {"citation", "title", "raw"})
    hits = json.loads(run("search", "dominate", "--json").output)
    assert hits and all(isinstance(h["title"], str) for h in hits)


def test_search_marks_hits_without_clashing_with_wow_brackets(run):
    hits = json.loads(run("search", "wow-7.4", "ally", "attacking", "--json").output)
    assert hits
    for h in hits:
        # the snippet is the rule's own words, brackets included, with no marker added
        from judge.rules import lookup
        rec = lookup.rule_record(h["citation"])
        own = " ".join((rec["text"] or rec["title"]).split())
        assert " ".join(h["snippet"].replace("… ", "").replace(" …", "").split()) in own
        assert "\x02" not in h["snippet"] and "«" not in h["snippet"]
        words = [h["snippet"][a:b].lower() for a, b in h["highlights"]]
        # whole words (synonyms such as ally/character count), one of them a query word
        assert words and all(w.replace("'", "").isalnum() for w in words), words
        assert any(w.startswith(("all", "attack", "character")) for w in words), words
    text = run("search", "wow-7.4", "ally", "attacking").output
    assert "«" in text and "»" in text


def test_marked_snippet_round_trips_the_highlights():
    from judge.rules.search import highlights as _highlights, marked_snippet
    plain, spans = _highlights("a \x02[[Quick]]\x03 b \x02c\x03")
    assert plain == "a [[Quick]] b c" and spans == [[2, 11], [14, 15]]
    assert marked_snippet({"snippet": plain, "highlights": spans}) == "a «[[Quick]]» b «c»"


def test_search_without_hits_exits_1_in_text_and_in_json(run):
    text = run("search", "zzqqxx", "vvwwyy")
    data = run("search", "zzqqxx", "vvwwyy", "--json")
    assert text.exit_code == data.exit_code == 1
    assert json.loads(data.output) == []
    assert run("search", "dominate", "--json").exit_code == 0


def test_every_json_output_ends_with_a_newline(run, tmp_path):
    for args in (("rule", "fab-1.4", "1.1", "--json"), ("define", "fab", "go again", "--json"),
                 ("search", "dominate", "--json"), ("stats", "--json")):
        assert run(*args).output.endswith("}\n") or run(*args).output.endswith("]\n"), args
    out = tmp_path / "graph.json"
    assert run("export", "--format", "json", "-o", str(out)).exit_code == 0
    assert out.read_text(encoding="utf-8").endswith("\n")
