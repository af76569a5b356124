"""Normalising glossary terms; shared by the graph builder and the light lookup path (written
with str methods: the lookup path does not import re)."""

_DROP = str.maketrans("", "", "*_`\"'’")


def term_norm(term: str) -> str:
    """Normalise a glossary term for matching: case, spacing, markup, a trailing parameter
    ("Arcane Barrier N", "arcane barrier 3" -> "arcane barrier")."""
    t = term.strip().lower().translate(_DROP)
    # runs of white space and hyphens become one space (kept at either end, as a regex
    # substitution of [\s-]+ would keep them)
    spaced = t.replace("-", " ")
    words = spaced.split()
    if not words:
        t = " " if spaced else ""
    else:
        t = " ".join(words)
        if spaced[0].isspace():
            t = " " + t
        if spaced[-1].isspace():
            t += " "
    # a trailing parameter: " N", " X" or a number
    head, space, last = t.rpartition(" ")
    if space and (last in ("n", "x") or last.isdecimal()):
        t = head
    return t.strip(" .:")
