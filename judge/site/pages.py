"""The rule graph as page views: plain data the templates show.

One page per top-level section of a document (the section and all its descendants, in source
order), an index page per document, a home page of documents per game. Every rule on a page
carries its linked text, its examples, what it cites, what cites it (and, for glossary entries,
the rules that use the term), the same key in the game's other documents, its ancestors and
its citation neighbourhood picture.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from judge.rules.catalog import GAMES
from judge.rules.graph import MISSING, RuleGraph
from judge.rules.model import NodeKind
from judge.site import svg, urls
from judge.site.textlinks import Link, segments

MENTION_CAP = 40  # "used in" back-links listed on a glossary entry


@dataclass
class Section:
    doc: str
    key: str
    path: str
    title: str
    ids: list[str] = field(default_factory=list)  # node ids on the page, in source order


@dataclass
class Site:
    """What the page builders need to know about the whole graph."""
    rg: RuleGraph
    sections: dict[str, list[Section]]             # doc -> its pages
    page_of: dict[str, str]                        # node id -> site path of its page
    games: dict[str, list[str]]                    # game -> its documents (catalog order)
    out_edges: dict[tuple[str, str], list[str]] = field(default_factory=dict)  # (id, kind) ->
    in_edges: dict[tuple[str, str], list[str]] = field(default_factory=dict)   # other ends

    def edges(self, nid: str, kind: str, *, incoming: bool = False) -> list[str]:
        """Like RuleGraph.edges_of (first-seen order, no repeats), from one pass over the graph."""
        return (self.in_edges if incoming else self.out_edges).get((nid, kind), [])

    def node_href(self, from_page: str, nid: str) -> str:
        return urls.href(from_page, self.page_of[nid], self.rg.g.nodes[nid]["key"])


def collect(rg: RuleGraph) -> Site:
    g = rg.g
    sections: dict[str, list[Section]] = {}
    by_key: dict[tuple[str, str], Section] = {}
    page_of: dict[str, str] = {}
    nodes = sorted(((nid, a) for nid, a in g.nodes(data=True) if a["kind"] != MISSING),
                   key=lambda item: (item[1]["doc"], item[1]["order"]))
    for nid, a in nodes:
        doc, top = a["doc"], a["section"] or a["key"]
        sec = by_key.get((doc, top))
        if sec is None:
            top_id = f"{doc} {top}"
            title = g.nodes[top_id]["title"] if top_id in g else ""
            sec = Section(doc, top, urls.section_path(doc, top), title)
            by_key[(doc, top)] = sec
            sections.setdefault(doc, []).append(sec)
        if a["key"] == top:
            sec.ids.insert(0, nid)  # the section itself heads its page (sources may list a
        else:                       # child before its heading: Ashes "Target")
            sec.ids.append(nid)
        page_of[nid] = sec.path
    games: dict[str, list[str]] = {}
    for doc_id, doc in rg.documents.items():
        games.setdefault(doc.manifest.game, []).append(doc_id)
    for doc_id in rg.documents:
        sections.setdefault(doc_id, [])
    out_edges: dict[tuple[str, str], list[str]] = {}
    in_edges: dict[tuple[str, str], list[str]] = {}
    for u, v, kind in g.edges(data="kind"):
        out_list = out_edges.setdefault((u, kind), [])
        if v not in out_list:
            out_list.append(v)
        in_list = in_edges.setdefault((v, kind), [])
        if u not in in_list:
            in_list.append(u)
    return Site(rg, sections, page_of, games, out_edges, in_edges)


# --- small views -------------------------------------------------------------------------------

def _tooltip(nid: str, a: dict) -> str:
    return f"{nid}: {a['title']}" if a["title"] and a["title"] != a["key"] else nid


def _ref_view(site: Site, page: str, nid: str) -> dict:
    a = site.rg.g.nodes[nid]
    if a["kind"] == MISSING:
        return {"label": a["number"], "href": None, "title": "not in this document",
                "dangling": True, "citation": nid}
    return {"label": a["key"], "href": site.node_href(page, nid), "title": _tooltip(nid, a),
            "dangling": False, "citation": nid, "heading": a["title"]}


def _outgoing(site: Site, nid: str) -> list[tuple[str, str, dict]]:
    """(kind, target, edge data) of the cites, dangling and mentions edges of a node."""
    return [(d["kind"], v, d) for _, v, d in site.rg.g.out_edges(nid, data=True)
            if d["kind"] in ("cites", "dangling", "mentions")]


def _unique(items: list[str]) -> list[str]:
    return list(dict.fromkeys(items))


def _links(site: Site, page: str, nid: str) -> list[Link]:
    out: list[Link] = []
    for kind, target, data in _outgoing(site, nid):
        raw = data.get("raw", "")
        if kind == "dangling":
            out.append(Link(raw, "dangling", None,
                            f"not in this document: {site.rg.g.nodes[target]['number']}", True))
        elif kind == "cites":
            out.append(Link(raw, "cite", site.node_href(page, target),
                            _tooltip(target, site.rg.g.nodes[target]), True))
        else:
            out.append(Link(raw, "mention", site.node_href(page, target),
                            _tooltip(target, site.rg.g.nodes[target]), False))
    return out


def _also_in(site: Site, page: str, a: dict) -> list[dict]:
    """The same key in the game's other documents."""
    out = []
    for other in site.games.get(a["game"], []):
        if other == a["doc"]:
            continue
        nid = f"{other} {a['key']}"
        if nid in site.page_of:
            out.append({"doc": other, "href": site.node_href(page, nid)})
    return out


def _ancestors(site: Site, page: str, nid: str) -> list[dict]:
    g = site.rg.g
    chain = []
    parents = site.edges(nid, "parent")
    while parents:
        parent = parents[0]
        chain.append({"label": g.nodes[parent]["key"], "href": site.node_href(page, parent),
                      "title": g.nodes[parent]["title"]})
        parents = site.edges(parent, "parent")
    return list(reversed(chain))


def rule_view(site: Site, page: str, nid: str, depth: int) -> dict:
    g = site.rg.g
    a = g.nodes[nid]
    links = _links(site, page, nid)
    ref_links = [link for link in links if link.kind != "mention"]
    cites = [_ref_view(site, page, t) for t in _unique(
        site.edges(nid, "cites") + site.edges(nid, "dangling"))]
    cited_by = [_ref_view(site, page, s) for s in site.edges(nid, "cites", incoming=True)]
    used_in: list[dict] = []
    used_total = 0
    if a["kind"] == NodeKind.GLOSSARY.value:
        users = site.edges(nid, "mentions", incoming=True)
        used_total = len(users)
        used_in = [_ref_view(site, page, s) for s in users[:MENTION_CAP]]
    picture = svg.layout(
        a["key"], _tooltip(nid, a),
        [svg.Neighbour(r["label"], r["title"], r["href"]) for r in cited_by],
        [svg.Neighbour(r["label"], r["title"] if not r["dangling"] else
                       f"{r['label']}: not in this document", r["href"], r["dangling"])
         for r in cites])
    return {
        "id": nid,
        "anchor": a["key"],
        "key": a["key"],
        "number": a["number"],
        "kind": a["kind"],
        "title": a["title"],
        "depth": depth,
        "level": min(6, depth + 1),
        "segments": segments(a["text"], links),
        "examples": [{"label": e["label"], "segments": segments(e["text"], ref_links)}
                     for e in a["examples"]],
        "cites": cites,
        "cited_by": cited_by,
        "used_in": used_in,
        "used_more": used_total - len(used_in),
        "also_in": _also_in(site, page, a),
        "ancestors": _ancestors(site, page, nid),
        "svg": picture,
        "line": a["line"],
    }


def section_view(site: Site, sec: Section) -> dict:
    g = site.rg.g
    on_page = set(sec.ids)

    def depth(nid: str) -> int:
        a, d = g.nodes[nid], 0
        while a["parent"] and f"{a['doc']} {a['parent']}" in on_page and d < 64:
            a, d = g.nodes[f"{a['doc']} {a['parent']}"], d + 1
        return d

    rules = [rule_view(site, sec.path, nid, depth(nid)) for nid in sec.ids]
    return {"doc": sec.doc, "key": sec.key, "title": sec.title, "path": sec.path, "rules": rules,
            "versions": versions_view(site, sec)}


def versions_view(site: Site, sec: Section) -> list[dict]:
    """The game's documents, each linking to the same key when it exists there, else to that
    document's index."""
    out = []
    game = site.rg.documents[sec.doc].manifest.game
    for other in site.games.get(game, []):
        m = site.rg.documents[other].manifest
        nid = f"{other} {sec.key}"
        if other == sec.doc:
            href, exact = None, True
        elif nid in site.page_of:
            href, exact = site.node_href(sec.path, nid), True
        else:
            href, exact = urls.href(sec.path, urls.document_path(other)), False
        out.append({"doc": other, "version": m.version, "title": m.title, "href": href,
                    "exact": exact, "current": other == sec.doc})
    return out


def document_view(site: Site, doc_id: str) -> dict:
    doc = site.rg.documents[doc_id]
    m = doc.manifest
    g = site.rg.g
    page = urls.document_path(doc_id)
    sections = []
    for sec in site.sections[doc_id]:
        children = [c for c in sec.ids if g.nodes[c]["parent"] == sec.key]
        sections.append({
            "key": sec.key, "title": sec.title, "href": urls.href(page, sec.path),
            "count": len(sec.ids),
            "children": [{"key": g.nodes[c]["key"], "title": g.nodes[c]["title"],
                          "href": site.node_href(page, c)} for c in children
                         if g.nodes[c]["title"] or g.nodes[c]["kind"] == NodeKind.SECTION.value],
        })
    others = [{"doc": o, "href": urls.href(page, urls.document_path(o)),
               "version": site.rg.documents[o].manifest.version}
              for o in site.games.get(m.game, []) if o != doc_id]
    return {"id": doc_id, "game": m.game, "game_name": GAMES.get(m.game, m.game),
            "title": m.title, "version": m.version, "date": m.date, "publisher": m.publisher,
            "scope": list(m.scope), "source": m.source_file or m.file, "sections": sections,
            "rules": sum(s["count"] for s in sections), "others": others}


def home_view(site: Site) -> list[dict]:
    out = []
    for game, docs in site.games.items():
        out.append({"game": game, "name": GAMES.get(game, game), "documents": [
            {"id": d, "title": site.rg.documents[d].manifest.title,
             "version": site.rg.documents[d].manifest.version,
             "date": site.rg.documents[d].manifest.date,
             "href": urls.document_path(d),
             "rules": sum(len(s.ids) for s in site.sections[d])} for d in docs]})
    return out
