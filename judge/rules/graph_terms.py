"""Normalising glossary terms; shared by the graph builder and the light lookup path."""

from __future__ import annotations

import re


def term_norm(term: str) -> str:
    """Normalise a glossary term for matching: case, spacing, markup, a trailing parameter
    ("Arcane Barrier N", "arcane barrier 3" -> "arcane barrier")."""
    t = re.sub(r"[*_`\"'’]", "", term.strip().lower())
    t = re.sub(r"[\s\-_]+", " ", t)
    t = re.sub(r"\s+(?:n|x|\d+)$", "", t)
    return t.strip(" .:")
