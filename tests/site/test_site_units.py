"""Pieces of the site builder: linked text segments, their HTML, the neighbourhood layout."""

from __future__ import annotations

from judge.site import svg
from judge.site.textlinks import Link, Segment, segments, to_html


def test_reference_wins_over_an_overlapping_mention_and_mentions_link_once():
    text = "Combat chain rules: see (Refer 20.6 - Reaction Step). The combat chain closes."
    links = [Link("combat chain", "mention", "g.html#Combat%20chain", "glossary", False),
             Link("Reaction Step", "mention", "g.html#Reaction%20Step", "glossary", False),
             Link("(Refer 20.6 - Reaction Step)", "cite", "20.html#20.6", "fab-1.4 20.6", True)]
    parts = segments(text, links)
    assert "".join(p.text for p in parts) == text
    linked = [(p.text, p.kind) for p in parts if p.kind]
    # "Reaction Step" lies inside the reference; "Combat chain" differs in case from the raw
    assert linked == [("(Refer 20.6 - Reaction Step)", "cite"), ("combat chain", "mention")]
    parts = segments("the combat chain and the combat chain", links)
    assert [(p.text, p.kind) for p in parts if p.kind] == [("combat chain", "mention")]


def test_words_inside_longer_words_are_not_linked():
    parts = segments("Overpowering power", [Link("power", "mention", "#p", "t", False)])
    assert [(p.text, p.kind) for p in parts if p.kind] == [("power", "mention")]
    assert parts[0].text == "Overpowering "


def test_segments_html_escapes_text_titles_and_hrefs():
    html = str(to_html([
        Segment("<script>alert(1)</script> "),
        Segment("x<b>", "cite", 'a.html#"><b>', 'say "hi" <b>'),
        Segment(" 1.3.2d", "dangling", None, "not in this document: 1.3.2d"),
    ]))
    assert "<script>" not in html and "<b>" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert 'href="a.html#&#34;&gt;&lt;b&gt;"' in html
    assert '<span class="xref dangling" title="not in this document: 1.3.2d"> 1.3.2d' in html


def test_neighbourhood_is_none_without_citations_and_capped_with_a_count():
    assert svg.layout("1.1", "x 1.1", [], []) is None
    many = [svg.Neighbour(f"9.{i}", f"x 9.{i}", f"#9.{i}") for i in range(svg.CAP + 3)]
    drawing = svg.layout("1.1", "x 1.1", many, [svg.Neighbour("?2", "missing", None, True)])
    assert len(drawing["left"]) == svg.CAP and drawing["left_more"]["text"] == "+3 more"
    assert drawing["right"][0]["dangling"] and drawing["right"][0]["href"] is None
    assert len(drawing["lines"]) == svg.CAP + 1
    for box in drawing["left"] + drawing["right"] + [drawing["centre"]]:
        assert 0 <= box["x"] and box["x"] + box["w"] <= drawing["width"]
        assert 0 <= box["y"] and box["y"] + box["h"] <= drawing["height"]
