"""Game rules modules, one package per game (``judge/games/fab/`` ...), each a
:class:`judge.engine.game.Game`; :mod:`judge.registry` names them and :mod:`judge.games.run`
runs a scenario through the engine with its game's module.
"""
