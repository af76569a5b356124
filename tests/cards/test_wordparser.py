"""judge.cards.wordparser.WordParser: the optimised word-level LALR parser gives exactly what the
first, unoptimised version (tests/cards/wordparser_reference.py) gives: the same tree (rules,
tokens, token types, positions) or the same error (position, expected terminals) for every
window of WoW card text the clause parser asks for; and replaying the parse straight into the
transformer (``parse_into``) gives the same CardText values as walking the reference's tree.

Whole corpus: WORDPARSER_CHECK_ALL=1 .venv/bin/python -m pytest tests/cards/test_wordparser.py -k sample
"""

from __future__ import annotations

import os
import random
import re

import pytest
from lark import Discard, Token, Tree
from lark.exceptions import UnexpectedCharacters, UnexpectedToken

from judge.cards import wow
from judge.cards.common import TokenSpan
from judge.cards.wordparser import WordParser, _any_of
from tests.cards.wordparser_reference import ReferenceWordParser
from tests.conftest import shared_path


def dump(node) -> tuple:
    """Everything a tree says: rule names, meta positions, token types, values and positions."""
    if isinstance(node, Tree):
        meta = node.meta
        where = tuple(getattr(meta, k, None) for k in
                      ("line", "column", "end_line", "end_column", "start_pos", "end_pos"))
        return (str(node.data), where, tuple(dump(c) for c in node.children))
    if isinstance(node, Token):
        return ("token", node.type, str(node), node.start_pos, node.end_pos, node.line,
                node.column, node.end_line, node.end_column)
    return ("value", repr(node))


def outcome(words, window: str, start: str) -> tuple:
    """The parse of ``window`` as comparable data: the tree, or the error's position and
    expected terminals."""
    try:
        return ("tree", dump(words.parse(window, start)))
    except UnexpectedCharacters as err:
        return ("chars", err.pos_in_stream, tuple(sorted(err.allowed or ())))
    except UnexpectedToken as err:
        return ("token", err.token.type, err.token.start_pos, tuple(sorted(err.expected or ())))


class Comparing:
    """Stands in for the clause parser's WordParser: runs the optimised and the reference
    parser on every window and records where they differ; answers with the optimised one."""

    def __init__(self, fast: WordParser, reference: ReferenceWordParser) -> None:
        self.fast, self.reference = fast, reference
        self.windows = 0
        self.differences: list[tuple[str, str, tuple, tuple]] = []

    def parse_into(self, window: str, start: str, node):
        """The reference parser's tree walked bottom-up into ``node``: the clause parser using
        this gets what the unoptimised parser and a walk of lark's tree give, to compare with
        the optimised parser's replay straight into the nodes."""
        self.windows += 1
        got, want = outcome(self.fast, window, start), outcome(self.reference, window, start)
        if got != want:
            self.differences.append((window.strip(), start, got, want))
        return walk(self.reference.parse(window, start), node)


def walk(tree: Tree, node):
    """``tree`` made bottom-up by ``node(name, children, span)``, as a transformer walks it
    (``Discard`` dropped; the span is the node's propagated position)."""
    children = []
    for child in tree.children:
        if isinstance(child, Tree):
            child = walk(child, node)
            if child is Discard:
                continue
        children.append(child)
    meta = tree.meta
    span = TokenSpan(None, None) if meta.empty else TokenSpan(meta.start_pos, meta.end_pos)
    return node(tree.data, children, span)


def clause_parsers():
    """(optimised, comparing) WoW clause parsers on the same grammar tables."""
    fast = wow.WowClauseParser()
    checked = wow.WowClauseParser()
    checked.words = Comparing(fast.words, ReferenceWordParser(*fast._grammar))
    return fast, checked


@pytest.fixture(scope="module")
def parsers():
    return clause_parsers()   # loading the grammar tables takes seconds: once per module


def wow_cards(sample: int) -> list[tuple[str, str]]:
    """``sample`` cards of the WoW corpus; all of them when WORDPARSER_CHECK_ALL is set (the
    full check takes about a minute of CPU per thousand cards)."""
    path = shared_path("data", "cards", "wow", "prints.json")
    cards = [(n, t) for n, t in wow.iter_corpus(path) if t.strip()]
    if os.environ.get("WORDPARSER_CHECK_ALL"):
        return cards
    random.Random(11).shuffle(cards)
    return cards[:sample]


def test_optimised_parser_matches_the_reference_on_every_window_of_a_wow_sample(parsers):
    fast, checked = parsers
    cards = wow_cards(60)
    for name, text in cards:
        assert repr(fast.parse(text, name=name)) == repr(checked.parse(text, name=name)), name
    compare = checked.words
    assert compare.windows >= len(cards)   # every card asked for at least one window
    assert compare.differences == []


@pytest.mark.parametrize("text", [
    "Draw a card.",
    "Your hero deals 3 fire damage to target ally.",
    "When this ally enters play, each opponent discards a card.",
    "Ongoing: Allies you control have +1 ATK.",
    "Zork the flibbertigibbet.",                  # unknown words: an error, the same one
    "Destroy target ally and",                     # ends early: an error at the end
    "",
])
@pytest.mark.parametrize("start", ["paragraph", "sentence"])
def test_optimised_parser_matches_the_reference_on_short_texts(parsers, text, start):
    fast, checked = parsers
    assert outcome(fast.words, text, start) == outcome(checked.words.reference, text, start)



def test_joined_span_regex_matches_where_any_of_its_parts_does():
    parts = [re.compile(r"(?i:this\s+turn\b)"), re.compile(r"(?i:fire\b(?=\s+damage))")]
    joined = _any_of(parts)
    for text in ("this turn", "THIS  turn!", "fire damage", "fire ball", "thistle", "x"):
        assert bool(joined.match(text)) == any(p.match(text) for p in parts), text


def test_span_regexes_with_back_references_or_mixed_flags_are_not_joined():
    assert _any_of([re.compile(r"(a)\1"), re.compile(r"b")]) is None
    assert _any_of([re.compile(r"a", re.IGNORECASE), re.compile(r"b")]) is None
    assert _any_of([]) is None


@pytest.mark.parametrize("text", ["Draw a card.", "Fire damage to target ally.",
                                  "Your hero deals 3 fire damage to target ally this turn.",
                                  "Ongoing: Allies you control have +1 ATK."])
def test_a_reading_is_skipped_only_when_nothing_at_the_next_word_can_follow_it(parsers, text):
    """Soundness of the skip, at the first word: whenever feeding a reading leaves a state
    that accepts some reading of the next word, ``_follows`` keeps it."""
    words = parsers[0].words
    checked = 0
    for start in ("paragraph", "sentence"):
        conf = words._conf(start)
        for name, end, after in words._placed(text, 0):
            if after >= len(text) or name not in words._actions(conf.start_state):
                continue
            following = words._placed(text, after)
            fed = words._feed((conf.start_state, None), None, name, (name, 0, end), conf)
            if any(r[0] in words._actions(table[0]) for table, _ in fed for r in following):
                assert words._follows(name, {r[0] for r in following}), (start, name)
                checked += 1
    assert checked
