"""Issue 19, one test per case found by trying judge as a hostile user would: each was a
traceback, unbounded work or a silently wrong answer; each is now a clear error (exit 2, the
path and the cause, the limit and how to change it) or the right answer."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from click.testing import CliRunner

from judge import limits, paths
from judge.cli import main
from judge.errors import InputError, JudgeError, UsageError
from judge.rules import lookup, versions
from judge.scenario.errors import ScenarioError, ScenarioSyntaxError
from judge.scenario.parser import parse, parse_file

REPO = Path(__file__).resolve().parents[2]
EXAMPLE = REPO / "scenarios" / "fab" / "arcane-barrier-example-1.scn"
HEAD = 'scenario "x"\ngame fab-1.4\nAlice is the turn player, hero life 20\n'
SMALL_DOC = """4 Game Structure
4.1 Starting a Game
4.1.1 The process of starting a game is referred to as the start-of-game procedure.
4.1.2 First, each player places their hero card face up in their hero zone.[4.1.1]
4.2 Start Phase
4.2.1 Players do not get priority during the Start Phase.
"""


def judge(*args: str, env: dict | None = None, timeout: float = 120, stdin=None):
    """The installed command as a user runs it (judge.entry, its last net included)."""
    return subprocess.run([sys.executable, "-m", "judge", *args], capture_output=True, text=True,
                          timeout=timeout, env={**os.environ, **(env or {})}, stdin=stdin)


def cli(*args: str):
    return CliRunner().invoke(main, list(args))


def assert_clean_error(result, *words: str, code: int = 2) -> None:
    out = result.stderr if hasattr(result, "stderr") and not isinstance(result.stderr, bytes) \
        else result.output
    code_seen = getattr(result, "returncode", getattr(result, "exit_code", None))
    assert code_seen == code, out
    assert "Traceback" not in out and "internal error" not in out, out
    for w in words:
        assert w in out, (w, out)
    if hasattr(result, "exception") and result.exception is not None:
        assert isinstance(result.exception, SystemExit), result.exception


from tests.rules.test_versions import home  # noqa: E402,F401 - a JUDGE_HOME of its own


# --- unbounded work from tiny input ------------------------------------------------------------

def test_resolve_dev_zero_stops_at_the_scenario_size_limit():
    result = judge("resolve", "/dev/zero", timeout=60)
    assert_clean_error(result, "/dev/zero: error: the scenario file is over the limit of "
                       "1,048,576 bytes (scenario_bytes)", "JUDGE_LIMIT_SCENARIO_BYTES")


def test_a_limit_is_changed_by_its_environment_variable(monkeypatch):
    monkeypatch.setenv("JUDGE_LIMIT_SCENARIO_BYTES", "50")
    with pytest.raises(JudgeError, match="scenario_bytes"):
        parse_file(EXAMPLE)
    monkeypatch.setenv("JUDGE_LIMIT_SCENARIO_BYTES", "lots")
    with pytest.raises(UsageError, match="not a positive whole number"):
        parse_file(EXAMPLE)


def test_deck_of_a_hundred_million_cards_is_refused_at_its_line():
    with pytest.raises(limits.LimitError) as err:
        parse(HEAD + "Bob: hero life 20, deck 100000000 cards\n", "deck.scn")
    e = err.value
    assert (e.path, e.line, e.column) == ("deck.scn", 4, 20)
    assert "Bob's deck: 100,000,000 cards, over the limit of 1,000 cards (scenario_deck)" in e.render()
    assert "JUDGE_LIMIT_SCENARIO_DECK" in e.render()


@pytest.mark.parametrize("text, limit", [
    ("".join(f'card "C{i}": Action\n' for i in range(501)) + "Bob: hero life 20\n",
     "scenario_cards"),
    ("Bob: hero life 20\n" + "".join(f'branch "b{i}"\nexpect Bob life 20\n' for i in range(101)),
     "scenario_branches"),
    ("Bob: hero life 20\n" + "".join(f"P{i}: hero life 20\n" for i in range(16)),
     "scenario_players"),
    ('card "C": Action: "' + "Go again. " * 600 + '"\nBob: hero life 20\n', "card_text_chars"),
])
def test_counts_in_a_scenario_are_bounded(text, limit):
    with pytest.raises(limits.LimitError, match=limit):
        parse(HEAD + text, "big.scn")


def test_repeated_search_words_are_one_term_and_a_long_query_is_refused():
    from judge.rules.search import _words
    words = _words(" ".join(["block"] * 150 + ["defend"] * 50))
    assert [w for _, w in words] == ["block", "defend"]          # each distinct word once
    assert lookup.search(" ".join(["block"] * 150), limit=3)
    with pytest.raises(limits.LimitError, match="query_chars"):
        lookup.search("block " * 1000)
    with pytest.raises(limits.LimitError, match="query_terms"):
        lookup.search(" ".join(f"word{i}" for i in range(40)))


# --- tracebacks that were ----------------------------------------------------------------------

@pytest.mark.parametrize("args", [("resolve", str(EXAMPLE)), ("export",)])
def test_output_into_a_missing_folder_is_an_error_before_any_work(tmp_path, args):
    out = tmp_path / "missing" / "x.out"
    result = cli(*args, "-o", str(out))
    assert_clean_error(result, f"{out}: error: cannot write the output: its folder does not exist")
    assert not (tmp_path / "missing").exists()


def test_define_a_100000_character_term_is_refused():
    assert_clean_error(judge("define", "fab", "a" * 100_000), "term_chars")


@pytest.mark.parametrize("content, words", [
    (bytes(range(256)) * 8, "not UTF-8 text"),
    (b'[{"card_name": ', "not valid JSON"),
    (b'{"a": 1}', "not a card database for wow"),
])
def test_cards_coverage_on_a_file_that_is_not_a_card_database(tmp_path, content, words):
    db = tmp_path / "prints.json"
    db.write_bytes(content)
    assert_clean_error(cli("cards", "coverage", "wow", str(db)), str(db), words)


def test_cards_coverage_on_a_device_is_refused():
    assert_clean_error(cli("cards", "coverage", "wow", "/dev/zero"), "not a regular file")


def test_a_symlink_loop_as_scenario_is_an_error_naming_it(tmp_path):
    (tmp_path / "a.scn").symlink_to(tmp_path / "b.scn")
    (tmp_path / "b.scn").symlink_to(tmp_path / "a.scn")
    with pytest.raises(ScenarioError, match="Too many levels of symbolic links"):
        parse_file(tmp_path / "a.scn")
    assert_clean_error(judge("resolve", str(tmp_path / "a.scn")), "a.scn: error: cannot read")


@pytest.mark.skipif(not os.path.exists("/proc/self/mem"), reason="needs /proc/self/mem (EIO)")
def test_an_io_error_reading_the_scenario_is_an_error_naming_it():
    assert_clean_error(judge("resolve", "/proc/self/mem"), "/proc/self/mem: error: cannot read")


def test_a_300_character_version_is_refused(home, tmp_path):
    src = tmp_path / "cr.txt"
    src.write_text(SMALL_DOC, encoding="utf-8")
    with pytest.raises(UsageError, match="300 characters"):
        versions.add(src, game="fab", version="1" * 300)
    assert not any((home / "rulebook").rglob("*.txt")) if (home / "rulebook").exists() else True


def test_a_5000_digit_number_in_a_scenario_or_card_text_is_refused_at_its_place():
    with pytest.raises(limits.LimitError) as err:
        parse(HEAD + "Bob: hero life " + "9" * 5000 + "\n", "n.scn")
    assert (err.value.line, err.value.column) == (4, 16) and "number_digits" in err.value.message
    assert "…" in err.value.render()               # the long line is cut around the caret
    result = judge("card", "fab", "Deal " + "9" * 5000 + " damage to target hero.")
    assert_clean_error(result, "card_text_chars")
    result = judge("card", "fab", "Deal " + "9" * 50 + " damage to target hero.")
    assert_clean_error(result, "number_digits")


def test_judge_home_that_is_a_file_is_an_error_naming_the_folder(tmp_path):
    home = tmp_path / "file"
    home.write_text("not a folder")
    for args in (("rule", "fab-1.4", "1.1"), ("search", "block")):
        result = judge(*args, env={"JUDGE_HOME": str(home)})
        assert_clean_error(result, str(home), "Not a directory", "JUDGE_HOME")


def test_judge_home_that_cannot_be_made_is_an_error(tmp_path):
    result = judge("search", "block", env={"JUDGE_HOME": "/proc/judge-cannot-be-here"})
    assert_clean_error(result, "/proc/judge-cannot-be-here")


def test_an_internal_error_is_one_line_without_traceback(monkeypatch, capsys):
    from judge import entry
    assert entry.report(TypeError("boom")) == entry.INTERNAL_ERROR
    err = capsys.readouterr().err
    assert "internal error (TypeError: boom)" in err and "Traceback" not in err


def test_sqlite_json_toml_and_number_errors_become_input_errors():
    import sqlite3
    import tomllib
    from judge.errors import from_exception
    cases = [sqlite3.OperationalError("disk I/O error"),
             json.JSONDecodeError("Expecting value", "x", 0),
             tomllib.TOMLDecodeError("bad"),
             ValueError("Exceeds the limit (4300 digits) for integer string conversion"),
             OSError(5, "Input/output error", "/some/file"),
             UnicodeDecodeError("utf-8", b"\xff", 0, 1, "invalid start byte")]
    for err in cases:
        judged = from_exception(err, path="p")
        assert isinstance(judged, InputError), err
        assert judged.render().startswith(("p", "/some/file"))
    assert from_exception(TypeError("a bug")) is None


# --- silently wrong answers that were ---------------------------------------------------------

@pytest.mark.parametrize("term", ["", "%", "_", "  ", "%%"])
def test_define_of_a_term_without_letters_is_refused(term):
    assert_clean_error(cli("define", "fab", term), "is not a term")


def test_define_treats_like_wildcards_as_characters():
    assert lookup.define("fab", "go_again") == [] or all(
        "go" in r["citation"].lower() for r in lookup.define("fab", "go_again"))
    assert not lookup.define("fab", "g%n")


def test_diff_of_a_section_neither_document_has_is_an_error():
    assert_clean_error(cli("diff", "fab-1.4", "fab-section4", "--section", "999"),
                       "no section '999' in fab-1.4 or fab-section4")


def test_wow_rules_are_refused_as_fab(home):
    wow = paths.RULEBOOK / "wow" / "wow-cr-7.4.txt"
    with pytest.raises(JudgeError) as err:
        versions.add(wow, game="fab", version="9.9")
    assert "looks like a World of Warcraft TCG document" in err.value.message
    assert err.value.suggestion == "--game wow"
    assert not (home / "rulebook" / "fab").exists() or not any((home / "rulebook" / "fab").iterdir())


def test_rules_numbered_unlike_the_game_are_refused(home, tmp_path):
    text = (paths.RULEBOOK / "wow" / "wow-cr-7.4.txt").read_text(encoding="utf-8")
    src = tmp_path / "renamed.txt"
    src.write_text(text.replace("Warcraft", "Something"), encoding="utf-8")
    with pytest.raises(JudgeError, match="not numbered as Flesh and Blood's"):
        versions.add(src, game="fab", version="9.9")


def test_two_concurrent_adds_of_one_version_cannot_both_succeed(home, tmp_path):
    src = tmp_path / "cr.txt"
    src.write_text(SMALL_DOC, encoding="utf-8")
    env = {"JUDGE_HOME": str(home)}
    args = [sys.executable, "-m", "judge", "rulebook", "add", str(src), "--game", "fab",
            "--version", "9.9"]
    procs = [subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                              env={**os.environ, **env}) for _ in range(2)]
    outs = [p.communicate(timeout=300) + (p.returncode,) for p in procs]
    codes = sorted(o[2] for o in outs)
    assert codes == [0, 2], outs
    refused = next(o for o in outs if o[2] == 2)
    assert "already installed" in refused[1] and "Traceback" not in refused[1]


def test_site_force_keeps_a_users_own_index_html(tmp_path, graph):
    from judge.site.build import build_site
    from judge.site.output import SiteOutputError
    out = tmp_path / "mine"
    out.mkdir()
    (out / "index.html").write_text("my own page", encoding="utf-8")
    with pytest.raises(SiteOutputError, match="would overwrite 1 file"):
        build_site(out, graph=graph, scenarios=None, force=True)
    assert (out / "index.html").read_text(encoding="utf-8") == "my own page"
    assert sorted(p.name for p in out.iterdir()) == ["index.html"]


# --- one bad user file must not break everything -------------------------------------------------

def test_a_broken_user_manifest_is_skipped_reported_and_removable(home, tmp_path):
    src = tmp_path / "cr.txt"
    src.write_text(SMALL_DOC, encoding="utf-8")
    versions.add(src, game="fab", version="9.9")
    manifest = home / "rulebook" / "fab" / "fab-9.9.toml"
    manifest.write_text(manifest.read_text(encoding="utf-8") + 'id = "broken\n', encoding="utf-8")
    lookup.reset()
    env = {"JUDGE_HOME": str(home)}
    rule = judge("rule", "fab-1.4", "1.1", env=env)
    assert rule.returncode == 0, rule.stderr
    assert "warning: skipped a broken user document" in rule.stderr
    assert "judge rulebook remove fab-9.9" in rule.stderr
    listing = judge("rulebook", "list", env=env)
    assert listing.returncode == 0 and "fab-9.9" not in listing.stdout
    removed = judge("rulebook", "remove", "fab-9.9", env=env)
    assert removed.returncode == 0, removed.stderr
    assert not manifest.exists() and not manifest.with_suffix(".txt").exists()
    again = judge("rule", "fab-1.4", "1.1", env=env)
    assert again.returncode == 0 and "warning" not in again.stderr


def test_a_user_document_whose_source_is_broken_is_skipped(home, tmp_path):
    src = tmp_path / "cr.txt"
    src.write_text(SMALL_DOC, encoding="utf-8")
    versions.add(src, game="fab", version="9.9")
    (home / "rulebook" / "fab" / "fab-9.9.txt").write_bytes(b"\xff\xfe not text")
    lookup.reset()
    result = cli("search", "start", "phase", "--limit", "1")
    assert result.exit_code == 0, result.output
    assert "fab-9.9" in result.output and "not UTF-8" in result.output      # the warning
    assert "fab-9.9" not in [d["id"] for d in lookup.documents()]
    versions.remove("fab-9.9")
    assert not (home / "rulebook" / "fab" / "fab-9.9.txt").exists()


@pytest.mark.parametrize("line", ['scope = 5', 'file = "../../../etc/passwd"', 'title = 3'])
def test_a_manifest_with_wrong_field_types_is_skipped(home, tmp_path, line):
    src = tmp_path / "cr.txt"
    src.write_text(SMALL_DOC, encoding="utf-8")
    versions.add(src, game="fab", version="9.9")
    manifest = home / "rulebook" / "fab" / "fab-9.9.toml"
    key = line.split(" ")[0]
    kept = [ln for ln in manifest.read_text(encoding="utf-8").splitlines()
            if not ln.startswith(key + " ")]
    manifest.write_text("\n".join(kept + [line]) + "\n", encoding="utf-8")
    lookup.reset()
    assert "fab-9.9" not in [d["id"] for d in lookup.documents()]
    versions.remove("fab-9.9")


def test_leftovers_of_a_killed_install_are_put_right_by_the_next_one(home, tmp_path):
    src = tmp_path / "cr.txt"
    src.write_text(SMALL_DOC, encoding="utf-8")
    versions.add(src, game="fab", version="9.9")
    folder = home / "rulebook" / "fab"
    # killed mid-add of 9.10 (parts written) and mid-replace of 9.9 (moved aside, not replaced)
    (folder / ".fab-9.10.txt.4242.part").write_text("half", encoding="utf-8")
    for name in ("fab-9.9.txt", "fab-9.9.toml"):
        os.replace(folder / name, folder / f".{name}.4243.bak")
    (folder / "fab-9.9.txt").write_text("new text, manifest not yet placed", encoding="utf-8")
    versions.add(src, game="fab", version="9.11")
    names = sorted(p.name for p in folder.iterdir())
    assert names == ["fab-9.11.toml", "fab-9.11.txt", "fab-9.9.toml", "fab-9.9.txt"]
    assert (folder / "fab-9.9.txt").read_text(encoding="utf-8") == SMALL_DOC   # the old pair back


# --- a newcomer's files -------------------------------------------------------------------------

def test_a_utf8_bom_at_the_start_of_a_scenario_is_accepted(tmp_path):
    scn = tmp_path / "bom.scn"
    scn.write_bytes(b"\xef\xbb\xbf" + EXAMPLE.read_bytes())
    assert parse_file(scn).title == parse_file(EXAMPLE).title
    assert parse("\ufeff" + EXAMPLE.read_text(encoding="utf-8")).title


def test_non_ascii_player_names_are_accepted():
    s = parse('scenario "x"\ngame fab-1.4\nZoë is the turn player, hero life 20\n'
              "Łukasz: hero life 20\nexpect Zoë life 20\nexpect Łukasz's life 20\n")
    assert [p.name for p in s.players] == ["Zoë", "Łukasz"]
    with pytest.raises(ScenarioSyntaxError):
        parse('scenario "x"\ngame fab-1.4\n9Zoë is the turn player, hero life 20\n')


def test_ctrl_c_and_a_closed_pipe_are_quiet():
    proc = subprocess.Popen([sys.executable, "-m", "judge", "export"], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE)
    proc.stdout.read(10)
    proc.stdout.close()                  # like `judge export | head -c 10`
    err = proc.stderr.read().decode()
    proc.wait(timeout=120)
    assert "Traceback" not in err and "BrokenPipe" not in err


def test_a_closed_pipe_is_no_input_error():
    # `judge check scenarios | head -1`: the closed pipe was reported as "<input>: error: Broken
    # pipe" with exit 2 (an input error) when it came while the command was printing
    for _ in range(5):
        proc = subprocess.Popen([sys.executable, "-m", "judge", "check", "--jobs", "1",
                                 str(REPO / "scenarios")], stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE)
        proc.stdout.readline()
        proc.stdout.close()
        err = proc.stderr.read().decode()
        code = proc.wait(timeout=300)
        assert "Broken pipe" not in err and "Traceback" not in err, err
        assert code != 2, err


def test_install_lock_serialises_adds_in_one_process(home):
    order = []

    def hold():
        with versions.install_lock():
            order.append("a-in")
            threading.Event().wait(0.3)
            order.append("a-out")

    t = threading.Thread(target=hold)
    t.start()
    threading.Event().wait(0.1)
    with versions.install_lock():
        order.append("b-in")
    t.join()
    assert order == ["a-in", "a-out", "b-in"]
