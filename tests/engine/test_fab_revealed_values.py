"""Revealing the top card and using a value of the card revealed (FaB 19.6.2): "-X{p}, where X
is the pitch value of the card revealed this way"."""

from __future__ import annotations

from judge.cards.fab import parse
from judge.cards.model import ModifyValue, Reveal
from tests.engine.helpers import expectation, ruling, steps_citing

RABBLE = ("When this attacks, reveal the top card of your deck. This gets -X{p}, where X is the "
          "pitch value of the card revealed this way.")
CARDS = f'''card "Rabble": Generic Action - Attack, cost 0, pitch 1, power 5, defense 2: "{RABBLE}"
card "Tome": Generic Action, cost 0
card "Blue": Generic Action, cost 0, pitch 3
'''


def test_fab_19_6_2_this_way_sentence_belongs_to_the_triggered_ability_and_keeps_x():
    card = parse(RABBLE, name="Ravenous Rabble")
    (ability,) = card.abilities
    assert ability.kind == "triggered" and ability.trigger.event.verb == "attack"
    assert ability.trigger.event.subject.ref == "this"
    reveal, modify = ability.effects
    assert isinstance(reveal, Reveal) and reveal.what.zone.position == "top"
    assert isinstance(modify, ModifyValue) and modify.sign == -1
    assert modify.amount.variable == "X"
    x = modify.amount.defined_as
    assert x.measure == "pitch" and set(x.of.qualities) == {"revealed", "this way"}


def test_fab_19_6_2_revealed_card_with_pitch_3_gives_minus_3_power():
    r = ruling(CARDS + '''Alice is the turn player; hero life 20, hand "Rabble", deck top "Blue"
Bob: hero life 20
Alice plays "Rabble"
Bob does not defend
settle
expect Bob life 18
''')
    assert expectation(r, "life 18").passed
    assert not steps_citing(r, "fab-1.4 19.6.2")


def test_fab_19_6_2_a_card_with_no_pitch_value_counts_as_zero():
    r = ruling(CARDS + '''Alice is the turn player; hero life 20, hand "Rabble", deck top "Tome"
Bob: hero life 20
Alice plays "Rabble"
Bob does not defend
settle
expect Bob life 15
''')
    assert expectation(r, "life 15").passed
    (step,) = steps_citing(r, "fab-1.4 19.6.2")
    assert "Tome has no pitch value" in step.description


def test_fab_24_4_revealing_the_top_of_a_shuffled_deck_is_not_modelled():
    from judge.games.fab import deck as fab_deck
    from judge.engine.errors import NotModelled
    from judge.games.run import game_for
    from judge.engine.context import Context
    game = game_for("fab")
    st = game.new_state("fab-1.4")
    game.add_player(st, "Alice")
    st.create(name="Top", owner="Alice", zone=("Alice", "deck"))
    ctx = Context(st, game)
    fab_deck.shuffle(ctx, "Alice", ["search.shuffle"])
    try:
        fab_deck.check_top(ctx, "Alice", 1, "revealing the top card")
    except NotModelled as nm:
        assert "order of its cards is unknown" in nm.what
    else:
        raise AssertionError("the top card of a shuffled deck was taken as known")
