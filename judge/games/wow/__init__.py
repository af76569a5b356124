"""World of Warcraft TCG (Comprehensive Rules 7.4) on the engine core.

The package is split by the rules' own sections:

- :mod:`~judge.games.wow.model`: zones and rows (415), objects' WoW state (damage, exhausted,
  attachments, control), the operations that change it, the records a turn keeps;
- :mod:`~judge.games.wow.powers`: a card's powers (700) read from the card grammar's values,
  and what the module cannot carry out (named, never dropped);
- :mod:`~judge.games.wow.describe`: matching the card model's descriptions ("each opposing hero
  and ally", "target Melee weapon you control") against players and cards;
- :mod:`~judge.games.wow.values`: ATK, health, DEF, cost, tags and keywords with the continuous
  modifiers of 714, in timestamp and dependency order (718, 719), within 104.2;
- :mod:`~judge.games.wow.packets`: damage and healing as packets (405, 407, 408) and the
  modifiers that replace, prevent and divide them (716, 717);
- :mod:`~judge.games.wow.effects`: what a resolving link does (709, 712, 713);
- :mod:`~judge.games.wow.triggers`: triggered powers and modifiers (703, 708, 715);
- :mod:`~judge.games.wow.checks`: pre-priority processing (410.5, 410.6), uniqueness (414)
  and wielding (406);
- :mod:`~judge.games.wow.combat`: proposal, combat step and conclusion (600-603);
- :mod:`~judge.games.wow.turn`: the turn sequence (500-503);
- :mod:`~judge.games.wow.scenario`: the scenario language's WoW words (set-up, lines, expect);
- :mod:`~judge.games.wow.game`: the :class:`~judge.engine.game.Game` that ties them together:
  playing cards, using powers, the chain and priority (705-711).
"""
