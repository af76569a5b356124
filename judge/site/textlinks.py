"""Rule text -> segments with links: explicit cross-references (``cites``), references that do
not resolve (``dangling``, marked, not linked) and glossary / keyword mentions.

The graph keeps each reference's exact source text (``raw``) and each mention's matched words;
they are found again in the text here. A reference whose source text the importer removed from
the body (WoW glossary "(701.3)", Ashes "(See [4.2.3 ...](#))") is not in the text: it is still
listed under the rule's "Cites".
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from markupsafe import Markup, escape


@dataclass(frozen=True, slots=True)
class Link:
    raw: str          # the words to find in the text
    kind: str         # "cite" | "dangling" | "mention"
    href: str | None  # None for dangling references
    title: str        # tooltip: what the link leads to (or why it leads nowhere)
    every: bool       # link every occurrence (references) or only the first (mentions)


@dataclass(frozen=True, slots=True)
class Segment:
    text: str
    kind: str | None = None
    href: str | None = None
    title: str = ""


_PRIORITY = {"cite": 0, "dangling": 0, "mention": 1}


@lru_cache(maxsize=4096)
def _pattern(raw: str) -> re.Pattern[str]:
    left = r"(?<![\w-])" if raw[0].isalnum() else ""
    right = r"(?![\w-])" if raw[-1].isalnum() else ""
    return re.compile(left + re.escape(raw) + right)


def _occurrences(text: str, raw: str) -> list[tuple[int, int]]:
    if not raw or raw not in text:
        return []
    return [(m.start(), m.end()) for m in _pattern(raw).finditer(text)]


def segments(text: str, links: list[Link]) -> list[Segment]:
    """Split ``text`` into plain and linked segments. References win over mentions where they
    overlap, then the earlier and longer match; spans never overlap."""
    spans: list[tuple[int, int, int, Link]] = []
    for link in links:
        found = _occurrences(text, link.raw)
        if not link.every:
            found = found[:1]
        spans += [(start, end, _PRIORITY[link.kind], link) for start, end in found]
    spans.sort(key=lambda s: (s[2], s[0], -(s[1] - s[0])))
    chosen: list[tuple[int, int, Link]] = []
    for start, end, _, link in spans:
        if all(end <= s or start >= e for s, e, _ in chosen):
            chosen.append((start, end, link))
    chosen.sort(key=lambda s: s[0])
    out: list[Segment] = []
    pos = 0
    for start, end, link in chosen:
        if start > pos:
            out.append(Segment(text[pos:start]))
        out.append(Segment(text[start:end], link.kind, link.href, link.title))
        pos = end
    if pos < len(text):
        out.append(Segment(text[pos:]))
    return out


_NOT_HERE = Markup('<span class="visually-hidden"> (not in this document)</span>')


def to_html(parts: list[Segment]) -> Markup:
    """Segments as HTML: every piece of text escaped (rule text may contain ``<``), references
    and mentions as links, dangling references marked and not linked."""
    out = []
    for s in parts:
        text = escape(s.text)
        if s.kind == "dangling":
            out.append(Markup('<span class="xref dangling" title="{}">{}{}</span>').format(
                s.title, text, _NOT_HERE))
        elif s.kind:
            out.append(Markup('<a class="xref {}" href="{}" title="{}">{}</a>').format(
                s.kind, s.href, s.title, text))
        else:
            out.append(text)
    return Markup("").join(out)
