"""Dice: paying costs (ashes-raven-1.1 4.4.0, 4.4.1, 2.0.0's symbols), effects on dice, rolls
stated by the scenario (never rolled at random), and the dice powers (2.2.0).

Paying a magic cost exhausts dice: they move from the active pool to the exhausted pool. A die
showing a power symbol pays that power, its class or a basic symbol; a class symbol its class or
a basic symbol; a basic symbol only a basic symbol (2.0.0). Which dice pay is the player's
choice: a ``pays with`` line states it, otherwise the ``dice`` policy's default (``cheapest``:
each symbol is paid by the die that could pay the fewest kinds of symbol) applies and the ruling
says so.

The dice powers of 2.2.0 lost their symbols in the bundled document; they are listed in the
order of 2.0.0's table of dice (ceremonial, charm, illusion, natural, divine, sympathy, time),
which the five whose text names what they do follow. The module carries out the ceremonial,
charm, illusion, natural and time powers; the divine and sympathy powers are not modelled.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from judge.cards import model as M
from judge.engine import trace as T
from judge.engine.decisions import Decision
from judge.engine.errors import IllegalAction, NotModelled, UnstatedChoice
from judge.engine.state import AddCounter, MoveObject
from judge.games.ashes import zones as Z
from judge.games.ashes.zones import SetFace

if TYPE_CHECKING:  # pragma: no cover
    from judge.engine.context import Context
    from judge.games.ashes.game import AshesGame
    from judge.games.ashes.resolve import Run


@dataclass(frozen=True, slots=True)
class Payment:
    """How a cost is paid: the actions spent, the card exhausted, the dice and the cards
    discarded; ``default`` says which choice the scenario did not state."""
    main: bool = False
    side: bool = False
    exhaust: int | None = None
    dice: tuple[int, ...] = ()
    discards: tuple[int, ...] = ()
    default: str | None = None
    parallel: str = ""
    lower: bool = False          # a die paid a symbol below its face (2.0.0)


def needs_of(costs: tuple[M.Cost, ...]) -> list[list[str]]:
    """The magic symbols of ``costs``: one list of alternatives per die (a parallel cost,
    4.4.1, gives several)."""
    out: list[list[str]] = []
    for c in costs:
        if c.kind != "dice":
            continue
        if c.amount is None or c.amount.constant is None:
            raise NotModelled(f"an X magic cost ({c.amount.text if c.amount else '?'} "
                              f"[[{c.detail}]]): the scenario cannot state X yet")
        options = [d.strip() for d in c.detail.split("/")]
        for _ in range(c.amount.constant):
            out.append(options)
    return out


def _choose_dice(ctx: "Context", player: str, needs: list[list[str]],
                 exclude: set[int], *, consume: bool = True) -> tuple[list[int], bool] | None:
    """Dice of ``player``'s active pool that pay ``needs`` (None: they cannot), and whether the
    choice was the policy's default (True) or stated by a ``pays with`` line (False)."""
    st = ctx.state
    pool = [o for o in st.in_zone((player, "active pool")) if o.id not in exclude]
    stated = next((c for c in ctx.choices.stated if c.kind == "dice" and c.player == player),
                  None)
    if stated is not None:
        chosen: list[int] = []
        for dtype, face in stated.value:
            d = next((o for o in pool if o.id not in chosen and Z.die_type(o) == dtype
                      and o.base.get("face") == face), None)
            if d is None:
                return None
            chosen.append(d.id)
        if _assign(st, needs, chosen) is None:
            return None
        if consume:
            ctx.choices.consume(stated)
        return chosen, False
    order = sorted(range(len(needs)), key=lambda i: min(_specific(n) for n in needs[i]))
    chosen = []
    for i in order:
        best = None
        for need in needs[i]:
            for o in pool:
                if o.id in chosen or not Z.can_pay(o.base.get("face"), Z.die_type(o), need):
                    continue
                key = (Z.breadth(o.base.get("face")), o.id)
                if best is None or key < best[0]:
                    best = (key, o.id)
        if best is None:
            return None
        chosen.append(best[1])
    return chosen, True


def _specific(need: str) -> int:
    return 0 if need.endswith(":power") else 1 if need.endswith(":class") else 2


def _assign(st, needs: list[list[str]], dice: list[int]) -> list[int] | None:
    """An assignment of ``dice`` to ``needs`` (each die pays one symbol), or None."""
    if len(dice) != len(needs):
        return None

    def go(i: int, left: list[int]) -> bool:
        if i == len(needs):
            return True
        for d in list(left):
            o = st.objects[d]
            if any(Z.can_pay(o.base.get("face"), Z.die_type(o), n) for n in needs[i]):
                left.remove(d)
                if go(i + 1, left):
                    return True
                left.append(d)
        return False
    return dice if go(0, list(dice)) else None


def plan(game: "AshesGame", ctx: "Context", player: str, costs: tuple[M.Cost, ...], *,
         source: int | None, what: str, action: str, choose: bool = True) -> Payment:
    """How ``player`` pays ``costs`` for ``what``; IllegalAction (4.0.0: a cost that cannot be
    paid means the card cannot be played) when they cannot. ``choose`` False (verifying): the
    cards to discard are only counted, not chosen."""
    st = ctx.state
    main = side = False
    exhaust = None
    discard_n = 0
    parallel = ""
    for c in costs:
        if c.kind == "main action":
            main = True
        elif c.kind == "side action":
            side = True
        elif c.kind == "main or side action":
            side = not game.side_spent(st, player)
            main = not side
            parallel = "main or side action"
        elif c.kind == "exhaust":
            exhaust = source
        elif c.kind == "discard":
            discard_n += c.amount.constant if c.amount and c.amount.constant else 1
        elif c.kind == "dice or discard":
            raise NotModelled(f"the parallel cost of {what} (dice or a discard, 4.4.1)")
        elif c.kind == "parallel":
            raise NotModelled(f"the parallel cost of {what} (one of "
                              f"{' / '.join(a.kind for a in c.alternatives)}, 4.4.1)")
    if main and game.main_spent(st, player):
        raise IllegalAction(action, f"{player} has already taken a main action this turn",
                            ctx.cite("turn.main"))
    if side and not game.may_take_side(st, player):
        raise IllegalAction(action, f"{player} may take no side action now "
                            f"({game.why_no_side(st, player)})", ctx.cite("turn.side"))
    if exhaust is not None and Z.exhausted(st, exhaust):
        raise IllegalAction(action, f"{st.objects[exhaust].name} is exhausted: its exhaust cost "
                            "cannot be paid", ctx.cite("costs"))
    needs = needs_of(costs)
    dice: list[int] = []
    default = None
    if needs:
        found = _choose_dice(ctx, player, needs, set(), consume=choose)
        if found is None:
            have = ", ".join(Z.die_label(o) for o in st.in_zone((player, "active pool"))) or \
                "no dice"
            want = ", ".join(" or ".join(n) for n in needs)
            raise IllegalAction(action, f"{player} cannot pay the magic cost of {what} ({want}) "
                                f"with {have} in the active pool", ctx.cite("costs"))
        dice, was_default = found
        if was_default:
            if ctx.policy("dice", "cheapest") == "error":
                raise UnstatedChoice("dice", f"which dice {player} pays {what} with",
                                     f"{player} pays with 1 natural class")
            default = ("dice: cheapest - " + ", ".join(Z.die_label(st.objects[d]) for d in dice)
                       + " (not stated)")
    discards: tuple[int, ...] = ()
    if discard_n and not choose:
        hand = [o.id for o in st.in_zone((player, "hand")) if o.id != source]
        if len(hand) < discard_n:
            raise IllegalAction(action, f"{player} has {T.plural(len(hand), 'cards')} in hand "
                                f"to discard for {what}, not {discard_n}", ctx.cite("costs"))
    elif discard_n:
        hand = [o.id for o in st.in_zone((player, "hand")) if o.id != source]
        if len(hand) < discard_n:
            raise IllegalAction(action, f"{player} has {T.plural(len(hand), 'cards')} in hand "
                                f"to discard for {what}, not {discard_n}", ctx.cite("costs"))
        names = tuple(st.objects[h].name for h in hand)
        picked = ctx.decide(Decision(
            key=f"discard:{what}:{len(ctx.trace.steps)}", player=player, kind="discard",
            prompt=f"which {T.plural(discard_n, 'cards')} {player} discards to pay for {what}",
            options=names, citation=ctx.cite_opt("costs") or "",
            example=f'{player} discards "{names[0]}"', count=discard_n))
        picked = (picked,) if isinstance(picked, str) else tuple(picked)
        chosen_cards = []
        for n in picked:
            oid = next(h for h in hand if st.objects[h].name == n and h not in chosen_cards)
            chosen_cards.append(oid)
        discards = tuple(chosen_cards)
    # a die paid below its face when the faces are worth more than the symbols (power 3,
    # class 2, basic 1; each die pays one symbol no higher than its face)
    worth = {"power": 3, "class": 2, "basic": 1}
    lower = sum(Z.breadth(st.objects[d].base.get("face")) for d in dice) > sum(
        max(worth[n.partition(":")[2] or "basic"] for n in need) for need in needs)
    return Payment(main=main, side=side, exhaust=exhaust, dice=tuple(dice), discards=discards,
                   default=default, parallel=parallel, lower=lower)


def pay(game: "AshesGame", ctx: "Context", player: str, p: Payment, what: str, *,
        magic_play_cost: int | None = None) -> None:
    """Pay in full at once (4.4.0)."""
    st = ctx.state
    mark = len(st.log)
    parts = []
    if p.main:
        st.apply(Z.Mark("main spent", True))
        parts.append("spends the main action")
    if p.side:
        st.apply(Z.Mark("side spent", int(st.globals.get("side spent", 0)) + 1))
        parts.append("spends the side action")
    if p.exhaust is not None:
        st.apply(AddCounter(p.exhaust, Z.EXHAUSTION, 1))
        parts.append(f"exhausts {st.objects[p.exhaust].name}")
    if p.dice:
        labels = [Z.die_label(st.objects[d]) for d in p.dice]
        for d in p.dice:
            st.apply(MoveObject(d, (player, "exhausted pool")))
        parts.append("exhausts " + ", ".join(labels))
    for c in p.discards:
        st.apply(MoveObject(c, (player, "discard")))
        parts.append(f"discards {st.objects[c].name}")
    if not parts:
        return
    if magic_play_cost is not None:
        parts.append(f"its magic play cost is {magic_play_cost}")
    ctx.step(T.RULE, f"{player} pays for {what}: " + "; ".join(parts),
             ["costs"] + (["costs.parallel"] if p.parallel else []) +
             (["costs.magic-play"] if magic_play_cost is not None else []) +
             (["dice.symbols"] if p.lower else []), mark=mark, actor=player, default=p.default)


# --------------------------------------------------------------------------- dice effects

def roll(ctx: "Context", player: str, dice: list[int], what: str) -> None:
    """``dice`` are rolled: their faces are what the scenario states (``rolls``)."""
    st = ctx.state
    types = [Z.die_type(st.objects[d]) for d in dice]
    shown = ", ".join(f"{types.count(t)} {t}" for t in dict.fromkeys(types))
    answer = ctx.decide(Decision(
        key=f"roll:{what}:{len(ctx.trace.steps)}", player=player, kind="roll",
        prompt=f"the faces {player} rolls on {T.plural(len(dice), 'dice')} ({shown}) for "
               f"{what}", options=(), citation=ctx.cite_opt("dice.symbols") or "",
        example=f"{player} rolls {len(dice)} {types[0] if types else 'natural'} power"))
    faces = [label.partition(" ")[::2] for label in answer]
    left = list(dice)
    mark = len(st.log)
    for dtype, face in faces:
        d = next((x for x in left if Z.die_type(st.objects[x]) == dtype), None)
        if d is None:
            raise NotModelled(f"the roll stated for {what} names a {dtype} die, but the dice "
                              f"rolled are {shown}")
        left.remove(d)
        st.apply(SetFace(d, face))
    if left:
        raise NotModelled(f"the roll stated for {what} gives {len(faces)} faces for "
                          f"{len(dice)} dice")
    ctx.step(T.EVENT, f"{player} rolls: " + ", ".join(Z.die_label(st.objects[d]) for d in dice)
             + " (as the scenario states)", ["dice.symbols"], mark=mark, actor=player)


def effect(game: "AshesGame", ctx: "Context", run: "Run", e: M.Dice) -> None:
    st = ctx.state
    player = run.controller
    if e.action == "select":
        pool = e.from_zone.name if e.from_zone is not None else "exhausted pool"
        n = e.count.constant if e.count is not None else None
        if n is None:
            raise NotModelled(f"{run.name}: how many dice it selects")
        have = [o.id for o in st.in_zone((player, pool))]
        upto = (e.count.relation == "up to") if e.count is not None else False
        run.dice = []
        run.modes = run.modes + (f"select:{pool}:{n}:{int(upto)}",)
        ctx.step(T.RULE, f"{run.name}: {player} selects {'up to ' if upto else ''}"
                 f"{T.plural(n, 'dice')} in the {pool} ({len(have)} there)", ["resolve"],
                 actor=player)
        run.did = bool(have)
        return
    if e.action == "re-roll":
        sel = next((m for m in reversed(run.modes) if m.startswith("select:")), None)
        if sel is None:
            raise NotModelled(f"{run.name}: which dice are re-rolled")
        _, pool, n, upto = sel.split(":")
        have = [o.id for o in st.in_zone((player, pool))]
        want = int(n)
        if len(have) <= want and not int(upto):
            dice = have
            roll(ctx, player, dice, run.name)
        else:
            dice = _roll_choosing(ctx, player, have, want, bool(int(upto)), run.name)
        run.dice = dice
        mark = len(st.log)
        for d in dice:
            st.apply(MoveObject(d, (player, "active pool")))
        ctx.step(T.EVENT, f"{run.name}: the re-rolled dice are placed in {player}'s active pool",
                 ["resolve"], mark=mark)
        run.did = bool(dice)
        return
    if e.action == "spend":
        if e.count is None or e.count.constant is None:
            raise NotModelled(f"{run.name}: how many dice it spends")
        need = e.kind if (":" in e.kind or e.kind == "basic") else ""
        if not need:
            raise NotModelled(f"{run.name}: spending dice of kind {e.kind!r}")
        found = _choose_dice(ctx, player, [[need]] * e.count.constant, set())
        if found is None:
            ctx.step(T.RULE, f"{player} cannot spend {e.count.constant} [[{need}]] for "
                     f"{run.name}: what it pays for is not done", ["costs", "trigger.condition"])
            run.did = False
            return
        dice, was_default = found
        pay(game, ctx, player, Payment(dice=tuple(dice), default=(
            "dice: cheapest - " + ", ".join(Z.die_label(st.objects[d]) for d in dice)
            + " (not stated)") if was_default else None), run.name)
        run.did = True
        return
    raise NotModelled(f"{run.name}: {e.action} dice")


def _roll_choosing(ctx: "Context", player: str, have: list[int], n: int, upto: bool,
                   what: str) -> list[int]:
    """Dice selected from ``have`` and rolled: the ``rolls`` line names them by type."""
    st = ctx.state
    answer = ctx.decide(Decision(
        key=f"roll:{what}:{len(ctx.trace.steps)}", player=player, kind="roll",
        prompt=f"which {'up to ' if upto else ''}{T.plural(n, 'dice')} {player} selects and "
               f"the faces they roll for {what}", options=(),
        citation=ctx.cite_opt("dice.symbols") or "",
        example=f"{player} rolls {n} natural power"))
    faces = [label.partition(" ")[::2] for label in answer]
    if len(faces) > n or (not upto and len(faces) != n):
        raise NotModelled(f"the roll stated for {what} gives {len(faces)} dice, not "
                          f"{'up to ' if upto else ''}{n}")
    left = list(have)
    chosen = []
    mark = len(st.log)
    for dtype, face in faces:
        d = next((x for x in left if Z.die_type(st.objects[x]) == dtype), None)
        if d is None:
            raise NotModelled(f"the roll stated for {what} names a {dtype} die the pool does "
                              "not hold")
        left.remove(d)
        chosen.append(d)
        st.apply(SetFace(d, face))
    ctx.step(T.EVENT, f"{player} selects and rolls: " + ", ".join(
        Z.die_label(st.objects[d]) for d in chosen) + " (as the scenario states)",
        ["dice.symbols"], mark=mark, actor=player)
    return chosen


# --------------------------------------------------------------------------- dice powers (2.2.0)

POWERS = {
    "ceremonial": "Choose an ally in your discard pile. Add that ally to your hand, then deal "
                  "damage equal to that ally's attack value to your Phoenixborn.",
    "charm": "Place the die on a target unit you control: +1 attack value and life value; it "
             "goes to your exhausted pool at the end of the round.",
    "illusion": "Move 1 die from an opponent's active pool to that opponent's exhausted pool.",
    "natural": "Deal 1 damage to a target unit.",
    "time": "Target opponent may not perform any side actions on their next turn.",
}
NOT_MODELLED_POWERS = {
    "divine": "the divine power (a die on a unit that may prevent up to 2 damage it would "
              "receive)",
    "sympathy": "the sympathy power (draw 1 card, then put 1 card from hand on top or bottom "
                "of the draw pile)",
}


def power_die(ctx: "Context", player: str, dtype: str) -> int | None:
    st = ctx.state
    return next((o.id for o in st.in_zone((player, "active pool"))
                 if Z.die_type(o) == dtype and o.base.get("face") == "power"), None)


def dice_power(game: "AshesGame", ctx: "Context", player: str, dtype: str,
               targets: tuple[Any, ...], modes: tuple[str, ...]) -> None:
    """Activate a dice power (2.2.0): a side action; the die showing the power is exhausted
    (or placed on a unit) and the power resolves at once."""
    from judge.games.ashes.resolve import Run, target_event, take_target
    st = ctx.state
    die = power_die(ctx, player, dtype)
    assert die is not None
    name = f"{player}'s {dtype} dice power"
    mark = len(st.log)
    st.apply(Z.Mark("side spent", int(st.globals.get("side spent", 0)) + 1))
    ctx.step(T.ACTION, f"{player} activates the {dtype} dice power: {POWERS[dtype]}",
             ["dice.power", "turn.side"], mark=mark, actor=player)
    run = Run(name=name, controller=player, source=None, kind="dice power",
              targets=list(targets), modes=modes)
    from judge.engine import immediate as I

    def place_or_exhaust(c: "Context") -> None:
        if dtype != "charm":
            m = len(st.log)
            st.apply(MoveObject(die, (player, "exhausted pool")))
            c.step(T.RULE, f"the {dtype} power die goes to {player}'s exhausted pool",
                   ["dice.power", "costs"], mark=m, actor=player)

    def power(c: "Context") -> None:
        if dtype == "natural":
            spec = M.Target(kinds=("unit",), targeted=True)
            t = take_target(game, c, run, spec, "a target unit")
            if not target_event(game, c, run, t, "a target unit"):
                return
            game.deal_damage(c, t, 1, source=None, by=name, cause="effect")
        elif dtype == "illusion":
            spec = M.Target(who="player", kinds=("opponent",), controller="opponent")
            opp = next((t for t in run.targets if isinstance(t, str) and t != player), None)
            if opp is None:
                others = st.opponents(player)
                if len(others) != 1:
                    raise NotModelled(f"{name}: which opponent")
                opp = others[0]
            pool = st.in_zone((opp, "active pool"))
            if not pool:
                c.step(T.RULE, f"{opp} has no die in the active pool", ["dice.power"])
                return
            labels = tuple(dict.fromkeys(Z.die_label(o) for o in pool))
            pick = labels[0] if len(labels) == 1 else c.decide(Decision(
                key=f"illusion:{len(c.trace.steps)}", player=player, kind="choose",
                prompt=f"which of {opp}'s dice {player} moves", options=labels,
                citation=c.cite_opt("dice.power") or "",
                example=f'{player} chooses "{labels[0]}"'))
            d = next(o.id for o in pool if Z.die_label(o) == pick)
            m = len(st.log)
            st.apply(MoveObject(d, (opp, "exhausted pool")))
            c.step(T.EVENT, f"{opp}'s {pick} moves to {opp}'s exhausted pool", ["dice.power"],
                   mark=m)
        elif dtype == "time":
            spec = M.Target(who="player", kinds=("opponent",), controller="opponent",
                            targeted=True)
            opp = take_target(game, c, run, spec, "target opponent")
            if not target_event(game, c, run, opp, "target opponent"):
                return
            m = len(st.log)
            st.apply(Z.Mark("no side actions", tuple(st.globals.get("no side actions", ()))
                               + (opp,)))
            c.step(T.EVENT, f"{opp} may not perform side actions on their next turn",
                   ["dice.power"], mark=m)
        elif dtype == "charm":
            spec = M.Target(kinds=("unit",), controller="you", targeted=True)
            t = take_target(game, c, run, spec, "a target unit you control")
            if not target_event(game, c, run, t, "a target unit you control"):
                return
            game.place_die(c, die, t, attack=1, life=1, by=name)
        elif dtype == "ceremonial":
            ally = next((t for t in run.targets if isinstance(t, int)
                         and st.objects[t].zone == (player, "discard")
                         and "ally" in st.objects[t].kinds), None)
            if ally is None:
                raise NotModelled(f"{name}: which ally in {player}'s discard pile (state it "
                                  "with: targeting \"...\")")
            attack = st.value(ally, "attack")
            m = len(st.log)
            st.apply(MoveObject(ally, (player, "hand")))
            c.step(T.EVENT, f"{player} chooses {st.objects[ally].name} in the discard pile and "
                   "adds it to their hand", ["dice.power"], mark=m)
            pb = game.phoenixborn_of(st, player)
            if pb is None:
                raise NotModelled(f"{name}: damage to {player}, who has no Phoenixborn")
            game.deal_damage(c, pb, int(attack or 0), source=None, by=name, cause="effect")
    I.run_effects(ctx, name, [place_or_exhaust, power])
