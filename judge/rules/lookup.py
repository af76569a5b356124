"""Read-only queries on the compiled index. This is the lookup path of ``judge rule``,
``define``, ``search``: it must stay light. It imports os and SQLite's C module only (see
:mod:`judge.sqlite_light`): no networkx, lark, jinja2 or click, and no module of the
standard library that is not built in or frozen (re, json, functools ...), because a Python whose
standard library has no bytecode cache compiles each of those at every start. When the index is
missing or stale it is brought up to date once (that import is the heavy path)."""

# On the lookup path: imports no .py module of the standard library, not even __future__
# (see judge/rules/lookup.py and tests/rules/test_fast_paths.py).

import os
import sys

from judge import paths
from judge import sqlite_light

_RULES_CODE = os.path.dirname(os.path.abspath(__file__))


def _tag(text: str) -> str:
    """A short stable digest (32-bit FNV-1a) of ``text``: names the index of a checkout."""
    h = 0x811C9DC5
    for byte in text.encode():
        h = ((h ^ byte) * 0x01000193) & 0xFFFFFFFF
    return f"{h:08x}"


def index_path() -> str:
    return os.path.join(paths.cache_dir_str(), f"index-{_tag(paths.ROOT_STR)}.sqlite")


# Examples are stored as text: fields split by US (\x1f), examples by RS (\x1e); decoding them
# needs no json import on the lookup path.
_US, _RS = "\x1f", "\x1e"


def encode_examples(examples: list[dict]) -> str:
    return _RS.join(f"{e['label']}{_US}{e['line']}{_US}{e['text']}" for e in examples)


def decode_examples(data: str) -> list[dict]:
    out = []
    for item in data.split(_RS) if data else ():
        label, line, text = item.split(_US, 2)
        out.append({"label": label, "text": text, "line": int(line)})
    return out


def _files(top: str, depth: int, suffixes: tuple[str, ...]) -> list[str]:
    out: list[str] = []
    try:
        with os.scandir(top) as it:
            for e in it:
                if e.is_dir():
                    if depth > 0 and not e.name.startswith((".", "__")):
                        out += _files(e.path, depth - 1, suffixes)
                elif e.name.endswith(suffixes):
                    out.append(e.path)
    except OSError:     # missing, or not a folder: nothing installed there
        pass
    return out


def file_line(path: str) -> str:
    """A file's line in a fingerprint: path, size, mtime (a missing file has size -1)."""
    try:
        st = os.stat(path)
    except OSError:
        return f"{path}\t-1\t0"
    return f"{path}\t{st.st_size}\t{st.st_mtime_ns}"


def sources_fingerprint() -> str:
    """One line per rulebook file (bundled and the user's): what the documents are read from."""
    files = (_files(paths.RULEBOOK_STR, 1, (".txt", ".toml", ".md"))
             + _files(paths.user_rulebook_str(), 1, (".txt", ".toml")))
    return "\n".join(file_line(f) for f in sorted(files))


def code_fingerprint() -> str:
    """One line per file of the rules code (importers, graph, index) and its data (the static
    meaning vectors, ``data/*.bin``): a change to any of them
    rebuilds the whole index."""
    return "\n".join(file_line(f) for f in sorted(_files(_RULES_CODE, 1, (".py", ".bin"))))


def fingerprint() -> str:
    """Everything an index is built from: the rulebook files and the rules code."""
    return sources_fingerprint() + "\n" + code_fingerprint()


_con = None      # the open index (a read-only SQLite connection)


def open_index(path: str):
    """``path`` opened read-only, or None when it is missing or not an index."""
    sqlite3 = sqlite_light.module()
    if not os.path.exists(path):
        return None
    try:
        con = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        con.row_factory = sqlite3.Row
        con.execute("PRAGMA mmap_size=268435456")    # pages read in place, not copied
        con.execute("SELECT v FROM meta WHERE k='fingerprint'").fetchone()
    except sqlite3.Error:
        return None
    return con


def stored_fingerprint(con) -> str | None:
    row = con.execute("SELECT v FROM meta WHERE k='fingerprint'").fetchone()
    return row[0] if row is not None else None


def is_fresh(path: str) -> bool:
    """Is the index at ``path`` built from the installed files and rules code as they are?"""
    con = open_index(path)
    if con is None:
        return False
    try:
        return stored_fingerprint(con) == fingerprint()
    finally:
        con.close()


def connect(*, rebuild: bool = False):
    """The index, opened read-only; brought up to date first when missing or stale (only the
    documents whose files changed are read again, unless the rules code changed)."""
    global _con
    if _con is not None and not rebuild:
        return _con
    reset()
    path = index_path()
    try:
        con = None if rebuild else open_index(path)
        if con is None and not rebuild:
            from judge import install_cache     # the index made at set-up, when there is one
            if install_cache.seed(os.path.basename(path)):
                con = open_index(path)
        if con is None or stored_fingerprint(con) != fingerprint():
            if con is not None:
                con.close()
            from judge.rules import index  # heavy: importers, networkx
            if rebuild:
                index.build_index(path)
            else:
                index.update_index(path)
            con = open_index(path)
            if con is None:           # pragma: no cover - the build just wrote it
                raise OSError(f"cannot open the index {path}")
        row = con.execute("SELECT v FROM meta WHERE k='problems'").fetchone()
    except (OSError, sqlite_light.module().Error) as err:
        from judge.errors import InputError
        reason = getattr(err, "strerror", None) or str(err)
        raise InputError(f"cannot use the cache folder for the rules index: {reason}",
                         path=getattr(err, "filename", None) or paths.cache_dir_str(),
                         hint="set JUDGE_HOME (or XDG_CACHE_HOME) to a folder judge can write"
                         ) from None
    stored = row[0] if row else ""
    # the notices of a broken user document (judge.rules.problems); with none stored and none
    # taken up by this process, there is nothing to replace and the module stays unloaded
    if stored or "judge.rules.problems" in sys.modules:
        from judge.rules import problems
        problems.load(stored)
    _con = con
    return con


def reset() -> None:
    """Forget the open connection (after the installed documents changed)."""
    global _con
    if _con is not None:
        _con.close()
    _con = None


# --- documents ------------------------------------------------------------------------------

def documents() -> list[dict]:
    cur = connect().cursor()
    cur.row_factory = None      # plain tuples, named once here: dict() of a sqlite3.Row looks
    rows = cur.execute("SELECT * FROM documents ORDER BY ord").fetchall()   # up every name
    names = [d[0] for d in cur.description]
    return [dict(zip(names, r)) for r in rows]


def _newest_first(docs: list[dict]) -> list[dict]:
    # Undated documents (a web export) sort by their place in the rulebook, after dated ones of
    # the same game that precede them; dated ones newest first.
    return sorted(docs, key=lambda d: (d["date"] or "9999", d["ord"]), reverse=True)


def _check_length(text: str, what: str) -> None:
    from judge import limits
    limits.check("term_chars", len(text), what, path="judge")


def resolve_documents(doc_or_game: str) -> list[dict]:
    """A document id gives that document; a game id gives the game's documents, newest first."""
    _check_length(doc_or_game, "the document or game id")
    docs = documents()
    want = doc_or_game.strip().lower()
    exact = [d for d in docs if d["id"].lower() == want]
    if exact:
        return exact
    game = [d for d in docs if d["game"] == want]
    if game:
        return _newest_first(game)
    import difflib
    names = [d["id"] for d in docs] + sorted({d["game"] for d in docs})
    close = difflib.get_close_matches(want, names, n=3, cutoff=0.4)
    from judge.errors import UnknownDocumentError
    raise UnknownDocumentError(f"no document or game {doc_or_game!r}",
                               expected="one of " + ", ".join(names),
                               suggestion=", ".join(close) or None)


# --- rules ----------------------------------------------------------------------------------

def _norm_number(number: str) -> str:
    n = number.strip().strip("§").strip()
    low = n.lower()
    for prefix in ("rule ", "section ", "sec. ", "sec "):
        if low.startswith(prefix) and len(n) > len(prefix):
            n = n[len(prefix):].strip()
            break
    return n.rstrip(".")


def find_keys(doc: str, number: str) -> list[str]:
    """Keys in ``doc`` for a printed number or term (a duplicated number gives all its keys)."""
    con = connect()
    n = _norm_number(number)
    rows = con.execute("SELECT key FROM nodes WHERE doc=? AND kind!='missing' AND "
                       "(number=? OR key=?) ORDER BY ord", (doc, n, n)).fetchall()
    if not rows:
        rows = con.execute("SELECT key FROM nodes WHERE doc=? AND kind!='missing' AND "
                           "(number=? COLLATE NOCASE OR key=? COLLATE NOCASE) ORDER BY ord",
                           (doc, n, n)).fetchall()
    if not rows:
        from judge.rules.graph_terms import term_norm
        rows = con.execute("SELECT key FROM terms WHERE doc=? AND norm=? ORDER BY weight DESC",
                           (doc, term_norm(n))).fetchall()[:1]
    return [r[0] for r in rows]


def suggest_numbers(doc: str, number: str, limit: int = 5) -> list[str]:
    import difflib
    import re
    n = _norm_number(number)
    keys = [r[0] for r in connect().execute(
        "SELECT key FROM nodes WHERE doc=? AND kind!='missing'", (doc,))]
    close = difflib.get_close_matches(n, keys, n=limit, cutoff=0.5)
    # prefer siblings / ancestors of what was asked (20.7.9 -> 20.7.x)
    parts = re.split(r"(?<=\.)", n)
    for cut in range(len(parts) - 1, 0, -1):
        prefix = "".join(parts[:cut])
        sib = [k for k in keys if k.startswith(prefix) and k not in close]
        if sib:
            close = (close + sib)[:limit]
            break
    return close[:limit]


def _edges(nid: str, kind: str, *, incoming: bool = False) -> list[dict]:
    col, other = ("dst", "src") if incoming else ("src", "dst")
    rows = connect().execute(
        f"SELECT e.{other} AS id, e.raw, n.title, n.kind FROM edges e "
        f"LEFT JOIN nodes n ON n.id = e.{other} WHERE e.{col}=? AND e.kind=? ",
        (nid, kind)).fetchall()
    out, seen = [], set()
    for r in rows:
        if r["id"] in seen:
            continue
        seen.add(r["id"])
        out.append({"citation": r["id"], "title": r["title"] or "", "raw": r["raw"] or ""})
    return out


def rule_record(citation: str) -> dict | None:
    """Everything ``judge rule --json`` shows for one node, or None."""
    con = connect()
    row = con.execute("SELECT n.*, d.game FROM nodes n JOIN documents d ON d.id=n.doc "
                      "WHERE n.id=? AND n.kind!='missing'", (citation,)).fetchone()
    if row is None:
        return None
    nid = row["id"]
    children = [dict(citation=r["id"], title=r["title"] or "", text=r["text"] or "")
                for r in con.execute("SELECT id, title, text FROM nodes WHERE doc=? AND parent=? "
                                     "ORDER BY ord", (row["doc"], row["key"]))]
    ancestors = []
    parent = row["parent"]
    while parent:
        p = con.execute("SELECT key, title, parent FROM nodes WHERE doc=? AND key=?",
                        (row["doc"], parent)).fetchone()
        if p is None:
            break
        ancestors.insert(0, {"citation": f"{row['doc']} {p['key']}", "title": p["title"]})
        parent = p["parent"]
    dangling = _edges(nid, "dangling")
    for d in dangling:
        d["dangling"] = True
    return {
        "citation": nid,
        "document": row["doc"],
        "game": row["game"],
        "number": row["number"],
        "key": row["key"],
        "kind": row["kind"],
        "title": row["title"] or "",
        "text": row["text"],
        "examples": decode_examples(row["examples"]),
        "parent": ancestors[-1]["citation"] if ancestors else None,
        "ancestors": ancestors,
        "children": children,
        "cites": _edges(nid, "cites") + dangling,
        "cited_by": _edges(nid, "cites", incoming=True),
        "mentions": _edges(nid, "mentions"),
        "mentioned_by": _edges(nid, "mentions", incoming=True),
        "source_line": row["line"],
        "section": row["section"],
    }


def lookup(doc_or_game: str, number: str) -> list[dict]:
    """Records for ``judge rule``; raises UnknownRuleError with suggestions."""
    _check_length(number, "the rule number or term")
    docs = resolve_documents(doc_or_game)
    out = []
    for d in docs:
        for key in find_keys(d["id"], number):
            rec = rule_record(f"{d['id']} {key}")
            if rec:
                out.append(rec)
    if not out:
        doc = docs[0]["id"]
        near = suggest_numbers(doc, number)
        where = doc if len(docs) == 1 else f"any {doc_or_game} document"
        from judge.errors import UnknownRuleError
        raise UnknownRuleError(f"no rule {number!r} in {where}",
                               expected="a rule number or glossary term of " + where,
                               suggestion=", ".join(f"{doc} {k}" for k in near) or None)
    return out


def citation_exists(citation: str) -> bool:
    doc, _, key = citation.strip().partition(" ")
    if not key:
        return False
    return bool(connect().execute("SELECT 1 FROM nodes WHERE doc=? AND key=? AND kind!='missing'",
                                  (doc, key.strip())).fetchone())


def first_sentence(citation: str) -> str:
    import re
    rec = connect().execute("SELECT text, title FROM nodes WHERE id=?", (citation,)).fetchone()
    if rec is None:
        return ""
    text = (rec["text"] or rec["title"] or "").strip()
    # the sentence may end inside a quotation: 'means “When this action resolves, gain 1.”'
    m = re.match(r"(.+?[.!?][”\"’]?)(?=\s+[A-Z(\"“]|\s*$)", text, re.S)
    return (m.group(1) if m else text).strip()


# --- glossary terms ----------------------------------------------------------------------------

def define(game_or_doc: str, term: str, limit: int = 5) -> list[dict]:
    """Glossary / keyword entries for ``term`` (fuzzy), best first."""
    from judge.rules.graph_terms import term_norm
    _check_length(term, "the term")
    docs = resolve_documents(game_or_doc)
    ids = [d["id"] for d in docs]
    con = connect()
    q = ",".join("?" * len(ids))
    norm = term_norm(term)
    if not any(c.isalnum() for c in norm):
        from judge.errors import UsageError
        raise UsageError(f"{term!r} is not a term: it has no letter or digit", path="judge define",
                         expected="a glossary term or keyword, e.g. go again")
    rows = con.execute(f"SELECT doc, key, weight FROM terms WHERE doc IN ({q}) AND norm=? "
                       "ORDER BY weight DESC", (*ids, norm)).fetchall()
    if not rows:    # a prefix: LIKE's wildcards in the term are literal characters
        like = norm.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"
        rows = con.execute(f"SELECT doc, key, weight FROM terms WHERE doc IN ({q}) AND norm LIKE ? "
                           "ESCAPE '\\' ORDER BY weight DESC, length(norm)", (*ids, like)).fetchall()
    if not rows:
        import difflib
        all_terms = con.execute(f"SELECT doc, key, weight, norm FROM terms WHERE doc IN ({q})",
                                ids).fetchall()
        close = difflib.get_close_matches(norm, [r["norm"] for r in all_terms], n=limit, cutoff=0.75)
        rows = [r for c in close for r in all_terms if r["norm"] == c]
    order = {d: i for i, d in enumerate(ids)}
    rows = sorted(rows, key=lambda r: (-r["weight"], order[r["doc"]]))
    out, seen = [], set()
    for r in rows:
        cid = f"{r['doc']} {r['key']}"
        if cid not in seen:
            seen.add(cid)
            rec = rule_record(cid)
            if rec:
                out.append(rec)
    return out[:limit]


def term_citation(game: str, term: str) -> str | None:
    """The citation of the node that defines ``term`` in ``game`` (exact normalised match on a
    glossary entry, errata or a headed section), newest document first; None if none does."""
    from judge.rules.graph_terms import term_norm
    con = connect()
    docs = _newest_first([d for d in documents() if d["game"] == game])
    norm = term_norm(term)
    for d in docs:
        row = con.execute("SELECT key FROM terms WHERE doc=? AND norm=? ORDER BY weight DESC",
                          (d["id"], norm)).fetchone()
        if row:
            return f"{d['id']} {row[0]}"
    return None


# --- search ----------------------------------------------------------------------------------

def search(query: str, *, game: str | None = None, limit: int = 10,
           explain: bool = False, semantic: bool = False) -> list[dict]:
    """Ranked rules for a plain question (see :mod:`judge.rules.search`); ``semantic``
    re-orders the top rows by meaning (:mod:`judge.rules.semantic`, an optional model)."""
    from judge import limits
    from judge.rules.search import search as ranked, _words
    limits.check("query_chars", len(query), "the search query", path="judge search")
    limits.check("query_terms", len(_words(query)), "the search query", path="judge search",
                 expected="a question or a few words (repeated words count once)")
    if not semantic:
        return ranked(query, game=game, limit=limit, explain=explain, con=connect())
    from judge.rules import semantic as meaning
    model = meaning.embedder()      # before ranking: a missing package is said at once
    con = connect()
    # the model re-orders the lexical ranking without the static meaning signal (a cheap copy
    # of what the model reads: on top of it the model adds nothing more; docs/search.md)
    hits = ranked(query, game=game, limit=max(limit, meaning.CANDIDATES), explain=explain,
                  con=con, meaning=(0, 0.0))
    return meaning.rerank(con, query, hits, limit=limit, explain=explain, model=model)


# --- statistics --------------------------------------------------------------------------------

def stats() -> list[dict]:
    con = connect()
    out = []
    for d in documents():
        doc = d["id"]
        count = dict(con.execute("SELECT kind, count(*) FROM nodes WHERE doc=? GROUP BY kind",
                                 (doc,)).fetchall())
        examples = sum(len(decode_examples(r[0])) for r in con.execute(
            "SELECT examples FROM nodes WHERE doc=?", (doc,)))
        edges = dict(con.execute("SELECT e.kind, count(*) FROM edges e JOIN nodes n ON n.id=e.src "
                                 "WHERE n.doc=? GROUP BY e.kind", (doc,)).fetchall())
        dups = con.execute("SELECT count(*) FROM duplicates WHERE doc=?", (doc,)).fetchone()[0]
        out.append({"document": doc, "game": d["game"],
                    "rules": count.get("rule", 0) + count.get("section", 0),
                    "sections": count.get("section", 0), "glossary": count.get("glossary", 0),
                    "errata": count.get("errata", 0), "examples": examples,
                    "references_resolved": edges.get("cites", 0),
                    "references_dangling": edges.get("dangling", 0),
                    "mentions": edges.get("mentions", 0), "duplicated_numbers": dups})
    return out
