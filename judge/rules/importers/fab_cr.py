"""Importer for the newer Flesh and Blood Comprehensive Rules text (format ``fab-cr``).

Two variants of the same numbering family are accepted without any switch:

* the web export (rulebook/fab/fab-cr-section4.txt): every rule and heading ends with ``§``,
  blank lines between paragraphs, "Skip to content" navigation noise;
* the plain full text (e.g. CR 2.10.1): no ``§``, one paragraph per line, chapters 1-9.

Structure: ``4 Game Structure`` (top level) and short titles such as ``4.1 Starting a Game`` are
SECTION nodes; ``4.1.4a text`` lines are rules; unnumbered lines continue the current node, except
``Example: ...`` and ``Note: ...`` paragraphs, which become its examples. In a chapter titled
"Keywords" or "Glossary" (chapter 8 of the full CR), the entry headings ``8.3.5 Go again`` are
GLOSSARY nodes: they keep their number as key (rules cite them as ``[8.3.5]``) and the printed term
as title and alias, plus the "written as" form (``Arcane Barrier N``) when the text gives one.

Cross-references are the bracketed numbers ``[4.1][1.3.2d]``; they stay in the text as printed
and become RawRefs (many point outside a partial document; the graph decides).
"""

from __future__ import annotations

import re

from judge.errors import RulebookFormatError
from judge.rules.importers._fab import (
    Draft, Sequencer, clean_line, example_line, looks_like_heading, no_rule_error,
    resolve_parent, sentence_title,
)
from judge.rules.model import ImportedDocument, Manifest, NodeKind, RawRef

_RULE_LINE = re.compile(r"(\d+(?:\.\d+)*[a-z]?)(?:[ \t]+|$)")
_SECTION_MARK = re.compile(r"[ \t]*§[ \t]*$")
_NOISE = re.compile(r"^\s*(?:Skip to (?:main )?content|Back to top)\s*$", re.IGNORECASE)
_BRACKET_REF = re.compile(r"\[(\d+(?:\.\d+)*[a-z]?)\]")
_GLOSSARY_CHAPTER = re.compile(r"^(?:keywords?|glossary)$", re.IGNORECASE)
_V1_TOC_TITLE = re.compile(r"^(?:TABLE OF )?CONTENTS$")


def find_refs(raw: str, line: int) -> list[RawRef]:
    if "[" not in raw:
        return []
    return [RawRef(m.group(1), m.group(0), line) for m in _BRACKET_REF.finditer(raw)]


def _keyword_aliases(term: str, first_text: str) -> tuple[str, ...]:
    aliases = [term]
    # "Loses (non-numerical property)", "Pairs [with OBJECT]" are looked up by their first words
    short = re.sub(r"\s*[(\[].*$", "", term)
    if short and short != term:
        aliases.append(short)
    # 'Arcane Barrier is written as "Arcane Barrier N" which means ...'
    m = re.search(r'written (?:as|in the format) "([^"]+)"', first_text)
    if m is not None and m.group(1).lower().startswith(term.lower()) and m.group(1) != term:
        aliases.append(m.group(1))
    return tuple(aliases)


def import_text(text: str, manifest: Manifest, path: str) -> ImportedDocument:
    lines = [ln.rstrip("\r") for ln in text.split("\n")]
    if not text.strip():
        raise no_rule_error(path, lines, "the file is empty",
                            "Flesh and Blood comprehensive rules such as '4.1.4a text'")

    seq = Sequencer(path)
    drafts: list[Draft] = []
    duplicates: list[tuple[str, int]] = []
    cur: Draft | None = None
    in_glossary = False

    for idx, raw in enumerate(lines):
        lineno = idx + 1
        stripped = raw.strip()
        if not stripped or (stripped[0] in "SBTsbt" and _NOISE.match(stripped)):
            continue
        body_raw = _SECTION_MARK.sub("", stripped) if "§" in stripped else stripped
        m = _RULE_LINE.match(body_raw) if body_raw[:1].isdigit() else None
        key = None
        if m is not None:
            number, rest = m.group(1), clean_line(body_raw[m.end():])
            key = seq.offer(number, rest, lineno, raw)
        if key is not None:
            assert m is not None
            if key != number:
                duplicates.append((number, lineno))
            kind, title, body = NodeKind.RULE, None, rest
            depth = number.count(".")
            if depth == 0:
                kind, title, body = NodeKind.SECTION, rest, ""
                in_glossary = bool(_GLOSSARY_CHAPTER.match(rest))
            elif number[-1].isdigit() and looks_like_heading(rest):
                kind, title, body = NodeKind.SECTION, rest, ""
                if in_glossary and depth >= 2:
                    kind = NodeKind.GLOSSARY
            elif number[-1].isdigit() and (t := sentence_title(rest)) is not None:
                kind, title = NodeKind.SECTION, t
            cur = Draft(key, number, kind, title, lineno, lineno)
            if body:
                cur.add_text(lineno, body)
            cur.refs.extend(find_refs(raw, lineno))
            drafts.append(cur)
            continue

        if cur is None:
            if _V1_TOC_TITLE.match(stripped):
                raise RulebookFormatError(
                    "this looks like the Comprehensive Rules v1.x PDF layout (a table of contents), "
                    "not the fab-cr format", path=path, line=lineno, column=1, line_text=raw,
                    expected="numbered rules such as '4.1.4a text' from the first line",
                    suggestion="format = \"fab-v1\" in the document's manifest")
            continue  # anything before the first rule (titles, navigation)
        clean = clean_line(body_raw)
        if not clean:
            continue
        cur.refs.extend(find_refs(raw, lineno))
        ex = example_line(clean)
        if ex is not None:
            cur.add_example(lineno, ex[0], ex[1])
        else:
            cur.add_text(lineno, clean)

    if not drafts:
        raise no_rule_error(path, lines, "this is not a Flesh and Blood comprehensive rules text",
                            "numbered rules such as '4.1.4a text'")

    keys = {d.key for d in drafts}
    nodes = []
    for d in drafts:
        if d.kind is NodeKind.GLOSSARY and d.title:
            first = d.paras[0].text if d.paras else ""
            d.aliases = _keyword_aliases(d.title, first)
        nodes.append(d.finish(resolve_parent(d.number, keys)))
    return ImportedDocument(manifest=manifest, nodes=tuple(nodes), duplicates=tuple(duplicates))
