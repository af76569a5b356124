"""Resolving effects (ashes-raven-1.1 4.5.0): what the card says, done at once, one effect at a
time, interrupted by whatever triggers on the way (4.3.0), stopped by a cancel only for what is
left (4.2.3).

A :class:`Run` is one card or ability resolving: its controller, its source, the targets the
scenario stated for it (taken in order as its effects need them), the triggering event it
answers ("that damage", "that spell") and what its effects named ("it", "them", "if you do").
:func:`resolve` hands its effects to the engine's immediate block
(:func:`judge.engine.immediate.run_effects`); :func:`execute` carries out one effect value of
the card grammar (:mod:`judge.cards.model`).

Targeting (6.0.0 Target) is an event of its own, ``target``, whose "would" stage is the moment
Golden Veil and its kind answer (4.2.0's example: the damage relies on the targeting, so a cancel
there stops it).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, Callable

from judge.cards import model as M
from judge.engine import effects as E
from judge.engine import events as V
from judge.engine import immediate as I
from judge.engine import trace as T
from judge.engine.decisions import Decision
from judge.engine.errors import NotModelled
from judge.engine.events import Event
from judge.engine.state import AddCounter, State
from judge.games.ashes import zones as Z

if TYPE_CHECKING:  # pragma: no cover
    from judge.engine.context import Context
    from judge.games.ashes.game import AshesGame


@dataclass(slots=True)
class Run:
    """A card or ability resolving (4.5.0)."""
    name: str
    controller: str
    source: int | None
    kind: str                                  # spell | ability | dice power
    targets: list[Any] = field(default_factory=list)
    modes: tuple[str, ...] = ()
    event: Event | None = None                 # the triggering event it answers
    it: list[int] | None = None                # what its effects named (it, them); [] none
    did: bool = True                           # whether the last effect was done (if you do)
    dice: list[int] = field(default_factory=list)    # dice selected / rolled by it
    text: str = ""                             # the card's text (its effects' words)

    @property
    def label(self) -> str:
        return self.name


# --------------------------------------------------------------------------- resolving

def resolve(game: "AshesGame", ctx: "Context", run: Run,
            effects: tuple[M.Effect, ...]) -> bool:
    """Resolve ``effects`` of ``run`` in order, each in full (4.5.0): True when all of them
    resolved, False when a cancel stopped the rest (4.2.3)."""
    st = ctx.state
    was_in_play = run.source is not None and Z.in_play(st.objects[run.source])
    noted: list[bool] = []

    def step(c: "Context", e: M.Effect) -> None:
        if was_in_play and not noted and not Z.in_play(c.state.objects[run.source]):
            noted.append(True)
            c.step(T.RULE, f"{c.state.objects[run.source].name} left play, but {run.name} was "
                   "already activated: it still resolves normally", ["resolve"])
        execute(game, c, run, e)
    steps: list[Callable[["Context"], None]] = [
        (lambda c, e=e: step(c, e)) for e in effects]
    return I.run_effects(ctx, run.name, steps)


def cancelled(ctx: "Context") -> bool:
    res = I.resolving(ctx)
    return res is not None and res.cancelled


def execute(game: "AshesGame", ctx: "Context", run: Run, e: M.Effect) -> None:
    if ctx.state.result is not None:
        return
    handler = _HANDLERS.get(type(e))
    if handler is None:
        raise NotModelled(f"{run.name}: the effect {type(e).__name__}")
    handler(game, ctx, run, e)


# --------------------------------------------------------------------------- targets

def describe_target(state: State, t: Any) -> str:
    if isinstance(t, str):
        return t
    o = state.objects[t]
    return f"{o.controller}'s {o.name}"


def matches(game: "AshesGame", state: State, spec: M.Target | None, t: Any, me: str,
            *, source: int | None = None) -> bool:
    """Whether ``t`` (a player name or an object id) is something ``spec`` describes, seen
    from ``me`` (the controller of the effect)."""
    if spec is None:
        return True
    if spec.alternatives and any(matches(game, state, alt, t, me, source=source)
                                 for alt in spec.alternatives):
        return True
    if spec.ref == "this":
        return t == source
    if isinstance(t, str):
        if spec.who != "player" and not set(spec.kinds) & {"player", "opponent"} \
                and spec.ref != "you":
            return False
        if spec.ref == "you" or spec.controller == "you":
            return t == me
        if spec.controller == "opponent" or "opponent" in spec.kinds:
            return t != me
        return True
    o = state.objects[t]
    kinds = set(spec.kinds) - {"card", "target"}
    if "unit" in kinds:
        if not Z.is_unit(o):
            return False
        kinds.discard("unit")
    if "phoenixborn" in kinds:
        if Z.card_type(o) != "phoenixborn":
            return False
        kinds.discard("phoenixborn")
    for k in kinds:
        if k not in o.kinds:
            return False
    controller = spec.controller
    if spec.zone is not None and spec.zone.owner in ("you", "opponent"):
        controller = controller or spec.zone.owner
        if spec.zone.name == "battlefield" and o.zone[1] != "battlefield":
            return False
    if controller == "you" and o.controller != me:
        return False
    if controller == "opponent" and o.controller == me:
        return False
    if "unexhausted" in spec.qualities and Z.exhausted(state, t):
        return False
    return True


def take_target(game: "AshesGame", ctx: "Context", run: Run, spec: M.Target, what: str,
                *, optional: bool = False) -> Any:
    """The next stated target of ``run`` that ``spec`` describes (a target must be in play,
    4.5.0: "effects can only affect cards that are in play"). None when ``optional`` and none
    is stated; NotModelled when a needed target is not stated."""
    st = ctx.state
    for i, t in enumerate(run.targets):
        if isinstance(t, int) and not Z.in_play(st.objects[t]):
            continue
        if matches(game, st, spec, t, run.controller, source=run.source):
            del run.targets[i]
            return t
    if optional:
        return None
    raise NotModelled(f"{run.name}: the target of '{what}' is not stated (state it with: "
                      f"targeting ...)", ctx.cite_opt("target"))


def target_event(game: "AshesGame", ctx: "Context", run: Run, t: Any, what: str) -> bool:
    """``run`` targets ``t`` (6.0.0 Target): the targeting is an event whose "would" stage
    effects like Golden Veil answer. False when a cancel stopped ``run`` there."""
    st = ctx.state
    ctx.step(T.EVENT, f"{run.name} targets {describe_target(st, t)} ({what})",
             ["target"], actor=run.controller)
    V.run(ctx, Event("target", player=run.controller, target=t, source=run.source,
                     data=(("by", run.kind), ("resolution", run.name))))
    return not cancelled(ctx)


def targets_for(game: "AshesGame", ctx: "Context", run: Run, spec: M.Target,
                what: str) -> list[Any]:
    """The objects or players an effect acts on, in the order it acts on them: one stated
    target, up to N stated targets (4.5.1: the active player orders a simultaneous effect), the
    card itself, what the effect named before, or "all"/"each" of a kind, fixed when the
    effect starts (4.5.1)."""
    st = ctx.state
    if spec.all_of and spec.alternatives:
        # "each unit you control and each Phoenixborn you control", "a target unit you control
        # and a target unit an opponent controls": what each description names, in the order
        # printed (one stated target per targeted description), once each
        found: list[Any] = []
        at = spec.text.find(spec.alternatives[0].text) if spec.alternatives[0].text else -1
        first_text = spec.text[:at].rstrip().removesuffix("and").rstrip(" ,") if at > 0 \
            else spec.text
        first = replace(spec, alternatives=(), all_of=False, text=first_text)
        for part in (first,) + spec.alternatives:
            found += [t for t in targets_for(game, ctx, run, part, what) if t not in found]
        return found
    if spec.ref == "this":
        return [run.source] if run.source is not None else []
    if "those" in spec.qualities and run.it is not None:
        return list(run.it)
    if spec.ref in ("it", "that", "they") and not spec.targeted:
        if run.it is not None:
            return list(run.it)
        if run.event is not None:
            if spec.who == "player" or (run.event.target is not None
                                        and isinstance(run.event.target, str)):
                return [run.event.target] if run.event.target is not None else []
            return [run.event.target] if run.event.target is not None else []
        raise NotModelled(f"{run.name}: what '{spec.text}' refers to")
    if spec.ref == "you":
        return [run.controller]
    if spec.targeted:
        count = 1
        optional = False
        if spec.count is not None:
            if spec.count.constant is None:
                raise NotModelled(f"{run.name}: a number of targets that is not a number")
            count = spec.count.constant
            optional = spec.count.relation == "up to" or spec.quantifier == "up to"
        found = []
        for n in range(count):
            t = take_target(game, ctx, run, spec, what, optional=optional)
            if t is None:
                break
            found.append(t)
        if not found and not optional:
            raise NotModelled(f"{run.name}: the target of '{what}' is not stated")
        if len(found) > 1:
            ctx.step(T.RULE, f"{run.name} affects {len(found)} targets at once: the active "
                     f"player resolves them one at a time, in the order stated: "
                     + ", ".join(describe_target(st, t) for t in found),
                     ["resolve.simultaneous"])
        return found
    if spec.quantifier in ("all", "each") or (spec.of is not None and
                                              spec.of.quantifier == "all"):
        if spec.alternatives:
            # "each unit or Phoenixborn ...": _all counts the first kind only, which would
            # leave the others out without a word
            raise NotModelled(f"{run.name}: '{spec.text}' names more than one kind of thing "
                              "joined by 'or' (only 'and' lists are resolved, 4.5.1)")
        group = _all(game, st, spec, run.controller, run.source)
        ctx.step(T.RULE, f"{run.name}: '{spec.text}' is fixed as the effect starts to resolve "
                 f"(4.5.1): " + (", ".join(describe_target(st, t) for t in group) or "none"),
                 ["resolve.all"])
        return group
    raise NotModelled(f"{run.name}: what '{spec.text}' is (not a target, not 'all')")


def _all(game: "AshesGame", st: State, spec: M.Target, me: str, source: int | None) -> list[int]:
    owner = spec.controller or (spec.of.controller if spec.of is not None else "")
    plain = M.Target(kinds=spec.kinds, controller=owner, qualities=spec.qualities)
    found = []
    for p in _from_active(st):
        for zone in ("phoenixborn", "battlefield", "spellboard"):
            for o in st.in_zone((p, zone)):
                if matches(game, st, plain, o.id, me, source=source) and o.id != source or \
                        (matches(game, st, plain, o.id, me, source=source) and
                         "other" not in spec.qualities):
                    found.append(o.id)
    return list(dict.fromkeys(found))


def _from_active(st: State) -> list[str]:
    players = list(st.players)
    active = st.globals.get("active", players[0] if players else "")
    i = players.index(active) if active in players else 0
    return players[i:] + players[:i]


# --------------------------------------------------------------------------- amounts

def amount(ctx: "Context", run: Run, a: M.Amount | None, what: str) -> int:
    """A number an effect uses: printed, or "that damage" / "that much" from the triggering
    event. An X whose definition the grammar did not give is not modelled."""
    if a is None or a.ref in ("that", "that much", "that many"):
        if run.event is not None and run.event.amount:
            return run.event.amount
        if a is None and run.event is None:
            raise NotModelled(f"{run.name}: how much '{what}' is")
        return run.event.amount if run.event is not None else 0
    if a.constant is not None:
        return a.constant
    raise NotModelled(f"{run.name}: the amount {a.text or a.variable or '?'} of '{what}' (the "
                      "card's values do not say how to count it)")


# --------------------------------------------------------------------------- handlers

def _damage(game: "AshesGame", ctx: "Context", run: Run, e: M.Damage) -> None:
    st = ctx.state
    text = _text(run, e)
    recipients = targets_for(game, ctx, run, e.target, text)
    n = None
    for i, t in enumerate(recipients):
        if e.target.targeted and not target_event(game, ctx, run, t, text):
            _stopped(ctx, run, recipients[i:], text)
            return
        if isinstance(t, int) and not Z.in_play(st.objects[t]):
            ctx.step(T.RULE, f"{st.objects[t].name} is no longer in play: {run.name} does not "
                     "affect it", ["resolve", "in-play"])
            continue
        if n is None:
            n = amount(ctx, run, e.amount, text)
        target = game.phoenixborn_of(st, t) if isinstance(t, str) else t
        if target is None:
            raise NotModelled(f"{run.name}: damage to {t}, who has no Phoenixborn in the "
                              "scenario")
        if e.target.targeted and isinstance(t, int):
            run.it = [t]                          # "that unit" in what follows
        game.deal_damage(ctx, target, n, source=run.source, by=run.name, cause="effect")
        if st.result is not None or cancelled(ctx):
            return
    run.did = bool(recipients)


def _counters(game: "AshesGame", ctx: "Context", run: Run, e: M.Counters) -> None:
    st = ctx.state
    text = _text(run, e)
    on = targets_for(game, ctx, run, e.on, text)
    run.did = False
    for i, t in enumerate(on):
        if e.on.targeted and not target_event(game, ctx, run, t, text):
            _stopped(ctx, run, on[i:], text)
            return
        if isinstance(t, str):
            t = game.phoenixborn_of(st, t)
            if t is None:
                raise NotModelled(f"{run.name}: tokens on a player without a Phoenixborn")
        if not Z.in_play(st.objects[t]):
            ctx.step(T.RULE, f"{st.objects[t].name} is no longer in play: '{text}' does not "
                     "affect it (as much of the effect as possible is resolved, the rest "
                     "ignored)", ["resolve", "in-play"])
            continue
        if e.on.targeted:
            run.it = [t]
        n = amount(ctx, run, e.count, text)
        if e.action == "place" and e.kind == Z.WOUND:
            game.place_wounds(ctx, t, n, by=run.name)            # 5.0.0 from step 3
        elif e.action == "place":
            mark = len(st.log)
            st.apply(AddCounter(t, e.kind, n))
            ctx.step(T.EVENT, f"{run.name} places {T.plural(n, e.kind + ' tokens')} on "
                     f"{st.objects[t].name}", ["resolve"], mark=mark)
        else:
            have = Z.tokens(st, t, e.kind)
            n = min(n, have)
            mark = len(st.log)
            if n:
                st.apply(AddCounter(t, e.kind, -n))
            ctx.step(T.EVENT, f"{run.name} removes {T.plural(n, e.kind + ' tokens')} from "
                     f"{st.objects[t].name}", ["resolve"], mark=mark)
        run.did = True
        if st.result is not None or cancelled(ctx):
            return


def _stopped(ctx: "Context", run: Run, left: list[Any], text: str) -> None:
    """A cancel stopped ``run`` at a target: what relies on that targeting and follows it is not
    done (4.2.3)."""
    ctx.step(T.RULE, f"{run.name} is cancelled here: '{text}' is not done for "
             + ", ".join(describe_target(ctx.state, t) for t in left)
             + " (what relies on the targeting, part of the triggering condition, and every "
             "later effect)", ["cancel", "trigger.condition"])


def _modify(game: "AshesGame", ctx: "Context", run: Run, e: M.ModifyValue) -> None:
    """"Those units add 1 to their attack value for the remainder of this turn"."""
    st = ctx.state
    text = _text(run, e)
    units = targets_for(game, ctx, run, e.target, text)
    ends = _ENDS.get(e.duration.kind if e.duration is not None else "")
    if ends is None:
        raise NotModelled(f"{run.name}: how long '{text}' lasts (the card's values give no "
                          "duration)")
    n = amount(ctx, run, e.amount, text) * e.sign
    for t in units:
        if e.target.targeted and not target_event(game, ctx, run, t, text):
            return
        if not isinstance(t, int) or not Z.in_play(st.objects[t]):
            continue
        o = st.objects[t]
        E.create(st, description=f"{run.name}: {n:+d} {e.stat} ({o.name})",
                 controller=run.controller, citation=ctx.cite_opt("resolve"),
                 ends_at=frozenset({ends}),
                 affects=lambda s, x, u=t, inc=o.incarnation: x.id == u and x.incarnation == inc,
                 stat=e.stat, op="add", amount=n)
        ctx.step(T.EVENT, f"{o.name}: {n:+d} {e.stat} ({ends})", ["resolve"])
    run.did = bool(units)


_ENDS = {"this turn": "end of turn", "until end of turn": "end of turn",
         "this round": "end of round"}


def _move(game: "AshesGame", ctx: "Context", run: Run, e: M.Move) -> None:
    st = ctx.state
    text = _text(run, e)
    if e.verb == "destroy":
        what = targets_for(game, ctx, run, e.what, text)
        run.did = False
        for t in what:
            if e.what.targeted and not target_event(game, ctx, run, t, text):
                return
            if isinstance(t, int) and Z.in_play(st.objects[t]):
                run.it = [t]
                game.destroy(ctx, t, by=run.name)
                run.did = True
        return
    if e.verb == "discard":
        if run.source is None or not Z.in_play(st.objects[run.source]):
            run.did = False
            return
        game.remove_from_play(ctx, run.source, destroyed=False, by=run.name)
        run.did = True
        return
    if e.verb == "draw":
        n = amount(ctx, run, e.what.count if e.what else None, text)
        game.draw(ctx, run.controller, n, by=run.name)
        run.did = True
        return
    if e.verb == "place" and e.to_zone is not None and e.to_zone.name == "active pool":
        if not run.dice or any(st.objects[d].zone[1] != "active pool" for d in run.dice):
            raise NotModelled(f"{run.name}: '{text}' (which dice)")
        return                     # the re-rolled dice are already in the active pool
    if e.verb == "place":
        game.place_conjurations(ctx, run, e)
        return
    raise NotModelled(f"{run.name}: '{text}'")


def _choice(game: "AshesGame", ctx: "Context", run: Run, e: M.Choice) -> None:
    """"You may ...": the controller decides (4.2.0: conditional language). An option that
    needs a target is taken when the scenario states one for it; otherwise it is asked."""
    st = ctx.state
    option = e.options[0]
    text = _text(run, e)
    needs = [x for x in M.walk(option) if isinstance(x, M.Target) and x.targeted]
    if needs:
        spec = needs[0]
        stated = any(matches(game, st, spec, t, run.controller, source=run.source)
                     and (not isinstance(t, int) or Z.in_play(st.objects[t]))
                     for t in run.targets)
        if not stated:
            ctx.step(T.CHOICE, f"{run.controller} does not use '{text}' of {run.name}: no "
                     "target is stated for it", ["resolve"], actor=run.controller,
                     default=f"optional: decline - {run.controller} does not '{text}' (no "
                     "target stated)")
            run.did = False
            return
        use = True
    elif option and isinstance(option[0], M.Dice) and option[0].action == "select":
        use = True              # the dice rolled (a "rolls" line, maybe none) say what is chosen
    else:
        answer = ctx.decide(Decision(
            key=f"may:{run.name}:{len(ctx.trace.steps)}", player=run.controller, kind="may",
            prompt=f"whether to '{text}' ({run.name})", options=(text, "no"),
            citation=ctx.cite_opt("trigger.must") or "", example=f'{run.controller} chooses '
            f'"{text}"', default="no", policy="optional",
            default_text=f"optional: decline - {run.controller} does not '{text}' (not "
                         "stated)"))
        use = answer != "no"
    if not use:
        run.did = False
        return
    for inner in option:
        execute(game, ctx, run, inner)
        if cancelled(ctx) or st.result is not None:
            return
        if isinstance(inner, M.Dice) and inner.action == "spend" and not run.did:
            return              # "spend ... to ...": what it pays for is not done


def _choose(game: "AshesGame", ctx: "Context", run: Run, e: M.Choose) -> None:
    """"Choose a unit you control": chosen, not targeted (6.0.0 Affect: a card does not affect
    another by choosing it)."""
    st = ctx.state
    spec = e.what
    if spec.targeted:
        text = _text(run, e)
        found = targets_for(game, ctx, run, spec, text)
        run.it = []
        for i, t in enumerate(found):
            if not target_event(game, ctx, run, t, text):
                _stopped(ctx, run, found[i:], text)
                return
            if isinstance(t, int):
                run.it.append(t)
        run.did = bool(found)
        return
    options = [o for p in st.players for z in ("battlefield", "phoenixborn", "spellboard")
               for o in st.in_zone((p, z))
               if matches(game, st, spec, o.id, run.controller, source=run.source)]
    if not options:
        ctx.step(T.RULE, f"{run.name}: nothing to choose ('{spec.text}')", ["resolve"])
        run.did = False
        run.it = []
        return
    names = tuple(o.name for o in options)
    stated = next((t for t in run.targets if isinstance(t, int) and t in [o.id for o in options]),
                  None)
    if stated is not None:
        run.targets.remove(stated)
        chosen = stated
        ctx.step(T.CHOICE, f"{run.controller} chooses {st.objects[chosen].name} "
                 f"('{spec.text}')", ["affect"], actor=run.controller)
    else:
        name = names[0] if len(names) == 1 else ctx.decide(Decision(
            key=f"choose:{run.name}:{len(ctx.trace.steps)}", player=run.controller,
            kind="choose", prompt=f"{spec.text} ({run.name})", options=names,
            citation=ctx.cite_opt("resolve") or "",
            example=f'{run.controller} chooses "{names[0]}"'))
        chosen = next(o.id for o in options if o.name == name)
    run.it = [chosen]
    run.did = True


def _conditional(game: "AshesGame", ctx: "Context", run: Run, e: M.Conditional) -> None:
    """"If you do ...": only when the effect before it was done; "During your turn, ...": only
    during its controller's turn."""
    from judge.games.ashes.cards import your_turn
    if your_turn(e.condition):
        if game.active(ctx.state) != run.controller:
            ctx.step(T.RULE, f"{run.name}: '{_text(run, e)[:60]}' applies only during "
                     f"{run.controller}'s turn", ["resolve"])
            return
    elif not run.did:
        ctx.step(T.RULE, f"{run.name}: '{_text(run, e)[:60]}' does not apply (the effect "
                 "before it was not done)", ["resolve"])
        return
    for inner in e.then:
        execute(game, ctx, run, inner)
        if cancelled(ctx) or ctx.state.result is not None:
            return


def _cancel(game: "AshesGame", ctx: "Context", run: Run, e: M.Cancel) -> None:
    """Cancel the remaining effects of the spell, ability or dice power whose triggering
    condition this answers (4.2.3)."""
    event = run.event
    name = event.get("resolution") if event is not None else None
    if not name:
        raise NotModelled(f"{run.name}: what it cancels (it answers no spell, ability or dice "
                          "power)")
    if not I.cancel(ctx, name, run.name):
        ctx.step(T.RULE, f"{name} has no effect left to cancel", ["cancel"])


def _dice(game: "AshesGame", ctx: "Context", run: Run, e: M.Dice) -> None:
    from judge.games.ashes import dice as D
    D.effect(game, ctx, run, e)


def _exhaust(game: "AshesGame", ctx: "Context", run: Run, e: M.Exhaust) -> None:
    st = ctx.state
    for t in targets_for(game, ctx, run, e.target, _text(run, e)):
        if isinstance(t, int) and Z.in_play(st.objects[t]):
            mark = len(st.log)
            st.apply(AddCounter(t, Z.EXHAUSTION, 1))
            ctx.step(T.EVENT, f"{st.objects[t].name} is exhausted (1 exhaustion token)",
                     ["resolve"], mark=mark)


_HANDLERS: dict[type, Callable[..., None]] = {
    M.Damage: _damage, M.Counters: _counters, M.Move: _move, M.Choice: _choice,
    M.Choose: _choose, M.Conditional: _conditional, M.Cancel: _cancel, M.Dice: _dice,
    M.Exhaust: _exhaust, M.ModifyValue: _modify,
}


def _text(run: Run, e: M.Effect) -> str:
    """The effect's words as printed (for the trace)."""
    if e.span is not None and run.text and e.span.end <= len(run.text):
        return " ".join(run.text[e.span.start:e.span.end].split()).rstrip(".")
    what = getattr(e, "target", None) or getattr(e, "what", None) or getattr(e, "on", None)
    return f"{e.verb} {getattr(what, 'text', '')}".strip()
