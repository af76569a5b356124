"""Loops (803): a series of actions the game would repeat for ever.

A loop of mandatory actions that involves a triggered effect (803.3) is found where it would go
on: a triggered power triggers again in a game that is, but for which cards are which, the game
it triggered in before (a token put into play and destroyed is a new card each time, 415.9a;
records that only grow are not the game's position). One full iteration has then been
performed; the controller of that triggered effect chooses a number greater than 1 million (the
scenario line ``Alice chooses "2000000"``; any such number gives the same game, so the number
is not a guess when unstated), the loop starts that many additional times, ending just before
the effect triggers for the last time: it does not trigger that time, and play proceeds. The
iterations are not carried out one by one: each leaves the game where the first left it.

A loop with neither optional actions nor triggered effects (803.5) is a draw: the engine core
finds it when the game state itself repeats with no player choice in between
(:meth:`judge.games.wow.game.WowGame.loop`). Loops of optional actions (803.2) are made by
players, line by line in a scenario: each action is the player's own line, so no loop of them
is ever run on its own.
"""

from __future__ import annotations

from judge.engine import trace as T
from judge.engine.chain import Priority
from judge.engine.context import Context
from judge.engine.decisions import Decision
from judge.engine.state import State
from judge.games.wow import model as W

WATCH = "loop watch"          # (scenario line, (((trigger, position), links resolved), ...))
RESOLVED = "links resolved"   # how many links have resolved (a count, not the position)
LOWEST = 1_000_000            # 803.3: a number greater than 1 million

# the game's position in the globals: whose turn, which step, who has priority, the combat
_POSITION = ("turn", "turn player", "step", Priority.HOLDER, Priority.PASSES, "combat")


def position(state: State) -> tuple:
    """The game as it stands, with cards told apart by what they are, not which they are."""
    names = {o.id: o.name for o in state.objects.values()}
    zones = []
    for key in sorted(state.zones, key=repr):
        if isinstance(key, tuple) and key[1] == "ceased":
            continue
        cards = []
        for oid in state.zones[key].ids:
            o = state.objects[oid]
            mods = tuple(sorted((m.stat, m.op, repr(m.value)) for m in state.modifiers.values()
                                if m.target == (o.id, o.incarnation)))
            base = tuple(sorted((k, repr(v)) for k, v in o.base.items()))
            cards.append((o.name, o.token, o.face_up, tuple(sorted(o.flags)),
                          tuple(sorted(c for c, _ in o.counters)), base, mods))
        zones.append((repr(key), tuple(cards)))
    players = tuple((p.name, tuple(sorted((k, repr(v)) for k, v in p.values.items())), p.lost)
                    for p in state.players.values())
    chain = tuple((getattr(layer, "kind", ""), getattr(layer, "name", ""),
                   names.get(getattr(layer, "source", None)), getattr(layer, "controller", ""))
                  for layer in state.chain)
    pending = tuple((t.name, names.get(t.source), t.controller) for t in state.pending)
    effects = tuple(sorted(e.description for e in state.effects.values()
                           if state.effect_active(state, e.id)))
    glob = tuple((k, repr(state.globals.get(k))) for k in _POSITION)
    return (tuple(zones), players, chain, pending, effects, glob)


def triggers_again(ctx: Context, source: int, power: int, controller: str,
                   what: str) -> bool:
    """803.3: whether this triggering is the start of a loop's next iteration; when it is,
    apply the rule (the effect does not trigger this time) and say so. Call it just before a
    triggered power triggers; True: it does not trigger."""
    st = ctx.state
    o = st.objects[source]
    here = ((o.name, power, controller), position(st))
    line = ctx.trace.line
    watched = st.globals.get(WATCH)
    seen: tuple = watched[1] if watched is not None and watched[0] == line else ()
    resolved = st.globals.get(RESOLVED, 0)
    # an iteration has passed only if a link resolved since (triggers of one batch of
    # simultaneous events are not a loop)
    if not any(h == here and n != resolved for h, n in seen):
        W.set_record(st, WATCH, (line, seen + ((here, resolved),)))
        return False
    n = ctx.decide(Decision(
        key=f"loop:{o.id}:{power}:{len(st.log)}", player=controller, kind="loop count",
        prompt=f"how many additional times the loop of {o.name}'s triggered effect starts "
               f"(a number greater than {LOWEST:,})",
        options=(), citation=ctx.cite("loop.triggered"),
        example=f'{controller} chooses "{2 * LOWEST}"', default=LOWEST + 1,
        default_text=f"{LOWEST + 1:,} (any number greater than 1 million gives the same game: "
                     "each iteration leaves it where the first left it)"))
    ctx.step(T.RULE, f"a loop of mandatory actions with a triggered effect: {what}, and the "
             f"game is as it was when {o.name}'s power triggered before; one full iteration has "
             f"been performed, {controller} (who controls that triggered effect) chooses "
             f"{n:,}: the loop starts {n:,} additional times and ends just before {o.name}'s "
             f"power triggers for the {n:,}th additional time; it does not trigger that time, "
             "and play proceeds normally", ["loop", "loop.triggered"], actor=controller)
    W.set_record(st, WATCH, (line, ()))
    return True


def answer(decision: Decision, said: str) -> int | None:
    """A scenario's answer to the loop count: a whole number greater than 1 million."""
    text = said.replace(",", "").replace("_", "").strip()
    if not text.isdigit():
        return None
    n = int(text)
    return n if n > LOWEST else None


def resolved(state: State) -> None:
    """Count a link that resolved (see :func:`triggers_again`)."""
    W.set_record(state, RESOLVED, state.globals.get(RESOLVED, 0) + 1)
