"""Installed card databases (issue 16): reading the four formats, installing safely, naming the
cards in scenarios, and what a ruling says about the text it used. Every database here is of
our own writing (tests/carddb/helpers.py); the shared corpora are in test_corpora.py."""

from __future__ import annotations

import json
import os

import pytest
from click.testing import CliRunner

from judge.carddb import formats, install, names, show, store
from judge.cli import main as cli_main
from judge.errors import JudgeError, UsageError
from judge.games.run import run_scenario
from judge.render import render
from judge.scenario.errors import ScenarioError
from judge.scenario.parser import parse
from tests.carddb.helpers import home  # noqa: F401 - a fixture
from tests.carddb.helpers import (ASHES_TEXT, fab_row, fab_tsv, install_small_fab,
                                  installed_state, uvs_json, wow_json, write)


def cli(*args: str):
    return CliRunner().invoke(cli_main, list(args))


HEAD = 'scenario "t"\ngame fab-1.4\n'


# --- reading the formats -------------------------------------------------------------------------

def test_fab_rows_become_printings_with_the_game_value_names(tmp_path):
    src, _ = formats.load([write(tmp_path, "cards.tsv", fab_tsv())])
    printings = formats.read(formats.detect("fab", src), src)
    jab = printings[0]
    assert (jab.name, jab.variant, jab.type_line) == ("Test Jab", "red", "Generic Action - Attack")
    assert jab.stats == (("cost", "0"), ("pitch", "1"), ("power", "3"), ("defense", "2"))
    assert jab.record == "cards.tsv line 2"
    hero = printings[-1]
    assert hero.stats == (("life", "20"), ("intellect", "4"))


def test_each_format_is_detected_and_belongs_to_its_game(tmp_path):
    cases = {"fab": ("cards.tsv", fab_tsv(), "fab-tsv"),
             "wow": ("p.json", wow_json(), "wow-prints"),
             "ufs": ("u.json", uvs_json(), "uvs-json"),
             "ashes": ("a.txt", ASHES_TEXT, "ashes-text")}
    for game, (name, text, fmt) in cases.items():
        src, _ = formats.load([write(tmp_path, name, text)])
        assert formats.detect(game, src).id == fmt
    src, _ = formats.load([write(tmp_path, "p.json", wow_json())])
    with pytest.raises(formats.CardDatabaseError) as err:
        formats.detect("fab", src)
    assert "this is a wow card database" in err.value.message
    assert err.value.suggestion == "--game wow"


def test_uvs_and_ashes_values_are_read(tmp_path):
    src, _ = formats.load([write(tmp_path, "u.json", uvs_json())])
    kick = formats.read(formats.FORMATS["uvs-json"], src)[0]
    assert kick.type_line == "Attack" and kick.text.startswith("Ranged\n\nBlitz:")
    assert dict(kick.stats) == {"difficulty": "3", "control": "4", "speed": "5", "damage": "4",
                                "block modifier": "2", "zone": "high", "block zone": "low",
                                "resources": "fire"}
    src, _ = formats.load([write(tmp_path, "a.txt", ASHES_TEXT)])
    ally, phoenix = formats.read(formats.FORMATS["ashes-text"], src)
    assert ally.type_line == "Ally - Battlefield" and ally.stats == (
        ("attack", "2"), ("life", "1"), ("recover", "1"))
    assert ("cost", "[[main]] - 1 [[basic]]") in ally.extra
    assert phoenix.type_line == "Phoenixborn" and phoenix.record == "a.txt line 10"


def test_wow_expansions_are_dated_by_release():
    assert formats.wow_release("Heroes of Azeroth") == (2006, 2006, 1)
    assert formats.wow_release("Drums of War Starter") == formats.wow_release("Drums of War")
    assert formats.wow_release("Class Starters 2010") == (2010, 2010, None)
    assert formats.wow_release("Onyxia's Lair Raid") is None


def test_type_lines_split_as_a_card_line_does():
    assert names.split_type_line("Warrior Weapon - Sword (2H)") == (
        ("Warrior", "Weapon"), ("Sword", "(2H)"), ())
    assert names.split_type_line("Ally - Orc Warrior - Horde") == (
        ("Ally",), ("Orc", "Warrior"), (("Horde",),))
    assert names.key("  SNATCH\u2019s  Hood ") == "snatch's hood"


# --- bad input: a clear error, and the installed databases untouched -----------------------------

BAD = {
    "truncated JSON": ("wow", "p.json", lambda: wow_json()[:-300],
                       ["cut short", "record"]),
    "truncated UniVersus JSON": ("ufs", "u.json", lambda: uvs_json()[:200], ["cut short"]),
    "TSV with a missing column": ("fab", "cards.tsv",
                                  lambda: fab_tsv().replace("\tFunctional Text", "\tText", 1),
                                  ["missing column 'Functional Text'"]),
    "TSV row with a field missing": ("fab", "cards.tsv",
                                     lambda: fab_tsv().replace("\tGeneric Equipment",
                                                               "Generic Equipment", 1),
                                     ["row 4 has 24 fields, the header 25"]),
    "binary file": ("fab", "cards.tsv", lambda: b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR",
                    ["binary data"]),
    "empty file": ("wow", "p.json", lambda: b"", ["the file is empty"]),
    "not UTF-8": ("ashes", "a.txt", lambda: "Caf\u00e9\nAlly - Battlefield\n".encode("latin-1"),
                  ["not UTF-8"]),
    "a value that is not a card value": ("fab", "cards.tsv",
                                         lambda: fab_tsv([fab_row("A", "", "", "lots", "", "",
                                                                  "Generic Action", "")]),
                                         ["Cost 'lots' is not a card value"]),
    "a JSON card without a name": ("wow", "p.json",
                                   lambda: json.dumps([{"card_print_text_front": "x"}]),
                                   ["record 1: the card has no name"]),
    "a JSON list of numbers": ("ufs", "u.json", lambda: "[1, 2]",
                               ["not a card database judge reads"]),
}


@pytest.mark.parametrize("case", sorted(BAD))
def test_bad_input_is_a_clear_error_and_changes_nothing(home, tmp_path, case):
    install_small_fab(tmp_path / "good")
    before = installed_state(home)
    game, name, content, words = BAD[case]
    path = write(tmp_path / "bad", name, content())
    res = cli("cards", "add", str(path), "--game", game, "--name", "test-cards", "--replace")
    assert res.exit_code == 2, res.output
    assert "Traceback" not in res.output and "internal error" not in res.output
    assert res.output.startswith(f"{path}"), res.output
    for w in words:
        assert w in res.output, res.output
    assert installed_state(home) == before
    assert [r["name"] for r in install.listing()] == ["test-cards"]


def test_a_truncated_json_error_points_at_the_end(home, tmp_path):
    path = write(tmp_path, "p.json", wow_json()[:-300])
    with pytest.raises(JudgeError) as err:
        install.add(path, game="wow")
    e = err.value
    lines = wow_json()[:-300].rstrip().splitlines()
    assert e.line == len(lines) and e.column == len(lines[-1]) + 1    # the caret after the end
    assert "after 4 complete records" in e.message


def test_a_broken_json_record_is_reported_at_its_line(home, tmp_path):
    text = wow_json().replace('"Test Heal"', '"Test Heal",,', 1)
    with pytest.raises(JudgeError) as err:
        install.add(write(tmp_path, "p.json", text), game="wow")
    line = next(i for i, ln in enumerate(text.splitlines(), 1) if ",," in ln)
    assert err.value.line == line and "not valid JSON" in err.value.message
    assert "^" in err.value.render()


def test_a_text_over_the_card_text_limit_is_refused(home, tmp_path, monkeypatch):
    monkeypatch.setenv("JUDGE_LIMIT_CARD_TEXT_CHARS", "10")
    with pytest.raises(JudgeError) as err:
        install.add(write(tmp_path, "cards.tsv", fab_tsv()), game="fab")
    assert "card_text_chars" in err.value.message and err.value.line == 2


def test_a_folder_of_another_kind_of_files_is_refused(home, tmp_path):
    write(tmp_path / "mixed", "a.txt", ASHES_TEXT)
    write(tmp_path / "mixed", "b.json", uvs_json())
    with pytest.raises(JudgeError, match="more than one kind"):
        install.add(tmp_path / "mixed", game="ufs")
    with pytest.raises(JudgeError, match="no such file"):
        install.add(tmp_path / "nothing-here", game="ufs")


# --- installing ----------------------------------------------------------------------------------

def test_add_is_atomic_idempotent_and_replace_is_explicit(home, tmp_path):
    path = write(tmp_path, "cards.tsv", fab_tsv())
    res = cli("cards", "add", str(path), "--game", "fab")
    assert res.exit_code == 0 and "added fab-cards (fab-tsv, 7 cards" in res.output
    state = installed_state(home)
    assert list(state) == ["fab/fab-cards.sqlite"]          # no temporary file left
    again = cli("cards", "add", str(path), "--game", "fab")
    assert again.exit_code == 0 and "nothing changed" in again.output
    assert installed_state(home) == state                    # not even rewritten
    other = write(tmp_path / "v2", "cards.tsv", fab_tsv(FAB_ROWS_V2))
    refused = cli("cards", "add", str(other), "--game", "fab")
    assert refused.exit_code == 2 and "--replace" in refused.output
    assert installed_state(home) == state
    assert cli("cards", "add", str(other), "--game", "fab", "--replace").exit_code == 0
    assert store.find("fab", "Test Jab")[0].stats[2] == ("power", "5")


FAB_ROWS_V2 = [fab_row("Test Jab", "Red", "1", "0", "5", "2", "Generic Action - Attack", "")]


def test_names_are_unique_across_games(home, tmp_path):
    install.add(write(tmp_path, "cards.tsv", fab_tsv()), game="fab", name="mine")
    with pytest.raises(UsageError, match="installed fab card database"):
        install.add(write(tmp_path, "p.json", wow_json()), game="wow", name="mine")
    with pytest.raises(UsageError, match="cannot name a card database"):
        install.add(write(tmp_path, "p.json", wow_json()), game="wow", name="../x")
    with pytest.raises(UsageError, match="is a ufs format"):
        install.add(write(tmp_path, "p.json", wow_json()), game="wow", fmt="uvs-json")


def test_list_and_remove(home, tmp_path):
    install_small_fab(tmp_path)
    install.add(write(tmp_path, "p.json", wow_json()), game="wow")
    out = cli("cards", "list").output
    assert "test-cards" in out and "wow-p" in out and "wow-prints" in out
    rows = json.loads(cli("cards", "list", "--json").output)
    assert {r["name"]: r["cards"] for r in rows} == {"test-cards": 7, "wow-p": 6}
    res = cli("cards", "remove", "wow-p")
    assert res.exit_code == 0 and "removed wow-p (wow)" in res.output
    res = cli("cards", "remove", "wow-q")
    assert res.exit_code == 2 and "no card database 'wow-q'" in res.output
    assert [r["name"] for r in install.listing()] == ["test-cards"]


def test_a_broken_database_file_is_listed_skipped_and_removable(home, tmp_path):
    install_small_fab(tmp_path)
    write(home / "cards" / "fab", "junk.sqlite", "not a database at all")
    rows = {r["name"]: r for r in install.listing()}
    assert "problem" in rows["junk"] and "test-cards" in rows
    assert store.find("fab", "Test Hood")                   # the good one still answers
    assert "BROKEN" in cli("cards", "list").output
    assert cli("cards", "remove", "junk").exit_code == 0
    assert [r["name"] for r in install.listing()] == ["test-cards"]


def test_what_a_killed_add_left_is_removed_by_the_next(home, tmp_path):
    install_small_fab(tmp_path)
    leftover = home / "cards" / "fab" / ".test-cards.sqlite.4242.part"
    leftover.write_bytes(b"half")
    install.add(write(tmp_path, "p.json", wow_json()), game="wow")
    assert not leftover.exists()


def test_adds_and_removes_take_the_card_database_lock(home):
    """The lock itself (judge.datalock) is tested with judge rulebook's; here, that the card
    databases have one of their own, beside the installed data."""
    lock = install.lock()
    assert lock.filename == ".cards.lock" and lock.cleanup is install.clean_leftovers
    with lock:
        assert (home / ".cards.lock").exists()


def test_nothing_is_written_inside_the_package(home, tmp_path):
    from judge import paths
    row = install_small_fab(tmp_path)
    assert not row["path"].startswith(str(paths.ROOT))


# --- judge card GAME NAME ------------------------------------------------------------------------

def test_judge_card_shows_the_printings_their_parse_and_rules(home, tmp_path):
    install_small_fab(tmp_path)
    res = cli("card", "fab", "test hood")
    assert res.exit_code == 0
    out = res.output
    assert out.startswith("Test Hood: 1 printing in card database test-cards")
    assert "Generic Equipment - Head" in out and "defense 0" in out
    assert "**Arcane Barrier 1**" in out and "fab card text (fully parsed)" in out
    assert "Rules cited\n  fab-1.4 Arcane Barrier N" in out
    jab = cli("card", "fab", "Test Jab").output
    assert 'In a scenario: "Test Jab" (red), "Test Jab" (yellow), "Test Jab" (blue)' in jab
    assert "Text (the same on these 3)" in jab
    data = json.loads(cli("card", "fab", "Test Jab (2)", "--json").output)
    assert [p["variant"] for p in data["printings"]] == ["yellow"]
    assert data["printings"][0]["parse"]["type"] == "CardText"


def test_judge_card_text_keeps_working_and_near_names_are_said(home, tmp_path):
    install_small_fab(tmp_path)
    res = CliRunner().invoke(cli_main, ["card", "fab", "Test Jb"])
    assert res.exit_code == 0 and "fab card text" in res.stdout
    assert 'nearest: "Test Jab"' in res.stderr
    res = cli("card", "fab", "Test Hood", "--text")
    assert res.output.startswith("fab card text")


def test_judge_card_after_the_parsers_change_parses_again(home, tmp_path, monkeypatch):
    install_small_fab(tmp_path)
    monkeypatch.setattr(show, "_stamp", ["another parser"])
    assert show.parsed("fab", ["**Go again**"], parse_missing=False) == {}
    assert "fully parsed" in cli("card", "fab", "Test Jab (red)").output
    assert show.parsed("fab", ["**Go again**"], parse_missing=False)


# --- scenarios naming installed cards ------------------------------------------------------------

def _scn(body: str) -> str:
    return HEAD + body


def test_a_scenario_names_installed_cards(home, tmp_path):
    install_small_fab(tmp_path)
    sc = parse(_scn('Alice is the turn player; hero "Test Hero", hand "Test Bolt"\n'
                    'Bob: hero life 20, wears "test hood", 1 resource point\n'
                    'Alice plays "Test Bolt" targeting Bob\n'
                    'Bob uses arcane barrier of "Test Hood"\nsettle\nexpect Bob life 18\n'))
    hood = sc.card("Test Hood")
    assert hood.subtypes == ("Head",) and hood.stat("defense") == 0
    assert hood.origin.database == "test-cards" and hood.origin.record == "cards.tsv line 5"
    assert sc.player("Bob").zones[0].cards[0].slot == "head"   # from the database's type line
    assert sc.card("Test Hero").life == 20
    ruling = run_scenario(sc)
    assert ruling.passed
    text = render(ruling, "text")
    assert "Cards (the text this ruling used)" in text
    assert ('Test Hood: "Test Hood" of card database test-cards, version '
            f"{hood.origin.version} (cards.tsv line 5)") in text
    assert '    | Deal 3 arcane damage to target hero.' in text


def test_a_printing_is_named_by_colour_or_pitch(home, tmp_path):
    install_small_fab(tmp_path)
    for written in ('"Test Jab" (red)', '"Test Jab (red)"', '"Test Jab (1)"', '"test jab" (RED)'):
        sc = parse(_scn(f"Alice is the turn player; hand {written}\nBob: hero life 20\n"
                        'Alice plays "Test Jab"\n'))
        assert [c.name for c in sc.cards] == ["Test Jab"]
        assert sc.card("Test Jab").power == 3
        assert sc.steps[0].card.name == "Test Jab"                # every reference renamed
        assert sc.card("Test Jab").origin.note.startswith("stated")


def test_two_printings_of_one_name_are_two_cards(home, tmp_path):
    install_small_fab(tmp_path)
    sc = parse(_scn('Alice is the turn player; hand "Test Jab" (red), "Test Jab" (blue)\n'
                    'Bob: hero life 20\nAlice plays "Test Jab (blue)"\n'))
    assert {c.name: c.power for c in sc.cards} == {"Test Jab (red)": 3, "Test Jab (blue)": 1}
    assert sc.steps[0].card.name == "Test Jab (blue)"
    with pytest.raises(ScenarioError) as err:
        parse(_scn('Alice is the turn player; hand "Test Jab" (red), "Test Jab" (blue)\n'
                   'Bob: hero life 20\nAlice plays "Test Jab"\n'))
    assert "names 2 of its printings" in err.value.message
    assert (err.value.line, err.value.column) == (5, 13)


def test_a_name_of_several_printings_is_an_error_listing_them(home, tmp_path):
    install_small_fab(tmp_path)
    with pytest.raises(ScenarioError) as err:
        parse(_scn('Alice is the turn player; hand "Test Jab"\nBob: hero life 20\n'))
    e = err.value
    assert e.message == "card 'Test Jab' has 3 printings that differ"
    assert e.expected == 'one of "Test Jab" (red), "Test Jab" (yellow), "Test Jab" (blue)'
    assert (e.line, e.column) == (3, 32) and e.render().count("^") == 1


def test_a_near_miss_suggests_the_nearest_names(home, tmp_path):
    install_small_fab(tmp_path)
    with pytest.raises(ScenarioError) as err:
        parse(_scn('Alice is the turn player; hand "Test Jbb" (red)\nBob: hero life 20\n'))
    assert "no card of the installed fab card database (test-cards) has that name" in \
        err.value.message
    assert err.value.suggestion.startswith('"Test Jab"')


def test_without_a_database_an_undefined_card_says_how_to_install_one(home):
    with pytest.raises(ScenarioError) as err:
        parse(_scn('Alice is the turn player; hand "Snatch"\nBob: hero life 20\n'))
    assert err.value.message == "card 'Snatch' is not defined"
    assert "judge cards add FILE --game fab" in err.value.hint


def test_an_inline_card_line_overrides_the_database_and_the_ruling_says_so(home, tmp_path):
    install_small_fab(tmp_path)
    text = _scn('card "Test Bolt": Wizard Instant, cost 0, pitch 1: "Deal 2 arcane damage to '
                'target hero."\nAlice is the turn player; hand "Test Bolt"\nBob: hero life 20\n'
                'Alice plays "Test Bolt" targeting Bob\nsettle\nexpect Bob life 18\n')
    sc = parse(text)
    bolt = sc.card("Test Bolt")
    assert bolt.text.startswith("Deal 2") and bolt.origin.inline
    assert bolt.origin.differs == ("text",)
    ruling = run_scenario(sc)
    assert ruling.passed
    out = render(ruling, "text")
    assert ('Test Bolt: card line 3; the scenario\'s card line takes the place of "Test Bolt" '
            "(red) of card database test-cards, version") in out
    assert "(cards.tsv line 6), differing in its text" in out
    data = json.loads(render(ruling, "json"))
    assert data["cards_from_databases"] and data["cards"][0]["database"] == "test-cards"
    with pytest.raises(ScenarioError, match="takes the place of the database's printings"):
        parse(text.replace('hand "Test Bolt"', 'hand "Test Bolt" (red)'))


def test_a_wow_name_defaults_to_the_newest_printing_and_says_so(home, tmp_path):
    install.add(write(tmp_path, "p.json", wow_json()), game="wow", name="wow-test")
    head = 'scenario "t"\ngame wow-7.4\nAlice is the turn player; hand '
    sc = parse(head + '"Test Strike"\nBob: health 25\n')
    card = sc.card("Test Strike")
    assert card.text == "Your hero deals 3 melee damage to target ally."
    assert card.origin.printing == '"Test Strike" (Icecrown)'
    assert card.origin.note == ("the newest of 3 printings (Heroes of Azeroth, Drums of War, "
                                'Icecrown); name another as "Test Strike" (Drums of War)')
    stated = parse(head + '"Test Strike" (Heroes of Azeroth)\nBob: health 25\n')
    assert stated.card("Test Strike").text.startswith("Your hero deals 2")
    assert stated.card("Test Strike").origin.note == "stated"
    numbered = parse(head + '"Test Strike (Drums of War 12)"\nBob: health 25\n')
    assert numbered.card("Test Strike").origin.printing == '"Test Strike" (Drums of War)'
    with pytest.raises(ScenarioError) as err:     # two unranked printings that differ
        parse(head + '"Test Raid Boss"\nBob: health 25\n')
    assert "2 printings that differ" in err.value.message
    assert '"Test Raid Boss" (Test Raid 1)' in err.value.expected
    ruling = run_scenario(sc)
    assert "the newest of 3 printings" in render(ruling, "text")


def test_cards_from_other_games_databases_are_not_seen(home, tmp_path):
    install.add(write(tmp_path, "p.json", wow_json()), game="wow")
    with pytest.raises(ScenarioError, match="is not defined"):
        parse(_scn('Alice is the turn player; hand "Test Strike"\nBob: hero life 20\n'))


def test_ufs_and_ashes_cards_by_name(home, tmp_path):
    install.add(write(tmp_path, "u.json", uvs_json()), game="ufs")
    install.add(write(tmp_path, "a.txt", ASHES_TEXT), game="ashes")
    sc = parse('scenario "t"\ngame ufs-0.9\nAlice is the turn player; character "Test Fighter", '
               'hand "Test Kick"\nBob: vitality 20\n')
    kick = sc.card("Test Kick")
    assert kick.types == ("Attack",) and kick.stat("speed") == 5 and kick.stat("zone") == "high"
    assert sc.card("Test Fighter").stat("vitality") == 25
    sc = parse('scenario "t"\ngame ashes-raven-1.1\nAlice is the turn player; phoenixborn '
               '"Test Phoenix", battlefield "Test Ally"\nBob: hand empty\n')
    assert sc.card("Test Ally").types == ("Ally",) and sc.card("Test Ally").stat("attack") == 2
    assert sc.card("Test Phoenix").stat("spellboard") == 4


def test_a_parsed_scenario_is_not_reused_once_the_databases_change(home, tmp_path):
    from judge.scenario import store as scenario_store
    install_small_fab(tmp_path)
    path = write(tmp_path, "s.scn", _scn('Alice is the turn player; hand "Test Bolt"\n'
                                         "Bob: hero life 20\n"))
    assert scenario_store.parse_file(path).card("Test Bolt").text.startswith("Deal 3")
    install.add(write(tmp_path / "v2", "cards.tsv", fab_tsv([fab_row(
        "Test Bolt", "Red", "1", "0", "", "", "Wizard Instant", "Deal 1 arcane damage to target "
        "hero.")])), game="fab", name="test-cards", replace=True)
    assert scenario_store.parse_file(path).card("Test Bolt").text.startswith("Deal 1")
    install.remove("test-cards")
    with pytest.raises(ScenarioError, match="is not defined"):
        scenario_store.parse_file(path)


def test_judge_check_in_worker_processes_names_cards(home, tmp_path):
    """Forked workers of judge check open the databases for themselves."""
    install_small_fab(tmp_path)
    for i in range(40):
        write(tmp_path / "many", f"s{i:02d}.scn", SERVED.replace('"Test Bolt by name"',
                                                                   f'"Test Bolt {i}"'))
    res = cli("check", "--jobs", "2", str(tmp_path / "many"))
    assert res.exit_code == 0, res.output
    assert "40 scenarios, 40 expectations: 40 passed" in res.output


def test_the_html_ruling_shows_every_card_it_used(home, tmp_path):
    install_small_fab(tmp_path)
    sc = parse(_scn('card "Mine": Generic Action, cost 0: "Draw a card."\n'
                    'Alice is the turn player; hand "Mine", "Test Bolt"\nBob: hero life 20\n'))
    html = render(run_scenario(sc), "html")
    assert "<h2>Cards</h2>" in html and "<dt>Mine</dt>" in html and "card line 3" in html
    assert "Deal 3 arcane damage to target hero." in html and "test-cards" in html
    inline_only = parse(_scn('card "Mine": Generic Action, cost 0: "Draw a card."\n'
                             'Alice is the turn player; hand "Mine"\nBob: hero life 20\n'))
    ruling = run_scenario(inline_only)
    assert "<dt>Mine</dt>" in render(ruling, "html")
    assert "Cards (the text" not in render(ruling, "text")      # text shows them for databases


def test_an_unwritable_data_folder_is_a_clear_error(home, tmp_path):
    home.mkdir(parents=True)
    (home / "cards").write_text("a file where the folder should be")
    res = cli("cards", "add", str(write(tmp_path, "cards.tsv", fab_tsv())), "--game", "fab")
    assert res.exit_code == 2 and "Traceback" not in res.output
    assert "cannot create the card database folder" in res.output


@pytest.mark.skipif(os.geteuid() == 0, reason="root can write anywhere")
def test_a_read_only_data_folder_is_a_clear_error(home, tmp_path):
    (home / "cards" / "fab").mkdir(parents=True)
    os.chmod(home / "cards" / "fab", 0o500)
    try:
        res = cli("cards", "add", str(write(tmp_path, "cards.tsv", fab_tsv())), "--game", "fab")
    finally:
        os.chmod(home / "cards" / "fab", 0o700)
    assert res.exit_code == 2 and "cannot write the card database" in res.output
    assert installed_state(home) == {}


# --- the site and judge serve show the cards a ruling used ---------------------------------------

SERVED = ('scenario "Test Bolt by name"\ngame fab-1.4\nAlice is the turn player; hand "Test Bolt"\n'
          'Bob: hero life 20\nAlice plays "Test Bolt" targeting Bob\nsettle\n'
          "expect Bob life 17\n")


def test_the_site_shows_the_cards_a_ruling_used(home, tmp_path, graph):
    from judge.site.build import build_site
    install_small_fab(tmp_path)
    write(tmp_path / "scn" / "fab", "bolt.scn", SERVED)
    build_site(tmp_path / "site", graph=graph, scenarios=tmp_path / "scn")
    page = next((tmp_path / "site").rglob("bolt*.html")).read_text(encoding="utf-8")
    assert "<h2>Cards</h2>" in page and "<dt>Test Bolt</dt>" in page
    assert "Deal 3 arcane damage to target hero." in page
    assert "of card database test-cards, version" in page


def test_the_serve_form_shows_the_cards_a_ruling_used(home, tmp_path):
    import urllib.parse
    import urllib.request
    from tests.site.site_helpers import judge_serve
    row = install_small_fab(tmp_path)
    with judge_serve() as url:
        data = urllib.parse.urlencode({"scenario": SERVED}).encode()
        with urllib.request.urlopen(url + "try.html", data=data, timeout=120) as r:
            html = r.read().decode("utf-8")
        with urllib.request.urlopen(url + "try.html", timeout=120) as r:
            form = r.read().decode("utf-8")
        (home / "cards" / "fab" / "test-cards.sqlite").unlink()      # removed while it runs
        with urllib.request.urlopen(url + "try.html", timeout=120) as r:
            none = r.read().decode("utf-8")
    assert ("from the installed card databases: <code>test-cards</code> (fab, "
            f"{row['cards']} cards, version {row['version']})" in form), form
    assert "No card database is installed" in none and "<code>test-cards</code>" not in none
    assert "<dt>Test Bolt</dt>" in html and "Deal 3 arcane damage to target hero." in html
    assert "of card database test-cards, version" in html


# --- property: any file either installs whole or is refused, changing nothing ----------------

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from tests.rules._fuzz import mutated  # noqa: E402

SAMPLES = {"fab": ("cards.tsv", fab_tsv()), "wow": ("p.json", wow_json()),
           "ufs": ("u.json", uvs_json()), "ashes": ("a.txt", ASHES_TEXT)}


@settings(max_examples=150, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(game=st.sampled_from(sorted(SAMPLES)), data=st.data())
def test_any_mutation_installs_whole_or_changes_nothing(home, tmp_path_factory, game, data):
    name, text = SAMPLES[game]
    if data.draw(st.booleans(), label="bytes"):
        content = data.draw(st.binary(max_size=300), label="content")
    else:
        content = mutated(data, text.split("\n"), edits=4).encode("utf-8")
    folder = tmp_path_factory.mktemp("mutated")
    path = write(folder, name, content)
    before = installed_state(home)
    try:
        row = install.add(path, game=game, name=f"mutated-{game}", replace=True)
    except JudgeError as err:
        assert err.path == str(path) and err.render()
        assert installed_state(home) == before
        return
    assert row["cards"] >= 1
    db = store.open_db(row["path"])
    assert db is not None and len(db.all_names()) >= 1


def test_the_same_files_are_read_again_by_a_newer_reader(home, tmp_path, monkeypatch):
    path = write(tmp_path, "cards.tsv", fab_tsv())
    first = install.add(path, game="fab")
    monkeypatch.setattr(install, "reader_version", lambda: "newer")
    assert "older judge" in install.listing()[0]["note"]
    again = install.add(path, game="fab")            # no --replace: the same files
    assert not again["unchanged"] and again["version"] == first["version"]
    assert "note" not in install.listing()[0]
    assert install.add(path, game="fab")["unchanged"]
