"""Reading the installed card databases (light: ``os`` and SQLite's C module).

Each database is one SQLite file, ``<data folder>/cards/<game>/<name>.sqlite``, written whole by
:mod:`judge.carddb.install` and never changed in place afterwards. Its tables::

    meta(k, v)          name, game, format, version (a digest of the source files), sha256,
                        source, imported (UTC date), cards, schema
    cards(id, name, variant, set_name, number, year_lo, year_hi, release, type_line, stats,
          text, extra, record)   (year_lo/year_hi/release: when the printing came out, where known)
    names(key, card, kind)   the name and every alias of each printing by :func:`names.key`
                        (kind 0: the card's name, 1: an alias naming one printing); indexed

A file that cannot be opened or is not such a database is skipped and reported once
(:func:`problems`); ``judge cards remove NAME`` removes it.
"""

# On the light path: imports no .py module of the standard library.

import os

from judge import paths, sqlite_light
from judge.carddb import names

SCHEMA = "judge-carddb/1"
SUFFIX = ".sqlite"
COLUMNS = {"id", "name", "variant", "set_name", "number", "year_lo", "year_hi", "release",
           "type_line", "stats", "text", "extra", "record"}


def top_str() -> str:
    return os.path.join(paths.home_str(), "cards")


def folder_str(game: str) -> str:
    return os.path.join(top_str(), game)


def files(game: str | None = None) -> list[str]:
    """The database files installed (for ``game``, or every game), sorted by path."""
    out: list[str] = []
    if game is not None and not game.replace("-", "").isalnum():
        return out                      # not a game id (no path may come from it)
    games = [game] if game else _dirs(top_str())
    for g in games:
        try:
            with os.scandir(folder_str(g)) as it:
                for e in it:
                    if e.name.endswith(SUFFIX) and not e.name.startswith(".") and e.is_file():
                        out.append(e.path)
        except OSError:
            pass
    return sorted(out)


def _dirs(top: str) -> list[str]:
    try:
        with os.scandir(top) as it:
            return sorted(e.name for e in it if e.is_dir() and not e.name.startswith("."))
    except OSError:
        return []


def fingerprint() -> str:
    """One line per installed database file (path, size, mtime): what a parsed scenario that
    names cards depends on."""
    out = []
    for path in files():
        try:
            st = os.stat(path)
        except OSError:
            continue
        out.append(f"{path}\t{st.st_size}\t{st.st_mtime_ns}")
    return "\n".join(out)


class Database:
    """One installed database, opened read-only."""

    def __init__(self, path: str, con, meta: dict[str, str]) -> None:
        self.path = path
        self.con = con
        self.meta = meta
        self.name = meta.get("name", "")
        self.game = meta.get("game", "")
        self.version = meta.get("version", "")

    def find(self, key: str) -> list["Card"]:
        """Printings whose name or alias has ``key``, in file order."""
        rows = self.con.execute(
            "SELECT c.*, n.kind AS kind FROM names n JOIN cards c ON c.id = n.card "
            "WHERE n.key = ? ORDER BY c.id", (key,)).fetchall()
        return [Card(self, r) for r in rows]

    def printings(self, name: str) -> list["Card"]:
        """Every printing whose name is ``name``'s (by key)."""
        rows = self.con.execute(
            "SELECT c.*, 0 AS kind FROM names n JOIN cards c ON c.id = n.card "
            "WHERE n.key = ? AND n.kind = 0 ORDER BY c.id", (names.key(name),)).fetchall()
        return [Card(self, r) for r in rows]

    def texts(self) -> list[str]:
        """The distinct card texts of the database (what ``judge cards add`` parses)."""
        return [r[0] for r in self.con.execute(
            "SELECT DISTINCT text FROM cards WHERE text != '' ORDER BY text")]

    def all_names(self) -> list[str]:
        return [r[0] for r in self.con.execute("SELECT DISTINCT name FROM cards")]


class Card:
    """A printing read from a database (the columns of ``cards``)."""

    __slots__ = ("db", "id", "name", "variant", "set_name", "number", "released", "type_line",
                 "stats", "text", "extra", "record", "alias")

    def __init__(self, db: Database, row) -> None:
        self.db = db
        self.id = row["id"]
        self.name = row["name"]
        self.variant = row["variant"]
        self.set_name = row["set_name"]
        self.number = row["number"]
        self.released = ((row["year_lo"], row["year_hi"], row["release"])
                         if row["year_lo"] is not None else None)
        self.type_line = row["type_line"]
        self.stats = names.decode_pairs(row["stats"])
        self.text = row["text"]
        self.extra = names.decode_pairs(row["extra"])
        self.record = row["record"]
        self.alias = bool(row["kind"])      # found by an alias naming this printing

    @property
    def label(self) -> str:
        """How a scenario names exactly this printing: ``"Snatch" (red)``."""
        return f'"{self.name}" ({self.variant})' if self.variant else f'"{self.name}"'

    def newer_than(self, other: "Card") -> bool:
        """Certainly released after ``other``: in a later year, or later in the order of the
        main expansions; False when either date is unknown or they may be the same."""
        a, b = self.released, other.released
        if a is None or b is None:
            return False
        if a[0] > b[1]:
            return True
        return a[2] is not None and b[2] is not None and a[2] > b[2]

    def same_card(self, other: "Card") -> bool:
        """The same card for a ruling: type line, values and text alike."""
        return (self.type_line, self.stats, " ".join(self.text.split())) == (
            other.type_line, other.stats, " ".join(other.text.split()))


_open: dict[str, tuple[tuple[int, int, int], Database | None]] = {}
_problems: dict[str, str] = {}


def open_db(path: str) -> Database | None:
    """The database at ``path`` (kept open while the file is unchanged, in this process: a
    forked worker of ``judge check`` opens its own), or None when it cannot be read (the
    reason is kept for :func:`problems`)."""
    try:
        st = os.stat(path)
    except OSError as err:
        _problems[path] = err.strerror or str(err)
        return None
    stamp = (st.st_size, st.st_mtime_ns, os.getpid())
    known = _open.get(path)
    if known is not None and known[0] == stamp:
        return known[1]
    sqlite3 = sqlite_light.module()
    db = None
    try:
        con = sqlite3.connect(f"file:{path}?mode=ro", uri=True, check_same_thread=False)
        con.row_factory = sqlite3.Row
        meta = {k: v for k, v in con.execute("SELECT k, v FROM meta")}
        columns = {r[1] for r in con.execute("PRAGMA table_info(cards)")}
        if meta.get("schema") != SCHEMA or not COLUMNS <= columns:
            _problems[path] = (f"not a judge card database of this version ("
                               f"{meta.get('schema') or 'no schema'}); add it again")
        else:
            db = Database(path, con, meta)
            _problems.pop(path, None)
    except sqlite3.Error as err:
        _problems[path] = f"cannot be read as a card database: {err}"
    _open[path] = (stamp, db)
    return db


def databases(game: str | None = None) -> list[Database]:
    """The readable databases installed (for ``game``), by name."""
    found = [db for db in (open_db(p) for p in files(game)) if db is not None]
    return sorted(found, key=lambda d: d.name)


def problems() -> dict[str, str]:
    """path -> why a database file found by the last :func:`databases` could not be read."""
    return {p: why for p, why in _problems.items() if os.path.exists(p)}


def reset() -> None:
    """Forget the open databases (after an install or a removal)."""
    for stamp, db in _open.values():
        if db is not None and stamp[2] == os.getpid():
            try:
                db.con.close()
            except Exception:  # noqa: BLE001 - a closed or broken connection is gone anyway
                pass
    _open.clear()
    _problems.clear()


def find(game: str, written: str) -> list[Card]:
    """Every printing of ``game``'s installed databases that the name ``written`` names (by its
    name, or by an alias naming one printing)."""
    k = names.key(written)
    out: list[Card] = []
    for db in databases(game):
        out.extend(db.find(k))
    return out
