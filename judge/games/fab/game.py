"""Flesh and Blood on the engine core: priority and the chain (14, 19), playing cards with
costs, pitching and action points (15), triggers (16), continuous and replacement effects
(17, 18), attacking and defending (20.3-20.6), last known information (22), damage and
prevention (26), arcane barrier / spellvoid (27), life and winning (3, 6.4.6). The steps of a
chain link and closing the combat chain (20, 21) are in ``fab_chain``, the end of turn (13.3) in
``fab_turn``, the zone names in ``fab_zones``; the other ``fab_*`` modules each hold one
mechanic.

Every step cites the rule of the scenario's document through ``fab_citations.TABLE``.
"""

from __future__ import annotations

from typing import Any

from judge.cards import model as M
from judge.engine import effects as E
from judge.engine import events as V
from judge.engine import chain as S
from judge.engine import trace as T
from judge.engine import abilities
from judge.engine.abilities import Unbound
from judge.engine.chain import Layer, Priority
from judge.engine.context import Context, StatedChoice
from judge.engine.decisions import Decision
from judge.engine.errors import IllegalAction, NotModelled, UnstatedChoice
from judge.engine.events import Event, PendingTrigger, Replacement, Stage
from judge.engine.game import Call
from judge.engine.state import (AddPending, ChangeValue, CounterRule, EndGame, GameResult,
                                MoveObject, TakePending,
                                SetFlag, SetGlobal, State, ZoneKey)
from judge.engine.values import Bound, ValueRules
from judge.games.fab import cards as C
from judge.games.fab import combat as K
from judge.games.fab import costs as fab_costs
from judge.games.fab import increased as fab_increased
from judge.games.fab import instant as fab_instant
from judge.games.fab import printed as fab_printed
from judge.games.fab import becomes as fab_becomes
from judge.games.fab import chain as fab_chain
from judge.games.fab import deck as fab_deck
from judge.games.fab import modes as fab_modes
from judge.games.fab import next_defend as fab_next_defend
from judge.games.fab import records as fab_records
from judge.games.fab import reprise as fab_reprise
from judge.games.fab import restrictions as fab_restrictions
from judge.games.fab import statics as fab_statics
from judge.games.fab import targets as fab_targets
from judge.games.fab import turn as fab_turn
from judge.games.fab import watch as fab_watch
from judge.games.fab.scenario import FabScenario
from judge.games.fab.citations import CITATIONS
from judge.games.fab.zones import (ABILITIES_USED, AP, ARENA, CHAIN, CHAIN_CLOSES, COMBAT, GONE,
                                   PERMANENT_KINDS, PLAYER_ARENA, PLAYER_ZONES, RP, WEAPON_ATTACK)



def _keeps_counters(zone: ZoneKey) -> bool:
    """Counters stay on cards in the arena and arsenal, and leave otherwise (27 Counters)."""
    return zone[1] in ARENA or zone[1] == "arsenal"


# The bounds v1.4 sets on values. Each says "if an effect would reduce [it] to less than zero,
# instead it reduces it to zero": the bound holds after each effect in turn (Bound.each_step),
# so 2{p}, -3{p}, then +2{p} is 2. Counters count in full (8.2.5b: an equipment may have more
# -1{d} counters than its defense). Tokens are not cards (10.2) and v1.4 sets no bound on their
# values (10.4.5a, 10.4.6a): the first two lines keep them out of the card bounds. A hero's life
# (6.4.6c) is held where damage and life loss change it (``_perform_damage``,
# ``_perform_life_loss``); action and resource points are player values below.
_NO_BOUND_ON_TOKENS = "v1.4 sets no bound on a token's values (10.2: tokens are not cards)"
BOUNDS = (
    Bound("power", None, procedure="", kinds=frozenset({"token"}), text=_NO_BOUND_ON_TOKENS),
    Bound("defense", None, procedure="", kinds=frozenset({"token"}), text=_NO_BOUND_ON_TOKENS),
    Bound("power", 0, procedure="value.weapon-power", kinds=frozenset({"weapon"}), each_step=True,
          text="a card cannot have a negative power value (an effect that would reduce a "
               "weapon's power below zero reduces it to zero)"),
    Bound("power", 0, procedure="value.power", each_step=True,
          text="a card cannot have a negative power value (an effect that would reduce it "
               "below zero reduces it to zero)"),
    Bound("defense", 0, procedure="value.equipment-defense", kinds=frozenset({"equipment"}),
          each_step=True,
          text="a card cannot have a negative defense value (an effect that would reduce an "
               "equipment's defense below zero reduces it to zero)"),
    Bound("defense", 0, procedure="value.defense", each_step=True,
          text="a card cannot have a negative defense value (an effect that would reduce it "
               "below zero reduces it to zero)"),
    Bound("cost", 0, procedure="value.cost", each_step=True,
          text="an effect cannot reduce a resource cost below zero"),
    Bound("pitch", 0, procedure="value.pitch", each_step=True,
          text="an effect cannot reduce a pitch value below zero"),
)
PLAYER_BOUNDS = (
    Bound(AP, 0, procedure="action-points", text="a player cannot have fewer than 0 action points"),
    Bound(RP, 0, procedure="resource-points",
          text="a player cannot have fewer than 0 resource points"),
)
# where a card's abilities function: the arena, face up (a card in hand or deck is not in play)
FUNCTIONS_IN = ARENA
# the steps of a chain link whose rule adds triggered effects to the chain there (20.5.3, 20.6.1)
_STEP_TRIGGERS = {K.DEFEND: "combat.defend-step-triggers", K.REACTION: "combat.reaction-step-triggers"}


class FabGame(FabScenario):
    id = "fab"
    documents = ("fab-1.4", "fab-section4")
    ACTIONS = ("play", "activate", "attack", "defend", "pitch", "pass_priority", "use_optional",
               "order", "choose", "find", "target_trigger", "discard", "banish", "roll")
    citations = CITATIONS

    # ------------------------------------------------------------------ set-up
    def new_state(self, document: str) -> State:
        st = State("fab", document)
        st.rules = ValueRules(bounds=BOUNDS, player_bounds=PLAYER_BOUNDS,
                              player_value=_player_value)
        E.install(st)
        for stat, rule in (("cost", "9.2.5e"), ("power", "25.1.3")):    # X is zero off the chain
            eid = st.new_id()
            st.effects[eid] = E.ContinuousEffect(
                id=eid, description=f"{rule}: an X {stat} is zero outside the chain",
                controller=None, citation=None, timestamp=0, affects=_x_off_chain(stat),
                stat=stat, op="set", amount=0, layer=0)
        st.counters_leave = _keeps_counters
        for name, stat, delta in (("+1{p}", "power", 1), ("-1{p}", "power", -1),
                                  ("+1{d}", "defense", 1), ("-1{d}", "defense", -1)):
            st.counter_rules[name] = CounterRule(name, stat, delta, layer=1)   # 25.4
        st.add_zone(*CHAIN)
        st.add_zone(*COMBAT)
        st.add_zone(*GONE)
        st.globals.update({"turn": 1, "phase": "action", "first turn": True,
                           K.KEY: K.Combat()})
        return st

    def add_player(self, state: State, name: str) -> None:
        state.add_player(name)
        for zone in PLAYER_ZONES:
            state.add_zone(name, zone)
        state.players[name].values.update({AP: 0, RP: 0, "life delta": 0})

    def start_turn(self, ctx: Context, turn_player: str) -> None:
        """The scenario starts in the turn player's action phase, with priority (13.2.3)."""
        st = ctx.state
        st.globals["turn player"] = turn_player
        st.globals[Priority.HOLDER] = turn_player
        st.globals[Priority.PASSES] = 0
        st.globals["start turn"] = st.globals["turn"]
        for name in st.players:
            for zone in PLAYER_ARENA:
                for o in st.in_zone((name, zone)):
                    self.static_abilities(ctx, o.id)
        fab_increased.mark_turn_start(st, apply=False)     # 17.3

    def static_abilities(self, ctx: Context, oid: int) -> None:
        """A permanent's static abilities are on while it is face up in the arena (17.2)."""
        from judge.games.fab import effects as fab_effects
        st = ctx.state
        o = st.objects[oid]
        for eff in self.card_rules(st, oid).statics:
            fab_effects.static_effect(ctx, o, eff)
        for ab in self.card_rules(st, oid).conditional_statics:
            fab_statics.install(ctx, o, ab)                    # 17.2.1
        for ab in self.card_rules(st, oid).becomes:
            fab_becomes.install(ctx, o, ab)                    # 17.2.1, 25.1.2

    def card_rules(self, state: State, oid: int) -> C.CardRules:
        cache = state.cache.setdefault("card rules", {})
        o = state.objects[oid]
        if o.name not in cache:
            text = o.text or ""
            resolves = bool(o.kinds & {"action", "instant", "reaction", "attack reaction",
                                       "defense reaction"})
            if {"attack", "action"} <= o.kinds:
                role = "attack"
            elif resolves and not o.kinds & {"aura", "item", "token"}:
                role = "resolving"
            elif o.kinds & (PERMANENT_KINDS | {"hero"}):     # a hero is in the arena (11.2)
                role = "permanent"
            else:
                role = ""
            cache[o.name] = C.read_text(text, resolves=resolves, role=role, name=o.name)
        return cache[o.name]

    # ------------------------------------------------------------------ reading the state
    def life(self, state: State, player: str) -> int:
        """Base life plus life gained minus life lost (6.4.6a)."""
        p = state.players[player]
        base = state.value(p.hero, "life") if p.hero is not None else 0
        return (base or 0) + int(p.values.get("life delta") or 0)

    def turn_player(self, state: State) -> str:
        return state.globals["turn player"]

    def defending_player(self, state: State, link: K.Link | None) -> str | None:
        return None if link is None else link.target

    def refuse_if_over(self, ctx: Context, action: str) -> None:
        if ctx.state.result is not None:
            raise IllegalAction(action, "the game is over", ctx.cite("game.ends"))

    def _holder(self, ctx: Context, action: str, player: str) -> None:
        if Priority.holder(ctx.state) != player:
            raise IllegalAction(action, f"{player} does not have priority",
                                ctx.cite("priority.only-holder"), timing=True)

    def before_action(self, ctx: Context, call: Call) -> None:
        """A turn-based declaration nobody stated happens before the next action (policy)."""
        if call.name != "defend":
            self._declare_default(ctx)

    # ------------------------------------------------------------------ pass priority
    def verify_pass_priority(self, ctx: Context, player: str) -> None:
        self.refuse_if_over(ctx, "pass")
        self._holder(ctx, "pass", player)

    def pass_priority(self, ctx: Context, player: str, default: str | None = None) -> None:
        if S.pass_priority(ctx, player, default=default):
            self._all_passed(ctx)

    def _all_passed(self, ctx: Context) -> None:
        st = ctx.state
        link = K.current(st)
        top = S.top(st)
        if top is not None and not (link is not None and top.id == link.layer):
            S.resolve_top(ctx, self)
        elif link is not None and link.step != K.RESOLVED:
            fab_chain.advance(self, ctx, link)
        elif K.combat(st).open:
            self.close_chain(ctx, "combat.passes-close", "both players pass with no layers "
                             "waiting and the combat chain open")
        else:
            fab_turn.end_turn(self, ctx)

    def close_chain(self, ctx: Context, procedure: str, why: str) -> None:
        """The combat chain closes (21) because of ``why``, cited by ``procedure``."""
        fab_chain.close(self, ctx, procedure, why)

    def give_priority(self, ctx: Context, player: str | None = None) -> None:
        """Pending triggers become layers (16.2, ordered by 16.3), then ``player`` (the turn
        player by default) gains priority."""
        st = ctx.state
        if st.result is not None:
            return
        if fab_becomes.source_left(self, ctx):     # 20.1.1 (closing gave priority)
            return
        self.state_triggers(ctx)
        self.flush_triggers(ctx)
        fab_restrictions.track(self, ctx)          # 17.2.1: conditional effects on / off
        fab_becomes.track(self, ctx)
        Priority.give(st, player or self.turn_player(st))

    # ------------------------------------------------------------------ state triggers
    def state_triggers(self, ctx: Context) -> None:
        """Triggers on a game state rather than an event: phantasm (glossary) triggers when
        "defended by a non-Illusionist attack action card with 6 or more {p}" turns from false
        to true, on the chain link or a previous one (16.1.1, 20.5.2f)."""
        st = ctx.state
        c = K.combat(st)
        if not c.open:
            return
        was: dict[int, bool] = dict(st.globals.get("phantasm state", {}))
        now = dict(was)
        for link in c.links:
            oid = link.attack
            if st.objects[oid].zone != COMBAT or not st.has_keyword(oid, "phantasm"):
                continue
            true = _phantasm_condition(st, link.number)
            now[oid] = true
            if true and not was.get(oid, False):
                ctx.trigger(self._phantasm_trigger(ctx, link.number, oid))
        if now != was:
            st.apply(SetGlobal("phantasm state", now))

    def _phantasm_trigger(self, ctx: Context, number: int, oid: int) -> PendingTrigger:
        st = ctx.state
        o = st.objects[oid]
        inc = o.incarnation
        defender = _phantasm_defender(st, number)
        link = K.current(st)
        previous = link is not None and link.number != number
        ctx.step(T.TRIGGER, f"{o.name} is defended by {defender}, a non-Illusionist attack "
                 f"action card with 6 or more power: phantasm triggers"
                 + (f" (on the previous chain link {number})" if previous else ""),
                 ["kw.phantasm", "combat.previous-link-triggers" if previous
                  else "combat.defending-triggers"])

        def still_true(s: State) -> bool:
            return s.objects[oid].incarnation == inc and _phantasm_condition(s, number)

        def resolve(c: Context, trig: PendingTrigger) -> None:
            s = c.state
            mark = len(s.log)
            self.destroy(c, oid)
            c.step(T.EVENT, f"phantasm: {o.name} is destroyed", ["kw.phantasm", "destroy"],
                   mark=mark)
            self.destroyed(c, oid)
            if K.combat(s).open:
                self.close_chain(c, "kw.phantasm", f"{o.name}'s phantasm closes it")
        return PendingTrigger(name=f"{o.name}'s phantasm", controller=o.controller, source=oid,
                              resolve=resolve, citation=ctx.cite_opt("kw.phantasm"),
                              still_true=still_true)

    def flush_triggers(self, ctx: Context) -> None:
        """Waiting triggered effects become layers (16.2), in the order 16.3 gives, each with
        the targets a ``targets ... with`` line stated for it (19.1.1). In the defend and
        reaction steps the layers go on the chain during that step of the chain link (20.5.3,
        20.6.1), and the ruling says so."""
        st = ctx.state
        dropped = [(t, why) for t in st.pending
                   if (why := fab_targets.no_legal_object(st, t)) is not None]
        if dropped:
            mark = len(st.log)
            gone = {id(t) for t, _ in dropped}
            keep = tuple(t for t in st.pending if id(t) not in gone)
            st.apply(TakePending())
            if keep:
                st.apply(AddPending(keep))
            for trig, why in dropped:
                ctx.step(T.RULE, f"{trig.name} needs {why!r} and there is no legal target for "
                         "it: no part of it is added to the chain", ["target.trigger-none"],
                         mark=mark)
                mark = len(st.log)
        fab_modes.choose_trigger_modes(self, ctx)      # 16.2.1: modes chosen as it is added
        link = K.current(ctx.state)
        step = link.step if link is not None else None
        made = S.flush_triggers(ctx, self, targets=fab_targets.stated_for)
        procedure = _STEP_TRIGGERS.get(step) if made else None
        if procedure is not None and link is not None:
            names = ", ".join(layer.name for layer, _ in made)
            ctx.step(T.RULE, f"in the {step} step of chain link {link.number}, the triggered "
                     f"effect{'s' if len(made) > 1 else ''} {names} "
                     f"{'are' if len(made) > 1 else 'is'} added to the chain", [procedure])


    # ------------------------------------------------------------------ play a card
    def verify_play(self, ctx: Context, player: str, card: int, pitching: tuple[int, ...] = (),
                    targets: tuple[Any, ...] = (), from_zone: str | None = None,
                    modes: tuple[str, ...] = (), details: tuple[Any, ...] = ()) -> None:
        st = ctx.state
        o = st.objects[card]
        ctx.cite("play.layer")              # documents without rule 15 do not model playing
        self.refuse_if_over(ctx, "play")
        if o.zone not in ((player, "hand"), (player, "arsenal")):
            raise IllegalAction("play", f"{o.name} is in {o.zone[0]}'s {o.zone[1]}, not in "
                                f"{player}'s hand or arsenal", ctx.cite("play.zone"))
        self._holder(ctx, "play", player)
        link = K.current(st)
        as_instant = self._as_instant(ctx, player, card) if o.has_kind("action") else None
        if as_instant is not None:
            pass                        # any layer of the chain (15.4.1)
        elif o.has_kind("action"):
            if st.chain:
                raise IllegalAction("play", f"{o.name} is an action: it can only be layer 1 "
                                    "(the chain must be empty)", ctx.cite("play.action-layer-1"),
                                    timing=True)
            if player != self.turn_player(st) or st.players[player].values.get(AP, 0) < 1:
                raise IllegalAction("play", f"{player} has no action point to pay for {o.name}",
                                    ctx.cite("play.action-point"),
                                    timing=player != self.turn_player(st))
        elif o.has_kind("attack reaction") or {"attack", "reaction"} <= o.kinds:
            self._verify_reaction_step(ctx, "play", player, "attack reaction")
        elif o.has_kind("defense reaction") or {"defense", "reaction"} <= o.kinds:
            self._verify_reaction_step(ctx, "play", player, "defense reaction")
            assert link is not None
            if (self._dominated(st, link) and o.zone[1] == "hand" and link.from_hand >= 1):
                raise IllegalAction("play", f"the attack has dominate and {player} already "
                                    "defended with a card from hand",
                                    ctx.cite("combat.cannot-defend"))
        elif not o.has_kind("instant"):
            raise NotModelled(f"playing a card of type {', '.join(sorted(o.kinds)) or 'none'}")
        if o.has_kind("attack") and o.has_kind("action"):
            self._verify_attack_target(ctx, player, targets)
        else:
            bad = fab_targets.illegal_hero(st, player, self.card_rules(st, card).on_resolve,
                                           targets)
            if bad:
                raise IllegalAction("play", f"{o.name} says {bad[1]!r}: it can target only an "
                                    f"opponent of {player}, not {bad[0]} (an opponent is an "
                                    "opposing hero, 23.2.1)", ctx.cite("target.opponent"))
            missing = fab_targets.attack_target_missing(st, self.card_rules(st, card).on_resolve)
            if missing:
                raise IllegalAction("play", f"{o.name} says {missing!r} and there is no attack "
                                    "to target", ctx.cite("target.legal"))
        fab_restrictions.verify(self, ctx, player, "play", card=o)     # 17.2.1, 20.4.4b
        pl = self._plan(ctx, player, card, details, modes)
        self._verify_x_targets(ctx, player, card, pl, targets)
        cost = fab_costs.resource_cost(self, ctx, player, card, pl, record=False)
        self._verify_payment(ctx, player, cost, pitching, "play")

    def _as_instant(self, ctx: Context, player: str, card: int) -> "fab_instant.Permission | None":
        """The card's "you may play this as though it were an instant" when the play needs it
        (15.4.1: the chain is not empty, or the player could not pay for an action) and its
        condition holds; None when the card can be played as an action or has no such
        permission."""
        st = ctx.state
        if not st.chain and player == self.turn_player(st) and \
                st.players[player].values.get(AP, 0) >= 1:
            return None
        perm = fab_instant.find(self.card_rules(st, card).on_resolve)
        if perm is None:
            return None
        ok, _why = fab_instant.holds(st, player, self.turn_player(st), perm)
        return perm if ok else None

    def _verify_x_targets(self, ctx: Context, player: str, card: int, pl: "fab_costs.Plan",
                          targets: tuple[Any, ...]) -> None:
        """23.1.2: an X that is the number of targets ("Destroy X target auras") cannot exceed
        the number of legal targets; and the line names that many (15.5.1d)."""
        st = ctx.state
        o = st.objects[card]
        for t in fab_targets.x_targets(self.card_rules(st, card).on_resolve):
            text = fab_targets.target_text(t)
            n = fab_targets.legal_count(st, player, t)
            if n is None:
                raise NotModelled(f"how many legal targets {text!r} has, which bounds X",
                                  ctx.cite_opt("target.x-bound"))
            if pl.x is None:
                continue
            if pl.x > n:
                raise IllegalAction("play", f"{o.name}'s X is the number of {text!r}: X = "
                                    f"{pl.x} is more than the {n} legal target"
                                    f"{'s' if n != 1 else ''}", ctx.cite("target.x-bound"))
            named = [x for x in targets if isinstance(x, str)] if t.kinds == ("hero",) \
                else [x for x in targets if isinstance(x, int)]
            if len(named) != pl.x:
                raise IllegalAction("play", f"X = {pl.x}: {o.name} needs {pl.x} "
                                    f"target{'s' if pl.x != 1 else ''} for {text!r}; the line "
                                    f"names {len(named)}", ctx.cite("play.targets"))

    def _plan(self, ctx: Context, player: str, card: int, details: tuple[Any, ...],
              modes: tuple[str, ...]) -> "fab_costs.Plan":
        """What the line declares (15.5.1): X, optional costs, modes (``fab_costs``)."""
        pl = fab_costs.plan(self, ctx, player, card, details, modes)
        o = ctx.state.objects[card]
        found = fab_printed.read(o.text or "", o.name).modes
        if found is not None and not modes:
            example = f'{player} plays "{o.name}" choosing "{found.options[0].text}"'
            if ctx.policy("choices", "not-modelled") == "error":
                raise UnstatedChoice("choices", f"the mode {player} chooses for {o.name}",
                                     example)
            raise NotModelled(f"the mode{'s' if found.pick > 1 else ''} {player} chooses for "
                              f"{o.name} (choose {found.pick}) is not stated (state it with: "
                              f"{example})", ctx.cite_opt("play.modes"))
        return pl

    def _verify_attack_target(self, ctx: Context, player: str, targets: tuple[Any, ...]) -> None:
        for t in targets:
            if t == player or (isinstance(t, int) and ctx.state.objects[t].controller == player):
                raise IllegalAction("attack", "an attack must target an opposing hero",
                                    ctx.cite("target.attack"))
            if isinstance(t, int):
                o = ctx.state.objects[t]
                if o.has_kind("ally") and o.zone[1] in ARENA:
                    raise NotModelled(f"attacking {o.name}, an ally: an ally as the target of "
                                      "an attack (the damage it is dealt, and whether it is "
                                      "still a legal target when the attack would resolve, "
                                      "20.4.4c)", ctx.cite_opt("combat.target-gone"))
                if not st_has_spectra(ctx.state, t) or o.zone[1] not in ARENA:
                    raise NotModelled(f"attacking {o.name}, a permanent without spectra")

    def _cost(self, state: State, oid: int) -> int:
        cost = state.value(oid, "cost")
        if state.objects[oid].base.get("cost") is not None and cost is None:
            raise NotModelled(f"a variable cost on {state.objects[oid].name}")
        return cost or 0

    def _verify_payment(self, ctx: Context, player: str, cost: int, pitching: tuple[int, ...],
                        action: str) -> None:
        st = ctx.state
        pool = st.players[player].values.get(RP, 0)
        for oid in pitching:
            o = st.objects[oid]
            if o.zone != (player, "hand"):
                raise IllegalAction(action, f"{o.name} is not in {player}'s hand: only cards in "
                                    "hand can be pitched", ctx.cite("pitching"))
            pitch = st.value(oid, "pitch")
            if pitch is None:
                raise IllegalAction(action, f"{o.name} has no pitch value",
                                    ctx.cite("pitching"))
            if pool >= cost:
                raise IllegalAction(action, f"{player} already has {T.plural(pool, 'resource points')} for "
                                    f"a cost of {cost}: no more cards may be pitched",
                                    ctx.cite("play.pool-first" if pool and o is st.objects[pitching[0]]
                                             else "play.pitch"))
            pool += pitch
        if pool < cost:
            raise IllegalAction(action, f"{player} has {T.plural(pool, 'resource points')} for a cost of "
                                f"{cost}", ctx.cite("play.pay"))

    def _pay(self, ctx: Context, player: str, cost: int, pitching: tuple[int, ...],
             what: str) -> None:
        st = ctx.state
        mark = len(st.log)
        for oid in pitching:
            o = st.objects[oid]
            st.apply(MoveObject(oid, (player, "pitch")))
            st.apply(ChangeValue(player, RP, st.value(oid, "pitch") or 0))
            ctx.step(T.EVENT, f"{player} pitches {o.name} for "
                     f"{T.plural(st.value(oid, 'pitch') or 0, 'resource points')}",
                     ["play.pitch", "pitching", "resource-points"], mark=mark, actor=player)
            self.signal(ctx, "pitch", player=player, obj=oid)
            mark = len(st.log)
        if cost:
            st.apply(ChangeValue(player, RP, -cost))
            ctx.step(T.RULE, f"{player} pays {T.plural(cost, 'resource points')} for {what}",
                     ["play.cost", "play.pool-first"], mark=mark, actor=player)

    def play(self, ctx: Context, player: str, card: int, pitching: tuple[int, ...] = (),
             targets: tuple[Any, ...] = (), from_zone: str | None = None,
             modes: tuple[str, ...] = (), details: tuple[Any, ...] = ()) -> None:
        st = ctx.state
        o = st.objects[card]
        rules = self.card_rules(st, card)
        attack = o.has_kind("attack") and o.has_kind("action")
        as_instant = self._as_instant(ctx, player, card) if o.has_kind("action") else None
        pl = self._plan(ctx, player, card, details, modes)
        mark = len(st.log)
        st.apply(MoveObject(card, COMBAT if attack else CHAIN))
        fab_records.record_play(st, player, card)           # "if you've played ... this turn"
        ctx.step(T.ACTION, f"{player} plays {o.name} from {from_zone or 'hand'}"
                 + (" as though it were an instant" if as_instant else ""),
                 ["play.as-instant" if as_instant else self._timing_rule(o), "play.steps",
                  "play.announce"]
                 + self._reaction_step_rule(st, player, o)
                 + (["play.targets"] if targets else []), mark=mark, actor=player)
        fab_costs.announce(self, ctx, player, card, pl)                  # 15.5.1
        cost = fab_costs.resource_cost(self, ctx, player, card, pl, record=True)   # 15.5.2
        self._pay(ctx, player, cost, pitching, o.name)                   # 15.5.3a-b
        fab_costs.pay_other(self, ctx, player, card, pl)                 # 15.5.3c
        if as_instant is not None:
            why = fab_instant.holds(st, player, self.turn_player(st), as_instant)[1]
            ctx.step(T.RULE, f"{o.name} says \"{as_instant.text}\""
                     + (f" ({why})" if why else "") + ": an action card played as though it "
                     "were an instant can be any layer of the chain, and it is still an action "
                     "card", ["play.as-instant", "play.as-instant-still-action"], actor=player)
            ctx.not_modelled(f"whether {player} pays 1 action point for {o.name}: an action "
                             "pays 1 action point (15.5.3d) and an action card played as though "
                             "it were an instant is still an action card (15.4.2), but v1.4 "
                             "does not say whether the permission lifts that payment (a card "
                             "that may be played so only when it is not your turn could never "
                             "be paid for); the action point is neither paid nor waived here",
                             ctx.cite_opt("play.as-instant-still-action"))
        elif o.has_kind("action"):
            mark = len(st.log)
            st.apply(ChangeValue(player, AP, -1))
            ctx.step(T.RULE, f"{player} pays 1 action point", ["play.action-point"], mark=mark,
                     actor=player)
        target = next((t for t in targets if isinstance(t, str)), None)
        layer = Layer(id=st.new_id(), kind="card", name=o.name, controller=player, source=card,
                      targets=tuple(targets),
                      data={"rules": rules, **fab_reprise.play_data(st, rules.on_resolve),
                            "x": pl.x, "modes": pl.modes,
                            # each object chosen as a target, as it was when chosen (19.1.1)
                            "chosen": tuple((t, st.objects[t].incarnation, st.objects[t].zone)
                                            for t in targets if isinstance(t, int))})
        if attack:
            self._open_link(ctx, layer, card, player, target or self._attacked(st, player, targets),
                            proxy=False, procedure="play.attack-opens",
                            card_target=next((t for t in targets if isinstance(t, int)), None))
            self.signal(ctx, "play attack", player=player)
        else:
            mark = len(st.log)
            n = S.push(st, layer)
            ctx.step(T.RULE, f"{o.name} is played and becomes layer {n} of the chain",
                     ["play.layer"], mark=mark, actor=player)
            link = K.current(st)
            if (o.has_kind("defense reaction") or {"defense", "reaction"} <= o.kinds) and link:
                mark = len(st.log)
                from_hand = 1 if from_zone in (None, "hand") else 0
                K.change_link(st, f"{player} has defended with {o.name}",
                              lambda l: setattr(l, "from_hand", l.from_hand + from_hand))
                ctx.step(T.RULE, f"{player} is considered to have defended with {o.name}",
                         ["combat.defense-reaction-defends", "combat.reaction-defenders-stay",
                      "combat.reaction-defenders-defending"], mark=mark)
            if (o.has_kind("action") and not o.has_kind("attack") and K.combat(st).open
                    and player == self.turn_player(st)):
                if as_instant is not None:
                    ctx.step(T.RULE, f"{o.name} is a 'non-attack' action card played as though "
                             "it were an instant: the combat chain stays open",
                             ["combat.non-attack-closes"])
                else:
                    self.close_chain(ctx, "combat.non-attack-closes",
                                     f"{player} plays the non-attack action {o.name}")
        self.signal(ctx, "play", player=player, obj=card)                # 15.5.4a
        self.flush_triggers(ctx)
        Priority.keep(st, player)

    def _verify_reaction_step(self, ctx: Context, action: str, player: str, kind: str) -> None:
        """Attack reactions are played or activated only by the attacking hero, defense
        reactions only by the defending hero, during the reaction step (15.4.3, 15.4.4)."""
        link = K.current(ctx.state)
        attack = kind == "attack reaction"
        who = None if link is None else link.controller if attack else link.target
        if link is None or link.step != K.REACTION or player != who:
            verb = "played" if action == "play" else "activated"
            raise IllegalAction(action, f"{kind}s are {verb} only by the "
                                f"{'attacking' if attack else 'defending'} hero during the "
                                "reaction step",
                                ctx.cite("play.attack-reaction" if attack
                                         else "play.defense-reaction"),
                                timing=link is None or player == who)

    def _step_layers(self, st: State) -> list[str]:
        """A layer above the attack resolves as normal in each step of a chain link (20.4.3a,
        20.5.4a, 20.6.5a, 20.8.2a)."""
        link = K.current(st)
        if link is None or not K.combat(st).open:
            return []
        rule = {K.ATTACK: "combat.attack-step-layers", K.DEFEND: "combat.defend-step-layers",
                K.REACTION: "combat.reaction-step-layers",
                K.RESOLUTION: "combat.resolution-step-layers"}.get(link.step)
        return [rule] if rule else []

    def _reaction_step_rule(self, st: State, player: str, o) -> list[str]:
        """In the reaction step, the rule of 20.6 that lets this player play this card now."""
        link = K.current(st)
        if link is None or link.step != K.REACTION:
            return []
        rule = self._timing_rule(o)
        if rule == "play.attack-reaction" and player == link.controller:
            return ["combat.attack-reactions"]
        if rule == "play.defense-reaction" and player == link.target:
            return ["combat.defense-reactions"]
        return ["combat.reaction-instants"] if rule == "play.instant" else []

    def _timing_rule(self, o) -> str:
        """The rule that allows playing ``o`` now (15.3 / 15.4 / 15.4.3 / 15.4.4)."""
        if o.has_kind("attack reaction") or {"attack", "reaction"} <= o.kinds:
            return "play.attack-reaction"
        if o.has_kind("defense reaction") or {"defense", "reaction"} <= o.kinds:
            return "play.defense-reaction"
        return "play.action-layer-1" if o.has_kind("action") else "play.instant"

    def _opponent(self, state: State, player: str) -> str:
        others = state.opponents(player)
        if len(others) != 1:
            raise NotModelled("choosing the attack target among several opponents")
        return others[0]

    def _attacked(self, state: State, player: str, targets: tuple[Any, ...]) -> str:
        """The hero an attack is against: the controller of an attacked permanent (23.3)."""
        card = next((t for t in targets if isinstance(t, int)), None)
        if card is not None:
            return state.objects[card].controller
        return self._opponent(state, player)

    def _open_link(self, ctx: Context, layer: Layer, attack: int, player: str, target: str,
                   *, proxy: bool, procedure: str, card_target: int | None = None) -> None:
        st = ctx.state
        c = K.combat(st)
        mark = len(st.log)
        opened = not c.open
        number = 1 if opened else len(c.links) + 1
        S.push(st, layer)
        def add(combat: K.Combat) -> None:
            # a new link each time the operation applies (a replay must not share it)
            link = K.Link(number=number, attack=attack, layer=layer.id, controller=player,
                          target=target, proxy=proxy)
            if not combat.open:
                combat.open = True
                combat.links = []
            combat.links.append(link)
            combat.history.append(link)
        K.change(st, f"chain link {number} opens", add)
        name = st.objects[attack].name
        what = target if card_target is None else f"{target}'s {st.objects[card_target].name}"
        ctx.step(T.RULE, f"{name} attacks {what}: " + ("a combat chain opens and the attack is "
                 "layer 1 of chain link 1" if opened else f"the attack is layer 1 of chain link "
                 f"{number}"), [procedure, "combat.opens" if opened else "combat.link-n",
                                "combat.chain-links", "combat.link-steps",
                                "combat.attack-priority",
                                "combat.link-1" if opened else "target.attack"]
                 + (["target.attack"] if card_target is not None else []), mark=mark)
        spectra = card_target is not None and st_has_spectra(st, card_target)
        if spectra:
            ctx.trigger(self._spectra_trigger(ctx, card_target))
        from judge.games.fab import effects as fab_effects
        fab_effects.apply_next_attack(self, ctx, attack, player, played_card=not proxy,
                                      spectra=spectra)

    def _spectra_trigger(self, ctx: Context, oid: int) -> PendingTrigger:
        """Spectra: "When this becomes the target of an attack, destroy it and close the combat
        chain" (glossary), a 20.4.2 trigger: it resolves before the attack is attacking."""
        st = ctx.state
        o = st.objects[oid]
        inc = o.incarnation
        ctx.step(T.TRIGGER, f"{o.name} becomes the target of an attack: spectra triggers",
                 ["kw.spectra", "combat.attack-modifiers"])

        def resolve(c: Context, trig: PendingTrigger) -> None:
            s = c.state
            obj = s.objects[oid]
            mark = len(s.log)
            if obj.incarnation == inc and obj.zone[1] in ARENA:
                self.destroy(c, oid)
                c.step(T.EVENT, f"spectra: {o.name} is destroyed", ["kw.spectra", "destroy"],
                       mark=mark)
                self.destroyed(c, oid)
            if K.combat(s).open:
                self.close_chain(c, "kw.spectra", f"{o.name}'s spectra closes it")
        return PendingTrigger(name=f"{o.name}'s spectra", controller=o.controller, source=oid,
                              resolve=resolve, citation=ctx.cite_opt("kw.spectra"))

    def destroy(self, ctx: Context, oid: int) -> None:
        """Destroy: put into its owner's graveyard (glossary); a token leaving the arena ceases
        to exist instead (10.3). The caller records the step, then calls :meth:`destroyed`."""
        st = ctx.state
        o = st.objects[oid]
        st.apply(MoveObject(oid, GONE if o.has_kind("token") else (o.owner, "graveyard")))
        fab_becomes.note_destroyed(st, oid)                    # 20.1.1 asks "destroyed?"

    def destroyed(self, ctx: Context, oid: int) -> None:
        """After the step that destroyed ``oid``: what waits for it to be destroyed, or to
        leave the arena, triggers."""
        self.signal(ctx, "destroy", player=ctx.state.objects[oid].controller, obj=oid)
        self.signal(ctx, "leave arena", player=ctx.state.objects[oid].controller, obj=oid)

    def signal(self, ctx: Context, moment: str, *, player: str | None = None,
               obj: int | None = None) -> None:
        """``moment`` (``fab_binding.MOMENTS``) happens to ``player`` or object ``obj``: the
        triggered abilities that wait for it trigger (``fab_watch``), and those the engine
        does not carry out are named (``judge.engine.abilities``)."""
        fab_watch.signal(self, ctx, moment, player=player, obj=obj)

    # ------------------------------------------------------------------ weapon attacks
    def verify_activate(self, ctx: Context, player: str, card: int, ability: str | None = None,
                        pitching: tuple[int, ...] = (), targets: tuple[Any, ...] = (),
                        modes: tuple[str, ...] = ()) -> None:
        st = ctx.state
        o = st.objects[card]
        ctx.cite("activate.attack")
        self.refuse_if_over(ctx, "activate")
        if o.controller != player or o.zone[1] not in ARENA or not o.face_up:
            raise IllegalAction("activate", f"{player} does not control {o.name} face up in the "
                                "arena", ctx.cite("activate.controller"))
        rules = fab_becomes.attack_rules(st, card, self.card_rules(st, card))
        cost = rules.attack_cost if rules.attack_cost is not None else o.base.get("cost")
        ab = self._ability(rules, o.name, ability)
        if ab is not None:
            self._verify_ability(ctx, player, card, ab, pitching, targets)
            return
        if not fab_becomes.is_weapon(st, card) or (cost is None and rules.attack_cost is None):
            raise NotModelled(f"activated abilities of {o.name} other than a weapon attack")
        self._holder(ctx, "activate", player)
        if st.chain:
            raise IllegalAction("activate", "an action ability can only be layer 1",
                                ctx.cite("play.action-layer-1"), timing=True)
        if player != self.turn_player(st) or st.players[player].values.get(AP, 0) < 1:
            raise IllegalAction("activate", f"{player} has no action point",
                                ctx.cite("play.action-point"), timing=player != self.turn_player(st))
        if rules.once_per_turn and (card, WEAPON_ATTACK) in st.globals.get(ABILITIES_USED, ()):
            raise IllegalAction("activate", f"{o.name}'s ability is once per turn and was "
                                "activated this turn", ctx.cite("activate.syntax"))
        self._verify_attack_target(ctx, player, targets)
        self._verify_payment(ctx, player, cost or 0, pitching, "activate")

    def activate(self, ctx: Context, player: str, card: int, ability: str | None = None,
                 pitching: tuple[int, ...] = (), targets: tuple[Any, ...] = (),
                 modes: tuple[str, ...] = ()) -> None:
        st = ctx.state
        o = st.objects[card]
        rules = fab_becomes.attack_rules(st, card, self.card_rules(st, card))
        ab = self._ability(rules, o.name, ability)
        if ab is not None:
            self._activate_ability(ctx, player, card, ab, pitching)
            return
        cost = rules.attack_cost if rules.attack_cost is not None else (o.base.get("cost") or 0)
        ctx.step(T.ACTION, f"{player} activates {o.name}'s attack ability", ["play.announce"],
                 actor=player)
        self.signal(ctx, "activate", player=player, obj=card)
        fab_becomes.note_attack(self, ctx, card)       # 25.1.2: a granted attack ability
        self._pay(ctx, player, cost, pitching, f"{o.name}'s ability")
        mark = len(st.log)
        st.apply(ChangeValue(player, AP, -1))
        if rules.once_per_turn:                        # 15.2.1: "Once per Turn Action - ..."
            st.apply(SetGlobal(ABILITIES_USED, tuple(st.globals.get(ABILITIES_USED, ()))
                               + ((card, WEAPON_ATTACK),)))
        ctx.step(T.RULE, f"{player} pays 1 action point", ["play.action-point"], mark=mark)
        layer = Layer(id=st.new_id(), kind="activated", name=f"{o.name} attack", controller=player,
                      source=card, targets=tuple(targets), data={"rules": rules})
        target = next((t for t in targets if isinstance(t, str)), None)
        self._open_link(ctx, layer, card, player, target or self._attacked(st, player, targets),
                        proxy=True, procedure="activate.attack",
                        card_target=next((t for t in targets if isinstance(t, int)), None))
        self.signal(ctx, "play attack", player=player)
        self.flush_triggers(ctx)
        Priority.keep(st, player)

    # ------------------------------------------------------------------ other abilities
    def _ability(self, rules: C.CardRules, name: str, text: str | None) -> C.Activated | None:
        """The non-attack activated ability a line names (its text), or the only one."""
        if not rules.activated:
            return None
        if text:
            want = " ".join(text.lower().split())
            found = [a for a in rules.activated if want in " ".join(a.text.lower().split())]
            if not found and rules.attack_cost is not None:
                return None
            if len(found) != 1:
                raise NotModelled(f"which ability of {name} is meant by {text!r}")
            return found[0]
        if len(rules.activated) == 1 and rules.attack_cost is None:
            return rules.activated[0]
        raise NotModelled(f"which activated ability of {name} is meant (name it: ability \"...\")")

    def _ability_cost(self, ctx: Context, card: int, ab: C.Activated) -> tuple[int, bool]:
        """(resource cost, destroys its own card) of an ability; other costs: not modelled."""
        st = ctx.state
        name = st.objects[card].name.lower()
        resources, destroy = 0, False
        for c in ab.costs:
            n = C.amount(c.amount)
            if c.kind == "resource" and n is not None and c.detail in ("", "{r}"):
                resources += n
            elif c.kind == "effect" and isinstance(c.effect, M.Move) and \
                    c.effect.verb == "destroy" and C.is_self(c.effect.what):
                destroy = True                              # "Destroy this", its own name
            else:
                detail = c.detail or (c.effect.verb if c.effect is not None else "")
                raise NotModelled(f"the cost {c.kind} {detail!r} of {st.objects[card].name}'s "
                                  "ability")
        return resources, destroy

    def _verify_ability(self, ctx: Context, player: str, card: int, ab: C.Activated,
                        pitching: tuple[int, ...], targets: tuple[Any, ...] = ()) -> None:
        st = ctx.state
        o = st.objects[card]
        if ab.kind not in ("action", "instant", "attack reaction", "defense reaction"):
            raise NotModelled(f"{ab.kind or 'untyped'} activated abilities ({o.name})")
        self._holder(ctx, "activate", player)
        if ab.kind in ("attack reaction", "defense reaction"):
            self._verify_reaction_step(ctx, "activate", player, ab.kind)
        if ab.kind == "action":
            if st.chain:
                raise IllegalAction("activate", "an action ability can only be layer 1",
                                    ctx.cite("play.action-layer-1"), timing=True)
            if player != self.turn_player(st) or st.players[player].values.get(AP, 0) < 1:
                raise IllegalAction("activate", f"{player} has no action point",
                                    ctx.cite("play.action-point"),
                                    timing=player != self.turn_player(st))
        for eff in ab.effects:
            if isinstance(eff, M.Other):
                raise NotModelled(f"{o.name}'s ability: the effect {eff.verb!r}")
        missing = fab_targets.attack_target_missing(st, ab.effects)
        if missing:
            raise IllegalAction("activate", f"{o.name}'s ability says {missing!r} and there is no "
                                "attack to target", ctx.cite("target.legal"))
        bad = fab_targets.illegal_hero(st, player, ab.effects, targets)
        if bad:
            raise IllegalAction("activate", f"{o.name}'s ability says {bad[1]!r}: it can target "
                                f"only an opponent of {player}, not {bad[0]}",
                                ctx.cite("target.choose"))
        fab_restrictions.verify_ability(self, ctx, player, card, ab)     # 15.2, 17.2.1
        self._verify_ability_limit(ctx, card, ab)
        resources, _ = self._ability_cost(ctx, card, ab)
        self._verify_payment(ctx, player, resources, pitching, "activate")

    def _verify_ability_limit(self, ctx: Context, card: int, ab: C.Activated) -> None:
        """The "Once per Turn" of an ability's type (15.2.1: "Once per Turn Instant - ..."):
        a second activation in a turn is refused; any other limit is named."""
        if not ab.limit:
            return
        name = ctx.state.objects[card].name
        if ab.limit != "once per turn":
            raise NotModelled(f"the limit {ab.limit!r} of {name}'s ability",
                              ctx.cite_opt("activate.syntax"))
        if (card, ab.text) in ctx.state.globals.get(ABILITIES_USED, ()):
            raise IllegalAction("activate", f"{name}'s ability is once per turn and was "
                                "activated this turn", ctx.cite("activate.syntax"))

    def _activate_ability(self, ctx: Context, player: str, card: int, ab: C.Activated,
                          pitching: tuple[int, ...]) -> None:
        """15.5: announce, pay (resources, then other costs such as destroying the card
        itself), an action pays 1 action point, the ability becomes a layer."""
        st = ctx.state
        o = st.objects[card]
        resources, destroy = self._ability_cost(ctx, card, ab)
        ctx.step(T.ACTION, f"{player} activates {o.name}'s {ab.kind} ability",
                 ["activate.controller", "play.steps", "play.announce", "activate.syntax"],
                 actor=player)
        self.signal(ctx, "activate", player=player, obj=card)
        fab_restrictions.note_activation(self, ctx, card, ab)
        if ab.limit:
            st.apply(SetGlobal(ABILITIES_USED,
                               tuple(st.globals.get(ABILITIES_USED, ())) + ((card, ab.text),)))
        self._pay(ctx, player, resources, pitching, f"{o.name}'s ability")
        if destroy:
            mark = len(st.log)
            self.destroy(ctx, card)
            ctx.step(T.RULE, f"{player} destroys {o.name} to pay the ability's cost",
                     ["play.other-costs", "destroy"], mark=mark, actor=player)
            self.destroyed(ctx, card)
        if ab.kind == "action":
            mark = len(st.log)
            st.apply(ChangeValue(player, AP, -1))
            ctx.step(T.RULE, f"{player} pays 1 action point", ["play.action-point"], mark=mark)
        mark = len(st.log)
        layer = Layer(id=st.new_id(), kind="activated", name=f"{o.name}'s ability",
                      controller=player, source=card, data={"ability": ab})
        n = S.push(st, layer)
        ctx.step(T.RULE, f"{o.name}'s ability is activated and becomes layer {n} of the chain",
                 ["play.layer"], mark=mark, actor=player)
        if ab.kind == "action" and K.combat(st).open and player == self.turn_player(st):
            self.close_chain(ctx, "combat.non-attack-closes",
                             f"{player} activates the 'non-attack' action ability of {o.name}")
        self.flush_triggers(ctx)
        Priority.keep(st, player)

    def _resolve_ability(self, ctx: Context, layer: Layer) -> None:
        st = ctx.state
        ab: C.Activated = layer.data["ability"]
        src = st.objects[layer.source] if layer.source is not None else None
        mark = len(st.log)
        S.remove(st, layer)
        gone = src is not None and src.zone[1] not in ARENA
        ctx.step(T.RESOLVE, f"{layer.name} resolves" + (f" ({src.name} has left the arena: last "
                 "known information is used for it)" if gone else ""),
                 ["priority.resolve-top", "priority.most-recent", "resolve.in-order"]
                 + self._step_layers(st) + (["lki"] if gone else []),
                 mark=mark)
        self.run_effects(ctx, layer, ab.effects)
        if ab.go_again and st.result is None:
            self.gain_action_point(ctx, layer.controller, layer.name, "kw.go-again")

    def verify_attack(self, ctx: Context, player: str, card: int, **args: Any) -> None:
        o = ctx.state.objects[card]
        if fab_becomes.is_weapon(ctx.state, card):
            rules = fab_becomes.attack_rules(ctx.state, card, self.card_rules(ctx.state, card))
            if rules.attack_cost is None and o.base.get("cost") is None:
                raise IllegalAction("attack", f"{o.name} has no ability with an attack effect: "
                                    "it cannot attack", ctx.cite("activate.attack"))
            self.verify_activate(ctx, player, card, **args)
        elif o.has_kind("attack"):
            self.verify_play(ctx, player, card, **args)
        else:
            raise IllegalAction("attack", f"{o.name} is neither a weapon nor an attack card",
                                ctx.cite("play.attack-opens"))

    def attack(self, ctx: Context, player: str, card: int, **args: Any) -> None:
        if fab_becomes.is_weapon(ctx.state, card):
            self.activate(ctx, player, card, **args)
        else:
            self.play(ctx, player, card, **args)

    # ------------------------------------------------------------------ pitch (outside a cost)
    def verify_pitch(self, ctx: Context, player: str, cards: tuple[int, ...] = ()) -> None:
        self.refuse_if_over(ctx, "pitch")
        raise IllegalAction("pitch", "a card can be pitched only while a resource cost is being "
                            "paid", ctx.cite("pitching"))

    def pitch(self, ctx: Context, player: str, cards: tuple[int, ...] = ()) -> None:
        raise NotModelled("pitching outside paying a cost")  # verify_pitch always refuses

    # ------------------------------------------------------------------ defend
    def verify_defend(self, ctx: Context, player: str, cards: tuple[int, ...] = ()) -> None:
        st = ctx.state
        ctx.cite("combat.defend")
        self.refuse_if_over(ctx, "defend")
        link = K.current(st)
        if link is None or link.step != K.DEFEND or link.declared:
            raise IllegalAction("defend", "defending cards are declared in the defend step of a "
                                "chain link", ctx.cite("combat.defend-declare"), timing=True)
        if player != link.target:
            raise IllegalAction("defend", f"{player} is not the defending hero",
                                ctx.cite("combat.defend"))
        hand = 0
        for oid in cards:
            o = st.objects[oid]
            if o.zone == (player, "hand"):
                if o.has_kind("defense reaction") or {"defense", "reaction"} <= o.kinds:
                    raise IllegalAction("defend", f"{o.name} is a defense reaction: it is played "
                                        "in the reaction step", ctx.cite("combat.defend"))
                hand += 1
            elif not (o.zone == (player, "equipment") and o.controller == player):
                raise IllegalAction("defend", f"{o.name} is not in {player}'s hand or "
                                    "equipment zone", ctx.cite("combat.defend"))
            if st.value(oid, "defense") is None:
                raise IllegalAction("defend", f"{o.name} has no defense value",
                                    ctx.cite("combat.defend-needs-defense"))
        if hand > 1 and self._dominated(st, link):
            raise IllegalAction("defend", "the attack has dominate: at most 1 card from hand",
                                ctx.cite("kw.dominate"))
        fab_restrictions.verify_defend(self, ctx, player, link, cards)   # "can't be defended by"

    def defend(self, ctx: Context, player: str, cards: tuple[int, ...] = (),
               default: str | None = None) -> None:
        st = ctx.state
        link = K.current(st)
        assert link is not None
        mark = len(st.log)
        hand = sum(1 for oid in cards if st.objects[oid].zone[1] == "hand")
        names = [st.objects[oid].name for oid in cards]
        for oid in cards:
            st.apply(MoveObject(oid, COMBAT))

        def declare(l: K.Link) -> None:
            l.declared = True
            l.defenders.extend(cards)
            l.from_hand += hand
        K.change_link(st, f"{player} declares defenders", declare)
        for oid in cards:
            st.apply(SetFlag(oid, "defending"))
        ctx.step(T.ACTION, f"{player} defends with {', '.join(names)}: no cost is paid, the cards "
                 "are not played and make no layer; they stay on the chain link, defending, until "
                 "the combat chain closes" if names else
                 f"{player} declares no defending cards", ["combat.defend-declare", "combat.defend",
                                                           "combat.defend-priority"]
                 + (["combat.defend-free", "combat.defend-not-play", "combat.defend-no-layer",
                     "combat.defenders-stay", "combat.defenders-defending"] if names else []),
                 mark=mark, actor=player, default=default)
        for oid in cards:
            o = st.objects[oid]
            rules = self.card_rules(st, oid)
            if o.has_kind("action") and (rules.on_hit or rules.on_attack or rules.on_resolve
                                         or dict(rules.keywords).keys() & {"go again"}):
                # an attack's or action's text does not apply while the card defends
                ctx.step(T.RULE, f"{o.name}'s text (what it does when played, attacks or hits) "
                         "does not apply while it defends; its printed values stay",
                         ["combat.defending-text", "combat.defending-properties"])
        abilities.occurred(ctx, "defend")
        for oid in cards:
            fab_watch.signal(self, ctx, "defend", player=player, obj=oid)
        fab_next_defend.on_defend(self, ctx, player, cards)     # 20.5.2c
        for oid in cards:
            self._equipment_close_triggers(ctx, oid)
        self.give_priority(ctx)

    def _declare_default(self, ctx: Context) -> None:
        link = K.current(ctx.state)
        if link is not None and link.step == K.DEFEND and not link.declared:
            if ctx.policy("defending", "none") == "error":
                raise UnstatedChoice("defending", f"{link.target}'s defence against "
                                     f"{ctx.state.objects[link.attack].name}",
                                     f'{link.target} defends with "..." / {link.target} does not '
                                     "defend")
            self.defend(ctx, link.target, (), default=f"defending: none - {link.target} declares "
                        "no defenders (not stated)")

    def _dominated(self, state: State, link: K.Link) -> bool:
        return state.has_keyword(link.attack, "dominate")

    def _equipment_close_triggers(self, ctx: Context, oid: int) -> None:
        """Battleworn, Blade Break, Temper: a delayed trigger for when the chain closes (16.4.1)."""
        st = ctx.state
        o = st.objects[oid]
        if not o.has_kind("equipment"):
            return
        for kw, proc in (("battleworn", "kw.battleworn"), ("blade break", "kw.blade-break"),
                         ("temper", "kw.temper")):
            if st.has_keyword(oid, kw):
                mark = len(st.log)
                E.create(st, description=f"{o.name}: {kw} when the combat chain closes",
                         controller=o.controller, citation=ctx.cite_opt(proc),
                         ends_at={CHAIN_CLOSES}, data={"delayed": kw, "object": oid,
                                                       "procedure": proc})
                ctx.step(T.RULE, f"{o.name} defends: {kw} creates a delayed trigger for when the "
                         "combat chain closes", [proc, "trigger.delayed"], mark=mark)

    # ------------------------------------------------------------------ optional abilities
    def verify_use_optional(self, ctx: Context, player: str, effect: str = "",
                            card: int | None = None, use: bool = True,
                            amount: int | None = None, pitching: tuple[int, ...] = (),
                            targets: tuple[Any, ...] = ()) -> None:
        st = ctx.state
        self.refuse_if_over(ctx, "use")
        if card is not None and fab_reprise.has_optional(self, st, card):   # "you may ..."
            return
        kw = C.keyword_name(effect)
        if kw is None or kw[0] not in ("arcane barrier", "spellvoid") or card is None:
            raise NotModelled(f"using the optional effect {effect!r}")
        o = st.objects[card]
        if o.controller != player or o.zone[1] not in ARENA or not st.has_keyword(card, kw[0]):
            raise IllegalAction("use", f"{player} controls no {o.name} with {kw[0]} in the arena",
                                ctx.cite("kw.arcane-barrier" if kw[0] == "arcane barrier"
                                         else "kw.spellvoid"))

    def use_optional(self, ctx: Context, player: str, effect: str = "", card: int | None = None,
                     use: bool = True, amount: int | None = None,
                     pitching: tuple[int, ...] = (), targets: tuple[Any, ...] = ()) -> None:
        st = ctx.state
        name = st.objects[card].name if card is not None else effect
        ctx.choices.stated.append(StatedChoice(player, "use" if use else "decline", name,
                                               tuple(pitching), amount))
        ctx.step(T.CHOICE, f"{player} will {'use' if use else 'not use'} {effect} of {name} "
                 "when it can apply", actor=player)

    def verify_order_triggers(self, ctx: Context, player: str, order: tuple[str, ...] = ()) -> None:
        self.refuse_if_over(ctx, "order")
        if player != self.turn_player(ctx.state):
            raise IllegalAction("order", "the turn player orders simultaneous triggers",
                                ctx.cite("trigger.order"))

    def order(self, ctx: Context, player: str, order: tuple[str, ...] = ()) -> None:
        """``Alice orders triggers "A", "B"``: kept until simultaneous triggers are ordered."""
        ctx.choices.stated.append(StatedChoice(player, "order", tuple(order)))
        ctx.step(T.CHOICE, f"{player} orders triggers to resolve as {', '.join(order)}",
                 ["trigger.order"], actor=player)

    def verify_choose(self, ctx: Context, player: str, choice: str = "",
                      targets: tuple[Any, ...] = ()) -> None:
        st = ctx.state
        self.refuse_if_over(ctx, "choose")
        low = choice.lower()
        if "close" in low or "continue" in low:
            c = K.combat(st)
            link = c.link
            if not (c.open and link is not None and link.step == K.RESOLVED and not st.chain
                    and player == self.turn_player(st)):
                raise IllegalAction("choose", "the turn player chooses to continue or close the "
                                    "combat chain when a chain link resolves",
                                    ctx.cite("combat.continue-or-close"), timing=True)
            return
        if fab_deck.wants_pick(ctx, player, choice):     # "shuffle up to N ..." (24.5)
            fab_deck.verify_pick(self, ctx, player, choice)
            return
        if fab_next_defend.wants_choice(ctx, player, choice):     # 20.5.2c
            fab_next_defend.verify_choice(self, ctx, player, choice)
            return
        # a choice asked while something resolves: the players pass until it is asked, and
        # this line answers it (judge.engine.decisions)
        raise IllegalAction("choose", f"nothing asks {player} to choose {choice!r} now",
                            ctx.cite("resolve.choices"), timing=True)

    def choose(self, ctx: Context, player: str, choice: str = "",
               targets: tuple[Any, ...] = ()) -> None:
        if fab_deck.wants_pick(ctx, player, choice):
            fab_deck.pick(self, ctx, player, choice)
            return
        if fab_next_defend.wants_choice(ctx, player, choice):
            fab_next_defend.choose(self, ctx, player, choice)
            return
        if "close" in choice.lower():
            ctx.step(T.CHOICE, f"{player} chooses to close the combat chain",
                     ["combat.continue-or-close"], actor=player)
            self.close_chain(ctx, "combat.continue-or-close", f"{player} chose to close it")
        else:
            ctx.step(T.CHOICE, f"{player} chooses to continue the combat chain",
                     ["combat.continue-or-close"], actor=player)

    # ------------------------------------------------------------------ trigger targets (19.1.1)
    def verify_target_trigger(self, ctx: Context, player: str, card: int,
                              targets: tuple[Any, ...] = ()) -> None:
        """``Alice targets Bob with "X"``: stated before X's triggered effect is added to the
        chain (the scenario checks that the players and cards named exist)."""
        self.refuse_if_over(ctx, "target")

    def target_trigger(self, ctx: Context, player: str, card: int,
                       targets: tuple[Any, ...] = ()) -> None:
        st = ctx.state
        ctx.choices.stated.append(StatedChoice(player, fab_targets.TRIGGER_TARGETS,
                                               (card, tuple(targets))))
        ctx.step(T.CHOICE, f"{player} will target {fab_targets.names(st, targets)} with the next "
                 f"triggered effect of {st.objects[card].name} they control",
                 ["trigger.targets"], actor=player)

    # ------------------------------------------------------------------ searching (24)
    def verify_find(self, ctx: Context, player: str, card: int | None = None) -> None:
        fab_deck.verify_find(self, ctx, player, card)

    def find(self, ctx: Context, player: str, card: int | None = None) -> None:
        fab_deck.find(self, ctx, player, card)

    # ------------------------------------------------------------------ resolving layers
    def resolve_layer(self, ctx: Context, layer: Layer) -> None:
        st = ctx.state
        layer = layer.resolving()          # what the resolution remembers stays with it
        if layer.kind == "triggered":
            trig: PendingTrigger = layer.data["trigger"]
            mark = len(st.log)
            S.remove(st, layer)
            if trig.still_true is not None and not trig.still_true(st):
                ctx.step(T.RESOLVE, f"{layer.name} does not resolve: the game state that "
                         "triggered it is no longer true; its layer is removed from the chain",
                         ["trigger.recheck", "resolve.unable-ability"], mark=mark)
                return
            ctx.step(T.RESOLVE, f"{layer.name} resolves", ["priority.resolve-top",
                     "priority.most-recent"] + self._step_layers(st), mark=mark)
            trig.resolve(ctx, trig)
            return
        if layer.kind == "activated" and "ability" in layer.data:
            self._resolve_ability(ctx, layer)
            return
        o = st.objects[layer.source] if layer.source is not None else None
        rules: C.CardRules = layer.data.get("rules", C.CardRules())
        mark = len(st.log)
        S.remove(st, layer)
        if o is not None and o.zone == CHAIN and self._targets_gone(st, layer):
            st.apply(MoveObject(o.id, (o.owner, "graveyard")))
            ctx.step(T.RESOLVE, f"{layer.name} is unable to resolve: no target chosen for it is "
                     "still a legal target (each has left the zone it was chosen in and is a new "
                     f"object); its layer is removed from the chain and {o.name} is put into "
                     f"{o.owner}'s graveyard", ["resolve.target-gone", "resolve.unable-card"],
                     mark=mark)
            return
        ctx.step(T.RESOLVE, f"{layer.name} resolves", ["priority.resolve-top",
                 "priority.most-recent", "resolve.in-order"] + self._step_layers(st),
                 mark=mark)
        for what in rules.unsupported:
            ctx.not_modelled(f"{layer.name}: {what}")
        self.run_effects(ctx, layer, rules.on_resolve)
        if o is None or o.zone != CHAIN:
            return
        link = K.current(st)
        mark = len(st.log)
        if o.has_kind("action") and st.has_keyword(o.id, "go again"):
            self.gain_action_point(ctx, layer.controller, o.name, "kw.go-again")
        if (o.has_kind("defense reaction") or {"defense", "reaction"} <= o.kinds) and link:
            st.apply(MoveObject(o.id, COMBAT))
            oid = o.id
            K.change_link(st, f"{o.name} becomes a defending card",
                          lambda l: l.defenders.append(oid))
            st.apply(SetFlag(o.id, "defending"))
            ctx.step(T.RULE, f"{o.name} becomes a defending card on chain link {link.number}",
                     ["combat.defense-reaction-resolves", "resolve.reaction-stays"], mark=mark)
        elif (o.has_kind("attack reaction") or {"attack", "reaction"} <= o.kinds) and link:
            st.apply(MoveObject(o.id, COMBAT))
            oid = o.id
            K.change_link(st, f"{o.name} stays on the chain link", lambda l: l.reactions.append(oid))
            ctx.step(T.RULE, f"{o.name} stays on chain link {link.number} until the combat chain "
                     "closes", ["resolve.reaction-stays"], mark=mark)
        elif o.kinds & {"aura", "item"}:
            st.apply(MoveObject(o.id, (layer.controller, "permanents")))
            ctx.step(T.RULE, f"{o.name} has sub-type {'aura' if o.has_kind('aura') else 'item'}: "
                     f"it becomes a permanent in the arena under {layer.controller}'s control",
                     ["resolve.permanent", "subtype.permanent"], mark=mark)
            self.static_abilities(ctx, o.id)
            self.signal(ctx, "enter arena", player=layer.controller, obj=o.id)
        else:
            st.apply(MoveObject(o.id, (o.owner, "graveyard")))
            ctx.step(T.RULE, f"{o.name} is put into {o.owner}'s graveyard", ["resolve.graveyard"],
                     mark=mark)

    @staticmethod
    def _targets_gone(st: State, layer: Layer) -> bool:
        """19.1.1: a card played with targets, none of them a player, whose every chosen
        object has since changed zones (a new object, 11.7): no chosen target is still legal."""
        chosen = layer.data.get("chosen", ())
        if not chosen or any(isinstance(t, str) for t in layer.targets):
            return False
        return all(st.objects[oid].incarnation != inc or st.objects[oid].zone != zone
                   for oid, inc, zone in chosen)

    # ------------------------------------------------------------------ card effects
    def run_effects(self, ctx: Context, layer: Layer, effs: tuple[Any, ...]) -> None:
        from judge.games.fab import effects as fab_effects
        if effs and ctx.cite_opt("resolve.in-order") is None:
            # a document without rules for what effects do (fab-section4: Game Structure only)
            # says that a layer resolves, not what its effects do: never borrowed from v1.4
            raise NotModelled(f"what {layer.name} does: {ctx.state.document} has no rule for "
                              "resolving a layer's effects")
        for eff in effs:
            if ctx.state.result is not None:
                return
            perm = fab_instant.permission(eff)
            if perm is not None:        # a permission to play the card, not an effect (15.4.1)
                ctx.step(T.RULE, f"{layer.name}'s \"{perm.text}\" says how it may be played; "
                         "it does nothing as the card resolves", ["play.as-instant"])
                continue
            with ctx.recording_not_modelled(layer.name):
                fab_effects.run(self, ctx, layer, eff)

    def gain_action_point(self, ctx: Context, player: str, why: str, procedure: str) -> None:
        st = ctx.state
        mark = len(st.log)
        if player != self.turn_player(st) or st.globals.get("phase") != "action":
            ctx.step(T.RULE, f"{player} would gain an action point from {why}, but it is not "
                     f"{player}'s action phase", [procedure, "action-points"], mark=mark)
            return
        st.apply(ChangeValue(player, AP, 1))
        ctx.step(T.RULE, (f"{why} has go again: " if procedure == "kw.go-again" else f"{why}: ")
                 + f"{player} gains 1 action point", [procedure], mark=mark)
        self.signal(ctx, "gain action points", player=player)

    def intellect(self, state: State, player: str) -> int:
        p = state.players[player]
        value = state.value(p.hero, "intellect") if p.hero is not None else None
        if value is None:
            raise NotModelled(f"{player}'s intellect is not stated")
        return value

    # ------------------------------------------------------------------ damage (26)
    def deal_damage(self, ctx: Context, events: list[Event]) -> list[Event | None]:
        """Deal damage events as one simultaneous batch (3.2.1), then check the game state."""
        happened = []
        for ev in events:
            done = V.run(ctx, ev)
            if done is None:
                ctx.step(T.RULE, f"all of the {V.describe(ev)} is prevented: it is considered "
                         "never to have been dealt", ["damage.prevented",
                                                      "replacement.never-happened"])
            happened.append(done)
        self.state_checks(ctx)
        return happened

    def replacements(self, ctx: Context, event: Event) -> list[Replacement]:
        from judge.games.fab import effects as fab_effects
        return fab_effects.replacements(self, ctx, event)

    def order_replacements(self, ctx: Context, event: Event,
                           candidates: list[Replacement]) -> tuple[Replacement, str]:
        """18.5: the turn player orders players, then each player their own effects; with no
        stated order the turn player's effects come first, each player's in the order they
        were created."""
        tp = self.turn_player(ctx.state)
        ranked = sorted(candidates, key=lambda r: (r.controller != tp, r.id))
        return ranked[0], ctx.cite_opt("replacement.order") or ""

    def perform(self, ctx: Context, event: Event) -> Event | None:
        if event.kind == "damage":
            return self._perform_damage(ctx, event)
        if event.kind == "lose life":
            return self._perform_life_loss(ctx, event)
        if event.kind == "gain power":
            from judge.games.fab import effects as fab_effects
            return fab_effects.perform_gain_power(ctx, event)
        raise NotModelled(f"the event {event.kind}")

    def _perform_life_loss(self, ctx: Context, ev: Event) -> Event | None:
        """Losing life is not damage (26.6): damage prevention never applies to it."""
        st = ctx.state
        if ev.amount <= 0 or ev.player is None:
            return None
        before = self.life(st, ev.player)
        lost = min(ev.amount, before)
        mark = len(st.log)
        st.apply(ChangeValue(ev.player, "life delta", -lost, shown="life"))
        src = st.objects[ev.source].name if ev.source is not None else "an effect"
        ctx.step(T.EVENT, f"{ev.player} loses {ev.amount} life from {src}: life {before} -> "
                 f"{before - lost}" + (" (a hero cannot have a negative life total)"
                                       if lost < ev.amount else "")
                 + "; losing life is not damage, so damage prevention does not apply",
                 ["life.loss-not-damage", "life.total"] + (["life.floor"] if lost < ev.amount
                                                           else []),
                 mark=mark, cites=[c for c in ev.citations if c])
        return ev

    def _perform_damage(self, ctx: Context, ev: Event) -> Event | None:
        st = ctx.state
        if ev.amount <= 0 or ev.player is None:
            return None
        before = self.life(st, ev.player)
        reduce = min(ev.amount, before)
        mark = len(st.log)
        st.apply(ChangeValue(ev.player, "life delta", -reduce, shown="life"))
        src = fab_records.record_damage(st, ev).source_name     # this turn's record (26.5)
        kind = f"{ev.dtype} damage" if ev.dtype and ev.dtype != "physical" else "damage"
        cites = list(ev.citations)
        procs = ["damage.source", "life.total"]
        source = st.objects.get(ev.source) if ev.source is not None else None
        if source is not None:
            # 26.1: the hero deals it with the card; 26.2: an ally deals it itself
            procs.append("damage.ally-deals" if source.has_kind("ally") else "damage.hero-deals")
        if not ev.dtype:
            procs.append("damage.untyped")             # 26.4.3: no type
        if reduce < ev.amount:
            procs.append("life.floor")
        ctx.step(T.EVENT, f"{src} deals {ev.amount} {kind} to {ev.player}: life {before} -> "
                 f"{before - reduce}" + (" (life cannot go below zero)" if reduce < ev.amount
                                         else ""), procs, mark=mark, cites=[c for c in cites if c])
        return ev

    def triggers(self, ctx: Context, event: Event, stage: Stage) -> list[PendingTrigger]:
        """FaB's triggered effects trigger when the event happens (16.1); none look at the
        moment after."""
        if stage is not Stage.WHEN:
            return []
        from judge.games.fab import effects as fab_effects
        watched = (fab_watch.collect(self, ctx, event.kind, player=event.player)
                   if event.kind in ("damage", "lose life") else [])
        return (self._crush(ctx, event) + fab_effects.delayed_triggers(self, ctx, event)
                + watched)

    def _crush(self, ctx: Context, ev: Event) -> list[PendingTrigger]:
        """Crush (glossary): triggers whenever the card deals 4 or more damage to a hero in a
        single instance; it is not a hit effect."""
        st = ctx.state
        if ev.kind != "damage" or ev.source is None or ev.player is None:
            return []
        o = st.objects[ev.source]
        rules = self.card_rules(st, o.id)
        out = []
        for who, effs in rules.crush:
            if not C.is_self(who):
                raise NotModelled(f"a crush effect about {C.target_text(who)!r}")
            if ev.amount < 4:
                ctx.step(T.RULE, f"{o.name} dealt {ev.amount} damage in one instance: its crush "
                         "effect needs 4 or more and does not trigger", ["kw.crush"])
                continue
            ctx.step(T.TRIGGER, f"{o.name} dealt {ev.amount} damage to {ev.player}: its crush "
                     "effect triggers", ["kw.crush"])
            stub = Layer(id=0, kind="triggered", name=f"{o.name}'s crush effect",
                         controller=o.controller, source=o.id, targets=(ev.player,),
                         data={"crush hero": ev.player})

            def resolve(c: Context, trig: PendingTrigger, stub: Layer = stub,
                        effs: Any = effs) -> None:
                c.game.run_effects(c, trig.targeted(stub), effs)
            out.append(PendingTrigger(name=stub.name, controller=o.controller, source=o.id,
                                      resolve=resolve, citation=ctx.cite_opt("kw.crush"),
                                      data={"effects": effs, "they": ev.player}))
        return out

    def order_triggers(self, ctx: Context,
                       triggers: list[PendingTrigger]) -> tuple[list[PendingTrigger], str]:
        """16.3: the turn player orders simultaneous triggers. A stated order lists them in the
        order they resolve; otherwise they resolve in the order they triggered."""
        why = ctx.cite_opt("trigger.order") or ""
        st = ctx.state
        tp = self.turn_player(st)
        stated = ctx.choices.take(tp, "order")
        resolve_order = list(triggers)
        order: tuple[str, ...] | None = stated.value if stated is not None else None
        if order is None and len(triggers) > 1:
            names = tuple(t.name for t in triggers)
            answer = ctx.answer_to(Decision(
                key=f"order triggers:{len(st.log)}:{'|'.join(names)}", player=tp,
                kind="order triggers", prompt=f"the order of the simultaneous triggers "
                f"{', '.join(names)}", options=names, citation=why,
                example=f'{tp} orders triggers "A", "B"', default=names,
                policy="trigger-order", count=len(names)))
            if answer.default:
                ctx.step(T.CHOICE, f"{tp} orders the simultaneous triggers {', '.join(names)}: "
                         "they resolve in that order", ["trigger.order"], actor=tp,
                         default=f"trigger-order: printed - {tp} orders them in printed order "
                                 "(not stated)")
            else:
                order = tuple(answer.value)
                ctx.step(T.CHOICE, f"{tp} orders the simultaneous triggers to resolve as "
                         f"{', '.join(order)}", ["trigger.order"], actor=tp)
        if order is not None:
            names = [n.lower() for n in order]

            def rank(t: PendingTrigger) -> int:
                src = st.objects[t.source].name.lower() if t.source is not None else ""
                for i, n in enumerate(names):
                    if n == src or n in t.name.lower():
                        return i
                return len(names)
            resolve_order.sort(key=rank)
        return list(reversed(resolve_order)), why

    # ------------------------------------------------------------------ state checks (3)
    def state_checks(self, ctx: Context) -> None:
        st = ctx.state
        if st.result is not None:
            return
        dead = [n for n in st.players if self.life(st, n) <= 0]
        if not dead:
            return
        mark = len(st.log)
        if len(dead) == len(st.players):
            st.apply(EndGame(GameResult("draw", (), ctx.cite_opt("game.draw") or "")))
            ctx.step(T.CHECK, "every hero's life is zero at the same time: the game is a draw",
                     ["game.draw", "game.ends"], mark=mark)
        else:
            alive = tuple(n for n in st.players if n not in dead)
            st.apply(EndGame(GameResult("win", alive, ctx.cite_opt("game.win-life") or "")))
            ctx.step(T.CHECK, f"{', '.join(dead)}'s life is zero: {', '.join(alive)} wins; the "
                     "game ends at once and nothing left on the chain resolves",
                     ["game.win-life", "game.opponents-lost", "game.ends"], mark=mark)
            # the rule that rules the other outcome out, in a step of its own (issue 15)
            ctx.step(T.CHECK, "not a draw: "
                     + ", ".join(f"{n}'s life is {self.life(st, n)}" for n in alive)
                     + ", not zero, and a draw needs every hero's life reduced to zero at the "
                     "same time", ["game.draw"])
        st.apply(SetGlobal(Priority.HOLDER, None))

    # ------------------------------------------------------------------ settling
    def settle(self, ctx: Context) -> None:
        """Everyone passes (the scenario's ``priority pass`` policy) until nothing is waiting:
        no layer above the attack, and the current chain link has resolved."""
        def waiting(st: State) -> bool:
            link = K.current(st)
            above = any(not (link is not None and l.id == link.layer) for l in st.chain)
            return above or (link is not None and link.step != K.RESOLVED)
        S.pass_until_settled(ctx, self, waiting, before=lambda: self._declare_default(ctx))

    def advance(self, ctx: Context) -> bool:
        """The player with priority passes it (the ``priority pass`` policy)."""
        st = ctx.state
        holder = Priority.holder(st)
        if holder is None or st.result is not None:
            return False
        self.pass_priority(ctx, holder, default=f"priority: pass - {holder} passes (not stated)")
        return True

    def turn(self, state: State) -> int:
        return state.globals.get("turn", 0)

    def verify_order(self, ctx: Context, player: str, order: tuple[str, ...] = ()) -> None:
        self.verify_order_triggers(ctx, player, order)

    # ------------------------------------------------------------------ decisions
    def answer(self, ctx: Context, decision: Decision, call: Call) -> Any:
        """``Bob discards "X"`` answers a discard; ``Alice orders triggers ...`` the order of
        simultaneous triggers; ``Bob chooses "X"`` any decision that has an option "X"."""
        player = call.args.get("player")
        if player != decision.player:
            return None
        if call.name in ("discard", "banish") and decision.kind == call.name:
            return _options(decision, call.args.get("names", ()))
        if call.name == "order" and decision.kind == "order triggers":
            return tuple(call.args.get("order", ())) or None
        if call.name == "order" and decision.kind == "order cards":
            said = [s.lower() for s in call.args.get("order", ())]
            if sorted(said) != sorted(o.lower() for o in decision.options):
                return None
            low = {o.lower(): o for o in decision.options}
            return tuple(low[s] for s in said)
        if call.name == "choose":
            return _options(decision, str(call.args.get("choice", "")).split("\n"))
        if call.name == "roll" and decision.kind == "roll":
            said = str(call.args.get("number"))
            return said if said in decision.options else None
        return None

    def verify_discard(self, ctx: Context, player: str, names: tuple[str, ...] = ()) -> None:
        """A player discards only when an effect asks them to (its decision is pending: the
        line answers it)."""
        self.refuse_if_over(ctx, "discard")
        raise IllegalAction("discard", f"nothing asks {player} to discard now", ctx.cite("discard"),
                            timing=True)

    def discard(self, ctx: Context, player: str, names: tuple[str, ...] = ()) -> None:
        raise NotModelled("discarding with nothing that asks for it")    # verify refuses

    def verify_roll(self, ctx: Context, player: str, number: int = 0) -> None:
        """``Alice rolls 4`` states the result of a die roll an effect asks for; a 6 sided die
        shows 1 to 6 only, and with nothing rolling, the line is refused."""
        self.refuse_if_over(ctx, "roll")
        if not 1 <= number <= 6:
            raise IllegalAction("roll", f"a 6 sided die shows 1, 2, 3, 4, 5 or 6, not {number}",
                                ctx.cite("die.roll"))
        raise IllegalAction("roll", f"nothing asks {player} to roll a die now",
                            ctx.cite("die.roll"), timing=True)

    def roll(self, ctx: Context, player: str, number: int = 0) -> None:
        raise NotModelled("rolling a die with nothing that asks for it")     # verify refuses

    def verify_banish(self, ctx: Context, player: str, names: tuple[str, ...] = ()) -> None:
        """``Bob banishes "X"`` answers an effect that banishes a card of his (intimidate's
        random card); with nothing asking, it is refused."""
        self.refuse_if_over(ctx, "banish")
        raise IllegalAction("banish", f"nothing asks {player} to banish a card now",
                            ctx.cite("kw.intimidate"), timing=True)

    def banish(self, ctx: Context, player: str, names: tuple[str, ...] = ()) -> None:
        raise NotModelled("banishing with nothing that asks for it")     # verify refuses

    # ------------------------------------------------------------------ abilities
    def bind_card(self, ctx: Context, oid: int) -> tuple[Unbound, ...]:
        """What this module does not carry out of a card's text, each part bound to the moments
        and values that could make it matter (``fab_binding``) and to where it functions: the
        arena (its own arena zones, the chain and the combat chain: an attack's abilities
        function while it is attacking, a defending card's while it defends, 20.5.2d). A card
        played from hand also reports its unmodelled parts as it resolves (``resolve_layer``)."""
        st = ctx.state
        o = st.objects[oid]
        if not o.text:
            return ()
        rules = self.card_rules(st, oid)
        # a mentor's effects are active while it is face up in an arsenal (Mentor)
        where = frozenset({"arsenal"}) if o.has_kind("mentor") else FUNCTIONS_IN
        return tuple(Unbound(obj=oid, card=o.name, kind=p.kind, text=p.text or p.description,
                             why=p.why, zones=p.zones or where, events=p.events,
                             values=p.values)
                     for p in rules.unsupported)

    def happens(self, ctx: Context, moment: str) -> None:
        """A moment that is not an event of the pipeline, with no player or object: the
        abilities that wait for it (:meth:`signal`)."""
        self.signal(ctx, moment)



def _x_off_chain(stat: str):
    """9.2.5e, 25.1.3: a printed X cost or power is zero in every zone but the chain."""
    def affects(state: State, o: Any) -> bool:
        return o.base.get(stat) == "X" and o.zone[1] not in ("chain", "combat chain")
    return affects


def _player_value(state: State, player: str, name: str) -> Any:
    """A player's value as FaB shows it: life is the hero's life plus life gained minus life
    lost (6.4.6a)."""
    if name == "life":
        return GAME.life(state, player) if state.players[player].hero is not None else None
    return state.players[player].values.get(name)


def _options(decision: Decision, said) -> Any:
    """The option(s) of ``decision`` that a line names (case aside), or None."""
    low = {o.lower(): o for o in decision.options}
    said = [s for s in said if s.strip()]
    found = [low[s.strip().lower()] for s in said if s.strip().lower() in low]
    if not found or len(found) != len(said):
        return None
    if decision.count == 0:            # any number of the options ("none" alone for none)
        if "none" in found and len(found) > 1:
            return None
        return tuple(found)
    if len(found) != decision.count:
        return None
    return found[0] if len(found) == 1 else tuple(found)


def st_has_spectra(state: State, oid: int) -> bool:
    return state.has_keyword(oid, "spectra")


def _phantasm_defender(state: State, number: int) -> str | None:
    """A card defending chain link ``number`` that meets phantasm's condition, if any."""
    link = next((l for l in K.combat(state).links if l.number == number), None)
    if link is None:
        return None
    for oid in link.defenders:
        o = state.objects[oid]
        if (o.zone == COMBAT and {"attack", "action"} <= o.kinds
                and not o.has_kind("illusionist") and (state.value(oid, "power") or 0) >= 6):
            return o.name
    return None


def _phantasm_condition(state: State, number: int) -> bool:
    return _phantasm_defender(state, number) is not None


GAME = FabGame()
