"""The game-neutral core, on plain states and on the toy game of ``tests/conformance``: values
(numbers, words, sets; layers; bounds), identity across zones, the staged event pipeline and
simultaneous events, decisions, the immediate-resolution block, effect lifetimes, loop
detection. These tests import no real game (``test_contract.py`` checks it)."""

from __future__ import annotations

import pytest

from judge.engine import effects as E
from judge.engine import events as V
from judge.engine import immediate as I
from judge.engine.context import Context
from judge.engine.decisions import DEFAULT, Answer, Decision, DecisionPending
from judge.engine.errors import IllegalAction, NotModelled, UnstatedChoice
from judge.engine.events import Event, PendingTrigger, Replacement, Stage
from judge.engine.loops import LoopDetected, LoopDetector
from judge.engine.state import (AddCounter, AddModifier, ChangeValue, CounterRule, Modifier, MoveObject,
                                State)
from judge.engine.trace import CitationTable
from judge.engine.values import Bound, ValueRules
from tests.conformance.toy.game import GAME as TOY


def _state(rules: ValueRules | None = None) -> State:
    st = State("x", "doc")
    if rules is not None:
        st.rules = rules
    for p in ("Alice", "Bob"):
        st.add_player(p)
        for z in ("hand", "board", "pile"):
            st.add_zone(p, z)
    return st


def _mod(st: State, oid: int, op: str, value, layer: int, stat: str = "power") -> Modifier:
    o = st.objects[oid]
    m = Modifier(id=st.new_id(), target=(o.id, o.incarnation), stat=stat, op=op, value=value,
                 layer=layer, timestamp=st.tick())
    st.apply(AddModifier(m))
    return m


def _toy(life: int = 10) -> Context:
    st = TOY.new_state("toy-1")
    for p in ("Alice", "Bob"):
        TOY.add_player(st, p)
        st.players[p].values["life"] = life
    st.globals.update({"turn player": "Alice", "priority": "Alice", "passes": 0})
    return Context(st, TOY)


# ---------------------------------------------------------------------------- values
def test_values_apply_layers_before_timestamps():
    st = _state()
    o = st.create(name="U", owner="Alice", zone=("Alice", "board"), base={"power": 4})
    _mod(st, o.id, "add", 3, layer=1)
    _mod(st, o.id, "set", 1, layer=0)
    assert st.value(o.id, "power") == 4          # (base 4 -> set 1) + 3
    assert st.base_value(o.id, "power") == 1


def test_values_may_be_words_and_sets_of_words():
    st = _state()
    o = st.create(name="U", owner="Alice", zone=("Alice", "board"),
                  base={"zone": "high", "traits": frozenset({"elf"})})
    _mod(st, o.id, "set", "low", layer=1, stat="zone")
    _mod(st, o.id, "include", frozenset({"warrior"}), layer=1, stat="traits")
    _mod(st, o.id, "exclude", "elf", layer=2, stat="traits")
    assert st.value(o.id, "zone") == "low"
    assert st.value(o.id, "traits") == frozenset({"warrior"})


def test_a_missing_value_stays_missing():
    st = _state()
    o = st.create(name="U", owner="Alice", zone=("Alice", "hand"), base={})
    _mod(st, o.id, "add", 2, layer=1)
    assert st.value(o.id, "power") is None


def test_a_game_orders_competing_modifiers_its_own_way():
    """WoW 718: by timestamp only; the default is by layer first."""
    by_time = ValueRules(order=lambda s, o, stat, steps: sorted(steps, key=lambda x: x[1]))
    st = _state(by_time)
    o = st.create(name="U", owner="Alice", zone=("Alice", "board"), base={"power": 4})
    _mod(st, o.id, "add", 3, layer=1)
    _mod(st, o.id, "set", 1, layer=0)
    assert st.value(o.id, "power") == 1          # +3 first, then "becomes 1"


def test_a_bound_holds_a_value_and_the_trace_cites_the_rule_once():
    bound = Bound("power", 0, procedure="value.power", text="a card cannot have negative power")
    st = _state(ValueRules(bounds=(bound,)))
    o = st.create(name="Jab", owner="Alice", zone=("Alice", "board"), base={"power": 2})
    _mod(st, o.id, "add", -3, layer=1)
    assert st.raw_value(o.id, "power") == -1
    assert st.value(o.id, "power") == 0
    ctx = Context(st, TOY)
    ctx.game = type("G", (), {"citations": CitationTable({"value.power": {"doc": "9.2.8b"}})})()
    st.value(o.id, "power")
    ctx.step("rule", "damage calculation")
    noted = [s for s in ctx.trace.steps if "would be -1" in s.text]
    assert len(noted) == 1 and noted[0].citations == ("doc 9.2.8b",)
    assert "so it is 0" in noted[0].text


def test_a_bound_applies_only_to_the_kinds_it_names():
    weapons = Bound("power", 0, procedure="p", kinds=frozenset({"weapon"}))
    st = _state(ValueRules(bounds=(weapons,)))
    w = st.create(name="W", owner="Alice", zone=("Alice", "board"), kinds=("weapon",),
                  base={"power": 1})
    a = st.create(name="A", owner="Alice", zone=("Alice", "board"), base={"power": 1})
    for o in (w, a):
        _mod(st, o.id, "add", -2, layer=1)
    assert (st.value(w.id, "power"), st.value(a.id, "power")) == (0, -1)


def test_a_bound_that_holds_each_step_floors_each_modifier_in_turn():
    """"If an effect would reduce it to less than zero, instead it reduces it to zero" (FaB
    9.2.8b): 2, then -3 (held at 0), then +2 is 2; a bound on the result alone would give 1.
    Counters count in full and only the result is held (FaB 8.2.5b)."""
    running = Bound("power", 0, procedure="p", text="no negative power", each_step=True)
    st = _state(ValueRules(bounds=(running,)))
    o = st.create(name="Jab", owner="Alice", zone=("Alice", "board"), base={"power": 2})
    _mod(st, o.id, "add", -3, layer=1)
    assert st.value(o.id, "power") == 0 and st.raw_value(o.id, "power") == -1
    _mod(st, o.id, "add", 2, layer=1)
    assert st.value(o.id, "power") == 2
    hits = [h for h in st.notes if h.obj == o.id]
    assert (hits[0].raw, hits[0].held) == (-1, 0)
    st.counter_rules["-1"] = CounterRule("-1", "defense", -1, layer=1)
    st.counter_rules["+1"] = CounterRule("+1", "defense", 1, layer=1)
    e = st.create(name="Helm", owner="Alice", zone=("Alice", "board"), base={"defense": 1})
    st.rules = ValueRules(bounds=(running, Bound("defense", 0, procedure="d", each_step=True)))
    for name in ("-1", "-1", "+1"):
        st.apply(AddCounter(e.id, name))
    assert st.value(e.id, "defense") == 0           # 1 - 1 - 1 + 1: the counters count in full


def test_player_values_outside_their_bounds_are_invariant_problems():
    st = _state(ValueRules(player_bounds=(Bound("resources", 0, procedure="r"),)))
    st.apply(ChangeValue("Alice", "resources", -1))
    assert any("resources" in p for p in st.invariant_problems())


def test_moving_gives_a_new_incarnation_and_keeps_last_known_information():
    st = _state()
    o = st.create(name="Jab", owner="Alice", zone=("Alice", "board"), base={"power": 3},
                  keywords={"go again": None})
    _mod(st, o.id, "add", 2, layer=1)
    st.apply(MoveObject(o.id, ("Alice", "pile"), position="bottom"))
    assert st.value(o.id, "power") == 3               # the +2 was on the old object
    snap = st.lki[o.id]
    assert snap.value("power") == 5 and snap.has_keyword("go again")
    assert st.zones[("Alice", "pile")].ids[-1] == o.id


def test_keeping_last_known_information_reads_no_value():
    # an unbound static ability is named when a value it could change is read (abilities.read);
    # the snapshot a move keeps is not such a read
    st = _state()
    o = st.create(name="Jab", owner="Alice", zone=("Alice", "board"), base={"power": 3})
    st.watch_reads = True
    st.apply(MoveObject(o.id, ("Alice", "pile")))
    assert st.lki[o.id].value("power") == 3 and st.reads == set()
    st.value(o.id, "power")
    assert st.reads == {"power"}


def test_counter_rules_are_per_game():
    st = _state()
    st.counter_rules["+1"] = CounterRule("+1", "atk", 1, layer=2)
    o = st.create(name="U", owner="Alice", zone=("Alice", "board"), base={"atk": 1})
    o.counters.append(("+1", st.tick()))
    assert st.value(o.id, "atk") == 2


def test_conditional_effect_turns_on_and_off():
    st = _state()
    E.install(st)
    o = st.create(name="U", owner="Alice", zone=("Alice", "hand"), base={"power": 3})
    e = E.create(st, description="+1 while flag", controller="Alice", citation=None,
                 condition=lambda s: bool(s.globals.get("flag")))
    st.apply(AddModifier(Modifier(id=st.new_id(), target=(o.id, o.incarnation), stat="power",
                                  op="add", value=1, layer=1, timestamp=st.tick(), effect=e.id)))
    assert st.value(o.id, "power") == 3
    st.globals["flag"] = True
    assert st.value(o.id, "power") == 4
    st.effects[e.id].ends_at = frozenset({"end of turn"})
    E.expire(st, "end of turn")
    assert st.value(o.id, "power") == 3 and not st.modifiers


def test_fork_is_independent():
    st = _state()
    o = st.create(name="Jab", owner="Alice", zone=("Alice", "hand"), base={"power": 3})
    copy = st.fork()
    copy.apply(MoveObject(o.id, ("Alice", "pile")))
    copy.apply(ChangeValue("Alice", "life", 3))
    assert st.objects[o.id].zone == ("Alice", "hand") and "life" not in st.players["Alice"].values
    assert copy.objects[o.id].zone == ("Alice", "pile") and not copy.invariant_problems()


def test_fork_copies_each_object_slot_by_slot_with_fresh_containers():
    """The copier written out per class gives what copy.copy gives (every slot the same
    object) except the containers a fork must not share (counters, flags; a player's values;
    an effect's data); a slot never set stays unset, as copy.copy leaves it."""
    import copy as stdcopy
    from dataclasses import fields

    from judge.engine.state import GameObject, _copy_object, _copy_player

    st = _state()
    o = st.create(name="Jab", owner="Alice", zone=("Alice", "hand"), base={"power": 3},
                  keywords={"go again": None}, kinds=("Attack",))
    o.counters.append(("+1{p}", 4))
    o.flags.add("blocked")
    new, plain = _copy_object(o), stdcopy.copy(o)
    for f in fields(GameObject):
        assert getattr(new, f.name) == getattr(plain, f.name), f.name
        shared = getattr(new, f.name) is getattr(o, f.name)
        assert shared == (f.name not in ("counters", "flags")), f.name
    new.counters.append(("-1{d}", 5))
    new.flags.add("hit")
    assert o.counters == [("+1{p}", 4)] and o.flags == {"blocked"}
    p = st.players["Alice"]
    p.values["life"] = 20
    q = _copy_player(p)
    q.values["life"] = 19
    assert p.values["life"] == 20 and (q.name, q.seat, q.hero) == (p.name, p.seat, p.hero)
    half = GameObject.__new__(GameObject)          # slots never set
    half.id, half.counters, half.flags = 9, [], set()
    out = _copy_object(half)
    assert out.id == 9 and not hasattr(out, "name") and out.flags is not half.flags


def test_fork_shares_immutable_globals_and_copies_the_others_every_time():
    """A global found immutable is shared by the fork (and not walked again while it is the
    same object); a mutable one is copied at each fork, also when it replaces an immutable
    one under the same key after an earlier fork."""
    st = _state()
    st.globals["passes"], st.globals["seen"] = ("Jab", 2), ["Jab"]
    first = st.fork()
    assert first.globals["passes"] is st.globals["passes"]
    assert first.globals["seen"] == ["Jab"] and first.globals["seen"] is not st.globals["seen"]
    first.globals["seen"].append("Pummel")
    assert st.globals["seen"] == ["Jab"]
    first.globals["passes"] = ["now", "a list"]       # same key, a mutable value
    second = first.fork()
    second.globals["passes"].append("x")
    assert first.globals["passes"] == ["now", "a list"]
    third = second.fork()
    assert list(third.globals) == list(st.globals) and third.globals == second.globals


def test_fork_shares_a_frozen_dataclass_global_of_plain_values_and_copies_other_records():
    """A global holding a frozen dataclass whose fields are plain values (a game's record, such
    as WoW's combat) is shared by a fork, as a tuple is: deepcopy would only make an equal copy
    that nothing can change. One with a mutable field, an attribute beyond its fields, or copy
    hooks of its own is copied at each fork as before."""
    from dataclasses import dataclass

    @dataclass(frozen=True)
    class Record:
        player: str
        refs: tuple = ()

    @dataclass(frozen=True, slots=True)
    class Slotted:
        stage: str

    @dataclass(frozen=True)
    class Hooked:
        stage: str

        def __deepcopy__(self, memo):
            return Hooked(self.stage)

    st = _state()
    st.globals.update(plain=Record("Alice", ((1, 2),)), slotted=Slotted("attack"),
                      listed=Record("Bob", ([1],)), hooked=Hooked("defend"))
    extra = Record("Carol")
    object.__setattr__(extra, "note", [])           # an attribute beyond its fields
    st.globals["extra"] = extra
    copy = st.fork()
    assert copy.globals["plain"] is st.globals["plain"]
    assert copy.globals["slotted"] is st.globals["slotted"]
    for key in ("listed", "hooked", "extra"):
        assert copy.globals[key] is not st.globals[key] and copy.globals[key] == st.globals[key]
    copy.globals["listed"].refs[0].append(2)
    assert st.globals["listed"].refs == ([1],)


def _glowing(citation: str | None = None):
    """A toy card whose static ability ("Cards you control glow.", changing power) is unbound."""
    from judge.engine.abilities import BindAbilities, Unbound
    ctx = _toy()
    st = ctx.state
    o = st.create(name="Glow", owner="Alice", zone=("Alice", "board"), base={"power": 1})
    st.apply(BindAbilities(o.id, (Unbound(obj=o.id, card="Glow", kind="static",
                                          text="Cards you control glow.",
                                          zones=frozenset({"board"}),
                                          values=frozenset({"power"}), citation=citation),)))
    return ctx, st, o


def test_an_unbound_static_ability_is_named_when_a_value_it_could_change_is_read():
    ctx, st, o = _glowing()
    st.value(o.id, "cost")
    ctx.step("rule", "a cost is read")
    assert not ctx.untrusted
    st.value(o.id, "power")
    ctx.step("rule", "power is read")
    assert ctx.untrusted
    assert any("Glow's static ability 'Cards you control glow.'" in s.text
               and "it could change power" in s.text for s in ctx.trace.steps)


def test_an_unbound_ability_with_a_citation_is_named_citing_that_rule():
    ctx, st, o = _glowing(citation="1.2")
    st.value(o.id, "power")
    ctx.step("rule", "power is read")
    named = [s for s in ctx.trace.steps if "Glow's static ability" in s.text]
    assert named and named[0].citations == ("1.2",)


# ---------------------------------------------------------------------------- events
def test_each_replacement_applies_once_per_event():
    ctx = _toy()
    calls = []

    def apply(c, ev):
        calls.append(ev.amount)
        return ev.with_(amount=ev.amount - 1)
    repl = Replacement(id="minus one", name="X", label="X", controller="Bob", citation="c",
                       applies=lambda s, ev: ev.kind == "damage", apply=apply)
    TOY_REPLACEMENTS = type(TOY).replacements
    try:
        type(TOY).replacements = lambda self, c, ev: [repl]
        V.run(ctx, Event("damage", player="Bob", amount=3))
    finally:
        type(TOY).replacements = TOY_REPLACEMENTS
    assert calls == [3]
    assert ctx.state.players["Bob"].values["life"] == 8


def test_simultaneous_events_are_all_replaced_then_all_performed_then_trigger():
    ctx = _toy()
    order = []
    game = type("Recording", (type(TOY),), {
        "before": lambda self, c, ev: order.append(("before", ev.player)) or ev,
        "perform": lambda self, c, ev: order.append(("perform", ev.player)) or ev,
        "triggers": lambda self, c, ev, stage: order.append((stage.value, ev.player)) or [],
    })()
    ctx.game = game
    V.run_all(ctx, [Event("damage", player="Alice", amount=1),
                    Event("damage", player="Bob", amount=1)])
    assert order == [("before", "Alice"), ("before", "Bob"), ("perform", "Alice"),
                     ("perform", "Bob"), ("when", "Alice"), ("when", "Bob"),
                     ("after", "Alice"), ("after", "Bob")]


def test_a_would_stage_can_cancel_the_event():
    ctx = _toy()
    game = type("Cancelling", (type(TOY),), {
        "before": lambda self, c, ev: ev.with_(cancelled=True)})()
    ctx.game = game
    assert V.run(ctx, Event("damage", player="Bob", amount=3)) is None
    assert ctx.state.players["Bob"].values["life"] == 10


# ---------------------------------------------------------------------------- decisions
def _decision(default=None, policy=None) -> Decision:
    return Decision(key="k", player="Bob", kind="discard", prompt="which card Bob discards",
                    options=("A", "B"), citation="doc 1.1", example='Bob discards "A"',
                    default=default, policy=policy)


def test_a_decision_waits_for_the_next_line_when_the_driver_can_wait():
    ctx = _toy()
    ctx.suspendable = True
    with pytest.raises(DecisionPending) as waiting:
        ctx.decide(_decision())
    assert waiting.value.decision.key == "k"


def test_no_context_waits_for_a_line_once_its_unit_is_over():
    # a step that ran on a fork (implicit passes tried on a copy) hands the fork back: an
    # expectation trying an action on it later must not stop at a decision it cannot wait for
    from judge.engine.driver import _Run
    run = _Run(None, TOY)  # type: ignore[arg-type]  # run_unit reads no script
    ctx = _toy()
    out = run.run_unit(ctx, lambda c: c.fork())
    assert out is not ctx and not out.suspendable and not ctx.suspendable
    assert out.decide(_decision(default="A")) == "A" and out.trace.steps[-1].default


def test_an_answered_decision_is_recorded_with_the_rule_that_asks():
    ctx = _toy()
    ctx.answers["k"] = Answer("k", "B", line=7)
    assert ctx.decide(_decision()) == "B"
    step = ctx.trace.steps[-1]
    assert step.citations == ("doc 1.1",) and step.default is None and '"B"' in step.text
    assert "k" not in ctx.answers                      # an answer is spent once


def test_an_unanswered_decision_takes_its_default_and_says_so():
    ctx = _toy()
    ctx.answers["k"] = DEFAULT
    assert ctx.decide(_decision(default="A")) == "A"
    assert ctx.trace.steps[-1].default


def test_an_unanswered_decision_without_a_default_is_not_modelled_never_guessed():
    ctx = _toy()
    with pytest.raises(NotModelled) as nm:
        ctx.decide(_decision())
    assert 'Bob discards "A"' in nm.value.what


def test_policy_error_makes_an_unanswered_decision_an_error():
    ctx = _toy()
    ctx.policies = {"choices": "error"}
    with pytest.raises(UnstatedChoice):
        ctx.decide(_decision())
    ctx.policies = {"x": "error"}
    with pytest.raises(UnstatedChoice):
        ctx.decide(_decision(default="A", policy="x"))


# ---------------------------------------------------------------------------- immediate block
class _Immediate:
    """A minimal game for the immediate block: triggers resolve in the order given."""

    def __init__(self, responders=(), responses=None):
        self._responders = list(responders)
        self._responses = responses or {}
        self.responded: list[tuple[str, str]] = []

    def order_triggers(self, ctx, triggers):
        return list(triggers), "doc 4.5.1"

    def responders(self, ctx, event):
        return self._responders

    def responses(self, ctx, player, event, stage):
        return list(self._responses.get(player, ()))

    def respond(self, ctx, player, response, event):
        self.responded.append((player, response))


def test_immediate_effects_resolve_one_at_a_time_and_nest():
    ctx = _toy()
    log: list[str] = []

    def inner(c, t):
        log.append("inner")

    def outer(c, t):
        log.append("outer starts")
        I.resolve_now(c, _Immediate(), [PendingTrigger("Inner", "Alice", None, inner)],
                      Stage.WHEN)
        log.append("outer ends")
    I.resolve_now(ctx, _Immediate(), [PendingTrigger("Outer", "Alice", None, outer),
                                      PendingTrigger("Second", "Alice", None,
                                                     lambda c, t: log.append("second"))])
    assert log == ["outer starts", "inner", "outer ends", "second"]


def test_a_cancel_stops_only_the_remaining_effects():
    ctx = _toy()
    done: list[int] = []
    effects = [lambda c: done.append(1), lambda c: I.cancel(c, None, "Cancel"),
               lambda c: done.append(3)]
    assert I.run_effects(ctx, "Spell", effects) is False
    assert done == [1]
    assert any("remaining effects of Spell do not resolve" in s.text for s in ctx.trace.steps)


def test_a_response_window_asks_each_player_in_order_and_defaults_to_no_response():
    ctx = _toy()
    rules = _Immediate(responders=("Alice", "Bob"), responses={"Bob": ("Counter",)})
    ctx.answers = {}
    done = I.window(ctx, rules, None, Stage.AFTER, what="the attack")
    assert done == [] and ctx.trace.steps[-1].default        # not stated: no response
    key = next(iter([s for s in ctx.trace.steps if "responds" in s.text]), None)
    assert key is not None
    ctx2 = _toy()
    ctx2.suspendable = True
    with pytest.raises(DecisionPending) as waiting:
        I.window(ctx2, rules, None, Stage.AFTER, what="the attack")
    ctx3 = _toy()
    ctx3.answers[waiting.value.decision.key] = Answer(waiting.value.decision.key, "Counter")
    assert I.window(ctx3, rules, None, Stage.AFTER, what="the attack") == [("Bob", "Counter")]


def test_a_repeating_window_asks_a_player_again_until_they_pass_then_the_next():
    # Ashes 4.3.1: as many responses as a player likes before passing to the next player
    rules = _Immediate(responders=("Alice", "Bob"), responses={"Alice": ("Veil", "Ward"),
                                                               "Bob": ("Counter",)})
    said = ["Veil", ("Ward", "with a target"), I.NO_RESPONSE, "Counter", I.NO_RESPONSE]
    answers: dict = {}
    asked: list[str] = []
    for _ in range(10):           # the driver's way: run again with each answer given
        rules.responded.clear()
        ctx = _toy()
        ctx.suspendable = True
        ctx.answers = dict(answers)
        try:
            done = I.window(ctx, rules, None, Stage.WHEN, what="the spell", repeat=True)
            break
        except DecisionPending as waiting:
            asked.append(waiting.decision.player)
            answers[waiting.decision.key] = Answer(waiting.decision.key, said[len(asked) - 1])
    assert asked == ["Alice", "Alice", "Alice", "Bob", "Bob"]
    # the richer answer (an option with its targets) reaches the game as it was given
    assert done == [("Alice", "Veil"), ("Alice", ("Ward", "with a target")), ("Bob", "Counter")]
    assert rules.responded == done


# ---------------------------------------------------------------------------- loops, citations
def test_loop_detector_reports_a_repeated_state():
    st = _state()
    det = LoopDetector(unwatched=0)
    det.check(st, "x")
    with pytest.raises(LoopDetected) as loop:
        det.check(st, "x")
    assert loop.value.repeated and "repeats" in loop.value.describe()
    det.reset()
    det.check(st, "x")


def test_a_step_budget_that_runs_out_is_never_called_a_repeated_state():
    st = _state()
    det = LoopDetector(limit=50, unwatched=0)
    with pytest.raises(LoopDetected) as loop:
        for n in range(100):
            st.apply(ChangeValue("Alice", "life", -1))       # life keeps falling: no repeat
            det.check(st, "resolving triggers")
    assert not loop.value.repeated and loop.value.steps == 51
    assert "did not repeat" in loop.value.describe() and "repeats" not in loop.value.describe()


def test_loop_detector_watches_after_the_unwatched_steps_and_a_copy_keeps_counting():
    st = _state()
    det = LoopDetector(unwatched=3)
    for _ in range(4):                 # 3 unwatched, the 4th is fingerprinted
        det.check(st, "x")
    twin = det.copy()
    with pytest.raises(LoopDetected):
        det.check(st, "x")
    with pytest.raises(LoopDetected):
        twin.check(st, "x")
    det.reset()
    for _ in range(4):
        det.check(st, "x")


def test_citation_table_never_borrows_another_documents_number():
    table = CitationTable({"combat.damage": {"fab-1.4": "20.7.2a"}})
    assert table.cite("fab-1.4", "combat.damage") == "fab-1.4 20.7.2a"
    with pytest.raises(NotModelled):
        table.cite("fab-section4", "combat.damage")


def test_an_event_aimed_at_a_card_is_described_by_the_card_it_names():
    """An event whose target is a card (damage to an ally) says so in the trace's words, not
    only the player affected (events.describe reads the event's "to name")."""
    ev = Event("damage", player="Bob", amount=3, dtype="fire", target=7,
               data=(("to name", "Ogre"),))
    assert V.describe(ev) == "3 fire damage to Ogre"
    assert V.describe(Event("damage", player="Bob", amount=3)) == "3 damage to Bob"
    assert V.describe(Event("heal", player="Bob", amount=2, data=(("to name", "Ogre"),))) == \
        "2 damage healed from Ogre"


def test_a_refusal_cites_its_blocking_rule_then_the_rules_of_what_a_refusal_does():
    """A game may name, besides the rule that blocks an action, the rule that says what the
    refusal does (WoW 707.2: the action is rewound); the blocking rule stays first and a rule
    is not cited twice."""
    err = IllegalAction("play", "too few resources", "toy-1 3.1", also=("toy-1 4.2", "toy-1 3.1"))
    assert err.citations == ["toy-1 3.1", "toy-1 4.2"]
    assert IllegalAction("play", "no", "toy-1 3.1").citations == ["toy-1 3.1"]


def test_a_step_cites_each_rule_once_in_order_and_no_empty_citation():
    """Procedures the document covers, then literal citations: each rule once, in the order
    first given; a procedure the document does not cover and an empty citation are left out.
    The step's fields are the ones given (and the run's current line)."""
    from judge.engine.trace import Step
    ctx = _toy()
    ctx.trace.line = 7
    step = ctx.step("rule", "a pass", ["no such procedure"],
                    cites=["toy-1 2.1", None, "", "toy-1 1.1", "toy-1 2.1"], actor="Bob")
    assert step == Step(index=0, kind="rule", text="a pass",
                        citations=("toy-1 2.1", "toy-1 1.1"), ops=(), actor="Bob", line=7)
    again = ctx.trace.add(ctx.state, "check", "a check", ("toy-1 3", "toy-1 3"), default="d")
    assert (again.index, again.citations, again.default, again.line) == (1, ("toy-1 3",), "d", 7)
    assert ctx.trace.steps == [step, again]
