"""What every game's rules module shares in reading the scenario language.

:class:`ScenarioGame` is a :class:`judge.engine.game.Game` whose set-up, action lines and
expectations are scenario AST values (:mod:`judge.scenario.ast`). It does what is the same in
every game and leaves the rest to hooks:

- set-up (:meth:`set_up`): players and their zones, the cards in them (with counters, face
  down, game states), the hero-like card, decks with unnamed cards; the game adds its players'
  values (:meth:`set_up_values`) and its starting position (:meth:`start`). A player fact or a
  phase the game cannot use is an error or ``not modelled``, never dropped;
- action lines (:meth:`bind`): a table from AST classes to the game's binders
  (:attr:`BINDERS`); cards named in a line are found in the zones the game lists for that
  action (:meth:`find_card`);
- expectations (:meth:`expect`): zones, counters, card and player values and the winner are
  answered through small hooks; the game answers its own subjects (:meth:`expect_game`).
"""

from __future__ import annotations

from typing import Any, Callable, ClassVar

from judge.engine import trace as T
from judge.engine.context import Context
from judge.engine.errors import NotModelled, ScenarioStateError
from judge.engine.game import Call, Game
from judge.engine.state import GameObject, State, ZoneKey
from judge.engine.values import Value, plain
from judge.scenario import ast as A

DEFINITIONS = "card definitions"     # State.cache key: the scenario's cards by name


class ScenarioGame(Game):
    """A game read from the judge scenario language (see the module docstring)."""

    # AST class -> name of the method that binds it: (self, ctx, line) -> Call | None
    BINDERS: ClassVar[dict[type, str]] = {}
    # zone names where the hero-like card lives
    HERO_ZONE: ClassVar[str] = "hero"

    # ------------------------------------------------------------------ set-up
    def set_up(self, ctx: Context, setup: Any) -> None:
        sc: A.Scenario = setup
        st = ctx.state
        st.cache[DEFINITIONS] = {c.name: c for c in sc.cards}
        for p in sc.players:
            self.add_player(st, p.name)
        tp = sc.turn_player or (sc.players[0] if sc.players else None)
        if tp is None:
            raise self.error(sc, "a scenario needs at least one player", sc.pos)
        for p in sc.players:
            self.set_up_player(ctx, sc, p)
        for p in sc.players:
            self.set_up_values(ctx, sc, p, p is tp)
        self.start(ctx, sc, tp)

    def add_player(self, state: State, name: str) -> None:
        """Create a player and their zones."""
        raise NotImplementedError

    def set_up_player(self, ctx: Context, sc: A.Scenario, p: A.Player) -> None:
        """The player's hero-like card and the cards in their zones."""
        st = ctx.state
        hero = self.make_hero(ctx, sc, p)
        if hero is not None:
            st.players[p.name].hero = hero.id
        for z in p.zones:
            key = (p.name, z.name)
            if key not in st.zones:
                raise self.error(sc, f"{sc.game} has no zone {z.name!r}", z.pos,
                                 ", ".join(n for o, n in st.zones if o == p.name))
            for ref in z.cards:
                self.place(ctx, sc, ref, p.name, key)
            if z.count is not None:
                named = len(z.cards) + len(z.bottom)
                for _ in range(max(0, z.count - named)):
                    st.create(name="(unnamed card)", owner=p.name, zone=key, face_up=False)
            for ref in z.bottom:
                self.place(ctx, sc, ref, p.name, key)

    def make_hero(self, ctx: Context, sc: A.Scenario, p: A.Player) -> GameObject | None:
        """The player's hero-like card: the one the scenario names, else none."""
        if p.hero is None:
            return None
        card = self.definition(sc, p.hero)
        return self.new_object(ctx.state, card, p.name, (p.name, self.HERO_ZONE))

    def set_up_values(self, ctx: Context, sc: A.Scenario, p: A.Player, turn_player: bool) -> None:
        """The player's values (``p.stats``) and game facts (``p.facts``): every one must be
        used; the default refuses any."""
        for key, _value in p.stats:
            raise self.error(sc, f"{sc.game} does not model the player value {key!r}", p.pos)
        for kind, _words, _numbers in p.facts:
            raise self.error(sc, f"{sc.game} does not model the player fact {kind!r}", p.pos)

    def start(self, ctx: Context, sc: A.Scenario, turn_player: A.Player) -> None:
        """Put the game at the scenario's starting point and record the start step."""
        raise NotImplementedError

    def place(self, ctx: Context, sc: A.Scenario, ref: A.CardRef, owner: str,
              zone: ZoneKey) -> GameObject:
        """A card of the scenario in ``zone``, with its counters, face and game states."""
        st = ctx.state
        card = self.definition(sc, ref)
        o = self.new_object(st, card, owner, zone,
                            face_up=ref.face_up if ref.face_up is not None else True)
        for c in ref.counters:
            for _ in range(c.count):
                o.counters.append((self.counter_name(c.kind), st.tick()))
        self.card_states(ctx, sc, o, ref)
        return o

    def card_states(self, ctx: Context, sc: A.Scenario, o: GameObject, ref: A.CardRef) -> None:
        """Game states and numbers written after a card (``exhausted``, ``with 3 damage``);
        the default refuses any."""
        for word in ref.states:
            raise self.error(sc, f"{sc.game} does not model a card that is {word!r}", ref.pos)
        for name, _n in ref.values:
            raise self.error(sc, f"{sc.game} does not model {name!r} on a card", ref.pos)

    def definition(self, sc: A.Scenario, ref: A.CardRef) -> A.CardDef:
        card = sc.card(ref.name)
        if card is None:
            raise self.error(sc, f"card {ref.name!r} is not defined", ref.pos)
        return card

    def new_object(self, state: State, card: A.CardDef, owner: str, zone: ZoneKey, *,
                   face_up: bool = True) -> GameObject:
        """A game object for the scenario's definition ``card``: at set-up, and for tokens that
        effects create during the game (the caller records that as an operation)."""
        kinds = self.card_kinds(card)
        base: dict[str, Value] = {k: v for k, v in card.stats}
        return state.create(name=card.name, owner=owner, zone=zone, kinds=kinds, base=base,
                            text=card.text, face_up=face_up, token="token" in kinds)

    def card_kinds(self, card: A.CardDef) -> list[str]:
        """The kinds (types and subtypes, lower case) of an object made from ``card``."""
        return [t.lower() for t in card.types + card.subtypes
                + tuple(w for g in card.groups for w in g)]

    def counter_name(self, kind: str) -> str:
        """A counter's name as the game keeps it (one normaliser for set-up and questions)."""
        return kind

    def error(self, sc: A.Scenario, message: str, pos: A.Pos,
              expected: str | None = None) -> ScenarioStateError:
        return ScenarioStateError(message, path=sc.path, line=pos.line, column=pos.column,
                                  line_text=sc.line_text(pos.line), expected=expected)

    # ------------------------------------------------------------------ action lines
    def bind(self, ctx: Context, line: Any) -> Call | None:
        for cls in type(line).__mro__:
            name = self.BINDERS.get(cls)
            if name is not None:
                return getattr(self, name)(ctx, line)
        return None

    def find_card(self, ctx: Context, ref: A.CardRef, actor: str, zones: tuple[str, ...],
                  used: set[int]) -> int:
        """The object a line means by ``ref``: in the first of ``zones`` of its owner (the
        actor unless the line names another) that holds one not yet used by the line, else
        any such object of that owner, else of anyone."""
        st = ctx.state
        owner = ref.owner or actor
        candidates = [o for o in st.objects.values() if o.name == ref.name and o.id not in used]
        for zone in zones:
            for o in candidates:
                if o.zone == (owner, zone):
                    used.add(o.id)
                    return o.id
        for pool in ([o for o in candidates if o.owner == owner], candidates):
            if pool:
                used.add(pool[0].id)
                return pool[0].id
        raise ScenarioStateError(f"card {ref.name!r} is not in any zone of the scenario",
                                 line=ref.pos.line, column=ref.pos.column,
                                 expected="a card placed in a zone by the scenario's setup")

    # ------------------------------------------------------------------ expectations
    def expect(self, ctx: Context, e: Any) -> tuple[bool, str]:
        st = ctx.state
        if isinstance(e, A.ExpectPlayerValue):
            got = self.player_value(ctx, e.player, e.stat)
            return got == e.value, f"{e.player} {e.stat} {plain(got)}"
        if isinstance(e, A.ExpectZone):
            names = self.zone_cards(ctx, e.player, e.zone)
            if e.count is not None:
                return len(names) == e.count, f"{e.player} {e.zone} count {len(names)}"
            want = sorted(r.name for r in e.cards)
            shown = ", ".join(f'"{n}"' for n in names) or "empty"
            return sorted(names) == want, f"{e.player} {e.zone} {shown}"
        if isinstance(e, A.ExpectInZone):
            assert e.card is not None
            names = self.zone_cards(ctx, e.player, e.zone)
            inside = e.card.name in names
            return inside != e.negated, f'"{e.card.name}" is in {self._where(st, e.card.name)}'
        if isinstance(e, A.ExpectCardValue):
            assert e.card is not None
            got = self.card_value(ctx, e.card.name, e.stat, e.card.owner or "")
            if e.value == "none":       # the card has no such value (FaB 25.1.1)
                return got is None, f'"{e.card.name}" {e.stat} {plain(got)}'
            return got == e.value, f'"{e.card.name}" {e.stat} {plain(got)}'
        if isinstance(e, A.ExpectCounters):
            assert e.card is not None
            o = self.one(ctx, e.card.name, e.card.owner)
            got = st.counter_count(o.id, self.counter_name(e.kind))
            return got == e.count, f'"{e.card.name}" has {T.plural(got, e.kind + " counters")}'
        if isinstance(e, A.ExpectOutcome):
            res = st.result
            if res is None:
                return e.kind == "none", "no winner (the game goes on)"
            if res.kind == "draw":
                return e.kind == "draw", "draw"
            return (e.kind == "win" and (e.player is None or e.player in res.winners),
                    f"{', '.join(res.winners)} wins")
        return self.expect_game(ctx, e)

    def expect_game(self, ctx: Context, e: Any) -> tuple[bool, str]:
        """An expectation of the game's own (its grammar extension's)."""
        raise NotModelled(f"the expectation {e.text!r}" if getattr(e, "text", "")
                          else f"the expectation {type(e).__name__}")

    @staticmethod
    def result_and_values(st: State, label: str, value: Callable[[Any], Any]) -> str:
        """An outcome: the game's result when it has one, then ``label`` and each player's
        ``value`` ("Life: Alice 20, Bob 18.")."""
        parts = []
        if st.result is not None:
            parts.append("The game is a draw." if st.result.kind == "draw"
                         else f"{', '.join(st.result.winners)} wins the game.")
        parts.append(f"{label}: " + ", ".join(f"{n} {value(p)}" for n, p in st.players.items())
                     + ".")
        return " ".join(parts)

    def player_value(self, ctx: Context, player: str, stat: str) -> Value:
        """A player's value an ``expect`` asks about; NotModelled for one the game lacks."""
        values = ctx.state.players[player].values
        if stat not in values:
            raise NotModelled(f"the player value {stat!r}")
        return values[stat]

    def zone_cards(self, ctx: Context, player: str, zone: str) -> list[str]:
        """The names of the cards in ``player``'s ``zone`` (a shared zone: ``player`` "")."""
        st = ctx.state
        key = (player, zone)
        if key not in st.zones:
            raise NotModelled(f"the zone {zone!r}")
        return [o.name for o in st.in_zone(key)]

    def card_value(self, ctx: Context, name: str, stat: str, owner: str) -> Value:
        o = self.one(ctx, name, owner)
        if stat.startswith("base "):
            return ctx.state.base_value(o.id, stat.removeprefix("base "))
        return ctx.state.value(o.id, stat)

    def one(self, ctx: Context, name: str, owner: str | None) -> GameObject:
        found = ctx.state.find(name, owner=owner or None)
        if not found:
            raise NotModelled(f"no card named {name!r} in the game")
        return found[0]

    @staticmethod
    def _where(st: State, name: str) -> str:
        found = st.find(name)
        if not found:
            return "no zone"
        o = found[0]
        return f"{o.zone[0]}'s {o.zone[1]}" if o.zone[0] else o.zone[1]
