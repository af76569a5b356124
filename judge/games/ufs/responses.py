"""Response windows (H.2.3.2) and what a response condition or a fired effect waits for.

After a game event, fired effects execute first (J.3.2.1.1); then a response window may open:
starting with the active player, players alternate having priority to play a valid response
ability (one whose condition matches the event, H.2.3.2.4.2.1), each at most once per window
(H.2.3.4), until both pass in succession (H.2.3.2.4.3). A player with no valid response passes
without being asked; a player who has one decides (``Bob activates "X"`` answers; by default
nobody responds, policy ``responses none``).

:func:`trigger_ok` says, when a card is bound, whether this module can tell when a response
condition or a fired effect's event has happened; :func:`matches` tells it.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from judge.cards import model as M
from judge.engine import trace as T
from judge.engine.context import Context
from judge.engine.decisions import Decision
from judge.engine.events import Event
from judge.engine.state import GameObject, State
from judge.games.ufs import names as N
from judge.games.ufs.cards import Played
from judge.games.ufs.effects import meets, relation, requirement_words

NO_RESPONSE = "no response"
_STATUS = {"be blocked": ("partially blocked", "completely blocked"),
           "be completely blocked": ("completely blocked",),
           "be partially blocked": ("partially blocked",)}
_PLAYED = ("play", "be play", "be played")


def trigger_ok(tr: M.Trigger | None) -> str | None:
    """None when :func:`matches` can tell when ``tr`` happens."""
    if tr is None or tr.kind not in ("after", "when"):
        return "the response condition"
    e = tr.event
    if e.rest or e.negated or e.within is not None or e.times is not None or e.would:
        return f"the condition {e.text!r}"
    if e.verb == "deal damage":
        return _attack_ok(e.subject) or (None if e.object is None and e.amount is None else
                                         f"the condition {e.text!r}")
    if e.verb == "be dealt damage":
        if _player_ok(e.subject) and e.object is None and (e.amount is None or
                                                           _at_least(e.amount)):
            return None
        return f"the condition {e.text!r}"
    if e.verb == "block":
        if not _player_ok(e.subject) or _block_parts(e) is None:
            return f"the condition {e.text!r}"
        return None
    if e.verb in _STATUS:
        return _attack_ok(e.subject)
    if e.verb == "resolve":
        return _attack_ok(e.subject)
    if e.verb in _PLAYED:
        if e.verb == "play":
            if not _player_ok(e.subject) or e.object is None:
                return f"the condition {e.text!r}"
            return _card_ok(e.object)
        return _card_ok(e.subject)
    if e.verb == "be committed" and e.subject is not None and e.subject.ref == "this":
        return None
    return f"the condition {e.text!r}"


def _block_parts(e: M.Event) -> tuple[bool, M.Target | None] | None:
    """"you block [a Ranged attack] [with this card]": (with this card?, the attack blocked),
    or None when the condition says more than that."""
    using, attack = e.with_, e.object
    if attack is not None and attack.filters:
        f = attack.filters[0]
        if len(attack.filters) == 1 and f.kind == "with" and f.object is not None and \
                f.object.ref == "this" and using is None:
            using, attack = f.object, replace(attack, filters=())
        else:
            return None
    if using is not None and (using.ref != "this" or using.filters or
                              using.kinds not in ((), ("card",))):
        return None
    if attack is not None and _attack_ok(attack) is not None:
        return None
    return using is not None, attack


def _player_ok(t: M.Target | None) -> bool:
    return t is not None and (t.ref == "you" or relation(t) in ("you", "opponent")) \
        and not t.filters


def _at_least(a: M.Amount) -> bool:
    return a.constant is not None and a.relation in ("at least", "")


def _attack_ok(t: M.Target | None, exact: bool = True) -> str | None:
    if t is None or "attack" not in t.kinds or t.filters or t.alternatives or t.zone:
        return f"the attack {t.text if t else ''!r}"
    from judge.games.ufs.effects import _words_ok
    return _words_ok(requirement_words(t, "attack"))


def _card_ok(t: M.Target | None) -> str | None:
    if t is None or t.filters or t.alternatives or t.zone:
        return f"the card {t.text if t else ''!r}"
    if t.ref == "this" or t.kinds in (("card",), ("attack",), ("foundation",), ("action",),
                                      ("asset",), ("character",)):
        from judge.games.ufs.effects import _words_ok
        return _words_ok(requirement_words(t, t.kinds[-1] if t.kinds else "card"))
    return f"the card {t.text!r}"


# ------------------------------------------------------------------ matching game events

def matches(st: State, tr: M.Trigger, card: GameObject, controller: str,
            ev: Event) -> bool:
    """Whether game event ``ev`` is what trigger ``tr`` (on ``card``, controlled by
    ``controller``) waits for."""
    e = tr.event
    if e.verb == "deal damage":
        return ev.kind == "damage" and _is_attack(st, e.subject, ev.source, card, controller)
    if e.verb == "be dealt damage":
        return (ev.kind == "damage" and ev.player == _who(st, e.subject, controller)
                and (e.amount is None or ev.amount >= (e.amount.constant or 0)))
    if e.verb == "block":
        if ev.kind != "block" or ev.player != _who(st, e.subject, controller):
            return False
        parts = _block_parts(e)
        if parts is None:
            return False
        with_this, attack = parts
        if with_this and ev.source != card.id:
            return False
        return attack is None or _is_attack(st, attack, ev.target, card, controller)
    if e.verb in _STATUS:
        return (ev.kind == "block status" and ev.get("status") in _STATUS[e.verb]
                and _is_attack(st, e.subject, ev.source, card, controller))
    if e.verb == "resolve":
        return ev.kind == "resolve" and _is_attack(st, e.subject, ev.source, card, controller)
    if e.verb in _PLAYED:
        if ev.kind != "play":
            return False
        if e.verb == "play":
            return (ev.player == _who(st, e.subject, controller)
                    and _is_card(st, e.object, ev.source, card, controller))
        return _is_card(st, e.subject, ev.source, card, controller)
    if e.verb == "be committed":
        return ev.kind == "commit" and card.id in (ev.get("cards") or ())
    return False


def _who(st: State, t: M.Target | None, controller: str) -> str:
    return controller if t is None or t.ref == "you" or relation(t) == "you" else \
        N.other(st, controller)


def _is_attack(st: State, t: M.Target | None, oid: int | None, card: GameObject,
               controller: str) -> bool:
    return _is_card(st, t, oid, card, controller, head="attack")


def _is_card(st: State, t: M.Target | None, oid: int | None, card: GameObject,
             controller: str, head: str | None = None) -> bool:
    """Whether object ``oid`` is what ``t`` describes, for an ability on ``card`` controlled by
    ``controller``: "this card" / "this attack" (the card itself), "your" / "your rival's",
    the head noun and its trait, resource or zone words."""
    if t is None or oid is None:
        return False
    o = st.objects[oid]
    if t.ref == "this":
        return oid == card.id
    rel = relation(t)
    if rel == "you" and o.controller != controller or rel == "opponent" and \
            o.controller == controller:
        return False
    head = head or (t.kinds[-1] if t.kinds else "card")
    return (head == "card" or N.is_type(o, head)) and meets(st, o,
                                                            requirement_words(t, head))


# ------------------------------------------------------------------ the window

def window(ctx: Context, game: "UfsGame", events: list[Event]) -> None:
    """H.2.3.2.4: a response window after ``events`` (one game event), if anyone has a valid
    response."""
    st = ctx.state
    if st.result is None and not any(game.valid_responses(ctx, p, events)
                                     for p in st.players):
        return
    depth = getattr(ctx, "_ufs_windows", 0)
    if depth > 8:
        ctx.not_modelled("response windows nested more than 8 deep")
        return
    ctx._ufs_windows = depth + 1           # F.2.1.2: a window is open
    try:
        _run(ctx, game, events)
    finally:
        ctx._ufs_windows = depth


def _run(ctx: Context, game: "UfsGame", events: list[Event]) -> None:
    st = ctx.state
    what = describe(st, events)
    number = N.g(st, "windows", 0) + 1
    N.note(st, "windows", number)
    ctx.step(T.RULE, f"a response window opens after {what}", ["window", "window.open"])
    holder = N.active(st)
    passes, turn = 0, 0
    played: set[tuple[int, str]] = set()
    while passes < 2 and st.result is None and turn < 40:
        turn += 1
        options = [(o, a) for o, a in game.valid_responses(ctx, holder, events)
                   if (o.id, a.key) not in played]
        if not options:
            passes += 1
            holder = N.other(st, holder)
            continue
        labels = {label(o, a, options): (o, a) for o, a in options}
        choice = ctx.decide(Decision(
            key=f"respond:{number}:{turn}", player=holder, kind="respond",
            prompt=f"whether {holder} plays a response to {what}",
            options=tuple(labels) + (NO_RESPONSE,),
            citation=" ".join(c for c in (ctx.cite_opt("window.priority"),) if c),
            example=f'{holder} activates "{options[0][0].name}"', default=NO_RESPONSE,
            policy="responses",
            default_text=f"responses: none - {holder} does not respond to {what} (not stated)"))
        if choice == NO_RESPONSE or choice not in labels:
            passes += 1
            holder = N.other(st, holder)
            continue
        o, a = labels[choice]
        ctx.step(T.RULE, f"{o.name}'s response condition matches {what}: a valid response",
                 ["window.choice", "window.valid", "response.once"], actor=holder)
        played.add((o.id, a.key))
        game.respond_with(ctx, holder, o, a, events)
        passes = 0
        holder = N.other(st, holder)
    ctx.step(T.RULE, "both players passed in succession: the response window closes",
             ["window.closes"])


def label(o: GameObject, a: Played, options: list) -> str:
    same = sum(1 for x, _ in options if x.name == o.name)
    return o.name if same == 1 else f"{o.name}: {a.text}"


def describe(st: State, events: list[Event]) -> str:
    parts = []
    for ev in events:
        name = st.objects[ev.source].name if ev.source is not None and ev.source in st.objects \
            else ""
        if ev.kind == "damage":
            parts.append(f"{name} dealing {ev.amount} damage to {ev.player}")
        elif ev.kind == "block":
            parts.append(f"{ev.player} blocking with {name}")
        elif ev.kind == "block status":
            parts.append(f"{name} being {ev.get('status')}")
        elif ev.kind == "play":
            parts.append(f"{ev.player} playing {name}")
        elif ev.kind == "ability":
            parts.append(f"{ev.player} playing an ability of {name}")
        elif ev.kind == "resolve":
            parts.append(f"{name} resolving")
        elif ev.kind == "commit":
            parts.append(f"{ev.player} committing {len(ev.get('cards') or ())} card(s)")
        else:
            parts.append(f"{ev.kind}" + (f" ({name})" if name else ""))
    return "; ".join(parts)
