"""Coordinate search over ``judge.rules.search.PARAMS`` on the TUNING parts of the questions only
(``search_bench.TUNING_PARTS``: ``tuning``, ``tuning-2``, ``tuning-3``, ``retired-1``, ``retired-2``,
``retired-4``; held-back-3 is never evaluated here). Prints the best parameters found; copying
them into PARAMS is a deliberate, reviewed step.

    .venv/bin/python bench/search_tune.py [rounds] [factors]

``factors``: the multipliers tried on each parameter, comma-separated (default
0,0.5,0.75,1.33,2).
"""

from __future__ import annotations

import sys

from search_bench import MRR_DEPTH, TUNING_PARTS, K, all_questions  # beside this script


def objective(qs, con, docs_of) -> tuple[float, float]:
    from judge.rules.search import search
    found = rr = 0.0
    for q in qs:
        got = [h["citation"] for h in search(q["q"], con=con, docs=docs_of[q["game"]],
                                             limit=MRR_DEPTH)]
        rank = next((i for i, c in enumerate(got, 1) if c in set(q["cite"])), None)
        found += bool(rank and rank <= K)
        rr += 1 / rank if rank else 0.0
    return found / len(qs), rr / len(qs)


def main(argv: list[str]) -> int:
    from judge.rules import lookup
    from judge.rules.search import PARAMS
    rounds = int(argv[0]) if argv else 2
    factors = [float(f) for f in argv[1].split(",")] if len(argv) > 1 else [0.0, 0.5, 0.75,
                                                                             1.33, 2.0]
    con = lookup.connect()
    docs_of = {g: [d["id"] for d in lookup.resolve_documents(g)] for g in ("fab", "wow", "ufs", "ashes")}
    qs = [q for _, q in all_questions(TUNING_PARTS)]
    best = objective(qs, con, docs_of)
    print(f"start: recall@{K} {best[0]:.3f} MRR {best[1]:.3f}")
    for _ in range(rounds):
        for name in list(PARAMS):
            for factor in factors:
                old = PARAMS[name]
                PARAMS[name] = old * factor if old else (0.1 if factor > 1 else 0.0)
                got = objective(qs, con, docs_of)
                if sum(got) > sum(best) + 1e-9:
                    best = got
                    print(f"  {name} = {PARAMS[name]:.3g}: recall@{K} {got[0]:.3f} MRR {got[1]:.3f}")
                else:
                    PARAMS[name] = old
    print({k: round(v, 3) for k, v in PARAMS.items()})
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
