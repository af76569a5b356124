"""How much of a card corpus the game's grammar reads: share of cards fully parsed, partly
parsed (some clauses unparsed) and unparsed (no ability recognised), and the most frequent
shapes of the unparsed clauses (numbers -> N, the card's own name -> NAME, other capitalised
names -> NAME)."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from importlib import import_module
from pathlib import Path

from judge.errors import UsageError

# game -> module with parse(text, *, strict=False, name=None) and iter_corpus(path).
CORPUS_READERS: dict[str, str] = {
    "fab": "judge.cards.fab",
    "wow": "judge.cards.wow",
    "ufs": "judge.cards.ufs",
    "ashes": "judge.cards.ashes",
}

_NUMBER = re.compile(r"(?<![\w{])[+-]?(\d+|X)(?![\w}])")
_ICON_NUMBER = re.compile(r"[+-]?\d+(?=\{)")
_NAME = re.compile(r"(?<=[a-z,'\"] )(?!X\b)[A-Z][\w'\-]*(?:\s+(?:of|the|and)?\s*[A-Z][\w'\-]*)*")
_MARKUP = re.compile(r"\*+")


@dataclass
class Coverage:
    game: str
    cards: int = 0
    full: int = 0
    partial: int = 0
    none: int = 0
    clauses: int = 0
    unparsed_clauses: int = 0
    shapes: Counter = field(default_factory=Counter)
    examples: dict = field(default_factory=dict)

    def share(self, count: int) -> float:
        return count / self.cards if self.cards else 0.0

    def as_dict(self, top: int = 25) -> dict:
        return {
            "game": self.game, "cards": self.cards,
            "fully_parsed": self.full, "partly_parsed": self.partial, "unparsed": self.none,
            "fully_parsed_share": round(self.share(self.full), 4),
            "partly_parsed_share": round(self.share(self.partial), 4),
            "unparsed_share": round(self.share(self.none), 4),
            "unparsed_clauses": self.unparsed_clauses,
            "failure_shapes": [{"shape": s, "count": n, "example": self.examples[s]}
                               for s, n in self.shapes.most_common(top)],
        }

    def render(self, top: int = 25) -> str:
        lines = [f"{self.game}: {self.cards} cards",
                 f"  fully parsed  {self.full:6d}  {self.share(self.full):7.2%}",
                 f"  partly parsed {self.partial:6d}  {self.share(self.partial):7.2%}",
                 f"  unparsed      {self.none:6d}  {self.share(self.none):7.2%}",
                 f"  unparsed clauses: {self.unparsed_clauses}",
                 "most frequent failure shapes:"]
        lines += [f"  {n:5d}  {s}" for s, n in self.shapes.most_common(top)]
        return "\n".join(lines)


def shape(text: str, name: str | None) -> str:
    """Normalise an unparsed clause so that clauses differing only in numbers and names group."""
    out = _MARKUP.sub("", text)
    if name:
        out = re.sub(r"(?<!\w)" + re.escape(name) + r"(?!\w)", "NAME", out)
    out = _NAME.sub("NAME", out)
    out = _ICON_NUMBER.sub("N", out)
    out = _NUMBER.sub("N", out)
    return " ".join(out.split())


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
            progress: Callable[[Iterable], Iterator] | None = None) -> Coverage:
    module = module_for(game)
    cards = read_corpus(game, path)
    result = Coverage(game=game)
    iterable = progress(cards) if progress else cards
    for name, text in iterable:
        card = module.parse(text, name=name)
        result.cards += 1
        result.clauses += len(card.abilities) + len(card.unparsed)
        result.unparsed_clauses += len(card.unparsed)
        if card.fully_parsed:
            result.full += 1
        elif card.abilities:
            result.partial += 1
        else:
            result.none += 1
        for clause in card.unparsed:
            key = shape(clause.text, name)
            result.shapes[key] += 1
            result.examples.setdefault(key, f"{name}: {clause.text}")
    return result
