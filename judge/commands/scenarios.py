"""``judge resolve`` (one scenario -> a ruling) and ``judge check`` (run scenarios, compare their
``expect`` lines). Scenario files are read by judge.scenario.parser, resolved by
judge.engine.runner.run_scenario and shown by judge.render."""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass, field
from pathlib import Path

import click

from judge.errors import JudgeError, UsageError

SCENARIO_SUFFIX = ".scn"


@click.command()
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--format", "fmt", type=click.Choice(["text", "markdown", "html", "json"]),
              default="text", show_default=True, help="Output format of the ruling.")
@click.option("--output", "-o", type=click.Path(dir_okay=False, path_type=Path),
              help="Write the ruling to this file instead of standard output.")
@click.option("--force", is_flag=True, help="Overwrite --output if it exists.")
@click.option("--site", metavar="URL", default=None,
              help="Base of rule links (HTML/Markdown); default $JUDGE_SITE or relative links.")
def resolve(file: Path, fmt: str, output: Path | None, force: bool, site: str | None) -> None:
    """Resolve the scenario FILE and show the ruling: the outcome, then each step with the
    rule that decided it, then the rules consulted."""
    from judge.render import render

    if output is not None and output.exists() and not force:
        raise UsageError(f"{output} exists; not overwriting it", path=str(output),
                         suggestion="pass --force, or choose another --output")
    ruling = _run(file)
    text = render(ruling, fmt, site=site)
    if output is None:
        click.echo(text, nl=False)
        return
    tmp = output.with_name(output.name + ".tmp")
    tmp.write_text(text, encoding="utf-8")
    tmp.replace(output)
    click.echo(f"wrote {output}", err=True)


@dataclass
class _Summary:
    scenarios: int = 0
    expectations: int = 0
    passed: int = 0
    failed: list[dict] = field(default_factory=list)
    not_modelled: list[dict] = field(default_factory=list)
    errors: list[dict] = field(default_factory=list)

    def as_json(self) -> dict:
        return {"scenarios": self.scenarios, "expectations": self.expectations,
                "passed": self.passed, "failed": self.failed,
                "not_modelled": self.not_modelled, "errors": self.errors}


@click.command()
@click.argument("paths", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option("--json", "as_json", is_flag=True, help="Print the summary as JSON.")
def check(paths: tuple[Path, ...], as_json: bool) -> None:
    """Run scenarios (files, or folders searched for *.scn) and compare their expect lines.
    Exit 1 if an expectation fails, 2 if a scenario cannot be read."""
    files = _scenario_files(paths)
    summary = _Summary()
    with click.progressbar(files, label="checking", file=sys.stderr,
                           item_show_func=lambda p: str(p) if p else None) as bar:
        for path in bar:
            _check_one(path, summary)
    if as_json:
        click.echo(json.dumps(summary.as_json(), ensure_ascii=False, indent=2))
    else:
        _print_summary(summary)
    if summary.errors:
        click.get_current_context().exit(2)
    if summary.failed:
        click.get_current_context().exit(1)


def _run(path: Path):
    from judge.engine.runner import run_scenario
    from judge.scenario.parser import parse_file

    return run_scenario(parse_file(path))


def _scenario_files(paths: tuple[Path, ...]) -> list[Path]:
    files: list[Path] = []
    for path in paths:
        if path.is_dir():
            found = sorted(path.rglob(f"*{SCENARIO_SUFFIX}"))
            if not found:
                raise UsageError(f"no *{SCENARIO_SUFFIX} files in {path}", path=str(path))
            files.extend(found)
        elif path.exists():
            files.append(path)
        else:
            raise UsageError("no such file or folder", path=str(path))
    return files


def _check_one(path: Path, summary: _Summary) -> None:
    summary.scenarios += 1
    try:
        ruling = _run(path)
    except JudgeError as err:
        summary.errors.append({"file": str(path), "line": err.line, "column": err.column,
                               "message": err.message, "rendered": err.render()})
        return
    for result in ruling.all_expectations:
        summary.expectations += 1
        if result.passed:
            summary.passed += 1
        else:
            summary.failed.append({"file": str(path), "line": result.line,
                                   "expected": result.text, "actual": result.actual})
    for item in ruling.all_not_modelled:
        summary.not_modelled.append({"file": str(path), "what": item})


def _print_summary(summary: _Summary) -> None:
    for error in summary.errors:
        click.echo(error["rendered"], err=True)
    for failure in summary.failed:
        click.echo(f"{failure['file']}:{failure['line']}: FAIL {failure['expected']}\n"
                   f"    found: {failure['actual']}")
    for item in summary.not_modelled:
        click.echo(f"{item['file']}: not modelled: {item['what']}")
    click.echo(f"{summary.scenarios} scenario(s), {summary.expectations} expectation(s): "
               f"{summary.passed} passed, {len(summary.failed)} failed"
               + (f", {len(summary.errors)} scenario(s) with errors" if summary.errors else "")
               + (f"; {len(summary.not_modelled)} thing(s) not modelled"
                  if summary.not_modelled else ""))
