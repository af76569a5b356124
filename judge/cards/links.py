"""Keyword / mechanic -> rule citation links, read from the compiled rules index.

``citation_for("fab", "arcane barrier")`` -> ``"fab-1.4 Arcane Barrier N"`` (the newest bundled
or added document of the game that defines the term), or None when no document defines it.
Results are cached per process; the index is opened once.
"""

from __future__ import annotations

from functools import lru_cache


@lru_cache(maxsize=4096)
def citation_for(game: str, term: str) -> str | None:
    from judge.rules.lookup import term_citation
    return term_citation(game, term)


def first_citation(game: str, *terms: str) -> str | None:
    """The citation of the first of ``terms`` that some document of ``game`` defines (most
    specific term first, e.g. a keyword, then its general section)."""
    for term in terms:
        found = citation_for(game, term)
        if found:
            return found
    return None
