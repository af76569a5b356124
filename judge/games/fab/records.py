"""What happened this turn, for effects that ask about it: damage dealt (by whom, to whom, of
which type, after prevention) and cards played.

"Dealt" is what the damage event became after replacement and prevention: damage that was
prevented is considered never to have been dealt (26.5), so it is never recorded. The records
are game-wide values (plain tuples of atomic values in ``State.globals``, so a fork of the
state shares them without copying) and every change is an operation in the log.
"""

from __future__ import annotations

from dataclasses import dataclass

from judge.engine.events import Event
from judge.engine.state import Custom, State

DAMAGE = "damage dealt"
PLAYED = "cards played"


@dataclass(frozen=True, slots=True)
class DamageDealt:
    turn: int
    source: int | None          # object id of the source (26.3)
    source_name: str
    dealer: str | None          # the player whose hero deals it: the source's controller (26.1)
    player: str                 # the hero it was dealt to
    amount: int
    dtype: str                  # "arcane", "physical" or "" (untyped)


@dataclass(frozen=True, slots=True)
class CardPlayed:
    turn: int
    player: str
    card: int
    name: str
    kinds: frozenset[str]


def record_damage(state: State, ev: Event) -> DamageDealt:
    """Record damage as it is dealt (after replacements and prevention)."""
    src = state.objects.get(ev.source) if ev.source is not None else None
    rec = DamageDealt(turn=state.globals.get("turn", 0), source=ev.source,
                      source_name=src.name if src is not None else "an effect",
                      # an ally deals its damage itself, not its controller's hero (26.2)
                      dealer=(src.controller if src is not None and not src.has_kind("ally")
                              else None),
                      player=ev.player or "", amount=ev.amount, dtype=ev.dtype)
    typed = f"{rec.dtype} damage" if rec.dtype else "damage"
    _append(state, DAMAGE, (rec.turn, rec.source, rec.source_name, rec.dealer, rec.player,
                            rec.amount, rec.dtype),
            f"{rec.source_name} has dealt {rec.amount} {typed} to {rec.player} this turn")
    return rec


def record_play(state: State, player: str, card: int) -> CardPlayed:
    o = state.objects[card]
    rec = CardPlayed(turn=state.globals.get("turn", 0), player=player, card=card, name=o.name,
                     kinds=o.kinds)
    _append(state, PLAYED, (rec.turn, rec.player, rec.card, rec.name, tuple(sorted(rec.kinds))),
            f"{player} has played {o.name} this turn")
    return rec


def _append(state: State, key: str, row: tuple, label: str) -> None:
    def add(s: State) -> None:
        s.globals[key] = tuple(s.globals.get(key, ())) + (row,)
    state.apply(Custom(f"record: {label}", add))


def damage_this_turn(state: State, *, dealer: str | None = None, to: str | None = None,
                     dtype: str | None = None) -> list[DamageDealt]:
    """Damage dealt this turn, filtered by who dealt it, to whom, and type ("" = untyped only;
    None = any type)."""
    turn = state.globals.get("turn", 0)
    rows = (DamageDealt(*row) for row in state.globals.get(DAMAGE, ()))
    return [r for r in rows
            if r.turn == turn and (dealer is None or r.dealer == dealer)
            and (to is None or r.player == to) and (dtype is None or r.dtype == dtype)]


def played_this_turn(state: State, player: str) -> list[CardPlayed]:
    turn = state.globals.get("turn", 0)
    rows = (CardPlayed(t, p, c, n, frozenset(k)) for t, p, c, n, k in state.globals.get(PLAYED, ()))
    return [r for r in rows if r.turn == turn and r.player == player]
