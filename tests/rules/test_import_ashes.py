"""The Ashes "Raven Rules" importer against the bundled rulebook/ashes/ashes-raven-rules-1.1.txt.

Expected texts below were checked by hand against the source lines they name. Two spaces
("to  and 1 .") are dice/magic icons lost in the extraction, kept as printed.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from judge.errors import RulebookFormatError
from judge.rules.importers import get_importer
from judge.rules.importers.ashes import import_text
from judge.rules.model import Manifest, NodeKind, RawRef
from tests.rules._fuzz import check_import, mutated

ROOT = Path(__file__).resolve().parents[2]
SOURCE = ROOT / "rulebook" / "ashes" / "ashes-raven-rules-1.1.txt"
PATH = "rulebook/ashes/ashes-raven-rules-1.1.txt"
MANIFEST = Manifest(**tomllib.loads(
    (ROOT / "rulebook" / "ashes" / "ashes-raven-1.1.toml").read_text()))
TEXT = SOURCE.read_text(encoding="utf-8")
DOC = import_text(TEXT, MANIFEST, PATH)
NODES = {node.key: node for node in DOC.nodes}
SOURCE_LINES = TEXT.split("\n")

ERRATA_CARDS = ["Enchanted Violinist", "Golden Veil", "Redirect", "Spiked Armor", "Sympathy Pain",
                "Nightshade Swallow", "Blood Chains", "Vanish", "Angelic Rescue",
                "Veil of Reversal", "Summon Majestic Titan"]
GLOSSARY = ["Target", "Ability", "Active player", "Affect", "Attack value",
            "Core framework event", "In play", "Recover value"]


def _independent_count(text: str) -> int:
    """Counting rule: one node per body heading -- a line that is exactly three dot-separated
    numbers, a space and a title with no tab (table-of-contents lines end in TAB + page) -- plus
    one per definition line ``Word(s): lower-case text`` that is not a "Note:"/"For example:"
    paragraph."""
    headings = [l for l in text.split("\n") if re.fullmatch(r"\d\.\d\.\d [^\t]+", l)]
    definitions = [l for l in text.split("\n") if re.match(r"[A-Z][a-z]+( [a-z]+)*: [a-z]", l)
                   and not l.startswith(("Note:", "For example:"))]
    return len(headings) + len(definitions)


# --- the whole document -------------------------------------------------------------------

def test_ashes_node_count_equals_independent_count():
    assert _independent_count(TEXT) == 60
    assert len(DOC.nodes) == _independent_count(TEXT)


def test_ashes_node_kinds():
    kinds = [n.kind for n in DOC.nodes]
    assert kinds.count(NodeKind.SECTION) == 41
    assert [n.key for n in DOC.nodes if n.kind is NodeKind.ERRATA] == ERRATA_CARDS
    assert sorted(n.key for n in DOC.nodes if n.kind is NodeKind.GLOSSARY) == sorted(GLOSSARY)


def test_ashes_keys_unique_parents_exist_and_source_order():
    keys = [n.key for n in DOC.nodes]
    assert len(keys) == len(set(keys))
    assert all(n.parent is None or n.parent in NODES for n in DOC.nodes)
    assert [n.line for n in DOC.nodes] == sorted(n.line for n in DOC.nodes)
    assert [n.key for n in DOC.nodes if n.parent is None] == [
        "1.0.0", "2.0.0", "3.0.0", "4.0.0", "5.0.0", "6.0.0"]
    assert DOC.duplicates == ()


def test_ashes_intro_and_changelog_are_not_rules():
    assert min(n.line for n in DOC.nodes) == 98
    everything = "\n".join(n.text for n in DOC.nodes)
    assert "Errata cleanup" not in everything and "CAW! CAW!" not in everything


def test_ashes_toc_lists_numbers_and_errata_card_names_with_lines():
    assert len(DOC.toc) == 52
    assert DOC.toc[:3] == (("1.0.0", 44), ("1.1.0", 45), ("Enchanted Violinist", 46))
    assert DOC.toc[-1] == ("6.0.0", 96)
    assert all(key in NODES for key, _ in DOC.toc)


def test_ashes_importer_is_registered_under_its_manifest_format():
    assert get_importer(MANIFEST.format) is import_text


# --- sampled sections (text == the source words) -------------------------------------------

def test_ashes_4_2_3_canceling_effects_prose_and_examples():
    node = NODES["4.2.3"]
    assert (node.kind, node.title, node.line, node.end_line) == (
        NodeKind.SECTION, "Canceling Effects", 392, 404)
    assert node.text == (
        "When a triggered effect or Reaction Spell instructs you to cancel the remaining effects "
        "of another card, you must not resolve the effects that rely on the triggering condition "
        "and any following effects. Costs are still paid, and any effects preceding the "
        "condition which triggered the cancel effect are resolved normally.\n"
        "A cancel effect only applies to effects that are currently pending resolution, not to "
        "constant effects.\n"
        "A cancel effect cannot retroactively prevent resolved effects, even if they are part of "
        "the same printed effect.")
    assert [(e.label, e.line) for e in node.examples] == [
        ("For example", 396), ("For example", 400), ("For example", 404)]
    assert node.examples[0].text.startswith(
        "Player 1 plays the card Rin's Fury. First she pays 3  to play the card, then places it")


def test_ashes_4_2_3_parent_chain_follows_numbering():
    assert NODES["4.2.3"].parent == "4.2.0"
    assert NODES["4.2.0"].parent == "4.0.0"
    assert NODES["4.0.0"].parent is None


def test_ashes_1_0_0_card_errata_section_text():
    node = NODES["1.0.0"]
    assert node.title == "Card Errata"
    assert node.text == (
        "These errata replace text printed on physical cards.\n"
        'Wherever a card uses the phrase "inflict X damage" (where X is a literal X or any '
        'number), that card now says "deal X damage". Wherever a card uses the phrase "inflicts '
        'its damage" that card now says "deals its damage".')


def test_ashes_4_1_4_page_break_rejoined():
    second = NODES["4.1.4"].text.split("\n")[1]
    assert second.startswith("When one of these abilities or effects instructs you to place")
    assert second.endswith(
        "It still has a name, card type, placement, and play cost; you may not, however, "
        "use a face down card placed under another card unless instructed to do so by "
        "another ability or effect.")
    assert len(NODES["4.1.4"].text.split("\n")) == 4
    assert NODES["4.1.4"].refs == (RawRef(
        "5.1.0", "(see [5.1.0 Destroying and Discarding Cards](#))", 340),)


def test_ashes_5_1_1_destroyed_phoenixborn_rejoined_and_target_moved_out():
    node = NODES["5.1.1"]
    assert node.text == (
        "When a player's Phoenixborn is destroyed, immediately remove from the game all cards in "
        "that player's draw pile, discard pile, conjuration pile, and hand. Also remove all dice "
        "in that player's exhausted and active dice pools. Any cards or dice that player owns but "
        "is not in control of remain in the game. These cards are removed from the game when "
        "they would be returned to the control of their owner or when they would leave play. "
        "These dice are removed from the game when they would be put in their owner's active or "
        "exhausted dice pool.")
    assert node.end_line == 541


def test_ashes_4_1_0_numbered_list_lines_without_markup():
    assert NODES["4.1.0"].text.split("\n")[:4] == [
        "To play a card:",
        "1. Reveal the card",
        "2. Pay the cost (see 4.4.0 Paying Costs)",
        "a. Resolve any effects that trigger on placing dice in your exhausted pool now.",
    ]


def test_ashes_3_3_0_meditation_bullets_and_bold_removed():
    assert NODES["3.3.0"].text.split("\n")[1:3] == [
        "Step 1: Discard one card at a time until you choose to stop from your draw pile, your "
        "hand, or a ready spell from your spellboard.",
        "Step 1b: Effects that trigger as a result of discarding one or more cards may be "
        "activated now.",
    ]


def test_ashes_3_2_0_note_paragraph_is_an_example():
    node = NODES["3.2.0"]
    (note,) = node.examples
    assert (note.label, note.line) == ("Note", 254)
    assert note.text == ("units with an attack value of 0 are eligible for declaring an attack, "
                         "though they will deal no damage.")
    assert "Note" not in node.text


def test_ashes_3_4_0_example_italics_removed():
    (example,) = NODES["3.4.0"].examples
    assert example.text == ("a card with Overkill 2 gains an additional Overkill 2 from an "
                            "Alteration Spell. It now has Overkill 4.")


def test_ashes_4_1_2_inline_bold_note_stays_in_text():
    assert NODES["4.1.2"].text.endswith(
        "(Note: the conjunction limit only affects the number of conjunctions in your conjunction "
        "pile; you may have more copies in play—e.g. by taking control of an opponent's card.)")


def test_ashes_2_2_0_lost_icons_kept_as_printed():
    assert "♦ : Deal 1 damage to a target unit." in NODES["2.2.0"].text.split("\n")


def test_ashes_4_4_2_magic_play_cost():
    node = NODES["4.4.2"]
    assert node.text.startswith("Some card effects reference magic play costs.")
    assert node.examples[0].text.startswith("Hammer Knight costs 1  ♦ 1  ♦ 1  and has a magic")


# --- references ----------------------------------------------------------------------------

def test_ashes_4_3_1_parenthesised_and_bare_section_links():
    assert NODES["4.3.1"].refs == (
        RawRef("4.5.0", "(see [4.5.0 Resolving Effects](#))", 419),
        RawRef("4.3.0", "[4.3.0 Timing for Triggered Effects](#)", 421),
    )
    assert "As noted in 4.3.0 Timing for Triggered Effects, effects" in NODES["4.3.1"].text


def test_ashes_4_2_0_link_to_a_definition():
    assert RawRef("Core framework event", "(see [Core framework event](#))", 366) in \
        NODES["4.2.0"].refs
    assert "before or after a core framework event (see Core framework event)." in \
        NODES["4.2.0"].text


# --- errata --------------------------------------------------------------------------------

def test_ashes_errata_golden_veil_keyed_by_card_name_numbered_as_printed():
    node = NODES["Golden Veil"]
    assert (node.kind, node.number, node.title, node.parent, node.aliases, node.line) == (
        NodeKind.ERRATA, "1.1.2", "Golden Veil", "1.1.0", ("1.1.2",), 111)
    assert node.text == (
        'Golden Veil now reads "You may play this spell when an opponent uses a spell, ability, '
        'or dice power that would target a unit you control. Cancel all remaining effects of '
        'that spell, ability, or dice power." (See 4.2.3 Canceling Effects)')
    assert node.refs == (RawRef("4.2.3", "(See [4.2.3 Canceling Effects](#))", 113),)


def test_ashes_errata_enchanted_violinist_bullets_and_icon_gaps():
    node = NODES["Enchanted Violinist"]
    assert node.text == (
        "Cost changed to  and 1 .\n"
        'Ability changed to "Song of Sorrow: After an opponent discards 1 or more cards from '
        'their draw pile, you may spend 1  to place 1 wound token on a target unit."')
    assert NODES[node.parent].parent == "1.0.0"


def test_ashes_errata_set_headings_are_sections():
    assert NODES["1.5.0"].kind is NodeKind.SECTION
    assert NODES["1.5.0"].title == "The Spirits of Memoria"
    assert [n.key for n in DOC.nodes if n.parent == "1.5.0"] == ["Angelic Rescue",
                                                                  "Veil of Reversal"]


# --- glossary ------------------------------------------------------------------------------

def test_ashes_glossary_target_printed_above_heading_belongs_to_definitions():
    node = NODES["Target"]
    assert (node.kind, node.number, node.title, node.parent, node.line) == (
        NodeKind.GLOSSARY, "Target", "Target", "6.0.0", 543)
    assert node.text == (
        "a term that is used to identify that the effect of a spell, ability, or dice power is "
        "directly affecting something. A game element is only targeted if an effect explicitly "
        'includes the word "target".')


def test_ashes_glossary_core_framework_event_keeps_bullet_lines():
    node = NODES["Core framework event"]
    assert node.parent == "6.0.0" and (node.line, node.end_line) == (555, 560)
    assert node.text.split("\n") == [
        "any top-level bulleted or numbered game step in the core rulebook:",
        "Prepare Phase: Roll Dice; Discard Cards; Draw Cards",
        "Player Turns Phase: Pay a  cost; Attack a Phoenixborn; Attack a Unit; Pass; Pay a  "
        "cost; Meditate; Activate Dice Power Ability",
        "Attack actions: Declare Attackers; Choose Target; Declare Blockers or Declare a Guard; "
        "Resolve Damage",
        "Recovery Phase: Recover; Remove Exhaustion; Exhaust Dice; Pass First Player Token",
    ]


def test_ashes_glossary_ability_bold_removed():
    assert NODES["Ability"].text == (
        "an effect (or group of effects) on a unit or Phoenixborn that is prefaced with an "
        'ability name in bold followed by a colon (e.g. "Unit Guard: this unit may guard a unit '
        'that is being attacked.").')


# --- errors and robustness -----------------------------------------------------------------

@pytest.mark.parametrize("text", ["", "\n \n", "random words\nwithout any heading\n",
                                  "UFS Living Game Rules\nA. General Rules\n    A.1.1 Text.\n"])
def test_ashes_rejects_text_without_headings(text):
    with pytest.raises(RulebookFormatError) as info:
        import_text(text, MANIFEST, "x.txt")
    err = info.value
    assert err.path == "x.txt" and err.line >= 1 and err.line_text is not None
    assert "not an Ashes Raven Rules file" in err.message
    assert err.render().startswith(f"x.txt:{err.line}")


def test_ashes_rejects_file_truncated_after_table_of_contents():
    text = "\n".join(SOURCE_LINES[:97])
    with pytest.raises(RulebookFormatError) as info:
        import_text(text, MANIFEST, PATH)
    assert "truncated before the first rule" in info.value.message
    assert info.value.line == 96


def test_ashes_heading_without_title_points_after_the_number():
    text = "1.0.0 Card Errata\n\nText.\n\n4.2.3\n"
    with pytest.raises(RulebookFormatError) as info:
        import_text(text, MANIFEST, "t.txt")
    err = info.value
    assert (err.line, err.column, err.line_text) == (5, 6, "4.2.3")
    assert "4.2.3 has no title" in err.message


def test_ashes_repeated_heading_gets_tilde_key_and_is_reported():
    text = "4.0.0 Playing\n\nA.\n\n4.2.3 Canceling\n\nOne.\n\n4.2.3 Canceling\n\nTwo.\n"
    doc = import_text(text, MANIFEST, "t.txt")
    assert [n.key for n in doc.nodes] == ["4.0.0", "4.2.3", "4.2.3~2"]
    assert doc.nodes[2].number == "4.2.3" and doc.nodes[2].text == "Two."
    assert doc.duplicates == (("4.2.3", 9),)
    assert doc.nodes[1].parent == doc.nodes[2].parent == "4.0.0"


_VOCAB = ["", "1.0.0 Card Errata", "1.1.1 Some Card", "1.1.1", "6.0.0 Additional Definitions",
          "Target: a term", "- bullet [4.2.3 X](#)", "For example: x", "Note:", "lower case",
          "4.2.3 Canceling Effects\t9", "(see [Core framework event](#))", "**bold*", "\t\t",
          "Term: y", "9.9.9 Z", " - a. sub"]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(st.text(), st.lists(st.sampled_from(_VOCAB) | st.text(max_size=20))
                 .map("\n".join)))
def test_ashes_random_text_imports_or_raises_format_error(text):
    check_import(import_text, text, MANIFEST, "fuzz.txt", parents_first=False)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_ashes_mutated_source_imports_or_raises_format_error(data):
    check_import(import_text, mutated(data, SOURCE_LINES), MANIFEST, PATH,
                 parents_first=False)
