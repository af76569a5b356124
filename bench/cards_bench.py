"""Card text against lark's documented JSON example, per byte (issue 21), for the four games.

The yardstick is lark's JSON example as its documentation gives it (``examples/json_parser.py``:
``Lark(json_grammar, parser='lalr', lexer='basic', transformer=TreeToJson())``), written out here,
parsing a JSON document of the same number of bytes as the card texts it is compared with (rows
of objects: strings, numbers, lists, true/false/null - the example's kind of input).

* in-process (warm): the card parser and the JSON parser are loaded first; then paired rounds,
  each timing (CPU time of this process) the parse of every card text of the sample and the
  parse of the JSON document, back to back, the order swapped every other round. A round's
  ratio is card time over JSON time (same bytes: the ratio per byte). The median of the rounds'
  ratios is reported with quartiles and min-max.
* whole process: ``judge cards coverage GAME PATH --json`` over the whole corpus against a
  Python process that runs the JSON example on a file of the same number of bytes (this file,
  ``python bench/cards_bench.py json FILE``), in paired hyperfine rounds (bench/paired.py).
* cold grammar build: a process with an empty user cache builds the game's card parser (lark's
  grammar analysis and parse tables), timed inside the process; the median of 3 runs.
* peak memory of a WoW coverage run: ``/usr/bin/time -v``'s maximum resident set size.

Run: ``./dev bench cards``. No assertion: the figures and their targets are printed.
"""

from __future__ import annotations

import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from importlib import import_module
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared" / "data" / "cards"
CORPORA = {"fab": SHARED / "fab" / "cards.tsv", "wow": SHARED / "wow" / "prints.json",
           "ufs": SHARED / "ufs", "ashes": SHARED / "ashes" / "first-edition"}
SAMPLE_BYTES = 200_000          # in-process: a seeded sample of about this many bytes per game

# lark's examples/json_parser.py, as documented
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


def json_parser():
    from lark import Lark, Transformer, v_args

    class TreeToJson(Transformer):
        @v_args(inline=True)
        def string(self, s):
            return s[1:-1].replace('\\"', '"')

        array = list
        pair = tuple
        object = dict
        number = v_args(inline=True)(float)

        def null(self, _):
            return None

        def true(self, _):
            return True

        def false(self, _):
            return False

    return Lark(JSON_GRAMMAR, parser="lalr", lexer="basic", transformer=TreeToJson())


def json_of_size(size: int) -> str:
    """A JSON document of ``size`` bytes (give or take a row): rows of card-like objects."""
    rows, total, rng = [], 2, random.Random(3)
    while total < size:
        row = {"name": f"card {len(rows)}", "pitch": rng.randint(1, 3),
               "power": round(rng.random() * 10, 3), "tags": ["go again", "attack"],
               "ok": rng.random() < 0.5, "none": None}
        rows.append(row)
        total += len(json.dumps(row)) + 2
    return json.dumps(rows)


def corpus(game: str) -> list[tuple[str, str]]:
    module = import_module(f"judge.cards.{game}")
    return [(n, t) for n, t in module.iter_corpus(CORPORA[game]) if t.strip()]


def sample(game: str, limit: int = SAMPLE_BYTES) -> list[tuple[str, str]]:
    cards = corpus(game)
    random.Random(7).shuffle(cards)
    out, size = [], 0
    for name, text in cards:
        if size >= limit:
            break
        out.append((name, text))
        size += len(text.encode())
    return out


def _quartiles(values: list[float]) -> tuple[float, float]:
    if len(values) < 4:
        return min(values), max(values)
    q = statistics.quantiles(values, n=4, method="inclusive")
    return q[0], q[2]


def in_process(game: str, rounds: int = 9) -> dict:
    """Paired rounds in this process (see the module's docstring)."""
    module = import_module(f"judge.cards.{game}")
    cards = sample(game)
    size = sum(len(t.encode()) for _, t in cards)
    doc = json_of_size(size)
    parser = json_parser()

    def cards_round() -> float:
        t = time.process_time()
        for name, text in cards:
            module.parse(text, name=name)
        return time.process_time() - t

    def json_round() -> float:
        t = time.process_time()
        parser.parse(doc)
        return time.process_time() - t

    cards_round(), json_round()            # warm: parsers loaded, first parse done
    ratios, card_times, json_times = [], [], []
    for r in range(rounds):
        if r % 2:
            j, c = json_round(), cards_round()
        else:
            c, j = cards_round(), json_round()
        card_times.append(c)
        json_times.append(j)
        ratios.append((c / size) / (j / len(doc.encode())))
    q1, q3 = _quartiles(ratios)
    return {"game": game, "cards": len(cards), "bytes": size, "json_bytes": len(doc.encode()),
            "card_us_per_byte": statistics.median(card_times) / size * 1e6,
            "json_us_per_byte": statistics.median(json_times) / len(doc.encode()) * 1e6,
            "ratio": statistics.median(ratios), "q1": q1, "q3": q3, "min": min(ratios),
            "max": max(ratios), "rounds": rounds}


def cold_build(game: str, runs: int = 3) -> dict:
    """Seconds a process with an empty user cache spends building the card parser: wall time,
    and the process's CPU time (the build is CPU-bound: on a shared machine the difference is
    time spent waiting for a core)."""
    code = ("import time, sys\n"
            f"from judge.cards import {game} as m\n"
            "t, c = time.perf_counter(), time.process_time()\n"
            "m.READER.grammar.lark\n"
            "print(time.perf_counter() - t, time.process_time() - c)\n")
    wall, cpu = [], []
    for _ in range(runs):
        with tempfile.TemporaryDirectory() as home:
            out = subprocess.run([sys.executable, "-c", code], env=dict(os.environ, JUDGE_HOME=home),
                                 capture_output=True, text=True, check=True, cwd=ROOT)
            w, c = out.stdout.strip().splitlines()[-1].split()
            wall.append(float(w))
            cpu.append(float(c))
    return {"game": game, "seconds": statistics.median(wall), "cpu_seconds": statistics.median(cpu),
            "runs": wall}


def corpus_bytes(game: str) -> int:
    return sum(len(t.encode()) for _, t in corpus(game))


def main(argv: list[str]) -> int:
    if argv and argv[0] == "json":                # the whole-process baseline
        parser = json_parser()
        parser.parse(Path(argv[1]).read_text(encoding="utf-8"))
        return 0
    if argv and argv[0] == "in-process":
        print(json.dumps(in_process(argv[1])))
        return 0
    if argv and argv[0] == "cold":
        print(json.dumps(cold_build(argv[1])))
        return 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
