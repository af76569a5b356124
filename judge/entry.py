"""Console entry points (the ``judge`` script: :func:`script`; ``python -m judge``: :func:`main`).

The lookup commands are answered without click: a lookup must start about as fast as the
interpreter, and importing click alone costs more than that. :data:`FAST` names, for each such
command, the function that reads its command line; it returns an exit code, or None when the
command line needs click (help, an unknown option ...). Everything else goes to
:mod:`judge.cli`.

Adding a fast command (``judge card GAME NAME`` once the card database can be looked up by
name, say): a ``*_main(argv)`` that reads its command line with :func:`judge.fastargs.parse`
and answers with :func:`judge.fastargs.answer` (SQLite through :mod:`judge.sqlite_light`), the
click command calling the same function for its output, and an entry here. Its modules must not
import click, networkx, lark or jinja2, nor (a lookup's) a standard-library module that is not
built in or frozen; tests/rules/test_fast_paths.py checks every entry of FAST (imports, same
output as click) and wants command lines for each.

``judge check`` is on this path too, though not a lookup (:mod:`judge.commands.checking`): a
suite of scenarios is checked again and again, and click's import is a fixed cost of every
check (it loads the engine, and lark only when a scenario must be parsed).
"""

import os
import sys

# command -> (module, function); explicit, no registration by import.
FAST: dict[str, tuple[str, str]] = {
    "rule": ("judge.rules.fastcli", "rule_main"),
    "define": ("judge.rules.fastcli", "define_main"),
    "search": ("judge.rules.fastcli", "search_main"),
    "history": ("judge.rules.fastcli", "history_main"),
    "card": ("judge.carddb.show", "card_main"),     # a card by name; card text goes to click
    # not a lookup: a suite of scenarios checked again and again (judge/commands/checking.py)
    "check": ("judge.commands.checking", "check_main"),
}


# Click commands whose process, run as the judge script, also ends as soon as its output is
# flushed: they write no file that is left open (caches and outputs are written and closed, or
# renamed into place, as they go), and they leave many objects behind (``judge check``: the
# grammars, card texts and every scenario's run), which the interpreter's teardown would free
# one by one for nothing.
END_AT_ONCE = frozenset({"check"})

INTERNAL_ERROR = 70     # EX_SOFTWARE


def main() -> None:
    """``python -m judge``. Nothing the user does prints a traceback: input errors (JudgeError,
    and OS, Unicode, JSON, TOML, SQLite and number-conversion errors, turned into one with the
    path and the cause) exit 2; Ctrl-C exits 130 and a closed pipe quietly; anything else is a
    bug in judge, said in one line (exit 70; JUDGE_DEBUG=1 shows the traceback)."""
    _guarded(end_fast_at_once=False)


def script() -> None:
    """The ``judge`` command (bin/judge): :func:`main`, except that a fast command's process
    ends as soon as its output is flushed. A lookup only reads, so the interpreter's teardown
    (freeing every module and object one by one: about a fifth of a bare interpreter's start)
    would free nothing the system does not free at exit."""
    _guarded(end_fast_at_once=True)


def _guarded(*, end_fast_at_once: bool) -> None:
    for stream in (sys.stdout, sys.stderr):
        try:    # text from the command line that is not UTF-8 is written back byte for byte
            stream.reconfigure(errors="surrogateescape")
        except (AttributeError, ValueError):
            pass
    try:
        code = fast(sys.argv[1:])
        if code is None:
            from judge import dataclass_code
            from judge.cli import main as cli_main
            dataclass_code.enable()     # the other commands load the engine's dataclasses
            ended: SystemExit | None = None
            try:
                cli_main()
            except SystemExit as done:
                ended = done
            finally:
                dataclass_code.save()
            if ended is None:
                return
            if end_fast_at_once and sys.argv[1:2] and sys.argv[1] in END_AT_ONCE:
                _end_now(ended.code)
            raise ended
        if end_fast_at_once:
            sys.stdout.flush()
            sys.stderr.flush()
            os._exit(code)
        sys.exit(code)
    except SystemExit:
        raise
    except KeyboardInterrupt:
        _write_err("judge: interrupted")
        sys.exit(130)
    except BrokenPipeError:
        _silence_stdout()
        sys.exit(1)
    except BaseException as err:  # noqa: BLE001 - the last net: no traceback for the user
        sys.exit(report(err))


def _end_now(code: object) -> None:
    """Leave with ``code`` (a SystemExit's) once the output is flushed, as sys.exit would."""
    if code is None:
        code = 0
    elif not isinstance(code, int):
        _write_err(str(code))
        code = 1
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code)


def fast(argv: list[str]) -> int | None:
    """Answer ``argv`` with its FAST command, if it has one and that command reads it; the
    exit code, or None."""
    target = FAST.get(argv[0]) if argv else None
    if target is None or "-h" in argv or "--help" in argv:
        return None
    module_name, function = target
    module = __import__(module_name, fromlist=[function])
    return getattr(module, function)(argv[1:])


def report(err: BaseException) -> int:
    """Print ``err`` for the user; the exit code."""
    from judge.errors import from_exception
    judged = from_exception(err)
    if judged is not None:
        _write_err(judged.render())
        return judged.exit_code
    if os.environ.get("JUDGE_DEBUG"):
        import traceback
        traceback.print_exception(err)
    else:
        _write_err(f"judge: internal error ({type(err).__name__}: {str(err)[:300]}); this is a "
                   "bug in judge, not in your input. Run again with JUDGE_DEBUG=1 to see where.")
    return INTERNAL_ERROR


def _write_err(text: str) -> None:
    try:
        sys.stderr.write(text + "\n")
        sys.stderr.flush()
    except (OSError, ValueError):
        pass


def _silence_stdout() -> None:
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass


if __name__ == "__main__":  # pragma: no cover
    main()
