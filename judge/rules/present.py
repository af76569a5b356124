"""Plain-text presentation of rule records (shared by the fast ``judge rule`` path and the
click commands). Light: no click, no jinja2."""

# On the lookup path: imports no .py module of the standard library, not even __future__
# (see judge/rules/lookup.py and tests/rules/test_fast_paths.py).

WIDTH = 92


def fill(text: str, width: int = WIDTH, initial_indent: str = "", subsequent_indent: str = "") -> str:
    """Greedy word wrap (textwrap.fill without importing textwrap and re on the lookup path)."""
    lines, line = [], initial_indent
    fresh = True
    for word in text.split():
        if not fresh and len(line) + 1 + len(word) > width:
            lines.append(line)
            line, fresh = subsequent_indent, True
        line += word if fresh else " " + word
        fresh = False
    lines.append(line)
    return "\n".join(lines)


def _wrap(text: str, indent: str = "") -> str:
    return "\n".join(fill(p, WIDTH, indent, indent) if p.strip() else ""
                     for p in text.split("\n"))


def _cite_list(items: list[dict], limit: int = 12) -> str:
    names = []
    for it in items[:limit]:
        label = it["citation"]
        if it.get("dangling"):
            label += f"  (dangling: {it['raw']})"
        elif it.get("title") and not label.endswith(" " + it["title"]):
            label += f" {it['title']}"
        names.append(label)
    more = f" (+{len(items) - limit} more)" if len(items) > limit else ""
    return "; ".join(names) + more


def format_rule(rec: dict, *, labelled: bool = False, doc_title: str = "") -> str:
    head = rec["citation"]
    # a glossary entry's citation is its term; a numbered one (a later CR's "8.2.12 Ash") shows it
    if rec.get("title") and not head.endswith(" " + rec["title"]):
        head += f"  {rec['title']}"
    out = []
    if labelled and doc_title:
        out.append(f"[{rec['document']}: {doc_title}]")
    out.append(head)
    crumbs = " > ".join(f"{a['citation'].split(' ', 1)[1]} {a['title']}".strip()
                        for a in rec["ancestors"])
    kind = {"glossary": "glossary entry", "errata": "card errata"}.get(rec["kind"], rec["kind"])
    if rec["kind"] == "errata" and rec.get("number") and rec["number"] != rec["key"]:
        kind += f" {rec['number']}"          # Ashes errata are cited by their printed number
    out.append(f"  {kind}, source line {rec['source_line']}" + (f"; in {crumbs}" if crumbs else ""))
    if rec["text"]:
        out.append("")
        out.append(_wrap(rec["text"], "  "))
    elif rec["kind"] == "glossary" and any(c.get("text") for c in rec["children"]):
        # a numbered entry whose text is all in its lettered rules (8.2.12 Ash: 8.2.12a, b)
        out.append("")
        for c in rec["children"]:
            if c.get("text"):
                number = c["citation"].split(" ", 1)[1]
                out.append(fill(c["text"], WIDTH, f"  {number} ", " " * (3 + len(number))))
    for ex in rec["examples"]:
        out.append("")
        out.append(_wrap(f"{ex['label']}: {ex['text']}" if not ex["text"].startswith(ex["label"])
                         else ex["text"], "    "))
    rows = [("Cites", rec["cites"]), ("Cited by", rec["cited_by"]), ("Mentions", rec["mentions"]),
            ("Mentioned by", rec["mentioned_by"]), ("Children", rec["children"])]
    lines = [(name, _cite_list(items)) for name, items in rows if items]
    if lines:
        out.append("")
        for name, value in lines:
            out.append(fill(value, WIDTH, initial_indent=f"  {name + ':':<13} ",
                                     subsequent_indent=" " * 16))
    if rec.get("newer"):
        n = rec["newer"]
        out.append("")
        out.append(f"  Newer version: {n['citation'] or n['document']} ({n['note']})")
    return "\n".join(out)


def format_rules(records: list[dict], docs: dict[str, str]) -> str:
    labelled = len({r["document"] for r in records}) > 1 or len(records) > 1
    return "\n\n".join(format_rule(r, labelled=labelled, doc_title=docs.get(r["document"], ""))
                       for r in records)


_ESCAPES = {i: f"\\u{i:04x}" for i in range(32)}
_ESCAPES.update({ord('"'): '\\"', ord("\\"): "\\\\", ord("\n"): "\\n", ord("\t"): "\\t",
                 ord("\r"): "\\r", ord("\b"): "\\b", ord("\f"): "\\f"})


def to_json(obj, indent: str = "") -> str:
    """JSON for lookup records (dict, list, str, int, float, bool, None), as
    ``json.dumps(obj, indent=2, ensure_ascii=False)`` gives it. Written out because importing
    json costs the lookup path more than half of a bare interpreter start."""
    inner = indent + "  "
    if isinstance(obj, dict):
        if not obj:
            return "{}"
        items = (f'{inner}"{str(k).translate(_ESCAPES)}": {to_json(v, inner)}' for k, v in obj.items())
        return "{\n" + ",\n".join(items) + f"\n{indent}}}"
    if isinstance(obj, (list, tuple)):
        if not obj:
            return "[]"
        return "[\n" + ",\n".join(inner + to_json(v, inner) for v in obj) + f"\n{indent}]"
    if isinstance(obj, str):
        return '"' + obj.translate(_ESCAPES) + '"'
    if obj is True:
        return "true"
    if obj is False:
        return "false"
    if obj is None:
        return "null"
    if isinstance(obj, (int, float)):
        return repr(obj)
    raise TypeError(f"not JSON serialisable: {type(obj).__name__}")
