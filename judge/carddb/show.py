"""``judge card GAME NAME``: an installed card as printed (type line, values, text), its parse,
and the rules each part cites, with their first sentence. Also how any parsed card text is
shown (:func:`render_tree`, :func:`plain`: ``judge card GAME "TEXT"``).

Answered without click, networkx, lark or jinja2 (:data:`judge.entry.FAST`: :func:`card_main`):
the card is read from its database (:mod:`judge.carddb.store`), and its parse from the parse
cache in the user cache folder (:func:`parsed`), which ``judge cards add`` fills for every
card it installs. The cache is keyed by the card text and a fingerprint of the card parsers
and grammars (their files' sizes and times), so a changed parser parses again (with lark, once,
then from the cache); a name no database knows is handed to click, which reads it as card text.
"""

# On the fast path: no click, networkx, lark or jinja2 at import.

import os
import sys

from judge import paths
from judge.carddb import names, store


# --- a parsed card text --------------------------------------------------------------------------

def plain(value):
    """A parsed card text (dataclasses) as JSON-ready data, each value with its ``type``."""
    from dataclasses import fields, is_dataclass
    if is_dataclass(value) and not isinstance(value, type):
        out = {"type": type(value).__name__}
        for f in fields(value):
            out[f.name] = plain(getattr(value, f.name))
        if type(value).__name__ == "CardText":
            out["fully_parsed"] = value.fully_parsed
        return out
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    return value


def render_tree(result) -> str:
    """Indented tree: abilities, their trigger/costs/keywords/effects, and citations."""
    how = "fully parsed" if result.fully_parsed else "partly parsed"
    lines = [f"{result.game} card text ({how})"]
    for ability in result.abilities:
        head = f"- {ability.kind} ability"
        if ability.label:
            head += f" [{ability.label}]"
        if ability.limit:
            head += f" ({ability.limit})"
        lines.append(head + _cite(ability.citation) + _where(ability.span))
        if ability.trigger:
            lines.append(f"    trigger: {ability.trigger.kind} {ability.trigger.event}")
        if ability.condition:
            lines.append(f"    condition: {ability.condition.kind} {ability.condition.text}")
        if ability.duration:
            lines.append(f"    duration: {ability.duration.text}")
        for cost in ability.costs:
            amount = "" if cost.amount is None else f" {cost.amount}"
            lines.append(f"    cost: {cost.kind}{amount} {cost.detail}".rstrip())
        for keyword in ability.keywords:
            value = "" if keyword.value is None else f" {keyword.value}"
            lines.append(f"    keyword: {keyword.name}{value}" + _cite(keyword.citation))
        for effect in ability.effects:
            lines.extend(_effect_lines(effect, "    "))
    for clause in result.unparsed:
        lines.append(f"- UNPARSED {clause.span.start}-{clause.span.end}: {clause.text!r}"
                     f" ({clause.reason})")
    return "\n".join(lines)


def _effect_lines(effect, indent: str) -> list[str]:
    from dataclasses import asdict, fields, is_dataclass
    parts = []
    nested = []
    for f in fields(effect):
        if f.name in ("verb", "span"):
            continue
        value = getattr(effect, f.name)
        if value in (None, "", (), 0) and f.name != "amount":
            continue
        if f.name in ("then", "otherwise", "instead"):
            nested.append((f.name, value))
        elif f.name == "options":
            for i, option in enumerate(value, 1):
                nested.append((f"option {i}", option))
        elif is_dataclass(value):
            text = getattr(value, "text", None)
            parts.append(f"{f.name}={text if text is not None else asdict(value)}")
        else:
            parts.append(f"{f.name}={value}")
    out = [f"{indent}{type(effect).__name__} {effect.verb}: " + ", ".join(parts)]
    for label, effects in nested:
        out.append(f"{indent}  {label}:")
        for inner in effects:
            out.extend(_effect_lines(inner, indent + "    "))
    return out


def _cite(citation: str | None) -> str:
    return f"  <{citation}>" if citation else ""


def _where(span) -> str:
    return "" if span is None else f"  @{span.start}-{span.end}"


def citations_of(result) -> list[str]:
    """Every citation of a parsed card text, first use first."""
    seen: dict[str, None] = {}
    for ability in result.abilities:
        for c in [ability.citation] + [k.citation for k in ability.keywords]:
            if c:
                seen.setdefault(c, None)
    return list(seen)


# --- the parse cache -----------------------------------------------------------------------------

_US = "\x1f"
_stamp: list[str] = []


def stamp() -> str:
    """A fingerprint of what a parse and its display depend on: the card parsers, the card
    grammars and this module (paths, sizes, modification times)."""
    if not _stamp:
        lines = []
        here = os.path.dirname(os.path.abspath(__file__))
        cards = os.path.join(os.path.dirname(here), "cards")
        grammar = os.path.join(paths.ROOT_STR, "grammar")
        for folder, prefix, suffix in ((cards, "", ".py"), (grammar, "card_", ".lark"),
                                       (here, "show", ".py")):
            try:
                entries = sorted(e.path for e in os.scandir(folder)
                                 if e.name.startswith(prefix) and e.name.endswith(suffix))
            except OSError:
                entries = []
            for path in entries:
                try:
                    st = os.stat(path)
                except OSError:
                    continue
                lines.append(f"{path}\t{st.st_size}\t{st.st_mtime_ns}")
        import zlib     # a compiled module: no Python source to load
        data = ("\n".join(lines) + "\n" + sys.version).encode("utf-8", "surrogateescape")
        _stamp.append(f"{zlib.crc32(data):08x}{zlib.adler32(data):08x}")
    return _stamp[0]


def _cache_path() -> str:
    return os.path.join(paths.cache_dir_str(), "cards", "parsed.sqlite")


_cache_con: dict = {}     # (path, process id) -> open connection


def _cache(create: bool):
    """The parse cache (None when it cannot be opened)."""
    path = _cache_path()
    key = (path, os.getpid())
    if key in _cache_con:
        return _cache_con[key]
    from judge import sqlite_light
    sqlite3 = sqlite_light.module()
    if not create and not os.path.exists(path):
        return None
    try:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        con = sqlite3.connect(path, timeout=10, check_same_thread=False)
        con.execute("CREATE TABLE IF NOT EXISTS parsed(game TEXT, stamp TEXT, text TEXT, "
                    "tree TEXT, json TEXT, cites TEXT, PRIMARY KEY (game, stamp, text))")
    except (OSError, sqlite3.Error):
        return None
    _cache_con[key] = con
    return con


def parsed(game: str, texts: list[str], *, parse_missing: bool = True) -> dict[str, tuple]:
    """text -> (tree, json text, citations) for each of ``texts``: from the cache, else parsed
    now (and kept) when ``parse_missing``."""
    out: dict[str, tuple] = {}
    con = _cache(create=False)
    mark = stamp()
    if con is not None:
        for text in texts:
            try:
                row = con.execute("SELECT tree, json, cites FROM parsed WHERE game=? AND stamp=? "
                                  "AND text=?", (game, mark, text)).fetchone()
            except Exception:  # noqa: BLE001 - a broken cache is only a miss
                row = None
            if row is not None:
                out[text] = (row[0], row[1], [c for c in row[2].split(_US) if c])
    missing = [t for t in texts if t not in out]
    if missing and parse_missing:
        out.update(fill(game, missing))
    return out


def fill(game: str, texts: list[str], progress=None) -> dict[str, tuple]:
    """Parse ``texts`` (distinct) and keep their display in the cache; text -> (tree, json,
    citations). ``progress`` wraps the iteration (a progress bar)."""
    import json
    from judge.cards import parse
    out: dict[str, tuple] = {}
    rows = []
    for text in (progress(texts) if progress else texts):
        result = parse(game, text)
        entry = (render_tree(result), json.dumps(plain(result), ensure_ascii=False),
                 citations_of(result))
        out[text] = entry
        rows.append((game, stamp(), text, entry[0], entry[1], _US.join(entry[2])))
    con = _cache(create=True)
    if con is not None:
        try:
            con.execute("DELETE FROM parsed WHERE game=? AND stamp!=?", (game, stamp()))
            con.executemany("INSERT OR REPLACE INTO parsed VALUES (?,?,?,?,?,?)", rows)
            con.commit()
        except Exception:  # noqa: BLE001 - a cache that cannot be written is parsed again
            pass
    return out


# --- judge card GAME NAME ------------------------------------------------------------------------

def lookup(game: str, name: str) -> list:
    """The printings ``name`` names in ``game``'s installed databases (by name or alias)."""
    from judge import limits
    if not name.strip() or len(name) > limits.get("term_chars"):
        return []
    return store.find(game, name)


def printed_lines(card) -> list[str]:
    """A printing as printed: its type line, its values, the text of its flip side."""
    out = []
    if card.type_line:
        out.append(card.type_line)
    if card.stats:
        out.append(", ".join(f"{k} {v}" for k, v in card.stats))
    extra = [f"{k} {v}" for k, v in card.extra if k not in ("back",)]
    if extra:
        out.append("; ".join(extra))
    return out


def show(game: str, name: str, *, as_json: bool = False) -> int:
    cards = lookup(game, name)
    groups: dict[str, list] = {}
    for c in cards:
        groups.setdefault(c.text, []).append(c)
    parses = parsed(game, list(groups))
    cites: dict[str, None] = {}
    for text in groups:
        for c in parses[text][2]:
            cites.setdefault(c, None)
    rules = _rules(list(cites))
    if as_json:
        import json
        data = {"game": game, "name": name, "printings": [], "rules": rules}
        for text, group in groups.items():
            for c in group:
                data["printings"].append({
                    "name": c.name, "variant": c.variant, "scenario_name": c.label,
                    "set": c.set_name, "number": c.number, "type_line": c.type_line,
                    "stats": [list(s) for s in c.stats], "extra": [list(e) for e in c.extra],
                    "text": c.text, "database": c.db.name, "version": c.db.version,
                    "record": c.record, "parse": json.loads(parses[text][1])})
        _out(json.dumps(data, indent=2, ensure_ascii=False))
        return 0
    dbs = sorted({f"{c.db.name} (version {c.db.version})" for c in cards})
    count = len(cards)
    head = (f"{cards[0].name}: {count} printing{'s' * (count != 1)} in card database"
            f"{'s' * (len(dbs) != 1)} {', '.join(dbs)}")
    out = [head]
    if count > 1:
        out.append("In a scenario: " + ", ".join(dict.fromkeys(c.label for c in cards)))
    for text, group in groups.items():
        out.append("")
        for c in group:
            out.append(f"{c.label}  ({c.db.name}, {c.record})")
            out.extend("    " + line for line in printed_lines(c))
        if text:
            out.append("  Text" + (f" (the same on these {len(group)})" if len(group) > 1 else "")
                       + ":")
            out.extend("    " + line for line in text.split("\n"))
        else:
            out.append("  (no text)")
        back = [v for c in group[:1] for k, v in c.extra if k == "back"]
        if back:
            out.append("  Back:")
            out.extend("    " + line for line in back[0].split("\n"))
        if text:
            out.append("")
            out.append(parses[text][0])
    if rules:
        out.append("")
        out.append("Rules cited")
        for r in rules:
            line = f"  {r['citation']}"
            if r["title"] and not r["citation"].endswith(r["title"]):
                line += f" ({r['title']})"
            line += f": {r['quote']}" if r["quote"] else " (not in the installed rules)"
            out.append(line)
    _out("\n".join(out))
    return 0


def _rules(citations: list[str]) -> list[dict]:
    from judge.rules import lookup as rules
    out = []
    for c in citations:
        rec = rules.rule_record(c)
        out.append({"citation": c, "title": (rec or {}).get("title") or "",
                    "quote": " ".join(rules.first_sentence(c).split()) if rec else "",
                    "found": rec is not None})
    return out


def _out(text: str) -> None:
    sys.stdout.write(text + "\n")


def card_main(argv: list[str]) -> int | None:
    """``judge card GAME NAME [--json]`` when NAME names an installed card; anything else
    (card text, ``--name``, ``--strict``, help) is handed to click (None)."""
    from judge.fastargs import answer, parse
    got = parse(argv, {"--json": "as_json"}, {})
    if got is None or len(got[0]) != 2:
        return None
    (game, name), opts = got
    if not lookup(game, name):
        return None
    return answer(show, game, name, as_json=bool(opts.get("as_json")))


def near_names(game: str, name: str, n: int = 3) -> list[str]:
    """The installed names nearest to ``name`` (for a name no database has)."""
    import difflib
    every: dict[str, str] = {}
    for db in store.databases(game):
        for full in db.all_names():
            every.setdefault(names.key(full), full)
    close = difflib.get_close_matches(names.key(name), list(every), n, 0.75)
    return [every[k] for k in close]
