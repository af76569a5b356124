"""Flesh and Blood's zones, points and effect ends, named once for the game's modules: the
player zones and the arena (11.2: the arena is the hero, weapon, equipment and chain zones and the
space of the cards that stay in play), the combat chain (20), action and resource points (the
glossary's Action Points, Resource Points), and the moments that end effects (turn, combat chain).
"""

from __future__ import annotations

AP, RP = "action points", "resource points"
# globals: ((card, ability text), ...) of "Once per Turn" abilities activated this turn (15.2.1)
ABILITIES_USED = "abilities used this turn"
WEAPON_ATTACK = "Attack"          # the key of a weapon's "Once per Turn Action - ...: Attack"
PLAYER_ZONES = ("hand", "deck", "arsenal", "pitch", "graveyard", "banished", "equipment",
                "weapons", "permanents", "hero", "soul")
# the arena zones each player has of their own (where the cards they control stay in play)
PLAYER_ARENA = ("equipment", "weapons", "permanents", "hero")
# the arena (11.2): those and the chain zones (11.1.8), the chain and the combat chain
ARENA = frozenset(PLAYER_ARENA + ("chain", "combat chain"))
CHAIN, COMBAT = (None, "chain"), (None, "combat chain")
PERMANENT_KINDS = frozenset({"aura", "item", "token", "equipment", "weapon", "ally"})
GONE = (None, "ceased to exist")       # tokens that left the arena (10.3), kept for their LKI
END_OF_TURN, START_OF_TURN, CHAIN_CLOSES = "end of turn", "start of turn", "combat chain closes"
