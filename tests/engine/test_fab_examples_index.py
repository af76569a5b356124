"""Every worked example of both FaB documents is indexed in docs/fab-examples.md (issue 15): the
examples are found in the bundled rule texts ("Example", "Example N", "(Eg. ...)", "(*Eg. ...",
"(e.g. ..."), each under its rule (or glossary entry), and each must have a row of the index under
that rule, whose status is a scenario that exists or a one-line reason."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "fab-examples.md"
SCENARIOS = ROOT / "scenarios" / "fab"
TEXTS = {"fab-1.4": ROOT / "rulebook" / "fab" / "fab-cr-1.4.txt",
         "fab-section4": ROOT / "rulebook" / "fab" / "fab-cr-section4.txt"}

MARKER = re.compile(r"\*?Example( [0-9]+)?\s*[-:–]|\(\*?e\.?g\.?[ ,]", re.I)
RULE = re.compile(r"^[-\s◆*]*(\d+(?:\.\d+)*[a-z]?)\s")
GLOSSARY = "27"


def examples(doc: str) -> list[tuple[str, int]]:
    """(rule id or "27:<glossary entry's first word>", line) of each example in a document."""
    found = []
    rule, entry = "", ""
    for n, line in enumerate(TEXTS[doc].read_text(encoding="utf-8").splitlines(), 1):
        m = RULE.match(line)
        if m:
            rule = m.group(1)
        elif (line.strip() and len(line.strip()) < 40 and not MARKER.search(line)
              and not line.lstrip().startswith(("-", "◆", "*"))):
            entry = line.strip().split()[0].lower()          # a glossary entry's heading
        for _ in MARKER.finditer(line):
            found.append((f"{GLOSSARY}:{entry}" if rule == GLOSSARY else rule, n))
    return found


def rows() -> dict[str, list[tuple[str, str]]]:
    """Section heading of the index -> (first cell, status cell) of its rows."""
    out: dict[str, list[tuple[str, str]]] = {}
    section = ""
    for line in DOC.read_text(encoding="utf-8").splitlines():
        if line.startswith("## "):
            section = line[3:]
        elif line.startswith("| ") and not line.startswith(("| rule |", "| entry |")) and \
                not section.startswith(("Coverage", "Card-grammar")):
            cells = [c.strip() for c in line.strip("|").split(" | ")]
            out.setdefault(section, []).append((cells[0], cells[-1]))
    return out


def _key(cell: str, glossary: bool) -> str:
    return f"{GLOSSARY}:{cell.split()[0].lower()}" if glossary else cell.split()[0]


def _anchor(rule: str, keys: set[str]) -> str | None:
    """The longest row key that is the rule or a rule above it ("20.4.4" for 20.4.4d)."""
    if rule in keys:
        return rule
    fits = [k for k in keys if rule.startswith(k) and not rule[len(k)].isdigit()]
    return max(fits, key=len, default=None)


def _index(doc: str) -> Counter:
    table = rows()
    mine = [s for s in table if ("section-4" in s or "Section 4" in s) == (doc == "fab-section4")]
    return Counter(_key(cell, "Glossary" in s) for s in mine for cell, _ in table[s])


def test_fab_every_example_of_both_documents_has_a_row():
    missing = []
    for doc in TEXTS:
        have = _index(doc)
        need = Counter()
        for rule, line in examples(doc):
            anchor = _anchor(rule, set(have))
            need[anchor] += 1
            if anchor is None or need[anchor] > have[anchor]:
                missing.append(f"{doc} line {line}: an example of {rule} has no row")
    assert not missing, missing


def test_fab_every_row_is_a_scenario_that_exists_or_a_reason():
    problems = []
    for section, found in rows().items():
        for cell, status in found:
            named = re.findall(r"`([^`]+\.scn)`", status)
            for name in named:
                if not (SCENARIOS / name).is_file():
                    problems.append(f"{section} / {cell}: no scenario {name}")
            if status.startswith("scenario") and not named:
                problems.append(f"{section} / {cell}: a scenario row names no file")
            if not status.startswith(("scenario", "the ", "not an interaction", "not modelled")):
                problems.append(f"{section} / {cell}: status {status[:40]!r}")
    assert not problems, problems


def test_fab_example_counts(capsys):
    """The figures of the index's head (printed with -s)."""
    table = rows()
    counts = {}
    for doc in TEXTS:
        mine = [s for s in table if ("section-4" in s or "Section 4" in s) ==
                (doc == "fab-section4")]
        status = Counter()
        for s in mine:
            for _, st in table[s]:
                status["scenario" if st.startswith(("scenario", "the ")) else
                       "not an interaction" if st.startswith("not an interaction") else
                       "not modelled"] += 1
        counts[doc] = (len(examples(doc)), dict(status))
    with capsys.disabled():
        print(f"\nFaB worked examples: {counts}")
    assert counts["fab-1.4"][0] >= 58 and counts["fab-section4"][0] == 7


def test_fab_coverage_of_13_to_26_and_the_glossary_lists_what_no_scenario_reaches():
    """`judge coverage fab-1.4`: every rule of sections 13-26 and every glossary entry is cited by
    a scenario or listed with its reason in the index's coverage table (and nothing listed there
    is in fact covered)."""
    import json

    from click.testing import CliRunner

    from judge.cli import main
    result = CliRunner().invoke(main, ["coverage", "fab-1.4", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    uncovered = {r["key"] for r in data["by_rule"] if not r["scenarios"] and (
        not r["section"].isdigit() or 13 <= int(r["section"]) <= 27)}
    table = DOC.read_text(encoding="utf-8").split("## Coverage of v1.4", 1)[1]
    listed = set()
    for line in table.splitlines():
        if line.startswith("| ") and not line.startswith("| rule |"):
            listed |= {k.strip() for k in line.strip("|").split(" | ")[0].split(",")}
    assert uncovered <= listed, sorted(uncovered - listed)
    assert not (listed & {r["key"] for r in data["by_rule"] if r["scenarios"]}), \
        sorted(listed - uncovered)
