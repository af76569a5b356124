"""The card parsers' fast path gives the values of the plain one, over every card of the corpora.

The parsers call the transformer's rule methods as LALR reduces (``transformer=``; no parse
tree) and splice the ``_x`` rules straight into their parents. The reference path parses the
same tokens into a lark tree and runs the same transformer over it
(:attr:`judge.cards.reader.CardGrammar.via_tree`). Any difference in what a card parses to -
values, spans, unparsed parts and their reasons - fails the test, with the first card that
differs.
"""

from __future__ import annotations

import re
from importlib import import_module

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.conftest import shared_path

CORPORA = {"fab": ("data", "cards", "fab", "cards.tsv"),
           "wow": ("data", "cards", "wow", "prints.json"),
           "ufs": ("data", "cards", "ufs"),
           "ashes": ("data", "cards", "ashes", "first-edition")}


def _values(module, cards) -> list[str]:
    return [repr(module.parse(text, name=name)) for name, text in cards]


@pytest.mark.parametrize("game", sorted(CORPORA))
def test_in_parser_values_equal_tree_then_transformer_over_the_corpus(game):
    path = shared_path(*CORPORA[game])
    module = import_module(f"judge.cards.{game}")
    cards = [(name, text) for name, text in module.iter_corpus(path) if text.strip()]
    assert len(cards) > 100
    grammar = module.READER.grammar
    fast = _values(module, cards)
    grammar.via_tree = True
    try:
        reference = _values(module, cards)
    finally:
        grammar.via_tree = False
    for (name, _), got, want in zip(cards, fast, reference):
        assert got == want, f"{game} card {name!r} parses differently on the fast path"
    assert len(fast) == len(reference)


@pytest.mark.parametrize("game", sorted(CORPORA))
def test_card_parsers_run_their_own_lalr_loop_over_the_installed_lark(game):
    """The reader's LALR loop finds lark's tables (else it falls back to ``Lark.parse``,
    correct but slower: this says so rather than letting the speed go unnoticed)."""
    module = import_module(f"judge.cards.{game}")
    grammar = module.READER.grammar
    assert grammar.driver is not None
    assert set(grammar.driver.starts) == set(grammar.start)


def test_without_larks_tables_the_reader_parses_with_lark_and_the_values_are_the_same(
        monkeypatch):
    from judge.cards import fab, reader
    path = shared_path(*CORPORA["fab"])
    cards = [(n, t) for n, t in fab.iter_corpus(path) if t.strip()][:300]
    fast = _values(fab, cards)
    grammar = fab.READER.grammar
    assert reader._lalr_tables(object()) is None       # a lark of another layout
    monkeypatch.setattr(reader, "lark_version", lambda: "1.4.0")
    assert reader._lalr_tables(grammar.lark) is None   # a release the loop was not checked on
    monkeypatch.undo()
    monkeypatch.setattr(grammar, "driver", None)        # what the reader then has
    assert _values(fab, cards) == fast


@pytest.mark.parametrize("game", sorted(CORPORA))
def test_reductions_made_from_larks_wrappers_equal_larks_own_callbacks(game, monkeypatch):
    """The loop makes each rule's reduction from lark's wrappers (reader._reduction); with
    wrappers it does not know it calls lark's callbacks as they are (reader._lark_reduction).
    Both give the values of the same cards."""
    from judge.cards import reader
    path = shared_path(*CORPORA[game])
    module = import_module(f"judge.cards.{game}")
    cards = [(n, t) for n, t in module.iter_corpus(path) if t.strip()][:400]
    grammar = module.READER.grammar
    made = _values(module, cards)
    driver = grammar.driver
    kinds = {r is None or r.__name__ for _, r, _ in driver.states.reductions.values()}
    assert kinds == {True, "reduce"}            # one-child rules cost nothing, none is lark's
    real = reader._lalr_tables
    monkeypatch.setattr(reader, "_lalr_tables", lambda lark: (*real(lark)[:4], (None, None)))
    monkeypatch.setattr(grammar, "driver", reader.LALRDriver.of(grammar.lark))
    assert _values(module, cards) == made
    assert {r.__qualname__ for _, r, _ in grammar.driver.states.reductions.values()} == \
        {"_lark_reduction.<locals>.reduce"}


_SAMPLE_CHARS = "abXY_'[] ,.-1é"


@settings(max_examples=300, deadline=None)
@given(text=st.text(alphabet=_SAMPLE_CHARS, max_size=24),
       word=st.text(alphabet=_SAMPLE_CHARS, min_size=1, max_size=4))
def test_wow_name_search_finds_what_the_patterns_it_replaces_find(text, word):
    """WoW's short-name look-up (judge.cards.wow._short_name) finds a name by str.find and the
    characters around it; it answers as the patterns made per card did."""
    from judge.cards import wow
    assert wow._printed_bounded(text, word) == bool(
        re.search(r"\b" + re.escape(word) + r"\b", text))
    assert wow._printed_alone(text, word) == bool(
        re.search(r"(?<![\w'\[])" + re.escape(word) + r"(?![\w\]])", text))


@settings(max_examples=300, deadline=None)
@given(text=st.text(alphabet=_SAMPLE_CHARS, max_size=24),
       name=st.text(alphabet=_SAMPLE_CHARS, min_size=1, max_size=4))
def test_coverage_shapes_replace_the_card_name_as_the_pattern_did(text, name):
    from judge.cards import coverage
    assert coverage._name_replaced(text, name) == re.sub(
        r"(?<!\w)" + re.escape(name) + r"(?!\w)", "NAME", text)


def test_model_values_made_through_their_slots_equal_what_dataclasses_makes():
    """judge.cards.model gives its frozen dataclasses an ``__init__`` that sets the slots
    directly (_fast_inits); for every such class, the same arguments (positional and by
    keyword, defaults left out) give a value equal, field for field, to the one the
    dataclasses-made ``__init__`` gives, and it stays frozen."""
    import dataclasses
    from judge.cards import model as M
    M.use_fast_inits()                   # as the card reader does when it loads a parser
    classes = [c for c in vars(M).values() if isinstance(c, type) and c.__module__ == M.__name__
               and dataclasses.is_dataclass(c)]
    assert len(classes) > 40
    for cls in classes:
        assert "_dataclass_init" in cls.__dict__, f"{cls.__name__} kept the slow __init__"
        fs = dataclasses.fields(cls)
        required = [f for f in fs if f.default is dataclasses.MISSING]
        args = [object() for _ in required]
        for kwargs in ({}, {f.name: object() for f in fs if f.default is not dataclasses.MISSING}):
            fast = cls(*args, **kwargs)
            slow = object.__new__(cls)
            cls._dataclass_init(slow, *args, **kwargs)
            assert [getattr(fast, f.name) for f in fs] == [getattr(slow, f.name) for f in fs]
            assert type(fast) is cls        # (a class of many fields is made as its twin)
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(fast, fs[0].name, 1)
    assert M._twin(M.Target) is not None        # the twin path is taken where it pays


def test_span_of_shares_equal_spans_and_bounds_what_it_keeps(monkeypatch):
    """span_of gives each (start, end) as one shared Span, equal to a new one; the spans it
    keeps are dropped once there are too many."""
    from lark import Token
    from judge.cards import syntax
    from judge.cards.model import Span
    monkeypatch.setattr(syntax, "_spans", {})
    a, b = Token("W", "ab", 3, end_pos=5), Token("W", "cd", 6, end_pos=8)
    assert syntax.span_of([a, b]) == Span(3, 8) and syntax.span_of([a, b]) is syntax.span_of(
        a, b)
    assert syntax.span_of(a) == Span(3, 5) and syntax.span_of([a]) is syntax.span_of(a)
    for i in range(100_000):
        syntax._span(i, i + 1)
    assert len(syntax._spans) <= 100_000 and syntax.span_of(b) == Span(6, 8)


def test_model_replace_equals_dataclasses_replace():
    """judge.cards.model.replace sets the new value's slots directly for the classes given a
    fast ``__init__``; for every such class, changing no field, each field alone, or all of
    them gives a value equal, field for field, to dataclasses.replace's (frozen, the same
    class); a name that is no field raises dataclasses' TypeError."""
    import dataclasses
    from judge.cards import model as M
    M.use_fast_inits()
    classes = [c for c in vars(M).values() if isinstance(c, type) and c.__module__ == M.__name__
               and dataclasses.is_dataclass(c)]
    assert all(c in M._REPLACERS for c in classes)
    for cls in classes:
        fs = dataclasses.fields(cls)
        value = cls(*[object() for f in fs if f.default is dataclasses.MISSING])
        changes = [{}] + [{f.name: object()} for f in fs] + [{f.name: object() for f in fs}]
        for change in changes:
            fast, slow = M.replace(value, **change), dataclasses.replace(value, **change)
            assert type(fast) is cls and fast is not value
            assert [getattr(fast, f.name) for f in fs] == [getattr(slow, f.name) for f in fs]
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(fast, fs[0].name, 1)
        with pytest.raises(TypeError):
            M.replace(value, no_such_field=1)
    from judge.cards.nouns import Vocabulary          # a dataclass of another module
    assert Vocabulary not in M._REPLACERS
    assert M.replace(Vocabulary(), zones={"x": 1}) == Vocabulary(zones={"x": 1})


@pytest.mark.parametrize("game", sorted(CORPORA))
def test_spans_inside_are_the_spans_walk_yields_over_the_corpus(game):
    """model.spans_inside (the frames' check for unread phrases) collects, in order, the spans
    of the values model.walk yields: over every card of each corpus, and inside lists."""
    from judge.cards import model as M
    path = shared_path(*CORPORA[game])
    module = import_module(f"judge.cards.{game}")
    cards = [(name, text) for name, text in module.iter_corpus(path) if text.strip()]
    seen = 0
    for name, text in cards:
        card = module.parse(text, name=name)
        for value in (card, [list(a.effects) for a in card.abilities]):
            want = [v.span for v in M.walk(value) if getattr(v, "span", None) is not None]
            assert M.spans_inside(value, []) == want, f"{game} card {name!r}"
            seen += len(want)
    assert seen > 1000
    assert M.spans_inside(M.Span, []) == [] and M.spans_inside("text", []) == []


def _scan_one_match_at_a_time(text, self_spans):
    """The lexer's scan as it was written before it read runs of matches (the reference): one
    match of the scanner at a time from where the last ended, cut where the card's name
    starts."""
    from judge.cards.lexer import _SAME, _SCAN, Word, _apostrophe_word
    plain = text.translate(_SAME)
    out = []
    selves = iter(sorted(self_spans))
    next_self = next(selves, None)
    pos, end = 0, len(plain)
    while pos < end:
        if next_self is not None and pos >= next_self[0]:
            if pos == next_self[0]:
                out.append(Word("self", text[next_self[0]:next_self[1]], *next_self))
                pos = next_self[1]
                for mark in ("'s", "'"):
                    if plain.startswith(mark, pos) and not plain[pos + len(mark):pos + len(mark)
                                                                  + 1].isalpha():
                        out.append(Word("poss", mark, pos, pos + len(mark)))
                        pos += len(mark)
                        break
            next_self = next(selves, None)
            continue
        m = _SCAN.match(plain, pos)
        kind, stop = m.lastgroup, m.end()
        if kind == "skip" and "\n" in plain[pos:stop]:
            out.append(Word("break", "", pos, pos))
        if next_self is not None and stop > next_self[0]:
            stop = next_self[0]
        if kind == "word":
            word = plain[pos:stop]
            if "'" not in word:
                out.append(Word("word", word, pos, stop))
            else:
                _apostrophe_word(out, word, pos, stop)
        elif kind != "skip":
            out.append(Word(kind, plain[pos:stop], pos, stop))
        pos = stop
    return out


@settings(max_examples=500, deadline=None)
@given(text=st.text(alphabet="ab XY_'[]{},.-1é\n\t\\*\u2019s3", max_size=24),
       cuts=st.lists(st.tuples(st.integers(0, 24), st.integers(1, 8)), max_size=3))
def test_scan_reads_the_words_one_match_at_a_time_would(text, cuts):
    """judge.cards.lexer.scan reads the runs of matches between the card's names with one
    finditer each; the words (and their cuts at a name, overlapping names, possessives after
    one) are those of reading one match at a time."""
    from judge.cards.lexer import scan
    spans = sorted({(a, min(a + n, len(text))) for a, n in cuts if a < len(text)})
    assert scan(text, spans) == _scan_one_match_at_a_time(text, spans)
