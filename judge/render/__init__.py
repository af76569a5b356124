"""Rulings to text, Markdown, HTML (jinja2 templates in ``templates/``) or JSON.

``render(ruling, fmt, *, site=None) -> str``. Formats are listed explicitly in ``FORMATS``.
HTML autoescapes everything it shows (card text is user input); Markdown escapes HTML and
Markdown punctuation in text that comes from the scenario or the rules.
"""

from __future__ import annotations

import json
import re
from functools import lru_cache

from judge.engine.ruling import Ruling
from judge.render.view import ruling_view

# format -> template file (None: written directly)
FORMATS: dict[str, str | None] = {
    "text": "ruling.txt.j2",
    "markdown": "ruling.md.j2",
    "html": "ruling.html.j2",
    "json": None,
}


def render(ruling: Ruling, fmt: str = "text", *, site: str | None = None) -> str:
    if fmt not in FORMATS:
        from judge.errors import UsageError
        raise UsageError(f"unknown format {fmt!r}", expected=", ".join(FORMATS))
    view = ruling_view(ruling, site=site)
    template = FORMATS[fmt]
    if template is None:
        return json.dumps(view, ensure_ascii=False, indent=2) + "\n"
    return _environment().get_template(template).render(r=view)


_MD_SPECIAL = re.compile(r"([\\`*_\[\]#|])")


def markdown_escape(text: object) -> str:
    """Text safe inside Markdown: no live HTML, no accidental emphasis, links or headings."""
    value = "" if text is None else str(text)
    value = value.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return _MD_SPECIAL.sub(r"\\\1", value)


def code_fence(lines: list[str]) -> str:
    """A Markdown code fence longer than any run of backticks in ``lines`` (at least three), so
    the scenario's own text can never close it."""
    longest = max((len(run) for line in lines for run in re.findall(r"`+", line)), default=0)
    return "`" * max(3, longest + 1)


@lru_cache(maxsize=1)
def _environment():
    from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape

    from judge import paths

    env = Environment(
        loader=FileSystemLoader(str(paths.TEMPLATES)),
        autoescape=select_autoescape(enabled_extensions=("html.j2",), default=False),
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    env.filters["md"] = markdown_escape
    env.filters["fence"] = code_fence
    return env
