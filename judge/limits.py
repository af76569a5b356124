"""Limits on the work one input may cause: file sizes, counts in a scenario, lengths of what is
typed on the command line, and what ``judge serve`` accepts and answers.

Every limit has a name, a default and an environment variable that changes it
(``JUDGE_LIMIT_<NAME>``, e.g. ``JUDGE_LIMIT_SCENARIO_BYTES=4000000``). Input over a limit is a
:class:`LimitError` (exit 2) whose message names the limit, its value and how to change it.
The defaults are far above anything a real rules document, card database or scenario needs (the
largest bundled document is 0.25 MB, the largest card database 1.6 MB, the largest scenario a few
KB) and far below what exhausts the machine.

Light on purpose (``os`` only): the lookup path imports it.
"""

# On the lookup path: imports no .py module of the standard library, not even __future__
# (see judge/rules/lookup.py and tests/rules/test_fast_paths.py).

import os

# judge.errors is imported only when an error is raised: the lookup path checks its limits on
# every query, and that module's classes cost more to make than this whole module.


def __getattr__(name: str):
    if name == "LimitError":        # limits.LimitError: defined beside the other input errors
        from judge.errors import LimitError
        return LimitError
    raise AttributeError(f"module 'judge.limits' has no attribute {name!r}")


# name -> (default, unit, what it bounds)
LIMITS: dict[str, tuple[int, str, str]] = {
    "scenario_bytes": (1 << 20, "bytes", "size of a scenario file or pasted scenario"),
    "rulebook_bytes": (16 << 20, "bytes", "size of a rules document (rulebook add)"),
    "carddb_bytes": (64 << 20, "bytes", "size of a card database (cards add, cards coverage)"),
    "manifest_bytes": (64 << 10, "bytes", "size of a rulebook manifest"),
    "scenario_cards": (500, "cards", "card definitions in a scenario"),
    "scenario_zone_cards": (2000, "cards", "cards named in a scenario's zones, all players"),
    "scenario_deck": (1000, "cards", "a player's deck size in a scenario"),
    "scenario_players": (16, "players", "players in a scenario"),
    "scenario_branches": (100, "branches", "branches in a scenario"),
    "scenario_steps": (5000, "lines", "action and expect lines in a scenario"),
    "number_digits": (9, "digits", "digits of one number in a scenario or card text"),
    "card_text_chars": (5000, "characters", "length of one card's text"),
    "query_chars": (1000, "characters", "length of a search query"),
    "query_terms": (32, "words", "distinct words of a search query"),
    "term_chars": (200, "characters", "length of a rule number or glossary term asked for"),
    "serve_body_bytes": (256 << 10, "bytes", "body of a request to judge serve"),
    "serve_page_bytes": (4 << 20, "bytes", "ruling page judge serve renders"),
    "serve_ruling_seconds": (10, "seconds", "time judge serve spends on one ruling"),
}


def env_name(name: str) -> str:
    return "JUDGE_LIMIT_" + name.upper()


def get(name: str) -> int:
    """The limit in force: its environment variable when set, else the default."""
    default = LIMITS[name][0]
    raw = os.environ.get(env_name(name))
    if raw is None or raw.strip() == "":
        return default
    try:
        value = int(raw.strip().replace("_", ""), 10)
    except ValueError:
        value = -1
    if value <= 0 or len(raw) > 18:
        from judge.errors import UsageError
        raise UsageError(f"{env_name(name)}={raw[:40]!r} is not a positive whole number",
                         path=env_name(name), expected=f"a number such as {default}")
    return value


def describe(name: str) -> str:
    default, unit, what = LIMITS[name]
    return f"{name} = {get(name):,} {unit} ({what}; default {default:,})"


def exceeded(name: str, what: str, actual: int | None = None, **where):
    """The error (a :class:`judge.errors.LimitError`) for ``what`` going over limit ``name``
    (``actual``: how much it has, when known: a bounded read only knows that there is more)."""
    from judge.errors import LimitError
    limit, unit = get(name), LIMITS[name][1]
    if actual is None:
        message = f"{what} is over the limit of {limit:,} {unit} ({name})"
    else:
        message = f"{what}: {actual:,} {unit}, over the limit of {limit:,} {unit} ({name})"
    return LimitError(message, hint=f"set {env_name(name)} to change this limit", **where)


def check(name: str, actual: int, what: str, **where) -> None:
    if actual > get(name):
        raise exceeded(name, what, actual, **where)


def read_bounded(path, name: str, what: str) -> bytes:
    """The bytes of the file at ``path``, refused past limit ``name``; read with a bounded read
    (``/dev/zero`` or a growing file cannot exhaust memory). OS errors become JudgeErrors."""
    from judge.errors import from_os_error
    limit = get(name)
    try:
        with open(path, "rb") as fh:
            data = fh.read(limit + 1)
    except OSError as err:
        raise from_os_error(err, path=str(path)) from None
    if len(data) > limit:
        raise exceeded(name, what, path=str(path))
    return data


_LONG_NUMBER = None


def check_numbers(text: str, *, path: str | None = None, what: str = "a number") -> None:
    """Refuse a run of digits longer than ``number_digits`` (a 5,000-digit number is not a
    value any game has, and Python refuses to convert it), pointing at it."""
    global _LONG_NUMBER
    digits = get("number_digits")
    if len(text) <= digits:
        return
    if _LONG_NUMBER is None or _LONG_NUMBER[0] != digits:
        import re
        _LONG_NUMBER = (digits, re.compile(r"\d{%d,}" % (digits + 1)))
    m = _LONG_NUMBER[1].search(text)
    if m is None:
        return
    line = text.count("\n", 0, m.start()) + 1
    start = text.rfind("\n", 0, m.start()) + 1
    end = text.find("\n", m.start())
    line_text = text[start:end if end >= 0 else len(text)]
    raise exceeded("number_digits", what, len(m.group()), path=path, line=line,
                   column=m.start() - start + 1,
                   line_text=line_text)
