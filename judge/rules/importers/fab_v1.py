"""Importer for the Flesh and Blood Comprehensive Rules v1.x PDF-to-text layout (format ``fab-v1``).

Layout (see rulebook/fab/fab-cr-1.4.txt):

* a title page and a TABLE OF CONTENTS (``1<TAB>INTRODUCTION ...<TAB>4``): skipped, its section
  numbers recorded in ``ImportedDocument.toc``;
* numbered rules, optionally bulleted: ``20.7.2a text``, ``- 26.5 text``, `` - 4.2.1 text``;
  ``20 Combat Chain`` (top level) and short titles such as ``20.4 Attack Step`` or
  ``6.4.2 Super-type(s)`` are SECTION nodes; unnumbered lines continue the current node;
* examples: ``Example N - ...`` / ``Example: ...`` paragraphs and inline ``(Eg. ...)``;
* the glossary section (title "Glossary"): unnumbered term headings followed by ``◆`` bullets;
* the appendix section (title "Appendix"): version notes. The whole appendix becomes the text
  of the appendix SECTION node (its notes are about other versions, not rules of this one);
  every rule number it names is recorded in ``toc`` so that lint can report the missing ones.

Cross-references: ``(Refer Section 21 - ...)``, ``(Refer to Section 12 - ...)``,
``(Refer 15.5.4 - ...)``, ``Refer section 20.4.5 of Combat Chain`` and ``section 12.3 or 12.4``
/ ``sections 4.1.6 and 5.2.2``. ``(Refer Card Legality Policy)`` names no rule and is skipped.
"""

from __future__ import annotations

import re

from judge.errors import RulebookFormatError
from judge.rules.importers._fab import (
    NUMBER, Draft, Sequencer, clean_line, example_line, has_bullet, looks_like_heading,
    matching_paren, no_rule_error, resolve_parent, sentence_title,
)
from judge.rules.model import ImportedDocument, Manifest, NodeKind, RawRef, RuleNode

_RULE_LINE = re.compile(r"(?:[-•*][ \t]+)?(?:[◆♦][ \t]*)?(\d+(?:\.\d+)*[a-z]?)(?:[ \t]+|$)")
_TOC_TITLE = re.compile(r"^\s*(?:TABLE OF )?CONTENTS\s*$", re.IGNORECASE)
_TOC_ENTRY = re.compile(r"^\s*(\d+(?:\.\d+)*)(?:\t+|\s{2,})(\S.*?)(?:\t+|\s{2,}|\s*\.{3,}\s*)(\d+)\s*$")
_APPENDIX_NUMBER = re.compile(r"(?<![\w.])(\d+\.\d+(?:\.\d+)*[a-z]?)(?![\w.]*\d)")
_VERSION_HEADING = re.compile(r"^\s*Version\b", re.IGNORECASE)
_GLOSSARY_BULLET = re.compile(r"^\s*(?:-\s*)?[◆♦•]")

_NUM = NUMBER + r"(?![A-Za-z0-9])"
_REFER = re.compile(r"\((?:\*+)?Refer(?:\s+to)?(?:\s+[Ss]ection)?\s+(" + _NUM + ")")
_REFER_BARE = re.compile(
    r"(?<!\()\bRefer(?:\s+to)?\s+[Ss]ection\s+(" + _NUM + r")(?:\s+of\s+[A-Z][A-Za-z]*(?:\s+[A-Z][A-Za-z]*)*)?")
_SECTION_MENTION = re.compile(r"\b[Ss]ections?\s+(" + _NUM + ")")
_MORE_SECTIONS = re.compile(r"(?:\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+)(" + _NUM + ")")


def find_refs(raw: str, line: int) -> list[RawRef]:
    """Every explicit cross-reference printed on one source line, in order."""
    if "efer" not in raw and "ection" not in raw:
        return []
    found: list[tuple[int, RawRef]] = []
    taken: list[tuple[int, int]] = []
    for m in _REFER.finditer(raw):
        close = matching_paren(raw, m.start())
        end = len(raw) if close < 0 else close + 1
        found.append((m.start(), RawRef(m.group(1), raw[m.start():end].rstrip(), line)))
        taken.append((m.start(), end))
    for m in _REFER_BARE.finditer(raw):
        if any(a <= m.start() < b for a, b in taken):
            continue
        found.append((m.start(), RawRef(m.group(1), m.group(0), line)))
        taken.append((m.start(), m.end()))
    for m in _SECTION_MENTION.finditer(raw):
        if any(a <= m.start() < b for a, b in taken):
            continue
        found.append((m.start(), RawRef(m.group(1), m.group(0), line)))
        pos = m.end()
        while (more := _MORE_SECTIONS.match(raw, pos)) is not None:
            found.append((more.start(1), RawRef(more.group(1), more.group(1), line)))
            pos = more.end()
    found.sort(key=lambda x: x[0])
    return [r for _, r in found]


def _glossary_aliases(term: str) -> tuple[str, ...]:
    # "Arcane Barrier N" is looked up as "Arcane Barrier" too.
    if term.endswith(" N") and len(term) > 2:
        return (term[:-2],)
    return ()


def import_text(text: str, manifest: Manifest, path: str) -> ImportedDocument:
    lines = [ln.rstrip("\r") for ln in text.split("\n")]
    n = len(lines)
    if not text.strip():
        raise no_rule_error(path, lines, "the file is empty",
                            "a Flesh and Blood comprehensive rules text ('1 Introduction ...')")

    # index of the next non-blank line after each line (glossary headings look ahead)
    next_nonblank = [n] * n
    nxt = n
    for i in range(n - 1, -1, -1):
        next_nonblank[i] = nxt
        if lines[i].strip():
            nxt = i

    seq = Sequencer(path)
    drafts: list[Draft] = []
    toc: list[tuple[str, int]] = []
    duplicates: list[tuple[str, int]] = []
    gloss_seen: dict[str, int] = {}
    cur: Draft | None = None
    mode = "preamble"           # preamble | body | glossary | appendix
    glossary_key: str | None = None
    toc_seen = False

    for idx, raw in enumerate(lines):
        lineno = idx + 1
        s = raw.strip()
        if not s:
            continue
        if mode == "preamble":
            if _TOC_TITLE.match(s):
                toc_seen = True
                continue
            m = _TOC_ENTRY.match(raw)
            if m is not None:
                toc.append((m.group(1), lineno))
                continue

        m = _RULE_LINE.match(s)
        key = None
        if m is not None:
            number, rest = m.group(1), clean_line(s[m.end():])
            if mode == "appendix" and "." in number:
                key = None  # appendix notes name rules, they are not rules
            else:
                key = seq.offer(number, rest, lineno, raw)
        if key is not None:
            assert m is not None
            if s.endswith("§"):
                raise RulebookFormatError(
                    f"rule {number} ends with '§': this is the newer web-export layout, not fab-v1",
                    path=path, line=lineno, column=len(raw.rstrip()), line_text=raw,
                    expected="the Comprehensive Rules v1.x PDF-to-text layout",
                    suggestion="format = \"fab-cr\" in the document's manifest")
            if key != number:
                duplicates.append((number, lineno))
            title = None
            kind = NodeKind.RULE
            body = rest
            if "." not in number:
                kind, title, body = NodeKind.SECTION, rest, ""
                low = rest.lower()
                mode = "glossary" if low == "glossary" else "appendix" if low.startswith("appendix") else "body"
                glossary_key = key if mode == "glossary" else None
            elif number[-1].isdigit() and looks_like_heading(rest):
                kind, title, body = NodeKind.SECTION, rest, ""
            elif number[-1].isdigit() and (t := sentence_title(rest)) is not None:
                kind, title = NodeKind.SECTION, t
            cur = Draft(key, number, kind, title, lineno, lineno, inline_examples=mode != "appendix")
            if body:
                cur.add_text(lineno, body)
            cur.refs.extend(find_refs(raw, lineno))
            drafts.append(cur)
            continue

        if cur is None:
            continue  # title page, copyright, TOC noise before the first rule

        if mode == "appendix":
            clean = clean_line(s)
            if clean:
                cur.add_text(lineno, clean)
            if not _VERSION_HEADING.match(s):
                toc.extend((num, lineno) for num in _APPENDIX_NUMBER.findall(s))
            continue

        clean = clean_line(s)
        if not clean:
            continue
        if (mode == "glossary" and not has_bullet(raw) and example_line(clean) is None
                and looks_like_heading(clean, max_len=40, max_words=6)
                and next_nonblank[idx] < n and _GLOSSARY_BULLET.match(lines[next_nonblank[idx]])):
            count = gloss_seen.get(clean, 0) + 1
            gloss_seen[clean] = count
            gkey = clean if count == 1 else f"{clean}~{count}"
            if count > 1:
                duplicates.append((clean, lineno))
            cur = Draft(gkey, clean, NodeKind.GLOSSARY, clean, lineno, lineno,
                        parent=glossary_key, aliases=_glossary_aliases(clean))
            drafts.append(cur)
            continue

        cur.refs.extend(find_refs(raw, lineno))
        ex = example_line(clean)
        if ex is not None:
            cur.add_example(lineno, ex[0], ex[1])
        elif not has_bullet(raw) and clean[0].islower() and cur.join_wrapped(lineno, clean):
            pass
        else:
            cur.add_text(lineno, clean)

    if not drafts:
        what = ("the table of contents is not followed by any rule (truncated file?)" if toc_seen or toc
                else "this is not a Flesh and Blood comprehensive rules text")
        raise no_rule_error(path, lines, what, "numbered rules such as '20.7.2a text'")

    keys = {d.key for d in drafts}
    nodes: list[RuleNode] = []
    for d in drafts:
        parent = d.parent if d.kind is NodeKind.GLOSSARY else resolve_parent(d.number, keys)
        nodes.append(d.finish(parent))
    return ImportedDocument(manifest=manifest, nodes=tuple(nodes), duplicates=tuple(duplicates),
                            toc=tuple(toc))
