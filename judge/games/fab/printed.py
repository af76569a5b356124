"""What playing a card asks for, read from the values of its printed text
(:mod:`judge.cards.model`): additional costs (15.5.1b, 15.5.3c), modes (15.5.1c) and the
changes to a resource cost that the card itself or a permanent prints (15.5.2b, 15.5.2c).

Each is turned into the engine's own small values below (:class:`ExtraCost`, :class:`Modes`,
:class:`CostChange`), which ``fab_costs`` carries out; ``fab_cards`` leaves the spans they
cover (:meth:`Printed.claimed`) to them. Anything met here that cannot become such a value (a
cost change "for each ...", an additional cost of a kind not in :data:`EXTRA_KINDS`) is an
unreadable part, which the engine names ``not modelled``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from judge.cards import model as N

# the additional costs the engine pays (15.5.3c), by the verb that prints them
EXTRA_KINDS = ("discard", "banish", "destroy", "pay", "charge", "reveal")


@dataclass(frozen=True, slots=True)
class ExtraCost:
    """An additional cost printed on a card: ``kind`` (:data:`EXTRA_KINDS`), how many cards
    (``count``: a number, or ``"X"``), which (``kinds``: nouns the card must have, e.g.
    ``("attack action",)``; ``named``: a card name it must have), from where (``zone``:
    ``hand``, ``graveyard``, ``soul``, ``arena``), chosen ``random``ly, ``optional`` ("you
    may"), ``resources`` for "pay {r}{r}{r}"; ``text`` as printed."""
    kind: str
    text: str
    start: int
    end: int
    count: int | str = 1
    kinds: tuple[str, ...] = ()
    named: str = ""
    zone: str = "hand"
    random: bool = False
    optional: bool = False
    resources: int = 0
    whole_hand: bool = False


@dataclass(frozen=True, slots=True)
class Mode:
    """One mode of a modal card: its printed ``text`` and where it is in the card's text."""
    text: str
    start: int
    end: int


@dataclass(frozen=True, slots=True)
class Modes:
    """"Choose N: - ... - ...": how many modes are chosen, and the modes."""
    pick: int
    options: tuple[Mode, ...]
    start: int
    end: int


@dataclass(frozen=True, slots=True)
class CostChange:
    """"<what> cost(s) {r} less / more to play": ``delta`` resource points (negative: a
    reduction) for the cards ``what`` names (``this``: the card itself; else a description:
    ``kinds`` the card must have, ``next`` for "the next ... you play this turn", ``whose``
    ``you`` for cards its controller plays); ``condition`` its "if ..."; ``text`` as printed."""
    delta: int
    what: str
    text: str
    start: int
    end: int
    kinds: tuple[str, ...] = ()
    next: bool = False
    condition: N.Condition | None = None
    whose: str = "any"           # whose cards: "you" (its controller's), "opponent", "any"


@dataclass(frozen=True, slots=True)
class Printed:
    """What :func:`read` finds in a card's text."""
    extra_costs: tuple[ExtraCost, ...] = ()
    modes: Modes | None = None
    cost_changes: tuple[CostChange, ...] = ()
    unreadable: tuple[tuple[str, int, int], ...] = ()    # (what, start, end): not modelled

    def claimed(self) -> tuple[tuple[int, int], ...]:
        """The spans of the text these values stand for."""
        spans = [(c.start, c.end) for c in self.extra_costs]
        spans += [(c.start, c.end) for c in self.cost_changes]
        spans += [(s, e) for _w, s, e in self.unreadable]
        if self.modes is not None:
            spans.append((self.modes.start, self.modes.end))
        return tuple(spans)


def read(text: str, name: str = "") -> Printed:
    """The additional costs, modes and cost changes printed in ``text`` (a card named
    ``name``)."""
    if not text.strip():
        return Printed()
    from judge.cards.store import parse
    return of(parse("fab", text, name=name or None))


@lru_cache(maxsize=4096)
def of(card: N.CardText | None) -> Printed:
    """:func:`read` of parsed card values."""
    if card is None:
        return Printed()
    text = card.text
    extra: list[ExtraCost] = []
    changes: list[CostChange] = []
    unreadable: list[tuple[str, int, int]] = []
    modes: Modes | None = None
    for ab in card.abilities:
        if ab.kind in ("spell", "static") and ab.costs and not ab.timing:
            for cost in ab.costs:
                found = _extra(text, cost)
                if isinstance(found, ExtraCost):
                    extra.append(found)
                elif cost.span is not None:
                    unreadable.append((f"the additional cost {_at(text, cost.span)!r}"
                                       + (f" ({found})" if found else ""),
                                       *_whole(text, ab.span or cost.span)))
        for eff in ab.effects:
            if isinstance(eff, N.Choice) and not eff.optional and len(eff.options) > 1 \
                    and ab.kind == "spell" and ab.trigger is None and modes is None:
                modes = _modes(text, eff, ab)
            cond = None
            if isinstance(eff, N.Conditional) and eff.condition is not None and \
                    not eff.otherwise and len(eff.then) == 1:
                cond = eff.condition
                eff = eff.then[0]
            if isinstance(eff, N.ModifyValue) and eff.stat == "cost" and \
                    ab.kind in ("static", "spell") and ab.trigger is None:
                found = _change(text, eff, ab, cond)
                if isinstance(found, CostChange):
                    changes.append(found)
                elif eff.span is not None:
                    unreadable.append((f"the cost change {_at(text, eff.span)!r} ({found})",
                                       *_whole(text, ab.span or eff.span)))
    return Printed(tuple(extra), modes, tuple(changes), tuple(unreadable))


# --------------------------------------------------------------------------- additional costs

def _extra(text: str, cost: N.Cost) -> ExtraCost | str:
    """The :class:`ExtraCost` of one printed cost part, or why there is none."""
    if cost.kind != "effect" or cost.effect is None or cost.span is None:
        return f"a {cost.kind} cost"
    eff, optional = cost.effect, False
    if isinstance(eff, N.Choice) and eff.optional and len(eff.options) == 1 \
            and len(eff.options[0]) == 1:
        eff, optional = eff.options[0][0], True
    start, end = _whole(text, cost.span)
    printed = text[start:end].strip().rstrip(".")
    base = dict(text=printed, start=start, end=end, optional=optional)
    if isinstance(eff, N.Pay):
        amount = sum(_resources(c) for c in eff.costs)
        if not amount or any(c.kind != "resource" for c in eff.costs):
            return "a payment other than resource points"
        return ExtraCost("pay", resources=amount, count=0, zone="", **base)
    if isinstance(eff, N.Other) and "charge" in dict(eff.args).get("text", "").lower():
        return ExtraCost("charge", zone="hand", **base)
    if isinstance(eff, N.Reveal):
        what = eff.what
        if what is None or what.filters:
            return "revealing a card with properties the engine does not check"
        return ExtraCost("reveal", kinds=_kinds(what), zone="hand", **base)
    if isinstance(eff, N.Move) and eff.verb in ("discard", "banish", "destroy"):
        what = eff.what
        if what is None:
            return "what it names"
        if what.filters:
            return "a card with properties the engine does not check"
        if what.ref == "hand" or "hand" in what.kinds and not _kinds(what):
            return ExtraCost(eff.verb, count=0, zone="hand", whole_hand=True, **base)
        count: int | str = 1
        if what.count is not None:
            if what.count.variable:
                count = "X"
            elif what.count.value is not None and not what.count.relation:
                count = what.count.value
            else:
                return f"a number of cards {what.count.text or what.count.relation!r}"
        zone = _zone(eff, what)
        if zone is None:
            return "where the cards come from"
        named = next((q for q in what.qualities if q not in ("random", "other")
                      and q[:1].isupper()), "")
        return ExtraCost(eff.verb, count=count, kinds=_kinds(what), named=named, zone=zone,
                         random=eff.random or "random" in what.qualities, **base)
    return f"the effect {getattr(eff, 'verb', '?')!r}"


def _resources(c: N.Cost) -> int:
    if c.kind != "resource":
        return 0
    if c.amount is not None and c.amount.value is not None:
        return c.amount.value
    return c.detail.split().count("resource") or c.detail.count("{r}")


def _kinds(what: N.Target) -> tuple[str, ...]:
    return tuple(k for k in what.kinds if k not in ("card", "cards", "hand", "soul",
                                                     "hero 's soul", "graveyard"))


def _zone(eff: N.Move, what: N.Target) -> str | None:
    if eff.verb == "destroy":
        return "arena"
    places = [eff.from_zone.name if eff.from_zone is not None else "",
              what.zone.name if what.zone is not None else ""]
    places += list(what.of.kinds) if what.of is not None else []
    for p in places:
        if "soul" in p:
            return "soul"
        if "graveyard" in p:
            return "graveyard"
        if "hand" in p:
            return "hand"
    if eff.verb == "discard":
        return "hand"
    return None


# --------------------------------------------------------------------------- modes

def _modes(text: str, choice: N.Choice, ab: N.Ability) -> Modes | None:
    pick = choice.pick.value if choice.pick is not None else 1
    options = []
    for option in choice.options:
        spans = [e.span for e in option if e.span is not None]
        if not spans:
            return None
        start, end = min(s.start for s in spans), max(s.end for s in spans)
        options.append(Mode(text[start:end].strip().rstrip(".;"), start, end))
    start = min(([choice.span.start] if choice.span else []) + [o.start for o in options])
    return Modes(pick=pick or 1, options=tuple(options), start=start,
                 end=max(o.end for o in options))


# --------------------------------------------------------------------------- cost changes

def _change(text: str, eff: N.ModifyValue, ab: N.Ability,
            cond: N.Condition | None = None) -> CostChange | str:
    amount = eff.amount
    if amount is None or amount.per is not None or amount.variable or amount.defined_as \
            or amount.value is None:
        return "a number the engine does not work out"
    if eff.duration is not None and eff.duration.kind != "this turn":
        return f"a duration ({eff.duration.kind})"
    target = eff.target
    if target is None:
        return "what it changes"
    start, end = _whole(text, ab.span or eff.span)
    printed = text[start:end].strip()
    cond = cond or ab.condition
    delta = eff.sign * amount.value
    if target.ref == "this":
        return CostChange(delta, "this", printed, start, end, condition=cond)
    if target.filters and not ("next" in target.qualities):
        return "the cards it names"
    whose = {"you": "you", "opponent": "opponent"}.get(target.controller, "any")
    if target.text.lower().startswith(("the next ", "your next ")):
        whose = "you"
    return CostChange(delta, target.text.lower(), printed, start, end,
                      kinds=tuple(k for k in target.kinds if k != "card"),
                      next="next" in target.qualities, condition=cond, whose=whose)


# --------------------------------------------------------------------------- spans

def _at(text: str, span: Any) -> str:
    return text[span.start:span.end].strip() if span is not None else ""


def _whole(text: str, span: Any) -> tuple[int, int]:
    """The sentence around ``span``: from the end of the sentence before it to its period."""
    start, end = span.start, span.end
    while start > 0 and text[start - 1] not in ".\n":
        start -= 1
    while end < len(text) and text[end - 1] not in ".\n" and text[end] not in "\n":
        end += 1
    return start, end


def inside(span: Any, spans: tuple[tuple[int, int], ...]) -> bool:
    """Whether ``span`` (with ``start`` and ``end``) lies within one of ``spans``."""
    if span is None:
        return False
    return any(s <= span.start and span.end <= e for s, e in spans)
