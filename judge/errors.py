"""Errors the user can cause, split by cause. Each renders as ``file:line:col`` + caret.

The CLI prints ``JudgeError.render()`` and exits 2; nothing here imports anything heavy.
"""

# On the lookup path: imports no .py module of the standard library, not even __future__
# (see judge/rules/lookup.py and tests/rules/test_fast_paths.py).


class JudgeError(Exception):
    """Base of every error caused by user input (never a bug)."""

    exit_code = 2

    def __init__(self, message: str, *, path: str | None = None, line: int | None = None,
                 column: int | None = None, line_text: str | None = None,
                 expected: str | None = None, suggestion: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.path = path
        self.line = line
        self.column = column
        self.line_text = line_text
        self.expected = expected
        self.suggestion = suggestion

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
            out.append(f"    {text}")
            col = max(1, self.column or 1)
            out.append("    " + " " * (col - 1) + "^")
        if self.expected:
            out.append(f"  expected: {self.expected}")
        if self.suggestion:
            out.append(f"  did you mean: {self.suggestion}")
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
