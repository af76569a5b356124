"""The FaB card grammar reads a type-changing static ability with a granted activated ability
(Iris of Reality, FaB 25.1.2) into a ``Becomes`` value."""

from __future__ import annotations

from judge.cards.legacy_fab import Becomes, parse

IRIS = ("During your action phase, Illusionist auras you control are weapons with 4{p} and "
        "**Once per Turn Action** - {r}{r}{r}: **Attack. Go again**")


def test_fab_25_1_2_iris_of_reality_text_is_one_conditional_becomes():
    text = parse(IRIS)
    assert text.fully_parsed
    (ab,) = text.abilities
    assert ab.condition is not None and ab.condition.text == "during your action phase"
    (eff,) = ab.effects
    assert isinstance(eff, Becomes)
    assert eff.what is not None and eff.what.text == "illusionist auras you control"
    assert eff.kinds == ("weapon",)
    assert eff.values == (("power", 4),)


def test_fab_25_1_2_the_granted_ability_is_a_once_per_turn_action_attack_with_go_again():
    (eff,) = parse(IRIS).abilities[0].effects
    (granted,) = eff.abilities
    assert granted.kind == "activated"
    assert granted.label.lower() == "action" and granted.limit == "once per turn"
    assert [c.amount for c in granted.costs if c.kind == "resource"] == [3]
    assert [e.verb for e in granted.effects] == ["attack"]
    assert [k.name for k in granted.keywords] == ["Go again"]


def test_fab_becomes_without_values_or_ability():
    (eff,) = parse("Auras you control are weapons.").abilities[0].effects
    assert isinstance(eff, Becomes)
    assert eff.kinds == ("weapon",) and eff.values == () and eff.abilities == ()


def test_fab_other_is_sentences_stay_other_values():
    (eff,) = parse("This is a blue card.").abilities[0].effects
    assert not isinstance(eff, Becomes)


def test_fab_becomes_with_a_quoted_activated_ability():
    # Luminaris's first ability: the granted ability is in quotes
    text = parse('During your action phase, Illusionist auras you control are weapons with 1{p} '
                 'and "**Once per Turn Action** - 0: **Attack**"')
    assert text.fully_parsed
    (eff,) = text.abilities[0].effects
    assert isinstance(eff, Becomes) and eff.values == (("power", 1),)
    (granted,) = eff.abilities
    assert granted.kind == "activated" and [c.amount for c in granted.costs] == [0]
    assert [k.name for k in granted.keywords] == []
