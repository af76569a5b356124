"""judge site: pages, anchors, links (all of them checked), escaping, OUTDIR safety, serve."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

import pytest
from click.testing import CliRunner

from judge.site import linkcheck, svg, urls
from judge.site.build import build_site
from judge.site.output import MARKER, SiteOutputError
from site_helpers import SCRIPT_TEXT, RuleBlocks, built_site, judge_serve, outline


@pytest.fixture(scope="module")
def built(tmp_path_factory, graph):
    return built_site(tmp_path_factory, graph)


@pytest.fixture(scope="module")
def site(built):
    return built[0]


# --- pages and anchors ---------------------------------------------------------------------

def test_one_page_per_top_level_section_of_every_document(site, graph):
    for doc_id, doc in graph.documents.items():
        tops = {n.key for n in doc.nodes if not n.parent}
        assert tops, doc_id
        for key in tops:
            assert (site / doc_id / f"{key}.html").is_file(), (doc_id, key)
        assert (site / doc_id / "index.html").is_file()
    assert (site / "index.html").is_file()


def test_fab_20_7_2a_has_its_key_as_anchor_on_the_page_of_section_20(site):
    page = outline(site / "fab-1.4" / "20.html")
    assert page.ids.get("20.7.2a") == "div"
    assert page.ids.get("20") == "h1"
    text = "".join(page.text)
    assert "If the total power {p} of the attack is greater than the total defense value" in text


def test_every_rule_of_every_document_has_an_anchor_on_its_section_page(site, graph):
    ids: dict[Path, dict] = {}
    missing = []
    for nid, a in graph.g.nodes(data=True):
        if a["kind"] == "missing":
            continue
        page = site / a["doc"] / f"{a['section']}.html"
        if page not in ids:
            ids[page] = outline(page).ids
        if a["key"] not in ids[page]:
            missing.append(nid)
    assert missing == []
    section_pages = [p for d in graph.documents for p in (site / d).glob("*.html")
                     if p.name != "index.html"]
    assert len(ids) == len(section_pages)


def test_keys_with_characters_unsafe_in_ids_work_in_hrefs(site, graph):
    # WoW glossary "+X / +X": '+', spaces and '/' are percent-encoded in the href, kept in the id
    assert urls.fragment("+X / +X") == "%2BX%20%2F%20%2BX"
    page = site / "wow-7.4" / "10.html"
    html = page.read_text(encoding="utf-8")
    assert 'id="+X / +X"' in html
    assert 'href="#%2BX%20%2F%20%2BX"' in html
    # a key with '~' (UFS prints C.3.3.2.1 twice) and a glossary key with a space
    assert 'id="C.3.3.2.1~2"' in (site / "ufs-0.9" / "C.html").read_text(encoding="utf-8")
    go_again = graph.g.nodes["fab-1.4 Go again"]["section"]
    assert 'id="Go again"' in (site / "fab-1.4" / f"{go_again}.html").read_text(encoding="utf-8")


def test_section_key_that_is_not_a_plain_file_name_stays_inside_its_folder():
    assert urls.section_path("x", "20") == "x/20.html"
    assert urls.section_path("x", "a/b") == "x/a%2Fb.html"
    assert urls.section_path("x", "..") == "x/%2E..html"
    assert urls.ruling_path("fab/../../etc.scn") == "rulings/fab/%2E./%2E./etc.html"
    assert urls.href("fab-1.4/20.html", "wow-7.4/10.html", "+X / +X") == \
        "../wow-7.4/10.html#%2BX%20%2F%20%2BX"
    assert urls.href("rulings/fab/a.html", "fab-1.4/20.html", "20.7.2a") == \
        "../../fab-1.4/20.html#20.7.2a"


# --- links -----------------------------------------------------------------------------------

def test_every_internal_link_of_the_site_resolves(site):
    result = linkcheck.check(site)
    assert result.pages > 60
    assert result.links > 10000
    assert [str(b) for b in result.broken] == []


def test_link_checker_reports_missing_files_and_fragments(tmp_path):
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "x.html").write_text('<p id="here">x</p><a href="#here">ok</a>',
                                           encoding="utf-8")
    (tmp_path / "index.html").write_text(
        '<a href="a/x.html#here">ok</a><a href="a/x.html#gone">bad</a><a href="nope.html">bad</a>'
        '<a href="https://example.org/">external</a><svg><a href="a/y.html">bad</a></svg>'
        '<a href="../outside.html">bad</a>', encoding="utf-8")
    result = linkcheck.check(tmp_path)
    reasons = sorted((b.href, b.reason.split(" ")[0]) for b in result.broken)
    assert reasons == [("../outside.html", "leaves"), ("a/x.html#gone", "no"),
                       ("a/y.html", "no"), ("nope.html", "no")]


def test_ruling_renderer_links_land_on_rule_anchors(site):
    from judge.render.view import citation_view

    for citation in ("fab-1.4 20.7.2a", "fab-1.4 Go again", "wow-7.4 +X / +X", "ufs-0.9 C.3.3.2.1~2",
                     "ashes-raven-1.1 4.2.3"):
        view = citation_view(citation, "")
        assert view["found"], citation
        path, _, frag = view["url"].partition("#")
        page = site / urllib.parse.unquote(path)
        assert page.is_file(), view["url"]
        assert urllib.parse.unquote(frag) in outline(page).ids, view["url"]


def test_fab_15_4_3_cross_reference_is_a_link_in_the_rule_text(site):
    html = (site / "fab-1.4" / "15.html").read_text(encoding="utf-8")
    assert ('<a class="xref cite" href="20.html#20.6" title="fab-1.4 20.6: Reaction Step">'
            '(Refer 20.6 - Reaction Step)</a>') in html


def test_glossary_mentions_in_rule_text_are_links(site):
    html = (site / "fab-1.4" / "20.html").read_text(encoding="utf-8")
    assert re.search(r'<a class="xref mention" href="[^"]*#[^"]*" title="fab-1.4 [^"]*">turn player</a>',
                     html, re.IGNORECASE)


def test_dangling_references_are_marked_and_not_linked(site, graph):
    html = (site / "fab-section4" / "4.html").read_text(encoding="utf-8")
    marks = re.findall(r'<span class="xref dangling" title="not in this document: ([^"]+)">', html)
    dangling = {graph.g.nodes[v]["number"] for _, v, k in graph.g.edges(data="kind")
                if k == "dangling" and v.startswith("fab-section4 ")}
    assert dangling and dangling <= set(marks)
    assert "(not in this document)" in html
    assert not re.search(r'<a [^>]*title="not in this document', html)


def test_every_citation_has_a_cited_by_back_link_on_the_cited_rule(site, graph):
    blocks: dict[Path, RuleBlocks] = {}
    missing = []
    for u, v, kind in graph.g.edges(data="kind"):
        if kind != "cites":
            continue
        a, b = graph.g.nodes[u], graph.g.nodes[v]
        page = site / b["doc"] / f"{b['section']}.html"
        if page not in blocks:
            blocks[page] = RuleBlocks()
            blocks[page].feed(page.read_text(encoding="utf-8"))
        expected = urls.href(f"{b['doc']}/{b['section']}.html",
                             f"{a['doc']}/{a['section']}.html", a["key"])
        if expected not in blocks[page].cited_by.get(b["key"], []):
            missing.append((u, v))
    assert missing == []
    assert sum(len(x) for bl in blocks.values() for x in bl.cited_by.values()) > 500


def test_version_switcher_links_the_same_key_or_the_document_index(site):
    s4 = (site / "fab-section4" / "4.html").read_text(encoding="utf-8")
    assert 'aria-label="Document versions"' in s4
    assert 'href="../fab-1.4/4.html#4"' in s4
    v14 = (site / "fab-1.4" / "20.html").read_text(encoding="utf-8")
    assert 'href="../fab-section4/index.html"' in v14  # fab-section4 has no section 20
    # and rule by rule: fab-1.4 4.2.1 -> the same key in fab-section4
    assert re.search(r'href="\.\./fab-section4/4\.html#4\.\d[^"]*">fab-section4 4\.\d', 
                     (site / "fab-1.4" / "4.html").read_text(encoding="utf-8"))


def test_neighbourhood_picture_caps_neighbours_and_needs_no_script(site, graph):
    # the most-cited rule of the whole graph
    counts = {}
    for _, v, kind in graph.g.edges(data="kind"):
        if kind == "cites":
            counts[v] = counts.get(v, 0) + 1
    nid, n = max(counts.items(), key=lambda item: item[1])
    assert n > svg.CAP
    a = graph.g.nodes[nid]
    html = (site / a["doc"] / f"{a['section']}.html").read_text(encoding="utf-8")
    start = html.index("<svg", html.index(f'id="{a["key"]}"'))
    block = html[start:html.index("</svg>", start)]
    assert f"+{n - svg.CAP} more" in block
    assert block.count("<a href=") <= 2 * svg.CAP
    assert 'role="img"' in block and "<script" not in block


def test_search_index_is_a_script_with_every_rule(site, graph):
    text = (site / "search-index.js").read_text(encoding="utf-8")
    prefix = "window.JUDGE_SEARCH = "
    assert text.startswith(prefix)
    data = json.loads(text[len(prefix):].rstrip().rstrip(";"))
    rules = sum(1 for _, a in graph.g.nodes(data="kind") if a != "missing")
    assert len(data["entries"]) == rules
    dominate = [e for e in data["entries"] if e[0] == "fab-1.4" and e[1] == "Dominate"]
    assert dominate, "fab-1.4 Dominate is searchable"
    path, _, frag = dominate[0][4].partition("#")
    assert urllib.parse.unquote(frag) in outline(site / path).ids


def test_pages_are_accessible_in_structure(site):
    for page in site.rglob("*.html"):
        html = page.read_text(encoding="utf-8")
        o = outline(page)
        assert html.startswith("<!DOCTYPE html>\n<html lang=\"en\""), page
        assert o.headings.count(1) == 1, page
        for before, after in zip(o.headings, o.headings[1:]):
            assert after <= before + 1, (page, o.headings)
        tags = [t for t, _ in o.tags]
        for landmark in ("header", "nav", "main"):
            assert landmark in tags, (page, landmark)
        assert ('a', {'class': 'skip', 'href': '#j-main'}) in o.tags, page
        assert o.ids.get("j-main") == "main"
        assert any(t == "meta" and a.get("name") == "viewport" for t, a in o.tags)
        assert any(t == "label" and a.get("for") == "j-q" for t, a in o.tags)


def test_ids_are_unique_on_every_rule_and_document_page(site, graph):
    from collections import Counter

    from site_helpers import Outline

    for doc in graph.documents:
        for page in (site / doc).glob("*.html"):
            counter = Counter()
            o = Outline()
            o.handle_starttag = lambda tag, attrs: counter.update(
                [v for k, v in attrs if k == "id" and v])
            o.feed(page.read_text(encoding="utf-8"))
            assert [i for i, n in counter.items() if n > 1] == [], page


def test_no_page_loads_anything_from_the_network(site):
    for page in list(site.rglob("*.html")) + list(site.rglob("*.js")) + list(site.rglob("*.css")):
        text = page.read_text(encoding="utf-8")
        assert not re.search(r'(src|href)="(https?:)?//', text), page
        assert "fetch(" not in text and "XMLHttpRequest" not in text and "@import" not in text


# --- rulings ---------------------------------------------------------------------------------

def test_bundled_scenarios_become_ruling_pages_with_rule_links(built):
    site, report, folder = built
    scenarios = sorted(folder.rglob("*.scn"))  # the bundled ones (copied) + the tests' two
    pages = [p for p in (site / "rulings").rglob("*.html") if not p.name.startswith("coverage-")]
    assert report.rulings + len(report.skipped) == len(scenarios)
    assert len(pages) == report.rulings + 1  # + the index
    page = site / "rulings" / "fab" / "zz-script-card-text.html"
    html = page.read_text(encoding="utf-8")
    assert re.search(r'<a class="citation" href="\.\./\.\./fab-1\.4/\d+\.html#[^"]+">fab-1\.4 ', html)
    assert '<ol class="trace">' in html


def test_script_in_card_text_is_shown_as_text_and_never_as_markup(site):
    page = site / "rulings" / "fab" / "zz-script-card-text.html"
    html = page.read_text(encoding="utf-8")
    o = outline(page)
    assert "<script>alert" not in html and "<b>x</b>" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;&lt;b&gt;x&lt;/b&gt;" in html
    text = "".join(o.text)
    assert f"Card text {SCRIPT_TEXT} is shown, not run" in text
    assert f"target hero. {SCRIPT_TEXT}" in text  # the scenario source, line 3
    assert [s.get("src", "") for s in o.scripts] == ["../../static/search.js"]
    assert [t for t, _ in o.tags].count("b") == 0


def test_scenario_that_cannot_be_read_is_listed_with_its_error_and_skipped(built):
    site, report, _ = built
    assert any("zz-broken.scn:4" in n for n in report.skipped)
    index = (site / "rulings" / "index.html").read_text(encoding="utf-8")
    assert "Scenarios that could not be run" in index
    assert "zz-broken.scn:4:" in index and "^" in index
    assert not (site / "rulings" / "fab" / "zz-broken.html").exists()


# --- OUTDIR safety -----------------------------------------------------------------------------

def test_refuses_a_folder_that_is_not_a_judge_site_and_keeps_its_files(tmp_path, graph):
    out = tmp_path / "mine"
    out.mkdir()
    (out / "index.html").write_text("my own page", encoding="utf-8")
    with pytest.raises(SiteOutputError) as err:
        build_site(out, graph=graph, scenarios=None)
    assert "not a site written by judge" in err.value.render()
    assert (out / "index.html").read_text(encoding="utf-8") == "my own page"
    assert sorted(p.name for p in out.iterdir()) == ["index.html"]


def test_force_writes_over_a_foreign_folder_but_deletes_none_of_its_files(tmp_path, graph):
    out = tmp_path / "mine"
    (out / "notes").mkdir(parents=True)
    (out / "notes" / "todo.txt").write_text("keep me", encoding="utf-8")
    build_site(out, graph=graph, scenarios=None, force=True)
    assert (out / "notes" / "todo.txt").read_text(encoding="utf-8") == "keep me"
    assert (out / MARKER).is_file() and (out / "fab-1.4" / "20.html").is_file()


def test_rewriting_a_previous_site_removes_only_its_own_stale_files(tmp_path, graph):
    out = tmp_path / "site"
    build_site(out, graph=graph, scenarios=None)
    marker = json.loads((out / MARKER).read_text(encoding="utf-8"))
    marker["files"].append("old/stale.html")
    (out / MARKER).write_text(json.dumps(marker), encoding="utf-8")
    (out / "old").mkdir()
    (out / "old" / "stale.html").write_text("from an older judge site", encoding="utf-8")
    (out / "mine.txt").write_text("user file", encoding="utf-8")
    build_site(out, graph=graph, scenarios=None)  # no --force needed: it is a judge site
    assert not (out / "old").exists()
    assert (out / "mine.txt").read_text(encoding="utf-8") == "user file"


def test_outdir_that_is_a_file_is_refused_even_with_force(tmp_path, graph):
    out = tmp_path / "file.html"
    out.write_text("x", encoding="utf-8")
    with pytest.raises(SiteOutputError):
        build_site(out, graph=graph, scenarios=None, force=True)
    assert out.read_text(encoding="utf-8") == "x"


def test_cli_refusal_is_a_rendered_error_with_exit_2(tmp_path):
    from judge.cli import main

    out = tmp_path / "mine"
    out.mkdir()
    (out / "a.txt").write_text("a", encoding="utf-8")
    result = CliRunner().invoke(main, ["site", str(out)])
    assert result.exit_code == 2
    assert f"{out}: error: exists, is not empty" in result.output
    assert "Traceback" not in result.output


# --- judge serve -------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def server():
    with judge_serve() as url:
        yield url


def _post(url: str, text: str) -> tuple[int, str]:
    data = urllib.parse.urlencode({"scenario": text}).encode()
    try:
        with urllib.request.urlopen(url + "try.html", data=data, timeout=60) as r:
            return r.status, r.read().decode("utf-8")
    except urllib.error.HTTPError as err:
        return err.code, err.read().decode("utf-8")


def test_serve_listens_on_loopback_and_serves_the_site(server):
    with urllib.request.urlopen(server + "fab-1.4/20.html", timeout=30) as r:
        assert r.status == 200 and 'id="20.7.2a"' in r.read().decode("utf-8")
    with urllib.request.urlopen(server + "try.html", timeout=30) as r:
        html = r.read().decode("utf-8")
    assert '<textarea id="scenario" name="scenario"' in html


def test_serve_form_answers_a_scenario_with_its_ruling_page(server):
    from site_helpers import SCRIPT_SCENARIO

    status, html = _post(server, SCRIPT_SCENARIO)
    assert status == 200
    assert '<ol class="trace">' in html
    assert re.search(r'<a class="citation" href="fab-1\.4/\d+\.html#', html)
    assert "<script>alert" not in html and "&lt;script&gt;alert(1)" in html


def test_serve_form_shows_an_input_error_with_its_caret_as_400_without_traceback(server):
    from site_helpers import BROKEN_SCENARIO

    status, html = _post(server, BROKEN_SCENARIO)
    assert status == 400
    assert "&lt;pasted&gt;:4:" in html
    error = re.search(r'<pre class="error" role="alert">(.*?)</pre>', html, re.S).group(1)
    assert error.splitlines()[-1].strip() == "^" or "^" in error
    assert "Traceback" not in html


def test_serve_on_a_busy_port_is_a_rendered_error_before_any_work():
    import socket

    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        started = time.perf_counter()
        result = subprocess.run([sys.executable, "-m", "judge", "serve", "--port", str(port)],
                                capture_output=True, text=True, timeout=60)
    assert result.returncode == 2
    assert f"judge serve: error: cannot listen on 127.0.0.1:{port}" in result.stderr
    assert "Traceback" not in result.stderr
    assert time.perf_counter() - started < 30  # refused before generating the site


def test_cli_writes_the_site_and_checks_its_links(tmp_path):
    out = tmp_path / "out"
    result = subprocess.run([sys.executable, "-m", "judge", "site", str(out), "--check"],
                            capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stderr
    assert re.search(r"checked \d+ links on \d+ pages: 0 broken", result.stdout)
    assert (out / MARKER).is_file() and (out / "fab-1.4" / "20.html").is_file()
    again = subprocess.run([sys.executable, "-m", "judge", "site", str(out)],
                           capture_output=True, text=True, timeout=600)
    assert again.returncode == 0, again.stderr  # a previous judge site: rewritten, no --force


def test_a_coverage_page_per_document_lists_rules_with_the_rulings_that_cite_them(tmp_path):
    from judge.site.build import build_site
    build_site(tmp_path / "site")
    page = (tmp_path / "site" / "rulings" / "coverage-fab-1.4.html").read_text(encoding="utf-8")
    assert "Coverage of fab-1.4" in page and "not cited" in page
    assert 'href="fab/combat-basic-hit.html"' in page or "combat-basic-hit" in page
    index = (tmp_path / "site" / "rulings" / "index.html").read_text(encoding="utf-8")
    assert "coverage-fab-1.4.html" in index
