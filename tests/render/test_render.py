"""Rendering a hand-built Ruling in each format: the answer first (outcome, decisive steps with
their rules), then the trace quoting each step's rules with routine runs folded, then the rules
consulted by section; HTML escapes card text; Markdown escapes only what Markdown needs;
Markdown/HTML link each citation to the site (absolute with --site / JUDGE_SITE)."""

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


def test_text_shows_the_answer_first_then_numbered_steps_with_rule_quotes(ruling):
    out = render(ruling, "text")
    answer, _, rest = out.partition("\nTrace")
    assert answer.index("Answer") < answer.index("Bob's life is 18") < answer.index("Decisive steps")
    assert "1 of 2 expectations fails: Bob life 17 (found: Bob life 18)." in answer
    # 'expect Bob life ...' makes Bob's life the disputed value: step 3 changed it
    assert "    3. [deal damage] Zap deals 2 arcane damage to Bob." in answer
    assert "    2. [prevent damage]" in answer        # not modelled: the answer depends on it
    assert "  1. [play]" not in answer
    assert rest.index("  1. [play]") < rest.index("  2. [prevent damage]") < rest.index("Rules consulted")
    # first sentence of fab-1.4 20.7.2a, from the rules index
    assert ('fab-1.4 20.7.2a: "If the total power {p} of the attack is greater than the total '
            'defense value {d}') in out
    assert 'fab-1.4 Arcane Barrier N: "Arcane Barrier is a damage replacement effect."' in out
    assert "fab-1.4 99.99 (not in the installed rules)" in out
    assert "default applied: optional: decline - not stated" in out
    assert "not modelled: the *timing* window" in out
    assert "FAIL line 10: expect Bob life 17 (found: Bob life 18)" in out
    assert 'Branch "Bob blocks"' in out and "    4. [defend] Bob blocks." in out


def test_short_stops_after_the_answer(ruling):
    out = render(ruling, "text", short=True)
    assert "Decisive steps" in out and "Trace" not in out and "Rules consulted" not in out


def test_html_escapes_card_text_and_links_citations(ruling):
    out = render(ruling, "html", site=SITE)
    assert "<script>" not in out
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in out
    assert ('<a class="citation" href="https://rules.example/site/fab-1.4/20.html#20.7.2a">'
            "fab-1.4 20.7.2a</a>") in out
    assert 'href="https://rules.example/site/fab-1.4/27.html#Arcane%20Barrier%20N"' in out
    assert '<a class="citation missing"' in out     # 99.99 does not exist
    assert (out.index('<section class="answer"') < out.index('class="outcome"')
            < out.index('<ol class="trace">') < out.index("Rules consulted"))
    assert '<li value="1" id="step-1">' in out and '<li value="2" id="step-2" class="decisive">' in out
    assert '<a href="#step-3">3</a>' in out          # the decisive step links into the trace
    assert out.startswith("<!DOCTYPE html>")
    assert "Rule links are relative" not in out


def test_markdown_links_and_escapes_only_what_markdown_needs(ruling):
    out = render(ruling, "markdown", site=SITE)
    assert "[fab-1.4 20.7.2a](https://rules.example/site/fab-1.4/20.html#20.7.2a)" in out
    import re
    assert not re.search(r"(?<!\\)<script>", out) and "\\<script>" in out and "&lt;" not in out
    assert "the \\*timing\\* window" in out
    assert out.index("## Answer") < out.index("### Decisive steps") < out.index("## Trace") \
        < out.index("## Rules consulted")
    assert "### Trace" in out      # the branch's own trace is one level deeper
    assert "Rule links are relative" not in out


def test_markdown_reads_raw_text_as_written():
    from dataclasses import replace
    r = Ruling(title="t", game="fab", document="fab-1.4", outcome="Bob: life 20 -> 18 & more",
               steps=(TraceStep(1, "event", "[[Quick]] Zap -> Bob; a_b | c", (),
                                (("Bob life", "20 -> 18"), ("chain link 1 opens", ""))),))
    md = render(r, "markdown", site=SITE)
    assert "**Bob: life 20 -> 18 & more**" in md
    assert "[[Quick]] Zap -> Bob; a_b | c" in md
    assert "  - Bob life: 20 -> 18\n" in md
    assert "  - chain link 1 opens\n" in md     # no colon before an empty value
    text = render(replace(r, outcome="x"), "text")
    assert "chain link 1 opens\n" in text and "opens:" not in text


def test_relative_links_without_a_site_say_how_to_get_absolute_ones(ruling, monkeypatch):
    monkeypatch.delenv("JUDGE_SITE", raising=False)
    md = render(ruling, "markdown")
    assert "](fab-1.4/20.html#20.7.2a)" in md
    assert "Rule links are relative" in md and "`--site URL`" in md and "`JUDGE_SITE`" in md
    assert "Rule links are relative" in render(ruling, "html")
    assert json.loads(render(ruling, "json"))["links"]["base"] is None
    monkeypatch.setenv("JUDGE_SITE", "https://env.example")
    md = render(ruling, "markdown")
    assert "](https://env.example/fab-1.4/20.html#20.7.2a)" in md
    assert "Rule links are relative" not in md
    assert json.loads(render(ruling, "json"))["links"] == {"base": "https://env.example",
                                                           "note": ""}


def test_json_has_a_stable_schema(ruling):
    data = json.loads(render(ruling, "json", site=SITE))
    assert data["schema"] == SCHEMA == "judge-ruling/2"
    assert list(data)[:6] == ["schema", "title", "game", "document", "path", "passed"]
    assert set(data) == {"schema", "title", "game", "document", "path", "passed", "label",
                         "outcome", "answer", "steps", "folds", "expectations", "not_modelled",
                         "branches", "rules_consulted", "all_not_modelled", "source", "links",
                         "cards", "cards_from_databases"}
    assert data["source"] == []           # a hand-built ruling has no scenario text
    assert data["cards"] == [] and data["cards_from_databases"] is False
    step = data["steps"][0]
    assert set(step) == {"index", "action", "description", "citations", "state_change",
                         "default_applied", "not_modelled", "line", "decisive", "routine"}
    assert step["state_change"] == [{"what": "Alice hand", "change": "Zap -> stack"}]
    assert set(step["citations"][0]) == {"citation", "document", "key", "title", "quote",
                                         "url", "found", "section", "section_title"}
    assert data["title"] == f"Arcane Barrier {SCRIPT}"      # JSON keeps text as it is
    assert data["branches"][0]["label"] == "Bob blocks"
    assert data["expectations"][1] == {"line": 10, "text": "expect Bob life 17",
                                       "passed": False, "actual": "Bob life 18"}
    assert set(data["answer"]) == {"outcome", "expectations", "decisive", "assumptions"}
    # step 2 could not be modelled (the answer depends on it), step 3 changed Bob's life
    assert [g["steps"] for g in data["answer"]["decisive"]] == [[2], [3]]
    assert data["answer"]["assumptions"] == ["optional: decline - not stated"]


def test_rules_consulted_are_grouped_by_section_in_number_order_each_once(ruling):
    groups = json.loads(render(ruling, "json"))["rules_consulted"]
    assert [(g["document"], g["section"]) for g in groups] == [
        ("fab-1.4", "5"), ("fab-1.4", "20"), ("fab-1.4", "27"), ("fab-1.4", "99")]
    cited = [c["citation"] for g in groups for c in g["rules"]]
    assert len(cited) == len(set(cited)) == 4
    assert groups[1]["title"] == "Combat Chain"
    text = render(ruling, "text")
    assert text.index("  fab-1.4 5 ") < text.index("  fab-1.4 20 Combat Chain") \
        < text.index("  fab-1.4 27 Glossary")


def test_routine_runs_fold_in_text_and_stay_whole_in_json():
    passes = tuple(TraceStep(i, "action", f"{p} passes priority", ("fab-1.4 14.4",),
                             (("priority", q), ("passes", str(n))))
                   for i, (p, q, n) in enumerate([("Alice", "Bob", 1), ("Bob", "Alice", 2)], 2))
    steps = ((TraceStep(1, "action", "Alice plays Zap", ("fab-1.4 15.3",)),) + passes
             + (TraceStep(4, "rule", "the attack step ends; chain link 1 moves to the defend step",
                          ("fab-1.4 20.4.6",), (("defend step", ""), ("priority", "None"))),
                TraceStep(5, "event", "Zap deals 2 damage to Bob", ("fab-1.4 20.7.2a",),
                          (("Bob life", "20 -> 18"),))))
    r = Ruling(title="t", game="fab", document="fab-1.4", outcome="Life: Bob 18.", steps=steps)
    text = render(r, "text")
    assert "  2-4. (3 routine steps) Alice and Bob pass priority; the attack step ends\n" in text
    assert "[action] Alice passes priority" not in text
    data = json.loads(render(r, "json"))
    assert [s["index"] for s in data["steps"]] == [1, 2, 3, 4, 5]
    assert [s["routine"] for s in data["steps"]] == [False, True, True, True, False]
    assert data["folds"] == [{"first": 2, "last": 4, "steps": [2, 3, 4], "summary":
                              "Alice and Bob pass priority; the attack step ends"}]
    html = render(r, "html")
    assert html.count("<details>") == 1 and '<li value="3" id="step-3">' in html


def test_unknown_format_is_a_usage_error(ruling):
    with pytest.raises(UsageError):
        render(ruling, "pdf")


def test_markdown_escape_neutralises_html_and_markup_and_nothing_else():
    assert markdown_escape("<b>*x*</b> [a](b) `c` #") == "\\<b>\\*x\\*\\</b> [a\\](b) \\`c\\` #"
    assert markdown_escape("20 -> 18 | [[Quick]] a_b & c") == "20 -> 18 | [[Quick]] a_b & c"
    assert markdown_escape("_em_ &amp; ~~s~~\nnext") == "\\_em\\_ \\&amp; \\~\\~s\\~\\~ next"


def test_html_step_ids_are_unique_across_branches():
    """Branches number their steps from 1 each; their anchors must not collide."""
    import re
    from judge.games.run import run_scenario
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
    assert len(body.splitlines()) == 13 and tail.lstrip().startswith("*Rule links are relative")


def test_json_of_a_resolved_scenario_carries_its_source():
    from judge.games.run import run_scenario
    from judge.paths import SCENARIOS
    from judge.scenario.parser import parse_file
    path = SCENARIOS / "fab" / "arcane-barrier-example-1.scn"
    data = json.loads(render(run_scenario(parse_file(str(path))), "json"))
    assert data["source"] == path.read_text(encoding="utf-8").splitlines()
