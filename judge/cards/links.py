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
