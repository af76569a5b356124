"""Importer for the Ashes "Raven Rules" (manifest format ``ashes-raven``).

Shape of the source (``rulebook/ashes/ashes-raven-rules-1.1.txt``, a text export of a web page)::

    Raven Rules for Ashes ... Changelog ... Main differences ...   <- intro: not rules, skipped
    Table of Contents
    1.0.0 Card Errata<TAB>4                                        <- TOC entry: number title TAB page
    ...
    1.0.0 Card Errata                                              <- heading -> SECTION "1.0.0"
    1.1.0 Base Game                                                <- heading -> SECTION "1.1.0"
    1.1.1 Enchanted Violinist                                      <- errata  -> ERRATA "Enchanted Violinist"
    - Cost changed to  and 1 .                                     <- bullet  -> text line
    ...
    4.2.3 Canceling Effects                                        <- heading -> SECTION "4.2.3"
    When a triggered effect ... (See [4.2.3 Canceling Effects](#))   <- prose, links -> RawRef
    For example: ...                                               <- Example(label="For example")
    Note: ...                                                      <- Example(label="Note")
    Target: a term that ...                                        <- misplaced definition (see below)
    6.0.0 Additional Definitions
    Ability: an effect ...                                         <- GLOSSARY "Ability"

Decisions:

* Everything before the first body heading (title, intro, changelog, "Main differences",
  table of contents) is not rules text and produces no node; TOC entries go to ``toc``.
* Every numbered heading is a SECTION (title = heading text, text = its prose). Inside the
  top-level section whose title mentions "Errata", headings numbered ``a.b.c`` with ``c != 0``
  name one card: they become ERRATA nodes keyed by the card name (``title`` the name too, per
  the model); ``number`` is the printed number (``1.1.2``), by which a judge cites the erratum
  (``judge rule ashes-raven-1.1 1.1.2``), and ``aliases`` keep it for term lookups; their
  parent follows the numbering (``1.1.1`` -> ``1.1.0`` the set heading -> ``1.0.0``). TOC entries for those
  numbers are recorded under the card name, the form keys take.
* Inside the top-level section whose title mentions "Definitions", each paragraph shaped
  ``Term: definition`` starts a GLOSSARY node keyed by the term; following bullets and
  paragraphs belong to it. ``Term: definition`` paragraphs printed directly above that
  heading (the source's "Target" entry) belong to the glossary too. Nodes are in source
  (line) order, so "Target" (line 543) comes just before its parent "6.0.0" (line 545).
* Paragraphs starting "For example:" or "Note:" are examples of the current node;
  a "**Note:**" inside a paragraph stays in the text.
* Text: markdown links become their link text, ``**``/``*`` emphasis and bullet markers are
  dropped, a paragraph split by a page break (no final punctuation, next paragraph starts in
  lower case) is re-joined with a space. Gaps left by lost icons are kept as they are.
* Parents follow the numbering: ``4.2.3`` -> ``4.2.0`` (or ``4.2``) -> ``4.0.0`` (or ``4``),
  skipping missing ones. A repeated heading number gets ``<number>~2``.
* RulebookFormatError: no numbered heading (empty, foreign, or truncated after the table
  of contents), or a heading number with no title.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from judge.errors import RulebookFormatError
from judge.rules.model import (Example, ImportedDocument, Manifest, NodeKind, RawRef,
                               RuleNode)

_NUMBER = r"\d+(?:\.\d+){2}"
_TOC_ENTRY = re.compile(rf"^[ \t]*({_NUMBER})[ \t]+(.*?)\t+\d+[ \t]*$")
_HEADING = re.compile(rf"^[ \t]*({_NUMBER})(?=\s|$)[ \t]*(.*?)\s*$")
_BULLET = re.compile(r"^[ \t]*[-\u2022][ \t]+")
_EXAMPLE = re.compile(r"^(For example|Note)\s*:\s*(.*)$", re.DOTALL)
_DEFINITION = re.compile(r"^([A-Z][\w'\u2019-]*(?: [\w'\u2019-]+){0,3})\s*:\s+(\S.*)$", re.DOTALL)
_NOT_TERMS = {"note", "for example", "example", "e.g"}

_LINK = re.compile(r"\[([^\[\]]*)\]\([^()]*\)")
_SEE_LINK = re.compile(r"\((?i:see)(?:\s+also)?\s+\[([^\[\]]*)\]\([^()]*\)\)")
_LINK_NUMBER = re.compile(rf"^({_NUMBER})\b")
_STRONG = re.compile(r"\*\*")
_EMPHASIS = re.compile(r"(?<!\w)\*(?=\S)|(?<=\S)\*(?!\w)")
_END_PUNCT = tuple('.:!?;)"\u201d\'')


@dataclass
class _Para:
    """One paragraph (or list item), its cleaned text and where it came from."""

    line: int
    end: int
    text: str
    raw: str
    bullet: bool
    refs: list[RawRef]


@dataclass
class _Draft:
    number: str
    title: str
    kind: NodeKind
    line: int
    top: str  # first component of the number: the top-level section it lies in
    items: list[_Para] = field(default_factory=list)


def _error(path: str, message: str, line: int, line_text: str, *, column: int | None = None,
           expected: str | None = None) -> RulebookFormatError:
    return RulebookFormatError(message, path=path, line=line, column=column,
                               line_text=line_text, expected=expected)


def _clean(raw: str) -> str:
    text = _BULLET.sub("", raw, count=1)
    text = _LINK.sub(lambda m: m.group(1), text)
    text = _STRONG.sub("", text)
    text = _EMPHASIS.sub("", text)
    return text.lstrip(" ").rstrip()


def _link_target(label: str) -> str:
    m = _LINK_NUMBER.match(label.strip())
    return m.group(1) if m else label.strip()


def _refs(raw: str, line: int) -> list[RawRef]:
    found: list[tuple[int, RawRef]] = []
    taken: list[tuple[int, int]] = []
    for pattern in (_SEE_LINK, _LINK):
        for m in pattern.finditer(raw):
            if all(m.end() <= a or m.start() >= b for a, b in taken) and m.group(1).strip():
                taken.append((m.start(), m.end()))
                found.append((m.start(), RawRef(_link_target(m.group(1)), m.group(0), line)))
    return [ref for _, ref in sorted(found, key=lambda item: item[0])]


def _paragraphs(lines: list[str], start: int) -> list[_Para]:
    """Non-blank lines from ``start`` as paragraphs, page-break splits re-joined."""
    paras: list[_Para] = []
    for index in range(start, len(lines)):
        raw = lines[index]
        if not raw.strip():
            continue
        lineno = index + 1
        para = _Para(lineno, lineno, _clean(raw), raw, bool(_BULLET.match(raw)),
                     _refs(raw, lineno))
        prev = paras[-1] if paras else None
        if (prev is not None and not para.bullet and para.text[:1].islower()
                and not _HEADING.match(prev.raw) and prev.text
                and not prev.text.endswith(_END_PUNCT)):
            prev.text = f"{prev.text} {para.text}"
            prev.end = lineno
            prev.refs.extend(para.refs)
            continue
        paras.append(para)
    return paras


def _definition(para: _Para) -> tuple[str, str] | None:
    if para.bullet:
        return None
    m = _DEFINITION.match(para.text)
    if not m or m.group(1).lower() in _NOT_TERMS:
        return None
    return m.group(1), m.group(2)


def _ancestors(number: str):
    parts = number.split(".")
    significant = len(parts)
    while significant > 1 and parts[significant - 1] == "0":
        significant -= 1
    for k in range(significant - 1, 0, -1):
        yield ".".join(parts[:k] + ["0"] * (len(parts) - k))
        yield ".".join(parts[:k])


def _first_content_line(lines: list[str]) -> tuple[int, str]:
    for i, raw in enumerate(lines):
        if raw.strip():
            return i + 1, raw
    return 1, lines[0] if lines else ""


def import_text(text: str, manifest: Manifest, path: str) -> ImportedDocument:
    lines = [raw.rstrip("\r") for raw in text.split("\n")]

    toc_raw: list[tuple[str, int]] = []
    body_start = None
    for index, raw in enumerate(lines):
        if entry := _TOC_ENTRY.match(raw):
            toc_raw.append((entry.group(1), index + 1))
        elif _HEADING.match(raw):
            body_start = index
            break
    if body_start is None:
        if toc_raw:
            line = toc_raw[-1][1]
            raise _error(path, "the table of contents is not followed by any section heading: "
                         "the file is truncated before the first rule", line, lines[line - 1],
                         expected="a heading such as '1.0.0 Card Errata' after the contents")
        line, raw = _first_content_line(lines)
        raise _error(path, "not an Ashes Raven Rules file: no numbered section heading "
                     "(like '4.2.3 Canceling Effects') found", line, raw,
                     expected="headings '<n>.<n>.<n> <title>' followed by prose")

    drafts: list[_Draft] = []
    tops: dict[str, str] = {}  # top-level number component -> title of its x.0.0 heading
    for para in _paragraphs(lines, body_start):
        if entry := _TOC_ENTRY.match(para.raw):
            toc_raw.append((entry.group(1), para.line))
            continue
        heading = _HEADING.match(para.raw)
        if heading:
            number, title = heading.group(1), _clean(heading.group(2))
            if not title:
                raise _error(path, f"section heading {number} has no title", para.line,
                             para.raw, column=para.raw.find(number) + len(number) + 1,
                             expected="a title after the number, e.g. '4.2.3 Canceling Effects'")
            parts = number.split(".")
            top = parts[0]
            if all(p == "0" for p in parts[1:]):
                tops[top] = title
            kind = NodeKind.SECTION
            if parts[-1] != "0" and "errata" in tops.get(top, "").lower():
                kind = NodeKind.ERRATA
            if "definition" in title.lower() and all(p == "0" for p in parts[1:]) and drafts:
                _adopt_definitions(drafts, number, title, para, top)
                continue
            drafts.append(_Draft(number, title, kind, para.line, top))
            continue
        current = drafts[-1]
        term = _definition(para) if "definition" in tops.get(current.top, "").lower() else None
        if term is not None and not _EXAMPLE.match(para.text):
            drafts.append(_Draft(term[0], term[0], NodeKind.GLOSSARY, para.line, current.top,
                                 items=[_with_text(para, term[1])]))
            continue
        current.items.append(para)

    return _build(drafts, toc_raw, manifest)


def _with_text(para: _Para, text: str) -> _Para:
    return _Para(para.line, para.end, text, para.raw, para.bullet, para.refs)


def _adopt_definitions(drafts: list[_Draft], number: str, title: str, heading: _Para,
                       top: str) -> None:
    """Open the definitions section, taking over ``Term: text`` paragraphs printed above it."""
    previous = drafts[-1]
    adopted: list[_Draft] = []
    while previous.items:
        term = _definition(previous.items[-1])
        if term is None:
            break
        para = previous.items.pop()
        adopted.append(_Draft(term[0], term[0], NodeKind.GLOSSARY, para.line, top,
                              items=[_with_text(para, term[1])]))
    drafts.extend(reversed(adopted))
    drafts.append(_Draft(number, title, NodeKind.SECTION, heading.line, top))


def _build(drafts: list[_Draft], toc_raw: list[tuple[str, int]],
           manifest: Manifest) -> ImportedDocument:
    keys: list[str] = []
    seen: dict[str, int] = {}
    duplicates: list[tuple[str, int]] = []
    number_key: dict[str, str] = {}  # printed heading number -> key (errata: card name)
    for d in drafts:
        base = d.number if d.kind in (NodeKind.SECTION, NodeKind.GLOSSARY) else d.title
        count = seen.get(base, 0) + 1
        seen[base] = count
        key = base if count == 1 else f"{base}~{count}"
        if count > 1:
            duplicates.append((base, d.line))
        keys.append(key)
        if d.kind is not NodeKind.GLOSSARY:
            number_key.setdefault(d.number, key)

    definitions_key: dict[str, str] = {}
    for key, d in zip(keys, drafts):
        if d.kind is NodeKind.SECTION and "definition" in d.title.lower():
            definitions_key.setdefault(d.top, key)

    nodes: list[RuleNode] = []
    for key, d in zip(keys, drafts):
        if d.kind is NodeKind.GLOSSARY:
            parent = definitions_key.get(d.top)
        else:
            parent = next((number_key[a] for a in _ancestors(d.number) if a in number_key), None)
        examples: list[Example] = []
        text_lines: list[str] = []
        refs: list[RawRef] = []
        for item in d.items:
            m = _EXAMPLE.match(item.text) if not item.bullet else None
            if m:
                examples.append(Example(text=m.group(2), line=item.line, label=m.group(1)))
            else:
                text_lines.append(item.text)
            refs.extend(RawRef(number_key.get(r.target, r.target), r.raw, r.line)
                        for r in item.refs)
        end_line = max([d.line, *(item.end for item in d.items)])
        errata = d.kind is NodeKind.ERRATA
        nodes.append(RuleNode(
            key=key,
            number=d.number,
            kind=d.kind,
            title=d.title,
            text="\n".join(text_lines),
            parent=parent,
            line=d.line,
            end_line=end_line,
            examples=tuple(examples),
            refs=tuple(refs),
            aliases=(d.number,) if errata else (),
        ))
    nodes.sort(key=lambda n: n.line)
    toc = tuple((number_key.get(number, number), line) for number, line in toc_raw)
    return ImportedDocument(manifest=manifest, nodes=tuple(nodes),
                            duplicates=tuple(duplicates), toc=tuple(toc))
