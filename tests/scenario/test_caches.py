"""The caches that keep ``judge check`` fast give the same answers as working from scratch, and
notice when what they were built from changes (grammar cache, card-text store, manifests)."""

from __future__ import annotations

import pickle
import shutil

import pytest
from lark import Lark

from judge import grammar_cache, install_cache, paths
from judge.cards import parse as parse_now
from judge.cards import store
from judge.scenario import parser as scenario_parser

CARD = "Deal 3 arcane damage to target hero."


@pytest.fixture
def empty_store(monkeypatch):
    """A store with nothing in memory (as in a new process)."""
    monkeypatch.setattr(store, "_stores", {})
    monkeypatch.setattr(store, "_files", {})
    return store


def test_grammar_cache_file_is_named_by_grammar_content(tmp_path, monkeypatch):
    monkeypatch.setenv("JUDGE_HOME", str(tmp_path))
    grammar = tmp_path / "tiny.lark"
    grammar.write_text('start: "a"\n')
    first = grammar_cache.lark_cache(grammar)
    assert first == str(tmp_path / "cache" / "grammar" / f"tiny-{first.rsplit('-', 1)[1]}")
    Lark.open(str(grammar), parser="lalr", cache=first)
    assert (tmp_path / "cache" / "grammar").joinpath(first.rsplit("/", 1)[1]).exists()
    grammar.write_text('start: "b"\n')
    second = grammar_cache.lark_cache(grammar)
    assert second != first
    assert not (tmp_path / "cache" / "grammar" / first.rsplit("/", 1)[1]).exists(), \
        "the parser of the old grammar content is forgotten"


def test_grammar_cache_file_is_named_by_the_grammars_it_imports_too(tmp_path, monkeypatch):
    """A change to an imported grammar (card_common.lark) names another cache file: lark's own
    check reads the imported files at the paths they had when the cache was built, which in a
    cache folder shared by several checkouts may be another checkout's."""
    monkeypatch.setenv("JUDGE_HOME", str(tmp_path))
    common = tmp_path / "common.lark"
    common.write_text('word: "a"\n')
    grammar = tmp_path / "game.lark"
    grammar.write_text("%import .common (word)\nstart: word\n")
    first = grammar_cache.lark_cache(grammar)
    common.write_text('word: "b"\n')
    assert grammar_cache.lark_cache(grammar) != first


def test_grammar_loaded_from_cache_parses_like_a_fresh_build(tmp_path, monkeypatch):
    monkeypatch.setenv("JUDGE_HOME", str(tmp_path))
    grammar = paths.GRAMMAR / "scenario_fab.lark"
    text = (paths.SCENARIOS / "fab" / "arcane-barrier-example-1.scn").read_text(encoding="utf-8")
    options = dict(parser="lalr", propagate_positions=True, maybe_placeholders=False,
                   import_paths=[str(paths.GRAMMAR)])
    fresh = Lark.open(str(grammar), **options)
    Lark.open(str(grammar), cache=grammar_cache.lark_cache(grammar), **options)   # writes
    loaded = Lark.open(str(grammar), cache=grammar_cache.lark_cache(grammar), **options)
    assert loaded.parse(text) == fresh.parse(text)


def test_grammar_cache_off_when_the_cache_folder_cannot_be_made(tmp_path, monkeypatch):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("JUDGE_HOME", str(blocker))
    monkeypatch.setattr(install_cache, "FOLDER", str(tmp_path / "no-set-up-caches"))
    assert grammar_cache.lark_cache(paths.GRAMMAR / "scenario_fab.lark") is False


def test_card_store_answers_like_a_fresh_parse_and_from_the_file_next_time(
        tmp_path, monkeypatch, empty_store):
    monkeypatch.setenv("JUDGE_HOME", str(tmp_path))
    monkeypatch.setattr(store, "version", lambda: "fixed")   # card code is edited meanwhile
    first = store.parse("fab", CARD)
    assert first == parse_now("fab", CARD)
    saved = list((tmp_path / "cache" / "cards").glob("fab-*.pickle"))
    assert len(saved) == 1
    monkeypatch.setattr(store, "_stores", {})            # a new process
    monkeypatch.setattr(store, "_files", {})
    monkeypatch.setattr("judge.cards.parse", _must_not_parse)
    assert store.parse("fab", CARD) == first


def _must_not_parse(game, text, strict=False):
    raise AssertionError("parsed again although the store holds the text")


def test_card_store_file_changes_with_the_card_grammar(tmp_path, monkeypatch, empty_store):
    monkeypatch.setenv("JUDGE_HOME", str(tmp_path))
    grammars = tmp_path / "grammar"
    shutil.copytree(paths.GRAMMAR, grammars)
    monkeypatch.setattr(paths, "GRAMMAR", grammars)
    before = store.version()
    with open(grammars / "card_common.lark", "a", encoding="utf-8") as f:
        f.write("\n// edited\n")
    assert store.version() != before


def test_damaged_card_store_is_a_cache_miss(tmp_path, monkeypatch, empty_store):
    monkeypatch.setenv("JUDGE_HOME", str(tmp_path))
    monkeypatch.setattr(store, "version", lambda: "fixed")
    path = tmp_path / "cache" / "cards" / f"fab-{store.version()}.pickle"
    path.parent.mkdir(parents=True)
    path.write_bytes(b"not a pickle")
    assert store.parse("fab", CARD) == parse_now("fab", CARD)
    with open(path, "rb") as f:
        assert CARD in pickle.load(f), "the damaged file is replaced by a good one"


def test_scenario_parser_sees_a_document_added_after_the_first_parse(tmp_path, monkeypatch):
    monkeypatch.setenv("JUDGE_HOME", str(tmp_path))
    text = (paths.SCENARIOS / "fab" / "arcane-barrier-example-1.scn").read_text(encoding="utf-8")
    scenario_parser.parse(text)
    bundled = next(paths.RULEBOOK.glob("fab/fab-1.4.toml"))
    user = tmp_path / "rulebook" / "fab"
    user.mkdir(parents=True)
    manifest = bundled.read_text(encoding="utf-8").replace('id = "fab-1.4"', 'id = "fab-test"')
    assert 'id = "fab-test"' in manifest
    (user / "fab-test.toml").write_text(manifest, encoding="utf-8")
    assert scenario_parser._document_games()["fab-test"] == "fab"


@pytest.mark.parametrize("path", sorted(paths.SCENARIOS.rglob("*.scn")), ids=lambda p: p.name)
def test_scenario_transform_matches_lark_transformer(path):
    """The parser's own tree walk gives what lark's generic Transformer.transform gives."""
    from lark import Transformer

    text = path.read_text(encoding="utf-8")
    game = scenario_parser.game_of(text)
    tree = scenario_parser.lark_parser(game).parse(text)
    ours = scenario_parser.ScenarioTransformer(text.splitlines(), game)
    theirs = scenario_parser.ScenarioTransformer(text.splitlines(), game)
    assert ours.transform(tree) == Transformer.transform(theirs, tree)
    assert ours.refs == theirs.refs


def test_error_in_a_callback_arrives_as_a_scenario_error_with_its_position():
    from judge.scenario.errors import ScenarioError

    text = ('scenario "x"\ngame fab-1.4\ncard "Hood": Generic Equipment - Head, defense 0\n'
            'Alice is the turn player; wears "Hood" on hat\n')
    with pytest.raises(ScenarioError) as err:
        scenario_parser.parse(text, "x.scn")
    assert (err.value.line, err.value.path) == (4, "x.scn")
    assert "hat" in err.value.message


@pytest.fixture
def scenario_store(tmp_path, monkeypatch):
    """The scenario store in an empty cache folder, as in a new process."""
    from judge.scenario import store as scenario_store

    monkeypatch.setenv("JUDGE_HOME", str(tmp_path / "home"))
    monkeypatch.setattr(scenario_store, "_folder", [])
    return scenario_store


def _scenario_file(tmp_path, text=None):
    source = (paths.SCENARIOS / "fab" / "arcane-barrier-example-1.scn").read_text(encoding="utf-8")
    path = tmp_path / "one.scn"
    path.write_text(text if text is not None else source, encoding="utf-8")
    return path


def test_scenario_store_gives_the_parse_and_reads_it_back_without_parsing(
        tmp_path, monkeypatch, scenario_store):
    path = _scenario_file(tmp_path)
    first = scenario_store.parse_file(path)
    assert first == scenario_parser.parse_file(path)
    monkeypatch.setattr(scenario_store, "_folder", [])               # a new process
    monkeypatch.setattr(scenario_parser, "parse", _must_not_parse_scenario)
    assert scenario_store.parse_file(path) == first


def _must_not_parse_scenario(text, path="<scenario>"):
    raise AssertionError("parsed again although the store holds the file")


def test_scenario_store_parses_an_edited_file_again(tmp_path, scenario_store):
    path = _scenario_file(tmp_path)
    before = scenario_store.parse_file(path)
    path.write_text(path.read_text(encoding="utf-8").replace("expect Bob life 18",
                                                             "expect Bob life 17"),
                    encoding="utf-8")
    after = scenario_store.parse_file(path)
    assert after != before
    assert after == scenario_parser.parse_file(path)


def test_scenario_store_keeps_no_errors(tmp_path, scenario_store):
    from judge.scenario.errors import ScenarioError

    path = _scenario_file(tmp_path, 'scenario "x"\ngame fab-9.9\n')
    for _ in range(2):
        with pytest.raises(ScenarioError, match="unknown document 'fab-9.9'"):
            scenario_store.parse_file(path)


def test_scenario_store_starts_afresh_when_the_rules_documents_change(
        tmp_path, monkeypatch, scenario_store):
    from judge.rules import lookup

    before = scenario_store.version()
    monkeypatch.setattr(lookup, "fingerprint", lambda: [["another rulebook", 1, 1]])
    assert scenario_store.version() != before


def test_check_answered_from_the_stores_does_not_load_lark(tmp_path):
    """Once its scenarios and card texts are stored, ``judge check`` neither parses nor loads
    lark (about a tenth of its start-up)."""
    import os
    import subprocess
    import sys
    env = {**os.environ, "JUDGE_HOME": str(tmp_path)}
    scenario = str(paths.ROOT / "scenarios" / "fab" / "19.1-example-three-layers.scn")
    code = ("import sys; sys.argv=['judge','check','--jobs','1',%r]\n"
            "from judge.entry import main\n"
            "try:\n    main()\nexcept SystemExit:\n    pass\n"
            "print('lark' in sys.modules)") % scenario
    first = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env)
    assert first.stdout.strip().splitlines()[-1] == "True", first.stdout + first.stderr
    again = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env)
    assert again.stdout.strip().splitlines()[-1] == "False", again.stdout + again.stderr
    assert "0 failed" in again.stdout and "with errors" not in again.stdout, again.stdout


def test_card_store_appends_each_new_text_and_reads_every_record(tmp_path, monkeypatch,
                                                                 empty_store):
    """Each text parsed anew is one record appended to the file (a run of thousands of cards
    writes each once); a new process reads them all; a file of many records becomes one."""
    monkeypatch.setenv("JUDGE_HOME", str(tmp_path))
    monkeypatch.setattr(store, "version", lambda: "fixed")
    texts = [f"Deal {n} arcane damage to target hero." for n in range(1, 5)]
    first = [store.parse("fab", t) for t in texts]
    path = tmp_path / "cache" / "cards" / "fab-fixed.pickle"
    records = []
    with open(path, "rb") as f:
        while f.tell() < path.stat().st_size:
            records.append(pickle.load(f))
    assert [list(r) for r in records] == [[t] for t in texts]
    monkeypatch.setattr(store, "_stores", {})            # a new process
    monkeypatch.setattr(store, "_files", {})
    monkeypatch.setattr(store, "COMPACT_AT", 3)
    monkeypatch.setattr("judge.cards.parse", _must_not_parse)
    assert [store.parse("fab", t) for t in texts] == first
    with open(path, "rb") as f:
        assert list(pickle.load(f)) == texts and f.read() == b"", "written again as one record"


def test_card_store_keeps_the_records_before_a_torn_one(tmp_path, monkeypatch, empty_store):
    monkeypatch.setenv("JUDGE_HOME", str(tmp_path))
    monkeypatch.setattr(store, "version", lambda: "fixed")
    first = store.parse("fab", CARD)
    path = tmp_path / "cache" / "cards" / "fab-fixed.pickle"
    with open(path, "ab") as f:
        f.write(pickle.dumps({"x": 1})[:-3])              # a write cut short
    monkeypatch.setattr(store, "_stores", {})
    monkeypatch.setattr(store, "_files", {})
    monkeypatch.setattr("judge.cards.parse", _must_not_parse)
    assert store.parse("fab", CARD) == first
    with open(path, "rb") as f:
        assert list(pickle.load(f)) == [CARD] and f.read() == b"", "the torn record is gone"


def test_card_store_version_is_worked_out_once_while_its_sources_are_unchanged(monkeypatch):
    first = store.version()

    def hashed_again(*args):
        raise AssertionError("the card store's version was hashed again")
    monkeypatch.setattr(store.hashlib, "sha256", hashed_again)
    assert store.version() == first
