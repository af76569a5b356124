"""Coordinate search over ``judge.rules.search.PARAMS`` on the tuning parts of the questions
(``search_bench.TUNING_PARTS``: from the sixth round on, every set in ``bench/``). Prints the best
parameters found; copying them into PARAMS is a deliberate, reviewed step.

    .venv/bin/python bench/search_tune.py [rounds] [factors] [--hold PART[,PART...]]

``factors``: the multipliers tried on each parameter, comma-separated (default
0,0.5,0.75,1.33,2).

``--hold PART``: leave-one-part-out cross-validation. The search tunes on every tuning part but
the ones named and prints the named parts' recall@5 / MRR with the starting PARAMS and with the
tuned ones: a change of the parameters that generalises lifts the part it never saw. Every fold
starts from the same PARAMS.
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


def coordinate_search(qs, con, docs_of, rounds: int, factors: list[float],
                      log=print) -> tuple[float, float]:
    """Tune PARAMS in place on ``qs`` (each parameter times each factor, kept when recall@5 +
    MRR rises); returns the best (recall@5, MRR) on ``qs``."""
    from judge.rules.search import PARAMS
    best = objective(qs, con, docs_of)
    log(f"start: recall@{K} {best[0]:.3f} MRR {best[1]:.3f}")
    for _ in range(rounds):
        for name in list(PARAMS):
            for factor in factors:
                old = PARAMS[name]
                PARAMS[name] = old * factor if old else (0.1 if factor > 1 else 0.0)
                got = objective(qs, con, docs_of)
                if sum(got) > sum(best) + 1e-9:
                    best = got
                    log(f"  {name} = {PARAMS[name]:.3g}: recall@{K} {got[0]:.3f} MRR {got[1]:.3f}")
                else:
                    PARAMS[name] = old
    return best


def main(argv: list[str]) -> int:
    from judge.rules import lookup
    from judge.rules.search import PARAMS
    hold: list[str] = []
    if "--hold" in argv:
        i = argv.index("--hold")
        hold = argv[i + 1].split(",")
        argv = argv[:i] + argv[i + 2:]
        unknown = [p for p in hold if p not in TUNING_PARTS]
        if unknown:
            print(f"search_tune: unknown part {', '.join(unknown)} (parts: "
                  f"{', '.join(TUNING_PARTS)})", file=sys.stderr)
            return 2
    rounds = int(argv[0]) if argv else 2
    factors = [float(f) for f in argv[1].split(",")] if len(argv) > 1 else [0.0, 0.5, 0.75,
                                                                             1.33, 2.0]
    con = lookup.connect()
    docs_of = {g: [d["id"] for d in lookup.resolve_documents(g)] for g in ("fab", "wow", "ufs", "ashes")}
    qs = [q for p, q in all_questions(TUNING_PARTS) if p not in hold]
    held = {p: [q for _, q in all_questions((p,))] for p in hold}
    before = {p: objective(h, con, docs_of) for p, h in held.items()}
    start = dict(PARAMS)
    coordinate_search(qs, con, docs_of, rounds, factors)
    print({k: round(v, 3) for k, v in PARAMS.items()})
    print("changed:", {k: (start[k], round(v, 3)) for k, v in PARAMS.items() if v != start[k]})
    for p, h in held.items():
        after = objective(h, con, docs_of)
        print(f"held out {p} (n={len(h)}): recall@{K} {before[p][0]:.3f} -> {after[0]:.3f}, "
              f"MRR {before[p][1]:.3f} -> {after[1]:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
