"""Flesh and Blood: CR v1.4 and the later CR's section 4."""

from judge.registry.base import GameDescriptor, Policy

GAME = GameDescriptor(
    id="fab",
    name="Flesh and Blood",
    documents=("fab-1.4", "fab-section4"),
    importers={"fab-v1": "judge.rules.importers.fab_v1:import_text",
               "fab-cr": "judge.rules.importers.fab_cr:import_text"},
    card_parser="judge.cards.fab",
    rules="judge.games.fab.game:GAME",
    scenario_grammar="scenario_fab.lark",
    zones={"hand": "hand", "arsenal": "arsenal", "pitch": "pitch", "graveyard": "graveyard",
           "banished": "banished", "equipment": "equipment", "wears": "equipment",
           "weapons": "weapons", "wields": "weapons", "permanents": "permanents",
           "controls": "permanents", "deck": "deck", "soul": "soul"},
    player_values={"life": "life", "hero life": "life", "intellect": "intellect",
                   "action point": "action points", "action points": "action points",
                   "resource point": "resource points", "resource points": "resource points",
                   "resources": "resource points"},
    card_values={"cost": "cost", "pitch": "pitch", "power": "power", "attack": "power",
                 "defense": "defense", "defence": "defense", "life": "life",
                 "intellect": "intellect"},
    policies=(
        Policy("defending", ("none", "error"),
               "a player who is attacked and whose defence is not stated declares no defenders"),
        Policy("trigger-order", ("printed", "error"),
               "simultaneous triggers not ordered by a line are ordered by the turn player in "
               "printed order"),
        Policy("trigger-targets", ("opposing", "error"),
               'a triggered effect\'s "target hero" not stated by a "targets ... with" line: '
               "the opposing hero"),
    ),
)
