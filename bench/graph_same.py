"""Is the rule graph every graph user reads (``load_graph()``: judge site and its server, the
graph export, the tests' ``graph`` fixture) the same after a change to how it is built? Run
before and after, compare:

    .venv/bin/python bench/graph_same.py before.json      # on the old code
    .venv/bin/python bench/graph_same.py after.json       # on the new code
    .venv/bin/python bench/graph_same.py --compare before.json after.json

A dump is the graph of the bundled documents (in a temporary JUDGE_HOME), in networkx's own
orders: the nodes with their attributes, every node's out-edges and in-edges (neighbour, key,
attributes), the edges as ``g.edges(keys=True, data=True)`` gives them, the documents and
sources (the checkout's folder written as ``<root>``).
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path


def dump(out: Path) -> None:
    os.environ["JUDGE_HOME"] = tempfile.mkdtemp(prefix="judge-graph-same-")
    from judge import paths
    from judge.rules.index import load_graph
    rg = load_graph()
    g = rg.g
    data = {
        "type": type(g).__name__,
        "nodes": [[n, a] for n, a in g.nodes(data=True)],
        "edges": [[u, v, k, d] for u, v, k, d in g.edges(keys=True, data=True)],
        "out": {n: [[v, k, d] for _, v, k, d in g.out_edges(n, keys=True, data=True)] for n in g},
        "in": {n: [[u, k, d] for u, _, k, d in g.in_edges(n, keys=True, data=True)] for n in g},
        "documents": list(rg.documents),
        "sources": rg.sources,
    }
    text = json.dumps(data, indent=0).replace(json.dumps(paths.ROOT_STR)[1:-1], "<root>")
    out.write_text(text, encoding="utf-8")
    print(f"{out}: {len(data['nodes'])} nodes, {len(data['edges'])} edges")


def compare(a: Path, b: Path) -> int:
    old, new = (json.loads(p.read_text(encoding="utf-8")) for p in (a, b))
    differ = [k for k in sorted(old.keys() | new.keys()) if old.get(k) != new.get(k)]
    for k in differ:
        print(f"{k}: differs")
    if not differ:
        print("the same graph: nodes, edges, keys, attributes and their orders")
    return 1 if differ else 0


if __name__ == "__main__":
    from index_same import command_line      # beside this script (bench/ is sys.path[0])
    command_line(dump, compare, __doc__)
