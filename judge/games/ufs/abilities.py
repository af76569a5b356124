"""Abilities (H) and keywords (I) as the UFS rules module plays them: which played abilities a
card has now (printed, and those its keywords grant, I.3), where each may be played from (H.2.1.3,
H.2.2.3, H.2.3.3), the restrictions (H.3, H.5.1), what each keyword ability does (Stun,
Powerful, EX, Breaker), static modifier effects (J.3.3), effects that wait for a player's next
attack, card or check (K.3.9, J.3.2.1.3) and for the current attack's block status or damage
(J.3.2). A mix-in of :class:`judge.games.ufs.game.UfsGame`."""

from __future__ import annotations

from typing import Any

from judge.cards import model as M
from judge.engine import effects as EF
from judge.engine import trace as T
from judge.engine.context import Context
from judge.engine.effects import UseEffect
from judge.engine.errors import IllegalAction, NotModelled
from judge.engine.events import Event, PendingTrigger
from judge.engine.state import GameObject, State
from judge.games.ufs import effects as E
from judge.games.ufs import names as N
from judge.games.ufs import values as V
from judge.games.ufs.cards import PAID_IN_MOMENTUM, CardRules, Played, keyword_abilities
from judge.games.ufs.effects import Source

_BRACKET_RULES = {
    "once per turn": "once-per-turn", "twice per turn": "twice-per-turn",
    "your turn": "your-turn", "your attack": "your-attack", "opponent's turn": "opponents-turn",
    "rival's turn": "opponents-turn", "opponent's attack": "opponents-attack",
    "rival's attack": "opponents-attack", "enhance step": "enhance-step-only",
    "once per enhance step": "once-per-enhance",
}
_ZONE_BRACKETS = {"hand": N.HAND, "card pool": N.POOL, "discard pile": N.DISCARD,
                  "momentum": N.MOMENTUM, "stage": N.STAGING, "staging area": N.STAGING}


def bracket_ok(b: str) -> bool:
    return b in _BRACKET_RULES or b in _ZONE_BRACKETS


class Abilities:
    """Played abilities, keywords and waiting effects (mixed into the game)."""

    rules_of: Any          # provided by the game
    happen: Any
    commit: Any
    choose_cards: Any
    modify: Any

    # ---------------------------------------------------------------- which abilities
    def played(self, st: State, o: GameObject) -> list[Played]:
        """The card's played abilities now: none while it is sealed (K.4.3) or face down;
        else its printed ones and those its keywords grant (I.2.1)."""
        if N.SEALED in o.flags or not o.face_up:
            return []
        rules: CardRules = self.rules_of(st, o.id)
        return list(rules.played) + keyword_abilities(N.keywords(st, o),
                                                      rules.keyword_restrictions)

    def find_ability(self, ctx: Context, o: GameObject, text: str | None,
                     timings: tuple[str, ...]) -> Played:
        found = [a for a in self.played(ctx.state, o) if a.timing in timings]
        if text is not None:
            low = " ".join(text.lower().split())
            found = [a for a in found if low in " ".join(a.text.lower().split())
                     or low == a.keyword.lower()]
        if not found:
            unbound = [u for u in ctx.state.unbound.get(o.id, ()) if u.kind in
                       ("activated", "trigger", "unknown")]
            if unbound and (text is None or any(text.lower() in u.text.lower()
                                                for u in unbound)):
                u = next(u for u in unbound if text is None or text.lower() in u.text.lower())
                raise NotModelled(u.describe())
            kinds = " or ".join(timings)
            raise IllegalAction("play an ability", f"{o.name} has no {kinds} ability"
                                + (f" {text!r}" if text else ""), ctx.cite("played-ability"))
        if len(found) > 1:
            raise IllegalAction("play an ability", f"{o.name} has {len(found)} such abilities: "
                                "say which with ability \"...\"", ctx.cite("played-ability"))
        return found[0]

    # ---------------------------------------------------------------- where and when
    def verify_ability(self, ctx: Context, player: str, o: GameObject, a: Played,
                       paid: int = 1) -> None:
        """H.2, H.3, H.5.1, E.4.1.1: what forbids playing ``a`` (raises IllegalAction). The
        moment (the step, priority) is checked by the caller."""
        st = ctx.state
        if o.controller != player:
            raise IllegalAction("play", f"{o.name} is {o.controller}'s card",
                                ctx.cite("effect.controller"))
        self._where_ok(ctx, player, o, a)
        if N.committed(o) and not a.while_committed and o.zone[1] == N.STAGING:
            raise IllegalAction("play", f"{o.name} is committed: played abilities on committed "
                                "cards cannot be played", ctx.cite("committed-cannot-play"))
        self._restrictions(ctx, player, o, a)
        from judge.games.ufs.play import can_pay, costs_of
        if a.keyword == "Multiple" and not 1 <= paid <= a.rating:
            raise IllegalAction("play", f"Multiple's X is at least 1 and at most its rating "
                                f"{a.rating}", ctx.cite("multiple"))
        if a.keyword == "Reversal":
            self._reversal_ok(ctx, player, o)
        why = can_pay(ctx, player, o, costs_of(a, paid))
        if why is not None:
            raise IllegalAction("play", f"its costs cannot be paid: {why}",
                                ctx.cite("play.costs-payable"))

    def _where_ok(self, ctx: Context, player: str, o: GameObject, a: Played) -> None:
        st = ctx.state
        zone = o.zone[1]
        hero = st.players[player].hero
        for b in a.brackets:
            if b in _ZONE_BRACKETS:
                if zone != _ZONE_BRACKETS[b]:
                    raise IllegalAction("play", f"{a.text!r} can only be played while {o.name} "
                                        f"is in the {b}", ctx.cite("restriction.zone"))
                return                                      # H.3.2.1.1
        in_staging = zone == N.STAGING and (N.is_type(o, "foundation") or N.is_type(o, "asset")
                                            or o.id == hero)
        action_in_hand = zone == N.HAND and N.is_type(o, "action")
        current = st.globals.get(N.ATTACK) == o.id
        if a.timing == "form":
            if not (in_staging or action_in_hand):
                raise IllegalAction("play", f"a form ability may only be played from a "
                                    "foundation, asset or starting character in the staging "
                                    "area, or an action card in hand", ctx.cite("form.where"))
            return
        if a.timing == "enhance" and not (in_staging or action_in_hand or current):
            raise IllegalAction("play", "an enhance ability may only be played from a "
                                "foundation, asset or starting character in the staging area, "
                                "an action card in hand, or the current attack",
                                ctx.cite("enhance.where"))
        if a.timing == "response" and not (in_staging or action_in_hand or current or
                                           self._references(a)):
            raise IllegalAction("play", f"{o.name} is not where its response may be played from",
                                ctx.cite("response.where"))

    @staticmethod
    def _references(a: Played) -> bool:
        """H.2.3.3: the response condition references the card the ability is on."""
        if a.keyword == "Breaker":
            return True
        e = a.trigger.event if a.trigger else None
        if e is None:
            return False
        return any(t is not None and t.ref == "this" for t in (e.subject, e.object, e.with_))

    def _restrictions(self, ctx: Context, player: str, o: GameObject, a: Played) -> None:
        st = ctx.state
        opp = N.other(st, player)
        uses = dict(N.g(st, N.USES, ()))
        if a.first:
            attempted = (player in N.g(st, N.FORMS, ()) if a.timing == "form" else
                         player in N.g(st, "first enhance attempted", ()))
            if attempted:
                raise IllegalAction("play", f"{a.text!r} is a First ability and {player} has "
                                    f"already attempted a {a.timing} this time",
                                    ctx.cite("first.form" if a.timing == "form"
                                             else "first.enhance"))
        if a.combo:
            self._combo(ctx, player, o)
        if a.restriction("deadlock") and not N.deadlocked(st, opp):
            raise IllegalAction("play", f"{a.text!r} is a Deadlock ability: {opp} does not have "
                                "more than 10 foundations", ctx.cite("restriction.deadlock"))
        if a.restriction("desperation") and not N.desperate(st, player):
            raise IllegalAction("play", f"{a.text!r} is a Desperation ability: {player} is not "
                                "below half of the maximum vitality",
                                ctx.cite("restriction.desperation"))
        hero = N.character(st, player)
        for name in a.names:
            low = name.lower()
            symbols = V.value(st, hero.id, "resources") if hero else frozenset()
            if low in V.RESOURCES:
                if hero is None or low not in (symbols or ()):
                    raise IllegalAction("play", f"{a.text!r} may only be played if {player}'s "
                                        f"character has the {name} symbol",
                                        ctx.cite("restriction.resource"))
            elif hero is None or not hero.name.lower().startswith(low):
                raise IllegalAction("play", f"{a.text!r} may only be played if {player}'s "
                                    f"character is {name}", ctx.cite("restriction.name"))
        turn = N.active(st)
        atk = N.attack(st)
        for b in a.brackets:
            rule = _BRACKET_RULES.get(b)
            if b in _ZONE_BRACKETS:
                continue
            if rule is None:
                raise NotModelled(f"the restriction [{b}] of {o.name}'s {a.text!r}")
            count = uses.get(self.use_key(o, a, "turn"), 0)
            if (rule == "once-per-turn" and count >= 1) or (rule == "twice-per-turn"
                                                            and count >= 2):
                raise IllegalAction("play", f"{a.text!r} may only be played {b}", ctx.cite(rule))
            if rule == "your-turn" and turn != player or rule == "opponents-turn" and \
                    turn == player:
                raise IllegalAction("play", f"{a.text!r}: [{b}]", ctx.cite(rule))
            if rule == "your-attack" and (atk is None or atk.controller != player) or \
                    rule == "opponents-attack" and (atk is None or atk.controller == player):
                raise IllegalAction("play", f"{a.text!r}: [{b}]", ctx.cite(rule))
            if rule in ("enhance-step-only", "once-per-enhance") and \
                    st.globals.get(N.STEP) != "enhance" or rule == "once-per-enhance" and \
                    uses.get(self.use_key(o, a, self.enhance_scope(st)), 0):
                raise IllegalAction("play", f"{a.text!r}: [{b}]", ctx.cite(rule))
        step = self.enhance_scope(st)
        if a.timing == "enhance" and uses.get(self.use_key(o, a, step), 0):
            raise IllegalAction("play", f"{a.text!r} was already played this Enhance Step",
                                ctx.cite("enhance.once"))
        if a.only is not None:
            if E.condition_ok(a.only) is not None:
                raise NotModelled(f"the restriction \"Only playable {a.only.text}\" of "
                                  f"{o.name}")
            if not E.holds(st, a.only, Source(player, o.id, o.name)):
                raise IllegalAction("play", f"{a.text!r} is only playable {a.only.text}",
                                    ctx.cite("only-playable"))

    @staticmethod
    def restriction_rules(a: Played) -> list[str]:
        """The rules of the restrictions an ability met to be played (for the trace)."""
        out = []
        if a.first:
            out += ["restriction.first", "first.form" if a.timing == "form" else "first.enhance"]
        if a.combo:
            out += ["restriction.combo", "combo"]
        if a.restriction("deadlock"):
            out += ["restriction.deadlock", "deadlock-state"]
        if a.restriction("desperation"):
            out += ["restriction.desperation", "desperation-state"]
        for name in a.names:
            out.append("restriction.resource" if name.lower() in V.RESOURCES
                       else "restriction.name")
        if a.keyword and a.label:
            out.append("keyword-ability")
        for b in a.brackets:
            out.append("restriction.zone" if b in _ZONE_BRACKETS else _BRACKET_RULES.get(b, ""))
        if a.only is not None:
            out.append("only-playable")
        return [r for r in out if r]

    def _combo(self, ctx: Context, player: str, o: GameObject) -> None:
        """I.3.3.2: the printed values of the card immediately preceding this one in the card
        pool match a Combo requirement."""
        st = ctx.state
        rules: CardRules = self.rules_of(st, o.id)
        if not rules.combo:
            raise IllegalAction("play", f"{o.name} has no Combo keyword: its combo abilities "
                                "cannot be played", ctx.cite("restriction.combo"))
        pool = st.zones[(player, N.POOL)].ids
        if o.id not in pool or pool.index(o.id) == 0:
            raise IllegalAction("play", f"no card precedes {o.name} in the card pool",
                                ctx.cite("combo"))
        before = st.objects[pool[pool.index(o.id) - 1]]
        printed = {t.lower() for t in before.kinds} | {k.lower() for k in before.keywords}
        for reqs in rules.combo:
            if all(r in printed for r in reqs):
                return
        raise IllegalAction("play", f"{before.name} (preceding {o.name} in the card pool) does "
                            "not match its Combo requirement", ctx.cite("combo"))

    @staticmethod
    def use_key(o: GameObject, a: Played, scope: str) -> str:
        return f"{o.id}@{o.entered}:{a.key}:{scope}"

    @staticmethod
    def enhance_scope(st: State) -> str:
        """The key of the current Enhance Step (H.2.1.4: once per Enhance Step)."""
        return f"enhance step {N.g(st, N.ENHANCE_NO, 0)}"

    def count_use(self, ctx: Context, o: GameObject, a: Played) -> None:
        st = ctx.state
        uses = dict(N.g(st, N.USES, ()))
        for scope in ("turn",) + ((self.enhance_scope(st),) if a.timing == "enhance" else ()):
            key = self.use_key(o, a, scope)
            uses[key] = uses.get(key, 0) + 1
        N.note(st, N.USES, tuple(sorted(uses.items())))

    # ---------------------------------------------------------------- responses
    def valid_responses(self, ctx: Context, player: str,
                        events: list[Event]) -> list[tuple[GameObject, Played]]:
        """H.2.3.2.4.2.1: the response abilities ``player`` could play now, whose condition
        matches the game event."""
        from judge.games.ufs.responses import matches
        st = ctx.state
        out = []
        for zone in (N.STAGING, N.HAND, N.POOL):
            for o in N.in_zone(st, player, zone):
                for a in self.played(st, o):
                    if a.timing != "response":
                        continue
                    if a.keyword == "Breaker":
                        hit = any(ev.kind == "block" and ev.source == o.id and
                                  ev.player == player for ev in events)
                    elif a.keyword == "Reversal":
                        hit = self._reversal_event(st, player, events) is not None
                    elif a.trigger is None:
                        continue
                    else:
                        hit = any(matches(st, a.trigger, o, player, ev) for ev in events)
                    if not hit:
                        continue
                    try:
                        self.verify_ability(ctx, player, o, a)
                    except (IllegalAction, NotModelled):
                        continue
                    out.append((o, a))
        return out

    def respond_with(self, ctx: Context, player: str, o: GameObject, a: Played,
                     events: list[Event]) -> None:
        from judge.games.ufs.play import attempt_ability
        src = self.source(ctx, player, o, a, events=tuple(events))
        attempt_ability(ctx, self, player, o, a, src)

    def source(self, ctx: Context, player: str, o: GameObject, a: Played, *,
               events: tuple[Event, ...] = (), modes: tuple[str, ...] = ()) -> Source:
        paid = 0
        if a.keyword in PAID_IN_MOMENTUM:
            numbers = [int(m) for m in modes if m.strip().isdigit()]
            paid = numbers[0] if numbers else 1
        return Source(controller=player, card=o.id, name=f"{o.name}'s {a.timing} "
                      + (f"{a.keyword}" if a.keyword else "ability"),
                      text=o.text or "", attack=ctx.state.globals.get(N.ATTACK),
                      events=events, modes=modes, paid=paid, rating=a.rating)

    # ---------------------------------------------------------------- executing
    def execute(self, ctx: Context, o: GameObject, a: Played, src: Source) -> None:
        """J.3.1: the immediate effect of a played ability."""
        if a.keyword:
            getattr(self, f"_kw_{a.keyword.lower()}")(ctx, o, a, src)
            return
        E.run(ctx, self, a.effects, src)

    def _kw_stun(self, ctx: Context, o: GameObject, a: Played, src: Source) -> None:
        """I.3.12.1: your opponent commits X foundations."""
        opp = N.other(ctx.state, src.controller)
        chosen = self.choose_cards(ctx, opp, "foundation", a.rating, "commits", src,
                                   state="ready")
        if len(chosen) < a.rating:
            ctx.step(T.RULE, f"{opp} has {len(chosen)} ready foundation(s) to commit of the "
                     f"{a.rating} Stun asks for: as many as possible are committed",
                     ["effect.not-more"])
        self.commit(ctx, chosen, f"{src.name} {a.rating}", procedures=["stun"])

    def _kw_powerful(self, ctx: Context, o: GameObject, a: Played, src: Source) -> None:
        """I.3.9.1: +X damage for each card used to pay the cost."""
        self._kw_bonus(ctx, o, a, src, "damage", "powerful")

    def _kw_ex(self, ctx: Context, o: GameObject, a: Played, src: Source) -> None:
        """I.3.5.1: +X speed for each card used to pay the cost."""
        self._kw_bonus(ctx, o, a, src, "speed", "ex")

    def _kw_bonus(self, ctx: Context, o: GameObject, a: Played, src: Source, stat: str,
                  procedure: str) -> None:
        atk = N.attack(ctx.state)
        if atk is None or atk.id != o.id:
            ctx.step(T.RULE, f"{src.name}: {o.name} is not in its attack sequence",
                     ["this-attack", "effect.as-much"])
            return
        ctx.step(T.RULE, f"{src.name}: {src.paid} momentum paid x rating {a.rating}",
                 [procedure, "rating"])
        self.modify(ctx, o.id, stat, a.rating * src.paid, src)

    def _kw_multiple(self, ctx: Context, o: GameObject, a: Played, src: Source) -> None:
        """I.3.8.1: add X cards from the top of the discard pile to the card pool face down as
        multiple copies of this attack (a copying definition effect, layer 1, I.3.8.2), and
        add them to the attack stack, the rightmost first (F.2.3.6)."""
        from judge.engine.state import MoveObject, SetFlag
        from judge.games.ufs import sequence as S
        st = ctx.state
        player = src.controller
        if N.copy_of(o) is not None:
            ctx.step(T.RULE, f"{o.name} is itself a multiple copy: no copy is made of it",
                     ["multiple"])
            return
        ids = list(st.zones[(player, N.DISCARD)].ids)[:src.paid]
        mark = len(st.log)
        for oid in ids:
            st.apply(MoveObject(oid, (player, N.POOL), position="bottom", face_up=False))
            st.apply(SetFlag(oid, f"{N.COPY}{o.id}"))
            st.apply(SetFlag(oid, N.PLAYED))
        ctx.step(T.EVENT, f"{src.name}: {len(ids)} card(s) from the top of {player}'s discard "
                 f"pile are added to the card pool face down as multiple copies of {o.name}: "
                 "each has its printed values but not its text box, traits or abilities",
                 ["multiple", "layer1", "copying"] + (["effect.not-more"] if len(ids) <
                                                     src.paid else []), mark=mark,
                 actor=player)
        for oid in reversed(ids):
            S.push(ctx, oid, procedures=["attack-stack.order"])

    def _reversal_event(self, st: State, player: str, events: list[Event]) -> Event | None:
        """I.3.10.1: the opponent's blocked attack resolving (I.3.10.2.3: not a Safe one;
        I.3.10.2.2: once per attack)."""
        for ev in events:
            if ev.kind != "resolve" or not ev.get("blocked") or ev.source is None:
                continue
            atk = st.objects[ev.source]
            if atk.controller == player or "Safe" in N.keywords(st, atk):
                continue
            if (player, ev.source) in N.g(st, N.REVERSALS, ()):
                continue
            return ev
        return None

    def _reversal_ok(self, ctx: Context, player: str, o: GameObject) -> None:
        from judge.games.ufs.play import verify_card
        if not N.is_type(o, "attack"):
            raise IllegalAction("play", f"{o.name} is not an attack", ctx.cite("reversal"))
        verify_card(ctx, player, o, purpose="reversal")

    def _kw_reversal(self, ctx: Context, o: GameObject, a: Played, src: Source) -> None:
        """I.3.10.1: add this attack (played as a reversal, the cost) to the attack stack."""
        from judge.games.ufs import sequence as S
        card = ctx.state.objects[o.id]
        if card.zone[1] != N.POOL:
            ctx.step(T.RULE, f"{card.name} is not in the card pool: it cannot be added to the "
                     "attack stack", ["attack-stack.pool"])
            return
        S.push(ctx, card.id, procedures=["reversal"])

    def _kw_breaker(self, ctx: Context, o: GameObject, a: Played, src: Source) -> None:
        """I.3.1.1: the next card your opponent attempts to play this turn gets +X
        difficulty."""
        opp = N.other(ctx.state, src.controller)
        self.add_next(ctx, opp, "card", "difficulty", a.rating, src, procedure="breaker")

    # ---------------------------------------------------------------- "next" effects (K.3.9)
    def add_next(self, ctx: Context, player: str, what: str, stat: str, amount: int,
                 src: Source, procedure: str = "next-attack") -> None:
        st = ctx.state
        mark = len(st.log)
        desc = f"{player}'s next {what} gets {amount:+d}" + ("" if what == "check" else
                                                            f" {stat}")
        EF.create(st, description=f"{desc} ({src.name})", controller=src.controller,
                  citation=ctx.cite_opt(procedure), ends_at={"end of turn"}, uses=1,
                  data={"next": what, "player": player, "stat": stat, "amount": amount,
                        "by": src.name})
        ctx.step(T.EVENT, f"{src.name}: {desc} (an effect that waits for it, this turn)",
                 [procedure, "fired" if what == "check" else "next-attack", "detached"]
                 + (["fired.check"] if what == "check" else []), mark=mark,
                 actor=src.controller)

    def _waiting(self, st: State, player: str, what: str) -> list:
        return [e for e in sorted(st.effects.values(), key=lambda e: e.timestamp)
                if e.data.get("next") == what and e.data.get("player") == player
                and EF.is_active(st, e.id)]

    def check_modifiers(self, ctx: Context, player: str, kind: str, about: int | None) -> int:
        """J.3.2.1.3: effects that modify ``player``'s next check apply to this one."""
        st = ctx.state
        total = 0
        for e in self._waiting(st, player, "check"):
            st.apply(UseEffect(e.id))
            total += e.data["amount"]
            ctx.step(T.RULE, f"{e.data['by']}: {player}'s check gets {e.data['amount']:+d}",
                     ["fired.check", "check.modifiers"])
        return total

    def next_card(self, ctx: Context, player: str, o: GameObject, *, as_block: bool) -> None:
        """K.3.9.2: the next card a player attempts to play; K.3.9: the next attack they
        attempt to play (not as a block)."""
        st = ctx.state
        for e in self._waiting(st, player, "card"):
            st.apply(UseEffect(e.id))
            ctx.step(T.RULE, f"{o.name} is the next card {player} attempts to play: "
                     f"{e.data['by']} applies", ["next-card"])
            self.modify(ctx, o.id, e.data["stat"], e.data["amount"],
                        Source(e.controller or player, None, e.data["by"]))
        if N.is_type(o, "attack") and not as_block:
            self.next_attack(ctx, player, o)

    def next_attack(self, ctx: Context, player: str, o: GameObject) -> None:
        st = ctx.state
        for e in self._waiting(st, player, "attack"):
            st.apply(UseEffect(e.id))
            ctx.step(T.RULE, f"{o.name} is {player}'s next attack: {e.data['by']} applies",
                     ["next-attack"])
            self.modify(ctx, o.id, e.data["stat"], e.data["amount"],
                        Source(e.controller or player, None, e.data["by"]))

    # ---------------------------------------------------------------- waiting for the attack
    def await_attack(self, ctx: Context, c: M.Condition, then: tuple[M.Effect, ...],
                     src: Source) -> bool:
        """An "if this attack is blocked / deals damage" reached before that is known: a fired
        effect waiting for the block status or the damage of the attack (J.3.2); True when
        it waits."""
        st = ctx.state
        atk = N.attack(st)
        if atk is None or c.test not in ("is", "event") or \
                c.test == "is" and not E.block_states(c):
            return False
        if c.test == "is" and st.globals.get(N.STATUS) is not None:
            return False
        if c.test == "event" and (N.DEALT in atk.flags or st.globals.get(N.STEP) not in
                                  ("enhance", "block")):
            return False
        kind = "block status" if c.test == "is" else "damage"
        mark = len(st.log)
        EF.create(st, description=f"{src.name}: {c.text}, ...", controller=src.controller,
                  citation=ctx.cite_opt("fired"), ends_at={"end of turn"},
                  data={"await": kind, "attack": atk.id, "states": E.block_states(c),
                        "effects": then, "source": src})
        ctx.step(T.EVENT, f"{src.name}: \"{c.text}\" is not known yet: an effect waits for "
                 f"{atk.name}'s {'block status' if kind == 'block status' else 'damage'}",
                 ["fired", "fired.after", "if"], mark=mark, actor=src.controller)
        return True

    def end_awaiting(self, ctx: Context, attack: int) -> None:
        """J.2.2.1: a fired effect ends when every opportunity for its event has passed."""
        st = ctx.state
        for e in list(st.effects.values()):
            if e.data.get("await") and e.data.get("attack") == attack:
                EF.end(st, e.id)
                ctx.step(T.RULE, f"{e.description.rstrip(', .')}: the attack resolved without "
                         "it; the effect ends", ["detached.ends"])

    def awaiting(self, ctx: Context, ev: Event) -> list[PendingTrigger]:
        st = ctx.state
        found = []
        for e in sorted(st.effects.values(), key=lambda e: e.timestamp):
            kind = e.data.get("await")
            if not kind or e.data.get("attack") != ev.source or kind != ev.kind:
                continue
            if kind == "block status" and ev.get("status") not in e.data["states"]:
                continue
            effect_id = e.id

            def resolve(c: Context, trig: PendingTrigger, ident: int = effect_id) -> None:
                data = c.state.effects[ident].data
                EF.end(c.state, ident)
                E.run(c, self, data["effects"], data["source"])
            found.append(PendingTrigger(name=e.description.rstrip(", ."),
                                        controller=e.controller or N.active(st), source=None,
                                        resolve=resolve, citation=ctx.cite_opt("fired.after")))
        return found

    # ---------------------------------------------------------------- static modifier effects
    def statics_on(self, ctx: Context, oid: int) -> None:
        """J.3.3.1: static modifier effects apply to a card as soon as it is valued and meets
        their requirements (its new current state, C.3.3.4.4)."""
        st = ctx.state
        target = st.objects[oid]
        if not N.is_type(target, "attack"):
            return
        for p in st.players:
            for src_card in N.in_zone(st, p, N.STAGING):
                if not src_card.face_up:
                    continue
                if N.is_type(src_card, "character") and src_card.id != st.players[p].hero:
                    continue                                        # J.2.1.2
                rules: CardRules = self.rules_of(st, src_card.id)
                for s in rules.statics:
                    for m in s.effects:
                        t = m.target
                        assert t is not None
                        rel = E.relation(t)
                        if rel == "you" and target.controller != p or rel == "opponent" and \
                                target.controller == p:
                            continue
                        if not E.meets(st, target, E.requirement_words(t, "attack")):
                            continue
                        amount = m.sign * (m.amount.constant or 0 if m.amount else 0)
                        ctx.step(T.RULE, f"{src_card.name}'s static effect applies to "
                                 f"{target.name}", ["static", "modifier", "modifier.apply"])
                        self.modify(ctx, oid, m.stat, amount,
                                    Source(p, src_card.id, f"{src_card.name}'s static effect"))
