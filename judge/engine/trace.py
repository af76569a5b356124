"""The trace: what happened, why, and which rules say so.

Each :class:`Step` names the operations it caused (descriptions of the slice of the state log).
A :class:`CitationTable` maps a procedure name to the rule that governs it in each document of
a game, so one procedure cites ``fab-1.4 20.7.2a`` in a v1.4 scenario and its own number (or
nothing: ``not modelled``) in another document.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Mapping

from judge.engine.errors import NotModelled
from judge.engine.state import ChangeValue, Operation, SetValue, State

# step kinds (the renderer groups and styles by these)
ACTION = "action"          # a player's action as the scenario states it
REFUSED = "refused"        # an illegal action, refused with the blocking rule
RULE = "rule"              # the game system doing something a rule requires
EVENT = "event"            # an event happening (damage, draw, move ...)
REPLACED = "replaced"      # a replacement / prevention changing an event
TRIGGER = "trigger"        # a triggered effect added as pending work
RESOLVE = "resolve"        # a layer resolving
CHOICE = "choice"          # a player's choice (stated in the scenario, or the rule's default)
CHECK = "check"            # a state check (game end, destruction ...)
NOT_MODELLED = "not modelled"


@dataclass(frozen=True, slots=True)
class Step:
    index: int
    kind: str
    text: str
    citations: tuple[str, ...] = ()
    ops: tuple[str, ...] = ()
    actor: str | None = None
    line: int | None = None     # scenario line of the action that led here
    default: str | None = None  # the policy default applied for an unstated choice


@dataclass(slots=True)
class Trace:
    steps: list[Step] = field(default_factory=list)
    line: int | None = None     # current scenario line (set by the runner per action)
    covered: int = 0            # end of the state log shown by the steps so far
    describe: bool = True       # False: steps keep no descriptions of their state changes


    def add(self, state: State, kind: str, text: str, citations: tuple[str, ...] | list[str] = (),
            *, mark: int | None = None, actor: str | None = None,
            default: str | None = None) -> Step:
        """Record a step; with ``mark``, it shows the state changes logged since ``mark`` that
        no earlier step has shown (a change belongs to one step only)."""
        ops: tuple[str, ...] = ()
        if mark is not None:
            if self.describe:
                ops = describe_changes(state, state.log[max(mark, self.covered):])
            self.covered = len(state.log)
        cited = dict.fromkeys(citations)       # in order, each once; no empty citation
        cited.pop(None, None)
        cited.pop("", None)
        step = _new_step(len(self.steps), kind, text, tuple(cited), ops, actor, self.line,
                         default)
        self.steps.append(step)
        return step

    def citations(self) -> list[str]:
        return [c for s in self.steps for c in s.citations]

    def not_modelled(self) -> list[Step]:
        return [s for s in self.steps if s.kind == NOT_MODELLED]


def _step_maker():
    """``Step(index, kind, text, citations, ops, actor, line, default)`` without the frozen
    dataclass's ``__init__`` (a step is made for every pass, check and event: each field set
    through its slot's own descriptor). The fields in their order are checked here."""
    names = ("index", "kind", "text", "citations", "ops", "actor", "line", "default")
    assert tuple(f.name for f in fields(Step)) == names
    setters = [Step.__dict__[n].__set__ for n in names]
    s0, s1, s2, s3, s4, s5, s6, s7 = setters
    new = object.__new__

    def make(index, kind, text, citations, ops, actor, line, default) -> Step:
        step = new(Step)
        s0(step, index)
        s1(step, kind)
        s2(step, text)
        s3(step, citations)
        s4(step, ops)
        s5(step, actor)
        s6(step, line)
        s7(step, default)
        return step
    return make


_new_step = _step_maker()


def describe_changes(state: State, ops: list[Operation]) -> tuple[str, ...]:
    """Descriptions of ``ops`` (the last operations of ``state.log``, already applied). A
    change of a player's value reads ``"Bob life: 20 -> 18"``: its value before and after,
    found by walking back from the current state (as the game shows it: FaB's life is the
    hero's life and the life gained and lost, :meth:`ValueRules.player_value`); where that
    value cannot be known (a value set earlier in the same slice) it reads ``"Bob loses 2
    life"`` / ``"Alice gains 1 action point"``."""
    after: dict[tuple[str, str], int | None] = {}
    out: list[str] = []
    for op in reversed(ops):
        if isinstance(op, (ChangeValue, SetValue)):
            shown = op.shown if isinstance(op, ChangeValue) and op.shown else op.name
            key = (op.player, shown)
            if key not in after:
                now_value = state.rules.player_value(state, op.player, shown)
                after[key] = now_value if isinstance(now_value, int) else None
            now = after[key]
            if isinstance(op, SetValue):
                out.append(f"{op.player} {shown}: set to {op.value}")
                after[key] = None           # the value before a set is not known from here
                continue
            if now is None:
                out.append(_delta_words(op.player, shown, op.delta))
            else:
                out.append(f"{op.player} {shown}: {now - op.delta} -> {now}")
                after[key] = now - op.delta
            continue
        if op.shown:
            out.append(op.describe(state))
    return tuple(reversed(out))


def _delta_words(player: str, what: str, delta: int) -> str:
    verb = "gains" if delta >= 0 else "loses"
    if what == "life":
        return f"{player} {verb} {abs(delta)} life"
    return f"{player} {verb} {plural(abs(delta), what)}"


def plural(n: int, noun: str) -> str:
    """``"1 action point"``, ``"2 action points"``: ``noun`` is given in the plural (``"action
    points"``, ``"cards"``) and loses its final s for exactly one."""
    return f"{n} {noun[:-1] if n == 1 and noun.endswith('s') else noun}"


class CitationTable:
    """procedure -> {document id -> rule key}. A missing entry means the document does not
    cover the procedure: :meth:`cite` raises :class:`NotModelled` (never a guessed number)."""

    def __init__(self, table: Mapping[str, Mapping[str, str]]) -> None:
        self._table = {proc: dict(docs) for proc, docs in table.items()}
        self._found: dict[tuple[str, str], str | None] = {}

    def cite(self, document: str, procedure: str) -> str:
        found = self.lookup(document, procedure)
        if found is None:
            raise NotModelled(f"{procedure}: {document} has no rule for it")
        return found

    def lookup(self, document: str, procedure: str) -> str | None:
        """The citation for ``procedure`` in ``document``, or None when it has no rule for it."""
        pair = (document, procedure)
        try:
            return self._found[pair]
        except KeyError:
            key = self._table.get(procedure, {}).get(document)
            found = self._found[pair] = None if key is None else f"{document} {key}"
            return found

    def covers(self, document: str, procedure: str) -> bool:
        return document in self._table.get(procedure, {})

    def key(self, document: str, procedure: str) -> str | None:
        """The rule key (not the citation) ``procedure`` has in ``document``."""
        return self._table.get(procedure, {}).get(document)

    def with_document(self, document: str, keys: Mapping[str, str]) -> "CitationTable":
        """This table and another document: ``keys`` gives each procedure's rule in it (a
        procedure without one is not modelled under that document)."""
        table = {proc: dict(docs) for proc, docs in self._table.items()}
        for proc, key in keys.items():
            table.setdefault(proc, {})[document] = key
        return CitationTable(table)

    def all_citations(self) -> list[str]:
        return [f"{doc} {key}" for docs in self._table.values() for doc, key in docs.items()]

    def procedures(self) -> list[str]:
        return list(self._table)
