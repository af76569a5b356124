"""The card parsers' fast path gives the values of the plain one, over every card of the corpora.

The parsers call the transformer's rule methods as LALR reduces (``transformer=``; no parse
tree) and splice the ``_x`` rules straight into their parents. The reference path parses the
same tokens into a lark tree and runs the same transformer over it
(:attr:`judge.cards.reader.CardGrammar.via_tree`). Any difference in what a card parses to -
values, spans, unparsed parts and their reasons - fails the test, with the first card that
differs.
"""

from __future__ import annotations

from importlib import import_module

import pytest

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
