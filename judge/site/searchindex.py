"""The site's search index: every rule as ``[document, key, title, text, url]`` in a script that
assigns a global (``window.JUDGE_SEARCH``), so pages opened from ``file://`` can load it with a
``<script>`` element (``fetch`` of a local file is refused there). ``static/search.js`` ranks it.
"""

from __future__ import annotations

import json

from judge.site import urls
from judge.site.pages import Site

GLOBAL = "JUDGE_SEARCH"
FILE = "search-index.js"


def entries(site: Site) -> list[list[str]]:
    g = site.rg.g
    out = []
    for doc, sections in site.sections.items():
        for sec in sections:
            for nid in sec.ids:
                a = g.nodes[nid]
                text = " ".join([a["text"], *(e["text"] for e in a["examples"])]).strip()
                out.append([doc, a["key"], a["title"], text,
                            sec.path + "#" + urls.fragment(a["key"])])
    return out


def script(site: Site) -> str:
    data = {"fields": ["doc", "key", "title", "text", "url"], "entries": entries(site)}
    body = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    # "</" cannot end a script element early, even if a rule's text contained "</script>"
    body = body.replace("</", "<\\/")
    return f"window.{GLOBAL} = {body};\n"
