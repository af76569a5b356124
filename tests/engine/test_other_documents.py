"""A scenario may name any installed document of its game: the rules module cites that
document's counterparts of the rules it was written for (as ``judge diff`` matches them, only
sure matches), and says what it cannot cite; an unknown document is an error at the game line."""

from __future__ import annotations

import pytest

from judge.rules import lookup
from judge.scenario.errors import ScenarioError
from judge.scenario.parser import parse
from tests.conftest import shared_path

SCENARIO = '''scenario "an attack under a later CR"
game {doc}
card "Brute Force": Generic Action - Attack, cost 0, pitch 1, power 6, defense 3
Alice is the turn player; hero life 20, hand "Brute Force"
Bob: hero life 20
Alice plays "Brute Force"
settle
expect Bob life 14
'''


@pytest.fixture
def later_cr(tmp_path, monkeypatch):
    source = shared_path("data", "rules", "fab-cr-2.10.1.txt")
    monkeypatch.setenv("JUDGE_HOME", str(tmp_path / "home"))
    lookup.reset()
    from judge.rules import versions
    versions.add(source, game="fab", version="2.10.1")
    lookup.reset()
    yield "fab-2.10.1"
    lookup.reset()


def test_a_later_cr_of_the_game_is_cited_by_its_sure_counterparts_or_not_modelled(later_cr):
    from judge.games.run import run_scenario
    r = run_scenario(parse(SCENARIO.format(doc=later_cr), "later.scn"))
    note = next(s for s in r.steps if s.description.startswith("rule numbers:"))
    assert "written for fab-1.4 and fab-section4" in note.description
    cited = {c for s in r.steps for c in s.citations}
    assert cited and all(c.startswith("fab-2.10.1 ") for c in cited)
    assert all(lookup.citation_exists(c) for c in cited)
    # what has no sure counterpart is named, never cited by a borrowed number
    # (a line after such a step is named as not run from an unknown state)
    assert all("fab-2.10.1 has no rule for it" in n or "the game state is unknown" in n
               for n in r.not_modelled)
    assert any("fab-2.10.1 has no rule for it" in n for n in r.not_modelled)


def test_an_unknown_document_is_an_error_at_the_game_line():
    with pytest.raises(ScenarioError) as err:
        parse("# a comment first\n\n" + SCENARIO.format(doc="fab-1.5"), "x.scn")
    assert (err.value.line, err.value.column) == (4, 6)
    assert err.value.suggestion == "fab-1.4"
