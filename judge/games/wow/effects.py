"""What a resolving link, a triggered effect or a replacement modifier does: the card model's
effect values processed in order (709.2b, 712.3), each creating one-shot modifiers (713: damage,
healing, moving cards, exhausting ...) or continuous ones (714.3: "+2 ATK this turn", "can't
attack this turn"), triggered modifiers (715) and replacement modifiers (716).

:class:`Run` is one such processing. Its :class:`~judge.games.wow.describe.Scope` says who
"you" is (712.6), what the source is (712.5) and what "it" / "that ally" refer to (712.3a);
``did`` answers "if you do" (709.2f). An effect the module cannot carry out raises
:class:`~judge.engine.errors.NotModelled`: the ruling names it instead of dropping it.
"""

from __future__ import annotations

from contextlib import contextmanager
from dataclasses import fields, is_dataclass, replace
from typing import Any, Callable

from judge.cards import model as M
from judge.engine import effects as CE
from judge.engine import trace as T
from judge.engine.context import Context
from judge.engine.decisions import Decision
from judge.engine.errors import NotModelled
from judge.engine.events import Event
from judge.engine.state import AddModifier, Custom, Modifier, State
from judge.games.wow import amounts as A
from judge.games.wow import conditions as C
from judge.games.wow import describe as D
from judge.games.wow import model as W
from judge.games.wow import moves as MV
from judge.games.wow import packets as PK
from judge.games.wow import replacing as RP
from judge.games.wow import values as VA
from judge.games.wow.describe import Scope, Unknown

# durations -> the moments the game names when they end (501.1a, 503.2a, 603.3)
_ENDS = {"this turn": "end of turn", "until end of turn": "end of turn",
         "this combat": "end of combat", "until end of combat": "end of combat"}


def set_effect_data(state: State, effect: int, key: str, value: Any) -> None:
    def fn(s: State, k=key, v=value, e=effect) -> None:
        if e in s.effects:
            s.effects[e].data[k] = v
    state.apply(Custom(f"{state.effects[effect].description if effect in state.effects else 'a modifier'}: "
                       f"{key} {value}", fn))


def use_effect(state: State, effect: int) -> None:
    state.apply(CE.UseEffect(effect))


@contextmanager
def named_unknown(name: str):
    """What the module cannot tell about ``name``'s effect (a description, amount or condition
    it cannot check here) is named as not modelled, never taken as false or nothing."""
    try:
        yield
    except Unknown as u:
        raise NotModelled(f"{name}: {u.what}") from None


ORDINALS = ("first", "second", "third")


def ordinal(desc: M.Target) -> int | None:
    """"the first target" / "the second target" after "Target up to two heroes and/or allies"
    (Jackknife): not a target of its own but one of those the link already chose (707.1d), by
    its place in the order they were stated - 0 for the first. None for any other description
    ("a second target ally" names a kind: a target of its own)."""
    if not desc.targeted or desc.kinds or desc.alternatives or desc.ref:
        return None
    found = [ORDINALS.index(q) for q in desc.qualities if q in ORDINALS]
    return found[0] if len(found) == 1 else None


def _chooses_targets(e: M.Effect) -> bool:
    """"Target up to two heroes and/or allies.": a sentence that only chooses targets as the
    link is added (707.1d); later sentences name them "the first target", "the second
    target"."""
    return isinstance(e, M.Choose) and e.verb == "target" and not e.kind and \
        e.what is not None and e.what.targeted


def slots(effects: tuple[M.Effect, ...]) -> list[M.Target]:
    """The targets a link chooses as it is added (707.1d), in the order its text names them."""
    out: list[M.Target] = []
    seen: set[int] = set()

    def visit(value: Any) -> None:
        if isinstance(value, tuple):
            for v in value:
                visit(v)
            return
        if isinstance(value, M.Target):
            key = (value.span.start, value.span.end) if value.span else id(value)
            if value.targeted and key not in seen and ordinal(value) is None:
                seen.add(key)
                out.append(value)
            return
        if isinstance(value, (M.Effect, M.Condition, M.Replacement)) or hasattr(value,
                                                                              "__dataclass_fields__"):
            if isinstance(value, (M.Amount, M.Quantity, M.Span, M.Zone, M.Keyword, M.Duration)):
                return
            if isinstance(value, (M.Ability,)) and value is not None:
                return                       # a granted power's targets: chosen as it is used
            if isinstance(value, M.DelayedTrigger):
                return                       # chosen as its triggered effect is added (715.1)
            for name in getattr(value, "__dataclass_fields__", {}):
                child = getattr(value, name)
                if child is not None and not isinstance(child, (str, int, bool, M.Span)):
                    visit(child)
    visit(effects)
    return out


def granted_slots(effects: tuple[M.Effect, ...]) -> list[M.Target]:
    """706.1c: the targets of powers these effects give to a card ("Target ally has '-> Destroy
    target ally' this turn"): chosen as that power is used, not as the link is added."""
    out: list[M.Target] = []

    def visit(e: Any) -> None:
        if isinstance(e, M.Gain) and e.resource == "ability":
            for ab in e.abilities:
                out.extend(slots(ab.effects))
        for x in getattr(e, "then", ()) + getattr(e, "otherwise", ()):
            visit(x)
        for opt in getattr(e, "options", ()):
            for x in opt:
                visit(x)
    for e in effects:
        visit(e)
    return out


class Run:
    """One processing of effect values (see the module docstring)."""

    def __init__(self, game, ctx: Context, *, you: str, source: int | None, name: str,
                 link: int | None = None, slots_: list[M.Target] | None = None,
                 chosen_targets: tuple[tuple[Any, ...], ...] = (),
                 chosen: dict[str, Any] | None = None, it: tuple[Any, ...] = (),
                 replacing: Event | None = None, event: dict[str, Any] | None = None,
                 text: str = "", targeted: tuple[Any, ...] = ()) -> None:
        self.game = game
        self.ctx = ctx
        self.you = you
        self.source = source
        self.name = name
        self.link = link
        self.slots = slots_ or []
        self.chosen_targets = chosen_targets
        self.chosen = dict(chosen or {})
        self.it: tuple[Any, ...] = it
        self.replacing = replacing
        self.event = event or {}
        self.did: bool | None = None
        self.text = text
        self.targeted = targeted
        self.dealt = 0
        self.they: str | None = None
        self.triggered = False         # a triggered effect resolving (708.3)
        self.empower: set[int] = set()  # ids of the Empower text's conditions
        self.made: list[frozenset[str]] = []   # the durations of the modifiers it created
        self.picked: list[Any] = []    # cards chosen as it resolves ("another ..." excludes them)
        self.guessed: tuple[str, M.Guess] | None = None   # the guess made (712.8) and its value
        self.nothing_chosen = False    # "choose a card you removed" found none: "it" is nothing
        self.found: tuple[Any, ...] | None = None   # what the last search found ("reveal it")
        self.entering = False          # an "as this enters play" power (710.1a) being created

    # ------------------------------------------------------------------ reading
    @property
    def state(self) -> State:
        return self.ctx.state

    @property
    def scope(self) -> Scope:
        chosen = dict(self.chosen)
        chosen.setdefault("damage dealt", self.dealt)
        return Scope(you=self.you, source=self.source, it=self.it, event=self.event,
                     chosen=chosen, link=self.link, they=self.they)

    def things(self, desc: M.Target | None, *, default: tuple = (),
               every: bool = False, chooser: str | None = None,
               able=None) -> list[Any]:
        """What ``desc`` names now: the link's chosen targets for a targeted description
        (those still legal, 709.2c), "it" / "that ally" (712.3a), or every card or player it
        describes."""
        if desc is None:
            return list(default)
        n = ordinal(desc)
        if n is not None:
            return self._stated(desc, n)
        if desc.targeted:
            index = next((i for i, s in enumerate(self.slots) if s is desc
                          or (s.span is not None and s.span == desc.span)), None)
            if index is None or index >= len(self.chosen_targets):
                raise NotModelled(f"the target of {desc.text!r} was not chosen")
            return [t for t in self.chosen_targets[index]]
        if desc.ref in ("it", "that", "they") and self.it:
            return list(self.it)
        if desc.ref in ("it", "that") and not self.it and self.nothing_chosen:
            return []                 # "choose a card you removed and put it ...": none left
        if desc.ref in ("it", "that", "they") and not self.it:
            raise NotModelled(f"what {desc.text or desc.ref!r} refers to")
        with named_unknown(self.name):
            found = D.candidates(self.state, desc, self.scope)
        if D.is_random(desc) and len(found) > 1:
            raise NotModelled(f"{self.name}: which of {D.names(self.state, found)} is chosen "
                              f"at random ({desc.text!r})")
        st = self.state
        if "attached" in [q.lower() for q in desc.qualities] and self.source in st.objects \
                and not W.in_play(st.objects[self.source]):
            self.step(T.RULE, f"{st.objects[self.source].name} is no longer in play: "
                      f"{desc.text!r} is read from its last known information "
                      f"({D.names(st, found)})", ["resolve.information", "effect.independent"])
        if able is not None and desc.article in _ONE_OF:
            found = [x for x in found if able(x)]       # 709.2b: only what can be done
        if desc.article == "another":
            # "another hero or ally" after "target hero or ally": not the link's targets nor a
            # card this resolution already chose
            before = {t for ts in self.chosen_targets for t in ts} | set(self.picked)
            found = [x for x in found if x not in before]
        if not every and desc.quantifier in ("one",) and desc.who != "player" \
                and desc.ref == "" and len(found) > 1 and desc.count is None \
                and desc.article in _ONE_OF:
            return [self.choose_one(desc, found, chooser=chooser)]
        return found

    def _stated(self, desc: M.Target, n: int) -> list[Any]:
        """The ``n``-th target the link chose for its "Target up to two ..." sentence (an
        ordinal reference, :func:`ordinal`): none if fewer were chosen or it is no longer a
        legal target (709.2c; :meth:`things` reads the chosen targets still legal)."""
        for index, s in enumerate(self.slots):
            if s.count is None and s.quantifier != "up to":
                continue
            if index < len(self.chosen_targets):
                chosen = self.chosen_targets[index]
                return [chosen[n]] if n < len(chosen) else []
        raise NotModelled(f"{self.name}: which target {desc.text!r} is")

    def choose_one(self, desc: M.Target, found: list[Any], *,
                   chooser: str | None = None) -> Any:
        st = self.state
        who = chooser or self.you
        names = tuple(D.names(st, [x]) for x in found)
        if len(set(names)) == 1 and _alike(st, found):
            self.picked.append(found[0])
            return found[0]
        pick = self.ctx.decide(Decision(
            key=f"choose:{self.link}:{desc.span.start if desc.span else desc.text}:"
                f"{len(st.log)}", player=who, kind="choose",
            prompt=f"which card {who} chooses for {self.name} ({desc.text or 'a card'})",
            options=names, citation=self.ctx.cite("resolve.in-order"),
            example=f'{who} chooses "{names[0]}"'))
        if pick not in names:
            self.picked.append(found[0])
            return found[0]
        same = [x for x, n in zip(found, names) if n == pick]
        if not _alike(st, same):
            raise NotModelled(f"which of the cards named {pick!r} {who} chooses for "
                              f"{self.name}: they differ and the scenario can't tell them apart")
        self.picked.append(same[0])
        return same[0]

    def amount(self, a: M.Amount | None, *, it: tuple = (), default: int | None = None) -> int | None:
        if a is None:
            return default
        scope = self.scope if not it else replace(self.scope, it=it)
        q = a.defined_as
        if it and self.it and q is not None and q.of is not None and q.of.ref == "that" and \
                q.of.kinds and not self._of_kind(it, q.of.kinds) and \
                self._of_kind(self.it, q.of.kinds):
            # 712.3a: "that ally's ATK" while healing a hero is the ally the text last named,
            # not the character the amount is for
            scope = self.scope
        with named_unknown(self.name):
            got = A.amount(self.state, a, scope)
        self._that_ally(a, scope, got)
        return got

    def _of_kind(self, things: tuple[Any, ...], kinds_: tuple[str, ...]) -> bool:
        return any(isinstance(x, int) and x in self.state.objects and
                   set(kinds_) & VA.kinds(self.state, x) for x in things)

    def _that_ally(self, a: M.Amount, scope, got: int | None) -> None:
        """712.3b: information read from "that ally" (not "that card") is read from the last
        time that ally was in play (its last known information there, 709.2d)."""
        q = a.defined_as
        of = q.of if q is not None else None
        if of is None or of.ref != "that" or "ally" not in of.kinds or got is None:
            return
        st = self.state
        gone = [x for x in A.referents(st, q, scope)
                if not W.in_play(st.objects[x]) and x in st.lki]
        if gone:
            self.step(T.RULE, f"{self.name}: {q.text or 'that ally' + chr(39) + 's value'!r} is "
                      f"read from {D.names(st, gone)} as it was the last time it was in play: "
                      f"{got} (\"that ally\", not \"that card\")",
                      ["modifier.that-ally", "resolve.information"])

    def holds(self, c: M.Condition) -> bool:
        with named_unknown(self.name):
            return C.holds(self.state, c, self.scope, did=self.did, targeted=self.targeted)

    def step(self, kind: str, text: str, procedures: list[str] | tuple[str, ...] = (),
             mark: int | None = None) -> None:
        self.ctx.step(kind, text, procedures, mark=mark)

    # ------------------------------------------------------------------ processing
    def effects(self, effects: tuple[M.Effect, ...] | list[M.Effect]) -> None:
        effects = list(effects)
        # "When damage is dealt this way, ...": the triggered modifier the link creates watches
        # the one-shot modifiers it creates with it (715.1), so it is there first
        watching = [e for e in effects if isinstance(e, M.DelayedTrigger) and
                    e.trigger is not None and e.trigger.event is not None and
                    e.trigger.event.this_way]
        effects = watching + [e for e in effects if e not in watching]
        i = 0
        while i < len(effects):
            if self.state.result is not None:
                return
            e = effects[i]
            nxt = effects[i + 1] if i + 1 < len(effects) else None
            if isinstance(e, M.Damage) and _changes_that_damage(nxt):
                e = self._changed_damage(e, nxt)
                i += 1
            elif _search_then_it(e, nxt):
                # "may search ... and put it into play": "it" is the card found, so what is
                # done with it is part of the optional search (nothing is done without one)
                e = replace(e, options=(e.options[0] + (nxt,),))
                i += 1
            self.effect(e)
            i += 1

    def _changed_damage(self, e: M.Damage, change: M.ModifyValue) -> M.Damage:
        """"Your hero deals 2 ranged damage ... That damage is doubled for each other card
        named Concussive Barrage in your graveyard": the packet is created with the changed
        amount (Doubled: once for each, applied separately)."""
        n = self.amount(replace(e.amount, per=None) if e.amount is not None else None)
        if n is None or change.amount is None or change.amount.value is None:
            raise NotModelled(f"{self.name}: {_text(change, self.text)!r}")
        times = 1
        if change.amount.per is not None:
            times = len(D.candidates(self.state, change.amount.per, self.scope))
        factor = change.amount.value
        total = n
        for _ in range(times):
            total = total * factor if change.op == "multiply" else total + factor * change.sign
        self.step(T.RULE, f"{_text(change, self.text)}: {n} damage"
                  + (f", doubled {times} time{'s' if times != 1 else ''} (once for each, "
                     f"applied separately)" if change.op == "multiply" and factor == 2 else "")
                  + f", is {total}", ["kw.doubled"] if change.amount.per is not None and
                  change.op == "multiply" else ["modifier.apply"])
        if change.amount.per is not None and change.amount.per.zone is not None and \
                change.amount.per.zone.name != "play":
            self.step(T.RULE, f"it counts cards in {change.amount.per.zone.name}s, as the "
                      "modifier specifies", ["modifier.zones"])
        return replace(e, amount=M.Amount(value=total, text=str(total)))

    def effect(self, e: M.Effect) -> None:
        handler = _HANDLERS.get(type(e))
        if handler is None:
            raise NotModelled(f"{self.name}'s effect {_text(e, self.text)!r}")
        handler(self, e)


def _search_then_it(e: M.Effect, nxt: M.Effect | None) -> bool:
    return (isinstance(e, M.Choice) and e.optional and len(e.options) == 1 and e.options[0]
            and isinstance(e.options[0][-1], M.Search) and isinstance(nxt, M.Move)
            and nxt.what is not None and nxt.what.ref == "it")


def _changes_that_damage(e: M.Effect | None) -> bool:
    return isinstance(e, M.ModifyValue) and e.stat == "damage" and e.target is not None \
        and e.target.ref in ("that", "it") and e.target.kinds == ("damage",) \
        and e.op in ("multiply", "add")


def _plural(desc: M.Target) -> bool:
    text = desc.text.lower()
    head = desc.kinds[-1] if desc.kinds else ""
    return bool(head) and any(w.endswith("s") and w.rstrip("s").startswith(head[:4])
                              for w in text.split()) and desc.article != "a"


def _text(e: M.Effect, whole: str) -> str:
    if e.span is not None and whole:
        return whole[e.span.start:e.span.end]
    if isinstance(e, M.Other):
        return dict(e.args).get("text", e.verb)
    return type(e).__name__


# --------------------------------------------------------------------------- handlers

def _sources(run: Run, desc: M.Target | None) -> int | None:
    """The source character of damage or healing (408.2c): "your hero", "this ally"; a
    character the text does not name is its source card when that is a character."""
    st = run.state
    if desc is None:
        return run.source
    if desc.ref == "this":
        return run.source
    found = run.things(desc)
    found = [x for x in found if isinstance(x, int)]
    of = desc.of
    if of is not None and of.who == "player" and of.ref == "that" and len(found) > 1:
        # "that opponent's hero": the hero of the one player that opponent can be
        players = D.candidates(st, replace(of, ref=""), run.scope)
        if len(players) != 1:
            raise NotModelled(f"{run.name}: which player {of.text!r} is")
        found = [x for x in found if D.controller_of(st, x) == players[0]]
    if not found:
        if desc.kinds and desc.kinds[-1] == "hero":
            raise NotModelled(f"{run.name}: {desc.text!r} is not in play to deal the damage")
        return None
    return found[0]


def _association(run: Run) -> tuple[int, ...]:
    """408.3d: a packet created outside combat is dealt with the card that was the source of
    the modifier that created it (an ability or equipment)."""
    st = run.state
    if run.source is None or run.source not in st.objects:
        return ()
    kinds = VA.kinds(st, run.source) or st.objects[run.source].kinds
    if kinds & {"ability", "equipment"} and not kinds & {"ally", "hero"}:
        return (run.source,)
    return ()


def damage(run: Run, e: M.Damage) -> None:
    st = run.state
    if run.replacing is not None:
        _redirect(run, e)
        return
    source = _sources(run, e.source)
    dests = [x for x in run.things(e.target) if isinstance(x, int)]
    types = frozenset(t for t in e.damage_type.split() if t in W.DAMAGE_TYPES)
    specs = []
    for d in dests:
        n = run.amount(e.amount, it=(d,), default=0)
        if n is None:
            raise NotModelled(f"{run.name}: how much damage {_text(e, run.text)!r} deals")
        specs.append(PK.Spec("damage", n, d, source, run.you, types=types, combat=e.combat,
                             unpreventable=e.unpreventable, with_=_association(run),
                             link=run.link))
    if e.amount is not None and e.amount.per is not None:
        run.step(T.RULE, f"{run.name} deals damage \"for each\": one packet per character, not "
                 "one per thing counted", ["damage.packets", "damage.for-each"])
    results = PK.create(run.ctx, specs)
    dealt = [r for r in results if r is not None]
    run.dealt += sum(r.amount for r in dealt)
    run.it = tuple(dests)
    run.did = bool(dealt)


def _redirect(run: Run, e: M.Damage) -> None:
    """A replacement's "it's dealt to your hero instead" (717.1: only the destination
    changes)."""
    ev = run.replacing
    if e.unpreventable and e.target is None:
        # "... is unpreventable": the packet's preventability changes (408.3c)
        run.replacing = ev.with_(data=tuple((k, v) for k, v in ev.data if k != "unpreventable")
                                 + (("unpreventable", True),))
        run.step(T.RULE, "the packet becomes unpreventable; every other attribute stays the "
                 "same", ["packet.preventability", "packet.replace"])
        return
    dests = [x for x in run.things(e.target) if isinstance(x, int)]
    if not dests:
        return
    st = run.state
    run.replacing = ev.with_(target=dests[0], player=st.objects[dests[0]].controller,
                             data=tuple((k, v) for k, v in ev.data if k != "to name")
                             + (("to name", st.objects[dests[0]].name),))
    run.step(T.RULE, f"the packet's destination becomes {st.objects[dests[0]].name}; every "
             "other attribute stays the same, and no modifier that already affected it can "
             "affect it again", ["packet.replace", "replacement.once"])


def heal(run: Run, e: M.Heal) -> None:
    if run.replacing is not None:
        # a replacement changes the packet it replaces (717.1); a heal here would be a new
        # packet that the same replacement would replace again, without end
        raise NotModelled(f"{run.name}: {_text(e, run.text)!r} in place of the healing it "
                          "replaces (the card grammar reads no change of that packet)")
    source = _sources(run, e.source)
    dests = [x for x in run.things(e.target) if isinstance(x, int)]
    specs = []
    for d in dests:
        n = run.amount(e.amount, it=(d,)) if e.amount is not None else 1_000_001  # 408.2a
        specs.append(PK.Spec("heal", n, d, source, run.you, with_=_association(run),
                             link=run.link))
    results = PK.create(run.ctx, specs)
    run.it = tuple(dests)
    run.did = any(r is not None for r in results)


def modify_value(run: Run, e: M.ModifyValue) -> None:
    st = run.state
    if run.replacing is not None and e.stat in ("damage", "heal"):
        ev = run.replacing
        n = run.amount(e.amount, default=0) or 0
        amount = ev.amount * n if e.op == "multiply" else ev.amount + e.sign * n
        run.replacing = ev.with_(amount=amount, cancelled=amount <= 0)
        return
    if e.stat == "damage" and e.op == "multiply":
        # Barnathrum: "Double the damage on each ally": damage put on, not dealt (405.3)
        for oid in [x for x in run.things(e.target) if isinstance(x, int)]:
            now = W.damage(st, oid)
            PK.put(run.ctx, oid, now * ((run.amount(e.amount, default=2) or 2) - 1),
                   f"{run.name} doubles the damage on {st.objects[oid].name}", ["modifier.apply"])
        return
    if _completion_discount(e):
        _discount_completion(run, e)
        return
    if _play_cost_change(e):
        raise NotModelled(f"{run.name}: {_text(e, run.text)!r}: {PLAY_COST_CHANGE}")
    stat = {"attack": "atk", "defense": "def"}.get(e.stat, e.stat)
    if stat not in VA.NUMERIC:
        raise NotModelled(f"{run.name}: changing {e.stat!r}")
    _definite(run, e, stat, e.duration, e.target)


def _definite(run: Run, e: M.Effect, stat: str, duration: M.Duration | None,
              who: M.Target | None, *, condition: M.Condition | None = None,
              keyword: str | None = None) -> None:
    """A definite continuous modifier from a link (714.3), timestamped as the link resolves
    (718.2d): on the cards it names when it names them by target or "that" (714.3f), else on
    whatever its description names while it lasts (714.3e)."""
    st = run.state
    ends = _ends(run, duration)
    run.made.append(ends)
    n = None
    amount = getattr(e, "amount", None)
    if keyword is None and condition is None and who is not None and _reads_each(amount) \
            and not (who.targeted or who.ref in ("it", "that", "they", "this")):
        _each_own_amount(run, e, stat, ends, who, amount)
        return
    if keyword is None:
        n = run.amount(getattr(e, "amount", None), it=run.it)
        if n is None:
            raise NotModelled(f"{run.name}: the amount of {_text(e, run.text)!r}")
        n = n * getattr(e, "sign", 1)
    label = f"{run.name}: " + _text(e, run.text)
    scope = run.scope
    cond_fn = None
    if condition is not None:
        def cond_fn(s: State, c=condition, sc=scope, ids=None) -> bool:
            return True
    flagged = who is not None and (who.targeted or who.ref in ("it", "that", "they", "this"))
    mark = len(st.log)
    if flagged or who is None:
        things = run.things(who) if who is not None else [run.source]
        effect = CE.create(st, description=label, controller=run.you,
                           citation=run.ctx.cite("continuous.definite-modifier"),
                           ends_at=ends, data={"name": run.name, "source": _source_ref(run)})
        for oid in [x for x in things if isinstance(x, int)]:
            o = st.objects[oid]
            if condition is not None:
                _conditional_modifier(run, o.id, stat, n, keyword, condition, ends, label)
                continue
            if keyword is not None:
                st.apply(AddModifier(Modifier(st.new_id(), st.ref(o), f"kw:{keyword}", "grant",
                                              None, 1, effect.timestamp, effect.id)))
            elif getattr(e, "op", "") == "multiply":
                # "Double target weapon's ATK": applied after every other modifier (719.4)
                st.apply(AddModifier(Modifier(st.new_id(), st.ref(o), stat, "double", None, 1,
                                              effect.timestamp, effect.id)))
            else:
                st.apply(AddModifier(Modifier(st.new_id(), st.ref(o), stat,
                                              "set" if getattr(e, "op", "") == "set" else "add",
                                              n, 1, effect.timestamp, effect.id)))
        run.it = tuple(things)
        procs = ["continuous.definite-modifier", "timestamp.link", "modifier",
                 "continuous.modifier", "modifier.source", "modifier.controller"]
        if who is not None and who.ref == "that":
            procs.append("modifier.that")
        if condition is not None:
            procs.append("continuous.while")
        if len(things) > 1 and who is not None and who.ref in ("they", "that"):
            procs.append("continuous.flags")
        run.step(T.RULE, f"{label} (on {D.names(st, things)}"
                 + (f", until {', '.join(sorted(ends))}" if ends else "") + ")", procs, mark=mark)
        return
    def affects(s: State, o: Any, d=who, sc=scope) -> bool:
        try:
            return W.in_play(o) and D.matches(s, d, o.id, sc)
        except Unknown:
            return False
    if getattr(e, "op", "") == "multiply":
        raise NotModelled(f"{run.name}: doubling the values of the cards a description names")
    for o in list(st.objects.values()):
        # a description the module cannot check on a card in play now would match nothing
        # in silence while the effect lasts: named instead
        if not W.in_play(o):
            continue
        with named_unknown(run.name):
            D.matches(st, who, o.id, scope)
    # a card that enters play later is checked as it does (:func:`name_unknown_matches`)
    data = {"name": run.name, "source": _source_ref(run),
            "describes": lambda s, o, d=who, sc=scope: D.matches(s, d, o.id, sc)}
    if keyword is not None:
        CE.create(st, description=label, controller=run.you,
                  citation=run.ctx.cite("continuous.rechecks"), ends_at=ends,
                  affects=affects, stat="keywords", op="include", amount=keyword, data=data)
    else:
        CE.create(st, description=label, controller=run.you,
                  citation=run.ctx.cite("continuous.rechecks"), ends_at=ends, affects=affects,
                  stat=stat, op="add", amount=n, data=data)
    run.step(T.RULE, f"{label}: it applies to whatever it describes while it lasts"
             + (f" (until {', '.join(sorted(ends))})" if ends else ""),
             ["continuous.definite-modifier", "continuous.rechecks", "timestamp.link"],
             mark=mark)


def name_unknown_matches(ctx: Context) -> None:
    """A continuous modifier on the cards a description names is checked on each card in play
    whenever it is read (714.3); one whose description the module cannot check on a card that
    entered play after the modifier was created would leave that card out in silence: named
    as not modelled (once per modifier and card) at the next pre-priority checks (410.5)."""
    st = ctx.state
    for e in list(st.effects.values()):
        describes = e.data.get("describes")
        if describes is None or not st.effect_active(st, e.id):
            continue
        for o in W.all_in_play(st):
            try:
                describes(st, o)
            except Unknown as u:
                what = f"{e.description}: whether it applies to {o.name}: {u.what}"
                if not any(s.text == f"not modelled: {what}" for s in ctx.trace.not_modelled()):
                    ctx.not_modelled(what, ctx.cite_opt("continuous.rechecks"))


def _source_ref(run: Run) -> tuple[int, int] | None:
    """The modifier's source (712.5) as it was when the modifier was created."""
    if run.source is None or run.source not in run.state.objects:
        return None
    o = run.state.objects[run.source]
    if not W.in_play(o):
        return None                    # a card resolving from the chain: it leaves anyway
    return (run.source, o.incarnation)


def _reads_each(amount: M.Amount | None) -> bool:
    """"each ally you control ... has +X ATK, where X is its ATK": a number read from each
    card the modifier applies to."""
    q = amount.defined_as if amount is not None else None
    return q is not None and q.of is not None and q.of.ref in ("it", "its") and not q.of.kinds


def _each_own_amount(run: Run, e: M.Effect, stat: str, ends: frozenset[str],
                     who: M.Target, amount: M.Amount) -> None:
    """A modifier on each card a description names with a number read from that card: each
    number is read as the link resolves and locked in (709.2d), so the modifier applies to the
    cards described then, each with its own number."""
    st = run.state
    label = f"{run.name}: " + _text(e, run.text)
    things = [x for x in run.things(who) if isinstance(x, int)]
    mark = len(st.log)
    effect = CE.create(st, description=label, controller=run.you,
                       citation=run.ctx.cite("continuous.definite-modifier"),
                       ends_at=ends, data={"name": run.name, "source": _source_ref(run)})
    said = []
    for oid in things:
        k = run.amount(amount, it=(oid,))
        if k is None:
            raise NotModelled(f"{run.name}: the amount of {_text(e, run.text)!r}")
        k *= getattr(e, "sign", 1)
        o = st.objects[oid]
        st.apply(AddModifier(Modifier(st.new_id(), st.ref(o), stat, "add", k, 1,
                                      effect.timestamp, effect.id)))
        said.append(f"{o.name} {k:+d}")
    run.it = tuple(things)
    run.step(T.RULE, f"{label}: X is read for each card as the link resolves and locked in "
             f"({', '.join(said) or 'no card'})"
             + (f", until {', '.join(sorted(ends))}" if ends else ""),
             ["continuous.definite-modifier", "resolve.information", "timestamp.link"],
             mark=mark)


def _conditional_modifier(run: Run, oid: int, stat: str, n: int | None, keyword: str | None,
                          condition: M.Condition, ends: frozenset[str], label: str) -> None:
    """714.3a: a definite modifier with a "while" condition applies only while it holds."""
    st = run.state
    scope = run.scope
    ref = st.ref(st.objects[oid])

    def affects(s: State, o: Any, r=ref, c=condition, sc=scope) -> bool:
        if (o.id, o.incarnation) != r:
            return False
        try:
            return C.holds(s, c, replace(sc, it=(o.id,)))
        except Unknown:
            return False
    with named_unknown(run.name):   # a condition the module cannot check is named, not false
        C.holds(st, condition, replace(scope, it=(oid,)))
    CE.create(st, description=label, controller=run.you,
              citation=run.ctx.cite("continuous.while"), ends_at=ends, affects=affects,
              stat=stat if keyword is None else "keywords", op="add" if keyword is None
              else "include", amount=n if keyword is None else keyword,
              data={"name": run.name, "source": _source_ref(run)})


def _ends(run: Run, duration: M.Duration | None) -> frozenset[str]:
    if duration is None:
        return frozenset()
    kind = duration.kind
    if kind in _ENDS:
        return frozenset({_ENDS[kind]})
    if kind in ("until start of turn", "until the start of your next turn"):
        return frozenset({f"start of turn:{run.you}"})
    if kind == "next ready step" and duration.whose in ("", "you"):
        return frozenset({f"ready step ends:{run.you}"})
    raise NotModelled(f"{run.name}: the duration {duration.text or kind!r}")


def _restriction_parts(run: Run, duration: M.Duration | None, things: list
                       ) -> list[tuple[frozenset[str], list]]:
    """When a "can't" modifier from a link ends (714.3), and on which of its cards: as
    :func:`_ends`, one part; by the ready step it names (501.1a): "during its controller's
    next ready step" ends for each card as the ready step of the player who controls it ends
    - one modifier per controller ("each of them can't ready during its controller's next
    ready step" on allies of two players); "during its controller's ready step" (every one)
    does not end by itself (it stops readying only in its cards' controller's ready step:
    :mod:`restrictions`)."""
    if duration is None or duration.whose != "controller" or \
            duration.kind not in ("next ready step", "ready step"):
        return [(_ends(run, duration), things)]
    if duration.kind == "ready step":
        return [(frozenset(), things)]
    parts: dict[str, list] = {}
    for x in things:
        player = x if isinstance(x, str) else run.state.objects[x].controller
        parts.setdefault(player, []).append(x)
    if len(parts) > 1 and not all(isinstance(x, int) for x in things):
        raise NotModelled(f"{run.name}: {duration.text!r} for players and cards of "
                          f"{len(parts)} players")
    return [(frozenset({f"ready step ends:{p}"}), xs) for p, xs in parts.items()] or \
        [(frozenset(), things)]


def _becomes_defender(e: M.Becomes) -> bool:
    return e.kinds == ("defender",) and not e.values and not e.abilities and \
        not e.qualities and not e.chosen and e.duration is None


def becomes(run: Run, e: M.Becomes) -> None:
    """"This item is also an ally with 2 [Melee] / 2 [Health] and Protector this turn": a
    definite modifier (714.3) that adds types (300.1b), gives values the card did not have and
    grants keywords, timestamped as the link resolves (718.2d). A modifier that could apply to
    the card only because of it depends on it (719.1): the values it gives come first."""
    st = run.state
    if _becomes_defender(e):
        _become_defender(run, e)
        return
    if "copy" in e.kinds:
        raise NotModelled(f"{run.name}: {_text(e, run.text)!r}: a card becoming a copy of "
                          "another card (402.3)")
    if e.what is None or e.what.ref != "this" and not e.what.targeted:
        raise NotModelled(f"{run.name}: {_text(e, run.text)!r} on cards it describes")
    ends = _ends(run, e.duration)
    label = f"{run.name}: " + _text(e, run.text)
    mark = len(st.log)
    things = [x for x in run.things(e.what) if isinstance(x, int)]
    effect = CE.create(st, description=label, controller=run.you,
                       citation=run.ctx.cite("continuous.definite-modifier"), ends_at=ends,
                       data={"name": run.name, "gives": True})
    words = frozenset(w.lower() for w in e.kinds + e.qualities)
    for oid in things:
        ref = st.ref(st.objects[oid])
        if words:
            st.apply(AddModifier(Modifier(st.new_id(), ref, "kinds", "include", words, 1,
                                          effect.timestamp, effect.id)))
        for stat, n in e.values:
            st.apply(AddModifier(Modifier(st.new_id(), ref, _STAT_NAMES.get(stat, stat), "set",
                                          n, 1, effect.timestamp, effect.id)))
        for ab in e.abilities:
            for kw in ab.keywords:
                st.apply(AddModifier(Modifier(st.new_id(), ref, f"kw:{kw.name.lower()}",
                                              "grant", None, 1, effect.timestamp, effect.id)))
    run.it = tuple(things)
    run.step(T.RULE, f"{label} (on {D.names(st, things)}"
             + (f", until {', '.join(sorted(ends))}" if ends else "") + ")",
             ["continuous.definite-modifier", "timestamp.link", "types.added"], mark=mark)


_STAT_NAMES = {"attack": "atk", "defense": "def"}


def choose(run: Run, e: M.Choose) -> None:
    """"Choose an ally type": a choice made as the card resolves (709.2), stated in the
    scenario with ``choosing "Night Elf"``; what was chosen stays with the card (its
    "Ongoing:" power reads it as "that type")."""
    st = run.state
    if _chooses_targets(e):
        chosen = [t for s, ts in zip(run.slots, run.chosen_targets) if s is e.what
                  or (s.span is not None and s.span == e.what.span) for t in ts]
        run.step(T.RULE, f"{run.name}: its targets were chosen as it was added "
                 f"({D.names(st, chosen) if chosen else 'none'}); the sentences after it name "
                 "them in the order they were stated", ["add.targets"])
        return
    if _chooses_removed(e):
        _choose_removed(run, e)
        return
    if e.kind not in ("type", "name", "race", "class"):
        raise NotModelled(f"{run.name}: choosing {_text(e, run.text)!r}")
    words = [m for m in run.chosen.get("modes", ()) if not m.replace(" ", "").upper()
             .startswith("X=")]
    if not words:
        raise NotModelled(f"{run.name}: the {e.kind} its controller chooses (state it with: "
                          f"choosing \"...\")")
    picked = words[0]
    if run.source is not None:
        o = st.objects[run.source]
        W.record(st, "chosen", (o.id, o.incarnation, e.kind, picked.lower()))
    run.chosen[f"chosen {e.kind}"] = picked
    run.step(T.CHOICE, f"{run.you} chooses the {e.kind} {picked!r} for {run.name}",
             ["resolve.in-order"])


def _chooses_removed(e: M.Choose) -> bool:
    """"choose a card you removed" (Forbidden Knowledge): one card of the removed-from-game
    zone that the choosing player removed; later "it" is that card."""
    w = e.what
    return not e.kind and w is not None and not w.targeted and w.kinds == ("card",) and \
        w.count is None and w.quantifier == "one" and w.zone is None and not w.qualities and \
        len(w.filters) == 1 and D.removed_by_you(w.filters[0]) and \
        (e.who is None or e.who.ref == "you")


def _choose_removed(run: Run, e: M.Choose) -> None:
    st = run.state
    desc = replace(e.what, zone=M.Zone(name="removed", owner="you"))
    with named_unknown(run.name):
        found = D.candidates(st, desc, run.scope)
    if not found:
        run.step(T.RULE, f"{run.name}: {run.you} has no card he removed left to choose "
                 f"({e.what.text!r}): nothing is chosen, and what it does to \"it\" does "
                 "nothing", ["resolve.in-order"])
        run.it = ()
        run.nothing_chosen = True
        return
    pick = found[0] if len(found) == 1 else run.choose_one(replace(desc, text="a card "
                                                                   + run.you + " removed"),
                                                           found)
    run.it = (pick,)
    run.step(T.CHOICE, f"{run.you} chooses {st.objects[pick].name}, a card he removed, for "
             f"{run.name}", ["resolve.in-order"])


def gain(run: Run, e: M.Gain) -> None:
    if e.resource == "keyword" and e.keyword is not None:
        _definite(run, e, "keywords", e.duration, e.target, keyword=e.keyword.name.lower())
        return
    if e.resource == "control" and e.what is not None:
        raise NotModelled(f"{run.name}: gaining control of {e.what.text!r}")
    if e.resource == "ability" and not why_not(e):
        _grant_powers(run, e)
        return
    from judge.games.wow import powers as P
    if e.resource == "printed powers" and run.entering and P.copies_printed(e):
        _copy_printed(run, e)
        return
    if why_not(e) == GRANTED_TARGETS:
        raise NotModelled(f"{run.name}'s effect {_text(e, run.text)!r}: {GRANTED_TARGETS}",
                          run.ctx.cite("target.granted"))
    raise NotModelled(f"{run.name}'s effect {_text(e, run.text)!r}")


def as_enters(game, ctx: Context, oid: int, power) -> None:
    """710.1a: an "as this enters play" power (Skullchewer's) is created as the card enters
    play, without the chain: no player can respond before it applies. Its controller makes its
    choices then (:func:`judge.games.wow.powers.copies_as_enters`: the shape carried out)."""
    st = ctx.state
    o = st.objects[oid]
    ctx.step(T.RULE, f"{o.name}'s power {power.text!r} is created as {o.name} enters play: it "
             "does not use the chain, and no player can respond before it applies",
             ["enter.as"])
    run = Run(game, ctx, you=o.controller, source=oid, name=o.name, text=o.text or "")
    run.entering = True
    run.effects(power.ability.effects)


def _copy_printed(run: Run, e: M.Gain) -> None:
    """"If you do, this ally has that card's printed powers" (402: copying): the card has the
    printed powers of the card its text named, for as long as it is this card (415.9a); they
    are read from that card's text by the same card reader, and a self-reference in them (its
    name, "this ally") refers to the card that has them now (200.1a). Only continuous powers
    and keywords are given; a copied power of any other kind is named not modelled."""
    from judge.games.wow import powers as P
    st = run.state
    things = [x for x in run.things(e.what) if isinstance(x, int)]
    if len(things) != 1 or run.source is None:
        raise NotModelled(f"{run.name}: whose printed powers {e.what.text!r} names",
                          run.ctx.cite("copy.powers"))
    src = st.objects[things[0]]
    me = st.objects[run.source]
    if not src.text:
        run.step(T.RULE, f"{me.name} has {src.name}'s printed powers: it has none",
                 ["copy.powers"])
        run.did = True
        return
    copied = P.read_printed(src.name, src.text, me.kinds)
    why = P.copied_why(copied)
    if why:
        raise NotModelled(f"{me.name} having {src.name}'s printed powers: {why}",
                          run.ctx.cite("copy.powers"))
    mark = len(st.log)
    W.record(st, P.COPIED, (me.id, me.incarnation, src.name, src.text))
    texts = "; ".join(dict.fromkeys(repr(p.text) for p in copied.powers
                                    if p.kind != "reminder"))
    run.step(T.RULE, f"{me.name} has {src.name}'s printed powers ({texts}) for as long as it "
             f"is in play; a self-reference in them ({src.name}'s name or part of it) refers to "
             f"{me.name}, the card that has them now, not to {src.name}",
             ["copy.powers", "self-reference.copied", "continuous.definite-modifier"],
             mark=mark)
    run.it = (src.id,)
    run.did = True


def _grantable(e: M.Gain) -> bool:
    """"Target ally has '[Activate] >>> Destroy target ally.' this turn." (Face Smash): payment
    powers given to the card(s) a link targets, for this turn - the shape carried out. A power
    the module could not carry out on a printed card is not given either."""
    from judge.games.wow import powers as P
    return e.duration is not None and e.duration.kind == "this turn" and \
        e.target is not None and e.target.targeted and bool(e.abilities) and all(
            a.kind == "activated" and not a.trigger and not a.label and not a.limit and
            a.condition is None and not P._why_effects(a.effects) and not P._why_costs(a.costs)
            for a in e.abilities)


def _grant_powers(run: Run, e: M.Gain) -> None:
    """714.3: a definite continuous modifier - the targeted card has the quoted payment power
    this turn; its targets are chosen as it is used (706.1c), by its controller then."""
    st = run.state
    things = [x for x in run.things(e.target) if isinstance(x, int)]
    for oid in things:
        o = st.objects[oid]
        for a in e.abilities:
            text = run.text[a.span.start:a.span.end].strip(' "') if a.span else ""
            mark = len(st.log)
            W.record(st, "granted powers", (oid, o.incarnation, W.current_turn(st), text, a,
                                            run.text))
            run.step(T.RULE, f"{run.name}: {o.name} has the power {text!r} this turn; its "
                     "targets are not chosen now: they are chosen as that power is used",
                     ["continuous.definite-modifier", "target.granted"], mark=mark)
    run.it = tuple(things)
    run.did = bool(things)


def conditional(run: Run, e: M.Conditional) -> None:
    c = e.condition
    if c is not None and c.kind == "while" and len(e.then) == 1 and \
            isinstance(e.then[0], (M.ModifyValue, M.Gain)):
        inner = e.then[0]
        if isinstance(inner, M.ModifyValue):
            stat = {"attack": "atk"}.get(inner.stat, inner.stat)
            _definite(run, inner, stat, inner.duration, inner.target, condition=c)
        else:
            _definite(run, inner, "keywords", inner.duration, inner.target,
                      keyword=inner.keyword.name.lower() if inner.keyword else None,
                      condition=c)
        return
    if c is None:
        run.effects(e.then)
        return
    if _remains_in_party(c) and len(e.then) == 1 and isinstance(e.then[0], M.Restriction) \
            and e.then[0].verb == "can't" and e.then[0].duration is None:
        _while_remains(run, e.then[0], c)
        return
    if _remains_exhausted(c) and len(e.then) == 1 and isinstance(e.then[0], M.GainControl):
        _control_while_exhausted(run, e.then[0], c)
        return
    if c.kind == "unless" and c.test == "event" and c.event is not None:
        _unless(run, e, c)
        return
    ok = _guessed_right(run, c) if C.guess_result(c) else run.holds(c)
    if ok and C._link_targeting(c):
        # "If an ability card is targeting only your hero, change its target ...": "its" is
        # that card (712.3a)
        found = C.targeting(run.state, c, run.scope)
        if len(found) > 1:
            raise NotModelled(f"{run.name}: which of {D.names(run.state, found)} "
                              f"{c.text!r} means (each is)")
        run.it = tuple(found)
    if ok and c.test == "event" and c.event is not None and c.event.verb == "target" and \
            c.event.subject is not None and c.event.subject.ref == "you" and \
            c.event.object is not None:
        # "If you targeted a hero, you may interrupt an ability card played by its controller":
        # "its" is that hero (712.3a), one the link still legally targets (706.3)
        with named_unknown(run.name):
            run.it = tuple(t for t in run.targeted
                           if D.matches(run.state, c.event.object, t, run.scope))
    if ok and c.test == "is" and c.subject is not None and c.subject.targeted:
        # "If target ability is attached to a hero or ally, attach it to ...": "it" is the
        # thing the condition was about, the last explicitly mentioned (712.3a)
        run.it = tuple(run.things(c.subject))
    proc = "resolve.if-you-do" if c.event is not None and c.event.verb == "do" else \
        "counter.none-remain" if c.event is not None and c.event.verb == "remain" else \
        "target" if C._link_targeting(c) else \
        "modifier.compare" if C.guess_result(c) else \
        "target.if-targeted" if c.test == "targeted" or (
            c.test == "event" and c.event is not None and c.event.verb == "target") \
        else "resolve.in-order"
    empower = id(e) in run.empower
    run.step(T.RULE, f"{run.name}: {c.text or 'the condition'} - "
             f"{'yes' if ok else 'no'}"
             + (" (Empower: that must be controlled as the link resolves too)" if empower
                else ""), [proc] + (["kw.empower"] if empower else []))
    if ok:
        run.effects(e.then)
    else:
        run.effects(e.otherwise)


def _top_card(run: Run, desc: M.Target) -> tuple[str, int | None]:
    """(whose deck, its top card or None) for "the top card of your deck" / "of target
    opponent's deck": one player's deck, as the scenario states it."""
    st = run.state
    zone = desc.zone
    if zone is None or zone.name != "deck" or zone.position != "top" or desc.count is not None \
            or desc.kinds != ("card",) or desc.qualities or desc.filters:
        raise NotModelled(f"{run.name}: which card {desc.text!r} is")
    owners = D.zone_owners(st, zone, run.scope)
    if owners is None or len(owners) != 1:
        raise NotModelled(f"{run.name}: whose deck {desc.text!r} means")
    [player] = owners
    if player not in st.globals.get("decks stated", ()):
        raise NotModelled(f"{run.name}: {desc.text!r}: the scenario does not state {player}'s "
                          f"deck (state it with: {player}: deck top \"...\", or deck 30 cards)")
    deck = st.zones[(player, W.DECK)].ids
    return player, (deck[0] if deck else None)


def guess(run: Run, e: M.Guess) -> None:
    """712.8: the player guesses whether one thing has a higher or lower value than another
    (a choice the scenario states: there is no default that is not a guess); whether the guess
    was right is read where the text asks ("If you guessed correctly")."""
    if e.who is not None and e.who.ref != "you":
        raise NotModelled(f"{run.name}: a guess made by {e.who.text!r}",
                          run.ctx.cite("modifier.compare"))
    st = run.state
    answer = run.ctx.decide(Decision(
        key=f"guess:{run.link}:{len(st.log)}", player=run.you, kind="guess",
        prompt=f"whether {e.first.text} has a {' or '.join(e.answers)} {e.stat} than "
               f"{e.second.text} ({run.name})",
        options=e.answers, citation=run.ctx.cite("modifier.compare"),
        example=f'{run.you} chooses "{e.answers[0]}"'))
    run.guessed = (answer, e)


def _guessed_right(run: Run, c: M.Condition) -> bool:
    """712.8: the guess is right only if the comparison can be made - both things exist - and
    comes out as guessed; with one of them missing no comparison is made (the missing card's
    cost is not 0), so the player did not guess correctly."""
    if run.guessed is None:
        raise NotModelled(f"{run.name}: {c.text!r}: nothing was guessed")
    answer, g = run.guessed
    st = run.state
    (p1, a), (p2, b) = _top_card(run, g.first), _top_card(run, g.second)
    missing = [f"{p}'s deck has no card" for p, x in ((p1, a), (p2, b)) if x is None]
    if missing:
        run.step(T.RULE, f"{run.name}: {' and '.join(missing)}: the comparison can't be made "
                 f"(a missing card's {g.stat} is not 0), so {run.you}'s guess "
                 f"\"{answer}\" is not correct", ["modifier.compare"])
        return False
    va, vb = VA.raw(st, a, g.stat), VA.raw(st, b, g.stat)
    if not isinstance(va, int) or not isinstance(vb, int):
        raise NotModelled(f"{run.name}: comparing the {g.stat} of {D.names(st, [a, b])}, "
                          f"one of which has none", run.ctx.cite("modifier.compare"))
    came = "higher" if va > vb else "lower" if va < vb else "equal"
    run.step(T.RULE, f"{run.name}: {st.objects[a].name} ({g.stat} {va}) has {came} "
             f"{g.stat} {'to' if came == 'equal' else 'than'} {st.objects[b].name} "
             f"({g.stat} {vb}): {run.you} guessed \"{answer}\"", ["modifier.compare"])
    return came == answer


def _remains_in_party(c: M.Condition) -> bool:
    """"while [this card] remains in your party" (714.3b)."""
    ev = c.event
    return (c.kind == "while" and c.test == "event" and not c.negated and ev is not None
            and ev.verb == "remain" and not ev.rest and ev.subject is not None
            and ev.subject.ref == "this" and ev.zone is not None and ev.zone.name == "play"
            and ev.zone.owner == "you")


def _remains_exhausted(c: M.Condition) -> bool:
    """"while [this card] remains exhausted" (714.3b; Helwen)."""
    ev = c.event
    return (c.kind == "while" and c.test == "event" and not c.negated and ev is not None
            and ev.verb == "remain" and not ev.rest and ev.subject is not None
            and ev.subject.ref == "this" and ev.zone is None and ev.object is not None
            and not ev.object.kinds and tuple(q.lower() for q in ev.object.qualities)
            == ("exhausted",))


def _readied_since(state: State, oid: int, mark: int) -> bool:
    return any(isinstance(op, W.Orient) and op.obj == oid and not op.exhausted
               for op in state.log[mark:])


def _control_while_exhausted(run: Run, e: M.GainControl, c: M.Condition) -> None:
    """714.3b: "While [this card] remains exhausted, you control target ally" (Helwen): the
    modifier is not created if the card readied (or became a different card, 415.9a) between
    the link's creation and its resolution; once created it applies while the card stays that
    same card and exhausted, and ends for good the first time it readies."""
    st = run.state
    was, added = run.event.get("source was"), run.event.get("added at")
    if was is None or added is None or run.source is None:
        raise NotModelled(f"{run.name}: {c.text!r} on a link that is not a card's power")
    if e.who is not None and e.who.ref != "you":
        raise NotModelled(f"{run.name}: control given to {e.who.text!r}")
    o = st.objects.get(run.source)
    other = o is None or o.incarnation != was[1]
    if other or not W.in_play(o) or not W.exhausted(st, o.id) or \
            _readied_since(st, o.id, added):
        run.step(T.RULE, f"{run.name}: {c.text}: {o.name if o else 'the card'} has not "
                 "remained exhausted since the link was created"
                 + (" (it changed zones: a different card now)" if other else "")
                 + ": the modifier isn't created", ["continuous.remains", "continuous.while"]
                 + (["zone.different-card"] if other else []))
        return
    things = [x for x in run.things(e.what) if isinstance(x, int) and W.in_play(st.objects[x])]
    for t in things:
        mark = len(st.log)

        def still(s: State, oid=o.id, inc=o.incarnation, since=mark) -> bool:
            x = s.objects.get(oid)
            return x is not None and x.incarnation == inc and W.in_play(x) and \
                W.exhausted(s, oid) and not _readied_since(s, oid, since)
        target = st.objects[t]
        CE.create(st, description=f"{run.name}: {run.you} controls {target.name} while "
                  f"{o.name} remains exhausted", controller=run.you,
                  citation=run.ctx.cite("continuous.remains"), condition=still,
                  data={"control": ((target.id, target.incarnation), run.you),
                        "name": run.name, "source": _source_ref(run)})
        run.step(T.RULE, f"{run.name}: {run.you} controls {target.name} while {o.name} "
                 "remains exhausted (it has since the link was created)",
                 ["continuous.remains", "continuous.while"], mark=mark)
    run.did = bool(things)


def _while_remains(run: Run, r: M.Restriction, c: M.Condition) -> None:
    """714.3b: a definite modifier from a link that applies "while [this card] remains in your
    party": not created if the card stopped being in its controller's party (or became a
    different card, 415.9a) between the link's creation and its resolution; otherwise it
    applies while the card stays that same card in that party."""
    st = run.state
    was = run.event.get("source was")
    if was is None or run.source is None:
        raise NotModelled(f"{run.name}: {c.text!r} on a link that is not a card's triggered "
                          "effect")
    o = st.objects.get(run.source)
    you = run.you
    remained = o is not None and o.incarnation == was[1] and W.in_play(o) and \
        o.controller == you
    if not remained:
        other = o is None or o.incarnation != was[1]
        run.step(T.RULE, f"{run.name}: {c.text}: {o.name if o else 'the card'} has not remained "
                 f"in {you}'s party since the link was created"
                 + (" (it changed zones: a different card now)" if other else "")
                 + ": the modifier isn't created", ["continuous.remains", "continuous.while"]
                 + (["zone.different-card"] if other else []))
        return
    ref = (o.id, o.incarnation)

    def still(s: State, oid=o.id, who=you) -> bool:
        x = s.objects.get(oid)
        return x is not None and W.in_play(x) and x.controller == who

    restriction(run, r, while_source=ref, condition=still, also=c.text,
                procedures=("continuous.remains", "continuous.while"))


def _unless(run: Run, e: M.Conditional, c: M.Condition) -> None:
    """Glossary "Unless": "do [something] unless a player does [something else]" is "that
    player may do [something else]; if he does not, do [something]" (712.7: only if he can do
    all of it)."""
    st = run.state
    ev = c.event
    players = _players(run, ev.subject) if ev.subject is not None else [run.you]
    if len(players) != 1:
        raise NotModelled(f"{run.name}: who may {c.text!r}")
    p = players[0]
    able, act = _unless_action(run, ev, p)
    stated_use = run.ctx.choices.find_use(p, run.name)
    stated_no = run.ctx.choices.find("decline", p, run.name)
    label = ev.text or c.text
    if not able:
        run.step(T.RULE, f"{p} can't {label.split(' ', 1)[-1] if ' ' in label else label}: "
                 f"{run.name} does the rest", ["kw.unless", "modifier.may"])
        run.effects(e.then)
        return
    if stated_use is not None or stated_no is not None:
        yes = stated_use is not None
        run.ctx.choices.consume(stated_use or stated_no)
        run.step(T.CHOICE, f"{p} {'chooses' if yes else 'chooses not'} to do '{label}' "
                 f"({run.name})", ["kw.unless", "modifier.may", "resolve.in-order"])
    else:
        policy = run.ctx.policy("optional", "decline")
        yes = run.ctx.decide(Decision(
            key=f"unless:{run.link}:{run.source}:{_at(e)}:{len(st.log)}", player=p, kind="may",
            prompt=f"whether {p} does '{label}' ({run.name})", options=("yes", "no"),
            citation=run.ctx.cite("resolve.in-order"),
            example=f'{p} uses "{run.name}" (or: {p} declines "{run.name}")',
            default="yes" if policy == "use" else "no",
            default_text=f"optional: {policy} - {p} {'does' if policy == 'use' else 'does not do'}"
                         f" '{label}' (not stated)", policy="optional")) == "yes"
    if yes:
        act()
        return
    run.effects(e.then)


def _unless_action(run: Run, ev: M.Event, p: str):
    """(whether ``p`` can do the action an "unless" names, a function that does it)."""
    st = run.state
    if ev.verb == "discard" and ev.object is not None:
        n = run.amount(ev.object.count, default=1) or 1
        hand = list(st.zones[(p, W.HAND)].ids)

        def act() -> None:
            _discard(run, M.Move(verb="discard", what=replace(ev.object, zone=None),
                                 who=M.Target(who="player", ref="you" if p == run.you
                                              else "", text=p)))
        if p != run.you:
            raise NotModelled(f"{run.name}: another player discarding for 'unless'")
        return len(hand) >= n, act
    if ev.verb == "pay" and ev.amount is not None:
        from judge.games.wow import links as L
        n = run.amount(ev.amount, default=0) or 0

        def act() -> None:
            L.pay_resources(run.game, run.ctx, p, n, (), f"({n}) for {run.name}",
                                printed=False)
        return len(L.ready_resources(st, p)) >= n, act
    raise NotModelled(f"{run.name}: the action of {ev.text!r}")


def choice(run: Run, e: M.Choice) -> None:
    st = run.state
    if e.optional and len(e.options) == 1:
        choosers = _players(run, e.chooser) if e.chooser is not None else [run.you]
        if len(choosers) != 1:
            raise NotModelled(f"{run.name}: who chooses {_text(e, run.text)!r}")
        chooser = choosers[0]
        run.they = chooser
        label = _text(e, run.text)
        stated_use = run.ctx.choices.find_use(chooser, run.name)
        stated_no = run.ctx.choices.find("decline", chooser, run.name)
        procs = ["modifier.may"] + (["trigger.optional"] if run.triggered else [])
        if stated_use is not None or stated_no is not None:
            use = "yes" if stated_use is not None else "no"
            run.ctx.choices.consume(stated_use or stated_no)
            run.step(T.CHOICE, f"{chooser} {'chooses to do' if use == 'yes' else 'does not do'} "
                     f"{label!r} ({run.name})", procs)
        else:
            policy = run.ctx.policy("optional", "decline")
            use = run.ctx.decide(Decision(
                key=f"may:{run.link}:{run.source}:{_at(e)}:{len(st.log)}", player=chooser,
                kind="may",
                prompt=f"whether {chooser} does {label!r} ({run.name})", options=("yes", "no"),
                citation=run.ctx.cite(procs[-1]),
                example=f'{chooser} uses "{run.name}" (or: {chooser} declines "{run.name}")',
                default="yes" if policy == "use" else "no",
                default_text=f"optional: {policy} - {chooser} "
                             f"{'does' if policy == 'use' else 'does not do'} {label!r} "
                             "(not stated)", policy="optional"))
        if use == "yes":
            before = len(st.log)
            run.did = None
            run.effects(e.options[0])
            if run.did is None:
                run.did = len(st.log) > before
        else:
            run.did = False
        return
    raise NotModelled(f"{run.name}: the choice {_text(e, run.text)!r}"
                      + (" (modes are chosen only as a card is played, 707.1c)"
                         if not e.optional else ""))


# "a hero or ally", "another hero or ally": one card, chosen as the link resolves (709.2b) -
# the phrase's opening determiner, as the card grammar reads it (Target.article)
_ONE_OF = ("a", "another")


def _alike(state: State, cards: list[Any]) -> bool:
    """Cards of one name a scenario can't tell apart: choosing any of them is the same choice
    only while they are in the same state (damage, exhausted, counters)."""
    ints = [c for c in cards if isinstance(c, int)]
    if len(ints) != len(cards):
        return len(cards) == 1
    looks = {(W.damage(state, c), W.exhausted(state, c), tuple(sorted(state.objects[c].counters)))
             for c in ints}
    return len(looks) == 1


def _at(e: M.Effect) -> str:
    """Where ``e`` is in its card's text: two choices of one link asked with nothing logged
    between them (declining the first logs nothing) are two decisions, never one answer read
    twice (which asked the second again without end)."""
    return str(e.span.start) if e.span is not None else ""


def move(run: Run, e: M.Move) -> None:
    st = run.state
    verb = e.verb
    if verb == "draw" and e.until is not None:
        _draw_until(run, e)
        return
    if verb == "draw":
        who = _players(run, e.who)
        n = run.amount(e.what.count if e.what else None, default=1) or 0
        for p in who:
            MV.draw(run.ctx, p, n)
        run.did = True
        return
    if verb == "discard":
        _discard(run, e)
        return
    if verb == "enter":
        # "Opposing allies enter play exhausted this turn": how cards will enter play (a
        # modifier of 710.1b), never a move of the cards it describes now
        raise NotModelled(f"{run.name}: {_text(e, run.text)!r} (a modifier on how cards enter "
                          "play)", run.ctx.cite("enter.with"))
    if e.arrives is not None and e.arrives.role:
        from judge.games.wow import resources as RS
        if not RS.is_additional(e):
            raise NotModelled(f"{run.name}: a card put somewhere as {e.arrives.role!r}")
        RS.place_additional(run, e)
        return
    if verb == "remove from combat":
        from judge.games.wow import combat as K
        things = [x for x in run.things(e.what) if isinstance(x, int)]
        for oid in things:
            if not (K.attacking(st, oid) or K.defending(st, oid)):
                run.step(T.RULE, f"{st.objects[oid].name} is not in combat: nothing happens",
                         ["combat.removed"])
                continue
            K.remove_from_combat(run.ctx, oid, why=run.name)
        run.it = tuple(things)
        run.did = bool(things)
        return
    chooser = None
    if e.who is not None and e.who.who == "player" and e.who.ref != "you":
        players = _players(run, e.who)
        if len(players) == 1:
            chooser = run.they = players[0]
    able = (lambda x: MV.can_be_destroyed(st, x)) if verb == "destroy" else None
    things = [x for x in run.things(e.what, chooser=chooser, able=able) if isinstance(x, int)]
    to = e.to_zone.name if e.to_zone is not None else ""
    why = {"destroy": "destroy", "remove": "remove", "return": "return"}.get(verb, "put")
    if verb == "destroy":
        to = W.GRAVEYARD
    dest = {"removed": W.REMOVED, "hand": W.HAND, "graveyard": W.GRAVEYARD, "deck": W.DECK,
            "play": W.IN_PLAY, "resources": W.RESOURCES}.get(to)
    if dest is None:
        raise NotModelled(f"{run.name}: moving {e.what.text if e.what else 'it'!r} to "
                          f"{to or 'an unstated zone'}")
    done = []
    if dest == W.IN_PLAY and _each_player_puts(e):
        _each_puts_into_play(run, e, things)
        return
    altered: dict[int, tuple[int, ...]] = {}
    if dest == W.IN_PLAY and len(things) > 1:
        things = _timestamp_order(run, things)
    for oid in things:
        o = st.objects[oid]
        RP.moved_instead(st, oid)          # forget an earlier replacement's cards
        if verb == "destroy" and not MV.can_be_destroyed(st, oid):
            run.step(T.RULE, f"{o.name} can't be destroyed", ["cant"])
            continue
        if dest == W.IN_PLAY:
            if "ability" in o.kinds and not _ongoing(st, oid):
                run.step(T.RULE, f"{o.name} is a non-ongoing ability: it stays where it is",
                         ["play.non-ongoing"])
                continue
            ev = MV.enters_play(run.ctx, oid, run.you, why="put", arrives=e.arrives,
                                by=f"{run.name}: a card")
        else:
            ev = MV.move(run.ctx, oid, dest, why, by=run.you)
        instead = RP.moved_instead(st, oid)
        if instead is not None and instead != (oid,):
            altered[oid] = instead
        if ev is not None and ev.get("to") == dest:
            done.append(oid)
            if dest == W.REMOVED and run.source is not None:
                # "a card you removed" (Forbidden Knowledge): removed by this card's text
                W.record(st, "removed by", (run.you, run.source, oid, st.objects[oid].incarnation))
    run.it = tuple(x for oid in things for x in altered.get(oid, (oid,)))
    if altered:
        # 716.1f: a replacement modifier changed the set of cards the move involved; what
        # this effect affects or reads after it is the altered set
        run.step(T.RULE, f"{run.name}: a replacement modifier changed the cards it "
                 f"{why}s ({D.names(st, list(altered))} replaced by "
                 f"{D.names(st, [x for v in altered.values() for x in v])}): from here it looks "
                 f"at {D.names(st, list(run.it))}", ["replacement.set"])
    run.did = len(done) == len(things) and bool(things)


def _each_player_puts(e: M.Move) -> bool:
    """"Players put ... into play": a move whose subject is every player (or each player)."""
    w = e.who
    return w is not None and w.who == "player" and w.ref != "you" and \
        w.quantifier in ("all", "each") and w.controller == "any"


def _each_puts_into_play(run: Run, e: M.Move, things: list[int]) -> None:
    """"Players put all ally cards from their graveyards into play": each player puts the
    cards of his own zone into play, under his control (703.1), all in one event (802: a power
    of one of them that becomes active as they enter sees the others enter, 703.3c). A card in
    no zone of one of those players is named, never given to a guessed player."""
    st = run.state
    players = _players(run, e.who)
    cards = []
    for oid in things:
        o = st.objects[oid]
        if o.zone[0] not in players:
            raise NotModelled(f"{run.name}: which player puts {o.name} into play "
                              f"({_text(e, run.text)!r})")
        if "ability" in o.kinds and not _ongoing(st, oid):
            run.step(T.RULE, f"{o.name} is a non-ongoing ability: it stays where it is",
                     ["play.non-ongoing"])
            continue
        cards.append((oid, o.zone[0]))
    if cards:
        run.step(T.RULE, f"{run.name}: " + "; ".join(
            f"{p} puts {D.names(st, [x for x, q in cards if q == p])} into play under his "
            "control" for p in players if any(q == p for _, q in cards)) +
            " - one event, all at once", ["enter", "simultaneous"])
    happened = MV.enter_play_together(run.ctx, cards, arrives=e.arrives,
                                      by=f"{run.name}: a card")
    run.it = tuple(things)
    run.did = bool(things) and all(ev is not None for ev in happened) and \
        len(cards) == len(things)


def _timestamp_order(run: Run, things: list[int]) -> list[int]:
    """718.3: cards one effect puts into play together under its controller's control: the
    continuous modifiers of those with continuous powers start to apply simultaneously, and
    that player chooses the order of their timestamps; each card enters play in that order
    (its timestamp, 718.2a). Unanswered, the order is not guessed."""
    from judge.games.wow import powers as P
    st = run.state
    names = tuple(dict.fromkeys(st.objects[x].name for x in things if P.of(st, x).statics))
    if len(names) < 2 or not any(_order_sensitive(st, x) for x in things):
        return things       # modifiers that add, grant or restrict: any order gives the same
    order = run.ctx.decide(Decision(
        key=f"timestamps:{run.link}:{len(st.log)}", player=run.you, kind="order timestamps",
        prompt=f"the order of the timestamps of {', '.join(names)}, whose continuous "
               "modifiers start to apply together", options=names,
        citation=run.ctx.cite("timestamp.simultaneous"),
        example=f'{run.you} orders "{names[0]}", "{names[1]}"', count=len(names)))
    rank = {n: i for i, n in enumerate(order)}
    run.step(T.RULE, f"{run.name}: {', '.join(names)} enter play together and their continuous "
             f"modifiers start to apply simultaneously: {run.you} orders their timestamps "
             f"{', '.join(order)}", ["timestamp.simultaneous"])
    return sorted(things, key=lambda x: rank.get(st.objects[x].name, -1))


def _order_sensitive(st, oid: int) -> bool:
    """A continuous power whose result depends on the timestamp order it applies in (718.1):
    one that sets a value, changes control or takes powers away."""
    from judge.games.wow import powers as P
    o = st.objects[oid]
    for power, effect, condition in P.of(st, oid).statics:
        for s in VA._static(o, power, effect, condition, 0):
            if s.kind in ("control", "lose powers") or s.kind == "value" and s.op == "set":
                return True
    return False


def _hand_size_limit(e: M.Move) -> bool:
    """The one "until" limit of a draw the module reads: "until you reach your maximum hand
    size" (the drawer's own hand)."""
    u = e.until
    ev = u.event if u is not None else None
    return (ev is not None and u.test == "event" and not u.negated and ev.verb == "reach"
            and ev.subject is not None and ev.subject.ref in ("you", "he", "they")
            and ev.object is not None and "hand size" in ev.object.kinds
            and ev.object.controller in ("you", "his", "their", ""))


def _draw_until(run: Run, e: M.Move) -> None:
    """713.2: draw "until" a limit: nothing if the limit is already reached or exceeded as the
    modifier is created; otherwise one card at a time until it is."""
    if not _hand_size_limit(e):
        raise NotModelled(f"{run.name}: drawing {e.until.text or 'until a limit'!r}")
    st = run.state
    for p in _players(run, e.who):
        size = int(st.players[p].values.get("maximum hand size", 7))
        hand = lambda: len(st.zones[(p, W.HAND)].ids)   # noqa: E731
        if hand() >= size:
            run.step(T.RULE, f"{run.name}: {p} has {hand()} cards in hand, already at least "
                     f"the maximum hand size {size}: the limit is reached, so {p} draws "
                     "nothing", ["one-shot.until", "hand.size"])
            continue
        run.step(T.RULE, f"{run.name}: {p} has {hand()} cards in hand and a maximum hand "
                 f"size of {size}: {p} draws one card at a time until the limit is reached",
                 ["one-shot.until", "hand.size"])
        while hand() < size and st.result is None:
            before, deck = hand(), len(st.zones[(p, W.DECK)].ids)
            MV.draw(run.ctx, p, 1)
            if hand() > before:
                continue
            if deck:
                # a modifier replaced the draw: 713.2a's cases are not told apart
                raise NotModelled(f"{run.name}: {DRAW_UNTIL_REPLACED}",
                                  run.ctx.cite("one-shot.draw-until"))
            run.step(T.RULE, f"{p}'s deck is empty: drawing can't reach the limit, so {p} "
                     "stops drawing (the checks of 410.5 find the player decked)",
                     ["one-shot.until", "ppp.decked"])
            break
    run.did = True


def _ongoing(state: State, oid: int) -> bool:
    from judge.games.wow import powers as P
    return P.of(state, oid).ongoing


def _players(run: Run, who: M.Target | None) -> list[str]:
    if who is None or who.ref == "you" or (who.kinds and who.kinds[-1] == "you"):
        return [run.you]
    st = run.state
    if who.controller == "it" and who.kinds and who.kinds[-1] in ("controller", "owner"):
        out = []
        for x in run.it:
            if isinstance(x, int):
                out.append(D.controller_of(st, x) if who.kinds[-1] == "controller"
                           else st.objects[x].owner)
            elif isinstance(x, str):
                out.append(x)
        if out:
            return out
    found = [x for x in run.things(who) if isinstance(x, str)]
    if not found:
        raise NotModelled(f"{run.name}: who {who.text!r} is")
    return found


def _discard(run: Run, e: M.Move) -> None:
    """Discarding (415.9e). When several players discard at once ("Each player discards a
    card"), each chooses in turn order, the turn player first (802.1), and then all the
    discards happen together."""
    st = run.state
    who = _players(run, e.who)
    if len(who) > 1:
        order = W.seat_order(st)
        who = sorted(who, key=lambda p: order.index(p) if p in order else len(order))
    what = e.what
    n = run.amount(what.count if what else None, default=1) or 0
    whole = what is not None and what.kinds == ("hand",) and what.count is None
    picked: list[tuple[str, list[int], int]] = []
    for p in who:
        hand = list(st.zones[(p, W.HAND)].ids)
        if whole:
            n = len(hand)           # "discard your hand": every card in it
        if n <= 0:
            continue
        if len(hand) <= n:
            chosen = hand
        else:
            names = tuple(dict.fromkeys(st.objects[o].name for o in hand))
            if len(names) == 1:
                chosen = hand[:n]
            else:
                picks = run.ctx.decide(Decision(
                    key=f"discard:{run.link}:{p}:{len(st.log)}", player=p, kind="discard",
                    prompt=f"which {'card' if n == 1 else f'{n} cards'} {p} discards",
                    options=names, citation=run.ctx.cite(
                        "simultaneous" if len(who) > 1 else "discard"),
                    example=f'{p} discards "{names[0]}"', count=n))
                picks = (picks,) if isinstance(picks, str) else tuple(picks)
                chosen = []
                pool = list(hand)
                for name in picks:
                    found = next((o for o in pool if st.objects[o].name == name), None)
                    if found is not None:
                        chosen.append(found)
                        pool.remove(found)
        picked.append((p, chosen, n))
    if len(who) > 1:
        run.step(T.RULE, f"{run.name}: {', '.join(who)} discard at once: each chooses in turn "
                 f"order, the turn player first ("
                 + "; ".join(f"{p}: {D.names(st, c) if c else 'nothing'}" for p, c, _ in picked)
                 + "), then the discards happen together", ["simultaneous", "discard"])
        MV.move_all(run.ctx, [MV.move_event(st, oid, W.GRAVEYARD, "discard", by=p)
                              for p, chosen, _ in picked for oid in chosen])
    else:
        for p, chosen, _ in picked:
            for oid in chosen:          # 415.9e: one at a time
                MV.move(run.ctx, oid, W.GRAVEYARD, "discard", by=p)
    run.did = bool(picked) and all(len(c) == k for _, c, k in picked)


def exhaust(run: Run, e: M.Exhaust) -> None:
    things = [x for x in run.things(e.target) if isinstance(x, int)]
    done = [MV.orient(run.ctx, x, True, f"{run.name}") for x in things]
    run.it = tuple(things)
    run.did = bool(things) and all(done)


def _counted(run: Run, desc: M.Target, want) -> list[int] | None:
    """"that many of his resources", "two target allies": ``n`` of the cards ``desc`` names
    that ``want`` accepts (identical cards need no choice)."""
    if desc.count is None or desc.targeted:
        return None
    n = run.amount(desc.count) or 0
    pool = [x for x in run.things(desc, every=True) if isinstance(x, int) and want(x)]
    if len(pool) <= n:
        return pool
    names = {run.state.objects[x].name for x in pool}
    if len(names) == 1:
        return pool[:n]
    raise NotModelled(f"{run.name}: which {n} of {D.names(run.state, pool)} it affects")


def ready(run: Run, e: M.Ready) -> None:
    desc = e.target
    if e.who is not None and desc is not None and desc.controller == "they":
        players = _players(run, e.who)
        if players:
            run.they = players[0]
    counted = _counted(run, desc, lambda x: W.exhausted(run.state, x)) if desc else None
    if counted is not None:
        done = [MV.orient(run.ctx, x, False, f"{run.name}") for x in counted]
        run.it = tuple(counted)
        run.did = bool(counted) and all(done)
        return
    parts = D.alternatives(desc) if desc is not None and desc.alternatives and \
        desc.quantifier == "one" and not desc.targeted else [desc]
    things: list[int] = []
    for d in parts:
        things += [x for x in run.things(d) if isinstance(x, int) and x not in things]
    done = [MV.orient(run.ctx, x, False, f"{run.name}") for x in things]
    run.it = tuple(things)
    run.did = bool(things) and all(done)


def restriction(run: Run, e: M.Restriction, *, while_source: tuple[int, int] | None = None,
                condition: Callable[[State], bool] | None = None, also: str = "",
                procedures: tuple[str, ...] = ()) -> None:
    """A definite "can't" modifier from a link (103.2, 714.3); "must attack" and "can attack
    only" modifiers (600.2, 601.2c) on the cards it names. ``while_source`` / ``condition``:
    it applies only while they hold (714.3b, the words ``also``)."""
    st = run.state
    if e.verb in ("must attack", "attack only"):
        _attack_rule(run, e)
        return
    who = e.who or e.what
    things = run.things(who, every=True) if who is not None else []
    things = [W.hero(st, x) if isinstance(x, str) and e.who is not None and "attack" in
              e.actions else x for x in things]
    parts = _restriction_parts(run, e.duration, things)
    attack_what = None
    if "attack" in e.actions and e.who is not None and e.what is not None:
        # "[X] can't attack [Y]": only attacking Y is stopped (103.2)
        if len(e.actions) != 1:
            raise NotModelled(f"{run.name}: {_text(e, run.text)!r}")
        ys = [W.hero(st, y) if isinstance(y, str) else y for y in run.things(e.what)]
        attack_what = tuple(st.ref(st.objects[y]) for y in ys if isinstance(y, int))
    label = f"{run.name}: " + _text(e, run.text)
    mark = len(st.log)
    ready_step = e.duration is not None and e.duration.kind in ("next ready step",
                                                                "ready step")
    if also and also.lower() not in label.lower():
        label += f" {also}"
    for ends, part in parts:
        flagged = tuple(st.ref(st.objects[x]) for x in part if isinstance(x, int))
        CE.create(st, description=label, controller=run.you,
                  citation=run.ctx.cite("cant"), ends_at=ends or frozenset({"never"}),
                  while_source=while_source, condition=condition,
                  data={"restriction": e.actions, "flagged": flagged, "name": run.name,
                        "what": e.what, "by": e.by, "ready step only": ready_step,
                        "attack what": attack_what})
    procs = ["cant", "continuous.definite-modifier", *procedures]
    if who is not None and who.ref in ("they", "that") and len(things) > 1:
        procs.append("continuous.flags")
    run.step(T.RULE, f"{label} (on {D.names(st, things)}"
             + (f"; they can't attack {D.names(st, [r[0] for r in attack_what])}"
                if attack_what is not None else "") + ")", procs, mark=mark)


def _attack_rule(run: Run, e: M.Restriction) -> None:
    st = run.state
    ends = _ends(run, e.duration)
    things = [x for x in run.things(e.who, every=True) if isinstance(x, int)]
    flagged = tuple(st.ref(st.objects[x]) for x in things)
    label = f"{run.name}: " + _text(e, run.text)
    mark = len(st.log)
    CE.create(st, description=label, controller=run.you,
              citation=run.ctx.cite("combat.must-attack" if e.verb == "must attack"
                                    else "combat.attack-only"),
              ends_at=ends or frozenset({"never"}),
              data={"attack rule": e.verb, "flagged": flagged, "name": run.name,
                    "what": e.what, "if able": e.only is not None, "scope": run.scope})
    run.it = tuple(things)
    run.step(T.RULE, f"{label} (on {D.names(st, things)}"
             + (f", until {', '.join(sorted(ends))}" if ends else "") + ")",
             ["continuous.definite-modifier", "combat.must-attack" if e.verb == "must attack"
              else "combat.attack-only"], mark=mark)


def prevent(run: Run, e: M.Prevent) -> None:
    st = run.state
    if run.replacing is not None and e.target is None:
        ev = run.replacing
        if PK.unpreventable(ev):
            run.step(T.RULE, f"{run.name}: the prevention modifier does nothing: the damage "
                     "is unpreventable", ["prevent.conditional", "packet.preventability"])
            return
        if e.amount is None:
            after = ev.with_(amount=0, cancelled=True)
        else:
            n = run.amount(e.amount, default=0) or 0
            rest = ev.amount - n
            after = ev.with_(amount=max(0, rest), cancelled=rest <= 0)
        run.replacing = PK.prevented(run.ctx, ev, after)
        return
    ends = _ends(run, e.duration)
    things = run.things(e.target) if e.target is not None else []
    target = e.target
    if e.target is not None and (e.target.targeted or e.target.ref):
        ids = [x for x in things if isinstance(x, int)]
        if len(ids) == 1:
            target = M.Target(ref="it", who="object")
    source = e.source
    if source is not None and source.quantifier == "each":
        # "1 damage dealt to it by each attack": an amount prevented per source, which one
        # modifier with one amount left would not be
        raise NotModelled(f"{run.name}: a prevention of an amount from each source "
                          f"({_text(e, run.text)!r})")
    if source is not None and (source.targeted or source.ref in ("it", "that", "they")):
        # "prevent all damage that target ally would deal": the chosen card deals it
        if target is not e.target and target is not None:
            raise NotModelled(f"{run.name}: a prevention naming both a chosen source and a "
                              f"chosen recipient ({_text(e, run.text)!r})")
        things = run.things(source)
        ids = [x for x in things if isinstance(x, int)]
        if len(ids) != 1:
            raise NotModelled(f"{run.name}: which card {source.text!r} is")
        source = M.Target(ref="it", who="object")
    n = run.amount(e.amount) if e.amount is not None else None
    label = f"{run.name}: " + _text(e, run.text)
    mark = len(st.log)
    CE.create(st, description=label, controller=run.you, citation=run.ctx.cite("prevent"),
              ends_at=ends, uses=None,
              data={"replacement": replace(e, target=target, source=source), "left": n,
                    "scope": replace(run.scope, it=tuple(things)), "name": run.name})
    run.step(T.RULE, f"{label} (a prevention modifier)", ["prevent", "replacement"], mark=mark)


def replacement(run: Run, e: M.Replacement) -> None:
    """A replacement modifier created by a link (716, 717.5 "the next time")."""
    st = run.state
    ends = _ends(run, e.duration)
    label = f"{run.name}: " + _text(e, run.text)
    scope = run.scope
    event = e.event
    if event is not None and event.subject is not None and event.subject.targeted:
        things = run.things(event.subject)
        scope = replace(scope, it=tuple(things))
        event = replace(event, subject=M.Target(ref="it", who="object"))
    mark = len(st.log)
    CE.create(st, description=label, controller=run.you,
              citation=run.ctx.cite("replacement"), ends_at=ends,
              data={"replacement": replace(e, event=event), "scope": scope, "name": run.name})
    run.step(T.RULE, f"{label} (a replacement modifier)", ["replacement"]
             + (["packet.next-time"] if e.next_only else []), mark=mark)


def counters(run: Run, e: M.Counters) -> None:
    from judge.engine.state import AddCounter
    st = run.state
    things = [x for x in run.things(e.on, default=(run.source,)) if isinstance(x, int)]
    n = run.amount(e.count, default=1) or 0
    done = False
    run.chosen["counter"] = e.kind
    for oid in things:
        have = st.counter_count(oid, e.kind)
        mark = len(st.log)
        if e.action == "remove":
            k = min(n, have)
            if k:
                st.apply(AddCounter(oid, e.kind, -k))
                done = k == n
        else:
            st.apply(AddCounter(oid, e.kind, n))
            done = True
        run.step(T.EVENT, f"{run.name}: {'removes' if e.action == 'remove' else 'puts'} "
                 f"{n} {e.kind} counter{'s' if n != 1 else ''} "
                 f"{'from' if e.action == 'remove' else 'on'} {st.objects[oid].name}",
                 ["counter", "counter.self"], mark=mark)
    run.did = done


def create_token(run: Run, e: M.CreateToken) -> None:
    st = run.state
    if e.copy_of is not None:
        _token_copy(run, e)
        return
    n = run.amount(e.count, default=1) or 0
    values = dict(e.values)
    name = e.token
    kinds = tuple(k.lower() for k in e.kinds) + ("token",)
    if e.choices:
        # "an Air, Earth, Fire, or Water Totem token": its controller chooses one as it
        # resolves (the choice is stated with: Alice chooses "Water Totem")
        name = run.ctx.decide(Decision(
            key=f"token:{run.link}:{_at(e)}:{len(st.log)}", player=run.you, kind="choose",
            prompt=f"which token {run.you} puts into play for {run.name} ({e.token})",
            options=e.choices, citation=run.ctx.cite("resolve.in-order"),
            example=f'{run.you} chooses "{e.choices[-1]}"'))
    if e.damage_type:
        values["damage type"] = e.damage_type
    if "totem" in kinds:
        _totem_token(run, name, kinds, values, bool(e.damage_type))
        kinds = kinds + ((name.lower(),) if name.lower() in _TOTEM_ATK else ())
    made = []
    for _ in range(n):
        made.append(MV.create_token(run.ctx, run.you, name, kinds, values))
    run.it = tuple(made)
    run.did = bool(made)


# 404.2b: a Totem token's default information by the Totem it is
_TOTEM_ATK = {"air totem": "nature", "earth totem": "melee", "fire totem": "fire",
              "water totem": "frost"}


def _totem_token(run: Run, name: str, kinds: tuple[str, ...], values: dict[str, Any],
                 specified: bool) -> None:
    """404.2b: a Totem token is "Ongoing" and, as an Air, Earth, Fire or Water Totem, has that
    Totem (1) and that Totem's damage type for its ATK unless the effect specifies one; [Melee]
    ATK and no restriction tag when none of them is specified."""
    tag = name.lower() if name.lower() in _TOTEM_ATK else ""
    default = _TOTEM_ATK.get(tag, "melee")
    if tag:
        values["limits"] = frozenset({f"{tag}:1"})
    if not specified:
        values["damage type"] = default
    atk = values["damage type"]
    run.step(T.RULE, f"a {name} token is a Totem: an ability ally, \"Ongoing\""
             + (f", {name} (1)" if tag else ", no restriction tag")
             + f", [{atk.title()}] ATK"
             + (f" as {run.name}'s effect specifies (not the default [{default.title()}])"
                if specified and atk != default else
                " as specified" if specified else " by default"),
             ["token.totem"])


def _become_defender(run: Run, e: M.Becomes) -> None:
    """602.3a: a character that "becomes a defender" during combat: the current defender is
    removed from combat, the new one defends against the attacker and the attacker attacks
    it; both enter combat and are in combat with each other; a sabotage stops being one."""
    from judge.games.wow import combat as K
    st = run.state
    things = [W.hero(st, x) if isinstance(x, str) else x for x in run.things(e.what)]
    things = [x for x in things if isinstance(x, int) and W.in_play(st.objects[x])
              and VA.is_character(st, x)]
    c = K.combat(st)
    if len(things) != 1:
        raise NotModelled(f"{run.name}: which character becomes a defender")
    new = things[0]
    o = st.objects[new]
    if c is None or c.stage == "proposed" or K.live(st, c.attacker) is None:
        run.step(T.RULE, f"{run.name}: there is no combat with an attacker: {o.name} does not "
                 "become a defender", ["combat.becomes-defender"])
        return
    old = K.live(st, c.defender)
    if old is not None and old != new:
        K.remove_from_combat(run.ctx, old, why=f"{o.name} becomes the defender")
        c = K.combat(st)
    mark = len(st.log)
    K.set_combat(st, replace(c, defender=(new, o.incarnation), protecting=None, entered=True,
                             sabotage=False))
    attacker = st.objects[K.live(st, c.attacker)].name
    run.step(T.RULE, f"{run.name}: {o.name} becomes a defender: it defends against {attacker}, "
             f"which attacks it; both are in combat with each other"
             + (" (the combat is no longer a sabotage)" if c.sabotage else ""),
             ["combat.becomes-defender", "combat.in-combat"], mark=mark)
    run.did = True          # "that ally" of a later sentence stays the card named before


def _token_copy(run: Run, e: M.CreateToken) -> None:
    """402.4: a token copy of a card: its printed information (name, types and tags, text,
    printed values; 402.3a: a copy's printed information is what it copied) except its cost,
    which is zero (201.4); counters and modifiers on the card are not copied."""
    st = run.state
    found = [x for x in run.things(e.copy_of) if isinstance(x, int)]
    if len(found) != 1:
        run.step(T.RULE, f"{run.name}: there is no card to copy: no token is put into play",
                 ["copy.token"])
        run.did = False
        return
    o = st.objects[found[0]]
    values = {k: v for k, v in o.base.items() if k != W.DAMAGE}
    if "cost" in values:
        values["cost"] = 0
    kinds = tuple(dict.fromkeys(tuple(o.kinds) + ("token",)))
    copied = (o.id, o.incarnation) in W.records(st, "token copies")
    mark = len(st.log)
    run.step(T.RULE, f"{run.name}: a token copy of {o.name}: its printed information ("
             + ", ".join(f"{k} {v}" for k, v in sorted(values.items()) if k != "cost")
             + (", which it copied itself" if copied else "")
             + "), cost 0; no counter or modifier on it is copied", ["copy.token", "cost.token",
                                                                    "token"]
             + (["copy.copied"] if copied else []), mark=mark)
    made = MV.create_token(run.ctx, run.you, o.name, kinds, values, text=o.text or "")
    W.record(st, "token copies", (made, st.objects[made].incarnation))
    run.it = (made,)
    run.did = True


def attach(run: Run, e: M.Attach) -> None:
    """Attach to ... (400.1-400.3): the card enters play attached as it resolves (handled as
    the link's last part, 709.2g). "Attach it to another hero or ally" (Inventor's Focal
    Sword): an attachment in play moves (:func:`_reattach`)."""
    if e.what is not None and e.what.ref in ("it", "that") and e.to is not None \
            and not e.to.targeted:
        _reattach(run, e)
        return
    run.chosen["attach"] = e


def _reattach(run: Run, e: M.Attach) -> None:
    """400.7a-c: an attachment moved "to another" card goes to a card in play that matches its
    own attach description, read from its controller's point of view (400.7b; X is 0 while it
    is in play, 201.3), other than its host, and that the modifier's words describe; the
    modifier does not target the new host, so an untargetable card can be chosen (400.7c). If
    no card can be chosen it stays where it is. It does not go on the chain: its text before
    "Ongoing:" is not processed again."""
    from judge.games.wow import powers as P
    from judge.games.wow import restrictions as R
    st = run.state
    for att in [x for x in run.things(e.what) if isinstance(x, int)]:
        o = st.objects[att]
        host = W.host_of(st, att)
        if host is None or not W.in_play(o):
            run.step(T.RULE, f"{run.name}: {o.name} is not attached to a card in play: it is "
                     "not moved", ["attach.move"])
            continue
        desc = P.of(st, att).attach
        if desc is None or desc.to is None:
            raise NotModelled(f"{run.name}: the attach description of {o.name}")
        own = replace(desc.to, targeted=False)
        scope = Scope(you=o.controller, source=att, chosen={"X": 0})
        with named_unknown(run.name):
            fits = [x for x in D.candidates(st, own, scope) if isinstance(x, int)
                    and x != host and x != att and W.in_play(st.objects[x])
                    and D.matches(st, own, x, scope)
                    and D.matches(st, replace(e.to, qualities=tuple(
                        q for q in e.to.qualities if q.lower() not in ("other", "another"))),
                        x, run.scope)]
        if not fits:
            run.step(T.RULE, f"{run.name}: no other card in play matches {o.name}'s attach "
                     f"description ({desc.to.text!r}, read by its controller {o.controller}"
                     + (", X being 0 in play" if "X" in desc.to.text else "")
                     + f"): it stays attached to {st.objects[host].name}",
                     ["attach.move", "attach.move-controller"]
                     + (["cost.x"] if "X" in desc.to.text else []))
            continue
        new = fits[0] if len(fits) == 1 else run.choose_one(e.to, fits)
        mark = len(st.log)
        st.apply(W.SetHost(att, new, st.tick()))
        untargetable = bool(R.targetable(st, new, run.you))
        run.step(T.RULE, f"{run.name}: {o.name} moves from {st.objects[host].name} to "
                 f"{st.objects[new].name}, a card that matches its attach description "
                 f"({desc.to.text!r}, read by its controller {o.controller}"
                 + (", X being 0 while it is in play" if "X" in desc.to.text else "")
                 + "); it does not go on "
                 "the chain, so its text before 'Ongoing:' is not processed again"
                 + (" (it can't be targeted, but the modifier does not target it)"
                    if untargetable else ""),
                 ["attach.move", "attach.move-controller"]
                 + (["attach.move-untargetable"] if untargetable else [])
                 + (["cost.x"] if "X" in desc.to.text else []), mark=mark)
        run.it = (att,)
        run.did = True


def delayed(run: Run, e: M.DelayedTrigger) -> None:
    """A triggered modifier (715.1): it watches for its event within its duration."""
    st = run.state
    label = f"{run.name}: " + _text(e, run.text)
    mark = len(st.log)
    CE.create(st, description=label, controller=run.you,
              citation=run.ctx.cite("triggered-modifier"),
              ends_at=_ends(run, e.duration) if e.duration else frozenset(),
              data={"delayed": e, "scope": run.scope, "name": run.name, "it": run.it,
                    "source zone": _zone_key(st, run.it)})
    run.step(T.RULE, f"{label} (a triggered modifier)", ["triggered-modifier"], mark=mark)


def _zone_key(state: State, things: tuple[Any, ...]) -> tuple:
    return tuple((x, state.objects[x].zone, state.objects[x].incarnation) for x in things
                 if isinstance(x, int) and x in state.objects)


def cancel(run: Run, e: M.Cancel) -> None:
    from judge.games.wow import links as L
    things = run.things(e.what)
    for x in things:
        if isinstance(x, int):
            L.interrupt(run.game, run.ctx, x, by=run.name,
                        procedures=["interrupt.target"] if e.what is not None and
                        e.what.zone is not None and e.what.zone.name == "chain" else None)
    run.did = bool(things)


def keyword_action(run: Run, e: M.KeywordAction) -> None:
    raise NotModelled(f"{run.name}: the keyword action {_text(e, run.text)!r}")


def _pays_resources(e: M.Pay) -> bool:
    """"you may pay 2" (Cat Form): its controller pays a resource cost as it resolves."""
    return (len(e.costs) == 1 and e.costs[0].kind == "resource" and not e.costs[0].detail
            and e.costs[0].amount is not None and isinstance(e.costs[0].amount.value, int)
            and not e.costs[0].alternatives and (e.who is None or e.who.ref == "you"))


def pay(run: Run, e: M.Pay) -> None:
    """403.1, 412.2: "you may pay 2" as a link resolves - its controller exhausts that many
    ready resources he controls; with too few he can't pay and nothing is exhausted ("if you
    do" is then false). Which resources is asked only when they differ (face-up cards)."""
    if not _pays_resources(e):
        raise NotModelled(f"{run.name}: paying {_text(e, run.text)!r} while it resolves")
    from judge.games.wow import links as L
    st = run.state
    n = e.costs[0].amount.value
    ready = L.ready_resources(st, run.you)
    if len(ready) < n:
        run.step(T.RULE, f"{run.you} has {len(ready)} ready resources and can't pay ({n}) "
                 f"({run.name})", ["cost"])
        run.did = False
        return
    # face-down resources are blank (412.1b): alike; a face-up one is told apart by its name
    if len(ready) > n and len({st.objects[r].name if st.objects[r].face_up else ""
                               for r in ready}) > 1:
        raise NotModelled(f"{run.name}: which of {run.you}'s ready resources pay ({n}) (they "
                          "are not alike)")
    run.did = L.pay_resources(run.game, run.ctx, run.you, n, (), f"({n}) for {run.name}",
                              printed=False, link=False)


def switch(run: Run, e: M.Switch) -> None:
    """405.7: "switch all damage on X with the damage on Y": damage is removed from the
    character with more and put on the one with less (405.3: never beyond fatal damage); it
    neither deals nor heals damage. Nothing happens if either is not a character in play as
    the modifier is created."""
    st = run.state
    if e.stats != ("damage",) or e.second is None:
        raise NotModelled(f"{run.name}: {SWITCH_VALUES}", run.ctx.cite("modifier.switch"))

    def one(desc: M.Target) -> int | None:
        found = run.things(desc)
        found = [W.hero(st, x) if isinstance(x, str) else x for x in found]
        if len(found) > 1:
            raise NotModelled(f"{run.name}: switching damage among {desc.text!r}")
        x = found[0] if found else None
        return x if isinstance(x, int) and W.in_play(st.objects[x]) and \
            VA.is_character(st, x) else None

    a, b = one(e.first), one(e.second)
    if a is None or b is None:
        run.step(T.RULE, f"{run.name}: {_text(e, run.text)}: a character it names is not "
                 "in play as the modifier is created: nothing happens", ["damage.switch"])
        return
    da, db = W.damage(st, a), W.damage(st, b)
    names = f"{st.objects[a].name} ({da} damage) and {st.objects[b].name} ({db} damage)"
    if da == db:
        run.step(T.RULE, f"{run.name}: switching the damage on {names}: they have the same "
                 "damage, so nothing changes", ["damage.switch"])
        return
    more, less = (a, b) if da > db else (b, a)
    diff = abs(da - db)
    mark = len(st.log)
    st.apply(W.SetDamage(more, min(da, db), max(da, db)))
    run.step(T.RULE, f"{run.name}: switching the damage on {names}: {diff} damage is removed "
             f"from {st.objects[more].name} and put on {st.objects[less].name}; no damage is "
             "dealt or healed", ["damage.switch"], mark=mark)
    PK.put(run.ctx, less, diff, f"{run.name} switches damage", ["damage.switch"])
    run.did = True


def _same_name(c: M.Condition) -> bool:
    """"(an ally) with the same name": the name of the card "it" refers to."""
    o = c.object
    return (c.kind == "with" and c.test == "has" and not c.negated and o is not None
            and o.kinds == ("name",) and o.qualities == ("same",) and not o.filters)


def search(run: Run, e: M.Search) -> None:
    """413: a player searches a deck, a graveyard, or several zones ("your deck and/or
    graveyard": he chooses which, 413.2) for a card of a description. Searching a non-public
    zone he may fail to find one (413.3: the scenario states which card he finds, or that he
    fails); a card of that description in a public zone searched (a graveyard, 415.5a) is
    found. The deck's owner shuffles it only if it was searched (413.2). The card found is
    "it" for what follows ("... and put it into play")."""
    st = run.state
    players = _players(run, e.who)
    if len(players) != 1:
        raise NotModelled(f"{run.name}: who searches {_text(e, run.text)!r}")
    p = players[0]
    what = e.what
    zones = e.zones or ((e.zone,) if e.zone is not None else ())
    owners = [{"they": p, "you": run.you}.get(z.owner) for z in zones]
    if not zones or what is None or None in owners or \
            any(z.name not in _SEARCHED or z.position for z in zones) or \
            len(set(zip((z.name for z in zones), owners))) != len(zones):
        raise NotModelled(f"{run.name}: searching "
                          f"{' and '.join(z.name for z in zones) or 'an unstated zone'} "
                          f"({_text(e, run.text)!r})")
    if len(zones) > 1 and e.joiner not in ("and/or", "or"):
        # 413.2: having found the card in the other zone, he may look through the deck or not
        raise NotModelled(f"{run.name}: searching {e.joiner!r} of several zones "
                          f"({_text(e, run.text)!r})", run.ctx.cite("search.shuffle"))
    if what.count is not None and what.count.value != 1 or what.quantifier != "one":
        raise NotModelled(f"{run.name}: searching for {what.text!r} (more than one card)")
    searched = list(zip(zones, owners))
    if len(zones) > 1:
        searched = _zones_searched(run, e, p, searched)
    same = [c for c in what.filters if _same_name(c)]
    named = None
    if same:
        refs = [x for x in run.it if isinstance(x, int)]
        if len(refs) != 1:
            raise NotModelled(f"{run.name}: which card {what.text!r} has the same name as")
        named = st.objects[refs[0]].name
    desc = replace(what, filters=tuple(c for c in what.filters if not _same_name(c)), zone=None)
    label = what.text + (f" ({named})" if named else "")
    found: list[int] = []
    public = False
    for z, owner in searched:
        key = (owner, _SEARCHED[z.name])
        with named_unknown(run.name):
            here = [x for x in st.zones[key].ids
                    if D.matches(st, desc, x, run.scope, ignore_zone=True)
                    and (named is None or st.objects[x].name == named)]
        run.step(T.RULE, f"{p} searches {owner}'s {z.name} for {label}: {len(here)} card"
                 f"{'s' if len(here) != 1 else ''} of that description in it"
                 + (f" ({D.names(st, here)})" if here else ""), ["search"])
        found += here
        public = public or (bool(here) and key[1] != W.DECK)
    # 413.3: a search for "a card" fails only in an empty zone; one for a card of a
    # specified description may fail by choice - in a non-public zone only: a card of that
    # description in a public zone searched (a graveyard) is there for all to see
    fail = () if public or (desc.kinds == ("card",) and not desc.filters and not named
                            and found) else ("fail to find",)
    options = tuple(dict.fromkeys(st.objects[x].name for x in found)) + fail
    pick = "fail to find" if not found else run.ctx.decide(Decision(
        key=f"find:{run.link}:{run.source}:{_at(e)}:{len(st.log)}", player=p, kind="find",
        prompt=f"which card {p} finds searching for {label} ({run.name})", options=options,
        citation=run.ctx.cite("search.fail"),
        example=f'{p} finds "{options[0]}"' if found else f"{p} fails to find"))
    chosen = [x for x in found if st.objects[x].name == pick]
    if len({st.objects[x].zone for x in chosen}) > 1:
        raise NotModelled(f"{run.name}: which zone's {pick} {p} finds (one is in each zone "
                          "searched)")
    if chosen and not _alike(st, chosen):
        raise NotModelled(f"which {pick} {p} finds (cards of that name differ)")
    from judge.engine.state import SetGlobal
    for z, owner in searched:
        if _SEARCHED[z.name] != W.DECK:
            continue
        mark = len(st.log)
        st.apply(SetGlobal(f"shuffled:{owner}", True))
        run.step(T.RULE, f"{owner} shuffles {owner}'s deck after the search", ["search.shuffle"],
                 mark=mark)
    run.it = run.found = tuple(chosen[:1])
    run.did = bool(chosen)


_SEARCHED = {"deck": W.DECK, "graveyard": W.GRAVEYARD}


def _zones_searched(run: Run, e: M.Search, p: str,
                    zones: list[tuple[M.Zone, str]]) -> list[tuple[M.Zone, str]]:
    """"Search your deck and/or graveyard": which of the zones the searcher searches (one of
    them for "or"; one or more for "and/or"), his choice as the link resolves (413.2: the deck
    is shuffled only if he searches it). The scenario states it (``Alice chooses "graveyard"``,
    ``"deck and graveyard"``); it is never assumed."""
    names = [z.name for z, _ in zones]
    options = list(names)
    if e.joiner == "and/or":
        from itertools import combinations
        options += [" and ".join(c) for n in range(2, len(names) + 1)
                    for c in combinations(names, n)]
    pick = run.ctx.decide(Decision(
        key=f"search zones:{run.link}:{run.source}:{_at(e)}:{len(run.state.log)}", player=p,
        kind="search zones", prompt=f"which zones {p} searches ({run.name})",
        options=tuple(options), citation=run.ctx.cite("search.shuffle"),
        example=f'{p} chooses "{options[-1]}"'))
    chosen = str(pick).split(" and ")
    return [(z, o) for z, o in zones if z.name in chosen]


def _reveals_top_cards(e: M.Reveal) -> bool:
    """"both players reveal the top card of their deck", "reveal the top card of your deck":
    each named player reveals the top card of his own deck (the one shape of revealing carried
    out)."""
    w = e.what
    return w is not None and w.zone is not None and w.zone.name == "deck" and \
        w.zone.position == "top" and w.kinds == ("card",) and \
        w.count is None and not w.qualities and not w.filters and e.to is None and \
        e.who is not None and e.who.who == "player" and (
            w.zone.owner == "they" or w.zone.owner == "you" and e.who.ref == "you")


def _reveals_it(e: M.Reveal) -> bool:
    """"Search ... for a Form card, reveal it": the card the effect just named ("it"), shown
    to every player by its controller."""
    w = e.what
    return w is not None and w.ref == "it" and not w.kinds and not w.filters and \
        e.to is None and (e.who is None or e.who.ref == "you")


def reveal(run: Run, e: M.Reveal) -> None:
    """Glossary Reveal: each player turns the top card of his deck face up for all to see;
    it stays where it is. A player whose deck is empty reveals nothing (712.8's example).
    "reveal it": the card found (or named) before is shown; it stays where it is."""
    st = run.state
    if _reveals_it(e):
        if run.found is None or run.found != run.it:
            raise NotModelled(f"{run.name}: revealing {_text(e, run.text)!r} (only a card a "
                              "search just found is revealed)")
        shown = [x for x in run.it if isinstance(x, int)]
        for oid in shown:
            run.step(T.RULE, f"{run.name}: {run.you} reveals {st.objects[oid].name}",
                     ["reveal"])
        if not shown:
            run.step(T.RULE, f"{run.name}: no card to reveal", ["reveal"])
        run.did = bool(shown)
        return
    players = _players(run, e.who)
    n = e.who.count.value if e.who.count is not None else None
    if n is not None and len(players) != n:      # "both players" (two) among three or more
        raise NotModelled(f"{run.name}: which {'two' if n == 2 else n} players "
                          f"{e.who.text!r} are")
    for p in players:
        if p not in st.globals.get("decks stated", ()):
            raise NotModelled(f"{run.name}: {p} reveals the top card of his deck, but the "
                              f"scenario does not state {p}'s deck (state it with: {p}: deck "
                              "top \"...\", or deck 30 cards)")
        deck = st.zones[(p, W.DECK)].ids
        if deck:
            run.step(T.RULE, f"{run.name}: {p} reveals the top card of his deck, "
                     f"{st.objects[deck[0]].name}; it stays on top", ["reveal"])
        else:
            run.step(T.RULE, f"{run.name}: {p} has no card in his deck to reveal", ["reveal"])
    if len(players) == 1:
        deck = st.zones[(players[0], W.DECK)].ids
        run.it = tuple(deck[:1])       # "reveal the top card of your deck, then place it ..."
    run.did = True


def change_target(run: Run, e: M.ChangeTarget) -> None:
    """706.2: "change [a link's] target to [a second target]": the player targets the second
    target with that link, its target description read from the perspective of the link's
    controller; what triggers off it becoming targeted triggers. With no legal second target
    the link is not changed. Only a link with a single target (706.1a) and a second target the
    text names are carried out."""
    from judge.games.wow import links as L
    from judge.games.wow import powers as P
    st = run.state
    if e.to is None:
        raise NotModelled(f"{run.name}: changing a target to one its controller chooses "
                          "(706.2)", run.ctx.cite("target.change"))
    cards = [x for x in run.things(e.link) if isinstance(x, int)]
    if len(cards) != 1:
        raise NotModelled(f"{run.name}: which link {_text(e, run.text)!r} changes",
                          run.ctx.cite("target.change"))
    card = cards[0]
    layer = next((l for l in st.chain if l.kind == "card" and l.source == card), None)
    name = st.objects[card].name
    if layer is None:
        run.step(T.RULE, f"{run.name}: {name} is not on the chain: no target is changed",
                 ["target.change"])
        return
    chosen = layer.data.get("slots", ())
    ps = P.of(st, card)
    descs = slots(P.resolve_now(ps, layer.data.get("ignored", ()),
                                layer.data.get("modes picked")))
    if len(descs) != 1 or sum(len(x) for x in chosen) != 1:
        raise NotModelled(f"{run.name}: changing the target of {name}, which does not have a "
                          "single target (706.1a, 706.2)", run.ctx.cite("target.change"))
    desc = e.to
    players: list[str] | None = None
    if desc.of is not None and desc.of.who == "player":
        players = _players(run, desc.of)
        desc = replace(desc, of=None)
    elif desc.of is not None:
        raise NotModelled(f"{run.name}: the second target {e.to.text!r}",
                          run.ctx.cite("target.change"))
    with named_unknown(run.name):
        found = D.candidates(st, desc, run.scope)
    if players is not None:
        found = [x for x in found if D.controller_of(st, x) in players]
    if len(found) != 1:
        raise NotModelled(f"{run.name}: which card {e.to.text!r} is "
                          f"({D.names(st, found)})", run.ctx.cite("target.change"))
    new = found[0]
    scope = Scope(you=layer.controller, source=card, chosen=dict(layer.data.get("chosen", {})))
    got, problem = L.assign(st, descs, (new,), scope)
    if problem or not got or not got[0]:
        run.step(T.RULE, f"{run.name}: {D.names(st, [new])} is not a legal target for {name} "
                 f"({problem or 'no target'}; its target description {descs[0].text!r} is read "
                 f"as {layer.controller}, its controller, reads it): its target is not changed",
                 ["target.change"])
        return
    mark = len(st.log)
    st.apply(W.Retarget(layer.id, L.freeze(st, got)))
    run.step(T.RULE, f"{run.name}: {run.you} changes {name}'s target from "
             f"{D.names(st, L.flat(chosen))} to {D.names(st, [new])}, a legal target for "
             f"{descs[0].text!r} read as {layer.controller}, its controller, reads it",
             ["target.change"], mark=mark)
    from judge.engine import events as V
    V.run_all(run.ctx, [Event("target", player=layer.controller, target=new, source=card)])
    run.did = True


def _plays_from_graveyard(e: M.Permission) -> bool:
    """"You can play ability cards from your graveyard this turn" (Readiness): its controller
    may play cards of that description from his own graveyard until the turn ends."""
    w = e.what
    return (e.verb == "can" and e.actions == ("play",) and not e.as_though
            and e.condition is None and (e.who is None or e.who.ref == "you")
            and w is not None and w.zone is not None and w.zone.name == "graveyard"
            and w.zone.owner == "you" and not w.zone.position and w.zone.owner_target is None
            and not w.ref and not w.targeted and w.kinds
            and e.duration is not None and e.duration.kind == "this turn")


def permission(run: Run, e: M.Permission) -> None:
    """409.1: a card is played from the zone it is in - this permission lets its controller
    play cards of its description from his graveyard this turn (recorded; checked as he plays
    one)."""
    if not _plays_from_graveyard(e):
        raise NotModelled(f"{run.name}: the permission {_text(e, run.text)!r}")
    st = run.state
    mark = len(st.log)
    W.record(st, "play from", (W.current_turn(st), run.you, W.GRAVEYARD,
                               replace(e.what, zone=None), run.name))
    run.step(T.RULE, f"{run.name}: {run.you} can play {' '.join(e.what.kinds)}s from his "
             "graveyard until the turn ends", ["play"], mark=mark)
    run.did = True


def may_play_from(state: State, player: str, card: int) -> bool:
    """Whether a permission lets ``player`` play ``card`` from the zone it is in this turn."""
    o = state.objects[card]
    turn = W.current_turn(state)
    for t, who, zone, desc, name in W.records(state, "play from"):
        if t == turn and who == player and o.zone == (player, zone):
            with named_unknown(name):
                if D.matches(state, desc, card, Scope(you=player), ignore_zone=True):
                    return True
    return False


_HANDLERS: dict[type, Callable[[Run, Any], None]] = {
    M.Damage: damage, M.Heal: heal, M.ModifyValue: modify_value, M.Gain: gain,
    M.Conditional: conditional, M.Choice: choice, M.Move: move, M.Exhaust: exhaust,
    M.Ready: ready, M.Restriction: restriction, M.Prevent: prevent,
    M.Replacement: replacement, M.Counters: counters, M.CreateToken: create_token,
    M.Attach: attach, M.DelayedTrigger: delayed, M.Cancel: cancel, M.Becomes: becomes,
    M.Choose: choose, M.Switch: switch, M.Search: search, M.ChangeTarget: change_target,
    M.Guess: guess, M.Reveal: reveal, M.Pay: pay, M.Permission: permission,
}


_DURATIONS = frozenset(list(_ENDS) + ["until start of turn", "until the start of your next turn",
                                      "next ready step", "ready step"])
_STATS = frozenset({"atk", "attack", "health", "def", "defense", "cost", "strike cost"})


# reasons why_not gives whose rule the not-modelled step cites (WHY_CITES: reason -> procedure)
DIVIDED_ON_ADDING = "damage or healing divided among its targets as its controller chooses (707.1d)"
DIVIDED_INSTEAD = "a packet divided as its source player chooses, in place of another (717.7)"
SWITCH_VALUES = "switching ATK and health (712.9)"
DRAW_UNTIL_REPLACED = "drawing until a limit while a modifier replaces drawing (713.2a)"
GRANTED_TARGETS = ("a card gaining a power with targets (706.1c: its targets are chosen as "
                   "it is used; only a payment power with known costs given to a targeted card "
                   "this turn is carried out, not this one)")
DEFINITE_AS = ("a definite power, whose modifier is generated as the event happens and not "
               "added to the chain (704.1b); a continuous one has that event's timestamp "
               "(718.2e)")
OUTSIDE_PLAY = ("a continuous power of a card in a zone outside play (its modifiers' timestamp "
                "is the time the card entered that zone, 718.2c; the module applies the powers "
                "of cards in play only)")
DEFINITE_AS_ENTERS = ("a definite power whose modifier is created as this card enters play, "
                      "simultaneously with its other such modifiers and without the chain "
                      "(710.1a, 704.1b): the choice or effect its controller makes as it enters "
                      "is not carried out")
COULD_TARGET = ("whether a card \"could target\" another: that it could legally choose it as a "
                "target were it added to the chain (706.6)")
WHY_CITES = {DEFINITE_AS_ENTERS: "enter.as", COULD_TARGET: "target.could", OUTSIDE_PLAY: "timestamp.zone", DEFINITE_AS: "timestamp.as", GRANTED_TARGETS: "target.granted", DIVIDED_ON_ADDING: "add.targets", DIVIDED_INSTEAD: "packet.divide",
             SWITCH_VALUES: "modifier.switch", DRAW_UNTIL_REPLACED: "one-shot.draw-until"}

PLAY_COST_CHANGE = ("a change of what is paid to play or strike (707.1e cost reductions and "
                     "increases: the module pays the printed cost)")


def _completion_discount(e: M.ModifyValue) -> bool:
    """"you pay 1 less to complete it this turn" (Marksman Glous): a reduction of the cost of
    completing one quest the text names ("it"), for this turn (707.1e, 702.2)."""
    return (e.verb == "pay less" and e.stat == "complete cost" and e.sign < 0
            and e.op == "add" and e.minimum is None and e.amount is not None
            and isinstance(e.amount.value, int) and e.amount.per is None
            and not e.amount.variable and not e.amount.ref and e.target is not None
            and e.target.ref == "it" and not e.target.kinds and e.duration is not None
            and e.duration.kind == "this turn")


def _discount_completion(run: Run, e: M.ModifyValue) -> None:
    """The quest "it" names costs (n) less to complete this turn: recorded against that card
    (a quest that changes zones is a different card, 415.9a) and subtracted as its completion
    cost is calculated (707.1e); a cost is never negative (403.2)."""
    st = run.state
    quests = [x for x in run.it if isinstance(x, int) and x in st.objects
              and "quest" in st.objects[x].kinds]
    if len(quests) != 1:
        raise NotModelled(f"{run.name}: which quest {_text(e, run.text)!r} names")
    o = st.objects[quests[0]]
    n = e.amount.value
    mark = len(st.log)
    W.record(st, "completion discount", (W.current_turn(st), (o.id, o.incarnation), n,
                                         run.name))
    run.step(T.RULE, f"{run.name}: {o.name} costs ({n}) less to complete this turn",
             ["add.cost"], mark=mark)
    run.did = True


def completion_discount(state: State, oid: int) -> list[tuple[int, str]]:
    """The reductions of ``oid``'s completion cost this turn: (amount, what made it)."""
    o = state.objects[oid]
    turn = W.current_turn(state)
    return [(n, why) for t, ref, n, why in W.records(state, "completion discount")
            if t == turn and ref == (o.id, o.incarnation)]


def _play_cost_change(e: M.ModifyValue) -> bool:
    """"You pay 1 less to play allies", "This costs 2 less to play": a change of the cost paid
    (707.1e), which the module's payment does not apply (it is named, never dropped)."""
    return e.verb.startswith("pay ") or e.verb == "cost"


def _could_target(value) -> bool:
    """A "could target" test (706.6) anywhere in an effect value: in a description of what it
    acts on, a condition, a nested effect."""
    if isinstance(value, M.Condition) and value.test == "could target":
        return True
    if isinstance(value, tuple):
        return any(_could_target(x) for x in value)
    names = _WALKED.get(type(value), _UNSEEN)
    if names is _UNSEEN:
        names = _walked(type(value))
    return names is not None and any(_could_target(getattr(value, n)) for n in names)


_UNSEEN = object()
# class -> the fields _could_target looks into (a dataclass's, but its positions), or None
_WALKED: dict[type, tuple[str, ...] | None] = {}


def _walked(cls: type) -> tuple[str, ...] | None:
    """The field names of dataclass ``cls`` but ``span`` and ``at`` (None: not a dataclass;
    a class object itself is not walked), worked out once per class: a card's powers are
    read for every scenario that names it, and this walk visits each of their values."""
    found = (tuple(f.name for f in fields(cls) if f.name not in ("span", "at"))
             if is_dataclass(cls) else None)
    _WALKED[cls] = found
    return found


def why_not(e: M.Effect) -> str | None:
    """Why the module cannot carry out effect value ``e`` (None: it can), looking inside
    combinations and at every part the handler reads: a part it would ignore makes the whole
    effect unsupported, so that it is named, never half done in silence."""
    from judge.games.wow import conditions as CO
    from judge.games.wow import restrictions as R
    from judge.games.wow import triggers as TR
    if type(e) not in _HANDLERS:
        if isinstance(e, M.Other):
            return f"the card grammar has no value for it ({e.verb!r})"
        return f"no procedure for {type(e).__name__}"
    if _could_target(e):
        return COULD_TARGET
    duration = getattr(e, "duration", None)
    if duration is not None and duration.kind not in _DURATIONS:
        return f"the duration {duration.text or duration.kind!r}"
    if isinstance(e, (M.Damage, M.Heal)) and e.divided:
        return DIVIDED_ON_ADDING
    if isinstance(e, M.Reveal) and not (_reveals_top_cards(e) or _reveals_it(e)):
        return ("revealing cards other than the top card of each player's own deck or the "
                "card just named")
    if isinstance(e, M.Permission) and not _plays_from_graveyard(e):
        return f"the permission {' '.join(e.actions)!r}"
    if isinstance(e, M.Pay) and not _pays_resources(e):
        return f"paying {' and '.join(c.kind for c in e.costs) or 'nothing'} as it resolves"
    if isinstance(e, M.Guess) and (len(e.answers) != 2 or e.stat != "cost"):
        return "a guess other than which of two cards has the higher or lower cost (712.8)"
    if isinstance(e, M.Switch) and (e.stats != ("damage",) or e.second is None):
        return SWITCH_VALUES
    if isinstance(e, M.ModifyValue):
        if _completion_discount(e):
            return None
        if _play_cost_change(e):
            return PLAY_COST_CHANGE
        if e.stat in ("damage", "heal"):
            return None if e.op in ("add", "multiply") else f"the change {e.op!r} of {e.stat}"
        if e.stat.lower() not in _STATS:
            return f"a change of {e.stat!r}"
        if e.op == "multiply" and e.amount is not None and e.amount.value == 2 and \
                e.amount.per is None and e.target is not None and (
                    e.target.targeted or e.target.ref in ("this", "it", "that")):
            return None                  # "Double target weapon's ATK" (719.4)
        if e.op not in ("add",):
            return f"the change {e.op!r} of {e.stat}"
    if isinstance(e, M.Conditional):
        if e.condition is not None and _remains_exhausted(e.condition) and len(e.then) == 1 \
                and isinstance(e.then[0], M.GainControl) and not e.otherwise:
            g = e.then[0]
            return None if g.duration is None and (g.who is None or g.who.ref == "you") \
                else "control given to another player or for a stated time"
        why = CO.why_not(e.condition)
        if why:
            return why
        for x in e.then + e.otherwise:
            why = why_not(x)
            if why:
                return why
    if isinstance(e, M.Choice):
        if not (e.optional and len(e.options) == 1) and not (
                e.pick is not None and e.pick.value is not None and e.pick.relation == ""
                and (e.chooser is None or e.chooser.ref == "you")):
            return "modal choices"
        for opt in e.options:
            for x in opt:
                why = why_not(x)
                if why:
                    return why
    if isinstance(e, M.Replacement):
        if e.event is None:
            return "a replacement of an unnamed event"
        if e.event.verb not in ("deal damage", "be dealt damage", "heal", "heal damage",
                                "be destroyed", "be put", "enter", "draw"):
            return f"replacing the event {e.event.text or e.event.verb!r}"
        if e.event.rest:
            # "If your hero would deal 5 or more combat damage while attacking": a part of the
            # event no value holds - replacing every such event would replace too often
            return f"replacing the event {e.event.text!r} ({'; '.join(e.event.rest)})"
        for x in e.instead:
            why = why_not(x)
            if why == DIVIDED_ON_ADDING:
                return DIVIDED_INSTEAD         # a packet divided in place of the one replaced
            if why:
                return why
    if isinstance(e, M.DelayedTrigger):
        why = TR.why_not(e.trigger)
        if why:
            return why
        for x in e.effects:
            why = why_not(x)
            if why:
                return why
    if isinstance(e, M.Gain) and e.resource == "ability" and _grantable(e):
        return None
    if isinstance(e, M.Gain) and e.resource == "ability" and granted_slots((e,)):
        return GRANTED_TARGETS
    if isinstance(e, M.Gain) and e.resource != "keyword":
        return f"gaining {e.resource}"
    if isinstance(e, M.Gain) and e.keyword is not None:
        from judge.games.wow import powers as P
        why = P.gained_keyword_why(e.keyword)
        if why:
            return why
    if isinstance(e, M.Choose) and e.kind not in ("type", "name", "race", "class") and \
            not _chooses_targets(e) and not _chooses_removed(e):
        return f"choosing {e.kind or 'a card'}"
    if isinstance(e, M.Becomes) and _becomes_defender(e):
        pass
    elif isinstance(e, M.Becomes):
        if "copy" in e.kinds:
            return "a card becoming a copy of another card (402.3)"
        if e.chosen:
            return "a card becoming a chosen type while a link resolves"
        if e.what is None or e.what.ref != "this" and not e.what.targeted:
            return "a card becoming something on cards it describes"
        if any(ab.kind != "keyword" for ab in e.abilities):
            return "a card becoming something with powers"
        if any(_STAT_NAMES.get(k, k) not in VA.NUMERIC for k, _ in e.values):
            return "a card becoming something with values other than ATK, health, DEF"
    if isinstance(e, M.Move) and e.arrives is not None and e.arrives.role:
        from judge.games.wow import resources as RS
        if not RS.is_additional(e):
            return f"a card put somewhere as {e.arrives.role!r}"
        return RS.why_not_move(e) or None
    if isinstance(e, M.Move) and e.verb == "remove from combat":
        pass
    elif isinstance(e, M.Move):
        if e.verb not in ("draw", "discard", "destroy", "remove", "return", "put", "play"):
            return f"the move {e.verb!r}"
        if e.random or e.until is not None and not (e.verb == "draw" and _hand_size_limit(e)):
            return "moving cards at random or until a condition holds"
        to = e.to_zone.name if e.to_zone is not None else ""
        if e.verb not in ("draw", "discard", "destroy") and to not in (
                "removed", "hand", "graveyard", "deck", "play"):
            return f"moving cards to {to or 'an unstated zone'}"
        if to == "deck":
            return "putting cards into a deck (top, bottom, shuffled)"
        if e.from_zone is not None and e.from_zone.position:
            return "moving cards from the top or bottom of a deck"
    if isinstance(e, M.Restriction):
        why = R.why_not(e)
        if why:
            return why
    if isinstance(e, M.Counters) and e.action not in ("place", "remove"):
        return f"counters: {e.action}"
    if isinstance(e, M.Attach) and (e.what is None or e.what.ref != "this") and not (
            e.what is not None and e.what.ref in ("it", "that") and e.to is not None
            and not e.to.targeted):
        return "attaching a card other than this one"
    if isinstance(e, M.CreateToken) and e.controller is not None and e.controller.ref != "you" \
            and "you" not in e.controller.kinds:
        return "a token put into play under another player's control"
    return None
