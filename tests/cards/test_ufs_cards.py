"""UFS card text (grammar/card_ufs.lark, judge.cards.ufs) against the UFS Living Game Rules 0.9.

Card texts are real UniVersus cards (builduvs export); each expectation is the structure the rules
give the text: keyword lines (I.1-I.3), played-ability headers (H.1: restriction, type, brackets,
cost, colon), response conditions (H.1.6), bonuses and penalties (K.3.6), "instead" (J.3.5.1.1),
"only playable" / "playable while committed" restrictions (H.3.3).
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from judge.cards import parse as parse_any
from judge.cards import ufs
from judge.cards.errors import CardSyntaxError
from judge.cards.model import Choice, Conditional, Cost, Damage, ModifyValue, Move, Replacement
from tests.cards.earley_render import ability
from tests.conftest import shared_path


def only(text: str):
    card = ufs.parse(text)
    assert card.fully_parsed, card.unparsed
    return card


def rendered(text: str) -> list[str]:
    return [ability(a) for a in only(text).abilities]


# (card text, rendering of each ability) -- one row per mechanic
CARDS = [
    # I.2.4 keyword ratings, I.1 traits, I.2.5 restricted keywords, I.3.3 combo requirements
    ("Breaker: 1 - Ranged - Tech", ["keyword {Breaker 1, Ranged, Tech}"]),
    ("Deadlock Stun: 3 - Throw", ["keyword {Deadlock Stun 3, Throw}"]),
    ("EX: 2 - Frenzy - Fury - Powerful: 2 - Punch - Stun: 1 - Weapon",
     ["keyword {EX 2, Frenzy, Fury, Powerful 2, Punch, Stun 1, Weapon}"]),
    ("Combo (Weapon, Combo)", ["keyword {Combo Weapon, Combo}"]),
    ("Unique", ["keyword {Unique}"]),
    # H.1 / H.4.1 cost shorthands
    ("Enhance Sacrifice: Your attack gets +2 damage.",
     ["activated Enhance [sacrifice] :: modify damage 2 @your attack"]),
    ("Enhance Commit: Your attack gets +2 speed and +2 damage.",
     ["activated Enhance [commit] :: modify speed 2 @your attack; modify damage 2 @your attack"]),
    ("Enhance Commit: This attack gets +3 or -3 speed.",
     ["activated Enhance [commit] :: choose modify speed 3 | modify speed -3"]),
    ("Enhance Lose 1 health: Your attack gets +2 speed or +2 damage.",
     ["activated Enhance [lose health] :: choose modify speed 2 | modify damage 2"]),
    ("Enhance Flip: If your rival has cycled this game, draw 2 cards.",
     ["activated Enhance [flip] :: if [your rival has cycled this game] then "
      "(draw 2 cards from deck to hand)"]),
    ("Enhance [Once per turn] Lose 2 health: Your rival's attack gets -4 speed.",
     ["activated Enhance <once per turn> [lose health 2] :: modify speed -4 @your rival's attack"]),
    ("Enhance [Your attack] Mill 4: Your attack with printed difficulty 5 or greater gets +1 damage "
     "for every 5 cards in your discard pile.",
     ["activated Enhance <your attack> [mill 4] :: modify damage +1 for every 5 cards in your "
      "discard pile @your attack with printed difficulty 5 or greater"]),
    ("Enhance: This attack gains Stun: 2 or Powerful: 3.",
     ["activated Enhance :: choose gain Stun 2 | gain Powerful 3"]),
    ("Enhance (+4): This attack gets +2 damage.",
     ["activated Enhance [control check 4] :: modify damage 2 @this attack"]),
    ("Enhance Sacrifice, sacrifice 2 Power tokens: Draw 2 cards. Add 1 card from your hand to the "
     "top of your deck.",
     ["activated Enhance [sacrifice, sacrifice 2] :: draw 2 cards from deck to hand; "
      "add 1 card from your hand to the top of your deck"]),
    ("Enhance Flip, commit 1 Power token: Draw 1 card.",
     ["activated Enhance [flip, commit] :: draw 1 card from deck to hand"]),
    ("Enhance [Tenacious, Once per turn] Sacrifice 1 Power token: Ready this foundation.",
     ["activated Enhance <tenacious; once per turn> [sacrifice] :: ready"]),
    ("Enhance Remove 1 Destoroyah counter: This attack gets +2 or -3 speed.",
     ["activated Enhance [remove] :: choose modify speed 2 | modify speed -3"]),
    # H.3.1 restriction terms: First, Combo, Deadlock, character names, watermarks
    ("First Form Remove: Your rival sacrifices 1 foundation.",
     ["activated Form <first> [remove] :: your rival: sacrifice 1 foundation"]),
    ("Combo Enhance Discard 1 card: This attack gets +4 damage.",
     ["activated Enhance <combo> [discard] :: modify damage 4 @this attack"]),
    ("{mha03} Enhance Commit: Commit 1 rival void foundation.",
     ["activated Enhance <watermark mha03> [commit] :: commit"]),
    ("Mechagodzilla Response [Card Pool]: At the start of the End Phase, remove this card with a "
     "Kiryu counter on it. Only playable if you blocked with this card this turn.",
     ["triggered Response <character Mechagodzilla; card Pool> (at the start of the End Phase) "
      "?only playable if you blocked with this card this turn :: remove this card with a Kiryu "
      "counter to it"]),
    # H.2.2 forms, blitz and block abilities
    ("Form [Once per turn]: Your next Weapon attack gets +3 speed.",
     ["activated Form <once per turn> :: modify speed 3 @your next Weapon attack"]),
    ("Blitz: If you have a Power token in your stage, this attack gets +2 speed.",
     ["activated Blitz :: if [you have a Power token in your stage] then "
      "(modify speed 2 @this attack)"]),
    ("Blitz Discard 1 card: Draw 1 card. Look at the top card of your deck.",
     ["activated Blitz [discard] :: draw 1 card from deck to hand; look at"]),
    ("Block [Hand] Discard 1 card: This card gets +2 to its block modifier.",
     ["activated Block <hand> [discard] :: modify block modifier 2 @this card"]),
    # H.1.6 response conditions
    ("Response [Tenacious] Commit 1 foundation: After an attack deals damage, ready this card and "
     "seal 1 rival foundation.",
     ["triggered Response <tenacious> [commit] (after an attack deals damage) :: ready; seal"]),
    ("Response: After you play this card, gain 2 health or add 1 Destoroyah counter to your "
     "character.",
     ["triggered Response (after you play this card) :: choose gain health 2 | "
      "add 1 Destoroyah counter to your character"]),
    ("Response: After you block with this card, this attack deals no damage. Add 1 Power token to "
     "your stage.",
     ["triggered Response (after you block with this card) :: Prevented deal no damage; "
      "add 1 Power token to your stage"]),
    ("Response Flip: After your rival plays a non-character ability that increases the damage of "
     "an attack, cancel it.",
     ["triggered Response [flip] (after your rival plays a non-character ability that increases "
      "the damage of an attack) :: cancel"]),
    ("Response [Twice per turn]: After you play a card with \"Smash\" in its name, draw 1 card.",
     ["triggered Response <twice per turn> (after you play a card with \"smash\" in its name) :: "
      "draw 1 card from deck to hand"]),
    ("Response: After this attack is blocked, add 1 Power token to your stage and gain 1 health.",
     ["triggered Response (after this attack is blocked) :: add 1 Power token to your stage; "
      "gain health 1"]),
    # J.3.5.1.1 "instead", K.3.5 "you may" / "if you do"
    ("Enhance Commit: This attack gets -2 speed. If you have 3 or more  cards in your stage, it "
     "gets -3 speed instead.",
     ["activated Enhance [commit] :: modify speed -2 @this attack; if [you have 3 or more cards in "
      "your stage] then (instead (modify speed -3 @it))"]),
    ("Enhance Flip: Draw 1 card. You may sacrifice 2 Power tokens. If you do, draw 2 cards instead.",
     ["activated Enhance [flip] :: draw 1 card from deck to hand; may you: sacrifice 2 Power "
      "tokens; if [you do] then (instead (draw 2 cards from deck to hand))"]),
    # H.3.3 end-of-effect restrictions, H.4.4.1 X definitions, K.3.7 caps
    ("Enhance Commit: Your attack gets +4 damage. Only playable if you have 7 or more cards in "
     "your stage.",
     ["activated Enhance [commit] ?only playable if you have 7 or more cards in your stage :: "
      "modify damage 4 @your attack"]),
    ("Enhance Discard 1 momentum: Ready this foundation. Playable while committed.",
     ["activated Enhance <playable while committed> [discard] :: ready"]),
    ("Blitz Mill 2: This attack gets +X damage. X equals the total printed difficulty of the cards "
     "milled this way.",
     ["activated Blitz [mill 2] :: modify damage +X @this attack; define X"]),
    ("Blitz: This attack gets +1 damage for each foundation in your rival's stage (max. +8).",
     ["activated Blitz :: modify damage +1 for each foundation in your rival's stage @this attack; "
      "cap"]),
    # H.6 continuous abilities, triggered continuous text, K.1.2 prohibitions
    ("While this card is in your stage, all attacks get +1 damage.",
     ["static :: while [this card is in your stage] then (modify damage 1 @all attacks)"]),
    ("This card cannot be destroyed by rival effects.", ["static :: cannot be"]),
    ("This attack cannot be partially blocked.", ["static :: cannot be"]),
    ("At the beginning of your Combat Phase, add 2 Destoroyah counters to this card.",
     ["triggered (at the beginning of your Combat Phase) :: add 2 Destoroyah counters to this card"]),
    ("Enhance: If this attack deals damage, you gain 2 health and your rival loses 2 health. This "
     "effect cannot reduce your rival below 1 health.",
     ["activated Enhance :: if [this attack deals damage] then (gain health 2 @you; lose health -2 "
      "@your rival); cannot reduce"]),
    ("Blitz: Your rival commits 1 foundation. If they have 10 or more foundations, commit 1 rival "
     "foundation.",
     ["activated Blitz :: commit; if [they have 10 or more foundations] then (commit)"]),
    ("Enhance Commit: Your rival's next check gets -1. If your rival passes the check, add 1 Power "
     "token to your stage. Failing that check does not end the Combat Phase.",
     ["activated Enhance [commit] :: modify value -1 @your rival's next check; if [your rival "
      "passes the check] then (add 1 Power token to your stage); cannot end"]),
    ("Form Remove, remove 1 copy of \"Xilien Agent\" from your stage: Search your deck for 1 card "
     "and add it to your hand.",
     ["activated Form [remove, remove] :: search; add it to your hand"]),
    ("Response: Before 1 of your foundations would be destroyed or flipped due to your rival's "
     "non-character effect, flip this foundation instead.",
     ["triggered Response (before 1 of your foundations would be destroyed or flipped due to your "
      "rival's non-character effect) :: instead (flip)"]),
    # LALR attachment decisions: "and" after a bonus starts an action or a clause when no bonus
    # follows; a noun-phrase list stops before a verb; modifier lists inside one noun phrase
    ("Blitz: This attack gets -2 speed and your rival commits 1 foundation.",
     ["activated Blitz :: modify speed -2 @this attack; commit"]),
    ("Enhance: Your attack gets +1 speed and gains Stun: 1.",
     ["activated Enhance :: modify speed 1 @your attack; gain Stun 1 @your attack"]),
    ("Response: After this attack is blocked, add 1 momentum to your hand or your rival discards "
     "1 momentum.",
     ["triggered Response (after this attack is blocked) :: choose add 1 momentum to your hand | "
      "your rival: discard 1 momentum"]),
    ("Enhance: Your Fury, Kick or Punch attack gets +2 damage.",
     ["activated Enhance :: modify damage 2 @your Fury, Kick or Punch attack"]),
    ("Response: After you gain health, ready this foundation.",
     ["triggered Response (after you gain health) :: ready"]),
    # two abilities in one text box (blank line and the "\t \t" separator of the export)
    ("Enhance: This attack gets +1 damage.\n\nResponse: After this attack deals damage, draw 1 card.",
     ["activated Enhance :: modify damage 1 @this attack",
      "triggered Response (after this attack deals damage) :: draw 1 card from deck to hand"]),
    ("Enhance Flip: Your Combo attack gets +2 speed. \t \tEnhance Discard 1 momentum: This attack "
     "gains Stun: 2.",
     ["activated Enhance [flip] :: modify speed 2 @your Combo attack",
      "activated Enhance [discard] :: gain Stun 2 @this attack"]),
]


@pytest.mark.parametrize(("text", "expected"), CARDS, ids=[t[:40] for t, _ in CARDS])
def test_ufs_card_structure(text, expected):
    assert rendered(text) == expected


def test_ufs_h_1_played_ability_values():
    (enh,) = only("Response [Tenacious] Commit 1 foundation: After an attack deals damage, "
                  "ready this card.").abilities
    assert enh.kind == "triggered" and enh.label == "Response"
    assert enh.costs == (Cost(kind="commit", amount=1, detail="commit 1 foundation",
                              span=enh.costs[0].span),)
    assert enh.trigger.kind == "after" and enh.trigger.event == "an attack deals damage"
    assert enh.citation and enh.citation.startswith("ufs-0.9 H.2")


def test_ufs_h_4_1_cost_shorthand_means_this_card():
    (enh,) = only("Enhance Destroy: This attack gets -1 speed. Playable while committed.").abilities
    assert enh.costs[0].kind == "destroy" and enh.costs[0].detail == "destroy this card"


def test_ufs_h_4_2_control_check_cost():
    (enh,) = only("Enhance (+4): This attack gets +2 damage.").abilities
    assert enh.costs[0].kind == "control check" and enh.costs[0].amount == 4


def test_ufs_i_2_4_keyword_rating_and_citation():
    (kw,) = only("Breaker: 2").abilities
    (breaker,) = kw.keywords
    assert (breaker.name, breaker.value) == ("Breaker", 2)
    assert breaker.citation and breaker.citation.startswith("ufs-0.9 I.")


def test_ufs_k_3_6_bonus_values_and_spans():
    text = "Enhance Commit: This attack gets +3 damage."
    (enh,) = only(text).abilities
    (bonus,) = enh.effects
    assert isinstance(bonus, ModifyValue) and (bonus.stat, bonus.delta) == ("damage", 3)
    assert text[bonus.target.span.start:bonus.target.span.end] == "This attack"


def test_ufs_j_3_5_1_1_instead_replaces_preceding_instruction():
    (enh,) = only("Blitz: Your next attack gets +2 speed. If your rival has 10 or more foundations, "
                  "it gets +5 speed instead.").abilities
    first, second = enh.effects
    assert isinstance(first, ModifyValue) and isinstance(second, Conditional)
    assert isinstance(second.then[0], Replacement)
    assert second.then[0].instead[0].delta == 5


def test_ufs_k_2_4_rival_performs_the_move():
    (blitz,) = only("Blitz: Your rival discards 1 card.").abilities
    (move,) = blitz.effects
    assert isinstance(move, Move) and move.verb == "discard" and move.actor.text == "your rival"


def test_ufs_move_from_zone_is_read_apart_from_what_moves():
    (enh,) = only("Enhance: Add 1 card from your discard pile to your hand.").abilities
    (move,) = enh.effects
    assert isinstance(move, Move) and move.what.text == "1 card"
    assert (move.from_zone, move.to_zone) == ("your discard pile", "your hand")


def test_ufs_bonus_then_other_subject_keeps_each_subject():
    (blitz,) = only("Blitz: This attack gets -2 speed and your rival commits 1 foundation.").abilities
    bonus, commit = blitz.effects
    assert isinstance(bonus, ModifyValue) and bonus.target.text == "this attack"
    assert commit.verb == "commit" and ("subject", "your rival") in commit.args


def test_ufs_you_may_is_an_optional_choice():
    (enh,) = only("Enhance Flip: You may sacrifice 2 Power tokens.").abilities
    (choice,) = enh.effects
    assert isinstance(choice, Choice) and choice.optional


def test_ufs_damage_is_a_damage_value():
    (resp,) = only("Enhance: If this attack is completely blocked, it still deals 4 damage.").abilities
    assert "deal" in repr(resp.effects)
    blocked = only("When you completely block with this card, the blocked attack deals 1 damage "
                   "during the Damage Step.").abilities[0]
    (cond,) = blocked.effects
    assert isinstance(cond.then[0], Damage) and cond.then[0].amount == 1


def test_ufs_unknown_sentence_is_listed_not_dropped():
    text = "Enhance: This attack gets +1 damage. Frobnicate the widget."
    card = ufs.parse(text)
    (gap,) = card.unparsed
    assert gap.text == "Frobnicate the widget." and text[gap.span.start:gap.span.end] == gap.text
    assert card.abilities[0].effects[0].delta == 1


def test_ufs_strict_mode_raises_card_syntax_error_with_position():
    text = "Enhance: This attack gets +1 damage. Frobnicate the widget."
    with pytest.raises(CardSyntaxError) as err:
        ufs.parse(text, strict=True)
    assert err.value.offset >= text.index("Frobnicate")
    assert "^" in err.value.render()


def test_ufs_dispatch_through_judge_cards_parse():
    assert parse_any("ufs", "Breaker: 1").abilities[0].keywords[0].name == "Breaker"


# ---------------------------------------------------------------- robustness (hypothesis)

WORDS = ("Enhance Response Form Blitz Block First Deadlock [Once per turn] [Tenacious] Commit "
         "Flip Remove Sacrifice Discard 1 card : your rival attack gets +2 -1 speed damage "
         "If you have , . this foundation Breaker: 2 - Ranged draw add to your stage (+3) "
         "instead Only playable X equals \"Name\" {mha03}").split()
SAMPLES = [text for text, _ in CARDS]


def mutate(text: str, seed: int) -> str:
    rnd = random.Random(seed)
    chars = list(text)
    for _ in range(rnd.randint(1, 4)):
        op = rnd.randrange(3)
        pos = rnd.randrange(len(chars) + 1)
        if op == 0 and chars:
            del chars[min(pos, len(chars) - 1)]
        elif op == 1:
            chars.insert(pos, rnd.choice(":,.-[]()+ 1aZ\n\t\"'"))
        elif chars:
            chars[min(pos, len(chars) - 1)] = rnd.choice("xyz ,.:")
    return "".join(chars)


def _robust(text: str) -> None:
    card = ufs.parse(text)               # non-strict: never raises
    for gap in card.unparsed:
        assert text[gap.span.start:gap.span.end] == gap.text
    try:
        ufs.parse(text, strict=True)
    except CardSyntaxError:
        pass                             # strict: only CardSyntaxError


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(WORDS), max_size=14).map(" ".join))
def test_ufs_random_word_salad_never_raises(text):
    _robust(text)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(SAMPLES), st.integers(0, 10_000))
def test_ufs_mutated_real_texts_never_raise(text, seed):
    _robust(mutate(text, seed))


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(max_size=60))
def test_ufs_arbitrary_unicode_never_raises(text):
    _robust(text)


# ---------------------------------------------------------------- corpus coverage

def test_ufs_corpus_at_least_80_percent_fully_parsed():
    path = shared_path("data", "cards", "ufs")
    cards = list(ufs.iter_corpus(path))
    assert len(cards) > 300
    full = sum(ufs.parse(text, name=name).fully_parsed for name, text in cards)
    assert full / len(cards) >= 0.80, f"{full}/{len(cards)} fully parsed"


def test_ufs_iter_corpus_puts_keyword_line_first(tmp_path):
    (tmp_path / "cards.json").write_text(
        '[{"name": "A", "text": "Enhance: Draw 1 card.", "keywords": ["Ranged", "Breaker: 1"]},'
        ' {"name": "B", "text": "", "keywords": []}]', encoding="utf-8")
    assert list(ufs.iter_corpus(tmp_path)) == [("A", "Ranged - Breaker: 1\n\nEnhance: Draw 1 card.")]


def test_ufs_iter_corpus_rejects_non_json(tmp_path):
    from judge.errors import UsageError
    bad = tmp_path / "bad.json"
    bad.write_text("{nope", encoding="utf-8")
    with pytest.raises(UsageError):
        list(ufs.iter_corpus(bad))


# ---------------------------------------------------------------- the parser itself

def test_ufs_grammar_builds_as_lalr_without_conflicts_lark_rejects():
    """card_ufs.lark is LALR(1): lark refuses a grammar with an unresolved reduce/reduce
    conflict (GrammarError); a fresh build (no cache) must succeed and be the parser in use."""
    import re

    from lark import Lark

    fresh = Lark.open(str(ufs.GRAMMAR), parser="lalr", lexer="contextual", g_regex_flags=re.I,
                      start=ufs.START, cache=False)
    assert fresh.options.parser == "lalr"
    assert ufs._lark().options.parser == "lalr" and ufs._lark().options.lexer == "contextual"
