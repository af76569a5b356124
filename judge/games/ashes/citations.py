"""Which rule of the Raven Rules governs each procedure of the Ashes module.

Every trace step cites through this table (``ashes-raven-1.1`` only: the module never borrows a
number from another document). Card errata are cited by their node (the card's name, printed
number ``1.1.2`` ...), which the card reader names in the card's ``meta``.
"""

from __future__ import annotations

from judge.engine.trace import CitationTable

DOC = "ashes-raven-1.1"

TABLE: dict[str, str] = {
    # 1 card errata
    "errata": "1.0.0",
    # 2 quick reference, the game round, dice powers
    "dice.symbols": "2.0.0",
    "round": "2.1.0",
    "turn.main": "2.1.0",
    "turn.side": "2.1.0",
    "turn.pass": "2.1.0",
    "turn.order": "2.1.0",
    "round.recovery": "2.1.0",
    "round.prepare": "2.1.0",
    "dice.power": "2.2.0",
    # 3 core rules clarifications
    "setup": "3.1.0",
    "play-area": "3.1.1",
    "attack.declare": "3.2.0",
    "attack.block": "3.2.1",
    "attack.battle-advantage": "3.2.2",
    "attack.damage": "3.2.3",
    "meditate": "3.3.0",
    "gained-abilities": "3.4.0",
    # 4 playing cards and activating effects
    "play.from-hand": "4.0.0",
    "play.costs-needed": "4.0.0",
    "play": "4.1.0",
    "play.alteration": "4.1.1",
    "play.conjuration": "4.1.2",
    "play.conjured-alteration": "4.1.3",
    "activate": "4.2.0",
    "activate.timing": "4.2.0",
    "trigger.condition": "4.2.0",
    "trigger.in-play": "4.2.0",
    "trigger.must": "4.2.0",
    "cancel": "4.2.3",
    "trigger.timing": "4.3.0",
    "trigger.players": "4.3.1",
    "costs": "4.4.0",
    "costs.parallel": "4.4.1",
    "costs.magic-play": "4.4.2",
    "resolve": "4.5.0",
    "resolve.simultaneous": "4.5.1",
    "resolve.all": "4.5.1",
    # 5 damage and destruction
    "ddr": "5.0.0",
    "destroy": "5.1.0",
    "destroy.phoenixborn": "5.1.1",
    # 6 definitions
    "target": "Target",
    "ability": "Ability",
    "active-player": "Active player",
    "affect": "Affect",
    "value.attack": "Attack value",
    "value.recover": "Recover value",
    "core-event": "Core framework event",
    "in-play": "In play",
    # the engine core's blocks (judge.engine.immediate)
    "immediate.resolve": "4.3.0",
    "immediate.order": "4.5.1",
    "immediate.cancel": "4.2.3",
    "window.respond": "4.3.1",
}

CITATIONS = CitationTable({proc: {DOC: key} for proc, key in TABLE.items()})
