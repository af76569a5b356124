"""Ashes: Rise of the Phoenixborn under the "Raven Rules" 1.1 (``ashes-raven-1.1``) on the engine
core.

There is no stack: playing a card or activating an effect resolves it at once (4.1.0, 4.2.0),
and whatever its events trigger resolves inside it, one effect at a time, each in full (4.3.0,
4.5.0), through the engine's immediate block (:mod:`judge.engine.immediate`). Every event
passes through its "would" stage (:meth:`AshesGame.before`), happens, then its "when" and
"after" stages (:mod:`judge.engine.events`); at each stage the effects that must resolve do,
then each player, the active player first and then clockwise, may respond with as many
triggered effects and reaction spells as they like (4.3.1), a response being a decision the
next scenario line states (``Bob plays "Golden Veil"``). A cancel stops only the remaining
effects of what it cancels (4.2.3).

The parts: :mod:`.cards` (what the card grammar's values become), :mod:`.resolve` (effects,
targets), :mod:`.damage` (5.0.0, 5.1.0, 5.1.1), :mod:`.combat` (3.2), :mod:`.dice` (costs,
rolls, dice powers), :mod:`.turn` (the game round, 2.1.0), :mod:`.zones`. Every step cites
``ashes-raven-1.1`` through :mod:`.citations`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from judge.cards import model as M
from judge.engine import effects as E
from judge.engine import events as V
from judge.engine import immediate as I
from judge.engine import trace as T
from judge.engine.abilities import Unbound
from judge.engine.context import Context, StatedChoice
from judge.engine.decisions import Decision
from judge.engine.errors import IllegalAction, NotModelled
from judge.engine.events import Event, PendingTrigger, Replacement, Stage
from judge.engine.game import Call
from judge.engine.immediate import NO_RESPONSE
from judge.engine.state import GameObject, MoveObject, State
from judge.engine.values import Bound, ValueRules
from judge.games.ashes import cards as C
from judge.games.ashes import combat as K
from judge.games.ashes import damage as D
from judge.games.ashes import dice as DI
from judge.games.ashes import resolve as R
from judge.games.ashes import turn as TU
from judge.games.ashes import zones as Z
from judge.games.ashes.citations import CITATIONS, DOC
from judge.games.base import ScenarioGame
from judge.scenario import ast as A

BOUNDS = (
    Bound("attack", 0, procedure="value.attack",
          text="a unit's attack value can never be reduced below zero"),
    Bound("recover", 0, procedure="value.recover",
          text="a unit's recover value can never be reduced below zero"),
)
RULES_CACHE = "ashes card rules"


@dataclass(frozen=True, slots=True)
class Response:
    """A response a scenario line states: the option (a card or ability), with the targets and
    modes the line names."""
    option: str
    targets: tuple[Any, ...] = ()
    modes: tuple[str, ...] = ()

    def __str__(self) -> str:
        return self.option

    def __eq__(self, other: object) -> bool:        # compared with NO_RESPONSE by the window
        if isinstance(other, str):
            return self.option == other
        if isinstance(other, Response):
            return (self.option, self.targets, self.modes) == (other.option, other.targets,
                                                                other.modes)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.option)


class AshesGame(ScenarioGame):
    id = "ashes"
    documents = (DOC,)
    ACTIONS = ("play", "activate", "dice_power", "attack", "block", "guard", "pass_main",
               "meditate", "roll", "choose", "order", "discard", "pay_with", "use")
    citations = CITATIONS
    HERO_ZONE = "phoenixborn"
    BINDERS = {A.Play: "_bind_play", A.Activate: "_bind_activate", A.Attack: "_bind_attack",
               A.Pass: "_bind_pass", A.UseOptional: "_bind_use", A.Choose: "_bind_choose",
               A.OrderTriggers: "_bind_order", A.GameAction: "_bind_game"}

    # ================================================================== set-up
    def new_state(self, document: str) -> State:
        st = State("ashes", document)
        st.rules = ValueRules(bounds=BOUNDS, order=self._value_order)
        E.install(st)
        st.counters_leave = lambda zone: zone[1] in Z.IN_PLAY or zone == Z.LEAVING
        st.add_zone(*Z.LEAVING)
        st.globals.update({"round": 1, "phase": "player turns", "turn": 1, "main spent": False,
                           "side spent": 0, "passes": 0, K.KEY: None})
        return st

    def add_player(self, state: State, name: str) -> None:
        state.add_player(name)
        for zone in Z.PLAYER_ZONES:
            state.add_zone(name, zone)

    def counter_name(self, kind: str) -> str:
        low = kind.lower().removesuffix(" tokens").removesuffix(" token")
        return {"wounds": Z.WOUND, "damage": Z.WOUND}.get(low, low)

    def new_object(self, state: State, card: A.CardDef, owner: str, zone, *,
                   face_up: bool = True) -> GameObject:
        o = super().new_object(state, card, owner, zone, face_up=face_up)
        rules = self.card_rules(state, o.id)
        for key, value in rules.meta:       # the card block's stats, where the line has none
            if key in ("attack", "life", "recover", "battlefield", "spellboard") and \
                    key not in o.base and value.lstrip("+-").isdigit() and \
                    not value.startswith(("+", "-")):
                o.base[key] = int(value)
        return o

    def _value_order(self, state: State, o: GameObject, stat: str, steps):
        """Modifiers by layer and time, with the card's own static changes while it is in play
        ("Rage 1: Add 1 to this unit's attack value for each wound token on this unit")."""
        if Z.in_play(o) and o.text:
            for sign, amount, _ in C.static_steps(self.card_rules(state, o.id), stat):
                n = amount.value or 0
                if amount.per is not None:
                    kind = next(q for q in amount.per.qualities if q in Z.TOKENS)
                    n *= Z.tokens(state, o.id, kind)
                steps = list(steps) + [(1, o.entered, -10_000 - o.id,
                                        lambda cur, d=sign * n: None if cur is None else cur + d)]
        if Z.in_play(o):
            # an attached alteration's "<stat> +X", X a count of tokens on this unit (4.1.1)
            for alt in self.attached_to(state, o.id):
                a = state.objects[alt]
                if not Z.in_play(a):
                    continue
                for sign, kind, _ in C.alteration_x_steps(self.card_rules(state, alt), stat):
                    n = Z.tokens(state, o.id, kind)
                    steps = list(steps) + [(1, a.entered, -20_000 - alt,
                                            lambda cur, d=sign * n: None if cur is None
                                            else cur + d)]
        return sorted(steps, key=lambda s: (s[0], s[1], s[2]))

    def card_rules(self, state: State, oid: int) -> C.CardRules:
        cache = state.cache.setdefault(RULES_CACHE, {})
        o = state.objects[oid]
        if o.name not in cache:
            text = o.text if isinstance(o.text, str) else ""
            cache[o.name] = C.read(o.name, text, kind=Z.card_type(o))
        return cache[o.name]

    def card_states(self, ctx: Context, sc: A.Scenario, o: GameObject, ref: A.CardRef) -> None:
        st = ctx.state
        for word in ref.states:
            if word != "exhausted":
                raise self.error(sc, f"an Ashes card is not {word!r}", ref.pos,
                                 "exhausted, with N wound / exhaustion / status tokens")
            o.counters.append((Z.EXHAUSTION, st.tick()))
        for name, n in ref.values:
            kind = self.counter_name(name)
            if kind not in Z.TOKENS:
                raise self.error(sc, f"an Ashes card has no {name!r} tokens", ref.pos,
                                 "wound, exhaustion or status tokens")
            for _ in range(n):
                o.counters.append((kind, st.tick()))
        for c in o.counters:
            if c[0] not in Z.TOKENS:
                raise self.error(sc, f"Ashes cards carry wound, exhaustion and status tokens, "
                                 f"not {c[0]!r} counters", ref.pos)

    def set_up_values(self, ctx: Context, sc: A.Scenario, p: A.Player, turn_player: bool) -> None:
        st = ctx.state
        placed = st.in_zone((p.name, "phoenixborn"))
        if len(placed) > 1:
            raise self.error(sc, f"{p.name} has {len(placed)} Phoenixborn", p.pos)
        if placed:
            st.players[p.name].hero = placed[0].id
        for key, _value in p.stats:
            raise self.error(sc, f"an Ashes player has no value {key!r} (a Phoenixborn's life "
                             "is its card's; its wounds are tokens on it)", p.pos)
        pool = None
        for kind, words, numbers in p.facts:
            if kind in ("active_pool", "exhausted_pool", "more_dice"):
                if kind != "more_dice":
                    pool = kind.replace("_", " ")
                if pool is None:
                    raise self.error(sc, "dice must follow 'active pool' or 'exhausted pool'",
                                     p.pos)
                for n, label in zip(numbers, words):
                    dtype, _, face = label.partition(" ")
                    if pool == "active pool" and not face:
                        raise self.error(sc, f"a die in the active pool shows a face: "
                                         f"'{n} {dtype} power', 'class' or 'basic'", p.pos)
                    for _ in range(n):
                        st.create(name=f"{dtype} die", owner=p.name, zone=(p.name, pool),
                                  kinds=("die", dtype), base={"face": face or None})
            elif kind == "first_player":
                st.globals["first player"] = p.name
            elif kind in ("main_spent", "side_spent"):
                if not turn_player:
                    raise self.error(sc, "only the active player has spent actions this "
                                     "turn", p.pos)
                st.globals["main spent" if kind == "main_spent" else "side spent"] = \
                    True if kind == "main_spent" else 1
            else:
                raise self.error(sc, f"Ashes does not model the player fact {kind!r}", p.pos)

    def start(self, ctx: Context, sc: A.Scenario, turn_player: A.Player) -> None:
        st = ctx.state
        if sc.phase is not None and sc.phase not in ("player turns", "turns", "player turn"):
            raise NotModelled(f"starting in the {sc.phase} phase: scenarios start in the "
                              "Player Turns Phase")
        st.globals["active"] = turn_player.name
        st.globals.setdefault("first player", turn_player.name)
        for p in st.players:
            if st.players[p].hero is None:
                continue
            pb = st.objects[st.players[p].hero]
            if Z.card_type(pb) != "phoenixborn":
                raise NotModelled(f"{pb.name} as {p}'s Phoenixborn: its card is not of type "
                                  "Phoenixborn")
        spent = [w for w, on in (("main action", st.globals["main spent"]),
                                 ("side action", st.globals["side spent"])) if on]
        ctx.step(T.RULE, f"start: round {st.globals['round']}, Player Turns Phase; it is "
                 f"{turn_player.name}'s turn (the active player)"
                 + (f", who has spent the {' and '.join(spent)}" if spent else "")
                 + f"; {st.globals['first player']} has the first player token",
                 ["round", "active-player"])

    def bind_card(self, ctx: Context, oid: int) -> tuple[Unbound, ...]:
        st = ctx.state
        o = st.objects[oid]
        if "die" in o.kinds:
            return ()
        rules = self.card_rules(st, oid)
        kind = Z.card_type(o)
        zones = (frozenset({"hand"}) if kind == "reaction spell" else
                 frozenset({"hand", "leaving play"}) if kind == "action spell" else
                 frozenset(Z.IN_PLAY) | {"leaving play"})
        out = []
        for u in rules.unbound:
            where = zones
            if u.kind == "resolution":
                where = frozenset({"(resolving)"})          # named when the spell resolves
            out.append(Unbound(obj=oid, card=o.name, kind=u.kind, text=u.text, why=u.why,
                               zones=where, events=u.events, values=u.values))
        return tuple(out)

    # ================================================================== reading the state
    def phoenixborn_of(self, state: State, player: str) -> int | None:
        return state.players[player].hero if player in state.players else None

    def has_keyword(self, state: State, oid: int, name: str) -> bool:
        if self.card_rules(state, oid).keyword(name):
            return True
        return any(k == name for k, _ in self.gained(state, oid))

    def keyword_values(self, state: State, oid: int) -> dict[str, int | None]:
        """A card's named abilities with their numbers: printed and gained; copies of one
        ability with a number stack (3.4.0)."""
        out: dict[str, int | None] = {}
        for name, n in list(self.card_rules(state, oid).keywords) + self.gained(state, oid):
            if name in out and n is not None and out[name] is not None:
                out[name] = out[name] + n
            else:
                out.setdefault(name, n)
        return out

    def gained(self, state: State, oid: int) -> list[tuple[str, int | None]]:
        """Abilities gained from the alteration spells attached to ``oid``."""
        return [found for alt in self.attached_to(state, oid)
                for found in self._granted(state, alt)]

    def _granted(self, state: State, alt: int) -> list[tuple[str, int | None]]:
        rules = self.card_rules(state, alt)
        found = []
        if rules.text is None:
            return found
        for ab in rules.text.abilities:
            for e in ab.effects:
                if isinstance(e, M.Gain) and e.keyword is not None:
                    value = e.keyword.value.constant if e.keyword.value is not None else None
                    found.append((e.keyword.name.lower(), value))
                elif isinstance(e, M.Gain) and e.abilities:
                    for g in e.abilities:
                        if g.label:
                            v = g.keywords[0].value if g.keywords else None
                            found.append((g.label.lower(), v.constant if v else None))
        return found

    def attached_to(self, state: State, unit: int) -> list[int]:
        return [a for a, u in state.globals.get("attached", ()) if u == unit]

    def detach(self, ctx: Context, oid: int) -> None:
        st = ctx.state
        pairs = tuple(p for p in st.globals.get("attached", ()) if oid not in p)
        if pairs != st.globals.get("attached", ()):
            st.apply(Z.Mark("attached", pairs))

    def dice_on(self, state: State, unit: int) -> list[int]:
        return [d for d, u, _kind in state.globals.get("placed dice", ()) if u == unit]

    def forget_die(self, ctx: Context, die: int) -> None:
        st = ctx.state
        rest = tuple(x for x in st.globals.get("placed dice", ()) if x[0] != die)
        st.apply(Z.Mark("placed dice", rest))

    def place_die(self, ctx: Context, die: int, unit: int, *, attack: int, life: int,
                  by: str) -> None:
        """The charm dice power: the die on a unit gives it +1 attack and life while there."""
        st = ctx.state
        d = st.objects[die]
        mark = len(st.log)
        st.apply(MoveObject(die, (d.owner, "dice on cards")))
        st.apply(Z.Mark("placed dice", tuple(st.globals.get("placed dice", ()))
                           + ((die, unit, "charm"),)))
        inc = st.objects[die].incarnation
        for stat, n in (("attack", attack), ("life", life)):
            E.create(st, description=f"{by}: +{n} {stat} while the die is on "
                     f"{st.objects[unit].name}", controller=d.owner,
                     citation=ctx.cite_opt("dice.power"), while_source=(die, inc),
                     affects=lambda s, o, u=unit, ui=st.objects[unit].incarnation:
                     o.id == u and o.incarnation == ui, stat=stat, op="add", amount=n)
        ctx.step(T.EVENT, f"the charm die is placed on {st.objects[unit].name}: +{attack} "
                 f"attack and +{life} life while it is there", ["dice.power"], mark=mark)

    def main_spent(self, state: State, player: str) -> bool:
        return bool(state.globals.get("main spent"))

    def side_spent(self, state: State, player: str) -> bool:
        return int(state.globals.get("side spent", 0)) > 0

    def may_take_side(self, state: State, player: str) -> bool:
        return not self.side_spent(state, player) and \
            player not in state.globals.get("side barred", ())

    def why_no_side(self, state: State, player: str) -> str:
        if player in state.globals.get("side barred", ()):
            return "a time dice power: no side actions on this turn"
        return "the side action of this turn is spent"

    def active(self, state: State) -> str:
        return state.globals["active"]

    def order_from_active(self, state: State) -> list[str]:
        players = list(state.players)
        i = players.index(self.active(state)) if self.active(state) in players else 0
        return players[i:] + players[i:i] + players[:i]

    # ================================================================== scenario lines
    def _find(self, ctx: Context, act: A.Action, ref: A.CardRef, zones: tuple[str, ...],
              used: set[int] | None = None) -> int:
        return self.find_card(ctx, ref, act.actor, zones, set() if used is None else used)

    def _targets(self, ctx: Context, act: A.Action, targets) -> tuple[Any, ...]:
        out = []
        for t in targets:
            if isinstance(t, A.PlayerRef):
                if t.name not in ctx.state.players:
                    raise self.error_at(t.pos, f"no player {t.name!r}")
                out.append(t.name)
            else:
                out.append(self.find_card(ctx, t, t.owner or act.actor,
                                          ("battlefield", "phoenixborn", "spellboard",
                                           "discard", "hand"), set()))
        return tuple(out)

    def error_at(self, pos: A.Pos, message: str):
        from judge.engine.errors import ScenarioStateError
        return ScenarioStateError(message, line=pos.line, column=pos.column)

    def _bind_play(self, ctx: Context, act: A.Play) -> Call:
        if act.card is None:
            raise NotModelled("a play without its card")
        card = self._find(ctx, act, act.card, ("hand",))
        return Call("play", dict(player=act.actor, card=card,
                                 targets=self._targets(ctx, act, act.targets), modes=act.modes))

    def _bind_activate(self, ctx: Context, act: A.Activate) -> Call:
        if act.card is None:
            raise NotModelled("an activation without its card")
        card = self._find(ctx, act, act.card, ("battlefield", "phoenixborn", "spellboard",
                                               "hand", "discard"))
        return Call("activate", dict(player=act.actor, card=card, ability=act.ability,
                                     targets=self._targets(ctx, act, act.targets),
                                     modes=act.modes))

    def _bind_attack(self, ctx: Context, act: A.Attack) -> Call:
        if act.card is None:
            raise NotModelled("an attack without its attacker")
        attacker = self._find(ctx, act, act.card, ("battlefield",))
        targets = self._targets(ctx, act, act.targets)
        if not targets:
            others = ctx.state.opponents(act.actor)
            if len(others) != 1:
                raise NotModelled("the target of an attack among several opponents")
            targets = (others[0],)
        return Call("attack", dict(player=act.actor, attackers=(attacker,), target=targets[0]))

    def _bind_pass(self, ctx: Context, act: A.Pass) -> Call:
        return Call("pass_main", dict(player=act.actor))

    def _bind_use(self, ctx: Context, act: A.UseOptional) -> Call:
        effect = act.effect.strip('"').lower()
        words = effect.replace("dice power", "").replace("power", "").split()
        if act.card is None and len(words) == 1 and words[0] in Z.DICE_TYPES:
            return Call("dice_power", dict(player=act.actor, dtype=words[0],
                                           targets=self._targets(ctx, act, act.targets),
                                           modes=()))
        card = self._find(ctx, act, act.card, ("battlefield", "phoenixborn", "spellboard",
                                               "hand", "discard")) if act.card else None
        return Call("use", dict(player=act.actor, name=act.effect.strip('"'), card=card,
                                targets=self._targets(ctx, act, act.targets), use=act.use))

    def _bind_choose(self, ctx: Context, act: A.Choose) -> Call:
        return Call("choose", dict(player=act.actor, choice=act.choice,
                                   targets=self._targets(ctx, act, act.targets)))

    def _bind_order(self, ctx: Context, act: A.OrderTriggers) -> Call:
        return Call("order", dict(player=act.actor, order=tuple(r.name for r in act.order)))

    def _bind_game(self, ctx: Context, act: A.GameAction) -> Call | None:
        v = act.verb
        st = ctx.state
        if v == "attack":
            used: set[int] = set()
            attackers = tuple(self._find(ctx, act, c, ("battlefield",), used) for c in act.cards)
            return Call("attack", dict(player=act.actor, attackers=attackers,
                                       target=act.targets[0].name))
        if v == "attack_unit":
            name = act.words[0]
            target = next((o.id for o in st.objects.values() if o.name == name
                           and o.controller != act.actor and Z.in_play(o)), None)
            if target is None:
                target = self.find_card(ctx, A.CardRef(name, act.pos), act.actor,
                                        ("battlefield",), set())
            used = {target}
            attackers = tuple(self._find(ctx, act, c, ("battlefield",), used) for c in act.cards)
            return Call("attack", dict(player=act.actor, attackers=attackers, target=target))
        if v == "block":
            taken: set[int] = set()
            blockers = [self._find(ctx, act, c, ("battlefield",), taken) for c in act.cards]
            attackers: list[int | None] = []
            for name in act.words:
                found = next((o.id for o in st.objects.values() if o.name == name
                              and o.controller != act.actor and Z.in_play(o)), None)
                if found is None:       # not an attacker: the block is refused (verify)
                    found = self.find_card(ctx, A.CardRef(name, act.pos), act.actor,
                                           ("battlefield",), set())
                attackers.append(found)
            if not act.words:
                attackers = [None]
            return Call("block", dict(player=act.actor, pairs=tuple(zip(attackers, blockers))))
        if v == "no_block":
            return Call("block", dict(player=act.actor, pairs=()))
        if v == "guard":
            return Call("guard", dict(player=act.actor,
                                      guard=self._find(ctx, act, act.cards[0],
                                                       ("battlefield", "phoenixborn"))))
        if v == "no_guard":
            return Call("guard", dict(player=act.actor, guard=None))
        if v == "meditate":
            seen: set[int] = set()
            cards = tuple(self._find(ctx, act, c, ("hand", "spellboard", "deck"), seen)
                          for c in act.cards)
            return Call("meditate", dict(player=act.actor, cards=cards,
                                         faces=_dice_words(act.words, act.numbers)))
        if v == "roll":
            return Call("roll", dict(player=act.actor, faces=_dice_words(act.words,
                                                                          act.numbers)))
        if v == "pay_with":
            return Call("pay_with", dict(player=act.actor, faces=_dice_words(act.words,
                                                                              act.numbers)))
        if v == "discard":
            return Call("discard", dict(player=act.actor, names=tuple(c.name for c in act.cards)))
        return None

    def answer(self, ctx: Context, decision: Decision, call: Call) -> Any:
        if call.args.get("player") != decision.player:
            return None
        kind = decision.kind
        if kind == "respond":
            return self._answer_response(ctx, decision, call)
        if kind == "roll" and call.name == "roll":
            return call.args["faces"]
        if kind == "discard" and call.name == "discard":
            names = call.args["names"]
            if decision.count == 1:
                return names[0] if len(names) == 1 and names[0] in decision.options else None
            return tuple(names) if all(n in decision.options for n in names) else None
        if kind == "order triggers" and call.name == "order":
            return tuple(call.args["order"]) or None
        if call.name == "choose":
            choice = call.args["choice"]
            low = {o.lower(): o for o in decision.options}
            if choice.lower() in low:
                return low[choice.lower()]
            if kind == "may" and choice.lower() in ("yes", "use", "no", "decline"):
                return decision.options[0] if choice.lower() in ("yes", "use") else "no"
        if kind == "may" and call.name == "use":
            return decision.options[0] if call.args.get("use", True) else "no"
        return None

    def _answer_response(self, ctx: Context, decision: Decision, call: Call) -> Any:
        st = ctx.state
        options = decision.options
        if call.name == "choose" and call.args["choice"].lower() == NO_RESPONSE:
            return NO_RESPONSE
        name = None
        if call.name in ("play", "activate"):
            o = st.objects[call.args["card"]]
            ability = call.args.get("ability")
            candidates = [o.name] + ([f"{ability} ({o.name})"] if ability else []) + \
                [opt for opt in options if opt.endswith(f"({o.name})")]
            name = next((c for c in candidates if c in options), None)
        elif call.name == "use":
            card = call.args.get("card")
            label = call.args["name"]
            if card is not None:
                cand = f"{label} ({st.objects[card].name})"
                name = next((o for o in options if o.lower() == cand.lower()), None)
            if name is None:
                name = next((o for o in options if o.lower() == label.lower()
                             or o.lower().startswith(label.lower() + " (")), None)
            if name is not None and not call.args.get("use", True):
                return NO_RESPONSE
        elif call.name == "choose":
            low = {o.lower(): o for o in options}
            name = low.get(call.args["choice"].lower())
        if name is None:
            return None
        return Response(name, tuple(call.args.get("targets", ())), tuple(call.args.get("modes",
                                                                                      ())))

    # ================================================================== turn checks
    def verify_turn(self, ctx: Context, action: str, player: str, *, main: bool = False,
                    side: bool = False) -> None:
        st = ctx.state
        if st.result is not None:
            raise IllegalAction(action, "the game is over", ctx.cite("destroy.phoenixborn"))
        phase = st.globals.get("phase")
        if phase != "player turns":
            raise NotModelled(f"actions in the {phase} phase of round {st.globals['round']} "
                              "(its steps are not stated)")
        if player != self.active(st):
            raise IllegalAction(action, f"it is {self.active(st)}'s turn", ctx.cite("turn.order"),
                                timing=True)
        if K.current(st) is not None:
            raise IllegalAction(action, f"{K.current(st).player}'s attack is being resolved",
                                ctx.cite("core-event"), timing=True)
        if main and self.main_spent(st, player):
            raise IllegalAction(action, f"{player} has already taken the main action of this "
                                "turn", ctx.cite("turn.main"), timing=True)
        if side and not self.may_take_side(st, player):
            raise IllegalAction(action, f"{player} may take no side action now "
                                f"({self.why_no_side(st, player)})", ctx.cite("turn.side"),
                                timing=self.side_spent(st, player))

    # ================================================================== play a card (4.1.0)
    def verify_play(self, ctx: Context, player: str, card: int, targets: tuple[Any, ...] = (),
                    modes: tuple[str, ...] = ()) -> None:
        st = ctx.state
        o = st.objects[card]
        if o.zone != (player, "hand"):
            raise IllegalAction("play", f"{o.name} is not in {player}'s hand: cards are played "
                                "from the hand", ctx.cite("play.from-hand"))
        kind = Z.card_type(o)
        rules = self.card_rules(st, card)
        if kind == "reaction spell":
            raise IllegalAction("play", f"{o.name} is a reaction spell: it is played only when "
                                "its triggering condition occurs, and it has not occurred now",
                                ctx.cite("trigger.condition"))
        if not kind or kind in ("phoenixborn", "conjuration", "die"):
            raise IllegalAction("play", f"{o.name} ({kind or 'no type'}) is not a card that is "
                                "played from the hand", ctx.cite("play"))
        if rules.play_cost is None:
            raise NotModelled(f"the play cost of {o.name} (write the card's cost line in its "
                              "text, as the card prints it)")
        extra = [u for u in rules.unbound if u.kind == "cost" and u.why == C.ADDITIONAL_COST]
        if extra:
            raise NotModelled(f"the play cost of {o.name}: {extra[0].text!r} ({extra[0].why})",
                              ctx.cite_opt("costs"))
        changed = [u for u in rules.unbound if u.kind == "cost"]
        if changed:
            raise NotModelled(f"the play cost of {o.name}: its erratum reads {changed[0].text!r}, "
                              "which the module cannot apply", ctx.cite_opt("errata"))
        kinds = {c.kind for c in rules.play_cost}
        self.verify_turn(ctx, "play", player, main="main action" in kinds,
                         side="side action" in kinds)
        if "main action" not in kinds and "side action" not in kinds and \
                "main or side action" not in kinds:
            raise NotModelled(f"playing {o.name}, whose cost has neither a main nor a side "
                              "action, outside a triggering condition")
        self._verify_place(ctx, player, card, targets)
        DI.plan(self, ctx, player, rules.play_cost, source=card, what=o.name, action="play",
                choose=False)

    def _verify_place(self, ctx: Context, player: str, card: int, targets) -> None:
        st = ctx.state
        o = st.objects[card]
        kind = Z.card_type(o)
        if kind in ("ally",):
            room = self.slots(st, player, "battlefield")
            if room is not None and room <= 0:
                raise IllegalAction("play", f"{player}'s battlefield is full", ctx.cite("play"))
        if kind == "ready spell":
            room = self.slots(st, player, "spellboard", name=o.name)
            if room is not None and room <= 0:
                raise IllegalAction("play", f"{player}'s spellboard is full", ctx.cite("play"))
        if kind == "alteration spell":
            unit = next((t for t in targets if isinstance(t, int) and Z.is_unit(st.objects[t])
                         and Z.in_play(st.objects[t])), None)
            if unit is None:
                raise IllegalAction("play", f"{o.name} is attached to a unit in play: state it "
                                    "with targeting", ctx.cite("play.alteration"))

    def slots(self, state: State, player: str, zone: str, *, name: str = "") -> int | None:
        """Free slots of ``player``'s battlefield or spellboard (the Phoenixborn's values);
        None when the scenario states no Phoenixborn. A ready spell shares a slot with a copy
        of itself."""
        pb = self.phoenixborn_of(state, player)
        if pb is None:
            return None
        size = state.value(pb, zone)
        if not isinstance(size, int):
            return None
        cards = state.in_zone((player, zone))
        if zone == "battlefield":
            return size - sum(1 for c in cards if Z.is_unit(c))
        names = {c.name for c in cards}
        return size - len(names) + (1 if name in names else 0)

    def play(self, ctx: Context, player: str, card: int, targets: tuple[Any, ...] = (),
             modes: tuple[str, ...] = (), payment: DI.Payment | None = None,
             event: Event | None = None) -> None:
        st = ctx.state
        o = st.objects[card]
        rules = self.card_rules(st, card)
        kind = Z.card_type(o)
        mark = len(st.log)
        if payment is None:
            payment = DI.plan(self, ctx, player, rules.play_cost or (), source=card,
                              what=o.name, action="play")
        ctx.step(T.ACTION, f"{player} plays {o.name} ({kind}) from hand: reveals it",
                 ["play", "play.from-hand"], mark=mark, actor=player)
        self._errata(ctx, card)
        if payment.main and not K.current(st):
            st.apply(Z.Mark("passes", 0))
        DI.pay(self, ctx, player, payment, o.name,
               magic_play_cost=C.magic_play_cost(rules.play_cost))
        self._after_payment(ctx, player, payment)
        if st.result is not None:
            return
        mark = len(st.log)
        if kind in ("action spell", "reaction spell"):
            st.apply(MoveObject(card, (player, "discard")))
            ctx.step(T.RULE, f"{o.name} is placed in {player}'s discard pile (its placement); "
                     "its effects resolve now", ["play"], mark=mark)
            self._resolve_spell(ctx, player, card, targets, modes, event)
            return
        if kind == "ally":
            st.apply(MoveObject(card, (player, "battlefield")))
            where = f"{player}'s battlefield"
        elif kind == "ready spell":
            st.apply(MoveObject(card, (player, "spellboard")))
            where = f"{player}'s spellboard"
        elif kind == "alteration spell":
            unit = next(t for t in targets if isinstance(t, int) and Z.is_unit(st.objects[t]))
            controller = st.objects[unit].controller
            st.apply(MoveObject(card, (controller, "attached")))
            st.apply(Z.Mark("attached", tuple(st.globals.get("attached", ()))
                               + ((card, unit),)))
            where = f"attached to {st.objects[unit].name} (which it affects without targeting)"
        else:
            raise NotModelled(f"placing a {kind}")
        ctx.step(T.RULE, f"{o.name} is placed: {where}", ["play"] +
                 (["play.alteration", "affect"] if kind == "alteration spell" else []),
                 mark=mark)
        if kind == "alteration spell":
            self._alteration(ctx, card)
        # the targets the line states and the card's own "when this comes into play" effect
        # has yet to take
        V.run(ctx, Event("enter play", player=player, target=card,
                         data=(("by", o.name), ("targets", tuple(targets)),
                               ("modes", tuple(modes)))))

    def _after_payment(self, ctx: Context, player: str, payment: DI.Payment) -> None:
        """4.1.0 2a / 2b: what triggers on placing dice in the exhausted pool and on payment."""
        if payment.dice:
            V.run(ctx, Event("dice exhausted", player=player, amount=len(payment.dice)))
        V.run(ctx, Event("pay", player=player))

    def _alteration(self, ctx: Context, card: int) -> None:
        """An alteration spell's printed stat changes apply to the unit it is attached to."""
        st = ctx.state
        rules = self.card_rules(st, card)
        inc = st.objects[card].incarnation
        for key, value in rules.meta:
            if key not in ("attack", "life", "recover") or not value.startswith(("+", "-")):
                continue
            if not value[1:].isdigit():
                self._alteration_x(ctx, card, key, value)
                continue
            n = int(value)
            E.create(st, description=f"{st.objects[card].name}: {value} {key}",
                     controller=st.objects[card].controller,
                     citation=ctx.cite_opt("play.alteration"), while_source=(card, inc),
                     affects=lambda s, o, a=card: any(x == a and u == o.id for x, u in
                                                      s.globals.get("attached", ())),
                     stat=key, op="add", amount=n)
        gained = self._granted(st, card)
        if gained:
            unit = next(u for a, u in st.globals.get("attached", ()) if a == card)
            values = self.keyword_values(st, unit)
            ctx.step(T.RULE, f"{st.objects[unit].name} gains " + ", ".join(
                f"{n.title()}{' ' + str(v) if v is not None else ''}" for n, v in gained)
                + " from " + st.objects[card].name + ": a card never has two copies of an "
                "ability of one name, and numbered ones stack (now "
                + ", ".join(f"{n.title()}{' ' + str(v) if v is not None else ''}"
                            for n, v in values.items() if n in dict(gained)) + ")",
                ["gained-abilities"])

    def _alteration_x(self, ctx: Context, card: int, stat: str, value: str) -> None:
        """A printed "<stat> +X" (or -X): applied when the card defines X as a count of tokens on
        the unit it is attached to (counted whenever the value is read, see ``_value_order``);
        any other X is named, and nothing is applied for that stat."""
        st = ctx.state
        name = st.objects[card].name
        rules = self.card_rules(st, card)
        found = C.alteration_x_steps(rules, stat)
        if len(found) != 1:
            defined = [e.amount.defined_as.text for ab in (rules.text.abilities if rules.text
                                                           else ())
                       for e in M.walk(ab.effects) if isinstance(e, M.ModifyValue)
                       and e.stat == stat and e.amount is not None
                       and e.amount.variable == "X" and e.amount.defined_as is not None]
            x = (f"X = {defined[0]}" if len(defined) == 1 else
                 "no reading of the card defines X")
            ctx.not_modelled(f"{name}'s printed {stat.title()} {value} ({x}): the module counts "
                             "only an X defined as 'the number of <wound / exhaustion / status> "
                             f"tokens on this unit'; its {stat} is not changed",
                             ctx.cite_opt("play.alteration"))
            return
        _sign, kind, text = found[0]
        unit = next(u for a, u in st.globals.get("attached", ()) if a == card)
        n = Z.tokens(st, unit, kind)
        ctx.step(T.RULE, f"{name}: {stat.title()} {value}, X = {text} (the unit it is attached "
                 f"to, {st.objects[unit].name}): counted whenever its {stat} is read, now "
                 f"{n} ({stat} {value[0]}{n})", ["play.alteration", "affect"])

    def _errata(self, ctx: Context, card: int) -> None:
        """Say which erratum replaced the card's printed text (section 1), once per card."""
        st = ctx.state
        rules = self.card_rules(st, card)
        if not rules.errata:
            return
        seen = st.globals.get("errata shown", ())
        if rules.name in seen:
            return
        from judge.rules.lookup import rule_record
        parts = []
        for citation in rules.errata:
            rec = rule_record(citation)
            number = rec["number"] if rec else citation.split(" ", 1)[1]
            if citation.endswith(" 1.0.0"):
                parts.append("1.0.0 (\"inflict X damage\" now says \"deal X damage\")")
            else:
                parts.append(f"{number} ({rules.name})")
        mark = len(st.log)
        st.apply(Z.Mark("errata shown", seen + (rules.name,)))
        ctx.step(T.RULE, f"{rules.name}'s printed text is replaced by erratum "
                 + " and ".join(parts) + ": the module reads the errata text",
                 ["errata"], cites=list(rules.errata), mark=mark)

    def _resolve_spell(self, ctx: Context, player: str, card: int, targets, modes,
                       event: Event | None, effects: tuple | None = None) -> None:
        st = ctx.state
        o = st.objects[card]
        rules = self.card_rules(st, card)
        unread = [u for u in rules.unbound if u.kind == "resolution" or (
            u.kind == "unknown" and Z.card_type(o) in ("action spell", "reaction spell"))]
        for u in unread:
            ctx.not_modelled(f"{o.name}'s effect {u.text!r} ({u.why})")
        if unread:
            return
        spell = effects if effects is not None else tuple(
            e for b in rules.of_role("spell", "reaction") for e in b.effects)
        run = R.Run(name=o.name, controller=player, source=card, kind="spell",
                    targets=list(targets), modes=modes, event=event, text=self._text(st, card))
        R.resolve(self, ctx, run, spell)

    def _text(self, state: State, oid: int) -> str:
        rules = self.card_rules(state, oid)
        return rules.text.text if rules.text is not None else ""

    # ================================================================== activate (4.2.0)
    def _ability(self, ctx: Context, card: int, name: str | None, roles: tuple[str, ...]
                 ) -> C.Bound | None:
        rules = self.card_rules(ctx.state, card)
        found = [b for b in rules.bound if b.role in roles]
        if name:
            return next((b for b in found if b.named(name)), None)
        return found[0] if len(found) == 1 else None

    def verify_activate(self, ctx: Context, player: str, card: int, ability: str | None = None,
                        targets: tuple[Any, ...] = (), modes: tuple[str, ...] = ()) -> None:
        st = ctx.state
        o = st.objects[card]
        if not Z.in_play(o) or o.controller != player:
            raise IllegalAction("activate", f"{o.name} is not a card {player} controls in play",
                                ctx.cite("play.from-hand"))
        b = self._ability(ctx, card, ability, ("activated",))
        if b is None:
            rules = self.card_rules(st, card)
            unbound = [u for u in rules.unbound if u.kind in ("activated", "static", "unknown")
                       and (not ability or u.text.lower().startswith(ability.lower()))]
            if unbound:
                raise NotModelled(f"{o.name}'s ability {unbound[0].text!r} ({unbound[0].why})")
            raise IllegalAction("activate", f"{o.name} has no activated ability"
                                + (f" named {ability!r}" if ability else "")
                                + " (an effect preceded by a cost and a colon)",
                                ctx.cite("activate"))
        kinds = {c.kind for c in b.costs}
        if kinds & {"main action", "side action", "main or side action"}:
            self.verify_turn(ctx, "activate", player, main="main action" in kinds,
                             side="side action" in kinds)
        else:
            self._verify_framework_timing(ctx, player, "activate", b.name)
        DI.plan(self, ctx, player, b.costs, source=card, what=f"{b.name} ({o.name})",
                action="activate", choose=False)

    def _verify_framework_timing(self, ctx: Context, player: str, action: str, name: str
                                 ) -> None:
        """An effect without a triggering condition or a main or side action cost: only before
        or after a core framework event (4.2.0), never while something resolves."""
        st = ctx.state
        if st.globals.get("resolving"):
            raise IllegalAction(action, f"{name} has no triggering condition and no main or side "
                                f"action cost: it is activated only before or after a core "
                                f"framework event, not while {st.globals['resolving']} "
                                "resolves", ctx.cite("activate.timing"))
        if player != self.active(st) or st.globals.get("phase") != "player turns":
            raise IllegalAction(action, f"it is {self.active(st)}'s turn",
                                ctx.cite("activate.timing"), timing=True)

    def activate(self, ctx: Context, player: str, card: int, ability: str | None = None,
                 targets: tuple[Any, ...] = (), modes: tuple[str, ...] = ()) -> None:
        st = ctx.state
        o = st.objects[card]
        b = self._ability(ctx, card, ability, ("activated",))
        assert b is not None
        payment = DI.plan(self, ctx, player, b.costs, source=card, what=f"{b.name} ({o.name})",
                          action="activate")
        mark = len(st.log)
        between = ""
        if K.current(st) is not None:
            between = " (between the steps of the attack: a core framework event)"
        ctx.step(T.ACTION, f"{player} activates {b.name} of {o.name}{between}",
                 ["activate"] + (["core-event"] if between else []), mark=mark, actor=player)
        self._errata(ctx, card)
        if payment.main and K.current(st) is None:
            st.apply(Z.Mark("passes", 0))
        DI.pay(self, ctx, player, payment, f"{b.name} ({o.name})")
        self._after_payment(ctx, player, payment)
        run = R.Run(name=f"{b.name} ({o.name})", controller=player, source=card, kind="ability",
                    targets=list(targets), modes=modes, text=self._text(st, card))
        self._resolving(ctx, run.name, True)
        R.resolve(self, ctx, run, b.effects)
        self._resolving(ctx, run.name, False)

    def _resolving(self, ctx: Context, name: str, on: bool) -> None:
        st = ctx.state
        if on and not st.globals.get("resolving"):
            st.apply(Z.Mark("resolving", name))
        elif not on and st.globals.get("resolving") == name:
            st.apply(Z.Mark("resolving", None))

    # ================================================================== dice power (2.2.0)
    def verify_dice_power(self, ctx: Context, player: str, dtype: str,
                          targets: tuple[Any, ...] = (), modes: tuple[str, ...] = ()) -> None:
        self.verify_turn(ctx, "dice power", player, side=True)
        if dtype in DI.NOT_MODELLED_POWERS:
            raise NotModelled(DI.NOT_MODELLED_POWERS[dtype])
        if DI.power_die(ctx, player, dtype) is None:
            raise IllegalAction("dice power", f"{player} has no {dtype} die showing its power "
                                "in the active pool", ctx.cite("dice.power"))

    def dice_power(self, ctx: Context, player: str, dtype: str, targets: tuple[Any, ...] = (),
                   modes: tuple[str, ...] = ()) -> None:
        DI.dice_power(self, ctx, player, dtype, targets, modes)

    # ================================================================== attacks (3.2)
    def verify_attack(self, ctx: Context, player: str, attackers: tuple[int, ...],
                      target: Any) -> None:
        K.verify_attack(self, ctx, player, attackers, target)

    def attack(self, ctx: Context, player: str, attackers: tuple[int, ...], target: Any) -> None:
        K.attack(self, ctx, player, attackers, target)

    def verify_block(self, ctx: Context, player: str, pairs) -> None:
        K.verify_block(self, ctx, player, pairs)

    def block(self, ctx: Context, player: str, pairs) -> None:
        K.block(self, ctx, player, pairs)

    def verify_guard(self, ctx: Context, player: str, guard: int | None) -> None:
        K.verify_guard(self, ctx, player, guard)

    def guard(self, ctx: Context, player: str, guard: int | None) -> None:
        K.guard(self, ctx, player, guard)

    # ================================================================== the round (2.1.0)
    def verify_pass_main(self, ctx: Context, player: str) -> None:
        self.verify_turn(ctx, "pass", player, main=True)

    def pass_main(self, ctx: Context, player: str) -> None:
        TU.pass_main(self, ctx, player)

    def verify_meditate(self, ctx: Context, player: str, cards: tuple[int, ...] = (),
                        faces: tuple = ()) -> None:
        self.verify_turn(ctx, "meditate", player, side=True)
        TU.verify_meditate(self, ctx, player, cards, faces)

    def meditate(self, ctx: Context, player: str, cards: tuple[int, ...] = (),
                 faces: tuple = ()) -> None:
        TU.meditate(self, ctx, player, cards, faces)

    # ================================================================== answer-only lines
    def _answer_only(self, ctx: Context, action: str, player: str, rule: str) -> None:
        raise IllegalAction(action, f"nothing asks {player} to {action} now", ctx.cite(rule))

    def verify_roll(self, ctx: Context, player: str, faces: tuple = ()) -> None:
        self._answer_only(ctx, "roll", player, "dice.symbols")

    def roll(self, ctx: Context, player: str, faces: tuple = ()) -> None:
        raise NotModelled("a roll nothing asks for")

    def verify_choose(self, ctx: Context, player: str, choice: str = "",
                      targets: tuple = ()) -> None:
        self._answer_only(ctx, "choose", player, "resolve")

    def choose(self, ctx: Context, player: str, choice: str = "", targets: tuple = ()) -> None:
        raise NotModelled("a choice nothing asks for")

    def verify_order(self, ctx: Context, player: str, order: tuple = ()) -> None:
        self._answer_only(ctx, "order", player, "resolve.simultaneous")

    def order(self, ctx: Context, player: str, order: tuple = ()) -> None:
        raise NotModelled("an order nothing asks for")

    def verify_discard(self, ctx: Context, player: str, names: tuple = ()) -> None:
        self._answer_only(ctx, "discard", player, "costs")

    def discard(self, ctx: Context, player: str, names: tuple = ()) -> None:
        raise NotModelled("a discard nothing asks for")

    def verify_use(self, ctx: Context, player: str, name: str = "", card: int | None = None,
                   targets: tuple = (), use: bool = True) -> None:
        if card is not None and self._ability(ctx, card, name, ("activated",)) is not None:
            self.verify_activate(ctx, player, card, name, targets)
            return
        self._answer_only(ctx, "use " + name, player, "trigger.condition")

    def use(self, ctx: Context, player: str, name: str = "", card: int | None = None,
            targets: tuple = (), use: bool = True) -> None:
        assert card is not None
        self.activate(ctx, player, card, name, targets)

    def verify_pay_with(self, ctx: Context, player: str, faces: tuple = ()) -> None:
        st = ctx.state
        pool = [Z.die_label(o) for o in st.in_zone((player, "active pool"))]
        for label in faces:
            if label not in pool:
                raise IllegalAction("pay with", f"{player} has no {label} die in the active "
                                    "pool", ctx.cite("costs"))
            pool.remove(label)

    def pay_with(self, ctx: Context, player: str, faces: tuple = ()) -> None:
        """States the dice ``player`` pays the next magic cost with (4.4.0)."""
        ctx.choices.stated.append(StatedChoice(player, "dice", tuple(die_of(f) for f in faces)))
        ctx.step(T.CHOICE, f"{player} will pay the next magic cost with " + ", ".join(faces),
                 ["costs"], actor=player)

    # ================================================================== events
    def before(self, ctx: Context, event: Event) -> Event | None:
        """The "would" stage (4.3.0 pattern 1): what triggers when something would happen
        resolves before it, and may cancel or change it."""
        self._stage(ctx, event, Stage.WOULD)
        return event

    def replacements(self, ctx: Context, event: Event) -> list[Replacement]:
        return []

    def order_replacements(self, ctx: Context, event: Event,
                           candidates: list[Replacement]) -> tuple[Replacement, str]:
        return candidates[0], ctx.cite_opt("resolve") or ""

    def perform(self, ctx: Context, event: Event) -> Event | None:
        if event.kind == "wounds":
            return D.perform_wounds(self, ctx, event)
        if event.kind == "damage":
            o = ctx.state.objects[event.target]
            ctx.step(T.EVENT, f"{o.name} is dealt {event.amount} damage ({event.get('by')})",
                     ["ddr"])
        elif event.kind == "receive damage":
            o = ctx.state.objects[event.target]
            ctx.step(T.EVENT, f"{o.name} receives {event.amount} damage (step 2)", ["ddr"])
        return event

    def triggers(self, ctx: Context, event: Event, stage: Stage) -> list[PendingTrigger]:
        """What must resolve at ``stage`` of ``event``, then one entry that opens the response
        window (4.3.1) when any player could respond."""
        return self._collect(ctx, event, stage)

    def triggered(self, ctx: Context, stage: Stage, triggers: list[PendingTrigger]) -> None:
        """What must resolve does, at once and one at a time (4.3.0, 4.5.1); then the players
        may respond (4.3.1)."""
        windows = [t for t in triggers if t.data.get("window")]
        I.resolve_now(ctx, self, [t for t in triggers if not t.data.get("window")], stage)
        for w in windows:
            if ctx.state.result is None:
                w.resolve(ctx, w)

    def _stage(self, ctx: Context, event: Event, stage: Stage) -> None:
        found = self._collect(ctx, event, stage)
        if found:
            self.triggered(ctx, stage, found)

    def _collect(self, ctx: Context, event: Event, stage: Stage) -> list[PendingTrigger]:
        st = ctx.state
        if st.result is not None:
            return []
        must: list[PendingTrigger] = []
        for oid, b in self._watching(st, event, stage):
            if not b.optional:
                must.append(self._mandatory(ctx, oid, b, event, stage))
            elif not self._costs_in_text_payable(ctx, st.objects[oid].controller, b, oid):
                o = st.objects[oid]
                ctx.step(T.RULE, f"{b.name} ({o.name}) cannot be used on "
                         f"{_event_words(st, event, stage)}: {o.controller} cannot pay its "
                         "cost", ["trigger.condition"])
        if any(self.responses(ctx, p, event, stage) for p in st.players):
            must.append(PendingTrigger(
                name=f"responses to {_event_words(st, event, stage)}", controller=self.active(st),
                source=None, resolve=lambda c, t, e=event, s=stage: self._window(c, e, s),
                citation=ctx.cite_opt("trigger.players"), data={"window": True}))
        return must

    def _watching(self, st: State, event: Event, stage: Stage) -> list[tuple[int, C.Bound]]:
        """Triggered abilities on cards in play (and the card an "is destroyed" or "leaves
        play" event is about, 4.2.0) whose condition ``event`` meets at ``stage``."""
        out = []
        for p in self.order_from_active(st):
            cards = [o for z in ("phoenixborn", "battlefield", "spellboard", "attached")
                     for o in st.in_zone((p, z))]
            if event.kind in ("destroyed", "leave play") and isinstance(event.target, int):
                gone = st.objects[event.target]
                if gone.controller == p and gone.zone == Z.LEAVING:
                    cards.append(gone)
            for o in cards:
                for b in self.card_rules(st, o.id).of_role("triggered"):
                    if self._meets(st, b.watch, event, stage, o.id, o.controller):
                        out.append((o.id, b))
        return out

    def _meets(self, st: State, w: C.Watch | None, event: Event, stage: Stage, oid: int,
               me: str) -> bool:
        if w is None or w.event != event.kind or w.stage is not stage:
            return False
        subject = event.target
        if w.subject is not None:
            if subject is None or not R.matches(self, st, w.subject, subject, me, source=oid):
                return False
        if w.causes and event.get("cause") not in w.causes:
            return False
        if w.zone and event.get("from zone") != w.zone:
            return False
        if w.doer is not None:
            doer = event.source if w.event in ("damage", "destroyed") else event.player
            if w.doer.who == "player" or (w.doer.kinds and w.doer.kinds[0] in ("opponent",
                                                                                 "player")):
                if not R.matches(self, st, w.doer, event.player, me, source=oid):
                    return False
            elif doer is None or not R.matches(self, st, w.doer, doer, me, source=oid):
                return False
        return True

    def _mandatory(self, ctx: Context, oid: int, b: C.Bound, event: Event,
                   stage: Stage) -> PendingTrigger:
        st = ctx.state
        o = st.objects[oid]

        def resolve(c: Context, t: PendingTrigger) -> None:
            self._errata(c, oid)
            own = event.kind == "enter play" and event.target == oid
            run = R.Run(name=f"{b.name} ({o.name})" if b.name != o.name else o.name,
                        controller=o.controller, source=oid, kind="ability", event=event,
                        text=self._text(c.state, oid),
                        targets=list(event.get("targets", ())) if own else [],
                        modes=tuple(event.get("modes", ())) if own else ())
            R.resolve(self, c, run, b.effects)
        return PendingTrigger(name=f"{b.name} ({o.name})" if b.name != o.name else o.name,
                              controller=o.controller, source=oid, resolve=resolve,
                              citation=ctx.cite_opt("trigger.must"))

    # ---------------------------------------------------------------- responses (4.3.1)
    def _window(self, ctx: Context, event: Event, stage: Stage) -> None:
        I.window(ctx, self, event, stage, what=_event_words(ctx.state, event, stage),
                 repeat=True)

    def order_triggers(self, ctx: Context, triggers: list[PendingTrigger]
                       ) -> tuple[list[PendingTrigger], str]:
        """Triggered effects are never simultaneous (4.5.1): they resolve one by one, the
        active player's first, then clockwise (4.3.1), each player's in printed order; the
        response window last."""
        st = ctx.state
        seats = {p: i for i, p in enumerate(self.order_from_active(st))}
        ranked = sorted(triggers, key=lambda t: (t.source is None, seats.get(t.controller, 99)))
        return ranked, ctx.cite_opt("trigger.players") or ""

    def responders(self, ctx: Context, event: Event | None) -> list[str]:
        return self.order_from_active(ctx.state)

    def responses(self, ctx: Context, player: str, event: Event | None,
                  stage: Stage) -> list[str]:
        """What ``player`` could respond with now: reaction spells in hand and optional
        triggered abilities of their cards in play whose condition ``event`` meets and whose
        costs they can pay (4.2.0: no paying, no activating)."""
        if event is None:
            return []
        st = ctx.state
        used = self._used(ctx, event, stage)
        out = []
        for o in st.in_zone((player, "hand")):
            if Z.card_type(o) != "reaction spell":
                continue
            rules = self.card_rules(st, o.id)
            b = next(iter(rules.of_role("reaction")), None)
            if b is None or not self._meets(st, b.watch, event, stage, o.id, player):
                continue
            if rules.play_cost is None or not self._payable(ctx, player, rules.play_cost, o.id):
                continue
            out.append(o.name)
        for oid, b in self._watching(st, event, stage):
            o = st.objects[oid]
            if o.controller == player and b.optional and f"{b.name} ({o.name})" not in used:
                if self._costs_in_text_payable(ctx, player, b, oid):
                    out.append(f"{b.name} ({o.name})")
        return out

    @staticmethod
    def _used(ctx: Context, event: Event, stage: Stage) -> set[str]:
        """The triggered abilities already used on this triggering condition (each answers it
        once); kept while the step runs, as the immediate block keeps its resolutions."""
        table = ctx.__dict__.setdefault("ashes used", {})
        return table.setdefault((id(event), stage), set())

    def _payable(self, ctx: Context, player: str, costs, source: int) -> bool:
        try:
            trial = ctx.fork()
            trial.answers = dict(ctx.answers)
            DI.plan(self, trial, player, costs, source=source, what="", action="respond")
            return True
        except (IllegalAction, NotModelled):
            return False
        except Exception as err:                 # a decision inside planning: it can be paid
            from judge.engine.decisions import DecisionPending
            if isinstance(err, DecisionPending):
                return True
            raise

    def _costs_in_text_payable(self, ctx: Context, player: str, b: C.Bound, oid: int) -> bool:
        for e in b.effects:
            if isinstance(e, M.Dice) and e.action == "spend":
                if e.count is None or e.count.constant is None:
                    return True
                need = e.kind
                found = DI._choose_dice(ctx.fork(), player, [[need]] * e.count.constant, set())
                return found is not None
            break
        return True

    def respond(self, ctx: Context, player: str, response: Any, event: Event | None) -> None:
        st = ctx.state
        chosen = response if isinstance(response, Response) else Response(str(response))
        card = next((o for o in st.in_zone((player, "hand")) if o.name == chosen.option
                     and Z.card_type(o) == "reaction spell"), None)
        if card is not None:
            rules = self.card_rules(st, card.id)
            payment = DI.plan(self, ctx, player, rules.play_cost or (), source=card.id,
                              what=card.name, action="play")
            ctx.step(T.ACTION, f"{player} responds to {_event_words(st, event, None)} with "
                     f"{card.name}", ["trigger.condition", "trigger.timing", "trigger.players"],
                     actor=player)
            self.play(ctx, player, card.id, chosen.targets, chosen.modes, payment=payment,
                      event=event)
            return
        for oid, b in self._watching(st, event, Stage.WHEN) + self._watching(
                st, event, Stage.WOULD) + self._watching(st, event, Stage.AFTER):
            o = st.objects[oid]
            if f"{b.name} ({o.name})" == chosen.option and o.controller == player:
                for stage in (Stage.WOULD, Stage.WHEN, Stage.AFTER):
                    if self._meets(st, b.watch, event, stage, oid, player):
                        self._used(ctx, event, stage).add(chosen.option)
                ctx.step(T.ACTION, f"{player} uses {b.name} of {o.name} in response to "
                         f"{_event_words(st, event, None)}", ["trigger.condition",
                                                               "trigger.timing",
                                                               "trigger.players"],
                         actor=player)
                self._errata(ctx, oid)
                run = R.Run(name=f"{b.name} ({o.name})", controller=player, source=oid,
                            kind="ability", targets=list(chosen.targets), modes=chosen.modes,
                            event=event, text=self._text(st, oid))
                R.resolve(self, ctx, run, b.effects)
                return
        raise NotModelled(f"{player}'s response {chosen.option!r}")

    # ================================================================== damage (5.0.0)
    def deal_damage(self, ctx: Context, target: int, n: int, *, source: int | None, by: str,
                    cause: str) -> bool:
        return D.deal(self, ctx, target, n, source=source, by=by, cause=cause)

    def place_wounds(self, ctx: Context, target: int, n: int, *, by: str) -> None:
        D.place_wounds(self, ctx, target, n, by=by)

    def destroy(self, ctx: Context, oid: int, *, by: str) -> None:
        D.destroy(self, ctx, oid, by=by)

    def remove_from_play(self, ctx: Context, oid: int, *, destroyed: bool, by: str) -> None:
        D.remove(self, ctx, oid, destroyed=destroyed, by=by)

    def draw(self, ctx: Context, player: str, n: int, *, by: str) -> None:
        st = ctx.state
        deck = st.in_zone((player, "deck"))
        mark = len(st.log)
        drawn = []
        for o in deck[:n]:
            if o.name == "(unnamed card)":
                raise NotModelled(f"{player} draws a card the scenario does not name (state the "
                                  "top of the deck)")
            st.apply(MoveObject(o.id, (player, "hand")))
            drawn.append(o.name)
        ctx.step(T.EVENT, f"{player} draws {T.plural(len(drawn), 'cards')} ({by})"
                 + (f": {', '.join(drawn)}" if drawn else "")
                 + (f"; the draw pile had {len(deck)}" if len(deck) < n else ""),
                 ["resolve"], mark=mark, actor=player)
        V.run(ctx, Event("draw", player=player, amount=len(drawn)))

    def place_conjurations(self, ctx: Context, run: R.Run, e: M.Move) -> None:
        """"Place up to 2 Sleeping Widow conjurations onto your battlefield" (4.1.2): from the
        conjuration pile, as many as asked and there are."""
        st = ctx.state
        what = e.what
        names = [q.strip("[]") for q in ((what.name,) + what.qualities if what else ())
                 if q.startswith("[[")]
        if not names or what is None or "conjuration" not in what.kinds:
            raise NotModelled(f"{run.name}: placing '{what.text if what else '?'}'")
        n = what.count.value if what.count is not None and what.count.value else 1
        upto = what.count is not None and what.count.relation == "up to"
        pile = [o for o in st.in_zone((run.controller, "conjuration pile")) if o.name == names[0]]
        room = self.slots(st, run.controller, "battlefield")
        can = min(n, len(pile), room if room is not None else n)
        count = can
        default = None
        if upto:
            stated = next((m for m in run.modes if m.isdigit()), None)
            if stated is not None:
                count = min(int(stated), can)
            else:
                if ctx.policy("choices", "not-modelled") == "error":
                    from judge.engine.errors import UnstatedChoice
                    raise UnstatedChoice("choices", f"how many {names[0]} {run.controller} "
                                         "places", f'{run.controller} plays "..." choosing "2"')
                default = (f"up to {n}: as many as possible - {can} (not stated)")
        mark = len(st.log)
        placed = []
        for o in pile[:count]:
            st.apply(MoveObject(o.id, (run.controller, "battlefield")))
            placed.append(o.id)
        ctx.step(T.EVENT, f"{run.name}: {run.controller} places {count} {names[0]} "
                 f"conjuration{'s' if count != 1 else ''} from the conjuration pile onto the "
                 "battlefield" + (f" (the pile holds {len(pile)})" if len(pile) < n else "")
                 + (f" (the battlefield has room for {room})" if room is not None and room < n
                    else ""), ["play.conjuration", "resolve"], mark=mark, default=default)
        run.did = bool(placed)
        for oid in placed:
            V.run(ctx, Event("enter play", player=run.controller, target=oid,
                             data=(("by", run.name),)))

    # ================================================================== running on
    def before_action(self, ctx: Context, call: Call) -> None:
        """An attack waiting for its next step goes on before a line that is not part of it
        (the blockers' declaration, or an effect used between its steps)."""
        a = K.current(ctx.state)
        if a is None:
            return
        if call.name in ("block", "guard") and a.step == K.BLOCKERS:
            return
        if call.name in ("activate", "use"):
            b = self._ability(ctx, call.args.get("card"), call.args.get("ability")
                              or call.args.get("name"), ("activated",)) \
                if call.args.get("card") is not None else None
            if b is not None and not {c.kind for c in b.costs} & {"main action", "side action"}:
                return                                  # between combat steps (4.2.0)
        if call.name in ("choose", "roll", "order", "discard", "pay_with"):
            return
        K.resolve(self, ctx) if a.step == K.DAMAGE else K.default_defence(self, ctx)

    def advance(self, ctx: Context) -> bool:
        st = ctx.state
        if st.result is not None:
            return False
        a = K.current(st)
        if a is not None:
            if a.step == K.BLOCKERS:
                K.default_defence(self, ctx)
            else:
                K.resolve(self, ctx)
            return True
        if st.globals.get("phase") == "player turns" and self.main_spent(st, self.active(st)):
            TU.end_turn(self, ctx, default=True)
            return True
        return False

    def turn(self, state: State) -> int:
        """The round: implicit steps (ending a turn whose main action is taken) never end a
        round."""
        return int(state.globals.get("round", 1))

    def settle(self, ctx: Context) -> None:
        st = ctx.state
        while K.current(st) is not None and st.result is None:
            ctx.loops.check(st, "resolving the attack")
            self.advance(ctx)

    # ================================================================== expectations
    def expect_game(self, ctx: Context, e: A.ExpectGame) -> tuple[bool, str]:
        st = ctx.state
        s = e.subject
        if s in ("exhausted", "not_exhausted", "wound", "exhaustion", "status", "ability",
                 "magic_play_cost"):
            ref = e.cards[0]
            o = self.one(ctx, ref.name, ref.owner)
            if s in ("exhausted", "not_exhausted"):
                ex = Z.exhausted(st, o.id)
                return ex == (s == "exhausted"), f'"{o.name}" is {"" if ex else "not "}exhausted'
            if s in ("wound", "exhaustion", "status"):
                n = Z.tokens(st, o.id, s)
                return n == e.numbers[0], f'"{o.name}" has {T.plural(n, s + " tokens")}'
            if s == "ability":
                want = e.words[0].strip()
                name, _, num = want.rpartition(" ")
                if not num.isdigit():
                    name, num = want, ""
                values = self.keyword_values(st, o.id)
                got = values.get(name.lower(), "absent")
                shown = ", ".join(f"{k.title()}{' ' + str(v) if v is not None else ''}"
                                  for k, v in values.items()) or "no named ability"
                ok = got != "absent" and (not num or got == int(num))
                return ok, f'"{o.name}" has {shown}'
            if s == "magic_play_cost":
                cost = C.magic_play_cost(self.card_rules(st, o.id).play_cost)
                if cost is None:
                    raise NotModelled(f"{o.name}'s play cost (its text has no cost line)")
                return cost == e.numbers[0], f'"{o.name}" has a magic play cost of {cost}'
        if s == "active_dice":
            assert e.player is not None
            want = list(zip(e.numbers, e.words))
            pool = [Z.die_label(o) for o in st.in_zone((e.player, "active pool"))]
            ok = all(pool.count(label) == n for n, label in want)
            return ok, f"{e.player}'s active pool: " + (", ".join(
                f"{pool.count(l)} {l}" for l in dict.fromkeys(pool)) or "empty")
        if s == "active_player":
            return self.active(st) == e.player, f"{self.active(st)} is the active player"
        if s in ("side_allowed", "side_refused"):
            assert e.player is not None
            may = e.player == self.active(st) and self.may_take_side(st, e.player)
            return may == (s == "side_allowed"), (f"{e.player} may " + ("" if may else "not ")
                                                  + "take a side action")
        return super().expect_game(ctx, e)

    def player_value(self, ctx: Context, player: str, stat: str) -> Any:
        raise NotModelled(f"the player value {stat!r}: an Ashes player's values are on cards "
                          "(the Phoenixborn's wounds: expect \"<Phoenixborn>\" has N wound "
                          "tokens)")

    def outcome(self, ctx: Context) -> str:
        st = ctx.state
        parts = []
        if st.result is not None:
            parts.append(f"{', '.join(st.result.winners)} wins the game.")
        pbs = []
        for p, pl in st.players.items():
            if pl.hero is not None:
                o = st.objects[pl.hero]
                pbs.append(f"{o.name} ({p}) {Z.tokens(st, o.id, Z.WOUND)}/"
                           f"{ctx.state.value(o.id, 'life')} wounds")
        if pbs:
            parts.append("Phoenixborn: " + "; ".join(pbs) + ".")
        units = []
        for p in st.players:
            for o in st.in_zone((p, "battlefield")):
                w = Z.tokens(st, o.id, Z.WOUND)
                ex = Z.tokens(st, o.id, Z.EXHAUSTION)
                units.append(f"{o.name} ({p}" + (f", {w} wound{'s' if w != 1 else ''}" if w
                                                  else "") + (", exhausted" if ex else "") + ")")
        parts.append("Battlefields: " + (", ".join(units) if units else "empty") + ".")
        return " ".join(parts)


def _dice_words(words: tuple[str, ...], numbers: tuple[int, ...]) -> tuple[str, ...]:
    """``2 natural power, 1 charm basic`` -> one "type face" label per die."""
    out: list[str] = []
    for n, label in zip(numbers, words):
        out.extend([label] * n)
    return tuple(out)


def die_of(label: str) -> tuple[str, str]:
    dtype, _, face = label.partition(" ")
    return dtype, face


def _event_words(st: State, event: Event | None, stage: Stage | None) -> str:
    if event is None:
        return "nothing"
    what = (st.objects[event.target].name if isinstance(event.target, int)
            else event.target or event.player or "")
    words = {"target": f"{event.get('resolution')} targeting {what}",
             "damage": f"{what} being dealt {event.amount} damage",
             "receive damage": f"{what} receiving {event.amount} damage",
             "wounds": f"wound tokens placed on {what}",
             "destroyed": f"{what} being destroyed",
             "leave play": f"{what} leaving play",
             "enter play": f"{what} coming into play",
             "discard": f"{what} being discarded"}.get(event.kind, f"{event.kind} {what}")
    if stage is Stage.WOULD:
        return "the moment before " + words
    return words


GAME = AshesGame()
