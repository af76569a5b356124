"""Question type mapped to rule kinds by the rules' own modal words, measured by
leave-one-part-out cross-validation (eighth round).

A question's type is read from its opening words ("can I / may I" asks what is allowed, "do I
have to / must" what is required, "what happens when / if" what follows from an event, "who /
whose / which player" who does or decides, "when / how long / until" timing). A rule is of a kind
when its own text prints that kind's modal words ("may", "can", "cannot" for allowed; "must",
"has to", "required" for required; "when", "if", "whenever", "instead" for what follows; "player",
"controller", "owner", "chooses" for who; "step", "phase", "until", "before", "after" for timing).
A rule of the question's kind among the lexical ranking's top rows gains ``weight x (top score)``
points.

For each part in turn the weight (one for all types, or one per type by a coordinate pass) and
the depth are chosen on the other parts, and the part left out is ranked with the choice.

    .venv/bin/python bench/search_qtype.py
"""

from __future__ import annotations

import re
import sys

from search_bench import (  # beside this script
    TUNING_PARTS, before_after, lifted, rank_of, recall_mrr, all_questions)

QTYPES = {
    "allowed": re.compile(r"^\W*(?:so\s+)?(?:can|may|could|am i allowed|is it legal|are (?:you|we|"
                          r"they) allowed|is (?:a player|it) allowed|is it possible)\b"),
    "required": re.compile(r"\b(?:do|does|did) (?:i|you|they|we|he|she|a player|the \w+) "
                           r"(?:have|need) to\b|\bmust\b|\bam i (?:forced|required)\b|"
                           r"\bis it (?:mandatory|optional)\b|\bforced to\b|\brequired to\b"),
    "follows": re.compile(r"\bwhat happens\b|\bwhat do(?:es)? .* do\b|\bthen what\b"),
    "who": re.compile(r"^\W*(?:who|whose|which player)\b|\bwho (?:gets|controls|owns|chooses|"
                      r"decides|goes|picks)\b"),
    "timing": re.compile(r"^\W*(?:when|how long|at what point|until when)\b"),
}
KINDS = {
    "allowed": re.compile(r"\b(?:may|can|cannot|can't|allowed|able|unable)\b"),
    "required": re.compile(r"\b(?:must|has to|have to|required|requires|forced|mandatory)\b"),
    "follows": re.compile(r"\b(?:when|whenever|if|instead|then|as soon as)\b"),
    "who": re.compile(r"\b(?:player|players|controller|owner|controls|owns|chooses|choose|"
                      r"decides)\b"),
    "timing": re.compile(r"\b(?:step|phase|until|before|after|beginning|start|end of)\b"),
}
DEPTHS = (10, 30)
WEIGHTS = (0.0, 0.02, 0.05, 0.1, 0.2, 0.4, 0.8, 1.6)


def qtypes(question: str) -> set[str]:
    q = question.lower()
    return {t for t, rx in QTYPES.items() if rx.search(q)}



def measure(rows, cfg) -> tuple[float, float]:
    depth, weights = cfg
    ranks = []
    for want, hits, types, kinds in rows:
        pool = hits[:depth]
        if pool and types:
            top = max(s for _, s in pool) or 1.0
            lift = [max((weights.get(t, 0.0) for t in types & k), default=0.0) * top
                    for k in kinds]
            got = lifted(pool, lift) + [c for c, _ in hits[depth:]]
        else:
            got = [c for c, _ in hits]
        ranks.append(rank_of(got, want))
    return recall_mrr(ranks)


def fit(rows) -> tuple[int, dict]:
    """The depth and weights best on ``rows``: one shared weight, then a coordinate pass per
    type from it."""
    best = (DEPTHS[0], {})
    score = sum(measure(rows, best))
    for d in DEPTHS:
        for w in WEIGHTS:
            cfg = (d, {t: w for t in QTYPES})
            s = sum(measure(rows, cfg))
            if s > score + 1e-9:
                best, score = cfg, s
    d, ws = best[0], dict(best[1]) or {t: 0.0 for t in QTYPES}
    for t in QTYPES:
        for w in WEIGHTS:
            trial = dict(ws, **{t: w})
            s = sum(measure(rows, (d, trial)))
            if s > score + 1e-9:
                ws, score = trial, s
    return d, ws


def main() -> int:
    from judge.rules import lookup
    from judge.rules.search import search
    con = lookup.connect()
    docs_of = {g: [d["id"] for d in lookup.resolve_documents(g)]
               for g in ("fab", "wow", "ufs", "ashes")}
    text_of = {i: (t or "") + " " + (x or "") for i, t, x in
               con.execute("SELECT id, title, text FROM nodes")}
    rows: dict[str, list] = {}
    typed = 0
    for p, q in all_questions(TUNING_PARTS):
        hits = [(h["citation"], h["score"]) for h in search(
            q["q"], con=con, docs=docs_of[q["game"]], limit=50)]
        types = qtypes(q["q"])
        typed += bool(types)
        kinds = [{k for k, rx in KINDS.items() if rx.search(text_of.get(c, "").lower())}
                 for c, _ in hits]
        rows.setdefault(p, []).append((set(q["cite"]), hits, types, kinds))
    print(f"questions with a type: {typed}")
    before_after(rows, measure, (DEPTHS[0], {}),
                 lambda p: fit([x for o in TUNING_PARTS if o != p for x in rows[o]]),
                 lambda cfg: f"depth {cfg[0]} {{"
                             + ", ".join(f"{t} {w:g}" for t, w in cfg[1].items() if w) + "}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
