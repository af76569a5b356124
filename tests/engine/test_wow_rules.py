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


def test_wow_402_4_token_copy_has_printed_values_cost_zero_and_no_counters():
    """Highborne Soul Mirror's token copy of Kor Cindervein (402.4 example): a token with
    Kor's name and printed 3 ATK / 3 health, cost 0 (201.4), no +1 / +1 counters."""
    from pathlib import Path

    from judge.games.run import execute
    from judge.scenario.parser import parse_file
    path = Path(__file__).parents[2] / "scenarios/wow/402.4-example-highborne-soul-mirror-kor.scn"
    run = execute(parse_file(path))
    st = run.ends[0].state
    kors = [o for o in st.objects.values() if o.name == "Kor Cindervein"]
    token = [o for o in kors if o.token]
    original = [o for o in kors if not o.token]
    assert len(token) == 1 and len(original) == 1
    t = token[0]
    assert st.value(t.id, "atk") == 3 and st.value(t.id, "health") == 3
    assert t.base.get("cost", 0) == 0 and "token" in t.kinds
    assert st.counter_count(t.id, "+1/+1") == 0
    assert st.counter_count(original[0].id, "+1/+1") == 2


def test_wow_402_3a_a_token_copy_of_a_token_copy_copies_what_it_copied():
    """Both tokens of the 402.3a scenario are 3/3 Kor Cinderveins with no counter, though the
    original had a +1 / +1 counter and the second copies the first token."""
    from pathlib import Path

    from judge.games.run import execute
    from judge.scenario.parser import parse_file
    path = Path(__file__).parents[2] / "scenarios/wow/402.3a-token-copy-of-a-token-copy.scn"
    st = execute(parse_file(path)).ends[0].state
    tokens = [o for o in st.objects.values() if o.name == "Kor Cindervein" and o.token]
    assert len(tokens) == 2
    for t in tokens:
        assert (st.value(t.id, "atk"), st.value(t.id, "health")) == (3, 3)
        assert st.counter_count(t.id, "+1/+1") == 0
