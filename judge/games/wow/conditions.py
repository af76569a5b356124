"""Conditions in card text (:class:`judge.cards.model.Condition`) tested against the game: "if
you control a Hunter hero or ally", "while attacking", "if you have four or more cards in your
hand", "if you targeted a hero" (706.3), "if you do" (709.2f: read from the resolution that
asks). A condition the module cannot test raises :class:`~judge.games.wow.describe.Unknown`."""

from __future__ import annotations

from dataclasses import replace

from judge.cards import model as M
from judge.engine.state import State
from judge.games.wow import describe as D
from judge.games.wow import model as W
from judge.games.wow.describe import Scope, Unknown


def holds(state: State, c: M.Condition, scope: Scope, *, did: bool | None = None,
          targeted: tuple = ()) -> bool:
    got = _holds(state, c, scope, did=did, targeted=targeted)
    return (not got) if c.negated else got


def _holds(state: State, c: M.Condition, scope: Scope, *, did: bool | None,
           targeted: tuple) -> bool:
    from judge.games.wow import amounts as A
    from judge.games.wow import combat as K
    if c.test in ("all", "any"):
        results = [holds(state, p, scope, did=did, targeted=targeted) for p in c.parts]
        return all(results) if c.test == "all" else any(results)
    if c.test == "event" and c.event is not None and c.event.verb == "do":
        if did is None:
            raise Unknown(f"the condition {c.text!r}: nothing before it was done")
        return did
    if c.test == "event" and c.event is not None and c.event.verb == "remain" and \
            c.event.subject is not None and (c.event.subject.ref == "none" or
                                             c.event.subject.quantifier == "no"):
        # 404.1d: "if none remain": no counters of the name just removed are on the card
        kind = scope.chosen.get("counter")
        if kind is None or scope.source is None:
            raise Unknown(f"the condition {c.text!r}")
        return state.counter_count(scope.source, kind) == 0
    if c.test == "phase" and c.kind == "during" and c.event is not None and \
            c.event.phase == "turn" and c.event.whose is not None and \
            c.event.whose.ref == "you":
        # "during your turn"
        return W.turn_player(state) == scope.you
    if c.test == "control" and c.object is not None:
        who = _players(state, c.subject, scope)
        return any(D.matches(state, c.object, o.id, Scope(you=p, source=scope.source,
                                                           it=scope.it))
                   for p in who for o in W.party(state, p))
    if c.test == "has" and c.object is not None:
        return _has(state, c, scope)
    if c.test == "compare" and c.comparison is not None:
        left = A.quantity(state, c.comparison.left, scope)
        right = A.amount(state, c.comparison.right, scope)
        return D.compare(left, c.comparison.op, right)
    if c.test == "is":
        state_word = c.state.lower()
        subject = _subjects(state, c.subject, scope)
        if state_word in ("your turn", "on your turn"):
            return W.turn_player(state) == scope.you
        if state_word == "attached":
            # "If target ability is attached to a hero or ally" (400.5: its host)
            hosts = [W.host_of(state, x) for x in subject if isinstance(x, int)]
            return bool(hosts) and all(h is not None and (
                c.object is None or D.matches(state, c.object, h, scope)) for h in hosts)
        checks = {"attacking": K.attacking, "defending": K.defending,
                  "in combat": K.in_combat, "protecting": K.protecting,
                  "exhausted": W.exhausted}
        fn = checks.get(state_word)
        if fn is None:
            if state_word == "ready":
                return all(not W.exhausted(state, x) for x in subject) and bool(subject)
            raise Unknown(f"the condition {c.text!r}")
        if _indefinite(c.subject):
            # "If a Mage you control is defending": one of the cards described is
            return any(fn(state, x) for x in subject)
        return bool(subject) and all(fn(state, x) for x in subject)
    if _link_targeting(c):
        return bool(targeting(state, c, scope))
    if c.test == "targeted" or (c.test == "event" and c.event is not None
                                and c.event.verb in ("target",)):
        if c.event is None or c.event.object is None:
            raise Unknown(f"the condition {c.text!r}")
        return any(D.matches(state, c.event.object, t, scope) for t in targeted)
    raise Unknown(f"the condition {c.text!r}")


def _indefinite(t: M.Target | None) -> bool:
    """"a Mage you control" (any one of the cards described), not "target ally", "your hero",
    "it" or "allies you control"."""
    return t is not None and t.who == "object" and t.quantifier == "one" and not t.ref and \
        not t.targeted and t.count is None and not t.text.lower().startswith(("the ", "that "))


def guess_result(c: M.Condition) -> bool:
    """"If you guessed correctly" (712.8): the event ``guess right`` of the card's guesser,
    answered by the resolution that made the guess."""
    ev = c.event
    return c.test == "event" and ev is not None and ev.verb == "guess right" and \
        ev.subject is not None and ev.subject.ref == "you" and not ev.rest


def _link_targeting(c: M.Condition) -> bool:
    """"If an ability card is targeting only your hero" (Spell Reflection): a condition on a
    link on the chain and what it targets now, not on what the resolving link targeted
    (706.3's "if you targeted")."""
    ev = c.event
    return c.test == "event" and ev is not None and ev.verb == "target" and not ev.rest \
        and ev.subject is not None and ev.subject.who == "object" and ev.object is not None


def targeting(state: State, c: M.Condition, scope: Scope) -> list[int]:
    """The cards on the chain (other than the resolving one) that the condition's subject
    describes whose link targets what its object describes now; "only": that and nothing
    else (706.1a: a card that became a different card is no longer that target, 709.2a)."""
    ev = c.event
    subject = replace(ev.subject, zone=M.Zone(name="chain"))
    only = "only" in ev.object.qualities
    wanted = replace(ev.object, qualities=tuple(q for q in ev.object.qualities if q != "only"))
    out = []
    for layer in state.chain:
        if layer.kind != "card" or layer.source is None or layer.source == scope.source or \
                not D.matches(state, subject, layer.source, scope):
            continue
        now = [W.hero(state, x) if isinstance(x, str) and not D.is_player_desc(wanted) else x
               for slot in layer.data.get("slots", ()) for x in W.still_targeted(state, slot)]
        hits = [x for x in now if x is not None and D.matches(state, wanted, x, scope)]
        if hits and (not only or len(hits) == len(now)):
            out.append(layer.source)
    return out


def _has(state: State, c: M.Condition, scope: Scope) -> bool:
    """"If your hero has Stealth" (a keyword), "if you have four or more cards in your hand"
    (cards in a zone, counted)."""
    from judge.games.wow import amounts as A
    from judge.games.wow import powers as P
    from judge.games.wow import values as VA
    obj = c.object
    words = [k.lower() for k in obj.kinds]
    if words == ["name"] and "different" in [q.lower() for q in obj.qualities]:
        things = _subjects(state, c.subject, scope)
        names = [state.objects[x].name for x in things]
        return len(names) == len(set(names))
    if len(words) == 1 and (words[0] in P.KEYWORDS or words[0].endswith(" resistance")):
        things = _subjects(state, c.subject, scope)
        return bool(things) and all(VA.has_keyword(state, x, words[0]) for x in things)
    if obj.zone is not None or "card" in words:
        who = _players(state, c.subject, scope)
        found = [x for p in who for x in D.candidates(state, obj, Scope(
            you=p, source=scope.source, it=scope.it))]
        if obj.count is not None:
            n = A.amount(state, obj.count, scope)
            rel = obj.count.relation
            return D.compare(len(found), {"at least": ">=", "at most": "<=", "up to": "<=",
                                          "": ">="}.get(rel, ">="), n)
        return bool(found)
    raise Unknown(f"the condition {c.text!r}")


def _players(state: State, who: M.Target | None, scope: Scope) -> list[str]:
    if who is None or who.ref == "you" or (who.kinds and who.kinds[-1] == "you"):
        return [scope.you]
    return [p for p in D.candidates(state, who, scope) if isinstance(p, str)]


def _subjects(state: State, who: M.Target | None, scope: Scope) -> list[int]:
    if who is None or who.ref in ("it",):
        return [x for x in scope.it if isinstance(x, int)]
    return [x for x in D.candidates(state, who, scope) if isinstance(x, int)]


_IS_STATES = frozenset({"your turn", "on your turn", "attacking", "defending", "in combat",
                        "protecting", "exhausted", "ready", "attached"})


def why_not(c: M.Condition | None) -> str:
    """Why :func:`holds` can't test ``c`` (empty: it can)."""
    if c is None:
        return ""
    if c.test in ("all", "any"):
        return next((w for w in (why_not(p) for p in c.parts) if w), "")
    if c.event is not None and c.event.rest:
        return f"the condition {c.text!r} ({'; '.join(c.event.rest)})"
    if c.test == "event" and c.event is not None and c.event.verb in ("do", "remain"):
        return ""
    if c.kind == "unless" and c.test == "event" and c.event is not None and \
            c.event.verb in ("discard", "pay"):
        return ""
    if c.test in ("control", "compare") and (c.object is not None or c.comparison is not None):
        if c.test == "compare" and c.comparison is not None and \
                c.comparison.right.value is None and c.comparison.right.defined_as is None and \
                not c.comparison.right.variable:
            return f"the comparison {c.text!r} (the card grammar lost its right side)"
        return ""
    if c.test == "has" and c.object is not None:
        return ""
    if _link_targeting(c) or guess_result(c):
        return ""
    if c.test == "is" and c.state.lower() in _IS_STATES:
        return ""
    return f"the condition {c.text!r}"
