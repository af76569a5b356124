"""The default search's static meaning signal (judge/rules/meaning.py): the word table shipped
beside it, the vectors the index build makes from it, and how the search's top rows are lifted."""

from __future__ import annotations

import random
from array import array

import pytest

from judge.rules import lookup, meaning
from judge.rules.search import search


def test_words_are_ascii_letter_runs_without_stop_words():
    assert meaning.words("Can I block with 2 cards? The hero's ally-card") == [
        "block", "cards", "hero", "ally", "card"]
    assert meaning.words("naïve") == ["na", "ve"]        # a letter outside ASCII separates


def test_a_missing_word_is_tried_without_its_ending():
    assert meaning.forms("bounced") == ["bounced", "bounc", "bounce", "bounce"]
    assert meaning.forms("abilities")[:2] == ["abilities", "ability"]
    assert meaning.forms("as") == ["as", "a"]


def test_table_written_and_read_back_within_one_quantisation_step(tmp_path):
    rnd = random.Random(7)
    vecs = {w: [rnd.uniform(-2, 2) for _ in range(8)] for w in ("ally", "hero", "block")}
    path = tmp_path / "t.bin"
    meaning.dump(str(path), vecs)
    dim, scale, table = meaning.load(str(path))
    assert dim == 8 and sorted(table) == sorted(vecs)
    for w, v in vecs.items():
        got = array("b")
        got.frombytes(table[w])
        assert all(abs(g * scale - x) <= scale / 2 + 1e-9 for g, x in zip(got, v))


def test_packed_sum_is_the_sum_of_the_vectors_normalised():
    rnd = random.Random(3)
    table = {w: array("b", [rnd.randint(-127, 127) for _ in range(16)]).tobytes()
             for w in ("ally", "hero", "block", "bounce")}
    packer = meaning.Packer(16, table)
    toks = ["ally", "hero", "ally", "bounced", "unknownword"]   # bounced -> bounce
    want = [0] * 16
    for w in ("ally", "hero", "ally", "bounce"):
        want = [a + b for a, b in zip(want, array("b", table[w]))]
    norm = sum(x * x for x in want) ** 0.5
    got = array("b")
    got.frombytes(packer.vector(toks))
    assert list(got) == [max(-127, min(127, round(127 * x / norm))) for x in want]
    assert packer.vector(["unknownword"]) is None


def _reference_vector(table, dim, toks):
    """The rule vector as the first version of the build made it: a loop per dimension."""
    want = [0] * dim
    n = 0
    for t in toks:
        v = next((table[f] for f in meaning.forms(t) if f in table), None)
        if v is not None:
            want = [a + b for a, b in zip(want, array("b", v))]
            n += 1
    norm = sum(x * x for x in want) ** 0.5
    if not n or not norm:
        return None
    return array("b", [round(127 * x / norm) for x in want]).tobytes()


def test_packed_sum_rounds_halves_to_even_as_round_does():
    # norm 254 exactly: 127 x value / norm = value / 2, a tie for every odd value
    table = {"a": array("b", [-1, 3, -5, 7, 127, 20, -3, 3, 2, 1]).tobytes(),
             "b": array("b", [0, 0, 0, 0, 126, 0, 0, 0, 0, 0]).tobytes()}
    got = array("b")
    got.frombytes(meaning.Packer(10, table).vector(["a", "b"]))
    assert list(got) == [0, 2, -2, 4, 126, 10, -2, 2, 1, 0]
    assert got.tobytes() == _reference_vector(table, 10, ["a", "b"])


def test_packed_sum_is_the_per_dimension_loop_on_random_tables():
    rnd = random.Random(11)
    for dim in (1, 7, 64):
        table = {f"w{i}": array("b", [rnd.choice((-127, 127, 0, rnd.randint(-127, 127)))
                                      for _ in range(dim)]).tobytes() for i in range(30)}
        packer = meaning.Packer(dim, table)
        for _ in range(60):
            toks = [f"w{rnd.randrange(40)}" for _ in range(rnd.choice((1, 2, 5, 50, 400)))]
            assert packer.vector(toks) == _reference_vector(table, dim, toks), (dim, toks)
    # so many words that the fast unpacking's fields would overflow: the plain loop, same bytes
    table = {"x": array("b", [127, -127, 5]).tobytes(), "y": array("b", [-127, 127, 1]).tobytes()}
    toks = ["x"] * 70_000 + ["y"]
    assert meaning.Packer(3, table).vector(toks) == _reference_vector(table, 3, toks)


def test_shipped_table_holds_the_documents_words_and_general_english():
    dim, scale, table = meaning.load()
    assert dim == 384 and scale > 0
    assert {"ally", "hero", "defend", "graveyard", "dominate"} <= set(table)   # the documents'
    assert {"dead", "kill", "coin"} <= set(table)          # general words
    assert not {"the", "can", "what"} & set(table)          # stop words are never looked up


def test_question_words_are_read_from_the_shipped_table_itself():
    dim, scale, table = meaning.load()
    words = ["ally", "zzyzx", "dominate", "aardvarkish", "hero"]
    got = meaning.word_vectors(words)
    assert got == {w: table[w] for w in words if w in table}
    assert set(got) == {"ally", "dominate", "hero"}
    first, last = min(table), max(table)          # the block's first and last word
    assert meaning.word_vectors([first, last]) == {first: table[first], last: table[last]}
    con = lookup.connect()                        # the index keeps no copy of the table
    assert not con.execute("SELECT name FROM sqlite_master WHERE name='rank_wvec'").fetchall()


def test_every_word_of_the_table_is_found_by_the_binary_search():
    dim, scale, table = meaning.load()
    words = list(table)
    assert words == sorted(words)                 # the block the search relies on is sorted
    assert meaning.word_vectors(words) == table   # each at its own number
    for w in ("", "a", "aa", "zzzzzz", words[0] + "a", words[-1] + "z", words[100][:-1]):
        assert meaning.word_vectors([w]) == ({w: table[w]} if w in table else {})


def _eager_question_vector(table: dict, query: str) -> "list[float] | None":
    """The question's vector as the ninth round wrote it: every form of every word looked up."""
    toks = meaning.words(query)
    have = {f: table[f] for t in toks for f in meaning.forms(t) if f in table}
    total = None
    for tok in toks:
        v = next((have[f] for f in meaning.forms(tok) if f in have), None)
        if v is not None:
            vals = list(memoryview(v).cast("b"))
            total = vals if total is None else [a + b for a, b in zip(total, vals)]
    if total is None:
        return None
    norm = sum(x * x for x in total) ** 0.5
    return [x / norm for x in total] if norm else None


def test_other_forms_are_looked_up_only_for_missing_words_with_the_same_vector():
    dim, scale, table = meaning.load()
    con = lookup.connect()
    # "died", "kills", "enhancing", "mess" are not in the table; a form of each is ("mess" ->
    # "mes"); "bounced" has none
    assert not {"died", "kills", "enhancing", "mess", "bounced"} & set(table)
    for q in ("my ally got bounced back to my hand, what happens to its tokens",
              "the hero died, it kills and kills again", "enhancing mess died",
              "abilities abilities triggered dies dies destroyed", "bounced", "died",
              "what happens when a hero's life total reaches zero", "zzyzx qwertyuiop"):
        assert meaning.question_vector(con, q) == _eager_question_vector(table, q), q


def test_related_words_are_nearer_than_unrelated_ones():
    con = lookup.connect()
    a = meaning.question_vector(con, "dies")
    b = meaning.question_vector(con, "destroyed")
    c = meaning.question_vector(con, "shuffle")
    assert sum(i * j for i, j in zip(a, b)) > sum(i * j for i, j in zip(a, c))


def test_every_rule_of_the_bundled_documents_has_a_vector():
    con = lookup.connect()
    missing = con.execute("SELECT count(*) FROM rank_node r LEFT JOIN rank_mvec m "
                          "ON m.row = r.row WHERE m.row IS NULL AND r.kind != 'missing'"
                          ).fetchone()[0]
    total = con.execute("SELECT count(*) FROM rank_node").fetchone()[0]
    assert total > 1000 and missing <= total // 100


def test_a_rules_title_words_count_title_times_its_text_words_once():
    got = meaning.words(meaning.rule_text("Go again",
                                          "The attack card gains go again. " + "x " * 2000 + "tail"))
    assert got.count("go") == meaning.TITLE_TIMES + 1 and got.count("again") == meaning.TITLE_TIMES + 1
    assert got.count("attack") == 1 and "tail" not in got      # past PASSAGE_CHARS
    assert meaning.words(meaning.rule_text(None, "attack")) == ["attack"]
    assert meaning.words(meaning.rule_text("", None)) == []


def test_stored_vector_of_a_titled_rule_is_its_title_weighted_words_summed():
    con = lookup.connect()
    row, title, text = next(
        (r["row"], n["title"], n["text"]) for r in con.execute(
            "SELECT row, id FROM rank_node WHERE kind = 'glossary' ORDER BY row LIMIT 50")
        for n in con.execute("SELECT title, text FROM nodes WHERE id = ?", (r["id"],))
        if n["title"] and meaning.words(n["title"]) and len(meaning.words(n["text"] or "")) > 5)
    dim, _, table = meaning.load()
    stored = con.execute("SELECT v FROM rank_mvec WHERE row = ?", (row,)).fetchone()[0]
    assert stored == meaning.Packer(dim, table).vector(meaning.words(meaning.rule_text(title, text)))
    once = meaning.words(title) + meaning.words(text[:meaning.PASSAGE_CHARS])
    assert stored != meaning.Packer(dim, table).vector(once)     # the title counted once


def test_meaning_lifts_only_the_top_rows_and_explains_its_points():
    q = "my ally got bounced back to my hand, what happens to its tokens"
    off = search(q, game="ashes", limit=40, meaning=(0, 0.0))
    on = search(q, game="ashes", limit=40, explain=True, meaning=(20, 1.0))
    assert [h["citation"] for h in on[20:]] == [h["citation"] for h in off[20:]]
    assert {h["citation"] for h in on[:20]} == {h["citation"] for h in off[:20]}
    lifted = [e for h in on[:20] for e in h["explain"] if e["signal"] == "meaning (static)"]
    assert len(lifted) >= 19 and min(e["points"] for e in lifted) == 0.0
    assert all(not any(e["signal"] == "meaning (static)" for e in h["explain"]) for h in on[20:])
    for h in on:
        assert abs(sum(e["points"] for e in h["explain"]) - h["score"]) < 0.01 * len(h["explain"])


def test_a_question_of_unknown_words_is_ranked_lexically():
    con = lookup.connect()
    assert meaning.question_vector(con, "zzyzx qwertyuiop") is None
    assert meaning.question_vector(con, "the what can") is None


def test_vectors_are_summed_exactly_in_packed_fields():
    rnd = random.Random(11)
    for n, dim in ((1, 7), (5, 384), (256, 16), (257, 16), (600, 3)):
        vecs = [array("b", [rnd.choice((-128, -127, 127, 0, rnd.randint(-127, 127)))
                            for _ in range(dim)]).tobytes() for _ in range(n)]
        want = [sum(memoryview(v).cast("b")[i] for v in vecs) for i in range(dim)]
        assert meaning.sum_vectors(vecs) == want, (n, dim)
        if n <= 256:
            assert all(meaning.sum_vectors(vecs, w) == want for w in (2, 4, 8))
    assert meaning.sum_vectors([b"\x81" * 4] * 256) == [-127 * 256] * 4    # the 2-byte edge
    with pytest.raises(OverflowError):
        meaning.sum_vectors([b"\0"] * 257, 2)


def test_dot_products_of_all_rows_at_once_are_exact():
    rnd = random.Random(5)
    for n, dim, k in ((1, 5, 1), (3, 384, 20), (40, 64, 7), (2, 1, 3)):
        words = [array("b", [rnd.randint(-127, 127) for _ in range(dim)]).tobytes()
                 for _ in range(n)]
        total = meaning.sum_vectors(words)
        rows = [array("b", [rnd.choice((-127, 127, 1, -1, rnd.randint(-127, 127)))
                            for _ in range(dim)]).tobytes() for _ in range(k)]
        rows[0] = bytes([127] * dim) if k > 1 else rows[0]      # the largest sums
        want = [sum(a * b for a, b in zip(total, memoryview(r).cast("b"))) for r in rows]
        assert meaning._dots(total, n, rows) == want, (n, dim, k)
    # the extreme: every word and row at +-127 in every dimension
    total = meaning.sum_vectors([b"\x7f" * 384] * 50)
    assert meaning._dots(total, 50, [b"\x81" * 384, b"\x7f" * 384]) == [
        -127 * 127 * 50 * 384, 127 * 127 * 50 * 384]
    # a -128 (no vector the build makes has one) is taken one product at a time, still exact
    row = array("b", [-128, 5, 0]).tobytes()
    assert meaning._dots([3, -2, 9], 1, [row, b"\x01\x01\x01"]) == [-394, 10]


def test_cosines_are_the_float_products_up_to_rounding():
    con = lookup.connect()
    rows = [r for (r,) in con.execute("SELECT row FROM rank_mvec ORDER BY row LIMIT 30")]
    stored = dict(con.execute("SELECT row, v FROM rank_mvec"))
    for q in ("my ally got bounced back to my hand, what happens to its tokens",
              "can I defend with more than one card against dominate", "zzyzx hero"):
        qv = meaning.question_vector(con, q)
        got = meaning.cosines(con, meaning.question_sum(q), rows + [-5])
        assert got[-1] is None                      # a row without a vector
        for r, c in zip(rows, got):
            want = sum(a * b for a, b in zip(qv, memoryview(stored[r]).cast("b"))) / 127
            assert abs(c - want) < 1e-12, (q, r)
