"""A Move's arriving state (``Move.arrives``: "put it into play exhausted", "with 3 damage") is
carried out by the WoW module (710.1b); the FaB, UFS and Ashes modules do not carry it out and
must name it rather than move the card as if it arrived ready (a silent drop: no corpus card of
those games says it, a user's card may)."""

from __future__ import annotations

import pytest

from judge.cards import ashes, fab, ufs
from judge.cards import model as M
from judge.engine.errors import NotModelled
from judge.games.ashes import cards as ashes_rules
from judge.games.fab import effects as fab_effects
from judge.games.ufs import effects as ufs_effects


def _move(mod, text: str) -> M.Move:
    [move] = [e for a in mod.parse(text).abilities for e in a.effects]
    assert isinstance(move, M.Move) and move.arrives is not None
    return move


def test_fab_a_card_put_into_the_arena_exhausted_is_named():
    with pytest.raises(NotModelled, match="arrives in"):
        fab_effects._move(None, None, None, _move(fab, "Put it into the arena exhausted."))


def test_ufs_a_card_put_into_play_exhausted_is_named():
    assert "arrives in" in ufs_effects._move_ok(_move(ufs, "Put it into play exhausted."))


def test_ashes_a_card_placed_into_play_exhausted_is_named():
    assert "arrives in" in ashes_rules._why(_move(ashes, "Place it into play exhausted."))
