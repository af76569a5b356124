"""The citation neighbourhood of a rule as a small picture: what cites it on the left, the rule
in the middle, what it cites on the right. Computed here (boxes, lines, arrowheads), drawn as
inline SVG by ``templates/_neighbourhood.html.j2``; no script needed.

At most ``CAP`` neighbours a side are drawn, then a "+N more" line (the full lists are printed
beside the picture). Dangling references are drawn dashed and are not links.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

CAP = 5
WIDTH = 480
BOX_W, BOX_H, ROW = 140, 24, 32
TOP = 22            # room for the column captions
COLUMNS = (6, 170, 334)
LABEL_CHARS = 18


@dataclass(frozen=True, slots=True)
class Neighbour:
    label: str          # what the box shows (the key)
    title: str          # tooltip: citation and title
    href: str | None    # None: not a link (dangling)
    dangling: bool = False


def _short(text: str) -> str:
    return text if len(text) <= LABEL_CHARS else text[:LABEL_CHARS - 1] + "…"


def _arrow(x1: float, y1: float, x2: float, y2: float, size: float = 6.0) -> str:
    """Points of an arrowhead at (x2, y2) pointing along the line from (x1, y1)."""
    angle = math.atan2(y2 - y1, x2 - x1)
    left = (x2 - size * math.cos(angle - 0.45), y2 - size * math.sin(angle - 0.45))
    right = (x2 - size * math.cos(angle + 0.45), y2 - size * math.sin(angle + 0.45))
    return " ".join(f"{x:.1f},{y:.1f}" for x, y in ((x2, y2), left, right))


def _column(items: list[Neighbour], x: int, rows: int) -> tuple[list[dict], str | None, float]:
    shown = items[:CAP]
    more = len(items) - len(shown)
    used = len(shown) + (1 if more else 0)
    offset = TOP + (rows - used) * ROW / 2
    boxes = []
    for i, item in enumerate(shown):
        y = offset + i * ROW
        boxes.append({"x": x, "y": y, "w": BOX_W, "h": BOX_H, "label": _short(item.label),
                      "title": item.title, "href": item.href, "dangling": item.dangling,
                      "tx": x + BOX_W / 2, "ty": y + BOX_H / 2 + 4})
    more_text = f"+{more} more" if more else None
    return boxes, more_text, offset + len(shown) * ROW + BOX_H / 2 + 4


def layout(centre_label: str, centre_title: str, cited_by: list[Neighbour],
           cites: list[Neighbour]) -> dict | None:
    """Drawing data for the template, or None when the rule has no citations either way."""
    if not cited_by and not cites:
        return None
    rows = max(min(len(side), CAP) + (1 if len(side) > CAP else 0) for side in (cited_by, cites))
    rows = max(rows, 1)
    height = TOP + rows * ROW
    cx = COLUMNS[1]
    cy = TOP + (rows * ROW - ROW) / 2
    left, left_more, left_more_y = _column(cited_by, COLUMNS[0], rows)
    right, right_more, right_more_y = _column(cites, COLUMNS[2], rows)
    lines = []
    for box in left:   # neighbour -> rule
        x1, y1, x2, y2 = box["x"] + BOX_W, box["y"] + BOX_H / 2, cx, cy + BOX_H / 2
        lines.append({"x1": x1, "y1": y1, "x2": x2, "y2": y2, "arrow": _arrow(x1, y1, x2, y2),
                      "dangling": False})
    for box in right:  # rule -> neighbour
        x1, y1, x2, y2 = cx + BOX_W, cy + BOX_H / 2, box["x"], box["y"] + BOX_H / 2
        lines.append({"x1": x1, "y1": y1, "x2": x2, "y2": y2, "arrow": _arrow(x1, y1, x2, y2),
                      "dangling": box["dangling"]})
    return {
        "width": WIDTH, "height": height,
        "centre": {"x": cx, "y": cy, "w": BOX_W, "h": BOX_H, "label": _short(centre_label),
                   "title": centre_title, "tx": cx + BOX_W / 2, "ty": cy + BOX_H / 2 + 4},
        "left": left, "right": right, "lines": lines,
        "left_more": left_more and {"text": left_more, "x": COLUMNS[0] + BOX_W / 2, "y": left_more_y},
        "right_more": right_more and {"text": right_more, "x": COLUMNS[2] + BOX_W / 2,
                                      "y": right_more_y},
        "captions": [{"x": COLUMNS[0] + BOX_W / 2, "text": "cited by" if cited_by else ""},
                     {"x": COLUMNS[2] + BOX_W / 2, "text": "cites" if cites else ""}],
        "summary": (f"{len(cited_by)} rule(s) cite this rule; it cites {len(cites)} rule(s)."),
    }
