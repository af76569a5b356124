"""Flesh and Blood's use of the core's mechanisms: its two value layers (25.2, 25.3), its counters
(25.4), last known information (22), its replacements (18.2, 26.5) and priority (14.5)."""

from __future__ import annotations

import pytest

from judge.engine import effects as E
from judge.engine import events as V
from judge.engine.chain import Priority
from judge.engine.context import Context, StatedChoice
from judge.engine.events import Event, Replacement
from judge.engine.state import AddModifier, Modifier, MoveObject, State
from judge.games.fab.game import GAME


def _state() -> State:
    st = GAME.new_state("fab-1.4")
    for p in ("Alice", "Bob"):
        GAME.add_player(st, p)
    return st


def _mod(st: State, oid: int, op: str, value: int, layer: int, stat: str = "power") -> Modifier:
    o = st.objects[oid]
    m = Modifier(id=st.new_id(), target=(o.id, o.incarnation), stat=stat, op=op, value=value,
                 layer=layer, timestamp=st.tick())
    st.apply(AddModifier(m))
    return m


def test_values_apply_layers_before_timestamps():
    """A later base-setting modifier (layer 0, FaB 25.2) applies before an earlier +3 (25.3)."""
    st = _state()
    o = st.create(name="Hit", owner="Alice", zone=("Alice", "hand"), base={"power": 4})
    _mod(st, o.id, "add", 3, layer=1)
    _mod(st, o.id, "set", 1, layer=0)
    assert st.value(o.id, "power") == 4          # (base 4 -> set 1) + 3
    assert st.base_value(o.id, "power") == 1


def test_fab_25_4_counters_change_the_value_not_the_base():
    st = _state()
    o = st.create(name="Helm", owner="Bob", zone=("Bob", "equipment"), base={"defense": 2})
    o.counters.append(("-1{d}", st.tick()))
    assert st.value(o.id, "defense") == 1 and st.base_value(o.id, "defense") == 2


def test_fab_19_6_2_a_missing_value_stays_missing():
    st = _state()
    o = st.create(name="Potion", owner="Alice", zone=("Alice", "hand"), base={})
    _mod(st, o.id, "add", 2, layer=1)
    assert st.value(o.id, "power") is None


def test_moving_gives_a_new_incarnation_and_keeps_last_known_information():
    st = _state()
    o = st.create(name="Jab", owner="Alice", zone=(None, "combat chain"), base={"power": 3},
                  keywords={"go again": None})
    _mod(st, o.id, "add", 2, layer=1)
    st.apply(MoveObject(o.id, ("Alice", "deck"), position="bottom"))
    assert st.value(o.id, "power") == 3               # the +2 was on the old object
    snap = st.lki[o.id]
    assert snap.value("power") == 5 and snap.has_keyword("go again")
    assert st.zones[("Alice", "deck")].ids[-1] == o.id


def test_counters_leave_outside_arena_and_arsenal():
    st = _state()
    o = st.create(name="Helm", owner="Bob", zone=("Bob", "equipment"), base={"defense": 2})
    o.counters.append(("-1{d}", st.tick()))
    st.apply(MoveObject(o.id, (None, "combat chain")))
    assert st.counter_count(o.id, "-1{d}") == 1
    st.apply(MoveObject(o.id, ("Bob", "graveyard")))
    assert st.counter_count(o.id, "-1{d}") == 0


def test_conditional_effect_turns_on_and_off():
    """FaB 17.2.1: a conditional continuous effect applies only while its condition holds."""
    st = _state()
    o = st.create(name="Exude", owner="Alice", zone=("Alice", "hand"), base={"power": 3})
    e = E.create(st, description="+1 while flag", controller="Alice", citation=None,
                 condition=lambda s: bool(s.globals.get("flag")))
    st.apply(AddModifier(Modifier(id=st.new_id(), target=(o.id, o.incarnation), stat="power",
                                  op="add", value=1, layer=1, timestamp=st.tick(), effect=e.id)))
    assert st.value(o.id, "power") == 3
    st.globals["flag"] = True
    assert st.value(o.id, "power") == 4
    E.expire(st, "never")
    assert st.value(o.id, "power") == 4
    st.effects[e.id].ends_at = frozenset({"end of turn"})
    E.expire(st, "end of turn")
    assert st.value(o.id, "power") == 3 and not st.modifiers


def test_fab_18_2_each_replacement_applies_once_per_event():
    st = _state()
    st.players["Bob"].hero = st.create(name="Hero", owner="Bob", zone=("Bob", "hero"),
                                       base={"life": 20}).id
    ctx = Context(st, GAME)
    GAME.start_turn(ctx, "Alice")
    calls = []

    def apply(c, ev):
        calls.append(ev.amount)
        return ev.with_(amount=ev.amount - 1)
    repl = Replacement(id="minus one", name="X", label="X", controller="Bob", citation="c",
                       applies=lambda s, ev: ev.kind == "damage", apply=apply)
    e = E.create(st, description="minus one", controller="Bob", citation=None)
    e.replacement = repl
    V.run(ctx, Event("damage", player="Bob", amount=3))
    assert calls == [3]
    assert GAME.life(st, "Bob") == 18


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


def test_fork_is_independent():
    st = _state()
    o = st.create(name="Jab", owner="Alice", zone=("Alice", "hand"), base={"power": 3})
    copy = st.fork()
    copy.apply(MoveObject(o.id, ("Alice", "graveyard")))
    assert st.objects[o.id].zone == ("Alice", "hand") and not st.invariant_problems()
    assert copy.objects[o.id].zone == ("Alice", "graveyard") and not copy.invariant_problems()


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
