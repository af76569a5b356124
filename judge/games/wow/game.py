"""The World of Warcraft TCG rules module: :class:`WowGame`, the engine core's
:class:`~judge.engine.game.Game` for ``wow-7.4``, using the chain-and-priority block.

Actions (``verify_x`` raises :class:`~judge.engine.errors.IllegalAction` with the blocking rule;
``x`` does it): ``play`` (409), ``activate`` (701), ``attack`` (proposing a combat, 601),
``pass_priority`` (410), ``place`` (412), ``complete`` (702), ``protect`` and ``strike`` (602.2,
303.2: answers at the protect point and as a combatant is declared), ``use_optional`` (a "you
may" or an optional prevention, stated), ``order`` (708.1a), ``choose``, ``target_trigger``
(708.2), ``discard``, ``find``, ``end_turn`` (every player passes until the next turn starts).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from judge.cards import model as M
from judge.engine import abilities
from judge.engine import chain as C
from judge.engine import trace as T
from judge.engine.abilities import Unbound
from judge.engine.chain import Layer, Priority
from judge.engine.context import Context, StatedChoice
from judge.engine.decisions import Decision
from judge.engine.errors import IllegalAction, NotModelled
from judge.engine.events import Event, PendingTrigger, Replacement, Stage
from judge.engine.game import Call
from judge.engine.state import State
from judge.engine import effects as CE
from judge.games.wow import amounts as A
from judge.games.wow import checks as CH
from judge.games.wow import combat as K
from judge.games.wow import describe as D
from judge.games.wow import effects as E
from judge.games.wow import links as L
from judge.games.wow import model as W
from judge.games.wow import moves as MV
from judge.games.wow import packets as PK
from judge.games.wow import powers as P
from judge.games.wow import resources as RS
from judge.games.wow import restrictions as R
from judge.games.wow import triggers as TR
from judge.games.wow import turn as TU
from judge.games.wow import values as VA
from judge.games.wow.citations import CITATIONS, DOC
from judge.games.wow.describe import Scope, Unknown
from judge.games.wow.scenario import WowScenario

# zones where a card's powers function (700.2): in play
FUNCTIONS_IN = frozenset({W.IN_PLAY, W.RESOURCES})


class WowGame(WowScenario):
    id = "wow"
    documents = (DOC,)
    citations = CITATIONS
    ACTIONS = ("play", "activate", "attack", "pass_priority", "use_optional", "order", "choose",
               "target_trigger", "protect", "strike", "place_resource", "complete", "discard", "find",
               "end_turn")

    # ------------------------------------------------------------------ set-up
    def new_state(self, document: str) -> State:
        st = State("wow", document)
        st.rules = VA.rules()
        st.counters_leave = lambda zone: False     # 404.1b: counters go as a card moves
        CE.install(st)
        st.add_zone(*W.CHAIN)
        return st

    def bind_card(self, ctx: Context, oid: int) -> tuple[Unbound, ...]:
        """What the module can't carry out of a card's text, named whenever its situation
        could arise (never dropped)."""
        st = ctx.state
        o = st.objects[oid]
        if not o.text:
            return ()
        ps = P.of(st, oid)
        found = []
        for power in ps.unsupported:
            kind, events, values = _unbound_kind(power)
            zones = frozenset() if power.kind in ("resolve",) else \
                frozenset({power.zone}) if power.zone else FUNCTIONS_IN
            found.append(Unbound(obj=oid, card=o.name, kind=kind, text=power.text,
                                 why=power.why, zones=zones, events=events, values=values,
                                 citation=_why_cites(ctx, power.why)))
        choices = [p for p in ps.as_enters if P.entered_choice(p.ability)]
        if choices and W.in_play(o) and VA.entered_choice(st, oid) is None:
            # 710.1a: a card the scenario starts with in play made its choice as it entered,
            # before the scenario: what it chose is not known
            everything = frozenset({abilities.ANY})
            for power in choices:
                found.append(Unbound(obj=oid, card=o.name, kind="static", text=power.text,
                                     why=f"what was chosen as {o.name} entered play (710.1a): "
                                         "it starts the scenario in play",
                                     zones=FUNCTIONS_IN, events=everything, values=everything,
                                     citation=ctx.cite_opt("enter.as")))
        for u in ps.unparsed:
            found.append(Unbound(obj=oid, card=o.name, kind="unknown", text=u.text,
                                 why=f"the card grammar could not read it ({u.reason})",
                                 zones=FUNCTIONS_IN, events=frozenset({abilities.ANY}),
                                 values=frozenset({abilities.ANY})))
        return tuple(found)

    # ------------------------------------------------------------------ helpers
    def turn_player(self, state: State) -> str:
        return W.turn_player(state)

    def _over(self, ctx: Context, action: str) -> None:
        if ctx.state.result is not None:
            raise IllegalAction(action, "the game is over", ctx.cite("game.win"))

    def _holder(self, ctx: Context, action: str, player: str) -> None:
        self._over(ctx, action)
        if ctx.state.players[player].lost:
            raise IllegalAction(action, f"{player} has left the game", ctx.cite("game.removed"))
        if Priority.holder(ctx.state) != player:
            raise IllegalAction(action, f"{player} does not have priority", ctx.cite("priority"),
                                timing=True)

    def _main_timing(self, ctx: Context, action: str, player: str, procedure: str) -> None:
        """410.2a: only in the player's non-combat action phase, with the chain empty."""
        st = ctx.state
        if W.turn_player(st) != player:
            raise IllegalAction(action, f"it is not {player}'s turn", ctx.cite(procedure))
        if not TU.non_combat_action_phase(st, player) or st.chain:
            raise IllegalAction(action, f"only in {player}'s non-combat action phase with the "
                                "chain empty", ctx.cite(procedure), timing=True)

    # ------------------------------------------------------------------ priority
    def verify_pass_priority(self, ctx: Context, player: str) -> None:
        self._holder(ctx, "pass", player)
        obliged = self._must_attack(ctx, player)
        if obliged is not None:
            raise IllegalAction("pass", obliged[0], ctx.cite(obliged[1]))

    def _must_attack(self, ctx: Context, player: str) -> tuple[str, str] | None:
        """600.2: a player whose character must attack if able can't pass priority while the
        chain is empty during his non-combat action phase."""
        st = ctx.state
        if st.chain or W.turn_player(st) != player or \
                not TU.non_combat_action_phase(st, player):
            return None
        return K.must_attack(st, player)

    def pass_priority(self, ctx: Context, player: str, default: str | None = None) -> None:
        st = ctx.state
        if default is not None:
            obliged = self._must_attack(ctx, player)
            if obliged is not None:
                raise NotModelled(f"{obliged[0]}: {player} can't pass priority, and the attack "
                                  "is not stated (state it with an attack line)",
                                  ctx.cite(obliged[1]))
        if not st.chain and W.turn_player(st) == player and \
                TU.non_combat_action_phase(st, player):
            for why in K.excused_by_cost(st, player):
                ctx.step(T.RULE, f"{why}: {player} does not choose to pay, so it is unable to "
                         "attack and need not attack", ["combat.attack-cost",
                                                        "combat.must-attack"], actor=player)
        if not C.pass_priority(ctx, player, default=default):
            return
        if st.chain:
            ctx.step(T.RULE, "every player passed in succession: the top link tries to "
                     "resolve, then the turn player gets priority",
                     ["priority.resolve-top", "resolve", "resolve.priority"])
            C.resolve_top(ctx, self)
            return
        TU.window_closes(self, ctx)

    def give_priority(self, ctx: Context, player: str | None = None) -> None:
        """410.5: pre-priority processing (the checks of 410.6, then waiting triggered effects
        are added to the chain, 708.1), then ``player`` (the turn player) gets priority."""
        st = ctx.state
        if st.result is not None:
            return
        for _ in range(100):
            CT.update(ctx)
            CH.pre_priority_checks(self, ctx)
            if st.result is not None:
                st.apply(__import__("judge.engine.state", fromlist=["SetGlobal"]).SetGlobal(
                    Priority.HOLDER, None))
                return
            if not st.pending:
                break
            self._add_triggers(ctx)
        who = player or W.turn_player(st)
        if st.players[who].lost:
            who = W.turn_player(st)
        Priority.give(st, who)

    def _add_triggers(self, ctx: Context) -> None:
        """708.1-708.2: waiting triggered effects are added to the chain; one whose targets
        can't be chosen ceases to exist."""
        st = ctx.state
        keep = []
        for trig in st.pending:
            slots = E.slots(trig.data.get("effects", ()))
            scope = Scope(you=trig.controller, source=trig.source,
                          it=tuple(trig.data.get("it", ())))
            if any(not L.candidates(st, s, scope) and not L._optional(s) for s in slots):
                ctx.step(T.RULE, f"{trig.name} has no legal target: it ceases to exist",
                         ["trigger.targets"])
                continue
            keep.append(trig)
        if len(keep) != len(st.pending):
            from judge.engine.state import TakePending, AddPending
            st.apply(TakePending())
            if keep:
                st.apply(AddPending(tuple(keep)))
        if not st.pending:
            return
        ordered, why = self.order_triggers(ctx, list(st.pending))
        from judge.engine.state import TakePending
        st.apply(TakePending())
        for trig in ordered:
            slots = self._trigger_targets(ctx, trig)
            mark = len(st.log)
            flat = L.flat(slots)
            layer = Layer(id=st.new_id(), kind="triggered", name=trig.name,
                          controller=trig.controller, source=trig.source, targets=flat,
                          citation=trig.citation, data={"trigger": trig, "slots": slots})
            n = C.push(st, layer)
            ctx.step(T.TRIGGER, f"{trig.name} is added to the chain as link {n}, controlled "
                     f"by {trig.controller}", ["trigger.waiting", "trigger.layer",
                                               "link.controller"]
                     + (["trigger.all-added"] if len(ordered) > 1 else []),
                     mark=mark, cites=[why])
            if flat:
                who = _chooser(st, E.slots(trig.data.get("effects", ())), trig)
                ctx.step(T.CHOICE, f"{who} chooses {D.names(st, flat)} as the "
                         f"target of {trig.name} as it is added to the chain",
                         ["trigger.targets", "add.targets"], actor=who)

    def _trigger_targets(self, ctx: Context, trig: PendingTrigger) -> tuple[Any, ...]:
        st = ctx.state
        slots = E.slots(trig.data.get("effects", ()))
        if not slots:
            return ()
        scope = Scope(you=trig.controller, source=trig.source, it=tuple(trig.data.get("it", ())))
        name = st.objects[trig.source].name if trig.source in st.objects else trig.name
        chooser = _chooser(st, slots, trig)
        stated = None
        for c in ctx.choices.stated:
            if c.kind == "targets" and c.player == chooser and \
                    str(c.value[0]).lower() == name.lower():
                stated = c
                break
        if stated is not None:
            ctx.choices.consume(stated)
            chosen, problem = L.assign(st, slots, tuple(stated.value[1]), scope)
            if problem is None:
                return L.freeze(st, chosen)
            ctx.step(T.REFUSED, f"{trig.controller}'s targets for {trig.name}: {problem}",
                     ["target", "trigger.targets"])
        out = []
        if any(D.is_random(s) for s in slots):
            L.random_pick(ctx, slots, scope, trig.name)
        for s in slots:
            found = L.candidates(st, s, scope)
            if D.is_random(s):
                out.append(tuple(found[:1]))
                continue
            if len(found) == 1:
                out.append((found[0],))
                continue
            if not found:
                out.append(())
                continue
            names = tuple(D.names(st, [x]) for x in found)
            pick = ctx.decide(Decision(
                key=f"trigger targets:{trig.source}:{len(st.log)}", player=chooser,
                kind="targets", prompt=f"the target of {trig.name} ({s.text})", options=names,
                citation=ctx.cite("trigger.targets"),
                example=f'{chooser} targets '
                        + (names[0] if isinstance(found[0], str) else f'"{names[0]}"')
                        + f' with "{name}"'))
            out.append((found[names.index(pick)],) if pick in names else (found[0],))
        return L.freeze(st, out)

    def order_triggers(self, ctx: Context, triggers: list[PendingTrigger]
                       ) -> tuple[list[PendingTrigger], str]:
        """708.1a: the turn player's effects go on the chain first, then the next player's
        clockwise; each player orders his own."""
        st = ctx.state
        why = ctx.cite("trigger.order")
        out: list[PendingTrigger] = []
        for p in W.seat_order(st):
            mine = [t for t in triggers if t.controller == p]
            if len(mine) > 1 and len({t.name for t in mine}) > 1:
                names = tuple(t.name for t in mine)
                stated = ctx.choices.take(p, "order")
                if stated is not None:
                    order = tuple(stated.value)
                else:
                    order = ctx.decide(Decision(
                        key=f"order:{p}:{len(st.log)}", player=p, kind="order triggers",
                        prompt=f"the order of {p}'s triggered effects {', '.join(names)}",
                        options=names, citation=why,
                        example=f'{p} orders triggers "{names[0]}", "{names[1]}"',
                        default=names, default_text="trigger-order: printed - they resolve "
                                                    "in printed order (not stated)",
                        policy="trigger-order", count=len(names)))
                def rank(t: PendingTrigger, order=order) -> int:
                    for i, n in enumerate(order):
                        if n == t.name or (st.objects.get(t.source) is not None and
                                           st.objects[t.source].name == n):
                            return i
                    return 99
                mine = sorted(mine, key=rank)
                mine.reverse()            # the first to resolve goes on top
            out.extend(mine)
        return out, why

    def state_checks(self, ctx: Context) -> None:
        """The checks after a link resolves happen as the next player would get priority
        (410.5, in :meth:`give_priority`)."""

    def resolve_layer(self, ctx: Context, layer: Layer) -> None:
        L.resolve(self, ctx, layer)

    # ------------------------------------------------------------------ playing cards
    def _cost(self, ctx: Context, oid: int, modes: tuple[str, ...]) -> int:
        st = ctx.state
        o = st.objects[oid]
        for unbound in list(st.unbound.values()):
            for u in unbound:
                if u.why == E.PLAY_COST_CHANGE:     # 707.1e: a reduction it does not apply
                    abilities.report(ctx, u, "it could change the cost paid")
        cost = o.base.get("cost")
        if isinstance(cost, str):
            text = cost.replace(" ", "").upper()
            x = A.x_value(modes) or 0
            if "X" in text:
                fixed = text.replace("+X", "").replace("X", "") or "0"
                return (int(fixed) if fixed.isdigit() else 0) + x
            return int(text) if text.isdigit() else 0
        return int(cost or 0)

    def verify_play(self, ctx: Context, player: str, card: int, targets: tuple[Any, ...] = (),
                    paying: tuple[int, ...] = (), modes: tuple[str, ...] = ()) -> None:
        st = ctx.state
        o = st.objects[card]
        self._over(ctx, "play")
        if o.zone != (player, W.HAND) and not E.may_play_from(st, player, card):
            raise IllegalAction("play", f"{o.name} is not in {player}'s hand", ctx.cite("play"))
        ks = VA.kinds(st, card)
        if ks & {"quest", "location"}:
            raise IllegalAction("play", f"{o.name} is a {'quest' if 'quest' in ks else 'location'}"
                                ": it can only be placed as a resource", ctx.cite(
                                    "quest.resource"))
        if "hero" in ks:
            raise NotModelled("playing a Master Hero (301.4)")
        self._holder(ctx, "play", player)
        if "instant" not in ks:
            self._main_timing(ctx, "play", player, "play")
        cost = self._cost(ctx, card, modes)
        ready = L.ready_resources(st, player)
        alternate = self._stated_alternate(ctx, player, card)
        if alternate is not None:
            # 403.1: the alternate cost is paid in place of the printed one - only if it can be
            for c in alternate.ability.costs:
                if not self._cost_payable(ctx, player, card, c.effect, paying):
                    raise IllegalAction("play", f"{player} can't pay {o.name}'s alternate cost "
                                        f"({alternate.text!r})", ctx.cite("cost"),
                                        also=(ctx.cite("add.rewind"),))
            cost = 0
        others = [p for p in P.of(st, card).powers if p.kind == "alternate cost"]
        if len(ready) < cost and len(others) == 1 and _pays_alternate(others[0]) and not any(
                _unknown_words(st, P.cost_what(c.effect)) for c in others[0].ability.costs):
            raise IllegalAction("play", f"{player} has {len(ready)} ready resources and "
                                f"{o.name} costs {cost} (to pay its alternate cost instead, "
                                f"state first: {player} uses \"{o.name}\")",
                                ctx.cite("cost.resource"), also=(ctx.cite("add.rewind"),))
        if len(ready) < cost and any(p.kind == "alternate cost" for p in P.of(st, card).powers):
            raise NotModelled(f"{o.name}: {player} has {len(ready)} ready resources and it costs "
                              f"{cost}; paying its alternate cost instead is not carried out",
                              ctx.cite("add.cost"))
        if len(ready) < cost:
            raise IllegalAction("play", f"{player} has {len(ready)} ready resources and "
                                f"{o.name} costs {cost}", ctx.cite("cost.resource"),
                                also=(ctx.cite("add.rewind"),))
        ps = P.of(st, card)
        scope = _stated_x(Scope(you=player, source=card), modes)
        ignored = P.empower_ignored(st, ps, scope)
        picked = self._modes(ctx, card, P.resolve_now(ps, ignored), modes)
        slots = E.slots(P.resolve_now(ps, ignored, picked))
        if any(D.is_random(s) for s in slots):
            found = [L.magnets_among(st, L.candidates(st, s, scope), scope)
                     for s in slots if D.is_random(s)]
            if any(len(f) > 1 for f in found):
                raise NotModelled(f"{o.name}: which card is chosen at random as its target "
                                  "(706.5)")
        _chosen, problem = L.assign(st, slots, targets, scope)
        if problem:
            raise IllegalAction("play", problem, ctx.cite(_target_rule(problem)),
                                also=(ctx.cite("add.rewind"),))

    def _modes(self, ctx: Context, card: int, effects: tuple, stated: tuple[str, ...]
               ) -> tuple[int, ...] | None:
        """707.1c: the modes of a modal card, chosen as it is added (before its targets:
        only the chosen modes' targets are chosen). None: the card is not modal."""
        o = ctx.state.objects[card]
        choice = P.modal(effects)
        if choice is None:
            return None
        if choice.chooser is not None and choice.chooser.ref != "you":
            raise NotModelled(f"{o.name}: a mode chosen by another player (707.1c)")
        picked, problem = P.pick_modes(o.text or "", choice, stated)
        if problem:
            raise IllegalAction("play", f"{o.name}: {problem}", ctx.cite("add.modes"),
                                also=(ctx.cite("add.rewind"),))
        if not picked:
            raise NotModelled(f"{o.name}'s mode: its controller chooses it as it is added "
                              f"(707.1c); state it with: choosing \"...\" (one of: "
                              + "; ".join(P.mode_text(o.text or "", opt)
                                          for opt in choice.options) + ")")
        return picked

    def play(self, ctx: Context, player: str, card: int, targets: tuple[Any, ...] = (),
             paying: tuple[int, ...] = (), modes: tuple[str, ...] = ()) -> None:
        st = ctx.state
        o = st.objects[card]
        ps = P.of(st, card)
        scope = _stated_x(Scope(you=player, source=card), modes)
        ignored = P.empower_ignored(st, ps, scope)
        picked = self._modes(ctx, card, P.resolve_now(ps, ignored), modes)
        slots = E.slots(P.resolve_now(ps, ignored, picked))
        chosen, _problem = L.assign(st, slots, targets, scope)
        cost = self._cost(ctx, card, modes)
        mark = len(st.log)
        st.apply(W.MoveCard(card, W.CHAIN, "top", True, player))
        x = A.x_value(modes)
        data = {"slots": L.freeze(st, chosen), "chosen": {"X": x} if x is not None else {}}
        if modes:
            data["chosen"]["modes"] = tuple(modes)       # choices it makes as it resolves
        if ignored:
            data["ignored"] = ignored
        if picked is not None:
            data["modes picked"] = picked
        layer = Layer(id=st.new_id(), kind="card", name=o.name, controller=player, source=card,
                      targets=L.flat(L.freeze(st, chosen)), data=data)
        L.add(ctx, layer, announce=f"{player} plays {o.name}"
              + (f" targeting {D.names(st, L.flat(L.freeze(st, chosen)))}" if chosen and
                 any(chosen) else ""), procedures=["play", "link.card"] + (
                     ["priority.options"] if "instant" in VA.kinds(st, card) else
                     ["priority.non-combat"]), mark=mark)
        if picked is not None:
            choice = P.modal(P.resolve_now(ps, ignored))
            ctx.step(T.CHOICE, f"{player} chooses the mode{'s' if len(picked) > 1 else ''} "
                     f"of {o.name}: " + "; ".join(
                         repr(P.mode_text(o.text or "", choice.options[k])) for k in picked)
                     + " (only the chosen modes' targets are chosen, and only they resolve)",
                     ["add.modes"], actor=player)
        if any(D.is_random(s) for s in slots):
            L.random_pick(ctx, slots, scope, o.name)
        if any(chosen):
            ctx.step(T.CHOICE, f"{player} chooses the targets of {o.name}: "
                     f"{D.names(st, L.flat(L.freeze(st, chosen)))}", ["add.targets", "target", "target.word"],
                     actor=player)
        granted = E.granted_slots(P.resolve_now(ps, ignored, picked))
        if granted:
            ctx.step(T.RULE, f"{o.name} gives a power with targets: "
                     f"{', '.join(repr(g.text) for g in granted)} is not chosen as {o.name} is "
                     "added; it is chosen as that power is used", ["target.granted"])
        if x is not None:
            ctx.step(T.CHOICE, f"{player} chooses X = {x}", ["add.x", "cost.x"], actor=player)
        for _i, label in ignored:
            ctx.step(T.RULE, f"{label}: {player} does not control that as {o.name} is added to "
                     "the chain: that text is ignored, and no targets, modes or costs from it "
                     "are required", ["kw.empower", "add.targets"])
        if not self._alternate_cost(ctx, player, card, paying) and \
                not L.pay_resources(self, ctx, player, cost, paying, f"the cost of {o.name}"):
            raise NotModelled(f"paying {o.name}'s cost")
        L.after_added(self, ctx, layer, L.flat(L.freeze(st, chosen)))

    def _stated_alternate(self, ctx: Context, player: str, card: int) -> P.Power | None:
        """The alternate cost the scenario says ``player`` pays for ``card`` (``Alice uses
        "Nalonae"`` before she plays it), when it is one the module pays: destroying a card
        the text describes ("You may destroy one of your resources rather than pay Nalonae's
        cost"). Any other alternate cost stated is named not modelled."""
        st = ctx.state
        o = st.objects[card]
        alternate = [p for p in P.of(st, card).powers if p.kind == "alternate cost"]
        if not alternate or ctx.choices.find_use(player, o.name) is None:
            return None
        a = alternate[0]
        if len(alternate) > 1 or not _pays_alternate(a):
            raise NotModelled(f"paying {o.name}'s alternate cost ({a.text!r})",
                              ctx.cite("add.cost"))
        return a

    def _alternate_cost(self, ctx: Context, player: str, card: int,
                        paying: tuple[int, ...] = ()) -> bool:
        """707.1e, 403.3: a card that may be paid for with an alternate cost ("You may destroy
        one of your resources rather than pay Nalonae's cost") - paid in place of its printed
        cost when the scenario says so (``Alice uses "Nalonae"``; True); otherwise the printed
        cost is paid unless the ``optional`` policy says to use such options, which is named
        not modelled (which alternate cost is not said)."""
        st = ctx.state
        o = st.objects[card]
        alternate = [p for p in P.of(st, card).powers if p.kind == "alternate cost"]
        if not alternate:
            return False
        stated = self._stated_alternate(ctx, player, card)
        if stated is not None:
            ctx.choices.consume(ctx.choices.find_use(player, o.name))
            ctx.step(T.CHOICE, f"{player} pays {o.name}'s alternate cost, not its printed cost "
                     f"({stated.text!r})", ["add.cost", "cost.alternate"], actor=player)
            self._pay_power_costs(ctx, player, card, stated.ability, paying, None)
            return True
        policy = ctx.policy("optional", "decline")
        if policy == "use":
            raise NotModelled(f"paying {o.name}'s alternate cost ({alternate[0].text!r})",
                              ctx.cite("add.cost"))
        ctx.step(T.CHOICE, f"{player} pays {o.name}'s printed cost, not its alternate cost "
                 f"({alternate[0].text!r})", ["add.cost"], actor=player,
                 default=f"optional: {policy} - {player} does not pay {o.name}'s alternate "
                         "cost (not stated)")
        return False

    # ------------------------------------------------------------------ payment powers
    def _power(self, ctx: Context, card: int, ability: str | None) -> P.Power:
        st = ctx.state
        ps = P.of(st, card)
        powers = list(ps.activated) + P.granted(st, card)
        if ability:
            powers = [p for p in powers if ability.lower() in p.text.lower()]
        if not powers:
            raise IllegalAction("activate", f"{st.objects[card].name} has no such payment power",
                                ctx.cite("payment"))
        if len(powers) > 1:
            raise IllegalAction("activate", f"{st.objects[card].name} has several payment "
                                "powers: name one with ability \"...\"", ctx.cite("payment"))
        return powers[0]

    def verify_activate(self, ctx: Context, player: str, card: int, ability: str | None = None,
                        targets: tuple[Any, ...] = (), paying: tuple[int, ...] = (),
                        modes: tuple[str, ...] = ()) -> None:
        st = ctx.state
        o = st.objects[card]
        self._over(ctx, "activate")
        if not W.in_play(o):
            raise IllegalAction("activate", f"{o.name} is not in play", ctx.cite("power.zones"))
        if D.controller_of(st, card) != player:
            raise IllegalAction("activate", f"{player} does not control {o.name}",
                                ctx.cite("payment.use"))
        if not VA.has_powers(st, card):
            if P.granted(st, card):
                # a power given after the card lost its powers may apply later (718)
                raise NotModelled(f"whether {o.name} keeps a power given to it this turn "
                                  "while it has lost its powers")
            raise IllegalAction("activate", f"{o.name} has lost its powers",
                                ctx.cite("power.lost"))
        power = self._power(ctx, card, ability)
        if power.why:
            raise NotModelled(f"{o.name}'s power {power.text!r}: {power.why}",
                              _why_cites(ctx, power.why))
        self._holder(ctx, "activate", player)
        a = power.ability
        if a.condition is not None:
            from judge.games.wow import conditions as CO
            try:
                ok = CO.holds(st, a.condition, Scope(you=player, source=card))
            except Unknown as u:
                raise NotModelled(u.what) from None
            if not ok:
                raise IllegalAction("activate", f"{o.name}'s power can be used only "
                                    f"{a.condition.text.lower()}", ctx.cite("payment"),
                                    timing=True)
        if a.limit:
            used = [u for u in W.records(st, "powers used")
                    if u[:4] == (card, o.incarnation, power.index, W.current_turn(st))]
            if used:
                raise IllegalAction("activate", f"{o.name}'s power can be used {a.limit}, and "
                                    "it was used this turn", ctx.cite("payment.limit"))
        for c in a.costs:
            if c.kind == "exhaust" and c.what is None:
                if W.exhausted(st, card):
                    raise IllegalAction("activate", f"{o.name} is exhausted",
                                        ctx.cite("payment.activate"))
                ks = VA.kinds(st, card)
                if "ally" in ks and "hero" not in ks and not K.since_turn_start(st, card) and \
                        not VA.has_keyword(st, card, "time is money"):
                    raise IllegalAction("activate", f"{o.name} has not been in its party since "
                                        "the start of its controller's most recent turn",
                                        ctx.cite("payment.activate"))
            if c.kind == "flip" and "hero" not in VA.kinds(st, card):
                raise NotModelled(f"flipping {o.name} as a cost")
            if c.kind == "effect" and isinstance(c.effect, M.Move):
                if not self._cost_payable(ctx, player, card, c.effect, paying):
                    raise IllegalAction("activate", f"{player} can't pay {o.name}'s cost: "
                                        f"nothing it names can be {c.effect.verb}ed without the "
                                        "event being replaced or stopped",
                                        ctx.cite("cost"))
        cost = sum(int(c.amount.value or 0) for c in a.costs
                   if c.kind == "resource" and c.amount is not None and c.amount.value is not None)
        if any(c.kind == "resource" and c.amount is not None and c.amount.variable for c in a.costs):
            cost += A.x_value(modes) or 0
        if len(L.ready_resources(st, player)) < cost:
            raise IllegalAction("activate", f"{player} can't pay ({cost})",
                                ctx.cite("cost.resource-text"))
        slots = E.slots(a.effects)
        _chosen, problem = L.assign(st, slots, targets, Scope(you=player, source=card))
        if problem:
            raise IllegalAction("activate", problem, ctx.cite(_target_rule(problem)))

    def activate(self, ctx: Context, player: str, card: int, ability: str | None = None,
                 targets: tuple[Any, ...] = (), paying: tuple[int, ...] = (),
                 modes: tuple[str, ...] = ()) -> None:
        st = ctx.state
        o = st.objects[card]
        power = self._power(ctx, card, ability)
        a = power.ability
        slots = E.slots(a.effects)
        chosen, _problem = L.assign(st, slots, targets, Scope(you=player, source=card))
        frozen = L.freeze(st, chosen)
        x = A.x_value(modes)
        if P.granted_text(st, power) is not None and any(chosen):
            ctx.step(T.CHOICE, f"{player} chooses the targets of the power given to {o.name} as "
                     f"that power is used: {D.names(st, L.flat(frozen))}", ["target.granted"],
                     actor=player)
        mark = len(st.log)
        layer = Layer(id=st.new_id(), kind="power", name=f"{o.name}'s payment effect",
                      controller=player, source=card, targets=L.flat(frozen),
                      data={"slots": frozen, "power": power,
                            "text": P.granted_text(st, power),
                            "chosen": {"X": x} if x is not None else {},
                            "added at": mark, "source was": (o.id, o.incarnation)})
        L.add(ctx, layer, announce=f"{player} uses {o.name}'s power ({power.text})"
              + (f" targeting {D.names(st, L.flat(frozen))}" if any(chosen) else ""),
              procedures=["payment.use", "link.effect", "link.source", "priority.options"],
              mark=mark)
        if a.limit:
            W.record(st, "powers used", (card, o.incarnation, power.index, W.current_turn(st)))
        self._pay_power_costs(ctx, player, card, a, paying, x)
        L.after_added(self, ctx, layer, L.flat(frozen))

    def _cost_choices(self, ctx: Context, player: str, card: int, e: M.Effect,
                      paying: tuple[int, ...] = ()) -> list[int]:
        """The cards a cost like "Destroy an ally you control" can be paid with: an action
        that can't be done, or that would be replaced, can't pay a cost (103.2, 403.1). A
        discard is of cards in the payer's hand (415.9e), "a card in hand" is in his own hand
        (a player pays a cost with what he can do, 403.1), an exhaust is of ready cards in
        play."""
        st = ctx.state
        what = P.cost_what(e)
        if what is None:
            return []
        if what.ref == "this":
            pool = [card]
        else:
            if isinstance(e, M.Move) and e.verb == "discard" and what.zone is None:
                what = replace(what, zone=M.Zone(name="hand", owner="you"))
            elif what.zone is not None and what.zone.name == "hand" and not what.zone.owner \
                    and what.zone.owner_target is None:
                what = replace(what, zone=replace(what.zone, owner="you"))
            try:
                pool = [x for x in D.candidates(st, what, Scope(you=player, source=card))
                        if isinstance(x, int)]
            except Unknown:
                return []
            named = [x for x in paying if x in pool]
            pool = named if len(named) >= (P.cost_count(e) or 1) else pool
        out = []
        for x in pool:
            if isinstance(e, M.Exhaust):
                if not W.in_play(st.objects[x]) or W.exhausted(st, x):
                    continue
            elif e.verb == "destroy":
                if not MV.can_be_destroyed(st, x):
                    continue
                ev = MV.destroy_event(st, x)
                if any(r.applies(st, ev) for r in self.replacements(ctx, ev)):
                    continue
            out.append(x)
        return out

    def _cost_payable(self, ctx: Context, player: str, card: int, e: M.Effect,
                      paying: tuple[int, ...] = ()) -> bool:
        """403.1: a player can't pay a cost unless he can pay all of it - "Destroy four of
        your resources" needs four cards it can be paid with."""
        if len(self._cost_choices(ctx, player, card, e, paying)) >= (P.cost_count(e) or 1):
            return True
        what = P.cost_what(e)
        unknown = _unknown_words(ctx.state, what)
        if unknown:
            # "one of your Shields": a word no card of the game is named or tagged with may be
            # a word the card grammar kept as it is printed (a plural): too few cards matching
            # it is not known to mean the cost can't be paid
            raise NotModelled(f"paying the cost {what.text!r} of {ctx.state.objects[card].name}"
                              f": no card here is named or tagged {unknown[0]!r}",
                              ctx.cite("cost"))
        return False

    def _pay_power_costs(self, ctx: Context, player: str, card: int, a: M.Ability,
                         paying: tuple[int, ...], x: int | None) -> None:
        st = ctx.state
        o = st.objects[card]
        for c in a.costs:
            if c.kind == "resource" and c.amount is not None:
                n = c.amount.value if c.amount.value is not None else (x or 0)
                if not L.pay_resources(self, ctx, player, n, paying, f"{o.name}'s power",
                                        printed=False):
                    raise NotModelled(f"paying ({n}) for {o.name}'s power")
            elif c.kind == "exhaust" and c.what is None:
                MV.orient(ctx, card, True, "to pay an activated power's cost")
            elif c.kind == "flip":
                mark = len(st.log)
                st.apply(W.TurnFace(card, not o.face_up))
                ctx.step(T.RULE, f"{player} flips {o.name} to pay the cost", ["payment"],
                         mark=mark)
            elif c.kind == "effect" and isinstance(c.effect, (M.Move, M.Exhaust)) and \
                    P.described_cost(c.effect):
                for pick in self._cost_picks(ctx, player, card, c.effect, paying):
                    if isinstance(c.effect, M.Exhaust):
                        MV.orient(ctx, pick, True, f"to pay {o.name}'s cost")
                    else:
                        to, why = COST_MOVES[c.effect.verb]
                        MV.move(ctx, pick, to, why, by=player)
            elif c.kind == "effect" and isinstance(c.effect, M.Move):
                run = E.Run(self, ctx, you=player, source=card, name=o.name,
                            text=o.text or "")
                run.effect(c.effect)

    def _cost_picks(self, ctx: Context, player: str, card: int, e: M.Effect,
                    paying: tuple[int, ...]) -> list[int]:
        """The cards ``player`` pays cost ``e`` with ("Remove two ally cards in your graveyard
        from the game"): its number of them (403.1: all of the cost), each chosen by him
        among the cards it can be paid with - one decision per card, answered by
        ``Alice chooses "..."`` - unless only as many as it needs, or only cards of one name,
        can pay it."""
        st = ctx.state
        o = st.objects[card]
        need = P.cost_count(e) or 1
        pool = self._cost_choices(ctx, player, card, e, paying)
        if len(pool) < need:
            raise NotModelled(f"paying {o.name}'s cost: {player} can't pay all of it")
        picked: list[int] = []
        while len(picked) < need:
            left = [x for x in pool if x not in picked]
            names = tuple(dict.fromkeys(st.objects[x].name for x in left))
            if len(left) == need - len(picked) or len(names) == 1:
                picked.append(left[0])
                continue
            name = ctx.decide(Decision(
                key=f"cost:{card}:{len(st.log)}:{len(picked)}", player=player, kind="choose",
                prompt=f"which card {player} {e.verb}s to pay {o.name}'s cost"
                       + (f" ({len(picked) + 1} of {need})" if need > 1 else ""),
                options=names, citation=ctx.cite("cost"),
                example=f'{player} chooses "{names[0]}"'))
            picked.append(next(x for x in left if st.objects[x].name == name))
        return picked

    # ------------------------------------------------------------------ combat
    def verify_attack(self, ctx: Context, player: str, card: int,
                      targets: tuple[Any, ...] = ()) -> None:
        st = ctx.state
        self._over(ctx, "attack")
        defender = self._defender(ctx, targets)
        problem = K.attacker_problem(st, card, player)
        if problem:
            raise IllegalAction("attack", problem[0], ctx.cite(problem[1]))
        if defender is None:
            raise IllegalAction("attack", "a combat needs a proposed defender: state it with "
                                "targeting Bob's \"Ally\" (or targeting Bob for his hero)",
                                ctx.cite("combat.proposal"))
        problem = K.defender_problem(st, defender, card) or \
            K.attack_rule_problem(st, card, defender)
        if problem:
            raise IllegalAction("attack", problem[0], ctx.cite(problem[1]))
        extra = K.attack_costs(st, card)
        ready = L.ready_resources(st, player)
        if extra and len(ready) < sum(n for _, n in extra):
            raise IllegalAction("attack", f"{st.objects[card].name} can't attack unless "
                                f"{player} pays {sum(n for _, n in extra)} ("
                                + ", ".join(name for name, _ in extra) + f"), and {player} has "
                                f"{len(ready)} ready resources", ctx.cite("combat.attack-cost"))
        self._holder(ctx, "attack", player)
        self._main_timing(ctx, "attack", player, "combat.propose")

    def _defender(self, ctx: Context, targets: tuple[Any, ...]) -> int | None:
        st = ctx.state
        if len(targets) != 1:
            return None
        t = targets[0]
        return W.hero(st, t) if isinstance(t, str) else t

    def attack(self, ctx: Context, player: str, card: int, targets: tuple[Any, ...] = ()) -> None:
        st = ctx.state
        defender = self._defender(ctx, targets)
        a, d = st.objects[card], st.objects[defender]
        mark = len(st.log)
        # 601.2b: a legal proposal against a card that is not a character is a sabotage
        sabotage = not VA.is_character(st, defender)
        K.set_combat(st, K.Combat(player=player, proposed_attacker=(card, a.incarnation),
                                  proposed_defender=(defender, d.incarnation),
                                  sabotage=sabotage))
        layer = Layer(id=st.new_id(), kind="proposal", name=f"{player}'s combat proposal",
                      controller=player, source=None, targets=(card, defender))
        L.add(ctx, layer, announce=f"{player} proposes a combat: {a.name} attacks {d.name}"
              if not sabotage else f"{player} proposes a sabotage combat: {a.name} attacks "
              f"{d.name}, which its Sabotage names", procedures=[
                  "combat", "combat.propose", "combat.proposal", "link.source",
                  "priority.non-combat"] + (["combat.defender-legal", "kw.sabotage"]
                                            if sabotage else []), mark=mark)
        for name, n in K.attack_costs(st, card):
            ctx.step(T.RULE, f"{name}: {a.name} can't attack unless {player} pays {n}: an "
                     "additional cost of adding the proposal to the chain", ["combat.attack-cost",
                                                                             "add.cost"])
            if not L.pay_resources(self, ctx, player, n, (), f"{name}'s additional cost to "
                                   f"propose {a.name} as an attacker", printed=False):
                raise NotModelled(f"paying {name}'s additional cost to attack")
        for name, n in K.exhaust_costs(st, card):
            ctx.step(T.RULE, f"{name}: {a.name} can't attack or exhaust unless {player} pays "
                     f"{n}: there is no additional cost for it to exhaust to attack",
                     ["combat.attack-or-exhaust-cost"])
        if "hero" not in VA.kinds(st, card) and not K.since_turn_start(st, card) and \
                VA.has_keyword(st, card, "ferocity"):
            ctx.step(T.RULE, f"{a.name} has not been under {player}'s control since the start of "
                     "the turn: it can be proposed as an attacker because it has Ferocity",
                     ["kw.ferocity", "combat.attacker-legal"])
        self._attack_rules_said(ctx, card)
        self.give_priority(ctx, player)

    def _attack_rules_said(self, ctx: Context, card: int) -> None:
        """How "must attack" and "can attack only" modifiers bore on this proposal."""
        st = ctx.state
        rules = K.attack_rules(st, card)
        if not rules:
            return
        legal, allowed, procs = K.allowed_defenders(st, card)
        name = st.objects[card].name
        soft = [r for r in rules if r.kind == "attack only" and r.if_able]
        if soft and "combat.attack-only" not in procs and \
                "combat.attack-only-several" not in procs:
            ctx.step(T.RULE, f"{name} can attack only what {', '.join(r.name for r in soft)} "
                     "names if able, but no such proposal can be made: any other legal "
                     "defender can be proposed", ["combat.attack-only"])
        elif procs:
            ctx.step(T.RULE, f"{name}'s attack rules ({', '.join(r.name for r in rules)}) allow "
                     f"only {', '.join(st.objects[x].name for x in allowed)} as the proposed "
                     "defender", procs)

    def _answer_only(self, ctx: Context, action: str, player: str, procedure: str) -> None:
        self._over(ctx, action)
        raise IllegalAction(action, f"nothing asks {player} to {action} now",
                            ctx.cite(procedure), timing=True)

    def verify_protect(self, ctx: Context, player: str, names: tuple[str, ...] = ()) -> None:
        self._answer_only(ctx, "protect", player, "combat.protect")

    def protect(self, ctx: Context, player: str, names: tuple[str, ...] = ()) -> None:
        raise NotModelled("protecting outside the protect point")

    def verify_strike(self, ctx: Context, player: str, names: tuple[str, ...] = ()) -> None:
        self._answer_only(ctx, "strike", player, "strike")

    def strike(self, ctx: Context, player: str, names: tuple[str, ...] = ()) -> None:
        raise NotModelled("striking outside a combat step")

    # ------------------------------------------------------------------ resources and quests
    def verify_place_resource(self, ctx: Context, player: str, card: int, face_up: bool = False) -> None:
        st = ctx.state
        o = st.objects[card]
        self._over(ctx, "place")
        if o.zone != (player, W.HAND):
            raise IllegalAction("place", f"{o.name} is not in {player}'s hand",
                                ctx.cite("resource.place"))
        self._holder(ctx, "place", player)
        self._main_timing(ctx, "place", player, "resource.when")
        placed = [r for r in W.records(st, "resources placed") if r == (player, W.current_turn(st))]
        if placed:
            raise IllegalAction("place", f"{player} already placed a resource this turn",
                                ctx.cite("resource.place"))
        if face_up and not VA.kinds(st, card) & {"quest", "location"}:
            raise IllegalAction("place", "only quests and locations can be placed face up",
                                ctx.cite("resource.face"))
        if face_up and not RS.can_pay(st, player, card):
            raise IllegalAction("place", f"{player} can't pay the cost of placing {o.name} face "
                                f"up ({RS.face_up_cost(st, card)} card(s) to discard)",
                                ctx.cite("add.cost"))

    def place_resource(self, ctx: Context, player: str, card: int, face_up: bool = False) -> None:
        st = ctx.state
        o = st.objects[card]
        mark = len(st.log)
        st.apply(W.MoveCard(card, W.CHAIN, "top", face_up, player))
        W.record(st, "resources placed", (player, W.current_turn(st)))
        layer = Layer(id=st.new_id(), kind="resource", name="a resource" if not face_up else
                      o.name, controller=player, source=card, data={"face up": face_up})
        L.add(ctx, layer, announce=f"{player} places {o.name if face_up else 'a card'} as a "
              f"resource{' face up' if face_up else ' face down'}",
              procedures=["resource.place", "resource.when", "link.card",
                          "priority.non-combat"], mark=mark)
        if face_up:
            RS.pay(ctx, player, card)
        self.give_priority(ctx, player)

    def verify_complete(self, ctx: Context, player: str, card: int,
                        paying: tuple[int, ...] = (), targets: tuple[Any, ...] = ()) -> None:
        st = ctx.state
        o = st.objects[card]
        self._over(ctx, "complete")
        if o.zone != (player, W.RESOURCES) or o.controller != player:
            raise IllegalAction("complete", f"{player} does not control {o.name} in his "
                                "resource row", ctx.cite("reward.complete"))
        if not o.face_up:
            raise IllegalAction("complete", f"{o.name} is face down: a face-down resource is "
                                "blank", ctx.cite("resource.face"))
        ps = P.of(st, card)
        if not ps.rewards:
            raise IllegalAction("complete", f"{o.name} has no reward power", ctx.cite("reward"))
        power = ps.rewards[0]
        if power.why:
            raise NotModelled(f"completing {o.name}: its reward power ({power.why})")
        if any(c.kind != "resource" for c in power.ability.costs) or not power.ability.costs:
            # 702.1: a quest is completed by paying what its text says; a cost the card
            # grammar did not read is never taken as nothing to pay
            raise NotModelled(f"completing {o.name}: its completion cost is not read")
        restriction = power.ability.condition
        if restriction is not None:
            # 702.1: a restriction on when the reward effect can be added is checked as it is
            # added (and not again as it resolves)
            from judge.games.wow import conditions as CO
            try:
                allowed = CO.holds(st, restriction, Scope(you=player, source=card))
            except Unknown as u:
                raise NotModelled(f"completing {o.name}: its restriction ({u.what})") from None
            if not allowed:
                raise IllegalAction("complete", f"{o.name} can be completed only "
                                    f"{restriction.text.lower()}", ctx.cite("reward"),
                                    timing=True)
        self._holder(ctx, "complete", player)
        cost = sum(int(c.amount.value or 0) for c in _completion_costs(st, card, power.ability)[0]
                   if c.amount is not None)
        if len(L.ready_resources(st, player)) < cost:
            raise IllegalAction("complete", f"{player} can't pay ({cost})",
                                ctx.cite("cost.resource-text"))
        slots = E.slots(power.ability.effects)
        _chosen, problem = L.assign(st, slots, targets, Scope(you=player, source=card))
        if problem:
            raise IllegalAction("complete", problem, ctx.cite(_target_rule(problem)))

    def complete(self, ctx: Context, player: str, card: int, paying: tuple[int, ...] = (),
                 targets: tuple[Any, ...] = ()) -> None:
        """702.2: completing a quest adds its reward effect to the chain (following 707); as
        the last part of adding it, the quest, if still in play, is turned face down and stays
        a resource."""
        st = ctx.state
        o = st.objects[card]
        power = P.of(st, card).rewards[0]
        a = power.ability
        slots = E.slots(a.effects)
        chosen, _problem = L.assign(st, slots, targets, Scope(you=player, source=card))
        frozen = L.freeze(st, chosen)
        mark = len(st.log)
        layer = Layer(id=st.new_id(), kind="reward", name=f"{o.name}'s reward effect",
                      controller=player, source=card, targets=L.flat(frozen),
                      data={"slots": frozen, "power": power, "chosen": {}})
        L.add(ctx, layer, announce=f"{player} completes {o.name} ({power.text})"
              + (f" targeting {D.names(st, L.flat(frozen))}" if any(chosen) else ""),
              procedures=["reward.complete", "link.effect", "link.source", "priority.options"],
              mark=mark)
        costs, why = _completion_costs(st, card, a)
        if why:
            ctx.step(T.RULE, f"the cost of completing {o.name}: {why}", ["add.cost", "cost.zero"])
        self._pay_power_costs(ctx, player, card, replace(a, costs=costs), paying, None)
        if W.in_play(st.objects[card]) and st.objects[card].face_up:
            mark = len(st.log)
            st.apply(W.TurnFace(card, False))
            ctx.step(T.RULE, f"as the last part of adding its reward effect, {o.name} is turned "
                     "face down: it continues to be a resource", ["reward.complete"], mark=mark)
        L.after_added(self, ctx, layer, L.flat(frozen))

    # ------------------------------------------------------------------ stated choices
    def verify_use_optional(self, ctx: Context, player: str, name: str = "",
                            use: bool = True) -> None:
        self._over(ctx, "use")

    def use_optional(self, ctx: Context, player: str, name: str = "", use: bool = True) -> None:
        ctx.choices.stated.append(StatedChoice(player, "use" if use else "decline", name))
        ctx.step(T.CHOICE, f"{player} {'will use' if use else 'will not use'} {name} when it "
                 "can apply", ["modifier.may"], actor=player)

    def verify_order(self, ctx: Context, player: str, order: tuple[str, ...] = ()) -> None:
        self._over(ctx, "order")

    def order(self, ctx: Context, player: str, order: tuple[str, ...] = ()) -> None:
        ctx.choices.stated.append(StatedChoice(player, "order", order))

    def verify_target_trigger(self, ctx: Context, player: str, name: str = "",
                              targets: tuple[Any, ...] = ()) -> None:
        self._over(ctx, "target")

    def target_trigger(self, ctx: Context, player: str, name: str = "",
                       targets: tuple[Any, ...] = ()) -> None:
        ctx.choices.stated.append(StatedChoice(player, "targets", (name, targets)))

    def verify_choose(self, ctx: Context, player: str, choice: str = "",
                      targets: tuple[Any, ...] = ()) -> None:
        self._answer_only(ctx, "choose", player, "resolve.in-order")

    def choose(self, ctx: Context, player: str, choice: str = "",
               targets: tuple[Any, ...] = ()) -> None:
        raise NotModelled("a choice with nothing to choose")

    def verify_discard(self, ctx: Context, player: str, names: tuple[str, ...] = ()) -> None:
        self._answer_only(ctx, "discard", player, "discard")

    def discard(self, ctx: Context, player: str, names: tuple[str, ...] = ()) -> None:
        raise NotModelled("discarding with nothing that asks for it")

    def verify_find(self, ctx: Context, player: str, names: tuple[str, ...] = ()) -> None:
        self._answer_only(ctx, "find", player, "search")

    def find(self, ctx: Context, player: str, names: tuple[str, ...] = ()) -> None:
        raise NotModelled("searching with nothing that asks for it")

    def verify_end_turn(self, ctx: Context, player: str) -> None:
        self._over(ctx, "end the turn")
        st = ctx.state
        if W.turn_player(st) != player:
            raise IllegalAction("end the turn", f"it is not {player}'s turn", ctx.cite("turn"))

    def end_turn(self, ctx: Context, player: str) -> None:
        """Every player passes (resolving whatever waits) until the next turn starts."""
        st = ctx.state
        start = self.turn(st)
        for _ in range(400):
            holder = Priority.holder(st)
            if holder is None or st.result is not None or self.turn(st) > start:
                return
            ctx.loops.check(st, "passing to the next turn")
            self.pass_priority(ctx, holder)
        raise NotModelled("reaching the next turn")

    def answer(self, ctx: Context, decision: Decision, call: Call) -> Any:
        if call.args.get("player") != decision.player:
            return None
        kind = decision.kind
        name = call.name
        if name == "protect" and kind == "protect":
            names = call.args.get("names", ())
            return "none" if not names else _pick(decision, names)
        if name == "strike" and kind == "strike":
            names = tuple(call.args.get("names", ()))
            # two weapons of one name ("two Viking Warhammers"): the name is said twice
            found = tuple(n for n in names if n in decision.options)
            return found if len(found) == len(names) and found else None
        if name == "order" and kind == "order triggers":
            return tuple(call.args["order"]) or None
        if name == "order" and kind == "order timestamps":
            order = tuple(call.args["order"])       # 718.3: every one of them, once each
            return order if sorted(order) == sorted(decision.options) else None
        if name == "discard" and kind == "discard":
            names = tuple(call.args.get("names", ()))
            if decision.count == 1:
                return _pick(decision, names)
            return names if len(names) == decision.count else None
        if name == "find" and kind == "find":
            names = tuple(call.args.get("names", ()))
            return _pick(decision, names) if names else (
                "fail to find" if "fail to find" in decision.options else None)
        if name == "use_optional" and kind == "may":
            return "yes" if call.args.get("use") else "no"
        if name == "target_trigger" and kind == "targets":
            return None
        if name == "choose" and kind == "loop count":
            from judge.games.wow import loops as LP
            return LP.answer(decision, str(call.args.get("choice", "")))
        if name == "choose":
            said = str(call.args.get("choice", "")).split("\n")
            return _pick(decision, tuple(said))
        return None

    # ------------------------------------------------------------------ events
    def replacements(self, ctx: Context, event: Event) -> list[Replacement]:
        if event.kind in ("damage", "heal"):
            return PK.replacements(self, ctx, event)
        return RP.replacements(self, ctx, event)

    def order_replacements(self, ctx: Context, event: Event,
                           candidates: list[Replacement]) -> tuple[Replacement, str]:
        if event.kind in ("damage", "heal"):
            return PK.order(ctx, event, candidates)
        return RP.order(ctx, event, candidates)

    def perform(self, ctx: Context, event: Event) -> Event | None:
        kind = event.kind
        if kind in ("damage", "heal"):
            return PK.perform(ctx, event)
        if kind == "move":
            return MV.perform(self, ctx, event)
        if kind in ("exhaust", "ready"):
            if event.get("done"):
                return event
            return MV.perform_orient(ctx, event)
        if kind == "draw":
            return MV.perform_draw(ctx, event)
        return event

    def triggers(self, ctx: Context, event: Event, stage: Stage) -> list[PendingTrigger]:
        return TR.collect(self, ctx, event, stage)

    # ------------------------------------------------------------------ running on
    def advance(self, ctx: Context) -> bool:
        holder = Priority.holder(ctx.state)
        if holder is None or ctx.state.result is not None:
            return False
        self.pass_priority(ctx, holder, default=f"priority: pass - {holder} passes (not stated)")
        return True

    def turn(self, state: State) -> int:
        return state.globals.get("turn", 1)

    def loop(self, ctx: Context, loop) -> None:
        """803.5: the game state repeats with no player choice in between, and no triggered
        effect is in the loop (803.3 ends those where they trigger again,
        :mod:`judge.games.wow.loops`) and no optional action (players make those line by
        line): the game is a draw. A step budget that runs out without a repeat is not a
        loop the rules know: not modelled."""
        from judge.engine.state import EndGame, GameResult
        if not loop.repeated:
            raise NotModelled(loop.describe())
        st = ctx.state
        mark = len(st.log)
        st.apply(EndGame(GameResult("draw", (), ctx.cite("loop.draw"))))
        ctx.step(T.RULE, f"{loop.describe()}; it involves neither optional actions nor "
                 "triggered effects and no player can break it: the game is a draw",
                 ["loop", "loop.draw"], mark=mark)

    def settle(self, ctx: Context) -> None:
        """Every player passes until nothing waits: the chain is empty and no combat is in
        progress (the turn does not end)."""
        C.pass_until_settled(ctx, self, lambda s: bool(s.chain or s.pending
                                                       or K.combat(s) is not None))


def _target_rule(problem: str) -> str:
    if "(706.1b)" in problem:
        return "target.zone"
    if problem.endswith("(706.4)"):
        return "target.magnet"
    from judge.games.wow.restrictions import TARGET_KEYWORDS
    keyword = next((proc for why, proc in TARGET_KEYWORDS.items() if problem.endswith(why)), None)
    if keyword is not None:
        return keyword                  # the keyword's glossary entry says it can't be
    if "can't be targeted" in problem:
        return "target"
    return "add.targets"


def _pays_alternate(power: P.Power) -> bool:
    """An alternate cost the module pays (403.3): destroying, removing from the game,
    discarding or exhausting a number of cards the text describes ("You may destroy one of
    your resources rather than pay Nalonae's cost", "You may remove four ally cards in your
    graveyard from the game rather than pay Clara Graves's cost")."""
    costs = power.ability.costs
    return bool(costs) and all(
        c.kind == "effect" and isinstance(c.effect, (M.Move, M.Exhaust)) and
        P.described_cost(c.effect) for c in costs)


def _unknown_words(state: State, what: M.Target | None) -> list[str]:
    """The words of a description (its printed name, its kinds) that no object of the game
    is named or tagged with."""
    if what is None:
        return []
    words = [what.name] if what.name else []
    words += [k for k in what.kinds if D.word(k) not in _GENERAL_KINDS]
    return [w for w in words if not any(
        o.name.lower() == w.lower() or VA.has_tag(state, o.id, D.word(w))
        for o in state.objects.values())]


# words of a description that are the game's card types and roles (201-307): known words,
# whether or not a card of the game has them
_GENERAL_KINDS = frozenset({"card", "permanent", "character", "resource", "token",
                            "attachment", "ally", "ability", "equipment", "hero", "quest",
                            "location", "weapon", "armor", "item", "instant", "ongoing"})


# what a cost that moves cards does with them: (the zone they go to, the move's kind)
COST_MOVES = {"destroy": (W.GRAVEYARD, "destroy"), "remove": (W.REMOVED, "remove"),
              "discard": (W.GRAVEYARD, "discard")}


def _completion_costs(state: State, card: int, a: M.Ability) -> tuple[tuple[M.Cost, ...], str]:
    """A quest's completion cost this turn (707.1e: the printed cost, less the reductions
    made for that card this turn, never below 0, 403.2), and how it was calculated ("" when
    nothing changes it)."""
    cuts = E.completion_discount(state, card)
    if not cuts:
        return a.costs, ""
    less = sum(n for n, _ in cuts)
    out, said = [], ""
    for c in a.costs:
        if c.kind == "resource" and c.amount is not None and c.amount.value is not None and \
                less and not said:
            total = max(0, c.amount.value - less)
            said = (f"({c.amount.value}) less " + " and ".join(f"({n}) from {why}"
                                                          for n, why in cuts)
                    + f" is ({total})")
            c = replace(c, amount=replace(c.amount, value=total))
        out.append(c)
    return tuple(out), said


def _pick(decision: Decision, said: tuple[str, ...]) -> Any:
    low = {o.lower(): o for o in decision.options}
    found = [low[s.strip().lower()] for s in said if s.strip().lower() in low]
    if len(found) != 1:
        return None
    return found[0]


def _why_cites(ctx: Context, why: str) -> str | None:
    """The rule a not-modelled reason names as governing what is missing (E.WHY_CITES)."""
    procedure = E.WHY_CITES.get(why)
    return ctx.cite_opt(procedure) if procedure else None


def _unbound_kind(power: P.Power) -> tuple[str, frozenset[str], frozenset[str]]:
    everything = frozenset({abilities.ANY})
    if power.kind == "triggered":
        trig = power.ability.trigger
        events = TR.events_of(trig) if trig is not None and not TR.why_not(trig) else everything
        return "trigger", events, frozenset()
    if power.kind == "replacement":
        # named as the event it replaces is about to happen (716.1c), when the card grammar
        # says which event that is
        verbs = {x.event.verb for x in power.ability.effects
                 if isinstance(x, M.Replacement) and x.event is not None}
        if verbs and all(v in TR.WATCHED for v in verbs):
            return "replacement", frozenset(k for v in verbs for k in TR.WATCHED[v]), frozenset()
        return "replacement", everything, frozenset()
    if power.kind in ("activated", "reward"):
        return "activated", frozenset(), frozenset()
    if power.kind == "resolve":
        return "resolution", everything, frozenset()
    if power.kind == "keyword":
        return "keyword", everything, everything
    return "static", everything, everything


GAME = WowGame()


def _chooser(state: State, slots: list, trig: PendingTrigger) -> str:
    """Who chooses a triggered effect's targets: its controller, or the player "of his
    choice" names (Kil'zin: "that opponent", the controller of the character the damage this
    way was dealt to)."""
    for s in slots:
        for alt in (s,) + tuple(s.alternatives):
            if alt.of is not None and alt.of.kinds == ("choice",) and alt.of.controller == "they":
                for x in trig.data.get("it", ()):
                    if isinstance(x, int) and x in state.objects:
                        return D.controller_of(state, x) or trig.controller
    return trig.controller


def _stated_x(scope: Scope, modes: tuple[str, ...]) -> Scope:
    """The scope a card's targets are chosen from, with X as the play states it (707.1b:
    X is chosen before targets, so "target ally with cost X" reads it)."""
    x = A.x_value(modes)
    return replace(scope, chosen={**scope.chosen, "X": x}) if x is not None else scope

# modules imported here rather than at the top (they import this one, directly or through
# others) or rather than in the functions that use them (read many times a ruling: an import
# statement there runs the import machinery on every call)
from judge.games.wow import control as CT  # noqa: E402
from judge.games.wow import replacing as RP  # noqa: E402
