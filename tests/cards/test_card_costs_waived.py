"""Costs a card waives or replaces, read the same way in the four games (the shared reader:
grammar/card_common.lark, judge/cards/frames.py): "without paying its ... cost" is
``Play.waived`` (``free`` only when it is the whole printed cost), "rather than pay this card's
... cost" an ability of kind ``alternate cost`` whose ``instead_of`` names the cost it replaces.
A wrong value is worse than none: a phrase no value holds leaves a located unparsed part."""

from __future__ import annotations

import pytest

from judge.cards import ashes, fab, model as M, ufs, wow

GAMES = {"fab": fab, "wow": wow, "ufs": ufs, "ashes": ashes}


def plays(card: M.CardText) -> list[M.Play]:
    return [v for v in M.walk(card) if isinstance(v, M.Play)]


def one_play(game: str, text: str) -> M.Play:
    card = GAMES[game].parse(text)
    assert not card.unparsed, card.unparsed
    [p] = plays(card)
    return p


@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.parametrize("text", ["Play target card without paying its cost.",
                                  "You may play it without paying its cost."])
def test_without_paying_its_cost_waives_the_whole_printed_cost_in_every_game(game, text):
    """The phrase on the object ("target card without paying ...") was kept as a quality of the
    card, the play not free; only the pronoun form gave ``free``."""
    p = one_play(game, text)
    assert p.free and p.waived == "cost"
    assert not any("paying" in q for q in p.what.qualities) and not p.what.filters


@pytest.mark.parametrize("game, text", [
    ("wow", "You may play that card without paying its resource cost."),
    ("wow", "You may play that card without paying its play cost."),
    ("fab", "You may play that card without paying its {r} cost."),
    ("fab", "You may play that card without paying its resource cost."),
])
def test_wow_and_fab_resource_cost_is_the_whole_printed_cost(game, text):
    """wow-7.4 403.6a: "without paying its cost" means its play cost, its resource cost;
    fab-1.4 9.2.5: a card's cost is its resource cost {r}."""
    p = one_play(game, text)
    assert p.free and p.waived == "cost"


def test_ashes_without_paying_its_main_action_cost_waives_only_the_main_action():
    """Shadow Guard's Hidden: the main action is not spent, the dice still are
    (ashes-raven-1.1 "Main Action"): not free. The phrase was lost inside the zone ("from your
    hand without paying ...")."""
    p = one_play("ashes", "You may play this unit from your hand without paying its main "
                          "action cost.")
    assert not p.free and p.waived == "main action cost"
    assert p.from_zone is not None and p.from_zone.name == "hand"
    p = one_play("ashes", "You may play this spell from your discard pile without paying its "
                          "main action cost.")
    assert not p.free and p.waived == "main action cost"


def test_a_play_with_no_cost_words_waives_nothing():
    p = one_play("wow", "You may play that card this turn.")
    assert not p.free and p.waived == "" and p.duration is not None


def test_without_paying_keeps_the_condition_and_the_period_printed_after_the_cost():
    """"... without paying its cost if your hero dealt combat damage ..." (Instant Poison): the
    condition was read as part of the cost phrase and dropped - the card played free always."""
    card = wow.parse("You may play this ability without paying its cost if your hero dealt "
                     "combat damage to an opposing hero this turn.")
    assert not card.unparsed
    [choice] = card.abilities[0].effects
    [[cond]] = choice.options
    assert isinstance(cond, M.Conditional) and cond.condition.test == "event"
    [p] = cond.then
    assert isinstance(p, M.Play) and p.free
    p = one_play("wow", "You may play it without paying its cost this turn.")
    assert p.free and p.duration is not None and p.duration.kind == "this turn"


@pytest.mark.parametrize("game", sorted(GAMES))
def test_without_doing_something_else_is_unparsed_never_free(game):
    """Any "without" phrase made the play free."""
    card = GAMES[game].parse("You may play it without revealing it.")
    assert not any(p.free for p in plays(card))
    [u] = card.unparsed
    assert u.at == card.text.index("without")


@pytest.mark.parametrize("game, text, instead_of, paid", [
    ("ashes", "You may spend 1 [[basic]] rather than pay this card's main action cost.",
     "main action cost", M.Dice),
    ("ufs", "You may discard a card rather than pay this card's cost.", "cost", M.Move),
    ("wow", "You may exhaust a Shield you control rather than pay this card's cost.", "cost",
     M.Exhaust),
    ("fab", "You may put a card from your hand on top of your deck rather than pay this card's "
            "{r} cost.", "cost", M.Move),
])
def test_rather_than_pay_this_cards_cost_is_an_alternate_cost_in_every_game(game, text,
                                                                            instead_of, paid):
    """It was an optional effect done as the card resolves, "rather than pay ..." dropped in
    silence, except where a game reader re-read the text with a regular expression."""
    card = GAMES[game].parse(text)
    assert not card.unparsed
    [ab] = card.abilities
    assert ab.kind == "alternate cost" and not ab.effects and ab.instead_of == instead_of
    assert [type(c.effect) for c in ab.costs] == [paid]


def test_rather_than_pay_a_cost_named_by_the_card_name():
    ab = wow.parse("You may exhaust one of your Shields rather than pay Spell Reflection's cost.",
                   name="Spell Reflection").abilities[0]
    assert ab.kind == "alternate cost" and ab.instead_of == "cost"


@pytest.mark.parametrize("game, text", [
    ("wow", "You may exhaust Vyara rather than pay the cost of an ability with cost 7 or less."),
    ("wow", "Each player may exhaust his hero rather than pay the resource cost of completing a "
            "quest."),
    ("ashes", "Spend 1 [[basic]] rather than pay this card's main action cost."),
])
def test_rather_than_pay_another_cost_is_unparsed(game, text):
    """Another card's or action's cost, or no choice: no value holds it - the sentence is left
    unparsed where it was an optional effect with the words dropped."""
    card = GAMES[game].parse(text)
    assert not any(a.kind == "alternate cost" for a in card.abilities)
    assert card.unparsed and card.unparsed[0].at is not None


def test_a_granted_alternate_cost_is_an_alternate_cost():
    card = wow.parse('Ongoing: Trap cards in your hand also have "You may exhaust a defending '
                     'ally in your party rather than pay this card\'s cost."')
    [gain] = [v for v in M.walk(card) if isinstance(v, M.Gain)]
    [ab] = gain.abilities
    assert ab.kind == "alternate cost" and ab.instead_of == "cost" and not ab.effects


def test_an_alternate_cost_under_a_trigger_stays_an_effect():
    """Not an ability of the card's own cost: it stays the effect (an engine names it)."""
    card = wow.parse("At the start of your turn, you may exhaust a Shield you control rather "
                     "than pay this card's cost.")
    assert not card.unparsed
    [ab] = card.abilities
    assert ab.kind == "triggered" and isinstance(ab.effects[0], M.AlternateCost)


def test_ashes_module_names_an_alternate_cost_not_modelled():
    """The Ashes module bound "You may spend 1 [[basic]] rather than pay ..." as a spell that
    spends a die as it resolves; it pays printed costs only, so it names the alternate cost."""
    from judge.games.ashes import cards as C
    rules = C.read("K", "K\nAction Spell - Discard\n[[main]] - 1 [[basic]]\n\nYou may spend 1 "
                   "[[basic]] rather than pay this card's main action cost.\n\nDeal 1 damage to "
                   "a target unit.", kind="action spell")
    assert [type(e) for b in rules.bound for e in b.effects] == [M.Damage]
    [u] = [u for u in rules.unbound if "rather than" in u.text]
    assert "alternate cost" in u.why and "main action cost" in u.why


def test_ufs_module_names_an_alternate_cost_not_modelled():
    from judge.cards import parse
    from judge.games.ufs import cards as K
    from judge.games.ufs.game import GAME
    rules = K.read(parse("ufs", "You may discard a card rather than pay this card's cost."),
                   unsupported=GAME._unsupported)
    [part] = rules.parts
    assert "alternate cost" in part.why and not rules.played and not rules.statics


def test_play_it_for_free_waives_the_whole_cost():
    """Staff of Antonidas: "for free" was dropped - the play was not free."""
    p = one_play("wow", "You may play it for free.")
    assert p.free and p.waived == "cost"
