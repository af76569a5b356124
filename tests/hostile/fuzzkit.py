"""The fuzz suite's harness: run one generated input through an entry point the way a user
would (the click CLI in this process, or HTTP to ``judge serve`` on loopback), and check what
issue 19 asks of every input: no traceback (an exit code of 0, 1 or 2, never an exception and
never the last net's "internal error"), within its time limit (a SIGALRM watchdog stops an
input that runs past it, and the test fails naming the input). Counts every input per entry
point; the terminal summary prints the counts (tests/hostile/conftest.py)."""

from __future__ import annotations

import os
import signal
import time
from collections import Counter
from contextlib import contextmanager

from click.testing import CliRunner
from hypothesis import HealthCheck, settings

COUNTS: Counter = Counter()
SLOWEST: dict[str, float] = {}
# the time one input may take (hang detection; the product's own limits bound the work)
TIME_LIMIT = float(os.environ.get("JUDGE_FUZZ_TIME_LIMIT", "60"))
SCALE = float(os.environ.get("JUDGE_FUZZ_SCALE", "1"))


def examples(n: int) -> settings:
    """Hypothesis settings for ``n`` inputs (scaled by JUDGE_FUZZ_SCALE), no per-example
    deadline (the watchdog bounds each input instead, without flakiness on a busy machine)."""
    return settings(max_examples=max(1, int(n * SCALE)), deadline=None, database=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                           HealthCheck.function_scoped_fixture,
                                           HealthCheck.filter_too_much, HealthCheck.large_base_example])


class OverTime(BaseException):
    pass


@contextmanager
def time_limit(entry: str, seconds: float = TIME_LIMIT):
    def alarm(signum, frame):
        raise OverTime(f"{entry}: one input ran past its limit of {seconds:g} s")

    previous = signal.signal(signal.SIGALRM, alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    started = time.perf_counter()
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
        took = time.perf_counter() - started
        SLOWEST[entry] = max(SLOWEST.get(entry, 0.0), took)
        COUNTS[entry] += 1


def run_cli(entry: str, args: list[str], *, ok=(0, 1, 2)):
    """``judge ARGS`` in this process; asserts a clean end. Returns the click result."""
    from judge.cli import main
    with time_limit(entry):
        result = CliRunner().invoke(main, args, catch_exceptions=True)
    out = result.output
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise AssertionError(f"{entry}: judge {_show(args)} raised "
                             f"{type(result.exception).__name__}: {result.exception}") \
            from result.exception
    assert result.exit_code in ok, (entry, _show(args), result.exit_code, out[-2000:])
    assert "Traceback" not in out and "internal error" not in out, (entry, _show(args), out[-2000:])
    return result


def _show(args: list[str]) -> str:
    return " ".join(repr(a[:200]) + ("..." if len(a) > 200 else "") for a in args)


def snapshot(*roots) -> dict[str, tuple[int, int]]:
    """(size, mtime) of every file under ``roots``, less caches and tool folders."""
    skip = {".venv", ".git", ".hypothesis", "__pycache__", ".pytest_cache", "artifacts",
            ".benchmarks", "judge.egg-info"}
    out = {}
    for root in roots:
        for folder, dirs, files in os.walk(root):
            dirs[:] = [d for d in dirs if d not in skip]
            for f in files:
                p = os.path.join(folder, f)
                try:
                    st = os.lstat(p)
                except OSError:
                    continue
                out[p] = (st.st_size, st.st_mtime_ns)
    return out
