"""Word associations learned from judges' questions, measured by leave-one-part-out
cross-validation (sixth round; left out of the ranking, see docs/search.md).

For every question of the tuning parts and every rule it cites, each word (stem) of the question
that the rule does not print, and that at most MAX_SHARE of the document's rules print, is paired
with each term the rule prints. A pair is kept when at least MIN_QUESTIONS different questions
make it and the term is at least MIN_LIFT times more common in the rules those questions cite
than in the document's rules; per question word and game, the best pair (questions x log lift)
is kept. Each pair becomes a lower-weight form of the question word (LEARNED_WEIGHT, a rank_syn
row, as the documents' own synonyms are) in the documents of its game that index the term.

    .venv/bin/python bench/search_learn.py [MAX_SHARE]

For each tuning part: the pairs learned from the other parts go into a copy of the index (in a
temporary folder), and the part left out is ranked without and with them; then the same pooled
over the eight parts, and how many questions moved into or out of the top 5 and up or down.
"""

from __future__ import annotations

import math
import os
import re
import shutil
import sqlite3
import sys
import tempfile
from collections import Counter, defaultdict

from search_bench import MRR_DEPTH, TUNING_PARTS, K, all_questions  # beside this script

MIN_QUESTIONS = 2
MIN_LIFT = 2.0
PER_WORD = 1
MAX_SHARE = 0.05      # the largest share of a document's rules that may print a question word
LEARNED_WEIGHT = 0.3


class Rules:
    """The terms each rule prints (title and text, as the index stems them), per document."""

    def __init__(self, con):
        from judge.rules.search import STOP
        stem_of: dict[str, dict[str, str]] = defaultdict(dict)
        for w, d, s in con.execute("SELECT word, doc, stem FROM rank_stem WHERE doc != ''"):
            stem_of[d][w] = s
        self.game = dict(con.execute("SELECT id, game FROM documents"))

        self.terms: dict[str, tuple[str, set[str]]] = {}
        self.df: dict[str, Counter] = defaultdict(Counter)
        self.n: Counter = Counter()
        for nid, doc, title, text in con.execute(
                "SELECT id, doc, title, text FROM nodes WHERE kind != 'missing'"):
            words = re.findall(r"[^\W_]+", f"{title or ''} {text or ''}".lower())
            ts = {stem_of[doc][w] for w in words if w in stem_of[doc]}
            ts = {t for t in ts if t not in STOP and not any(c.isdigit() for c in t)}
            self.terms[nid] = (doc, ts)
            self.n[doc] += 1
            self.df[doc].update(ts)


def question_stems(con, text: str) -> set[str]:
    from judge.rules.search import _stem, _words
    words = [w for _, w in _words(text)]
    return {s for s in _stem(con, words) if s and not any(c.isdigit() for c in s)}


def learn(con, rules: Rules, questions) -> list[tuple[str, str, str, int]]:
    """(game, question stem, rule term, questions) of ``questions`` (dicts of a question set)."""
    pair: dict[tuple[str, str, str], set[str]] = defaultdict(set)
    asked: Counter = Counter()
    for q in questions:
        stems = question_stems(con, q["q"])
        asked.update(stems)
        cited = [rules.terms[c] for c in q["cite"] if c in rules.terms]
        for s in stems:
            for doc, ts in cited:
                # not a word many rules print: one they print often is matched as it is
                # ("go", "attack" learned only what their questions were about)
                if s not in ts and rules.df[doc][s] / rules.n[doc] <= MAX_SHARE:
                    for t in ts:
                        pair[(s, doc, t)].add(q["id"])
    best: dict[tuple[str, str], list[tuple[float, str, int]]] = defaultdict(list)
    for (s, doc, t), ids in pair.items():
        n = len(ids)
        if n < MIN_QUESTIONS:
            continue
        lift = (n / asked[s]) / (rules.df[doc][t] / rules.n[doc])
        if lift >= MIN_LIFT:
            best[(s, rules.game[doc])].append((n * math.log(lift), t, n))
    out = set()
    for (s, game), cands in best.items():
        for _, t, n in sorted(cands, key=lambda c: (-c[0], c[1]))[:PER_WORD]:
            out.add((game, s, t, n))
    return sorted(out)


def learned_rows(con, doc_id: str, pairs) -> list[tuple]:
    """rank_syn rows of ``pairs`` ((game, question stem, rule term, questions)) for the document:
    those of its game whose term it indexes."""
    (game,) = con.execute("SELECT game FROM documents WHERE id=?", (doc_id,)).fetchone()
    mine = [p for p in pairs if p[0] == game]
    printed = {t for (t,) in con.execute("SELECT term FROM rank_term WHERE doc=?", (doc_id,))}
    return [(doc_id, key, term, LEARNED_WEIGHT, f"learned from {n} questions")
            for _, key, term, n in mine if term in printed and key != term]


def evaluate(con, docs_of, qs) -> list[int]:
    from judge.rules.search import search
    out = []
    for q in qs:
        got = [h["citation"] for h in search(q["q"], con=con, docs=docs_of[q["game"]],
                                             limit=MRR_DEPTH)]
        out.append(next((i for i, c in enumerate(got, 1) if c in set(q["cite"])), 0))
    return out


def figures(ranks: list[int]) -> str:
    n = len(ranks)
    return (f"{sum(0 < r <= K for r in ranks) / n:.3f} / "
            f"{sum(1 / r for r in ranks if r) / n:.3f}")


def cross(con, rules: Rules, docs_of) -> None:
    qs = all_questions(TUNING_PARTS)
    docs = [d for (d,) in con.execute("SELECT doc FROM rank_doc")]
    pooled: dict[str, list[int]] = {"without": [], "with": []}
    print(f"leave-one-part-out, recall@{K} / MRR@{MRR_DEPTH} of the part left out "
          f"(MAX_SHARE {MAX_SHARE})")
    for hold in TUNING_PARTS:
        test = [q for p, q in qs if p == hold]
        pairs = learn(con, rules, [q for p, q in qs if p != hold])
        con.execute("DELETE FROM rank_syn WHERE source LIKE 'learned%'")
        con.commit()
        without = evaluate(con, docs_of, test)
        for d in docs:
            con.executemany("INSERT INTO rank_syn VALUES(?,?,?,?,?)", learned_rows(con, d, pairs))
        con.commit()
        with_ = evaluate(con, docs_of, test)
        pooled["without"] += without
        pooled["with"] += with_
        print(f"  {hold:<10} n={len(test):<4} without {figures(without)}   with {figures(with_)}"
              f"   ({len(pairs)} pairs learned from the other parts)", flush=True)
    a, b = pooled["without"], pooled["with"]
    print(f"  {'pooled':<10} n={len(b):<4} without {figures(a)}   with {figures(b)}")
    top = lambda r: 0 < r <= K    # noqa: E731
    print(f"  questions into the top {K}: {sum(top(y) and not top(x) for x, y in zip(a, b))}, "
          f"out of it: {sum(top(x) and not top(y) for x, y in zip(a, b))}; ranked higher: "
          f"{sum(bool(y) and (not x or y < x) for x, y in zip(a, b))}, lower: "
          f"{sum(bool(x) and (not y or y > x) for x, y in zip(a, b))}")


def main(argv: list[str]) -> int:
    global MAX_SHARE
    from judge.rules import lookup
    if argv:
        MAX_SHARE = float(argv[0])
    lookup.connect()
    docs_of = {g: [d["id"] for d in lookup.resolve_documents(g)] for g in ("fab", "wow", "ufs", "ashes")}
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "index.sqlite")
        shutil.copy(lookup.index_path(), path)
        con = sqlite3.connect(path)
        cross(con, Rules(con), docs_of)
        con.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
