"""Importer for the UFS Living Game Rules (manifest format ``ufs``).

Shape of the source (``rulebook/ufs/ufs-lgr-0.9.txt``)::

    <preamble, version history>
    TABLE OF CONTENTS
    A. General Rules                   <- table of contents: heading lines up to the first blank line
        A.1 Objective of the Game
    ...

    A. General Rules                   <- letter heading        -> SECTION "A"
    A.1 Objective of the Game          <- two-part number       -> SECTION "A.1"
        Players can win ...            <- unnumbered prose      -> text of its owner
        A.1.1 If a player's ...        <- three or more parts   -> RULE "A.1.1"
            Note: See B.6.1 ...        <- "Note:" line          -> Example(label="Note")

Decisions (documented so lint and tests can rely on them):

* Parents follow the numbering (``G.2.1.3.1.1`` -> ``G.2.1.3.1`` -> ... -> ``G``); a missing
  ancestor is skipped in favour of the nearest existing one.
* Unnumbered prose and notes belong to the nearest open node that is indented less than the
  line (indentation varies by a space or two, so "less than" rather than "one level"); a line
  at or left of every open node belongs to the innermost one. This is how the source attaches
  e.g. the note after G.5.2.1.2 (printed at the indent of G.5.2.1) to G.5.2.
* A number printed twice keeps both nodes: the later one gets ``<number>~2`` (``~3`` ...).
* Numbered children of a section titled "... Terminology" or "Definitions" whose text
  defines a quoted term (``A "game event" is ...``) are GLOSSARY nodes: key stays the number,
  ``title`` is the first quoted term and ``aliases`` all quoted terms of the first sentence.
* Body text is the source words with layout whitespace collapsed; each source line is one
  text line. A "Note:" printed inside a rule line (J.1.1) is left in the text as printed.
* Cross-references: ``(see E.2.2)`` / ``(see I. Keywords)`` (raw = the parenthesis),
  ``See B.6.1`` (raw = "See B.6.1"), and any other rule number printed in the text
  (``as per C.3.3.4.1``; raw = the number).
* RulebookFormatError: no numbered rule at all (empty, foreign or truncated file), or a
  rule number printed with no text after it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from judge.errors import RulebookFormatError
from judge.rules.model import (Example, ImportedDocument, Manifest, NodeKind, RawRef,
                               RuleNode)

_LETTER_HEADING = re.compile(r"[ \t]*([A-Z])\.[ \t]+(\S.*)")
_NUMBERED = re.compile(r"[ \t]*([A-Z](?:\.\d+)+)(?=\s|$)[ \t]*(?:-[ \t]+)?(.*)")
_TOC_HEADER = re.compile(r"^\s*table of contents\s*$", re.IGNORECASE)
_NOTE = re.compile(r"^Note\s*:\s*(.*)$")

# One scan finds every form; at a given position the first alternative wins, so a number
# inside "(see E.2.2)" is reported once, as the parenthesis.
_REFERENCE = re.compile(
    r"\((?i:see)\s+(?:(?P<paren>[A-Z](?:\.\d+)+)\.?|(?P<paren_letter>[A-Z])\.\s+[^()]*)\)"
    r"|\b(?i:see)\s+(?:(?P<see>[A-Z](?:\.\d+)+)(?!\w|\.\d)"
    r"|(?P<see_letter>[A-Z])\.\s+[A-Z][a-z]+(?:\s+[A-Z][a-z]+)*)"
    r"|(?<![\w.])(?P<bare>[A-Z](?:\.\d+)+)(?!\w|\.\d)")

_MAY_REFER = re.compile(r"\.\d|[sS][eE][eE]\s")  # cheap pre-check: most lines cite nothing
_DEFINITIONS_TITLE = re.compile(r"terminolog|definition", re.IGNORECASE)
_QUOTED = re.compile(r"[\"\u201c]([^\"\u201c\u201d]+)[\"\u201d]")


@dataclass
class _Draft:
    number: str
    kind: NodeKind
    title: str | None
    line: int
    indent: int
    lines: list[tuple[int, str]] = field(default_factory=list)
    examples: list[Example] = field(default_factory=list)
    refs: list[RawRef] = field(default_factory=list)

    @property
    def end_line(self) -> int:
        ends = [self.line, *(n for n, _ in self.lines), *(e.line for e in self.examples)]
        return max(ends)


def _clean(text: str) -> str:
    return " ".join(text.split())


def _indent(line: str) -> int:
    return len(line.expandtabs(4)) - len(line.expandtabs(4).lstrip())


def _refs(text: str, line: int) -> list[RawRef]:
    """Explicit cross-references in one cleaned source line, in order of appearance."""
    if not _MAY_REFER.search(text):
        return []
    return [RawRef(target=next(g for g in m.groups() if g), raw=m.group(0), line=line)
            for m in _REFERENCE.finditer(text)]


def _error(path: str, message: str, line: int, line_text: str, *, column: int | None = None,
           expected: str | None = None) -> RulebookFormatError:
    return RulebookFormatError(message, path=path, line=line, column=column,
                               line_text=line_text, expected=expected)


def _split_lines(text: str) -> list[str]:
    return [raw.rstrip("\r") for raw in text.split("\n")]


def _read_toc(lines: list[str]) -> tuple[list[tuple[str, int]], int]:
    """The table of contents (numbers and 1-based lines) and the index where the body starts."""
    start = next((i for i, raw in enumerate(lines) if _TOC_HEADER.match(raw)), None)
    if start is None:
        return [], 0
    toc: list[tuple[str, int]] = []
    i = start + 1
    while i < len(lines) and lines[i].strip():
        m = _LETTER_HEADING.match(lines[i]) or _NUMBERED.match(lines[i])
        if not m or m.group(1).count(".") > 1:
            break
        toc.append((m.group(1), i + 1))
        i += 1
    return toc, i


def _owner(stack: list[_Draft], indent: int) -> _Draft:
    for draft in reversed(stack):
        if draft.indent < indent:
            return draft
    return stack[-1]


def _parse(lines: list[str], body_start: int, path: str) -> list[_Draft]:
    drafts: list[_Draft] = []
    stack: list[_Draft] = []  # open nodes, outermost first, strictly increasing indent
    for index in range(body_start, len(lines)):
        raw = lines[index]
        lineno = index + 1
        if not raw.strip():
            continue
        indent = _indent(raw)
        letter = _LETTER_HEADING.match(raw)
        numbered = None if letter else _NUMBERED.match(raw)
        if letter or numbered:
            m = letter or numbered
            number, rest = m.group(1), _clean(m.group(2))
            if not rest:
                raise _error(path, f"rule {number} has no text", lineno, raw,
                             column=indent + len(number) + 1,
                             expected="a title or rule text after the number")
            if letter or number.count(".") == 1:
                draft = _Draft(number, NodeKind.SECTION, rest, lineno, indent)
            else:
                draft = _Draft(number, NodeKind.RULE, None, lineno, indent,
                               lines=[(lineno, rest)])
                draft.refs.extend(r for r in _refs(rest, lineno) if r.target != number)
            while stack and stack[-1].indent >= indent:
                stack.pop()
            stack.append(draft)
            drafts.append(draft)
            continue
        if not stack:
            continue  # preamble before the first heading: not rules text
        owner = _owner(stack, indent)
        body = _clean(raw)
        note = _NOTE.match(body)
        if note:
            owner.examples.append(Example(text=note.group(1), line=lineno, label="Note"))
            owner.refs.extend(_refs(note.group(1), lineno))
        else:
            owner.lines.append((lineno, body))
            owner.refs.extend(_refs(body, lineno))
    return drafts


def _ancestors(number: str):
    parts = number.split(".")
    for k in range(len(parts) - 1, 0, -1):
        yield ".".join(parts[:k])


def _is_heading(text: str) -> bool:
    """A short title line ("Card Pool", "[Character Name] Only"), not a rule sentence."""
    words = text.split()
    return ("\n" not in text and 0 < len(words) <= 6 and not text.endswith((".", ":", "!", "?"))
            and (text[0].isupper() or text[0] == "["))


def _definition_terms(text: str) -> list[str]:
    first_sentence = re.split(r"(?<=[.!?])\s", text, maxsplit=1)[0]
    return [t.strip() for t in _QUOTED.findall(first_sentence) if t.strip()]


def import_text(text: str, manifest: Manifest, path: str) -> ImportedDocument:
    lines = _split_lines(text)
    toc, body_start = _read_toc(lines)
    drafts = _parse(lines, body_start, path)

    if not any(d.kind is NodeKind.RULE for d in drafts):
        last = len(lines)
        while last > 1 and not lines[last - 1].strip():
            last -= 1
        what = "no section heading (like 'A. General Rules')" if not drafts else \
            "section headings but no numbered rule (like 'A.1.1 ...')"
        raise _error(path, f"not a UFS Living Game Rules file: {what} found "
                     f"(empty, truncated, or another format?)", last,
                     lines[last - 1] if lines else "",
                     expected="lettered sections 'A. Title', 'A.1 Title' and numbered "
                              "rules 'A.1.1 text'")

    keys: list[str] = []
    first_key: dict[str, str] = {}
    seen: dict[str, int] = {}
    duplicates: list[tuple[str, int]] = []
    for d in drafts:
        count = seen.get(d.number, 0) + 1
        seen[d.number] = count
        if count == 1:
            key = d.number
            first_key[d.number] = key
        else:
            key = f"{d.number}~{count}"
            duplicates.append((d.number, d.line))
        keys.append(key)

    by_key = {key: d for key, d in zip(keys, drafts)}
    has_children = {a for d in drafts for a in _ancestors(d.number)}
    nodes: list[RuleNode] = []
    for key, d in zip(keys, drafts):
        parent = next((first_key[a] for a in _ancestors(d.number) if a in first_key), None)
        text_body = "\n".join(t for _, t in d.lines)
        kind, title, aliases = d.kind, d.title, ()
        parent_draft = by_key.get(parent) if parent else None
        head, _, rest = text_body.partition("\n")
        if d.kind is NodeKind.RULE and _is_heading(head) and (rest or d.number in has_children):
            # "I.3.1 Breaker" (its children hold the rules), "D.2.1 Card Pool" (prose follows)
            kind, title, text_body = NodeKind.SECTION, head, rest
        elif (d.kind is NodeKind.RULE and parent_draft is not None
                and parent_draft.kind is NodeKind.SECTION
                and _DEFINITIONS_TITLE.search(parent_draft.title or "")):
            terms = _definition_terms(text_body)
            if terms:
                kind, title, aliases = NodeKind.GLOSSARY, terms[0], tuple(dict.fromkeys(terms))
        nodes.append(RuleNode(key=key, number=d.number, kind=kind, title=title, text=text_body,
                              parent=parent, line=d.line, end_line=d.end_line,
                              examples=tuple(d.examples), refs=tuple(d.refs),
                              aliases=aliases))
    return ImportedDocument(manifest=manifest, nodes=tuple(nodes),
                            duplicates=tuple(duplicates), toc=tuple(toc))
