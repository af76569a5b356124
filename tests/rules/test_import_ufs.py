"""The UFS Living Game Rules importer against the bundled rulebook/ufs/ufs-lgr-0.9.txt.

Expected texts below were checked by hand against the source lines they name.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from judge.errors import RulebookFormatError
from judge.rules.importers import get_importer
from judge.rules.importers.ufs import import_text
from judge.rules.model import Example, Manifest, NodeKind, RawRef
from tests.rules._fuzz import check_import, mutated

ROOT = Path(__file__).resolve().parents[2]
SOURCE = ROOT / "rulebook" / "ufs" / "ufs-lgr-0.9.txt"
PATH = "rulebook/ufs/ufs-lgr-0.9.txt"
MANIFEST = Manifest(**tomllib.loads((ROOT / "rulebook" / "ufs" / "ufs-0.9.toml").read_text()))
TEXT = SOURCE.read_text(encoding="utf-8")
DOC = import_text(TEXT, MANIFEST, PATH)
NODES = {node.key: node for node in DOC.nodes}
SOURCE_LINES = TEXT.split("\n")


def _independent_count(text: str) -> int:
    """Counting rule, written without the importer's regexes: skip the table of contents
    (from the "TABLE OF CONTENTS" line to the first blank line), then count every line whose
    first word is a rule number -- a letter A-K followed by "." (``A.``) or by dot-separated
    digits (``A.1``, ``G.2.1.3.1.1``). Numbers printed twice count twice."""
    lines = text.split("\n")
    i = lines.index("TABLE OF CONTENTS")
    while lines[i].strip():
        i += 1
    count = 0
    for line in lines[i:]:
        words = line.split()
        if not words:
            continue
        parts = words[0].rstrip(".").split(".")
        if parts[0] in "ABCDEFGHIJK" and len(parts[0]) == 1 and (
                words[0].endswith(".") and len(parts) == 1
                or len(parts) > 1 and all(p.isdigit() for p in parts[1:])):
            count += 1
    return count


# --- the whole document -------------------------------------------------------------------

def test_ufs_node_count_equals_independent_count_of_numbered_lines():
    assert _independent_count(TEXT) == 617
    assert len(DOC.nodes) == _independent_count(TEXT)


def test_ufs_sections_are_the_letter_and_two_part_headings():
    sections = [n.key for n in DOC.nodes if n.kind is NodeKind.SECTION]
    headings = [k for k in sections if k.count(".") <= 1]
    assert len(headings) == 60
    assert sections[:6] == ["A", "A.1", "A.2", "A.3", "A.4", "B"]
    assert all(n.title for n in DOC.nodes if n.kind is NodeKind.SECTION)


def test_ufs_titled_rules_are_sections_with_their_title():
    by_key = {n.key: n for n in DOC.nodes}
    assert (by_key["I.3.1"].kind, by_key["I.3.1"].title, by_key["I.3.1"].text) == \
        (NodeKind.SECTION, "Breaker", "")
    card_pool = by_key["D.2.1"]
    assert card_pool.kind is NodeKind.SECTION and card_pool.title == "Card Pool"
    assert card_pool.text and not card_pool.text.startswith("Card Pool")
    # a rule sentence is never taken for a title
    assert by_key["G.1.1"].kind is NodeKind.RULE and by_key["G.1.1"].title is None


def test_ufs_keys_unique_parents_exist_and_source_order():
    keys = [n.key for n in DOC.nodes]
    assert len(keys) == len(set(keys))
    assert all(n.parent is None or n.parent in NODES for n in DOC.nodes)
    lines = [n.line for n in DOC.nodes]
    assert lines == sorted(lines)
    assert all(n.end_line >= n.line for n in DOC.nodes)
    assert [n.key for n in DOC.nodes if n.parent is None] == list("ABCDEFGHIJK")


def test_ufs_node_line_is_the_line_printing_its_number():
    for node in DOC.nodes:
        assert SOURCE_LINES[node.line - 1].split()[0].rstrip(".") == node.number


def test_ufs_toc_records_every_heading_it_lists_with_its_line():
    assert len(DOC.toc) == 60
    assert DOC.toc[0] == ("A", 19)
    assert DOC.toc[1] == ("A.1", 20)
    assert DOC.toc[-1] == ("K.5", 78)
    assert all(number in NODES for number, _ in DOC.toc)
    assert not any(n.line < 80 for n in DOC.nodes), "the table of contents produced nodes"


def test_ufs_importer_is_registered_under_its_manifest_format():
    assert get_importer(MANIFEST.format) is import_text


# --- sampled rules (text == the source words) ---------------------------------------------

def test_ufs_A_general_rules_section():
    node = NODES["A"]
    assert (node.kind, node.title, node.text, node.parent, node.line) == (
        NodeKind.SECTION, "General Rules", "", None, 82)


def test_ufs_E_1_title_drops_double_space_and_keeps_intro_prose():
    node = NODES["E.1"]
    assert node.title == "Starting the Game"
    assert node.text == ("Steps E.1.1 through E.1.8 take place before the game begins. No game "
                         "events (aside from those described in E.1.6) occur during this time.")
    assert [r.target for r in node.refs] == ["E.1.1", "E.1.8", "E.1.6"]


def test_ufs_A_1_2_text_and_see_reference():
    node = NODES["A.1.2"]
    assert node.kind is NodeKind.RULE and node.title is None
    assert node.text == ("If a player's opponent is unable to cycle their deck (see E.2.2), "
                         "that player wins the game.")
    assert node.refs == (RawRef(target="E.2.2", raw="(see E.2.2)", line=86),)
    assert node.parent == "A.1"


def test_ufs_E_2_2_cycle_rule():
    node = NODES["E.2.2"]
    assert node.text == ("A player with no cards remaining in their deck must cycle it. To cycle "
                         "the deck, shuffle the discard pile, then remove the top 10 cards of "
                         "this new deck from the game.")
    assert (node.parent, node.line) == ("E.2", 357)


def test_ufs_G_2_1_3_1_1_parent_chain_follows_numbering():
    node = NODES["G.2.1.3.1.1"]
    assert node.text == "If the attack's zone is low, the card must have a block zone of low or mid."
    chain = []
    key = node.key
    while key is not None:
        chain.append(key)
        key = NODES[key].parent
    assert chain == ["G.2.1.3.1.1", "G.2.1.3.1", "G.2.1.3", "G.2.1", "G.2", "G"]


def test_ufs_B_6_1_1_1_1_deepest_nesting():
    node = NODES["B.6.1.1.1.1"]
    assert node.text == ('If an effect checks to see if a card "shares a name" with a character '
                         'card, it refers to the character name.')
    assert node.parent == "B.6.1.1.1"


def test_ufs_C_3_3_4_4_2_1_seven_levels():
    node = NODES["C.3.3.4.4.2.1"]
    assert node.text.startswith("For such an effect that adds an ability to a card, that ability "
                                "retains its history from before the refresh")
    assert node.parent == "C.3.3.4.4.2"


def test_ufs_H_3_1_2_1_dash_after_number_is_layout():
    assert NODES["H.3.1.2.1"].text == ("Playing one of these abilities classifies as playing a "
                                       "combo ability.")


def test_ufs_J_3_5_1_1_double_space_after_number():
    assert NODES["J.3.5.1.1"].text.startswith("An ability's immediate effect may contain")


def test_ufs_D_2_1_titled_rule_keeps_its_prose_line():
    node = NODES["D.2.1"]
    assert (node.kind, node.title) == (NodeKind.SECTION, "Card Pool")
    assert node.text == "Cards a player plays normally go into that player's card pool."
    assert (node.line, node.end_line) == (260, 261)


def test_ufs_E_4_8_2_missing_sibling_still_parents_to_E_4_8():
    assert "E.4.8.1" not in NODES
    assert NODES["E.4.8.2"].parent == "E.4.8"
    assert NODES["E.4.8.2"].text == "If the control check fails, discard the card and abort this process."


def test_ufs_E_4_11_1_cites_rules_by_bare_number():
    node = NODES["E.4.11.1"]
    assert [(r.target, r.raw) for r in node.refs] == [
        ("E.4.2.1", "E.4.2.1"), ("E.4.7.1", "E.4.7.1"), ("E.4.8.3", "E.4.8.3")]


def test_ufs_B_6_5_1_see_letter_section_reference():
    node = NODES["B.6.5.1"]
    assert node.text == ("Keyword Line (optional): Bolded or italicized terms at the top of the "
                         "text box. (see I. Keywords)")
    assert node.refs == (RawRef(target="I", raw="(see I. Keywords)", line=159),)


def test_ufs_H_2_1_2_bare_see_reference():
    assert NODES["H.2.1.2"].refs == (RawRef(target="G.1", raw="See G.1", line=578),)


def test_ufs_K_5_3_text():
    node = NODES["K.5.3"]
    assert node.text == ("If an instruction removes more cards from a player's deck than are in "
                         "the deck, that player removes the cards in their deck, cycles (see "
                         "E.2.2), and then removes the remaining cards.")
    assert node.refs[0].target == "E.2.2"


# --- notes ---------------------------------------------------------------------------------

def test_ufs_A_2_2_note_is_an_example_with_its_reference():
    node = NODES["A.2.2"]
    assert node.text == ("No more than four copies of a card with a given name are allowed in the "
                         "same deck, including the sideboard.")
    assert node.examples == (Example(text="See B.6.1 for more information on card names.",
                                     line=92, label="Note"),)
    assert RawRef(target="B.6.1", raw="See B.6.1", line=92) in node.refs
    assert node.end_line == 92


def test_ufs_C_3_3_1_two_notes_in_order():
    node = NODES["C.3.3.1"]
    assert [e.text for e in node.examples] == [
        "These are the values physically printed on the card. No effect can change a card's "
        "printed values.",
        "Face down cards do not have any printed values.",
    ]
    assert all(e.label == "Note" for e in node.examples)


def test_ufs_G_5_2_note_printed_at_child_indent_belongs_to_G_5_2():
    assert NODES["G.5.2.1.2"].examples == ()
    assert [e.line for e in NODES["G.5.2"].examples] == [557]


def test_ufs_D_2_5_1_3_note_layout_spaces_collapsed():
    (note,) = NODES["D.2.5.1.3"].examples
    assert "destination zone. The above only refers" in note.text


def test_ufs_H_4_section_note_after_children():
    (note,) = NODES["H.4"].examples
    assert note.text == "See K. Instruction Glossary for additional rules that may apply to costs."
    assert RawRef(target="K", raw="See K. Instruction Glossary", line=668) in NODES["H.4"].refs


def test_ufs_no_note_left_in_rule_text_lines():
    for node in DOC.nodes:
        assert not any(line.startswith("Note:") for line in node.text.split("\n")), node.key


# --- duplicates ----------------------------------------------------------------------------

def test_ufs_duplicates_reported_with_lines():
    assert DOC.duplicates == (("C.3.3.2.1", 223), ("F.2.2.3", 469), ("J.1.2", 803))


def test_ufs_C_3_3_2_1_duplicate_addressable_with_tilde_2():
    first, second = NODES["C.3.3.2.1"], NODES["C.3.3.2.1~2"]
    assert first.number == second.number == "C.3.3.2.1"
    assert first.text.startswith("If a card has multiple effects that copy values")
    assert second.text.startswith("If a card has multiple non-copying definition effects")
    assert (first.line, second.line) == (220, 223)
    assert second.parent == "C.3.3.2"


def test_ufs_F_2_2_3_and_J_1_2_duplicates_addressable():
    assert NODES["F.2.2.3"].text == "Pass on any further forms, and proceed to the End Phase."
    assert NODES["F.2.2.3~2"].text.startswith("If a player passes without attempting to play")
    assert NODES["J.1.2"].line == 801 and NODES["J.1.2~2"].line == 803
    assert NODES["J.1.2~2"].text.startswith("The instructions of an effect are executed in order")


# --- terminology ---------------------------------------------------------------------------

def test_ufs_A_4_1_terminology_is_glossary_keyed_by_number_titled_by_term():
    node = NODES["A.4.1"]
    assert (node.kind, node.number, node.title, node.aliases) == (
        NodeKind.GLOSSARY, "A.4.1", "game event", ("game event",))
    assert node.text.startswith('A "game event" is an occurrence in the game')
    assert NODES["A.4.2"].title == "publicity"


def test_ufs_K_3_definitions_are_glossary_with_every_quoted_term():
    node = NODES["K.3.1"]
    assert node.kind is NodeKind.GLOSSARY
    assert node.aliases == ("This card", "that card", "this ability", "that ability")
    assert NODES["K.3.18"].title == "at desperation"
    assert NODES["K.3.4.1"].kind is NodeKind.RULE  # only direct children of the section
    assert NODES["K.4.1"].kind is NodeKind.RULE    # "Impacting Cards" is not a definitions section


# --- errors and robustness -----------------------------------------------------------------

@pytest.mark.parametrize("text", ["", "\n\n  \n", "just some words\nand more words\n",
                                  "Raven Rules for Ashes\n\n1.0.0 Card Errata\n\ntext\n"])
def test_ufs_rejects_text_without_rules(text):
    with pytest.raises(RulebookFormatError) as info:
        import_text(text, MANIFEST, "x.txt")
    err = info.value
    assert err.path == "x.txt" and err.line >= 1 and err.line_text is not None
    assert "not a UFS Living Game Rules file" in err.message
    assert err.render().startswith(f"x.txt:{err.line}")


def test_ufs_rejects_file_truncated_inside_table_of_contents():
    text = "\n".join(SOURCE_LINES[:40])
    with pytest.raises(RulebookFormatError) as info:
        import_text(text, MANIFEST, PATH)
    assert "no section heading" in info.value.message
    assert info.value.line == 40


def test_ufs_rejects_file_truncated_before_first_numbered_rule():
    text = "\n".join(SOURCE_LINES[:84])  # ends with A.1's intro prose
    with pytest.raises(RulebookFormatError) as info:
        import_text(text, MANIFEST, PATH)
    assert "no numbered rule" in info.value.message
    assert info.value.line == 84


def test_ufs_rule_number_without_text_points_at_the_number():
    text = "A. General Rules\nA.1 Objective\n    A.1.1 Text.\n    A.1.2\n"
    with pytest.raises(RulebookFormatError) as info:
        import_text(text, MANIFEST, "t.txt")
    err = info.value
    assert (err.line, err.column, err.line_text) == (4, 10, "    A.1.2")
    assert "A.1.2 has no text" in err.message


def test_ufs_missing_parent_attaches_to_nearest_existing_ancestor():
    doc = import_text("A. General\nA.1 Objective\n    A.1.2.3 Deep rule.\n", MANIFEST, "t")
    assert {n.key: n.parent for n in doc.nodes} == {"A": None, "A.1": "A", "A.1.2.3": "A.1"}


_VOCAB = ["", "A. General Rules", "A.1 Objective", "    A.1.1 Text (see E.2.2).", "A.1.1",
          "    Note: a note", "TABLE OF CONTENTS", "B.2.2.1 x", "  prose line", "Note:",
          "K.", "Z.9.9.9 - dash", "\t\tA.1.2\tTab", "(see I. Keywords)", "see G.1."]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(st.text(), st.lists(st.sampled_from(_VOCAB) | st.text(max_size=20))
                 .map("\n".join)))
def test_ufs_random_text_imports_or_raises_format_error(text):
    doc = check_import(import_text, text, MANIFEST, "fuzz.txt", parents_first=False)
    if doc is not None:
        assert any(n.number.count(".") >= 2 for n in doc.nodes)  # a numbered rule


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_ufs_mutated_source_imports_or_raises_format_error(data):
    check_import(import_text, mutated(data, SOURCE_LINES), MANIFEST, PATH,
                 parents_first=False)
