"""Universal Fighting System: Living Game Rules 0.9."""

from judge.registry.base import GameDescriptor, Policy

GAME = GameDescriptor(
    id="ufs",
    name="Universal Fighting System",
    documents=("ufs-0.9",),
    importers={"ufs": "judge.rules.importers.ufs:import_text"},
    card_parser="judge.cards.ufs",
    rules="judge.games.ufs.game:GAME",
    scenario_grammar="scenario_ufs.lark",
    # D: each player's zones; "stage" is UniVersus's word for the staging area
    zones={"hand": "hand", "deck": "deck", "discard": "discard", "discard pile": "discard",
           "card pool": "card pool", "staging area": "staging area", "stage": "staging area",
           "removed": "removed", "momentum": "momentum"},
    player_values={"vitality": "vitality", "health": "vitality", "hand size": "hand size",
                   "maximum vitality": "maximum vitality", "momentum": "momentum",
                   "last check": "last check", "last difficulty": "last difficulty"},
    # one word per value in a card line: "block mid, modifier +2" is a +2 mid block (B.6.3,
    # B.6.4); "resource fire, resource earth" lists resource symbols (B.6.6)
    card_values={"difficulty": "difficulty", "control": "control", "speed": "speed",
                 "damage": "damage", "zone": "zone", "block": "block zone",
                 "modifier": "block modifier", "hand": "hand size", "vitality": "vitality",
                 "resource": "resources", "resources": "resources",
                 "block zone": "block zone", "block modifier": "block modifier",
                 "hand size": "hand size"},
    policies=(
        Policy("blocking", ("none", "error"),
               "a defender whose block is not stated does not attempt to block (G.2.1)"),
        Policy("committing", ("none", "error"),
               "a player whose control check falls short and who is not stated to commit cards "
               "does not commit (the check fails, E.3.5.2.2)"),
        Policy("reviewing", ("none", "error"),
               "an active player whose review is not stated does not review a card (F.1.2)"),
        Policy("momentum", ("add", "error"),
               "an attack that dealt damage and whose fate is not stated is added to its "
               "player's momentum when the card pool is cleared (F.3.2.2)"),
        Policy("resources", ("assumed", "error"),
               "a card whose resource symbols are not stated is taken to meet the resource "
               "symbol rule (E.4.1.2), and the ruling says so"),
    ),
    hero="character",
)
