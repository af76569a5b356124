"""Benchmark of the version matcher (``judge diff``), run by ``bench/run.py versions`` or alone:

    .venv/bin/python bench/versions_bench.py [--json] [--scaling]

* precision / recall of the matcher on the curated v1.4 <-> section-4 counterparts of
  tests/rules/test_versions.py (``CURATED``);
* the time of matching fab-section4 against fab-2.10.1 (the full CR 2.10.1 from ../shared, added
  to a temporary JUDGE_HOME) as a ratio against importing those two documents, both measured in
  this run (median of several repetitions, in-process);
* with ``--scaling``: how ``judge diff`` grows with the size of the documents (synthetic
  documents of 1,000 to 4,000 rules; the fitted exponent is printed, see :func:`scaling`).
"""

from __future__ import annotations

import importlib.util
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CR_2101 = ROOT.parent / "shared" / "data" / "rules" / "fab-cr-2.10.1.txt"


def _curated():
    sys.path.insert(0, str(ROOT))
    spec = importlib.util.spec_from_file_location("test_versions", ROOT / "tests" / "rules" / "test_versions.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _median(fn, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def measure(repeat: int = 5) -> dict:
    with tempfile.TemporaryDirectory() as home:
        os.environ["JUDGE_HOME"] = home
        from judge.rules import catalog, lookup, versions
        tv = _curated()
        res = versions.get_diff("fab-1.4", "fab-section4", use_cache=False)
        precision, recall = tv.precision_recall(res)
        out = {"curated_pairs": sum(len(bs) for _, bs, _ in tv.CURATED),
               "precision": round(precision, 3), "recall": round(recall, 3),
               "precision_floor": tv.PRECISION_FLOOR, "recall_floor": tv.RECALL_FLOOR}
        if not CR_2101.exists():
            out["timing"] = f"skipped: needs {CR_2101}"
            return out
        versions.add(CR_2101, game="fab", version="2.10.1", date="2025-05-19")
        entries = {e.manifest.id: e for e in catalog.entries()}
        pair = [entries["fab-section4"], entries["fab-2.10.1"]]
        lookup.documents()
        t_import = _median(lambda: [catalog.import_entry(e) for e in pair], repeat)
        t_diff = _median(lambda: versions.get_diff("fab-section4", "fab-2.10.1", use_cache=False), repeat)
        from judge.rules.diff import diff_documents
        docs = [versions.load_document("fab-section4"), versions.load_document("fab-2.10.1")]
        t_match = _median(lambda: diff_documents(*docs), repeat)
        t_full = _median(lambda: versions.get_diff("fab-1.4", "fab-2.10.1", use_cache=False), 3)
        out.update({
            "import section4 + 2.10.1 (s)": round(t_import, 4),
            "diff section4 vs 2.10.1 (s)": round(t_diff, 4),
            "diff / import": round(t_diff / t_import, 2),
            "matcher only / import": round(t_match / t_import, 2),
            "diff 1.4 vs 2.10.1 (s)": round(t_full, 4),
        })
        lookup.reset()
        return out


def scaling(sizes: tuple[int, ...] = (1000, 2000, 4000), rounds: int = 3) -> dict:
    """How ``judge diff`` grows with the documents: two versions of a synthetic document
    (bench/synthetic_rules.py: renumbered, reworded, added, removed and moved rules) of each
    size, added with ``rulebook add`` to a temporary JUDGE_HOME; timed is the command's work in
    process (read both documents from the index, match, cache the result, render the text
    report). Sizes are timed in turn within a round (a busy spell of the machine falls on all
    of them), ``rounds`` rounds; wall and CPU (process) time, medians per size. The exponent is
    the least-squares slope of log time over log rules, on the medians, and per round for the
    smallest and largest size (median and range printed). For comparison: n log n between
    the smallest and largest size is the slope ``nlogn_exponent``.
    """
    import math

    from synthetic_rules import versions as synthetic
    with tempfile.TemporaryDirectory() as home:
        os.environ["JUDGE_HOME"] = home
        from judge.rules import lookup, versions
        from judge.rules.diff_render import render
        lookup.reset()
        pairs, rules = {}, {}
        for n in sizes:
            texts = synthetic(n)
            ids = []
            for k, text in enumerate(texts):
                src = Path(home) / f"synthetic-{n}-{k}.txt"
                src.write_text(text, encoding="utf-8")
                ids.append(versions.add(src, game="fab", version=f"{n}.{k}",
                                        date=f"20{10 + k}-01-01")["id"])
            pairs[n] = ids
            rules[n] = [versions.load_document(i).rules.__len__() for i in ids]

        def run(n: int) -> tuple[float, float]:
            wall, cpu = time.perf_counter(), time.process_time()
            res = versions.get_diff(*pairs[n], use_cache=False)
            render(res, "text", parents_a={}, parents_b={}, section=None, show_unchanged=False)
            return time.perf_counter() - wall, time.process_time() - cpu

        run(sizes[0])                                  # warm-up
        wall: dict[int, list[float]] = {n: [] for n in sizes}
        cpu: dict[int, list[float]] = {n: [] for n in sizes}
        for r in range(rounds):
            for n in (sizes if r % 2 == 0 else sizes[::-1]):
                w, c = run(n)
                wall[n].append(w)
                cpu[n].append(c)
        lookup.reset()

    def slope(xs: list[float], ys: list[float]) -> float:
        lx, ly = [math.log(x) for x in xs], [math.log(y) for y in ys]
        mx, my = statistics.mean(lx), statistics.mean(ly)
        return sum((a - mx) * (b - my) for a, b in zip(lx, ly)) / sum((a - mx) ** 2 for a in lx)

    n_rules = [rules[n][0] for n in sizes]
    lo, hi = sizes[0], sizes[-1]
    per_round = sorted(slope([rules[lo][0], rules[hi][0]], [cpu[lo][r], cpu[hi][r]])
                       for r in range(rounds))
    return {
        "rules (A, B)": {n: rules[n] for n in sizes},
        "wall seconds (median)": {n: round(statistics.median(wall[n]), 3) for n in sizes},
        "cpu seconds (median)": {n: round(statistics.median(cpu[n]), 3) for n in sizes},
        "exponent (wall)": round(slope(n_rules, [statistics.median(wall[n]) for n in sizes]), 3),
        "exponent (cpu)": round(slope(n_rules, [statistics.median(cpu[n]) for n in sizes]), 3),
        "exponent per round (cpu, smallest vs largest)": {
            "median": round(statistics.median(per_round), 3),
            "min": round(per_round[0], 3), "max": round(per_round[-1], 3)},
        "nlogn_exponent": round(slope([n_rules[0], n_rules[-1]],
                                      [n_rules[0] * math.log(n_rules[0]),
                                       n_rules[-1] * math.log(n_rules[-1])]), 3),
    }


def main(argv: list[str]) -> int:
    out = scaling() if "--scaling" in argv else measure()
    if "--json" in argv:
        print(json.dumps(out))
    else:
        for k, v in out.items():
            print(f"  {k:<34} {v}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
