"""The lookup commands' fast path (judge.entry.FAST): what it imports, and that it answers exactly
as the click commands do."""

from __future__ import annotations

import io
import json
import os
import re
import subprocess
import sys
from contextlib import redirect_stderr, redirect_stdout

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from judge import entry, fastargs
from judge.paths import SCENARIOS
from judge.cli import main as cli_main
from judge.rules import lookup
from judge.rules.graph_terms import term_norm

_FOLDER = str(SCENARIOS / "ashes")
_SCENARIO = str(sorted((SCENARIOS / "fab").glob("*.scn"))[0])

# A command line for each fast command (and variants the fast path reads itself).
COMMAND_LINES = {
    "rule": [["fab-1.4", "20.7.2a"], ["wow-7.4", "410.5", "--json"], ["fab", "4.1"],
             ["fab-1.4", "Go", "again"], ["ufs-0.9", "F.2.2.3", "--json"], ["wow-7.4", "999.9"],
             ["nope", "1.1"], ["fab-1.4", "13.3.3"]],
    "define": [["fab", "arcane", "barrier", "3"], ["wow", "ranged", "--json"], ["fab", "zzzz qqqq"]],
    "search": [["can I defend with more than one card against dominate", "--game", "fab"],
               ["what happens when life reaches 0", "-g", "wow", "--json"],
               ["fab-1.4", "arena", "zones", "--limit=3"], ["chain", "-n2"], ["zzzzqq"],
               ["block", "--game=ufs", "--limit", "4"]],
    "history": [["fab-1.4", "13.3.3"], ["fab-1.4", "13.3.3", "--json"], ["fab-1.4", "99.99"]],
    # a card of the installed database (installed_cards below), by name and by printing
    "card": [["fab", "Test Jab"], ["fab", "test hood", "--json"], ["fab", "Test Jab (red)"]],
    # bundled scenarios
    "check": [[_SCENARIO], [_SCENARIO, "--json"], [_FOLDER, "-j1"], [_SCENARIO, "--jobs=0"],
              [_SCENARIO, "no-such.scn"]],
}
_CASES = [(name, argv) for name, lines in COMMAND_LINES.items() for argv in lines]


@pytest.fixture(scope="module", autouse=True)
def installed_cards(tmp_path_factory):
    """`judge card GAME NAME` answers for installed cards: a small database of our own, in the
    session's data folder while this module runs."""
    from judge.carddb import install
    from tests.carddb.helpers import install_small_fab
    row = install_small_fab(tmp_path_factory.mktemp("cards"), name="fast-path-test")
    yield
    install.remove(row["name"])


def test_every_fast_command_has_command_lines_here():
    assert set(entry.FAST) == set(COMMAND_LINES)


def _fast(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    module, function = entry.FAST[argv[0]]
    with redirect_stdout(out), redirect_stderr(err):
        code = getattr(__import__(module, fromlist=[function]), function)(argv[1:])
    assert code is not None, f"the fast path handed {argv} to click"
    return code, out.getvalue(), err.getvalue()


@pytest.mark.parametrize("name,argv", _CASES, ids=[" ".join([n, *a]) for n, a in _CASES])
def test_fast_path_answers_as_the_click_command_does(name, argv):
    code, out, err = _fast([name, *argv])
    res = CliRunner().invoke(cli_main, [name, *argv])
    assert res.exception is None or isinstance(res.exception, SystemExit), res.exception
    assert (code, out, err) == (res.exit_code, res.stdout, res.stderr)


@pytest.mark.parametrize("argv", [
    ["card", "fab", "Deal 3 damage to target hero."],   # card text: click (and lark) read it
    ["card", "fab", "Test Jab", "--strict"],
    ["rule", "fab-1.4"],                        # click says what is missing
    ["rule", "fab-1.4", "1.1", "--help"],
    ["rule", "fab-1.4", "1.1", "--jsn"],        # unknown option
    ["define", "fab", "--", "-x"],
    ["search", "chain", "--limit", "0"],        # out of range: click's message
    ["search", "chain", "--limit", "many"],
    ["search", "chain", "--limit"],
    ["search", "--json"],
    ["history", "fab-1.4", "1.1", "--json=yes"],
    ["check"],                                  # click says what is missing
    ["check", _SCENARIO, "--jobs", "-1"],       # out of range: click's message
    ["check", _SCENARIO, "-j", "x"],
    ["check", _SCENARIO, "--jobs"],
    ["check", _SCENARIO, "--help"],
])
def test_fast_path_hands_what_it_does_not_read_to_click(argv):
    module, function = entry.FAST[argv[0]]
    assert getattr(__import__(module, fromlist=[function]), function)(argv[1:]) is None


_PROBE = """
import sys
before = set(sys.modules)
sys.argv = ["judge", *sys.argv[1:]]
from judge.entry import main
try:
    main()
except SystemExit:
    pass
after = set(sys.modules)
import json
new = {}
for name in after - before:
    spec = getattr(sys.modules[name], "__spec__", None)
    new[name] = getattr(spec, "origin", None) or ""
print(json.dumps(new), file=sys.stderr)
"""


def _imported(argv: list[str]) -> dict[str, str]:
    out = subprocess.run([sys.executable, "-c", _PROBE, *argv], capture_output=True, text=True,
                         env=dict(os.environ))
    return json.loads(out.stderr.strip().splitlines()[-1])


@pytest.mark.parametrize("name,argv", _CASES, ids=[" ".join([n, *a]) for n, a in _CASES])
def test_fast_commands_import_no_click_networkx_lark_jinja2(name, argv):
    lookup.connect()        # the index is built: a lookup, not a rebuild, is what is checked
    if name == "check":
        _imported([name, *argv])    # the parsed scenarios are stored: a warm check is checked
    heavy = {m for m in _imported([name, *argv]) if m.split(".")[0] in
             ("click", "networkx", "lark", "jinja2")}
    assert not heavy


@pytest.mark.parametrize("argv", [a for a in [
    ["rule", "fab-1.4", "20.7.2a"], ["rule", "wow-7.4", "410.5", "--json"],
    ["define", "fab", "arcane", "barrier", "3"], ["define", "wow", "ranged", "--json"],
    ["search", "can I defend against dominate", "--game", "fab"], ["search", "life", "--json"],
    # a rule's history (here: not covered by the newer document); a reworded step's word diff
    # imports difflib, and only then
    ["history", "fab-1.4", "20.7.2a"], ["history", "fab-1.4", "20.7.2a", "--json"],
]], ids=" ".join)
def test_lookups_import_no_standard_library_python_module(argv):
    """rule, define, search and history load only judge's own modules beyond what the interpreter has
    loaded at start: built-in, frozen or compiled extension modules are free, a .py module of
    the standard library is compiled at every start where its bytecode is not cached."""
    lookup.connect()
    root = os.path.dirname(os.path.dirname(os.path.abspath(entry.__file__)))
    python_files = {m: o for m, o in _imported(argv).items()
                    if o.endswith(".py") and not o.startswith(os.path.join(root, "judge"))}
    assert python_files == {}


@pytest.mark.parametrize("argv", [
    ["rule", "fab-1.4", "20.7.2a"], ["define", "fab", "arcane", "barrier", "3"],
    ["search", "what happens when a hero's life total reaches zero"],
    ["search", "can I defend against dominate", "--game", "fab"],
], ids=" ".join)
def test_a_lookup_that_answers_loads_no_error_classes(argv):
    """judge.errors (its classes cost about an eighth of a lookup's own imports) is loaded only
    when an error is raised; an error is still shown as the click command shows it (the "nope
    1.1" and "zzzz qqqq" lines above)."""
    _imported(argv)         # the index and the version tables are built: a lookup is checked
    assert "judge.errors" not in _imported(argv)


def test_limits_names_its_error_without_loading_it_first():
    code = ("import sys\nfrom judge import limits, errors\n"
            "print(limits.LimitError is errors.LimitError, issubclass(limits.LimitError, "
            "errors.JudgeError))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.stdout.split() == ["True", "True"], out.stderr


def test_lookup_path_loads_sqlite_without_functools():
    code = ("import sys\nfrom judge import sqlite_light\nsq = sqlite_light.module()\n"
            "con = sq.connect(':memory:'); con.row_factory = sq.Row\n"
            "rows = [con.execute('select ? as x', (i,)).fetchone()['x'] for i in range(300)]\n"
            "assert rows == list(range(300))\n"
            "print(sorted(m for m in ('functools', 'sqlite3', 'collections') if m in sys.modules))\n"
            "import functools\nprint(callable(functools.reduce))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.stdout.split("\n")[:2] == ["[]", "True"], out.stdout + out.stderr


def test_sqlite_light_takes_the_loaded_module_when_functools_is_there():
    from judge import sqlite_light
    assert "functools" in sys.modules
    mod = sqlite_light.module()
    assert {"connect", "Row", "Error"} <= set(dir(mod))


# --- term_norm without re: the same as the regular expressions it replaces ------------------------

def _term_norm_re(term: str) -> str:
    t = re.sub(r"[*_`\"'’]", "", term.strip().lower())
    t = re.sub(r"[\s\-_]+", " ", t)
    t = re.sub(r"\s+(?:n|x|\d+)$", "", t)
    return t.strip(" .:")


_TERMISH = st.text(alphabet=st.sampled_from(list("aNnxX30٣ \t\n\u00a0\u2003-_*'\"’.:é")), max_size=20)


@settings(max_examples=3000, deadline=None)
@given(st.one_of(_TERMISH, st.text(max_size=15)))
def test_term_norm_matches_its_regex_definition(term):
    assert term_norm(term) == _term_norm_re(term)


# --- the command-line reader -----------------------------------------------------------------------

def test_parse_reads_options_as_click_does():
    opts = {"--game": "game", "-g": "game", "--limit": "limit", "-n": "limit"}
    assert fastargs.parse(["a", "-gfab", "b", "--limit=3", "--json"], {"--json": "j"}, opts) == (
        ["a", "b"], {"game": "fab", "limit": "3", "j": True})
    assert fastargs.parse(["-", "x"], {}, {}) == (["-", "x"], {})
    assert fastargs.parse(["x", "-1"], {}, {}) is None


@pytest.mark.parametrize("argv,code", [(["rule", "fab-1.4", "20.7.2a"], 0),
                                       (["rule", "fab-1.4", "20.7.99"], 2),
                                       (["search", "zzzzqq"], 1)])
def test_the_judge_script_ends_a_lookup_with_its_output_and_exit_code(argv, code):
    """script() leaves a fast command with os._exit once its output is flushed."""
    run = subprocess.run([sys.executable, "-c", "import sys; from judge.entry import script; "
                          f"sys.argv = ['judge', *{argv!r}]; script()"],
                         capture_output=True, text=True, env=dict(os.environ))
    expected = subprocess.run([sys.executable, "-m", "judge", *argv], capture_output=True,
                              text=True, env=dict(os.environ))
    assert (run.returncode, run.stdout, run.stderr) == (code, expected.stdout, expected.stderr)
    assert run.stdout or run.stderr
