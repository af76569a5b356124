"""The toy game's descriptor: what a new game gives the registry (``judge/registry/``). The
tests register it for their own run only (``tests/conformance/conftest.py``)."""

from pathlib import Path

from judge.registry.base import GameDescriptor

HERE = Path(__file__).resolve().parent

TOY = GameDescriptor(
    id="toy",
    name="Toy (tests only)",
    documents=("toy-1",),
    importers={"fab-v1": "judge.rules.importers.fab_v1:import_text"},
    card_parser=None,
    rules="tests.conformance.toy.game:GAME",
    scenario_grammar=str(HERE / "scenario_toy.lark"),
    zones={"hand": "hand", "board": "board"},
    player_values={"life": "life"},
    card_values={},
)
