"""``judge resolve`` (one scenario -> a ruling) and ``judge check`` (run scenarios, compare their
``expect`` lines). Scenario files are read by judge.scenario.parser, resolved by
judge.games.run.run_scenario and shown by judge.render."""

from __future__ import annotations

import json
from pathlib import Path

import click

from judge.commands import checking
from judge.commands.checking import SCENARIO_SUFFIX, _run, _scenario_files
from judge.errors import UsageError


@click.command()
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--format", "fmt", type=click.Choice(["text", "markdown", "html", "json"]),
              default="text", show_default=True, help="Output format of the ruling.")
@click.option("--output", "-o", type=click.Path(dir_okay=False, path_type=Path),
              help="Write the ruling to this file instead of standard output.")
@click.option("--force", is_flag=True, help="Overwrite --output if it exists.")
@click.option("--site", metavar="URL", default=None,
              help="Base of rule links (HTML/Markdown); default $JUDGE_SITE or relative links.")
@click.option("--short", is_flag=True,
              help="Only the answer: the outcome and the decisive steps with their rules.")
def resolve(file: Path, fmt: str, output: Path | None, force: bool, site: str | None,
            short: bool) -> None:
    """Resolve the scenario FILE and show the ruling: the answer (the outcome and the decisive
    steps, each with its rule), then the trace with routine steps folded, then the rules
    consulted by section."""
    from judge.render import render

    if output is not None and output.exists() and not force:
        raise UsageError(f"{output} exists; not overwriting it", path=str(output),
                         suggestion="pass --force, or choose another --output")
    if output is not None:
        from judge.fileio import check_output
        check_output(output)
    ruling = _run(file)
    text = render(ruling, fmt, site=site, short=short)
    if output is None:
        click.echo(text, nl=False)
        return
    from judge.fileio import write_output
    write_output(output, text)
    click.echo(f"wrote {output}", err=True)


@click.command()
@click.argument("paths", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option("--json", "as_json", is_flag=True, help="Print the summary as JSON.")
@click.option("--jobs", "-j", type=click.IntRange(min=0), default=0, show_default=True,
              help="Processes checking scenarios at once; 0: one per idle CPU (many files "
                   "only).")
def check(paths: tuple[Path, ...], as_json: bool, jobs: int) -> None:
    """Run scenarios (files, or folders searched for *.scn) and compare their expect lines.
    Exit 1 if an expectation fails, 2 if a scenario cannot be read."""
    code = checking.run(paths, as_json=as_json, jobs=jobs, progress=checking.click_progress,
                        echo=click.echo)
    if code:
        click.get_current_context().exit(code)


@click.command()
@click.argument("document")
@click.argument("paths", nargs=-1, type=click.Path(path_type=Path))
@click.option("--json", "as_json", is_flag=True, help="Print the coverage as JSON.")
@click.option("--full", is_flag=True, help="Also list, for each rule cited, the scenarios.")
def coverage(document: str, paths: tuple[Path, ...], as_json: bool, full: bool) -> None:
    """Which rules of DOCUMENT the scenarios' rulings cite: the bundled scenarios, or the files
    and folders PATHS; the rules and glossary entries no scenario reaches are listed."""
    from judge import paths as judge_paths
    from judge.games.coverage import coverage as compute

    files = _scenario_files(paths) if paths else sorted(judge_paths.SCENARIOS.rglob(
        f"*{SCENARIO_SUFFIX}"))
    found = compute(document, files, root=None if paths else judge_paths.SCENARIOS)
    if as_json:
        click.echo(json.dumps(found.as_json(), ensure_ascii=False, indent=2))
    else:
        click.echo(found.render(full=full), nl=False)


