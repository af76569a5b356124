"""World of Warcraft TCG in the scenario language: set-up (heroes and their health, resources,
cards in play with their state, attachments, teams), binding action lines to WoW's actions,
WoW's answers to ``expect`` lines, and the outcome of a ruling."""

from __future__ import annotations

from typing import Any

from judge.engine import trace as T
from judge.engine.chain import Priority
from judge.engine.context import Context
from judge.engine.errors import NotModelled
from judge.engine.game import Call
from judge.engine.state import GameObject, State
from judge.engine.values import Value, plain
from judge.games.base import ScenarioGame
from judge.games.wow import amounts as A
from judge.games.wow import model as W
from judge.games.wow import values as VA
from judge.scenario import ast as A_

DEFAULT_HEALTH = 30

# where each action looks for the cards it names (the actor's zones first)
PLAY_FROM = (W.HAND,)
IN_PLAY = (W.IN_PLAY, W.RESOURCES)
STATS = ("atk", "health", "def", "cost", "strike cost")


class WowScenario(ScenarioGame):
    """The scenario-language half of :class:`judge.games.wow.game.WowGame`."""

    HERO_ZONE = W.IN_PLAY
    BINDERS = {A_.Play: "_bind_play", A_.Attack: "_bind_attack", A_.Activate: "_bind_activate",
               A_.Pass: "_bind_pass", A_.UseOptional: "_bind_use",
               A_.OrderTriggers: "_bind_order", A_.Choose: "_bind_choose",
               A_.TargetTrigger: "_bind_target_trigger", A_.GameAction: "_bind_game_action"}

    # ------------------------------------------------------------------ set-up
    def add_player(self, state: State, name: str) -> None:
        state.add_player(name)
        for zone in W.PLAYER_ZONES + ("ceased",):
            state.add_zone(name, zone)

    def card_kinds(self, card: A_.CardDef) -> list[str]:
        words = list(card.types + card.subtypes + tuple(w for g in card.groups for w in g))
        tags, _limits = W.tags_of(words)
        return sorted(tags)

    def new_object(self, state: State, card: A_.CardDef, owner: str, zone, *,
                   face_up: bool = True) -> GameObject:
        o = super().new_object(state, card, owner, zone, face_up=face_up)
        words = list(card.types + card.subtypes + tuple(w for g in card.groups for w in g))
        _tags, limits = W.tags_of(words)
        if limits:
            o.base["limits"] = frozenset(f"{t}:{n}" for t, n in limits)
        if "hero" in o.kinds and "atk" not in o.base:
            o.base["atk"] = 0                     # 205.1: a hero's unprinted ATK of 0
        return o

    def make_hero(self, ctx: Context, sc: A_.Scenario, p: A_.Player) -> GameObject:
        st = ctx.state
        health = p.stat("health")
        if p.hero is not None:
            card = self.definition(sc, p.hero)
            if not card.has_type("hero"):
                raise self.error(sc, f"{card.name!r} is not a hero card", p.hero.pos,
                                 "a card whose type line names Hero")
            o = self.new_object(st, card, p.name, (p.name, W.IN_PLAY))
        else:
            o = st.create(name=f"{p.name}'s hero", owner=p.name, zone=(p.name, W.IN_PLAY),
                          kinds=("hero",), base={"atk": 0})
        if health is not None:
            o.base["health"] = health
        elif o.base.get("health") is None:
            o.base["health"] = DEFAULT_HEALTH
            st.globals.setdefault("defaults", ())
            st.globals["defaults"] = st.globals["defaults"] + (
                f"{p.name}'s hero health {DEFAULT_HEALTH} (not stated)",)
        damage = p.stat("damage")
        if damage:
            o.base[W.DAMAGE] = damage
        return o

    def set_up_values(self, ctx: Context, sc: A_.Scenario, p: A_.Player, turn_player: bool) -> None:
        st = ctx.state
        values = st.players[p.name].values
        for key, value in p.stats:
            if key in ("health", "damage"):
                continue
            if key in ("resources", "exhausted resources"):
                for _ in range(value):
                    o = st.create(name="(face-down resource)", owner=p.name,
                                  zone=(p.name, W.RESOURCES), face_up=False)
                    if key == "exhausted resources":
                        o.flags.add(W.EXHAUSTED)
                continue
            if key == "maximum hand size":
                values["maximum hand size"] = value
                continue
            raise self.error(sc, f"wow does not model the player value {key!r} in a set-up",
                             p.pos, "health, damage, resources, exhausted resources, "
                                    "maximum hand size")
        for kind, words, numbers in p.facts:
            if kind == "team":
                teams = dict(st.globals.get("teams", ()))
                teams[p.name] = words[0] if words else p.name
                st.globals["teams"] = tuple(sorted(teams.items()))
                continue
            if kind == "attached":
                self._attached(ctx, sc, p, words)
                continue
            raise self.error(sc, f"wow does not model the player fact {kind!r}", p.pos)

    def _attached(self, ctx: Context, sc: A_.Scenario, p: A_.Player, names) -> None:
        st = ctx.state
        if len(names) != 2:
            raise self.error(sc, "attached needs an attachment and its host", p.pos,
                             'attached "Attachment" to "Host"')
        att_name, host_name = names
        card = sc.card(att_name)
        if card is None:
            raise self.error(sc, f"card {att_name!r} is not defined", p.pos)
        hosts = [o for o in W.all_in_play(st) if o.name == host_name]
        if not hosts:
            raise self.error(sc, f"the host {host_name!r} of {att_name!r} is not in play", p.pos,
                             "a host placed in play by an earlier player line")
        o = self.new_object(st, card, p.name, (p.name, W.IN_PLAY))
        host = hosts[0]
        table = dict(st.globals.get("hosts", ()))
        table[o.id] = (host.id, host.incarnation, o.incarnation, o.entered)
        st.globals["hosts"] = tuple(sorted(table.items()))

    def place(self, ctx: Context, sc: A_.Scenario, ref: A_.CardRef, owner: str,
              zone) -> GameObject:
        """A card in the resource row is face down unless the line says it is face up
        (412.1a-b: only quests and locations are placed face up)."""
        if zone[1] == W.RESOURCES and ref.face_up is None:
            from dataclasses import replace as _replace
            ref = _replace(ref, face_up=False)
        return super().place(ctx, sc, ref, owner, zone)

    def card_states(self, ctx: Context, sc: A_.Scenario, o: GameObject, ref: A_.CardRef) -> None:
        for word in ref.states:
            if word == "exhausted":
                o.flags.add(W.EXHAUSTED)
            elif word == "ready":
                o.flags.discard(W.EXHAUSTED)
            elif word == "token":
                if not W.in_play(o):
                    raise self.error(sc, "a token is only ever in play (404.2a)", ref.pos)
                o.token = True
            else:
                raise self.error(sc, f"wow does not model a card that is {word!r}", ref.pos)
        for name, n in ref.values:
            if name == "damage":
                o.base[W.DAMAGE] = n
            else:
                raise self.error(sc, f"wow does not model {name!r} on a card", ref.pos)

    def counter_name(self, kind: str) -> str:
        text = kind.replace(" ", "")
        return text if text[:1] in "+-" else kind

    def start(self, ctx: Context, sc: A_.Scenario, turn_player: A_.Player) -> None:
        st = ctx.state
        if sc.phase not in (None, "action"):
            raise NotModelled(f"a scenario that starts in the {sc.phase} phase (WoW scenarios "
                              "start in the turn player's non-combat action phase, 502.1)")
        tp = turn_player.name
        st.globals.update({"turn": 1, "turn player": tp, "step": "action",
                           "first player": tp, "first turn": bool(turn_player.first_turn),
                           "first turn number": 1})
        st.globals["decks stated"] = tuple(p.name for p in sc.players if p.zone("deck") is not None)
        start = st.tick()
        st.globals["turn starts"] = tuple(sorted((p, start) for p in st.players))
        st.globals[Priority.HOLDER] = tp
        st.globals[Priority.PASSES] = 0
        defaults = st.globals.pop("defaults", ())
        # from here on every id and timestamp the game takes is in the log (a replay of the
        # log from this starting position gives the same game)
        st.apply(W.SetRecord("started", True))
        ctx.step(T.RULE, f"start: {tp} is the turn player, in the non-combat action phase, "
                 "with priority and the chain empty", ["turn.action", "priority.window"],
                 default="; ".join(defaults) if defaults else None)

    # ------------------------------------------------------------------ action lines
    def _cards(self, ctx: Context, act: A_.Action):
        used: set[int] = set()

        def card(ref: A_.CardRef | None, zones: tuple[str, ...]) -> int:
            if ref is None:
                raise NotModelled("an action without its card")
            return self.find_card(ctx, ref, act.actor, zones, used)

        tused: set[int] = set()

        def targets(refs: tuple[A_.Target, ...]) -> tuple[Any, ...]:
            # a card may target itself: targets are found apart from the acting card
            return tuple(t.name if isinstance(t, A_.PlayerRef) else
                         self.find_card(ctx, t, act.actor, IN_PLAY, tused) for t in refs)

        def paying(refs: tuple[A_.CardRef, ...]) -> tuple[int, ...]:
            return tuple(card(r, (W.RESOURCES, W.IN_PLAY)) for r in refs)
        return card, targets, paying

    def _bind_play(self, ctx: Context, act: A_.Play) -> Call:
        card, targets, paying = self._cards(ctx, act)
        zones = (act.from_zone,) if act.from_zone else PLAY_FROM
        return Call("play", dict(player=act.actor, card=card(act.card, zones),
                                 targets=targets(act.targets), paying=paying(act.pitching),
                                 modes=act.modes))

    def _bind_attack(self, ctx: Context, act: A_.Attack) -> Call:
        card, targets, paying = self._cards(ctx, act)
        return Call("attack", dict(player=act.actor, card=card(act.card, IN_PLAY),
                                   targets=targets(act.targets)))

    def _bind_activate(self, ctx: Context, act: A_.Activate) -> Call:
        card, targets, paying = self._cards(ctx, act)
        first = card(act.card, IN_PLAY)
        args = dict(player=act.actor, card=first, ability=act.ability,
                    targets=targets(act.targets), paying=paying(act.pitching),
                    modes=act.modes)
        return Call("activate", self._usable(ctx, args, act.card.name))

    def _usable(self, ctx: Context, args: dict, name: str) -> dict:
        """Several cards in play share the name the line gives: the one whose power the player
        can use now (701.4: each card's restrictions are its own), else the first."""
        from judge.engine.errors import IllegalAction
        st = ctx.state
        same = [o.id for o in W.party(st, args["player"]) if o.name == name]
        if len(same) < 2:
            return args
        for oid in [args["card"]] + [o for o in same if o != args["card"]]:
            trial = dict(args, card=oid)
            try:
                self.verify_activate(ctx, **trial)          # type: ignore[attr-defined]
                return trial
            except (IllegalAction, NotModelled):
                continue
        return args

    def _bind_pass(self, ctx: Context, act: A_.Pass) -> Call:
        return Call("pass_priority", dict(player=act.actor))

    def _bind_use(self, ctx: Context, act: A_.UseOptional) -> Call:
        name = act.card.name if act.card is not None else act.effect
        return Call("use_optional", dict(player=act.actor, name=name, use=act.use))

    def _bind_order(self, ctx: Context, act: A_.OrderTriggers) -> Call:
        return Call("order", dict(player=act.actor, order=tuple(r.name for r in act.order)))

    def _bind_choose(self, ctx: Context, act: A_.Choose) -> Call:
        _card, targets, _paying = self._cards(ctx, act)
        return Call("choose", dict(player=act.actor, choice=act.choice,
                                   targets=targets(act.targets)))

    def _bind_target_trigger(self, ctx: Context, act: A_.TargetTrigger) -> Call:
        card, targets, _paying = self._cards(ctx, act)
        return Call("target_trigger", dict(player=act.actor, name=act.card.name,
                                           targets=targets(act.targets)))

    def _bind_game_action(self, ctx: Context, act: A_.GameAction) -> Call | None:
        card, targets, paying = self._cards(ctx, act)
        verb = act.verb
        names = tuple(c.name for c in act.cards)
        if verb == "protect":
            return Call("protect", dict(player=act.actor, names=names))
        if verb == "no_protect":
            return Call("protect", dict(player=act.actor, names=()))
        if verb == "strike":
            return Call("strike", dict(player=act.actor, names=names))
        if verb == "discard":
            return Call("discard", dict(player=act.actor, names=names))
        if verb == "end_turn":
            return Call("end_turn", dict(player=act.actor))
        if verb == "place":
            ref = act.cards[0]
            return Call("place_resource", dict(player=act.actor, card=card(ref, (W.HAND,)),
                                      face_up=bool(ref.face_up)))
        if verb == "complete":
            return Call("complete", dict(player=act.actor, card=card(act.cards[0], IN_PLAY),
                                         paying=paying(act.pitching), targets=targets(
                                             act.targets)))
        if verb in ("find", "fail_find"):
            return Call("find", dict(player=act.actor, names=names))
        return None

    # ------------------------------------------------------------------ expectations
    def player_value(self, ctx: Context, player: str, stat: str) -> Value:
        st = ctx.state
        hero = st.players[player].hero
        if stat == "health":
            return st.value(hero, "health") if hero is not None else None
        if stat == "damage":
            return W.damage(st, hero) if hero is not None else None
        if stat == "resources":
            return len(st.zones[(player, W.RESOURCES)].ids)
        if stat == "ready resources":
            return len([o for o in st.in_zone((player, W.RESOURCES))
                        if not W.exhausted(st, o.id)])
        if stat == "exhausted resources":
            return len([o for o in st.in_zone((player, W.RESOURCES))
                        if W.exhausted(st, o.id)])
        if stat == "maximum hand size":
            return st.players[player].values.get("maximum hand size", 7)
        raise NotModelled(f"the player value {stat!r}")

    def card_value(self, ctx: Context, name: str, stat: str, owner: str) -> Value:
        st = ctx.state
        o = self.one(ctx, name, owner)
        base = stat.startswith("base ")
        stat = stat.removeprefix("base ")
        if stat == W.DAMAGE:
            return W.damage(st, o.id)
        if stat == "damage type":
            return " ".join(sorted(VA.damage_types(st, o.id))) or "none"
        if stat in STATS:
            if base:
                return o.base.get(stat)
            if not W.in_play(o) and o.zone != W.CHAIN:
                snap = st.lki.get(o.id)
                if snap is not None and stat != "cost":
                    return snap.value(stat)
            value = st.value(o.id, stat)
            if stat == "atk" and len(VA.explain(st, o.id, stat)[1]) > 1:
                _value, words, procs = VA.explain(st, o.id, stat)
                ctx.step(T.RULE, f"{o.name}'s {stat.upper()} is {value}: " + ", ".join(words),
                         procs)
            elif stat == "health" and len(VA.explain(st, o.id, stat)[1]) > 1:
                _value, words, procs = VA.explain(st, o.id, stat)
                ctx.step(T.RULE, f"{o.name}'s health is {value}: " + ", ".join(words), procs)
            return value
        raise NotModelled(f"the card value {stat!r}")

    def one(self, ctx: Context, name: str, owner: str | None):
        """The card an expectation names: of several of one name (a card destroyed and another
        of its name put into play), the one in play."""
        found = ctx.state.find(name, owner=owner or None)
        return next((o for o in found if W.in_play(o)), None) or super().one(ctx, name, owner)

    def zone_cards(self, ctx: Context, player: str, zone: str) -> list[str]:
        st = ctx.state
        key = (player, zone)
        if key not in st.zones:
            raise NotModelled(f"the zone {zone!r}")
        return [o.name for o in st.in_zone(key)]

    def expect(self, ctx: Context, e: Any) -> tuple[bool, str]:
        """An expectation, then the values it read that a power the module does not carry out
        could change are named (:func:`judge.engine.abilities.read`; otherwise only the next
        step of the trace would name them, and an expectation read last would name none)."""
        got = super().expect(ctx, e)
        ctx.take_notes()
        return got

    def expect_game(self, ctx: Context, e: Any) -> tuple[bool, str]:
        st = ctx.state
        if not isinstance(e, A_.ExpectGame):
            return super().expect_game(ctx, e)
        s = e.subject
        card = e.cards[0] if e.cards else None
        o = self.one(ctx, card.name, card.owner) if card is not None else None
        name = f'"{card.name}"' if card else ""
        if s in ("exhausted", "ready"):
            if not W.in_play(o):
                return False, f"{name} is not in play"
            ex = W.exhausted(st, o.id)
            return ex == (s == "exhausted"), f"{name} is {'exhausted' if ex else 'ready'}"
        if s in ("face_down", "face_up"):
            return (o.face_up == (s == "face_up"),
                    f"{name} is face {'up' if o.face_up else 'down'}")
        if s in ("attached", "not_attached"):
            host = W.host_of(st, o.id)
            if s == "not_attached":
                return host is None, (f"{name} is attached to {st.objects[host].name}"
                                      if host is not None else f"{name} is not attached")
            want = self.one(ctx, e.cards[1].name, e.cards[1].owner)
            got = st.objects[host].name if host is not None else "nothing"
            return host == want.id, f"{name} is attached to {got}"
        if s in ("tag", "not_tag"):
            tag = e.words[0].lower()
            has = VA.has_tag(st, o.id, tag)
            if has and tag not in o.kinds:
                givers = [st.objects[x.source].name for x in VA.statics(st)
                          if x.kind == "kinds" and tag in x.words and x.applies(st, o.id)]
                article = "an" if e.words[0][:1].lower() in "aeiou" else "a"
                ctx.step(T.RULE, f"{o.name} is {article} {e.words[0]}"
                         + (f": {', '.join(givers)}'s modifier adds the tag" if givers else "")
                         + "; adding a tag removes none of its other tags or types",
                         ["tags.added", "types.added"])
            return has == (s == "tag"), f"{name} is {'' if has else 'not '}a {e.words[0]}"
        if s in ("keyword", "no_keyword"):
            kw = e.words[0].lower()
            has = VA.has_keyword(st, o.id, kw)
            return has == (s == "keyword"), f"{name} {'has' if has else 'does not have'} " \
                                            f"{e.words[0]}"
        if s == "controller":
            from judge.games.wow import describe as D
            who = D.controller_of(st, o.id)
            return who == e.player, f"{name} is controlled by {who}"
        if s == "in_combat":
            from judge.games.wow import combat as K
            got = K.in_combat(st, o.id)
            return got, f"{name} is {'' if got else 'not '}in combat"
        if s == "token":
            return o.token, f"{name} is {'' if o.token else 'not '}a token"
        return super().expect_game(ctx, e)

    def outcome(self, ctx: Context) -> str:
        st = ctx.state
        parts = []
        if st.result is not None:
            if st.result.kind == "draw":
                parts.append(f"The game is a draw ({st.result.citation}).")
            else:
                parts.append(f"{', '.join(st.result.winners)} wins the game "
                             f"({st.result.citation}).")
        heroes = []
        for n, p in st.players.items():
            if p.hero is None:
                continue
            h = st.objects[p.hero]
            health = st.value(h.id, "health")
            heroes.append(f"{n}'s hero {h.name}: {W.damage(st, h.id)} damage, health "
                          f"{plain(health)}")
        if heroes:
            parts.append("; ".join(heroes) + ".")
        return " ".join(parts)
