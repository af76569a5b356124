"""Newer-version notes on looked-up rules. Until version matching lands (rulebook versions
issue), a lookup only says that a newer document of the same game exists."""

from __future__ import annotations


def annotate_newer(records: list[dict]) -> None:
    """Adds ``newer`` to each record whose game has a newer document installed."""
    from judge.rules import lookup
    docs = lookup.documents()
    for rec in records:
        same = lookup._newest_first([d for d in docs if d["game"] == rec["game"]])
        ids = [d["id"] for d in same]
        if rec["document"] in ids and ids.index(rec["document"]) > 0:
            newest = same[0]
            scope = newest_scope(newest)
            note = ("newer document; covers only section " + ", ".join(scope)) if scope \
                else "newer document of this game"
            rec["newer"] = {"document": newest["id"], "citation": None, "note": note}


def newest_scope(doc: dict) -> list[str]:
    import json
    return json.loads(doc.get("scope") or "[]")
