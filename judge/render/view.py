"""A Ruling as plain data for the renderers: every citation with its quote (the first sentence
of the rule) and its link on the rules site. The JSON renderer writes this data as it is
(``SCHEMA`` names its version), the templates read the same data.

Links: ``<site>/<document>/<top-level section>.html#<key>`` (key percent-encoded); the site
base comes from ``--site`` or the ``JUDGE_SITE`` environment variable, default relative links.
"""

from __future__ import annotations

import os
from urllib.parse import quote

from judge.engine.ruling import Ruling, TraceStep

SCHEMA = "judge-ruling/1"


def site_base(site: str | None = None) -> str:
    base = site if site is not None else os.environ.get("JUDGE_SITE", "")
    return base.rstrip("/")


def citation_view(citation: str, site: str) -> dict:
    """``{"citation", "document", "key", "title", "quote", "url", "found"}`` for one citation."""
    from judge.rules.lookup import first_sentence, rule_record

    document, _, key = citation.partition(" ")
    record = rule_record(citation)
    section = (record or {}).get("section") or key.split(".")[0] or key
    path = f"{quote(document)}/{quote(str(section), safe='.-_~')}.html#{quote(key, safe='.-_~')}"
    return {
        "citation": citation,
        "document": document,
        "key": key,
        "title": (record or {}).get("title") or "",
        "quote": first_sentence(citation) if record else "",
        "url": f"{site}/{path}" if site else path,
        "found": record is not None,
    }


def ruling_view(ruling: Ruling, *, site: str | None = None) -> dict:
    base = site_base(site)
    cache: dict[str, dict] = {}

    def cite(citation: str) -> dict:
        if citation not in cache:
            cache[citation] = citation_view(citation, base)
        return cache[citation]

    view = {
        "schema": SCHEMA,
        "title": ruling.title,
        "game": ruling.game,
        "document": ruling.document,
        "path": ruling.path,
        "passed": ruling.passed,
        "source": ruling.source.splitlines(),
    }
    view.update(_part(ruling, cite))
    view["rules_consulted"] = [cite(c) for c in ruling.rules_consulted]
    view["all_not_modelled"] = list(ruling.all_not_modelled)
    return view


def _part(ruling: Ruling, cite) -> dict:
    return {
        "label": ruling.label,
        "outcome": ruling.outcome,
        "steps": [_step(step, cite) for step in ruling.steps],
        "expectations": [
            {"line": e.line, "text": e.text, "passed": e.passed, "actual": e.actual}
            for e in ruling.expectations],
        "not_modelled": list(ruling.not_modelled),
        "branches": [_part(branch, cite) for branch in ruling.branches],
    }


def _step(step: TraceStep, cite) -> dict:
    return {
        "index": step.index,
        "action": step.action,
        "description": step.description,
        "citations": [cite(c) for c in step.citations],
        "state_change": [{"what": what, "change": change} for what, change in step.state_change],
        "default_applied": step.default_applied,
        "not_modelled": step.not_modelled,
        "line": step.line,
    }
