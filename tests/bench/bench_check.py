"""Benchmark: amortised cost of one scenario in ``judge check`` against the start-up of a bare
``python -c pass``, measured in the same run (target: at most 1/4). No timed assertions.

The measure is the one of ``bench/run.py``'s ``bench_check`` (which times with hyperfine; this
file times with ``time.perf_counter`` around subprocesses, for a quick look without hyperfine):

    amortised cost per scenario = wall time of one whole ``judge check <dir>`` process
                                  (start-up, imports, grammars, every scenario, the summary)
                                  / number of scenarios in <dir>
    ratio = amortised cost per scenario / wall time of ``python -c pass``

over the bundled ``scenarios/`` and over ~300 generated variants of them (the same scenarios,
each with its own title: ``bench/run.py``'s ``scenario_variants``). The user cache (grammar
parsers, parsed card texts, parsed scenarios) is warm after the first run; byte code is kept.
``bench/run.py check`` also gives the figures with those caches removed and in CPU time.

    .venv/bin/python tests/bench/bench_check.py              # prints the figures
    .venv/bin/python -m pytest tests/bench/bench_check.py --benchmark-enable   # pytest-benchmark
"""

from __future__ import annotations

import importlib.util
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = ROOT / "scenarios"
JUDGE = [sys.executable, "-m", "judge.entry"]


def _bench_run():
    spec = importlib.util.spec_from_file_location("bench_run", ROOT / "bench" / "run.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _wall(cmd: list[str], repeat: int, env: dict) -> float:
    subprocess.run(cmd, cwd=ROOT, check=False, capture_output=True, env=env)   # warm-up
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        subprocess.run(cmd, cwd=ROOT, check=False, capture_output=True, env=env)
        times.append(time.perf_counter() - start)
    return statistics.mean(times)


def measure(repeat: int = 5, total: int = 300) -> dict[str, float]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    count = len(list(SCENARIOS.rglob("*.scn")))
    with tempfile.TemporaryDirectory() as tmp:
        env["JUDGE_HOME"] = tmp
        variants = Path(tmp) / "variants"
        n_variants = _bench_run().scenario_variants(variants, total)
        python = _wall([sys.executable, "-c", "pass"], repeat, env)
        bundled = _wall(JUDGE + ["check", str(SCENARIOS)], repeat, env)
        large = _wall(JUDGE + ["check", str(variants)], max(1, repeat // 2), env)
    return {"python -c pass": python,
            "scenarios (bundled)": count,
            "judge check scenarios": bundled,
            "per scenario (bundled)": bundled / count,
            "ratio (bundled)": bundled / count / python,
            "scenarios (variants)": n_variants,
            "judge check variants": large,
            "per scenario (variants)": large / n_variants,
            "ratio (variants)": large / n_variants / python,
            "in-process per scenario (warm)": _in_process(sorted(SCENARIOS.rglob("*.scn")),
                                                          repeat)}


def _in_process(files: list[Path], repeat: int) -> float:
    """Per-scenario time of what ``judge check`` does for each file (parse, run, compare), in a
    process that has already loaded the grammars."""
    from judge.games.run import run_scenario
    from judge.scenario.parser import parse_file

    for path in files:                       # warm-up: imports, grammar builds
        run_scenario(parse_file(path))
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        for path in files:
            all(e.passed for e in run_scenario(parse_file(path)).all_expectations)
        times.append((time.perf_counter() - start) / len(files))
    return statistics.median(times)


def test_bench_judge_check_per_scenario(benchmark):
    from judge.games.run import run_scenario
    from judge.scenario.parser import parse_file

    files = sorted(SCENARIOS.rglob("*.scn"))

    def check_all() -> None:
        for path in files:
            run_scenario(parse_file(path))
    benchmark(check_all)
    figures = measure(repeat=3)
    benchmark.extra_info.update(figures)
    print(figures)


if __name__ == "__main__":
    for key, value in measure().items():
        print(f"{key:40} {value:.4f}" if isinstance(value, float) else f"{key:40} {value}")
