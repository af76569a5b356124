"""``judge resolve`` (one scenario -> a ruling) and ``judge check`` (run scenarios, compare their
``expect`` lines). Scenario files are read by judge.scenario.parser, resolved by
judge.games.run.run_scenario and shown by judge.render."""

from __future__ import annotations

import gc
import json
import os
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
@click.option("--jobs", "-j", type=click.IntRange(min=0), default=0, show_default=True,
              help="Processes checking scenarios at once; 0: one per idle CPU (many files "
                   "only).")
def check(paths: tuple[Path, ...], as_json: bool, jobs: int) -> None:
    """Run scenarios (files, or folders searched for *.scn) and compare their expect lines.
    Exit 1 if an expectation fails, 2 if a scenario cannot be read."""
    files = _scenario_files(paths)
    summary = _Summary()
    with click.progressbar(length=len(files), label="checking", file=sys.stderr,
                           item_show_func=lambda p: str(p) if p else None) as bar:
        for path, outcome in _outcomes(files, jobs):
            bar.update(1, path)
            _add(summary, path, outcome)
    if as_json:
        click.echo(json.dumps(summary.as_json(), ensure_ascii=False, indent=2))
    else:
        _print_summary(summary)
    if summary.errors:
        click.get_current_context().exit(2)
    if summary.failed:
        click.get_current_context().exit(1)


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


def _run(path: Path, *, steps: bool = True):
    from judge.games.run import run_scenario
    from judge.scenario.store import parse_file     # kept between runs (user cache folder)

    return run_scenario(parse_file(path), steps=steps)


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


def _outcome(path: Path) -> dict:
    """What ``judge check`` reports of one scenario file, as plain data (it may come from a
    worker process): its error, or its expectations and what it could not model."""
    try:
        ruling = _run(path, steps=False)           # expectations only: no trace in words
    except JudgeError as err:
        return {"error": {"file": str(path), "line": err.line, "column": err.column,
                          "message": err.message, "rendered": err.render()}}
    return {"expectations": [(r.passed, r.line, r.text, r.actual)
                             for r in ruling.all_expectations],
            "not_modelled": list(ruling.all_not_modelled)}


def _add(summary: _Summary, path: Path, outcome: dict) -> None:
    summary.scenarios += 1
    if "error" in outcome:
        summary.errors.append(outcome["error"])
        return
    for passed, line, text, actual in outcome["expectations"]:
        summary.expectations += 1
        if passed:
            summary.passed += 1
        else:
            summary.failed.append({"file": str(path), "line": line,
                                   "expected": text, "actual": actual})
    for item in outcome["not_modelled"]:
        summary.not_modelled.append({"file": str(path), "what": item})


# Below this many files per process, starting processes costs more than it saves.
FILES_PER_JOB = 16


def _outcomes(files: list[Path], jobs: int):
    """(path, outcome) of every file, in the order of ``files``: in this process, or shared
    among ``jobs`` forked worker processes (0: one per idle CPU) when there are enough files.
    Workers start from this process's state (imports, loaded grammars), so the first file is
    always checked here."""
    workers = jobs or _idle_cpus()
    workers = min(workers, len(files) // FILES_PER_JOB)
    context = _fork_context() if workers > 1 else None
    yield files[0], _outcome(files[0])
    rest = files[1:]
    # what is loaded by now (modules, grammars) stays: the collector need not walk it again
    gc.freeze()
    try:
        if context is None:
            for path in rest:
                yield path, _outcome(path)
            return
        from judge.rules import lookup
        lookup.reset()      # an open sqlite connection must not be shared with a child process
        with context.Pool(workers) as pool:
            chunk = max(1, min(16, len(rest) // (workers * 4)))
            for path, outcome in zip(rest, pool.imap(_outcome_in_worker, rest, chunksize=chunk)):
                if outcome is None:      # an unexpected failure: show it as a lone run does
                    outcome = _outcome(path)
                yield path, outcome
    finally:
        gc.unfreeze()


def _outcome_in_worker(path: Path) -> dict | None:
    try:
        return _outcome(path)
    except Exception:  # noqa: BLE001 - re-run in the main process, which reports it as usual
        return None


def _idle_cpus() -> int:
    """The CPUs this process may use, less those the machine is already busy with (the load
    average of the last minute): more processes than idle CPUs only slow each other down."""
    try:
        cpus = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        cpus = os.cpu_count() or 1
    try:
        busy = int(os.getloadavg()[0])
    except (AttributeError, OSError):
        busy = 0
    return max(1, cpus - busy)


def _fork_context():
    import multiprocessing
    try:
        return multiprocessing.get_context("fork")
    except ValueError:      # no fork on this platform: check in this process
        return None


def _print_summary(summary: _Summary) -> None:
    for error in summary.errors:
        click.echo(error["rendered"], err=True)
    for failure in summary.failed:
        click.echo(f"{failure['file']}:{failure['line']}: FAIL {failure['expected']}\n"
                   f"    found: {failure['actual']}")
    for item in summary.not_modelled:
        click.echo(f"{item['file']}: not modelled: {item['what']}")
    from judge.engine.trace import plural
    click.echo(f"{plural(summary.scenarios, 'scenarios')}, "
               f"{plural(summary.expectations, 'expectations')}: "
               f"{summary.passed} passed, {len(summary.failed)} failed"
               + (f", {plural(len(summary.errors), 'scenarios')} with errors"
                  if summary.errors else "")
               + (f"; {plural(len(summary.not_modelled), 'things')} not modelled"
                  if summary.not_modelled else ""))
