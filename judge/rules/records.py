"""The rule graph's records: every document's nodes and edges as plain dicts and tuples, made
once from the imported documents (no networkx). Two sinks read the same records: the index
writer (:mod:`judge.rules.index`, which a rebuild runs without importing networkx) and the
networkx graph every graph user reads (:func:`judge.rules.graph.from_records`).

Node ids are citations (``"fab-1.4 20.7.2a"``). Edge kinds (attribute ``kind``):

* ``parent``   child -> parent
* ``cites``    an explicit cross-reference that resolves inside its document
* ``dangling`` an explicit cross-reference that does not resolve; it points at a placeholder
               node of kind ``missing`` (``"fab-section4 ?1.3.2d"``) and keeps the raw text
* ``mentions`` a glossary term or keyword used in the text -> its definition node

The records keep what a networkx ``MultiDiGraph`` filled in the same order would hold: nodes in
the order they were first added (a node added again has its attributes updated in place, as
``add_node`` does), edges in the order they were added (so that a node's predecessors come in
the order the graph would give them), each with its own attribute dict.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from judge.rules.graph_terms import term_norm
from judge.rules.model import ImportedDocument, NodeKind, RuleNode

MISSING = "missing"


def node_id(doc: str, key: str) -> str:
    return f"{doc} {key}"


@dataclass
class Records:
    """Nodes (id -> attributes, in the order first added) and edges (source, target,
    attributes; in the order added) of every document, with the documents themselves."""
    nodes: dict[str, dict] = field(default_factory=dict)
    edges: list[tuple[str, str, dict]] = field(default_factory=list)
    documents: dict[str, ImportedDocument] = field(default_factory=dict)
    sources: dict[str, str] = field(default_factory=dict)  # doc id -> source path

    def by_document(self) -> dict[str, dict[str, dict]]:
        """doc id -> its nodes (id -> attributes), in node order."""
        out: dict[str, dict[str, dict]] = {}
        for nid, a in self.nodes.items():
            own = out.get(a["doc"])
            if own is None:
                own = out[a["doc"]] = {}
            own[nid] = a
        return out

    def out_edges(self) -> dict[str, list[tuple[str, str, dict]]]:
        """node id -> its out-edges in the order a MultiDiGraph's ``out_edges`` gives them:
        by target in the order each target was first linked from the node, then by key (the
        order the edges between the two were added)."""
        succ: dict[str, dict[str, list[dict]]] = {}
        for u, v, d in self.edges:
            nbrs = succ.get(u)
            if nbrs is None:
                nbrs = succ[u] = {}
            ds = nbrs.get(v)
            if ds is None:
                nbrs[v] = [d]
            else:
                ds.append(d)
        return {u: [(u, v, d) for v, ds in nbrs.items() for d in ds] for u, nbrs in succ.items()}


class MentionFinder:
    """Finds a document's glossary terms in rule text in one pass over its words.

    What counts as a mention: a term, case-insensitively, not preceded by a word character or a
    hyphen, optionally followed by "s" or "es", and not followed by a word character or a
    hyphen; at each place the longest term that fits wins, and mentions do not overlap (read
    left to right). The text is read once: the words it holds are looked up in a table of the
    terms keyed by their first word, and each place (a word start, or one of the few non-word
    characters a term starts with) where such a word begins is tried, so the work grows with
    the text, not with text x terms.
    """

    def __init__(self, terms: list[str]) -> None:
        self.by_first: dict[str, list[str]] = {}
        starts = set()
        for t in sorted(set(terms), key=len, reverse=True):
            first = _FIRST.match(t)
            if first is None:
                continue
            self.by_first.setdefault(first.group(0), []).append(t)
            if not _WORDCHAR.match(t):
                starts.add(t[0])
        # the words a mention can begin with (a term's first word, or a one-word term's plural)
        # -> the terms that may start there, longest first
        self.heads: dict[str, list[str]] = {}
        for word in {w + s for w in self.by_first for s in ("", "s", "es")}:
            found = list(self.by_first.get(word, []))
            if word.endswith("s"):     # a one-word term in its plural: "barriers", "classes"
                found += self.by_first.get(word[:-1], [])
                if word.endswith("es"):
                    found += self.by_first.get(word[:-2], [])
            self.heads[word] = sorted(found, key=len, reverse=True)
        self.marks = sorted(starts)

    def find(self, text: str):
        """(start, end) of each mention in ``text``, left to right."""
        low = text.lower()
        if len(low) != len(text):      # lower-casing changed the length: map no positions
            yield from self._find_slow(text)
            return
        heads = self.heads
        # the head words the text holds anywhere (a superset of those at a place: the places
        # are told below), its words split by bytes.translate where it is ASCII
        if low.isascii():
            words = low.encode().translate(_ASCII_WORDS).decode().split()
        else:
            words = _WORDS.findall(low)
        present = heads.keys() & set(words)
        for mark in self.marks:
            if mark in low:
                present.add(mark)
        if not present:
            return
        # where each head word present begins a place (a word not preceded by a word character
        # or a hyphen, and not running on; a mark stands alone): str.find per word, not a match
        # object for every word of the text
        # (a word goes on at a letter, digit, underscore or hyphen; a mention may not run on
        # into a letter, digit or underscore: tested inline, for every place found)
        starts = []
        n = len(low)
        find = low.find
        for word in present:
            size, i = len(word), find(word)
            mark = size == 1 and not _WORDCHAR.match(word)
            while i >= 0:
                if i:
                    ch = low[i - 1]
                    if ch.isalnum() or ch == "_" or ch == "-":
                        i = find(word, i + 1)
                        continue
                j = i + size
                if mark or j >= n or not (low[j].isalnum() or low[j] == "_"):
                    starts.append((i, word))
                i = find(word, i + 1)
        if len(present) > 1:
            starts.sort()
        end = 0
        startswith = low.startswith
        for start, word in starts:
            if start < end:
                continue
            for term in heads[word]:          # the longest term that fits, with its plural
                if not startswith(term, start):
                    continue
                after = start + len(term)
                stop = None
                for suffix in ("s", "es", ""):
                    if startswith(suffix, after):
                        k = after + len(suffix)
                        if k >= n or not (low[k].isalnum() or low[k] in "_-"):
                            stop = k
                            break
                if stop is not None:
                    end = stop
                    yield start, stop
                    break

    def _find_slow(self, text: str):
        terms = sorted({t for ts in self.by_first.values() for t in ts}, key=len, reverse=True)
        alts = "|".join(re.escape(t) for t in terms)
        pattern = re.compile(rf"(?<![\w-])(?:{alts})(?:s|es)?(?![\w-])", re.IGNORECASE)
        for m in pattern.finditer(text):
            yield m.start(), m.end()


_FIRST = re.compile(r"\w+|.", re.S)
_WORDCHAR = re.compile(r"\w")
_WORDS = re.compile(r"\w+")
# ASCII word characters (letters, digits, underscore) kept, every other ASCII character a space
_ASCII_WORDS = bytes(c if chr(c).isalnum() or c == 95 else 32 for c in range(128)) \
    + bytes(range(128, 256))


def _glossary_terms(nodes: tuple[RuleNode, ...]) -> dict[str, str]:
    """normalised term -> key of its glossary node."""
    terms: dict[str, str] = {}
    for n in nodes:
        if n.kind is not NodeKind.GLOSSARY:
            continue
        for name in (n.key, n.title or "", *n.aliases):
            norm = term_norm(name)
            if len(norm) >= 3:
                terms.setdefault(norm, n.key)
    return terms


def _resolve(target: str, keys: dict[str, str], exact: set[str],
             terms: dict[str, str]) -> str | None:
    """The key ``target`` names: a key as printed (``exact``), in another case (``keys``: lower
    case -> key) or a glossary term."""
    t = target.strip().rstrip(".")
    if t in exact:
        return t
    low = t.lower()
    if low in keys:
        return keys[low]
    return terms.get(term_norm(t))


def build_records(docs: list[ImportedDocument], sources: dict[str, str] | None = None) -> Records:
    rec = Records({}, [], {}, dict(sources or {}))
    nodes, edges = rec.nodes, rec.edges

    def add_node(nid: str, attrs: dict) -> None:
        old = nodes.get(nid)
        if old is None:
            nodes[nid] = attrs
        else:           # added again: its attributes updated, its place kept
            old.update(attrs)

    for doc in docs:
        m = doc.manifest
        rec.documents[m.id] = doc
        keys = {n.key.lower(): n.key for n in doc.nodes}
        exact = set(keys.values())
        top_of: dict[str, str] = {}
        for order, n in enumerate(doc.nodes):
            top = top_of.get(n.parent, n.parent) if n.parent else n.key
            top_of[n.key] = top or n.key
            add_node(node_id(m.id, n.key), {
                "doc": m.id, "game": m.game, "key": n.key, "number": n.number,
                "kind": n.kind.value, "title": n.title or "", "text": n.text,
                "parent": n.parent or "", "line": n.line, "end_line": n.end_line, "order": order,
                "section": top_of[n.key],
                "examples": [{"label": e.label, "text": e.text, "line": e.line}
                             for e in n.examples],
                "aliases": list(n.aliases)})
        for n in doc.nodes:
            src = node_id(m.id, n.key)
            if n.parent and n.parent.lower() in keys:
                edges.append((src, node_id(m.id, keys[n.parent.lower()]), {"kind": "parent"}))
        terms = _glossary_terms(doc.nodes)
        for n in doc.nodes:
            src = node_id(m.id, n.key)
            for ref in n.refs:
                dst = _resolve(ref.target, keys, exact, terms)
                if dst is not None:
                    if dst != n.key:
                        edges.append((src, node_id(m.id, dst),
                                      {"kind": "cites", "raw": ref.raw, "line": ref.line}))
                else:
                    missing = node_id(m.id, "?" + ref.target)
                    if missing not in nodes:
                        nodes[missing] = {
                            "doc": m.id, "game": m.game, "key": "?" + ref.target,
                            "number": ref.target, "kind": MISSING, "title": "", "text": "",
                            "parent": "", "line": ref.line, "end_line": ref.line, "order": -1,
                            "section": "", "examples": [], "aliases": []}
                    edges.append((src, missing,
                                  {"kind": "dangling", "raw": ref.raw, "line": ref.line}))
        if not terms:
            continue
        finder = MentionFinder(list(terms))
        norms: dict[str, str | None] = {}       # a matched word -> its term's key
        for n in doc.nodes:
            src = node_id(m.id, n.key)
            seen: set[str] = set()
            body = "\n".join([n.text, *(e.text for e in n.examples)])
            for start, end in finder.find(body):
                raw = body[start:end]
                word = raw.lower()
                if word in norms:
                    key = norms[word]
                else:
                    key = terms.get(term_norm(word))
                    if key is None and word.endswith("es"):
                        key = terms.get(term_norm(word[:-2]))
                    if key is None and word.endswith("s"):
                        key = terms.get(term_norm(word[:-1]))
                    norms[word] = key
                if key is None or key == n.key or key in seen:
                    continue
                seen.add(key)
                edges.append((src, node_id(m.id, key), {"kind": "mentions", "raw": raw}))
    return rec
