"""Restrictions on playing cards and activating abilities (FaB 15.2, 17.2.1, 20.4.4b).

Two shapes come from the card grammar (``judge.cards.model.Restriction``):

* "Activate this ability only while <condition>": kept on the activated ability; the ability
  can be activated only while the condition holds (Exude Confidence: "only while Exude
  Confidence is attacking", so also on a previous chain link, 15.2.2 / 20.4.5).
* "[While <condition>,] <who> can't play or activate <what> [this combat chain]": a static
  ability of an attack. It is on while the attack is attacking (20.4.4b) and, when it has a
  condition, only while the condition holds: a conditional continuous effect turns on and off
  with the game state (17.2.1). The engine checks it whenever the restricted player plays a
  card or activates an ability, and refuses what it forbids.

Conditions and the restricted cards are read from their values (:mod:`judge.cards.model`); a
condition or a restricted set of cards the engine cannot read raises ``NotModelled`` (the engine
never guesses whether it holds).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.cards import model as M
from judge.cards.model import Restriction
from judge.engine import trace as T
from judge.engine.context import Context
from judge.engine.errors import IllegalAction, NotModelled
from judge.engine import effects as E
from judge.engine.state import AddModifier, Modifier, SetGlobal, State
from judge.games.fab import combat as K
from judge.games.fab.reading import (condition_words, is_self, keyword_of,
                                          target_text)
from judge.games.fab.zones import COMBAT

if TYPE_CHECKING:  # pragma: no cover
    from judge.games.fab.game import FabGame
    from judge.games.fab.cards import Activated



def is_restriction(eff: M.Effect) -> bool:
    return isinstance(eff, Restriction)


def _defend_actions(eff: Restriction) -> bool:
    """"<this> can't be defended by ...": a restriction of the defending hero's cards."""
    return eff.actions == ("be defended",)


def is_restriction_ability(ab: M.Ability) -> bool:
    """A static ability of an attack that restricts ("<who> can't play ...", "can't be
    defended by ..."), optionally "while / if <condition>", or a conditional one whose
    condition the engine reads and that changes the attack itself ("If Soulbead Strike was the
    last attack this combat chain, Crane Dance gains +1{p}, go again, and it can't be defended
    by ...")."""
    if ab.kind not in ("static", "spell") or len(ab.effects) != 1:
        return False
    eff = ab.effects[0]
    if isinstance(eff, M.Conditional) and eff.condition is not None and \
            eff.condition.kind in ("while", "if") and not eff.otherwise and eff.then:
        if all(is_restriction(e) for e in eff.then):
            return True
        readable = last_attack_name(eff.condition) is not None
        return readable and all(is_restriction(e) or _self_change(e) for e in eff.then)
    return is_restriction(eff) and eff.only is None


def _self_change(eff: M.Effect) -> bool:
    """"<this> gains +1{p}" / "<this> gains go again" (the target may be the card's name)."""
    if isinstance(eff, M.ModifyValue):
        return (eff.amount is not None and eff.amount.constant is not None
                and eff.stat in ("power", "defense"))
    return isinstance(eff, M.Gain) and eff.keyword is not None and \
        eff.keyword.citation is not None


# --------------------------------------------------------------------------- conditions

def last_attack_name(cond: M.Condition) -> M.Target | None:
    """Combo (glossary): "<name> was the last attack this combat chain" - the attack it
    names, else None."""
    obj = cond.object
    if cond.test == "is" and not cond.negated and obj is not None and \
            obj.kinds == ("attack",) and obj.qualities == ("last",) and \
            cond.within is not None and cond.within.kind == "this chain" and \
            cond.subject is not None and (cond.subject.name or cond.subject.ref == "this"):
        return cond.subject
    return None


# "a card with equal or greater {p}" (than the attack): the comparison's words
_OP_WORDS = {">=": "equal or greater", ">": "greater", "<=": "equal or less", "<": "less"}


def _defended_by(cond: M.Condition) -> tuple[bool, str] | None:
    """"this is / isn't defended by a card with equal or greater {p}": (is, the comparison
    in words), else None."""
    ev = cond.event
    if cond.test != "event" or ev is None or ev.verb != "be defended" or ev.by is None or \
            not (ev.subject is not None and ev.subject.ref == "this"):
        return None
    by = ev.by
    if by.kinds != ("card",) or len(by.filters) != 1:
        return None
    c = by.filters[0].comparison
    if c is None or c.left.measure != "power" or c.op not in _OP_WORDS or \
            c.right.defined_as is None or c.right.defined_as.measure != "power" or \
            c.right.defined_as.of is None or c.right.defined_as.of.ref != "that":
        return None
    return (not cond.negated), _OP_WORDS[c.op]


def _link_of(state: State, oid: int) -> K.Link | None:
    c = K.combat(state)
    if not c.open:
        return None
    return next((l for l in c.links if l.attack == oid), None)


def attacking(state: State, oid: int) -> bool:
    """An attack is "attacking" from the end of its attack step until it leaves the combat
    chain (20.4.4), also once its chain link has resolved (20.4.5)."""
    link = _link_of(state, oid)
    return (link is not None and link.attacking and state.objects[oid].zone == COMBAT
            and state.objects[oid].face_up)


def condition_text(state: State, condition: M.Condition, oid: int) -> str:
    """The condition as printed (without its leading "if" / "while")."""
    return condition_words(condition)


def condition_kind(condition: M.Condition) -> str:
    """"while", "if" ("only while": the allowance's "while")."""
    return condition.kind.removeprefix("only ")


def holds(state: State, condition: M.Condition, oid: int) -> tuple[bool, str, list[str]]:
    """(whether ``condition`` of object ``oid``'s ability holds, why, procedures cited)."""
    name = state.objects[oid].name
    if condition.test == "is" and condition.state == "attacking" and not condition.negated \
            and condition.subject is not None and condition.subject.ref == "this":
        link = _link_of(state, oid)
        if attacking(state, oid):
            assert link is not None
            where = ("on the current chain link" if link is K.current(state) and
                     link.step != K.RESOLVED else f"on chain link {link.number}, which has "
                     "resolved")
            return True, f"{name} is attacking ({where})", ["combat.attacking"]
        return False, f"{name} is not attacking", ["combat.attacking"]
    last = last_attack_name(condition)
    if last is not None:
        return _last_attack(state, oid, last.name or name)
    defended = _defended_by(condition)
    if defended is not None:
        is_, how = defended
        link = _link_of(state, oid)
        if link is None:
            return (not is_), f"{name} is not on a chain link", ["combat.defend"]
        power = state.value(oid, "power")
        if power is None:
            raise NotModelled(f"{name} has no power to compare defending cards with")
        found, undefined = [], []
        for d in link.defenders:
            if state.objects[d].zone != COMBAT:
                continue
            p = state.value(d, "power")
            if p is None:           # 19.6.1: "does it have equal or greater {p}?" is false
                undefined.append(state.objects[d].name)
                continue
            if _compare(p, how, power):
                found.append(f"{state.objects[d].name} ({p})")
        is_defended = bool(found)
        result = is_defended if is_ else not is_defended
        why = (f"{name} ({power} power) is defended by {', '.join(found)} with "
               f"{how} power" if found else f"no card defending {name} ({power} power) "
               f"has {how} power")
        if undefined:
            why += f"; {', '.join(undefined)} has no power value, so it does not"
        return result, why, ["combat.defend"] + (["value.defined", "value.missing"]
                                                 if undefined else [])
    raise NotModelled(f"the condition {condition_words(condition)!r}")


def _last_attack(state: State, oid: int, name: str) -> tuple[bool, str, list[str]]:
    """Combo: the attack of the most recent previous chain link has that name, and is still on
    the combat chain (else its name is no longer known)."""
    c = K.combat(state)
    link = _link_of(state, oid)
    if link is None:
        return False, f"{state.objects[oid].name} is not on a chain link", ["kw.combo"]
    before = [l for l in c.links if l.number < link.number]
    if not before:
        return False, "there is no previous chain link", ["kw.combo"]
    prev = before[-1]
    attack = state.objects[prev.attack]
    if attack.zone != COMBAT and not prev.proxy:
        return False, (f"the attack of chain link {prev.number} is no longer on the combat "
                       "chain: its name is not known"), ["kw.combo"]
    same = attack.name.lower() == " ".join(name.lower().split())
    return same, (f"the last attack this combat chain (chain link {prev.number}) is "
                  f"{attack.name}"), ["kw.combo"]


def _compare(value: int, how: str, than: int) -> bool:
    return {"equal or greater": value >= than, "greater": value > than,
            "equal or less": value <= than, "less": value < than}[how]


# --------------------------------------------------------------------------- what is restricted

def _restricted_kinds(what: M.Target | None) -> list[str]:
    """"instants or defense reactions" -> ["instant", "defense reaction"]."""
    kinds = []
    for t in ((what,) + what.alternatives if what is not None else ()):
        words = [k for k in t.kinds if k != "card"]
        kind = " ".join(words)
        if len(words) != 1 or kind not in ("instant", "defense reaction", "attack reaction",
                                            "action") or t.qualities or t.filters:
            raise NotModelled(f"a restriction on playing {target_text(what)!r}")
        kinds.append(kind)
    if not kinds:
        raise NotModelled("a restriction that names no cards")
    return kinds


def _card_is(o: Any, kind: str) -> bool:
    if kind in ("defense reaction", "attack reaction"):
        return o.has_kind(kind) or set(kind.split()) <= o.kinds
    return o.has_kind(kind)


def _who(state: State, who: M.Target | None, oid: int) -> str | None:
    if who is not None and who.kinds == ("hero",) and who.qualities == ("defending",) and \
            not who.targeted:
        link = _link_of(state, oid)                    # "the defending hero"
        return None if link is None else link.target
    if who is None or (who.ref == "you" and not who.kinds):
        return state.objects[oid].controller
    raise NotModelled(f"a restriction on {target_text(who)!r}")


def _active(game: "FabGame", state: State):
    """(attack, restriction, condition) for every restriction of an attacking card (20.4.4b)."""
    for link in K.combat(state).links if K.combat(state).open else ():
        oid = link.attack
        if not attacking(state, oid):
            continue
        for ab in game.card_rules(state, oid).restrictions:
            eff = ab.effects[0]
            if isinstance(eff, M.Conditional):
                for inner in eff.then:
                    if is_restriction(inner):
                        yield oid, inner, eff.condition
            else:
                yield oid, eff, None


def verify(game: "FabGame", ctx: Context, player: str, action: str, *, card: Any = None,
           ability_kind: str = "") -> None:
    """Refuse ``action`` ("play" a card, "activate" an ability of ``ability_kind``) when an
    attacking card's restriction forbids it now."""
    st = ctx.state
    for oid, eff, condition in list(_active(game, st)):
        if action not in eff.actions or _defend_actions(eff) or \
                _who(st, eff.who, oid) != player:
            continue
        kinds = _restricted_kinds(eff.what)
        if action == "play":
            hit = [k for k in kinds if _card_is(card, k)]
        else:
            hit = [k for k in kinds if ability_kind == k]
        if not hit:
            continue
        name = st.objects[oid].name
        what = card.name if action == "play" else f"an {ability_kind} ability"
        if condition is None:
            raise IllegalAction(action, f"{name} is attacking: {player} can't {action} "
                                f"{target_text(eff.what)} ({what})",
                                ctx.cite("combat.attack-effects-on"))
        on, why, _ = holds(st, condition, oid)
        if on:
            raise IllegalAction(action, f"{name}'s conditional continuous effect is on ({why}): "
                                f"{player} can't {action} {target_text(eff.what)} "
                                f"({what})", ctx.cite("continuous.conditional"))


def verify_ability(game: "FabGame", ctx: Context, player: str, card: int,
                   ab: "Activated") -> None:
    """"Activate this ability only while ...": refuse unless the condition holds (15.2)."""
    st = ctx.state
    for eff in ab.restrictions:
        if eff.only is None:
            raise NotModelled(f"the restriction {eff.verb!r} of {st.objects[card].name}")
        ok, why, _ = holds(st, eff.only, card)
        if not ok:
            raise IllegalAction("activate", f"{st.objects[card].name}'s ability can be activated "
                                f"only {condition_kind(eff.only)} "
                                f"{condition_text(st, eff.only, card)}: {why}",
                                ctx.cite("activate.controller"))
    verify(game, ctx, player, "activate", ability_kind=ab.kind)


def note_activation(game: "FabGame", ctx: Context, card: int, ab: "Activated") -> None:
    """Trace why an activation with an "only while" condition was legal (15.2.2)."""
    st = ctx.state
    for eff in ab.restrictions:
        if eff.only is None:
            continue
        _, why, procedures = holds(st, eff.only, card)
        link = _link_of(st, card)
        previous = link is not None and link is not K.current(st)
        ctx.step(T.RULE, f"{st.objects[card].name}'s ability may be activated only "
                 f"{condition_kind(eff.only)} {condition_text(st, eff.only, card)}: {why}"
                 + (": a card on a previous chain link is still in the arena" if previous else ""),
                 ["activate.controller"] + procedures
                 + (["activate.previous-link", "combat.attack-stays"] if previous else []))


STATE_KEY = "conditional restrictions"


def _text_of(inner: Any) -> str:
    if _defend_actions(inner):
        return f"it can't be defended by {target_text(inner.by) or 'cards'}"
    return (f"{target_text(inner.who) or 'you'} can't {' or '.join(inner.actions)} "
            f"{target_text(inner.what)}").strip()


def track(game: "FabGame", ctx: Context) -> None:
    """17.2.1: a conditional continuous effect turns on and off as the game state changes.
    Checked whenever a player would gain priority; each change is a step of the trace."""
    st = ctx.state
    before = dict(st.globals.get(STATE_KEY, ()))
    now: dict[str, bool] = {}
    for oid, inner, cond in list(_active(game, st)):
        if cond is None:
            continue
        key = f"{st.objects[oid].name} #{oid}: {_text_of(inner)}"
        on, why, procedures = holds(st, cond, oid)
        now[key] = on
        if key in before and before[key] != on:
            ctx.step(T.RULE, f"{st.objects[oid].name}'s conditional continuous effect turns "
                     f"{'on' if on else 'off'} ({why}): {_text_of(inner)} "
                     f"{'now' if on else 'no longer'}, without using the chain",
                     ["continuous.conditional", "continuous.no-chain"] + procedures)
    if now != before:
        st.apply(SetGlobal(STATE_KEY, tuple(sorted(now.items()))))
    from judge.games.fab import statics as fab_statics
    fab_statics.track(game, ctx)        # the conditional static abilities of permanents


def attack_effects_on(game: "FabGame", ctx: Context, link: K.Link) -> None:
    """20.4.4b: the attack's continuous effects turn on when it becomes attacking."""
    st = ctx.state
    o = st.objects[link.attack]
    for ab in game.card_rules(st, link.attack).restrictions:
        eff = ab.effects[0]
        cond = eff.condition if isinstance(eff, M.Conditional) else None
        if cond is not None:
            _self_changes(ctx, o, cond, [e for e in eff.then if not is_restriction(e)])
        inner = next((e for e in (eff.then if cond is not None else (eff,))
                      if is_restriction(e)), None)
        if inner is None:
            continue
        text = _text_of(inner)
        if cond is None:
            ctx.step(T.RULE, f"{o.name}'s continuous effect is now on: {text}",
                     ["combat.attack-effects-on"])
            continue
        on, why, procedures = holds(st, cond, link.attack)
        mark = len(st.log)
        key = f"{o.name} #{o.id}: {_text_of(inner)}"
        st.apply(SetGlobal(STATE_KEY, tuple(sorted({**dict(st.globals.get(STATE_KEY, ())),
                                                    key: on}.items()))))
        ctx.step(T.RULE, f"{o.name}'s conditional continuous effect is now active: "
                 f"{condition_kind(cond)} {condition_text(st, cond, o.id)}, {text}; it is "
                 f"{'on' if on else 'off'} "
                 f"now ({why})",
                 ["combat.attack-effects-on", "continuous.conditional"] + procedures, mark=mark)


def _self_changes(ctx: Context, o: Any, cond: M.Condition, changes: list[M.Effect]) -> None:
    """The attack's own conditional gains ("gains +1{p}, go again"): continuous effects on
    while the attack is where it is, applying only while the condition holds (17.2.1)."""
    st = ctx.state
    if not changes:
        return
    oid = o.id
    parts = []
    mark = len(st.log)
    for e in changes:
        if not is_self(e.target):
            raise NotModelled(f"{o.name}: a conditional change of {target_text(e.target)!r}")
        effect = E.create(st, description=f"{o.name}: {e.verb} while {condition_words(cond)}",
                          controller=o.controller, citation=ctx.cite_opt("continuous.conditional"),
                          while_source=(o.id, o.incarnation),
                          condition=lambda s, c=cond: holds(s, c, oid)[0])
        if isinstance(e, M.ModifyValue):
            stat, amount = e.stat, e.sign * (e.amount.constant or 0)
            st.apply(AddModifier(Modifier(id=st.new_id(), target=(o.id, o.incarnation), stat=stat,
                                          op="add", value=amount, layer=1, timestamp=st.tick(),
                                          effect=effect.id)))
            parts.append(f"{amount:+d} {stat}")
        else:
            kw = keyword_of(e.keyword)
            if kw is None:
                raise NotModelled(f"{o.name}: gaining {e.keyword.name!r}")
            st.apply(AddModifier(Modifier(id=st.new_id(), target=(o.id, o.incarnation),
                                          stat=f"kw:{kw[0]}", op="grant", value=kw[1], layer=1,
                                          timestamp=st.tick(), effect=effect.id)))
            parts.append(kw[0])
    on, why, procedures = holds(st, cond, oid)
    ctx.step(T.RULE, f"{o.name}'s conditional continuous effect is now active: "
             f"{condition_kind(cond)} {condition_text(st, cond, oid)}, it gets {', '.join(parts)}; it is "
             f"{'on' if on else 'off'} now ({why}; {o.name} has {st.value(oid, 'power')} power)",
             ["combat.attack-effects-on", "continuous.conditional"] + procedures, mark=mark)


# --------------------------------------------------------------------------- can't be defended

_STATS = {"cost": "cost", "power": "power", "defense": "defense"}


def verify_defend(game: "FabGame", ctx: Context, player: str, link: K.Link,
                  cards: tuple[int, ...]) -> None:
    """"<attack> can't be defended by [<kinds>] cards with [base] <stat> less|greater than N":
    a card with no such value has no value to return, so it counts as zero (19.6.2)."""
    st = ctx.state
    oid = link.attack
    for ab in game.card_rules(st, oid).restrictions:
        eff = ab.effects[0]
        inner = [e for e in (eff.then if isinstance(eff, M.Conditional) else (eff,))
                 if is_restriction(e) and _defend_actions(e)]
        if not inner:
            continue
        cond = eff.condition if isinstance(eff, M.Conditional) else None
        name = st.objects[oid].name
        if cond is not None:
            on, why, _ = holds(st, cond, oid)
            if not on:
                continue
        else:
            why = f"{name} is attacking"
        for r in inner:
            kinds, printed, stat, base, how, right = _defended_by_cards(name, r.by)
            n = _number(st, oid, link, right)
            for card in cards:
                o = st.objects[card]
                if not kinds <= o.kinds:
                    continue
                value = st.base_value(card, stat) if base else st.value(card, stat)
                counted = 0 if value is None else value
                if not (counted < n if how == "less" else counted > n):
                    continue
                label = f"{'base ' if base else ''}{stat}"
                shown = (f"{o.name} has no {stat} value, so its {label} is considered to be "
                         "zero" if value is None else f"{o.name} has {label} {value}")
                raise IllegalAction("defend", f"{name} can't be defended by "
                                    f"{printed + ' ' if printed else ''}cards "
                                    f"with {label} {how} than {n} ({why}): {shown}",
                                    ctx.cite("value.returned" if value is None
                                             else "kw.combo" if cond is not None
                                             and last_attack_name(cond) is not None
                                             else "combat.defend"))


def _defended_by_cards(name: str, by: M.Target | None
                       ) -> tuple[frozenset[str], str, str, bool, str, M.Amount]:
    """The defending cards a "can't be defended by" names: (their kinds, those as printed,
    the stat compared, base value or not, "less" / "greater", the number compared with)."""
    c = by.filters[0].comparison if by is not None and len(by.filters) == 1 else None
    measure = c.left.measure if c is not None else ""
    base = measure.startswith("base ")
    stat = _STATS.get(measure.removeprefix("base "))
    if by is None or c is None or stat is None or c.op not in ("<", ">") or \
            by.kinds[-1:] != ("card",) or by.qualities or by.alternatives:
        raise NotModelled(f"{name} can't be defended by {target_text(by)!r}")
    kinds = frozenset(w for k in by.kinds[:-1] for w in k.split())
    return (kinds, " ".join(by.kinds[:-1]), stat, base, "less" if c.op == "<" else "greater",
            c.right)


def _number(state: State, oid: int, link: K.Link, amount: M.Amount) -> int:
    if amount.constant is not None:
        return amount.constant
    q = amount.defined_as
    of = q.of if q is not None else None
    if q is not None and q.measure == "count" and not q.plus and of is not None and \
            of.kinds == ("chain link",) and of.controller == "you" and not of.qualities:
        # "the number of chain links you control"
        return sum(1 for l in K.combat(state).links if l.controller == link.controller)
    raise NotModelled(f"the number {amount.text or (q.text if q else '')!r}")
