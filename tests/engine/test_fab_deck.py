"""Searching a deck, failing to find, shuffling and the unknown order after a shuffle
(FaB 24.1-24.5, 19.6.1)."""

from __future__ import annotations

from tests.engine.helpers import expectation, ruling, steps_citing

CARDS = '''card "Lesson": Wizard Action, cost 1, pitch 2, defense 3: "Search your deck for a Wizard 'non-attack' action card with cost 1 or less, reveal it, then shuffle your deck and put it on top of your deck."
card "Plan": Brute Action, cost 0, pitch 3, defense 3: "Search your deck for a card, put it into your hand, then shuffle your deck."
card "Remembrance": Generic Instant, cost 0, pitch 2: "Shuffle up to 3 action cards from your graveyard into your deck.\\n\\nBanish Remembrance."
card "Spark": Wizard Action, cost 1, pitch 1, defense 3
card "Costless": Wizard Action, pitch 1, defense 3
card "Sigil": Generic Action, cost 0, pitch 3
card "Cantrip": Generic Instant, cost 0, pitch 1: "Draw a card."
'''


def _run(body: str):
    return ruling(CARDS + body)


def _passed(r) -> bool:
    return all(e.passed for e in r.all_expectations)


def test_fab_24_2_a_found_card_is_put_on_top_and_its_position_stays_known():
    r = _run('''Alice is the turn player; hero life 20, hand "Lesson", "Cantrip", 1 resource point, deck top "Sigil", "Spark"
Bob: hero life 20
Alice plays "Lesson"
Alice finds "Spark"
Alice passes
Bob passes
Alice plays "Cantrip"
settle
expect "Spark" in Alice's hand
expect Alice deck "Sigil"
''')
    assert _passed(r), [e.actual for e in r.all_expectations]
    assert not r.all_not_modelled
    assert steps_citing(r, "fab-1.4 24.4")


def test_fab_24_4_drawing_from_a_shuffled_deck_is_not_modelled_not_guessed():
    r = _run('''Alice is the turn player; hero life 20, hand "Lesson", "Cantrip", 1 resource point, deck top "Sigil", "Spark"
Bob: hero life 20
Alice plays "Lesson"
Alice fails to find
Alice passes
Bob passes
Alice plays "Cantrip"
settle
expect Alice hand count 0
''')
    assert any("deck was shuffled" in what for what in r.all_not_modelled)
    assert not expectation(r, "hand count").passed


def test_fab_24_2_an_unstated_search_result_is_not_modelled():
    r = _run('''Alice is the turn player; hero life 20, hand "Lesson", 1 resource point, deck top "Spark"
Bob: hero life 20
Alice plays "Lesson"
''')
    assert any("which card Alice finds" in what for what in r.all_not_modelled)


def test_fab_24_3_failing_to_find_is_allowed_only_when_the_deck_is_empty():
    r = _run('''Alice is the turn player; hero life 20, hand "Plan", deck empty
Bob: hero life 20
Alice plays "Plan"
expect Alice fails to find is allowed
Alice fails to find
settle
expect "Plan" in Alice's graveyard
''')
    assert _passed(r) and not r.all_not_modelled
    r = _run('''Alice is the turn player; hero life 20, hand "Plan", deck top "Sigil"
Bob: hero life 20
Alice plays "Plan"
expect Alice fails to find is not allowed
''')
    e = expectation(r, "fails to find")
    assert e.passed and "fab-1.4 24.3" in e.actual


def test_fab_19_6_1_a_card_without_cost_does_not_answer_a_cost_search():
    r = _run('''Alice is the turn player; hero life 20, hand "Lesson", 1 resource point, deck top "Costless"
Bob: hero life 20
Alice plays "Lesson"
expect Alice finds "Costless" is not allowed
''')
    e = expectation(r, "finds")
    assert e.passed and "Costless has no cost value" in e.actual


def test_fab_24_1_finding_without_a_search_is_refused():
    r = _run('''Alice is the turn player; hero life 20, hand "Cantrip", deck top "Sigil"
Bob: hero life 20
expect Alice finds "Sigil" is not allowed
''')
    e = expectation(r, "finds")
    assert e.passed and "no search effect" in e.actual


def test_fab_24_5_shuffling_one_card_in_shuffles_the_deck():
    r = _run('''Alice is the turn player; hero life 20, hand "Remembrance", graveyard "Spark", deck top "Sigil"
Bob: hero life 20
Alice plays "Remembrance"
Alice chooses "Spark"
settle
expect Alice deck "Sigil", "Spark"
expect "Remembrance" in Alice's banished
expect does not cite "24.5"
''')
    assert _passed(r) and not r.all_not_modelled
    assert any("order of its 2 cards is now unknown" in s.description for s in r.steps)


def test_fab_24_5_an_unstated_choice_of_up_to_n_cards_is_not_modelled():
    r = _run('''Alice is the turn player; hero life 20, hand "Remembrance", graveyard "Spark"
Bob: hero life 20
Alice plays "Remembrance"
''')
    assert any("which of up to 3 action cards" in what for what in r.all_not_modelled)


SAND = '''card "Sand": Brute Action, cost 0, pitch 3, defense 3: "Search your deck for a card, put it into your hand, discard a random card, then shuffle your deck.\\n\\nIf the discarded card has 6 or more {p}, gain 2 action points."
card "Big": Brute Action - Attack, cost 2, pitch 1, power 6, defense 3
card "Small": Brute Action - Attack, cost 2, pitch 1, power 5, defense 3
'''


def test_fab_24_3_the_discarded_card_decides_the_action_points():
    for found, points in (("Big", 2), ("Small", 0), ("Sigil", 0)):
        r = _run(SAND + f'''Alice is the turn player; hero life 20, hand "Sand", deck top "Big", "Small", "Sigil"
Bob: hero life 20
Alice plays "Sand"
Alice finds "{found}"
settle
expect Alice action points {points}
expect "{found}" in Alice's graveyard
''')
        assert _passed(r) and not r.all_not_modelled, (found, [e.actual for e in r.all_expectations])


def test_fab_19_6_1_a_discarded_card_without_power_does_not_have_6_or_more():
    r = _run(SAND + '''Alice is the turn player; hero life 20, hand "Sand", deck top "Sigil"
Bob: hero life 20
Alice plays "Sand"
Alice finds "Sigil"
settle
expect Alice action points 0
''')
    assert _passed(r)
    assert any("Sigil has no power value" in s.description for s in r.steps)


def test_fab_19_3_a_permanent_that_banishes_itself_is_banished_from_the_arena():
    # "banish Charm" resolved by Charm's own triggered ability: its name means itself
    from judge.games.run import game_for
    from judge.engine.context import Context
    from judge.engine.chain import Layer
    from judge.games.fab import deck as fab_deck
    from judge.cards.model import Move, Target
    game = game_for("fab")
    st = game.new_state("fab-1.4")
    game.add_player(st, "Alice")
    charm = st.create(name="Charm", owner="Alice", zone=("Alice", "permanents"), kinds=("aura",))
    ctx = Context(st, game)
    layer = Layer(id=0, kind="triggered", name="Charm", controller="Alice", source=charm.id)
    fab_deck.run(game, ctx, layer, Move(verb="banish", what=Target(text="Charm", ref="this")))
    assert st.objects[charm.id].zone == ("Alice", "banished")
