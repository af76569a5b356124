"""Ashes card text (grammar/card_ashes.lark, judge.cards.ashes) against the Raven Rules 1.1.

Card texts are real first-edition cards (ashes.live card data). Expectations give the structure the
rules give the text: named abilities "Name N:" (6.0.0 Ability), activation costs with dice and
action icons (4.4 Paying Costs, 4.4.1 parallel costs), "*" inexhaustible abilities, triggers
"When / After / Whenever / At the end of" (4.3), reaction spells "You may play this spell when"
(4.2), "would ... instead" replacements, and the card errata of section 1 that replace printed
text.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from judge.cards import ashes
from judge.cards import parse as parse_any
from judge.cards.errors import CardSyntaxError
from judge.cards.legacy_model import Choice, Conditional, Damage, Move, Prevent
from tests.cards.earley_render import ability
from tests.conftest import shared_path


def only(text: str, name: str | None = None):
    card = ashes.parse(text, name=name)
    assert card.fully_parsed, card.unparsed
    return card


def rendered(text: str) -> list[str]:
    return [ability(a) for a in only(text).abilities]


CARDS = [
    # spell text and effects
    ("Deal 2 damage to a target unit.", ["static :: damage 2 ->a target unit"]),
    ("Deal 2 damage to all units.", ["static :: damage 2 ->all units"]),
    ("Deal 1 damage to a target Phoenixborn. Deal 1 damage to all opponents' units. Draw 1 card.",
     ["static :: damage 1 ->a target Phoenixborn; damage 1 ->all opponents' units; "
      "draw 1 card from draw pile to hand"]),
    ("Deal X amount of damage to a target unit. You may draw 1 card.",
     ["static :: damage X ->a target unit; may you: draw 1 card from draw pile to hand"]),
    ("X = the number of units you have in play.", ["static :: define X"]),
    ("Search your discard pile for an ally and place it into your hand.",
     ["static :: search your discard pile; place"]),
    ("Place 3 wound tokens on a target unit or Phoenixborn.", ["static :: place"]),
    ("Destroy a target unit or remove all wound tokens from a target unit.",
     ["static :: choose destroy a target unit | remove all wound tokens from a target unit"]),
    ("Prevent 1 damage to that unit. Shuffle this card into your draw pile.",
     ["static :: prevent 1 ->that unit; shuffle this card to your draw pile"]),
    ("Change 3 dice in your active pool to a side of your choice.", ["static :: change"]),
    ("No player may play reaction spells.", ["static :: cannot play"]),
    ("Choose a target unit under an opponent's control. If it is a conjuration, return it to its "
     "owner's conjuration pile. Otherwise, return it to its owner's hand.",
     ["static :: choose; if [it is a conjuration] then (return it to its owner's conjuration "
      "pile); otherwise [otherwise] then (return it to its owner's hand)"]),
    ("This spell can only be attached to a unit with an attack value of 2 or less.",
     ["static ?attach only to a unit with an attack value of 2 or less"]),
    ("This unit now has the following ability:",
     ["static :: gain the following ability 1 @this unit"]),
    # 4.2 reaction spells
    ("You may play this spell when a unit you control would receive 1 or more damage.",
     ["triggered (when a unit you control would receive 1 or more damage)"]),
    # 4.4 activation costs: action icons, exhaust, dice (class / power / basic)
    ("Water Blast: [[side]] - [[exhaust]] - 1 [[natural:class]]: Deal 2 damage to a target unit.",
     ["activated Water Blast [side action, exhaust, die natural:class] {Water Blast} :: "
      "damage 2 ->a target unit"]),
    ("Self Inflict 1: [[side]] - 1 [[basic]]: Deal 1 damage to this unit.",
     ["activated Self Inflict [side action, die basic] {Self Inflict 1} :: damage 1 ->this unit"]),
    ("[[main]] - [[exhaust]]: Select 1 die in your exhausted pool, re-roll it, and place it into "
     "your active pool.",
     ["activated [main action, exhaust] :: select dice; re-roll; place"]),
    ("Summon Glow Finch: [[side]] - [[exhaust]] - 1 [[basic]]: Place a [[Glow Finch]] conjuration "
     "onto your battlefield.",
     ["activated Summon Glow Finch [side action, exhaust, die basic] {Summon Glow Finch} :: place"]),
    ("Detonate 3: [[side]]: Destroy this unit to place 1 wound token on up to 3 target units.",
     ["activated Detonate [side action] {Detonate 3} :: destroy this unit; place"]),
    ("Exert: [[side]]: Place 1 exhaustion token on this unit.",
     ["activated Exert [side action] {Exert} :: place"]),
    # named abilities and inexhaustible ("*") abilities
    ("Unit Guard: This unit may guard a unit that is being attacked.",
     ["static Unit Guard {Unit Guard} :: may guard"]),
    ("* Fleeting: Discard this card at the end of this round.",
     ["static Fleeting <inexhaustible> {Fleeting} :: discard this card"]),
    ("* Bound: This card cannot be discarded from your spellboard when you Meditate.",
     ["static Bound <inexhaustible> {Bound} :: when [you Meditate] then (cannot be)"]),
    ("* Respark: 2 [[basic]]", ["activated Respark <inexhaustible> [die 2 basic] {Respark}"]),
    ("Focus 1: You may deal 1 damage to a target unit.",
     ["static Focus {Focus 1} :: may damage 1 ->a target unit from you"]),
    ("* Rage 1: Add 1 to this unit's attack value for each wound token on this unit.",
     ["static Rage <inexhaustible> {Rage 1} :: for each [wound token on this unit] then "
      "(add attack 1 @this unit's attack value)"]),
    ("* Healing Aura 1: The recover value of all other units you control is increased by 1.",
     ["static Healing Aura <inexhaustible> {Healing Aura 1} :: be"]),
    ("Impenetrable: This unit cannot be affected by spells, abilities, or dice powers used by an "
     "opponent.", ["static Impenetrable {Impenetrable} :: cannot be"]),
    ("Bypass: This unit cannot be blocked or guarded.",
     ["static Bypass {Bypass} :: cannot be affected"]),
    # 4.3 triggered effects
    ("Ambush 1: When this unit comes into play, you may deal 1 damage to a target unit or "
     "Phoenixborn.",
     ["triggered Ambush {Ambush 1} (when this unit comes into play) :: may damage 1 ->a target "
      "unit or Phoenixborn from you"]),
    ("Aftershock 1: When this unit deals damage by attacking or countering, you may place 1 wound "
     "token on a target unit.",
     ["triggered Aftershock {Aftershock 1} (when this unit deals damage by attacking or "
      "countering) :: may place"]),
    ("Cursed 1: At the end of each round, place 1 wound token on your Phoenixborn.",
     ["triggered Cursed {Cursed 1} (at the end of each round) :: place"]),
    ("Gaze 1: After a unit comes into play on an opponent's battlefield, you may spend 1 [[basic]] "
     "to place 1 exhaustion token on that unit.",
     ["triggered Gaze {Gaze 1} (after a unit comes into play on an opponent's battlefield) :: "
      "may spend; place"]),
    ("Deathstrike: When this unit deals 1 or more damage to a unit it is attacking or countering, "
     "destroy that unit.",
     ["triggered Deathstrike {Deathstrike} (when this unit deals 1 or more damage to a unit it is "
      "attacking or countering) :: destroy that unit"]),
    ("Spite 1: When this unit deals damage to a Phoenixborn, you may deal 1 additional damage to "
     "that Phoenixborn.",
     ["triggered Spite {Spite 1} (when this unit deals damage to a Phoenixborn) :: may damage 1 "
      "->that Phoenixborn from you"]),
    ("Diminish 1: After an opponent has declared attackers, you may spend 1 [[basic]] to reduce "
     "the attack value of each attacking unit by 1 for the remainder of this turn.",
     ["triggered Diminish {Diminish 1} (after an opponent has declared attackers) :: may spend; "
      "reduce attack -1 @the attack value of each attacking unit"]),
    ("When this spell comes into play, you may draw up to 2 cards.",
     ["triggered (when this spell comes into play) :: may you: draw up to 2 cards from draw pile "
      "to hand"]),
    # whole card blocks: type line, Phoenixborn stats, play cost, unit stats
    ("Aradel Summergaard\nBattlefield 8 - Life 16 - Spellboard 4\n\nWater Blast: [[side]] - "
     "[[exhaust]] - 1 [[natural:class]]: Deal 2 damage to a target unit.",
     ["activated Water Blast [side action, exhaust, die natural:class] {Water Blast} :: "
      "damage 2 ->a target unit"]),
    ("Iron Rhino\nConjuration - Battlefield\nAttack 5 - Life 4 - Recover 0 - Copies 5", []),
    ("Bring Forth\nAlteration Spell - Unit\n[[main]] - 2 [[ceremonial:class]]\nAttack +2 - Life +1"
     "\n\n* Respark: 2 [[basic]]",
     ["play cost [main action, die 2 ceremonial:class]",
      "activated Respark <inexhaustible> [die 2 basic] {Respark}"]),
    ("Molten Gold\nAction Spell - Discard\n[[main]] - 2 [[natural:power]]\n\nPlace 3 wound tokens "
     "on a target unit or Phoenixborn.",
     ["play cost [main action, die 2 natural:power]", "spell :: place"]),
]


@pytest.mark.parametrize(("text", "expected"), CARDS, ids=[t[:40] for t, _ in CARDS])
def test_ashes_card_structure(text, expected):
    assert rendered(text) == expected


# The LALR grammar reads prepositional phrases flat after a verb's object; the transformer
# gives each its role: "from" / "to" phrases are zones, "in" / "with" / "without" ones describe
# the phrase before them, everything before "by N" is what a reduction reduces.
FLAT_PHRASES = [
    ("Move 1 die from your active pool to your exhausted pool.",
     ["static :: move 1 die from your active pool to your exhausted pool"]),
    ("Remove up to 1 target card in that player's discard pile from the game.",
     ["static :: remove up to 1 target card in that player's discard pile from the game"]),
    ("Deal 2 damage to each unit without any status tokens on them.",
     ["static :: damage 2 ->each unit without any status tokens on them"]),
    ("Reduce the damage your Phoenixborn receives from this spell by 1.",
     ["static :: reduce value -1 @the damage your Phoenixborn receives from this spell"]),
    ("When you are declaring attackers, you may add 2 attack to this unit for the remainder of "
     "this turn.", ["triggered (when you are declaring attackers) :: may add attack 2 @this unit"]),
]


@pytest.mark.parametrize(("text", "expected"), FLAT_PHRASES, ids=[t[:40] for t, _ in FLAT_PHRASES])
def test_ashes_flat_prepositional_phrases_take_their_roles(text, expected):
    assert rendered(text) == expected


def test_ashes_grammar_builds_as_lalr_without_rejected_conflicts():
    """lark rejects an LALR grammar with reduce/reduce conflicts (GrammarError); building the
    Ashes grammar from scratch (no cache) must succeed with the contextual lexer."""
    import re

    from lark import Lark

    parser = Lark.open(str(ashes._GRAMMAR), parser="lalr", lexer="contextual",
                       g_regex_flags=re.I, maybe_placeholders=False, start=ashes._STARTS,
                       cache=False)
    assert parser.options.parser == "lalr"
    assert ashes._lark().options.parser == "lalr" and ashes._lark().options.lexer == "contextual"
    tree = parser.parse("Deal 2 damage to a target unit.", start="sentence")
    assert tree.data == "sentence"


def test_ashes_card_block_meta():
    card = only("Aradel Summergaard\nBattlefield 8 - Life 16 - Spellboard 4\n\nWater Blast: "
                "[[side]] - [[exhaust]] - 1 [[natural:class]]: Deal 2 damage to a target unit.")
    assert dict(card.meta) == {"name": "Aradel Summergaard", "type": "phoenixborn",
                               "battlefield": "8", "life": "16", "spellboard": "4"}


def test_ashes_4_4_1_parallel_cost_and_die_classes():
    card = only("[[main]] - 1 [[divine:class]] / 1 [[sympathy:class]] - 1 [[basic]]: Draw 1 card.")
    (act,) = card.abilities
    kinds = [(c.kind, c.amount, c.detail) for c in act.costs]
    assert kinds == [("main action", 1, ""), ("dice", 1, "divine:class / sympathy:class"),
                     ("die", 1, "basic")]


def test_ashes_target_keyword_marks_targeted():
    (spell,) = only("Deal 2 damage to a target unit.").abilities
    (damage,) = spell.effects
    assert isinstance(damage, Damage) and damage.target.targeted
    (spell,) = only("Deal 2 damage to all units.").abilities
    assert not spell.effects[0].target.targeted


def test_ashes_target_citation_and_ability_citation():
    (guard,) = only("Unit Guard: This unit may guard a unit that is being attacked.").abilities
    assert guard.citation and guard.citation.startswith("ashes-raven-1.1 ")
    (advantage,) = only("Battle Advantage: When this unit is in battle, it deals its damage "
                        "before other units without Battle Advantage deal their damage.").abilities
    assert advantage.keywords[0].citation == "ashes-raven-1.1 3.2.2"


def test_ashes_would_instead_is_a_replacement():
    card = only("When this unit would leave play for any reason, remove it from the game instead.")
    (ability_,) = card.abilities
    assert ability_.trigger.kind == "when" and "would leave play" in ability_.trigger.event
    assert type(ability_.effects[0]).__name__ == "Replacement"


def test_ashes_for_each_and_prevent():
    card = only("When a unit you control would receive damage, you may remove any number of "
                "status tokens from this spell. For each status token removed, prevent 1 damage "
                "to that unit.")
    (trig,) = card.abilities
    may, each = trig.effects
    assert isinstance(may, Choice) and may.optional
    assert isinstance(each, Conditional) and each.condition.kind == "for each"
    assert isinstance(each.then[0], Prevent) and each.then[0].amount == 1


def test_ashes_draw_moves_cards_to_hand():
    (spell,) = only("Draw 2 cards.").abilities
    (move,) = spell.effects
    assert isinstance(move, Move) and (move.count, move.from_zone, move.to_zone) == (
        2, "draw pile", "hand")


# ---------------------------------------------------------------- errata (Raven Rules section 1)

def test_ashes_errata_for_reads_the_rules_index():
    text = ashes.errata_for("Redirect")
    assert text and 'now reads "You may play this spell when your Phoenixborn' in text
    assert ashes.errata_for("Anchornaut") is None          # removed in v1.1
    assert ashes.errata_for("Target") is None              # a glossary entry, not errata


def test_ashes_1_1_3_errata_replaces_whole_card_text():
    printed = ("Redirect\nReaction Spell - Discard\n1 [[charm:class]]\n\nYou may play this spell "
               "when your Phoenixborn would receive damage. Deal that damage to a target unit "
               "you control instead.")
    card = ashes.parse(printed)
    assert ("errata", "ashes-raven-1.1 Redirect") in card.meta
    assert "Do not deal that damage to your Phoenixborn." in card.text
    assert "would receive damage" not in card.text
    assert card.fully_parsed, card.unparsed


def test_ashes_1_1_1_errata_changes_one_ability_and_keeps_its_icon():
    printed = ("Enchanted Violinist\nAlly - Battlefield\n[[main]] - 1 [[basic]]\nAttack 1 - Life 2 "
               "- Recover 0\n\nSong of Sorrow: After an opponent discards 1 or more cards from "
               "their draw pile, you may spend 1 [[basic]] to draw 1 card.")
    card = ashes.parse(printed)
    assert ("errata", "ashes-raven-1.1 Enchanted Violinist") in card.meta
    assert "spend 1 [[basic]] to place 1 wound token on a target unit" in card.text
    # the cost errata lost its icons in the rules document: reported, not guessed
    assert ("errata unapplied", "Cost changed to  and 1 .") in card.meta
    assert card.fully_parsed, card.unparsed


def test_ashes_1_0_0_inflict_reads_deal():
    card = only("Pain Link: Whenever this unit receives damage, you may spend 1 [[basic]] to "
                "inflict X amount of damage to a target unit or Phoenixborn.")
    assert ("errata", "ashes-raven-1.1 1.0.0") in card.meta
    assert "deal X amount of damage" in card.text
    # a name that contains the word is not touched
    assert "Self Inflict 1" in only("Self Inflict 1: [[side]] - 1 [[basic]]: Deal 1 damage to "
                                    "this unit.").text


# ---------------------------------------------------------------- errors and robustness

def test_ashes_unknown_sentence_is_listed_not_dropped():
    text = "Deal 2 damage to a target unit. Frobnicate the widget."
    card = ashes.parse(text)
    (gap,) = card.unparsed
    assert gap.text == "Frobnicate the widget." and text[gap.span.start:gap.span.end] == gap.text
    assert card.abilities[0].effects[0].amount == 2


def test_ashes_strict_mode_raises_card_syntax_error():
    with pytest.raises(CardSyntaxError) as err:
        ashes.parse("Deal 2 damage to a target unit. Frobnicate the widget.", strict=True)
    assert "^" in err.value.render()


def test_ashes_dispatch_through_judge_cards_parse():
    assert parse_any("ashes", "Draw 2 cards.").abilities[0].effects[0].count == 2


WORDS = ("Deal 2 damage to a target unit [[main]] - [[exhaust]] 1 [[basic]] [[natural:class]] : "
         "When this unit is destroyed , you may place wound token on * Focus 1 Unit Guard X = "
         "the number of . instead would Ally - Battlefield Attack 2 Life").split()
SAMPLES = [text for text, _ in CARDS]


def mutate(text: str, seed: int) -> str:
    rnd = random.Random(seed)
    chars = list(text)
    for _ in range(rnd.randint(1, 4)):
        pos = rnd.randrange(len(chars) + 1)
        op = rnd.randrange(3)
        if op == 0 and chars:
            del chars[min(pos, len(chars) - 1)]
        elif op == 1:
            chars.insert(pos, rnd.choice(":,.-[]*~ 1aZ\n\"'=/"))
        elif chars:
            chars[min(pos, len(chars) - 1)] = rnd.choice("xyz ,.:[")
    return "".join(chars)


def _robust(text: str) -> None:
    card = ashes.parse(text)
    for gap in card.unparsed:
        assert card.text[gap.span.start:gap.span.end] == gap.text
    try:
        ashes.parse(text, strict=True)
    except CardSyntaxError:
        pass


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(WORDS), max_size=14).map(" ".join))
def test_ashes_random_word_salad_never_raises(text):
    _robust(text)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(SAMPLES), st.integers(0, 10_000))
def test_ashes_mutated_real_texts_never_raise(text, seed):
    _robust(mutate(text, seed))


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(max_size=60))
def test_ashes_arbitrary_unicode_never_raises(text):
    _robust(text)


# ---------------------------------------------------------------- corpus

def test_ashes_corpus_at_least_80_percent_fully_parsed():
    path = shared_path("data", "cards", "ashes", "first-edition")
    cards = list(ashes.iter_corpus(path))
    assert len(cards) > 300
    full = sum(ashes.parse(text, name=name).fully_parsed for name, text in cards)
    assert full / len(cards) >= 0.80, f"{full}/{len(cards)} fully parsed"


def test_ashes_iter_corpus_splits_blocks(tmp_path):
    (tmp_path / "set.txt").write_text("Alpha\nAlly - Battlefield\n\n=====\n\nBeta\nAction Spell - "
                                      "Discard\n[[main]]\n\nDraw 1 card.\n", encoding="utf-8")
    assert [name for name, _ in ashes.iter_corpus(tmp_path)] == ["Alpha", "Beta"]


def test_ashes_iter_corpus_missing_path_is_a_usage_error(tmp_path):
    from judge.errors import UsageError
    with pytest.raises(UsageError):
        list(ashes.iter_corpus(tmp_path / "nope"))
