"""`judge check --jobs`: checking in worker processes reports exactly what checking in one
process reports (same order, failures, not-modelled items, input errors, exit code)."""

from __future__ import annotations

import json

from click.testing import CliRunner

from judge.cli import main
from judge.commands import checking as commands
from tests.scenario.test_commands import PASSING


def _many(tmp_path, count: int):
    for n in range(count):
        text = PASSING.replace('scenario "action points"', f'scenario "action points {n}"')
        if n % 7 == 3:
            text += "expect Bob life 19\n"                            # fails
        if n % 11 == 5:
            text = text.replace("game fab-1.4", "game fab-1.5")      # cannot be read
        (tmp_path / f"s{n:03}.scn").write_text(text, encoding="utf-8")


def test_check_in_two_processes_reports_what_one_process_reports(tmp_path):
    count = 3 * commands.FILES_PER_JOB            # enough files for two workers
    _many(tmp_path, count)
    runner = CliRunner()
    alone = runner.invoke(main, ["check", str(tmp_path), "--json", "--jobs", "1"])
    shared = runner.invoke(main, ["check", str(tmp_path), "--json", "--jobs", "2"])
    assert alone.exit_code == shared.exit_code == 2
    one = json.loads(alone.stdout[alone.stdout.index("{"):])
    two = json.loads(shared.stdout[shared.stdout.index("{"):])
    assert one == two
    assert one["scenarios"] == count and one["failed"] and one["errors"]
    assert [f["file"] for f in one["failed"]] == sorted(f["file"] for f in one["failed"])


def test_few_files_are_checked_in_this_process(tmp_path, monkeypatch):
    _many(tmp_path, commands.FILES_PER_JOB)
    monkeypatch.setattr(commands, "_fork_context", _no_fork)
    result = CliRunner().invoke(main, ["check", str(tmp_path), "--jobs", "4"])
    assert result.exit_code == 2, result.output


def _no_fork():
    raise AssertionError("worker processes started for too few files")


def test_check_without_click_reports_what_the_click_command_reports(tmp_path, capsys):
    """The judge script reads a plain `judge check` line without click
    (judge.commands.checking.check_main): same output, same exit code, failures and input
    errors included."""
    _many(tmp_path, 12)
    for extra in ([], ["--json"], ["-j", "1"]):
        argv = [str(tmp_path), *extra]
        code = commands.check_main(argv)
        fast = capsys.readouterr()
        res = CliRunner().invoke(main, ["check", *argv])
        assert code == res.exit_code == 2
        assert (fast.out, fast.err) == (res.stdout, res.stderr)
        assert "FAIL expect Bob life 19" in fast.out or '"expected": "expect Bob life 19"' in \
            fast.out
