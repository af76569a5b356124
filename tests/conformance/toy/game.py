"""The toy game's rules module: the smallest game on the engine core, written only for the tests
and as the worked example of ``docs/architecture.md``.

Its rules are ``rules.txt`` beside this file (document ``toy-1``): two zones per player (hand,
board), a shared stack with priority (the core's chain block), spells that deal damage, gain
life or make a player discard (a decision), charms with one triggered ability ("Whenever a
player plays a card, you gain 1 life") and one replacement ("If you would be dealt damage,
prevent 1 of it"), and a life total that never goes below zero. Any other card text is an
ability this module does not bind: the core names it as not modelled when it could matter.

Card text is read with a few regular expressions: the toy has no card grammar, and its text is
written by the tests.
"""

from __future__ import annotations

import re
from typing import Any

from judge.engine import abilities
from judge.engine import chain as C
from judge.engine import events as V
from judge.engine import trace as T
from judge.engine.abilities import Unbound
from judge.engine.chain import Layer, Priority
from judge.engine.context import Context
from judge.engine.decisions import Decision
from judge.engine.errors import IllegalAction, NotModelled
from judge.engine.events import Event, PendingTrigger, Replacement, Stage
from judge.engine.game import Call
from judge.engine.state import ChangeValue, EndGame, GameResult, MoveObject, SetGlobal, State
from judge.engine.trace import CitationTable
from judge.engine.values import Bound, ValueRules
from judge.games.base import ScenarioGame
from judge.scenario import ast as A

DOC = "toy-1"
STACK = (None, "stack")
LIFE = "life"

CITATIONS = CitationTable({proc: {DOC: key} for proc, key in {
    "life.floor": "1.1", "game.win-life": "1.2", "game.ends": "1.2", "game.draw": "1.3",
    "zones": "2.1", "stack": "2.2", "functions": "2.3",
    "turn.priority": "3.1", "play": "3.2", "priority.only-holder": "3.2",
    "priority.pass": "3.3", "priority.resolve-top": "3.4", "turn.end": "3.5",
    "resolve.spell": "4.1", "resolve.charm": "4.2", "trigger.layer": "4.3",
    "trigger.order": "4.3", "damage": "4.4", "gain-life": "4.4", "replacement": "4.5",
    "target.choose": "4.6", "trigger.targets": "4.6", "discard": "4.7",
}.items()})

_DAMAGE = re.compile(r"^Deal (\d+) damage to target player\.$")
_GAIN = re.compile(r"^Gain (\d+) life\.$")
_DISCARD = re.compile(r"^Target player discards a card\.$")
_ECHO = "Whenever a player plays a card, you gain 1 life."
_WARD = "If you would be dealt damage, prevent 1 of it."
# what an unknown ability would watch, by the words it uses (else: anything)
_WATCHES = (("gains life", "gain life"), ("plays a card", "play"),
            ("dealt damage", "damage"), ("discards", "discard"))


def sentences(text: str) -> list[str]:
    return [s.strip() + "." for s in text.split(".") if s.strip()]


class ToyGame(ScenarioGame):
    id = "toy"
    documents = (DOC,)
    ACTIONS = ("play", "pass_priority", "discard", "order", "choose")
    citations = CITATIONS
    HERO_ZONE = "board"
    BINDERS = {A.Play: "_bind_play", A.Pass: "_bind_pass", A.GameAction: "_bind_game",
               A.OrderTriggers: "_bind_order", A.Choose: "_bind_choose"}

    # ------------------------------------------------------------------ set-up
    def new_state(self, document: str) -> State:
        st = State("toy", document)
        st.rules = ValueRules(player_bounds=(Bound(LIFE, 0, procedure="life.floor",
                                                   text="a life total cannot be less than "
                                                        "zero"),))
        st.add_zone(*STACK)
        st.globals.update({"turn": 1})
        return st

    def add_player(self, state: State, name: str) -> None:
        state.add_player(name)
        for zone in ("hand", "board"):
            state.add_zone(name, zone)
        state.players[name].values[LIFE] = 0

    def set_up_values(self, ctx: Context, sc: A.Scenario, p: A.Player, turn_player: bool) -> None:
        for key, value in p.stats:
            if key != LIFE:
                raise self.error(sc, f"toy does not model the player value {key!r}", p.pos)
            ctx.state.players[p.name].values[LIFE] = value
        for kind, _words, _numbers in p.facts:
            raise self.error(sc, f"toy does not model the player fact {kind!r}", p.pos)

    def start(self, ctx: Context, sc: A.Scenario, turn_player: A.Player) -> None:
        if sc.phase is not None:
            raise NotModelled(f"the {sc.phase} phase: the toy game has no phases")
        st = ctx.state
        st.globals["turn player"] = turn_player.name
        st.globals[Priority.HOLDER] = turn_player.name
        st.globals[Priority.PASSES] = 0
        ctx.step(T.RULE, f"start: {turn_player.name} is the turn player and has priority",
                 ["turn.priority"])

    def bind_card(self, ctx: Context, oid: int) -> tuple[Unbound, ...]:
        o = ctx.state.objects[oid]
        if not o.text:
            return ()
        known = ({_ECHO, _WARD} if "charm" in o.kinds else set())
        out = []
        for s in sentences(o.text):
            if s in known or ("spell" in o.kinds and _effect(s) is not None):
                continue
            low = s.lower()
            events = frozenset(e for words, e in _WATCHES if words in low) or \
                frozenset({abilities.ANY})
            if low.startswith("whenever"):
                kind, values = "trigger", frozenset()
            elif " would " in low:
                kind, values = "replacement", frozenset()
            else:
                kind, events, values = "static", frozenset(), frozenset({abilities.ANY})
            out.append(Unbound(obj=oid, card=o.name, kind=kind, text=s,
                               why="the toy rules module has no such ability",
                               zones=frozenset({"board"}), events=events, values=values))
        return tuple(out)

    # ------------------------------------------------------------------ lines
    def _card(self, ctx: Context, act: A.Action, ref: A.CardRef | None) -> int:
        if ref is None:
            raise NotModelled("an action without its card")
        return self.find_card(ctx, ref, act.actor, ("hand", "board"), set())

    def _bind_play(self, ctx: Context, act: A.Play) -> Call:
        targets = tuple(t.name if isinstance(t, A.PlayerRef) else self._card(ctx, act, t)
                        for t in act.targets)
        return Call("play", dict(player=act.actor, card=self._card(ctx, act, act.card),
                                 targets=targets))

    def _bind_pass(self, ctx: Context, act: A.Pass) -> Call:
        return Call("pass_priority", dict(player=act.actor))

    def _bind_game(self, ctx: Context, act: A.GameAction) -> Call | None:
        if act.verb == "discard":
            return Call("discard", dict(player=act.actor, names=tuple(c.name for c in act.cards)))
        return None

    def _bind_order(self, ctx: Context, act: A.OrderTriggers) -> Call:
        return Call("order", dict(player=act.actor, order=tuple(r.name for r in act.order)))

    def _bind_choose(self, ctx: Context, act: A.Choose) -> Call:
        return Call("choose", dict(player=act.actor, choice=act.choice))

    def answer(self, ctx: Context, decision: Decision, call: Call) -> Any:
        if call.args.get("player") != decision.player:
            return None
        said: tuple[str, ...] = ()
        if call.name == "discard" and decision.kind == "discard":
            said = tuple(call.args["names"])
        elif call.name == "order" and decision.kind == "order triggers":
            return tuple(call.args["order"]) or None
        elif call.name == "choose":
            said = (call.args["choice"],)
        found = [o for o in decision.options if o.lower() in {s.lower() for s in said}]
        return found[0] if len(found) == 1 else None

    # ------------------------------------------------------------------ actions
    def _holder(self, ctx: Context, action: str, player: str) -> None:
        if ctx.state.result is not None:
            raise IllegalAction(action, "the game is over", ctx.cite("game.ends"))
        if Priority.holder(ctx.state) != player:
            raise IllegalAction(action, f"{player} does not have priority",
                                ctx.cite("priority.only-holder"), timing=True)

    def verify_play(self, ctx: Context, player: str, card: int,
                    targets: tuple[Any, ...] = ()) -> None:
        st = ctx.state
        o = st.objects[card]
        if o.zone != (player, "hand"):
            raise IllegalAction("play", f"{o.name} is not in {player}'s hand", ctx.cite("play"))
        self._holder(ctx, "play", player)
        needs = "spell" in o.kinds and any("target player" in s for s in sentences(o.text or ""))
        if needs and not any(t in st.players for t in targets):
            raise IllegalAction("play", f"{o.name} needs a target player",
                                ctx.cite("target.choose"))

    def play(self, ctx: Context, player: str, card: int, targets: tuple[Any, ...] = ()) -> None:
        st = ctx.state
        o = st.objects[card]
        mark = len(st.log)
        st.apply(MoveObject(card, STACK))
        n = C.push(st, Layer(id=st.new_id(), kind="card", name=o.name, controller=player,
                             source=card, targets=tuple(targets)))
        ctx.step(T.ACTION, f"{player} plays {o.name}: it becomes layer {n} of the stack",
                 ["play", "stack"], mark=mark, actor=player)
        V.run(ctx, Event("play", player=player, source=card))
        C.flush_triggers(ctx, self)           # 4.3: before the player would get priority
        Priority.keep(st, player)

    def verify_pass_priority(self, ctx: Context, player: str) -> None:
        self._holder(ctx, "pass", player)

    def pass_priority(self, ctx: Context, player: str, default: str | None = None) -> None:
        st = ctx.state
        if not C.pass_priority(ctx, player, default=default):
            return
        if st.chain:
            C.resolve_top(ctx, self)
            return
        mark = len(st.log)
        players = list(st.players)
        nxt = players[(players.index(st.globals["turn player"]) + 1) % len(players)]
        st.apply(SetGlobal("turn", st.globals["turn"] + 1))
        st.apply(SetGlobal("turn player", nxt))
        ctx.step(T.RULE, f"every player passed with the stack empty: the turn ends and {nxt} "
                 "is the turn player", ["turn.end"], mark=mark)
        self.give_priority(ctx, nxt)

    def _answer_only(self, ctx: Context, action: str, player: str) -> None:
        raise IllegalAction(action, f"nothing asks {player} to {action} now",
                            ctx.cite("discard" if action == "discard" else "trigger.order"),
                            timing=True)

    def verify_discard(self, ctx: Context, player: str, names: tuple[str, ...] = ()) -> None:
        self._answer_only(ctx, "discard", player)

    def discard(self, ctx: Context, player: str, names: tuple[str, ...] = ()) -> None:
        raise NotModelled("discarding with nothing that asks for it")

    def verify_order(self, ctx: Context, player: str, order: tuple[str, ...] = ()) -> None:
        self._answer_only(ctx, "order", player)

    def order(self, ctx: Context, player: str, order: tuple[str, ...] = ()) -> None:
        raise NotModelled("ordering with nothing to order")

    def verify_choose(self, ctx: Context, player: str, choice: str = "") -> None:
        self._answer_only(ctx, "choose", player)

    def choose(self, ctx: Context, player: str, choice: str = "") -> None:
        raise NotModelled("a choice with nothing to choose")

    # ------------------------------------------------------------------ the stack (chain block)
    def give_priority(self, ctx: Context, player: str | None = None) -> None:
        C.flush_triggers(ctx, self)
        Priority.give(ctx.state, player or ctx.state.globals["turn player"])

    def resolve_layer(self, ctx: Context, layer: Layer) -> None:
        st = ctx.state
        mark = len(st.log)
        C.remove(st, layer)
        if layer.kind == "triggered":
            trig: PendingTrigger = layer.data["trigger"]
            ctx.step(T.RESOLVE, f"{layer.name} resolves", ["priority.resolve-top"], mark=mark)
            trig.resolve(ctx, trig)
            return
        o = st.objects[layer.source]
        spell = "spell" in o.kinds
        ctx.step(T.RESOLVE, f"{layer.name} resolves", ["priority.resolve-top",
                 "resolve.spell" if spell else "resolve.charm"], mark=mark)
        if spell:
            for s in sentences(o.text or ""):
                if st.result is not None:
                    return
                effect = _effect(s)
                if effect is None:
                    ctx.not_modelled(f"{o.name}: {s!r}")
                    continue
                effect(self, ctx, layer)
        mark = len(st.log)
        st.apply(MoveObject(o.id, (o.owner, "board")))
        ctx.step(T.RULE, f"{o.name} is put on {o.owner}'s board",
                 ["resolve.spell" if spell else "resolve.charm"], mark=mark)

    def state_checks(self, ctx: Context) -> None:
        st = ctx.state
        if st.result is not None:
            return
        dead = [n for n, p in st.players.items() if p.values.get(LIFE, 0) <= 0]
        if not dead:
            return
        mark = len(st.log)
        if len(dead) == len(st.players):
            st.apply(EndGame(GameResult("draw", (), ctx.cite_opt("game.draw") or "")))
            ctx.step(T.CHECK, "every life total is zero: the game is a draw", ["game.draw"],
                     mark=mark)
        else:
            alive = tuple(n for n in st.players if n not in dead)
            st.apply(EndGame(GameResult("win", alive, ctx.cite_opt("game.win-life") or "")))
            ctx.step(T.CHECK, f"{', '.join(dead)}'s life is zero: {', '.join(alive)} wins",
                     ["game.win-life"], mark=mark)
        st.apply(SetGlobal(Priority.HOLDER, None))

    def order_triggers(self, ctx: Context, triggers: list[PendingTrigger]
                       ) -> tuple[list[PendingTrigger], str]:
        why = ctx.cite_opt("trigger.order") or ""
        if len(triggers) < 2:
            return list(triggers), why
        names = tuple(t.name for t in triggers)
        tp = ctx.state.globals["turn player"]
        order = ctx.decide(Decision(
            key=f"order:{len(ctx.state.log)}", player=tp, kind="order triggers",
            prompt=f"the order of {', '.join(names)}", options=names, citation=why,
            example=f'{tp} orders triggers "{names[0]}", "{names[1]}"', default=names,
            count=len(names)))
        ranked = sorted(triggers, key=lambda t: order.index(t.name) if t.name in order else 99)
        return list(reversed(ranked)), why          # the first to resolve goes on top

    # ------------------------------------------------------------------ events
    def replacements(self, ctx: Context, event: Event) -> list[Replacement]:
        if event.kind != "damage" or event.player is None:
            return []
        st = ctx.state
        found = []
        for o in st.in_zone((event.player, "board")):
            if "charm" in o.kinds and _WARD in sentences(o.text or ""):
                found.append(Replacement(
                    id=f"ward:{o.id}", name=o.name, label=f"{o.name}'s ward",
                    controller=o.controller, citation=ctx.cite("replacement"),
                    applies=lambda s, e: e.kind == "damage" and e.amount > 0,
                    apply=lambda c, e: e.with_(amount=e.amount - 1, cancelled=e.amount <= 1)))
        return found

    def order_replacements(self, ctx: Context, event: Event,
                           candidates: list[Replacement]) -> tuple[Replacement, str]:
        return sorted(candidates, key=lambda r: r.id)[0], ctx.cite_opt("replacement") or ""

    def perform(self, ctx: Context, event: Event) -> Event | None:
        st = ctx.state
        if event.kind == "play":
            return event
        if event.player is None:
            raise NotModelled(f"the event {event.kind} without a player")
        life = st.players[event.player].values.get(LIFE, 0)
        mark = len(st.log)
        if event.kind == "damage":
            lost = min(event.amount, life)
            st.apply(ChangeValue(event.player, LIFE, -lost))
            floor = " (a life total cannot be less than zero)" if lost < event.amount else ""
            ctx.step(T.EVENT, f"{event.amount} damage to {event.player}: life {life} -> "
                     f"{life - lost}{floor}", ["damage"] + (["life.floor"] if floor else []),
                     mark=mark)
            return event
        if event.kind == "gain life":
            st.apply(ChangeValue(event.player, LIFE, event.amount))
            ctx.step(T.EVENT, f"{event.player} gains {event.amount} life", ["gain-life"],
                     mark=mark)
            return event
        raise NotModelled(f"the event {event.kind}")

    def triggers(self, ctx: Context, event: Event, stage: Stage) -> list[PendingTrigger]:
        if stage is not Stage.WHEN or event.kind != "play":
            return []
        st = ctx.state
        found = []
        for name in st.players:
            for o in st.in_zone((name, "board")):
                if "charm" in o.kinds and _ECHO in sentences(o.text or ""):
                    ctx.step(T.TRIGGER, f"{o.name} triggers: a player played a card",
                             ["trigger.layer"])
                    found.append(PendingTrigger(
                        name=f"{o.name}'s echo", controller=o.controller, source=o.id,
                        resolve=_gain_one, citation=ctx.cite_opt("trigger.layer")))
        return found

    # ------------------------------------------------------------------ running on
    def advance(self, ctx: Context) -> bool:
        holder = Priority.holder(ctx.state)
        if holder is None or ctx.state.result is not None:
            return False
        self.pass_priority(ctx, holder, default=f"priority: pass - {holder} passes (not stated)")
        return True

    def turn(self, state: State) -> int:
        return state.globals.get("turn", 0)

    def settle(self, ctx: Context) -> None:
        C.pass_until_settled(ctx, self, lambda st: bool(st.chain))

    def player_value(self, ctx: Context, player: str, stat: str) -> Any:
        if stat != LIFE:
            raise NotModelled(f"the player value {stat!r}")
        return ctx.state.players[player].values.get(LIFE, 0)

    def outcome(self, ctx: Context) -> str:
        return self.result_and_values(ctx.state, "Life", lambda p: p.values.get(LIFE, 0))


def _target(layer: Layer) -> str:
    player = next((t for t in layer.targets if isinstance(t, str)), None)
    if player is None:
        raise NotModelled(f"{layer.name} without a target player")
    return player


def _deal(n: int):
    def run(game: ToyGame, ctx: Context, layer: Layer) -> None:
        V.run(ctx, Event("damage", player=_target(layer), amount=n, source=layer.source))
        game.state_checks(ctx)
    return run


def _gain(n: int):
    def run(game: ToyGame, ctx: Context, layer: Layer) -> None:
        V.run(ctx, Event("gain life", player=layer.controller, amount=n, source=layer.source))
    return run


def _discard(game: ToyGame, ctx: Context, layer: Layer) -> None:
    st = ctx.state
    player = _target(layer)
    hand = list(st.zones[(player, "hand")].ids)
    if not hand:
        ctx.step(T.RULE, f"{player} has no card to discard", ["discard"])
        return
    names = tuple(st.objects[o].name for o in hand)
    name = names[0] if len(hand) == 1 else ctx.decide(Decision(
        key=f"discard:{layer.id}", player=player, kind="discard",
        prompt=f"which card {player} discards", options=names,
        citation=ctx.cite_opt("discard") or "", example=f'{player} discards "{names[0]}"'))
    oid = next(o for o in hand if st.objects[o].name == name)
    mark = len(st.log)
    st.apply(MoveObject(oid, (player, "board")))
    ctx.step(T.EVENT, f"{player} discards {name}: it is put on their board", ["discard"],
             mark=mark)
    abilities.occurred(ctx, "discard")


def _gain_one(ctx: Context, trig: PendingTrigger) -> None:
    V.run(ctx, Event("gain life", player=trig.controller, amount=1, source=trig.source))


def _effect(sentence: str):
    m = _DAMAGE.match(sentence)
    if m:
        return _deal(int(m.group(1)))
    m = _GAIN.match(sentence)
    if m:
        return _gain(int(m.group(1)))
    if _DISCARD.match(sentence):
        return _discard
    return None


GAME = ToyGame()
