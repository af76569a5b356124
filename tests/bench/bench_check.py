"""Benchmark: amortised cost of one scenario in ``judge check`` against the start-up of a bare
``python -c pass``, measured in the same run (target: at most 1/4). No timed assertions.

    .venv/bin/python tests/bench/bench_check.py              # prints the figures
    .venv/bin/python -m pytest tests/bench/bench_check.py --benchmark-enable   # pytest-benchmark
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = ROOT / "scenarios"
JUDGE = [sys.executable, "-m", "judge.entry"]


def _wall(cmd: list[str], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        subprocess.run(cmd, cwd=ROOT, check=False, capture_output=True)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def measure(repeat: int = 5) -> dict[str, float]:
    files = sorted(SCENARIOS.rglob("*.scn"))
    count = len(files)
    # the heaviest single file: its run includes start-up, imports and building the grammars
    heavy = max(files, key=lambda p: p.read_text(encoding="utf-8").count('": "'))
    python = _wall([sys.executable, "-c", "pass"], repeat)
    one = _wall(JUDGE + ["check", str(heavy)], repeat)
    full = _wall(JUDGE + ["check", str(SCENARIOS)], repeat)
    marginal = (full - one) / max(1, count - 1)      # start-up, imports, grammars amortised away
    warm = _in_process(files, repeat)
    return {"in-process per scenario (warm)": warm,
            "ratio in-process / python -c pass": warm / python,"scenarios": count, "python -c pass": python, "judge check (1 file)": one,
            "judge check (all)": full, "all / scenarios": full / count,
            "marginal per scenario": marginal,
            "ratio (all / scenarios) / python -c pass": full / count / python,
            "ratio marginal / python -c pass": marginal / python}


def _in_process(files: list[Path], repeat: int) -> float:
    """Per-scenario time of what ``judge check`` does for each file (parse, run, compare), in a
    process that has already loaded the grammars."""
    from judge.engine.runner import run_scenario
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
    from judge.engine.runner import run_scenario
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
