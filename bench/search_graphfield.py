"""Rule-side expansion from the rules graph as an extra, lower-weight field of the default
(lexical) ranking, measured by leave-one-part-out cross-validation (eighth round).

Each rule gets an expansion text: the definitions of the glossary terms it mentions and the
heading paths of the rules it cites and of the rules that cite it (what the graph links it to;
its own headings and title are fields of the ranking already). The expansion texts are one
FTS5 table (porter, unicode61); a question's words, OR-ed, score them by ``bm25()``; among the
lexical ranking's top rows, a rule gains ``weight x (top score) x (its expansion score / the
best expansion score among those rows)``. A prototype on the ranking's output: if it
generalised, it would become a field of the index (``search_index.py``).

For each part in turn the weight and depth are chosen on the other parts, and the part left out
is ranked with the choice.

    .venv/bin/python bench/search_graphfield.py
"""

from __future__ import annotations

import sqlite3
import sys

from search_bench import (  # beside this script
    TUNING_PARTS, before_after, choose, lifted, rank_of, recall_mrr, all_questions)
from search_passages import heading_path  # beside this script

DEPTHS = (10, 30, 50)
WEIGHTS = (0.0, 0.05, 0.1, 0.2, 0.4, 0.8)
PARTS = ("terms", "links", "both")


def expansions(con) -> dict[str, dict[str, str]]:
    """Per rule: the glossary definitions it mentions ("terms") and the linked rules' heading
    paths ("links")."""
    node = {i: (d, k) for i, d, k in con.execute("SELECT id, doc, key FROM nodes")}
    gloss = {i: (t or "") + " " + (x or "") for i, t, x in con.execute(
        "SELECT id, title, text FROM nodes WHERE kind = 'glossary'")}
    terms: dict[str, list[str]] = {}
    links: dict[str, list[str]] = {}
    for src, dst, kind in con.execute("SELECT src, dst, kind FROM edges"):
        if kind == "mentions" and dst in gloss and src != dst:
            terms.setdefault(src, []).append(gloss[dst])
        elif kind == "cites" and src in node and dst in node:
            for a, b in ((src, dst), (dst, src)):
                path = " ".join(heading_path(con, *node[b], 3))
                if path:
                    links.setdefault(a, []).append(path)
    out = {}
    for i in node:
        t = " ".join(terms.get(i, []))
        li = " ".join(links.get(i, []))
        out[i] = {"terms": t, "links": li, "both": t + " " + li}
    return out



def measure(rows, cfg) -> tuple[float, float]:
    field, depth, weight = cfg
    ranks = []
    for want, hits, ex in rows:
        pool = hits[:depth]
        if pool and weight:
            e = ex[field][:len(pool)]
            best = max(e) or 1.0
            top = max(s for _, s in pool) or 1.0
            got = lifted(pool, [weight * top * ei / best for ei in e]) + [
                c for c, _ in hits[depth:]]
        else:
            got = [c for c, _ in hits]
        ranks.append(rank_of(got, want))
    return recall_mrr(ranks)


def main() -> int:
    from judge.rules import lookup
    from judge.rules.search import _words, search
    con = lookup.connect()
    docs_of = {g: [d["id"] for d in lookup.resolve_documents(g)]
               for g in ("fab", "wow", "ufs", "ashes")}
    ex = expansions(con)
    mem = sqlite3.connect(":memory:")
    mem.execute("CREATE VIRTUAL TABLE x USING fts5(id UNINDEXED, field UNINDEXED, body, "
                "tokenize='porter unicode61')")
    mem.executemany("INSERT INTO x VALUES (?, ?, ?)",
                    [(i, f, t) for i, d in ex.items() for f, t in d.items() if t.strip()])
    rows: dict[str, list] = {}
    for p, q in all_questions(TUNING_PARTS):
        hits = [(h["citation"], h["score"]) for h in search(
            q["q"], con=con, docs=docs_of[q["game"]], limit=max(DEPTHS))]
        words = [w for _, w in _words(q["q"])]
        score: dict[tuple[str, str], float] = {}
        if words and hits:
            ids = [c for c, _ in hits]
            for i, f, s in mem.execute(
                    f"SELECT id, field, -bm25(x) FROM x WHERE x MATCH ? AND id IN "
                    f"({','.join('?' * len(ids))})",
                    [" OR ".join(f'"{w}"' for w in words), *ids]):
                score[(i, f)] = max(s, 0.0)
        e = {f: [score.get((c, f), 0.0) for c, _ in hits] for f in PARTS}
        rows.setdefault(p, []).append((set(q["cite"]), hits, e))
    grid = [("terms", 10, 0.0)] + [(f, d, w) for f in PARTS for d in DEPTHS for w in WEIGHTS if w]
    before_after(rows, measure, grid[0], lambda p: choose(rows, p, grid, measure))
    return 0


if __name__ == "__main__":
    sys.exit(main())
