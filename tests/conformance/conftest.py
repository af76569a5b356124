"""The conformance suite's set-up: the toy game registered for these tests only (its
descriptor added to ``judge.registry.GAMES``, its one-page rules document installed with
``judge rulebook add`` into a data folder of the suite's own), so that its scenarios parse, its
rulings run through the engine, and its citations are checked against the rule graph like any
game's. The data folder and the registration last for this folder's tests only."""

from __future__ import annotations

import os

import pytest

from tests.conformance.toy.descriptor import HERE, TOY


@pytest.fixture(scope="package")
def toy_home(tmp_path_factory):
    from judge import registry
    from judge.rules import lookup, versions
    home = tmp_path_factory.mktemp("toy-home")
    saved = os.environ.get("JUDGE_HOME")
    os.environ["JUDGE_HOME"] = str(home)
    registry.GAMES["toy"] = TOY
    lookup.reset()
    try:
        versions.add(HERE / "rules.txt", game="toy", version="1", date="2026-11-26",
                     fmt="fab-v1", title="Toy Comprehensive Rules", check_game=False)
        lookup.reset()
        yield home
    finally:
        registry.GAMES.pop("toy", None)
        if saved is None:
            os.environ.pop("JUDGE_HOME", None)
        else:
            os.environ["JUDGE_HOME"] = saved
        lookup.reset()

