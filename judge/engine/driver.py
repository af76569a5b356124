"""``run(script, game) -> Ruling``: the game-neutral driver.

It sets the game up from the script's set-up (the game reads it), binds the abilities of every
card that enters, then takes the lines in order:

- an **action** is bound by the game to a call and tried. An action the rules forbid is refused
  with the rule that blocks it and the scenario goes on from the unchanged state. Under the
  ``priority pass`` policy an action that is only illegal because of its moment (no priority,
  wrong step) is tried again after the players pass (:meth:`Game.advance`), on a copy of the
  game; when a moment is reached where it is legal (within the same turn), the copy, with the
  passes in its trace marked as defaults, becomes the game;
- an **expectation** checks the game as it stands at that line (after the lines before it,
  before any default passing): ``settle`` or the end of the scenario runs the game on;
- ``settle`` lets the game run on with every player passing until nothing waits.

**Decisions.** When resolving asks a player to decide (:meth:`Context.decide`), the run stops
at that point (:class:`~judge.engine.decisions.DecisionPending`); expectations see the game
waiting there, and the next action line answers the decision (:meth:`Game.answer`) or, when it
does not (or the scenario ends), the decision's default applies, and the interrupted step is
run again from its start with the answer.

Anything the engine cannot derive is recorded as ``not modelled: ...``, and later
expectations report that they could not be decided (the engine never guesses). A branch forks
the game at the end of the main line; the main line is then not run on (each branch is).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from judge.engine import trace as T
from judge.engine.abilities import BindAbilities
from judge.engine.context import Context, shown_answer
from judge.engine.decisions import DEFAULT, Answer, Decision, DecisionPending
from judge.engine.errors import IllegalAction, NotModelled, ScenarioStateError, UnstatedChoice
from judge.engine.game import Call, Game
from judge.engine.loops import LoopDetected
from judge.engine.ruling import ExpectationResult, Ruling, TraceStep
from judge.engine.script import (ActionLine, ExpectAllowed, ExpectCites, ExpectLine, ExpectState,
                                 Line, Script, SettleLine)
from judge.engine.state import State

MAX_IMPLICIT_PASSES = 200   # a bound only; passes stop at the end of the turn anyway


@dataclass(slots=True)
class Execution:
    """A run and what tests look at besides its ruling: the state after set-up and the game
    at the end of the main line and of each branch (for log replay and fork isolation)."""
    ruling: Ruling
    initial: State | None        # None when the run was asked for its ruling only
    ends: list[Context] = field(default_factory=list)


def run(script: Script, game: Game, *, steps: bool = True) -> Ruling:
    """The ruling of ``script``. ``steps=False`` (``judge check``) leaves the trace steps out of
    the ruling: its outcome, expectations and what is not modelled are the same, and the
    state changes of each step are never put into words."""
    return execute(script, game, steps=steps, initial=False).ruling


def execute(script: Script, game: Game, *, steps: bool = True,
            initial: bool = True) -> Execution:
    """The run of ``script``; ``initial=False`` keeps no copy of the game after set-up
    (``Execution.initial`` is None): only tests that replay the log need it."""
    run_ = _Run(script, game, steps=steps)
    try:
        if script.document not in game.documents:
            raise NotModelled(f"rulings under {script.document}: the {game.id} rules module "
                              f"cites {' and '.join(game.documents)} numbers")
        ctx = run_.set_up()
    except NotModelled as nm:
        return Execution(not_modelled(script, nm.what), State(script.game, script.document))
    set_up = ctx.state.fork() if initial else None
    ends: list[Context] = []
    try:
        ctx = run_.lines(ctx, script.lines, last=not script.branches)
        fork_point, fork_pending = ctx, run_.pending
        main_results = run_.results
        branches = []
        for label, lines in script.branches:
            run_.results = []
            run_.pending = fork_pending.fork() if fork_pending is not None else None
            bctx = fork_point.fork()
            start = len(bctx.trace.steps)
            bctx = run_.lines(bctx, lines, last=True)
            bctx = run_.finish(bctx)
            ends.append(bctx)
            branches.append(run_.ruling(bctx, start, list(run_.results), label=label))
        run_.results = main_results
        if not script.branches:
            ctx = run_.finish(ctx)
        elif fork_pending is not None:
            ctx = fork_pending.view
    except UnstatedChoice as unstated:
        raise run_.unstated(unstated) from None
    ends.insert(0, ctx)
    main = run_.ruling(ctx, 0, run_.results)
    return Execution(Ruling(title=main.title, game=main.game, document=main.document,
                            outcome=main.outcome, steps=main.steps,
                            expectations=main.expectations, not_modelled=main.not_modelled,
                            branches=tuple(branches), path=script.path, source=script.source),
                     set_up, ends)


def not_modelled(script: Script, what: str) -> Ruling:
    """The ruling of a scenario whose game or starting position is not modelled: every
    expectation is undecided."""
    lines = list(script.lines) + [l for _label, ls in script.branches for l in ls]
    return Ruling(title=script.title, game=script.game, document=script.document,
                  outcome=f"not modelled: {what}", not_modelled=(what,),
                  expectations=tuple(ExpectationResult(l.line, l.text, False,
                                                       f"undecided (not modelled: {what})")
                                     for l in lines if isinstance(l, ExpectLine)),
                  path=script.path, source=script.source)


@dataclass(slots=True)
class _Pending:
    """A decision the run waits for: ``before`` is the game before the interrupted step,
    ``rerun`` runs that step again on a copy of it, ``view`` is the game as it stands, waiting."""
    decision: Decision
    before: Context
    rerun: Callable[[Context], Context]
    view: Context

    def fork(self) -> "_Pending":
        return _Pending(self.decision, self.before.fork(), self.rerun, self.view.fork())


class _Run:
    def __init__(self, script: Script, game: Game, *, steps: bool = True) -> None:
        self.with_steps = steps
        self.sc = script
        self.game = game
        self.results: list[ExpectationResult] = []
        self.line: int | None = None        # the scenario's last action line run
        self.pending: _Pending | None = None

    # ------------------------------------------------------------------ errors
    def error(self, message: str, line: int, column: int = 1,
              expected: str | None = None) -> ScenarioStateError:
        return ScenarioStateError(message, path=self.sc.path, line=line, column=column,
                                  line_text=self.sc.line_text(line), expected=expected)

    def unstated(self, err: UnstatedChoice) -> ScenarioStateError:
        """A choice a ``policy ... error`` line requires, at the last action line run (the one
        that led to it; the policy line when no action ran)."""
        policy = self.sc.policies.get(err.policy)
        where = f"`policy {err.policy} error`" + (f" (line {policy.line})"
                                                  if policy and policy.line else "")
        line = self.line or (policy.line if policy and policy.line else self.sc.line)
        return ScenarioStateError(
            f"{err.choice} is not stated, and {where} requires it to be", path=self.sc.path,
            line=line, column=1, line_text=self.sc.line_text(line),
            expected=f"a line that states it, such as: {err.example}",
            suggestion=f"state the choice, or remove the policy line to use the default "
                       f"({policy.default})" if policy and policy.default else None)

    # ------------------------------------------------------------------ set-up
    def located(self, err: ScenarioStateError) -> ScenarioStateError:
        """``err`` with the scenario's path and the text of its line filled in."""
        if err.path is None:
            err.path = self.sc.path
        if err.line is not None and err.line_text is None:
            err.line_text = self.sc.line_text(err.line)
        return err

    def set_up(self) -> Context:
        sc, game = self.sc, self.game
        state = game.new_state(sc.document)
        ctx = Context(state, game)
        ctx.trace.describe = self.with_steps
        ctx.policies = {key: p.value for key, p in sc.policies.items()}
        try:
            game.set_up(ctx, sc.setup)
        except ScenarioStateError as err:
            raise self.located(err) from None
        for text, citations in sc.notes:
            ctx.trace.add(state, T.RULE, text, citations)
        for oid in list(state.objects):
            if oid not in state.unbound:      # the starting position: not part of the log
                BindAbilities(oid, game.bind_card(ctx, oid)).apply(state)
        return ctx

    def enter_new(self, ctx: Context) -> None:
        """Bind the abilities of objects that entered the game since the last line (tokens)."""
        st = ctx.state
        if len(st.unbound) < len(st.objects):
            for oid in [o for o in st.objects if o not in st.unbound]:
                st.apply(BindAbilities(oid, self.game.bind_card(ctx, oid)))

    # ------------------------------------------------------------------ lines
    def lines(self, ctx: Context, lines: tuple[Line, ...], *, last: bool = False) -> Context:
        for item in lines:
            ctx.trace.line = item.line
            if isinstance(item, ExpectLine):
                # a line that does not answer a waiting decision lets its default apply
                ctx = self.close_all(ctx)
                self.results.append(self.expect(ctx, item))
                continue
            self.line = item.line
            if isinstance(item, SettleLine):
                ctx = self.close_all(ctx)
                if ctx.untrusted:
                    ctx.trace.add(ctx.state, T.NOT_MODELLED, "not modelled: settle (the game "
                                  "state is unknown after an earlier step that is not modelled)")
                else:
                    ctx = self.run_unit(ctx, self.settle_unit)
            elif isinstance(item, ActionLine):
                ctx = self.action(ctx, item)
            self.enter_new(ctx)
        return ctx

    def finish(self, ctx: Context) -> Context:
        """The end of the scenario (or of a branch): a decision still waiting takes its
        default, and the game runs on until nothing waits."""
        ctx.trace.line = None
        ctx = self.close_all(ctx)
        if not ctx.untrusted:
            ctx = self.run_unit(ctx, self.settle_unit)
        ctx = self.close_all(ctx)
        self.enter_new(ctx)
        return ctx

    def settle_unit(self, ctx: Context) -> Context:
        self._guard(ctx, lambda: self.game.settle(ctx))
        return ctx

    def run_unit(self, ctx: Context, unit: Callable[[Context], Context]) -> Context:
        """Run one step that may stop at a decision: the game before it is kept, so that the
        step can run again once the decision is answered."""
        if self.pending is not None:
            return ctx
        before = ctx.fork()
        ctx.suspendable = True
        out = ctx
        try:
            out = unit(ctx)
            return out
        except LoopDetected as loop:
            ctx.suspendable = False
            self.apply_loop_rule(ctx, loop)
            return ctx
        except DecisionPending as waiting:
            self.pending = _Pending(waiting.decision, before, unit, ctx)
            ctx.step(T.CHOICE, f"waiting for {waiting.decision.player} to decide "
                     f"{waiting.decision.describe()}", cites=[waiting.decision.citation],
                     actor=waiting.decision.player)
            return ctx
        finally:
            # the unit may hand back another context (a fork it ran on): neither may wait for
            # a line once the unit is over (an expectation trying an action would escape)
            ctx.suspendable = False
            out.suspendable = False

    def close_pending(self, ctx: Context, answer: Any = DEFAULT) -> Context:
        """Answer the waiting decision (by default with its default) and run the interrupted
        step again from its start."""
        pending = self.pending
        if pending is None:
            return ctx
        self.pending = None
        redo = pending.before.fork()
        redo.answers[pending.decision.key] = answer
        return self.run_unit(redo, pending.rerun)

    def close_all(self, ctx: Context) -> Context:
        """Let every waiting decision take its default (a step run again may stop at the
        next one)."""
        while self.pending is not None:
            ctx = self.close_pending(ctx)
        return ctx

    def apply_loop_rule(self, ctx: Context, loop: LoopDetected) -> None:
        """The game went round without end: its rules say what happens (Game.loop), or the
        ruling says it is not modelled."""
        try:
            self.game.loop(ctx, loop)
        except NotModelled as nm:
            ctx.not_modelled(nm.what, nm.citation)

    def _guard(self, ctx: Context, fn: Callable[[], None]) -> bool:
        try:
            fn()
            return True
        except NotModelled as nm:
            ctx.not_modelled(nm.what, nm.citation)
            return False

    # ------------------------------------------------------------------ actions
    def action(self, ctx: Context, act: ActionLine) -> Context:
        ctx.loops.reset()
        game = self.game
        if self.pending is not None:
            call = self.bind(self.pending.view, act)
            if call is not None:
                given = game.answer(self.pending.view, self.pending.decision, call)
                if given is not None:
                    return self.close_pending(ctx, Answer(self.pending.decision.key, given,
                                                          act.line))
            ctx = self.close_all(ctx)
        call = self.bind(ctx, act)
        if call is None:
            ctx.not_modelled(f"the action {act.text.strip()!r}")
            return ctx
        if ctx.untrusted:
            ctx.trace.add(ctx.state, T.NOT_MODELLED, f"not modelled: {call.label} (the game state "
                          "is unknown after an earlier step that is not modelled)")
            return ctx
        return self.run_unit(ctx, lambda c: self._recorded(c, call))

    def bind(self, ctx: Context, act: ActionLine) -> Call | None:
        try:
            call = self.game.bind(ctx, act.body)
        except ScenarioStateError as err:
            raise self.located(err) from None
        if call is not None and not call.label:
            call = Call(call.name, call.args, act.text.strip())
        return call

    def _recorded(self, ctx: Context, call: Call) -> Context:
        with ctx.recording_not_modelled(call.label):
            return self.perform(ctx, call)
        return ctx

    def perform(self, ctx: Context, call: Call) -> Context:
        """Do the action, advancing with implicit passes when only its moment is wrong."""
        game = self.game
        game.before_action(ctx, call)
        try:
            game.verify(ctx, call)
        except IllegalAction as first:
            if not first.timing or ctx.policy("priority", "pass") != "pass":
                self.refuse(ctx, call, first)
                return ctx
            trial = ctx.fork()
            try:
                ok, err = self.advance(trial, call)
            except DecisionPending as waiting:
                given = game.answer(trial, waiting.decision, call)
                if given is None:
                    raise
                # the line answers what the passes before it asked: it is spent as the answer
                ctx.answers[waiting.decision.key] = Answer(waiting.decision.key, given, self.line)
                self.advance(ctx, call, until=waiting.decision.key)
                return ctx
            if not ok:
                # a rule found on the way that is not about timing explains more than "wait"
                self.refuse(ctx, call, err if err is not None and not err.timing else first)
                self.drop_spent_answers(ctx, trial, call)
                return ctx
            ctx = trial
        game.act(ctx, call)
        return ctx

    @staticmethod
    def drop_spent_answers(ctx: Context, trial: Context, call: Call) -> None:
        """Answers the abandoned passes of ``trial`` used answered decisions that never arose on
        ``ctx``: they are not kept for a later decision of the same key (which may have other
        options), and the ruling says which lines went unused."""
        for key in [k for k in ctx.answers if k not in trial.answers]:
            answer = ctx.answers.pop(key)
            if isinstance(answer, Answer) and answer.line is not None:
                ctx.trace.add(ctx.state, T.REFUSED, f"the answer on line {answer.line} "
                              f"({shown_answer(answer.value)}) is not used: the decision it answers "
                              f"arose only on the way to {call.label}, which is not allowed", [])

    def advance(self, ctx: Context, call: Call, *,
                until: str | None = None) -> tuple[bool, IllegalAction | None]:
        """Pass (every player making the default choice) until ``call`` is legal, within this
        turn; or, with ``until``, until the decision of that key has been answered."""
        game, st = self.game, ctx.state
        start_turn = game.turn(st)
        last: IllegalAction | None = None
        for _ in range(MAX_IMPLICIT_PASSES):
            game.before_action(ctx, call)
            if st.result is not None:
                return False, last
            try:
                moved = game.advance(ctx)
            except NotModelled:
                return False, last
            if until is not None and until not in ctx.answers:
                return True, None           # decide() took the answer
            if not moved or game.turn(st) > start_turn:
                return False, last      # implicit passes never end the turn
            if until is not None:
                continue
            try:
                game.verify(ctx, call)
                return True, None
            except IllegalAction as err:
                last = err.with_traceback(None)     # kept: see _Run.expect_allowed
                if not err.timing:
                    return False, err
        return False, last

    def refuse(self, ctx: Context, call: Call, err: IllegalAction) -> None:
        ctx.trace.add(ctx.state, T.REFUSED, f"{call.label}: not allowed - {err.reason}",
                      err.citations)

    # ------------------------------------------------------------------ expectations
    def expect(self, view: Context, e: ExpectLine) -> ExpectationResult:
        if isinstance(e, ExpectCites):
            cited = {c.lower() for c in view.trace.citations()}
            found = _cited(e.citation, cited)
            actual = f"cites {e.citation}" if found else f"does not cite {e.citation}"
            return ExpectationResult(e.line, e.text, found != e.negated, actual)
        if view.untrusted:
            return self._undecided(view, e)
        try:
            if isinstance(e, ExpectAllowed):
                return self.expect_allowed(view, e)
            assert isinstance(e, ExpectState)
            passed, actual = self.game.expect(view, e.body)
        except NotModelled as nm:
            return ExpectationResult(e.line, e.text, False, f"undecided (not modelled: {nm.what})")
        except LoopDetected as loop:      # trying an action ran into a loop
            return ExpectationResult(e.line, e.text, False, f"undecided ({loop.describe()})")
        if not passed and self.pending is not None:
            actual += (f" (waiting for {self.pending.decision.player} to decide "
                       f"{self.pending.decision.prompt})")
        elif not passed and view.state.chain:
            actual += (f" ({len(view.state.chain)} layer(s) wait on the chain: a `settle` line "
                       "lets them resolve)")
        return ExpectationResult(e.line, e.text, passed, actual)

    @staticmethod
    def _undecided(ctx: Context, e: ExpectLine) -> ExpectationResult:
        why = next((s.text for s in reversed(ctx.trace.steps) if s.kind == T.NOT_MODELLED),
                   "an earlier step")
        return ExpectationResult(e.line, e.text, False, f"undecided ({why})")

    def expect_allowed(self, ctx: Context, e: ExpectAllowed) -> ExpectationResult:
        trial = ctx.fork()
        call = self.bind(trial, ActionLine(e.line, e.column, e.action or e.text, e.body))
        if call is None:
            raise NotModelled(f"the action {e.text!r}")
        self.game.before_action(trial, call)
        try:
            self.game.verify(trial, call)
            allowed, why = True, "allowed"
        except IllegalAction as first:
            # kept past this block, an exception keeps its traceback's frames alive, and they
            # keep it (a cycle: this frame, a trial game and all it holds wait for the cyclic
            # collector instead of going at once); only its reason and citations are read
            allowed, err = False, first.with_traceback(None)
            if first.timing and ctx.policy("priority", "pass") == "pass":
                allowed, err2 = self.advance(trial, call)
                err = err2 if err2 is not None and not err2.timing else first
            why = "allowed" if allowed else f"not allowed: {err.reason} ({err.citation})"
            if not allowed:
                ctx.trace.add(ctx.state, T.REFUSED, f"{call.label}: would not be allowed - "
                              f"{err.reason}", err.citations)
        return ExpectationResult(e.line, e.text, allowed == e.allowed, why)

    # ------------------------------------------------------------------ the ruling
    def ruling(self, ctx: Context, start: int, results: list[ExpectationResult],
               label: str = "") -> Ruling:
        steps = (tuple(_trace_step(s) for s in ctx.trace.steps[start:]) if self.with_steps
                 else ())
        nm = tuple(dict.fromkeys(s.text.removeprefix("not modelled: ")
                                 for s in ctx.trace.steps[start:] if s.kind == T.NOT_MODELLED))
        return Ruling(title=self.sc.title, game=self.sc.game, document=self.sc.document,
                      outcome=self.outcome(ctx, start), steps=steps, expectations=tuple(results),
                      not_modelled=nm, label=label, path=self.sc.path)

    def outcome(self, ctx: Context, start: int = 0) -> str:
        """The game's answer, then the last refusal of this line of play (a branch: its own
        steps only, not the main line's)."""
        parts = [self.game.outcome(ctx)]
        refused = [s for s in ctx.trace.steps[start:] if s.kind == T.REFUSED]
        if refused:
            parts.append(f"Refused: {refused[-1].text} ({', '.join(refused[-1].citations)}).")
        if ctx.untrusted:
            parts.append("Part of this scenario is not modelled; later results are undecided.")
        return " ".join(p for p in parts if p)


def _cited(want: str, cited: set[str]) -> bool:
    """``want`` ("fab-1.4 20.7.2a") is cited; a section ("fab-1.4 21") is cited by any rule
    inside it (21, 21.1, 21.2.3a ...)."""
    low = want.lower()
    if low in cited:
        return True
    return any(c.startswith(low + ".") for c in cited)


def _trace_step(s: T.Step) -> TraceStep:
    changes = tuple(_change(d) for d in s.ops)
    return TraceStep(index=s.index + 1, action=s.kind, description=s.text, citations=s.citations,
                     state_change=changes, default_applied=s.default,
                     not_modelled=s.text.removeprefix("not modelled: ")
                     if s.kind == T.NOT_MODELLED else None, line=s.line)


def _change(description: str) -> tuple[str, str]:
    what, sep, how = description.partition(": ")
    return (what, how) if sep else (description, "")
