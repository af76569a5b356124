"""Benchmarks of installed card databases (issue 16), each a ratio against a baseline timed in the
same paired rounds (bench/paired.py). Needs ../shared/data/cards (the four community corpora);
says so and skips when it is absent. Run: ``./dev bench carddb``.

1. **Importing** each corpus (``judge cards add``: read, check, write the database with its name
   index, parse every card text for ``judge card``) against ``judge cards coverage`` on the same
   files (which reads and parses every card text too), with the database and the parse cache
   removed before each round; and adding the same files again (nothing to do) and looking a card
   up by name (``judge card fab Snatch``) against ``python -c pass``.
2. **Naming 10 cards** instead of defining them: two scenarios alike but for their cards, ten
   card lines written from the database's own printings, or the same ten cards named
   (``"Snatch" (red)``); ``judge check`` of each as a whole process, with the parsed-scenario
   cache warm and with it removed before each round (every round parses, and the named
   scenario looks its cards up); and in one process, parsing the two texts alternately.
   Target (issue 16): the named scenario costs at most 1.10x the inline one.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from paired import paired, report

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared" / "data" / "cards"
PY = sys.executable
JUDGE = str(Path(PY).parent / "judge")
CORPORA = {"fab": "fab/cards.tsv", "wow": "wow/prints.json", "ufs": "ufs",
           "ashes": "ashes/first-edition"}

# ten printings of the FaB corpus, as a scenario names them, and where each goes
TEN = [("Head Jab", "red", 'Alice is the turn player; hero life 20, hand "{}"'),
       ("Lunging Press", "blue", "more"), ("Sigil of Solace", "red", "more"),
       ("Snatch", "red", 'Alice: deck top "{}"'), ("Zap", "red", "more"),
       ("Wounding Blow", "red", 'Alice: graveyard "{}"'),
       ("Sink Below", "red", 'Bob: hero life 20, hand "{}"'), ("Titanium Bauble", "blue", "more"),
       ("Nullrune Hood", "", 'Bob: wears "{}"'), ("Snapdragon Scalers", "", 'Bob: wears "{}"')]
ACTIONS = ('Alice plays "Head Jab"\nBob defends with "Titanium Bauble"\nsettle\n'
           "expect Bob life 20\n")


def scenarios(dest: Path, env: dict) -> tuple[Path, Path]:
    """(inline, named): the same scenario with ten card lines written from the installed
    database's printings, or with those lines as comments and the cards named."""
    code = ("import json, sys\nfrom judge.carddb import store\nout = []\n"
            "for name, variant in json.loads(sys.argv[1]):\n"
            "    c = [p for p in store.find('fab', name) if p.variant == variant][0]\n"
            "    out.append([c.type_line, c.stats, c.text])\nprint(json.dumps(out))\n")
    got = subprocess.run([PY, "-c", code, json.dumps([(n, v) for n, v, _ in TEN])], env=env,
                         check=True, capture_output=True, text=True)
    printed = json.loads(got.stdout)
    head = 'scenario "ten cards"\ngame fab-1.4\n'
    inline_lines, named_lines, setup = [], [], []
    for (name, variant, where), (type_line, stats, text) in zip(TEN, printed):
        values = "".join(f", {k} {v}" for k, v in stats)
        quoted = json.dumps(text, ensure_ascii=False).replace("\\n", "\\n")
        inline_lines.append(f'card "{name}": {type_line}{values}' + (f": {quoted}" if text else ""))
        named_lines.append(f"# {name}: from the card database")
        ref = f'"{name}" ({variant})' if variant else f'"{name}"'
        if where == "more":
            setup[-1] += f", {ref}"
        else:
            setup.append(where.replace('"{}"', ref))
    inline = head + "\n".join(inline_lines + setup) + "\n" + ACTIONS
    named = head + "\n".join(named_lines + setup) + "\n" + ACTIONS
    for ref in (f'"{n}" ({v})' for n, v, _ in TEN if v):
        inline = inline.replace(ref, ref.split(" (")[0])    # a card line names it plainly
    (dest / "inline.scn").write_text(inline, encoding="utf-8")
    (dest / "named.scn").write_text(named, encoding="utf-8")
    return dest / "inline.scn", dest / "named.scn"


_IN_PROCESS = r"""
import json, statistics, sys, time
from pathlib import Path
from judge.scenario.parser import parse
from judge.games.run import run_scenario
texts = {k: Path(p).read_text(encoding="utf-8") for k, p in json.loads(sys.argv[1]).items()}
rounds = int(sys.argv[2])
for t in texts.values():
    run_scenario(parse(t))                        # grammars, card parses, index: warm
times = {(k, what): [] for k in texts for what in ("parse", "parse and run")}
for r in range(rounds):
    for k in (sorted(texts) if r % 2 else sorted(texts, reverse=True)):
        t0 = time.perf_counter(); sc = parse(texts[k]); t1 = time.perf_counter()
        run_scenario(sc); t2 = time.perf_counter()
        times[(k, "parse")].append(t1 - t0)
        times[(k, "parse and run")].append(t2 - t0)
out = {}
for what in ("parse", "parse and run"):
    ratios = [n / i for n, i in zip(times[("named", what)], times[("inline", what)])]
    out[what] = {"inline_ms": 1000 * statistics.median(times[("inline", what)]),
                 "named_ms": 1000 * statistics.median(times[("named", what)]),
                 "ratio": statistics.median(ratios),
                 "q1": statistics.quantiles(ratios, n=4)[0],
                 "q3": statistics.quantiles(ratios, n=4)[2]}
print(json.dumps(out))
"""


def bench_carddb(env: dict) -> dict:
    if not SHARED.is_dir():
        print(f"\ncard databases: skipped ({SHARED} is absent)")
        return {"skipped": f"{SHARED} is absent"}
    env = dict(env, PYTHONDONTWRITEBYTECODE="1")
    home = Path(env["JUDGE_HOME"])
    out: dict = {}
    for game, rel in CORPORA.items():          # installed once, untimed (and the index built)
        subprocess.run([JUDGE, "cards", "add", str(SHARED / rel), "--game", game], env=env,
                       check=True, stdout=subprocess.DEVNULL)
    imports = {}
    for game, rel in CORPORA.items():
        path = SHARED / rel
        base = f"judge cards coverage {game}"
        add = f"judge cards add {game} (first time)"
        rows = paired({base: f"{JUDGE} cards coverage {game} {path}",
                       add: f"{JUDGE} cards add {path} --game {game} --name bench-{game}"},
                      base, rounds=5, warmup=1, env=env,
                      prepare=f"rm -f {home}/cards/{game}/bench-{game}.sqlite; "
                              f"rm -rf {home}/cache/cards")
        imports[game] = report(f"Importing the {game} corpus ({rel}), whole process; ratio to "
                               "parsing every card of it (judge cards coverage)", rows, base)
    out["import"] = imports
    quick = {"python -c pass": f"{PY} -c pass"}
    for game, rel in CORPORA.items():
        quick[f"judge cards add {game} (same files again)"] = (
            f"{JUDGE} cards add {SHARED / rel} --game {game}")
    quick["judge card fab Snatch"] = f"{JUDGE} card fab Snatch"
    quick["judge card wow Frostbolt --json"] = f"{JUDGE} card wow Frostbolt --json"
    rows = paired(quick, "python -c pass", rounds=15, env=env)
    out["quick"] = report("Adding the same files again, and a card by name; ratio to python -c "
                          "pass", rows, "python -c pass")
    with tempfile.TemporaryDirectory() as tmp:
        inline, named = scenarios(Path(tmp), env)
        commands = {"judge check, 10 card lines": f"{JUDGE} check {inline}",
                    "judge check, 10 cards named": f"{JUDGE} check {named}"}
        base = "judge check, 10 card lines"
        target = {"judge check, 10 cards named": 1.10}
        for cmd in commands.values():             # both pass, and warm the caches
            subprocess.run(cmd, shell=True, env=env, check=True, stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL)
        rows = paired(commands, base, rounds=21, env=env)
        out["ten cards, warm"] = report("Ten cards named instead of defined, judge check (whole "
                                        "process, parsed scenarios cached)", rows, base, target)
        rows = paired(commands, base, rounds=21, env=env,
                      prepare=f"rm -rf {home}/cache/scenarios")
        out["ten cards, parsed"] = report("Ten cards named instead of defined, judge check (whole "
                                          "process, every round parses)", rows, base, target)
        got = subprocess.run([PY, "-c", _IN_PROCESS, json.dumps({"inline": str(inline),
                                                               "named": str(named)}), "101"],
                             env=env, check=True, capture_output=True, text=True)
        inproc = json.loads(got.stdout.strip().splitlines()[-1])
        print("\nTen cards named instead of defined, in one process (101 alternating rounds)")
        for what, row in inproc.items():
            row["target"] = 1.10
            row["ok"] = row["ratio"] <= 1.10
            print(f"  {what:<16} inline {row['inline_ms']:7.2f} ms  named {row['named_ms']:7.2f}"
                  f" ms  ratio {row['ratio']:5.2f}x [{row['q1']:4.2f}-{row['q3']:4.2f}]"
                  + ("  ok" if row["ok"] else "  OVER target 1.10x"))
        out["ten cards, in one process"] = inproc
    out["load average"] = os.getloadavg()[0]
    out["cpus"] = os.cpu_count()
    return out


if __name__ == "__main__":
    with tempfile.TemporaryDirectory() as h:
        print(json.dumps(bench_carddb(dict(os.environ, JUDGE_HOME=h)), indent=1,
                         default=statistics.median))
