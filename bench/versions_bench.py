"""Benchmark of the version matcher (``judge diff``), run by ``bench/run.py versions`` or alone:

    .venv/bin/python bench/versions_bench.py [--json]

* precision / recall of the matcher on the curated v1.4 <-> section-4 counterparts of
  tests/rules/test_versions.py (``CURATED``);
* the time of matching fab-section4 against fab-2.10.1 (the full CR 2.10.1 from ../shared, added
  to a temporary JUDGE_HOME) as a ratio against importing those two documents, both measured in
  this run (median of several repetitions, in-process).
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


def main(argv: list[str]) -> int:
    out = measure()
    if "--json" in argv:
        print(json.dumps(out))
    else:
        for k, v in out.items():
            print(f"  {k:<34} {v}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
