"""Building the index: glossary mentions found in one pass (the same as the regular expression
that defines them)."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from judge.rules import catalog
from judge.rules.graph import MentionFinder, _glossary_terms


def _mentions_re(terms: list[str], text: str) -> list[tuple[int, int]]:
    """The definition: one alternation of every term, longest first, case-insensitive."""
    alts = "|".join(re.escape(t) for t in sorted(set(terms), key=len, reverse=True))
    pattern = re.compile(rf"(?<![\w-])(?:{alts})(?:s|es)?(?![\w-])", re.IGNORECASE)
    return [(m.start(), m.end()) for m in pattern.finditer(text)]


@pytest.fixture(scope="module")
def documents():
    return [catalog.import_entry(e) for e in catalog.entries()]


def test_mention_finder_finds_what_the_regex_finds_in_every_bundled_document(documents):
    checked = 0
    for doc in documents:
        terms = list(_glossary_terms(doc.nodes))
        if not terms:
            continue
        finder = MentionFinder(terms)
        for n in doc.nodes:
            body = "\n".join([n.text, *(e.text for e in n.examples)])
            found = list(finder.find(body))
            assert found == _mentions_re(terms, body), (doc.manifest.id, n.key)
            checked += len(found)
    assert checked > 3000


_TERMS = ["go again", "arcane barrier", "class", "hero", "+x / +x", "(minimum n)", "<trait> and <trait>",
          "ally", "allies", "chain link", "chain", "x /"]


@settings(max_examples=600, deadline=None)
@given(st.lists(st.one_of(st.sampled_from(_TERMS + ["es", "s", "Go Again", "HERO", "Class"]),
                          st.sampled_from([" ", "-", "'", ".", "\n", "x", "(", "_", "é", "İ"]),
                          st.text(max_size=3)), max_size=14))
def test_mention_finder_matches_the_regex_on_generated_text(parts):
    text = "".join(parts)
    assert list(MentionFinder(_TERMS).find(text)) == _mentions_re(_TERMS, text)
