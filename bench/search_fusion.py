"""How ``judge search --semantic`` fuses the lexical ranking with the model's cosines, measured
by leave-one-part-out cross-validation (eighth round).

Families of configuration, each a grid:

* ``linear`` (what ships): the lexical top ``depth`` rows, a row gains ``weight x (top score) x
  (cosine - lowest cosine of the pool)``;
* ``linear+dense``: the same, with the ``extra`` rules of the question's game nearest the
  question by cosine added to the pool when the lexical ranking did not carry them (lexical
  score 0): the model may then bring in a rule that shares no word with the question;
* ``z`` / ``minmax``: ``linear`` with the pool's cosines normalised (z-scores, or scaled to
  0..1 between the pool's lowest and highest) before the weight;
* ``rrf``: reciprocal-rank fusion, ``1 / (k + lexical rank) + a / (k + cosine rank among all the
  game's rules)``, over the lexical top 50 and the ``extra`` nearest rules.

For each part in turn a configuration is chosen (from one family, or from all) on the other
parts, and the part left out is ranked with it.

    .venv/bin/python bench/search_fusion.py

Needs the optional model; every rule's plain passage is embedded once (cached).
"""

from __future__ import annotations

import sys

from search_bench import (  # beside this script
    MRR_DEPTH, TUNING_PARTS, K, choose, lifted, rank_of, recall_mrr, Baseline, all_questions)

DEPTHS = (20, 30, 50)
WEIGHTS = (8.0, 16.0, 24.0, 32.0)
EXTRAS = (0, 3, 5, 10, 20)
RRF_K = (5, 20, 60)
RRF_A = (0.5, 1.0, 2.0)
SCALED = (0.1, 0.2, 0.4, 0.8, 1.6)   # points per unit of the normalised cosine, x top score



def ranked(row, cfg) -> list[str]:
    hits, dense, cos = row[1], row[2], row[3]
    fam = cfg[0]
    if fam == "none":
        return [c for c, _ in hits]
    if fam == "linear":
        _, depth, weight, extra = cfg
        pool = list(hits[:depth])
        have = {c for c, _ in pool}
        pool += [(c, 0.0) for c in dense[:extra] if c not in have]
        top = max((s for _, s in pool), default=0.0) or 1.0
        floor = min(cos.get(c, 0.0) for c, _ in pool)
        return lifted(pool, [weight * top * (cos.get(c, 0.0) - floor) for c, _ in pool])
    if fam in ("z", "minmax"):
        _, depth, weight = cfg
        pool = list(hits[:depth])
        c = [cos.get(x, 0.0) for x, _ in pool]
        top = max((s for _, s in pool), default=0.0) or 1.0
        if fam == "z":
            mean = sum(c) / len(c)
            sd = (sum((v - mean) ** 2 for v in c) / len(c)) ** 0.5 or 1.0
            norm = [(v - mean) / sd for v in c]
        else:
            lo, hi = min(c), max(c)
            norm = [(v - lo) / ((hi - lo) or 1.0) for v in c]
        return lifted(pool, [weight * top * v for v in norm])
    _, k, a, extra = cfg
    lex = {c: i for i, (c, _) in enumerate(hits, 1)}
    drank = {c: i for i, c in enumerate(dense, 1)}
    cands = list(lex) + [c for c in dense[:extra] if c not in lex]
    scored = [((1 / (k + lex[c]) if c in lex else 0.0) + a / (k + drank.get(c, len(drank))), -i, c)
              for i, c in enumerate(cands)]
    return [c for *_, c in sorted(scored, reverse=True)]


def measure(rows, cfg) -> tuple[float, float]:
    ranks = []
    for row in rows:
        ranks.append(rank_of(ranked(row, cfg), row[0]))
    return recall_mrr(ranks)


def main() -> int:
    import numpy as np

    from judge.rules import lookup, semantic
    from judge.rules.search import search
    con = lookup.connect()
    base = Baseline(con)
    model = semantic.embedder()
    docs_of = {g: [d["id"] for d in lookup.resolve_documents(g)]
               for g in ("fab", "wow", "ufs", "ashes")}
    rules: dict[str, list[str]] = {}
    mats: dict[str, np.ndarray] = {}
    for g, docs in docs_of.items():
        ids = [r[0] for r in con.execute(
            f"SELECT id FROM nodes WHERE kind != 'missing' AND doc IN "
            f"({','.join('?' * len(docs))})", docs)]
        print(f"{g}: {len(ids)} rules", file=sys.stderr, flush=True)
        vecs = semantic.passage_vectors([semantic.passage(con, c) for c in ids], model)
        rules[g], mats[g] = ids, np.array(vecs, dtype=np.float32)
    rows: dict[str, list] = {}
    bm: dict[str, list[float]] = {}
    for p, q in all_questions(TUNING_PARTS):
        g = q["game"]
        hits = [(h["citation"], h["score"]) for h in search(
            q["q"], con=con, docs=docs_of[g], limit=50, meaning=(0, 0.0))]
        sims = mats[g] @ np.array(model.query(q["q"]), dtype=np.float32)
        order = np.argsort(-sims)
        dense = [rules[g][i] for i in order]
        cos = {rules[g][i]: float(sims[i]) for i in range(len(rules[g]))}
        want = set(q["cite"])
        rows.setdefault(p, []).append((want, hits, dense, cos))
        r = rank_of(base.search(q["q"], docs_of[g], MRR_DEPTH), want)
        bm.setdefault(p, []).extend([bool(r and r <= K), 1 / r if r else 0.0])
    shipped = [("none",)] + [("linear", d, w, 0) for d in DEPTHS for w in WEIGHTS]
    dense = shipped + [("linear", d, w, e) for d in DEPTHS for w in WEIGHTS for e in EXTRAS if e]
    rrf = [("none",)] + [("rrf", k, a, e) for k in RRF_K for a in RRF_A for e in EXTRAS]
    scaled = [("none",)] + [(f, d, w) for f in ("z", "minmax") for d in DEPTHS
                            for w in SCALED]
    families = {"linear": shipped, "linear+dense": dense, "rrf": rrf, "z / minmax": scaled,
                "any": dense + rrf[1:] + scaled[1:]}
    print(f"{'part left out':<14} {'n':>4}  {'bm25':>13}  {'judge search':>13}  "
          + "  ".join(f"{f:>13}" for f in families), flush=True)
    pooled: dict[str, list[float]] = {f: [0.0, 0.0] for f in ("bm25", "judge search", *families)}
    total = 0
    for p in TUNING_PARTS:
        n = len(rows[p])
        got = {"bm25": (sum(bm[p][0::2]) / n, sum(bm[p][1::2]) / n),
               "judge search": measure(rows[p], ("none",))}
        chosen = {}
        for f, grid in families.items():
            chosen[f] = choose(rows, p, grid, measure)
            got[f] = measure(rows[p], chosen[f])
        print(f"{p:<14} {n:>4}  " + "  ".join(f"{a:.3f} / {b:.3f}" for a, b in got.values())
              + f"  {chosen['any']}", flush=True)
        for f, (a, b) in got.items():
            pooled[f][0] += a * n
            pooled[f][1] += b * n
        total += n
    print(f"{'pooled':<14} {total:>4}  " + "  ".join(
        f"{a / total:.3f} / {b / total:.3f}" for a, b in pooled.values()))
    everything = [x for p in TUNING_PARTS for x in rows[p]]
    for f, grid in families.items():
        best = max(grid, key=lambda c: sum(measure(everything, c)))
        a, b = measure(everything, best)
        print(f"on all {total}, best {f}: {best} ({a:.3f} / {b:.3f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
