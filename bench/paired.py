"""Paired timing of whole commands against a baseline, for a shared, noisy machine.

Each round runs the baseline and every command once, back to back (one ``hyperfine -N --runs 1``
per round, the order reversed every other round), so a busy spell of the machine falls on the
baseline and the commands alike. A round's ratio is a command's time over the baseline's time in
that round (divided first by ``per[name]``, e.g. the number of scenarios a run checks). Reported
for each command: the median of the rounds' ratios, their spread (quartiles and min-max), the
median time, and the same ratio in CPU time (user + system). Without hyperfine the rounds are
timed here around ``subprocess.run`` (said on stderr).
"""

from __future__ import annotations

import json
import os
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time


def _quartiles(values: list[float]) -> tuple[float, float]:
    if len(values) < 4:
        return min(values), max(values)
    q = statistics.quantiles(values, n=4, method="inclusive")
    return q[0], q[2]


def _one_round(commands: dict[str, str], env: dict | None) -> dict[str, tuple[float, float]]:
    """(wall, cpu) seconds of one run of each command."""
    if shutil.which("hyperfine"):
        with tempfile.NamedTemporaryFile(suffix=".json") as out:
            args = ["hyperfine", "-N", "--runs", "1", "--export-json", out.name, "--style", "none"]
            for name, cmd in commands.items():
                args += ["-n", name, cmd]
            subprocess.run(args, check=True, env=env, stdout=subprocess.DEVNULL)
            data = json.load(open(out.name))
        return {r["command"]: (r["times"][0], r["user"] + r["system"]) for r in data["results"]}
    import resource
    res = {}
    for name, cmd in commands.items():
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        t = time.perf_counter()
        subprocess.run(shlex.split(cmd), env=env, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL)
        wall = time.perf_counter() - t
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        res[name] = (wall, after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)
    return res


def paired(commands: dict[str, str], baseline: str, *, rounds: int = 21, warmup: int = 2,
           env: dict | None = None, prepare: str | None = None,
           per: dict[str, int] | None = None) -> dict[str, dict]:
    """Time ``commands`` (name -> command line; ``baseline`` is one of the names) in paired
    rounds. ``prepare`` (a shell command) runs before every round, untimed."""
    if not shutil.which("hyperfine"):
        print("(hyperfine not found: timing subprocesses in-process)", file=sys.stderr)
    names = list(commands)
    wall: dict[str, list[float]] = {n: [] for n in names}
    cpu: dict[str, list[float]] = {n: [] for n in names}
    for r in range(warmup + rounds):
        if prepare:
            subprocess.run(prepare, shell=True, env=env, check=True)
        order = names if r % 2 == 0 else names[::-1]
        got = _one_round({n: commands[n] for n in order}, env)
        if r < warmup:
            continue
        for n in names:
            w, c = got[n]
            wall[n].append(w / (per or {}).get(n, 1))
            cpu[n].append(c / (per or {}).get(n, 1))
    out = {}
    for n in names:
        ratios = [t / b for t, b in zip(wall[n], wall[baseline])]
        cpu_ratios = [t / b for t, b in zip(cpu[n], cpu[baseline]) if b > 0]
        q1, q3 = _quartiles(ratios)
        out[n] = {"seconds": statistics.median(wall[n]), "ratio": statistics.median(ratios),
                  "q1": q1, "q3": q3, "min": min(ratios), "max": max(ratios),
                  "cpu_ratio": statistics.median(cpu_ratios) if cpu_ratios else None,
                  "rounds": rounds}
    return out


def report(title: str, rows: dict[str, dict], baseline: str,
           targets: dict[str, float] | None = None) -> dict[str, dict]:
    """Print ``rows`` (from :func:`paired`) with their targets; returns them, marked."""
    print(f"\n{title}")
    print(f"  {'':<46} {'median':>9}  {'ratio':>6}  {'quartiles':>13}  {'min-max':>13}  cpu")
    for name, row in rows.items():
        target = (targets or {}).get(name)
        mark = ""
        if target is not None:
            row["target"] = target
            row["ok"] = row["ratio"] <= target
            mark = "  ok" if row["ok"] else f"  OVER target {target}x"
        elif name != baseline:
            mark = "  (no target)"
        cpu = f"{row['cpu_ratio']:5.2f}x" if row["cpu_ratio"] is not None else "   - "
        print(f"  {name:<46} {row['seconds'] * 1000:7.1f}ms  {row['ratio']:5.2f}x  "
              f"[{row['q1']:4.2f}-{row['q3']:4.2f}]  ({row['min']:4.2f}-{row['max']:4.2f})  "
              f"{cpu}{mark}")
    return rows


def env_without_stdlib_bytecode(env: dict, root: str, prefix: str) -> dict:
    """``env`` for a Python whose standard library has no bytecode cache while judge's own
    bytecode exists, as after installing judge on such a Python: every bytecode file is looked
    up under ``prefix`` (PYTHONPYCACHEPREFIX), which holds judge's alone (compiled here, as
    ``./dev`` compiles it at install), and none is written."""
    env = dict(env, PYTHONPYCACHEPREFIX=prefix, PYTHONDONTWRITEBYTECODE="1")
    subprocess.run([sys.executable, "-m", "compileall", "-q", os.path.join(root, "judge")],
                   env=dict(env, PYTHONDONTWRITEBYTECODE=""), check=True)
    return env
