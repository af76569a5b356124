"""The default search's static meaning signal (judge/rules/meaning.py) measured by
leave-one-part-out cross-validation, as the other ranking ideas are: for each tuning part in
turn, the depth and weight (from a fixed grid, "none" included) are chosen on the other parts
and the part left out is ranked with the choice. Prints, per part, plain BM25, ``judge search``
without the signal, and with the signal chosen without that part; the pooled figure over the
parts left out; the configuration all the tuning data chooses; and, ranked by ``judge search``
itself as it ships (``meaning.DEPTH`` / ``WEIGHT``), every part.

With ``--semantic`` (needs the ``semantic`` extra): ``--semantic`` measured the same way on top of
the lexical ranking with and without the static signal (its depth and weight chosen by the
folds each time), since it re-orders what the default search returns.

    .venv/bin/python bench/search_meaning.py [--semantic]
"""

from __future__ import annotations

import sys

from search_bench import (  # beside this script
    MRR_DEPTH, TUNING_PARTS, K, folds, lifted, rank_of, recall_mrr, Baseline, all_questions)

DEPTHS = (10, 20, 30)
WEIGHTS = (0.25, 0.5, 1.0, 1.5, 2.0, 4.0)
NONE = (0, 0.0)
SEM_DEPTHS = (20, 30, 50)
SEM_WEIGHTS = (8.0, 16.0, 24.0, 32.0)


def static_order(hits, cos, cfg) -> list[str]:
    """The citations of ``hits`` ((citation, score), best first) as judge.rules.search._meaning
    orders them with ``cfg`` = (depth, weight); ``cos``: each hit's cosine (None: no vector)."""
    depth, weight = cfg
    pool = hits[:depth]
    known = [c for c in cos[:depth] if c is not None]
    if not weight or len(pool) < 2 or not known:
        return [c for c, _ in hits]
    top = max(s for _, s in pool) or 1.0
    floor = min(known)
    pts = [0.0 if c is None else weight * top * (c - floor) for c in cos[:depth]]
    return lifted(pool, pts) + [c for c, _ in hits[depth:]]


def measure(rows, cfg) -> tuple[float, float]:
    return recall_mrr([rank_of(static_order(hits, cos, cfg), want) for want, hits, cos, _ in rows])


def semantic_measure(static_cfg):
    """A measure of ``--semantic`` (depth, weight) re-ranking the lexical ranking ordered with
    ``static_cfg``."""
    def m(rows, cfg):
        depth, weight = cfg
        ranks = []
        for want, hits, cos, ecos in rows:
            order = static_order(hits, cos, static_cfg)
            if weight and ecos:
                score = dict(hits)
                e = dict(zip((c for c, _ in hits), ecos))
                # the lifted scores, as search() returns them: a lifted row's score rises
                pts = dict(zip(order, [0.0] * len(order)))
                d, w = static_cfg
                known = [c for c in cos[:d] if c is not None]
                if w and known:
                    top0 = max(s for _, s in hits[:d]) or 1.0
                    fl = min(known)
                    for (c, _), x in zip(hits[:d], cos[:d]):
                        pts[c] = 0.0 if x is None else w * top0 * (x - fl)
                pool = [(c, score[c] + pts[c]) for c in order[:depth]]
                top = max(s for _, s in pool) or 1.0
                floor = min(e[c] for c, _ in pool)
                got = lifted(pool, [weight * top * (e[c] - floor) for c, _ in pool])
            else:
                got = order
            ranks.append(rank_of(got, want))
        return recall_mrr(ranks)
    return m


def report(rows, grid, measure_fn, label, bm) -> None:
    print(f"\n{label}")
    best, got = folds(rows, grid, measure_fn, NONE, bm, ("without", "with, chosen"))
    total = sum(len(r) for r in rows.values())
    print(f"chosen on all {total}: {best} ({got[0]:.3f} / {got[1]:.3f})", flush=True)


def main() -> int:
    from judge.rules import lookup, meaning
    from judge.rules.search import search
    with_semantic = "--semantic" in sys.argv[1:]
    con = lookup.connect()
    base = Baseline(con)
    docs_of = {g: [d["id"] for d in lookup.resolve_documents(g)] for g in ("fab", "wow", "ufs", "ashes")}
    row_of = dict(con.execute("SELECT id, row FROM rank_node"))
    if with_semantic:
        from judge.rules import semantic
        model = semantic.embedder()
    rows: dict[str, list] = {}
    bm: dict[str, list[float]] = {}
    shipped: dict[str, list] = {}
    for p, q in all_questions(TUNING_PARTS):
        docs = docs_of[q["game"]]
        hits = [(h["citation"], h["score"]) for h in search(q["q"], con=con, docs=docs,
                                                            limit=50, meaning=NONE)]
        qs = meaning.question_sum(q["q"])
        cos = (meaning.cosines(con, qs, [row_of[c] for c, _ in hits]) if qs and hits
               else [None] * len(hits))
        ecos = (semantic.cosines(con, q["q"], [c for c, _ in hits], model)
                if with_semantic and hits else [])
        want = set(q["cite"])
        rows.setdefault(p, []).append((want, hits, cos, ecos))
        r = rank_of(base.search(q["q"], docs, MRR_DEPTH), want)
        bm.setdefault(p, []).extend([bool(r and r <= K), 1 / r if r else 0.0])
        got = [h["citation"] for h in search(q["q"], con=con, docs=docs, limit=MRR_DEPTH)]
        shipped.setdefault(p, []).append(rank_of(got, want))
    grid = [NONE] + [(d, w) for d in DEPTHS for w in WEIGHTS]
    report(rows, grid, measure, "static meaning signal in the default search", bm)
    print(f"\njudge search as it ships (meaning depth {meaning.DEPTH}, weight {meaning.WEIGHT:g}):")
    allr = []
    for p in TUNING_PARTS:
        allr += shipped[p]
        r, m = recall_mrr(shipped[p])
        print(f"{p:<14} {len(shipped[p]):>4}  {r:.3f} / {m:.3f}")
    r, m = recall_mrr(allr)
    print(f"{'all':<14} {len(allr):>4}  {r:.3f} / {m:.3f}")
    if with_semantic:
        sgrid = [NONE] + [(d, w) for d in SEM_DEPTHS for w in SEM_WEIGHTS]
        report(rows, sgrid, semantic_measure(NONE),
               "--semantic on the lexical ranking without the static signal", bm)
        report(rows, sgrid, semantic_measure((meaning.DEPTH, meaning.WEIGHT)),
               "--semantic on the lexical ranking with the static signal (as shipped)", bm)
    return 0


if __name__ == "__main__":
    sys.exit(main())
