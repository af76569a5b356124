"""Installed card databases: the cards of a community database, looked up by name.

``judge cards add FILE --game G`` reads a database in one of the formats the games'
communities publish (:mod:`judge.carddb.formats`), checks and normalises every card, and writes
one SQLite file per database to the user data folder (``<data>/cards/<game>/<name>.sqlite``,
never inside the package), with the index of names a lookup needs built there and then
(:mod:`judge.carddb.install`). Scenarios then name the cards (``hand "Snatch"``) and the
scenario parser builds their definitions from the database
(:mod:`judge.scenario.named_cards`, which imports this package, never the other way);
``judge card GAME NAME`` shows a card as printed, its parse and the rules each part cites
(:mod:`judge.carddb.show`, answered without click).

Layers: :mod:`names` and :mod:`store` are light (``os``, SQLite's C module, no click, lark,
networkx or jinja2) because the scenario parser and ``judge card`` read through them; the
readers and the installer are used by ``judge cards add`` only.
"""
