"""Benchmark of ``judge site``: generating the static site, as a ratio against building the
rule graph (``load_graph()``), both timed in one process in the same run (medians of 5).

Three figures: ``load_graph()`` (the baseline: import every document, build the graph);
``build_site`` on that graph with the rule pages only (every section page with its linked text,
cited-by lists and SVG neighbourhoods, document and home pages, search index, written to disk);
and with the bundled scenarios run by the engine into ruling pages as well. The graph is not
rebuilt by ``build_site`` here (it is given), so the ratio is generation time / graph time.
Run: ``./dev bench site`` (or ``python bench/run.py site``).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RUNS = 5

_TIMER = r"""
import json, statistics, sys, tempfile, time
from pathlib import Path
from judge import paths
from judge.rules.index import load_graph
from judge.site.build import build_site
runs = int(sys.argv[1])
load, rules_only, full = [], [], []
for _ in range(runs):
    t = time.perf_counter(); graph = load_graph(); load.append(time.perf_counter() - t)
with tempfile.TemporaryDirectory() as tmp:
    build_site(Path(tmp) / "warm", graph=graph, scenarios=paths.SCENARIOS)  # index, templates
    for i in range(runs):
        t = time.perf_counter()
        build_site(Path(tmp) / f"r{i}", graph=graph, scenarios=None)
        rules_only.append(time.perf_counter() - t)
        t = time.perf_counter()
        build_site(Path(tmp) / f"f{i}", graph=graph, scenarios=paths.SCENARIOS)
        full.append(time.perf_counter() - t)
scenarios = len(list(paths.SCENARIOS.rglob("*.scn"))) if paths.SCENARIOS.is_dir() else 0
print(json.dumps({"load_graph()": statistics.median(load),
                  "site, rule pages only": statistics.median(rules_only),
                  f"site + {scenarios} ruling pages": statistics.median(full)}))
"""


def bench_site(env: dict) -> dict:
    out = subprocess.run([sys.executable, "-c", _TIMER, str(RUNS)], env=env, check=True,
                         cwd=ROOT, capture_output=True, text=True).stdout
    times = json.loads(out.strip().splitlines()[-1])
    base = times["load_graph()"]
    print("\nStatic site generation (judge site) vs building the rule graph (load_graph)")
    rows = {}
    for name, seconds in times.items():
        print(f"  {name:<34} {seconds * 1000:9.1f} ms   {seconds / base:5.2f}x")
        rows[name] = {"seconds": seconds, "ratio": seconds / base}
    return rows


if __name__ == "__main__":
    import os
    import tempfile

    with tempfile.TemporaryDirectory() as home:
        print(json.dumps(bench_site(dict(os.environ, JUDGE_HOME=home)), indent=2))
