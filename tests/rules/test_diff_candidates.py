"""The version matcher's candidate generation (judge diff) is a shortcut, not a change of
result: the hashed unchanged rules and the capped posting lists give the matching that querying
every rule with every posting list up to a fifth of the document gives."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from judge.rules import diff, versions
from judge.rules.versions_light import counterpart_table

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
from synthetic_rules import versions as synthetic  # noqa: E402


def _document(doc_id: str, text: str) -> diff.Document:
    """A synthetic document as the matcher sees it (numbers, parents, words)."""
    rules = []
    for line in text.splitlines():
        if not line.strip():
            continue
        key, _, body = line.partition(" ")
        parent = key[:-1] if key[-1].isalpha() else key.rpartition(".")[0] or None
        headed = key.count(".") < 2 and not key[-1].isalpha()
        rules.append(diff.Rule(key, "rule", body if headed else "", "" if headed else body, parent))
    return diff.Document(doc_id, tuple(rules))


def _unpruned(monkeypatch) -> None:
    monkeypatch.setattr(diff.Matcher, "_twins", lambda self: {})
    monkeypatch.setattr(diff, "_postings_cap", lambda n: 10 ** 9)


@pytest.fixture(scope="module")
def synthetic_pair():
    a, b = synthetic(600, seed=5)
    return _document("s-a", a), _document("s-b", b)


def test_shortcuts_keep_the_matching_of_fab_1_4_and_section_4(monkeypatch):
    docs = versions.load_document("fab-1.4"), versions.load_document("fab-section4")
    fast = diff.diff_documents(*docs).to_dict()
    _unpruned(monkeypatch)
    assert diff.diff_documents(*docs).to_dict() == fast


def test_shortcuts_keep_the_matching_of_synthetic_versions(monkeypatch, synthetic_pair):
    fast = diff.diff_documents(*synthetic_pair)
    assert fast.summary()["moved"] > 400                   # renumbered by the inserted section
    _unpruned(monkeypatch)
    assert diff.diff_documents(*synthetic_pair).to_dict() == fast.to_dict()


def test_candidates_per_rule_are_bounded(synthetic_pair):
    m = diff.Matcher(*synthetic_pair)
    m._text_candidates()
    per_rule: dict[int, int] = {}
    for i, _ in m.text:
        per_rule[i] = per_rule.get(i, 0) + 1
    assert max(per_rule.values()) <= diff._CANDIDATES + 1
    twins = m._twins()
    assert len(twins) > 0.5 * m.A.n and all(per_rule[i] <= 2 for i in twins)


def test_postings_cap_grows_as_log_n():
    assert diff._postings_cap(8) == 40
    assert diff._postings_cap(4096) == 144
    assert diff._postings_cap(4096 * 16) == 192


def test_counterpart_table_is_what_counterpart_in_said_rule_by_rule():
    result = {"b": "B", "matches": [{"a": "1", "b": "2", "status": "moved", "confidence": 0.9,
                                     "renumbered": True}],
              "splits": [{"a": "3", "b": ["3", "4"], "confidence": 0.6},
                         {"a": "1", "b": ["9"], "confidence": 0.5}],
              "merges": [{"a": ["5", "6"], "b": "5", "confidence": 0.7},
                         {"a": ["6"], "b": "8", "confidence": 0.4}],
              "removed": ["7", "5"]}
    table = counterpart_table(result)
    assert table["1"]["status"] == "moved" and table["1"]["citations"] == ["B 2"]
    assert table["3"]["citations"] == ["B 3", "B 4"]
    assert table["5"]["status"] == "merged" and table["6"]["citations"] == ["B 5"]
    assert table["7"]["status"] == "removed"
    assert "8" not in table
