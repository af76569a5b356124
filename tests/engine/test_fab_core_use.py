"""Flesh and Blood's use of the core's mechanisms (the mechanisms themselves are tested on plain
states and the toy game in test_core.py): its counters (25.4) and where they stay, its
replacements (18.2, 26.5), priority (14.5) and the combat chain's copies."""

from __future__ import annotations


from judge.engine import effects as E
from judge.engine import events as V
from judge.engine.chain import Priority
from judge.engine.context import Context, StatedChoice
from judge.engine.events import Event, Replacement
from judge.engine.state import MoveObject, State
from judge.games.fab.game import GAME


def _state() -> State:
    st = GAME.new_state("fab-1.4")
    for p in ("Alice", "Bob"):
        GAME.add_player(st, p)
    return st


def test_fab_25_4_counters_change_the_value_not_the_base():
    st = _state()
    o = st.create(name="Helm", owner="Bob", zone=("Bob", "equipment"), base={"defense": 2})
    o.counters.append(("-1{d}", st.tick()))
    assert st.value(o.id, "defense") == 1 and st.base_value(o.id, "defense") == 2


def test_counters_leave_outside_arena_and_arsenal():
    st = _state()
    o = st.create(name="Helm", owner="Bob", zone=("Bob", "equipment"), base={"defense": 2})
    o.counters.append(("-1{d}", st.tick()))
    st.apply(MoveObject(o.id, (None, "combat chain")))
    assert st.counter_count(o.id, "-1{d}") == 1
    st.apply(MoveObject(o.id, ("Bob", "graveyard")))
    assert st.counter_count(o.id, "-1{d}") == 0


def test_fab_26_5_optional_replacement_needs_a_stated_use():
    st = _state()
    hero = st.create(name="Hero", owner="Bob", zone=("Bob", "hero"), base={"life": 20})
    st.players["Bob"].hero = hero.id
    st.create(name="Hood", owner="Bob", zone=("Bob", "equipment"), base={"defense": 0},
              keywords={"arcane barrier": 1})
    st.players["Bob"].values["resource points"] = 1
    ctx = Context(st, GAME)
    GAME.start_turn(ctx, "Alice")
    V.run(ctx, Event("damage", player="Bob", amount=2, dtype="arcane"))
    assert GAME.life(st, "Bob") == 18
    ctx.choices.stated.append(StatedChoice("Bob", "use", "Hood"))
    V.run(ctx, Event("damage", player="Bob", amount=2, dtype="arcane"))
    assert GAME.life(st, "Bob") == 17 and st.players["Bob"].values["resource points"] == 0
    assert not ctx.choices.stated                     # used once, for one event


def test_fab_14_5_priority_passes_in_succession():
    st = _state()
    ctx = Context(st, GAME)
    GAME.start_turn(ctx, "Alice")
    assert Priority.holder(st) == "Alice"
    assert Priority.pass_(st) is False and Priority.holder(st) == "Bob"
    assert Priority.pass_(st) is True


def test_fab_combat_deepcopy_keeps_shared_links_shared_and_lists_independent():
    import copy
    from judge.games.fab.combat import Combat, Link
    a = Link(1, attack=5, layer=6, controller="Alice", target="Bob", defenders=[7])
    b = Link(2, attack=8, layer=9, controller="Alice", target="Bob")
    c = Combat(True, [b], [a, b])
    d = copy.deepcopy(c)
    assert d.links[0] is d.history[1] and d.links[0] is not b
    assert d.history[0] == a and d.history[0] is not a
    d.history[0].defenders.append(3)
    assert a.defenders == [7]
    assert [f for f in Link.__slots__] and all(
        getattr(d.history[0], f) == getattr(a, f) for f in Link.__slots__ if f != "defenders")
