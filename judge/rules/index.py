"""The compiled index: the rule graph written to SQLite (with an FTS5 table for search).

Built once from the installed documents and reused until a source file, a manifest or the
rules code changes (see :func:`judge.rules.lookup.fingerprint`). Builds write a temporary file
and rename it into place, so a lookup never sees a half-written index.
"""

from __future__ import annotations

import json
import os
import sqlite3
import tempfile
from pathlib import Path

from judge.rules import catalog
from judge.rules.graph import MISSING, RuleGraph, build
from judge.rules.graph_terms import term_norm
from judge.rules.lookup import encode_examples, fingerprint, index_path
from judge.rules.model import NodeKind

SCHEMA = """
CREATE TABLE meta(k TEXT PRIMARY KEY, v TEXT);
CREATE TABLE documents(id TEXT PRIMARY KEY, game TEXT, title TEXT, version TEXT, date TEXT,
    file TEXT, format TEXT, publisher TEXT, bundled INTEGER, scope TEXT, source_path TEXT,
    manifest_path TEXT, ord INTEGER);
CREATE TABLE nodes(id TEXT PRIMARY KEY, doc TEXT, key TEXT, number TEXT, kind TEXT, title TEXT,
    text TEXT, examples TEXT, parent TEXT, line INTEGER, end_line INTEGER, ord INTEGER,
    section TEXT, aliases TEXT);
CREATE INDEX nodes_doc_number ON nodes(doc, number COLLATE NOCASE);
CREATE INDEX nodes_doc_key ON nodes(doc, key COLLATE NOCASE);
CREATE TABLE edges(src TEXT, dst TEXT, kind TEXT, raw TEXT, line INTEGER);
CREATE INDEX edges_src ON edges(src);
CREATE INDEX edges_dst ON edges(dst);
CREATE TABLE terms(game TEXT, doc TEXT, norm TEXT, key TEXT, weight INTEGER);
CREATE INDEX terms_norm ON terms(game, norm);
CREATE TABLE duplicates(doc TEXT, number TEXT, line INTEGER);
CREATE TABLE toc(doc TEXT, number TEXT, line INTEGER);
CREATE VIRTUAL TABLE search USING fts5(id UNINDEXED, title, text, examples,
    tokenize='porter unicode61');
"""


def load_graph() -> RuleGraph:
    """Import every installed document and build the rule graph (no index involved)."""
    docs, sources = [], {}
    for entry in catalog.entries():
        docs.append(catalog.import_entry(entry))
        sources[entry.manifest.id] = str(entry.source_path)
    return build(docs, sources)


def write_index(rg: RuleGraph, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=".index-", suffix=".sqlite", dir=path.parent)
    os.close(fd)
    try:
        con = sqlite3.connect(tmp)
        con.executescript(SCHEMA)
        with con:
            _fill(con, rg)
        con.close()
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _fill(con: sqlite3.Connection, rg: RuleGraph) -> None:
    con.execute("INSERT INTO meta VALUES('fingerprint', ?)", (fingerprint(),))
    entries = {e.manifest.id: e for e in catalog.entries()}
    for ord_, (doc_id, doc) in enumerate(rg.documents.items()):
        m = doc.manifest
        entry = entries.get(doc_id)
        con.execute(
            "INSERT INTO documents VALUES(?,?,?,?,?,?,?,?,?,?,?,?,?)",
            (m.id, m.game, m.title, m.version, m.date, m.file, m.format, m.publisher,
             int(m.bundled), json.dumps(list(m.scope)), rg.sources.get(doc_id, ""),
             str(entry.manifest_path) if entry else "", ord_))
        con.executemany("INSERT INTO duplicates VALUES(?,?,?)",
                        [(m.id, num, line) for num, line in doc.duplicates])
        con.executemany("INSERT INTO toc VALUES(?,?,?)", [(m.id, num, line) for num, line in doc.toc])
    nodes, fts, terms = [], [], []
    for nid, a in rg.g.nodes(data=True):
        nodes.append((nid, a["doc"], a["key"], a["number"], a["kind"], a["title"], a["text"],
                      encode_examples(a["examples"]), a["parent"], a["line"], a["end_line"], a["order"],
                      a["section"], json.dumps(a["aliases"])))
        if a["kind"] == MISSING:
            continue
        fts.append((nid, a["title"], a["text"], " ".join(e["text"] for e in a["examples"])))
        if a["kind"] == NodeKind.GLOSSARY.value:
            names, weight = {a["key"], a["title"], *a["aliases"]}, 3
        elif a["kind"] == NodeKind.ERRATA.value:
            names, weight = {a["key"]}, 2
        elif a["title"]:
            names, weight = {a["title"]}, 1
        else:
            continue
        for name in names:
            if name and term_norm(name):
                terms.append((a["game"], a["doc"], term_norm(name), a["key"], weight))
    con.executemany("INSERT INTO nodes VALUES(?,?,?,?,?,?,?,?,?,?,?,?,?,?)", nodes)
    con.executemany("INSERT INTO search(id, title, text, examples) VALUES(?,?,?,?)", fts)
    con.executemany("INSERT INTO terms VALUES(?,?,?,?,?)", terms)
    con.executemany("INSERT INTO edges VALUES(?,?,?,?,?)",
                    [(u, v, d["kind"], d.get("raw", ""), d.get("line", 0))
                     for u, v, d in rg.g.edges(data=True)])


def build_index(path: Path | str | None = None) -> Path:
    target = Path(path or index_path())
    write_index(load_graph(), target)
    return target
