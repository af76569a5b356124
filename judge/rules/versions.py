"""Rulebook versions: the documents of a game over time.

* ``add`` / ``remove`` / ``listing``: the user's own documents (``judge rulebook``), kept in
  ``paths.user_rulebook()/<game>/<id>.txt`` + ``<id>.toml``, never inside the package.
  Installing is atomic: the new document is imported (validated) before anything is written, the
  files are written to temporary names in the same folder and renamed into place, and when the
  index rebuild fails the previous files are put back (an interrupted add leaves only ``.part``
  files, which nothing reads).
* ``get_diff`` / ``history`` / ``counterpart``: version matching (:mod:`judge.rules.diff`)
  on documents read from the compiled index, cached in the user cache as one JSON file per pair,
  keyed by both documents' fingerprints (source and manifest size + mtime, the scope, and the
  matcher code; see :mod:`judge.rules.versions_light`, which reads that cache for ``judge rule``).

Imports nothing heavy (the matcher is pure Python); ``judge rule`` only needs it on a cold cache.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from pathlib import Path

from judge import paths
from judge.errors import (
    RulebookFormatError, UnknownDocumentError, UnknownRuleError, UsageError,
)
from judge.rules import lookup
from judge.rules.versions_light import (  # noqa: F401  (history: judge history's, re-exported)
    cache_file, counterpart_in, document_row, fingerprint, game_documents, history, read_cached,
    write_table,
)

_VERSION = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]*$")
_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
# "Comprehensive Rules v1.4", "Version 2.10.1", "Rules 7.4" in the first lines of a document
_TEXT_VERSION = re.compile(r"\b(?:version|ver\.|v)\s*(\d+(?:\.\d+){1,3})\b", re.IGNORECASE)
_NAME_VERSION = re.compile(r"(?<![\d.])(\d+(?:\.\d+){1,3})(?![\d.])")
_PART = ".part"
_BACKUP = ".bak"
_MAX_VERSION = 40
_MAX_TITLE = 200
_LOCK = ".rulebook.lock"


# --- documents of a game ------------------------------------------------------------------------

def load_document(doc_id: str):
    """The document as the matcher sees it, read from the compiled index."""
    from judge.rules.diff import Document, Rule
    row = document_row(doc_id)
    con = lookup.connect()
    refs: dict[str, list[str]] = {}
    for src, dst in con.execute(
            "SELECT e.src, e.dst FROM edges e JOIN nodes n ON n.id = e.src "
            "WHERE n.doc=? AND e.kind='cites'", (row["id"],)):
        refs.setdefault(src, []).append(dst.split(" ", 1)[1])
    rules = []
    for r in con.execute("SELECT id, key, kind, title, text, examples, parent FROM nodes "
                         "WHERE doc=? AND kind!='missing' ORDER BY ord", (row["id"],)):
        examples = " ".join(e["text"] for e in lookup.decode_examples(r["examples"]))
        rules.append(Rule(r["key"], r["kind"], r["title"] or "", r["text"] or "",
                          r["parent"] or None, tuple(refs.get(r["id"], ())), examples))
    return Document(row["id"], tuple(rules), tuple(json.loads(row["scope"] or "[]")))


def get_diff(doc_a: str, doc_b: str, *, use_cache: bool = True):
    """The matching of every rule of ``doc_a`` to ``doc_b`` (cached)."""
    from judge.rules.diff import DiffResult
    ra, rb = document_row(doc_a), document_row(doc_b)
    if ra["game"] != rb["game"]:
        raise UsageError(f"{ra['id']} is a {ra['game']} document and {rb['id']} a {rb['game']} one",
                         expected="two documents of the same game")
    key = [fingerprint(ra), fingerprint(rb)]
    path = cache_file(ra["id"], rb["id"])
    if use_cache:
        cached = read_cached(ra, rb)
        if cached is not None:
            try:
                return DiffResult.from_dict(cached)
            except (KeyError, TypeError):
                pass
    from judge.rules.diff import diff_documents
    result = diff_documents(load_document(ra["id"]), load_document(rb["id"]))
    data = result.to_dict()
    _write_atomic(path, json.dumps({"key": key, "result": data}))
    write_table(ra, rb, data)
    return result


def _write_atomic(path: Path, text: str) -> None:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(f".{path.name}.{os.getpid()}{_PART}")
        tmp.write_text(text, encoding="utf-8")
        os.replace(tmp, path)
    except OSError:
        pass  # a cache that cannot be written is recomputed next time


def forget_cached(doc_id: str) -> None:
    folder = paths.cache_dir() / "versions"
    if folder.is_dir():
        for f in folder.glob("*.json"):
            if doc_id in f.stem.split("__"):
                f.unlink(missing_ok=True)


# --- counterparts -------------------------------------------------------------------------------

def counterpart(doc_a: str, key: str, doc_b: str) -> dict:
    """What became of rule ``key`` of ``doc_a`` in ``doc_b``: status, citations, confidence."""
    return counterpart_in(get_diff(doc_a, doc_b).to_dict(), key)


# --- adding, listing and removing user documents ------------------------------------------------

def guess_version(text: str, filename: str) -> str | None:
    head = "\n".join(text.splitlines()[:60])
    m = _TEXT_VERSION.search(head)
    if m:
        return m.group(1)
    m = _NAME_VERSION.search(Path(filename).stem)
    return m.group(1) if m else None


def _game_formats(game: str) -> list[str]:
    """The formats of a game: those its descriptor names (judge.registry)."""
    from judge import registry
    return list(registry.GAMES[game].importers) if game in registry.GAMES else []


def _import_as(text: str, manifest, path: str):
    from judge.rules.importers import get_importer
    return get_importer(manifest.format)(text, manifest, path)


def _structure_seen(doc) -> int:
    """Nodes, examples, cross-references and glossary entries an importer recognised."""
    return sum(1 + len(n.examples) + len(n.refs) + (n.kind.value == "glossary") for n in doc.nodes)


def _manifest_toml(m) -> str:
    def s(v: str) -> str:
        return json.dumps(v, ensure_ascii=False)
    lines = [f"{k} = {s(getattr(m, k))}" for k in
             ("id", "game", "title", "version", "date", "file", "format", "publisher", "source_file", "sha256")]
    if m.scope:
        lines.append("scope = [" + ", ".join(s(x) for x in m.scope) + "]")
    return "\n".join(lines) + "\n"


def add(source: str | os.PathLike, *, game: str, version: str | None = None, date: str | None = None,
        fmt: str | None = None, replace: bool = False, title: str | None = None,
        check_game: bool = True) -> dict:
    """Validate and install a rules document for ``game``; returns its listing row. Installs
    are serialised by a lock (:func:`install_lock`): two adds of one id cannot both succeed."""
    from judge.rules import catalog

    src = Path(source)
    if game not in catalog.GAMES:
        raise UsageError(f"unknown game {game!r}", expected=", ".join(catalog.GAMES))
    with install_lock():
        return _add(src, game=game, version=version, date=date, fmt=fmt, replace=replace,
                    title=title, check_game=check_game)


def _add(src: Path, *, game: str, version: str | None, date: str | None, fmt: str | None,
         replace: bool, title: str | None, check_game: bool) -> dict:
    from dataclasses import replace as dc_replace

    from judge import limits
    from judge.rules import catalog
    from judge.rules.model import Manifest

    if not src.is_file():
        raise UsageError("not a regular file" if src.exists() else "no such file", path=str(src),
                         expected="a rules document saved as a text file")
    raw = limits.read_bounded(src, "rulebook_bytes", "the rules document")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as err:
        raise RulebookFormatError(f"not UTF-8 text ({err.reason} at byte {err.start})",
                                  path=str(src)) from None
    version = version or guess_version(text, src.name)
    if not version:
        raise UsageError("cannot tell the document's version from its text or file name",
                         path=str(src), suggestion="--version 2.10.1")
    if not _VERSION.match(version):
        raise UsageError(f"version {version[:80]!r} has characters a document id cannot have",
                         expected="letters, digits, '.', '-' or '_'")
    if len(version) > _MAX_VERSION:
        raise UsageError(f"version {version[:40]!r}... has {len(version)} characters",
                         expected=f"at most {_MAX_VERSION}, e.g. 2.10.1")
    if date and not _is_date(date):
        raise UsageError(f"date {date[:80]!r} is not an ISO date", expected="YYYY-MM-DD")
    if title is not None and (not title.strip() or len(title) > _MAX_TITLE
                              or any(c in title for c in "\n\r\x00")):
        raise UsageError("the title must be one line of 1 to 200 characters",
                         expected='--title "Comprehensive Rules"')
    doc_id = f"{game}-{version}"
    existing = {e.manifest.id: e for e in catalog.entries()}
    if doc_id in existing:
        if existing[doc_id].manifest.bundled:
            raise UsageError(f"{doc_id} is a bundled document; it cannot be replaced",
                             expected="a version not bundled with judge")
        if not replace:
            raise UsageError(f"{doc_id} is already installed ({existing[doc_id].manifest_path})",
                             suggestion="--replace to install this file in its place")
    formats = _game_formats(game)
    if fmt is not None and fmt not in formats:
        raise UsageError(f"format {fmt!r} is not a {game} format", expected=", ".join(formats) or "none")
    full = [e.manifest for e in existing.values() if e.manifest.game == game and not e.manifest.scope]
    base = Manifest(
        id=doc_id, game=game, title=title or (full[0].title if full else catalog.GAMES[game] + " rules"),
        version=version, date=date or "", file=f"{doc_id}.txt", format=fmt or "", publisher=
        (full[0].publisher if full else ""), source_file=src.name,
        sha256=hashlib.sha256(raw).hexdigest(), bundled=False)
    target = paths.user_rulebook() / game / base.file
    doc, manifest = None, base
    if fmt is not None:
        manifest = dc_replace(base, format=fmt)
        doc = _import_as(text, manifest, str(src))      # raises RulebookFormatError: nothing written
    else:
        errors, found = [], []
        for f in formats:
            try:
                m = dc_replace(base, format=f)
                found.append((m, _import_as(text, m, str(src))))
            except RulebookFormatError as err:
                errors.append((f, err))
        if not found:
            first = errors[0][1] if errors else None
            raise RulebookFormatError(
                f"not a {game} rules document in any known format ({', '.join(formats)})"
                + (f": {first.message}" if first else ""), path=str(src),
                line=first.line if first else None, line_text=first.line_text if first else None,
                column=first.column if first else None,
                suggestion="--format " + "|".join(formats))
        # several importers may read it: keep the one that recognises the most structure
        found.sort(key=lambda p: -_structure_seen(p[1]))
        manifest, doc = found[0]
    if not doc.nodes:
        raise RulebookFormatError("the document has no rules", path=str(src))
    if check_game:
        check_game_of(text, doc, game, str(src))
    _install(target, raw, _manifest_toml(manifest).encode("utf-8"))
    forget_cached(doc_id)
    return {"id": doc_id, "game": game, "version": version, "date": manifest.date,
            "format": manifest.format, "rules": len(doc.nodes), "path": str(target)}


def _rebuild_index() -> None:
    """Bring the index up to date with the installed files (reads only the documents whose
    files changed)."""
    from judge.rules import index
    lookup.reset()
    index.update_index()
    lookup.reset()


def _install(target: Path, source: bytes, manifest: bytes) -> None:
    """Write source + manifest next to each other atomically, rebuild the index; on any failure
    put the previous state back."""
    folder = target.parent
    folder.mkdir(parents=True, exist_ok=True)
    finals = [target, target.with_suffix(".toml")]
    tag = f".{os.getpid()}"
    parts = [folder / f".{p.name}{tag}{_PART}" for p in finals]
    backups = [folder / f".{p.name}{tag}{_BACKUP}" for p in finals]
    moved: list[tuple[Path, Path]] = []
    placed: list[Path] = []
    try:
        for part, data in zip(parts, (source, manifest)):
            with open(part, "wb") as fh:
                fh.write(data)
                fh.flush()
                os.fsync(fh.fileno())
        for final, backup in zip(finals, backups):
            if final.exists():
                os.replace(final, backup)
                moved.append((backup, final))
        for part, final in zip(parts, finals):   # source first: a manifest never names a missing file
            os.replace(part, final)
            placed.append(final)
        _rebuild_index()
    except BaseException:
        for final in placed:
            final.unlink(missing_ok=True)
        for backup, final in moved:
            os.replace(backup, final)
        for part in parts:
            part.unlink(missing_ok=True)
        lookup.reset()
        raise
    for backup, _ in moved:
        backup.unlink(missing_ok=True)


def remove(doc_id: str) -> dict:
    """Remove a user-added document: by its id, or (a document whose manifest is broken) by
    its file name. Serialised with adds by :func:`install_lock`."""
    with install_lock():
        return _remove(doc_id)


def _remove(doc_id: str) -> dict:
    from judge.rules import catalog
    entries = {e.manifest.id.lower(): e for e in catalog.entries()}
    entry = entries.get(doc_id.strip().lower())
    if entry is None or entry.manifest.bundled:
        broken = _broken_manifest(doc_id, {e.manifest_path for e in entries.values()})
        if broken is not None:
            return _remove_files(doc_id.strip(), [broken, broken.with_suffix(".txt")])
    if entry is None:
        import difflib
        raise UnknownDocumentError(f"no document {doc_id!r}",
                                   expected="one of " + ", ".join(e.manifest.id for e in entries.values()),
                                   suggestion=", ".join(difflib.get_close_matches(
                                       doc_id, [e.manifest.id for e in entries.values()], 3, 0.4)) or None)
    if entry.manifest.bundled:
        raise UsageError(f"{entry.manifest.id} is bundled with judge and cannot be removed; "
                         "only documents added with `judge rulebook add` can",
                         expected="the id of a user-added document (see `judge rulebook list`)")
    result = _remove_files(entry.manifest.id, [entry.manifest_path, entry.source_path])
    forget_cached(entry.manifest.id)
    return result


def _broken_manifest(name: str, good: set[Path]) -> Path | None:
    """The user manifest named ``name`` (its file name, without .toml) that the catalog skips."""
    from judge.rules import catalog
    want = name.strip().lower().removesuffix(".toml")
    for path in catalog.user_manifest_paths():
        if path not in good and path.stem.lower() == want:
            return path
    return None


def _remove_files(doc_id: str, files: list[Path]) -> dict:
    """Move ``files`` aside (the manifest first: the document disappears), rebuild the index,
    then delete them; on failure put them back."""
    tag = f".{os.getpid()}"
    moved: list[tuple[Path, Path]] = []
    try:
        for f in files:
            if f.exists():
                backup = f.with_name(f".{f.name}{tag}{_BACKUP}")
                os.replace(f, backup)
                moved.append((backup, f))
        _rebuild_index()
    except BaseException:
        for backup, f in reversed(moved):
            os.replace(backup, f)
        lookup.reset()
        raise
    for backup, _ in moved:
        backup.unlink(missing_ok=True)
    return {"id": doc_id, "removed": [str(f) for _, f in moved]}


def listing() -> list[dict]:
    con = lookup.connect()
    out = []
    for d in lookup.documents():
        counts = dict(con.execute("SELECT kind, count(*) FROM nodes WHERE doc=? GROUP BY kind",
                                  (d["id"],)).fetchall())
        out.append({"id": d["id"], "game": d["game"], "version": d["version"], "date": d["date"],
                    "format": d["format"], "title": d["title"],
                    "rules": counts.get("rule", 0) + counts.get("section", 0),
                    "glossary": counts.get("glossary", 0),
                    "scope": json.loads(d["scope"] or "[]"),
                    "origin": "bundled" if d["bundled"] else "user", "path": d["source_path"]})
    return out


# --- the install lock and what a killed install leaves -----------------------------------------

def install_lock():
    """The lock adds and removes take (:class:`judge.datalock.DataLock` on
    ``<data folder>/.rulebook.lock``); on entry, what a killed add or remove left is put right
    (:func:`clean_leftovers`)."""
    from judge.datalock import DataLock
    return DataLock(_LOCK, "`judge rulebook add` or `remove`", clean_leftovers)


_LEFTOVER = re.compile(r"^\.(?P<name>.+)\.(?P<pid>\d+)(?P<kind>\.part|\.bak)$")


def clean_leftovers() -> list[str]:
    """Put right what a killed add or remove left in the user rulebook (call under the lock):
    ``.part`` files are removed; a document whose files were moved aside (``.bak``) gets them
    back if any of them is missing (the interrupted change did not happen), else the backups are
    removed (it did). Returns what was done, one line each."""
    done: list[str] = []
    top = paths.user_rulebook()
    try:
        folders = [f for f in top.iterdir() if f.is_dir()] if top.is_dir() else []
    except OSError:
        return done
    for folder in folders:
        groups: dict[tuple[str, str], list[tuple[Path, Path]]] = {}
        try:
            names = list(folder.iterdir())
        except OSError:
            continue
        for path in names:
            m = _LEFTOVER.match(path.name)
            if m is None:
                continue
            if m["kind"] == _PART:
                path.unlink(missing_ok=True)
                done.append(f"removed {path}")
            else:
                final = folder / m["name"]
                groups.setdefault((Path(m["name"]).stem, m["pid"]), []).append((path, final))
        for pairs in groups.values():
            restore = any(not final.exists() for _, final in pairs)
            for backup, final in pairs:
                if restore:
                    os.replace(backup, final)
                    done.append(f"restored {final}")
                else:
                    backup.unlink(missing_ok=True)
                    done.append(f"removed {backup}")
    return done


# --- is it a document of this game? ------------------------------------------------------------

# how each game's documents name it (lower case, matched as whole words)
GAME_NAMES: dict[str, tuple[str, ...]] = {
    "fab": ("flesh and blood",),
    "wow": ("warcraft",),
    "ufs": ("universal fighting system", "ufs"),
    "ashes": ("phoenixborn", "ashes"),
}


def _mentions(text: str) -> dict[str, int]:
    low = text.lower()
    return {g: sum(len(re.findall(r"\b" + re.escape(n) + r"\b", low)) for n in names)
            for g, names in GAME_NAMES.items()}


def _shape(key: str) -> str:
    """The shape of a rule number's first part: 20.7.2a -> 9, 410.5 -> 999, E.2.2 -> A."""
    top = re.split(r"[.\s]", key, maxsplit=1)[0]
    return re.sub(r"[A-Za-z]+", "A", re.sub(r"\d+", lambda m: "9" * min(len(m.group()), 4), top))


def check_game_of(text: str, doc, game: str, path: str) -> None:
    """Refuse a document that is another game's: it names another game more often than
    ``game`` (its title, its opening rules), or most of its rule numbers have a shape none of
    the game's installed documents has (WoW's 410.5 where FaB numbers 4.1.5)."""
    from judge.rules.catalog import GAMES
    counts = _mentions(text)
    other = max((g for g in counts if g != game), key=lambda g: counts[g])
    if counts[other] > counts[game]:
        raise RulebookFormatError(
            f"this looks like a {GAMES[other]} document, not a {GAMES[game]} one: it names "
            f"{GAMES[other]} {counts[other]} time(s) and {GAMES[game]} "
            f"{counts[game] or 'never'}", path=str(path),
            expected=f"a {GAMES[game]} rules document", suggestion=f"--game {other}",
            hint="--skip-game-check installs it anyway")
    keys = [n.key for n in doc.nodes if n.kind.value in ("rule", "section")]
    known = _known_shapes(game)
    if not keys or not known:
        return
    fitting = sum(_shape(k) in known for k in keys)
    if fitting * 2 < len(keys):
        seen = sorted({_shape(k) for k in keys} - known)
        raise RulebookFormatError(
            f"its rule numbers are not numbered as {GAMES[game]}'s: {len(keys) - fitting} of "
            f"{len(keys)} start with a shape ({', '.join(seen[:4])}) no installed {game} document "
            f"uses ({', '.join(sorted(known))}; 9 = digits, A = letters)", path=str(path),
            expected=f"a {GAMES[game]} rules document", hint="--skip-game-check installs it anyway")


def _known_shapes(game: str) -> set[str]:
    con = lookup.connect()
    ids = [d["id"] for d in lookup.documents() if d["game"] == game]
    if not ids:
        return set()
    rows = con.execute(f"SELECT key FROM nodes WHERE doc IN ({','.join('?' * len(ids))}) "
                       "AND kind IN ('rule', 'section')", ids)
    return {_shape(r[0]) for r in rows}


def _is_date(text: str) -> bool:
    if not _DATE.match(text):
        return False
    import datetime
    try:
        datetime.date.fromisoformat(text)
    except ValueError:
        return False
    return True
