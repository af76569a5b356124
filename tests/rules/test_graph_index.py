"""The rule graph, the compiled index and the lookup path, across all five documents."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from judge.errors import UnknownDocumentError, UnknownRuleError
from judge.rules import lookup

DOCS = ("fab-1.4", "fab-section4", "wow-7.4", "ufs-0.9", "ashes-raven-1.1")


def edges(graph, src, kind):
    return [v for _, v, k in graph.g.out_edges(src, data="kind") if k == kind]


def test_every_bundled_document_is_in_the_graph(graph):
    assert set(DOCS) <= set(graph.documents)
    for doc in DOCS:
        n = sum(1 for _, a in graph.g.nodes(data=True) if a["doc"] == doc and a["kind"] != "missing")
        assert n > 50, doc


def test_every_parent_edge_points_to_the_recorded_parent(graph):
    for nid, a in graph.g.nodes(data=True):
        if a["kind"] == "missing" or not a["parent"]:
            continue
        assert edges(graph, nid, "parent") == [f"{a['doc']} {a['parent']}"], nid


def test_fab_1_4_20_6_4e_mentions_dominate(graph):
    assert "fab-1.4 Dominate" in edges(graph, "fab-1.4 20.6.4e", "mentions")


def test_fab_1_4_refer_section_becomes_cites_edge(graph):
    found = [(u, v, d["raw"]) for u, v, d in graph.g.edges(data=True)
             if d["kind"] == "cites" and u.startswith("fab-1.4 ") and d["raw"].startswith("(Refer Section")]
    assert found, "no (Refer Section ...) reference resolved"
    u, v, raw = found[0]
    assert v.split(" ", 1)[1] in raw


def test_fab_section4_brackets_cite_inside_and_dangle_outside(graph):
    assert {"fab-section4 4.1", "fab-section4 4.5"} <= set(edges(graph, "fab-section4 4.0.1", "cites"))
    assert "fab-section4 ?1.3.2d" in edges(graph, "fab-section4 4.1.4", "dangling")


def test_wow_parenthesised_number_cites(graph):
    cited = [(u, v) for u, v, d in graph.g.edges(data=True)
             if d["kind"] == "cites" and u.startswith("wow-7.4 ") and d["raw"].strip("() ") == v.split(" ", 1)[1]]
    assert len(cited) > 20


def test_ufs_see_reference_cites(graph):
    cited = [d["raw"] for u, v, d in graph.g.edges(data=True)
             if d["kind"] == "cites" and u.startswith("ufs-0.9 ")]
    assert any(raw.lower().startswith("(see ") for raw in cited)


def test_ashes_links_to_rules_and_definitions(graph):
    cited = [(v, d["raw"]) for u, v, d in graph.g.edges(data=True)
             if d["kind"] == "cites" and u.startswith("ashes-raven-1.1 ")]
    assert any(v == "ashes-raven-1.1 4.2.3" for v, _ in cited)
    glossary = {n for n, a in graph.g.nodes(data=True)
                if a["doc"] == "ashes-raven-1.1" and a["kind"] == "glossary"}
    assert any(v in glossary for v, _ in cited), "no link to a definition resolved"


def test_rule_record_has_the_documented_json_fields():
    rec = lookup.lookup("fab-1.4", "20.7.2a")[0]
    for field in ("citation", "document", "game", "number", "title", "text", "examples", "parent",
                  "children", "cites", "cited_by", "mentions", "source_line"):
        assert field in rec
    assert rec["citation"] == "fab-1.4 20.7.2a"
    assert rec["parent"] == "fab-1.4 20.7.2"
    assert rec["game"] == "fab"


def test_game_id_lists_every_matching_document():
    recs = lookup.lookup("fab", "4.1")
    assert {r["document"] for r in recs} == {"fab-1.4", "fab-section4"}


def test_unknown_number_suggests_nearest():
    with pytest.raises(UnknownRuleError) as err:
        lookup.lookup("fab-1.4", "20.7.99")
    assert err.value.suggestion and "fab-1.4 20.7" in err.value.suggestion


def test_unknown_document_suggests_nearest():
    with pytest.raises(UnknownDocumentError) as err:
        lookup.lookup("fab-1.5", "1")
    assert "fab-1.4" in (err.value.suggestion or "")


@pytest.mark.parametrize("term", ["go again", "Go Again", "GO  AGAIN"])
def test_define_go_again_any_spelling(term):
    assert lookup.define("fab", term)[0]["citation"] == "fab-1.4 Go again"


def test_define_arcane_barrier_with_a_number():
    assert lookup.define("fab", "arcane barrier 3")[0]["citation"] == "fab-1.4 Arcane Barrier N"


def test_term_citation_links_keywords():
    assert lookup.term_citation("fab", "dominate") == "fab-1.4 Dominate"
    assert lookup.term_citation("fab", "no such keyword at all") is None


def test_search_finds_dominate_rule_from_a_plain_question():
    hits = lookup.search("how many cards can defend an attack with dominate", game="fab", limit=10)
    assert any(h["citation"] in ("fab-1.4 Dominate", "fab-1.4 20.6.4e") for h in hits)


def test_search_synonym_block_finds_defend_rules():
    hits = lookup.search("block", game="fab-1.4", limit=10)
    assert hits and all("block" not in h["snippet"].lower() or True for h in hits)
    assert any("defend" in (h["snippet"] + (h["title"] or "")).lower() for h in hits)


def test_citation_exists_and_first_sentence():
    assert lookup.citation_exists("fab-1.4 20.7.2a")
    assert not lookup.citation_exists("fab-1.4 20.7.99")
    assert not lookup.citation_exists("fab-section4 ?1.3.2d")
    s = lookup.first_sentence("fab-1.4 Go again")
    assert s and len(s) < len(lookup.rule_record("fab-1.4 Go again")["text"]) + 1


def test_index_is_reused_until_a_source_changes(judge_home):
    lookup.connect()
    path = lookup.index_path()
    before = os.stat(path).st_mtime_ns
    lookup.reset()
    lookup.connect()
    assert os.stat(path).st_mtime_ns == before, "a fresh index was rebuilt"
    assert lookup.is_fresh(path)
    extra = judge_home / "rulebook" / "fab" / "note.txt"
    extra.parent.mkdir(parents=True, exist_ok=True)
    extra.write_text("not a manifest")
    try:
        assert not lookup.is_fresh(path), "a new file in the user rulebook must make the index stale"
    finally:
        extra.unlink()
    assert lookup.is_fresh(path)


def test_lint_reports_each_kind_of_problem():
    from judge.rules.lint import lint_documents
    findings = lint_documents()
    codes = {(f.document, f.code) for f in findings}
    assert ("fab-section4", "JL001") in codes
    assert ("ufs-0.9", "JL002") in codes
    assert any(f.code == "JL004" and "15.5c" in f.message for f in findings)
    for f in findings:
        assert f.render().startswith(f"{f.path}:{f.line}: {f.code} ")


def test_lint_jl005_bundled_documents_match_their_manifest_sha256():
    from judge.rules.lint import lint_documents
    assert [f.render() for f in lint_documents() if f.code == "JL005"] == []


def test_lint_jl005_reports_a_file_that_is_not_the_one_its_manifest_describes(tmp_path):
    import hashlib
    from judge.rules.lint import checksum_findings
    text = tmp_path / "doc.txt"
    text.write_text("1. Rules\n1.1 One.\n", encoding="utf-8")
    good = hashlib.sha256(text.read_bytes()).hexdigest()
    manifest = tmp_path / "doc.toml"
    base = ('id = "x-1"\ngame = "fab"\ntitle = "T"\nversion = "1"\ndate = ""\n'
            'file = "doc.txt"\nformat = "fab-v1"\npublisher = "P"\n')
    manifest.write_text(base + f'sha256 = "{good}"\n', encoding="utf-8")
    assert checksum_findings("x-1", str(text), str(manifest)) == []
    text.write_text("1. Rules\n1.1 One, edited.\n", encoding="utf-8")
    [finding] = checksum_findings("x-1", str(text), str(manifest))
    assert finding.code == "JL005" and finding.line == 1 and good[:12] in finding.message
    assert finding.render().startswith(f"{text}:1: JL005 x-1: ")
    manifest.write_text(base, encoding="utf-8")          # no sha256 recorded: nothing to check
    assert checksum_findings("x-1", str(text), str(manifest)) == []


def test_stats_counts_every_document():
    rows = {r["document"]: r for r in lookup.stats()}
    assert set(DOCS) <= set(rows)
    assert rows["fab-1.4"]["glossary"] == 35
    assert rows["ufs-0.9"]["duplicated_numbers"] == 3
    assert rows["fab-section4"]["references_dangling"] > 0


def run_judge(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "judge", *args], capture_output=True, text=True,
                          env=dict(os.environ))


def test_cli_rule_json_and_exit_codes():
    ok = run_judge("rule", "fab-1.4", "20.7.2a", "--json")
    assert ok.returncode == 0, ok.stderr
    assert json.loads(ok.stdout)["citation"] == "fab-1.4 20.7.2a"
    bad = run_judge("rule", "fab-1.4", "20.7.99")
    assert bad.returncode == 2
    assert "Traceback" not in bad.stderr and "did you mean" in bad.stderr


def test_lookup_path_does_not_import_heavy_libraries():
    code = ("import sys; sys.argv=['judge','rule','wow-7.4','410.5']\n"
            "from judge.entry import main\n"
            "try:\n    main()\nexcept SystemExit:\n    pass\n"
            "print(sorted(m for m in ('networkx','lark','jinja2','click') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.stdout.strip().splitlines()[-1] == "[]", out.stdout + out.stderr


@pytest.mark.parametrize("fmt", ["graphml", "json"])
def test_export_round_trips(tmp_path, fmt):
    import networkx as nx
    from judge.rules.export import export_graph
    out = tmp_path / f"g.{fmt}"
    export_graph(fmt, str(out))
    if fmt == "graphml":
        g = nx.read_graphml(out)
    else:
        g = nx.node_link_graph(json.loads(out.read_text()), edges="edges")
    assert "fab-1.4 20.7.2a" in g
    assert g.number_of_edges() > 1000


def test_export_refuses_to_overwrite(tmp_path):
    from judge.errors import UsageError
    from judge.rules.export import export_graph
    out = tmp_path / "keep.json"
    out.write_text("mine")
    with pytest.raises(UsageError):
        export_graph("json", str(out))
    assert out.read_text() == "mine"


def test_lint_jl003_reports_numeric_and_letter_gaps():
    from judge.rules.lint import _gap_findings
    rows = [dict(key=k, kind="rule", parent=p, line=i) for i, (k, p) in enumerate(
        [("20.7", "20"), ("20.7.1", "20.7"), ("20.7.3", "20.7"), ("20.7.3a", "20.7.3"),
         ("20.7.3c", "20.7.3"), ("20.7.4", "20.7")])]
    msgs = [f.message for f in _gap_findings("d", "f.txt", rows)]
    assert any("missing 20.7.2" in m for m in msgs)
    assert any("missing 20.7.3b" in m for m in msgs)
    assert any("first numbered child is 20.7 (missing 20.1)" in m for m in msgs)
    assert len(msgs) == 3


def test_lint_jl003_missing_first_child_in_ufs_e_4_8():
    from judge.rules.lint import lint_documents
    gaps = [f for f in lint_documents("ufs-0.9") if f.code == "JL003"]
    assert any("missing E.4.8.1" in f.message for f in gaps)
