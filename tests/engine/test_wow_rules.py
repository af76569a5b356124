"""The WoW rules module (issue 12): its citation table names existing rules, and the core
procedures it relies on are in it."""

from __future__ import annotations

from judge.games.wow.citations import CITATIONS
from judge.rules.lookup import citation_exists


def test_wow_citation_table_names_existing_rules():
    assert [c for c in CITATIONS.all_citations() if not citation_exists(c)] == []


def test_wow_citation_table_covers_the_chain_blocks_procedures():
    for procedure in ("priority.pass", "priority.resolve-top", "trigger.layer", "trigger.order",
                      "target.choose", "trigger.targets"):
        assert CITATIONS.lookup("wow-7.4", procedure), procedure
