"""Rulings to text, Markdown, HTML (jinja2 templates in ``templates/``) or JSON.

``render(ruling, fmt, *, site=None, short=False) -> str``. Formats are listed explicitly in
``FORMATS``. Every format opens with the answer (``judge.render.answer``); ``short`` stops after
it (text and Markdown). HTML autoescapes everything it shows (card text is user input);
Markdown escapes only what Markdown would read as markup (:func:`markdown_escape`), so a ruling
pasted raw into a chat reads as plain text.
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


def render(ruling: Ruling, fmt: str = "text", *, site: str | None = None,
           short: bool = False) -> str:
    if fmt not in FORMATS:
        from judge.errors import UsageError
        raise UsageError(f"unknown format {fmt!r}", expected=", ".join(FORMATS))
    view = ruling_view(ruling, site=site)
    template = FORMATS[fmt]
    if template is None:
        return json.dumps(view, ensure_ascii=False, indent=2) + "\n"
    return _environment().get_template(template).render(r=view, short=short)


# What CommonMark (and GitHub's strikethrough) would read as markup inside a line of text:
# backslash, code, emphasis; '_' only at a word's edge (snake_case stays as it is); a ']' that
# would close a link ('](', '][', ']:'); '<' that would open an HTML tag or autolink; '&' that
# would spell an entity; '~'. Lines are joined first, so nothing can start a block (no '#',
# '>', '-', '1.' at a line start), and '->', '|', '#', '[[Quick]]' stay as written.
_MD_INLINE = re.compile(r"[\\`*]|(?<![A-Za-z0-9])_|_(?![A-Za-z0-9])|\](?=[(\[:])|<(?=[A-Za-z/!?])"
                        r"|&(?=#?[A-Za-z0-9]+;)|~")


def markdown_escape(text: object) -> str:
    """Text shown literally by Markdown, escaping only what Markdown would otherwise read as
    markup; line breaks become spaces."""
    value = " ".join(("" if text is None else str(text)).split())
    return _MD_INLINE.sub(lambda m: "\\" + m.group(0), value)


def trace_entries(part: dict) -> list[dict]:
    """A part's steps for display: ``{"fold": False, "step": ...}`` or, for a run of routine
    steps, ``{"fold": True, "first", "last", "summary", "steps": [step, ...]}``."""
    by_first = {f["first"]: f for f in part["folds"]}
    out: list[dict] = []
    steps = part["steps"]
    i = 0
    while i < len(steps):
        fold = by_first.get(steps[i]["index"])
        if fold is None:
            out.append({"fold": False, "step": steps[i]})
            i += 1
            continue
        run = steps[i:i + len(fold["steps"])]
        out.append({"fold": True, "first": fold["first"], "last": fold["last"],
                    "summary": fold["summary"], "steps": run})
        i += len(run)
    return out


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
    env.filters["trace_entries"] = trace_entries
    return env
