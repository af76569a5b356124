"""``build_site``: the rule graph and the bundled scenarios -> the site's files in OUTDIR.

All pages are rendered in memory first (:class:`judge.site.output.Writer`), then written; the
OUTDIR checks of :mod:`judge.site.output` run before anything is rendered.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from pathlib import Path

from judge import paths
from judge.rules.catalog import GAMES
from judge.rules.graph import RuleGraph
from judge.site import pages, rulings, searchindex, urls
from judge.site.output import Writer, check_target
from judge.site.textlinks import to_html

STATIC = ("site.css", "search.js")


@dataclass
class SiteReport:
    outdir: Path
    files: int = 0
    rule_pages: int = 0
    rules: int = 0
    rulings: int = 0
    skipped: list[str] = field(default_factory=list)  # notices of scenarios not run
    seconds: float = 0.0


@lru_cache(maxsize=1)
def environment():
    from jinja2 import (ChoiceLoader, Environment, FileSystemLoader, PrefixLoader,
                        StrictUndefined)

    env = Environment(
        loader=ChoiceLoader([
            FileSystemLoader(str(Path(__file__).resolve().parent / "templates")),
            PrefixLoader({"render": FileSystemLoader(str(paths.TEMPLATES))}),
        ]),
        autoescape=True,
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    env.filters["fragment"] = urls.fragment
    env.filters["linked"] = to_html
    from judge.render import markdown_escape, trace_entries
    env.filters["md"] = markdown_escape  # the renderer's templates expect these
    env.filters["trace_entries"] = trace_entries
    return env


def render(template: str, page: str, **values) -> str:
    return environment().get_template(template).render(root=urls.root_of(page), **values)


def static_text(name: str) -> str:
    return resources.files("judge.site").joinpath("static", name).read_text(encoding="utf-8")


def _crumb(label: str, href: str | None = None) -> dict:
    return {"label": label, "href": href}


def render_rule_pages(site: pages.Site, writer: Writer, *, serving: bool) -> int:
    count = 0
    for doc_id, sections in site.sections.items():
        m = site.rg.documents[doc_id].manifest
        for i, sec in enumerate(sections):
            view = pages.section_view(site, sec)
            neighbours = {
                "prev": sections[i - 1] if i > 0 else None,
                "next": sections[i + 1] if i + 1 < len(sections) else None,
            }
            nav = {k: v and {"href": urls.href(sec.path, v.path), "key": v.key, "title": v.title}
                   for k, v in neighbours.items()}
            label = f"{sec.key} {sec.title}".strip()
            writer.add(sec.path, render(
                "section.html.j2", sec.path, page_title=f"{doc_id} {label}", s=view,
                doc={"title": m.title, "version": m.version}, versions=view["versions"],
                serving=serving, prev=nav["prev"], next=nav["next"],
                crumbs=[_crumb("Home", urls.href(sec.path, "index.html")),
                        _crumb(doc_id, urls.href(sec.path, urls.document_path(doc_id))),
                        _crumb(label)]))
            count += 1
        page = urls.document_path(doc_id)
        versions = [{"doc": o, "version": site.rg.documents[o].manifest.version,
                     "title": site.rg.documents[o].manifest.title,
                     "href": urls.href(page, urls.document_path(o)), "exact": True,
                     "current": o == doc_id} for o in site.games[m.game]]
        writer.add(page, render("document.html.j2", page, page_title=f"{m.title} {m.version}",
                                d=pages.document_view(site, doc_id), versions=versions,
                                serving=serving,
                                crumbs=[_crumb("Home", urls.href(page, "index.html")),
                                        _crumb(doc_id)]))
    return count


def render_rulings(site: pages.Site, writer: Writer, scenarios: Path | None, *,
                   serving: bool) -> list[rulings.RulingPage]:
    found = rulings.build(scenarios, site)
    groups: dict[str, list[dict]] = {}
    for p in found:
        if p.view is None:
            continue
        expectations = p.view.get("expectations", [])
        all_exp = _all_expectations(p.view)
        writer.add(p.path, render(
            "ruling.html.j2", p.path, page_title=p.title, r=p.view, lines=p.lines,
            serving=serving, versions=None,
            crumbs=[_crumb("Home", urls.href(p.path, "index.html")),
                    _crumb("Rulings", urls.href(p.path, "rulings/index.html")),
                    _crumb(p.title)]))
        groups.setdefault(p.game, []).append({
            "href": urls.href("rulings/index.html", p.path), "title": p.title,
            "source": p.source, "expectations": len(all_exp),
            "passed": sum(1 for e in all_exp if e["passed"]), "own": len(expectations)})
    index = "rulings/index.html"
    covered = render_coverage(site, writer, found, serving=serving)
    writer.add(index, render(
        "rulings.html.j2", index, page_title="Rulings", serving=serving, versions=None,
        groups=[{"game": g, "name": GAMES.get(g, g or "Other"), "pages": ps}
                for g, ps in sorted(groups.items())],
        coverage=[{"document": d, "href": urls.href(index, path), "share": share}
                  for d, path, share in covered],
        skipped=[{"source": p.source, "notice": p.notice} for p in found if p.view is None],
        crumbs=[_crumb("Home", urls.href(index, "index.html")), _crumb("Rulings")]))
    return found


def render_coverage(site: pages.Site, writer: Writer, found: list[rulings.RulingPage], *,
                    serving: bool) -> list[tuple[str, str, str]]:
    """A page per document that bundled scenarios name: each rule and glossary entry with the
    rulings that cite it, by section, and the ones none reaches (as ``judge coverage``).
    Returns (document, page, share cited) for the rulings index."""
    from judge.games.coverage import Coverage, rules_of, section_titles

    made = []
    for doc in sorted({p.document for p in found if p.view is not None and p.document}):
        page = f"rulings/coverage-{doc}.html"
        cov = Coverage(doc, rules=rules_of(doc), titles=section_titles(doc))
        by_key = {f"{doc} {r.key}": r for r in cov.rules}
        runs = {}
        for p in found:
            if p.view is None or p.document != doc:
                continue
            cov.scenarios.append(p.source)
            runs[p.source] = {"title": p.title, "href": urls.href(page, p.path)}
            for citation in p.cited:
                rule = by_key.get(citation)
                if rule is not None and p.source not in rule.scenarios:
                    rule.scenarios.append(p.source)
        sections = []
        for section, cited, total in cov.sections():
            rules = [{"key": r.key, "title": r.title,
                      "href": site.node_href(page, f"{doc} {r.key}")
                      if f"{doc} {r.key}" in site.page_of else None,
                      "rulings": [runs[s] for s in r.scenarios]}
                     for r in cov.rules if r.section == section]
            sections.append({"key": section, "title": cov.titles.get(section, ""),
                             "cited": cited, "total": total, "rules": rules})
        share = f"{len(cov.covered)} of {len(cov.rules)}"
        writer.add(page, render(
            "coverage.html.j2", page, page_title=f"Coverage of {doc}", serving=serving,
            versions=None, document=doc, share=share, scenarios=len(cov.scenarios),
            sections=sections,
            crumbs=[_crumb("Home", urls.href(page, "index.html")),
                    _crumb("Rulings", urls.href(page, "rulings/index.html")),
                    _crumb(f"Coverage of {doc}")]))
        made.append((doc, page, share))
    return made


def _all_expectations(view: dict) -> list[dict]:
    out = list(view.get("expectations", []))
    for branch in view.get("branches", []):
        out += _all_expectations(branch)
    return out


def render_site(rg: RuleGraph, *, scenarios: Path | None = None,
                serving: bool = False) -> tuple[Writer, SiteReport]:
    """Every file of the site, in memory."""
    started = time.perf_counter()
    site = pages.collect(rg)
    writer = Writer()
    report = SiteReport(Path("."))
    report.rule_pages = render_rule_pages(site, writer, serving=serving)
    report.rules = len(site.page_of)
    writer.add("index.html", render("home.html.j2", "index.html", page_title="Rules documents",
                                    games=pages.home_view(site), serving=serving,
                                    crumbs=None, versions=None))
    writer.add("search.html", render("search.html.j2", "search.html", page_title="Search",
                                     serving=serving, versions=None,
                                     crumbs=[_crumb("Home", "index.html"), _crumb("Search")]))
    writer.add(searchindex.FILE, searchindex.script(site))
    for name in STATIC:
        writer.add(f"static/{name}", static_text(name))
    found = render_rulings(site, writer, scenarios, serving=serving)
    report.rulings = sum(1 for p in found if p.view is not None)
    report.skipped = [p.notice or "" for p in found if p.view is None]
    report.files = len(writer.files)
    report.seconds = time.perf_counter() - started
    return writer, report


def build_site(outdir: Path, *, force: bool = False, graph: RuleGraph | None = None,
               scenarios: Path | None = paths.SCENARIOS, serving: bool = False) -> SiteReport:
    """Write the site into ``outdir`` (see :mod:`judge.site.output` for when it refuses)."""
    previous = check_target(outdir, force=force)
    if graph is None:
        from judge.rules.index import load_graph
        graph = load_graph()
    writer, report = render_site(graph, scenarios=scenarios, serving=serving)
    writer.write(outdir, previous)
    report.outdir = outdir
    report.files += 1  # the marker
    return report
