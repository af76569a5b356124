"""Newer-version notes on looked-up rules (``judge rule``): when a newer document of the same game
is installed, each record of an older document gets ``newer`` = its counterpart there
(``citation``, ``citations`` for a split, ``status``, ``confidence``, ``note``).

Counterparts come from the version matcher's results (:mod:`judge.rules.diff`), cached per pair
of documents in the user cache as JSON and keyed by both documents' fingerprints (source and
manifest size + mtime, scope, matcher code). Beside the full JSON result, each pair has a
compact per-rule table of counterparts in ``marshal`` form: a warm lookup reads only that (this
module imports os and marshal, never json, the matcher, click, networkx, lark or jinja2). A
cold cache is filled once through :func:`judge.rules.versions.get_diff`.

``judge history`` (:func:`history`, :func:`render_history`) is answered from here as well: the
counterpart tables, the rules' texts from the index, and a word diff (difflib, imported only
when a step is reworded).
"""

# On the lookup path: imports no .py module of the standard library, not even __future__
# (see judge/rules/lookup.py and tests/rules/test_fast_paths.py).

import marshal
import os

# a reworded match below this confidence is only a possible counterpart (docs/diff-threshold.md)
REWORDED_CONFIDENCE = 0.47

_DIFF_CODE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "diff.py")


def _stat(path: str) -> list:
    try:
        st = os.stat(path)
        return [st.st_size, st.st_mtime_ns]
    except OSError:
        return [0, 0]


_NOT_COVERED = {"status": "not covered", "citations": [], "confidence": None, "renumbered": False}


def fingerprint(row: dict) -> str:
    """A document's fingerprint (a row of the index's documents table)."""
    data = (row["id"], *_stat(row["source_path"]), *_stat(row["manifest_path"]), row["scope"],
            *_stat(_DIFF_CODE))
    return repr(data)


def cache_file(a: str, b: str):
    from judge import paths
    return paths.cache_dir() / "versions" / f"{a}__{b}.json"


def _table_file(a: str, b: str) -> str:
    from judge import paths
    return os.path.join(paths.cache_dir_str(), "versions", f"{a}__{b}.marshal")


def read_cached(row_a: dict, row_b: dict) -> dict | None:
    """The cached matching of two documents (``DiffResult.to_dict()``), if still valid."""
    import json
    try:
        with open(cache_file(row_a["id"], row_b["id"]), encoding="utf-8") as fh:
            data = json.load(fh)
    except (OSError, ValueError):
        return None
    if not isinstance(data, dict) or data.get("key") != [fingerprint(row_a), fingerprint(row_b)]:
        return None
    return data.get("result")


def write_table(row_a: dict, row_b: dict, result: dict) -> None:
    """Write the per-rule counterpart table of a matching result (called by get_diff)."""
    table = counterpart_table(result)
    path = _table_file(row_a["id"], row_b["id"])
    try:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        tmp = f"{path}.{os.getpid()}.part"
        with open(tmp, "wb") as fh:
            marshal.dump((fingerprint(row_a), fingerprint(row_b), table), fh)
        os.replace(tmp, path)
    except OSError:
        pass  # a cache that cannot be written is recomputed next time


def _table(row_a: dict, row_b: dict) -> dict:
    try:
        with open(_table_file(row_a["id"], row_b["id"]), "rb") as fh:
            fa, fb, table = marshal.load(fh)
        if (fa, fb) == (fingerprint(row_a), fingerprint(row_b)):
            return table
    except (OSError, ValueError, EOFError, TypeError):
        pass
    from judge.rules import versions      # cold cache: run the matcher once (writes the table)
    result = versions.get_diff(row_a["id"], row_b["id"]).to_dict()
    write_table(row_a, row_b, result)
    return counterpart_table(result)


def counterpart_table(result: dict) -> dict[str, dict]:
    """What became of each rule of document A in document B (every rule the matching result
    names), made in one pass: a match first, then a split, a merge, a removal."""
    b = result["b"]
    table: dict[str, dict] = {}
    for key in result["removed"]:
        table[key] = {"status": "removed", "citations": [], "confidence": None, "renumbered": False}
    for g in reversed(result["merges"]):            # the first merge naming a rule wins
        for key in g["a"]:
            table[key] = {"status": "merged", "citations": [f"{b} {g['b']}"],
                          "confidence": g["confidence"], "renumbered": True,
                          "merged_with": list(g["a"])}
    for s in reversed(result["splits"]):
        table[s["a"]] = {"status": "split", "citations": [f"{b} {k}" for k in s["b"]],
                         "confidence": s["confidence"], "renumbered": True}
    for m in reversed(result["matches"]):
        table[m["a"]] = {"status": m["status"], "citations": [f"{b} {m['b']}"],
                         "confidence": m["confidence"], "renumbered": m["renumbered"]}
    return table


def counterpart_in(result: dict, key: str) -> dict:
    """What became of rule ``key`` of document A in document B, from a matching result."""
    return counterpart_table(result).get(key) or dict(_NOT_COVERED, citations=[])


def counterpart(row_a: dict, key: str, row_b: dict) -> dict:
    return _table(row_a, row_b).get(key, _NOT_COVERED)


def newer_counterpart(record: dict, docs: list[dict]) -> dict | None:
    """For a looked-up rule of an older document: its counterpart in the newest document of the
    game that covers it (a partial newest document that does not is skipped, and said so);
    None when no newer document covers it (v1.4 20.7.2a has no "newer version" in the
    section-4 export, which covers only section 4)."""
    from judge.rules import lookup
    same = lookup._newest_first([d for d in docs if d["game"] == record["game"]])
    ids = [d["id"] for d in same]
    if record["document"] not in ids or ids.index(record["document"]) == 0:
        return None
    mine = same[ids.index(record["document"])]
    skipped = []
    for d in same[:ids.index(record["document"])]:
        cp = counterpart(mine, record["key"], d)
        if cp["status"] == "not covered":
            scope = _scope(d.get("scope") or "[]")
            skipped.append(f"{d['id']} covers only section {', '.join(scope)}" if scope
                           else f"{d['id']} does not cover it")
            continue
        cites = cp["citations"]
        if cp["status"] == "removed":
            note = f"no counterpart in {d['id']} (removed)"
        elif cp["status"] == "split":
            note = f"split into {', '.join(c.split(' ', 1)[1] for c in cites)}"
        elif cp["status"] == "merged":
            note = f"merged with {', '.join(cp['merged_with'])}"
        elif (cp["status"] == "reworded" and cp["confidence"] is not None
              and cp["confidence"] < REWORDED_CONFIDENCE):
            note = f"no sure counterpart in {d['id']}: possible counterpart"
            status = "possible"
        else:
            note = cp["status"] + (", renumbered" if cp["renumbered"] and cp["status"] != "moved" else "")
        if cp["confidence"] is not None:
            note += f"; match confidence {cp['confidence']:.2f}"
        if skipped:
            note += "; " + "; ".join(skipped)
        return {"document": d["id"], "citation": cites[0] if cites else None, "citations": cites,
                "status": status if note.startswith("no sure") else cp["status"],
                "confidence": cp["confidence"], "note": note}
    return None     # no newer document covers it (a partial one's scope leaves it out)


def _scope(text: str) -> list[str]:
    """The documents table's scope (a JSON list of section numbers), read without json."""
    return [s.strip().strip('"') for s in text.strip().strip("[]").split(",") if s.strip()]


def annotate_newer(records: list[dict]) -> None:
    """Adds ``newer`` to each record whose game has a newer document installed."""
    from judge.rules import lookup
    docs = lookup.documents()
    for rec in records:
        newer = newer_counterpart(rec, docs)
        if newer is not None:
            rec["newer"] = newer


# --- documents of a game, and a rule's history ---------------------------------------------------

# typographic quotes and dashes read as their plain forms when words are compared
QUOTES = str.maketrans({"’": "'", "‘": "'", "“": '"', "”": '"', "–": "-",
                        "—": "-"})


def game_documents(game: str) -> list[dict]:
    """Installed documents of ``game``, oldest first (undated ones last, as ``judge rule``
    orders them)."""
    from judge.rules import lookup
    docs = [d for d in lookup.documents() if d["game"] == game]
    return list(reversed(lookup._newest_first(docs)))


def document_row(doc_id: str) -> dict:
    from judge.rules import lookup
    for d in lookup.documents():
        if d["id"].lower() == doc_id.strip().lower():
            return d
    ids = [d["id"] for d in lookup.documents()]
    import difflib
    from judge.errors import UnknownDocumentError
    raise UnknownDocumentError(f"no document {doc_id!r}", expected="one of " + ", ".join(ids),
                               suggestion=", ".join(difflib.get_close_matches(doc_id, ids, 3, 0.4)) or None)


def rule_text(title: str, text: str) -> str:
    """A rule's words as versions compare them: its title and its text."""
    return f"{title}: {text}".strip(": ") if title and text else (text or title)


def surface(text: str) -> list[str]:
    """The words of ``text`` as printed (split at white space), quotes and dashes made plain."""
    return text.translate(QUOTES).split()


def word_diff(old: str, new: str) -> list[list[str]]:
    """[[op, words], ...] with op in equal / delete / insert (a replace is delete + insert)."""
    import difflib
    a, b = surface(old), surface(new)
    out: list[list[str]] = []
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if op == "equal":
            out.append(["equal", " ".join(a[i1:i2])])
            continue
        if op in ("delete", "replace"):
            out.append(["delete", " ".join(a[i1:i2])])
        if op in ("insert", "replace"):
            out.append(["insert", " ".join(b[j1:j2])])
    return out


def history(doc: str, number: str) -> dict:
    """The rule's counterparts in every document of its game, oldest to newest."""
    from judge.rules import lookup
    row = document_row(doc)
    keys = lookup.find_keys(row["id"], number)
    if not keys:
        from judge.errors import UnknownRuleError
        near = lookup.suggest_numbers(row["id"], number)
        raise UnknownRuleError(f"no rule {number!r} in {row['id']}",
                               expected="a rule number or glossary term of " + row["id"],
                               suggestion=", ".join(f"{row['id']} {k}" for k in near) or None)
    key = keys[0]
    con = lookup.connect()

    def text_of(citation: str) -> str:
        r = con.execute("SELECT title, text FROM nodes WHERE id=?", (citation,)).fetchone()
        return "" if r is None else rule_text(r["title"] or "", r["text"] or "")

    steps = []
    for d in game_documents(row["game"]):
        if d["id"] == row["id"]:
            step = {"status": "this rule", "citations": [f"{row['id']} {key}"], "confidence": 1.0,
                    "renumbered": False}
        else:
            step = counterpart(row, key, d)
        step = {"document": d["id"], "version": d["version"], "date": d["date"], **step}
        step["text"] = "\n".join(text_of(c) for c in step["citations"])
        steps.append(step)
    previous = None
    for step in steps:
        if not step["citations"]:
            step["change"] = "not covered by this document" if step["status"] == "not covered" \
                else "no counterpart in this document"
            step["words"] = []
            continue
        if previous is None:
            step["change"] = "first appearance"
            step["words"] = []
        else:
            old_num = [c.split(" ", 1)[1] for c in previous["citations"]]
            new_num = [c.split(" ", 1)[1] for c in step["citations"]]
            changes = []
            if old_num != new_num:
                changes.append(f"renumbered {', '.join(old_num)} -> {', '.join(new_num)}")
            same_text = " ".join(previous["text"].split()) == " ".join(step["text"].split())
            changes.append("same words" if same_text else "reworded")
            if step["status"] in ("split", "merged"):
                changes.append(step["status"])
            step["change"] = "; ".join(changes)
            step["words"] = [] if same_text else word_diff(previous["text"], step["text"])
        previous = step
    return {"citation": f"{row['id']} {key}", "game": row["game"], "steps": steps}


def words_text(ops: list[list[str]]) -> str:
    """A word diff as text: ``[-removed-]``, ``{+added+}``."""
    return " ".join(text if op == "equal" else f"[-{text}-]" if op == "delete" else f"{{+{text}+}}"
                    for op, text in ops)


def render_history(h: dict, fmt: str) -> str:
    """``judge history`` output, ``text`` or ``json`` (as ``json.dumps(h, indent=2,
    ensure_ascii=False)`` gives it)."""
    if fmt == "json":
        from judge.rules.present import to_json
        return to_json(h)
    out = [f"history of {h['citation']}"]
    for s in h["steps"]:
        where = ", ".join(s["citations"]) or s["document"]
        conf = f" ({s['confidence']:.2f})" if s.get("confidence") not in (None, 1.0) else ""
        date = f" [{s['date']}]" if s["date"] else ""
        out.append(f"{s['document']}{date}: {where}{conf} - {s['change']}")
        if s.get("words"):
            out.append("    " + words_text(s["words"]))
    return "\n".join(out)
