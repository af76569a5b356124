"""The values every importer produces: a document is a flat, ordered list of rule nodes.

This module is the contract between the document importers and everything that reads rules
(graph, index, lint, site, engine citations). It imports nothing heavy.

Identity
--------
* A node is addressed inside its document by ``key``. For a numbered rule the key is the number
  as printed (``20.7.2a``, ``717.2a``, ``G.2.1.3``, ``4.2.3``); for a glossary or keyword entry
  it is the term as printed in its heading (``Arcane Barrier N``, ``Go Again``); for card errata
  (Ashes section 1) the card name, with ``number`` the erratum's printed number (``1.1.2``).
* When a source prints the same number twice (UFS has a few), the first keeps the plain key and
  the later ones get ``~2``, ``~3`` ...: ``C.3.3.2.1~2``. ``number`` keeps the printed number.
* A citation is ``"<document id> <key>"``, e.g. ``fab-1.4 20.7.2a``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum


class NodeKind(str, Enum):
    SECTION = "section"    # a headed section (has a title), e.g. "20 Combat Chain", "## 410. ..."
    RULE = "rule"          # a numbered rule paragraph
    GLOSSARY = "glossary"  # a glossary / keyword / definition entry
    ERRATA = "errata"      # a card errata entry (Ashes Raven Rules section 1)


class RefKind(str, Enum):
    CITES = "cites"        # an explicit cross-reference printed in the text
    MENTIONS = "mentions"  # a glossary term or keyword used in the text (filled by the graph)


@dataclass(frozen=True, slots=True)
class RawRef:
    """An explicit cross-reference as printed in a node's text or examples.

    ``target`` is the rule number (or glossary term) the reference names, normalised to the
    form keys take in the *target* document (``"21"``, ``"15.5.4"``, ``"410.5"``, ``"E.2.2"``,
    ``"4.2.3"``, ``"Core framework event"``). ``raw`` is the exact source text of the reference
    (``"(Refer Section 21 - Closing the Combat Chain)"``, ``"[1.3.2d]"``). ``line`` is the
    1-based source line of the reference.
    Whether it resolves is decided by the graph, not the importer.
    """

    target: str
    raw: str
    line: int


@dataclass(frozen=True, slots=True)
class Example:
    """An example or note attached to a rule ("Example 1 - ...", "(Eg. ...)", "Note: ...")."""

    text: str
    line: int
    label: str = "Example"  # "Example", "Example 1", "Eg.", "Note" ...


@dataclass(frozen=True, slots=True)
class RuleNode:
    key: str                       # unique inside the document (see module doc)
    number: str                    # as printed; for glossary entries the term
    kind: NodeKind
    title: str | None              # heading text for sections and glossary entries, else None
    text: str                      # body: cleaned of layout noise, otherwise the source words
    parent: str | None             # key of the parent node, None for top-level nodes
    line: int                      # 1-based source line where the node starts
    end_line: int                  # last source line belonging to the node (examples included)
    examples: tuple[Example, ...] = ()
    refs: tuple[RawRef, ...] = ()  # explicit cross-references found in text and examples
    aliases: tuple[str, ...] = ()  # other spellings a lookup should accept (glossary)


@dataclass(frozen=True, slots=True)
class Manifest:
    id: str          # document id, e.g. "fab-1.4"
    game: str        # "fab" | "wow" | "ufs" | "ashes"
    title: str
    version: str
    date: str        # ISO date or ""
    file: str        # source file name, relative to the manifest
    format: str      # importer name, see judge.rules.importers.IMPORTERS
    publisher: str
    source_file: str = ""
    sha256: str = ""
    bundled: bool = True
    scope: tuple[str, ...] = ()  # top-level sections the document covers; () = the whole game


@dataclass(frozen=True, slots=True)
class ImportedDocument:
    manifest: Manifest
    nodes: tuple[RuleNode, ...]           # in source order
    duplicates: tuple[tuple[str, int], ...] = ()  # (printed number, line) of each repeated number
    toc: tuple[tuple[str, int], ...] = ()  # rule numbers named by a table of contents / appendix,
                                           # with their line: lint reports those that are missing


@dataclass(slots=True)
class ImportProblem:
    line: int
    message: str


@dataclass(frozen=True, slots=True)
class Citation:
    document: str
    key: str

    def __str__(self) -> str:
        return f"{self.document} {self.key}"

    @classmethod
    def parse(cls, text: str) -> "Citation":
        doc, _, key = text.strip().partition(" ")
        return cls(doc, key.strip())


@dataclass(frozen=True, slots=True)
class SourceLine:
    """A position in a rules source file, for errors and lint output."""

    path: str
    line: int
    text: str = field(default="", compare=False)
