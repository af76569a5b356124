"""The installed rules documents: the bundled ones under ``rulebook/`` and the user's own
(added with ``judge rulebook add``), each described by a TOML manifest beside its source."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path

from judge import paths, registry
from judge.errors import RulebookFormatError
from judge.rules.model import Manifest

# game id -> display name, from the games' descriptors (judge.registry)
GAMES = registry.NAMES

_FIELDS = ("id", "game", "title", "version", "date", "file", "format", "publisher")


@dataclass(frozen=True, slots=True)
class Entry:
    manifest: Manifest
    manifest_path: Path

    @property
    def source_path(self) -> Path:
        return self.manifest_path.parent / self.manifest.file


def read_manifest(path: Path, *, bundled: bool) -> Manifest:
    from judge import limits
    try:
        data = tomllib.loads(limits.read_bounded(path, "manifest_bytes", "the manifest").decode("utf-8"))
    except UnicodeDecodeError as err:
        raise RulebookFormatError(f"manifest is not UTF-8 text ({err.reason} at byte {err.start})",
                                  path=str(path)) from None
    except tomllib.TOMLDecodeError as err:
        line = getattr(err, "lineno", None)
        raise RulebookFormatError(f"manifest is not valid TOML: {err}", path=str(path), line=line) from None
    missing = [f for f in _FIELDS if f not in data]
    if missing:
        raise RulebookFormatError(f"manifest lacks {', '.join(missing)}", path=str(path), line=1,
                                  expected="keys " + ", ".join(_FIELDS))
    if data["game"] not in GAMES:
        raise RulebookFormatError(f"unknown game {data['game']!r} in manifest", path=str(path),
                                  expected=", ".join(GAMES))
    bad = [f for f in (*_FIELDS, "source_file", "sha256") if not isinstance(data.get(f, ""), str)]
    if bad:
        raise RulebookFormatError(f"manifest field {bad[0]} is not a string", path=str(path),
                                  expected=f'{bad[0]} = "..."')
    scope = data.get("scope", [])
    if not isinstance(scope, list) or not all(isinstance(x, str) for x in scope):
        raise RulebookFormatError("manifest field scope is not a list of section numbers",
                                  path=str(path), expected='scope = ["4"]')
    if not bundled and (Path(data["file"]).name != data["file"] or data["file"] in ("", ".", "..")):
        raise RulebookFormatError(f"manifest names a source file outside its folder: {data['file']!r}",
                                  path=str(path), expected="a file name beside the manifest")
    return Manifest(
        id=data["id"], game=data["game"], title=data["title"],
        version=data["version"], date=data["date"], file=data["file"],
        format=data["format"], publisher=data["publisher"],
        source_file=data.get("source_file", ""), sha256=data.get("sha256", ""),
        bundled=bundled, scope=tuple(scope),
    )


def manifest_paths() -> list[tuple[Path, bool]]:
    """Every manifest, bundled first, as (path, bundled)."""
    found = [(p, True) for p in sorted(paths.RULEBOOK.glob("*/*.toml"))]
    user = paths.user_rulebook()
    if user.is_dir():
        found += [(p, False) for p in sorted(user.glob("*/*.toml"))]
    return found


def user_manifest_paths() -> list[Path]:
    user = paths.user_rulebook()
    try:
        return sorted(user.glob("*/*.toml")) if user.is_dir() else []
    except OSError:
        return []


def manifest_paths() -> list[tuple[Path, bool]]:
    """Every manifest, bundled first, as (path, bundled)."""
    return [(p, True) for p in sorted(paths.RULEBOOK.glob("*/*.toml"))] + \
        [(p, False) for p in user_manifest_paths()]


def entries() -> list[Entry]:
    """The installed documents. A broken bundled manifest is an error (the installation is
    damaged); a broken user manifest, or a user document whose id is already taken, is skipped
    and reported (:mod:`judge.rules.problems`): one bad file must not stop every command."""
    from judge.rules import problems
    out: list[Entry] = []
    seen: dict[str, Path] = {}
    for path, bundled in manifest_paths():
        try:
            manifest = read_manifest(path, bundled=bundled)
            if manifest.id in seen:
                raise RulebookFormatError(
                    f"document id {manifest.id!r} is declared twice (also in {seen[manifest.id]})",
                    path=str(path), line=1)
        except RulebookFormatError as err:
            if bundled:
                raise
            problems.add(str(path), err.message, path.stem)
            continue
        seen[manifest.id] = path
        out.append(Entry(manifest, path))
    return out


def import_entry(entry: Entry):
    """Import one document with its format's importer (heavy: only on index builds)."""
    from judge import limits
    from judge.rules.importers import IMPORTERS, get_importer

    path = entry.source_path
    if entry.manifest.format not in IMPORTERS:
        raise RulebookFormatError(f"unknown format {entry.manifest.format!r} in its manifest",
                                  path=str(entry.manifest_path), expected=", ".join(IMPORTERS))
    if not path.exists():
        raise RulebookFormatError("source file named by the manifest is missing", path=str(path))
    raw = limits.read_bounded(path, "rulebook_bytes", "the rules document")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as err:
        raise RulebookFormatError(f"source is not UTF-8 text ({err.reason} at byte {err.start})",
                                  path=str(path)) from None
    return get_importer(entry.manifest.format)(text, entry.manifest, str(path))
