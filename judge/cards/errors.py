"""Errors in card text: raised in strict mode for the first clause the grammar cannot read;
and the two the readers raise inside a parse, which the reader turns into an unparsed part."""

from __future__ import annotations

from judge.errors import JudgeError


class CardSyntaxError(JudgeError):
    """A clause of card text that the game's card grammar does not recognise.

    ``offset`` is the character offset into the card text; ``line``/``column`` (1-based) and
    ``line_text`` locate it for the caret rendering of :meth:`JudgeError.render`.
    """

    def __init__(self, message: str, *, text: str, offset: int, path: str | None = None,
                 expected: str | None = None, suggestion: str | None = None) -> None:
        offset = max(0, min(offset, len(text)))
        line_start = text.rfind("\n", 0, offset) + 1
        line_end = text.find("\n", offset)
        if line_end < 0:
            line_end = len(text)
        super().__init__(message, path=path or "<card>", line=text.count("\n", 0, offset) + 1,
                         column=offset - line_start + 1, line_text=text[line_start:line_end],
                         expected=expected, suggestion=suggestion)
        self.offset = offset
        self.text = text


class NotAKeyword(Exception):
    """A capitalised word used as an instruction that no rule of the game defines: the
    sentence is not read (an unknown word is not a keyword by its shape alone)."""


class NoValue(Exception):
    """A phrase the grammar reads but no value holds yet ("when this banishes a card and
    ..."): the sentence is reported unparsed at ``at`` with ``reason``, never half read."""

    def __init__(self, reason: str, at: int | None) -> None:
        super().__init__(reason)
        self.reason, self.at = reason, at
