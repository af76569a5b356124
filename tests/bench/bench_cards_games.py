"""Card-text parse cost per byte for WoW, UFS and Ashes, each against lark's LALR JSON parser on the same number of bytes, in the same run. Rounds
alternate between the two workloads (best CPU time of each, after an untimed warm-up round), so
a change of machine load hits both sides alike. The ratio of the two best rounds is printed, and
the spread of the round-by-round ratios: each of those pairs two back-to-back rounds, where the
best of each side can pair a card round and a (shorter, so more often undisturbed) JSON round
from different moments. No timed assertions: the ratios are printed.

Run: .venv/bin/python -m pytest tests/bench/bench_cards_games.py -q -s
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
