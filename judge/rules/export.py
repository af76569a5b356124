"""Export of the whole rule graph as GraphML or node-link JSON."""

from __future__ import annotations

import io
import json
import os
import sys

import networkx as nx

from judge.errors import UsageError


def flat_graph() -> nx.MultiDiGraph:
    """The rule graph with list attributes serialised, as GraphML needs scalars."""
    from judge.rules.index import load_graph
    g = load_graph().g.copy()
    for _, a in g.nodes(data=True):
        a["examples"] = json.dumps(a["examples"], ensure_ascii=False)
        a["aliases"] = json.dumps(a["aliases"], ensure_ascii=False)
    for _, _, a in g.edges(data=True):
        a.setdefault("raw", "")
        a.setdefault("line", 0)
    return g


def export_graph(fmt: str, output: str | None, *, force: bool = False) -> None:
    if output and os.path.exists(output) and not force:
        raise UsageError(f"{output} exists; not overwriting it", path=output,
                         suggestion="pass --force, or choose another --output")
    if output:
        from judge.fileio import check_output
        check_output(output)
    g = flat_graph()
    if fmt == "graphml":
        buf = io.BytesIO()
        nx.write_graphml(g, buf, encoding="utf-8")
        data = buf.getvalue().decode("utf-8")
    else:
        data = json.dumps(nx.node_link_data(g, edges="edges"), ensure_ascii=False, indent=1)
    if not data.endswith("\n"):
        data += "\n"           # a text file ends with a newline, to a file as to stdout
    if output:
        from judge.fileio import write_output
        write_output(output, data)
    else:
        sys.stdout.write(data)
