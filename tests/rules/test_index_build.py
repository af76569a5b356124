"""Building the index: glossary mentions found in one pass (the same as the regular expression
that defines them), and updates that read only the documents whose files changed."""

from __future__ import annotations

import marshal
import os
import re
import sqlite3

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from judge.rules import catalog, index, lookup, versions
from judge.rules.records import MentionFinder, _glossary_terms


def _mentions_re(terms: list[str], text: str) -> list[tuple[int, int]]:
    """The definition: one alternation of every term, longest first, case-insensitive."""
    alts = "|".join(re.escape(t) for t in sorted(set(terms), key=len, reverse=True))
    pattern = re.compile(rf"(?<![\w-])(?:{alts})(?:s|es)?(?![\w-])", re.IGNORECASE)
    return [(m.start(), m.end()) for m in pattern.finditer(text)]


@pytest.fixture(scope="module")
def documents():
    return [catalog.import_entry(e) for e in catalog.entries()]


def test_mention_finder_finds_what_the_regex_finds_in_every_bundled_document(documents):
    checked = 0
    for doc in documents:
        terms = list(_glossary_terms(doc.nodes))
        if not terms:
            continue
        finder = MentionFinder(terms)
        for n in doc.nodes:
            body = "\n".join([n.text, *(e.text for e in n.examples)])
            found = list(finder.find(body))
            assert found == _mentions_re(terms, body), (doc.manifest.id, n.key)
            checked += len(found)
    assert checked > 3000


_TERMS = ["go again", "arcane barrier", "class", "hero", "+x / +x", "(minimum n)", "<trait> and <trait>",
          "ally", "allies", "chain link", "chain", "x /"]


@settings(max_examples=600, deadline=None)
@given(st.lists(st.one_of(st.sampled_from(_TERMS + ["es", "s", "Go Again", "HERO", "Class"]),
                          st.sampled_from([" ", "-", "'", ".", "\n", "x", "(", "_", "é", "İ"]),
                          st.text(max_size=3)), max_size=14))
def test_mention_finder_matches_the_regex_on_generated_text(parts):
    text = "".join(parts)
    assert list(MentionFinder(_TERMS).find(text)) == _mentions_re(_TERMS, text)


# --- updates ------------------------------------------------------------------------------------

SMALL_DOC = """4 Game Structure
4.1 Starting a Game
4.1.1 The process of starting a game is referred to as the start-of-game procedure.
4.1.2 First, each player places their hero card face up in their hero zone.[4.1.1]
4.2 Start Phase
4.2.1 Players do not get priority during the Start Phase. Go again applies.
"""

_TABLES = {
    "documents": "SELECT * FROM documents",
    "document_files": "SELECT * FROM document_files",
    "nodes": "SELECT * FROM nodes",
    "edges": "SELECT * FROM edges",
    "terms": "SELECT * FROM terms",
    "duplicates": "SELECT * FROM duplicates",
    "toc": "SELECT * FROM toc",
    # judge search's tables, rows named by their node (rowids differ between the two builds)
    "rank_node": "SELECT r.id, r.doc, r.kind, p.id, r.cited FROM rank_node r "
                 "LEFT JOIN nodes p ON p.rowid = r.parent",
    "rank_edge": "SELECT a.id, b.id, e.kind FROM rank_edge e JOIN nodes a ON a.rowid = e.src "
                 "JOIN nodes b ON b.rowid = e.dst",
    "rank_doc": "SELECT doc, last - first, n, avg0, avg1, avg2, avg3, lens, cited, kinds, wparams "
                "FROM rank_doc",
    "rank_syn": "SELECT * FROM rank_syn",
    "rank_stem": "SELECT * FROM rank_stem",
    "rank_mvec": "SELECT n.id, m.v FROM rank_mvec m JOIN nodes n ON n.rowid = m.row",
}


def _dump(path) -> dict[str, list]:
    con = sqlite3.connect(path)
    try:
        out = {name: sorted(map(tuple, con.execute(sql)), key=repr) for name, sql in _TABLES.items()}
        # each search row has its node's rowid (searches limited to documents rely on it)
        out["misplaced search rows"] = con.execute(
            "SELECT count(*) FROM rank_node r LEFT JOIN nodes n ON n.rowid = r.row "
            "WHERE n.id IS NOT r.id").fetchone()[0]
        out["fingerprint"] = con.execute("SELECT v FROM meta WHERE k='fingerprint'").fetchone()
        # rank_term's blobs hold rowids: decoded, rows named by their node
        ids = dict(con.execute("SELECT rowid, id FROM nodes"))
        out["rank_term"] = sorted(
            (term, doc, [(ids[r], c, w) for r, c, w in zip(*marshal.loads(data))])
            for term, doc, data in con.execute("SELECT term, doc, data FROM rank_term"))
    finally:
        con.close()
    return out


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("JUDGE_HOME", str(tmp_path / "home"))
    lookup.reset()
    yield tmp_path
    lookup.reset()


def _counting_imports(monkeypatch) -> list[str]:
    seen: list[str] = []
    real = catalog.import_entry

    def counting(entry):
        seen.append(entry.manifest.id)
        return real(entry)
    monkeypatch.setattr(catalog, "import_entry", counting)
    return seen


def test_rulebook_add_and_remove_read_only_the_changed_document(home, monkeypatch):
    lookup.connect()                                       # the index of the bundled documents
    src = home / "small.txt"
    src.write_text(SMALL_DOC, encoding="utf-8")
    imported = _counting_imports(monkeypatch)
    versions.add(src, game="fab", version="9.9")
    assert imported == ["fab-9.9"]                          # the bundled ones are not read again
    updated = _dump(lookup.index_path())
    assert updated["misplaced search rows"] == 0
    index.build_index(home / "full.sqlite")                 # the same index, built whole
    assert updated == _dump(home / "full.sqlite")
    assert lookup.search("priority start phase", game="fab-9.9")[0]["citation"] == "fab-9.9 4.2.1"

    imported.clear()
    versions.remove("fab-9.9")
    assert imported == []
    index.build_index(home / "full2.sqlite")
    assert _dump(lookup.index_path()) == _dump(home / "full2.sqlite")


def test_an_edited_user_document_is_read_again_alone(home, monkeypatch):
    src = home / "small.txt"
    src.write_text(SMALL_DOC, encoding="utf-8")
    versions.add(src, game="fab", version="9.9")
    installed = home / "home" / "rulebook" / "fab" / "fab-9.9.txt"
    installed.write_text(SMALL_DOC.replace("hero zone", "hero place"), encoding="utf-8")
    imported = _counting_imports(monkeypatch)
    lookup.reset()
    assert "hero place" in lookup.rule_record("fab-9.9 4.1.2")["text"]
    assert imported == ["fab-9.9"]


def test_a_change_to_the_rules_code_rebuilds_everything(home, monkeypatch):
    lookup.connect()
    lookup.reset()
    monkeypatch.setattr(lookup, "code_fingerprint", lambda: "other code")
    monkeypatch.setattr(index, "code_fingerprint", lambda: "other code")
    imported = _counting_imports(monkeypatch)
    lookup.connect()
    assert sorted(imported) == sorted(e.manifest.id for e in catalog.entries())


# --- the search tables' build ---------------------------------------------------------------------

def test_batched_stems_are_what_fts5_makes_of_each_word_alone(monkeypatch):
    """The build stems the documents' words many to a row (search_index._stems); each stem is
    the one a row of its own gives (search._fts_stem, the query side's), words FTS5 may split or
    drop included."""
    from judge.rules import search, search_index
    con = lookup.connect()
    words = [w for (w,) in con.execute("SELECT word FROM rank_stem WHERE doc != ''")]
    assert len(words) > 3000
    words += ["héllo", "naïve", "x²", "ﬁre", "don't", "two words", "", "İstanbul", "ǅemal", "-"]
    mem = sqlite3.connect(":memory:")
    monkeypatch.setattr(search_index, "_BATCH", 7)     # many rows, a last one not full
    assert search_index._stems(mem, words) == search._fts_stem(mem, words)


def test_every_posting_has_its_offsets_in_order_and_as_many_as_its_count():
    con = lookup.connect()
    checked = 0
    for term, data in con.execute("SELECT term, data FROM rank_term"):
        rows, cnts, _ = marshal.loads(data)
        assert list(rows) == sorted(set(rows)), term
        for cnt in cnts:
            for col in range(4):
                offs = [int(x) for x in cnt[col + 4].split(",")] if cnt[col + 4] else []
                assert len(offs) == cnt[col] and offs == sorted(set(offs)), (term, col)
                checked += len(offs)
    assert checked > 50000


def _fts5_postings(rows: list[tuple]) -> dict:
    """What FTS5 ('porter unicode61') makes of ``rows`` (rowid, title, heading, text,
    examples): per term, its rows and per row the counts and offsets of each field, and per
    row its field lengths - the definition the build's own tokenising must meet."""
    from judge.rules import search_index
    mem = sqlite3.connect(":memory:")
    post: dict[str, tuple[list, list]] = {}
    lengths: dict[int, list[int]] = {r[0]: [0, 0, 0, 0] for r in rows}
    for term, row, col, n, at in search_index._postings(mem, rows):
        found, cnts = post.setdefault(term, ([], []))
        if not found or found[-1] != row:
            found.append(row)
            cnts.append([0, 0, 0, 0, "", "", "", ""])
        cnts[-1][col], cnts[-1][col + 4] = n, at
        lengths[row][col] += n
    return post, lengths


def _build_postings(rows: list[tuple]) -> tuple[dict, dict]:
    from judge.rules import search_index
    mem = sqlite3.connect(":memory:")
    mem.executescript(search_index.SCHEMA)
    return search_index._row_postings(mem, "doc", rows)


def test_the_builds_tokens_are_fts5s_for_every_rule_of_the_bundled_documents(documents):
    """The build splits and counts the rules' words itself (search_index._row_postings) instead
    of reading FTS5's instances: the same terms, rows, counts, offsets and field lengths as
    FTS5 makes of the same rows, for every rule of the five documents."""
    from judge.rules import search_index
    rows = []
    for doc in documents:
        for n in doc.nodes:
            rows.append((len(rows) + 1, n.title or "", n.parent or "",
                         search_index._masked(n.text),
                         search_index._masked(" ".join(e.text for e in n.examples))))
    assert len(rows) > 1900
    assert _build_postings(rows) == _fts5_postings(rows)


@pytest.mark.parametrize("text", [
    "Pokémon’s “Ally” — ② cards", "naïve ÉLAN café", "x² and ½ of ⑳", "ﬁre İstanbul ǅemal",
    "Ω-ward: 3 damage… • ♦ ☛ ® ™ † ⚡", "a\u00a0b\u2003c\u200bd", "snake_case and CamelCase 20.7.2a",
    "日本語のテキスト", "Ünïcödé", "a\u058db \u2e3bc", "",
])
def test_fields_with_other_characters_are_tokenised_as_fts5_does(text):
    """Non-ASCII punctuation, symbols and spaces split words as FTS5 does; a field with a letter
    or digit outside ASCII goes through FTS5 itself - either way FTS5's tokens."""
    rows = [(1, text, "Heading", text + " the card", ""), (2, "", text, "", text),
            (3, "plain title", "", "plain text", "")]
    assert _build_postings(rows) == _fts5_postings(rows)


def test_what_the_build_takes_for_a_separator_fts5_does_too():
    """search_index._plain takes the non-ASCII characters of Unicode's punctuation, symbol and
    separator categories (in Unicode 3.2 and now) for separators, as unicode61 does (its token
    characters are letters, digits and private use): checked against the SQLite in use for
    every such character of the Basic Multilingual Plane; the ones of a later Unicode are not
    taken for separators (SQLite's tables do not know them; to it they are token characters)."""
    import unicodedata
    from judge.rules import search_index
    cats = [(chr(c), unicodedata.category(chr(c))[0], unicodedata.ucd_3_2_0.category(chr(c))[0])
            for c in range(0x80, 0x10000) if not 0xD800 <= c < 0xE000]
    seps = [ch for ch, now, then in cats if now in "PSZ" and then in "PSZ"]
    assert len(seps) > 3000
    for ch in seps:
        assert search_index._plain(f"a{ch}b") == "a b", hex(ord(ch))
    later = [ch for ch, now, then in cats if now in "PSZ" and then not in "PSZ"]
    assert "\u058d" in later and all(search_index._plain(f"a{ch}b") is None for ch in later)
    mem = sqlite3.connect(":memory:")
    mem.execute("CREATE VIRTUAL TABLE t USING fts5(x, tokenize='porter unicode61')")
    mem.execute("CREATE VIRTUAL TABLE v USING fts5vocab(t, 'instance')")
    mem.executemany("INSERT INTO t(rowid, x) VALUES(?, ?)",
                    [(i, f"a{ch}b") for i, ch in enumerate(seps, 1)])
    found = dict(mem.execute("SELECT doc, count(*) FROM v GROUP BY doc"))
    wrong = [hex(ord(ch)) for i, ch in enumerate(seps, 1) if found.get(i) != 2]
    assert not wrong


def test_the_index_file_is_made_new_and_private(tmp_path, monkeypatch):
    first = index._new_file(tmp_path)
    assert os.path.basename(first).startswith(".index-") and first.endswith(".sqlite")
    assert os.path.getsize(first) == 0 and os.stat(first).st_mode & 0o777 == 0o600
    # a name that is taken is never returned: the next random name is tried
    names = iter([bytes.fromhex(os.path.basename(first)[7:19]), b"\x01" * 6])
    monkeypatch.setattr(index.os, "urandom", lambda n: next(names))
    second = index._new_file(tmp_path)
    assert second != first and second.endswith(".index-010101010101.sqlite")


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="0123456789.a ٣５²", max_size=30))
def test_the_dotted_number_test_finds_what_digit_dot_digit_finds(text):
    from judge.rules.search_index import _DOTTED
    assert bool(_DOTTED.search(text)) == bool(re.search(r"\d\.\d", text))
