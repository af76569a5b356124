"""The scenario language: every construct parses into the AST with source positions; typical
mistakes give ScenarioSyntaxError / ScenarioError with caret, expected words and a suggestion;
no text makes the parser fail any other way."""

from __future__ import annotations

import logging
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from judge.errors import JudgeError
from judge.scenario import ast
from judge.scenario.errors import ScenarioError, ScenarioSyntaxError
from judge.scenario.parser import keywords, parse

ARCANE = '''\
scenario "Arcane Barrier 1 against a 3 arcane damage instant"
game fab-1.4
card "Zap": Wizard Instant, cost 0, pitch 1: "Deal 3 arcane damage to target hero."
card "Nullrune Hood": Generic Equipment - Head, defense 0: "Arcane Barrier 1"
Alice is the turn player; hero life 20
Bob: hero life 20, wears "Nullrune Hood", 1 resource point
Alice plays "Zap" targeting Bob
Bob uses arcane barrier of "Nullrune Hood"
expect Bob life 18
expect Bob resource points 0
expect cites "Arcane Barrier"
'''

HEAD = '''\
scenario "t"
game fab-1.4
card "Zap": Wizard Instant, cost 0, pitch 1: "Deal 3 arcane damage to target hero."
card "Sigil": Generic Action, cost 0, pitch 3: "Draw a card."
card "Nullrune Hood": Generic Equipment - Head, defense 0: "Arcane Barrier 1"
card "Dawnblade": Warrior Weapon - Sword (2H), power 3: "Once per Turn Action - {r}: Attack"
card "Kano": Wizard Hero - Young, intellect 4, life 15: "Instant - {r}{r}{r}: look at the top card"
Alice is the turn player; hero "Kano", life 15
Bob: life 20
'''


def _one(text: str):
    """The single step of HEAD + text."""
    scenario = parse(HEAD + text, "t.scn")
    assert len(scenario.steps) == 1
    return scenario.steps[0]


def _error(text: str, *, head: str = HEAD) -> JudgeError:
    with pytest.raises((ScenarioSyntaxError, ScenarioError)) as info:
        parse(head + text, "t.scn")
    return info.value


# --- the example of the brief, end to end -----------------------------------------------------

def test_arcane_barrier_example_parses_to_the_expected_ast():
    s = parse(ARCANE, "arcane.scn")
    assert s.title == "Arcane Barrier 1 against a 3 arcane damage instant"
    assert (s.document, s.game, s.path) == ("fab-1.4", "fab", "arcane.scn")
    assert [c.name for c in s.cards] == ["Zap", "Nullrune Hood"]
    zap = s.card("Zap")
    assert zap.types == ("Wizard", "Instant") and zap.subtypes == ()
    assert (zap.cost, zap.pitch, zap.power) == (0, 1, None)
    assert zap.text == "Deal 3 arcane damage to target hero."
    assert zap.text_pos == ast.Pos(3, 46)
    alice, bob = s.players
    assert alice.turn_player and not bob.turn_player and s.turn_player is alice
    assert (alice.life, bob.life, bob.resource_points) == (20, 20, 1)
    hood = bob.zone("equipment").cards[0]
    assert hood.name == "Nullrune Hood" and hood.slot == "head"   # slot from the Head subtype
    play, use, life, resources, cites = s.steps
    assert isinstance(play, ast.Play) and play.actor == "Alice" and play.card.name == "Zap"
    assert play.targets == (ast.PlayerRef("Bob", ast.Pos(7, 29)),)
    assert play.pos == ast.Pos(7, 1) and play.text == 'Alice plays "Zap" targeting Bob'
    assert isinstance(use, ast.UseOptional) and use.effect == "arcane barrier" and use.use
    assert use.card.name == "Nullrune Hood"
    assert life == ast.ExpectPlayerValue(ast.Pos(9, 1), "expect Bob life 18", player="Bob",
                                         stat="life", value=18)
    assert resources.stat == "resource points" and resources.value == 0
    assert isinstance(cites, ast.ExpectCites)
    assert cites.citation == "fab-1.4 Arcane Barrier N"   # resolved through the rules index


# --- setup ------------------------------------------------------------------------------------

def test_card_definition_keeps_types_subtypes_stats_and_positions():
    s = parse(HEAD, "t.scn")
    blade = s.card("Dawnblade")
    assert blade.types == ("Warrior", "Weapon") and blade.subtypes == ("Sword", "(2H)")
    assert blade.power == 3 and blade.pos == ast.Pos(6, 6)
    kano = s.card("Kano")
    assert (kano.intellect, kano.life) == (4, 15) and kano.has_type("hero")
    assert s.player("Alice").hero.name == "Kano"


def test_card_without_text_and_with_x_and_signed_values():
    s = parse(HEAD + 'card "Blank": Generic Action, cost X, power +1\n', "t.scn")
    blank = s.card("Blank")
    assert blank.text == "" and blank.text_pos is None
    assert blank.stats == (("cost", "X"), ("power", 1))


def test_british_defence_is_read_as_defense():
    s = parse(HEAD + 'card "Helm": Generic Equipment - Head, defence 1\n', "t.scn")
    assert s.card("Helm").stats == (("defense", 1),)
    assert s.card("Helm").defense == 1


def test_other_games_values_are_their_own_words():
    s = parse('scenario "w"\ngame wow-7.4\ncard "Hogger": Ally - Gnoll, cost 3, atk 2, '
              'health 4, type melee\nA is the turn player; health 30, 5 resources\n', "w.scn")
    assert s.game == "wow"
    assert s.card("Hogger").stats == (("cost", 3), ("atk", 2), ("health", 4),
                                      ("damage type", "melee"))
    assert s.player("A").stats == (("health", 30), ("resources", 5))


def test_a_value_word_another_game_uses_is_an_error_with_a_suggestion():
    with pytest.raises(ScenarioError) as err:
        parse('scenario "w"\ngame wow-7.4\nA is the turn player; helth 30\n', "w.scn")
    assert "unknown player value 'helth' for wow" in err.value.message
    assert err.value.suggestion == "health"
    with pytest.raises(ScenarioError) as err:
        parse('scenario "w"\ngame wow-7.4\nA is the turn player; life 30\n', "w.scn")
    assert "for wow" in err.value.message


def test_card_text_escapes_quotes_and_newlines():
    s = parse(HEAD + r'card "Q": Generic Action: "Say \"hi\".\nThen go again."' + "\n", "t.scn")
    assert s.card("Q").text == 'Say "hi".\nThen go again.'


def test_player_facts_all_zones_counters_and_merging_of_lines():
    s = parse(HEAD + '''\
Bob: hand "Zap", "Sigil" and "Zap", deck top "Sigil", "Zap", deck bottom "Zap", deck 30 cards
Bob: arsenal "Zap" face down, pitch "Sigil", graveyard "Zap", banished "Sigil"
Bob: wears "Nullrune Hood" with 2 energy counters, wields "Dawnblade"
Bob: controls "Sigil" with 1 "+1{p}" counter, zone "soul" "Zap", graveyard empty
Bob: 2 action points, intellect 4, not first turn
Alice: first turn, action points 1, resource points 3
''', "t.scn")
    bob = s.player("Bob")
    assert [c.name for c in bob.zone("hand").cards] == ["Zap", "Sigil", "Zap"]
    deck = bob.zone("deck")
    assert [c.name for c in deck.cards] == ["Sigil", "Zap"]
    assert [c.name for c in deck.bottom] == ["Zap"] and deck.count == 30
    assert bob.zone("arsenal").cards[0].face_up is False
    assert bob.cards_in("pitch")[0].name == "Sigil"
    assert bob.cards_in("graveyard")[0].name == "Zap"       # `graveyard empty` adds nothing
    assert bob.cards_in("banished")[0].name == "Sigil"
    hood = bob.zone("equipment").cards[0]
    assert hood.counters == (ast.Counter("energy", 2, hood.counters[0].pos),)
    assert bob.cards_in("weapons")[0].name == "Dawnblade"
    sigil = bob.zone("permanents").cards[0]
    assert sigil.counters[0].kind == "+1{p}" and sigil.counters[0].count == 1
    assert bob.cards_in("soul")[0].name == "Zap"
    assert (bob.action_points, bob.intellect, bob.first_turn) == (2, 4, False)
    alice = s.player("Alice")
    assert (alice.first_turn, alice.action_points, alice.resource_points) == (True, 1, 3)
    assert bob.zone("hand").pos == ast.Pos(10, 6)


def test_equipment_slot_can_be_stated():
    s = parse(HEAD + 'Bob: wears "Nullrune Hood" on chest\n', "t.scn")
    assert s.player("Bob").zone("equipment").cards[0].slot == "chest"


def test_turn_player_by_fact_and_phase_and_policies():
    s = parse('scenario "p"\ngame fab-1.4\nphase action\npolicy defending error\n'
              'policy trigger-order printed\nA: turn player\nB: life 20\n', "p.scn")
    assert s.turn_player.name == "A" and s.phase == "action"
    assert s.policy("defending") == "error" and s.policy_stated("defending")
    assert s.policy("optional") == "decline" and not s.policy_stated("optional")


def test_comments_blank_lines_and_hash_inside_text():
    s = parse("# leading comment\n\n" + HEAD.replace('"Draw a card."', '"Draw #1 card."')
              + "   # indented comment\n\nAlice passes  # trailing\n", "t.scn")
    assert s.card("Sigil").text == "Draw #1 card."
    assert isinstance(s.steps[0], ast.Pass) and s.steps[0].pos == ast.Pos(14, 1)


# --- actions ----------------------------------------------------------------------------------

def test_play_with_every_modifier():
    step = _one('Alice plays "Zap" from arsenal pitching "Sigil" and "Zap" '
                'targeting Bob and Bob\'s "Nullrune Hood" choosing "a" and "b"\n')
    assert isinstance(step, ast.Play) and step.from_zone == "arsenal"
    assert [c.name for c in step.pitching] == ["Sigil", "Zap"]
    assert step.targets[0] == ast.PlayerRef("Bob", ast.Pos(10, 69))
    assert step.targets[1].name == "Nullrune Hood" and step.targets[1].owner == "Bob"
    assert step.modes == ("a", "b")


def test_activate_attack_defend_pitch_pass():
    assert _one('Alice activates "Kano" ability "look" pitching "Sigil"\n').ability == "look"
    attack = _one('Alice attacks with "Dawnblade" targeting Bob\n')
    assert isinstance(attack, ast.Attack) and attack.card.name == "Dawnblade"
    defend = _one('Bob defends with "Nullrune Hood", "Zap"\n')
    assert isinstance(defend, ast.Defend) and [c.name for c in defend.cards] == ["Nullrune Hood", "Zap"]
    assert _one("Bob does not defend\n") == ast.Defend("Bob", ast.Pos(10, 1), "Bob does not defend")
    pitch = _one('Alice pitches "Sigil"\n')
    assert isinstance(pitch, ast.Pitch) and pitch.cards[0].name == "Sigil"
    assert isinstance(_one("Bob passes priority\n"), ast.Pass)


def test_optional_effects_triggers_and_choices():
    use = _one('Bob uses "Arcane Barrier" of "Nullrune Hood" paying 2\n')
    assert (use.effect, use.amount, use.use) == ("arcane barrier", 2, True)
    decline = _one('Bob declines arcane barrier of "Nullrune Hood"\n')
    assert isinstance(decline, ast.UseOptional) and decline.use is False
    order = _one('Alice orders triggers "Sigil", "Zap"\n')
    assert isinstance(order, ast.OrderTriggers) and [c.name for c in order.order] == ["Sigil", "Zap"]
    choose = _one('Alice chooses "Deal 2 damage" targeting Bob\n')
    assert isinstance(choose, ast.Choose) and choose.choice == "Deal 2 damage"
    assert choose.targets[0].name == "Bob"


# --- expectations -----------------------------------------------------------------------------

@pytest.mark.parametrize("line, cls, fields", [
    ("expect Bob life 18", ast.ExpectPlayerValue, {"player": "Bob", "stat": "life", "value": 18}),
    ("expect Alice action points 1", ast.ExpectPlayerValue, {"stat": "action points", "value": 1}),
    ('expect Bob hand "Zap", "Sigil"', ast.ExpectZone, {"zone": "hand"}),
    ("expect Bob graveyard empty", ast.ExpectZone, {"zone": "graveyard", "cards": ()}),
    ("expect Bob deck count 3", ast.ExpectZone, {"zone": "deck", "count": 3}),
    ("expect Bob hand count 0", ast.ExpectZone, {"zone": "hand", "count": 0}),
    ('expect "Zap" in Alice\'s graveyard', ast.ExpectInZone,
     {"player": "Alice", "zone": "graveyard", "negated": False}),
    ('expect "Zap" not in Alice hand', ast.ExpectInZone, {"zone": "hand", "negated": True}),
    ('expect "Zap" in Alice deck', ast.ExpectInZone, {"zone": "deck"}),
    ('expect "Dawnblade" power 5', ast.ExpectCardValue, {"stat": "power", "value": 5}),
    ('expect "Nullrune Hood" has 1 energy counter', ast.ExpectCounters,
     {"kind": "energy", "count": 1}),
    ('expect "Dawnblade" hits', ast.ExpectHit, {"hit": True}),
    ('expect "Dawnblade" does not hit', ast.ExpectHit, {"hit": False}),
    ("expect hit", ast.ExpectHit, {"hit": True, "card": None}),
    ("expect no hit", ast.ExpectHit, {"hit": False}),
    ("expect Alice wins", ast.ExpectOutcome, {"kind": "win", "player": "Alice"}),
    ("expect draw", ast.ExpectOutcome, {"kind": "draw", "player": None}),
    ("expect no winner", ast.ExpectOutcome, {"kind": "none"}),
    ('expect Alice plays "Zap" is allowed', ast.ExpectAllowed, {"allowed": True}),
    ('expect Alice plays "Zap" from hand is not allowed', ast.ExpectAllowed, {"allowed": False}),
    ('expect cites "20.7.2a"', ast.ExpectCites, {"citation": "fab-1.4 20.7.2a"}),
    ('expect does not cite "Go again"', ast.ExpectCites, {"negated": True}),
])
def test_each_expectation_form(line, cls, fields):
    step = _one(line + "  # why\n")
    assert isinstance(step, cls)
    assert step.pos == ast.Pos(10, 1) and step.text == line
    for name, value in fields.items():
        assert getattr(step, name) == value


def test_not_allowed_keeps_the_whole_action():
    step = _one('expect Bob defends with "Zap" is not allowed\n')
    assert isinstance(step.action, ast.Defend) and step.action.cards[0].name == "Zap"
    assert step.action.pos == ast.Pos(10, 8)


def test_branches_continue_after_the_main_line():
    s = parse(HEAD + 'Alice attacks with "Dawnblade"\nbranch "Bob blocks":\n'
              'Bob defends with "Zap"\nexpect Bob life 20\nbranch "Bob takes it"\n'
              "Bob does not defend\nexpect Bob life 17\n", "t.scn")
    assert len(s.steps) == 1
    assert [b.label for b in s.branches] == ["Bob blocks", "Bob takes it"]
    assert [len(b.steps) for b in s.branches] == [2, 2]
    assert s.branches[1].pos == ast.Pos(14, 1)


# --- friendly syntax errors -------------------------------------------------------------------

def _rendered(err: JudgeError) -> str:
    return err.render()


@pytest.mark.parametrize("line, col, message, expected, suggestion", [
    # 1 card name without quotes in a definition
    ("card Zip: Wizard Instant", 6, "card names are written in double quotes",
     "double quotes", '"Zip"'),
    # 2 missing colon after the card name
    ('card "Zip" Wizard Instant', 12, "colon after its name", "`:`", None),
    # 3 values before types
    ('card "Zip": cost 0', 18, "types before its values", "`,`", None),
    # 4 values not separated by commas
    ('card "Zip": Wizard Instant, cost 0 pitch 1', 36, "with commas", "`,`", None),
    # 5 card name without quotes in an action
    ("Alice plays Zap", 13, "card names are written in double quotes", "double quotes", '"Zap"'),
    # 6 misspelt verb
    ('Alice plyas "Zap"', 7, "after a player's name", "`plays`", "plays"),
    # 7 misspelt keyword at the start of a line
    ("expcet Bob life 18", 8, "after a player's name", "`:`", "expect"),
    # 8 attacks without with
    ('Alice attacks "Zap"', 15, "followed by `with`", "`with`", None),
    # 9 expectation without its number
    ("expect Bob life", 16, "an expectation is", "a number", None),
    # 10 rule number without quotes
    ("expect cites 20.7.2a", 14, "in double quotes", "double quotes", None),
    # 11 misspelt fact keyword
    ('Bob: life 20, wear "Nullrune Hood"', 20, "a player fact is", "a number", "wears"),
    # 12 misspelt modifier
    ('Alice plays "Zap" targetting Bob', 19, "details", "`targeting`", "targeting"),
    # 13 unclosed quote
    ('card "Zip: Wizard', 6, "no closing quote", None, None),
])
def test_typical_mistakes_give_position_caret_expected_and_suggestion(line, col, message,
                                                                     expected, suggestion):
    err = _error(line + "\n")
    assert isinstance(err, ScenarioSyntaxError)
    assert (err.path, err.line, err.column) == ("t.scn", 10, col)
    assert message in err.message
    if expected is not None:
        assert expected in err.expected
    assert err.suggestion == suggestion
    text = _rendered(err)
    assert text.startswith(f"t.scn:10:{col}: error: ")
    assert f"    {line}\n" in text
    assert "\n    " + " " * (col - 1) + "^" in text
    assert err.exit_code == 2


def test_error_at_end_of_file_points_after_the_last_word():
    err = _error("expect Bob life   # no number")
    assert (err.line, err.column) == (10, 16)


# --- semantic errors --------------------------------------------------------------------------

@pytest.mark.parametrize("text, line, col, message, suggestion", [
    ('Alice plays "Zpa"\n', 10, 13, "card 'Zpa' is not defined", '"Zap"'),
    ('Alice plays "Zap" targeting Bbo\n', 10, 29, "player 'Bbo' is not declared", "Bob"),
    ('Carol passes\n', 10, 1, "player 'Carol' is not declared", None),
    ("expect Bob lfie 18\n", 10, 12, "unknown player value 'lfie'", "life"),
    ('card "Helm": Generic Equipment, cots 1\n', 10, 33, "unknown card value 'cots'", "cost"),
    ("policy defend none\n", 10, 8, "unknown policy 'defend'", "defending"),
    ("policy optional maybe\n", 10, 8, "policy optional cannot be 'maybe'", None),
    ('expect cites "99.99"\n', 10, 14, "no rule or term '99.99' in fab-1.4", ...),
    ('Alice plays "Zap" ability "x"\n', 10, 19, "`ability` does not apply", None),
    ('card "Zap": Generic Action\n', 10, 6, "defined twice", None),
    ("Bob: wears \"Nullrune Hood\" on hat\n", 10, 31, "unknown equipment slot", None),
    ('branch "x"\ncard "Late": Generic Action\n', 11, 6, "before the first `branch`", None),
    ("Bob is the turn player\n", 10, 1, "both the turn player", None),
    ('Bob: deck top "Zap", "Zap", deck 1 cards\n', 10, 6, "deck has 1 cards but 2", None),
])
def test_semantic_errors_have_positions_and_suggestions(text, line, col, message, suggestion):
    err = _error(text)
    assert isinstance(err, ScenarioError)
    assert message in err.message
    assert (err.line, err.column) == (line, col)
    if suggestion is not ...:   # ... = whatever the rules index suggests
        assert err.suggestion == suggestion
    assert err.render().startswith(f"t.scn:{line}:{col}: error: ")


def test_unknown_document_suggests_the_nearest_installed_one():
    err = _error("", head='scenario "x"\ngame fab-1.5\n')
    assert isinstance(err, ScenarioError) and "unknown document 'fab-1.5'" in err.message
    assert err.suggestion == "fab-1.4" and "wow-7.4" in err.expected
    assert (err.line, err.column) == (2, 6)


def test_missing_title_or_game_line():
    assert "no `scenario" in _error("", head="game fab-1.4\n").message
    assert "no `game` line" in _error("", head='scenario "x"\n').message
    assert "no `scenario" in _error("", head="").message


def test_actions_need_a_turn_player():
    err = _error("", head='scenario "x"\ngame fab-1.4\nA: life 20\nA passes\n')
    assert "no player is the turn player" in err.message and err.expected == "A is the turn player"


def test_a_loose_card_after_a_non_zone_fact_is_an_error():
    err = _error('Bob: life 20, "Zap"\n')
    assert "must follow a zone" in err.message and (err.line, err.column) == (10, 15)


# --- the grammar itself -----------------------------------------------------------------------

def test_grammar_is_lalr_without_conflicts(caplog):
    from lark import Lark, logger

    from judge import paths
    logger.setLevel(logging.DEBUG)
    try:
        with caplog.at_level(logging.DEBUG, logger="lark"):
            for grammar in sorted(paths.GRAMMAR.glob("scenario_*.lark")):
                Lark.open(str(grammar), parser="lalr", debug=True,
                          import_paths=[str(paths.GRAMMAR)])
    finally:
        logger.setLevel(logging.WARNING)
    assert not [r for r in caplog.records if "conflict" in r.getMessage().lower()]


def test_keywords_are_the_lower_case_literals():
    words = keywords()
    assert {"scenario", "game", "card", "expect", "plays", "targeting", "branch"} <= words
    assert "Alice" not in words and ":" not in words


# --- robustness -------------------------------------------------------------------------------

_ALPHABET = st.sampled_from(list('abcdeflmnoprstuxyz ABZ0123456789"\':,;-#*()+{}\n\t')
                            + ["card ", "expect ", "Alice ", "Bob ", "plays ", '"Zap" ',
                               "game fab-1.4\n", 'scenario "s"\n', "hand ", "life ", ": ",
                               "targets ", "with "])


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(_ALPHABET, max_size=40).map("".join))
def test_random_text_only_raises_scenario_errors(text):
    try:
        parse(text, "r.scn")
    except (ScenarioSyntaxError, ScenarioError) as err:
        assert err.line is None or err.line >= 1
        err.render()


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(min_value=0, max_value=2**32), st.integers(min_value=1, max_value=4))
def test_mutated_scenarios_only_raise_scenario_errors(seed, edits):
    rng = random.Random(seed)
    text = HEAD + 'Alice targets Bob and Bob\'s "Nullrune Hood" with "Zap"\n' \
        'Alice plays "Zap" targeting Bob\nBob uses arcane barrier of "Nullrune Hood"\n' \
        'expect Bob life 18\nexpect cites "20.7.2a"\nbranch "b"\nexpect hit\n'
    for _ in range(edits):
        at = rng.randrange(len(text) + 1)
        choice = rng.randrange(4)
        if choice == 0:
            text = text[:at] + text[at + 1:]
        elif choice == 1:
            text = text[:at] + rng.choice('":,\n #\'x9-') + text[at:]
        elif choice == 2:
            words = text.split(" ")
            i, j = rng.randrange(len(words)), rng.randrange(len(words))
            words[i], words[j] = words[j], words[i]
            text = " ".join(words)
        else:
            lines = text.split("\n")
            rng.shuffle(lines)
            text = "\n".join(lines)
    try:
        parse(text, "m.scn")
    except (ScenarioSyntaxError, ScenarioError) as err:
        err.render()
