"""The shared "during <whose> [next] <period>" duration (grammar/card_common.lark, DURING_WHOSE
PERIOD; each game names its periods in GameReader.periods): WoW's ready step (501.1a) reads as
it did with its own terminal, FaB's "during their next action phase" is read instead of left an
Other."""

from __future__ import annotations

import pytest

from judge.cards import fab, model as M, wow


def _duration(card: M.CardText) -> M.Duration:
    assert not card.unparsed and not card.others(), (card.unparsed, card.others())
    [d] = [v for v in M.walk(card) if isinstance(v, M.Duration)]
    return d


@pytest.mark.parametrize("text, kind, whose", [
    ("It can't ready during its controller's next ready step.", "next ready step", "controller"),
    ("This ally doesn't ready during its controller's ready step.", "ready step", "controller"),
    ("Target hero can't ready during their controllers' next ready step.", "next ready step",
     "controller"),
    ("Target ally can't ready during his next ready step.", "next ready step", "controller"),
    ("You may choose not to ready this ally during your ready step.", "ready step", "you"),
])
def test_wow_501_1a_ready_step_durations(text, kind, whose):
    d = _duration(wow.parse(text))
    assert (d.kind, d.whose) == (kind, whose)
    assert d.text.startswith("during ") and d.text.endswith("ready step")


@pytest.mark.parametrize("text, kind", [
    ("Target hero can't play cards from their banished zone during their next action phase.",
     "next action phase"),
    ("Cards they own lose all abilities during their next turn.", "next turn"),
])
def test_fab_during_their_next_period_is_a_duration(text, kind):
    d = _duration(fab.parse(text))
    assert (d.kind, d.whose) == (kind, "controller")


def test_fab_during_your_action_phase_is_not_a_next_period():
    """FaB lists only the next action phase and turn: "During your action phase, ..." stays
    the phase it is read as (no Duration)."""
    card = fab.parse("During your action phase, Illusionist auras you control are weapons with "
                     "1{p}.")
    assert not any(isinstance(v, M.Duration) and "action phase" in v.kind for v in M.walk(card))
