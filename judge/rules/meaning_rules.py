"""The bundled rules' static meaning vectors, made once and shipped (``data/meaning-rules.bin``),
so that a rebuild of the index looks each rule's vector up by its text instead of summing its
words' vectors again (issue 21: that summing was about a quarter of a rebuild's CPU).

A rule's vector depends on its text alone (``meaning.rule_text``: its title, repeated, and
the first characters of its text) and on what :mod:`judge.rules.meaning` computes it from: the
word table (``data/meaning-e5.bin``), the stop words, the suffixes tried, the passage length,
the title's count. The store keys each vector by a 128-bit BLAKE2b digest of that text, and records a digest of those inputs
(:func:`inputs_digest`); a store whose inputs differ from the ones in use is not read at all.
:class:`RuleVectors` gives the stored vector of a text it holds and computes any other (a rule
of a user's document, a changed rule, every rule when the store is stale or missing) exactly as
before (``meaning.Packer``): the same bytes either way (tests/rules/test_meaning_rules.py
compares every bundled rule's stored vector with the computed one, and fails when the store is
stale).

Made by ``python -m judge.rules.meaning_rules`` (a developer, when the bundled documents, the
word table, the stop words or the computation change).
"""

from __future__ import annotations

import os
import zlib

try:        # hashlib's BLAKE2b without hashlib (which loads OpenSSL: about 2 ms at start-up)
    from _blake2 import blake2b
except ImportError:     # pragma: no cover - a Python built without it
    from hashlib import blake2b

from judge.rules import meaning

STORE = os.path.join(os.path.dirname(meaning.DATA), "meaning-rules.bin")
MAGIC = b"JMR1"
KEY = 16          # bytes of a text's digest
FORMAT = "2"      # of the computation: changed with anything that changes a vector's bytes


def key(text: str) -> bytes:
    """The store's key of a rule's text (``meaning.rule_text``)."""
    return blake2b(text.encode("utf-8", "surrogatepass"), digest_size=KEY).digest()


def inputs_digest(table: bytes) -> bytes:
    """A digest of everything a vector is computed from but its text: the word table's bytes
    (``table``), the stop words, the suffixes, the passage length, the title's count,
    :data:`FORMAT`."""
    from judge.rules.search import STOP
    what = "\n".join([FORMAT, f"{len(table)} {zlib.crc32(table)}", repr(meaning.SUFFIXES),
                      str(meaning.PASSAGE_CHARS), str(meaning.TITLE_TIMES),
                      " ".join(sorted(STOP))])
    return blake2b(what.encode(), digest_size=KEY).digest()


def _table_bytes(path: str) -> bytes | None:
    try:
        with open(path, "rb") as f:
            return f.read()
    except OSError:
        return None


class RuleVectors:
    """A rule's static meaning vector (int8 bytes, None: no word of it has one) from its text:
    the stored one if the store holds the text and was made from the inputs in use, otherwise
    computed (``meaning.Packer``, the word table loaded on the first such text). ``hits`` and
    ``computed`` count the two ways."""

    def __init__(self, table: bytes, store: str | None = STORE,
                 table_path: str = meaning.DATA) -> None:
        self.table_path = table_path
        self.packer: meaning.Packer | None = None
        self.hits = self.computed = 0
        self.dim = 0
        self.keys: dict[bytes, int] = {}
        self.data = b""
        self.base = 0
        if store is not None:
            self._read(store, inputs_digest(table))

    def _read(self, store: str, want: bytes) -> None:
        try:
            with open(store, "rb") as f:
                data = f.read()
        except OSError:
            return
        head = 4 + KEY + 8
        if len(data) < head or data[:4] != MAGIC or data[4:4 + KEY] != want:
            return      # another format, or made from other inputs: not used
        n, dim = memoryview(data[4 + KEY:head]).cast("I")
        base = head + n * KEY
        if len(data) != base + n * dim:
            return
        self.keys = {data[head + i * KEY:head + (i + 1) * KEY]: i for i in range(n)}
        self.dim, self.data, self.base = dim, data, base

    def __call__(self, text: str) -> bytes | None:
        i = self.keys.get(key(text)) if self.keys else None
        if i is not None:
            self.hits += 1
            v = self.data[self.base + i * self.dim:self.base + (i + 1) * self.dim]
            return v if any(v) else None     # all zero: no vector (a real one never is)
        self.computed += 1
        if self.packer is None:
            dim, _, table = meaning.load(self.table_path)
            self.packer = meaning.Packer(dim, table)
        return self.packer.vector(meaning.words(text))


def vectors_for(table_path: str = meaning.DATA, store: str | None = STORE) -> RuleVectors | None:
    """The rule vectors of the word table at ``table_path`` (None when there is no table: no
    meaning signal)."""
    table = _table_bytes(table_path)
    if table is None:
        return None
    return RuleVectors(table, store, table_path)


def write(path: str, texts, table_path: str = meaning.DATA) -> int:
    """Compute the vectors of ``texts`` (rule texts, ``meaning.rule_text``) without any store and
    write them to ``path``; returns how many were written."""
    table = _table_bytes(table_path)
    if table is None:
        raise OSError(f"{table_path}: no word table")
    compute = RuleVectors(table, None, table_path)
    dim, _, _ = meaning.load(table_path)
    out = {}
    for text in texts:
        v = compute(text)
        out[key(text)] = v if v is not None else bytes(dim)
    keys = sorted(out)
    from array import array
    with open(path + ".tmp", "wb") as f:
        f.write(MAGIC + inputs_digest(table) + array("I", [len(keys), dim]).tobytes()
                + b"".join(keys) + b"".join(out[k] for k in keys))
    os.replace(path + ".tmp", path)
    return len(keys)


def bundled_texts() -> list[str]:
    """The texts of every rule of the bundled documents, as the index build makes vectors of."""
    from judge.rules import catalog
    from judge.rules.index import load_records
    rec = load_records([e for e in catalog.entries() if e.manifest.bundled])
    return [meaning.rule_text(a["title"], a["text"]) for a in rec.nodes.values()
            if a["kind"] != "missing"]


if __name__ == "__main__":
    print(f"{STORE}: {write(STORE, bundled_texts())} rule vectors")
