"""The community card databases judge reads, each into :class:`Printing` records.

=============  ======  ============================================================================
format         game    what it is
=============  ======  ============================================================================
``fab-tsv``    fab     the-fab-cube's ``card.csv`` export: tab-separated, a header row, one row per
                       printing (a card printed in three colours has three rows)
``wow-prints`` wow     WoWTCG-Tracker's ``prints.json``: a JSON list, one record per printing
                       (name, expansion, number in it, rarity, front and back text)
``uvs-json``   ufs     builduvs' card JSON (UniVersus, the successor of UFS): a JSON list per
                       set; a file or a folder of ``*.json``
``ashes-text`` ashes   ashes.live's card-data text files: blocks separated by ``=====`` lines
                       (name, type line, cost line, stats line, ability paragraphs); a file or a
                       folder of ``*.txt``
=============  ======  ============================================================================

:func:`read` checks everything it keeps and refuses the whole database at the first problem,
with the file, line and column (or record) and what was expected there: a file that is empty,
binary, not UTF-8, cut short, missing a column or a field, a card without a name, a value that
is not a card value, a text over the card-text limit (:mod:`judge.limits`). Nothing is written
by this module: the installer calls it before it writes anything.

Normalised: names and type lines stripped; stats under the game's value names
(:mod:`judge.registry`: FaB ``Health`` -> ``life``, ``Intelligence`` -> ``intellect``; UFS
``block_mod`` -> ``block modifier``); values as printed (``3``, ``X``, ``*``); texts with their
line breaks as ``\\n``; WoW printings dated by release where known (:data:`WOW_RELEASES`).
"""

from __future__ import annotations

import csv
import json
import re
from dataclasses import dataclass
from pathlib import Path

from judge import limits
from judge.carddb import names
from judge.errors import InputError


class CardDatabaseError(InputError):
    """A card database that cannot be read as its format says: names the file, the line (or
    record) and what was expected."""


@dataclass(frozen=True, slots=True)
class Printing:
    """One printing of a card, as the database gives it.

    ``variant`` tells printings of one name apart in a scenario (FaB colour ``red``, WoW
    expansion, UniVersus set); ``released`` dates the printing where it is known (WoW: the
    first and last year its product may have come out, and its place in the order of the
    main expansions, or None for a product known only by its year); ``stats`` are
    ``(value name, value as printed)``; ``extra`` is shown with
    the card but not used by the engine (rarity, resources, a flip side's text); ``record`` says
    where the printing is in the source (``cards.tsv line 12``)."""
    name: str
    type_line: str
    stats: tuple[tuple[str, str], ...]
    text: str
    record: str
    variant: str = ""
    set_name: str = ""
    number: str = ""
    released: tuple[int, int, int | None] | None = None
    extra: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True, slots=True)
class Format:
    id: str
    game: str
    title: str
    suffix: str          # of the files of a folder in this format


FORMATS: dict[str, Format] = {f.id: f for f in (
    Format("fab-tsv", "fab", "the-fab-cube card table (tab-separated)", ".tsv"),
    Format("wow-prints", "wow", "WoWTCG-Tracker prints.json", ".json"),
    Format("uvs-json", "ufs", "builduvs UniVersus card JSON", ".json"),
    Format("ashes-text", "ashes", "ashes.live card-data text files", ".txt"),
)}

_MAX_NAME = 200
_VALUE = re.compile(r"^[+\-]?(?:\d+|[X*]+\d*|\d*[X*]+)$")


# --- reading the files ---------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Source:
    """One file of a database: its path (as shown in errors), name and text."""
    path: str
    name: str
    text: str


def files_of(path: Path, fmt: Format | None) -> list[Path]:
    """The files of the database at ``path``: the file, or a folder's files in ``fmt``'s suffix
    (any of the formats' suffixes when the format is to be detected)."""
    if path.is_file():
        return [path]
    if not path.is_dir():
        raise CardDatabaseError("no such file or folder" if not path.exists() else
                                "not a regular file or a folder of card files", path=str(path))
    suffixes = (fmt.suffix,) if fmt else tuple({f.suffix for f in FORMATS.values()})
    found = sorted(p for p in path.iterdir() if p.is_file() and p.suffix.lower() in suffixes)
    if not found:
        raise CardDatabaseError(
            "the folder holds no card files", path=str(path),
            expected="files ending in " + " or ".join(sorted(set(suffixes))))
    if fmt is None:
        kinds = {p.suffix.lower() for p in found}
        if len(kinds) > 1:
            raise CardDatabaseError(
                "the folder holds card files of more than one kind (" + ", ".join(sorted(kinds))
                + ")", path=str(path), hint="give one file, or --format")
    return found


def load(files: list[Path]) -> tuple[list[Source], bytes]:
    """The files' texts (checked: within the size limit, not empty, not binary, UTF-8) and
    their bytes joined (what the database's digest is made of)."""
    total = 0
    sources, raw = [], []
    for file in files:
        data = limits.read_bounded(file, "carddb_bytes", "the card database")
        total += len(data)
        if total > limits.get("carddb_bytes"):
            raise limits.exceeded("carddb_bytes", "the card database", total, path=str(file))
        sources.append(Source(str(file), file.name, _text_of(data, str(file))))
        raw.append(file.name.encode("utf-8", "surrogateescape") + b"\0" + data + b"\0")
    return sources, b"".join(raw)


def _text_of(data: bytes, path: str) -> str:
    if not data.strip():
        raise CardDatabaseError("the file is empty" if not data else
                                "the file holds only white space", path=path,
                                expected="a card database")
    nul = data.find(b"\0")
    if nul >= 0:
        raise CardDatabaseError(f"binary data (a NUL byte at byte {nul}), not a card "
                                "database's text", path=path, line=data.count(b"\n", 0, nul) + 1,
                                expected="a text file: TSV, JSON or ashes.live text")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as err:
        raise CardDatabaseError(f"not UTF-8 text ({err.reason} at byte {err.start})", path=path,
                                line=data.count(b"\n", 0, err.start) + 1,
                                expected="a card database saved as UTF-8 text") from None
    text = text[1:] if text.startswith("\ufeff") else text
    if not text.strip():
        raise CardDatabaseError("the file holds only white space", path=path,
                                expected="a card database")
    return text


def detect(game: str, sources: list[Source]) -> Format:
    """The format of ``sources`` (their first file decides), which must be one of ``game``'s."""
    first = sources[0]
    head = first.text.lstrip()[:1]
    found: Format | None = None
    if head and head in "[{":
        rec = _first_json_record(first)
        own = [f for f in FORMATS.values() if f.game == game and f.suffix == ".json"]
        if isinstance(rec, dict) and ("card_name" in rec or "card_print_text_front" in rec):
            found = FORMATS["wow-prints"]
        elif isinstance(rec, dict) and "name" in rec and ("type" in rec or "text" in rec):
            found = FORMATS["uvs-json"]
        elif rec is None and own:     # damaged before its first card: the reader says where
            found = own[0]
        else:
            raise CardDatabaseError(
                "a JSON file that is not a card database judge reads", path=first.path, line=1,
                expected="a list of WoW printings (card_name, card_print_text_front, ...) or "
                         "of UniVersus cards (name, type, text, ...)")
    elif "\t" in first.text.split("\n", 1)[0]:
        found = FORMATS["fab-tsv"]
    elif re.search(r"(?m)^=====\s*$", first.text) or _looks_like_ashes_block(first.text):
        found = FORMATS["ashes-text"]
    if found is None:
        raise CardDatabaseError(
            "cannot tell the card database's format", path=first.path, line=1,
            line_text=first.text.split("\n", 1)[0],
            expected="one of: " + "; ".join(f"{f.title} ({f.id}, {f.game})"
                                            for f in FORMATS.values()),
            hint="--format FORMAT says which")
    if found.game != game:
        raise CardDatabaseError(
            f"this is a {found.game} card database ({found.title}), not a {game} one",
            path=first.path, suggestion=f"--game {found.game}")
    return found


def _first_json_record(source: Source):
    """The first element of a JSON list (or the object itself), read without reading the rest
    (a damaged file is reported by the reader, with its position)."""
    text = source.text
    i = len(text) - len(text.lstrip())
    if text[i] == "{":
        return {}
    i += 1
    while i < len(text) and text[i].isspace():
        i += 1
    try:
        rec, _ = json.JSONDecoder().raw_decode(text, i)
    except (json.JSONDecodeError, RecursionError):
        return None
    return rec


def _looks_like_ashes_block(text: str) -> bool:
    lines = [ln for ln in text.split("\n")[:6] if ln.strip()]
    return len(lines) >= 2 and any(_is_stats(ln) or "[[" in ln for ln in lines[1:4])


def read(fmt: Format, sources: list[Source]) -> list[Printing]:
    """Every printing of the database, checked; the first problem is a CardDatabaseError."""
    reader = _READERS[fmt.id]
    printings: list[Printing] = []
    for source in sources:
        printings.extend(reader(source))
    if not printings:
        raise CardDatabaseError("no cards in the card database", path=sources[0].path,
                                expected=f"cards in {fmt.title} format")
    return printings


# --- checks shared by the readers ----------------------------------------------------------------

def _fail(source: Source, message: str, line: int | None = None, column: int | None = None,
          **extra) -> CardDatabaseError:
    line_text = None
    if line is not None:
        lines = source.text.split("\n")
        line_text = lines[line - 1] if 0 < line <= len(lines) else None
    return CardDatabaseError(message, path=source.path, line=line, column=column,
                             line_text=line_text, **extra)


def _name(source: Source, raw, where: str, line: int | None) -> str:
    if not isinstance(raw, str) or not raw.strip():
        raise _fail(source, f"{where}: the card has no name", line,
                    expected="a card name")
    name = " ".join(raw.split())
    if len(name) > _MAX_NAME:
        raise _fail(source, f"{where}: a card name of {len(name)} characters", line,
                    expected=f"at most {_MAX_NAME}")
    if any(ord(c) < 32 for c in name):
        raise _fail(source, f"{where}: the card name has control characters", line)
    return name


def _text(source: Source, raw, where: str, line: int | None) -> str:
    if raw is None:
        return ""
    if not isinstance(raw, str):
        raise _fail(source, f"{where}: the card text is a JSON {type(raw).__name__}, not text",
                    line, expected="a string")
    text = raw.replace("\r\n", "\n").replace("\r", "\n").strip()
    limits.check("card_text_chars", len(text), f"the text of {where}", path=source.path,
                 line=line)
    limits.check_numbers(text, path=source.path, what=f"a number in the text of {where}")
    if "\0" in text:
        raise _fail(source, f"{where}: the card text holds a NUL character", line)
    return text


def _stat(source: Source, raw, key: str, where: str, line: int | None) -> str | None:
    """A printed value: a number, X, * (as text); None when the card has none."""
    if raw is None or raw == "" or raw == []:
        return None
    if isinstance(raw, bool) or not isinstance(raw, (int, str)):
        raise _fail(source, f"{where}: {key} is a JSON {type(raw).__name__}", line,
                    expected="a number, X or *")
    value = str(raw).strip()
    if value == "":
        return None
    if len(value) > limits.get("number_digits") or not _VALUE.match(value):
        raise _fail(source, f"{where}: {key} {value[:40]!r} is not a card value", line,
                    expected="a number, X or *")
    return value


def _word(source: Source, raw, key: str, where: str, line: int | None) -> str | None:
    """A value that is a word (a UFS zone: high, mid, low)."""
    if raw is None or raw == "":
        return None
    if not isinstance(raw, str) or not re.fullmatch(r"[A-Za-z][A-Za-z\-]{0,30}", raw.strip()):
        raise _fail(source, f"{where}: {key} {str(raw)[:40]!r} is not a word", line,
                    expected="a word such as high, mid or low")
    return raw.strip().lower()


# --- fab-tsv -------------------------------------------------------------------------------------

FAB_COLUMNS = ("Name", "Color", "Pitch", "Cost", "Power", "Defense", "Health", "Intelligence",
               "Type Text", "Functional Text")
FAB_STATS = (("Cost", "cost"), ("Pitch", "pitch"), ("Power", "power"), ("Defense", "defense"),
             ("Health", "life"), ("Intelligence", "intellect"))


def _read_fab(source: Source) -> list[Printing]:
    lines = source.text.split("\n")
    header_line = lines[0].rstrip("\r")
    header = header_line.split("\t")
    missing = [c for c in FAB_COLUMNS if c not in header]
    if missing:
        raise _fail(source, "not a the-fab-cube card table: missing column"
                    + ("s " if len(missing) > 1 else " ") + ", ".join(repr(m) for m in missing),
                    1, 1, expected="a header row with the columns " + ", ".join(FAB_COLUMNS))
    csv.field_size_limit(limits.get("carddb_bytes"))
    rows = csv.reader(_Lines(lines), delimiter="\t", strict=True)
    out: list[Printing] = []
    next(rows)
    start = 2
    index = {c: header.index(c) for c in FAB_COLUMNS}
    while True:
        try:
            row = next(rows)
        except StopIteration:
            break
        except csv.Error as err:
            raise _fail(source, f"not a readable tab-separated row ({err})", start) from None
        line, start = start, rows.line_num + 1
        if not any(f.strip() for f in row):
            continue
        if len(row) != len(header):
            raise _fail(source, f"row {line - 1} has {len(row)} field{'s' * (len(row) != 1)}, "
                        f"the header {len(header)}", line,
                        expected="one field per column, separated by tabs (a missing tab, or "
                                 "a line break inside a field that is not in quotes?)")
        where = f"row {line - 1}"
        name = _name(source, row[index["Name"]], where, line)
        where = f"row {line - 1} ({name})"
        colour = row[index["Color"]].strip().lower()
        stats = []
        for column, key in FAB_STATS:
            value = _stat(source, row[index[column]], column, where, line)
            if value is not None:
                stats.append((key, value))
        pitch = dict(stats).get("pitch")
        if colour and colour not in names.FAB_COLOURS:
            raise _fail(source, f"{where}: colour {colour!r} is not a FaB colour", line,
                        expected="Red, Yellow, Blue or empty")
        if colour and pitch and names.FAB_COLOURS[colour] != pitch:
            raise _fail(source, f"{where}: colour {colour} and pitch {pitch} disagree", line,
                        expected=f"pitch {names.FAB_COLOURS[colour]} for a {colour} card")
        type_line = " ".join(row[index["Type Text"]].split())
        text = _text(source, row[index["Functional Text"]], where, line)
        out.append(Printing(name=name, type_line=type_line, stats=tuple(stats), text=text,
                            record=f"{source.name} line {line}", variant=colour))
    return out


class _Lines:
    """An iterator over ``lines`` with their line ends, for csv (which counts them)."""

    def __init__(self, lines: list[str]) -> None:
        self._it = iter(lines)

    def __iter__(self):
        return self

    def __next__(self) -> str:
        return next(self._it).rstrip("\r") + "\n"


# --- JSON lists (wow-prints, uvs-json) -----------------------------------------------------------

def _json_records(source: Source):
    """(record number, line, record) for each element of the file's top-level JSON list; a
    damaged file is an error at the place it breaks (a file cut short says so)."""
    text = source.text
    decoder = json.JSONDecoder()
    i = len(text) - len(text.lstrip())
    if text[i] != "[":
        raise _fail(source, "the file is not a JSON list of cards", _line_at(text, i), 1,
                    expected="[ {...}, {...} ]")
    i += 1
    line, counted, number = 1, 0, 0
    while True:
        while i < len(text) and text[i].isspace():
            i += 1
        if i < len(text) and text[i] == "]" and number == 0:
            i += 1
            break
        if i >= len(text):
            raise _cut_short(source, number)
        line += text.count("\n", counted, i)
        counted = i
        try:
            record, i = decoder.raw_decode(text, i)
        except json.JSONDecodeError as err:
            if err.pos >= len(text.rstrip()) or not text.rstrip().endswith("]"):
                raise _cut_short(source, number, err) from None
            raise _fail(source, f"not valid JSON: {err.msg} (in record {number + 1})",
                        err.lineno, err.colno) from None
        except RecursionError:
            raise _fail(source, f"record {number + 1} is nested too deeply to read",
                        line) from None
        number += 1
        yield number, line, record
        while i < len(text) and text[i].isspace():
            i += 1
        if i >= len(text):
            raise _cut_short(source, number)
        if text[i] == "]":
            i += 1
            break
        if text[i] != ",":
            raise _fail(source, f"not valid JSON: expected ',' or ']' after record {number}",
                        _line_at(text, i), i - text.rfind("\n", 0, i))
        i += 1
    rest = text[i:].strip()
    if rest:
        raise _fail(source, "not valid JSON: more text after the list of cards",
                    _line_at(text, len(text) - len(text[i:].lstrip())))


def _cut_short(source: Source, records: int,
               err: json.JSONDecodeError | None = None) -> CardDatabaseError:
    end = source.text.rstrip()
    why = f"; at line {err.lineno} column {err.colno}: {err.msg}" if err is not None else ""
    return _fail(source, f"the JSON ends before its list does (after {records} complete "
                 f"record{'s' * (records != 1)}{why}): the file is cut short",
                 _line_at(source.text, len(end)), len(end) - end.rfind("\n"),
                 expected="the rest of the list, ending ']'")


def _line_at(text: str, index: int) -> int:
    return text.count("\n", 0, index) + 1


def _record(source: Source, number: int, line: int, record, key: str) -> tuple[dict, str, str]:
    """A card record of a JSON list: the object, the card's name (field ``key``), and how
    errors name the record."""
    if not isinstance(record, dict):
        raise _fail(source, f"record {number} is a JSON {type(record).__name__}, not a card",
                    line, expected="an object {...}")
    name = _name(source, record.get(key), f"record {number}", line)
    return record, name, f"record {number} ({name})"


# WoW TCG expansions in release order, with the years each came out in (a range where the
# release is remembered only to within a year). Products named after an expansion (its starters,
# badges, crafted cards, promos) date with it; products named with a year ("Class Starters
# 2010", "Blizzcon 2007") date to that year, with no place in the order; other products (raid
# and dungeon decks, events, hero decks, treasures) are undated. A printing is "the newest" of
# a name only when it is certainly newer than every printing that differs from it
# (judge.scenario.named_cards); otherwise the scenario must say which.
WOW_RELEASES: tuple[tuple[str, int, int], ...] = (
    ("Heroes of Azeroth", 2006, 2006), ("Through the Dark Portal", 2007, 2007),
    ("Fires of Outland", 2007, 2007), ("March of the Legion", 2007, 2007),
    ("Servants of the Betrayer", 2007, 2008), ("The Hunt for Illidan", 2008, 2008),
    ("Drums of War", 2008, 2008), ("Blood of Gladiators", 2008, 2009),
    ("Fields of Honor", 2009, 2009), ("Scourgewar", 2009, 2009), ("Wrathgate", 2009, 2010),
    ("Icecrown", 2010, 2010), ("Worldbreaker", 2010, 2010), ("War of the Elements", 2010, 2011),
    ("Twilight of the Dragons", 2011, 2011), ("Throne of the Tides", 2011, 2011),
    ("Crown of the Heavens", 2011, 2012), ("Tomb of the Forgotten", 2012, 2012),
    ("War of the Ancients", 2012, 2012), ("Reign of Fire", 2012, 2012),
    ("Betrayal of the Guardian", 2012, 2013),
)
_YEAR = re.compile(r"\b(20[01]\d)\b")


def wow_release(expansion: str) -> tuple[int, int, int | None] | None:
    """(first year, last year, place in the order of the main expansions) of a WoW product;
    None when it is not known."""
    low = names.key(expansion)
    for order, (name, first, last) in sorted(enumerate(WOW_RELEASES, 1),
                                             key=lambda p: -len(p[1][0])):
        if low == names.key(name) or low.startswith(names.key(name) + " "):
            return first, last, order
    m = _YEAR.search(expansion)
    if m:
        return int(m.group(1)), int(m.group(1)), None
    return None


def _read_wow(source: Source) -> list[Printing]:
    out = []
    for number, line, record in _json_records(source):
        rec, name, where = _record(source, number, line, record, "card_name")
        expansion = rec.get("card_print_expansion_name") or ""
        if not isinstance(expansion, str):
            raise _fail(source, f"{where}: card_print_expansion_name is not text", line)
        expansion = " ".join(expansion.split())
        collector = rec.get("card_print_id_in_exapansion", rec.get("card_print_id_in_expansion"))
        if collector is not None and not isinstance(collector, (str, int)):
            raise _fail(source, f"{where}: card_print_id_in_exapansion is not a number or text",
                        line)
        collector = " ".join(str(collector or "").split())[:20]
        text = _text(source, rec.get("card_print_text_front"), where, line)
        back = _text(source, rec.get("card_print_text_back"), where, line)
        extra = []
        rarity = rec.get("card_print_rarity")
        if isinstance(rarity, str) and rarity.strip():
            extra.append(("rarity", rarity.strip()))
        if back:
            extra.append(("back", back))
        out.append(Printing(name=name, type_line="", stats=(), text=text,
                            record=f"{source.name} record {number}, line {line}",
                            variant=expansion, set_name=expansion, number=collector,
                            released=wow_release(expansion) if expansion else None,
                            extra=tuple(extra)))
    return out


UVS_STATS = (("difficulty", "difficulty"), ("control", "control"), ("speed", "speed"),
             ("damage", "damage"), ("block_modifier", "block modifier"),
             ("block_mod", "block modifier"), ("hand_size", "hand size"),
             ("vitality", "vitality"))
UVS_WORDS = (("attack_zone", "zone"), ("block_zone", "block zone"))
# the resource symbols of UFS (B.6.6); a card with another word (UniVersus' "air-attuned") keeps
# its resources unstated, for the rules module's policy to say so, and shows them as printed
UVS_SYMBOLS = frozenset({"air", "all", "chaos", "death", "earth", "evil", "fire", "good", "life",
                         "order", "void", "water", "infinity"})


def _read_uvs(source: Source) -> list[Printing]:
    out = []
    for number, line, record in _json_records(source):
        rec, name, where = _record(source, number, line, record, "name")
        kind = rec.get("type")
        if not isinstance(kind, str) or not kind.strip():
            raise _fail(source, f"{where}: the card has no type", line,
                        expected="a type such as attack, foundation, character")
        stats: dict[str, str] = {}
        for field, key in UVS_STATS:
            value = _stat(source, rec.get(field), field, where, line)
            if value is not None:
                stats.setdefault(key, value)
        for field, key in UVS_WORDS:
            value = _word(source, rec.get(field), field, where, line)
            if value is not None:
                stats[key] = value
        keywords = rec.get("keywords") or []
        if not isinstance(keywords, list) or not all(isinstance(k, str) for k in keywords):
            raise _fail(source, f"{where}: keywords is not a list of words", line)
        text = _text(source, rec.get("text"), where, line)
        kw_line = " - ".join(k.strip() for k in keywords if k.strip())
        if kw_line and not text.lower().startswith(kw_line.lower()):
            text = f"{kw_line}\n\n{text}" if text else kw_line
        extension = rec.get("extension") or ""
        if not isinstance(extension, str):
            raise _fail(source, f"{where}: extension is not text", line)
        extension = " ".join(extension.split())
        extra = []
        resources = rec.get("resources") or []
        if not isinstance(resources, list) or not all(isinstance(r, str) for r in resources):
            raise _fail(source, f"{where}: resources is not a list of words", line)
        symbols = [r.strip().lower() for r in resources]
        if symbols and all(r in UVS_SYMBOLS for r in symbols):
            resource_stats = tuple(("resources", r) for r in symbols)
        else:                     # a symbol UFS does not have ("air-attuned"): not stated
            resource_stats = ()
            if symbols:
                extra.append(("resources", ", ".join(symbols)))
        if isinstance(rec.get("rarity"), str):
            extra.append(("rarity", rec["rarity"]))
        short = rec.get("extension_short")
        numero = rec.get("numero")
        out.append(Printing(name=name, type_line=" ".join(kind.split()).title(),
                            stats=tuple(stats.items()) + resource_stats, text=text,
                            record=f"{source.name} record {number}, line {line}",
                            variant=extension, set_name=extension,
                            number=str(numero) if isinstance(numero, int) else "",
                            extra=tuple(extra) + ((("set code", short),)
                                                  if isinstance(short, str) and short else ())))
    return out


# --- ashes-text ----------------------------------------------------------------------------------

ASHES_STATS = {"attack": "attack", "life": "life", "recover": "recover",
               "battlefield": "battlefield", "spellboard": "spellboard"}
_ASHES_STAT = re.compile(r"^([A-Za-z][A-Za-z ]*?) ([+\-]?[0-9X][0-9X+\-]*)$")


def _is_stats(line: str) -> bool:
    parts = line.strip().split(" - ")
    return bool(parts) and all(_ASHES_STAT.match(p.strip()) for p in parts)


def _read_ashes(source: Source) -> list[Printing]:
    out = []
    lines = source.text.split("\n")
    blocks: list[tuple[int, list[str]]] = []
    current: list[str] = []
    first = 1
    for number, raw in enumerate(lines, 1):
        if re.fullmatch(r"=====\s*", raw.rstrip("\r")):
            blocks.append((first, current))
            current, first = [], number + 1
        else:
            current.append(raw.rstrip("\r"))
    blocks.append((first, current))
    for start, block in blocks:
        while block and not block[0].strip():
            block, start = block[1:], start + 1
        while block and not block[-1].strip():
            block = block[:-1]
        if not block:
            continue
        where = f"the card at line {start}"
        name = _name(source, block[0], where, start)
        where = f"{name!r} (line {start})"
        header: list[str] = []
        for ln in block[1:]:
            if not ln.strip():
                break
            header.append(ln.strip())
        type_line, stats, extra = "", [], []
        for offset, ln in enumerate(header, 1):
            if _is_stats(ln):
                for part in ln.split(" - "):
                    m = _ASHES_STAT.match(part.strip())
                    word, value = m.group(1).strip().lower(), m.group(2)
                    if len(value) > limits.get("number_digits"):
                        raise _fail(source, f"{where}: {word} {value[:20]}... is too long",
                                    start + offset)
                    if word in ASHES_STATS:
                        stats.append((ASHES_STATS[word], value))
                    else:
                        extra.append((word, value))
                if offset == 1:
                    type_line = "Phoenixborn"
            elif "[[" in ln and offset > 1:
                extra.append(("cost", ln))
            elif offset == 1:
                type_line = " ".join(ln.split())
            else:
                raise _fail(source, f"{where}: a line after the type line that is neither a "
                            "cost line nor a stats line", start + offset,
                            expected="a cost line ([[main]] - 1 [[basic]]) or a stats line "
                                     "(Attack 2 - Life 1 - Recover 1), then a blank line")
        if not type_line:
            raise _fail(source, f"{where}: the card has no type line", start + 1,
                        expected="a type line (Ally - Battlefield) or a Phoenixborn's stats line")
        text = _text(source, "\n".join(block), where, start)
        out.append(Printing(name=name, type_line=type_line, stats=tuple(stats), text=text,
                            record=f"{source.name} line {start}",
                            set_name=_set_of(source.name), extra=tuple(extra)))
    return out


def _set_of(file_name: str) -> str:
    """``000-core.txt`` -> ``core``; ``004-duchess-of-deception.txt`` -> ``duchess of
    deception``."""
    stem = Path(file_name).stem
    return re.sub(r"^\d+-", "", stem).replace("-", " ")


_READERS = {"fab-tsv": _read_fab, "wow-prints": _read_wow, "uvs-json": _read_uvs,
            "ashes-text": _read_ashes}
