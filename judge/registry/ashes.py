"""Ashes: Rise of the Phoenixborn, "Raven Rules" 1.1."""

from judge.registry.base import GameDescriptor, Policy

GAME = GameDescriptor(
    id="ashes",
    name="Ashes: Rise of the Phoenixborn",
    documents=("ashes-raven-1.1",),
    importers={"ashes-raven": "judge.rules.importers.ashes:import_text"},
    card_parser="judge.cards.ashes",
    rules="judge.games.ashes.game:GAME",
    scenario_grammar="scenario_ashes.lark",
    zones={"hand": "hand", "deck": "deck", "discard": "discard", "spellboard": "spellboard",
           "battlefield": "battlefield", "conjuration pile": "conjuration pile",
           "conjurations": "conjuration pile", "active pool": "active pool",
           "exhausted pool": "exhausted pool", "removed": "removed",
           "attached": "attached", "phoenixborn": "phoenixborn"},
    player_values={},
    card_values={"attack": "attack", "life": "life", "recover": "recover",
                 "battlefield": "battlefield", "spellboard": "spellboard"},
    hero="phoenixborn",
    policies=(
        Policy("blocking", ("none", "error"),
               "a defender whose blockers or guard are not stated declares none"),
        Policy("dice", ("cheapest", "error"),
               "a magic cost whose dice are not stated (pays with) is paid with the dice that "
               "could pay the fewest kinds of symbol"),
    ),
)
