"""Importer for the World of Warcraft TCG Comprehensive Rules (manifest format ``wow``).

The source is a markdown-ish export of the 7.4 rules (``rulebook/wow/wow-cr-7.4.txt``)::

    ## Contents                         table of contents (before the first chapter)
    # 1. Fundamentals                   chapter            -> SECTION, key "1"
    ## 100. Building a deck             section            -> SECTION, key "100"
    ## **101. Starting a game**         (emphasis in headings varies)
    100.1 Each deck is built ...        numbered rule      -> RULE,    key "100.1"
    - 100.3 Some tournaments ...        (some rules carry a list bullet, some are indented)
    ### 304.4 Golems                    headed rule        -> SECTION, key "304.4", title "Golems"
    ***Example:** You control ...*      example            -> Example attached to the node above
    *Card Name, 4, Mage, Ability ...*   quoted card text   -> part of that example's text
    ## 10. Glossary
    **Activate (701.3):** An ...        glossary entry     -> GLOSSARY, key "Activate"

Keys
----
* Chapters use their printed number without the dot (``"1"`` .. ``"10"``). Rule and section
  numbers always have three digits before any dot (``"100"``, ``"717.2a"``), so the two never
  collide.
* Glossary entries use the term as printed without its rule reference: ``**Activate (701.3):**``
  gives ``"Activate"``. Parenthesised words that are part of the term stay:
  ``**Play (Noun, 415.8):**`` gives ``"Play (Noun)"``, ``**Smash (Verb):**`` ``"Smash (Verb)"``.
* A number or term printed twice keeps the plain key the first time; later copies get ``~2``,
  ``~3`` ... and are listed in ``ImportedDocument.duplicates``.

Parents: ``717.2a`` -> ``717.2`` -> ``717`` -> chapter ``7``; a glossary entry -> the glossary
chapter. When a parent is missing from the file the node attaches to the nearest ancestor that
is present (or becomes top-level).

Text: markdown emphasis (``*``, ``**``, ``***``), ``<b>`` tags, ``$..$`` math markers, list
bullets and hard-break spaces are removed; runs of spaces are collapsed; table cells (tab
separated) are joined with `` | ``. Lines that a page break split mid-sentence (the next part
starts with a lower-case letter after a line without final punctuation) are re-joined with one
space. Other source lines (list items, card name and card text) are kept as separate lines
joined by ``\\n``. ``<p>`` stays: the rules themselves use it as the notation for a paragraph
break in card text (203.2).

Examples: an ``Example:`` / ``Examples:`` paragraph starts an :class:`Example` on the current
node; the paragraphs after it (quoted card texts, continuations) belong to that example until
the next rule, heading, list item or example.

References: each rule number in parentheses (``(410.5)``, ``(but see 103.3)``,
``(717.7, 717.8)``), each dotted rule number in running text (``follow 401.3b``), each
three-digit section number after "see", "to" or "follow(s)" (``see 708``) and each range
(``710.1a-710.1d``, expanded to every number in it) becomes a :class:`RawRef`. ``raw`` is the
reference as printed (the whole parenthesis, or the bare number / range), with emphasis
removed. Glossary entries also get their heading's rule numbers and "See **Term**" pointers
(target = the term).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from enum import Enum
from typing import Callable

from judge.errors import RulebookFormatError
from judge.rules.model import Example, ImportedDocument, Manifest, NodeKind, RawRef, RuleNode

# --------------------------------------------------------------------------- patterns

_RULE_NO = r"\d{3}\.\d+[a-z]?"
_HEADING = re.compile(r"^#{1,6}[ \t]+(.*)$")
_CHAPTER_HEAD = re.compile(r"^(\d{1,2})\.\s+(\S.*)$", re.ASCII)
_SECTION_HEAD = re.compile(r"^(\d{3})\.\s+(\S.*)$", re.ASCII)
_RULE_HEAD = re.compile(rf"^({_RULE_NO})\s+(\S.*)$", re.ASCII)
_RULE_LINE = re.compile(rf"^({_RULE_NO})(?:\s+(.*))?$", re.ASCII)
_BULLET = re.compile(r"^[-•][ \t]+")
_EXAMPLE = re.compile(r"^(Examples?)\s*:\s*(.*)$")
_TERM = re.compile(r"^\*\*(?!\*)([^*]+?)\s*:\s*\*\*\s*(.*)$")
_TOC_CELL = re.compile(r"^(\d{1,3})\.\s+\S.*?\.{2,}\s*$", re.ASCII)

_TAGS = re.compile(r"</?(?:b|i|u|em|strong)>", re.IGNORECASE)
_NOISE = re.compile(r"</?(?:b|i|u|em|strong)>|\*+", re.IGNORECASE)  # html tags, emphasis
_MATH = re.compile(r"\$([^$\n]{1,40})\$")
_SPACES = re.compile(r" {2,}")

# a rule or section number as used in references: first digit 1-8, second 0/1 (100-819)
_REF_NO = r"[1-8][01]\d(?:\.\d+[a-z]?)?"
_REF_RANGE = re.compile(rf"(?<![\w.])({_REF_NO})(?:\s*[-–]\s*({_REF_NO}))?(?![\w])", re.ASCII)
_ANY_REF = re.compile(r"[1-8][01]\d", re.ASCII)
_REF_SCAN = re.compile(
    r"\(([^()\n]*)\)"                                         # 1: a parenthesis
    rf"|(?<![\w.])([1-8][01]\d\.\d+[a-z]?)(?:\s*[-–]\s*({_REF_NO}))?(?!\w)"  # 2-3: 401.3b
    r"|\b(?:[Ss]ee|to|follows?)\s+([1-8][01]\d)(?!\w|\.\d)", re.ASCII)      # 4: "see 708"
_SEE_TERMS = re.compile(r"\bSee ([A-Z+\-][^.;]*(?:;\s*[A-Z][^.;]*)*)\.?")
_TERM_PAREN = re.compile(r"^(.*?)\s*\(([^()]*)\)$")
_PLAIN_TERM = re.compile(r"[A-Za-z][A-Za-z\- ]*[a-z]")
_WHOLE_REF_NO = re.compile(rf"^{_REF_NO}$", re.ASCII)
_SENTENCE_END = (".", "!", "?")


def _clean(text: str) -> str:
    """Remove layout noise from one source line, keeping the words."""
    if "\t" in text:
        text = " | ".join(cell.strip() for cell in text.split("\t") if _NOISE.sub("", cell).strip())
    if "<" in text:
        text = _NOISE.sub("", text)
    elif "*" in text:       # (no tag: the noise is the asterisks)
        text = text.replace("*", "")
    if "$" in text:
        text = _MATH.sub(r"\1", text)
    if "  " in text:
        text = _SPACES.sub(" ", text)
    return text.strip()


# --------------------------------------------------------------------------- line classes


class _Kind(Enum):
    BLANK = "blank"
    CHAPTER = "chapter"
    SECTION = "section"
    RULE_HEADING = "rule heading"
    OTHER_HEADING = "other heading"
    RULE = "rule"
    EXAMPLE = "example"
    TERM = "term"
    TEXT = "text"


@dataclass(slots=True)
class _Line:
    kind: _Kind
    number: int            # 1-based source line
    raw: str               # the source line, without its line break
    key: str = ""          # printed number (chapter, section, rule) or term heading
    text: str = ""         # cleaned text (rule body, heading title, example text, definition)
    bullet: bool = False


def _classify(number: int, raw: str) -> _Line:
    stripped = raw.strip()
    if not stripped:
        return _Line(_Kind.BLANK, number, raw)
    if stripped[0] == "#":
        heading = _HEADING.match(stripped)
        if heading:
            return _classify_heading(number, raw, _clean(heading.group(1)))
    bullet = _BULLET.match(stripped) if stripped[0] in "-•" else None
    content = stripped[bullet.end():] if bullet else stripped
    text = _clean(content)
    if text[:1].isdigit():
        rule = _RULE_LINE.match(text)
        if rule:
            return _Line(_Kind.RULE, number, raw, rule.group(1), rule.group(2) or "")
    if text.startswith("Example"):
        example = _EXAMPLE.match(text)
        if example:
            return _Line(_Kind.EXAMPLE, number, raw, example.group(1), example.group(2))
    if content.startswith("**") and not bullet:
        term = _TERM.match(content)
        if term:
            return _Line(_Kind.TERM, number, raw, _clean(term.group(1)), _clean(term.group(2)))
    return _Line(_Kind.TEXT, number, raw, "", text, bullet=bool(bullet))


def _classify_heading(number: int, raw: str, title: str) -> _Line:
    for kind, pattern in ((_Kind.CHAPTER, _CHAPTER_HEAD), (_Kind.SECTION, _SECTION_HEAD),
                          (_Kind.RULE_HEADING, _RULE_HEAD)):
        match = pattern.match(title)
        if match:
            return _Line(kind, number, raw, match.group(1), match.group(2).strip())
    return _Line(_Kind.OTHER_HEADING, number, raw, "", title)


# --------------------------------------------------------------------------- references


def _expand_range(first: str, last: str) -> list[str]:
    """``710.1a``-``710.1d`` -> each number; ``602.1``-``602.3`` likewise; else both ends."""
    a_head, _, a_tail = first.rpartition(".")
    b_head, _, b_tail = last.rpartition(".")
    if a_head and a_head == b_head:
        a_num, a_let = re.match(r"(\d+)([a-z]?)$", a_tail).groups()
        b_num, b_let = re.match(r"(\d+)([a-z]?)$", b_tail).groups()
        if a_num == b_num and a_let and b_let and a_let < b_let:
            return [f"{a_head}.{a_num}{chr(c)}" for c in range(ord(a_let), ord(b_let) + 1)]
        if not a_let and not b_let and 0 < int(b_num) - int(a_num) <= 30:
            return [f"{a_head}.{n}" for n in range(int(a_num), int(b_num) + 1)]
    return [first, last]


def _targets(match: re.Match[str]) -> list[str]:
    first, last = match.group(1), match.group(2)
    return _expand_range(first, last) if last else [first]


def _find_refs(text: str, line: int) -> list[RawRef]:
    """Explicit rule references in one cleaned source line, in reading order."""
    if not _ANY_REF.search(text):
        return []
    refs: list[RawRef] = []
    for found in _REF_SCAN.finditer(text):
        inner, dotted, section = found.group(1), found.group(2), found.group(4)
        if inner is not None:
            if _ANY_REF.search(inner):
                raw = found.group(0)
                for number in _REF_RANGE.finditer(inner):
                    refs.extend(RawRef(t, raw, line) for t in _targets(number))
        elif dotted is not None:
            last = found.group(3)
            targets = _expand_range(dotted, last) if last else [dotted]
            refs.extend(RawRef(t, found.group(0), line) for t in targets)
        else:
            refs.append(RawRef(section, section, line))
    return refs


def _see_refs(text: str, line: int) -> list[RawRef]:
    """Glossary pointers: ``See One-Handed.``, ``See Attack Window; Defend Window.``"""
    refs = []
    for see in _SEE_TERMS.finditer(text):
        for term in see.group(1).split(";"):
            term = term.strip().rstrip(".").strip()
            if term and not _WHOLE_REF_NO.match(term):
                refs.append(RawRef(term, see.group(0), line))
    return refs


def _split_term(heading: str) -> tuple[str, list[str]]:
    """``Activate (701.3)`` -> (``Activate``, [``701.3``]); ``Play (Noun, 415.8)`` ->
    (``Play (Noun)``, [``415.8``]); ``Smash (Verb)`` -> (``Smash (Verb)``, [])."""
    match = _TERM_PAREN.match(heading)
    if not match:
        return heading, []
    parts = [p.strip() for p in match.group(2).split(",")]
    numbers = [p for p in parts if _WHOLE_REF_NO.match(p)]
    if not numbers:
        return heading, []
    words = [p for p in parts if p and not _WHOLE_REF_NO.match(p)]
    term = match.group(1).strip()
    return (f"{term} ({', '.join(words)})" if words else term), numbers


# --------------------------------------------------------------------------- node drafts


@dataclass(slots=True)
class _Block:
    """A run of cleaned lines (a node body or an example), with page-break wraps re-joined."""

    lines: list[str] = field(default_factory=list)

    def add(self, text: str) -> None:
        if not text:
            return
        if self.lines and text[0].islower() and not self.lines[-1].endswith(_SENTENCE_END):
            self.lines[-1] = f"{self.lines[-1]} {text}"
        else:
            self.lines.append(text)

    def text(self) -> str:
        return "\n".join(self.lines)


@dataclass(slots=True)
class _Draft:
    key: str
    number: str
    kind: NodeKind
    title: str | None
    parent: str | None
    line: int
    end_line: int
    body: _Block = field(default_factory=_Block)
    examples: list[tuple[str, int, _Block]] = field(default_factory=list)
    refs: list[RawRef] = field(default_factory=list)

    def build(self, aliases: tuple[str, ...]) -> RuleNode:
        return RuleNode(
            key=self.key, number=self.number, kind=self.kind, title=self.title,
            text=self.body.text(), parent=self.parent, line=self.line, end_line=self.end_line,
            examples=tuple(Example(block.text(), line, label) for label, line, block in self.examples),
            refs=tuple(self.refs), aliases=aliases)


def _structural_parent(number: str) -> str | None:
    """The number one level up: 717.2a -> 717.2 -> 717 -> 7 (chapter) -> None."""
    head, dot, tail = number.partition(".")
    if dot:
        return number.rstrip("abcdefghijklmnopqrstuvwxyz") if tail[-1:].isalpha() else head
    if len(number) == 3 and number.isdigit():
        return str(int(number) // 100)
    return None


# --------------------------------------------------------------------------- the builder


class _Builder:
    """Consumes classified lines in order and collects node drafts."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.drafts: list[_Draft] = []
        self.keys: set[str] = set()
        self.seen_numbers: dict[str, int] = {}
        self.duplicates: list[tuple[str, int]] = []
        self.toc: list[tuple[str, int]] = []
        self.current: _Draft | None = None
        self.block: _Block | None = None      # where text lines go: current body or example
        self.in_example = False
        self.glossary_chapter: str | None = None
        self.headed = False                    # a chapter or section heading has been seen
        self.handlers: dict[_Kind, Callable[[_Line], None]] = {
            _Kind.BLANK: self._blank,
            _Kind.CHAPTER: self._chapter,
            _Kind.SECTION: self._section,
            _Kind.RULE_HEADING: self._rule_heading,
            _Kind.OTHER_HEADING: self._other_heading,
            _Kind.RULE: self._rule,
            _Kind.EXAMPLE: self._example,
            _Kind.TERM: self._term,
            _Kind.TEXT: self._text,
        }

    def feed(self, line: _Line) -> None:
        self.handlers[line.kind](line)

    # -- node creation ------------------------------------------------------------------

    def _unique_key(self, printed: str, line: int) -> str:
        count = self.seen_numbers.get(printed, 0) + 1
        self.seen_numbers[printed] = count
        if count == 1 and printed not in self.keys:
            return printed
        self.duplicates.append((printed, line))
        count = max(count, 2)
        key = f"{printed}~{count}"
        while key in self.keys:
            count += 1
            key = f"{printed}~{count}"
        return key

    def _existing_ancestor(self, number: str) -> str | None:
        parent = _structural_parent(number)
        while parent is not None and parent not in self.keys:
            parent = _structural_parent(parent)
        return parent

    def _open(self, line: _Line, kind: NodeKind, title: str | None, parent: str | None,
              body: str = "") -> _Draft:
        draft = _Draft(self._unique_key(line.key, line.number), line.key, kind, title, parent,
                       line.number, line.number)
        self.drafts.append(draft)
        self.keys.add(draft.key)
        self.current, self.block, self.in_example = draft, draft.body, False
        if body:
            draft.body.add(body)
            draft.refs.extend(_find_refs(body, line.number))
        return draft

    # -- handlers -----------------------------------------------------------------------

    def _blank(self, line: _Line) -> None:
        return None

    def _chapter(self, line: _Line) -> None:
        self.headed = True
        draft = self._open(line, NodeKind.SECTION, line.text, None)
        is_glossary = line.text.casefold().startswith("glossary")
        self.glossary_chapter = draft.key if is_glossary else None

    def _section(self, line: _Line) -> None:
        self.headed = True
        self.glossary_chapter = None
        self._open(line, NodeKind.SECTION, line.text, self._existing_ancestor(line.key))

    def _rule_heading(self, line: _Line) -> None:
        self._require_heading(line)
        self.glossary_chapter = None
        self._open(line, NodeKind.SECTION, line.text, self._existing_ancestor(line.key))

    def _rule(self, line: _Line) -> None:
        self._require_heading(line)
        self.glossary_chapter = None
        self._open(line, NodeKind.RULE, None, self._existing_ancestor(line.key), line.text)

    def _require_heading(self, line: _Line) -> None:
        if not self.headed:
            raise RulebookFormatError(
                f"numbered rule {line.key} comes before any chapter or section heading",
                path=self.path, line=line.number, column=1, line_text=line.raw,
                expected="a chapter heading such as '# 1. Fundamentals' or a section heading "
                         "such as '## 100. Building a deck' before the first rule")

    def _term(self, line: _Line) -> None:
        if self.glossary_chapter is None:
            self._text(_Line(_Kind.TEXT, line.number, line.raw, "", _clean(line.raw)))
            return
        term, numbers = _split_term(line.key)
        draft = self._open(_Line(_Kind.TERM, line.number, line.raw, term), NodeKind.GLOSSARY,
                           term, self.glossary_chapter)
        paren = _TERM_PAREN.match(line.key)
        draft.refs.extend(RawRef(n, f"({paren.group(2)})", line.number) for n in numbers)
        if line.text:
            draft.body.add(line.text)
            draft.refs.extend(_find_refs(line.text, line.number))
            draft.refs.extend(_see_refs(line.text, line.number))

    def _example(self, line: _Line) -> None:
        if self.current is None:
            return  # preamble
        block = _Block()
        block.add(line.text)
        self.current.examples.append((line.key, line.number, block))
        self.current.refs.extend(_find_refs(line.text, line.number))
        self.current.end_line = line.number
        self.block, self.in_example = block, True

    def _text(self, line: _Line) -> None:
        if self.current is None:
            self._preamble(line)
            return
        if self.in_example and line.bullet:
            self.block, self.in_example = self.current.body, False
        assert self.block is not None
        self.block.add(line.text)
        self.current.refs.extend(_find_refs(line.text, line.number))
        if self.current.kind is NodeKind.GLOSSARY:
            self.current.refs.extend(_see_refs(line.text, line.number))
        self.current.end_line = line.number

    def _other_heading(self, line: _Line) -> None:
        if self.current is None:
            return  # document title, "Contents"
        self._text(_Line(_Kind.TEXT, line.number, line.raw, "", line.text))

    def _preamble(self, line: _Line) -> None:
        """Lines before the first chapter: the title, the date and the table of contents."""
        for cell in _TAGS.sub("", line.raw).split("\t"):
            match = _TOC_CELL.match(cell.strip())
            if match:
                self.toc.append((match.group(1), line.number))

    # -- result -------------------------------------------------------------------------

    def aliases(self, text: str) -> dict[str, tuple[str, ...]]:
        """Other spellings for glossary terms; an alias that is some node's key, or that two
        entries would share, is dropped (a lookup must stay unambiguous)."""
        words = _WordSet(text)
        terms = {d.key.casefold() for d in self.drafts if d.kind is NodeKind.GLOSSARY}
        taken = {key.casefold() for key in self.keys}
        proposed = {d.key: _alias_candidates(d.key, words, terms)
                    for d in self.drafts if d.kind is NodeKind.GLOSSARY}
        owners: dict[str, int] = {}
        for names in proposed.values():
            for name in {n.casefold() for n in names}:
                owners[name] = owners.get(name, 0) + 1
        result = {}
        for key, names in proposed.items():
            keep: list[str] = []
            for name in names:
                folded = name.casefold()
                if folded in taken or owners[folded] > 1 or name in keep:
                    continue
                keep.append(name)
            result[key] = tuple(keep)
        return result


class _WordSet:
    """Whitespace-separated words of the document, lower-cased (cheap membership tests)."""

    _TRAIL = ("", ".", ",", ";", ":", ")", "\"", "”", "’", "'", "*", "**", ".*", ",*")

    def __init__(self, text: str) -> None:
        self.tokens = set(text.lower().split())

    def __contains__(self, word: str) -> bool:
        return any(word + tail in self.tokens for tail in self._TRAIL)


def _plural(word: str) -> str:
    if word.endswith(("s", "x", "ch", "sh")):
        return word + "es"
    if len(word) > 1 and word[-1] == "y" and word[-2] not in "aeiou":
        return word[:-1] + "ies"
    return word + "s"


def _alias_candidates(term: str, words: _WordSet, terms: set[str]) -> list[str]:
    """Spellings a reader may type for a glossary term.

    * straight apostrophe for a curly one (``Can’t`` -> ``Can't``);
    * the plural of a one-word term when the document uses that plural (``Attacker`` ->
      ``Attackers``; verbs get their ``-s`` form the same way: ``Deal`` -> ``Deals``), and of a
      longer term whose last word is itself such a term (``Triggered Power`` -> ``Triggered
      Powers``);
    * ``A, B`` headings: the natural order ``B A`` (``Damage Type, Magical`` -> ``Magical
      Damage Type``); when ``A`` is an abbreviation in capitals, or the parts are two forms of
      one word, each part (``PPP, Pre-Priority Processing``; ``Dice, Die``).
    """
    out: list[str] = []
    if "’" in term:
        out.append(term.replace("’", "'"))
    if _PLAIN_TERM.fullmatch(term):
        head, _, last = term.rpartition(" ")
        plural = _plural(last)
        if plural.lower() in words and (not head or last.lower() in terms):
            out.append(f"{head} {plural}".strip())
    if term.count(",") == 1 and "(" not in term:
        first, second = (p.strip() for p in term.split(","))
        if first.isupper() and len(first) <= 5:
            out.extend([first, second])
        elif " " not in first + second and first[:2].casefold() == second[:2].casefold():
            out.extend([first, second])
        else:
            out.append(f"{second} {first}")
    return out


# --------------------------------------------------------------------------- entry point


def import_text(text: str, manifest: Manifest, path: str) -> ImportedDocument:
    """Parse the WoW TCG Comprehensive Rules text into rule nodes (see the module doc)."""
    if not isinstance(text, str):
        raise RulebookFormatError("rules file is not text", path=path, line=1)
    lines = text.removeprefix("\ufeff").split("\n")
    if not text.strip():
        raise RulebookFormatError(
            "rules file is empty", path=path, line=1, column=1, line_text=lines[0],
            expected="the WoW TCG Comprehensive Rules: '# 1. Fundamentals', '## 100. ...', "
                     "'100.1 ...'")
    builder = _Builder(path)
    for number, raw in enumerate(lines, start=1):
        if raw and not raw.isspace():
            builder.feed(_classify(number, raw.rstrip("\r")))
    if not any(d.kind is NodeKind.RULE for d in builder.drafts):
        last = len(lines)
        while last > 1 and not lines[last - 1].strip():
            last -= 1
        raise RulebookFormatError(
            "no numbered rule found; this does not look like the WoW TCG Comprehensive Rules"
            " (or the file is cut off before its first rule)",
            path=path, line=last, column=1, line_text=lines[last - 1].rstrip("\r"),
            expected="numbered rules such as '100.1 Each deck is built around a hero.' under "
                     "headings such as '# 1. Fundamentals' and '## 100. Building a deck'")
    aliases = builder.aliases(text)
    nodes = tuple(d.build(aliases.get(d.key, ())) for d in builder.drafts)
    return ImportedDocument(manifest=manifest, nodes=nodes, duplicates=tuple(builder.duplicates),
                            toc=tuple(builder.toc))
