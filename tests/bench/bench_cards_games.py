"""Card-text parse cost per byte for WoW (LALR with retried conflicts), UFS and Ashes (Earley),
each against lark's LALR JSON parser on the same number of bytes, in the same run. Rounds
alternate between the two workloads (best CPU time of each), so a change of machine load hits
both sides alike. No timed assertions: the ratios are printed.

Run: .venv/bin/python -m pytest tests/bench/bench_cards_games.py -q -s
"""

from __future__ import annotations

import json
import random
import time
from importlib import import_module

import pytest
from lark import Lark

from tests.bench.bench_cards import JSON_GRAMMAR
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
def test_bench_card_grammar_vs_lark_json(game, monkeypatch):
    parts, sample = CORPORA[game]
    module = import_module(f"judge.cards.{game}")
    cards = [(n, t) for n, t in module.iter_corpus(shared_path("data", "cards", *parts)) if t.strip()]
    random.Random(7).shuffle(cards)
    cards = cards[:sample]
    module.parse("Draw a card.")  # build (or load) the parser outside the timing
    card_bytes = sum(len(t.encode()) for _, t in cards)
    text = json_of_size(card_bytes)
    parser = Lark(JSON_GRAMMAR, parser="lalr", propagate_positions=True)
    card_best = json_best = float("inf")
    for _ in range(3):
        start = time.process_time()
        for name, card in cards:
            module.parse(card, name=name)
        card_best = min(card_best, time.process_time() - start)
        start = time.process_time()
        parser.parse(text)
        json_best = min(json_best, time.process_time() - start)
    ratio = (card_best / card_bytes) / (json_best / len(text.encode()))
    print(f"\n{game}: {card_best / card_bytes * 1e6:.1f} us/byte over {card_bytes} bytes "
          f"({len(cards)} cards); lark LALR JSON {json_best / len(text.encode()) * 1e6:.2f} "
          f"us/byte; ratio {ratio:.1f}x")
    if hasattr(module, "EARLEY_FALLBACK"):   # Ashes: the opt-in Earley fallback's cost too
        monkeypatch.setattr(module, "EARLEY_FALLBACK", True)
        start = time.process_time()
        for name, card in cards:
            module.parse(card, name=name)
        hybrid = time.process_time() - start
        print(f"{game} LALR then Earley fallback: ratio "
              f"{(hybrid / card_bytes) / (json_best / len(text.encode())):.1f}x")
