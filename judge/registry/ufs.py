"""Universal Fighting System: Living Game Rules 0.9."""

from judge.registry.base import GameDescriptor

GAME = GameDescriptor(
    id="ufs",
    name="Universal Fighting System",
    documents=("ufs-0.9",),
    importers={"ufs": "judge.rules.importers.ufs:import_text"},
    card_parser="judge.cards.ufs",
    rules=None,
    scenario_grammar="scenario_ufs.lark",
    zones={"hand": "hand", "deck": "deck", "discard": "discard", "discard pile": "discard",
           "card pool": "card pool", "staging area": "staging area", "removed": "removed",
           "momentum": "momentum"},
    player_values={"vitality": "vitality", "hand size": "hand size"},
    card_values={"difficulty": "difficulty", "control": "control", "speed": "speed",
                 "damage": "damage", "zone": "zone", "block zone": "block zone",
                 "block modifier": "block modifier", "hand size": "hand size",
                 "vitality": "vitality"},
    hero="character",
)
