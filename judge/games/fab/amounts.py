"""The value of X in a card's "..., where X is <definition>" (Damage.where, Prevent.where).

A definition the engine can evaluate is matched by one of the patterns below; any other one is
``not modelled`` (the engine never picks a number). Each evaluation is a trace step that says
what was counted and which rule decides what counts.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from judge.engine import trace as T
from judge.engine.context import Context
from judge.engine.errors import NotModelled
from judge.engine.chain import Layer
from judge.games.fab import records as R
from judge.games.fab.zones import ARENA

if TYPE_CHECKING:  # pragma: no cover
    from judge.games.fab.game import FabGame


# "the amount of arcane damage you have dealt to that hero this turn"
_DEALT = re.compile(r"^the amount of (?:(arcane|physical) )?damage (you) (?:have|has) dealt"
                    r"(?: to (that hero|target hero|them|your hero|yourself))? this turn$")
# "the number of steam counters on Dissipation Shield"
_COUNTERS = re.compile(r"^the number of (.+?) counters on (.+)$")
_THAT_HERO = ("that hero", "target hero", "them")
# "the pitch value of the card revealed this way"
_REVEALED = re.compile(r"^the (pitch value|pitch|cost|power|defense) of the card revealed "
                       r"this way$")
_STATS = {"pitch value": "pitch", "pitch": "pitch", "cost": "cost", "power": "power",
          "defense": "defense"}


def is_x(amount: object) -> bool:
    return isinstance(amount, str) and amount.strip().upper() == "X"


def value_of_x(game: "FabGame", ctx: Context, layer: Layer, where: str, *,
               hero: str | None = None) -> int:
    """X for an effect of ``layer`` about ``hero`` (the hero "that hero" means)."""
    text = " ".join(where.lower().split())
    m = _DEALT.match(text)
    if m is not None:
        return _damage_dealt(ctx, layer, m, hero)
    m = _COUNTERS.match(text)
    if m is not None:
        return _counters(ctx, layer, m.group(1), m.group(2))
    m = _REVEALED.match(text)
    if m is not None:       # "the pitch value of the card revealed this way" (fab_deck)
        from judge.games.fab import deck as fab_deck
        return fab_deck.revealed_value(ctx, layer, _STATS[m.group(1)])
    raise NotModelled(f"X where X is {where!r}")


def _damage_dealt(ctx: Context, layer: Layer, m: "re.Match[str]", hero: str | None) -> int:
    """26.5: prevented damage was never dealt, so only damage as it was dealt counts (the
    records of ``fab_records`` hold nothing else)."""
    st = ctx.state
    dtype, to = m.group(1), m.group(3)
    if to in _THAT_HERO and hero is None:
        raise NotModelled(f"{to!r} in the definition of X, with no hero chosen")
    victim = hero if to in _THAT_HERO else (layer.controller if to else None)
    dealer = layer.controller
    found = R.damage_this_turn(st, dealer=dealer, to=victim, dtype=dtype)
    n = sum(r.amount for r in found)
    kind = f"{dtype} damage" if dtype else "damage"
    parts = ", ".join(f"{r.amount} from {r.source_name}" for r in found) or "none"
    ctx.step(T.RULE, f"X is the amount of {kind} {dealer} has dealt"
             + (f" to {victim}" if victim else "") + f" this turn: {n} ({parts}); damage that was "
             "prevented is considered never to have been dealt and does not count",
             ["damage.prevented", "damage.source"])
    return n


def _counters(ctx: Context, layer: Layer, kind: str, where: str) -> int:
    """Counters on the effect's source; when the source has left the arena, last known
    information about it is used (22)."""
    st = ctx.state
    src = st.objects.get(layer.source) if layer.source is not None else None
    if src is None or where not in ("this", "it", "itself", src.name.lower()):
        raise NotModelled(f"counting {kind} counters on {where!r}")
    if src.zone[1] in ARENA:
        n = st.counter_count(src.id, kind)
        ctx.step(T.RULE, f"X is the number of {kind} counters on {src.name}: {n}", ["counters"])
        return n
    snap = st.lki.get(src.id)
    if snap is None:
        raise NotModelled(f"the {kind} counters of {src.name}, which has no last known "
                          "information")
    n = dict(snap.counters).get(kind, 0)
    ctx.step(T.RULE, f"X is the number of {kind} counters on {src.name}: it has left the arena, "
             f"so last known information is used: {n}", ["lki", "counters"])
    return n
