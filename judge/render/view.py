"""A Ruling as plain data for the renderers: every citation with its quote (the first sentence
of the rule) and its link on the rules site. The JSON renderer writes this data as it is
(``SCHEMA`` names its version), the templates read the same data.

Each part (the main line and each branch) carries ``answer`` (the outcome, the expectations in
one sentence, the decisive steps grouped, the defaults assumed; :mod:`judge.render.answer`)
and ``folds`` (runs of routine steps the trace shows as one line); ``steps`` stays whole, each
step marked ``decisive`` / ``routine``. ``rules_consulted`` is grouped by document and top-level
section, in rule-number order, each rule once.

``cards`` is every card the scenario used, with its text and where its definition came from
(a card line, or an installed card database with its version and the printing);
``cards_from_databases`` is true when a database had a part in any of them (text and Markdown
then show the cards; HTML always does).

Links: ``<site>/<document>/<top-level section>.html#<key>`` (key percent-encoded); the site
base comes from ``--site`` or the ``JUDGE_SITE`` environment variable, default relative links
(``links.note`` then says how to get absolute ones).
"""

from __future__ import annotations

import os
from urllib.parse import quote

from judge.engine.ruling import Ruling, TraceStep
from judge.render import answer as A

SCHEMA = "judge-ruling/2"
RELATIVE_NOTE = ("Rule links are relative: they work beside a rules site built with "
                 "'judge site DIR'. For absolute links, pass --site URL or set JUDGE_SITE.")


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
    ancestors = (record or {}).get("ancestors") or []
    return {
        "citation": citation,
        "document": document,
        "key": key,
        "title": (record or {}).get("title") or "",
        "quote": " ".join(first_sentence(citation).split()) if record else "",
        "url": f"{site}/{path}" if site else path,
        "found": record is not None,
        "section": str(section),
        "section_title": (ancestors[0]["title"] if ancestors else
                          (record or {}).get("title") or "") or "",
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
    view["cards"] = [_card(c) for c in ruling.cards]
    view["cards_from_databases"] = any(c.database for c in ruling.cards)
    view["rules_consulted"] = consulted_groups([cite(c) for c in ruling.rules_consulted])
    view["all_not_modelled"] = list(ruling.all_not_modelled)
    view["links"] = {"base": base or None, "note": "" if base else RELATIVE_NOTE}
    return view


def _part(ruling: Ruling, cite) -> dict:
    steps = [_step(step, cite) for step in ruling.steps]
    expectations = [{"line": e.line, "text": e.text, "passed": e.passed, "actual": e.actual}
                    for e in ruling.expectations]
    decisive = A.decisive(steps, expectations)
    for s in steps:
        s["decisive"] = s["index"] in decisive
        s["routine"] = not s["decisive"] and A.routine(s)
    return {
        "label": ruling.label,
        "outcome": ruling.outcome,
        "answer": {
            "outcome": ruling.outcome,
            "expectations": A.expectation_sentence(expectations),
            "decisive": A.group_decisive(steps, decisive),
            "assumptions": A.assumptions(steps),
        },
        "steps": steps,
        "folds": A.folds(steps, set(decisive)),
        "expectations": expectations,
        "not_modelled": list(ruling.not_modelled),
        "branches": [_part(branch, cite) for branch in ruling.branches],
    }


def consulted_groups(cites: list[dict]) -> list[dict]:
    """Citations grouped by document and top-level section, the groups and the rules in each in
    number order (glossary terms alphabetically, after the numbered rules' sections)."""
    groups: dict[tuple[str, str], dict] = {}
    for c in cites:
        key = (c["document"], c["section"])
        if key not in groups:
            groups[key] = {"document": c["document"], "section": c["section"],
                           "title": c["section_title"], "rules": []}
        if c not in groups[key]["rules"]:
            groups[key]["rules"].append(c)
    for g in groups.values():
        g["rules"].sort(key=lambda c: number_key(c["key"]))
    return sorted(groups.values(), key=lambda g: (g["document"], number_key(g["section"])))


def number_key(key: str) -> tuple:
    """Sort key of a rule number or term: 20.7.2a after 20.7.2 and before 20.7.10; UFS
    letters (E.2.2) and terms after numbers, terms alphabetically."""
    parts = []
    for piece in key.replace("~", ".~").split("."):
        lead = piece[:len(piece) - len(piece.lstrip("0123456789"))]
        if lead:            # "20", "2a"
            parts.append((0, int(lead), piece[len(lead):].lower()))
        else:               # a UFS section letter ("E"), then glossary terms
            parts.append((1 if len(piece) <= 2 else 2, 0, piece.lower()))
    return tuple(parts)


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


def _card(card) -> dict:
    """A card the ruling used: its text and where the definition came from."""
    return {
        "name": card.name,
        "type_line": card.type_line,
        "stats": [[k, v] for k, v in card.stats],
        "stats_text": ", ".join(f"{k} {v}" for k, v in card.stats),
        "text": card.text,
        "source": card.source,
        "note": card.note,
        "database": card.database,
    }
