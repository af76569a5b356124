"""What the values of parsed card text (:mod:`judge.cards.model`) mean to the FaB engine: who
"you" and "this" are, which events its watchers wait for, keyword names, and the printed words
of a value for the trace. Nothing here reads card English: the values carry the meaning, their
``text`` is only shown.
"""

from __future__ import annotations

from judge.cards import model as M

# canonical keyword names the engine acts on (lower case)
KEYWORDS = ("go again", "dominate", "arcane barrier", "spellvoid", "battleworn", "blade break",
            "temper", "phantasm", "spectra", "blood debt")
NUMBERED = ("arcane barrier", "spellvoid")        # "Arcane Barrier N", "Spellvoid N"


def keyword_name(name: str) -> tuple[str, int | None] | None:
    """A keyword the engine acts on, from its name as a scenario line or a card prints it
    ("Arcane Barrier 2", "go again"): (canonical name, its number), else None."""
    words = name.lower().replace("*", " ").split()
    if len(words) > 1 and words[-1].isdigit() and " ".join(words[:-1]) in NUMBERED:
        return " ".join(words[:-1]), int(words[-1])
    low = " ".join(words)
    return (low, None) if low in KEYWORDS else None


def keyword_of(kw: M.Keyword) -> tuple[str, int | None] | None:
    """The keyword value as the engine acts on it: (canonical name, its number)."""
    low = " ".join(kw.name.lower().split())
    if low in NUMBERED:
        n = kw.value.constant if kw.value is not None else None
        return (low, n) if n is not None else None
    return (low, None) if low in KEYWORDS and kw.value is None else None


def is_you(t: M.Target | None) -> bool:
    """"you", "your hero", "yourself" (or nobody named: the controller)."""
    return t is None or (t.ref == "you" and not t.kinds) or (
        t.kinds == ("hero",) and t.controller == "you" and not t.targeted and not t.qualities
        and t.quantifier == "one")


def is_self(t: M.Target | None) -> bool:
    """"this", "it", "itself", the card's own name (read as ``this``), "this card"."""
    return t is None or (t.ref in ("this", "it") and t.kinds in ((), ("card",))
                         and not t.qualities and not t.filters)


def event_words(ev: M.Event | None) -> str:
    """An event as printed, in lower case (for the trace)."""
    return " ".join((ev.text if ev is not None else "").lower().split())


def condition_words(cond: M.Condition) -> str:
    """A condition as printed without its leading word ("if", "while", "only while")."""
    words = cond.text.split()
    lead = cond.kind.split()
    if [w.lower() for w in words[:len(lead)]] == lead:
        words = words[len(lead):]
    return " ".join(words)


def amount(value: M.Amount | None) -> int | None:
    """An amount the engine can use as it is printed: a constant."""
    return value.constant if isinstance(value, M.Amount) else None


def target_text(target: M.Target | None) -> str:
    """A target as printed, in lower case (for the trace)."""
    return "" if target is None else " ".join(target.text.lower().split())
