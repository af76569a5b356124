"""The scenario language's search results: `Alice finds "X"` and `Alice fails to find`."""

from __future__ import annotations

import pytest

from judge.scenario import ast
from judge.scenario.errors import ScenarioError
from judge.scenario.parser import parse

HEAD = '''scenario "t"
game fab-1.4
card "Zap": Wizard Instant, cost 0, pitch 1
Alice is the turn player; deck top "Zap"
'''


def test_finds_names_the_card_found():
    (step,) = parse(HEAD + 'Alice finds "Zap"\n', "t.scn").steps
    assert isinstance(step, ast.Find) and step.card.name == "Zap" and step.actor == "Alice"


def test_fails_to_find_has_no_card():
    (step,) = parse(HEAD + "Alice fails to find\n", "t.scn").steps
    assert isinstance(step, ast.Find) and step.card is None


def test_finds_an_undefined_card_is_an_error_with_a_suggestion():
    with pytest.raises(ScenarioError) as err:
        parse(HEAD + 'Alice finds "Zapp"\n', "t.scn")
    assert "Zap" in str(err.value.render() if hasattr(err.value, "render") else err.value)
