"""11.7 example 2 (Merciful Retribution): "whenever an aura or attack action card you control is
destroyed" watches the destruction of cards its controller controls of those kinds only, and its
"it" is the destroyed card, now in the graveyard (11.7.1)."""

from __future__ import annotations

from tests.engine.helpers import expectation, ruling, steps_citing

CARDS = '''card "Merciful Retribution": Light Illusionist Action - Aura, cost 1, pitch 2, defense 2: "Whenever an aura or attack action card you control is destroyed, deal 1 arcane damage to target hero. If it's a non-token Light card, put it into your hero's soul."
card "Dim Aura": Illusionist Action - Aura, cost 0, pitch 1, defense 2
card "Shatter": Generic Instant, cost 0, pitch 1: "Destroy target aura."
'''


def _run(controls_alice: str, controls_bob: str, target: str, life: int):
    return ruling(CARDS + f'''Alice is the turn player; hero life 20, intellect 4, controls "Merciful Retribution"{controls_alice}
Bob: hero life 20, intellect 4, hand "Shatter"{controls_bob}
Alice passes
Bob plays "Shatter" targeting "{target}"
Bob passes
Alice passes
Bob passes
Alice passes
expect Bob life {life}
''')


def test_fab_11_7_an_aura_alice_controls_destroyed_triggers_it():
    r = _run(', "Dim Aura"', "", "Dim Aura", 19)
    assert expectation(r, "life 19").passed
    # Dim Aura is not a Light card: the condition reads the card in the graveyard, and fails
    assert any("is not a non-token Light card" in s.description
               for s in steps_citing(r, "fab-1.4 11.7.1"))
    assert expectation(r, "life 19").passed and not r.all_not_modelled


def test_fab_11_7_an_aura_of_the_opponent_destroyed_does_not_trigger_it():
    r = _run("", ', controls "Dim Aura"', "Dim Aura", 20)
    assert expectation(r, "life 20").passed and not r.all_not_modelled
    assert not steps_citing(r, "fab-1.4 11.7.1")
