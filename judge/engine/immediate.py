"""The immediate-resolution block, for games without a stack (Ashes 4.2-4.5; UFS response
windows and the attack stack, F.2.3, H).

- :func:`resolve_now`: triggered effects resolve at once, one at a time, each in full before
  the next (Ashes 4.3.0), in the order the game gives (Ashes 4.5.1: the active player orders
  simultaneous effects). An effect's events may trigger more effects, which resolve inside it:
  resolution nests, and the outer one goes on afterwards.
- :func:`run_effects`: the effects of one card or ability, one at a time; a **cancel**
  (:func:`cancel`, Ashes 4.2.3) stops only the effects of that resolution that have not
  resolved yet.
- :func:`window`: after (or before) an event, each player in turn order may respond (Ashes
  4.3.1: the active player first, then clockwise; UFS H response windows). Whether and how a
  player responds is a decision (:mod:`judge.engine.decisions`): stated by a scenario line, or
  by default nobody responds.

Procedures cited here (mapped by each game's citation table): ``immediate.resolve`` (an effect
resolves at once), ``immediate.order`` (the order of simultaneous effects), ``immediate.cancel``
(a cancel stops the remaining effects), ``window.respond`` (who may respond, in which order).

The stack of resolutions in progress lives in the context while a step runs (it is the Python
call stack of that step, never kept between lines); a step the driver runs again after a
decision starts with none.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Protocol, Sequence

from judge.engine import trace as T
from judge.engine.decisions import Decision

if TYPE_CHECKING:  # pragma: no cover
    from judge.engine.context import Context
    from judge.engine.events import Event, PendingTrigger, Stage

NO_RESPONSE = "no response"


class ImmediateRules(Protocol):
    """What the immediate block asks of a game that uses it."""

    def order_triggers(self, ctx: "Context", triggers: list["PendingTrigger"]
                       ) -> tuple[list["PendingTrigger"], str]:
        """Simultaneous triggered effects in the order they resolve (first resolves first),
        and the citation of the rule that ordered them."""

    def responders(self, ctx: "Context", event: "Event | None") -> list[str]:
        """The players who may respond, in the order they are asked."""

    def responses(self, ctx: "Context", player: str, event: "Event | None",
                  stage: "Stage") -> list[str]:
        """What ``player`` could respond with now (names of cards or abilities)."""

    def respond(self, ctx: "Context", player: str, response: Any,
                event: "Event | None") -> None:
        """``player`` responds with ``response`` (the option, or what the game's ``answer``
        made of the line that chose it): it resolves at once."""


@dataclass(slots=True)
class Resolution:
    """A card or ability resolving; ``cancelled`` when a cancel stopped what is left of it."""
    name: str
    cancelled: bool = False
    by: str = ""
    done: list[int] = field(default_factory=list)


def _stack(ctx: "Context") -> list[Resolution]:
    return ctx.resolutions


def resolving(ctx: "Context") -> Resolution | None:
    """The innermost resolution in progress."""
    stack = _stack(ctx)
    return stack[-1] if stack else None


def run_effects(ctx: "Context", name: str,
                effects: Sequence[Callable[["Context"], None]]) -> bool:
    """Resolve ``effects`` one at a time as the resolution of ``name``; True when all of them
    resolved, False when a cancel stopped the rest (each effect that did resolve stays)."""
    res = Resolution(name)
    stack = _stack(ctx)
    stack.append(res)
    try:
        for i, effect in enumerate(effects):
            if res.cancelled:
                ctx.step(T.RULE, f"the remaining effects of {name} do not resolve: {res.by} "
                         f"cancelled them ({len(effects) - i} left)", ["immediate.cancel"])
                return False
            effect(ctx)
            res.done.append(i)
        return not res.cancelled
    finally:
        stack.pop()


def cancel(ctx: "Context", name: str | None, by: str) -> bool:
    """Cancel the resolution of ``name`` (the innermost one when None) by ``by``: its effects
    that have not resolved yet will not (Ashes 4.2.3). False when nothing of that name
    resolves."""
    for res in reversed(_stack(ctx)):
        if name is None or res.name == name:
            res.cancelled, res.by = True, by
            ctx.step(T.RULE, f"{by} cancels {res.name}: its effects that have not resolved "
                     "yet will not", ["immediate.cancel"])
            return True
    return False


def resolve_now(ctx: "Context", rules: ImmediateRules, triggers: list["PendingTrigger"],
                stage: "Stage | None" = None) -> None:
    """Resolve ``triggers`` at once, one at a time, each in full (Ashes 4.3.0)."""
    if not triggers:
        return
    ordered, why = rules.order_triggers(ctx, list(triggers))
    for trig in ordered:
        if ctx.state.result is not None:
            return
        when = f" ({stage.value})" if stage is not None else ""
        ctx.step(T.TRIGGER, f"{trig.name} triggers{when} and resolves at once",
                 ["immediate.resolve"], cites=[c for c in (why, trig.citation) if c])
        if trig.still_true is not None and not trig.still_true(ctx.state):
            ctx.step(T.RESOLVE, f"{trig.name} does not resolve: its condition is no longer "
                     "true", ["immediate.resolve"])
            continue
        trig.resolve(ctx, trig)


def window(ctx: "Context", rules: ImmediateRules, event: "Event | None", stage: "Stage",
           *, what: str, repeat: bool = False) -> list[tuple[str, Any]]:
    """Each player in turn may respond to ``what`` (the event in words). Returns the
    (player, response) pairs that resolved, in order. A response is what the game's
    :meth:`~judge.engine.game.Game.answer` made of the line that answered (an option's name,
    or a richer value such as the option with its targets), or the option itself.

    ``repeat``: a player who responded is asked again, and the next player only when they
    pass (Ashes 4.3.1: each player "has a chance to activate as many abilities and spells
    ... as they like before passing to the next player"); otherwise each player is asked
    once."""
    done: list[tuple[str, Any]] = []
    for player in rules.responders(ctx, event):
        while True:
            options = rules.responses(ctx, player, event, stage)
            if not options or ctx.state.result is not None:
                break
            choice = ctx.decide(Decision(
                key=f"respond:{stage.value}:{what}:{player}:{len(ctx.trace.steps)}",
                player=player, kind="respond", prompt=f"whether {player} responds to {what}",
                options=tuple(options) + (NO_RESPONSE,),
                citation=ctx.cite_opt("window.respond") or "", example=f'{player} chooses '
                f'"{options[0]}" (or "{NO_RESPONSE}")', default=NO_RESPONSE,
                default_text=f"responses: none - {player} does not respond to {what} (not "
                "stated)", policy="responses"))
            if choice == NO_RESPONSE:
                break
            rules.respond(ctx, player, choice, event)
            done.append((player, choice))
            if not repeat:
                break
    return done


def answer_from(options: Sequence[str], said: Sequence[str]) -> Any:
    """The option(s) a line names, matched without regard to case; None when it names none."""
    low = {o.lower(): o for o in options}
    found = [low[s.lower()] for s in said if s.lower() in low]
    if not found:
        return None
    return found[0] if len(found) == 1 else tuple(found)
