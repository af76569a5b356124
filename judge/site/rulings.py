"""Bundled scenarios as ruling pages: each ``scenarios/**/*.scn`` is parsed, run by the engine
(``judge.games.run.run_scenario``) and shown with the ruling renderer's data
(``judge.render.view.ruling_view``) inside the site's layout, beside its numbered source.

A scenario that cannot be read or run is skipped with a notice (its error, rendered with file,
line and caret as the CLI shows it), listed on the rulings index page; the site is still built.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from pathlib import Path

from judge.errors import JudgeError
from judge.site import urls
from judge.site.pages import Site

log = logging.getLogger(__name__)


@dataclass
class RulingPage:
    source: str                 # path relative to the scenarios folder, "/"-separated
    path: str                   # site path of the page
    text: str                   # the scenario text
    view: dict | None = None    # ruling_view(...) when it ran
    notice: str | None = None   # why it was skipped
    game: str = ""
    title: str = ""
    lines: list[str] = field(default_factory=list)
    document: str = ""
    cited: tuple[str, ...] = ()  # every rule the ruling cites (its branches' too)


def scenario_files(folder: Path | None) -> list[Path]:
    if folder is None or not folder.is_dir():
        return []
    return sorted(p for p in folder.rglob("*.scn") if p.is_file())


def run_text(text: str, path: str):
    """Parse and run a scenario text: the Ruling. Raises JudgeError for input problems."""
    from judge.games.run import run_scenario
    from judge.scenario.parser import parse

    return run_scenario(parse(text, path=path))


def view_for(ruling, site: Site | None, page: str) -> dict:
    """The renderer's view with links relative to ``page``; citations the site has no rule for
    link to their document's index (or the home page) and keep the renderer's "missing" mark."""
    from judge.render.view import ruling_view

    root = urls.root_of(page).rstrip("/") or "."
    view = ruling_view(ruling, site=root)
    if site is not None:
        _retarget_missing(view, site, page)
    return view


def _retarget_missing(view: dict, site: Site, page: str) -> None:
    seen: set[int] = set()

    def fix(c: dict) -> None:
        if id(c) in seen:
            return
        seen.add(id(c))
        if c["citation"] in site.page_of:
            c["url"] = site.node_href(page, c["citation"])
            return
        c["found"] = False
        target = urls.document_path(c["document"]) if c["document"] in site.sections else "index.html"
        c["url"] = urls.href(page, target)

    def walk(part: dict) -> None:
        for step in part["steps"]:
            for c in step["citations"]:
                fix(c)
        for branch in part["branches"]:
            walk(branch)

    walk(view)
    for group in view["rules_consulted"]:
        for c in group["rules"]:
            fix(c)


def build(folder: Path | None, site: Site) -> list[RulingPage]:
    pages = []
    for file in scenario_files(folder):
        rel = file.relative_to(folder).as_posix()
        page = RulingPage(rel, urls.ruling_path(rel), "")
        pages.append(page)
        try:
            page.text = file.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as err:
            page.notice = f"{rel}: cannot read: {err}"
            continue
        page.lines = page.text.splitlines()
        page.game = rel.split("/")[0] if "/" in rel else ""
        try:
            ruling = run_text(page.text, f"scenarios/{rel}")
        except JudgeError as err:
            page.notice = err.render()
            continue
        except ImportError as err:
            page.notice = f"scenarios/{rel}: the engine is not available ({err})"
            continue
        except Exception as err:  # an engine bug must not stop the site: skip with notice
            log.warning("scenario %s failed to run", rel, exc_info=True)
            page.notice = (f"scenarios/{rel}: the engine failed on this scenario "
                           f"({type(err).__name__}: {err})")
            continue
        page.view = view_for(ruling, site, page.path)
        page.game = ruling.game or page.game
        page.title = ruling.title or rel
        page.document = ruling.document
        page.cited = ruling.rules_consulted
    return pages
