"""Does a change to the index build (or the start-up of the lookups) change what the index holds
or what ``judge search`` answers? Run before and after the change, then compare:

    .venv/bin/python bench/index_same.py before.json      # on the old code
    .venv/bin/python bench/index_same.py after.json       # on the new code
    .venv/bin/python bench/index_same.py --compare before.json after.json

A dump is a fresh full build of the bundled documents' index (in a temporary JUDGE_HOME): every
table's rows, sorted, with ``rank_term``'s blobs decoded and their rows named by node (the
schema version and the fingerprints left out, the checkout's folder written as ``<root>``, so
that two checkouts compare), the schema itself, and for every question of
bench/search_questions*.toml (every part, held-back ones included: only their answers are
compared, nothing is tuned on them) ``judge search``'s hits twice: in the question's game with
``--explain`` and 20 hits, and over every document with 10.
"""

from __future__ import annotations

import json
import marshal
import os
import sqlite3
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def dump(out: Path) -> None:
    os.environ["JUDGE_HOME"] = tempfile.mkdtemp(prefix="judge-index-same-")
    sys.path.insert(0, str(ROOT / "bench"))
    from search_bench import all_questions
    from judge import paths
    from judge.rules import index, lookup
    from judge.rules.search import search
    con = sqlite3.connect(index.build_index())
    ids = dict(con.execute("SELECT rowid, id FROM nodes"))
    data: dict[str, list] = {}
    for (name,) in con.execute("SELECT name FROM sqlite_master WHERE type='table'"):
        if name in ("meta", "document_files") or name.startswith("sqlite_"):
            continue
        try:
            rows = con.execute(f"SELECT * FROM {name}").fetchall()
        except sqlite3.OperationalError:        # an FTS5 table's shadow tables, vocab
            continue
        if name == "rank_term":
            rows = [(t, d, [(ids[r], c, w) for r, c, w in zip(*marshal.loads(b))])
                    for t, d, b in rows]
        data[name] = sorted(repr(r).replace(paths.ROOT_STR, "<root>") for r in rows)
    data["meta"] = sorted(repr(r) for r in con.execute(
        "SELECT k, v FROM meta WHERE k NOT IN ('fingerprint', 'code', 'schema')"))
    data["schema"] = sorted(repr(r) for r in con.execute(
        "SELECT type, name, sql FROM sqlite_master"))
    con.close()
    lookup.reset()
    answers = {}
    for _, q in all_questions():
        answers[q["id"]] = [search(q["q"], game=q["game"], limit=20, explain=True),
                            search(q["q"], limit=10)]
    data["search"] = answers
    out.write_text(json.dumps(data, sort_keys=True, indent=0), encoding="utf-8")
    print(f"{out}: {len(answers)} questions; rows: "
          + ", ".join(f"{k} {len(v)}" for k, v in data.items() if k != "search"))


def compare(a: Path, b: Path) -> int:
    old, new = (json.loads(p.read_text(encoding="utf-8")) for p in (a, b))
    differ = [k for k in sorted(old.keys() | new.keys()) if old.get(k) != new.get(k)]
    for k in differ:
        if k == "search":
            ids = [q for q in old[k] if old[k][q] != new[k].get(q)]
            print(f"search: {len(ids)} of {len(old[k])} questions answered differently: "
                  + ", ".join(ids[:20]))
        else:
            gone = set(old.get(k, [])) - set(new.get(k, []))
            added = set(new.get(k, [])) - set(old.get(k, []))
            print(f"{k}: {len(gone)} rows gone, {len(added)} new")
    if not differ:
        print("same index rows and the same search answers")
    return 1 if differ else 0


def command_line(dump, compare, usage: str) -> None:
    """``script OUT`` dumps, ``script --compare A B`` compares two dumps (exit 1 if they
    differ); shared with bench/graph_same.py."""
    if sys.argv[1:2] == ["--compare"] and len(sys.argv) == 4:
        sys.exit(compare(Path(sys.argv[2]), Path(sys.argv[3])))
    if len(sys.argv) != 2:
        sys.exit(usage)
    dump(Path(sys.argv[1]))


if __name__ == "__main__":
    command_line(dump, compare, __doc__)
