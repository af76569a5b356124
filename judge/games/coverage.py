"""``judge coverage DOC``: which rules of a document the scenarios' rulings cite.

Every scenario (the bundled ones, or the files and folders given) whose ``game`` line names
``DOC`` is run; each rule and glossary entry of the document is listed with the scenarios
whose trace cites it, and the ones no scenario reaches are counted per section. A section
counts as reached when a rule inside it is cited (its own number is rarely cited itself).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from judge.errors import JudgeError, UsageError

COUNTED = ("rule", "glossary", "errata")     # node kinds a judge cites; sections are headings


@dataclass
class RuleCoverage:
    key: str
    kind: str
    title: str
    section: str
    scenarios: list[str] = field(default_factory=list)


@dataclass
class Coverage:
    document: str
    scenarios: list[str] = field(default_factory=list)
    rules: list[RuleCoverage] = field(default_factory=list)
    skipped: list[dict] = field(default_factory=list)     # files that could not be read or run
    titles: dict[str, str] = field(default_factory=dict)  # section key -> its title

    @property
    def covered(self) -> list[RuleCoverage]:
        return [r for r in self.rules if r.scenarios]

    @property
    def uncovered(self) -> list[RuleCoverage]:
        return [r for r in self.rules if not r.scenarios]

    def sections(self) -> list[tuple[str, int, int]]:
        """(section, rules cited, rules in it), in document order."""
        found: dict[str, list[int]] = {}
        for r in self.rules:
            counts = found.setdefault(r.section, [0, 0])
            counts[0] += bool(r.scenarios)
            counts[1] += 1
        return [(s, c, n) for s, (c, n) in found.items()]

    def as_json(self) -> dict:
        return {"document": self.document, "scenarios": len(self.scenarios),
                "rules": len(self.rules), "covered": len(self.covered),
                "share": round(len(self.covered) / len(self.rules), 4) if self.rules else 0.0,
                "sections": [{"section": s, "title": self.titles.get(s, ""), "covered": c,
                              "rules": n} for s, c, n in self.sections()],
                "by_rule": [{"key": r.key, "kind": r.kind, "title": r.title,
                             "section": r.section, "scenarios": r.scenarios}
                            for r in self.rules],
                "uncovered": [r.key for r in self.uncovered], "skipped": self.skipped}

    def render(self, *, full: bool = False) -> str:
        share = len(self.covered) / len(self.rules) if self.rules else 0.0
        out = [f"{self.document}: {len(self.covered)} of {len(self.rules)} rules and glossary "
               f"entries cited by {len(self.scenarios)} scenarios ({share:.0%})", ""]
        out.append("by section (cited / rules):")
        for section, covered, rules in self.sections():
            out.append(f"  {section or '(top)':<8} {covered:4d} / {rules:<4d} "
                       f"{self.titles.get(section, '')}".rstrip())
        if full:
            out += ["", "cited:"]
            out += [f"  {r.key}: " + ", ".join(r.scenarios) for r in self.covered]
        out += ["", "not cited by any scenario:"]
        out += [f"  {r.key}" + (f"  {r.title}" if r.title else "") for r in self.uncovered]
        if self.skipped:
            out += ["", "scenarios that could not be run:"]
            out += [f"  {s['file']}: {s['message']}" for s in self.skipped]
        return "\n".join(out) + "\n"


def section_titles(document: str) -> dict[str, str]:
    from judge.rules import lookup
    con = lookup.connect()
    return {r["key"]: r["title"] or "" for r in con.execute(
        "SELECT key, title FROM nodes WHERE doc = ? AND kind = 'section'", (document,))}


def rules_of(document: str) -> list[RuleCoverage]:
    """Every rule, glossary entry and erratum of ``document``, in document order."""
    from judge.rules import lookup
    con = lookup.connect()
    rows = con.execute("SELECT key, kind, title, section, text FROM nodes WHERE doc = ? "
                       "ORDER BY ord", (document,)).fetchall()
    if not rows and not con.execute("SELECT 1 FROM nodes WHERE doc = ? LIMIT 1",
                                    (document,)).fetchone():
        docs = [d["id"] for d in lookup.documents()]
        raise UsageError(f"unknown document {document!r}", expected=", ".join(docs))
    # a document whose numbered sections carry the rules' text (no rule paragraphs of their
    # own: the Ashes Raven Rules' "4.2.3 Canceling Effects") counts those sections as rules
    sections_are_rules = not any(r["kind"] == "rule" for r in rows)
    return [RuleCoverage(r["key"], r["kind"], r["title"] or "", r["section"] or "")
            for r in rows if r["kind"] in COUNTED
            or (sections_are_rules and r["kind"] == "section" and (r["text"] or "").strip())]


def coverage(document: str, files: list[Path], *, root: Path | None = None) -> Coverage:
    """Run the scenarios of ``files`` that name ``document`` and collect what they cite."""
    from judge.games.run import run_scenario
    from judge.scenario.store import parse_file

    result = Coverage(document, rules=rules_of(document), titles=section_titles(document))
    by_key = {f"{document} {r.key}": r for r in result.rules}
    for path in files:
        name = str(path.relative_to(root)) if root is not None and path.is_relative_to(root) \
            else str(path)
        try:
            scenario = parse_file(path)
            if scenario.document != document:
                continue
            ruling = run_scenario(scenario)
        except JudgeError as err:
            result.skipped.append({"file": name, "message": err.message})
            continue
        result.scenarios.append(name)
        for citation in ruling.rules_consulted:
            rule = by_key.get(citation)
            if rule is not None and name not in rule.scenarios:
                rule.scenarios.append(name)
    return result
