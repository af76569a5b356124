"""``run_scenario(scenario) -> Ruling``: a parsed scenario, its game's rules module (found
through :mod:`judge.registry`), and the engine's driver."""

from __future__ import annotations

from judge.engine import driver
from judge.engine.errors import NotModelled
from judge.engine.game import Game
from judge.engine.ruling import Ruling
from judge.engine.state import State
from judge.registry import GAMES, load
from judge.scenario import ast
from judge.scenario.script import to_script

_LOADED: dict[str, Game] = {}


def game_for(game_id: str) -> Game:
    """The rules module of ``game_id``; :class:`NotModelled` when the game has none yet."""
    found = _LOADED.get(game_id)
    if found is None:
        target = GAMES[game_id].rules if game_id in GAMES else None
        if target is None:
            raise NotModelled(f"the rules of {game_id!r}: no rules module for that game")
        found = _LOADED[game_id] = load(target)
    return found


def run_scenario(scenario: ast.Scenario, *, steps: bool = True) -> Ruling:
    """The ruling of ``scenario``. ``steps=False`` (``judge check``) leaves the trace steps out
    of the ruling (same outcome, expectations and not-modelled)."""
    return execute(scenario, steps=steps).ruling


def execute(scenario: ast.Scenario, *, steps: bool = True) -> driver.Execution:
    """The run of ``scenario``, with the states that tests replay and compare."""
    script = to_script(scenario)
    try:
        game = game_for(scenario.game)
    except NotModelled as nm:
        return driver.Execution(driver.not_modelled(script, nm.what),
                                State(scenario.game, scenario.document))
    return driver.execute(script, game, steps=steps)
