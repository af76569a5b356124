"""Small scenario builders for engine tests (scenario text -> Ruling)."""

from __future__ import annotations

from judge.engine.ruling import Ruling
from judge.games.run import run_scenario
from judge.scenario.parser import parse

HEAD = """scenario "test"
game {doc}
card "Brute Force": Generic Action - Attack, cost 1, pitch 1, power 6, defense 3
card "Quick Jab": Generic Action - Attack, cost 0, pitch 1, power 2, defense 2: "Go again"
card "Overpower": Generic Action - Attack, cost 0, pitch 1, power 6, defense 2: "Dominate"
card "Block A": Generic Action - Attack, cost 0, pitch 1, power 1, defense 3
card "Block B": Generic Action - Attack, cost 0, pitch 2, power 1, defense 3
card "Red": Generic Action - Attack, cost 0, pitch 1, power 1, defense 2
card "Sink Below": Generic Defense Reaction, cost 0, pitch 1, defense 4
card "Helm": Generic Equipment - Head, defense 2: "Blade Break"
"""


def ruling(body: str, doc: str = "fab-1.4") -> Ruling:
    return run_scenario(parse(HEAD.format(doc=doc) + body, "test.scn"))


def seeds_played(target: str = "target hero", name: str = "Seeds of Agony",
                 copies: int = 1) -> str:
    """Card lines and board for a granted attack trigger: ``name`` (Seeds of Agony's text, its
    granted ability dealing 1 arcane damage to ``target``) and Wounding Blow (4{p}); Alice has
    ``copies`` of it in hand and Wounding Blow, and has played one, which has resolved."""
    seeds = ", ".join([f'"{name}"'] * copies)
    return (f'card "{name}": Shadow Runeblade Action, cost 0, pitch 1, defense 2: "The next '
            'attack action card with cost 2 or less you play this turn gains \\"When you '
            f'attack with this, deal 1 arcane damage to {target}.\\"\\nGo again"\n'
            'card "Wounding Blow": Generic Action - Attack, cost 0, pitch 1, power 4, defense 3\n'
            f'Alice is the turn player; hero life 20, hand {seeds}, "Wounding Blow"\n'
            'Bob: hero life 20\n'
            f'Alice plays "{name}"\nAlice passes\nBob passes\n')


def steps_citing(r: Ruling, citation: str) -> list:
    return [s for s in r.steps if citation in s.citations]


def expectation(r: Ruling, needle: str):
    for e in r.all_expectations:
        if needle in e.text:
            return e
    raise AssertionError(f"no expectation {needle!r}")
