"""judge.install_cache / judge.prebuild: the caches made at set-up are used by a first run, and
only as a starting point (lark and the index check them as they check the user's own caches)."""

from __future__ import annotations

import os
import sqlite3

import pytest
from lark import Lark

from judge import grammar_cache, install_cache, prebuild
from judge.rules import index, lookup


@pytest.fixture
def setup_folder(tmp_path, monkeypatch):
    """An empty set-up folder and an empty user cache."""
    folder = tmp_path / "install-cache"
    monkeypatch.setattr(install_cache, "FOLDER", str(folder))
    monkeypatch.setenv("JUDGE_HOME", str(tmp_path / "home"))
    lookup.reset()
    yield folder
    lookup.reset()


def _tiny(tmp_path, text='start: "a" "b"\n'):
    grammar = tmp_path / "tiny.lark"
    grammar.write_text(text)
    return grammar


def _built_at_setup(monkeypatch, grammar):
    """The tiny grammar's parser built as ``python -m judge.prebuild`` builds one."""
    monkeypatch.setattr(install_cache, "_building", True)
    where = grammar_cache.lark_cache(grammar)
    Lark.open(str(grammar), parser="lalr", cache=where)
    monkeypatch.setattr(install_cache, "_building", False)
    return where


def test_a_first_run_loads_the_parser_built_at_set_up_where_it_is(tmp_path, monkeypatch,
                                                                 setup_folder):
    grammar = _tiny(tmp_path)
    where = _built_at_setup(monkeypatch, grammar)
    assert where.startswith(str(setup_folder))
    os.utime(where, ns=(1, 1))
    assert grammar_cache.lark_cache(grammar) == where          # not a path in the user cache
    parser = Lark.open(str(grammar), parser="lalr", cache=grammar_cache.lark_cache(grammar))
    assert parser.parse("ab") == Lark.open(str(grammar), parser="lalr").parse("ab")
    assert os.stat(where).st_mtime_ns == 1, "loaded, not built again and rewritten"
    assert not (tmp_path / "home" / "cache" / "grammar").exists()


def test_a_parser_built_at_set_up_for_other_grammar_text_is_not_used(tmp_path, monkeypatch,
                                                                    setup_folder):
    grammar = _tiny(tmp_path)
    _built_at_setup(monkeypatch, grammar)
    grammar.write_text('start: "a" "c"\n')          # edited after set-up
    where = grammar_cache.lark_cache(grammar)
    assert where.startswith(str(tmp_path / "home" / "cache"))
    assert Lark.open(str(grammar), parser="lalr", cache=where).parse("ac")


def test_a_stale_parser_built_at_set_up_is_built_again_by_lark(tmp_path, monkeypatch,
                                                              setup_folder):
    grammar = _tiny(tmp_path)
    where = _built_at_setup(monkeypatch, grammar)
    with open(where, "r+b") as f:            # another lark or Python made it: its key differs
        f.write(b"0" * 16)
    assert Lark.open(str(grammar), parser="lalr", cache=grammar_cache.lark_cache(grammar)
                     ).parse("ab")
    with open(where, "rb") as f:
        assert not f.read(16) == b"0" * 16, "rewritten with the right key"


def test_a_read_only_parser_from_set_up_is_not_used(tmp_path, monkeypatch, setup_folder):
    grammar = _tiny(tmp_path)
    where = _built_at_setup(monkeypatch, grammar)
    os.chmod(where, 0o444)
    if os.access(where, os.W_OK):
        pytest.skip("running as a user who may write any file")
    assert grammar_cache.lark_cache(grammar).startswith(str(tmp_path / "home"))


def test_the_index_made_at_set_up_is_copied_and_used_without_a_build(tmp_path, monkeypatch,
                                                                    setup_folder):
    lookup.connect()                                   # an index, as the set-up makes one
    name = os.path.basename(lookup.index_path())
    setup_folder.mkdir()
    os.replace(lookup.index_path(), setup_folder / name)
    lookup.reset()

    def no_build(*args, **kwargs):
        raise AssertionError("the index made at set-up was built again")
    monkeypatch.setattr(index, "build_index", no_build)
    monkeypatch.setattr(index, "update_index", no_build)
    assert lookup.lookup("fab-1.4", "1.1")[0]["citation"] == "fab-1.4 1.1"
    assert os.path.exists(lookup.index_path())
    assert not install_cache.seed(name), "a user cache that has the file keeps it"


def test_a_stale_index_from_set_up_is_brought_up_to_date(tmp_path, monkeypatch, setup_folder):
    lookup.connect()
    name = os.path.basename(lookup.index_path())
    setup_folder.mkdir()
    os.replace(lookup.index_path(), setup_folder / name)
    lookup.reset()
    con = sqlite3.connect(setup_folder / name)
    with con:
        con.execute("UPDATE meta SET v='made from other files' WHERE k='fingerprint'")
        con.execute("UPDATE meta SET v='other code' WHERE k='code'")
    con.close()
    assert lookup.lookup("fab-1.4", "1.1")[0]["citation"] == "fab-1.4 1.1"
    con = sqlite3.connect(lookup.index_path())
    assert con.execute("SELECT v FROM meta WHERE k='fingerprint'").fetchone()[0] \
        == lookup.fingerprint()
    con.close()


def test_set_up_builds_the_grammar_tables_and_the_index(tmp_path, monkeypatch, setup_folder):
    monkeypatch.setattr(prebuild, "_warm", lambda: (
        lookup.connect(), lookup.reset(), Lark.open(str(_tiny(tmp_path)), parser="lalr",
                                                    cache=grammar_cache.lark_cache(
                                                        _tiny(tmp_path)))))
    written = prebuild.build(str(setup_folder))
    assert any(p.startswith("grammar" + os.sep + "tiny-") for p in written)
    assert any(p.startswith("index-") for p in written)
    assert os.environ["JUDGE_HOME"] == str(tmp_path / "home")
    assert not (tmp_path / "home" / "cache").exists(), "nothing left in the user cache"
