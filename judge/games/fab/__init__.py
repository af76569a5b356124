"""Flesh and Blood (CR v1.4 and the later CR's section 4): the rules module.

``game`` holds :class:`~judge.games.fab.game.FabGame` (priority, the chain, playing cards,
damage, state checks); each other module holds one mechanic, citing its rules through
``citations.TABLE``.
"""
