"""Every internal link of a generated site resolves: each relative ``href``/``src`` (HTML ``a``,
``link``, ``script``, ``img``, ``form action``, and SVG ``a``) names an existing file, and each
``#fragment`` names an ``id`` in that file (compared percent-decoded, as browsers do)."""

from __future__ import annotations

from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

_LINK_ATTRS = {"a": ("href",), "link": ("href",), "script": ("src",), "img": ("src",),
               "form": ("action",), "area": ("href",)}


class _Page(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.ids: set[str] = set()
        self.links: list[tuple[str, int]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if values.get("id"):
            self.ids.add(values["id"])
        for attr in _LINK_ATTRS.get(tag, ()):
            if values.get(attr) is not None:
                self.links.append((values[attr], self.getpos()[0]))
        if tag == "a" and "xlink:href" in values and values["xlink:href"] is not None:
            self.links.append((values["xlink:href"], self.getpos()[0]))

    handle_startendtag = handle_starttag


@dataclass(frozen=True, slots=True)
class Broken:
    page: str
    line: int
    href: str
    reason: str

    def __str__(self) -> str:
        return f"{self.page}:{self.line}: {self.href}: {self.reason}"


@dataclass
class Result:
    pages: int
    links: int
    broken: list[Broken]


def _parse(path: Path) -> _Page:
    page = _Page()
    page.feed(path.read_text(encoding="utf-8"))
    page.close()
    return page


def check(root: Path) -> Result:
    root = root.resolve()
    parsed: dict[Path, _Page] = {}

    def page_of(path: Path) -> _Page:
        if path not in parsed:
            parsed[path] = _parse(path)
        return parsed[path]

    broken: list[Broken] = []
    count = 0
    files = sorted(root.rglob("*.html"))
    for file in files:
        rel = file.relative_to(root).as_posix()
        for href, line in page_of(file).links:
            parts = urlsplit(href)
            if parts.scheme or parts.netloc or href.startswith("//"):
                continue  # external: none are expected, and they are not checked here
            count += 1
            target = file if not parts.path else (file.parent / unquote(parts.path)).resolve()
            if root != target and root not in target.parents:
                broken.append(Broken(rel, line, href, "leaves the site"))
                continue
            if target.is_dir():
                target = target / "index.html"
            if not target.is_file():
                broken.append(Broken(rel, line, href, "no such file"))
                continue
            if parts.fragment:
                if target.suffix != ".html":
                    broken.append(Broken(rel, line, href, "fragment on a non-page"))
                    continue
                fragment = unquote(parts.fragment)
                if fragment not in page_of(target).ids:
                    broken.append(Broken(rel, line, href, f"no id {fragment!r} in "
                                         f"{target.relative_to(root).as_posix()}"))
    return Result(len(files), count, broken)
