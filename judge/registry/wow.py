"""World of Warcraft TCG: Comprehensive Rules 7.4."""

from judge.registry.base import GameDescriptor

GAME = GameDescriptor(
    id="wow",
    name="World of Warcraft TCG",
    documents=("wow-7.4",),
    importers={"wow": "judge.rules.importers.wow:import_text"},
    card_parser="judge.cards.wow",
    rules=None,
    scenario_grammar="scenario_wow.lark",
    zones={"hand": "hand", "deck": "deck", "graveyard": "graveyard",
           "removed": "removed from game", "resources": "resources",
           "resource row": "resources", "in play": "in play", "controls": "in play"},
    player_values={"health": "health", "hero health": "health", "damage": "damage",
                   "resources": "resources", "resource": "resources"},
    card_values={"cost": "cost", "atk": "atk", "attack": "atk", "health": "health",
                 "def": "def", "defense": "def", "damage": "damage", "type": "damage type",
                 "damage type": "damage type", "strike cost": "strike cost"},
)
