"""The lookup commands, ``judge rule``, ``define``, ``search`` and ``history``, without click.

A lookup must start about as fast as the interpreter itself, so these commands are answered by
:mod:`judge.entry` straight from here: no click, networkx, lark or jinja2, and (for rule,
define, search, and history but for the word diff of a reworded rule) no standard-library
module that is not built in or frozen (see
:mod:`judge.rules.lookup`). The click commands of :mod:`judge.commands.rules` and
:mod:`judge.commands.rulebook` call the same functions, so both ways give the same output.

Each ``*_main(argv)`` reads the arguments after the command name and returns an exit code, or
None when the command line needs click (help, an unknown option, a value click would refuse):
click then reads it and gives its usual messages.
"""

# On the lookup path: imports no .py module of the standard library, not even __future__
# (see judge/rules/lookup.py and tests/rules/test_fast_paths.py).

import sys

from judge.fastargs import answer, parse


def _out(text: str) -> None:
    sys.stdout.write(text + "\n")


def _titles() -> dict[str, str]:
    from judge.rules import lookup
    return {d["id"]: f"{d['title']} {d['version']}" for d in lookup.documents()}


# --- the commands (shared with the click commands) -----------------------------------------------

def rule(doc: str, number: str, *, as_json: bool = False) -> int:
    from judge.rules import lookup, present
    from judge.rules.versions_light import annotate_newer
    records = lookup.lookup(doc, number)
    annotate_newer(records)
    if as_json:
        _out(present.to_json(records[0] if len(records) == 1 else records))
    else:
        _out(present.format_rules(records, _titles()))
    return 0


def define(game: str, term: str, *, as_json: bool = False) -> int:
    from judge.rules import lookup, present
    found = lookup.define(game, term, limit=3)
    if not found:
        from judge.errors import UnknownRuleError
        near = lookup.search(term, game=game, limit=3)
        raise UnknownRuleError(f"no glossary entry or keyword like {term!r} in {game}",
                               expected="a term defined by a " + game + " document",
                               suggestion=", ".join(h["citation"] for h in near) or None)
    if as_json:
        _out(present.to_json(found))
        return 0
    titles = _titles()
    _out(present.format_rule(found[0], labelled=True, doc_title=titles[found[0]["document"]]))
    if len(found) > 1:
        _out("\nAlso: " + "; ".join(f["citation"] for f in found[1:]))
    return 0


def search(query: list[str], *, game: str | None = None, limit: int = 10,
           as_json: bool = False, explain: bool = False, semantic: bool = False) -> int:
    """A first word that names a document or game limits the search to it (unless ``game``).
    Hits from more than one document are grouped by document; ``explain`` adds, per hit, what
    each ranking signal added (see :mod:`judge.rules.search`)."""
    from judge.rules import lookup
    from judge.rules.search import render
    if game is None and len(query) > 1 and _names_document(query[0]):
        game, query = query[0], query[1:]
        if not as_json:
            sys.stderr.write(f"(in {game} only: the first word names a document or game)\n")
    hits = lookup.search(" ".join(query), game=game, limit=limit, explain=explain,
                         semantic=semantic)
    if as_json:
        from judge.rules import present
        _out(present.to_json(hits))
    elif not hits:
        sys.stderr.write("no matching rule\n")
    else:
        _out(render(hits, _titles(), explain=explain))
    # like grep: 1 when nothing matched, in text and in JSON alike
    return 0 if hits else 1


def _names_document(word: str) -> bool:
    from judge.rules import lookup
    want = word.strip().lower()
    return any(want in (d["id"].lower(), d["game"]) for d in lookup.documents())


def history(doc: str, number: str, *, as_json: bool = False) -> int:
    from judge.rules.versions_light import history as rule_history, render_history
    _out(render_history(rule_history(doc, number), "json" if as_json else "text"))
    return 0


# --- command lines ---------------------------------------------------------------------------------

def _run(body, *args, **kwargs) -> int:
    try:
        return answer(body, *args, **kwargs)
    finally:    # installed user documents skipped because they are broken: said once
        problems = sys.modules.get("judge.rules.problems")    # (not loaded: there are none)
        for notice in problems.take_notices() if problems is not None else ():
            sys.stderr.write(notice + "\n")


def _first_and_words(argv: list[str], body) -> int | None:
    """``COMMAND FIRST WORD... [--json]``: ``body(FIRST, "WORD ...", as_json=...)``."""
    got = parse(argv, {"--json": "as_json"}, {})
    if got is None or len(got[0]) < 2:
        return None
    (first, *words), opts = got
    return _run(body, first, " ".join(words), as_json=bool(opts.get("as_json")))


def rule_main(argv: list[str]) -> int | None:
    """``judge rule DOC NUMBER... [--json]``"""
    return _first_and_words(argv, rule)


def define_main(argv: list[str]) -> int | None:
    """``judge define GAME TERM... [--json]``"""
    return _first_and_words(argv, define)


def search_main(argv: list[str]) -> int | None:
    """``judge search QUERY... [--game G] [--limit N] [--json] [--explain] [--semantic]``"""
    got = parse(argv, {"--json": "as_json", "--explain": "explain", "--semantic": "semantic"},
                {"--game": "game", "-g": "game", "--limit": "limit", "-n": "limit"})
    if got is None or not got[0]:
        return None
    query, opts = got
    try:
        limit = int(opts.get("limit", "10"))
    except ValueError:
        return None
    if not 1 <= limit <= 200:
        return None      # click says what is wrong with it
    return _run(search, query, game=opts.get("game"), limit=limit,
                as_json=bool(opts.get("as_json")), explain=bool(opts.get("explain")),
                semantic=bool(opts.get("semantic")))


def history_main(argv: list[str]) -> int | None:
    """``judge history DOC NUMBER... [--json]``"""
    return _first_and_words(argv, history)
