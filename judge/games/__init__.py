"""Game rules modules, one package per game (``judge/games/fab/`` ...), each implementing
:class:`judge.games.base.Game`; the engine finds them through the explicit registry in
:mod:`judge.engine.runner`.
"""
