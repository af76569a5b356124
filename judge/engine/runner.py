"""``run_scenario(scenario) -> Ruling``: set up the scenario's position, carry out its actions
through the game's rules module, check its expectations, and return the ruling.

Game modules are found through the explicit ``GAMES`` registry. Illegal actions are refused
with the rule that blocks them and the scenario goes on from the unchanged state; anything the
engine cannot derive is recorded as ``not modelled: ...`` and later expectations report that
they could not be decided (the engine never guesses).

Implicit passes: under the scenario's ``priority pass`` policy, an action that is only illegal
because of its moment (no priority, wrong step) is tried again after the players pass, on a
copy of the game; if a moment is reached where it is legal, the copy (with the passes in its
trace, marked as defaults) becomes the game. Expectations are checked on a copy that first lets
everything waiting resolve (``Game.settle``), so an ``expect`` never changes the game.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import import_module
from typing import Any, Callable

from judge.engine import trace as T
from judge.engine.context import Context
from judge.engine.errors import IllegalAction, NotModelled, ScenarioStateError, UnstatedChoice
from judge.engine.ruling import ExpectationResult, Ruling, TraceStep
from judge.engine.state import GameObject, State
from judge.scenario import ast as A

# game id -> "module:attribute" of its rules object (a judge.games.base.Game)
GAMES: dict[str, str] = {
    "fab": "judge.games.fab.game:GAME",
}

MAX_IMPLICIT_PASSES = 200   # a bound only; passes stop at the end of the turn anyway


def game_for(game_id: str):
    try:
        target = GAMES[game_id]
    except KeyError:
        raise NotModelled(f"the rules of {game_id!r}: no rules module for that game") from None
    found = _LOADED.get(target)
    if found is None:
        module, _, attr = target.partition(":")
        found = _LOADED[target] = getattr(import_module(module), attr)
    return found


_LOADED: dict[str, Any] = {}   # "module:attribute" -> the rules object (imported once)


def run_scenario(scenario: A.Scenario, *, steps: bool = True) -> Ruling:
    """The ruling of ``scenario``. ``steps=False`` (``judge check``) leaves the trace steps out
    of the ruling: its outcome, expectations and what is not modelled are the same, and the
    state changes of each step are never put into words."""
    try:
        game = game_for(scenario.game)
    except NotModelled as nm:
        return Ruling(title=scenario.title, game=scenario.game, document=scenario.document,
                      outcome=f"not modelled: {nm.what}", not_modelled=(nm.what,),
                      expectations=tuple(_undecided(e, nm.what) for e in _expectations(scenario)),
                      path=scenario.path)
    run = _Run(scenario, game, steps=steps)
    ctx = run.setup()
    try:
        ctx = run.steps(ctx, scenario.steps, last=not scenario.branches)
        fork_point = ctx
        main_results = run.results
        branches = []
        for branch in scenario.branches:
            run.results = []
            bctx = fork_point.fork()
            start = len(bctx.trace.steps)
            bctx = run.steps(bctx, branch.steps, last=True)
            run.finish(bctx)
            branches.append(run.ruling(bctx, start, list(run.results), label=branch.label))
        run.results = main_results
        run.finish(ctx)
    except UnstatedChoice as unstated:
        raise run.unstated(unstated) from None
    main = run.ruling(ctx, 0, run.results)
    return Ruling(title=main.title, game=main.game, document=main.document, outcome=main.outcome,
                  steps=main.steps, expectations=main.expectations,
                  not_modelled=main.not_modelled, branches=tuple(branches), path=scenario.path,
                  source=scenario.source)


def _settled_tail(steps: tuple[A.Step, ...]) -> int:
    """Index of the first of the trailing steps that only look at the settled game (every
    expectation but "is (not) allowed", which tries an action on the game as it stands);
    ``len(steps)`` when the last step is of another kind."""
    i = len(steps)
    while i and isinstance(steps[i - 1], A.Expectation) and not isinstance(steps[i - 1], A.ExpectAllowed):
        i -= 1
    return i


def _expectations(scenario: A.Scenario) -> list[A.Expectation]:
    found = [s for s in scenario.steps if isinstance(s, A.Expectation)]
    for b in scenario.branches:
        found.extend(s for s in b.steps if isinstance(s, A.Expectation))
    return found


DEFINITIONS = "card definitions"     # State.cache key: the scenario's cards by name


def new_object(state: State, game: Any, card: A.CardDef, owner: str, zone: Any, *,
               face_up: bool = True) -> GameObject:
    """A game object for the scenario's definition ``card``: at set-up, and for tokens that
    effects create during the game (the caller records that as an operation)."""
    kinds = [t.lower() for t in card.types + card.subtypes]
    low = [t.lower() for t in card.types]
    if "reaction" in low and "attack" in low:
        kinds.append("attack reaction")
    if "reaction" in low and "defense" in low:
        kinds.append("defense reaction")
    base = {k: (v if isinstance(v, int) else None) for k, v in card.stats}
    o = state.create(name=card.name, owner=owner, zone=zone, kinds=kinds, base=base,
                     text=card.text, face_up=face_up, token="token" in kinds)
    rules = game.card_rules(state, o.id) if hasattr(game, "card_rules") else None
    if rules is not None:
        o.keywords.update(dict(rules.keywords))
    return o


def _undecided(e: A.Expectation, why: str) -> ExpectationResult:
    return ExpectationResult(line=e.pos.line, text=e.text, passed=False,
                             actual=f"undecided (not modelled: {why})")


@dataclass(frozen=True, slots=True)
class _Call:
    name: str
    args: dict[str, Any]
    label: str


class _Run:
    def __init__(self, scenario: A.Scenario, game, *, steps: bool = True) -> None:
        self.with_steps = steps
        self.sc = scenario
        self.game = game
        self.results: list[ExpectationResult] = []
        self.cards = {c.name: c for c in scenario.cards}
        self._view: Context | None = None
        self.line: int | None = None        # the scenario's last action line run

    # ------------------------------------------------------------------ errors
    def error(self, message: str, pos: A.Pos, expected: str | None = None) -> ScenarioStateError:
        return ScenarioStateError(message, path=self.sc.path, line=pos.line, column=pos.column,
                                  line_text=self.sc.line_text(pos.line), expected=expected)

    def unstated(self, err: UnstatedChoice) -> ScenarioStateError:
        """A choice a ``policy ... error`` line requires, at the last action line run (the one
        that led to it; the policy line when no action ran)."""
        policy = next((p for p in self.sc.policies if p.key == err.policy), None)
        where = f"`policy {err.policy} error`" + (f" (line {policy.pos.line})" if policy else "")
        line = self.line or (policy.pos.line if policy else self.sc.pos.line)
        return ScenarioStateError(
            f"{err.choice} is not stated, and {where} requires it to be", path=self.sc.path,
            line=line, column=1, line_text=self.sc.line_text(line),
            expected=f"a line that states it, such as: {err.example}",
            suggestion=f"state the choice, or remove the policy line to use the default "
                       f"({A.POLICIES[err.policy][0]})" if err.policy in A.POLICIES else None)

    # ------------------------------------------------------------------ set-up
    def setup(self) -> Context:
        sc, game = self.sc, self.game
        if sc.document not in game.documents:
            raise self.error(f"the {sc.game} rules module cannot cite {sc.document}", sc.pos,
                             ", ".join(game.documents))
        state = game.new_state(sc.document)
        state.cache[DEFINITIONS] = dict(self.cards)     # for tokens that effects create
        ctx = Context(state, game)
        ctx.trace.describe = self.with_steps
        ctx.policies = {key: sc.policy(key) for key in A.POLICIES}
        for p in sc.players:
            game.add_player(state, p.name)
        tp = sc.turn_player or (sc.players[0] if sc.players else None)
        if tp is None:
            raise self.error("a scenario needs at least one player", sc.pos)
        for p in sc.players:
            self._setup_player(ctx, p, p is tp)
        state.globals["first turn"] = bool(tp.first_turn)
        game.start(ctx, tp.name)
        stated_ap = tp.action_points is not None
        ctx.step(T.RULE, f"start: {tp.name} is the turn player, in the action phase, with "
                 f"{T.plural(state.players[tp.name].pools.get('action points', 0), 'action points')} and "
                 "priority", [] if stated_ap else ["turn.action-point", "turn.priority"],
                 default=None if stated_ap else
                 f"action points: {tp.name} has the 1 action point of the action phase (not stated)")
        return ctx

    def _setup_player(self, ctx: Context, p: A.Player, is_tp: bool) -> None:
        st = ctx.state
        player = st.players[p.name]
        hero_def = self.cards.get(p.hero.name) if p.hero else None
        base: dict[str, int | None] = {}
        if hero_def is not None:
            base = {k: v for k, v in hero_def.stats if isinstance(v, int)}
        if p.intellect is not None:
            base["intellect"] = p.intellect
        if "life" not in base:
            base["life"] = p.life
        hero = st.create(name=hero_def.name if hero_def else f"{p.name}'s hero", owner=p.name,
                         zone=(p.name, "hero"),
                         kinds=(hero_def.types + hero_def.subtypes) if hero_def else ("hero",),
                         base=base, text=hero_def.text if hero_def else None)
        player.hero = hero.id
        if p.life is not None and base.get("life") is not None:
            player.life_delta = p.life - (base["life"] or 0)
        for z in p.zones:
            key = (p.name, z.name)
            if key not in st.zones:
                raise self.error(f"{self.sc.game} has no zone {z.name!r}", z.pos,
                                 ", ".join(n for o, n in st.zones if o == p.name))
            for ref in z.cards:
                self._create(ctx, ref, p.name, key)
            if z.count is not None:
                named = len(z.cards) + len(z.bottom)
                for _ in range(max(0, z.count - named)):
                    st.create(name="(unnamed card)", owner=p.name, zone=key, face_up=False)
            for ref in z.bottom:
                self._create(ctx, ref, p.name, key)
        player.pools["action points"] = (p.action_points if p.action_points is not None
                                         else (1 if is_tp else 0))
        player.pools["resource points"] = p.resource_points or 0

    def _create(self, ctx: Context, ref: A.CardRef, owner: str, zone) -> GameObject:
        st = ctx.state
        card = self.cards.get(ref.name)
        if card is None:
            raise self.error(f"card {ref.name!r} is not defined", ref.pos)
        o = new_object(st, ctx.game, card, owner, zone,
                       face_up=ref.face_up if ref.face_up is not None else True)
        for c in ref.counters:
            for _ in range(c.count):
                o.counters.append((_counter(c.kind), st.tick()))
        return o

    # ------------------------------------------------------------------ steps
    def steps(self, ctx: Context, steps: tuple[A.Step, ...], *, last: bool = False) -> Context:
        """Run ``steps``. ``last``: nothing but :meth:`finish` follows them (no branch forks from
        the end), so once only expectations about the settled game remain, the game is settled
        in place, as :meth:`finish` would, instead of in a copy that is then thrown away."""
        self._view = None
        tail = _settled_tail(steps) if last else len(steps)
        for i, step in enumerate(steps):
            ctx.trace.line = step.pos.line
            if not isinstance(step, A.Expectation):
                self.line = step.pos.line
            if isinstance(step, A.Expectation):
                if i == tail and self._view is None:
                    self.finish(ctx)
                    self._view = ctx
                self.results.append(self.expect(ctx, step))
            else:
                self._view = None                 # the settled view is stale after an action
                ctx = self.action(ctx, step)
        return ctx

    def settled(self, ctx: Context) -> Context:
        """A copy of the game after everyone passes until nothing waits (shared by the
        expectations that follow one another)."""
        if self._view is None:
            view = ctx.fork()
            self._guard(view, lambda: self.game.settle(view))
            self._view = view
        return self._view

    def finish(self, ctx: Context) -> None:
        """At the end of a line, let whatever waits resolve (players pass). Once per line: a
        game already settled in place by :meth:`steps` is not settled again."""
        ctx.trace.line = None
        if ctx is self._view:
            return
        self._guard(ctx, lambda: self.game.settle(ctx))

    def _guard(self, ctx: Context, fn: Callable[[], None]) -> bool:
        try:
            fn()
            return True
        except NotModelled as nm:
            ctx.not_modelled(nm.what, nm.citation)
            return False

    def action(self, ctx: Context, act: A.Action) -> Context:
        ctx.loops.reset()
        call = self.call(ctx, act)
        if call is None:
            ctx.not_modelled(f"the action {act.text.strip()!r}")
            return ctx
        if ctx.untrusted:
            ctx.trace.add(ctx.state, T.NOT_MODELLED, f"not modelled: {call.label} (the game state "
                          "is unknown after an earlier step that is not modelled)")
            return ctx
        with ctx.recording_not_modelled(call.label):
            return self.perform(ctx, call)
        return ctx

    def perform(self, ctx: Context, call: _Call) -> Context:
        """Do the action, advancing with implicit passes when only its moment is wrong."""
        game = self.game
        game.before_action(ctx, call.name)
        try:
            game.verify(ctx, call.name, **call.args)
        except IllegalAction as first:
            if not first.timing or self.sc.policy("priority") != "pass":
                self.refuse(ctx, call, first)
                return ctx
            trial = ctx.fork()
            ok, err = self.advance(trial, call)
            if not ok:
                # a rule found on the way that is not about timing explains more than "wait"
                self.refuse(ctx, call, err if err is not None and not err.timing else first)
                return ctx
            ctx = trial
        game.act(ctx, call.name, **call.args)
        return ctx

    def advance(self, ctx: Context, call: _Call) -> tuple[bool, IllegalAction | None]:
        game, st = self.game, ctx.state
        start_turn = st.globals.get("turn", 0)
        last: IllegalAction | None = None
        for _ in range(MAX_IMPLICIT_PASSES):
            game.before_action(ctx, call.name)
            holder = st.globals.get("priority")
            if holder is None or st.result is not None:
                return False, last
            try:
                game.pass_priority(ctx, holder, default=f"priority: pass - {holder} passes (not "
                                   "stated)")
            except NotModelled:
                return False, last
            if st.globals.get("turn", 0) > start_turn:
                return False, last      # implicit passes never end the turn
            try:
                game.verify(ctx, call.name, **call.args)
                return True, None
            except IllegalAction as err:
                last = err
                if not err.timing:
                    return False, err
        return False, last

    def refuse(self, ctx: Context, call: _Call, err: IllegalAction) -> None:
        ctx.trace.add(ctx.state, T.REFUSED, f"{call.label}: not allowed - {err.reason}",
                      [err.citation])

    # ------------------------------------------------------------------ AST -> game actions
    def call(self, ctx: Context, act: A.Action) -> _Call | None:
        label = act.text.strip() or type(act).__name__
        used: set[int] = set()

        def card(ref: A.CardRef | None, zones: tuple[str, ...]) -> int:
            if ref is None:
                raise self.error("this action needs a card", act.pos)
            return self.find(ctx, ref, act.actor, zones, used)

        def targets(refs: tuple[A.Target, ...]) -> tuple[Any, ...]:
            return tuple(t.name if isinstance(t, A.PlayerRef) else card(t, ()) for t in refs)

        def pitching(refs: tuple[A.CardRef, ...]) -> tuple[int, ...]:
            return tuple(card(r, ("hand",)) for r in refs)
        p = act.actor
        if isinstance(act, A.Play):
            zones = (act.from_zone,) if act.from_zone else ("hand", "arsenal")
            return _Call("play", dict(player=p, card=card(act.card, zones),
                                      pitching=pitching(act.pitching), targets=targets(act.targets),
                                      from_zone=act.from_zone, modes=act.modes), label)
        if isinstance(act, A.Attack):
            return _Call("attack", dict(player=p, card=card(act.card, ("weapons", "hand", "arsenal")),
                                        pitching=pitching(act.pitching),
                                        targets=targets(act.targets), modes=act.modes), label)
        if isinstance(act, A.Activate):
            return _Call("activate", dict(player=p, card=card(act.card, ("weapons", "equipment",
                                                                         "permanents", "hero")),
                                          ability=act.ability, pitching=pitching(act.pitching),
                                          targets=targets(act.targets), modes=act.modes), label)
        if isinstance(act, A.Defend):
            return _Call("defend", dict(player=p, cards=tuple(card(r, ("hand", "equipment"))
                                                              for r in act.cards)), label)
        if isinstance(act, A.Pitch):
            return _Call("pitch", dict(player=p, cards=pitching(act.cards)), label)
        if isinstance(act, A.Pass):
            return _Call("pass_priority", dict(player=p), label)
        if isinstance(act, A.UseOptional):
            return _Call("use_optional", dict(
                player=p, effect=act.effect,
                card=card(act.card, ("equipment", "weapons", "permanents", "hero"))
                if act.card else None, use=act.use, amount=act.amount,
                pitching=pitching(act.pitching), targets=targets(act.targets)), label)
        if isinstance(act, A.OrderTriggers):
            return _Call("order", dict(player=p, order=tuple(r.name for r in act.order)), label)
        if isinstance(act, A.Find):
            return _Call("find", dict(player=p, card=card(act.card, ("deck",))
                                      if act.card is not None else None), label)
        if isinstance(act, A.Choose):
            return _Call("choose", dict(player=p, choice=act.choice,
                                        targets=targets(act.targets)), label)
        if isinstance(act, A.TargetTrigger):
            return _Call("target_trigger", dict(player=p, card=card(act.card, ()),
                                                targets=targets(act.targets)), label)
        return None

    def find(self, ctx: Context, ref: A.CardRef, actor: str, zones: tuple[str, ...],
             used: set[int]) -> int:
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
        raise self.error(f"card {ref.name!r} is not in any zone of the scenario", ref.pos,
                         "a card placed in a zone by the scenario's setup")

    # ------------------------------------------------------------------ expectations
    def expect(self, ctx: Context, e: A.Expectation) -> ExpectationResult:
        if isinstance(e, A.ExpectAllowed):
            if ctx.untrusted:       # the game as it stands is unknown: so is what it allows
                return self._undecided(ctx, e)
            return self.expect_allowed(ctx, e)
        view = self.settled(ctx)
        if isinstance(e, A.ExpectCites):
            return self.expect_cites(view, e)
        if view.untrusted:
            return self._undecided(view, e)
        try:
            passed, actual = self.check(view, e)
        except NotModelled as nm:
            return ExpectationResult(e.pos.line, e.text, False, f"undecided (not modelled: {nm.what})")
        return ExpectationResult(e.pos.line, e.text, passed, actual)

    @staticmethod
    def _undecided(ctx: Context, e: A.Expectation) -> ExpectationResult:
        why = next((s.text for s in reversed(ctx.trace.steps) if s.kind == T.NOT_MODELLED),
                   "an earlier step")
        return ExpectationResult(e.pos.line, e.text, False, f"undecided ({why})")

    def check(self, ctx: Context, e: A.Expectation) -> tuple[bool, str]:
        q = self.game.query
        st = ctx.state
        if isinstance(e, A.ExpectPlayerValue):
            got = q(ctx, "player", (e.player, e.stat))
            return got == e.value, f"{e.player} {e.stat} {got}"
        if isinstance(e, A.ExpectZone):
            names = q(ctx, "zone", (e.player, e.zone))
            if e.count is not None:
                return len(names) == e.count, f"{e.player} {e.zone} count {len(names)}"
            want = sorted(r.name for r in e.cards)
            shown = ", ".join(f'"{n}"' for n in names) or "empty"
            return sorted(names) == want, f"{e.player} {e.zone} {shown}"
        if isinstance(e, A.ExpectInZone):
            assert e.card is not None
            names = q(ctx, "zone", (e.player, e.zone))
            inside = e.card.name in names
            where = self._where(st, e.card.name)
            return inside != e.negated, f'"{e.card.name}" is in {where}'
        if isinstance(e, A.ExpectCardValue):
            assert e.card is not None
            got = q(ctx, "card", (e.card.name, e.stat, e.card.owner or ""))
            if e.value == "none":       # the card has no such value (FaB 25.1.1)
                return got is None, f'"{e.card.name}" {e.stat} ' + ("none" if got is None
                                                                    else str(got))
            return got == e.value, f'"{e.card.name}" {e.stat} {got}'
        if isinstance(e, A.ExpectCounters):
            assert e.card is not None
            got = q(ctx, "counters", (e.card.name, e.kind, e.card.owner or ""))
            return got == e.count, f'"{e.card.name}" has {T.plural(got, e.kind + " counters")}'
        if isinstance(e, A.ExpectHit):
            got = q(ctx, "hit", (e.card.name if e.card else "",))
            return got == e.hit, ("hit" if got else "no hit")
        if isinstance(e, A.ExpectOutcome):
            res = st.result
            if res is None:
                return e.kind == "none", "no winner (the game goes on)"
            if res.kind == "draw":
                return e.kind == "draw", "draw"
            return (e.kind == "win" and (e.player is None or e.player in res.winners),
                    f"{', '.join(res.winners)} wins")
        raise NotModelled(f"the expectation {type(e).__name__}")

    def _where(self, st: State, name: str) -> str:
        found = st.find(name)
        if not found:
            return "no zone"
        o = found[0]
        return f"{o.zone[0]}'s {o.zone[1]}" if o.zone[0] else o.zone[1]

    def expect_cites(self, ctx: Context, e: A.ExpectCites) -> ExpectationResult:
        want = e.citation or e.reference
        if not want.startswith(self.sc.document + " "):
            want = f"{self.sc.document} {e.reference}"
        cited = {c.lower() for c in ctx.trace.citations()}
        found = want.lower() in cited
        actual = f"cites {want}" if found else f"does not cite {want}"
        return ExpectationResult(e.pos.line, e.text, found != e.negated, actual)

    def expect_allowed(self, ctx: Context, e: A.ExpectAllowed) -> ExpectationResult:
        assert e.action is not None
        trial = ctx.fork()
        try:
            call = self.call(trial, e.action)
            if call is None:
                raise NotModelled(f"the action {e.action.text!r}")
            self.game.before_action(trial, call.name)
            try:
                self.game.verify(trial, call.name, **call.args)
                allowed, why = True, "allowed"
            except IllegalAction as first:
                allowed, err = False, first
                if first.timing and self.sc.policy("priority") == "pass":
                    allowed, err2 = self.advance(trial, call)
                    err = err2 if err2 is not None and not err2.timing else first
                why = "allowed" if allowed else f"not allowed: {err.reason} ({err.citation})"
                if not allowed:
                    self._view = None
                    ctx.trace.add(ctx.state, T.REFUSED, f"{call.label}: would not be allowed - "
                                  f"{err.reason}", [err.citation])
        except NotModelled as nm:
            return ExpectationResult(e.pos.line, e.text, False, f"undecided (not modelled: {nm.what})")
        return ExpectationResult(e.pos.line, e.text, allowed == e.allowed, why)

    # ------------------------------------------------------------------ the ruling
    def ruling(self, ctx: Context, start: int, results: list[ExpectationResult],
               label: str = "") -> Ruling:
        steps = (tuple(_trace_step(s) for s in ctx.trace.steps[start:]) if self.with_steps
                 else ())
        nm = tuple(dict.fromkeys(s.text.removeprefix("not modelled: ")
                                 for s in ctx.trace.steps[start:] if s.kind == T.NOT_MODELLED))
        return Ruling(title=self.sc.title, game=self.sc.game, document=self.sc.document,
                      outcome=self.outcome(ctx), steps=steps, expectations=tuple(results),
                      not_modelled=nm, label=label, path=self.sc.path)

    def outcome(self, ctx: Context) -> str:
        st = ctx.state
        parts = []
        if st.result is not None:
            if st.result.kind == "draw":
                parts.append(f"The game is a draw ({st.result.citation}).")
            else:
                parts.append(f"{', '.join(st.result.winners)} wins the game ({st.result.citation}).")
        try:
            lives = ", ".join(f"{n} {self.game.query(ctx, 'player', (n, 'life'))}"
                              for n in st.players)
            parts.append(f"Life: {lives}.")
        except (NotModelled, TypeError):
            pass
        refused = [s for s in ctx.trace.steps if s.kind == T.REFUSED]
        if refused:
            parts.append(f"Refused: {refused[-1].text} ({', '.join(refused[-1].citations)}).")
        if ctx.untrusted:
            parts.append("Part of this scenario is not modelled; later results are undecided.")
        return " ".join(parts)


def _trace_step(s: T.Step) -> TraceStep:
    changes = tuple(_change(d) for d in s.ops)
    return TraceStep(index=s.index + 1, action=s.kind, description=s.text, citations=s.citations,
                     state_change=changes, default_applied=s.default,
                     not_modelled=s.text.removeprefix("not modelled: ")
                     if s.kind == T.NOT_MODELLED else None, line=s.line)


def _change(description: str) -> tuple[str, str]:
    what, sep, how = description.partition(": ")
    return (what, how) if sep else (description, "")


def _counter(kind: str) -> str:
    k = kind.replace(" ", "").lower()
    return {"+1{p}": "+1{p}", "-1{p}": "-1{p}", "+1{d}": "+1{d}", "-1{d}": "-1{d}"}.get(k, kind)
