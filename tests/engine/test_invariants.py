"""Random action sequences on random small FaB boards never crash the engine and never break
the invariants: life >= 0, every card in exactly one zone, action and resource points >= 0."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from judge.engine.context import Context
from judge.engine.errors import IllegalAction, NotModelled
from judge.games.fab.game import GAME

CARDS = {
    "Attack": (("action", "attack"), {"cost": 1, "pitch": 1, "power": 5, "defense": 3}, ""),
    "Jab": (("action", "attack"), {"cost": 0, "pitch": 2, "power": 2, "defense": 2}, "Go again"),
    "Brute": (("action", "attack"), {"cost": 2, "pitch": 3, "power": 7, "defense": 1}, "Dominate"),
    "Sink": (("defense", "reaction", "defense reaction"), {"cost": 0, "pitch": 1, "defense": 3}, ""),
    "Zap": (("instant",), {"cost": 0, "pitch": 1}, "Deal 2 arcane damage to target hero."),
    "Helm": (("equipment", "head"), {"defense": 1}, "Blade Break"),
    "Hood": (("equipment", "head"), {"defense": 0}, "Arcane Barrier 1"),
}
PLAYERS = ("Alice", "Bob")


def _board(draw) -> Context:
    state = GAME.new_state("fab-1.4")
    for p in PLAYERS:
        GAME.add_player(state, p)
        life = draw(st.integers(1, 20))
        state.players[p].hero = state.create(name=f"{p} hero", owner=p, zone=(p, "hero"),
                                             base={"life": life, "intellect": 4}).id
        for name in draw(st.lists(st.sampled_from(sorted(CARDS)), max_size=5)):
            kinds, base, text = CARDS[name]
            zone = "equipment" if "equipment" in kinds else "hand"
            o = state.create(name=name, owner=p, zone=(p, zone), kinds=kinds, base=dict(base),
                             text=text)
            o.keywords.update(dict(GAME.card_rules(state, o.id).keywords))
        for _ in range(draw(st.integers(0, 3))):
            kinds, base, text = CARDS["Attack"]
            state.create(name="Attack", owner=p, zone=(p, "deck"), kinds=kinds, base=dict(base))
        state.players[p].pools.update({"action points": 1 if p == "Alice" else 0,
                                       "resource points": draw(st.integers(0, 2))})
    ctx = Context(state, GAME)
    GAME.start(ctx, "Alice")
    return ctx


def _random_action(draw, ctx: Context) -> tuple[str, dict]:
    state = ctx.state
    player = draw(st.sampled_from(PLAYERS))
    ids = sorted(state.objects)
    card = draw(st.sampled_from(ids))
    pitch = tuple(draw(st.lists(st.sampled_from(ids), max_size=2, unique=True)))
    kind = draw(st.sampled_from(GAME.ACTIONS))
    args: dict = {"player": player}
    if kind in ("play", "attack"):
        args.update(card=card, pitching=pitch,
                    targets=(draw(st.sampled_from(PLAYERS)),))
    elif kind == "activate":
        args.update(card=card, pitching=pitch)
    elif kind in ("defend", "pitch"):
        args.update(cards=pitch)
    elif kind == "use_optional":
        args.update(effect=draw(st.sampled_from(["arcane barrier", "spellvoid"])), card=card,
                    pitching=pitch)
    elif kind == "order":
        args.update(order=("Zap",))
    elif kind == "choose":
        args.update(choice=draw(st.sampled_from(["close the combat chain", "continue"])))
    elif kind == "target_trigger":
        args.update(card=card, targets=(draw(st.sampled_from(PLAYERS)),))
    return kind, args


def _check(ctx: Context) -> None:
    state = ctx.state
    assert not state.invariant_problems()
    for p in PLAYERS:
        assert GAME.life(state, p) >= 0
        assert state.players[p].pools.get("action points", 0) >= 0
        assert state.players[p].pools.get("resource points", 0) >= 0


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_random_actions_keep_the_invariants(data):
    ctx = _board(data.draw)
    for _ in range(data.draw(st.integers(1, 25))):
        kind, args = _random_action(data.draw, ctx)
        try:
            GAME.before_action(ctx, kind)
            GAME.act(ctx, kind, **args)
        except (IllegalAction, NotModelled):
            pass
        _check(ctx)
        if data.draw(st.booleans()):
            try:
                GAME.settle(ctx)
            except NotModelled:
                pass
            _check(ctx)
