"""Paths of the site's pages and the hrefs between them.

Every page has a *site path* relative to the site root (``fab-1.4/20.html``). A link from one
page to another is that path made relative to the linking page's folder, percent-encoded; the
anchor of a rule is its key, percent-encoded in the href (``#Go%20again``, ``#%2BX%20%2F%20%2BX``)
and written as it is in the ``id`` attribute. This matches the links the ruling renderers write
(``judge.render.view``: ``<site>/<document>/<top-level section>.html#<key>``).
"""

from __future__ import annotations

import re
from functools import lru_cache
from urllib.parse import quote

_SAFE = ".-_~"
_PLAIN_NAME = re.compile(r"[^/\\\x00]+")


def file_name(name: str) -> str:
    """A file name for a section or scenario name: the name itself when it is a plain file name
    (every bundled section is), else the name percent-encoded so it cannot leave its folder."""
    if _PLAIN_NAME.fullmatch(name) and name not in (".", "..") and not name.startswith("."):
        return name
    encoded = quote(name, safe="")
    return "%2E" + encoded[1:] if encoded.startswith(".") else encoded


def section_path(doc: str, section: str) -> str:
    return f"{file_name(doc)}/{file_name(section)}.html"


def document_path(doc: str) -> str:
    return f"{file_name(doc)}/index.html"


def ruling_path(relative: str) -> str:
    """``fab/arcane-barrier.scn`` -> ``rulings/fab/arcane-barrier.html``."""
    parts = [file_name(p) for p in relative.split("/") if p]
    stem = parts[-1][:-4] if parts and parts[-1].endswith(".scn") else parts[-1]
    return "/".join(["rulings", *parts[:-1], stem + ".html"])


@lru_cache(maxsize=8192)
def fragment(key: str) -> str:
    return quote(key, safe=_SAFE)


def root_of(page: str) -> str:
    """Prefix from ``page`` back to the site root: ``""``, ``"../"``, ``"../../"``."""
    return "../" * page.count("/")


def href(from_page: str, to_page: str, key: str | None = None) -> str:
    """The relative, percent-encoded href from ``from_page`` to ``to_page`` (+ ``#key``)."""
    if to_page == from_page and key is not None:
        return "#" + fragment(key)
    out = _relative(from_page.rpartition("/")[0], to_page)
    if key is not None:
        out += "#" + fragment(key)
    return out


@lru_cache(maxsize=4096)
def _relative(from_dir: str, to_page: str) -> str:
    """``to_page`` relative to the folder ``from_dir`` (both site paths), percent-encoded."""
    here = from_dir.split("/") if from_dir else []
    there = to_page.split("/")
    common = 0
    while common < min(len(here), len(there) - 1) and here[common] == there[common]:
        common += 1
    parts = [".."] * (len(here) - common) + there[common:]
    return quote("/".join(parts), safe="/" + _SAFE)
