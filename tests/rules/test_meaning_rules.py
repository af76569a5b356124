"""The bundled rules' static meaning vectors stored once (judge/rules/meaning_rules.py): the
stored bytes are the computed ones, anything the store does not hold is computed, and a store
made from other inputs is not read."""

from __future__ import annotations

import shutil
from array import array

from judge.rules import meaning, meaning_rules


def _table() -> bytes:
    with open(meaning.DATA, "rb") as f:
        return f.read()


def test_shipped_store_is_current_and_holds_every_bundled_rule():
    """Fails when the bundled documents, the word table, the stop words or the computation
    changed without ``python -m judge.rules.meaning_rules`` (the build is still right then: it
    computes what the store lacks, only slower)."""
    texts = meaning_rules.bundled_texts()
    assert len(texts) > 1000
    stored = meaning_rules.RuleVectors(_table())
    computed = meaning_rules.RuleVectors(_table(), store=None)
    for text in texts:
        assert stored(text) == computed(text), text[:80]
    assert stored.hits == len(texts) and stored.computed == 0
    assert computed.computed == len(texts) and computed.hits == 0
    # and the store holds nothing else (made from the bundled documents as they are)
    assert len(stored.keys) == len(set(texts))


def test_a_text_the_store_lacks_is_computed():
    vectors = meaning_rules.vectors_for()
    text = meaning.rule_text("Dominate", "A card with dominate can't be defended by more than "
                             "one card from hand, and an ally may intercept it.")
    got = vectors(text)
    assert vectors.computed == 1 and vectors.hits == 0
    dim, _, table = meaning.load()
    assert got == meaning.Packer(dim, table).vector(meaning.words(text))
    assert vectors(meaning.rule_text(None, "the what can")) is None    # no word with a vector
    assert vectors.computed == 2


def _small_table(path, scale_word="ally"):
    meaning.dump(str(path), {"ally": [1.0, 0.0, 0.5], "hero": [0.0, 1.0, -0.5],
                             scale_word: [0.2, 0.2, 0.9]})


def test_a_store_made_from_another_table_is_not_read(tmp_path):
    _small_table(tmp_path / "a.bin", "block")
    _small_table(tmp_path / "b.bin", "defend")       # another table: other vectors
    texts = ["Ally hero block", "defended", "nothing here"]    # defended -> defend
    meaning_rules.write(str(tmp_path / "a.store"), texts, str(tmp_path / "a.bin"))
    same = meaning_rules.vectors_for(str(tmp_path / "a.bin"), str(tmp_path / "a.store"))
    assert [same(t) is not None for t in texts] == [True, False, False]
    assert same.hits == 3 and same.computed == 0
    other = meaning_rules.vectors_for(str(tmp_path / "b.bin"), str(tmp_path / "a.store"))
    assert not other.keys                             # its digest is another table's
    got = [other(t) for t in texts]
    assert other.hits == 0 and other.computed == 3
    dim, _, table = meaning.load(str(tmp_path / "b.bin"))
    assert got == [meaning.Packer(dim, table).vector(meaning.words(t)) for t in texts]
    assert got[1] is not None and array("b", got[1])[0] != 0


def test_a_damaged_or_missing_store_is_not_read(tmp_path):
    shutil.copy(meaning.DATA, tmp_path / "t.bin")
    store = tmp_path / "s.store"
    meaning_rules.write(str(store), ["ally hero"], str(tmp_path / "t.bin"))
    data = store.read_bytes()
    store.write_bytes(data[:-1])                      # truncated
    v = meaning_rules.vectors_for(str(tmp_path / "t.bin"), str(store))
    assert not v.keys and v("ally hero") is not None and v.computed == 1
    v = meaning_rules.vectors_for(str(tmp_path / "t.bin"), str(tmp_path / "none.store"))
    assert not v.keys and v("ally hero") is not None and v.computed == 1
    assert meaning_rules.vectors_for(str(tmp_path / "no-table.bin")) is None    # no signal
