"""Triggered powers (703) and triggered modifiers (715): what triggers on an event, and the
triggered effects (708) that wait to be added to the chain during pre-priority processing.

A power triggers off every instance of its event (703.1) while it is active (703.3: its card
face up in play, or revealed in a zone its text names), including one that becomes active at
the same time as the event (703.3c). An event that takes a card out of play is matched against
the game immediately before it (703.4: the card's powers still trigger off it leaving play);
entering play is matched immediately after. A double-check power (703.2) triggers only if its
condition holds, and its effect is interrupted if the condition no longer holds as it resolves.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from judge.cards import model as M
from judge.engine import trace as T
from judge.engine.context import Context
from judge.engine.events import Event, PendingTrigger, Stage
from judge.engine.state import State
from judge.games.wow import describe as D
from judge.games.wow import model as W
from judge.games.wow import values as VA
from judge.games.wow.describe import Scope, Unknown

# trigger verbs of the card model -> the events of this module they watch
WATCHED = {
    "be destroyed": ("move",), "enter play": ("move",), "leave play": ("move",),
    "be removed": ("move",), "remove": ("move",), "attack": ("attack",),
    "defend": ("defend",), "enter": ("enter combat",), "deal damage": ("damage",),
    "be dealt damage": ("damage",), "start": ("start",), "end": ("end",), "play": ("play",),
    "exhaust": ("exhaust",), "heal": ("heal",), "be healed": ("heal",),
    "be dealt": ("damage",), "sabotage": ("sabotage",), "be inspired": ("inspire",),
}


def why_not(trigger: M.Trigger | None) -> str:
    if trigger is None:
        return "no trigger event"
    ev = trigger.event
    if ev is None:
        return "no trigger event"
    if ev.verb == "be dealt" and ev.this_way and ev.subject is not None \
            and ev.subject.kinds == ("damage",):
        return ""                        # "When damage is dealt this way"
    if ev.verb not in WATCHED:
        return f"the trigger event {ev.text or ev.verb!r}"
    if ev.this_way and ev.verb not in _THIS_WAY:
        # "When Stormpike Insignia is destroyed this way": only by the text it is in - matching
        # every such event would trigger too often
        return f"the trigger event {ev.text!r} (done this way)"
    if ev.verb == "be dealt" and not ev.this_way and not _damage_dealt_with(ev):
        return f"the trigger event {ev.text!r}"
    if ev.rest:
        # words of the event the card grammar keeps but places nowhere ("damage from an
        # unblocked attack"): reading the plainer event would trigger too often
        return f"the trigger event {ev.text!r} ({'; '.join(ev.rest)})"
    if ev.verb == "enter" and not (ev.object is not None and "combat" in
                                   [q.lower() for q in ev.object.qualities]):
        return f"the trigger event {ev.text!r}"
    if ev.verb in ("start", "end") and ev.phase not in ("turn", ""):
        return f"the trigger event {ev.text!r}"
    return ""


# trigger events done "this way" that matching tells apart from the same event done otherwise
_THIS_WAY = frozenset({"be dealt", "deal damage", "be dealt damage", "be inspired"})


def _damage_dealt_with(ev: M.Event) -> bool:
    """"When (combat) damage is dealt with this weapon": the damage itself is the subject, and
    what it is dealt with is the card itself, in words the grammar read whole (it keeps "to a
    defending hero" or "on an opponent's turn" inside the weapon's words, unread)."""
    subject, with_ = ev.subject, ev.with_
    return (subject is not None and subject.kinds == ("damage",) and ev.object is None
            and all(q.lower() == "combat" or q.lower() in W.DAMAGE_TYPES
                    for q in subject.qualities)
            and with_ is not None and with_.ref == "this"
            and with_.text.lower() in ("this weapon", "this card"))


def events_of(trigger: M.Trigger) -> frozenset[str]:
    ev = trigger.event
    return frozenset(WATCHED.get(ev.verb, ("*",))) if ev is not None else frozenset({"*"})


# --------------------------------------------------------------------------- matching

def matches(state: State, want: M.Event, ev: Event, scope: Scope) -> tuple[bool, tuple[Any, ...]]:
    """Whether event ``ev`` is the trigger event ``want`` (read from ``scope``), and what its
    "that ally" / "it" refer to. Raises :class:`Unknown` when a description in ``want`` cannot
    be checked on the cards of ``ev``."""
    verb = want.verb
    subject = want.subject
    obj = want.object

    def is_(desc: M.Target | None, x: Any, *, lki: bool = False) -> bool:
        # a description the module cannot check raises Unknown: the caller names it
        if desc is None:
            return True
        if lki and ev.kind == "move" and ev.get("left play") and x == ev.target:
            # a card that left play is looked at as it was as it left (404.2c)
            with VA.as_it_was(state, x, ev.get("kinds before"), ev.get("controller before")):
                return D.matches(state, desc, x, scope, ignore_zone=lki)
        return D.matches(state, desc, x, scope, ignore_zone=lki)

    if ev.kind == "move":
        why, to, left = ev.get("why"), ev.get("to"), ev.get("left play")
        x = ev.target
        if verb == "be destroyed" and why == "destroy":
            return is_(subject, x, lki=True), (x,)
        if verb == "enter play" and to == W.IN_PLAY:
            return is_(subject, x), (x,)
        if verb == "enter play" and to == W.RESOURCES and subject is not None \
                and "resource" in [k.lower() for k in subject.kinds]:
            # "When a resource enters play under your control": a resource placed is not
            # matched against a description (whose control it enters under, the subject's
            # controller relation, is not checked here), so triggering on every resource
            # placed would be wrong; named as a resource is placed
            raise Unknown("a resource entering play (whose control it must enter under is "
                          "not checked)")
        if verb == "leave play" and left:
            return is_(subject, x, lki=True), (x,)
        if verb in ("be removed", "remove") and to == W.REMOVED:
            return is_(subject, x, lki=True), (x,)
        return False, ()
    if ev.kind == "attack" and verb == "attack":
        return is_(subject, ev.source), (ev.source,)
    if ev.kind == "sabotage" and verb == "sabotage":     # 603.1: "when [this] sabotages"
        return is_(subject, ev.source) and is_(obj, ev.target), (ev.target,)
    if ev.kind == "defend" and verb == "defend":
        return is_(subject, ev.target) and is_(obj, ev.source), (ev.source,)
    if ev.kind == "enter combat" and verb == "enter":
        if not is_(subject, ev.target):
            return False, ()
        other = want.with_
        if other is not None and not is_(other, ev.source):
            return False, ()
        return True, (ev.target,)
    if ev.kind == "damage" and want.this_way and verb in ("deal damage", "be dealt damage",
                                                          "be dealt"):
        # "When damage is dealt this way": damage the link that created this triggered
        # modifier dealt (This Way)
        if scope.link is None or ev.get("link") != scope.link:
            return False, ()
        if subject is not None and subject.kinds == ("damage",):
            return True, (ev.target,)
        if verb == "be dealt damage" and not is_(subject, ev.target, lki=True):
            return False, ()
        if verb == "deal damage" and not is_(subject, ev.source, lki=True):
            return False, ()
        return True, (ev.target,)
    if ev.kind == "damage" and verb == "deal damage":
        if not is_(subject, ev.source, lki=True):
            return False, ()
        if obj is not None and not _before_matches(state, obj, ev, scope):
            return False, ()
        if "combat" in want.damage_type.split() and not ev.combat:
            return False, ()
        kinds = [t for t in want.damage_type.split() if t in W.DAMAGE_TYPES]
        if kinds and not set(kinds) & set(ev.get("types", ())):
            return False, ()
        if want.with_ is not None:
            if not any(is_(want.with_, w, lki=True) for w in ev.get("with", ())):
                return False, ()
        return True, (ev.target,)
    if ev.kind == "damage" and verb == "be dealt" and _damage_dealt_with(want):
        qualities = [q.lower() for q in subject.qualities]
        if "combat" in qualities and not ev.combat:
            return False, ()
        kinds = [q for q in qualities if q in W.DAMAGE_TYPES]
        if kinds and not set(kinds) & set(ev.get("types", ())):
            return False, ()
        if not any(is_(want.with_, w, lki=True) for w in ev.get("with", ())):
            return False, ()
        return True, (ev.target,)
    if ev.kind == "damage" and verb == "be dealt damage":
        if not is_(subject, ev.target, lki=True):
            return False, ()
        kinds = [t for t in want.damage_type.split() if t in W.DAMAGE_TYPES]
        if kinds and not set(kinds) & set(ev.get("types", ())):
            return False, ()
        return True, (ev.target,)
    if ev.kind in ("start", "end") and verb == ev.kind and ev.get("phase") == "turn":
        whose = want.whose
        if whose is not None and whose.quantifier != "each":
            player = ev.player
            if whose.ref == "you" or whose.controller == "you":
                if player != scope.you:
                    return False, ()
            elif whose.controller == "opponent" and W.friendly(state, player, scope.you):
                return False, ()
        return True, (ev.player,)
    if ev.kind == "play" and verb == "play":
        if subject is not None and not (subject.ref == "you" and ev.player == scope.you
                                        or subject.who == "player" and
                                        D.matches(state, subject, ev.player, scope)):
            return False, ()
        if obj is not None and not is_(obj, ev.target, lki=True):
            return False, ()
        return True, (ev.target,)
    if ev.kind == "inspire" and verb == "be inspired":
        # 501.1b: readied by an Inspire power as the turn player readies his cards; "this way":
        # by this card's own Inspire
        if want.this_way and ev.source != scope.source:
            return False, ()
        return is_(subject, ev.target), (ev.target,)
    if ev.kind == "exhaust" and verb == "exhaust":
        return is_(subject, ev.target), (ev.target,)
    if ev.kind == "heal" and verb in ("heal", "be healed"):
        return is_(subject, ev.source if verb == "heal" else ev.target), (ev.target,)
    return False, ()


def _note_pollution(ctx: Context, name: str, want: M.Event, ev: Event, ok: bool) -> None:
    """703.4: say when a power read the game as it was immediately before the event."""
    obj = want.object
    if ev.kind != "damage" or obj is None or want.verb != "deal damage":
        return
    qualities = [q.lower() for q in obj.qualities]
    if "damaged" not in qualities and "undamaged" not in qualities:
        return
    st = ctx.state
    before = dict(ev.data).get("before") or 0
    target = st.objects[ev.target].name
    ctx.step(T.RULE, f"{name}'s power looks at the game immediately before the damage: "
             f"{target} was {'damaged' if before else 'undamaged'}, so it "
             f"{'triggers' if ok else 'does not trigger'}", ["trigger.pollute"])


def _before_matches(state: State, desc: M.Target, ev: Event, scope: Scope) -> bool:
    """703.4: "deals combat damage to a damaged ally" reads the ally as it was immediately
    before the damage."""
    qualities = [q.lower() for q in desc.qualities]
    before = dict(ev.data).get("before")
    if "damaged" in qualities or "undamaged" in qualities:
        was_damaged = bool(before)
        if ("damaged" in qualities) != was_damaged:
            return False
        desc = replace(desc, qualities=tuple(q for q in desc.qualities
                                             if q.lower() not in ("damaged", "undamaged")))
    return D.matches(state, desc, ev.target, scope, ignore_zone=True)


# --------------------------------------------------------------------------- collecting

def watchers(state: State, ev: Event) -> list[int]:
    """Cards whose triggered powers are active for ``ev`` (703.3): face up in play (a card
    that just left play as part of the event too, 703.4)."""
    out = [o.id for o in W.all_in_play(state) if o.face_up]
    if ev.kind == "move" and ev.get("left play") and isinstance(ev.target, int) \
            and ev.target not in out:
        out.append(ev.target)
    return out


def cat_form_destroys(ctx: Context, player: str, what: str) -> None:
    """Glossary Cat Form: the power also means "When you play a non-Feral ability or strike
    with a weapon, destroy each ability that's the source of a modifier granting your hero
    bear or cat form" - not carried out: named as ``player`` (whose hero has Cat Form) does
    ``what``, never dropped (only its +1 ATK while attacking is carried out)."""
    st = ctx.state
    h = W.hero(st, player)
    if h is not None and VA.has_keyword(st, h, "cat form"):
        ctx.not_modelled(f"Cat Form: {player} {what}, so each ability that is the source of a "
                         f"modifier granting {player}'s hero bear or cat form would be destroyed "
                         "(its destroy trigger is not carried out)", ctx.cite("kw.cat-form"))


def collect(game, ctx: Context, ev: Event, stage: Stage) -> list[PendingTrigger]:
    if stage is not Stage.WHEN:
        return []
    st = ctx.state
    if ev.kind == "play" and isinstance(ev.target, int) and ev.target in st.objects and \
            ev.player is not None and "ability" in VA.kinds(st, ev.target) and \
            not VA.has_tag(st, ev.target, "feral"):
        cat_form_destroys(ctx, ev.player, f"plays a non-Feral ability "
                                          f"({st.objects[ev.target].name})")
    found: list[PendingTrigger] = []
    for oid in watchers(st, ev):
        o = st.objects[oid]
        ps = P.of(st, oid)
        if not ps.triggered:
            continue
        left = ev.kind == "move" and ev.get("left play") and oid == ev.target
        if not left and not VA.has_powers(st, oid):
            continue
        controller = (ev.get("controller before") or o.owner) if left else o.controller
        for power in ps.triggered:
            if power.why or power.ability.trigger is None:
                continue
            trig = power.ability.trigger
            scope = Scope(you=controller, source=oid)
            try:
                ok, it = matches(st, trig.event, ev, scope)
            except Unknown as u:
                # whether it triggers is not known: named, not taken as "no"
                ctx.not_modelled(f"{o.name}'s power {power.text!r}: whether it triggers on "
                                 f"this event: {u.what}")
                continue
            _note_pollution(ctx, o.name, trig.event, ev, ok)
            if not ok:
                continue
            if oid != ev.target and oid in (ev.get("together") or ()):
                ctx.step(T.RULE, f"{o.name} entered play in the same event as "
                         f"{st.objects[ev.target].name}: its power {power.text!r} became active "
                         "at the same time as the event it watches for, so it triggers",
                         ["trigger.active-same-time"])
            pending = make(game, ctx, oid, power, controller, ev, it)
            if pending is not None:
                found.append(pending)
    found += _modifier_triggers(game, ctx, ev)
    return found


def make(game, ctx: Context, oid: int, power, controller: str, ev: Event,
         it: tuple[Any, ...]) -> PendingTrigger | None:
    """A triggered effect (708): waiting to be added to the chain during PPP."""
    st = ctx.state
    o = st.objects[oid]
    a = power.ability
    effects = a.effects
    check = None
    if effects and isinstance(effects[0], M.Conditional) and effects[0].condition is not None \
            and effects[0].condition.kind == "if" and not (
                effects[0].condition.event is not None and effects[0].condition.event.verb == "do"):
        check = effects[0].condition                   # 703.2: a double-check power
        effects = effects[0].then + effects[1:]
    scope = Scope(you=controller, source=oid, it=it, event=_event_info(ev))
    if check is not None:
        try:
            ok = C.holds(st, check, scope)
        except Unknown:
            ok = None
        if ok is False:
            ctx.step(T.RULE, f"{o.name}'s power does not trigger: {check.text}",
                     ["trigger.double-check"] + _empower(a))
            return None
    if LP.triggers_again(ctx, oid, power.index, controller,
                         f"{o.name}'s power would trigger again"):
        return None
    info = _event_info(ev)
    info["source was"] = (oid, o.incarnation)      # 714.3b: "while [it] remains ..."
    entering = ev.kind == "move" and ev.get("to") in (W.IN_PLAY, W.RESOURCES) \
        and not ev.get("left play")
    ctx.step(T.TRIGGER, f"{o.name}'s power triggers ({power.text})"
             + (f": {check.text} holds now and is checked again as it resolves"
                if check is not None else ""),
             ["trigger"] + (["trigger.double-check"] + _empower(a) if check is not None
                            else []) + (["enter.triggers"] if entering else []))

    def still_true(s: State, c=check, sc=scope) -> bool:
        if c is None:
            return True
        try:
            return C.holds(s, c, sc)
        except Unknown:
            return True

    def resolve(c: Context, trig: PendingTrigger, effects=effects) -> None:
        from judge.games.wow.links import resolve_effects
        resolve_effects(game, c, trig, effects)
    return PendingTrigger(name=f"{o.name}'s triggered effect", controller=controller,
                          source=oid, resolve=resolve, citation=ctx.cite_opt("trigger"),
                          still_true=still_true if check is not None else None,
                          data={"it": it, "event": info, "power": power.index,
                                "text": power.text, "card text": o.text or "",
                                "check": check, "effects": effects})


def _empower(a: M.Ability) -> list[str]:
    """Empower text on an ally is a double-check power (Empower [thing], 703.2)."""
    return ["kw.empower"] if a.label.lower().startswith("empower") else []


def _event_info(ev: Event) -> dict[str, Any]:
    info: dict[str, Any] = {"kind": ev.kind, "player": ev.player, "target": ev.target,
                            "source": ev.source, "amount": ev.amount}
    if ev.kind == "damage":
        info["that much"] = ev.amount
    return info


def _modifier_triggers(game, ctx: Context, ev: Event) -> list[PendingTrigger]:
    """Triggered modifiers created by links (715): they trigger off their event within their
    duration; "the next time" ones once."""
    st = ctx.state
    out = []
    for e in list(st.effects.values()):
        d = e.data.get("delayed")
        if d is None or not st.effect_active(st, e.id) or d.trigger is None:
            continue
        scope: Scope = e.data["scope"]
        try:
            ok, it = matches(st, d.trigger.event, ev, scope)
        except Unknown as u:
            ctx.not_modelled(f"{e.description}: whether it triggers on this event: {u.what}")
            continue
        if not ok:
            continue
        name = e.data.get("name", "a triggered modifier")
        ctx.step(T.TRIGGER, f"{name}'s triggered modifier triggers ({e.description})",
                 ["triggered-modifier"])
        if d.trigger.kind in ("next time", "at", "next") or "next" in d.trigger.event.text:
            from judge.engine.effects import end
            end(st, e.id)
        earlier = e.data.get("it", ())
        zones = e.data.get("source zone", ())

        def resolve(c: Context, trig: PendingTrigger, d=d) -> None:
            from judge.games.wow.links import resolve_effects
            resolve_effects(game, c, trig, d.effects)
        out.append(PendingTrigger(name=f"{name}'s triggered effect", controller=scope.you,
                                  source=scope.source, resolve=resolve,
                                  citation=ctx.cite_opt("triggered-modifier"),
                                  data={"it": earlier or it, "event": _event_info(ev),
                                        "text": e.description, "card text": "",
                                        "stayed": zones, "effects": d.effects}))
    return out

# modules imported here rather than at the top (they import this one, directly or through
# others) or rather than in the functions that use them (read many times a ruling: an import
# statement there runs the import machinery on every call)
from judge.games.wow import conditions as C  # noqa: E402
from judge.games.wow import loops as LP  # noqa: E402
from judge.games.wow import powers as P  # noqa: E402
