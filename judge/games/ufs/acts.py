"""The acts of the instruction glossary (K) and of the rules, as the UFS rules module carries
them out: drawing, discarding, committing and readying (C.1), flipping (K.4.2), destroying
(K.4.1) and removing (K.4.4) cards, momentum (D.4.2), vitality (with its maximum, J.5.1), bonuses
and penalties to a card's current state (K.3.6, C.3.4), the choice of which cards (K.2.3,
K.2.4). Each is a mix-in method of :class:`judge.games.ufs.game.UfsGame`; each records its
steps and its game event."""

from __future__ import annotations

from dataclasses import dataclass

from judge.engine import trace as T
from judge.engine.context import Context
from judge.engine.decisions import Decision
from judge.engine.errors import NotModelled
from judge.engine.events import Event
from judge.engine.state import ChangeValue, GameObject, MoveObject, Operation, SetFlag, State
from judge.games.ufs import names as N
from judge.games.ufs import values as V
from judge.games.ufs.effects import Source


@dataclass(frozen=True, slots=True)
class Turn(Operation):
    """A card is turned face down (flipped, K.4.2) or face up (unflipped, K.4.2.1) where it
    is."""
    obj: int
    face_up: bool

    def apply(self, state: State) -> None:
        o = state.objects[self.obj]
        o.face_up = self.face_up
        o.incarnation += 1              # C.3.3.4.2.2: a change of publicity refreshes it

    def describe(self, state: State) -> str:
        return f"{state.objects[self.obj].name}: face {'up' if self.face_up else 'down'}"


class Acts:
    """K-glossary acts (mixed into the game)."""

    # ---------------------------------------------------------------- cards between zones
    def draw(self, ctx: Context, player: str, n: int, why: str, procedures: list[str]) -> int:
        """Draw ``n`` cards from the top of the deck, one game event (F.1.3.1); the deck's
        order is the scenario's."""
        st = ctx.state
        mark = len(st.log)
        drawn = []
        for _ in range(n):
            deck = st.zones[(player, N.DECK)].ids
            if not deck:
                break
            if N.g(st, "deck order unknown:" + player):
                raise NotModelled(f"which card {player} draws from a shuffled deck")
            drawn.append(deck[0])
            st.apply(MoveObject(deck[0], (player, N.HAND), face_up=False))
        shown = ", ".join(st.objects[o].name for o in drawn)
        ctx.step(T.EVENT, f"{why}: {len(drawn)} card(s) ({shown})", procedures + ["deck"],
                 mark=mark, actor=player)
        if drawn:
            self.happen(ctx, [Event("draw", player=player, amount=len(drawn),
                                    data=(("cards", tuple(drawn)),))])
        if len(drawn) < n:
            self.pauses(ctx)
            if ctx.state.result is None:
                raise NotModelled(f"{player} draws with an empty deck (K.5.3): the cycled "
                                  "deck's order is random")
        return len(drawn)

    def discard_from_hand(self, ctx: Context, player: str, n: int, why: str) -> int:
        """Discard ``n`` cards from the hand (K.2.1), chosen by the player (K.2.3)."""
        st = ctx.state
        hand = N.in_zone(st, player, N.HAND)
        chosen = self.pick(ctx, player, player, hand, n, "discards", why)
        mark = len(st.log)
        for o in chosen:
            st.apply(MoveObject(o.id, (player, N.DISCARD)))
        ctx.step(T.EVENT, f"{why}: {player} discards {N.names(chosen)} from hand",
                 ["discard.hand", "discard.top"] + (["effect.not-more"] if len(chosen) < n
                                                   else []), mark=mark, actor=player)
        if chosen:
            self.happen(ctx, [Event("discard", player=player,
                                    data=(("cards", tuple(o.id for o in chosen)),))])
        return len(chosen)

    def discard_momentum(self, ctx: Context, player: str, n: int, why: str) -> int:
        """Discard ``n`` momentum: the cards of momentum cannot be told apart (D.4.2.1.1), and
        the player takes any (D.4.2.3)."""
        st = ctx.state
        ids = list(st.zones[(player, N.MOMENTUM)].ids)[:n]
        mark = len(st.log)
        for oid in ids:
            st.apply(MoveObject(oid, (player, N.DISCARD)))
        ctx.step(T.EVENT, f"{why}: {player} discards {len(ids)} momentum",
                 ["momentum.remove", "discard.top"], mark=mark, actor=player)
        if ids:
            self.happen(ctx, [Event("discard", player=player,
                                    data=(("cards", tuple(ids)), ("from", N.MOMENTUM)))])
        return len(ids)

    def deck_to_momentum(self, ctx: Context, player: str, why: str) -> None:
        st = ctx.state
        deck = st.zones[(player, N.DECK)].ids
        if not deck:
            ctx.step(T.RULE, f"{why}: {player}'s deck is empty", ["effect.as-much"])
            return
        mark = len(st.log)
        st.apply(MoveObject(deck[0], (player, N.MOMENTUM), face_up=False))
        ctx.step(T.EVENT, f"{why}: the top card of {player}'s deck is added to momentum",
                 ["momentum.add"], mark=mark, actor=player)
        self.pauses(ctx)

    def to_hand(self, ctx: Context, cards: list[GameObject], why: str) -> None:
        """Add cards to their owner's hand (from the discard pile)."""
        st = ctx.state
        if not cards:
            ctx.step(T.RULE, f"{why}: no such card to add to the hand", ["effect.as-much"])
            return
        mark = len(st.log)
        for o in cards:
            st.apply(MoveObject(o.id, (o.owner, N.HAND), face_up=False))
        ctx.step(T.EVENT, f"{why}: {N.names(cards)} {'is' if len(cards) == 1 else 'are'} added "
                 f"to {cards[0].owner}'s hand", ["choose", "hand"], mark=mark,
                 actor=cards[0].owner)
        self.happen(ctx, [Event("move", player=cards[0].owner,
                                data=(("cards", tuple(o.id for o in cards)),
                                      ("to", N.HAND)))])

    def move_card(self, ctx: Context, oid: int, zone: str, why: str, verb: str, *,
                  procedures: list[str] | None = None) -> None:
        """Destroy (to the discard pile, K.4.1) or remove (from the game, K.4.4) a card."""
        st = ctx.state
        o = st.objects[oid]
        if oid == st.players[o.owner].hero:
            ctx.step(T.RULE, f"{why}: {o.name} is a starting character and cannot leave the "
                     "staging area", ["character.stays"])
            return
        mark = len(st.log)
        st.apply(MoveObject(oid, (o.owner, zone)))
        ctx.step(T.EVENT, f"{why}: {o.name} is {'destroyed' if verb == 'destroy' else 'removed from the game'}",
                 (procedures or []) + ["destroy" if verb == "destroy" else "remove"],
                 mark=mark, actor=o.controller)
        self.happen(ctx, [Event("destroy" if verb == "destroy" else "remove", player=o.owner,
                                source=oid)])

    # ---------------------------------------------------------------- card states
    def commit(self, ctx: Context, cards: list[GameObject], why: str, *,
               procedures: list[str] | None = None) -> None:
        """Commit cards: one game event (C.1.4)."""
        st = ctx.state
        cards = [o for o in cards if not N.committed(st.objects[o.id])]
        if not cards:
            return
        mark = len(st.log)
        for o in cards:
            st.apply(SetFlag(o.id, N.COMMITTED))
        down = [o for o in cards if not o.face_up]
        ctx.step(T.EVENT, f"{why}: {N.names(cards)} {'is' if len(cards) == 1 else 'are'} "
                 "committed" + (" (a face-down card in the staging area is a foundation)"
                                if down else ""),
                 (procedures or []) + ["commit"] + (["staging.face-down", "layer0"]
                                                    if down else []),
                 mark=mark, actor=cards[0].controller)
        self.happen(ctx, [Event("commit", player=cards[0].controller,
                                data=(("cards", tuple(o.id for o in cards)),))])

    def ready_cards(self, ctx: Context, cards: list[GameObject], why: str) -> None:
        st = ctx.state
        cards = [o for o in cards if N.committed(st.objects[o.id])]
        if not cards:
            ctx.step(T.RULE, f"{why}: no committed card to ready", ["ready", "effect.as-much"])
            return
        mark = len(st.log)
        for o in cards:
            st.apply(SetFlag(o.id, N.COMMITTED, False))
        ctx.step(T.EVENT, f"{why}: {N.names(cards)} {'is' if len(cards) == 1 else 'are'} "
                 "readied", ["ready"], mark=mark, actor=cards[0].controller)
        self.happen(ctx, [Event("ready", player=cards[0].controller,
                                data=(("cards", tuple(o.id for o in cards)),))])

    def flip(self, ctx: Context, cards: list[GameObject], why: str, *, up: bool,
             procedures: list[str] | None = None) -> None:
        st = ctx.state
        cards = [o for o in cards if st.objects[o.id].face_up != up]
        if not cards:
            return
        mark = len(st.log)
        for o in cards:
            st.apply(Turn(o.id, up))
        ctx.step(T.EVENT, f"{why}: {N.names(cards)} {'is' if len(cards) == 1 else 'are'} "
                 f"turned face {'up' if up else 'down'} (a change of publicity: its current state "
                 "is refreshed)", (procedures or []) + ["unflip" if up else "flip",
                                                       "refresh.zone"],
                 mark=mark, actor=cards[0].controller)
        self.happen(ctx, [Event("flip", player=cards[0].controller,
                                data=(("cards", tuple(o.id for o in cards)),))])

    def choose_cards(self, ctx: Context, owner: str, kind: str, n: int, verb: str, src: Source,
                     *, state: str | None = "ready", chooser: str | None = None,
                     with_character: bool = False, excluding: int | None = None
                     ) -> list[GameObject]:
        """``n`` of ``owner``'s ``kind`` cards in the staging area (K.2.6) in ``state``,
        chosen by ``chooser`` (K.2.3; the instructed player, or for an opponent's cards the
        effect's controller, K.2.4)."""
        st = ctx.state
        hero = st.players[owner].hero
        pool = []
        for o in N.in_zone(st, owner, N.STAGING):
            if o.id == excluding:
                continue
            if not (N.is_type(o, kind) or (with_character and o.id == hero)):
                continue
            if state == "ready" and N.committed(o) or state == "committed" and \
                    not N.committed(o) or state == "face up" and not o.face_up or \
                    state == "face down" and o.face_up:
                continue
            pool.append(o)
        return self.pick(ctx, chooser or owner, owner, pool, n, verb, src.name)

    def pick(self, ctx: Context, chooser: str, owner: str, pool: list[GameObject], n: int,
             verb: str, why: str) -> list[GameObject]:
        """``n`` cards of ``pool`` chosen by ``chooser``: all of them when there are no more
        than ``n`` (J.1.2), any when they cannot be told apart, else a decision answered by a
        line naming them (``Bob commits "A"``, ``Bob discards "A"``, ``Bob chooses "A"``)."""
        if len(pool) <= n:
            return pool
        if len({(o.name, N.committed(o), o.face_up) for o in pool}) == 1:
            return pool[:n]
        names = tuple(dict.fromkeys(o.name for o in pool))
        said = ctx.decide(Decision(
            key=f"cards:{len(ctx.state.log)}", player=chooser, kind="cards",
            prompt=f"which {n} card(s) of {owner}'s {chooser} {verb} ({why})", options=names,
            count=n, citation=ctx.cite_opt("choose") or "",
            example=f'{chooser} chooses "{names[0]}"'))
        wanted = list(said) if isinstance(said, tuple) else [said]
        left = list(pool)
        chosen = []
        for name in wanted[:n]:
            found = next((o for o in left if o.name.lower() == str(name).lower()), None)
            if found is not None:
                left.remove(found)
                chosen.append(found)
        if len(chosen) < n:
            raise NotModelled(f"which {n} card(s) {chooser} {verb}: the line names "
                              f"{len(chosen)} of them")
        return chosen

    # ---------------------------------------------------------------- vitality (J.5.1)
    def gain_vitality(self, ctx: Context, player: str, n: int, src: Source) -> None:
        st = ctx.state
        values = st.players[player].values
        now, top = values.get(N.VITALITY) or 0, values.get(N.MAX_VITALITY)
        gain = n if not isinstance(top, int) else max(0, min(n, top - now))
        if gain <= 0:
            ctx.step(T.RULE, f"{src.name}: {player} is at maximum vitality ({top}): the "
                     "instruction to gain vitality fails", ["vitality.max", "vitality.max-gain"])
            return
        mark = len(st.log)
        st.apply(ChangeValue(player, N.VITALITY, gain))
        capped = gain < n
        ctx.step(T.EVENT, f"{src.name}: {player} gains {gain} vitality"
                 + (f" (not {n}: vitality may not exceed the maximum {top})" if capped else ""),
                 ["effect.order"] + (["vitality.max", "vitality.max-gain"] if capped else []),
                 mark=mark, actor=player)
        self.happen(ctx, [Event("vitality", player=player, amount=gain, source=src.card)])

    def lose_vitality(self, ctx: Context, player: str, n: int, src: Source, *,
                      cost: bool = False) -> None:
        st = ctx.state
        if n <= 0:
            return
        mark = len(st.log)
        st.apply(ChangeValue(player, N.VITALITY, -n))
        ctx.step(T.EVENT, f"{src.name}: {player} loses {n} vitality"
                 + (" (a cost)" if cost else ""), ["effect.order"], mark=mark, actor=player)
        self.happen(ctx, [Event("vitality", player=player, amount=-n, source=src.card)])
        self.pauses(ctx)

    # ---------------------------------------------------------------- bonuses and penalties
    def modify(self, ctx: Context, oid: int, stat: str, amount: int, src: Source, *,
               procedures: list[str] | None = None) -> None:
        """A bonus or penalty (K.3.6) to a card's current state (C.3.3.4); the speed, damage
        and zone of an attack card only while it is being played, in its attack sequence or
        on the attack stack (C.3.4)."""
        st = ctx.state
        o = st.objects[oid]
        if N.is_type(o, "attack") and stat in ("speed", "damage", "zone"):
            live = (o.zone[1] == N.TRANSIT or st.globals.get(N.ATTACK) == oid
                    or oid in N.g(st, N.STACK, ()))
            if not live:
                ctx.step(T.RULE, f"{src.name}: {o.name}'s {stat} cannot be modified now (it is "
                         "not being played, in its attack sequence or on the attack stack)",
                         ["attack.values-locked"])
                return
        before = V.value(st, oid, stat)
        mark = len(st.log)
        V.modify(ctx, oid, stat, amount)
        after = V.value(st, oid, stat)
        ctx.step(T.EVENT, f"{src.name}: {o.name} gets {amount:+d} {stat} ({before} -> {after})",
                 ["bonus", "layer3", "current.frozen"] + (procedures or []), mark=mark,
                 actor=src.controller)
        self.happen(ctx, [Event("modify", player=o.controller, amount=amount, source=oid,
                                data=(("stat", stat), ("by", src.controller)))])
