"""How much of a card corpus a game's grammar reads, measured on a tuning part and a held-back
part of the corpus.

**The split.** Every card goes to one part by a fixed hash of its name (:func:`part_of`:
SHA-256 of the name with white space collapsed and case folded; the first 8 bytes as a number,
modulo 100, below 60 is ``tuning``, else ``held-back``). Printings that share a name share a part.
Grammar work looks only at the tuning part: :func:`measure` lists failure shapes and examples
from it alone, and for the held-back part only counts. The held-back figure is the estimate of
how the grammar does on cards nobody tuned it on.

**Fully parsed** means every part of the text became a value: no clause unparsed and no
:class:`~judge.cards.model.Other` anywhere in the card's values. ``recognised`` counts cards
whose every clause the grammar read (an ``Other`` allowed), for comparison.

``rules=True`` also counts, over the whole corpus, the grammar rules (named rules and aliases of
the game's grammar) each card's parse used, and reports those used by only one card: a grammar
that generalises reads new cards with the rules it has, so that count should keep falling.
"""

from __future__ import annotations

import hashlib
import re
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from importlib import import_module
from pathlib import Path

from judge import registry
from judge.errors import UsageError

# game -> module with parse(text, *, strict=False, name=None) and iter_corpus(path).
CORPUS_READERS = registry.CARD_PARSERS

PARTS = ("tuning", "held-back")
TUNING_PERCENT = 60

_NUMBER = re.compile(r"(?<![\w{])[+-]?(\d+|X)(?![\w}])")
_ICON_NUMBER = re.compile(r"[+-]?\d+(?=\{)")
_NAME = re.compile(r"(?<=[a-z,'\"] )(?!X\b)[A-Z][\w'\-]*(?:\s+(?:of|the|and)?\s*[A-Z][\w'\-]*)*")
_MARKUP = re.compile(r"\*+")


def part_of(name: str) -> str:
    """``tuning`` or ``held-back``: a fixed hash of the card's name (see the module
    docstring)."""
    key = " ".join(name.split()).casefold().encode("utf-8")
    number = int.from_bytes(hashlib.sha256(key).digest()[:8], "big")
    return "tuning" if number % 100 < TUNING_PERCENT else "held-back"


@dataclass
class Part:
    cards: int = 0
    full: int = 0
    recognised: int = 0
    partial: int = 0
    none: int = 0
    clauses: int = 0
    unparsed_clauses: int = 0
    others: int = 0

    def share(self, count: int) -> float:
        return count / self.cards if self.cards else 0.0

    def as_dict(self) -> dict:
        return {"cards": self.cards, "fully_parsed": self.full,
                "fully_parsed_share": round(self.share(self.full), 4),
                "recognised": self.recognised,
                "recognised_share": round(self.share(self.recognised), 4),
                "partly_parsed": self.partial, "unparsed": self.none,
                "unparsed_clauses": self.unparsed_clauses, "other_values": self.others}


@dataclass
class Coverage:
    game: str
    parts: dict = field(default_factory=lambda: {p: Part() for p in PARTS})
    shapes: Counter = field(default_factory=Counter)       # tuning part only
    examples: dict = field(default_factory=dict)
    others: Counter = field(default_factory=Counter)       # tuning part only
    rule_cards: Counter | None = None                      # rule -> cards using it
    single_card_rules: list = field(default_factory=list)

    @property
    def total(self) -> Part:
        out = Part()
        for p in self.parts.values():
            for name in vars(out):
                setattr(out, name, getattr(out, name) + getattr(p, name))
        return out

    @property
    def gap(self) -> float:
        t, h = self.parts["tuning"], self.parts["held-back"]
        # the difference of the shares as reported (rounded), so the figures agree
        return round(round(t.share(t.full), 4) - round(h.share(h.full), 4), 4)

    def as_dict(self, top: int = 25) -> dict:
        total = self.total
        out = {"game": self.game, "cards": total.cards,
               "fully_parsed": total.full,
               "fully_parsed_share": round(total.share(total.full), 4),
               "recognised_share": round(total.share(total.recognised), 4),
               "partly_parsed": total.partial, "unparsed": total.none,
               "unparsed_clauses": total.unparsed_clauses,
               "split": {"by": "sha256 of the card name", "tuning_percent": TUNING_PERCENT},
               "tuning": self.parts["tuning"].as_dict(),
               "held_back": self.parts["held-back"].as_dict(),
               "gap": self.gap,
               "failure_shapes": [{"shape": s, "count": n, "example": self.examples[s]}
                                  for s, n in self.shapes.most_common(top)],
               "other_verbs": [{"verb": v, "count": n} for v, n in self.others.most_common(top)]}
        if self.rule_cards is not None:
            out["rules_used"] = len(self.rule_cards)
            out["rules_used_by_one_card"] = len(self.single_card_rules)
            out["single_card_rules"] = self.single_card_rules
        return out

    def render(self, top: int = 25) -> str:
        lines = [f"{self.game}: {self.total.cards} cards "
                 f"(split by a hash of the name: {TUNING_PERCENT}% tuning, the rest held back)"]
        for key in PARTS:
            p = self.parts[key]
            lines.append(f"  {key:<10} {p.cards:5d} cards  fully parsed {p.full:5d} "
                         f"{p.share(p.full):7.2%}   recognised {p.share(p.recognised):7.2%}")
        lines.append(f"  gap (tuning - held-back): {self.gap * 100:+.1f} points")
        if self.rule_cards is not None:
            lines.append(f"  grammar rules used: {len(self.rule_cards)}, by one card only: "
                         f"{len(self.single_card_rules)}")
        lines.append("most frequent failure shapes (tuning part):")
        lines += [f"  {n:5d}  {s}" for s, n in self.shapes.most_common(top)]
        if self.others:
            lines.append("values not modelled yet (Other, tuning part):")
            lines += [f"  {n:5d}  {v}" for v, n in self.others.most_common(top)]
        return "\n".join(lines)


def shape(text: str, name: str | None) -> str:
    """Normalise an unparsed clause so that clauses differing only in numbers and names group."""
    out = _MARKUP.sub("", text)
    if name:
        out = _name_replaced(out, name)
    out = _NAME.sub("NAME", out)
    out = _ICON_NUMBER.sub("N", out)
    out = _NUMBER.sub("N", out)
    return " ".join(out.split())


def _name_replaced(text: str, name: str) -> str:
    r"""``re.sub(r"(?<!\w)" + re.escape(name) + r"(?!\w)", "NAME", text)`` by str.find (a
    pattern compiled per card name cost more than the rest of this function)."""
    parts, pos, at = [], 0, text.find(name)
    while at >= 0:
        end = at + len(name)
        if not (at and _word_char(text[at - 1])) and \
                not (end < len(text) and _word_char(text[end])):
            parts += [text[pos:at], "NAME"]
            pos = end
            at = text.find(name, end)
        else:
            at = text.find(name, at + 1)
    return "".join(parts) + text[pos:] if parts else text


def _word_char(c: str) -> bool:
    return c.isalnum() or c == "_"                  # what \w matches in a str pattern


def module_for(game: str):
    try:
        return import_module(CORPUS_READERS[game])
    except KeyError:
        raise UsageError(f"no card corpus reader for game {game!r}",
                         expected=", ".join(sorted(CORPUS_READERS))) from None


def check_size(path: str | Path) -> None:
    """Refuse a card database over ``carddb_bytes`` (:mod:`judge.limits`), or one that is not
    a regular file or a folder of them (``/dev/zero`` has no end)."""
    from judge import limits
    from judge.errors import InputError, from_os_error

    path = Path(path)
    try:
        if path.is_dir():
            files = [f for f in path.iterdir() if f.is_file()]
        elif path.is_file():
            files = [path]
        else:
            raise InputError("not a regular file or a folder of card files", path=str(path))
        size = sum(f.stat().st_size for f in files)
    except OSError as err:
        raise from_os_error(err, path=str(path)) from None
    limits.check("carddb_bytes", size, "the card database", path=str(path))


def read_corpus(game: str, path: str | Path) -> list[tuple[str, str]]:
    """(name, text) of every card of the database; a file that is not one the game's reader
    understands (binary, broken JSON, another shape) is a JudgeError naming the path and why."""
    from judge import limits
    from judge.errors import InputError, JudgeError, from_exception

    module = module_for(game)
    check_size(path)
    try:
        cards = [(str(name), str(text)) for name, text in module.iter_corpus(path)]
    except JudgeError:
        raise
    except (OSError, UnicodeError, ValueError, RecursionError) as err:
        judged = from_exception(err, path=str(path))
        if judged is None:
            raise
        judged.message = f"not a card database for {game}: {judged.message}"
        raise judged from None
    except (KeyError, TypeError, AttributeError, IndexError) as err:
        raise InputError(f"not a card database for {game} that judge can read (another shape: "
                         f"{type(err).__name__} {str(err)[:120]})", path=str(path)) from None
    for name, text in cards:
        where = f"card {name[:60]!r}"
        limits.check("card_text_chars", len(text), f"the text of {where}", path=str(path))
        limits.check_numbers(text, path=str(path), what=f"a number in the text of {where}")
    return cards


def measure(game: str, path: str | Path, *,
            progress: Callable[[Iterable], Iterator] | None = None,
            rules: bool = False) -> Coverage:
    module = module_for(game)
    cards = read_corpus(game, path)
    result = Coverage(game=game)
    if rules:
        result.rule_cards = Counter()
    iterable = progress(cards) if progress else cards
    for name, text in iterable:
        card = module.parse(text, name=name)
        key = part_of(name)
        p = result.parts[key]
        p.cards += 1
        p.clauses += len(card.abilities) + len(card.unparsed)
        p.unparsed_clauses += len(card.unparsed)
        others = card.others()
        p.others += len(others)
        if not card.unparsed and not others:
            p.full += 1
        if not card.unparsed:
            p.recognised += 1
        elif card.abilities:
            p.partial += 1
        else:
            p.none += 1
        if rules and hasattr(module, "rules_used"):
            result.rule_cards.update(module.rules_used(text, name=name))
        if key != "tuning":
            continue
        for clause in card.unparsed:
            s = shape(clause.text, name)
            result.shapes[s] += 1
            result.examples.setdefault(s, f"{name}: {clause.text}")
        for other in others:
            result.others[other.verb] += 1
    if rules:
        result.single_card_rules = sorted(r for r, n in result.rule_cards.items() if n == 1)
    return result
