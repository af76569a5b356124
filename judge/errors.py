"""Errors the user can cause, split by cause. Each renders as ``file:line:col`` + caret.

The CLI prints ``JudgeError.render()`` and exits 2; nothing here imports anything heavy.
"""

# On the lookup path: imports no .py module of the standard library, not even __future__
# (see judge/rules/lookup.py and tests/rules/test_fast_paths.py).


_SHOWN = 120     # characters of a long line shown around the caret


class JudgeError(Exception):
    """Base of every error caused by user input (never a bug)."""

    exit_code = 2

    def __init__(self, message: str, *, path: str | None = None, line: int | None = None,
                 column: int | None = None, line_text: str | None = None,
                 expected: str | None = None, suggestion: str | None = None,
                 hint: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.path = path
        self.line = line
        self.column = column
        self.line_text = line_text
        self.expected = expected
        self.suggestion = suggestion
        self.hint = hint

    def location(self) -> str:
        parts = [self.path or "<input>"]
        if self.line is not None:
            parts.append(str(self.line))
            if self.column is not None:
                parts.append(str(self.column))
        return ":".join(parts)

    def render(self) -> str:
        out = [f"{self.location()}: error: {self.message}"]
        if self.line_text is not None:
            text = self.line_text.rstrip("\n").expandtabs(1)
            col = max(1, self.column or 1)
            if len(text) > _SHOWN:          # a long line: the part around the caret
                start = max(0, min(col - 1 - _SHOWN // 2, len(text) - _SHOWN))
                shown = text[start:start + _SHOWN]
                col -= start
                if start > 0:
                    shown, col = "…" + shown, col + 1
                if start + _SHOWN < len(text):
                    shown += "…"
                text = shown
            out.append(f"    {text}")
            out.append("    " + " " * (col - 1) + "^")
        if self.expected:
            out.append(f"  expected: {self.expected}")
        if self.suggestion:
            out.append(f"  did you mean: {self.suggestion}")
        if self.hint:
            out.append(f"  hint: {self.hint}")
        return "\n".join(out)

    def __str__(self) -> str:  # pragma: no cover - exercised through render()
        return self.render()


class RulebookFormatError(JudgeError):
    """A rules source file does not have the structure its importer expects."""


class UnknownDocumentError(JudgeError):
    """A document or game id that is not installed."""


class UnknownRuleError(JudgeError):
    """A rule number or glossary term that is not in the document."""


class UsageError(JudgeError):
    """A command line that cannot be carried out as written."""


class LimitError(JudgeError):
    """An input larger than a limit allows (exit 2, naming the limit and how to change it; see
    :mod:`judge.limits`, which also names it ``limits.LimitError``)."""


class InputError(JudgeError):
    """A file or value that cannot be read as asked: an OS error (missing, unreadable, a
    symlink loop, an I/O error), text that is not UTF-8, broken JSON or TOML, an unreadable
    database, a number that cannot be converted. Always names the path and the cause."""


def from_os_error(err: OSError, *, path: str | None = None, doing: str | None = None) -> JudgeError:
    """``err`` as an :class:`InputError` naming the file and the operating system's reason."""
    where = path or (str(err.filename) if err.filename is not None else None)
    reason = err.strerror or str(err) or type(err).__name__
    if err.filename2 is not None:
        reason += f" ({err.filename2})"
    return InputError(f"{doing}: {reason}" if doing else reason, path=where)


def from_exception(err: BaseException, *, path: str | None = None) -> JudgeError | None:
    """An error from reading or converting input (OS, Unicode, JSON, TOML, SQLite, number
    conversion, input nested too deeply) as a JudgeError with the path and the cause; None for
    anything else (a bug, which must not be disguised as bad input)."""
    import json
    if isinstance(err, JudgeError):
        return err
    if isinstance(err, OSError):
        return from_os_error(err, path=path)
    if isinstance(err, UnicodeDecodeError):
        return InputError(f"not UTF-8 text ({err.reason} at byte {err.start})", path=path)
    if isinstance(err, UnicodeError):
        return InputError(f"text that cannot be encoded or decoded ({err})", path=path)
    if isinstance(err, json.JSONDecodeError):
        return InputError(f"not valid JSON: {err.msg}", path=path, line=err.lineno,
                          column=err.colno)
    if type(err).__name__ == "TOMLDecodeError":
        return InputError(f"not valid TOML: {err}", path=path,
                          line=getattr(err, "lineno", None), column=getattr(err, "colno", None))
    if type(err).__module__ == "sqlite3" or type(err).__module__.startswith("sqlite3."):
        from judge import paths
        return InputError(f"the rules index cannot be used: {err}", path=path or paths.cache_dir_str(),
                          hint="delete the cache folder; it is rebuilt on the next command")
    if isinstance(err, ValueError) and "integer string conversion" in str(err):
        return InputError("a number too long to convert", path=path,
                          hint="numbers in judge's input have at most a few digits")
    if isinstance(err, RecursionError):
        return InputError("input nested too deeply to read", path=path)
    if isinstance(err, MemoryError):
        return InputError("not enough memory for this input", path=path,
                          hint="see `judge` limits (JUDGE_LIMIT_*) in the README")
    return None


def shown(err: BaseException, *, echo, notices) -> int | None:
    """Show ``err`` as every ``judge`` command shows it and give its exit code: a JudgeError
    after the warnings ``notices()`` prints, an input error (:func:`from_exception`) with its
    cause; None for anything else (a bug: the caller re-raises it). ``echo(text, err=True)``
    writes to standard error (click.echo, or judge check's click-free echo)."""
    if isinstance(err, JudgeError):
        notices()
        echo(err.render(), err=True)
        return err.exit_code
    judged = from_exception(err)
    if judged is None:
        return None
    echo(judged.render(), err=True)
    return judged.exit_code
