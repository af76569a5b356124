"""The compiled index: the rule records (:mod:`judge.rules.records`: the nodes and edges the
networkx rule graph is filled from) written to SQLite, with judge search's tables (see
:mod:`judge.rules.search_index`). Writing it imports no networkx: the graph is made from the same
records only where a graph user asks for it (:func:`load_graph`).

Built once from the installed documents and kept up to date (see
:func:`judge.rules.lookup.fingerprint`): when the rules code changes the whole index is built
again (into a temporary file renamed into place, so a lookup never sees a half-written index);
when only rulebook files change (``judge rulebook add`` / ``remove``, an edited document), only
the documents whose manifest or source changed are read again and their rows replaced, in one
SQLite transaction (a lookup sees the index before or after it, never between). Every table is
per document: a document's nodes, edges (cross-references and mentions stay inside a
document), terms and search rows depend on that document alone (the search's player-slang
synonyms, which belong to no document, are written with every full build).
"""

from __future__ import annotations

import gc
import json
import os
import sqlite3
from pathlib import Path

from judge.rules import catalog, problems, search_index
from judge.rules.graph_terms import term_norm
from judge.rules.lookup import (code_fingerprint, encode_examples, file_line, fingerprint,
                                index_path, open_index, stored_fingerprint)
from judge.rules.model import NodeKind
from judge.rules.records import MISSING, Records, build_records

SCHEMA_VERSION = "5"

SCHEMA = """
CREATE TABLE meta(k TEXT PRIMARY KEY, v TEXT);
CREATE TABLE document_files(doc TEXT PRIMARY KEY, lines TEXT);
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
""" + search_index.SCHEMA      # judge search's tables, per document as well

# a full build creates the indexes of the tables it only writes after their rows are in (one
# sorted build each, not a b-tree kept up to date row by row); the ones the build reads (nodes by
# document) come first; an update writes into the indexes that are there
_STATEMENTS = [s.strip() for s in SCHEMA.split(";") if s.strip()]
_LATE = [s for s in _STATEMENTS if s.startswith("CREATE INDEX") and " ON nodes(" not in s]
TABLES = ";\n".join(s for s in _STATEMENTS if s not in _LATE) + ";"
LATE_INDEXES = ";\n".join(_LATE) + ";"


def load_records(entries: list[catalog.Entry] | None = None) -> Records:
    """Import every installed document (or those of ``entries``) and make the rule records
    (nodes and edges, no networkx). A user document that cannot be imported is skipped and
    reported (:mod:`judge.rules.problems`)."""
    from judge.errors import JudgeError
    docs, sources = [], {}
    for entry in catalog.entries() if entries is None else entries:
        try:
            docs.append(catalog.import_entry(entry))
        except JudgeError as err:
            if entry.manifest.bundled:
                raise
            problems.add(err.path or str(entry.source_path), err.message, entry.manifest.id)
            continue
        sources[entry.manifest.id] = str(entry.source_path)
    return build_records(docs, sources)


def load_graph(entries: list[catalog.Entry] | None = None):
    """The rule graph (a :class:`judge.rules.graph.RuleGraph`, networkx) of every installed
    document (or those of ``entries``), made from the same records as the index."""
    from judge.rules.graph import from_records
    return from_records(load_records(entries))


def document_files(entry: catalog.Entry) -> str:
    """The fingerprint lines of a document's own files (manifest, source)."""
    return "\n".join(file_line(str(p)) for p in (entry.manifest_path, entry.source_path))


def _store_problems(con: sqlite3.Connection) -> None:
    con.execute("INSERT OR REPLACE INTO meta VALUES('problems', ?)", (problems.encode(),))


def write_index(rec: Records, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = _new_file(path.parent)
    try:
        con = sqlite3.connect(tmp)
        # a new file, renamed into place when complete: no journal, no sync per statement;
        # one fsync of the finished file below
        con.execute("PRAGMA journal_mode=OFF")
        con.execute("PRAGMA synchronous=OFF")
        # pages of 16 KiB rather than 4: fewer page splits while the rows go in (about 5% of
        # writing the index), shallower b-trees for the lookups
        con.execute("PRAGMA page_size=16384")
        con.executescript(TABLES)
        with con:
            con.execute("INSERT INTO meta VALUES('fingerprint', ?)", (fingerprint(),))
            con.execute("INSERT INTO meta VALUES('code', ?)", (code_fingerprint(),))
            con.execute("INSERT INTO meta VALUES('schema', ?)", (SCHEMA_VERSION,))
            entries = catalog.entries()
            by_id = {e.manifest.id: e for e in entries}
            own, out = rec.by_document(), rec.out_edges()
            for doc_id in rec.documents:
                _fill_document(con, rec, doc_id, by_id.get(doc_id), own.get(doc_id, {}), out)
            search_index.fill_common(con)
            _order(con, entries)
            _store_problems(con)
        con.executescript(LATE_INDEXES)
        con.close()
        fd = os.open(tmp, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _new_file(folder: Path) -> str:
    """A new empty file ``.index-<random>.sqlite`` in ``folder``, made by this call (as
    tempfile.mkstemp makes one: created exclusively, readable by its owner only), without
    importing tempfile (and with it shutil, random, bz2 and lzma: some milliseconds of every
    rebuild)."""
    for _ in range(100):
        tmp = os.path.join(folder, f".index-{os.urandom(6).hex()}.sqlite")
        try:
            os.close(os.open(tmp, os.O_RDWR | os.O_CREAT | os.O_EXCL, 0o600))
        except FileExistsError:
            continue
        return tmp
    raise FileExistsError(f"{folder}: no free name for a new index file")


def _order(con: sqlite3.Connection, entries: list[catalog.Entry]) -> None:
    """Documents in the catalogue's order (bundled first, then the user's, by path)."""
    con.executemany("UPDATE documents SET ord=? WHERE id=?",
                    [(i, e.manifest.id) for i, e in enumerate(entries)])


def _fill_document(con: sqlite3.Connection, rec: Records, doc_id: str,
                   entry: catalog.Entry | None, own: dict[str, dict],
                   out_edges: dict[str, list[tuple[str, str, dict]]]) -> None:
    """Insert one document's rows (its documents row gets its place from :func:`_order`):
    ``own`` its nodes (id -> attributes, in order), ``out_edges`` node id -> out-edges
    (:meth:`Records.out_edges`)."""
    doc = rec.documents[doc_id]
    m = doc.manifest
    con.execute(
        "INSERT INTO documents VALUES(?,?,?,?,?,?,?,?,?,?,?,?,?)",
        (m.id, m.game, m.title, m.version, m.date, m.file, m.format, m.publisher,
         int(m.bundled), json.dumps(list(m.scope)), rec.sources.get(doc_id, ""),
         str(entry.manifest_path) if entry else "", -1))
    if entry is not None:
        con.execute("INSERT INTO document_files VALUES(?,?)", (doc_id, document_files(entry)))
    con.executemany("INSERT INTO duplicates VALUES(?,?,?)",
                    [(m.id, num, line) for num, line in doc.duplicates])
    con.executemany("INSERT INTO toc VALUES(?,?,?)", [(m.id, num, line) for num, line in doc.toc])
    nodes, terms = [], []
    glossary, errata = NodeKind.GLOSSARY.value, NodeKind.ERRATA.value
    for nid, a in own.items():
        # (most nodes have no alias: "[]" is what json.dumps makes of an empty list)
        nodes.append((nid, a["doc"], a["key"], a["number"], a["kind"], a["title"], a["text"],
                      encode_examples(a["examples"]), a["parent"], a["line"], a["end_line"], a["order"],
                      a["section"], json.dumps(a["aliases"]) if a["aliases"] else "[]"))
        kind = a["kind"]
        if kind == MISSING:
            continue
        if kind == glossary:
            names, weight = {a["key"], a["title"], *a["aliases"]}, 3
        elif kind == errata:    # the card's name and the printed number
            names, weight = {a["key"], *a["aliases"]}, 2
        elif a["title"]:
            names, weight = {a["title"]}, 1
        else:
            continue
        for name in names:
            norm = term_norm(name) if name else ""
            if norm:
                terms.append((a["game"], a["doc"], norm, a["key"], weight))
    con.executemany("INSERT INTO nodes VALUES(?,?,?,?,?,?,?,?,?,?,?,?,?,?)", nodes)
    # the document's edges, for the edges table and the search's (cross-references and
    # mentions stay inside a document: its nodes' out-edges are all the edges that touch it)
    none: list = []
    out = [e for nid in own for e in out_edges.get(nid, none)]
    # judge search's rows share their node's rowid: a document's rows are one range of rowids
    search_index.fill_document(con, doc_id, own, out)
    con.executemany("INSERT INTO terms VALUES(?,?,?,?,?)", terms)
    con.executemany("INSERT INTO edges VALUES(?,?,?,?,?)",
                    [(u, v, d["kind"], d.get("raw", ""), d.get("line", 0)) for u, v, d in out])


def _delete_document(con: sqlite3.Connection, doc_id: str) -> None:
    search_index.delete_document(con, doc_id)
    con.execute("DELETE FROM edges WHERE src IN (SELECT id FROM nodes WHERE doc=?)", (doc_id,))
    for table in ("nodes", "terms", "duplicates", "toc"):
        con.execute(f"DELETE FROM {table} WHERE doc=?", (doc_id,))
    con.execute("DELETE FROM document_files WHERE doc=?", (doc_id,))
    con.execute("DELETE FROM documents WHERE id=?", (doc_id,))


def build_index(path: Path | str | None = None) -> Path:
    """Build the whole index again."""
    target = Path(path or index_path())
    problems.clear()
    with _collector_paused():
        write_index(load_records(), target)
    return target


class _collector_paused:
    """The cyclic garbage collector off while the index is built: the build allocates some
    hundreds of thousands of objects that all live until it ends (documents, graph, rows), and
    each collection would walk them all again for nothing (about an eighth of a build's CPU).
    Whatever cycles the build leaves are collected as usual afterwards."""

    def __enter__(self):
        self.was_on = gc.isenabled()
        gc.disable()

    def __exit__(self, *exc):
        if self.was_on:
            gc.enable()


def update_index(path: Path | str | None = None) -> Path:
    """Bring the index up to date: rebuild it when it is missing, of another schema or built
    by other rules code; otherwise read again only the documents whose files were added,
    changed or removed. Returns the index's path."""
    target = Path(path or index_path())
    con = open_index(str(target))
    if con is None:
        return build_index(target)
    with con:
        meta = dict(con.execute("SELECT k, v FROM meta").fetchall())
    con.close()
    if meta.get("schema") != SCHEMA_VERSION or meta.get("code") != code_fingerprint():
        return build_index(target)
    con = sqlite3.connect(target, timeout=60)
    try:
        con.execute("BEGIN IMMEDIATE")     # one writer at a time; readers see before or after
        wanted = fingerprint()
        if stored_fingerprint(con) == wanted:   # another process has just done it
            con.rollback()
            return target
        problems.clear()
        entries = catalog.entries()
        stored = dict(con.execute("SELECT doc, lines FROM document_files").fetchall())
        now = {e.manifest.id: e for e in entries}
        stale = [d for d in stored if d not in now or stored[d] != document_files(now[d])]
        fresh = [e for e in entries if stored.get(e.manifest.id) != document_files(e)]
        for doc_id in stale:
            _delete_document(con, doc_id)
        if fresh:
            with _collector_paused():
                rec = load_records(fresh)
                own, out = rec.by_document(), rec.out_edges()
                for entry in fresh:
                    if entry.manifest.id in rec.documents:      # not skipped as broken
                        _fill_document(con, rec, entry.manifest.id, entry,
                                       own.get(entry.manifest.id, {}), out)
        _order(con, entries)
        _store_problems(con)
        con.execute("UPDATE meta SET v=? WHERE k='fingerprint'", (wanted,))
        con.commit()
    except BaseException:
        con.rollback()
        raise
    finally:
        con.close()
    return target
