"""Essence of several super-types (Essence glossary example; Briar's "Essence of Earth and
Lightning") and a hero text the card grammar cannot read: the deck check names it rather than
ruling the deck illegal."""

from __future__ import annotations

from tests.engine.helpers import ruling

CARDS = ('card "Briar Stand-in": Elemental Runeblade Hero, life 40, intellect 4: "{text}"\n'
         'card "Earth Card": Earth Action - Attack, cost 0, pitch 1, power 2, defense 2\n'
         'card "Ice Card": Ice Action - Attack, cost 0, pitch 1, power 2, defense 2\n'
         'Alice is the turn player; hero "Briar Stand-in", hand "Earth Card", "Ice Card"\n'
         'Bob: hero life 20\n')


def _steps(r, word):
    return [s.description for s in r.steps if word in s.description]


def test_fab_essence_of_earth_and_lightning_allows_each_of_them():
    r = ruling(CARDS.format(text="**Essence of Earth and Lightning**"))
    assert _steps(r, "may hold Earth Card") and not _steps(r, "not a legal deck: Earth Card")
    assert _steps(r, "not a legal deck: Ice Card")


def test_fab_essence_of_three_super_types():
    r = ruling(CARDS.format(text="**Essence of Earth, Ice, and Lightning**"))
    assert _steps(r, "may hold Earth Card") and _steps(r, "may hold Ice Card")
    assert not _steps(r, "not a legal deck")


def test_fab_a_hero_text_that_cannot_be_read_is_named_not_ruled_on():
    r = ruling(CARDS.format(text="**Essence of Earth** and **Essence of Lightning**"))
    assert not _steps(r, "not a legal deck")
    assert any("whether Alice's deck may hold it" in n for n in r.all_not_modelled)
