"""Game rules modules, one per game, each implementing :class:`judge.games.base.Game`.

The engine finds them through the explicit registry in :mod:`judge.engine.runner`.
"""
