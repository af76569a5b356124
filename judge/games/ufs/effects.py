"""Effects (J) and the instruction glossary (K), carried out from the card grammar's values.

:func:`why_not` says, when a card is bound, whether this module can carry out an effect value
(None) or why not (the card's ability is then named ``not modelled`` when it could matter);
:func:`run` carries out the effects of one resolution in order, each instruction its own game
event (J.1.2, second). Decisions an effect asks for are made as they are reached (J.1.4):
which cards a player commits, discards or readies (K.2.3, K.2.4), which option of "+2 speed or
+2 damage" (K.2.5).

What "this attack", "your attack" and "your rival's attack" refer to is K.3.4; "your next
attack" and "your next check" are effects that wait for that attack or check (K.3.9,
J.3.2.1.3); "If this attack is blocked / deals damage" in an enhance played before that is known
waits for the block status or the damage (J.3.2: a fired effect, executed after that game
event, or never when the attack resolves without it).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, fields, is_dataclass, replace
from typing import TYPE_CHECKING, Any, Callable

from judge.cards import model as M
from judge.engine import effects as EF
from judge.engine import trace as T
from judge.engine.context import Context
from judge.engine.decisions import Decision
from judge.engine.errors import NotModelled
from judge.engine.events import Event
from judge.engine.state import GameObject, MoveObject, SetFlag, State
from judge.games.ufs import checks as C
from judge.games.ufs import names as N
from judge.games.ufs import values as V

if TYPE_CHECKING:  # pragma: no cover
    from judge.games.ufs.game import UfsGame

ATTACK_STATS = frozenset({"speed", "damage"})
CARD_STATS = frozenset({"speed", "damage", "difficulty", "block modifier", "control"})
ZONE_WORDS = frozenset({"high", "mid", "low"})


@dataclass(frozen=True, slots=True)
class Source:
    """Whose effect it is and where it comes from: ``controller`` (J.1.5), the ``card`` the
    ability is on, ``name`` for the trace, the attack in its sequence when the ability was
    played (K.3.4), the game event a response or fired effect reacts to, the options the
    scenario line stated (``modes``), the number of cards used to pay the cost (``paid``)."""
    controller: str
    card: int | None
    name: str
    text: str = ""                       # the card's whole text (spans index into it)
    attack: int | None = None
    events: tuple[Event, ...] = ()
    modes: tuple[str, ...] = ()
    paid: int = 0
    rating: int = 0


# ------------------------------------------------------------------ what can be carried out

def relation(t: M.Target | None) -> str:
    """you | opponent | "" for a target: its controller, or its possessor's ("your rival's
    attack")."""
    if t is None:
        return ""
    if t.controller in ("you", "opponent"):
        return t.controller
    if t.of is not None and t.of.who == "player" and t.of.controller in ("you", "opponent"):
        return t.of.controller
    return ""


def requirement_words(t: M.Target, head: str) -> tuple[str, ...]:
    """The words that narrow a target beyond its head noun ("This Weapon attack", "Your Tech
    attack", "your fire attack"), lower case."""
    words = [k for k in t.kinds if k != head] + [q.lower() for q in t.qualities if q != "next"]
    return tuple(words)


def _words_ok(words: tuple[str, ...]) -> str | None:
    from judge.games.ufs.cards import TRAITS
    for w in words:
        if w not in TRAITS and w not in V.RESOURCES and w not in ZONE_WORDS:
            return f"the requirement {w!r}"
    return None


def target_ok(t: M.Target | None, *, head: str) -> str | None:
    """None when a target of kind ``head`` ("attack", "foundation" ...) can be resolved."""
    if t is None:
        return "an effect without its object"
    if t.filters or t.alternatives or t.excluding is not None or t.zone is not None:
        return f"the object {t.text!r}"
    if head not in t.kinds:
        return f"the object {t.text!r}"
    return _words_ok(requirement_words(t, head))


def amount_ok(a: M.Amount | None) -> str | None:
    if a is None:
        return "an instruction without its number"
    if a.constant is not None and not a.relation:
        return None
    if a.per is not None and a.value is not None and not a.variable and not a.half:
        return count_ok(a.per)
    return f"the number {a.text or 'X'!r}"


def count_ok(t: M.Target) -> str | None:
    """A "for each ..." this module counts: cards of a kind (with trait words) in a zone of the
    controller's or the opponent's."""
    if t.filters or t.alternatives or not t.kinds:
        return f"counting {t.text!r}"
    zone = t.zone.name if t.zone else ""
    if zone not in ("card pool", "stage", "staging area", "hand", "momentum", "discard pile"):
        return f"counting {t.text!r}"
    return _words_ok(requirement_words(t, t.kinds[-1]))


def player_ok(t: M.Target | None) -> str | None:
    if t is None or t.ref == "you" or relation(t) in ("you", "opponent"):
        return None
    return f"the player {t.text!r}"


def why_not(e: M.Effect, text: str = "") -> str | None:
    """None when :func:`run` can carry out ``e``; else what it lacks, in words. With the
    card's ``text``, an instruction whose printed words run on past every value it holds
    ("Draw 1 card for each attack in your rival's card pool" read as "Draw 1 card") is not
    carried out either: the rest would be dropped in silence."""
    fn = _SUPPORT.get(type(e))
    if fn is None:
        return f"the instruction {type(e).__name__.lower()} ({e.verb})"
    why = fn(e)
    if why is None and text:
        rest = unread(e, text)
        if rest:
            return f"the words {rest!r} of {' '.join(text[e.span.start:e.span.end].split())!r}"
        for inner in _inner(e):
            why = why_not(inner, text)
            if why is not None:
                return why
    return why


def _inner(e: M.Effect) -> tuple[M.Effect, ...]:
    if isinstance(e, M.Conditional):
        return e.then + e.otherwise
    if isinstance(e, M.Choice):
        return tuple(x for option in e.options for x in option)
    return ()


def _spans(v: Any, out: list[M.Span]) -> None:
    if isinstance(v, (tuple, list)):
        for x in v:
            _spans(x, out)
        return
    if not is_dataclass(v) or isinstance(v, type):
        return
    span = getattr(v, "span", None)
    if isinstance(span, M.Span):
        out.append(span)
    for f in fields(v):
        child = getattr(v, f.name)
        if f.name != "span" and child is not None and not isinstance(child, (str, int, bool)):
            _spans(child, out)


def unread(e: M.Effect, text: str) -> str:
    """The printed words of an instruction after the last value it holds ("" when none);
    a gain or loss of vitality ends with the resource its value names."""
    if e.span is None or isinstance(e, (M.Conditional, M.Choice)):
        return ""
    out: list[M.Span] = []
    for f in fields(e):
        child = getattr(e, f.name)
        if f.name != "span" and child is not None and not isinstance(child, (str, int, bool)):
            _spans(child, out)
    if not out:
        return ""
    tail = " ".join(text[max(s.end for s in out):e.span.end].split()).strip(" .;,")
    if isinstance(e, (M.Gain, M.Lose)) and tail.lower() in (e.resource, "vitality", "health"):
        return ""
    return tail


def _modify_ok(e: M.ModifyValue) -> str | None:
    if e.op != "add" or e.duration is not None:
        return f"the change of {e.stat}"
    if e.minimum is not None or e.maximum is not None:
        return f"the floor or ceiling of the change of {e.stat} (K.3.7)"
    if e.stat == "check":
        t = e.target
        if t is None or "next" not in t.qualities or t.filters or relation(t) == "":
            return "a change to a check that is not someone's next check"
        return amount_ok(e.amount)
    if e.stat not in CARD_STATS:
        return f"a change of {e.stat!r}"
    return target_ok(e.target, head="attack") or amount_ok(e.amount)


def _gain_ok(e: M.Gain) -> str | None:
    if e.resource == "keyword" and e.keyword is not None:
        from judge.games.ufs.cards import canonical
        return target_ok(e.target, head="attack") or (
            None if canonical(e.keyword.name)[0] in _GRANTABLE else
            f"gaining the keyword {e.keyword.name!r}")
    if e.resource in ("health", "vitality") and e.duration is None:
        return player_ok(e.target) or amount_ok(e.amount)
    return f"gaining {e.resource or 'that'}"


_GRANTABLE = frozenset({"Stun", "Powerful", "EX", "Breaker", "Throw", "Safe", "Ally", "Charge",
                        "Fury", "Kick", "Punch", "Ranged", "Slam", "Taunt", "Tech", "Weapon"})


def _lose_ok(e: M.Lose) -> str | None:
    if e.resource in ("health", "vitality") and e.duration is None:
        return player_ok(e.target) or amount_ok(e.amount)
    return f"losing {e.resource or 'that'}"


def _move_ok(e: M.Move) -> str | None:
    what = e.what
    if e.arrives is not None:        # "build it exhausted / with 3 damage"
        return f"the state a card arrives in ({e.arrives.text!r})"
    if e.random or e.until is not None or what is None:
        return f"the instruction {e.verb!r}"
    if e.verb == "draw":
        return player_ok(e.who) or amount_ok(what.count or M.Amount(value=1))
    if e.verb == "discard" and what.kinds == ("momentum",):
        return player_ok(e.who) or amount_ok(what.count or M.Amount(value=1))
    if e.verb == "discard" and what.kinds == ("card",) and not what.qualities and \
            not what.filters and (e.from_zone is None or e.from_zone.name == "hand"):
        return player_ok(e.who) or amount_ok(what.count or M.Amount(value=1))
    if e.verb in ("destroy", "remove") and what.ref in ("this", "it") and not what.kinds:
        return None
    if e.verb == "destroy" and what.kinds == ("foundation",) and not what.qualities:
        return amount_ok(what.count or M.Amount(value=1))
    if e.verb == "add" and what.zone is not None and what.zone.name == "discard pile" and \
            what.zone.owner in ("you", "") and e.to_zone is not None and \
            e.to_zone.name == "hand" and what.kinds and not what.filters and \
            what.kinds[-1] in ("card", "attack", "foundation", "action", "asset"):
        return _words_ok(requirement_words(what, what.kinds[-1])) or \
            amount_ok(what.count or M.Amount(value=1))
    if e.verb == "add" and what.zone is not None and what.zone.name == "deck" and \
            what.zone.position == "top" and e.to_zone is not None and \
            e.to_zone.name == "momentum" and what.count is None:
        return None
    return f"the instruction {e.verb!r} of {what.text!r}"


def _state_ok(e) -> str | None:
    t = e.target
    if t is None:
        return "an instruction without its object"
    if t.ref in ("this", "it") and not t.kinds:
        return None
    if t.kinds == ("character",) and relation(t) == "you":
        return None
    if t.kinds == ("foundation",) and not t.qualities and not t.filters:
        return amount_ok(t.count or M.Amount(value=1))
    return f"the object {t.text!r}"


def _choice_ok(e: M.Choice) -> str | None:
    if e.chooser is not None and e.chooser.ref != "you":
        return "a choice made by another player"
    if len(e.options) < 2 or e.optional:
        return "an optional instruction"
    for option in e.options:
        for inner in option:
            why = why_not(inner)
            if why is not None:
                return why
    return None



def _conditional_ok(e: M.Conditional) -> str | None:
    why = condition_ok(e.condition)
    if why is not None:
        return why
    for inner in e.then + e.otherwise:
        why = why_not(inner)
        if why is not None:
            return why
    return None


def _check_ok(e: M.Check) -> str | None:
    if e.kind != "control":
        return f"a {e.kind} check"
    if e.difficulty is not None:
        why = amount_ok(e.difficulty)
        if why is not None:
            return why
    return player_ok(e.who)


_SUPPORT: dict[type, Callable[[Any], str | None]] = {
    M.ModifyValue: _modify_ok, M.Gain: _gain_ok, M.Lose: _lose_ok, M.Move: _move_ok,
    M.Exhaust: _state_ok, M.Ready: _state_ok, M.Flip: _state_ok, M.Choice: _choice_ok,
    M.Conditional: _conditional_ok, M.Check: _check_ok,
}

# -- conditions (K.3.5: an "if" applies to the rest of its sentence)

_BLOCK_STATES = {"blocked": ("partially blocked", "completely blocked"),
                 "completely blocked": ("completely blocked",),
                 "partially blocked": ("partially blocked",),
                 "not blocked": ("not blocked",), "unblocked": ("not blocked",)}


def condition_ok(c: M.Condition | None) -> str | None:
    if c is None or c.kind not in ("if", "only if"):
        return "the condition"
    if c.test == "is" and c.subject is not None and c.subject.ref == "this" and \
            c.subject.kinds == ("attack",) and c.state in _BLOCK_STATES and not c.negated:
        return None
    if c.test == "event" and c.event is not None and c.event.verb == "deal damage" and \
            c.event.subject is not None and c.event.subject.kinds == ("attack",) and \
            c.event.subject.ref == "this" and not c.event.rest and c.event.amount is None \
            and not c.event.negated and c.event.object is None:
        return None
    if _is_desperation(c):
        return None
    if c.test == "has" and c.subject is not None and player_ok(c.subject) is None and \
            c.object is not None and c.object.kinds == ("momentum",) and \
            c.object.count is not None and c.object.count.relation == "at least" and \
            c.object.count.value is not None and not c.negated:
        return None
    return f"the condition {c.text!r}"


def _is_desperation(c: M.Condition) -> bool:
    """"If your current health is less than half of your maximum health" (K.3.18)."""
    s, o = c.subject, c.object
    return (c.test == "is" and not c.negated and s is not None and o is not None
            and s.kinds == ("health",) and relation(s) == "you" and o.kinds == ("health",)
            and "maximum" in o.qualities and o.count is not None and o.count.half)


# ------------------------------------------------------------------ carrying effects out

def run(ctx: Context, game: "UfsGame", effects: tuple[M.Effect, ...], src: Source) -> None:
    """Carry out ``effects`` in order (J.1.2, second: each its own game event); as much as it
    can of each (J.1.1)."""
    for e in effects:
        if ctx.state.result is not None:
            return
        why = why_not(e)
        if why is not None:
            raise NotModelled(f"{src.name}: {why}", ctx.cite_opt("effect.order"))
        _RUN[type(e)](ctx, game, e, src)
        game.pauses(ctx)


def current_attack(st: State, t: M.Target, src: Source) -> GameObject | None:
    """K.3.4: "this attack" (the attack in its attack sequence, or the attack the ability is
    on, K.3.4.3), "your attack" / "your rival's attack" (K.3.4.1, with their qualifiers)."""
    oid = st.globals.get(N.ATTACK)
    if t.ref == "this" and src.card is not None:
        card = st.objects[src.card]
        if N.is_type(card, "attack") and card.zone[1] == N.POOL and (oid is None or
                                                                       oid == card.id):
            oid = card.id
    if oid is None:
        return None
    o = st.objects[oid]
    rel = relation(t)
    if rel == "you" and o.controller != src.controller:
        return None
    if rel == "opponent" and o.controller == src.controller:
        return None
    if not meets(st, o, requirement_words(t, "attack")):
        return None
    return o


def meets(st: State, o: GameObject, words: tuple[str, ...]) -> bool:
    """An attack meets "Weapon", "fire", "high" ...: a keyword trait, a resource symbol or
    its attack zone."""
    if not words:
        return True
    kws = {k.lower() for k in N.keywords(st, o)}
    res = V.value(st, o.id, "resources") or frozenset()
    zone = V.value(st, o.id, "zone")
    return all(w in kws or w in res or w == zone for w in words)


def player(t: M.Target | None, src: Source, st: State) -> str:
    rel = "you" if t is None or t.ref == "you" else relation(t)
    return src.controller if rel == "you" else N.other(st, src.controller)


def number(ctx: Context, a: M.Amount | None, src: Source, default: int = 1) -> int:
    if a is None:
        return default
    if a.per is not None:
        n = (a.value or 0) * count(ctx.state, a.per, src)
        return n if a.maximum is None else min(n, a.maximum)     # "(max. +8)"
    return a.constant if a.constant is not None else default


def count(st: State, t: M.Target, src: Source) -> int:
    zone = {"stage": N.STAGING, "staging area": N.STAGING, "discard pile": N.DISCARD}.get(
        t.zone.name, t.zone.name) if t.zone else N.POOL
    owner = t.zone.owner if t.zone else ""
    whose = N.other(st, src.controller) if owner == "opponent" else src.controller
    head = t.kinds[-1]
    words = requirement_words(t, head)
    return sum(1 for o in N.in_zone(st, whose, zone)
               if (head == "card" or N.is_type(o, head)) and meets(st, o, words))


def _run_modify(ctx: Context, game: "UfsGame", e: M.ModifyValue, src: Source) -> None:
    st = ctx.state
    amount = e.sign * number(ctx, e.amount, src)
    t = e.target
    assert t is not None
    if e.stat == "check" or "next" in t.qualities:
        who = player(t, src, st)
        what = "check" if e.stat == "check" else "attack"
        game.add_next(ctx, who, what, e.stat, amount, src)
        return
    o = current_attack(st, t, src)
    if o is None:
        ctx.step(T.RULE, f"{src.name}: there is no {t.text.lower()} to get {amount:+d} "
                 f"{e.stat}: the instruction does nothing", attack_refs(t) + ["effect.as-much"])
        return
    game.modify(ctx, o.id, e.stat, amount, src, procedures=attack_refs(t))


def attack_refs(t: M.Target) -> list[str]:
    """K.3.4: the rules that say which attack "this attack" / "your attack" is."""
    out = ["this-attack"]
    if relation(t) or requirement_words(t, "attack"):
        out.append("your-attack")
    return out


def _run_gain(ctx: Context, game: "UfsGame", e: M.Gain, src: Source) -> None:
    st = ctx.state
    if e.resource == "keyword" and e.keyword is not None:
        from judge.games.ufs.cards import canonical
        t = e.target
        assert t is not None
        o = current_attack(st, t, src)
        name = canonical(e.keyword.name)[0]
        rating = e.keyword.value.value if e.keyword.value is not None else None
        if o is None:
            ctx.step(T.RULE, f"{src.name}: there is no {t.text.lower()} to gain {name}",
                     ["this-attack", "effect.as-much"])
            return
        mark = len(st.log)
        V.grant_keyword(ctx, o.id, name, rating)
        ctx.step(T.EVENT, f"{o.name} gains {name}{': ' + str(rating) if rating else ''}",
                 ["layer3", "keyword-ability"], mark=mark)
        return
    who = player(e.target, src, st)
    game.gain_vitality(ctx, who, number(ctx, e.amount, src), src)


def _run_lose(ctx: Context, game: "UfsGame", e: M.Lose, src: Source) -> None:
    who = player(e.target, src, ctx.state)
    game.lose_vitality(ctx, who, number(ctx, e.amount, src), src)


def _run_move(ctx: Context, game: "UfsGame", e: M.Move, src: Source) -> None:
    st = ctx.state
    what = e.what
    assert what is not None
    who = player(e.who, src, st)
    if relation(what) in ("you", "opponent"):
        who = player(what, src, st)             # "Discard 1 rival momentum"
    n = number(ctx, what.count, src)
    if e.verb == "draw":
        game.draw(ctx, who, n, f"{src.name}: {who} draws {n}", ["effect.order"])
    elif e.verb == "discard" and what.kinds == ("momentum",):
        game.discard_momentum(ctx, who, n, src.name)
    elif e.verb == "discard":
        game.discard_from_hand(ctx, who, n, src.name)
    elif e.verb in ("destroy", "remove") and what.ref in ("this", "it"):
        if src.card is None:
            return
        game.move_card(ctx, src.card, N.DISCARD if e.verb == "destroy" else N.REMOVED,
                       f"{src.name}", "destroy" if e.verb == "destroy" else "remove")
    elif e.verb == "destroy":
        for o in game.choose_cards(ctx, who, "foundation", n, "destroys", src, ready_only=False):
            game.move_card(ctx, o.id, N.DISCARD, src.name, "destroy")
    elif e.verb == "add" and what.zone is not None and what.zone.name == "discard pile":
        head = what.kinds[-1]
        words = requirement_words(what, head)
        pool = [o for o in N.in_zone(st, src.controller, N.DISCARD)
                if (head == "card" or N.is_type(o, head)) and meets(st, o, words)]
        chosen = game.pick(ctx, src.controller, src.controller, pool, n, "adds to hand",
                           src.name)
        game.to_hand(ctx, chosen, src.name)
    elif e.verb == "add":
        game.deck_to_momentum(ctx, who, src.name)


def _targets(ctx: Context, game: "UfsGame", t: M.Target, src: Source, doer: str, verb: str, *,
             state: str) -> list[GameObject]:
    st = ctx.state
    if t.ref in ("this", "it") and not t.kinds:
        return [st.objects[src.card]] if src.card is not None else []
    if t.kinds == ("character",):
        hero = N.character(st, src.controller)
        return [hero] if hero is not None else []
    owner = doer if relation(t) == "" else player(t, src, st)
    n = number(ctx, t.count, src)
    return game.choose_cards(ctx, owner, "foundation", n, verb, src, state=state,
                             chooser=doer if owner == doer else src.controller)


def _run_commit(ctx: Context, game: "UfsGame", e: M.Exhaust, src: Source) -> None:
    doer = player(e.who, src, ctx.state)
    cards = _targets(ctx, game, e.target, src, doer, "commits", state="ready")
    game.commit(ctx, cards, src.name)


def _run_ready(ctx: Context, game: "UfsGame", e: M.Ready, src: Source) -> None:
    doer = player(e.who, src, ctx.state)
    cards = _targets(ctx, game, e.target, src, doer, "readies", state="committed")
    game.ready_cards(ctx, cards, src.name)


def _run_flip(ctx: Context, game: "UfsGame", e: M.Flip, src: Source) -> None:
    doer = player(e.who, src, ctx.state)
    if e.face == "up":
        cards = _targets(ctx, game, e.target, src, doer, "unflips", state="face down")
    else:
        cards = _targets(ctx, game, e.target, src, doer, "flips", state="face up")
    game.flip(ctx, cards, src.name, up=e.face == "up")


def _run_check(ctx: Context, game: "UfsGame", e: M.Check, src: Source) -> None:
    """E.3: "Make a control check": against the printed difficulty, or none (E.3.4: the
    check is made for its value, complete once its final value is set)."""
    doer = player(e.who, src, ctx.state)
    difficulty = None if e.difficulty is None else number(ctx, e.difficulty, src)
    C.make(ctx, game, doer, difficulty, f"for {src.name}", about=src.card, kind="effect")


def option_label(e: M.Effect, src: Source) -> str:
    if isinstance(e, M.ModifyValue) and e.amount is not None and e.amount.constant is not None:
        return f"{'+' if e.sign > 0 else '-'}{e.amount.constant} {e.stat}"
    if e.span is not None and src.text:
        return " ".join(src.text[e.span.start:e.span.end].split())
    return type(e).__name__.lower()


def _run_choice(ctx: Context, game: "UfsGame", e: M.Choice, src: Source) -> None:
    labels = tuple(" and ".join(option_label(x, src) for x in option) for option in e.options)
    stated = [m for m in src.modes if m.lower() in {l.lower() for l in labels}]
    if stated:
        chosen = next(l for l in labels if l.lower() == stated[0].lower())
        ctx.step(T.CHOICE, f"{src.controller} chooses {chosen!r} ({src.name})", ["option"],
                 actor=src.controller)
    else:
        chosen = ctx.decide(Decision(
            key=f"option:{len(ctx.state.log)}", player=src.controller, kind="option",
            prompt=f"which option of {src.name} {src.controller} chooses", options=labels,
            citation=ctx.cite_opt("option") or "",
            example=f'{src.controller} chooses "{labels[0]}"'))
    run(ctx, game, e.options[labels.index(chosen)], src)


def _run_conditional(ctx: Context, game: "UfsGame", e: M.Conditional, src: Source) -> None:
    st = ctx.state
    c = e.condition
    assert c is not None
    later = game.await_attack(ctx, c, e.then, src)
    if later:
        return
    held = holds(st, c, src)
    ctx.step(T.RULE, f"{src.name}: {c.text[0].lower() + c.text[1:]}? "
             f"{'yes' if held else 'no'}", ["if"] + (["desperation-state"]
                                                    if _is_desperation(c) else []))
    run(ctx, game, e.then if held else e.otherwise, src)


def holds(st: State, c: M.Condition, src: Source) -> bool:
    if _is_desperation(c):
        return N.desperate(st, src.controller)
    if c.test == "is":
        oid = src.attack or st.globals.get(N.ATTACK)
        status = st.globals.get(N.STATUS) if oid == st.globals.get(N.ATTACK) else None
        return status in _BLOCK_STATES[c.state]
    if c.test == "event":
        oid = src.attack or st.globals.get(N.ATTACK)
        return oid is not None and N.DEALT in st.objects[oid].flags
    if c.test == "has":
        who = player(c.subject, src, st)
        assert c.object is not None and c.object.count is not None
        return len(st.zones[(who, N.MOMENTUM)].ids) >= (c.object.count.value or 0)
    raise NotModelled(f"the condition {c.text!r}")


def block_states(c: M.Condition) -> tuple[str, ...]:
    return _BLOCK_STATES.get(c.state, ())


_RUN: dict[type, Callable[[Context, "UfsGame", Any, Source], None]] = {
    M.ModifyValue: _run_modify, M.Gain: _run_gain, M.Lose: _run_lose, M.Move: _run_move,
    M.Exhaust: _run_commit, M.Ready: _run_ready, M.Flip: _run_flip, M.Choice: _run_choice,
    M.Conditional: _run_conditional, M.Check: _run_check,
}
