"""Benchmarks, reported as ratios against baselines measured in the same run.

Uses hyperfine (Debian package ``hyperfine``) for whole-command timings; falls back to an
in-process timer of subprocess runs when hyperfine is absent (and says so). Run: ``./dev bench``.

Targets (from the issues):
  judge rule (cold process)          <= 3x  python -c pass
  building the whole graph + index   <= 3x  python -c "import networkx, lark, jinja2, click"
"""

from __future__ import annotations

import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench_site import bench_site  # beside this script (bench/ is sys.path[0])

ROOT = Path(__file__).resolve().parent.parent
PY = sys.executable
JUDGE = str(Path(PY).parent / "judge")


def hyperfine(commands: dict[str, str], *, runs: int = 20, env: dict | None = None,
              prepare: str | None = None) -> dict[str, float]:
    """Mean seconds per command name."""
    if shutil.which("hyperfine"):
        with tempfile.NamedTemporaryFile(suffix=".json") as out:
            args = ["hyperfine", "-N", "--warmup", "3", "--runs", str(runs), "--export-json",
                    out.name, "--style", "none"]
            if prepare:
                args = ["hyperfine", "--warmup", "1", "--runs", str(runs), "--export-json",
                        out.name, "--style", "none", "--prepare", prepare]
            for name, cmd in commands.items():
                args += ["-n", name, cmd]
            subprocess.run(args, check=True, env=env, stdout=subprocess.DEVNULL)
            data = json.load(open(out.name))
        return {r["command"]: r["mean"] for r in data["results"]}
    print("(hyperfine not found: timing subprocesses in-process)", file=sys.stderr)
    res = {}
    for name, cmd in commands.items():
        times = []
        for _ in range(runs):
            if prepare:
                subprocess.run(prepare, shell=True, env=env)
            t = time.perf_counter()
            subprocess.run(cmd, shell=True, env=env, stdout=subprocess.DEVNULL)
            times.append(time.perf_counter() - t)
        res[name] = statistics.mean(times)
    return res


def report(title: str, times: dict[str, float], baseline: str, target: float | None) -> dict:
    base = times[baseline]
    print(f"\n{title}")
    rows = {}
    for name, t in times.items():
        ratio = t / base
        mark = ""
        if name != baseline and target is not None:
            mark = "  ok" if ratio <= target else f"  OVER target {target}x"
        print(f"  {name:<34} {t * 1000:9.1f} ms   {ratio:5.2f}x{mark}")
        rows[name] = {"seconds": t, "ratio": ratio}
    return rows


def bench_rules(env: dict) -> dict:
    subprocess.run([JUDGE, "stats"], env=env, check=True, stdout=subprocess.DEVNULL)  # warm index
    times = hyperfine({
        "python -c pass": f"{PY} -c pass",
        "judge rule fab-1.4 20.7.2a": f"{JUDGE} rule fab-1.4 20.7.2a",
        "judge rule --json wow 410.5": f"{JUDGE} rule wow-7.4 410.5 --json",
    }, env=env)
    out = {"rule": report("Lookup (cold process, index built)", times, "python -c pass", 3.0)}
    build = f"{PY} -c 'from judge.rules.index import build_index; build_index()'"
    times = hyperfine({
        "import networkx, lark, jinja2, click": f"{PY} -c 'import networkx, lark, jinja2, click'",
        "build graph + index": build,
    }, runs=10, env=env)
    out["build"] = report("Building the graph and index of all documents", times,
                          "import networkx, lark, jinja2, click", 3.0)
    return out


def bench_versions(env: dict) -> dict:
    """Version matcher: precision / recall on the curated table, diff time / import time."""
    out = subprocess.run([PY, str(ROOT / "bench" / "versions_bench.py"), "--json"], env=env,
                         check=True, capture_output=True, text=True)
    res = json.loads(out.stdout.strip().splitlines()[-1])
    print("\nVersion matcher (fab-1.4 <-> fab-section4 curated table; section4 vs 2.10.1 timing)")
    for k, v in res.items():
        print(f"  {k:<34} {v}")
    return res


BENCHES = {"rules": bench_rules, "versions": bench_versions}
BENCHES["site"] = bench_site  # bench/bench_site.py: judge site vs load_graph()


def main(argv: list[str]) -> int:
    names = argv or list(BENCHES)
    with tempfile.TemporaryDirectory() as home:
        env = dict(os.environ, JUDGE_HOME=home)
        results = {n: BENCHES[n](env) for n in names}
    out = ROOT / "bench" / "results.json"
    out.write_text(json.dumps(results, indent=2))
    print(f"\nwritten {out.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
