"""Card-text parse cost per byte, FaB grammar vs lark's LALR JSON parser on the same number of
bytes, measured in the same run (pytest-benchmark; no timed assertions). Each side's fastest
round is compared, timed in process CPU time (the estimates least disturbed by other
processes on a shared machine).

Run: .venv/bin/python -m pytest tests/bench/bench_cards.py --benchmark-enable -q -s
The ratio is printed at the end ("fab/json cost-per-byte ratio")."""

from __future__ import annotations

import json
import random
import time

import pytest
from lark import Lark

from judge.cards import fab
from tests.conftest import shared_path

# The JSON grammar of lark's examples (examples/json_parser.py), written out here.
JSON_GRAMMAR = r"""
    ?start: value
    ?value: object
          | array
          | string
          | SIGNED_NUMBER      -> number
          | "true"             -> true
          | "false"            -> false
          | "null"             -> null
    array  : "[" [value ("," value)*] "]"
    object : "{" [pair ("," pair)*] "}"
    pair   : string ":" value
    string : ESCAPED_STRING
    %import common.ESCAPED_STRING
    %import common.SIGNED_NUMBER
    %import common.WS
    %ignore WS
"""

RESULTS: dict[str, float] = {}


@pytest.fixture(scope="module")
def corpus() -> list[tuple[str, str]]:
    path = shared_path("data", "cards", "fab", "cards.tsv")
    cards = [(n, t) for n, t in fab.iter_corpus(path) if t.strip()]
    random.Random(7).shuffle(cards)
    return cards[:400]


@pytest.fixture(scope="module")
def json_text(corpus) -> str:
    # a JSON document of about the same number of bytes as the card texts
    target = sum(len(t.encode()) for _, t in corpus)
    rows, size = [], 0
    rng = random.Random(3)
    while size < target:
        row = {"name": f"card {len(rows)}", "pitch": rng.randint(1, 3), "power": rng.random(),
               "tags": ["go again", "attack"], "ok": True, "none": None}
        rows.append(row)
        size = len(json.dumps(rows))
    return json.dumps(rows)[:-1].rsplit("},", 1)[0] + "}]"


CPU_TIMER = pytest.mark.benchmark(timer=time.process_time)


@CPU_TIMER
def test_bench_fab_card_text(benchmark, corpus):
    fab.parse("Draw a card.")  # build the parser outside the timing
    size = sum(len(t.encode()) for _, t in corpus)

    def run():
        for name, text in corpus:
            fab.parse(text, name=name)

    benchmark.pedantic(run, rounds=5, iterations=1)
    if benchmark.stats is not None:  # None when run with --benchmark-disable
        RESULTS["fab"] = benchmark.stats.stats.min / size
        RESULTS["bytes"] = size


@CPU_TIMER
def test_bench_lark_json_same_bytes(benchmark, json_text):
    parser = Lark(JSON_GRAMMAR, parser="lalr", propagate_positions=True)
    size = len(json_text.encode())
    benchmark.pedantic(parser.parse, args=(json_text,), rounds=10, iterations=1)
    if benchmark.stats is not None:
        RESULTS["json"] = benchmark.stats.stats.min / size


def test_report_ratio(corpus, json_text):
    if "fab" not in RESULTS or "json" not in RESULTS:
        pytest.skip("benchmarks disabled (run with --benchmark-enable)")
    ratio = RESULTS["fab"] / RESULTS["json"]
    print(f"\nfab card text: {RESULTS['fab'] * 1e6:.2f} us/byte over {RESULTS['bytes']} bytes; "
          f"lark LALR JSON: {RESULTS['json'] * 1e6:.2f} us/byte; "
          f"fab/json cost-per-byte ratio: {ratio:.1f}x (target <= 3x)")
    # The two benchmarks above run one after the other; on a shared machine the load can change
    # in between. Alternating the two workloads round by round gives a steadier ratio.
    card_rate, json_rate = alternating_rates(fab.parse, corpus, json_text, rounds=7)
    print(f"alternating rounds: fab/json cost-per-byte ratio: "
          f"{card_rate / json_rate:.1f}x (target <= 3x)")


def alternating_rates(parse, cards, json_text: str, *, rounds: int) -> tuple[float, float]:
    """Best CPU seconds per byte of ``parse(text, name=name)`` over ``cards`` and of lark's LALR
    JSON parser over ``json_text``, the two workloads alternating round by round (a change of
    machine load hits both alike)."""
    parser = Lark(JSON_GRAMMAR, parser="lalr", propagate_positions=True)
    card_best = json_best = float("inf")
    for _ in range(rounds):
        start = time.process_time()
        for name, text in cards:
            parse(text, name=name)
        card_best = min(card_best, time.process_time() - start)
        start = time.process_time()
        parser.parse(json_text)
        json_best = min(json_best, time.process_time() - start)
    return (card_best / sum(len(t.encode()) for _, t in cards),
            json_best / len(json_text.encode()))
