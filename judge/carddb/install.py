"""``judge cards add | list | remove``: installing community card databases in the user data
folder (never inside the package).

The rules of ``judge rulebook add`` (:mod:`judge.rules.versions`) hold here too:

* the whole database is read and checked first (:mod:`judge.carddb.formats`); a problem is an
  error naming the file, the line or record and what was expected, and nothing is written;
* one add or remove runs at a time (:class:`judge.datalock.DataLock` on
  ``<data folder>/.cards.lock``); what a killed add left (``.part`` files) is removed when the
  next one takes the lock;
* the database is written whole to a temporary file beside its place, synced, and renamed into
  place: a reader sees the old database or the new one, never a part;
* adding the same files again under the same name changes nothing (the database's version is
  a digest of its files), unless judge now reads them differently (a newer reader: the
  database is written again); different files under an installed name need ``--replace``.

The index a lookup needs (every name and alias of every printing, by :func:`names.key`) is
built into the file at import, so naming a card never scans the database.
"""

from __future__ import annotations

import hashlib
import os
import re
import time
from pathlib import Path

from judge.carddb import formats, names, store
from judge.errors import UsageError

LOCK = ".cards.lock"
_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,59}$")
_PART = ".part"
_LEFTOVER = re.compile(r"^\..+\.\d+\.part$")


def lock():
    from judge.datalock import DataLock
    return DataLock(LOCK, "`judge cards add` or `remove`", clean_leftovers)


def clean_leftovers() -> list[str]:
    """Remove the temporary files a killed add left (call under the lock)."""
    done = []
    top = Path(store.top_str())
    if not top.is_dir():
        return done
    for folder in top.iterdir():
        if not folder.is_dir():
            continue
        for f in folder.iterdir():
            if _LEFTOVER.match(f.name):
                f.unlink(missing_ok=True)
                done.append(f"removed {f}")
    return done


def default_name(game: str, path: Path) -> str:
    """``cards.tsv`` of fab -> ``fab-cards``; the folder ``first-edition`` of ashes ->
    ``ashes-first-edition``."""
    stem = path.name if path.is_dir() else path.stem
    stem = re.sub(r"[^A-Za-z0-9._-]+", "-", stem).strip("-._") or "cards"
    name = stem if stem.lower().startswith(game + "-") else f"{game}-{stem}"
    return name[:60]


def add(source: str | os.PathLike, *, game: str, name: str | None = None,
        fmt: str | None = None, replace: bool = False) -> dict:
    """Read, check and install the card database at ``source`` (a file, or a folder of files of
    one format) for ``game``; returns its listing row (``unchanged``: it was installed already
    from the same files)."""
    from judge import registry
    if game not in registry.GAMES:
        raise UsageError(f"unknown game {game!r}", expected=", ".join(registry.GAMES))
    if fmt is not None:
        if fmt not in formats.FORMATS:
            raise UsageError(f"unknown card database format {fmt!r}",
                             expected=", ".join(formats.FORMATS))
        if formats.FORMATS[fmt].game != game:
            raise UsageError(f"format {fmt} is a {formats.FORMATS[fmt].game} format, not {game}'s",
                             expected=", ".join(f.id for f in formats.FORMATS.values()
                                                if f.game == game) or "none")
    path = Path(source)
    if name is not None and not _NAME.match(name):
        raise UsageError(f"the name {name[:80]!r} cannot name a card database",
                         expected="1 to 60 letters, digits, '.', '-' or '_', starting with a "
                                  "letter or digit")
    name = name or default_name(game, path)
    chosen = formats.FORMATS[fmt] if fmt else None
    sources, raw = formats.load(formats.files_of(path, chosen))
    chosen = chosen or formats.detect(game, sources)
    digest = hashlib.sha256(raw).hexdigest()
    installed = _installed_as(name, game, digest, chosen.id)
    if installed is not None:            # the same files again: nothing to read or write
        return installed
    printings = formats.read(chosen, sources)
    meta = {"schema": store.SCHEMA, "name": name, "game": game, "format": chosen.id,
            "reader": reader_version(), "version": digest[:12], "sha256": digest,
            "source": _source_label(path, sources),
            "path": str(path.resolve()), "imported": time.strftime("%Y-%m-%d", time.gmtime()),
            "cards": str(len(printings))}
    with lock():
        store.reset()
        existing = {db.name: db for db in store.databases()}
        old = existing.get(name)
        if old is None:
            broken = [p for p in store.files() if Path(p).stem == name]
            if broken and not replace:
                raise UsageError(f"{broken[0]} cannot be read as a card database; it is in the "
                                 "way of this name", path=broken[0],
                                 suggestion=f"judge cards remove {name}, or --replace")
        elif old.game != game:
            raise UsageError(f"{name} is the name of an installed {old.game} card database",
                             expected="a name no installed database has",
                             suggestion=f"--name {game}-{name}")
        elif _same(old, game, digest, chosen.id):
            return {**_row(old.meta, old.path), "unchanged": True}
        elif not replace and old.meta.get("sha256") != digest:
            raise UsageError(f"{name} is already installed from other files (version "
                             f"{old.version}, {old.meta.get('source', '')})", path=old.path,
                             suggestion="--replace to install these files in its place, or "
                                        "--name to install them beside it")
        target = Path(store.folder_str(game)) / (name + store.SUFFIX)
        _write(target, meta, printings, game)
        store.reset()
    return {**_row(meta, str(target)), "unchanged": False}


def _same(db: store.Database, game: str, digest: str, fmt: str) -> bool:
    """Installed from these files, read as judge reads them now."""
    return (db.game, db.meta.get("sha256"), db.meta.get("format"), db.meta.get("reader")) == (
        game, digest, fmt, reader_version())


def reader_version() -> str:
    """A digest of the code that reads and normalises a database: a database installed by
    other code is read again when its files are added again (no --replace needed)."""
    here = Path(__file__).resolve().parent
    digest = hashlib.sha256()
    for name in ("formats.py", "names.py"):
        digest.update((here / name).read_bytes())
    return digest.hexdigest()[:12]


def _installed_as(name: str, game: str, digest: str, fmt: str) -> dict | None:
    """The listing row of database ``name`` when it is installed from these very files."""
    path = str(Path(store.folder_str(game)) / (name + store.SUFFIX))
    db = store.open_db(path) if os.path.exists(path) else None
    if db is None or db.name != name or not _same(db, game, digest, fmt):
        return None
    return {**_row(db.meta, db.path), "unchanged": True}


def _source_label(path: Path, sources: list[formats.Source]) -> str:
    if path.is_dir():
        return f"{path.name}/ ({len(sources)} file{'s' * (len(sources) != 1)})"
    return path.name


def _write(target: Path, meta: dict[str, str], printings: list[formats.Printing],
           game: str) -> None:
    """The database file, written beside ``target`` and renamed into place."""
    from judge import sqlite_light
    sqlite3 = sqlite_light.module()
    folder = target.parent
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        from judge.errors import from_os_error
        raise from_os_error(err, doing="cannot create the card database folder",
                            path=str(folder)) from None
    part = folder / f".{target.name}.{os.getpid()}{_PART}"
    try:
        part.unlink(missing_ok=True)
        con = sqlite3.connect(str(part))
        try:
            con.execute("PRAGMA journal_mode=OFF")
            con.execute("PRAGMA synchronous=OFF")
            con.executescript(
                "CREATE TABLE meta(k TEXT PRIMARY KEY, v TEXT);"
                "CREATE TABLE cards(id INTEGER PRIMARY KEY, name TEXT NOT NULL, variant TEXT, "
                "set_name TEXT, number TEXT, year_lo INTEGER, year_hi INTEGER, release INTEGER, "
                "type_line TEXT, stats TEXT, "
                "text TEXT, extra TEXT, record TEXT);"
                "CREATE TABLE names(key TEXT NOT NULL, card INTEGER NOT NULL, kind INTEGER);")
            con.executemany("INSERT INTO meta VALUES (?, ?)", sorted(meta.items()))
            rows, keys = [], []
            for i, p in enumerate(printings, 1):
                year_lo, year_hi, order = p.released or (None, None, None)
                rows.append((i, p.name, p.variant, p.set_name, p.number, year_lo, year_hi, order,
                             p.type_line,
                             names.encode_pairs(p.stats), p.text, names.encode_pairs(p.extra),
                             p.record))
                keys.append((names.key(p.name), i, 0))
                for alias in names.aliases(game, p.name, p.variant, p.set_name, p.number,
                                           p.stats):
                    keys.append((names.key(alias), i, 1))
            con.executemany("INSERT INTO cards VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)", rows)
            con.executemany("INSERT INTO names VALUES (?,?,?)", keys)
            con.execute("CREATE INDEX names_key ON names(key, kind)")
            con.commit()
        finally:
            con.close()
        with open(part, "rb+") as fh:
            os.fsync(fh.fileno())
        os.replace(part, target)
    except BaseException as err:
        part.unlink(missing_ok=True)
        if isinstance(err, OSError):
            from judge.errors import from_os_error
            raise from_os_error(err, doing="cannot write the card database",
                                path=str(target)) from None
        if type(err).__module__.startswith("sqlite3") or type(err).__name__ in (
                "OperationalError", "DatabaseError"):
            from judge.errors import InputError
            raise InputError(f"cannot write the card database: {err}", path=str(target)) from None
        raise


def remove(name: str, *, game: str | None = None) -> dict:
    """Remove an installed database by name (a file that cannot be read as one: by its file
    name, as ``judge cards list`` shows it)."""
    with lock():
        store.reset()
        found = [p for p in store.files(game) if Path(p).stem == name]
        if not found:
            known = sorted({Path(p).stem for p in store.files(game)})
            import difflib
            raise UsageError(f"no card database {name!r} is installed"
                             + (f" for {game}" if game else ""),
                             expected="one of " + ", ".join(known) if known else
                             "none is installed (judge cards add FILE --game GAME)",
                             suggestion=", ".join(difflib.get_close_matches(name, known, 3, 0.5))
                             or None)
        if len(found) > 1:
            raise UsageError(f"{name} names card databases of several games",
                             expected="--game " + " or --game ".join(
                                 Path(p).parent.name for p in found))
        try:
            os.unlink(found[0])
        except OSError as err:
            from judge.errors import from_os_error
            raise from_os_error(err, doing="cannot remove the card database",
                                path=found[0]) from None
        store.reset()
    return {"name": name, "game": Path(found[0]).parent.name, "removed": found[0]}


def listing() -> list[dict]:
    """Every installed database (and every file that cannot be read as one, with the reason);
    one installed by an older reader says so."""
    store.reset()
    rows = []
    for db in store.databases():
        row = _row(db.meta, db.path)
        if db.meta.get("reader") != reader_version():
            row["note"] = "read by an older judge: add its files again to read them anew"
        rows.append(row)
    for path, why in sorted(store.problems().items()):
        rows.append({"name": Path(path).stem, "game": Path(path).parent.name, "format": "",
                     "version": "", "cards": 0, "source": "", "imported": "", "path": path,
                     "problem": why})
    return rows


def _row(meta: dict[str, str], path: str) -> dict:
    return {"name": meta.get("name", ""), "game": meta.get("game", ""),
            "format": meta.get("format", ""), "version": meta.get("version", ""),
            "cards": int(meta.get("cards") or 0), "source": meta.get("source", ""),
            "imported": meta.get("imported", ""), "path": path}


