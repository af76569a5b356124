"""Pieces shared by the two Flesh and Blood importers (``fab_v1`` and ``fab_cr``).

Only plain ``re``: rule numbers, their order, layout cleaning, inline examples, the draft a
node is built in, and the check that numbers never go backwards.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache

from judge.errors import RulebookFormatError
from judge.rules.model import Example, NodeKind, RawRef, RuleNode

# A printed FaB rule number: "20", "20.7", "20.7.2", "20.7.2a".
NUMBER = r"\d+(?:\.\d+)*[a-z]?"
_NUMBER_PARTS = re.compile(r"^(\d+(?:\.\d+)*)([a-z]?)$")

_EMPHASIS_KEEP = "(*)"            # a literal asterisk printed in the rules ("an asterix (*)")
_PLACEHOLDER = "\x00STAR\x00"
_BULLET_CHARS = frozenset("-•◆♦")
_LEAD_BULLETS = re.compile(r"^(?:[-•][ \t]+|[◆♦•][ \t]*)+")
_AUTOLINK = re.compile(r"<(https?://[^>\s]+)>")
_SPACES = re.compile(r"[ \t\u00a0]{2,}|[\t\u00a0]")
_EXAMPLE_LINE = re.compile(r"^Example(?:[ \t]+(\d+))?[ \t]*[-–:][ \t]*(.*)$")
_NOTE_LINE = re.compile(r"^Note[ \t]*[-–:][ \t]*(.*)$")
_INLINE_START = re.compile(r"\([ \t]*(?:(?P<eg>[Ee]\.?[Gg])\.|(?P<note>Note)[ \t]*[-–:])[ \t]*")
# an unbracketed "Note - ..." inside a paragraph runs to the end of the paragraph
_INLINE_NOTE = re.compile(r"(?:^|(?<=\s))Note[ \t]*[-–][ \t]+")
_TERMINAL = ".:;!?"
_REF_IN_TEXT = re.compile(r"\[\d")

# Title words that may stay lower case in a "13.1 Start of Turn Phase. The ..." heading.
_SMALL_WORDS = frozenset({"a", "an", "and", "of", "the", "to", "in", "on", "or", "vs", "for"})
_TITLE_SENTENCE = re.compile(r"^([A-Z][\w’'-]*(?: [\w’'-]+){0,6})\. [A-Z]")


@lru_cache(maxsize=4096)
def number_order(number: str) -> tuple[int, ...]:
    """Sort key of a printed number: ``20.7.2`` < ``20.7.2a`` < ``20.7.2b`` < ``20.7.3``."""
    m = _NUMBER_PARTS.match(number)
    if m is None:  # pragma: no cover - callers only pass matched numbers
        return ()
    parts = tuple(int(p) for p in m.group(1).split("."))
    if m.group(2):
        parts += (ord(m.group(2)) - ord("a") + 1,)
    return parts


def ancestors(number: str) -> list[str]:
    """``20.7.2a`` -> ``["20.7.2", "20.7", "20"]`` (nearest first)."""
    out: list[str] = []
    cur = number
    while True:
        if cur[-1:].isalpha():
            cur = cur[:-1]
        elif "." in cur:
            cur = cur.rsplit(".", 1)[0]
        else:
            return out
        out.append(cur)


def clean_line(text: str) -> str:
    """Remove layout noise from one source line: bullets, ◆, markdown emphasis, autolinks."""
    s = text.strip()
    if s[:1] in _BULLET_CHARS:
        s = _LEAD_BULLETS.sub("", s)
    if "*" in s:
        s = s.replace(_EMPHASIS_KEEP, _PLACEHOLDER).replace("*", "").replace(_PLACEHOLDER, _EMPHASIS_KEEP)
    if "<" in s:
        s = _AUTOLINK.sub(r"\1", s)
    if "  " in s or "\t" in s or "\u00a0" in s:
        s = _SPACES.sub(" ", s)
    return s.strip()


def has_bullet(raw: str) -> bool:
    s = raw.lstrip()
    return s[:1] in ("-", "•", "◆", "♦")


def looks_like_heading(text: str, *, max_len: int = 60, max_words: int = 8) -> bool:
    """A short title ("Attack Step", "Super-type(s)", "Go again", "(1H)"), not a sentence."""
    if not text or len(text) > max_len or not (text[0].isupper() or text[0].isdigit() or text[0] == "("):
        return False
    if text[-1] in _TERMINAL or text[-1] in ",\"”" or "(Refer" in text or _REF_IN_TEXT.search(text):
        return False
    return len(text.split()) <= max_words


def sentence_title(text: str) -> str | None:
    """``"Start of Turn Phase. The start of ..."`` -> ``"Start of Turn Phase"``, else None."""
    m = _TITLE_SENTENCE.match(text)
    if m is None:
        return None
    words = m.group(1).split()
    if all(w[0].isupper() or w in _SMALL_WORDS for w in words):
        return m.group(1)
    return None


def example_line(clean: str) -> tuple[str, str] | None:
    """``Example 2 - text`` / ``Example: text`` / ``Note: text`` -> (label, text)."""
    m = _EXAMPLE_LINE.match(clean)
    if m is not None:
        return (f"Example {m.group(1)}" if m.group(1) else "Example"), m.group(2)
    m = _NOTE_LINE.match(clean)
    if m is not None:
        return "Note", m.group(1)
    return None


@dataclass(slots=True)
class Para:
    """One paragraph of a node, possibly re-joined from lines wrapped over a page break."""

    segments: list[tuple[int, str]] = field(default_factory=list)

    def add(self, line: int, text: str) -> None:
        self.segments.append((line, text))

    @property
    def line(self) -> int:
        return self.segments[0][0]

    @property
    def text(self) -> str:
        return " ".join(t for _, t in self.segments if t)

    def line_at(self, offset: int) -> int:
        pos = 0
        for line, t in self.segments:
            if not t:
                continue
            pos += len(t) + 1
            if offset < pos:
                return line
        return self.segments[-1][0]


def matching_paren(text: str, start: int) -> int:
    """Index of the ``)`` closing the ``(`` at ``start``, or -1."""
    depth = 0
    for i in range(start, len(text)):
        c = text[i]
        if c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
            if depth == 0:
                return i
    return -1


def _splice(left: str, right: str) -> str:
    left, right = left.rstrip(), right.lstrip()
    if not left:
        return right
    if not right:
        return left
    if right[0] in ".,;:)":
        return left + right
    return f"{left} {right}"


def extract_inline(para: Para) -> tuple[str, list[Example]]:
    """Move every "(Eg. ...)" / "(Note – ...)" out of the paragraph into Examples."""
    text = para.text
    examples: list[Example] = []
    consumed = 0  # offset in the original paragraph text of text[0]
    while "(" in text:
        m = _INLINE_START.search(text)
        if m is None:
            break
        close = matching_paren(text, m.start())
        end = len(text) if close < 0 else close
        body = text[m.end():end].strip()
        label = "Eg." if m.group("eg") else "Note"
        if body:
            examples.append(Example(body, para.line_at(consumed + m.start()), label))
        after = end + 1 if close >= 0 else end
        left, right = text[:m.start()], text[after:]
        new_text = _splice(left, right)
        consumed += len(text) - len(new_text)
        text = new_text
    m = _INLINE_NOTE.search(text) if "Note" in text else None
    if m is not None and text[m.end():].strip():
        examples.append(Example(text[m.end():].strip(), para.line_at(consumed + m.start()), "Note"))
        text = text[:m.start()]
    return text.strip(), examples


@dataclass(slots=True)
class Draft:
    """A node while its lines are being collected."""

    key: str
    number: str
    kind: NodeKind
    title: str | None
    line: int
    end_line: int
    parent: str | None = None
    paras: list[Para] = field(default_factory=list)
    examples: list[tuple[str, Para]] = field(default_factory=list)
    refs: list[RawRef] = field(default_factory=list)
    aliases: tuple[str, ...] = ()
    inline_examples: bool = True   # move "(Eg. ...)" out of the text
    last: Para | None = None

    def add_text(self, line: int, text: str) -> None:
        p = Para([(line, text)])
        self.paras.append(p)
        self.last = p
        self.end_line = line

    def add_example(self, line: int, label: str, text: str) -> None:
        p = Para([(line, text)])
        self.examples.append((label, p))
        self.last = p
        self.end_line = line

    def join_wrapped(self, line: int, text: str) -> bool:
        """Append a page-break continuation to the last paragraph; False if there is none."""
        if self.last is None or self.last.text[-1:] in ".:":
            return False
        self.last.add(line, text)
        self.end_line = line
        return True

    def finish(self, parent: str | None) -> RuleNode:
        texts: list[str] = []
        examples: list[Example] = []
        for p in self.paras:
            if not self.inline_examples:
                texts.append(p.text)
                continue
            t, inline = extract_inline(p)
            if t:
                texts.append(t)
            examples.extend(inline)
        for label, p in self.examples:
            t, inline = extract_inline(p)
            examples.append(Example(t, p.line, label))
            examples.extend(inline)
        examples.sort(key=lambda e: e.line)
        return RuleNode(
            key=self.key, number=self.number, kind=self.kind, title=self.title,
            text="\n".join(texts), parent=parent, line=self.line, end_line=self.end_line,
            examples=tuple(examples), refs=tuple(self.refs), aliases=self.aliases,
        )


class Sequencer:
    """Decides whether a numbered line is a rule, and rejects numbers that go backwards."""

    MAX_SECTION_GAP = 10

    def __init__(self, path: str) -> None:
        self.path = path
        self.top: int | None = None           # current top-level section number
        self.prev: str | None = None          # previous accepted number
        self.prev_order: tuple[int, ...] = ()
        self.prev_line = 0
        self.seen: dict[str, int] = {}        # number -> times printed

    def offer(self, number: str, text: str, line: int, raw: str) -> str | None:
        """Return the node key for an accepted rule line, or None if the line is prose.

        Raises RulebookFormatError when the number goes backwards in a way no FaB document
        does (a sub-rule of an earlier section, or a rule before its predecessor).
        """
        order = number_order(number)
        if len(order) == 1:  # "20 Combat Chain": a section heading, or prose starting with a number
            if not looks_like_heading(text, max_len=120, max_words=16):
                return None
            n = order[0]
            if self.top is None or self.top < n <= self.top + self.MAX_SECTION_GAP:
                return self._accept(number, line)
            if n == self.top and self.prev == number:
                return self._accept(number, line)
            if n > self.top:  # far ahead: a number in prose ("2019 ...")
                return None
            raise self._backwards(number, line, raw)
        if self.prev is not None and order < self.prev_order:
            raise self._backwards(number, line, raw)
        return self._accept(number, line)

    def _accept(self, number: str, line: int) -> str:
        count = self.seen.get(number, 0) + 1
        self.seen[number] = count
        self.top = number_order(number)[0]
        self.prev = number
        self.prev_order = number_order(number)
        self.prev_line = line
        return number if count == 1 else f"{number}~{count}"

    def _backwards(self, number: str, line: int, raw: str) -> RulebookFormatError:
        return RulebookFormatError(
            f"rule {number} goes backwards after rule {self.prev} (line {self.prev_line})",
            path=self.path, line=line, column=len(raw) - len(raw.lstrip()) + 1, line_text=raw,
            expected=f"a rule number after {self.prev}",
        )


def resolve_parent(number: str, keys: set[str]) -> str | None:
    for a in ancestors(number):
        if a in keys:
            return a
    return None


def no_rule_error(path: str, lines: list[str], what: str, expected: str) -> RulebookFormatError:
    last = len(lines)
    while last > 1 and not lines[last - 1].strip():
        last -= 1
    return RulebookFormatError(
        f"no numbered rule found: {what}", path=path, line=max(1, last),
        line_text=lines[last - 1] if lines and lines[last - 1].strip() else None, expected=expected,
    )
