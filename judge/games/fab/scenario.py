"""Flesh and Blood in the scenario language: set-up (the hero's life and intellect, action and
resource points, 13.2.3's starting point), binding action lines to FaB's actions (and where
each action looks for the cards it names), FaB's answers to ``expect`` lines, and the outcome
line of a ruling.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.engine import trace as T
from judge.engine.context import Context
from judge.engine.errors import NotModelled, ScenarioStateError
from judge.engine.game import Call
from judge.engine.state import GameObject
from judge.engine.values import Value
from judge.games.base import ScenarioGame
from judge.games.fab import combat as K
from judge.games.fab import costs as fab_costs
from judge.games.fab import printed as fab_printed
from judge.games.fab.zones import AP, RP
from judge.scenario import ast as A

if TYPE_CHECKING:  # pragma: no cover
    from judge.games.fab.game import FabGame

# where each action looks for the cards it names, in order (the actor's zones)
PLAY_FROM = ("hand", "arsenal")
ATTACK_WITH = ("weapons", "hand", "arsenal")
ACTIVATE = ("weapons", "equipment", "permanents", "hero")
DEFEND_WITH = ("hand", "equipment")
USE_FROM = ("equipment", "weapons", "permanents", "hero")
SHARED_ZONES = {"combat chain": (None, "combat chain"), "chain": (None, "chain")}

_COUNTERS = {"+1{p}": "+1{p}", "-1{p}": "-1{p}", "+1{d}": "+1{d}", "-1{d}": "-1{d}",
             "+1power": "+1{p}", "-1power": "-1{p}", "+1defense": "+1{d}",
             "-1defense": "-1{d}"}


class FabScenario(ScenarioGame):
    """The scenario-language half of :class:`judge.games.fab.game.FabGame`."""

    BINDERS = {A.Play: "_bind_play", A.Attack: "_bind_attack", A.Activate: "_bind_activate",
               A.Defend: "_bind_defend", A.Pitch: "_bind_pitch", A.Pass: "_bind_pass",
               A.UseOptional: "_bind_use", A.OrderTriggers: "_bind_order",
               A.Find: "_bind_find", A.Choose: "_bind_choose",
               A.TargetTrigger: "_bind_target_trigger", A.GameAction: "_bind_game_action"}

    # ------------------------------------------------------------------ set-up
    def card_kinds(self, card: A.CardDef) -> list[str]:
        kinds = super().card_kinds(card)
        low = [t.lower() for t in card.types]
        if "reaction" in low and "attack" in low:
            kinds.append("attack reaction")
        if "reaction" in low and "defense" in low:
            kinds.append("defense reaction")
        return kinds

    def new_object(self, state, card, owner, zone, *, face_up=True) -> GameObject:
        o = super().new_object(state, card, owner, zone, face_up=face_up)
        o.keywords.update(dict(self.card_rules(state, o.id).keywords))   # type: ignore[attr-defined]
        return o

    def counter_name(self, kind: str) -> str:
        return _COUNTERS.get(kind.replace(" ", "").lower(), kind)

    def make_hero(self, ctx: Context, sc: A.Scenario, p: A.Player) -> GameObject:
        """Every FaB player has a hero (the card the scenario names, or a hero of that
        player's name); its life is the stated life when the card gives none."""
        st = ctx.state
        card = self.definition(sc, p.hero) if p.hero else None
        base: dict[str, Value] = {}
        if card is not None:
            base = {k: v for k, v in card.stats if isinstance(v, int)}
        if p.intellect is not None:
            base["intellect"] = p.intellect
        if "life" not in base:
            base["life"] = p.life
        hero = st.create(name=card.name if card else f"{p.name}'s hero", owner=p.name,
                         zone=(p.name, "hero"),
                         kinds=(card.types + card.subtypes) if card else ("hero",),
                         base=base, text=card.text if card else None)
        if p.life is not None and base.get("life") is not None:
            st.players[p.name].values["life delta"] = p.life - int(base["life"] or 0)
        hero.keywords.update(dict(self.card_rules(st, hero.id).keywords))  # type: ignore[attr-defined]
        return hero

    def set_up_values(self, ctx: Context, sc: A.Scenario, p: A.Player, turn_player: bool) -> None:
        """Life and intellect went to the hero; action and resource points are the player's
        (the turn player has the action phase's 1 action point unless stated)."""
        values = ctx.state.players[p.name].values
        values[AP] = p.action_points if p.action_points is not None else (1 if turn_player else 0)
        values[RP] = p.resource_points or 0
        for key, _value in p.stats:
            if key not in ("life", "intellect", AP, RP):
                raise self.error(sc, f"fab does not model the player value {key!r}", p.pos)
        for kind, _words, _numbers in p.facts:
            raise self.error(sc, f"fab does not model the player fact {kind!r}", p.pos)

    def start(self, ctx: Context, sc: A.Scenario, turn_player: A.Player) -> None:
        st = ctx.state
        if sc.phase not in (None, "action"):
            raise NotModelled(f"a scenario that starts in the {sc.phase} phase (FaB scenarios "
                              "start in the turn player's action phase, 13.2.3)")
        st.globals["first turn"] = bool(turn_player.first_turn)
        from judge.games.base import DEFINITIONS
        from judge.games.fab import keywords as fab_keywords
        fab_keywords.check_decks(self, ctx, st.cache.get(DEFINITIONS, {}))   # 4.1.6-4.1.8
        self.start_turn(ctx, turn_player.name)       # type: ignore[attr-defined]
        stated = turn_player.action_points is not None
        ctx.step(T.RULE, f"start: {turn_player.name} is the turn player, in the action phase, "
                 f"with {T.plural(st.players[turn_player.name].values.get(AP, 0), AP)} and "
                 "priority (the active player)", ["turn-player", "priority.active-player",
                                                  "turn.may-play"]
                 + ([] if stated else ["turn.action-point", "turn.priority"]),
                 default=None if stated else
                 f"action points: {turn_player.name} has the 1 action point of the action phase "
                 "(not stated)")

    # ------------------------------------------------------------------ action lines
    def _cards(self, ctx: Context, act: A.Action):
        used: set[int] = set()

        def card(ref: A.CardRef | None, zones: tuple[str, ...]) -> int:
            if ref is None:
                raise NotModelled("an action without its card")
            return self.find_card(ctx, ref, act.actor, zones, used)

        def targets(refs: tuple[A.Target, ...]) -> tuple[Any, ...]:
            return tuple(t.name if isinstance(t, A.PlayerRef) else card(t, ()) for t in refs)

        def pitching(refs: tuple[A.CardRef, ...]) -> tuple[int, ...]:
            return tuple(card(r, ("hand",)) for r in refs)
        return card, targets, pitching

    def _bind_play(self, ctx: Context, act: A.Play) -> Call:
        card, targets, pitching = self._cards(ctx, act)
        zones = (act.from_zone,) if act.from_zone else PLAY_FROM
        oid = card(act.card, zones)
        return Call("play", dict(player=act.actor, card=oid,
                                 pitching=pitching(act.pitching), targets=targets(act.targets),
                                 from_zone=act.from_zone, modes=self._modes(ctx, act, oid),
                                 details=self._details(act, card)))

    def _bind_attack(self, ctx: Context, act: A.Attack) -> Call:
        card, targets, pitching = self._cards(ctx, act)
        oid = card(act.card, ATTACK_WITH)
        details = self._details(act, card)
        args = dict(player=act.actor, card=oid, pitching=pitching(act.pitching),
                    targets=targets(act.targets), modes=self._modes(ctx, act, oid))
        return Call("attack", {**args, "details": details} if details else args)

    def _bind_activate(self, ctx: Context, act: A.Activate) -> Call:
        card, targets, pitching = self._cards(ctx, act)
        oid = card(act.card, ACTIVATE)
        if act.details:
            d = act.details[0]
            pos = d.pos or act.pos
            raise ScenarioStateError("this detail applies to playing a card, not to "
                                     "activating an ability", line=pos.line, column=pos.column,
                                     expected="`pitching`, `targeting`, `choosing`, `ability`")
        return Call("activate", dict(player=act.actor, card=oid,
                                     ability=act.ability, pitching=pitching(act.pitching),
                                     targets=targets(act.targets),
                                     modes=self._modes(ctx, act, oid)))

    def _details(self, act: Any, card: Any) -> tuple[fab_costs.Declared, ...]:
        """The details of a play line (``declaring X 3``, ``discarding "A"`` ...), their cards
        found where the detail takes them from."""
        return tuple(fab_costs.Declared(d.key, tuple(card(r, fab_costs.DETAIL_ZONES.get(
            d.key, ("hand",))) for r in d.cards), tuple(d.numbers), tuple(d.words))
            for d in getattr(act, "details", ()))

    def _modes(self, ctx: Context, act: Any, oid: int) -> tuple[str, ...]:
        """The modes a line chooses (``choosing "..."``), each matched to one printed mode of
        the card (15.5.1c): a mode the card does not have is an error in the scenario."""
        if not act.modes:
            return ()
        o = ctx.state.objects[oid]
        found = fab_printed.read(o.text or "", o.name).modes
        if found is None:
            raise ScenarioStateError(f"{o.name} has no modes to choose: `choosing` names none "
                                     "of its text", line=act.pos.line, column=act.pos.column,
                                     expected=f"a line without `choosing` for {o.name}")
        printed = [m.text for m in found.options]
        out = []
        for said in act.modes:
            low = " ".join(said.lower().rstrip(".;").split())
            match = [m for m in printed if " ".join(m.lower().split()).startswith(low)]
            if len(match) != 1:
                import difflib          # an error's suggestion only: not on every start
                near = difflib.get_close_matches(said, printed, n=1, cutoff=0.4)
                raise ScenarioStateError(
                    f"{o.name} has no mode {said!r}" if not match else
                    f"{said!r} names more than one mode of {o.name}",
                    line=act.pos.line, column=act.pos.column,
                    expected="one of its modes: " + "; ".join(f'"{m}"' for m in printed)
                    + (f" (did you mean \"{near[0]}\"?)" if near and not match else ""))
            out.append(match[0])
        if len(out) != found.pick or len(set(out)) != len(out):
            raise ScenarioStateError(f"{o.name} says \"choose {found.pick}\": `choosing` names "
                                     f"{len(set(out))} different mode(s)", line=act.pos.line,
                                     column=act.pos.column,
                                     expected=f"{found.pick} of: " + "; ".join(
                                         f'"{m}"' for m in printed))
        return tuple(out)

    def _bind_defend(self, ctx: Context, act: A.Defend) -> Call:
        card, _targets, _pitching = self._cards(ctx, act)
        return Call("defend", dict(player=act.actor,
                                   cards=tuple(card(r, DEFEND_WITH) for r in act.cards)))

    def _bind_pitch(self, ctx: Context, act: A.Pitch) -> Call:
        _card, _targets, pitching = self._cards(ctx, act)
        return Call("pitch", dict(player=act.actor, cards=pitching(act.cards)))

    def _bind_pass(self, ctx: Context, act: A.Pass) -> Call:
        return Call("pass_priority", dict(player=act.actor))

    def _bind_use(self, ctx: Context, act: A.UseOptional) -> Call:
        card, targets, pitching = self._cards(ctx, act)
        return Call("use_optional", dict(
            player=act.actor, effect=act.effect,
            card=card(act.card, USE_FROM) if act.card else None, use=act.use,
            amount=act.amount, pitching=pitching(act.pitching), targets=targets(act.targets)))

    def _bind_order(self, ctx: Context, act: A.OrderTriggers) -> Call:
        return Call("order", dict(player=act.actor, order=tuple(r.name for r in act.order)))

    def _bind_find(self, ctx: Context, act: A.Find) -> Call:
        card, _targets, _pitching = self._cards(ctx, act)
        return Call("find", dict(player=act.actor, card=card(act.card, ("deck",))
                                 if act.card is not None else None))

    def _bind_choose(self, ctx: Context, act: A.Choose) -> Call:
        _card, targets, _pitching = self._cards(ctx, act)
        return Call("choose", dict(player=act.actor, choice=act.choice,
                                   targets=targets(act.targets)))

    def _bind_target_trigger(self, ctx: Context, act: A.TargetTrigger) -> Call:
        card, targets, _pitching = self._cards(ctx, act)
        return Call("target_trigger", dict(player=act.actor, card=card(act.card, ()),
                                           targets=targets(act.targets)))

    def _bind_game_action(self, ctx: Context, act: A.GameAction) -> Call | None:
        if act.verb in ("discard", "banish"):
            return Call(act.verb, dict(player=act.actor, names=tuple(c.name for c in act.cards)))
        if act.verb == "roll" and len(act.numbers) == 1:
            return Call("roll", dict(player=act.actor, number=act.numbers[0]))
        return None

    # ------------------------------------------------------------------ expectations
    def player_value(self, ctx: Context, player: str, stat: str) -> Value:
        st = ctx.state
        game: "FabGame" = self        # type: ignore[assignment]
        if stat == "life":
            return game.life(st, player)
        if stat == "intellect":
            return game.intellect(st, player)
        if stat in (AP, RP):
            return st.players[player].values.get(stat, 0)
        raise NotModelled(f"the player value {stat!r}")

    def zone_cards(self, ctx: Context, player: str, zone: str) -> list[str]:
        st = ctx.state
        key = SHARED_ZONES.get(zone, (player, zone))
        if key not in st.zones:
            raise NotModelled(f"the zone {zone!r}")
        return [o.name for o in st.in_zone(key)
                if key[0] is not None or not player or o.owner == player]

    def card_value(self, ctx: Context, name: str, stat: str, owner: str) -> Value:
        st = ctx.state
        o = self.one(ctx, name, owner)
        if stat in ("power", "defense", "cost", "pitch", "life", "intellect"):
            if o.zone[1] not in ("combat chain", "chain", "equipment", "weapons", "permanents",
                                 "hero", "hand", "arsenal"):
                snap = st.lki.get(o.id)
                return snap.value(stat) if snap else st.value(o.id, stat)
            return st.value(o.id, stat)
        if stat.startswith("base ") and stat.removeprefix("base ") in (
                "power", "defense", "cost", "pitch", "life", "intellect"):
            return st.base_value(o.id, stat.removeprefix("base "))
        raise NotModelled(f"the card value {stat!r}")

    def expect_game(self, ctx: Context, e: Any) -> tuple[bool, str]:
        if isinstance(e, A.ExpectHit):
            name = e.card.name if e.card else ""
            history = K.combat(ctx.state).history
            links = [l for l in history if not name or ctx.state.objects[l.attack].name == name]
            if not links:
                raise NotModelled(f"no attack {name or ''} has been made".replace("  ", " "))
            got = links[-1].hit
            return got == e.hit, ("hit" if got else "no hit")
        return super().expect_game(ctx, e)

    def outcome(self, ctx: Context) -> str:
        st = ctx.state
        game: "FabGame" = self        # type: ignore[assignment]
        parts = []
        if st.result is not None:
            if st.result.kind == "draw":
                parts.append(f"The game is a draw ({st.result.citation}).")
            else:
                parts.append(f"{', '.join(st.result.winners)} wins the game "
                             f"({st.result.citation}).")
        try:
            lives = ", ".join(f"{n} {game.life(st, n)}" for n in st.players)
            parts.append(f"Life: {lives}.")
        except (NotModelled, TypeError):
            pass
        return " ".join(parts)
