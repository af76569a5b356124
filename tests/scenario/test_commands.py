"""`judge resolve` and `judge check`: output formats, never overwriting, exit codes 0/1/2 and
the JSON summary. The rulings come from the engine (judge.games.run)."""

from __future__ import annotations

import json

from click.testing import CliRunner

from judge.cli import main

PASSING = '''\
scenario "action points"
game fab-1.4
Alice is the turn player; life 20
Bob: life 20
expect Alice action points 1
expect Bob life 20
'''


def _write(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_resolve_prints_the_ruling_and_checks_nothing(tmp_path):
    path = _write(tmp_path, "ap.scn", PASSING)
    result = CliRunner().invoke(main, ["resolve", str(path)])
    assert result.exit_code == 0, result.output
    assert result.output.startswith("action points\n=============")
    assert "PASS line 5: expect Alice action points 1" in result.output


def test_resolve_json_and_never_overwrites_without_force(tmp_path):
    path = _write(tmp_path, "ap.scn", PASSING)
    out = _write(tmp_path, "ruling.json", "keep me")
    runner = CliRunner()
    refused = runner.invoke(main, ["resolve", str(path), "--format", "json", "--output", str(out)])
    assert refused.exit_code == 2 and "exists" in refused.output
    assert out.read_text() == "keep me"
    forced = runner.invoke(main, ["resolve", str(path), "--format", "json", "--output", str(out),
                                  "--force"])
    assert forced.exit_code == 0, forced.output
    assert json.loads(out.read_text())["schema"] == "judge-ruling/2"


def test_resolve_syntax_error_exits_2_with_caret_and_no_traceback(tmp_path):
    path = _write(tmp_path, "bad.scn", PASSING + "Alice plays Zap\n")
    result = CliRunner().invoke(main, ["resolve", str(path)])
    assert result.exit_code == 2
    assert f"{path}:7:13: error: unexpected 'Zap'" in result.output
    assert "                ^" in result.output and "Traceback" not in result.output


def test_check_exit_1_on_a_failed_expectation_with_json_summary(tmp_path):
    _write(tmp_path, "ok.scn", PASSING)
    _write(tmp_path, "wrong.scn", PASSING + "expect Bob life 19\n")
    result = CliRunner().invoke(main, ["check", str(tmp_path), "--json"])
    assert result.exit_code == 1
    summary = json.loads(result.output[result.output.index("{"):])
    assert summary["scenarios"] == 2 and summary["passed"] == 4
    assert summary["failed"] == [{"file": str(tmp_path / "wrong.scn"), "line": 7,
                                  "expected": "expect Bob life 19", "actual": "Bob life 20"}]
    assert summary["not_modelled"] == [] and summary["errors"] == []


def test_check_exit_0_when_all_pass_and_2_on_input_errors(tmp_path):
    ok = _write(tmp_path, "ok.scn", PASSING)
    passed = CliRunner().invoke(main, ["check", str(ok)])
    assert passed.exit_code == 0
    assert "1 scenario, 2 expectations: 2 passed, 0 failed" in passed.output
    broken = _write(tmp_path, "broken.scn", PASSING.replace("game fab-1.4", "game fab-1.5"))
    failed = CliRunner().invoke(main, ["check", str(ok), str(broken)])
    assert failed.exit_code == 2
    assert "unknown document 'fab-1.5'" in failed.output
    assert "did you mean: fab-1.4" in failed.output


def test_the_judge_script_ends_check_with_its_output_exit_code_and_saved_caches(tmp_path):
    """The judge script leaves `judge check` with os._exit once its output is flushed
    (judge.entry.END_AT_ONCE): the same output and exit code (0, 1 and 2) as `python -m judge`
    (which tears the interpreter down as usual), and the caches written on the way are there
    (the parsed scenario, the dataclass methods' code)."""
    import os
    import subprocess
    import sys

    from judge.entry import END_AT_ONCE
    assert "check" in END_AT_ONCE
    good = _write(tmp_path, "ap.scn", PASSING)
    bad = _write(tmp_path, "bad.scn", PASSING.replace("life 20\n", "life 19\n", 2))
    broken = _write(tmp_path, "broken.scn", "scenario \"x\"\ngame fab-1.4\nAlice is the\n")
    home = tmp_path / "home"
    env = dict(os.environ, JUDGE_HOME=str(home))
    for argv, code in (([str(good)], 0), ([str(good), str(bad)], 1), ([str(broken)], 2),
                       (["--json", str(bad)], 1)):
        script = subprocess.run([sys.executable, "-c", "import sys; from judge.entry import "
                                 "script; sys.argv = ['judge', 'check', *sys.argv[1:]]; script()",
                                 *argv], capture_output=True, text=True, env=env)
        module = subprocess.run([sys.executable, "-m", "judge", "check", *argv],
                                capture_output=True, text=True, env=env)
        assert (script.returncode, script.stdout, script.stderr) == (
            code, module.stdout, module.stderr), argv
    assert list((home / "cache" / "scenarios").rglob("*.pickle"))
    assert list((home / "cache" / "dataclass-code").glob("*.marshal"))
