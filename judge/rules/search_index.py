"""Build-time part of ``judge search``: what the ranking (:mod:`judge.rules.search`) reads.

Written into the compiled index by :mod:`judge.rules.index`, document by document (each row
takes its rule's ``nodes`` rowid, so a document is one rowid range; an updated document's rows
are deleted and written again):

The rules are tokenised once, at build time, as FTS5's 'porter unicode61' tokenizer does
(:func:`_row_postings`): per rule node four fields, title (heading text of the node; a glossary
entry's term and its aliases), heading (titles of the sections above it), text, examples. A
field of ASCII letters and digits with any punctuation, symbols and spaces is split here (its
tokens are FTS5's by construction; a test compares them with FTS5's for every rule of the
bundled documents) and each word stemmed by the word -> stem map FTS5 makes for ``rank_stem``;
a field with a letter or digit outside ASCII goes through a temporary contentless FTS5 table,
whose fts5vocab 'instance' table gives every (term, row, column, offset). Nothing
re-tokenises the rules at query time, and the index keeps no FTS5 table (nothing reads one).

* ``rank_term``  per term and document, its postings in one marshalled blob, rows in order:
  (rows, per row the four column counts and the four columns' offsets, comma-separated, per row
  the BM25F weighted term frequency under the field weights and length normalisation of
  :data:`judge.rules.search.PARAMS` at build time, which ``rank_doc.wparams`` records). The
  ranking reads a question's terms (document frequencies: the number of rows) with one query
  and one ``marshal.loads`` per term and document instead of a row per posting, and scores a term's rows without recomputing each
  row's length normalisation; with other weights (``bench/search_tune.py``) it computes them
  as before.
* ``rank_stem``  word -> its Porter stem as FTS5 makes it, for every word of a document (and the
  forms of :data:`judge.rules.search.VARIANTS`): a question's words are stemmed with one
  lookup; only a word no document prints goes through a temporary FTS5 table.
* ``rank_node``  per row: citation, document, kind, parent row, times cited.
* ``rank_edge``  row -> row: ``cites`` (an explicit reference) and ``mentions`` (a glossary term
  or keyword used in the text -> its entry). Indexed by (dst, kind, src): the ranking asks
  which rows cite (or mention) its top rows, and reads the answer from the index alone (an
  index on dst only read the table row of every edge into a top row to test its kind:
  nearly all of them mentions of a glossary entry).
* ``rank_doc``   per document: row range, row count, mean field lengths, and packed arrays
  (field lengths, parent, times cited, kind per row, and log1p of the times cited) that the
  ranking reads in one go.
* ``rank_syn``   stemmed synonyms: key -> alternative (single terms or phrases), with a weight
  and where it comes from: the documents' own glossaries ("See X" entries, aliases,
  abbreviations printed in parentheses, "synonymous with", "also referred to as") and a short
  hand list of player slang (:data:`SLANG`).
* ``rank_mvec``  row -> the rule's static meaning vector (:mod:`judge.rules.meaning`: the
  normalised sum of its words' vectors, from the table shipped beside it), made here; a
  question's words are looked up in that table file itself (the index fingerprint covers it).
"""

from __future__ import annotations

import marshal
import math
import re
import sqlite3
from array import array
from collections import defaultdict
from itertools import repeat

from judge.rules import meaning, meaning_rules
from judge.rules.model import NodeKind
from judge.rules.search import (FIELDS, STOP, VARIANTS, _fts_stem,   # the query side's
                                field_norms, field_params,            # (a light module)
                                length_terms, weighted_tf, word_spans)

SCHEMA = """
CREATE TABLE rank_node(row INTEGER PRIMARY KEY, id TEXT, doc TEXT, kind TEXT, parent INTEGER,
    cited INTEGER);
CREATE TABLE rank_edge(src INTEGER, dst INTEGER, kind TEXT);
CREATE INDEX rank_edge_src ON rank_edge(src);
CREATE INDEX rank_edge_dst ON rank_edge(dst, kind, src);
CREATE TABLE rank_doc(doc TEXT PRIMARY KEY, first INTEGER, last INTEGER, n INTEGER,
    avg0 REAL, avg1 REAL, avg2 REAL, avg3 REAL, lens BLOB, parents BLOB, cited BLOB, kinds TEXT,
    wparams TEXT, log_cited BLOB);
CREATE TABLE rank_term(term TEXT, doc TEXT, data BLOB, PRIMARY KEY(term, doc));
CREATE TABLE rank_stem(word TEXT, doc TEXT, stem TEXT, PRIMARY KEY(word, doc)) WITHOUT ROWID;
CREATE TABLE rank_syn(doc TEXT, key TEXT, alt TEXT, weight REAL, source TEXT);
CREATE INDEX rank_syn_key ON rank_syn(key);
CREATE TABLE rank_mvec(row INTEGER PRIMARY KEY, v BLOB);
"""

# Player slang and the words of the four documents that mean the same thing at the table.
# Each group is a set of interchangeable phrases (any may be asked; the documents use some).
SLANG: tuple[tuple[str, ...], ...] = (
    ("block", "defend", "protect", "blocker", "defender"),
    ("stack", "chain", "layer", "link"),
    ("life", "health", "vitality", "hp", "life total"),
    ("graveyard", "discard pile", "yard"),
    ("mana", "resource", "resource point", "dice", "magic"),
    ("tap", "exhaust", "commit", "turn sideways"),
    ("untap", "ready"),
    ("counter", "counterspell", "negate", "interrupt", "cancel"),
    ("exile", "banish", "remove from the game", "rfg"),
    ("die", "dies", "killed", "kill", "destroy", "destroyed"),
    ("bounce", "return to hand", "return to owner's hand"),
    ("sideboard", "side deck", "inventory"),
    ("creature", "ally", "unit", "minion"),
    ("spell", "ability"), ("spell", "action"), ("spell", "instant"),
    ("steal", "stolen", "take control", "gain control", "gains control"),
    ("fight", "combat", "battle"),
    ("floating", "resource pool", "in your pool"),
    ("start a combat", "propose a combat", "declare an attack"),
    ("start the game", "start of game", "setup", "set up", "starting a game"),
    ("resolves first", "topmost", "top of the chain"),
    ("buff", "pump", "boost stat", "gain power"),
    ("tie", "draw the game", "game is a draw"),
    ("tutor", "search deck", "search your deck"),
    ("go first", "first player", "first turn"),
    ("hand size", "intellect", "maximum hand size"),
    ("summoning sick", "summoning sickness", "continuously since the start"),
    ("etb", "enters play", "comes into play"),
    ("swing", "attack"),
    ("hit back", "deal combat damage"),
    ("mulligan", "redraw"),
    ("concede", "scoop"),
    ("pass", "pass priority"),
    ("aimed", "target"),
    ("tucked", "placed under", "underneath"),
    ("shield", "off-hand"),
    ("spend", "pay"),
    ("tournament", "organizer", "organized play"),
    ("0", "zero"), ("1", "one"), ("2", "two"), ("3", "three"),
    ("use", "play", "activate"),
    ("at the same time", "simultaneously", "simultaneous"),
    ("go off", "trigger", "triggers"),
    ("put on the stack", "add to the chain", "added to the chain"),
    ("jump in front", "take the hit", "protect"),
    ("which wins", "precedence", "takes precedence", "supersede", "conflict"),
    ("limit", "maximum", "any number"),
    ("run out", "runs out", "no cards remaining", "empty deck", "no cards left"),
    ("react", "respond", "in response", "response"),
    ("go away", "removed", "wear off", "end", "permanent"),
    ("opponent", "opposing"),
    ("hand", "hand zone"),
    ("countered", "interrupted", "negated", "cancelled"),
    ("fail to find", "find nothing", "whiff"),
    ("harder", "more difficult", "difficulty"),
    ("number", "value"),
    ("pick", "choose", "select"),
    # words players bring from other card games
    ("board", "battlefield", "arena", "play area"),   # not "in play": it stems to "play"
    ("fizzle", "fizzles", "fizzled", "unable to resolve", "removed from the chain"),
    ("upkeep", "start of turn", "start phase"),
    ("end step", "end of turn", "end phase"),
    ("scry", "look at the top"),
    ("mill", "top of deck into graveyard", "top of deck into discard pile"),
    ("cap", "maximum"),
    # general table talk for what the documents name otherwise (fifth round)
    ("negative", "below zero", "less than zero", "minus"),
    ("at once", "at the same time", "simultaneously"),
    ("refund", "refunded", "paid back", "given back"),
    ("loop", "infinite", "forever"),
    ("swap", "exchange", "switch"),
    ("expire", "wear off", "end"),
    ("opening hand", "starting hand", "draw your hand"),
    ("peek", "look at"),
    ("library", "deck", "draw pile"),
    ("turn player", "active player"),
    ("heal", "gain life", "recover", "restore"),
    ("free", "without paying", "no cost"),
    ("reveal", "show"),
    ("sac", "sacrifice"),
    ("lethal", "defeated", "lose the game"),
)
HYPERNYM_WEIGHT = 0.5  # "ally" asked, the rule says "character" (a glossary lists ally in it)
SLANG_WEIGHT = 0.7
DOC_WEIGHT = 0.9       # synonyms a document states itself

_ABBR = re.compile(r"\(([A-Z][A-Z0-9]{1,5})\)")
_SYNONYMOUS = re.compile(r"[\"“]?(\w+)[\"”]? (?:\w+ )?is synonymous with (\w+)", re.I)
_REFERRED = re.compile(r"([\w -]{3,40}?) \(also (?:referred to|known) as (?:the )?[\"“]([^\"”]+)[\"”]\)",
                       re.I)
_ABBREVIATED = re.compile(r"([\w -]{3,60}?) \((?:commonly )?abbreviated as ([A-Z]+)(?: or ([A-Z]+))?\)")
_NUMBERED = re.compile(r"\d\.\d|^[A-Z]\.\d")
_SEE = re.compile(r"^See ([^.;]+)\.?$")
# A glossary entry defined as a short list ("Character: A hero, ally, or Totem."): each member is
# a kind of the term; a question naming a member may be answered by a rule naming the term.
_LIST = re.compile(r"^(?:An? |The )?([\w -]+(?:, [\w -]+)*,? (?:or|and) (?:an? )?[\w -]+)\.$")


def fill_document(con: sqlite3.Connection, doc_id: str, nodes: dict[str, dict],
                  out_edges: list[tuple]) -> None:
    """Write the ranking rows of one document: ``nodes``, its rule graph's nodes (id ->
    attributes) and ``out_edges``, their out-edges (source, target, attributes) - every edge
    that touches the document (its references and mentions stay inside it). Its ``nodes``
    rows must be in already (each search row takes its node's rowid)."""
    rows = dict(con.execute("SELECT id, rowid FROM nodes WHERE doc=?", (doc_id,)).fetchall())
    if not rows:
        return
    first, last = min(rows.values()), max(rows.values())
    keyrow = {nodes[nid]["key"]: r for nid, r in rows.items()}
    times_cited: dict[str, int] = defaultdict(int)
    linked: dict[str, list[tuple[str, str]]] = {}    # source -> (target, kind), in edge order
    for src, dst, attrs in out_edges:
        kind = attrs["kind"]
        if kind == "cites":
            times_cited[dst] += 1
        if kind == "cites" or kind == "mentions":
            linked.setdefault(src, []).append((dst, kind))
    fts, node_rows = [], {}
    mvec = []                        # (row, the rule's static meaning vector)
    vectors = _rule_vectors()
    heading: dict[str, str] = {}     # parent key -> the titles above its children
    for nid, row in rows.items():
        a = nodes[nid]
        if a["kind"] == "missing":
            continue
        above = heading.get(a["parent"])
        if above is None:
            heads, parent, seen = [], a["parent"], set()
            while parent and parent not in seen:
                seen.add(parent)
                p = nodes.get(f"{doc_id} {parent}")
                if p is None:
                    break
                if p["title"]:
                    heads.append(p["title"])
                parent = p["parent"]
            above = heading[a["parent"]] = " / ".join(reversed(heads))
        title = a["title"] or ""
        if a["kind"] in (NodeKind.GLOSSARY.value, NodeKind.ERRATA.value):
            names = [a["key"], a["title"], *a["aliases"]]
            title = " ; ".join(dict.fromkeys(n for n in names if n))
        fts.append((row, title, above, _masked(a["text"]),
                    _masked(" ".join(e["text"] for e in a["examples"]))))
        node_rows[row] = [row, nid, doc_id, a["kind"], keyrow.get(a["parent"]), times_cited[nid]]
        if vectors is not None:
            v = vectors(meaning.rule_text(a["title"], a["text"]))
            if v is not None:
                mvec.append((row, v))
    postings, lengths = _row_postings(con, doc_id, fts)
    # per row of the document (first..last, placeholders of dangling references included),
    # packed so that the ranking reads them in one go: field lengths, parent row (0: none),
    # times cited, kind (first letter; "m" for a placeholder)
    span = range(first, last + 1)
    none = [0, 0, 0, 0]
    lens = array("I")
    for r in span:
        lens.extend(lengths.get(r, none))
    if any(v > 2 ** 31 for v in lens):       # (never so long; the bound of the packed array)
        lens = array("I", [min(v, 2 ** 31) for v in lens])
    parents = array("i", [(node_rows[r][4] or 0) if r in node_rows else 0 for r in span])
    cited = array("I", [node_rows[r][5] if r in node_rows else 0 for r in span])
    # log1p of the times cited (the prior's), made here: the query side has no math module
    log_cited = array("d", [math.log1p(c) for c in cited])
    kinds = "".join(node_rows[r][3][0] if r in node_rows else "m" for r in span)
    n = len(node_rows)
    totals = [sum(c) for c in zip(*(lengths[r] for r in node_rows))] or [0, 0, 0, 0]
    avgs = [max(1.0, totals[i] / max(n, 1)) for i in range(4)]
    fw, fb = field_params()
    con.execute("INSERT INTO rank_doc VALUES(?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
                (doc_id, first, last, n, *avgs, lens.tobytes(), parents.tobytes(),
                 cited.tobytes(), kinds, repr((fw, fb)), log_cited.tobytes()))
    _term_postings(con, doc_id, postings, first, lens, avgs, fw, fb)
    con.executemany("INSERT INTO rank_node VALUES(?,?,?,?,?,?)",
                    [tuple(r) for r in node_rows.values()])
    edges = [(row, rows[v], k) for u, row in rows.items() for v, k in linked.get(u, ())
             if v in rows]
    con.executemany("INSERT INTO rank_edge VALUES(?,?,?)", edges)
    con.executemany("INSERT INTO rank_mvec VALUES(?,?)", mvec)
    _document_synonyms(con, nodes, doc_id)


_VECTORS: list = []


def _rule_vectors() -> "meaning_rules.RuleVectors | None":
    """A rule's static meaning vector from its text (:mod:`judge.rules.meaning_rules`: the
    bundled rules' stored, any other computed), made once per process; None when the word
    table is not there (no meaning signal)."""
    if not _VECTORS:
        _VECTORS.append(meaning_rules.vectors_for())
    return _VECTORS[0]


def _row_postings(con: sqlite3.Connection, doc_id: str, fts: list[tuple]):
    """Tokenise the rows ``fts`` (rowid, title, heading, text, examples) once, as FTS5's
    'porter unicode61' tokenizer does, and write the document's ``rank_stem`` rows on the way.
    Returns (postings, lengths): per term (sorted) its rows in order and per row the
    ``[count x 4, offsets x 4]`` of :func:`_term_postings`, and per row its four field lengths
    (tokens per field).

    A field whose characters are ASCII, or ASCII and non-ASCII punctuation, symbols and spaces
    (which unicode61 never makes part of a token: :func:`_plain`), is split here: its
    tokens are its runs of ASCII letters and digits, lower-cased, numbered from 0 (FTS5's
    offsets), each stemmed by the word -> stem map that FTS5 makes for ``rank_stem``
    (:func:`_stems`: porter stems a token alone, so a word's stem is the same wherever it
    stands). Any other field (letters or digits outside ASCII, whose case folding and
    diacritics are FTS5's business) goes through FTS5 itself (:func:`_postings`)."""
    rows = sorted(fts)
    fields: list[list] = []      # per row, per field: its words (None: FTS5's)
    other = []
    words: set[str] = set()
    for row, *cols in rows:
        split, odd = [], None
        for col, text in enumerate(cols):
            if not text:
                split.append(())
                continue
            if not text.isascii():
                plain = _plain(text)
                if plain is None:
                    if odd is None:
                        odd = ["", "", "", ""]
                    odd[col] = text
                    words |= _tokens(text)
                    split.append(None)
                    continue
                text = plain
            toks = text.encode().translate(_ASCII_WORDS).decode().split()
            split.append(toks)
            words.update(toks)
        fields.append(split)
        if odd is not None:
            other.append((row, *odd))
    stem = _insert_stems(con, doc_id, words).__getitem__
    done: dict[tuple[int, int], list[tuple]] = {}
    if other:
        for term, row, col, n, at in _postings(con, other):
            done.setdefault((row, col), []).append((term, n, at))
    post: dict[str, tuple[list[int], list[list]]] = {}
    lengths: dict[int, list[int]] = {}
    offsets = _OFFSETS
    for (row, *_), split in zip(rows, fields):
        lens = lengths[row] = [0, 0, 0, 0]
        for col, toks in enumerate(split):
            if toks is None:
                found = done.get((row, col), ())
                lens[col] = sum(n for _, n, _ in found)
            elif toks:
                n = lens[col] = len(toks)
                if n > len(offsets):
                    offsets.extend(map(str, range(len(offsets), n)))
                terms = list(map(stem, toks))
                if len(set(terms)) == n:        # (most fields: every term once)
                    found = zip(terms, repeat(1), offsets)
                else:
                    where: dict[str, list[str]] = {}
                    for i, t in zip(offsets, terms):
                        at = where.get(t)
                        if at is None:
                            where[t] = [i]
                        else:
                            at.append(i)
                    found = [(t, len(at), at[0] if len(at) == 1 else ",".join(at))
                             for t, at in where.items()]
            else:
                continue
            for t, n, at in found:
                entry = post.get(t)
                if entry is None:
                    cnt = [0, 0, 0, 0, "", "", "", ""]
                    post[t] = ([row], [cnt])
                else:
                    found_rows, cnts = entry
                    if found_rows[-1] == row:
                        cnt = cnts[-1]
                    else:
                        found_rows.append(row)
                        cnt = [0, 0, 0, 0, "", "", "", ""]
                        cnts.append(cnt)
                cnt[col] = n
                cnt[col + 4] = at
    return {t: post[t] for t in sorted(post)}, lengths


# ASCII letters and digits lower-cased, every other ASCII character a space (bytes.translate)
_ASCII_WORDS = bytes(ord(chr(c).lower()) if chr(c).isalnum() else 32 for c in range(128)) \
    + bytes(range(128, 256))
_OFFSETS: list[str] = []     # str(i) at i: a token's offset as written in rank_term
_SEPARATOR_CATEGORIES = ("P", "S", "Z")   # punctuation, symbols, spaces: never in a token
_NOT_TOKEN: dict[str, bool] = {}


def _plain(text: str) -> str | None:
    """``text`` with its non-ASCII punctuation, symbols and spaces made spaces (unicode61 splits
    at them as at an ASCII space), or None if it holds any other non-ASCII character. Only the
    characters that were punctuation, symbols or spaces in Unicode 3.2 already count: SQLite's
    tables are of an older Unicode than Python's, and a character it does not know is part of
    a token to it (a test checks every such character against the SQLite in use)."""
    odd = {ch for ch in set(text) if not ch.isascii()}
    for ch in odd:
        sep = _NOT_TOKEN.get(ch)
        if sep is None:
            import unicodedata
            sep = _NOT_TOKEN[ch] = (
                unicodedata.category(ch)[0] in _SEPARATOR_CATEGORIES
                and unicodedata.ucd_3_2_0.category(ch)[0] in _SEPARATOR_CATEGORIES)
        if not sep:
            return None
    for ch in odd:
        text = text.replace(ch, " ")
    return text


def _postings(con: sqlite3.Connection, fts: list[tuple]) -> list[tuple]:
    """(term, row, column, count, offsets comma-separated in order) of every term FTS5 makes of
    ``fts`` (rowid, title, heading, text, examples), ordered by term, row and column: the rows
    go into a temporary contentless FTS5 table of their own (nothing else to scan, no text
    stored), whose instance table SQLite counts."""
    con.execute("DROP TABLE IF EXISTS temp.rank_vocab")
    con.execute("DROP TABLE IF EXISTS temp.rank_text")
    con.execute("CREATE VIRTUAL TABLE temp.rank_text USING fts5(" + ", ".join(FIELDS)
                + ", content='', columnsize=0, tokenize='porter unicode61')")
    con.execute("CREATE VIRTUAL TABLE temp.rank_vocab USING "
                "fts5vocab(temp, rank_text, 'instance')")
    con.executemany("INSERT INTO temp.rank_text(rowid, " + ", ".join(FIELDS)
                    + ") VALUES(?,?,?,?,?)", fts)
    # the instances in a table keyed (term, row, column, offset), counted by SQLite in that
    # order: each group's offsets are read in order
    con.execute("CREATE TEMP TABLE IF NOT EXISTS rank_inst(term TEXT, row INTEGER, col INTEGER, "
                "off INTEGER, PRIMARY KEY(term, row, col, off)) WITHOUT ROWID")
    con.execute("INSERT INTO temp.rank_inst SELECT term, doc, CASE col "
                + " ".join(f"WHEN '{f}' THEN {i}" for i, f in enumerate(FIELDS))
                + " END, offset FROM temp.rank_vocab")
    postings = con.execute("SELECT term, row, col, count(*), group_concat(off, ',') "
                           "FROM temp.rank_inst GROUP BY term, row, col "
                           "ORDER BY term, row, col").fetchall()
    con.execute("DELETE FROM temp.rank_inst")
    con.execute("DROP TABLE temp.rank_vocab")
    con.execute("DROP TABLE temp.rank_text")
    return postings


# A rule number printed in a rule's text ("(410.5)", "see 712.8", "D.2.2.3", "20.7.2a"): its
# pieces are words of their own to FTS5, so a question's "five cards" (five -> 5) matched the 5 of
# "410.5". Each of its words is indexed as REF instead (as many words: offsets, and so snippets
# and highlights, stay those of the printed text).
_RULE_NUMBER = re.compile(r"(?<![\w.])(?:[A-Z]\.)?\d+(?:\.\d+)+[a-z]?(?![\w])")
REF = "zzref"


# every rule number holds a digit, a dot and a digit: a text without one is looked at no further
# (a search for this is about five times as fast as one for _RULE_NUMBER's look-behind). Written
# to start with the dot, a literal: the regex engine then jumps from dot to dot instead of trying
# a digit at every character (the same texts found; about a fifth of the time)
_DOTTED = re.compile(r"\.(?<=\d\.)\d")


def _masked(text: str) -> str:
    if not text or "." not in text or not _DOTTED.search(text):
        return text
    return _RULE_NUMBER.sub(lambda m: " ".join(REF for _ in word_spans(m.group())), text)


def _term_postings(con: sqlite3.Connection, doc_id: str, postings: dict, first: int,
                   lens, avgs, fw, fb) -> None:
    """``rank_term`` of one document (see the module's docstring) from its postings (per term,
    its rows and their counts and offsets, :func:`_row_postings`). The weighted frequency is
    computed exactly as :func:`judge.rules.search._rank` computes it from ``rank_doc`` (the
    same operations in the same order on the same stored values: the same floats), by the same
    functions (:func:`judge.rules.search.field_norms`, :func:`judge.rules.search.weighted_tf`)."""
    ab = length_terms(fb, avgs)
    # per row (indexed by the row itself)
    norm = [None] * first + [field_norms(fw, ab, lens, k) for k in range(0, len(lens), 4)]
    norm_of = norm.__getitem__
    dumps = marshal.dumps
    con.executemany("INSERT INTO rank_term VALUES(?,?,?)", [
        (term, doc_id, dumps((tuple(rows), tuple(map(tuple, cnts)),
                              tuple(map(weighted_tf, cnts, map(norm_of, rows))))))
        for term, (rows, cnts) in postings.items()])


def _tokens(text: str) -> set[str]:
    """The distinct words of ``text`` as a question's are split (:func:`judge.rules.search.
    word_spans` of the lower-cased text: runs of letters and digits), split at white space
    first so that only the distinct pieces with other characters are looked at."""
    out: set[str] = set()
    for piece in set(text.lower().split()):
        if piece.isalnum():
            out.add(piece)
        else:
            out.update(piece.translate({ord(ch): " " for ch in set(piece)
                                        if not ch.isalnum()}).split())
    return out


def _insert_stems(con: sqlite3.Connection, doc_id: str, words) -> dict[str, str]:
    """``rank_stem`` rows of ``words`` and of their forms without a re- prefix (which the query
    side stems as well: "reshuffle" -> "shuffle"), stemmed by the very function the query side
    uses. Returns word -> stem."""
    words = sorted(set(words) | {w[2:] for w in words if w.startswith("re") and len(w) >= 6})
    stem = dict(zip(words, _stems(con, words)))
    con.executemany("INSERT INTO rank_stem VALUES(?,?,?)",
                    [(w, doc_id, s) for w, s in stem.items() if s])
    return stem


_BATCH = 256     # words per row of the temporary table of _stems


def _stems(con: sqlite3.Connection, words: list[str]) -> list[str]:
    """What :func:`judge.rules.search._fts_stem` gives for ``words`` (each word's first token
    as FTS5's porter tokenizer makes it), for thousands of words at once: FTS5 pays for every
    row it is given, so the words of ASCII letters and digits (exactly one token each, split at
    spaces) go in rows of :data:`_BATCH` words and each token is found back by its offset; a
    row whose tokens do not line up with its words, and every other word, go through
    ``_fts_stem`` one word a row."""
    out = [""] * len(words)
    alone = [i for i, w in enumerate(words) if not (w.isascii() and w.isalnum())]
    plain = [i for i, w in enumerate(words) if w.isascii() and w.isalnum()]
    batches = [plain[k:k + _BATCH] for k in range(0, len(plain), _BATCH)]
    if batches:
        con.execute("DROP TABLE IF EXISTS temp.stem_batch_out")
        con.execute("DROP TABLE IF EXISTS temp.stem_batch")
        con.execute("CREATE VIRTUAL TABLE temp.stem_batch USING fts5(x, content='', "
                    "columnsize=0, tokenize='porter unicode61')")
        con.execute("CREATE VIRTUAL TABLE temp.stem_batch_out USING "
                    "fts5vocab(temp, stem_batch, 'instance')")
        con.executemany("INSERT INTO temp.stem_batch(rowid, x) VALUES(?, ?)",
                        [(b, " ".join(words[i] for i in batch))
                         for b, batch in enumerate(batches, 1)])
        found: list[dict[int, str]] = [{} for _ in batches]
        for term, row, off in con.execute("SELECT term, doc, offset FROM temp.stem_batch_out"):
            found[row - 1][off] = term
        con.execute("DROP TABLE temp.stem_batch_out")
        con.execute("DROP TABLE temp.stem_batch")
        for batch, tokens in zip(batches, found):
            if len(tokens) == len(batch) and all(k in tokens for k in range(len(batch))):
                for k, i in enumerate(batch):
                    out[i] = tokens[k]
            else:
                alone += batch
    if alone:
        for i, s in zip(alone, _fts_stem(con, [words[i] for i in alone])):
            out[i] = s
    return out


def delete_document(con: sqlite3.Connection, doc_id: str) -> None:
    """Remove one document's ranking rows (before its ``nodes`` rows go)."""
    row = con.execute("SELECT first, last FROM rank_doc WHERE doc=?", (doc_id,)).fetchone()
    if row is not None:
        first, last = row
        con.execute("DELETE FROM rank_node WHERE row BETWEEN ? AND ?", (first, last))
        con.execute("DELETE FROM rank_edge WHERE src BETWEEN ? AND ?", (first, last))
        con.execute("DELETE FROM rank_mvec WHERE row BETWEEN ? AND ?", (first, last))
    for table in ("rank_doc", "rank_syn", "rank_term", "rank_stem"):
        con.execute(f"DELETE FROM {table} WHERE doc=?", (doc_id,))


def fill_common(con: sqlite3.Connection) -> None:
    """Rows of no document: the player-slang synonyms, the stems of VARIANTS' forms."""
    _insert_synonyms(con, "", [(group, SLANG_WEIGHT, "player slang") for group in SLANG])
    _insert_stems(con, "", {w for group in VARIANTS for w in group})


# --- synonyms ------------------------------------------------------------------------------------

def _doc_pairs(nodes: dict[str, dict]) -> list[tuple]:
    """(phrase, phrase, source[, weight]) pairs a document states itself (``nodes``: its rule
    graph's nodes, id -> attributes)."""
    pairs = []
    for a in nodes.values():
        if a["kind"] == "missing":
            continue
        where = f"{a['doc']} {a['key']}"
        if a["kind"] == NodeKind.GLOSSARY.value:
            for alias in a["aliases"]:
                if not _NUMBERED.search(alias) and not _NUMBERED.search(a["key"]):
                    pairs.append((alias, a["key"], f"alias in {where}"))
            m = _SEE.match(a["text"].strip())
            if m:
                for target in m.group(1).split(";"):
                    head, _, tail = target.strip().partition(", ")   # "Type, Ally" = "Ally Type"
                    target = f"{tail} {head}" if tail else head
                    if target and target.lower() != a["key"].lower():
                        pairs.append((a["key"], target, f"glossary {where}"))
            m = _LIST.match(a["text"].strip())
            if m and len(m.group(1)) < 60:
                for member in re.split(r",? (?:or|and) |, ", m.group(1)):
                    member = re.sub(r"^(?:an?|the) ", "", member.strip(), flags=re.I)
                    if member and member.lower() != a["key"].lower():
                        pairs.append((member, a["key"], f"kind of {where}", HYPERNYM_WEIGHT))
        body = "\n".join([a["text"], *(e["text"] for e in a["examples"])])
        # (cheap substring tests first: the patterns below are slow on text they cannot match)
        for m in (_ABBR.finditer(body) if "(" in body else ()):
            abbr = m.group(1)
            words = re.findall(r"[A-Za-z]+", body[max(0, m.start() - 80):m.start()])
            letters = [c for c in abbr.lower() if c.isalpha()]
            for k in range(len(letters), 0, -1):
                tail = words[-k:] if len(words) >= k else []
                parts = [p for w in tail for p in re.split(r"-", w) if p]
                if tail and [p[0].lower() for p in parts[-len(letters):]] == letters:
                    pairs.append((" ".join(tail), abbr, f"abbreviation in {where}"))
                    break
        for m in (_SYNONYMOUS.finditer(body) if "synonymous" in body else ()):
            pairs.append((m.group(1), m.group(2), f"'synonymous' in {where}"))
        for m in (_REFERRED.finditer(body) if " as " in body and "(also" in body else ()):
            pairs.append((" ".join(m.group(1).split()[-4:]), m.group(2),
                          f"'also referred to as' in {where}"))
        for m in (_ABBREVIATED.finditer(body) if "abbreviated as" in body else ()):
            for ab in (m.group(2), m.group(3)):
                if ab:
                    pairs.append((" ".join(m.group(1).split()[-5:]), ab, f"abbreviation in {where}"))
    return pairs


def _document_synonyms(con: sqlite3.Connection, nodes: dict[str, dict], doc_id: str) -> None:
    groups = []
    for pair in _doc_pairs(nodes):
        x, y, source = pair[:3]
        groups.append(((x, y), pair[3] if len(pair) > 3 else DOC_WEIGHT, source))
    _insert_synonyms(con, doc_id, groups)


def _insert_synonyms(con: sqlite3.Connection, doc_id: str, groups) -> None:
    """Each group's phrases (stemmed) as synonyms of one another."""
    flat = sorted({p for group, _, _ in groups for p in group})
    stems = stem_phrases(con, flat)
    out = set()
    for group, weight, source in groups:
        keys = [stems[p] for p in group if stems.get(p)]
        for k in keys:
            for alt in keys:
                if alt != k:
                    out.add((doc_id, k, alt, weight, source))
    con.executemany("INSERT INTO rank_syn VALUES(?,?,?,?,?)", sorted(out))


def stem_phrases(con: sqlite3.Connection, phrases: list[str]) -> dict[str, str]:
    """Each phrase as the space-joined porter stems FTS5 indexes it by, stop words dropped."""
    con.execute("CREATE VIRTUAL TABLE IF NOT EXISTS temp.stem_in USING fts5(x, "
                "tokenize='porter unicode61')")
    con.execute("CREATE VIRTUAL TABLE IF NOT EXISTS temp.stem_out USING "
                "fts5vocab(temp, stem_in, 'instance')")
    con.execute("DELETE FROM temp.stem_in")
    con.executemany("INSERT INTO temp.stem_in(rowid, x) VALUES(?, ?)",
                    [(i, " ".join(w for w in re.findall(r"[^\W_]+", p.lower()) if w not in STOP))
                     for i, p in enumerate(phrases, 1)])
    out: dict[int, list[str]] = defaultdict(list)
    for term, row, off in con.execute("SELECT term, doc, offset FROM temp.stem_out "
                                      "ORDER BY doc, offset"):
        out[row].append(term)
    con.execute("DELETE FROM temp.stem_in")
    return {p: " ".join(out[i]) for i, p in enumerate(phrases, 1) if out.get(i)}
