""""Can't" modifiers (103.2): a card that can't be destroyed, can't attack, can't protect, can't
ready, can't be targeted, from a power of a card in play (714.2) or a link (714.3). A "can't"
modifier wins over whatever tries to make the thing happen; an action that can't be performed
can't be paid as a cost (403.1)."""

from __future__ import annotations

from judge.cards import model as M
from judge.engine.state import State
from judge.games.wow import describe as D
from judge.games.wow import model as W
from judge.games.wow import values as VA

# the actions a "can't" modifier of the card model may name that this module checks
ACTIONS = frozenset({"be destroyed", "attack", "protect", "ready", "be targeted", "have",
                     "exhaust", "leave play", "block", "defend", "be dealt damage"})


# the links a magnet's "[who] must target ..." may name (706.4): every card and effect
_MAGNET_WHO = frozenset({"card", "effect", "ability"})


def why_not(e: M.Restriction) -> str:
    if e.verb == "must target":
        if e.who is None or e.what is None or not set(e.who.kinds) <= _MAGNET_WHO or \
                e.who.controller not in ("opponent", "") or e.who.filters or e.who.qualities:
            return f"\"must target\" for links described as {e.who.text if e.who else '?'!r}"
        if e.only is None or e.only.test != "able" or e.duration is not None:
            return "\"must target\" without \"if able\" or with a duration"
        return ""                                   # 706.4 (links.py)
    unknown = [a for a in e.actions if a not in ACTIONS]
    if unknown:
        return f"the restriction \"can't {' '.join(unknown)}\""
    if e.verb in ("must attack", "attack only"):
        if e.who is None:
            return f"\"{e.verb}\" with no character it applies to"
        if e.only is not None and e.only.test != "able":
            return f"\"{e.verb}\" {e.only.text!r}"
        return ""                                   # 600.2, 601.2c (combat.py)
    if e.only is not None:
        return "an allowance (\"only ...\")"
    return ""


def cant(state: State, oid: int, action: str, *, ready_step: bool = False) -> bool:
    return bool(blockers(state, oid, action, ready_step=ready_step))


def _ready_step_only(e) -> bool:
    d = getattr(e, "duration", None)
    return d is not None and d.kind in ("next ready step", "ready step")


def blockers(state: State, oid: int, action: str, *, ready_step: bool = False) -> list[str]:
    """The names of the cards whose "can't" modifiers stop ``action`` for card ``oid``
    (``ready_step``: the turn player readying his cards, 501.1a)."""
    out = []
    for st in VA.restrictions(state, oid, action):
        if _ready_step_only(st.effect) and not ready_step:
            continue
        if action == "attack" and _attack_object(st.effect) is not None:
            continue                  # "can't attack [X]": only X (attack_blockers)
        out.append(state.objects[st.source].name)
    o = state.objects.get(oid)
    if o is None:
        return out
    ref = (o.id, o.incarnation)
    for e in state.effects.values():
        actions = e.data.get("restriction")
        if not actions or action not in actions or not state.effect_active(state, e.id):
            continue
        if e.data.get("ready step only") and not ready_step:
            continue
        if action == "attack" and e.data.get("attack what") is not None:
            continue
        if ref in e.data.get("flagged", ()):
            out.append(e.data.get("name", "a modifier"))
    if action in ("leave play",) and VA.has_keyword(state, oid, "invincible"):
        out.append(f"{o.name}'s Invincible")
    return out


def _attack_object(e) -> M.Target | None:
    """What a "can't attack [X]" restriction says can't be attacked (None: it can't attack at
    all)."""
    if isinstance(e, M.Restriction) and "attack" in e.actions and e.who is not None:
        return e.what
    return None


def attack_blockers(state: State, attacker: int, defender: int) -> list[str]:
    """The names of the cards whose "[attacker] can't attack [defender]" modifiers stop that
    proposal (103.2)."""
    out = []
    for st in VA.restrictions(state, attacker, "attack"):
        what = _attack_object(st.effect)
        if what is None:
            continue
        try:
            if D.matches(state, what, defender, st.scope(state)):
                out.append(state.objects[st.source].name)
        except D.Unknown:
            out.append(state.objects[st.source].name)
    a, d = state.objects.get(attacker), state.objects.get(defender)
    if a is None or d is None:
        return out
    for e in state.effects.values():
        whats = e.data.get("attack what")
        if whats is None or not state.effect_active(state, e.id):
            continue
        if (a.id, a.incarnation) in e.data.get("flagged", ()) and \
                (d.id, d.incarnation) in whats:
            out.append(e.data.get("name", "a modifier"))
    return out


# the keyword that makes a card no legal target, by the reason targetable() gives
TARGET_KEYWORDS = {"it is Untargetable": "kw.untargetable", "it is Invincible": "kw.invincible",
                   "it has Spellshield": "kw.spellshield"}


def targetable(state: State, oid: int, by: str) -> str | None:
    """Why card ``oid`` can't be chosen as a target by a link ``by`` controls (706.1,
    Untargetable, Spellshield, Invincible), or None."""
    o = state.objects[oid]
    if not W.in_play(o):
        return None
    kws = VA.keywords(state, oid)
    if "untargetable" in kws:
        return "it is Untargetable"
    if "invincible" in kws:
        return "it is Invincible"
    if "spellshield" in kws and not W.friendly(state, by, o.controller):
        return "it has Spellshield"
    if cant(state, oid, "be targeted"):
        return "it can't be targeted"
    return None
