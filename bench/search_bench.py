"""Search quality: recall@5 and MRR@10 of ``judge search`` against plain SQLite FTS5 BM25 over the
same rule paragraphs, on the questions of ``bench/search_questions.toml``.

The questions are split by a fixed hash of their id (:func:`part`) into a tuning part and a
held-back part. Ranking parameters are tuned on the tuning part only; the held-back part is
reported as a whole and ``--details`` refuses to list it question by question.

Baseline: one FTS5 table (porter, unicode61) whose single column is each rule's title, text and
examples; the query is the question's distinct words minus the same stop words ``judge search``
drops, OR-ed; ranked by ``bm25()``; restricted to the documents of the question's game, as
``judge search --game`` is.

Run alone: ``.venv/bin/python bench/search_bench.py [--details] [--tuning-only] [--json]`` (``./dev bench search``
runs it with the other benchmarks).
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
QUESTIONS = ROOT / "bench" / "search_questions.toml"
K = 5          # recall@K
MRR_DEPTH = 10


def part(qid: str) -> str:
    """'held-back' or 'tuning', fixed by the id's SHA-256 (about half each)."""
    return "held-back" if int(hashlib.sha256(qid.encode()).hexdigest(), 16) % 2 == 0 else "tuning"


def questions() -> list[dict]:
    with open(QUESTIONS, "rb") as f:
        return tomllib.load(f)["q"]


class Baseline:
    """Plain FTS5 BM25 over the rule paragraphs, no synonyms, no structure."""

    def __init__(self, con: sqlite3.Connection):
        self.con = con
        self.mem = sqlite3.connect(":memory:")
        self.mem.execute("CREATE VIRTUAL TABLE p USING fts5(id UNINDEXED, doc UNINDEXED, body, "
                         "tokenize='porter unicode61')")
        rows = con.execute("SELECT id, doc, title, text, examples FROM nodes WHERE kind != 'missing'")
        from judge.rules.lookup import decode_examples
        self.mem.executemany("INSERT INTO p(id, doc, body) VALUES(?,?,?)", [
            (i, d, "\n".join([t or "", x or "", *(e["text"] for e in decode_examples(ex))]))
            for i, d, t, x, ex in rows])

    def search(self, query: str, docs: list[str], limit: int) -> list[str]:
        from judge.rules.search import _words
        words = [w for _, w in _words(query)]
        if not words:
            return []
        match = " OR ".join(f'"{w}"' for w in words)
        q = ",".join("?" * len(docs))
        return [r[0] for r in self.mem.execute(
            f"SELECT id FROM p WHERE p MATCH ? AND doc IN ({q}) ORDER BY bm25(p) LIMIT ?",
            [match, *docs, limit])]


def evaluate(details: bool = False) -> dict:
    from judge.rules import lookup
    from judge.rules.search import search
    con = lookup.connect()
    base = Baseline(con)
    docs_of = {g: [d["id"] for d in lookup.resolve_documents(g)] for g in ("fab", "wow", "ufs", "ashes")}
    results: dict[str, dict[str, list[float]]] = {}
    shown = []
    for q in questions():
        docs = docs_of[q["game"]]
        want = set(q["cite"])
        runs = {
            "bm25": base.search(q["q"], docs, MRR_DEPTH),
            "judge search": [h["citation"] for h in search(q["q"], con=con, docs=docs,
                                                           limit=MRR_DEPTH)],
        }
        p = part(q["id"])
        for name, got in runs.items():
            rank = next((i for i, c in enumerate(got, 1) if c in want), None)
            r = results.setdefault(p, {}).setdefault(name, [])
            r.append(rank or 0)
        if details and p == "tuning":
            shown.append((q, runs))
    out = {}
    for p in ("tuning", "held-back"):
        out[p] = {}
        for name, ranks in results.get(p, {}).items():
            n = len(ranks)
            out[p][name] = {
                "questions": n,
                f"recall@{K}": sum(1 for r in ranks if 0 < r <= K) / n,
                f"mrr@{MRR_DEPTH}": sum(1 / r for r in ranks if r) / n,
            }
    if details:
        for q, runs in shown:
            got = runs["judge search"]
            rank = next((i for i, c in enumerate(got, 1) if c in set(q["cite"])), None)
            b = next((i for i, c in enumerate(runs["bm25"], 1) if c in set(q["cite"])), None)
            if rank is None or rank > 1:
                print(f"[{q['id']}] rank {rank} (bm25 {b}): {q['q']}\n    want {q['cite']}\n"
                      f"    got  {got[:5]}", file=sys.stderr)
    return out


def report(res: dict, parts=("held-back", "tuning")) -> None:
    print(f"\nSearch quality (recall@{K}, MRR@{MRR_DEPTH}; targets on held-back: judge search "
          f"recall@{K} >= 0.95, MRR >= 0.85, both above bm25)")
    for p in parts:
        for name, m in res[p].items():
            print(f"  {p:<10} {name:<13} n={m['questions']:<3} recall@{K} {m[f'recall@{K}']:.3f}"
                  f"   MRR {m[f'mrr@{MRR_DEPTH}']:.3f}")


def main(argv: list[str]) -> int:
    res = evaluate(details="--details" in argv)
    if "--tuning-only" in argv:          # while tuning: not even the held-back totals
        res.pop("held-back")
        report(res, ("tuning",))
    elif "--json" in argv:
        print(json.dumps(res))
    else:
        report(res)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
