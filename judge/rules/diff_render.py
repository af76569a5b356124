"""``judge diff`` and ``judge history`` output: text, Markdown, HTML (escaped) and JSON."""

from __future__ import annotations

import html
import json

from judge.rules.diff import DiffResult

FORMATS = ("text", "markdown", "html", "json")

# A reworded match below this confidence is reported as "removed" + "added", each naming the
# other as its possible counterpart, not as "reworded". Measured on the v1.4 <-> section-4
# matches, every one checked by hand (docs/diff-threshold.md): every wrong "reworded" pair
# scored <= 0.465, and 0.47 is the lowest threshold that leaves no wrong pair reported as
# reworded there (9 right pairs between 0.29 and 0.45 become "possible counterpart").
from judge.rules.versions_light import REWORDED_CONFIDENCE  # noqa: E402  (0.47)
from judge.rules.versions_light import render_history  # noqa: E402,F401  (judge history's)


def low_confidence(status: str, confidence: float | None) -> bool:
    return status == "reworded" and confidence is not None and confidence < REWORDED_CONFIDENCE


def _words(ops: list[list[str]], fmt: str) -> str:
    out = []
    for op, text in ops:
        if fmt == "html":
            t = html.escape(text)
            out.append(t if op == "equal" else f"<del>{t}</del>" if op == "delete" else f"<ins>{t}</ins>")
        elif fmt == "markdown":
            out.append(text if op == "equal" else f"~~{text}~~" if op == "delete" else f"**{text}**")
        else:
            out.append(text if op == "equal" else f"[-{text}-]" if op == "delete" else f"{{+{text}+}}")
    return " ".join(out)


def _in_section(key: str, parents: dict[str, str | None], section: str | None) -> bool:
    if section is None:
        return True
    cur: str | None = key
    for _ in range(30):
        if cur is None:
            return False
        if cur == section:
            return True
        cur = parents.get(cur)
    return False


def rows(res: DiffResult, parents_a: dict, parents_b: dict, section: str | None) -> list[dict]:
    """One row per rule-level finding, in A's order then B's additions."""
    keep_a = lambda k: _in_section(k, parents_a, section)  # noqa: E731
    keep_b = lambda k: _in_section(k, parents_b, section)  # noqa: E731
    out: list[dict] = []
    possible: list[dict] = []
    for m in res.matches:
        if not (keep_a(m.a) or keep_b(m.b)):
            continue
        if low_confidence(m.status, m.confidence):
            out.append({"status": "removed", "a": [m.a], "b": [], "confidence": None,
                        "renumbered": False, "words": [], "possible_counterpart": m.b,
                        "possible_confidence": m.confidence})
            possible.append({"status": "added", "a": [], "b": [m.b], "confidence": None,
                             "renumbered": False, "words": [], "possible_counterpart": m.a,
                             "possible_confidence": m.confidence})
            continue
        out.append({"status": m.status, "a": [m.a], "b": [m.b], "confidence": m.confidence,
                    "renumbered": m.renumbered, "words": m.words})
    for s in res.splits:
        if keep_a(s.a) or any(keep_b(k) for k in s.b):
            out.append({"status": "split", "a": [s.a], "b": list(s.b), "confidence": s.confidence,
                        "renumbered": True, "words": []})
    for g in res.merges:
        if keep_b(g.b) or any(keep_a(k) for k in g.a):
            out.append({"status": "merged", "a": list(g.a), "b": [g.b], "confidence": g.confidence,
                        "renumbered": True, "words": []})
    out += [{"status": "removed", "a": [k], "b": [], "confidence": None, "renumbered": False,
             "words": []} for k in res.removed if keep_a(k)]
    out += [{"status": "added", "a": [], "b": [k], "confidence": None, "renumbered": False,
             "words": []} for k in res.added if keep_b(k)]
    return out + possible


def render(res: DiffResult, fmt: str, *, parents_a: dict, parents_b: dict,
           section: str | None = None, show_unchanged: bool = False) -> str:
    found = rows(res, parents_a, parents_b, section)
    nc_a = [k for k in res.not_covered_a if _in_section(k, parents_a, section)]
    nc_b = [k for k in res.not_covered_b if _in_section(k, parents_b, section)]
    summary = {s: sum(1 for r in found if r["status"] == s)
               for s in ("unchanged", "moved", "reworded", "split", "merged", "added", "removed")}
    summary["not_covered_a"], summary["not_covered_b"] = len(nc_a), len(nc_b)
    if fmt == "json":
        return json.dumps({"a": res.a, "b": res.b, "section": section, "summary": summary,
                           "changes": found, "not_covered_a": nc_a, "not_covered_b": nc_b},
                          indent=2, ensure_ascii=False)
    shown = [r for r in found if show_unchanged or r["status"] != "unchanged"]
    head = (f"{res.a} -> {res.b}" + (f", section {section}" if section else "") + ": "
            + ", ".join(f"{n} {s.replace('_', ' ')}" for s, n in summary.items() if n))

    def label(r: dict) -> tuple[str, str]:
        a = ", ".join(r["a"]) or "-"
        b = ", ".join(r["b"]) or "-"
        conf = f" ({r['confidence']:.2f})" if r["confidence"] is not None else ""
        if r.get("possible_counterpart"):
            hint = (f"possible counterpart {r['possible_counterpart']} "
                    f"({r['possible_confidence']:.2f})")
            return (hint, b) if r["status"] == "added" else (a, hint)
        return a, b + conf

    notes = []
    if nc_a:
        notes.append(f"{len(nc_a)} rules of {res.a} are not covered by {res.b} (partial document)")
    if nc_b:
        notes.append(f"{len(nc_b)} rules of {res.b} are not covered by {res.a} (partial document)")
    if fmt == "html":
        out = [f"<h1>{html.escape(head)}</h1>", "<table>",
               f"<tr><th>change</th><th>{html.escape(res.a)}</th><th>{html.escape(res.b)}</th>"
               "<th>words</th></tr>"]
        for r in shown:
            a, b = label(r)
            out.append(f"<tr class=\"{r['status']}\"><td>{r['status']}</td><td>{html.escape(a)}</td>"
                       f"<td>{html.escape(b)}</td><td>{_words(r['words'], 'html')}</td></tr>")
        out.append("</table>")
        out += [f"<p>{html.escape(n)}</p>" for n in notes]
        return "\n".join(out)
    if fmt == "markdown":
        out = [f"# {head}", "", f"| change | {res.a} | {res.b} | words |", "|---|---|---|---|"]
        for r in shown:
            a, b = label(r)
            words = _words(r["words"], "markdown").replace("|", "\\|")
            out.append(f"| {r['status']} | {a} | {b} | {words} |")
        out += [""] + [f"*{n}*" for n in notes] if notes else []
        return "\n".join(out)
    out = [head]
    for r in shown:
        a, b = label(r)
        out.append(f"{r['status']:<9} {a} -> {b}")
        if r["words"]:
            out.append("          " + _words(r["words"], "text"))
    out += notes
    return "\n".join(out)


