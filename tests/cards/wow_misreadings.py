"""Readings of the WoW corpus that parse but mean nothing: a quality check beside coverage.

Run: .venv/bin/python -m tests.cards.wow_misreadings ../shared/data/cards/wow/prints.json [-v]
     [--grammar=OTHER/card_wow.lark]   (another version of the grammar, same parser/transformer;
                                        card_common.lark must sit beside it)

Counts, over every card of a WoWTCG-Tracker ``prints.json``:
- effects whose verb is a noun or determiner word ("target", "each", "your" ...): the words
  after a sentence boundary the text never had, read as a new imperative. "Target up to three
  heroes." is a real imperative, so "target" effects are listed for reading, not all wrong;
- subjects that start with a verb ("destroy X" as the one who targets): a sentence-initial verb
  read as a card name.
"""

from __future__ import annotations

import collections
import sys
from dataclasses import fields, is_dataclass
from pathlib import Path

from judge.cards import wow
from judge.cards.legacy_model import Damage, Effect, Move, Other

NOT_VERBS = {"target", "each", "your", "the", "a", "an", "all", "that", "this", "any", "another",
             "their", "its", "his", "her", "", "card", "cards", "ally", "hero", "damage",
             "opponent", "player", "it", "you", "they", "when", "whenever", "if", "and", "or",
             "then"}
VERBS = {"destroy", "draw", "deal", "put", "remove", "exhaust", "ready", "attach", "discard",
         "heal", "prevent", "gain", "choose", "reveal", "shuffle", "search", "look", "pay",
         "return", "flip", "interrupt", "name", "roll", "add", "complete"}
# ("target player discards" and "play" are subjects: "target" and "play" start noun phrases too)


def effects_in(value):
    if isinstance(value, (tuple, list)):
        for item in value:
            yield from effects_in(item)
    elif is_dataclass(value):
        if isinstance(value, Effect):
            yield value
        for f in fields(value):
            yield from effects_in(getattr(value, f.name))


def subjects_of(effect: Effect):
    if isinstance(effect, Other):
        yield from (v for k, v in effect.args if k == "subject")
    if isinstance(effect, Damage) and effect.source:
        yield effect.source.text
    if isinstance(effect, Move) and effect.who:
        yield effect.who.text


def main(argv: list[str]) -> int:
    path = Path(argv[0])
    verbose = "-v" in argv
    grammar = next((a.split("=", 1)[1] for a in argv if a.startswith("--grammar=")), None)
    parser = wow.WowClauseParser()
    if grammar:
        parser.grammar_path = Path(grammar)
    total = full = 0
    noun_verbs: list[tuple[str, str, str]] = []
    verb_subjects: list[tuple[str, str]] = []
    for name, text in wow.iter_corpus(path):
        card = parser.parse(text, name=name)
        total += 1
        full += card.fully_parsed
        for effect in effects_in(card.abilities):
            if isinstance(effect, Other) and effect.verb.lower() in NOT_VERBS:
                words = " ".join(text[effect.span.start:effect.span.end].split()) if effect.span else ""
                noun_verbs.append((effect.verb.lower(), name, words))
            for subject in subjects_of(effect):
                if subject.split()[:1] and subject.split()[0].lower() in VERBS:
                    verb_subjects.append((name, subject))
    print(f"cards {total}, fully parsed {full} ({full / total:.2%})")
    print(f"effects whose verb is a noun/determiner word: {len(noun_verbs)} "
          f"{dict(collections.Counter(v for v, _, _ in noun_verbs))}")
    print(f"subjects that start with a verb: {len(verb_subjects)}")
    if verbose:
        for verb, name, words in noun_verbs:
            print(f"  {verb}: {name}: {words}")
        for name, subject in verb_subjects:
            print(f"  subject: {name}: {subject}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
