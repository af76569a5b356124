"""The rule graph: every document's nodes in one networkx MultiDiGraph, filled from the rule
records (:mod:`judge.rules.records`, which says what the nodes and edge kinds are).

Node ids are citations (``"fab-1.4 20.7.2a"``); edge kinds (attribute ``kind``): ``parent``,
``cites``, ``dangling`` (to a placeholder node of kind ``missing``) and ``mentions``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import networkx as nx

from judge.rules.model import ImportedDocument
from judge.rules.records import MISSING, Records, build_records, node_id  # noqa: F401


@dataclass
class RuleGraph:
    g: nx.MultiDiGraph
    documents: dict[str, ImportedDocument] = field(default_factory=dict)
    sources: dict[str, str] = field(default_factory=dict)  # doc id -> source path

    def node(self, doc: str, key: str) -> dict:
        return self.g.nodes[node_id(doc, key)]

    def edges_of(self, nid: str, kind: str, *, incoming: bool = False) -> list[str]:
        edges = self.g.in_edges(nid, data="kind") if incoming else self.g.out_edges(nid, data="kind")
        out: list[str] = []
        for u, v, k in edges:
            if k == kind:
                other = u if incoming else v
                if other not in out:
                    out.append(other)
        return out


def from_records(rec: Records) -> RuleGraph:
    """The graph of ``rec``: its nodes added in their order, then its edges in theirs (each
    node and edge with attribute dicts of its own; lists inside them are shared with ``rec``)."""
    g = nx.MultiDiGraph()
    add_node, add_edge = g.add_node, g.add_edge
    for nid, a in rec.nodes.items():
        add_node(nid, **a)
    for u, v, d in rec.edges:
        add_edge(u, v, **d)
    return RuleGraph(g, dict(rec.documents), dict(rec.sources))


def build(docs: list[ImportedDocument], sources: dict[str, str] | None = None) -> RuleGraph:
    return from_records(build_records(docs, sources))
