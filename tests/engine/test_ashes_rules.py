"""The Ashes rules module (ashes-raven-1.1) in small pieces: tests named after the rule they
check. The worked examples of the document are the scenarios of scenarios/ashes."""

from __future__ import annotations

from judge.games.ashes import cards as C
from judge.games.ashes import zones as Z
from judge.games.ashes.citations import CITATIONS
from judge.games.run import run_scenario
from judge.rules.lookup import citation_exists
from judge.scenario.parser import parse

HEAD = '''scenario "t"
game ashes-raven-1.1
card "Phoenix": Phoenixborn, life 10, battlefield 4, spellboard 4
'''


def _ruling(body: str):
    return run_scenario(parse(HEAD + body, "t.scn"))


def _failed(ruling) -> list:
    return [(e.line, e.text, e.actual) for e in ruling.all_expectations if not e.passed]


def test_ashes_citation_table_names_existing_rules():
    assert [c for c in CITATIONS.all_citations() if not citation_exists(c)] == []


def test_ashes_2_0_0_a_face_pays_its_symbol_and_the_lower_ones():
    assert Z.can_pay("power", "natural", "natural:power")
    assert Z.can_pay("power", "natural", "natural:class") and Z.can_pay("power", "natural", "basic")
    assert Z.can_pay("class", "natural", "natural:class")
    assert not Z.can_pay("class", "natural", "natural:power")
    assert not Z.can_pay("basic", "natural", "natural:class")
    assert not Z.can_pay("power", "charm", "natural:class")


def test_ashes_4_4_2_magic_play_cost_counts_dice_only_and_x_as_zero():
    rules = C.read("K", "K\nAlly - Battlefield\n[[main]] - 1 [[ceremonial:power]] - X [[basic]]"
                   " - 1 [[discard]]\nAttack 1 - Life 1 - Recover 1", kind="ally")
    assert C.magic_play_cost(rules.play_cost) == 1


def test_ashes_6_0_0_attack_and_recover_values_are_never_below_zero():
    from judge.engine.state import AddModifier, Modifier
    from judge.games.ashes.game import GAME
    st = GAME.new_state("ashes-raven-1.1")
    GAME.add_player(st, "Alice")
    o = st.create(name="Weak", owner="Alice", zone=("Alice", "battlefield"), kinds=("ally",),
                  base={"attack": 1, "recover": 1})
    for stat in ("attack", "recover"):
        st.apply(AddModifier(Modifier(st.new_id(), (o.id, o.incarnation), stat, "add", -3, 1,
                                      st.tick())))
    assert (st.value(o.id, "attack"), st.value(o.id, "recover")) == (0, 0)
    assert {n.bound.procedure for n in st.notes} == {"value.attack", "value.recover"}


def test_ashes_4_0_0_a_cost_that_cannot_be_paid_refuses_the_card():
    ruling = _ruling('''card "Bolt": Action Spell - Discard: "Bolt\\nAction Spell - Discard\\n[[main]] - 1 [[natural:power]]\\n\\nDeal 1 damage to a target unit."
card "Unit": Ally - Battlefield, attack 1, life 2, recover 0
Alice is the turn player; phoenixborn "Phoenix", hand "Bolt", active pool 1 natural class
Bob: phoenixborn "Phoenix", battlefield "Unit"
expect Alice plays "Bolt" targeting Bob's "Unit" is not allowed
expect cites "4.4.0"
''')
    assert _failed(ruling) == []


def test_ashes_2_1_0_one_main_action_a_turn():
    ruling = _ruling('''card "Unit": Ally - Battlefield, attack 1, life 2, recover 0
Alice is the turn player; phoenixborn "Phoenix", battlefield "Unit"
Bob: phoenixborn "Phoenix"
Alice attacks Bob with "Unit"
settle
expect Alice attacks Bob with "Unit" is not allowed
expect Bob's "Phoenix" has 1 wound token
''')
    assert _failed(ruling) == []


def test_ashes_reaction_spell_text_that_cannot_be_read_is_named_when_played():
    ruling = _ruling('''card "Odd": Reaction Spell - Discard: "Odd\\nReaction Spell - Discard\\n1 [[basic]]\\n\\nYou may play this spell when a unit you control is destroyed. Frobnicate the widget."
card "Unit": Ally - Battlefield, attack 1, life 1, recover 0
Alice is the turn player; phoenixborn "Phoenix", battlefield "Unit", active pool 1 natural power
Bob: phoenixborn "Phoenix", battlefield "Unit", hand "Odd", active pool 1 charm basic
Alice uses natural power targeting Bob's "Unit"
''')
    assert any("Odd" in n for n in ruling.not_modelled)


def test_ashes_a_misspelt_die_is_a_clear_error():
    import pytest
    from judge.scenario.errors import ScenarioSyntaxError
    with pytest.raises(ScenarioSyntaxError) as err:
        parse(HEAD + 'Alice is the turn player; phoenixborn "Phoenix", active pool 2 nature power\n',
              "t.scn")
    text = err.value.render()
    assert "t.scn:4:" in text and "unexpected 'nature'" in text and "2 natural power" in text


_ALTERATION_X = ('card "Bark Mantle": Alteration Spell - Unit: "Bark Mantle\\nAlteration Spell - '
                 'Unit\\n[[main]] - 1 [[natural:class]]\\n{stat} {value}{defined}"\n'
                 'card "Ogre": Ally - Battlefield, attack 2, life 3, recover 1\n'
                 'Alice is the turn player; phoenixborn "Phoenix", battlefield "Ogre" with 1 '
                 'wound, hand "Bark Mantle", active pool 1 natural class\n'
                 'Bob: phoenixborn "Phoenix"\n'
                 'Alice plays "Bark Mantle" targeting Alice\'s "Ogre"\n')


def test_ashes_4_1_1_alteration_stat_x_is_its_count_of_tokens_on_the_unit_when_read():
    # "Life +X" / "X = the number of wound tokens on this unit": the unit it is attached to,
    # counted whenever the value is read (a printed X was an internal error: int('+X'))
    r = _ruling(_ALTERATION_X.format(
        stat="Life", value="+X",
        defined="\\n\\n* X = the number of wound tokens on this unit.")
        + 'expect "Ogre" life 4\n')
    assert not _failed(r) and not r.all_not_modelled
    assert any("X = the number of wound tokens on this unit" in s.description
               and "ashes-raven-1.1 4.1.1" in s.citations for s in r.steps)
    r = _ruling(_ALTERATION_X.format(
        stat="Attack", value="-X",
        defined="\\n\\n* X = the number of wound tokens on this unit.")
        + 'expect "Ogre" attack 1\nexpect "Ogre" life 3\n')
    assert not _failed(r) and not r.all_not_modelled


def test_ashes_4_1_1_alteration_stat_x_the_module_cannot_count_is_named_and_not_applied():
    for defined, x in (("\\n\\n* X = the number of wound tokens on your Phoenixborn.",
                        "X = the number of wound tokens on your Phoenixborn"),
                       ("", "no reading of the card defines X")):
        r = _ruling(_ALTERATION_X.format(stat="Life", value="+X", defined=defined)
                    + 'expect "Ogre" life 3\n')
        assert r.all_not_modelled == (f"Bark Mantle's printed Life +X ({x}): the module counts "
                                      "only an X defined as 'the number of <wound / exhaustion "
                                      "/ status> tokens on this unit'; its life is not changed",)
        # the value is not guessed: 3 (nothing applied) is undecided, not a pass
        [e] = r.all_expectations
        assert not e.passed and "not modelled" in e.actual


def test_ashes_4_5_1_each_a_or_b_is_named_not_resolved_for_the_first_kind():
    """"Deal 1 damage to each unit or Phoenixborn your opponent controls": the grammar reads an
    "or" list (kinds joined by "or"); counting the first kind only damaged the units and left
    the Phoenixborn out in silence. Not resolved: named."""
    r = _ruling('''card "Sparker": Phoenixborn, life 16, battlefield 8, spellboard 4: "Sparker\\nBattlefield 8 - Life 16 - Spellboard 4\\n\\nSpark: [[side]] - [[exhaust]]: Deal 1 damage to each unit or Phoenixborn your opponent controls."
card "Sentinel": Conjuration - Battlefield, attack 1, life 3, recover 0
Alice is the turn player; phoenixborn "Sparker"
Bob: phoenixborn "Phoenix", battlefield "Sentinel"
Alice activates "Sparker" ability "Spark"
''')
    assert any("each unit or Phoenixborn" in n and "'or'" in n for n in r.all_not_modelled), \
        r.all_not_modelled
