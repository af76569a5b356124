"""The conformance suite, run against every game that has a rules module (the toy game of this
folder, and every game of ``judge.registry``): random play with hypothesis, written as scenario
text and run through the parser and the engine's driver like any user's scenario. Whatever the
lines do, the engine never crashes, the state's invariants hold, the log replays to the final
state, a fork never changes the game it came from, and every citation of the trace exists in
the rule graph.

A game gets its conformance case here: ``test_every_game_with_rules_has_a_case`` fails for a
game of the registry that has a rules module and no case.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from judge import registry
from judge.games.run import execute
from judge.engine.errors import ScenarioStateError
from judge.scenario.errors import ScenarioError
from judge.scenario.parser import parse
from tests.conformance.harness import (fork_isolation_problems, invariant_problems,
                                       missing_citations, replay_problems)

PLAYERS = ("Alice", "Bob")


@dataclass(frozen=True)
class Case:
    """How to write random scenarios of one game: ``head`` (title, document, card lines),
    ``board`` draws each player's facts and the cards it places, ``line`` draws an action line
    naming one of the cards placed."""
    game: str
    head: str
    board: Callable
    line: Callable


# ------------------------------------------------------------------------------ the toy game
TOY_CARDS = {
    "Bolt": 'Spell: "Deal 3 damage to target player."',
    "Spark": 'Spell: "Deal 1 damage to target player. Gain 1 life."',
    "Mend": 'Spell: "Gain 2 life."',
    "Strip": 'Spell: "Target player discards a card."',
    "Ward": 'Charm: "If you would be dealt damage, prevent 1 of it."',
    "Echo": 'Charm: "Whenever a player plays a card, you gain 1 life."',
    "Mirror": 'Charm: "Whenever a player gains life, deal 1 damage to them."',
}


def _toy_board(draw, player: str) -> str:
    hand = draw(st.lists(st.sampled_from(sorted(TOY_CARDS)), max_size=4))
    board = draw(st.lists(st.sampled_from(["Ward", "Echo", "Mirror"]), max_size=2))
    facts = [f"life {draw(st.integers(1, 12))}"]
    if hand:
        facts.append("hand " + ", ".join(f'"{c}"' for c in hand))
    if board:
        facts.append("board " + ", ".join(f'"{c}"' for c in board))
    return ", ".join(facts), hand + board


def _toy_line(draw, cards: list[str]) -> str:
    p = draw(st.sampled_from(PLAYERS))
    card = draw(st.sampled_from(cards))
    return draw(st.sampled_from([
        f'{p} plays "{card}" targeting {draw(st.sampled_from(PLAYERS))}',
        f'{p} plays "{card}"', f"{p} passes", f'{p} discards "{card}"',
        f'{p} orders triggers "Echo", "Echo"', "settle"]))


TOY = Case("toy", 'scenario "random toy play"\ngame toy-1\n'
           + "".join(f'card "{n}": {d}\n' for n, d in TOY_CARDS.items()), _toy_board, _toy_line)

# ------------------------------------------------------------------------------ Flesh and Blood
FAB_CARDS = {
    "Attack": 'Generic Action - Attack, cost 1, pitch 1, power 5, defense 3',
    "Jab": 'Generic Action - Attack, cost 0, pitch 2, power 2, defense 2: "Go again"',
    "Brute": 'Generic Action - Attack, cost 2, pitch 3, power 7, defense 1: "Dominate"',
    "Sink": 'Generic Defense Reaction, cost 0, pitch 1, defense 3',
    "Zap": 'Wizard Instant, cost 0, pitch 1: "Deal 2 arcane damage to target hero."',
    "Crusher": 'Guardian Action - Attack, cost 0, pitch 1, power 6, defense 3: "**Crush** - '
               'If Crusher deals 4 or more damage to a hero, they discard a card."',
    "Helm": 'Generic Equipment - Head, defense 1: "Blade Break"',
    "Hood": 'Generic Equipment - Head, defense 0: "Arcane Barrier 1"',
}


def _fab_board(draw, player: str) -> str:
    hand = draw(st.lists(st.sampled_from([c for c in FAB_CARDS if c not in ("Helm", "Hood")]),
                         max_size=5))
    facts = [f"hero life {draw(st.integers(1, 20))}",
             f"{draw(st.integers(0, 2))} resource points"]
    if hand:
        facts.append("hand " + ", ".join(f'"{c}"' for c in hand))
    head = draw(st.sampled_from([None, "Helm", "Hood"]))
    if head:
        facts.append(f'wears "{head}"')
    deck = []
    if draw(st.booleans()):
        deck = draw(st.lists(st.sampled_from(["Attack", "Jab"]), min_size=1, max_size=3))
        facts.append("deck top " + ", ".join(f'"{c}"' for c in deck))
    return ", ".join(facts), hand + ([head] if head else []) + deck


def _fab_line(draw, cards: list[str]) -> str:
    p = draw(st.sampled_from(PLAYERS))
    card = draw(st.sampled_from(cards))
    other = draw(st.sampled_from(PLAYERS))
    return draw(st.sampled_from([
        f'{p} plays "{card}"', f'{p} plays "{card}" targeting {other}',
        f'{p} attacks with "{card}"', f'{p} defends with "{card}"', f"{p} does not defend",
        f"{p} passes", f'{p} uses arcane barrier of "Hood"', f'{p} discards "{card}"',
        f'{p} chooses "close the combat chain"', f'{p} orders triggers "{card}", "Helm"',
        f'{p} pitches "{card}"', "settle"]))


FAB = Case("fab", 'scenario "random FaB play"\ngame fab-1.4\n'
           + "".join(f'card "{n}": {d}\n' for n, d in FAB_CARDS.items()), _fab_board, _fab_line)

# ------------------------------------------------------------------------------ WoW TCG
WOW_CARDS = {
    "Bolt": 'Instant Ability - Elemental, cost 1: "Your hero deals 2 nature damage to target '
            'hero or ally."',
    "Nova": 'Ability - Frost, cost 2: "Your hero deals 1 frost damage to each opposing hero '
            'and ally."',
    "Heal": 'Instant Ability - Holy, cost 1: "Your hero heals 3 damage from target hero or '
            'ally."',
    "Flames": 'Ability - Fire, cost 0: "Ongoing: If your hero would deal damage, it deals '
              'that much +1 instead."',
    "Grunt": 'Ally - Orc Warrior, cost 1, atk 2, health 2, type melee: "Protector"',
    "Ogre": 'Ally - Ogre, cost 2, atk 3, health 3, type melee: "Hardiness"',
    "Axe": 'Equipment - Weapon - Axe Melee, cost 1, atk 2, strike 1, type melee',
    "Helm": 'Equipment - Armor - Plate Head, cost 1, def 2',
    "Odd": 'Ally - Gnome, cost 1, atk 1, health 1, type melee: "Sentinel"',
}


def _wow_board(draw, player: str) -> str:
    hand = draw(st.lists(st.sampled_from(["Bolt", "Nova", "Heal", "Grunt", "Ogre"]),
                         max_size=4))
    board = draw(st.lists(st.sampled_from(["Grunt", "Ogre", "Axe", "Helm", "Flames", "Odd"]),
                          max_size=3))
    facts = [f"health {draw(st.integers(1, 30))}", f"{draw(st.integers(0, 4))} resources"]
    if hand:
        facts.append("hand " + ", ".join(f'"{c}"' for c in hand))
    if board:
        facts.append("controls " + ", ".join(f'"{c}"' for c in board))
    if draw(st.booleans()):
        facts.append("deck 5 cards")
    return ", ".join(facts), hand + board


def _wow_line(draw, cards: list[str]) -> str:
    p = draw(st.sampled_from(PLAYERS))
    other = draw(st.sampled_from(PLAYERS))
    card = draw(st.sampled_from(cards))
    return draw(st.sampled_from([
        f'{p} plays "{card}"', f'{p} plays "{card}" targeting {other}',
        f'{p} plays "{card}" targeting {other}\'s "{card}"',
        f'{p} attacks with "{card}" targeting {other}',
        f'{p} attacks with "{card}" targeting {other}\'s "{card}"',
        f'{p} protects with "{card}"', f'{p} strikes with "Axe"', f"{p} passes",
        f'{p} uses "Helm"', f'{p} places "{card}"', f"{p} ends the turn",
        f'{p} chooses "{card}"', "settle"]))


WOW = Case("wow", 'scenario "random WoW play"\ngame wow-7.4\n'
           + "".join(f'card "{n}": {d}\n' for n, d in WOW_CARDS.items()), _wow_board, _wow_line)

# ------------------------------------------------------------------------------ Ashes (Raven Rules)
ASHES_CARDS = {
    "Phoenix": 'Phoenixborn, life 6, battlefield 3, spellboard 2: "Water Blast: [[side]] - '
               '[[exhaust]] - 1 [[natural:class]]: Deal 2 damage to a target unit."',
    "Bomber": 'Ally - Battlefield, attack 3, life 2, recover 0: "Bomber\\nAlly - Battlefield\\n'
              '[[main]] - 1 [[basic]]\\nAttack 3 - Life 2 - Recover 0\\n\\nDetonate 3: [[side]]: '
              'Destroy this unit to place 1 wound token on up to 3 target units."',
    "Spirit": "Conjuration - Battlefield, attack 1, life 1, recover 0",
    "Doll": 'Ally - Battlefield, attack 0, life 3, recover 1: "Pain Link: Whenever this unit '
            'receives damage, you may spend 1 [[basic]] to deal 1 damage to a target unit or '
            'Phoenixborn."',
    "Veil": 'Reaction Spell - Discard: "Veil\\nReaction Spell - Discard\\n1 [[natural:class]]'
            '\\n\\nYou may play this spell when an opponent uses a spell, ability, or dice power '
            'that would target a unit you control. Cancel all remaining effects of that spell, '
            'ability, or dice power."',
    "Typhoon": 'Action Spell - Discard: "Typhoon\\nAction Spell - Discard\\n[[main]] - 1 '
               '[[basic]]\\n\\nDeal 1 damage to all opponent\'s units."',
    "Guard": 'Conjuration - Battlefield, attack 1, life 2, recover 0: "Unit Guard: This unit may '
             'guard a unit that is being attacked."',
}
ASHES_DICE = ["natural power", "natural class", "charm basic", "illusion power",
              "time power", "ceremonial class"]


def _ashes_board(draw, player: str) -> str:
    units = draw(st.lists(st.sampled_from(["Bomber", "Spirit", "Doll", "Guard"]), max_size=3))
    hand = draw(st.lists(st.sampled_from(["Veil", "Typhoon", "Spirit"]), max_size=3))
    dice = draw(st.lists(st.sampled_from(ASHES_DICE), max_size=4))
    facts = ['phoenixborn "Phoenix"']
    if units:
        facts.append("battlefield " + ", ".join(
            f'"{u}"' + draw(st.sampled_from(["", " exhausted", " with 1 wound"])) for u in units))
    if hand:
        facts.append("hand " + ", ".join(f'"{c}"' for c in hand))
    if dice:
        facts.append("active pool " + ", ".join(f"1 {d}" for d in dice))
    return ", ".join(facts), units + hand + ["Phoenix"]


def _ashes_line(draw, cards: list[str]) -> str:
    p = draw(st.sampled_from(PLAYERS))
    other = "Bob" if p == "Alice" else "Alice"
    card = draw(st.sampled_from(cards))
    card2 = draw(st.sampled_from(cards))
    return draw(st.sampled_from([
        f'{p} plays "{card}"', f'{p} plays "{card}" targeting {other}\'s "{card2}"',
        f'{p} activates "{card}" targeting {other}\'s "{card2}"',
        f'{p} attacks {other} with "{card}"', f'{p} attacks {other}\'s "{card2}" with "{card}"',
        f'{p} blocks "{card}" with "{card2}"', f"{p} does not block",
        f'{p} guards with "{card}"', f"{p} passes", f"{p} meditates",
        f'{p} uses natural power targeting {other}\'s "{card2}"',
        f"{p} uses time power targeting {other}", f"{p} uses illusion power targeting {other}",
        f'{p} uses "Pain Link" of "Doll" targeting {other}\'s "{card2}"',
        f"{p} rolls 1 natural power", f'{p} chooses "no response"', "settle"]))


ASHES = Case("ashes", 'scenario "random Ashes play"\ngame ashes-raven-1.1\n'
             + "".join(f'card "{n}": {d}\n' for n, d in ASHES_CARDS.items()),
             _ashes_board, _ashes_line)



# ------------------------------------------------------------------------------ UFS
UFS_CARDS = {
    "Ryu": 'Character, hand 6, vitality 20',
    "Jab": 'Attack, difficulty 2, control 5, speed 3, damage 3, zone high, block high, modifier 2',
    "Sweep": 'Attack, difficulty 4, control 3, speed 4, damage 5, zone low, block low, '
             'modifier 1: "Stun: 1 - Throw"',
    "Guard": 'Foundation, difficulty 1, control 5, block mid, modifier 3: "Enhance Commit: '
             'Your rival\'s attack gets -2 speed."',
    "Rush": 'Foundation, difficulty 0, control 4, block low, modifier 2: "Enhance Commit: '
            'Your attack gets +1 damage."',
    "Wall": 'Action, difficulty 2, control 6, block mid, modifier 4: "Breaker: 1"',
    "Echo": 'Foundation, difficulty 1, control 5, block high, modifier 2: "Response: After '
            'this attack is blocked, draw 1 card."',
}


def _ufs_board(draw, player: str) -> str:
    hand = draw(st.lists(st.sampled_from(["Jab", "Sweep", "Wall", "Guard", "Rush"]),
                         max_size=4))
    stage = draw(st.lists(st.sampled_from(["Guard", "Rush", "Echo"]), max_size=3))
    deck = draw(st.lists(st.sampled_from(sorted(UFS_CARDS.keys() - {"Ryu"})), min_size=0,
                         max_size=4))
    facts = ['character "Ryu"', f"vitality {draw(st.integers(1, 20))}"]
    if hand:
        facts.append("hand " + ", ".join(f'"{c}"' for c in hand))
    if stage:
        facts.append("staging area " + ", ".join(f'"{c}"' for c in stage))
    if deck:
        facts.append("deck top " + ", ".join(f'"{c}"' for c in deck))
    if draw(st.booleans()):
        facts.append(f"{draw(st.integers(0, 3))} momentum")
    return ", ".join(facts), hand + stage


def _ufs_line(draw, cards: list[str]) -> str:
    p = draw(st.sampled_from(PLAYERS))
    card = draw(st.sampled_from(cards))
    return draw(st.sampled_from([
        f'{p} plays "{card}"', f'{p} blocks with "{card}"', f"{p} does not block",
        f'{p} commits "{card}"', f"{p} does not commit", f"{p} passes",
        f'{p} activates "{card}"', f'{p} reviews "{card}"', f'{p} chooses "{card}"',
        f'{p} adds "{card}" to momentum', f'{p} discards "{card}"', "settle"]))


UFS = Case("ufs", 'scenario "random UFS play"\ngame ufs-0.9\n'
           + "".join(f'card "{n}": {d}\n' for n, d in UFS_CARDS.items()), _ufs_board, _ufs_line)

CASES = {"toy": TOY, "fab": FAB, "wow": WOW, "ashes": ASHES, "ufs": UFS}


def test_every_game_with_rules_has_a_case():
    with_rules = {g for g, d in registry.GAMES.items() if d.rules is not None}
    assert with_rules <= set(CASES), f"no conformance case for {with_rules - set(CASES)}"


@st.composite
def scenarios(draw, case: Case) -> str:
    lines = [case.head]
    placed: list[str] = []
    for i, p in enumerate(PLAYERS):
        facts, cards = case.board(draw, p)
        placed += cards
        lines.append(f"{p}{' is the turn player;' if i == 0 else ':'} {facts}\n")
    for _ in range(draw(st.integers(1, 14))):
        lines.append((case.line(draw, placed) if placed else
                      draw(st.sampled_from(["Alice passes", "Bob passes", "settle"]))) + "\n")
    return "".join(lines)


@pytest.mark.parametrize("game", sorted(CASES))
@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_random_play_keeps_every_promise_of_the_core(game, data, toy_home):
    text = data.draw(scenarios(CASES[game]))
    try:
        scenario = parse(text, "random.scn")
    except ScenarioError:
        return                         # a line naming a card no zone holds: a user error
    try:
        run = execute(scenario)
    except ScenarioStateError as err:  # an action naming a card that is in no zone: a user error
        assert "is not in any zone" in err.message, err.render()
        return
    assert run.ends, text
    assert invariant_problems(run) == [], text
    assert replay_problems(run) == [], text
    for end in run.ends:
        assert fork_isolation_problems(end) == [], text
    assert missing_citations(run.ruling) == set(), text
