"""The UFS rules module (Living Game Rules 0.9, document ``ufs-0.9``): the
:class:`~judge.engine.game.Game` the engine's driver runs for UFS scenarios.

UFS has no stack: a card or ability resolves as it is played (E.4.11), and what waits is kept
as the game's own state: the attack stack (F.2.3), the attack in its attack sequence and its
step (G), the Enhance Step's priority (G.1). Game events (A.4.1) go through the engine's event
pipeline (:mod:`judge.engine.events`); fired effects execute at once (J.3.2.1.1, the engine's
immediate block); then a response window may open (H.2.3.2, :mod:`judge.games.ufs.responses`).
Decisions the rules leave to a player while something resolves (the block card, cards committed
to pass a check, a review, momentum, a response, which foundations) are answered by the
scenario's next line, or take the policy's default, which the ruling names.

The package: :mod:`.names` (zones, globals, marks), :mod:`.values` (C.3.3 layers and the current
state), :mod:`.cards` (a card's keywords and abilities from the card grammar's values),
:mod:`.checks` (E.3), :mod:`.play` (E.4), :mod:`.effects` (J, K), :mod:`.acts` (the K
glossary's acts), :mod:`.abilities` (H, I), :mod:`.responses` (H.2.3), :mod:`.sequence` (F.2.3,
G), :mod:`.turn` (E.2, F.1, F.3), :mod:`.citations`.
"""

from __future__ import annotations

from contextlib import contextmanager
from typing import Any, Iterator

from judge.cards import model as M
from judge.engine import abilities as AB
from judge.engine import effects as EF
from judge.engine import events as EV
from judge.engine import immediate as IM
from judge.engine import trace as T
from judge.engine.abilities import Unbound
from judge.engine.context import Context
from judge.engine.decisions import Decision
from judge.engine.errors import IllegalAction, NotModelled
from judge.engine.events import Event, PendingTrigger, Replacement, Stage
from judge.engine.game import Call
from judge.engine.state import ChangeValue, GameObject, State
from judge.engine.values import Value
from judge.games.base import ScenarioGame
from judge.games.ufs import cards as K
from judge.games.ufs import effects as E
from judge.games.ufs import checks as C
from judge.games.ufs import names as N
from judge.games.ufs import play as P
from judge.games.ufs import responses as R
from judge.games.ufs import sequence as S
from judge.games.ufs import turn as TU
from judge.games.ufs import values as V
from judge.games.ufs.abilities import Abilities, bracket_ok
from judge.games.ufs.acts import Acts
from judge.games.ufs.citations import CITATIONS, DOC
from judge.games.ufs.effects import Source, condition_ok, why_not
from judge.scenario import ast as A

UNSTATED_DECK = 40                  # unknown cards in a deck the scenario does not state
_PARSED = "ufs parsed text"         # State.cache: card text -> CardText
_RULES = "ufs card rules"           # State.cache: card text -> CardRules

# where a card's abilities function, by card type (for abilities this module cannot carry out)
_FUNCTIONS = {"attack": frozenset({N.POOL, N.TRANSIT}), "action": frozenset({N.HAND, N.POOL}),
              "foundation": frozenset({N.STAGING, N.POOL}),
              "asset": frozenset({N.STAGING, N.POOL}),
              "character": frozenset({N.STAGING})}


class UfsGame(Acts, Abilities, ScenarioGame):
    id = "ufs"
    documents = (DOC,)
    citations = CITATIONS
    HERO_ZONE = N.STAGING
    ACTIONS = ("play", "activate", "pass_priority", "block", "commits", "review", "discard",
               "momentum", "choose", "order")
    BINDERS = {A.Play: "_bind_play", A.Attack: "_bind_play", A.Activate: "_bind_activate",
               A.Pass: "_bind_pass", A.GameAction: "_bind_game", A.Choose: "_bind_choose",
               A.OrderTriggers: "_bind_order"}

    # ================================================================ set-up
    def new_state(self, document: str) -> State:
        st = State("ufs", document)
        st.rules = V.rules()
        EF.install(st)
        st.globals.update({N.TURN: 1, N.PHASE: "combat", N.STEP: None, N.STACK: (),
                           N.ATTACK: None})
        return st

    def add_player(self, state: State, name: str) -> None:
        state.add_player(name)
        for zone in N.ZONES:
            state.add_zone(name, zone)

    def new_object(self, state: State, card: A.CardDef, owner: str, zone, *,
                   face_up: bool = True) -> GameObject:
        kinds = self.card_kinds(card)
        base: dict[str, Value] = {}
        symbols: set[str] = set()
        for k, v in card.stats:
            if k == "resources":
                symbols.add(str(v).lower())
            else:
                base[k] = v.lower() if isinstance(v, str) else v
        if symbols:
            base["resources"] = frozenset(symbols)
        o = state.create(name=card.name, owner=owner, zone=zone, kinds=kinds, base=base,
                         text=card.text or None, face_up=face_up)
        if card.text:
            rules = self.card_rules(state, card.text)
            o.keywords = {k: v for k, v in rules.keywords.items()}
        return o

    def card_kinds(self, card: A.CardDef) -> list[str]:
        return [t.lower() for t in card.types + card.subtypes]

    def set_up_values(self, ctx: Context, sc: A.Scenario, p: A.Player, turn_player: bool) -> None:
        st = ctx.state
        values = st.players[p.name].values
        for kind, words, _n in p.facts:
            if kind == "committed_character":            # character "Ryu" committed
                if p.hero is not None or st.players[p.name].hero is not None:
                    raise self.error(sc, f"{p.name} has two characters", p.pos)
                ref = A.CardRef(words[0], p.pos)
                hero = self.new_object(st, self.definition(sc, ref), p.name, (p.name, N.STAGING))
                hero.flags.add(N.COMMITTED)
                st.players[p.name].hero = hero.id
        hero = N.character(st, p.name)
        if hero is not None:                                   # E.1.5, B.1.2.1, B.1.2.2
            top = hero.base.get("vitality")
            if isinstance(top, int):
                values[N.MAX_VITALITY] = values[N.VITALITY] = top
            size = hero.base.get("hand size")
            if isinstance(size, int):
                values[N.HAND_SIZE] = size
        for key, value in p.stats:
            if key in (N.VITALITY, N.MAX_VITALITY, N.HAND_SIZE):
                values[key] = value
                if key == N.MAX_VITALITY and N.VITALITY not in dict(p.stats):
                    values[N.VITALITY] = value
            elif key == "momentum":
                for _ in range(value):
                    st.create(name=N.UNNAMED, owner=p.name, zone=(p.name, N.MOMENTUM),
                              face_up=False)
            else:
                raise self.error(sc, f"ufs-0.9 does not let a scenario set {key!r}", p.pos,
                                 "vitality, maximum vitality, hand size, momentum")
        if N.VITALITY not in values:
            values[N.VITALITY] = values.get(N.MAX_VITALITY, 20)
            values.setdefault(N.MAX_VITALITY, values[N.VITALITY])
            st.cache.setdefault("ufs defaults", []).append(p.name)
        for kind, _words, _n in p.facts:
            if kind != "committed_character":
                raise self.error(sc, f"ufs-0.9 does not model the player fact {kind!r}", p.pos)
        if p.first_turn:
            st.globals[N.FIRST_TURN] = tuple(st.globals.get(N.FIRST_TURN, ())) + (p.name,)

    def card_states(self, ctx: Context, sc: A.Scenario, o: GameObject, ref: A.CardRef) -> None:
        for word in ref.states:
            if word == "committed":
                if o.zone[1] not in (N.STAGING, N.MOMENTUM):
                    raise self.error(sc, f"only cards in the staging area or momentum are "
                                     f"ready or committed (C.1); {o.name} is in {o.zone[1]}",
                                     ref.pos)
                o.flags.add(N.COMMITTED)
            elif word == "ready":
                pass
            elif word == "block":
                o.flags.update({N.AS_BLOCK, N.PLAYED})
            elif word == "dealt_damage":
                o.flags.add(N.DEALT)
            else:
                raise self.error(sc, f"ufs-0.9 does not model a card that is {word!r}", ref.pos)
        for name, _n in ref.values:
            raise self.error(sc, f"ufs-0.9 does not model {name!r} on a card", ref.pos)
        if o.zone[1] == N.POOL:
            o.flags.add(N.PLAYED)             # a card in the card pool was played this turn

    def start(self, ctx: Context, sc: A.Scenario, turn_player: A.Player) -> None:
        st = ctx.state
        if len(st.players) != 2:
            raise NotModelled(f"a game of {len(st.players)} player(s): UFS is played by two "
                              "players (A.1, E.1)")
        phase = (sc.phase or "combat").removesuffix(" phase")
        if phase not in ("combat", "ready"):
            raise NotModelled(f"a scenario that starts in the {sc.phase} phase: UFS scenarios "
                              "start in the Ready Phase or the Combat Phase")
        st.globals[N.ACTIVE] = turn_player.name
        st.globals[N.PHASE] = phase
        st.globals[N.STEP] = "ready" if phase == "ready" else None
        for p in st.players:
            pool = st.zones[(p, N.POOL)].ids
            if p != turn_player.name and any(N.AS_BLOCK not in st.objects[o].flags
                                             for o in pool):
                raise NotModelled(f"{p}'s card pool holds cards not played as blocks on "
                                  f"{turn_player.name}'s turn")
        unstated = []
        for p in sc.players:
            deck = p.zone("deck")
            if deck is None or deck.count is None:
                # no deck stated, or only its top: the rest is unknown cards, never run out
                unstated.append(p.name)
                for _ in range(UNSTATED_DECK):
                    st.create(name=N.UNNAMED, owner=p.name, zone=(p.name, N.DECK),
                              face_up=False)
                bottom = len(deck.bottom) if deck is not None else 0
                ids = st.zones[(p.name, N.DECK)].ids
                if bottom:                          # the stated bottom cards stay at the bottom
                    moved = ids[-UNSTATED_DECK:]
                    del ids[-UNSTATED_DECK:]
                    ids[len(ids) - bottom:len(ids) - bottom] = moved
        st.globals[N.DECK_UNSTATED] = tuple(unstated)
        defaults = st.cache.get("ufs defaults", [])
        ctx.step(T.RULE, f"start: turn 1, {turn_player.name} is the active player, in the "
                 f"{phase.capitalize()} Phase; vitality "
                 + ", ".join(f"{n} {p.values.get(N.VITALITY)}" for n, p in st.players.items()),
                 ["turn", "start.vitality", "ready-phase" if phase == "ready" else
                  "combat-phase"],
                 default="; ".join(
                     ([f"vitality: {', '.join(defaults)} at 20, no character's maximum "
                       "vitality stated"] if defaults else [])
                     + ([f"deck: the size of {', '.join(unstated)}'s deck is not stated: below "
                         "the cards stated it holds unknown cards and does not run out"]
                        if unstated else [])) or None)
        self.pauses(ctx)

    # ================================================================ card text
    def parsed(self, st: State, text: str) -> M.CardText:
        cache = st.cache.setdefault(_PARSED, {})
        found = cache.get(text)
        if found is None:
            from judge.cards.store import parse  # kept between runs in the user cache folder
            found = cache[text] = parse("ufs", text)
        return found

    def card_rules(self, st: State, text: str) -> K.CardRules:
        cache = st.cache.setdefault(_RULES, {})
        found = cache.get(text)
        if found is None:
            found = cache[text] = K.read(self.parsed(st, text), unsupported=self._unsupported)
        return found

    def rules_of(self, st: State, oid: int) -> K.CardRules:
        text = st.objects[oid].text
        return self.card_rules(st, text) if text else K.CardRules()

    def _unsupported(self, kind: str, item: Any, text: str = "") -> str | None:
        if kind == "played":
            a: K.Played = item
            if not a.effects:
                return "its effect (the card grammar read no instruction from it)"
            if a.trigger is not None and a.timing != "response":
                return "a played ability with a response condition that is not a response"
            if a.timing == "response":
                why = R.trigger_ok(a.trigger)
                if why is not None:
                    return why
            for b in a.brackets:
                if not bracket_ok(b):
                    return f"the restriction [{b}]"
            if a.only is not None and condition_ok(a.only) is not None:
                return f"the restriction \"Only playable {a.only.text}\""
            why = P.not_modelled_cost(a)
            if why is not None:
                return why
            for e in a.effects:
                why = why_not(e, text)
                if why is not None:
                    return why
            for c in a.costs:
                if c.effect is not None and c.kind == "effect":
                    rest = E.unread(c.effect, text)
                    if rest:
                        return f"the words {rest!r} of the cost"
            return None
        if kind == "fired":
            f: K.Fired = item
            if not f.effects:
                return "its effect (the card grammar read no instruction from it)"
            return R.trigger_ok(f.trigger) or next(
                (w for w in (why_not(e, text) for e in f.effects) if w), None)
        s: K.Static = item
        for m in s.effects:
            t = m.target
            if t is None or "attack" not in t.kinds or t.ref == "this" or t.filters or \
                    "next" in t.qualities or m.stat not in ("speed", "damage") or m.duration \
                    or m.amount is None or m.amount.constant is None:
                return f"the static effect {s.text!r}"
            from judge.games.ufs.effects import _words_ok, requirement_words
            why = _words_ok(requirement_words(t, "attack"))
            if why is not None:
                return why
        return None

    def bind_card(self, ctx: Context, oid: int) -> tuple[Unbound, ...]:
        st = ctx.state
        o = st.objects[oid]
        if not o.text:
            return ()
        rules = self.rules_of(st, oid)
        zones = _FUNCTIONS.get(N.card_type(o), frozenset({N.STAGING, N.POOL}))
        return tuple(Unbound(obj=oid, card=o.name, kind=p.kind, text=p.text, why=p.why,
                             zones=zones, events=p.events, values=p.values)
                     for p in rules.parts)

    # ================================================================ scenario lines
    def _card(self, ctx: Context, act: A.Action, ref: A.CardRef | None,
              zones: tuple[str, ...]) -> int:
        if ref is None:
            raise NotModelled("an action without its card")
        return self.find_card(ctx, ref, act.actor, zones, set())

    def _bind_play(self, ctx: Context, act: A.Play) -> Call:
        return Call("play", dict(player=act.actor,
                                 card=self._card(ctx, act, act.card, (N.HAND,))))

    def _bind_activate(self, ctx: Context, act: A.Activate) -> Call:
        return Call("activate", dict(player=act.actor,
                                     card=self._card(ctx, act, act.card,
                                                     (N.STAGING, N.HAND, N.POOL)),
                                     ability=act.ability, modes=tuple(act.modes)))

    def _bind_pass(self, ctx: Context, act: A.Pass) -> Call:
        return Call("pass_priority", dict(player=act.actor))

    def _bind_choose(self, ctx: Context, act: A.Choose) -> Call:
        return Call("choose", dict(player=act.actor, names=tuple(act.choice.split("\n"))))

    def _bind_order(self, ctx: Context, act: A.OrderTriggers) -> Call:
        return Call("order", dict(player=act.actor, names=tuple(r.name for r in act.order)))

    def _bind_game(self, ctx: Context, act: A.GameAction) -> Call | None:
        names = tuple(c.name for c in act.cards)
        verbs = {"block": ("block", names), "no_block": ("block", (S.NO_BLOCK,)),
                 "commit": ("commits", names), "no_commit": ("commits", (C.NO_COMMIT,)),
                 "review": ("review", names), "no_review": ("review", (TU.NO_REVIEW,)),
                 "discard": ("discard", names), "momentum": ("momentum", names)}
        found = verbs.get(act.verb)
        if found is None:
            return None
        return Call(found[0], dict(player=act.actor, names=found[1]))

    def answer(self, ctx: Context, decision: Decision, call: Call) -> Any:
        if call.args.get("player") != decision.player:
            return None
        kind, name = decision.kind, call.name
        said: tuple = tuple(call.args.get("names", ()))
        if kind == "respond" and name == "activate":
            o = ctx.state.objects[call.args["card"]]
            text = (call.args.get("ability") or "").lower()
            for option in decision.options:
                if option == o.name or option.startswith(o.name + ": ") and \
                        text in option.lower():
                    return option
            return None
        if kind == "respond" and name == "pass_priority":
            return R.NO_RESPONSE
        accepted = {"block": ("block",), "commit": ("commits",), "review": ("review",),
                    "momentum": ("momentum", "discard"), "cards": ("commits", "discard",
                                                                   "choose"),
                    "option": ("choose",), "destroy": ("choose",), "respond": ("choose",),
                    "order triggers": ("order",)}.get(kind, ("choose",))
        if name not in accepted:
            return None
        if kind == "momentum":
            return TU.TO_MOMENTUM if name == "momentum" else TU.TO_DISCARD
        if kind == "order triggers":
            return said or None
        if kind in ("commit", "cards") and said and said[0] != C.NO_COMMIT:
            return said if decision.count > 1 or len(said) > 1 else said[0]
        if kind == "block":
            return said[0] if said else None
        low = {o.lower(): o for o in decision.options}
        picked = [low.get(s.lower(), s) for s in said]
        if not picked:
            return None
        if kind in ("option", "review", "destroy", "respond") and picked[0] not in \
                decision.options:
            return None
        return picked[0] if len(picked) == 1 else tuple(picked)

    # ================================================================ actions
    def _over(self, ctx: Context, action: str) -> None:
        if ctx.state.result is not None:
            raise IllegalAction(action, "the game is over", ctx.cite("win.vitality"))

    def _forms(self, ctx: Context, action: str, player: str) -> None:
        """F.2.1: the active player may play a form now."""
        st = ctx.state
        if st.globals.get(N.PHASE) != "combat" or N.active(st) != player:
            raise IllegalAction(action, f"forms are played by the active player in the Combat "
                                f"Phase ({N.active(st)}'s {st.globals.get(N.PHASE)} phase now)",
                                ctx.cite("forms.when"), timing=True)
        if not S.forms_possible(st):
            raise IllegalAction(action, "the game is in an attack sequence",
                                ctx.cite("forms.no-sequence"), timing=True)
        if N.g(st, N.STACK, ()):
            raise IllegalAction(action, "there are pending attacks", ctx.cite("forms.no-pending"),
                                timing=True)

    def verify_play(self, ctx: Context, player: str, card: int) -> None:
        self._over(ctx, "play")
        st = ctx.state
        o = st.objects[card]
        if o.zone != (player, N.HAND):
            raise IllegalAction("play", f"{o.name} is not in {player}'s hand",
                                ctx.cite("form.card"))
        if N.is_type(o, "action"):
            raise IllegalAction("play", f"{o.name} is an action card: it is played through one "
                                "of its abilities (activate it)", ctx.cite("form.card"))
        self._forms(ctx, "play", player)
        P.verify_card(ctx, player, o, purpose="form")

    def play(self, ctx: Context, player: str, card: int) -> None:
        st = ctx.state
        o = st.objects[card]
        ctx.step(T.RULE, f"{player} may play a form: nothing is being played, no response "
                 "window is open, the game is not in an attack sequence and no attack is "
                 "pending", ["forms.when", "forms.nothing-playing", "forms.no-window",
                             "forms.no-sequence", "forms.no-pending", "forms", "form.card"],
                 actor=player)
        self._attempted(ctx, player, card_form=True)
        if P.attempt_card(ctx, self, player, o, purpose="form"):
            o = st.objects[card]
            if N.is_type(o, "attack"):
                S.push(ctx, o.id)
            self.happen(ctx, [Event("play", player=player, source=o.id,
                                    data=(("as", "form"),))])
            if st.result is None:
                S.proceed(ctx, self)
            return
        if st.result is None:
            ctx.step(T.RULE, f"{player}'s attempt to play a card as a form failed: the Combat "
                     "Phase ends and the game proceeds to the End Phase", ["form.fail"])
            TU.end_phase(ctx, self)

    def _attempted(self, ctx: Context, player: str, *, card_form: bool) -> None:
        st = ctx.state
        N.note(st, N.FORMS, tuple(sorted(set(N.g(st, N.FORMS, ())) | {player})))
        if card_form:
            N.note(st, N.CARD_FORM, tuple(sorted(set(N.g(st, N.CARD_FORM, ())) | {player})))

    def line_ability(self, ctx: Context, o: GameObject, text: str | None) -> K.Played:
        """The ability an ``activates`` line means: the one its text names, else the card's
        only enhance or form ability (a response is played in a response window)."""
        try:
            return self.find_ability(ctx, o, text, ("enhance", "form"))
        except IllegalAction:
            return self.find_ability(ctx, o, text, ("response",))

    def verify_activate(self, ctx: Context, player: str, card: int, ability: str | None = None,
                        modes: tuple[str, ...] = ()) -> None:
        self._over(ctx, "activate")
        st = ctx.state
        o = st.objects[card]
        a = self.line_ability(ctx, o, ability)
        self.verify_ability(ctx, player, o, a, self.source(ctx, player, o, a,
                                                           modes=modes).paid or 1)
        if a.timing == "response":
            raise IllegalAction("activate", f"{a.text!r} is a response: it is played in a "
                                "response window after a game event its condition matches",
                                ctx.cite("window"), timing=True)
        if a.timing == "enhance":
            if st.globals.get(N.STEP) != "enhance":
                raise IllegalAction("activate", "enhance abilities are played in the Enhance "
                                    "Step", ctx.cite("enhance.when"), timing=True)
            if st.globals.get(N.HOLDER) != player:
                raise IllegalAction("activate", f"{player} does not have priority in the "
                                    "Enhance Step", ctx.cite("enhance.priority"), timing=True)
        else:
            self._forms(ctx, "activate", player)

    def activate(self, ctx: Context, player: str, card: int, ability: str | None = None,
                 modes: tuple[str, ...] = ()) -> None:
        st = ctx.state
        o = st.objects[card]
        a = self.line_ability(ctx, o, ability)
        if a.timing == "enhance":
            N.note(st, "first enhance attempted",
                   tuple(sorted(set(N.g(st, "first enhance attempted", ())) | {player})))
        else:
            in_hand = o.zone == (player, N.HAND) and N.is_type(o, "action")
            ctx.step(T.RULE, f"{player} attempts to play a form ability"
                     + (f" on an action card in hand ({o.name} is played with it)"
                        if in_hand else "") + " as a form",
                     ["forms", "form.card" if in_hand else "form.ability", "forms.when"],
                     actor=player)
            self._attempted(ctx, player, card_form=False)
        src = self.source(ctx, player, o, a, modes=modes)
        action_card = o.zone == (player, N.HAND) and N.is_type(o, "action")
        from judge.games.ufs.play import attempt_ability
        played = attempt_ability(ctx, self, player, o, a, src)
        if st.result is not None:
            return
        if not played and a.timing == "form" and action_card:
            ctx.step(T.RULE, f"{player}'s attempt to play {o.name} with its form ability "
                     "failed: the Combat Phase ends and the game proceeds to the End Phase",
                     ["form.fail"])
            TU.end_phase(ctx, self)
            return
        if a.timing == "enhance":
            S.after_enhance(ctx, self, player)
        else:
            S.proceed(ctx, self)

    def verify_pass_priority(self, ctx: Context, player: str) -> None:
        self._over(ctx, "pass")
        st = ctx.state
        if st.globals.get(N.STEP) == "enhance":
            if st.globals.get(N.HOLDER) != player:
                raise IllegalAction("pass", f"{player} does not have priority in the Enhance "
                                    "Step", ctx.cite("enhance.priority"), timing=True)
            return
        self._forms(ctx, "pass", player)
        if player in N.g(st, N.MUST_FORM, ()) and player not in N.g(st, N.CARD_FORM, ()):
            playable = [o for o in N.in_zone(st, player, N.HAND) if not N.is_type(o, "action")]
            if playable:
                raise IllegalAction("pass", f"{player} passed last turn without attempting to "
                                    "play a card as a form, and must attempt to play one from "
                                    "hand this Combat Phase", ctx.cite("form.must-play"))

    def pass_priority(self, ctx: Context, player: str, default: str | None = None) -> None:
        st = ctx.state
        if st.globals.get(N.STEP) == "enhance":
            S.pass_enhance(ctx, self, player, default)
            return
        mark = len(st.log)
        must = set(N.g(st, N.MUST_FORM, ())) - {player}
        if player not in N.g(st, N.CARD_FORM, ()):
            must.add(player)
        N.note(st, N.MUST_FORM, tuple(sorted(must)))
        ctx.step(T.ACTION, f"{player} passes on any further forms and proceeds to the End Phase"
                 + (f" ({player} did not attempt to play a card from hand as a form: next "
                    "turn they must)" if player in must else ""),
                 ["form.pass"] + (["form.must-play"] if player in must else []), mark=mark,
                 actor=player, default=default)
        TU.end_phase(ctx, self)

    def _answer_only(self, ctx: Context, action: str, player: str, procedure: str) -> None:
        self._over(ctx, action)
        raise IllegalAction(action, f"nothing asks {player} to {action} now", ctx.cite(procedure),
                            timing=True)

    def _defended(self, st: State, player: str) -> GameObject | None:
        """The attack ``player`` will defend against next: the one in its attack sequence
        (before its Block Step), else the pending attack whose sequence comes next."""
        atk = N.attack(st)
        if atk is None and N.g(st, N.STACK, ()):
            atk = st.objects[N.g(st, N.STACK)[-1]]
        if atk is None or atk.controller == player or st.globals.get(N.STATUS) is not None:
            return None
        return atk

    def verify_block(self, ctx: Context, player: str, names: tuple[str, ...] = ()) -> None:
        """A block is the defender's answer in the Block Step (G.2.1): refused at once when the
        named card cannot block the attack (G.2.1.3.1); "does not block" with no card that
        could block states what G.2.1.1 makes so."""
        self._over(ctx, "block")
        st = ctx.state
        atk = self._defended(st, player)
        if atk is not None and names:
            hand = N.in_zone(st, player, N.HAND)
            if names[0] == S.NO_BLOCK:
                if not any(S.why_not_block(ctx, player, o, atk) is None for o in hand):
                    return
            else:
                card = next((o for o in st.objects.values() if o.name == names[0]
                             and o.owner == player and o.zone == (player, N.HAND)), None)
                why = (S.why_not_block(ctx, player, card, atk) if card is not None else
                       (f"{names[0]} is not in {player}'s hand", "block.choose"))
                if why is not None:
                    raise IllegalAction("block", why[0], ctx.cite(why[1]))
        self._answer_only(ctx, "block", player, "block.decide")

    def block(self, ctx: Context, player: str, names: tuple[str, ...] = ()) -> None:
        ctx.step(T.CHOICE, f"{player} does not block: no card in {player}'s hand could block "
                 "the attack", ["block.no-card", "block.none"], actor=player)

    def verify_commits(self, ctx: Context, player: str, names: tuple[str, ...] = ()) -> None:
        self._answer_only(ctx, "commit", player, "check.short")

    def commits(self, ctx: Context, player: str, names: tuple[str, ...] = ()) -> None:
        raise NotModelled("committing with nothing that asks for it")

    def verify_review(self, ctx: Context, player: str, names: tuple[str, ...] = ()) -> None:
        self._answer_only(ctx, "review", player, "review")

    def review(self, ctx: Context, player: str, names: tuple[str, ...] = ()) -> None:
        raise NotModelled("a review outside the Review Step")

    def verify_discard(self, ctx: Context, player: str, names: tuple[str, ...] = ()) -> None:
        self._answer_only(ctx, "discard", player, "choose")

    def discard(self, ctx: Context, player: str, names: tuple[str, ...] = ()) -> None:
        raise NotModelled("discarding with nothing that asks for it")

    def verify_momentum(self, ctx: Context, player: str, names: tuple[str, ...] = ()) -> None:
        self._answer_only(ctx, "add a card to momentum", player, "clear.momentum")

    def momentum(self, ctx: Context, player: str, names: tuple[str, ...] = ()) -> None:
        raise NotModelled("adding a card to momentum with nothing that asks for it")

    def verify_choose(self, ctx: Context, player: str, names: tuple[str, ...] = ()) -> None:
        self._answer_only(ctx, "choose", player, "option")

    def choose(self, ctx: Context, player: str, names: tuple[str, ...] = ()) -> None:
        raise NotModelled("a choice with nothing to choose")

    def verify_order(self, ctx: Context, player: str, names: tuple[str, ...] = ()) -> None:
        self._answer_only(ctx, "order triggers", player, "fired.order")

    def order(self, ctx: Context, player: str, names: tuple[str, ...] = ()) -> None:
        raise NotModelled("ordering with nothing to order")

    # ================================================================ game events
    def _held(self, ctx: Context) -> list[list[Event]]:
        stack = getattr(ctx, "_ufs_held", None)
        if stack is None:
            stack = ctx._ufs_held = []
        return stack

    @contextmanager
    def suspended(self, ctx: Context, held: list[Event]) -> Iterator[None]:
        """Game events are suspended (E.4.3, E.2): they are kept in ``held`` and occur later as
        a single event."""
        stack = self._held(ctx)
        stack.append(held)
        try:
            yield
        finally:
            stack.pop()

    def held(self, ctx: Context, ev: Event) -> None:
        self.happen(ctx, [ev])

    def happen(self, ctx: Context, events: list[Event]) -> None:
        """Game events (A.4.1) occur as one: fired effects execute (J.3.2.1.1), then a response
        window may open (H.2.3.2); while events are suspended they are kept instead."""
        stack = self._held(ctx)
        if stack:
            for ev in events:
                done = self.perform(ctx, ev)
                if done is not None:
                    stack[-1].append(done.with_(data=done.data + (("done", True),)))
            return
        happened = [e for e in EV.run_all(ctx, events) if e is not None]
        if not happened or ctx.state.result is not None:
            return
        self.pauses(ctx)
        if ctx.state.result is None:
            R.window(ctx, self, happened)

    def phase_event(self, ctx: Context, moment: str, phase: str) -> None:
        AB.occurred(ctx, "phase")
        self.happen(ctx, [Event("phase", player=N.active(ctx.state),
                                data=(("moment", moment), ("phase", phase)))])

    def pauses(self, ctx: Context) -> None:
        TU.pauses(ctx, self)

    def replacements(self, ctx: Context, event: Event) -> list[Replacement]:
        return []

    def order_replacements(self, ctx: Context, event: Event,
                           candidates: list[Replacement]) -> tuple[Replacement, str]:
        return candidates[0], ctx.cite_opt("rule-effect") or ""

    def perform(self, ctx: Context, event: Event) -> Event | None:
        if event.get("done") or event.kind != "damage":
            return event
        st = ctx.state
        assert event.player is not None
        mark = len(st.log)
        st.apply(ChangeValue(event.player, N.VITALITY, -event.amount))
        if event.source is not None:
            S.mark_dealt(ctx, event.source)
        name = st.objects[event.source].name if event.source is not None else "the attack"
        ctx.step(T.EVENT, f"{name} deals {event.amount} damage to {event.player}: they lose "
                 f"that much vitality", ["damage-step"], mark=mark)
        self.pauses(ctx)
        return event

    def triggers(self, ctx: Context, event: Event, stage: Stage) -> list[PendingTrigger]:
        if stage is not Stage.WHEN:
            return []
        st = ctx.state
        found = self.awaiting(ctx, event)
        for p in N.players_in_turn_order(st):
            for zone in (N.STAGING, N.POOL):
                for o in N.in_zone(st, p, zone):
                    if not o.face_up or N.SEALED in o.flags:
                        continue
                    if N.is_type(o, "character") and o.id != st.players[p].hero:
                        continue
                    for f in self.rules_of(st, o.id).fired:
                        if R.matches(st, f.trigger, o, p, event):
                            found.append(self._fired(ctx, o, f, event))
        return found

    def _fired(self, ctx: Context, o: GameObject, f: K.Fired, event: Event) -> PendingTrigger:
        src = Source(controller=o.controller, card=o.id, name=f"{o.name}'s fired effect",
                     text=o.text or "", attack=ctx.state.globals.get(N.ATTACK),
                     events=(event,))

        def resolve(c: Context, trig: PendingTrigger) -> None:
            from judge.games.ufs import effects as E
            E.run(c, self, f.effects, src)
        return PendingTrigger(name=f"{o.name}: {f.text}", controller=o.controller, source=o.id,
                              resolve=resolve, citation=ctx.cite_opt("fired.after"))

    def triggered(self, ctx: Context, stage: Stage, triggers: list[PendingTrigger]) -> None:
        IM.resolve_now(ctx, self, triggers, stage)

    def order_triggers(self, ctx: Context, triggers: list[PendingTrigger]
                       ) -> tuple[list[PendingTrigger], str]:
        """J.3.2.1.2: the active player's fired effects first, in the order they choose, then
        the inactive player's."""
        why = ctx.cite_opt("fired.order") or ""
        out: list[PendingTrigger] = []
        for p in N.players_in_turn_order(ctx.state):
            mine = [t for t in triggers if t.controller == p]
            if len({t.name for t in mine}) > 1:
                names = tuple(t.name for t in mine)
                order = ctx.decide(Decision(
                    key=f"order:{len(ctx.state.log)}", player=p, kind="order triggers",
                    prompt=f"the order of {p}'s fired effects {', '.join(names)}",
                    options=names, citation=why, count=len(names),
                    example=f'{p} orders triggers ' + ", ".join(f'"{n}"' for n in names)))
                ranked = sorted(mine, key=lambda t: next(
                    (i for i, n in enumerate(order) if n.lower() in t.name.lower()), 99))
                out += ranked
            else:
                out += mine
        return out, why

    # ================================================================ running on
    def advance(self, ctx: Context) -> bool:
        st = ctx.state
        if st.result is not None:
            return False
        phase, step = st.globals.get(N.PHASE), st.globals.get(N.STEP)
        if phase == "ready":
            TU.ready_phase(ctx, self)
            return True
        if phase == "end":
            TU.end_phase(ctx, self)
            return True
        if step == "enhance":
            holder = st.globals.get(N.HOLDER)
            self.pass_priority(ctx, holder, default=f"priority: pass - {holder} passes (not "
                               "stated)")
            return True
        if step == "block":
            S.block_step(ctx, self)
            return True
        if N.g(st, N.STACK, ()) and S.forms_possible(st):
            S.proceed(ctx, self)
            return True
        player = N.active(st)
        try:
            self.verify_pass_priority(ctx, player)
        except IllegalAction:
            return False
        self.pass_priority(ctx, player, default=f"priority: pass - {player} passes on further "
                           "forms (not stated)")
        return True

    def turn(self, state: State) -> int:
        return state.globals.get(N.TURN, 1)

    def waiting(self, st: State) -> bool:
        """Something waits that the players' default choices would run on: an attack
        sequence, a pending attack, a Ready Phase not yet done."""
        return st.result is None and (st.globals.get(N.STEP) is not None or
                                      bool(N.g(st, N.STACK, ()))
                                      or st.globals.get(N.PHASE) in ("ready", "end"))

    def settle(self, ctx: Context) -> None:
        st = ctx.state
        while self.waiting(st):
            ctx.loops.check(st, "running the attack sequence on")
            if not self.advance(ctx):
                return

    # ================================================================ expectations
    def expect_game(self, ctx: Context, e: Any) -> tuple[bool, str]:
        st = ctx.state
        subject = e.subject
        if subject == "attack_stack":
            names = [st.objects[o].name for o in N.g(st, N.STACK, ())]
            want = [c.name for c in e.cards]
            shown = ", ".join(f'"{n}"' for n in names) or "empty"
            return names == want, f"attack stack {shown}"
        if subject in ("phase", "step"):
            got = st.globals.get(N.PHASE if subject == "phase" else N.STEP) or "none"
            return got == e.words[0], f"{subject} {got}"
        o = self.one(ctx, e.cards[0].name, e.cards[0].owner)
        if subject in ("committed", "ready"):
            state = "committed" if N.committed(o) else "ready"
            return state == subject, f'"{o.name}" is {state}'
        if subject in ("face_down", "face_up"):
            face = "face up" if o.face_up else "face down"
            return face == subject.replace("_", " "), f'"{o.name}" is {face}'
        if subject == "block_status":
            want = e.words[0].replace("\t", " ")
            want = " ".join(want.split())
            got = self.block_status(st, o)
            return got == want, f'"{o.name}" is {got}'
        if subject == "dropped":
            dropped = N.g(st, "last dropped") == o.id
            return dropped, f'"{o.name}" is {"" if dropped else "not "}dropped'
        if subject in ("keyword", "no_keyword"):
            name, _lead, _r = K.canonical(e.words[0].split(":")[0].strip())
            kws = N.keywords(st, o)
            rating = e.words[0].split(":")[1].strip() if ":" in e.words[0] else None
            has = name in kws and (rating is None or str(kws[name]) == rating)
            shown = ", ".join(f"{k}{': ' + str(v) if isinstance(v, int) else ''}"
                              for k, v in kws.items()) or "no keywords"
            return has == (subject == "keyword"), f'"{o.name}" has {shown}'
        return super().expect_game(ctx, e)

    def block_status(self, st: State, o: GameObject) -> str:
        for status in (S.COMPLETE, S.PARTIAL, S.NOT_BLOCKED):
            if status in o.flags:
                return status
        if st.globals.get(N.ATTACK) == o.id and st.globals.get(N.STATUS):
            return st.globals[N.STATUS]
        return "without a block status"

    def zone_cards(self, ctx: Context, player: str, zone: str) -> list[str]:
        if zone == N.DECK and player in N.g(ctx.state, N.DECK_UNSTATED, ()):
            raise NotModelled(f"{player}'s deck: the scenario does not state its size "
                              f"(state it with: {player}: deck 30 cards)")
        return super().zone_cards(ctx, player, zone)

    def player_value(self, ctx: Context, player: str, stat: str) -> Value:
        st = ctx.state
        if stat == "momentum":
            return len(st.zones[(player, N.MOMENTUM)].ids)
        if stat in ("last check", "last difficulty"):
            last = N.g(st, N.LAST_CHECK)
            if last is None or last[0] != player:
                raise NotModelled(f"{player} has made no control check")
            return last[1] if stat == "last check" else last[2]
        return super().player_value(ctx, player, stat)

    def card_value(self, ctx: Context, name: str, stat: str, owner: str) -> Value:
        o = self.one(ctx, name, owner)
        if stat.startswith("base "):
            return ctx.state.base_value(o.id, stat.removeprefix("base "))
        got = V.value(ctx.state, o.id, stat)
        return ", ".join(sorted(got)) if isinstance(got, frozenset) else got

    def outcome(self, ctx: Context) -> str:
        return self.result_and_values(ctx.state, "Vitality", lambda p: p.values.get(N.VITALITY))


GAME = UfsGame()
