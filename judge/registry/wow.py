"""World of Warcraft TCG: Comprehensive Rules 7.4."""

from judge.registry.base import GameDescriptor, Policy

GAME = GameDescriptor(
    id="wow",
    name="World of Warcraft TCG",
    documents=("wow-7.4",),
    importers={"wow": "judge.rules.importers.wow:import_text"},
    card_parser="judge.cards.wow",
    rules="judge.games.wow.game:GAME",
    scenario_grammar="scenario_wow.lark",
    # 415.1: chain, deck, graveyard, hand, play, removed from game; a player's party (415.8b)
    # is "in play" (hero and ally rows) and "resources" (the resource row)
    zones={"hand": "hand", "deck": "deck", "graveyard": "graveyard",
           "removed": "removed", "resources": "resources", "resource row": "resources",
           "in play": "in play", "controls": "in play"},
    player_values={"health": "health", "hero health": "health", "damage": "damage",
                   "hero damage": "damage", "resources": "resources",
                   "resource": "resources", "exhausted resources": "exhausted resources",
                   "exhausted resource": "exhausted resources",
                   "ready resources": "ready resources", "ready resource": "ready resources",
                   "maximum hand size": "maximum hand size"},
    card_values={"cost": "cost", "atk": "atk", "attack": "atk", "health": "health",
                 "def": "def", "defense": "def", "damage": "damage", "type": "damage type",
                 "damage type": "damage type", "strike": "strike cost",
                 "strike cost": "strike cost"},
    policies=(
        Policy("protecting", ("none", "error"),
               "at the protect point, a player whose protector is not stated protects with "
               "nothing (602.2)"),
        Policy("striking", ("none", "error"),
               "as an attacker or defender is declared, a player whose strike is not stated "
               "strikes with no weapon (303.2)"),
        Policy("trigger-order", ("printed", "error"),
               "a player's simultaneous triggered effects not ordered by a line go on the "
               "chain in printed order (708.1a)"),
    ),
)
