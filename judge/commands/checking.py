"""``judge check`` without click: running scenario files and comparing their ``expect`` lines.

``judge check`` is started again and again over a suite of scenarios, and importing click (with
the standard-library modules it brings: datetime, uuid, platform, threading, gettext, locale,
typing ...) costs more CPU than two dozen warm scenarios. The ``judge`` script reads a plain
``check`` command line here (:func:`check_main`, an entry of :data:`judge.entry.FAST`); anything
else (help, an unknown or malformed option) goes to the click command
(:func:`judge.commands.scenarios.check`), which runs the same :func:`run`. Progress: with
standard error on a terminal, click's progress bar (click is imported for it there); otherwise
its label once, as click's bar writes it when hidden.
"""

from __future__ import annotations

import gc
import json
import os
import sys
from pathlib import Path

from judge.errors import JudgeError, UsageError, shown

SCENARIO_SUFFIX = ".scn"


def check_main(argv: list[str]) -> int | None:
    """``judge check PATH... [--json] [--jobs N]``: the exit code, or None when click must read
    the command line."""
    from judge import fastargs
    got = fastargs.parse(argv, {"--json": "as_json"}, {"--jobs": "jobs", "-j": "jobs"})
    if got is None or not got[0]:
        return None
    paths, opts = got
    jobs = opts.get("jobs", "0")
    if not (isinstance(jobs, str) and jobs.isdigit() and jobs.isascii()):
        return None          # click says what is wrong with it
    from judge import dataclass_code
    dataclass_code.enable()     # as judge.entry does for the click commands
    try:
        return _answer([Path(p) for p in paths], as_json=bool(opts.get("as_json")),
                       jobs=int(jobs))
    finally:
        dataclass_code.save()


def _answer(paths: list[Path], *, as_json: bool, jobs: int) -> int:
    """:func:`run`, its errors and warnings shown as judge.cli's group shows them."""
    try:
        return run(tuple(paths), as_json=as_json, jobs=jobs, progress=_progress, echo=_echo)
    except BrokenPipeError:
        raise                # the reader closed our output: judge.entry ends quietly
    except Exception as err:
        code = shown(err, echo=_echo, notices=_notices)
        if code is None:
            raise                        # a bug: judge.entry says so without a traceback
        return code
    finally:
        _notices()


def _notices() -> None:
    """Installed user documents skipped because they are broken, once (judge.cli)."""
    from judge.rules.problems import take_notices
    for notice in take_notices():
        _echo(notice, err=True)


def run(paths: tuple[Path, ...], *, as_json: bool, jobs: int, progress, echo) -> int:
    """Check the scenario files and folders ``paths``; print the summary with ``echo(text,
    err=False)``, ``progress(length)`` being a context manager whose ``update(1, path)`` is
    called per file. The exit code: 2 if a scenario cannot be read, 1 if an expectation
    fails, else 0."""
    files = _scenario_files(paths)
    summary = _Summary()
    with progress(len(files)) as bar:
        for path, outcome in _outcomes(files, jobs):
            bar.update(1, path)
            _add(summary, path, outcome)
    if as_json:
        echo(json.dumps(summary.as_json(), ensure_ascii=False, indent=2))
    else:
        _print_summary(summary, echo)
    if summary.errors:
        return 2
    if summary.failed:
        return 1
    return 0


def click_progress(length: int):
    """click's progress bar, as ``judge check`` shows it."""
    import click
    return click.progressbar(length=length, label="checking", file=sys.stderr,
                             item_show_func=lambda p: str(p) if p else None)


class _Hidden:
    """click's progress bar where standard error is no terminal: its label, once."""

    def __init__(self, length: int) -> None:
        _echo("checking", err=True)

    def __enter__(self) -> "_Hidden":
        return self

    def __exit__(self, *exc) -> None:
        return None

    def update(self, n: int, item=None) -> None:
        return None


def _progress(length: int):
    stream = sys.stderr
    try:
        shown = stream.isatty()
    except (AttributeError, ValueError):
        shown = False
    return click_progress(length) if shown else _Hidden(length)


def _echo(text: str, err: bool = False) -> None:
    """``click.echo(text, err=err)`` for judge check's output: the text and a new line, flushed.
    Text with an escape character goes through click, which strips ANSI codes where the output
    is no terminal."""
    if "\x1b" in text:
        import click
        click.echo(text, err=err)
        return
    stream = sys.stderr if err else sys.stdout
    stream.write(text + "\n")
    stream.flush()


class _Summary:
    """What ``judge check`` found (a plain class: this module is imported before the dataclass
    code cache is enabled, judge.dataclass_code)."""

    def __init__(self) -> None:
        self.scenarios = 0
        self.expectations = 0
        self.passed = 0
        self.failed: list[dict] = []
        self.not_modelled: list[dict] = []
        self.errors: list[dict] = []

    def as_json(self) -> dict:
        return {"scenarios": self.scenarios, "expectations": self.expectations,
                "passed": self.passed, "failed": self.failed,
                "not_modelled": self.not_modelled, "errors": self.errors}


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
    # The first file loads the engine and its game's modules: hundreds of thousands of objects
    # that stay, which the collector would walk some fifty times over while they are made
    # (about 1 % of a check of the bundled scenarios); no collection until it is checked.
    collecting = gc.isenabled()
    gc.disable()
    try:
        try:
            first = _outcome(files[0])
        finally:
            # what is loaded by now (modules, grammars) stays: the collector need not walk it
            # again (frozen before collecting resumes, or its first pass would walk it all)
            gc.freeze()
            if collecting:
                gc.enable()
        yield files[0], first
        rest = files[1:]
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


def _print_summary(summary: _Summary, echo) -> None:
    for error in summary.errors:
        echo(error["rendered"], err=True)
    for failure in summary.failed:
        echo(f"{failure['file']}:{failure['line']}: FAIL {failure['expected']}\n"
                   f"    found: {failure['actual']}")
    for item in summary.not_modelled:
        echo(f"{item['file']}: not modelled: {item['what']}")
    from judge.engine.trace import plural
    echo(f"{plural(summary.scenarios, 'scenarios')}, "
               f"{plural(summary.expectations, 'expectations')}: "
               f"{summary.passed} passed, {len(summary.failed)} failed"
               + (f", {plural(len(summary.errors), 'scenarios')} with errors"
                  if summary.errors else "")
               + (f"; {plural(len(summary.not_modelled), 'things')} not modelled"
                  if summary.not_modelled else ""))
