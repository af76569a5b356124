"""``judge lint``: problems in the rules documents, with stable codes.

  JL001  a cross-reference names a rule the document does not have (dangling)
  JL002  a rule number is printed more than once
  JL003  a gap in the numbering of siblings (20.7.1, 20.7.3 -> 20.7.2 missing; a, c -> b)
  JL004  a table of contents or appendix names a rule the document does not have
  JL005  the document's file is not the one its manifest describes (sha256 differs)
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from pathlib import Path

from judge.rules import lookup


@dataclass(frozen=True, slots=True)
class Finding:
    path: str
    line: int
    code: str
    message: str
    document: str

    def render(self) -> str:
        return f"{self.path}:{self.line}: {self.code} {self.message}"

    def as_dict(self) -> dict:
        return {"file": self.path, "line": self.line, "code": self.code,
                "message": self.message, "document": self.document}


_LAST = re.compile(r"^(?P<head>.*?)(?P<sep>[.]?)(?P<last>\d+|[a-z])$")


def _gap_findings(doc: str, path: str, rows) -> list[Finding]:
    by_parent: dict[str, list] = {}
    for r in rows:
        # numbered nodes only (glossary entries keyed by their number, e.g. UFS K.3.x, count)
        if (r["kind"] in ("rule", "section", "glossary") and "~" not in r["key"]
                and any(c.isdigit() for c in r["key"])):
            by_parent.setdefault(r["parent"] or "", []).append(r)
    out = []
    for siblings in by_parent.values():
        prev = None
        for r in siblings:
            m = _LAST.match(r["key"])
            if not m:
                prev = None
                continue
            head, last = m.group("head") + m.group("sep"), m.group("last")
            if prev is None and r["parent"] and head == r["parent"] + m.group("sep"):
                # the first child of its parent: numbering starts at 1 (or 0) / at "a"
                first = "1" if last.isdigit() else "a"
                if (last.isdigit() and int(last) > 1) or (last.isalpha() and last > "a"):
                    out.append(Finding(path, r["line"], "JL003",
                                       f"{doc}: {r['parent']}'s first numbered child is "
                                       f"{r['key']} (missing {head}{first})", doc))
            if prev and prev[0] == head:
                a, b = prev[1], last
                if a.isdigit() and b.isdigit() and int(b) > int(a) + 1:
                    missing = [f"{head}{i}" for i in range(int(a) + 1, int(b))]
                elif a.isalpha() and b.isalpha() and ord(b) > ord(a) + 1:
                    missing = [f"{head}{chr(c)}" for c in range(ord(a) + 1, ord(b))]
                else:
                    missing = []
                if missing:
                    out.append(Finding(path, r["line"], "JL003",
                                       f"{doc}: numbering jumps from {prev[2]} to {r['key']} "
                                       f"(missing {', '.join(missing[:5])}"
                                       f"{' ...' if len(missing) > 5 else ''})", doc))
            prev = (head, last, r["key"])
    return out


def checksum_findings(doc: str, source_path: str, manifest_path: str) -> list[Finding]:
    """JL005 when the manifest records a sha256 and the file's differs (an edited or swapped
    text: its rule numbers and words may not be the published ones the manifest names)."""
    from judge.errors import RulebookFormatError
    from judge.rules.catalog import read_manifest

    if not manifest_path or not source_path:
        return []
    try:
        expected = read_manifest(Path(manifest_path), bundled=False).sha256.strip().lower()
        actual = hashlib.sha256(Path(source_path).read_bytes()).hexdigest()
    except (OSError, RulebookFormatError):
        return []          # an unreadable file or manifest is reported when the index is built
    if not expected or expected == actual:
        return []
    return [Finding(source_path, 1, "JL005",
                    f"{doc}: the file's sha256 is {actual[:12]}..., its manifest "
                    f"({Path(manifest_path).name}) records {expected[:12]}...: the text is not "
                    "the one the manifest describes", doc)]


def lint_documents(doc_or_game: str | None = None) -> list[Finding]:
    con = lookup.connect()
    docs = lookup.resolve_documents(doc_or_game) if doc_or_game else lookup.documents()
    findings: list[Finding] = []
    for d in docs:
        doc, path = d["id"], d["source_path"]
        for r in con.execute(
                "SELECT e.raw, e.line, n.key AS src, m.number AS target FROM edges e "
                "JOIN nodes n ON n.id=e.src JOIN nodes m ON m.id=e.dst "
                "WHERE e.kind='dangling' AND n.doc=? ORDER BY e.line", (doc,)):
            findings.append(Finding(path, r["line"], "JL001",
                                    f"{doc} {r['src']}: reference {r['raw']!r} names {r['target']}, "
                                    f"which is not in {doc}", doc))
        for r in con.execute("SELECT number, line FROM duplicates WHERE doc=? ORDER BY line", (doc,)):
            findings.append(Finding(path, r["line"], "JL002",
                                    f"{doc}: rule number {r['number']} is printed more than once "
                                    f"(this copy is addressable as {r['number']}~N)", doc))
        rows = con.execute("SELECT key, kind, parent, line FROM nodes WHERE doc=? AND "
                           "kind!='missing' ORDER BY ord", (doc,)).fetchall()
        findings += _gap_findings(doc, path, rows)
        findings += checksum_findings(doc, path, d["manifest_path"])
        keys = {r["key"].lower() for r in rows}
        for r in con.execute("SELECT number, line FROM toc WHERE doc=? ORDER BY line", (doc,)):
            if r["number"].lower().rstrip(".") not in keys:
                findings.append(Finding(path, r["line"], "JL004",
                                        f"{doc}: table of contents / appendix names "
                                        f"{r['number']}, which is not in the document", doc))
    findings.sort(key=lambda f: (f.document, f.line, f.code))
    return findings
