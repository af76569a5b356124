"""Rendering a hand-built Ruling in each format: outcome first, numbered steps quoting their
rules, rules consulted; HTML escapes card text; Markdown/HTML link each citation to the site."""

from __future__ import annotations

import json

import pytest

from judge.engine.ruling import ExpectationResult, Ruling, TraceStep
from judge.errors import UsageError
from judge.render import markdown_escape, render
from judge.render.view import SCHEMA

SITE = "https://rules.example/site/"
SCRIPT = "<script>alert(1)</script>"


@pytest.fixture(scope="module")
def ruling() -> Ruling:
    return Ruling(
        title=f"Arcane Barrier {SCRIPT}", game="fab", document="fab-1.4",
        outcome="Bob's life is 18: Arcane Barrier 1 prevented 1 of the 3 arcane damage.",
        steps=(
            TraceStep(1, "play", f'Alice plays "Zap" {SCRIPT} targeting Bob.', ("fab-1.4 5.1.1",),
                      (("Alice hand", "Zap -> stack"),), None, None, 7),
            TraceStep(2, "prevent damage", "Arcane Barrier 1 prevents 1 arcane damage.",
                      ("fab-1.4 Arcane Barrier N", "fab-1.4 99.99"),
                      (("Bob resource points", "1 -> 0"),), None, "the *timing* window", 8),
            TraceStep(3, "deal damage", "Zap deals 2 arcane damage to Bob.", ("fab-1.4 20.7.2a",),
                      (("Bob life", "20 -> 18"),), "optional: decline - not stated", None, None),
        ),
        expectations=(ExpectationResult(9, "expect Bob life 18", True, "Bob life 18"),
                      ExpectationResult(10, "expect Bob life 17", False, "Bob life 18")),
        not_modelled=("hero abilities",),
        branches=(Ruling(title="", game="fab", document="fab-1.4", outcome="Bob blocks.",
                         label="Bob blocks",
                         steps=(TraceStep(4, "defend", "Bob blocks.", ("fab-1.4 20.7.2a",)),),
                         expectations=(ExpectationResult(13, "expect Bob life 20", True,
                                                         "Bob life 20"),)),),
        path="arcane.scn")


def test_ruling_helpers_collect_citations_expectations_and_gaps(ruling):
    assert ruling.rules_consulted == ("fab-1.4 5.1.1", "fab-1.4 Arcane Barrier N",
                                      "fab-1.4 99.99", "fab-1.4 20.7.2a")
    assert [e.line for e in ruling.all_expectations] == [9, 10, 13]
    assert ruling.all_not_modelled == ("hero abilities",)
    assert not ruling.passed


def test_text_shows_outcome_first_then_numbered_steps_with_rule_quotes(ruling):
    out = render(ruling, "text")
    assert out.index("Outcome: Bob's life is 18") < out.index("  1. [play]")
    assert out.index("  1. [play]") < out.index("  2. [prevent damage]") < out.index("Rules consulted")
    # first sentence of fab-1.4 20.7.2a, from the rules index
    assert ('fab-1.4 20.7.2a: "If the total power {p} of the attack is greater than the total '
            'defense value {d}') in out
    assert 'fab-1.4 Arcane Barrier N: "Arcane Barrier is a damage replacement effect."' in out
    assert "fab-1.4 99.99 (not in the installed rules)" in out
    assert "default applied: optional: decline - not stated" in out
    assert "not modelled: the *timing* window" in out
    assert "FAIL line 10: expect Bob life 17 (found: Bob life 18)" in out
    assert 'Branch "Bob blocks"' in out and "    4. [defend] Bob blocks." in out


def test_html_escapes_card_text_and_links_citations(ruling):
    out = render(ruling, "html", site=SITE)
    assert "<script>" not in out
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in out
    assert ('<a class="citation" href="https://rules.example/site/fab-1.4/20.html#20.7.2a">'
            "fab-1.4 20.7.2a</a>") in out
    assert 'href="https://rules.example/site/fab-1.4/27.html#Arcane%20Barrier%20N"' in out
    assert '<a class="citation missing"' in out     # 99.99 does not exist
    assert out.index('class="outcome"') < out.index('<ol class="trace">') < out.index("Rules consulted")
    assert '<li value="2" id="step-2">' in out
    assert out.startswith("<!DOCTYPE html>")


def test_markdown_links_and_escapes(ruling):
    out = render(ruling, "markdown", site=SITE)
    assert "[fab-1.4 20.7.2a](https://rules.example/site/fab-1.4/20.html#20.7.2a)" in out
    assert "<script>" not in out and "&lt;script&gt;" in out
    assert "the \\*timing\\* window" in out
    assert out.index("**Outcome:**") < out.index("## Steps") < out.index("## Rules consulted")
    assert '### Steps' in out      # the branch's own trace is one level deeper


def test_relative_links_without_a_site(ruling, monkeypatch):
    monkeypatch.delenv("JUDGE_SITE", raising=False)
    assert "](fab-1.4/20.html#20.7.2a)" in render(ruling, "markdown")
    monkeypatch.setenv("JUDGE_SITE", "https://env.example")
    assert "](https://env.example/fab-1.4/20.html#20.7.2a)" in render(ruling, "markdown")


def test_json_has_a_stable_schema(ruling):
    data = json.loads(render(ruling, "json", site=SITE))
    assert data["schema"] == SCHEMA
    assert list(data)[:6] == ["schema", "title", "game", "document", "path", "passed"]
    assert set(data) == {"schema", "title", "game", "document", "path", "passed", "label",
                         "outcome", "steps", "expectations", "not_modelled", "branches",
                         "rules_consulted", "all_not_modelled", "source"}
    assert data["source"] == []           # a hand-built ruling has no scenario text
    step = data["steps"][0]
    assert set(step) == {"index", "action", "description", "citations", "state_change",
                         "default_applied", "not_modelled", "line"}
    assert step["state_change"] == [{"what": "Alice hand", "change": "Zap -> stack"}]
    assert set(step["citations"][0]) == {"citation", "document", "key", "title", "quote",
                                         "url", "found"}
    assert data["title"] == f"Arcane Barrier {SCRIPT}"      # JSON keeps text as it is
    assert data["branches"][0]["label"] == "Bob blocks"
    assert data["expectations"][1] == {"line": 10, "text": "expect Bob life 17",
                                       "passed": False, "actual": "Bob life 18"}


def test_unknown_format_is_a_usage_error(ruling):
    with pytest.raises(UsageError):
        render(ruling, "pdf")


def test_markdown_escape_neutralises_html_and_markup():
    assert markdown_escape("<b>*x*</b> [a](b) `c` #") == \
        "&lt;b&gt;\\*x\\*&lt;/b&gt; \\[a\\](b) \\`c\\` \\#"


def test_html_step_ids_are_unique_across_branches():
    """Branches number their steps from 1 each; their anchors must not collide."""
    import re
    from judge.engine.runner import run_scenario
    from judge.render import render
    from judge.scenario.parser import parse_file
    from judge.paths import SCENARIOS
    html = render(run_scenario(parse_file(str(SCENARIOS / "fab" / "combat-dominate.scn"))), "html")
    ids = re.findall(r'id="(step-[^"]+)"', html)
    assert ids and len(ids) == len(set(ids))
    assert any(i.startswith("step-b1-") for i in ids)


SOURCE = 'scenario "x"\ngame fab-1.4\n# a comment with ``` and <b>markup</b>\n'


def _with_source(ruling: Ruling) -> Ruling:
    from dataclasses import replace
    return replace(ruling, source=SOURCE + "\n".join(f"# line {n}" for n in range(4, 14)))


def test_html_step_lines_link_to_the_scenario_source_shown_on_the_page(ruling):
    import re
    html = render(_with_source(ruling), "html")
    targets = re.findall(r'href="#(L\d+)"', html)
    assert "L7" in targets and "L9" in targets and "L10" in targets   # steps and expectations
    anchors = set(re.findall(r'id="(L\d+)"', html))
    assert set(targets) <= anchors and len(anchors) == 13
    assert "&lt;b&gt;markup&lt;/b&gt;" in html and "<b>markup" not in html


def test_html_without_source_shows_lines_unlinked(ruling):
    html = render(ruling, "html")
    assert 'href="#L' not in html and 'id="L1"' not in html
    assert '<span class="line">(line 7)</span>' in html


def test_markdown_shows_the_numbered_scenario_in_a_fence_its_text_cannot_close(ruling):
    md = render(_with_source(ruling), "markdown")
    head, _, rest = md.partition("## Scenario\n\n````\n")
    assert rest, md
    body, _, tail = rest.partition("\n````\n")
    assert body.splitlines()[2] == "  3  # a comment with ``` and <b>markup</b>"
    assert len(body.splitlines()) == 13 and tail == ""


def test_json_of_a_resolved_scenario_carries_its_source():
    from judge.engine.runner import run_scenario
    from judge.paths import SCENARIOS
    from judge.scenario.parser import parse_file
    path = SCENARIOS / "fab" / "arcane-barrier-example-1.scn"
    data = json.loads(render(run_scenario(parse_file(str(path))), "json"))
    assert data["source"] == path.read_text(encoding="utf-8").splitlines()
