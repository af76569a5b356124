"""The result of resolving a scenario: what the engine returns and the renderers show.

``judge.games.run.run_scenario(scenario) -> Ruling``. Plain frozen values, no behaviour
beyond small read-only helpers; nothing heavy is imported.

Citations are full citation strings, ``"<document id> <key>"`` (``"fab-1.4 20.7.2a"``,
``"fab-1.4 Arcane Barrier N"``), as in ``judge.rules.model.Citation``.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class TraceStep:
    """One thing that happened, and the rule(s) that made it happen.

    index         1-based, numbering continues across the main line and into each branch
    action        short label of the event or procedure step ("play", "pay cost", "deal damage",
                  "prevent damage", "state check" ...)
    description   one plain sentence: what happened, with the numbers
    citations     the rules that decided it, most specific first
    state_change  (what, how) pairs, e.g. ("Bob life", "20 -> 18"); empty when nothing changed
    default_applied  the policy default used for an unstated choice, in words
                  ("defending: none - Bob declares no defenders (not stated)"), else None
    not_modelled  what the engine could not model at this step, in words, else None
    line          the scenario line that caused this step, when there is one
    """
    index: int
    action: str
    description: str
    citations: tuple[str, ...] = ()
    state_change: tuple[tuple[str, str], ...] = ()
    default_applied: str | None = None
    not_modelled: str | None = None
    line: int | None = None


@dataclass(frozen=True, slots=True)
class ExpectationResult:
    """The outcome of one ``expect`` line: ``actual`` says what the engine found, in the same
    words as the expectation where possible ("Bob life 18")."""
    line: int
    text: str
    passed: bool
    actual: str


@dataclass(frozen=True, slots=True)
class CardUsed:
    """A card the scenario used, as the ruling read it: name, type line, values (as written) and
    text, and where its definition came from: ``source`` ("card line 3", or the printing, card
    database and version it was read from), ``note`` (how the printing was chosen; or that a
    card line takes the place of a database card, and whether their texts agree), ``database``
    (the card database's name, "" when no database had a part in it)."""
    name: str
    type_line: str
    stats: tuple[tuple[str, str], ...]
    text: str
    source: str
    note: str = ""
    database: str = ""


@dataclass(frozen=True, slots=True)
class Ruling:
    """The answer to a scenario. ``outcome`` is the one-paragraph answer shown first
    ("Bob's life is 18: Arcane Barrier 1 prevented 1 of the 3 arcane damage."). ``branches``
    are rulings of the scenario's labelled alternatives (``label`` set, steps continuing after
    the main line's steps). ``source`` is the scenario's text, so a written-up ruling can show
    the lines its steps point at; ``cards`` the text of each card it used."""
    title: str
    game: str
    document: str
    outcome: str
    steps: tuple[TraceStep, ...] = ()
    expectations: tuple[ExpectationResult, ...] = ()
    not_modelled: tuple[str, ...] = ()
    branches: tuple["Ruling", ...] = ()
    label: str = ""
    path: str = ""
    source: str = ""    # the scenario's text (top level only), for rulings that quote it
    cards: tuple[CardUsed, ...] = ()    # the cards the scenario used (top level only)

    @property
    def rules_consulted(self) -> tuple[str, ...]:
        """Every citation of the trace (branches included), first use first, no repeats."""
        seen: dict[str, None] = {}
        for step in self.steps:
            for citation in step.citations:
                seen.setdefault(citation, None)
        for branch in self.branches:
            for citation in branch.rules_consulted:
                seen.setdefault(citation, None)
        return tuple(seen)

    @property
    def all_expectations(self) -> tuple[ExpectationResult, ...]:
        """Expectations of the main line and of every branch, in line order."""
        found = list(self.expectations)
        for branch in self.branches:
            found.extend(branch.all_expectations)
        return tuple(sorted(found, key=lambda e: e.line))

    @property
    def all_not_modelled(self) -> tuple[str, ...]:
        seen: dict[str, None] = dict.fromkeys(self.not_modelled)
        for branch in self.branches:
            for item in branch.all_not_modelled:
                seen.setdefault(item, None)
        return tuple(seen)

    @property
    def passed(self) -> bool:
        return all(e.passed for e in self.all_expectations)
