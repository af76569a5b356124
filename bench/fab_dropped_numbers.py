"""FaB card values that lost a number: for each effect of each distinct card text of
../shared/data/cards/fab/cards.tsv (and each whole ability), the numbers printed in its words
that no field of the value the parser produced (or of another effect over the same words)
carries. A number dropped in silence is a value the engine may act on wrongly ("X is 6 minus
the pitch value ..." read as the pitch value; "base power becomes 6" with the 6 lost).

Run: ``.venv/bin/python bench/fab_dropped_numbers.py [-v] [CORPUS]`` (-v: up to 4 sentences per
shape). Prints the count of effects and abilities that print a number, how many lost one, and
the shapes (the effect's class and verb, or "ability (kind)" for numbers outside any effect).
A measuring tool, not a test: some shapes lose a number the engine names not modelled anyway.
"""
import re, sys, dataclasses
from collections import Counter, defaultdict
from pathlib import Path
from judge.cards import fab
from judge.cards import model as M

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT.parent / "shared" / "data" / "cards" / "fab" / "cards.tsv"
NUM = re.compile(r"(?<![\w{])(\d+)(?![\w}])")

def numbers(v, out):
    """Every int a value holds, spans and positions aside."""
    if isinstance(v, M.Span) or v is None:
        return
    if isinstance(v, bool):
        return
    if isinstance(v, int):
        out.add(v); return
    if isinstance(v, str):
        for m in NUM.finditer(v):     # a number kept as words ("6 or more")
            out.add(int(m.group(1)))
        return
    if isinstance(v, (tuple, list)):
        for x in v: numbers(x, out)
        return
    if dataclasses.is_dataclass(v):
        for f in dataclasses.fields(v):
            if f.name in ("span", "text"):
                continue
            numbers(getattr(v, f.name), out)

def shape(eff):
    return type(eff).__name__ + ("." + eff.verb if hasattr(eff, "verb") else "")

NESTED = ("then", "otherwise", "instead", "options", "effects")

def leaves(effects):
    for e in effects or ():
        if isinstance(e, tuple):
            yield from leaves(e); continue
        inner = [getattr(e, n) for n in NESTED if getattr(e, n, None)]
        if inner:
            for i in inner:
                yield from leaves(i)
        else:
            yield e

def check(card, holder, where, sentence_of, siblings=()):
    global total
    if holder.span is None:
        return
    sentence = card.text[holder.span.start:holder.span.end]
    printed = {int(m.group(1)) for m in NUM.finditer(sentence)}
    if not printed:
        return
    total += 1
    got = set(); numbers(holder, got)
    for o in siblings:      # a number another effect of the same words carries is kept
        if o is not holder and o.span is not None and o.span.start < holder.span.end and \
                holder.span.start < o.span.end:
            numbers(o, got)
    if printed - got:
        missing[where] += 1
        examples[where].append(f"{sentence_of}: {sentence}")

seen = set(); missing = Counter(); examples = defaultdict(list); total = 0
args = [a for a in sys.argv[1:] if a != "-v"]
for name, text in fab.iter_corpus(Path(args[0]) if args else CORPUS):
    if not text.strip() or text in seen:
        continue
    seen.add(text)
    card = fab.parse(text, name=name)
    for ab in card.abilities:
        check(card, ab, "ability (" + ab.kind + ")", name)
        ls = list(leaves(ab.effects))
        for e in ls:
            check(card, e, shape(e), name, ls)
print(f"effects and abilities printing a number: {total}; with a number no value carries: "
      f"{sum(missing.values())}")
for k, n in missing.most_common():
    print(f"{n:5d}  {k}")
    if "-v" in sys.argv:
        for s in examples[k][:4]:
            print("        ", s[:160].replace("\n", " "))
