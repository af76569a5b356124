"""Errors in a scenario file. Both render as ``file:line:col`` + the line + a caret (exit 2)."""

from __future__ import annotations

from judge.errors import JudgeError


class ScenarioSyntaxError(JudgeError):
    """The text does not follow the scenario grammar (grammar/scenario.lark)."""


class ScenarioError(JudgeError):
    """The text parses but does not make sense: an undefined card, an undeclared player, an
    unknown document, a rule that does not exist, a setup line after a branch ..."""
