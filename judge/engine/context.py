"""One run of a game: its state, its rules, the trace, stated choices and decisions.

The :class:`Context` is what every rules procedure receives. It records trace steps
(:meth:`step`, which also turns the state's notes into steps: bounds that held a value,
unbound abilities that a value read concerns), takes the scenario's stated choices and answers
to pending decisions (:meth:`decide`, :mod:`judge.engine.decisions`), and keeps the policies
for unstated choices.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from judge.engine import abilities
from judge.engine import trace as T
from judge.engine.decisions import DEFAULT, Answer, Decision, DecisionPending
from judge.engine.errors import NotModelled, UnstatedChoice
from judge.engine.loops import LoopDetector
from judge.engine.state import AddPending, State
from judge.engine.values import Value, plain

if TYPE_CHECKING:  # pragma: no cover
    from judge.engine.abilities import Unbound
    from judge.engine.events import PendingTrigger
    from judge.engine.game import Game


@dataclass(frozen=True, slots=True)
class StatedChoice:
    """A choice the scenario states ahead of the moment it is needed: ``player`` does ``kind``
    with ``value`` (e.g. ``use``, "Nullrune Hood"; ``order``, ("Runechant", "Spectra"))."""
    player: str
    kind: str
    value: Any
    pitching: tuple[int, ...] = ()      # cards to pitch to pay for it (object ids)
    amount: int | None = None


@dataclass(slots=True)
class Choices:
    stated: list[StatedChoice] = field(default_factory=list)

    def find_use(self, player: str, name: str) -> StatedChoice | None:
        """The scenario's statement that ``player`` uses the optional ability of ``name``."""
        return self.find("use", player, name)

    def find(self, kind: str, player: str, name: str) -> StatedChoice | None:
        """The scenario's statement that ``player`` makes choice ``kind`` (``use``,
        ``decline``) about the ability of ``name``."""
        for c in self.stated:
            if c.kind == kind and c.player == player and str(c.value).lower() == name.lower():
                return c
        return None

    def consume(self, choice: StatedChoice | None) -> None:
        if choice is not None and choice in self.stated:
            self.stated.remove(choice)

    def take(self, player: str | None, kind: str) -> StatedChoice | None:
        for i, c in enumerate(self.stated):
            if c.kind == kind and (player is None or c.player == player):
                return self.stated.pop(i)
        return None


class Context:
    def __init__(self, state: State, game: "Game") -> None:
        self.state = state
        self.game = game
        self.trace = T.Trace()
        self.choices = Choices()
        self.loops = LoopDetector()
        self.untrusted = False        # set after a not-modelled step: later results unknown
        # the scenario's policies for unstated choices (key -> value, documented defaults
        # included; docs/scenario-language.md), set by the driver
        self.policies: dict[str, str] = {}
        # answers to decisions, by decision key (the scenario's, or DEFAULT), set by the driver
        self.answers: dict[str, Any] = {}
        self.suspendable = False      # the driver can wait for the next line (DecisionPending)
        self.reported: set["Unbound"] = set()     # unbound abilities already named
        self._bounds_noted: set[tuple] = set()
        self.resolutions: list[Any] = []   # immediate block: resolutions in progress (a step's)

    def fork(self) -> "Context":
        new = Context.__new__(Context)
        new.state = self.state.fork()
        new.game = self.game
        new.trace = T.Trace(list(self.trace.steps), self.trace.line, self.trace.covered,
                            self.trace.describe)
        new.choices = Choices(list(self.choices.stated))
        new.loops = self.loops.copy()
        new.untrusted = self.untrusted
        new.policies = self.policies
        new.answers = dict(self.answers)
        new.suspendable = self.suspendable
        new.reported = set(self.reported)
        new._bounds_noted = set(self._bounds_noted)
        new.resolutions = []
        return new

    def policy(self, key: str, default: str) -> str:
        """The scenario's value of policy ``key`` (``default`` when the game runs without one)."""
        return self.policies.get(key, default)

    @property
    def document(self) -> str:
        return self.state.document

    # ------------------------------------------------------------------ citations and steps
    def cite(self, procedure: str) -> str:
        return self.game.citations.cite(self.document, procedure)

    def cite_opt(self, procedure: str) -> str | None:
        return self.game.citations.lookup(self.state.document, procedure)

    def step(self, kind: str, text: str, procedures: tuple[str, ...] | list[str] = (),
             *, mark: int | None = None, actor: str | None = None,
             cites: tuple[str, ...] | list[str] = (), default: str | None = None) -> T.Step:
        """Record a step citing the scenario document's rules for ``procedures`` (a procedure
        its document does not cover is left out of the citations) plus literal ``cites``.
        What the state noted meanwhile (a bound that held a value, a read that an unbound
        ability concerns) follows as steps of its own."""
        st = self.state
        if procedures:
            lookup, document = self.game.citations.lookup, st.document
            citations = [c for c in [lookup(document, p) for p in procedures] if c]
            if cites:
                citations += cites
        else:
            citations = cites
        found = self.trace.add(st, kind, text, citations, mark=mark, actor=actor,
                               default=default)
        if st.reads or st.notes:
            self.take_notes()
        return found

    def take_notes(self) -> None:
        """Turn the state's notes into trace steps: each bound that held a value (once per
        object, value and amount), each value read that an unbound ability concerns."""
        st = self.state
        if st.reads:
            reads, st.reads = st.reads, set()
            for stat in sorted(reads):
                abilities.read(self, stat)
        if not st.notes:
            return
        notes, st.notes = st.notes, []
        for hit in notes:
            key = (hit.obj, hit.incarnation, hit.stat, hit.raw)
            if key in self._bounds_noted:
                continue
            self._bounds_noted.add(key)
            b = hit.bound
            citation = (self.cite_opt(b.procedure) or (b.procedure if " " in b.procedure
                                                        else None))
            name = st.objects[hit.obj].name
            self.trace.add(st, T.RULE, f"{name}'s {hit.stat} would be {plain(hit.raw)}: "
                           f"{b.text or 'it cannot go beyond ' + b.describe()}, so it is "
                           f"{plain(hit.held)}", [citation] if citation else [])

    def value(self, oid: int, stat: str) -> Value:
        """``state.value``, for rules procedures: a bound that holds it is noted in the trace at
        the next step."""
        return self.state.value(oid, stat)

    def not_modelled(self, what: str, citation: str | None = None) -> None:
        self.untrusted = True
        self.trace.add(self.state, T.NOT_MODELLED, f"not modelled: {what}",
                       [citation] if citation else [])

    @contextmanager
    def recording_not_modelled(self, about: str) -> Iterator[None]:
        """Run the block; what it cannot model (:class:`NotModelled`) is recorded as not
        modelled, as ``"<about>: <what>"``, and the run goes on after the block."""
        try:
            yield
        except NotModelled as nm:
            self.not_modelled(f"{about}: {nm.what}", nm.citation)

    # ------------------------------------------------------------------ pending work
    def trigger(self, *triggers: "PendingTrigger") -> None:
        """Triggered effects wait (``state.pending``) until the game puts them where its rules
        say (a chain, a window, at once)."""
        if triggers:
            self.state.apply(AddPending(tuple(triggers)))

    # ------------------------------------------------------------------ decisions
    def decide(self, decision: Decision) -> Any:
        """The answer to ``decision`` (see :mod:`judge.engine.decisions`), recorded as a
        choice step citing the rule that asks (marked as the default when it is one)."""
        answer = self.answer_to(decision)
        self.step(T.CHOICE, f"{decision.player} decides {decision.prompt}: "
                  f"{shown_answer(answer.value)}", cites=[decision.citation], actor=decision.player,
                  default=(decision.default_text or f"{decision.prompt}: "
                           f"{shown_answer(decision.default)} (not stated)") if answer.default
                  else None)
        return answer.value

    def answer_to(self, decision: Decision) -> Answer:
        """The answer to ``decision``, not yet recorded: the scenario's (``default`` False) or
        the decision's default. Raises :class:`DecisionPending` when the driver can wait for
        the next line, :class:`NotModelled` when nothing answers and there is no default that
        is not a guess, :class:`UnstatedChoice` under ``policy <key> error``."""
        answer = self.answers.pop(decision.key, None)
        if isinstance(answer, Answer):
            return answer
        if answer is not DEFAULT and self.suspendable:
            raise DecisionPending(decision)
        if decision.policy is not None and self.policy(decision.policy, "") == "error":
            raise UnstatedChoice(decision.policy, decision.prompt, decision.example)
        if decision.default is None:
            if self.policy("choices", "not-modelled") == "error":
                raise UnstatedChoice("choices", decision.prompt, decision.example)
            raise NotModelled(f"{decision.prompt} is not stated (state it with: "
                              f"{decision.example})", decision.citation)
        return Answer(decision.key, decision.default, None, default=True)


def shown_answer(value: Any) -> str:
    """An answer's value as the ruling quotes it: strings in quotes, several joined by commas."""
    if isinstance(value, (tuple, list)):
        return ", ".join(f'"{v}"' if isinstance(v, str) else str(v) for v in value)
    return f'"{value}"' if isinstance(value, str) else str(value)
