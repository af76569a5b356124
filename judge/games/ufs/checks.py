"""Control checks (E.3): the top card of the deck gives the starting value (the deck's order is
the scenario's, never drawn at random), effects that wait for the check modify it (J.3.2.1.3),
the final value is compared with the difficulty, and a player short of it may commit character
and foundation cards to pass (E.3.5.2): a decision answered by the scenario's next line
(``Alice commits "Low Guard", "High Guard"`` / ``Alice does not commit``), by default not
committing (policy ``committing none``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from judge.engine import trace as T
from judge.engine.context import Context
from judge.engine.decisions import Decision
from judge.engine.errors import NotModelled
from judge.engine.events import Event
from judge.engine.state import GameObject, MoveObject
from judge.games.ufs import names as N
from judge.games.ufs import values as V

if TYPE_CHECKING:  # pragma: no cover
    from judge.games.ufs.game import UfsGame

NO_COMMIT = "no commit"


@dataclass(frozen=True, slots=True)
class Check:
    player: str
    start: int
    final: int
    difficulty: int | None
    passed: bool
    card: int | None          # the card checked (discarded from the deck), None when set


def committable(st, player: str) -> list[GameObject]:
    """E.3.5.2.3.2: ready character and foundation cards in the player's staging area (an
    attached card cannot be committed on its own, D.2.2.3.2)."""
    hero = st.players[player].hero
    return [o for o in N.in_zone(st, player, N.STAGING)
            if not N.committed(o) and (o.id == hero or N.is_type(o, "foundation"))]


def make(ctx: Context, game: "UfsGame", player: str, difficulty: int | None, purpose: str, *,
         about: int | None = None, kind: str = "play") -> Check:
    """Make a control check for ``player`` (``purpose`` in words: "to play Jab"), against
    ``difficulty`` (None: a check with no difficulty, E.3.4). ``about`` is the card being
    played or blocked with, ``kind`` "play" | "block" | "cost" (for "next check" effects)."""
    st = ctx.state
    number = N.g(st, N.CHECKS, 0) + 1
    N.note(st, N.CHECKS, number)
    game.pauses(ctx)                             # E.2.2: an empty deck is cycled first
    deck = st.zones[(player, N.DECK)].ids
    if not deck:
        raise NotModelled(f"{player}'s control check {purpose}: the deck is empty",
                          ctx.cite_opt("check.start"))
    top = st.objects[deck[0]]
    if top.name == N.UNNAMED:
        raise NotModelled(f"the control value of the top card of {player}'s deck, checked "
                          f"{purpose}: the scenario does not name it (state it with: "
                          f'{player}: deck top "...")', ctx.cite_opt("check.start"))
    if N.g(st, "deck order unknown:" + player):
        raise NotModelled(f"the top card of {player}'s deck after it was shuffled (its order is "
                          "random)", ctx.cite_opt("check.start"))
    mark = len(st.log)
    st.apply(MoveObject(top.id, (player, N.DISCARD)))
    printed = V.printed(top, "control")
    start = printed if isinstance(printed, int) else 0
    missing = "" if isinstance(printed, int) else \
        f" ({top.name} has no printed control: it counts as 0)"
    ctx.step(T.EVENT, f"{player} makes a control check {purpose}: {top.name} is discarded from "
             f"the top of the deck; its control {start} is the starting value{missing}",
             ["check.start", "check.starting-value", "control", "discard.top"]
             + (["value.missing"] if missing else []), mark=mark, actor=player)
    final = start + game.check_modifiers(ctx, player, kind, about)
    ctx.step(T.RULE, f"the final value of {player}'s check is {final}"
             + ("" if final != start else " (no effect modifies it)")
             + "; no effect causes a re-check", ["check.final", "check.recheck"]
             + (["check.modifiers"] if final != start else []), actor=player)
    game.happen(ctx, [Event("check", player=player, amount=start, source=top.id,
                            data=(("kind", kind), ("about", about), ("number", number)))])
    result = _against(ctx, game, player, start, final, difficulty, top.id, number, purpose)
    N.note(st, N.LAST_CHECK, (player, result.final, result.difficulty, result.passed))
    return result


def _against(ctx: Context, game: "UfsGame", player: str, start: int, final: int,
             difficulty: int | None, card: int | None, number: int, purpose: str) -> Check:
    st = ctx.state
    if difficulty is None:
        ctx.step(T.RULE, f"the check is not made against a difficulty: it is complete",
                 ["check.no-difficulty"])
        return Check(player, start, final, None, True, card)
    if final >= difficulty:
        ctx.step(T.CHECK, f"{player}'s check {purpose} passes: {final} >= difficulty "
                 f"{difficulty}", ["check.against", "check.pass"], actor=player)
        return Check(player, start, final, difficulty, True, card)
    needed = difficulty - final
    ready = committable(st, player)
    if len(ready) < needed:
        ctx.step(T.CHECK, f"{player}'s check {purpose} fails: {final} < difficulty "
                 f"{difficulty}, and {player} cannot commit the {needed} card(s) needed "
                 f"({len(ready)} ready character and foundation cards)",
                 ["check.short", "check.cannot-commit", "check.fail"], actor=player)
        return Check(player, start, final, difficulty, False, card)
    options = tuple(dict.fromkeys(o.name for o in ready))
    chosen = ctx.decide(Decision(
        key=f"commit:{number}", player=player, kind="commit",
        prompt=f"whether {player} commits {needed} card(s) to pass the check {purpose} "
               f"({final} against difficulty {difficulty})",
        options=options + (NO_COMMIT,), count=needed,
        citation=ctx.cite_opt("check.short") or "",
        example=f"{player} commits " + ", ".join(f'"{n}"' for n in
                                                 (list(options) * needed)[:needed]),
        default=NO_COMMIT, policy="committing",
        default_text=f"committing: none - {player} does not commit cards to pass the check "
                     f"{purpose} (not stated)"))
    picked = _cards(ready, chosen, needed)
    if isinstance(picked, str):
        if chosen != NO_COMMIT:
            ctx.step(T.REFUSED, f"{player} commits {_said(chosen)}: not allowed - {picked}",
                     ["check.commit-count", "check.commit"], actor=player)
        ctx.step(T.CHECK, f"{player} does not commit cards: the check {purpose} fails "
                 f"({final} < difficulty {difficulty})", ["check.fail"], actor=player)
        return Check(player, start, final, difficulty, False, card)
    game.commit(ctx, picked, f"{player} commits {needed} card(s) to pass the check {purpose} "
                "(a single game event)", procedures=["check.commit"])
    ctx.step(T.RULE, f"{player} decided to commit cards: {needed} needed, {needed} committed",
             ["check.short", "check.commit-steps", "check.commit-count"], actor=player)
    ctx.step(T.CHECK, f"{player}'s check {purpose} passes: {player} committed {needed} card(s) "
             f"to make up {final} against difficulty {difficulty}",
             ["check.commit-count", "check.commit", "check.done"], actor=player)
    return Check(player, start, final, difficulty, True, card)


def _said(chosen) -> str:
    items = chosen if isinstance(chosen, tuple) else (chosen,)
    return ", ".join(f'"{c}"' for c in items)


def _cards(ready: list[GameObject], chosen, needed: int) -> list[GameObject] | str:
    """The cards a commit answer names, or why they cannot be committed."""
    if chosen == NO_COMMIT or chosen is None:
        return "no commit"
    wanted = list(chosen) if isinstance(chosen, tuple) else [chosen]
    if len(wanted) != needed:
        return (f"{needed} card(s) are needed, and cards may only be committed until that "
                f"many are (E.3.5.2.3.2); the line names {len(wanted)}")
    pool = list(ready)
    picked = []
    for name in wanted:
        found = next((o for o in pool if o.name.lower() == str(name).lower()), None)
        if found is None:
            return f"{name!r} is not a ready character or foundation card in the staging area"
        pool.remove(found)
        picked.append(found)
    return picked
