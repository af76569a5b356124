"""Conditional static abilities of permanents (FaB 17.2, 17.2.1, 19.6.1).

"If you have a card in your pitch zone with cost 0, this card's attacks get **go again**."
(Harmonized Kodachi): while the permanent is in the arena its ability is a conditional
continuous effect, on only while the condition holds; the engine evaluates the condition
whenever the value it changes is read, and traces each time the effect turns on or off.

A condition asks about a defined value ("with cost 0"): a card without that value answers
false (19.6.1), never zero. A condition or a granted quality the engine cannot read is
``not modelled``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from judge.cards import model as M
from judge.engine import effects as E
from judge.engine import trace as T
from judge.engine.context import Context
from judge.engine.errors import NotModelled
from judge.engine.state import AddModifier, Modifier, State
from judge.games.fab.reading import condition_words, is_self, keyword_of, target_text

if TYPE_CHECKING:  # pragma: no cover
    from judge.games.fab.game import FabGame

STATE_KEY = "conditional statics"
# the zones a "you have a card in your <zone>" condition looks in (values' zone names)
ZONES = {"pitch": "pitch", "hand": "hand", "graveyard": "graveyard", "arsenal": "arsenal",
         "removed": "banished", "banished": "banished"}
_BOUNDS = {"==": None, "<=": "less", ">=": "more"}


@dataclass(frozen=True, slots=True)
class Have:
    """"you have a [<kinds>] card in your <zone> with <stat> N [or less/more]"."""
    text: str
    zone: str
    stat: str
    n: int
    bound: str | None
    kinds: frozenset[str]

    def answer(self, state: State, player: str) -> tuple[bool, str, list[str]]:
        found, undefined = [], []
        for o in state.in_zone((player, self.zone)):
            if not self.kinds <= o.kinds:
                continue
            v = state.value(o.id, self.stat)
            if v is None:                # 19.6.1: "does it cost 0?" - false
                undefined.append(o.name)
                continue
            if (v == self.n if self.bound is None else
                    v <= self.n if self.bound == "less" else v >= self.n):
                found.append(f"{o.name} ({self.stat} {v})")
        why = (f"{', '.join(found)} in {player}'s {self.zone}" if found else
               f"no card in {player}'s {self.zone} has {self.stat} {self.n}"
               + (f" or {self.bound}" if self.bound else ""))
        if undefined:
            why += (f"; {', '.join(undefined)} has no {self.stat} value, so the answer for it "
                    "is false")
        return bool(found), why, ["value.defined", "value.missing"] if undefined else []


def condition_of(cond: M.Condition) -> Have:
    """"you have a [<kinds>] card in your <zone> with <stat> N [or less/more]"."""
    obj = cond.object
    zone = ZONES.get(obj.zone.name) if obj is not None and obj.zone is not None else None
    f = obj.filters[0].comparison if obj is not None and len(obj.filters) == 1 else None
    if (cond.test != "has" or cond.negated or cond.subject is None or cond.subject.ref != "you"
            or obj is None or zone is None or obj.zone.owner not in ("you", "")
            or obj.kinds[-1:] != ("card",) or obj.qualities or obj.count is not None
            or f is None or f.left.measure not in ("cost", "power", "defense", "pitch")
            or f.op not in _BOUNDS or f.right.constant is None):
        raise NotModelled(f"the condition {condition_words(cond)!r}")
    return Have(text=" ".join(condition_words(cond).lower().split()), zone=zone,
                stat=f.left.measure, n=f.right.constant, bound=_BOUNDS[f.op],
                kinds=frozenset(w for k in obj.kinds[:-1] for w in k.split()))


def is_conditional_static(ab: M.Ability) -> bool:
    """"If <condition>, this card's attacks get <keyword>": one conditional grant."""
    if ab.kind not in ("static", "spell") or len(ab.effects) != 1:
        return False
    eff = ab.effects[0]
    return (isinstance(eff, M.Conditional) and eff.condition is not None and not eff.otherwise
            and eff.condition.kind in ("if", "while", "as long as") and len(eff.then) == 1
            and isinstance(eff.then[0], M.Gain) and eff.then[0].keyword is not None
            and eff.then[0].keyword.citation is not None)


def _own_attacks(t: M.Target | None) -> bool:
    """"this card's attacks", "attacks with this", "this"."""
    return is_self(t) or (t is not None and t.kinds == ("attack",) and is_self(t.of)
                          and not t.qualities and not t.filters)


def install(ctx: Context, source: Any, ab: M.Ability) -> None:
    """Turn the ability on for as long as ``source`` stays in the arena (17.2); its condition
    decides whether it applies at each moment (17.2.1). What cannot be read is recorded as not
    modelled (the ability is not applied, so later results are undecided)."""
    with ctx.recording_not_modelled(source.name):
        _install(ctx, source, ab)


def _install(ctx: Context, source: Any, ab: M.Ability) -> None:
    st = ctx.state
    cond = ab.effects[0]
    gain = cond.then[0]
    kw = keyword_of(gain.keyword)
    if kw is None or not _own_attacks(gain.target):
        raise NotModelled(f"{source.name}: the static ability {gain.keyword.name!r} for "
                          f"{target_text(gain.target)!r}")
    have = condition_of(cond.condition)
    controller = source.controller
    mark = len(st.log)
    effect = E.create(st, description=f"{source.name}: if {have.text}, its attacks get {kw[0]}",
                      controller=controller, citation=ctx.cite_opt("continuous.conditional"),
                      while_source=(source.id, source.incarnation),
                      condition=lambda s: have.answer(s, controller)[0],
                      data={"conditional static": f"{source.name}'s attacks get {kw[0]}",
                            "have": have, "player": controller})
    st.apply(AddModifier(Modifier(id=st.new_id(), target=(source.id, source.incarnation),
                                  stat=f"kw:{kw[0]}", op="grant", value=kw[1], layer=1,
                                  timestamp=st.tick(), effect=effect.id)))
    on, why, procedures = have.answer(st, controller)
    E.note_switch(st, STATE_KEY, effect.id, on)
    ctx.step(T.RULE, f"{source.name}'s static ability is a conditional continuous effect: while "
             f"{have.text}, its attacks get {kw[0]}; it is {'on' if on else 'off'} now ({why})",
             ["continuous.duration", "continuous.conditional"] + procedures, mark=mark)



def track(game: "FabGame", ctx: Context) -> None:
    """17.2.1: each time a conditional static ability turns on or off, say why."""
    st = ctx.state
    known = E.switches(st, STATE_KEY)
    for eid, before in known.items():
        e = st.effects.get(eid)
        if e is None or not E.is_active(st, eid) and e.condition is None:
            continue
        src = e.while_source
        if src is not None and (st.objects[src[0]].incarnation != src[1]):
            continue
        on, why, procedures = e.data["have"].answer(st, e.data["player"])
        if on != before:
            mark = len(st.log)
            E.note_switch(st, STATE_KEY, eid, on)
            ctx.step(T.RULE, f"{e.data['conditional static']} turns {'on' if on else 'off'} "
                     f"({why}), without using the chain",
                     ["continuous.conditional", "continuous.no-chain"] + procedures, mark=mark)
