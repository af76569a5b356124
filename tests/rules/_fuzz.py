"""Shared pieces of the importers' fuzz tests: a check that an import either gives a clean
document or a :class:`RulebookFormatError` pointing into the file (never another exception),
and a hypothesis-driven mutation of a real source file (lines deleted, duplicated or moved, the
text possibly cut short)."""

from __future__ import annotations

from typing import Callable, Sequence

from hypothesis import strategies as st

from judge.errors import RulebookFormatError
from judge.rules.model import ImportedDocument, Manifest

Importer = Callable[[str, Manifest, str], ImportedDocument]


def check_import(importer: Importer, text: str, manifest: Manifest, path: str, *,
                 parents_first: bool = True) -> ImportedDocument | None:
    """Import ``text``: a format error names ``path`` and a line (and renders), or the document
    has nodes, unique keys, and every parent is a node of the document (``parents_first``: one
    that comes before its children; formats whose numbers are not checked for order, like
    UFS's and Ashes', may give a rule printed before its parent). Returns the document."""
    try:
        doc = importer(text, manifest, path)
    except RulebookFormatError as err:
        assert err.path == path and isinstance(err.line, int) and err.line >= 1
        err.render()
        return None
    assert isinstance(doc, ImportedDocument) and doc.nodes
    keys = [node.key for node in doc.nodes]
    assert len(keys) == len(set(keys))
    seen: set[str] = set()
    for node in doc.nodes:
        assert node.parent is None or node.parent in (seen if parents_first else keys)
        seen.add(node.key)
    return doc


def mutated(data: st.DataObject, lines: Sequence[str], *, edits: int = 6,
            ops: Sequence[str] = ("delete", "duplicate", "move")) -> str:
    """``lines`` with up to ``edits`` drawn edits, joined, and maybe truncated at a drawn offset."""
    out = list(lines)
    for _ in range(data.draw(st.integers(0, edits), label="edits")):
        if not out:
            break
        op = data.draw(st.sampled_from(list(ops)), label="op")
        i = data.draw(st.integers(0, len(out) - 1), label="line")
        if op == "delete":
            del out[i]
        elif op == "duplicate":
            out.insert(data.draw(st.integers(0, len(out)), label="to"), out[i])
        else:
            moved = out.pop(i)
            out.insert(data.draw(st.integers(0, len(out)), label="to"), moved)
    text = "\n".join(out)
    if data.draw(st.booleans(), label="truncate"):
        text = text[:data.draw(st.integers(0, len(text)), label="at")]
    return text
