"""Small scenario builders for engine tests (scenario text -> Ruling)."""

from __future__ import annotations

from judge.engine.ruling import Ruling
from judge.engine.runner import run_scenario
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


def steps_citing(r: Ruling, citation: str) -> list:
    return [s for s in r.steps if citation in s.citations]


def expectation(r: Ruling, needle: str):
    for e in r.all_expectations:
        if needle in e.text:
            return e
    raise AssertionError(f"no expectation {needle!r}")
