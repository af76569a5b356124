"""The WoW TCG Comprehensive Rules importer against the bundled rulebook/wow/wow-cr-7.4.txt.

Expected texts below were checked by hand against the source lines they name (markdown
emphasis and list bullets removed, nothing else changed).
"""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from judge.errors import RulebookFormatError
from judge.rules.importers import get_importer
from judge.rules.importers.wow import import_text
from judge.rules.model import Manifest, NodeKind, RawRef
from tests.rules._fuzz import check_import

ROOT = Path(__file__).resolve().parents[2]
SOURCE = ROOT / "rulebook" / "wow" / "wow-cr-7.4.txt"
PATH = "rulebook/wow/wow-cr-7.4.txt"
MANIFEST = Manifest(**tomllib.loads((ROOT / "rulebook" / "wow" / "wow-7.4.toml").read_text()))
TEXT = SOURCE.read_text(encoding="utf-8")
DOC = import_text(TEXT, MANIFEST, PATH)
NODES = {node.key: node for node in DOC.nodes}
LINES = TEXT.split("\n")


# --------------------------------------------------------------------------- independent counts


def _is_rule_number(token: str) -> bool:
    """``717.2a``-style: three digits, a dot, digits, at most one lower-case letter."""
    head, dot, tail = token.partition(".")
    digits = tail.rstrip("abcdefghijklmnopqrstuvwxyz")
    return (dot == "." and len(head) == 3 and head.isdigit() and digits.isdigit()
            and len(tail) - len(digits) <= 1)


def _independent_counts(text: str) -> tuple[int, int, int]:
    """(chapters, numbered rules and sections, glossary entries), counted without the
    importer's regexes.

    Counting rule: take each line's first word after removing leading ``#``, ``*``, ``-`` and
    spaces. A line starting with ``#`` whose first word is one or two digits and a dot
    (``1.``, ``10.``) is a chapter; one starting with ``#`` whose first word is three digits
    and a dot (``100.``) is a section; any line whose first word is a rule number
    (``100.1``, ``717.2a``) is a numbered rule (headed or not, bulleted or not). The table of
    contents never matches (its lines start with ``<b>`` or name ``100.`` without ``#``).
    Glossary entries: after the ``Glossary`` heading, lines starting with exactly two ``*``
    that contain ``:**``, except the ``**Example:**`` labels.
    """
    chapters = rules = glossary = 0
    in_glossary = False
    for line in text.split("\n"):
        words = line.lstrip("#*- \t").split()
        if not words:
            continue
        first = words[0].rstrip("*")
        heading = line.startswith("#")
        if heading and first.endswith(".") and first[:-1].isdigit():
            if len(first) <= 3:
                chapters += 1
                in_glossary = "Glossary" in line
            elif len(first) == 4:
                rules += 1
        elif _is_rule_number(first):
            rules += 1
        elif (in_glossary and line.startswith("**") and not line.startswith("***")
              and ":**" in line and not line.startswith("**Example")):
            glossary += 1
    return chapters, rules, glossary


def test_wow_node_count_equals_independent_count_of_numbered_rules():
    chapters, rules, glossary = _independent_counts(TEXT)
    kinds = [node.kind for node in DOC.nodes]
    chapter_nodes = [n for n in DOC.nodes if n.parent is None]
    numbered = [n for n in DOC.nodes if n.kind is not NodeKind.GLOSSARY and n.parent is not None]
    assert (chapters, rules, glossary) == (10, 508, 225)
    assert len(chapter_nodes) == chapters
    assert len(numbered) == rules
    assert kinds.count(NodeKind.GLOSSARY) == glossary
    assert len(DOC.nodes) == chapters + rules + glossary
    assert DOC.duplicates == ()


def test_wow_keys_are_unique_and_parents_come_first():
    seen: set[str] = set()
    for node in DOC.nodes:
        assert node.key not in seen
        assert node.parent is None or node.parent in seen, node.key
        assert node.line <= node.end_line
        seen.add(node.key)


def test_wow_importer_is_registered():
    assert get_importer("wow") is import_text


# --------------------------------------------------------------------------- chapters, sections


def test_wow_chapters_are_keyed_by_their_number_without_the_dot():
    chapters = [(n.key, n.title) for n in DOC.nodes if n.parent is None]
    assert chapters == [
        ("1", "Fundamentals"), ("2", "Card parts"), ("3", "Card types"),
        ("4", "Game concepts"), ("5", "Turn sequence"), ("6", "Combat"),
        ("7", "Powers, links, and modifiers"), ("8", "Additional concepts"),
        ("9", "Credits"), ("10", "Glossary")]
    assert all(NODES[key].kind is NodeKind.SECTION for key, _ in chapters)


def test_wow_101_section_heading_with_emphasis_has_a_clean_title():
    node = NODES["101"]  # "## **101. Starting a game**"
    assert (node.kind, node.title, node.parent, node.line) == (
        NodeKind.SECTION, "Starting a game", "1", 87)


def test_wow_400_7_headed_rule_is_a_section_with_title():
    node = NODES["400.7"]  # "#### 400.7 **Moving attachments**"
    assert (node.kind, node.title, node.parent) == (NodeKind.SECTION, "Moving attachments", "400")
    assert NODES["400.7a"].parent == "400.7"


def test_wow_717_2a_parent_chain_goes_up_to_the_chapter():
    assert NODES["717.2a"].parent == "717.2"
    assert NODES["717.2"].parent == "717"
    assert NODES["717"].parent == "7"
    assert NODES["7"].parent is None


def test_wow_credits_chapter_keeps_its_text():
    assert NODES["9"].text.startswith("World of Warcraft® TCG Rules Team: Matt Dunn (lead)")


# --------------------------------------------------------------------------- rule texts


@pytest.mark.parametrize(("key", "line", "text"), [
    ("100.1", 53, "Each deck is built around a hero. The minimum deck size for Constructed play "
                  "is 60 cards. The minimum deck size for Limited play is 30 cards. There is no "
                  "maximum deck size. Decks can't include heroes unless they are Master Heroes."),
    ("102.1a", 96, "A player immediately loses the game if his hero is destroyed, or he becomes "
                   "decked (410.6b). If all remaining players lose the game simultaneously, the "
                   "game is a draw."),
    ("200.2", 134, 'If text refers to a card "named [name]," it\'s referring to any card with '
                   "that name. This is an exception to 200.1."),
    ("201.4", 151, "A token's cost is always zero."),
    ("410.5", 721, "Any time a player would get priority, pre-priority processing (PPP) takes "
                   "place first. This first involves a series of pre-priority checks (410.6). "
                   "Next, any waiting triggered effects (708) are added to the chain, and then "
                   "that player gets priority."),
    ("410.6b", 740, "All players who have been required to draw a card from an empty deck "
                    "become decked (102.1a)."),
    ("501.2b", 985, "The first player skips the draw step of the first turn, so he doesn't "
                    "draw a card."),
    ("602.2a", 1069, "While an attacker has Stealth, characters can't protect."),
    ("603.1a", 1099, "If the attacker has Long-Range, defenders can’t deal combat damage. This "
                     "is an exception to 603.1."),
    ("718.2b", 1702, "An attachment in play is the time it last attached."),
    ("803.5", 1815, "If a loop involves neither optional actions nor triggered effects, and no "
                    "player is able and willing to break it, the game is a draw."),
])
def test_wow_rule_text_is_the_source_words(key, line, text):
    node = NODES[key]
    assert (node.kind, node.title, node.line, node.text) == (NodeKind.RULE, None, line, text)


def test_wow_303_2a_page_break_wrap_is_rejoined():
    # source lines 318 "... A weapon" and 320 "stops being associated ..." (blank line between)
    node = NODES["303.2a"]
    assert "for the duration of the combat step. A weapon stops being associated with a " \
           "wielder as it becomes a different card (415.9a)," in node.text
    assert (node.line, node.end_line) == (318, 320)


def test_wow_303_2b_list_items_are_lines_without_bullets():
    assert NODES["303.2b"].text.split("\n") == [
        "While a weapon remains associated with a wielder, a strike modifier gives that wielder "
        "the following:",
        "+X ATK, where X is the ATK of that weapon.",
        "The damage type (205) of that weapon (in addition to any other damage types it has).",
        "Absorb, Conspicuous, Long-Range, Smash, and/or Stealth while that weapon has any of "
        "those keyword powers.",
        "A strike modifier always uses information from the current game state."]


def test_wow_no_layout_noise_left_in_texts():
    for node in DOC.nodes:
        for text in (node.text, *(e.text for e in node.examples)):
            assert "*" not in text and "<b>" not in text and "  " not in text, node.key
            assert not any(line.startswith("- ") for line in text.split("\n")), node.key


# --------------------------------------------------------------------------- examples


def test_wow_103_4_example_keeps_the_quoted_card_text():
    (example,) = NODES["103.4"].examples
    assert (example.label, example.line) == ("Example", 108)
    assert example.text.split("\n") == [
        "You control Valthak Spiritdrinker and a hero with fatal damage. An opponent attacks "
        "Valthak with his hero, and both deal fatal combat damage to each other. The first wave "
        "of pre-priority checks (410.6) destroys Valthak and the opposing hero, but doesn't "
        "destroy your hero because Valthak's modifier says that can't happen. As a result, that "
        "opponent loses the game before you. If there are any other players remaining in the "
        "game, your hero is destroyed in the next wave of checks.",
        "Valthak Spiritdrinker, 4, Horde, Ally—Undead Warlock, 3 [Shadow] / 4 Health",
        "Your hero can't be destroyed."]
    assert "Valthak" not in NODES["103.4"].text


def test_wow_305_3a_examples_label_is_kept():
    (example,) = NODES["305.3a"].examples  # "***Examples:** Your opponent controls ..."
    assert example.label == "Examples"
    assert "Vanquish, 4, Ability\nDestroy target ally." in example.text


def test_wow_408_3d_list_item_after_examples_returns_to_the_rule_body():
    node = NODES["408.3d"]
    assert [e.line for e in node.examples] == [680, 686, 696]
    assert node.text.endswith("A packet created outside of combat conclusion is dealt or healed "
                              "with a card if that card was the source of the modifier that "
                              "created it.")
    assert node.end_line == 696


def test_wow_405_4_example_continues_over_a_paragraph_break():
    second = NODES["405.4"].examples[1]  # lines 560-566: example, continuation, card
    assert second.line == 560
    lines = second.text.split("\n")
    assert lines[0] == "When Vexra is destroyed, you target a hero as her triggered effect is " \
                       "added to the chain."
    assert lines[1].startswith("As it resolves, count the number of cards")
    assert lines[-1] == "When this ally is destroyed, she deals 1 arcane damage to target hero " \
                        "for each card in its controller's hand."


def test_wow_every_example_line_falls_inside_its_node():
    examples = 0
    for node in DOC.nodes:
        for example in node.examples:
            examples += 1
            assert node.line < example.line <= node.end_line
            assert example.text
    # independent count: lines whose text after leading "*" starts with "Example"
    assert examples == sum(1 for line in LINES if line.lstrip("*").startswith("Example"))


# --------------------------------------------------------------------------- references


def test_wow_102_3_cites_410_5_in_parentheses():
    assert RawRef("410.5", "(410.5)", 99) in NODES["102.3"].refs


def test_wow_718_2a_but_see_reference():
    assert NODES["718.2a"].refs == (RawRef("718.2b", "(but see 718.2b)", 1701),)


def test_wow_reference_lists_and_ranges():
    assert [r.target for r in NODES["717.1"].refs if r.raw == "(717.7, 717.8)"] == [
        "717.7", "717.8"]
    assert [r.target for r in NODES["710.1e"].refs if r.raw == "710.1a-710.1d"] == [
        "710.1a", "710.1b", "710.1c", "710.1d"]


def test_wow_bare_references_in_running_text():
    assert RawRef("401.3b", "401.3b", 98) in NODES["102.2"].refs          # "follow 401.3b"
    assert [r.target for r in NODES["802.1"].refs] == ["708", "718"]      # "see 708", "see 718"


def test_wow_card_costs_are_not_references():
    # "(4) >>> Flip Baxxel face down." and "Pet (1)" in 100.2c's example
    assert NODES["100.2c"].refs == ()


def test_wow_every_rule_reference_resolves():
    numbered = {n.key for n in DOC.nodes if n.kind is not NodeKind.GLOSSARY}
    terms = {n.key for n in DOC.nodes if n.kind is NodeKind.GLOSSARY}
    refs = [r for n in DOC.nodes for r in n.refs]
    assert len(refs) > 400
    unresolved = [r for r in refs if r.target not in numbered and r.target not in terms]
    assert unresolved == []
    for ref in refs:  # each reference is printed on its line (ranges: both ends)
        assert ref.raw in _clean_line(LINES[ref.line - 1])
        assert ref.target in ref.raw or "-" in ref.raw


def _clean_line(line: str) -> str:
    return line.replace("*", "")


# --------------------------------------------------------------------------- glossary


def test_wow_glossary_entry_activate():
    node = NODES["Activate"]  # line 1839 "**Activate (701.3):** An activated power ..."
    assert (node.kind, node.number, node.title, node.parent, node.line, node.end_line) == (
        NodeKind.GLOSSARY, "Activate", "Activate", "10", 1839, 1841)
    assert node.refs[0] == RawRef("701.3", "(701.3)", 1839)
    # the entry wraps over a page break: "... since the start of its" / "controller's most ..."
    assert "since the start of its controller's most recent turn. Only allies have this " \
           "restriction." in node.text


def test_wow_glossary_terms_keep_words_in_their_parenthesis():
    assert NODES["Play (Noun)"].refs[0] == RawRef("415.8", "(Noun, 415.8)", 2166)
    assert NODES["Play (Verb)"].refs[0].target == "409"
    assert NODES["Smash (Verb)"].refs == ()
    assert "Smash" in NODES


def test_wow_glossary_see_pointers_become_references():
    assert [r.target for r in NODES["Window"].refs] == [
        "Attack Window", "Defend Window", "Priority Window"]
    assert [r.target for r in NODES["1H"].refs] == ["One-Handed"]
    assert [r.target for r in NODES["Card Type"].refs] == ["Type, Card"]


def test_wow_glossary_aliases():
    assert NODES["PPP, Pre-Priority Processing"].aliases == ("PPP", "Pre-Priority Processing")
    assert "Can't" in NODES["Can’t"].aliases
    assert "Attackers" in NODES["Attacker"].aliases
    assert "Triggered Powers" in NODES["Triggered Power"].aliases
    assert "Magical Damage Type" in NODES["Damage Type, Magical"].aliases
    # an alias never shadows a key or is shared by two entries
    keys = {n.key.casefold() for n in DOC.nodes}
    aliases = [a.casefold() for n in DOC.nodes for a in n.aliases]
    assert not keys & set(aliases)
    assert len(aliases) == len(set(aliases))


def test_wow_glossary_example_attaches_to_its_entry():
    (example,) = NODES["Unless"].examples
    assert example.line == 2322
    assert example.text.endswith("exhaust attached character unless its controller pays (3).")


# --------------------------------------------------------------------------- table of contents


def test_wow_toc_records_chapters_and_sections_with_lines():
    assert DOC.toc[:4] == (("1", 9), ("5", 9), ("100", 10), ("500", 10))
    assert ("10", 46) in DOC.toc and ("415", 47) in DOC.toc
    assert len(DOC.toc) == 77
    assert {number for number, _ in DOC.toc} <= set(NODES)


def test_wow_contents_lines_make_no_nodes():
    assert all(node.line >= 49 for node in DOC.nodes)


# --------------------------------------------------------------------------- damaged files


def test_wow_duplicated_rule_gets_a_suffixed_key_and_is_reported():
    lines = LINES[:]
    lines.insert(54, LINES[52])  # 100.1 printed twice
    doc = import_text("\n".join(lines), MANIFEST, PATH)
    keys = [n.key for n in doc.nodes]
    assert "100.1" in keys and "100.1~2" in keys
    assert doc.duplicates == (("100.1", 55),)


def test_wow_missing_parents_attach_to_nearest_ancestor():
    lines = [line if i not in (51, 55) else "" for i, line in enumerate(LINES, start=1)]
    doc = import_text("\n".join(lines), MANIFEST, PATH)  # no "## 100. ..." and no 100.2
    nodes = {n.key: n for n in doc.nodes}
    assert "100" not in nodes and "100.2" not in nodes
    assert nodes["100.1"].parent == "1"
    assert nodes["100.2a"].parent == "1"


@pytest.mark.parametrize("text", ["", "   \n\n\t\n"])
def test_wow_empty_file_is_a_format_error(text):
    with pytest.raises(RulebookFormatError) as info:
        import_text(text, MANIFEST, PATH)
    assert info.value.path == PATH and info.value.line == 1


def test_wow_prose_is_a_format_error():
    with pytest.raises(RulebookFormatError) as info:
        import_text("Dear diary,\n\ntoday I played a card game.\n", MANIFEST, "diary.txt")
    err = info.value
    assert (err.path, err.line, err.line_text) == ("diary.txt", 3, "today I played a card game.")
    assert err.render().startswith("diary.txt:3:1: error: no numbered rule found")


def test_wow_file_truncated_before_the_first_rule_is_a_format_error():
    text = "\n".join(LINES[:52])  # ends with "## 100. Building a deck" and a blank line
    with pytest.raises(RulebookFormatError) as info:
        import_text(text, MANIFEST, PATH)
    assert info.value.line == 51
    assert info.value.line_text == "## 100. Building a deck"


def test_wow_rule_before_any_heading_is_a_format_error():
    with pytest.raises(RulebookFormatError) as info:
        import_text("Title\n\n100.1 Each deck is built around a hero.\n", MANIFEST, "x.txt")
    assert (info.value.line, info.value.column) == (3, 1)
    assert "100.1" in info.value.message


def test_wow_other_games_rules_are_a_format_error():
    fab = (ROOT / "rulebook" / "fab" / "fab-cr-1.4.txt").read_text(encoding="utf-8")
    with pytest.raises(RulebookFormatError):
        import_text(fab, MANIFEST, "rulebook/fab/fab-cr-1.4.txt")


def _check(text: str) -> None:
    """Either a clean document or a RulebookFormatError -- never any other exception."""
    check_import(import_text, text, MANIFEST, PATH)


FUZZ = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@FUZZ
@given(st.text(max_size=2000))
def test_wow_fuzz_random_text_only_format_errors(text):
    _check(text)


@FUZZ
@given(st.lists(st.sampled_from(LINES[:400] + ["# 1. X", "## 100. Y", "100.1 z", "**T:** d",
                                               "## 10. Glossary", "***Example:** e", "- ", "(",
                                               "100.1a-100.1c", "(101.2-101.1)"]),
                max_size=60))
def test_wow_fuzz_shuffled_source_lines_only_format_errors(lines):
    _check("\n".join(lines))


@FUZZ
@given(st.integers(min_value=0, max_value=len(TEXT)))
def test_wow_fuzz_truncated_file_only_format_errors(cut):
    _check(TEXT[:cut])


@FUZZ
@given(st.lists(st.tuples(st.sampled_from(["delete", "duplicate"]),
                          st.integers(min_value=0, max_value=len(LINES) - 1)),
                min_size=1, max_size=25))
def test_wow_fuzz_deleted_and_duplicated_lines_only_format_errors(edits):
    lines = LINES[:]
    for action, index in edits:
        index %= len(lines)
        if action == "delete":
            del lines[index]
        else:
            lines.insert(index, lines[index])
        if not lines:
            break
    _check("\n".join(lines))


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="ab *<>/i\t$", max_size=40))
def test_line_cleaning_without_a_tag_drops_the_asterisks_as_the_noise_pattern_does(text):
    from judge.rules.importers import wow
    if "<" not in text:
        assert text.replace("*", "") == wow._NOISE.sub("", text)
