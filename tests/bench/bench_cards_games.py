"""Card-text parse cost per byte for WoW (word-level LALR with retried conflicts), UFS and Ashes
(LALR with lark's contextual lexer), each against lark's LALR JSON parser on the same number of bytes, in the same run. Rounds
alternate between the two workloads (best CPU time of each, after an untimed warm-up round), so
a change of machine load hits both sides alike. The ratio of the two best rounds is printed, and
the spread of the round-by-round ratios: each of those pairs two back-to-back rounds, where the
best of each side can pair a card round and a (shorter, so more often undisturbed) JSON round
from different moments. No timed assertions: the ratios are printed.

Run: .venv/bin/python -m pytest tests/bench/bench_cards_games.py -q -s
(``-k where_the_time`` for the WoW split: word-parser search, replay into the transformer, the rest)
"""

from __future__ import annotations

import json
import random
import time
from importlib import import_module

import pytest
from lark import Lark
from lark.exceptions import UnexpectedInput

from tests.bench.bench_cards import JSON_GRAMMAR, alternating_rates, spread
from tests.conftest import shared_path

CORPORA = {  # game -> (path under ../shared/data/cards, cards sampled)
    "wow": (("wow", "prints.json"), 150),
    "ufs": (("ufs",), 60),
    "ashes": (("ashes", "first-edition"), 60),
}


def json_of_size(target: int) -> str:
    rows, size, rng = [], 0, random.Random(3)
    while size < target:
        rows.append({"name": f"card {len(rows)}", "pitch": rng.randint(1, 3),
                     "power": rng.random(), "tags": ["go again", "attack"], "ok": True,
                     "none": None})
        size = len(json.dumps(rows))
    return json.dumps(rows)


@pytest.mark.parametrize("game", list(CORPORA))
def test_bench_card_grammar_vs_lark_json(game):
    parts, sample = CORPORA[game]
    module = import_module(f"judge.cards.{game}")
    cards = [(n, t) for n, t in module.iter_corpus(shared_path("data", "cards", *parts)) if t.strip()]
    random.Random(7).shuffle(cards)
    cards = cards[:sample]
    module.parse("Draw a card.")  # build (or load) the parser outside the timing
    card_bytes = sum(len(t.encode()) for _, t in cards)
    card_rate, json_rate = alternating_rates(module.parse, cards, json_of_size(card_bytes), rounds=7)
    print(f"\n{game}: {card_rate * 1e6:.1f} us/byte over {card_bytes} bytes "
          f"({len(cards)} cards); lark LALR JSON {json_rate * 1e6:.2f} "
          f"us/byte; ratio {card_rate / json_rate:.1f}x best of each (round by round {spread()})")


class _Recorder:
    """Stands in for a clause parser's WordParser and notes every window it is asked for."""

    def __init__(self, words) -> None:
        self.words, self.windows = words, []

    def parse_into(self, window: str, start: str, node):
        self.windows.append((window, start))
        return self.words.parse_into(window, start, node)


def test_bench_wow_where_the_time_goes():
    """WoW parse cost split into the word parser's search, the replay of the winning parse
    into the transformer (which makes the card's values), and the rest (splitting paragraphs and
    sentences, the card line), each as a multiple of lark's LALR JSON parser on the same number
    of bytes (alternating rounds, best CPU time of each)."""
    from judge.cards import wow
    parts, sample = CORPORA["wow"]
    cards = [(n, t) for n, t in wow.iter_corpus(shared_path("data", "cards", *parts)) if t.strip()]
    random.Random(7).shuffle(cards)
    cards = cards[:sample]
    clauses = wow.WowClauseParser()
    words = clauses.words
    clauses.words = recorder = _Recorder(words)
    for name, card in cards:
        clauses.parse(card, name=name)
    clauses.words = words
    windows = recorder.windows
    card_bytes = sum(len(t.encode()) for _, t in cards)
    text = json_of_size(card_bytes)
    parser = Lark(JSON_GRAMMAR, parser="lalr", propagate_positions=True)

    def every_window(step):
        for window, start in windows:
            try:
                step(window, start)
            except UnexpectedInput:
                pass

    def search(window, start):
        if words._search(window, start, skip_dead=True) is None:
            words._search(window, start, skip_dead=False)

    def into(window, start):
        words.parse_into(window, start, wow.WowTransformer(window)._node)

    rounds = {"total": lambda: [clauses.parse(c, name=n) for n, c in cards],
              "search": lambda: every_window(search),
              "search+replay": lambda: every_window(into),
              "json": lambda: parser.parse(text)}
    for run in rounds.values():
        run()   # warm-up: caches filled on first use
    best = dict.fromkeys(rounds, float("inf"))
    for _ in range(7):
        for key, run in rounds.items():
            start = time.process_time()
            run()
            best[key] = min(best[key], time.process_time() - start)
    unit = best.pop("json") / len(text.encode()) * card_bytes
    search_, replay = best["search"], best["search+replay"] - best["search"]
    rest = best["total"] - best["search+replay"]
    print(f"\nwow, as multiples of lark LALR JSON on {card_bytes} bytes ({len(windows)} windows): "
          f"total {best['total'] / unit:.2f}x = search {search_ / unit:.2f}x + replay into the "
          f"transformer {replay / unit:.2f}x + the rest {rest / unit:.2f}x")
