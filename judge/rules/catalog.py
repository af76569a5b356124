"""The installed rules documents: the bundled ones under ``rulebook/`` and the user's own
(added with ``judge rulebook add``), each described by a TOML manifest beside its source."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path

from judge import paths
from judge.errors import RulebookFormatError
from judge.rules.model import Manifest

GAMES: dict[str, str] = {
    "fab": "Flesh and Blood",
    "wow": "World of Warcraft TCG",
    "ufs": "Universal Fighting System",
    "ashes": "Ashes: Rise of the Phoenixborn",
}

_FIELDS = ("id", "game", "title", "version", "date", "file", "format", "publisher")


@dataclass(frozen=True, slots=True)
class Entry:
    manifest: Manifest
    manifest_path: Path

    @property
    def source_path(self) -> Path:
        return self.manifest_path.parent / self.manifest.file


def read_manifest(path: Path, *, bundled: bool) -> Manifest:
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as err:
        raise RulebookFormatError(f"cannot read manifest: {err}", path=str(path)) from None
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
    return Manifest(
        id=str(data["id"]), game=str(data["game"]), title=str(data["title"]),
        version=str(data["version"]), date=str(data["date"]), file=str(data["file"]),
        format=str(data["format"]), publisher=str(data["publisher"]),
        source_file=str(data.get("source_file", "")), sha256=str(data.get("sha256", "")),
        bundled=bundled, scope=tuple(str(s) for s in data.get("scope", ())),
    )


def manifest_paths() -> list[tuple[Path, bool]]:
    """Every manifest, bundled first, as (path, bundled)."""
    found = [(p, True) for p in sorted(paths.RULEBOOK.glob("*/*.toml"))]
    user = paths.user_rulebook()
    if user.is_dir():
        found += [(p, False) for p in sorted(user.glob("*/*.toml"))]
    return found


def entries() -> list[Entry]:
    out: list[Entry] = []
    seen: dict[str, Path] = {}
    for path, bundled in manifest_paths():
        manifest = read_manifest(path, bundled=bundled)
        if manifest.id in seen:
            raise RulebookFormatError(
                f"document id {manifest.id!r} is declared twice (also in {seen[manifest.id]})",
                path=str(path), line=1)
        seen[manifest.id] = path
        out.append(Entry(manifest, path))
    return out


def import_entry(entry: Entry):
    """Import one document with its format's importer (heavy: only on index builds)."""
    from judge.rules.importers import get_importer

    path = entry.source_path
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise RulebookFormatError("source file named by the manifest is missing",
                                  path=str(path)) from None
    except UnicodeDecodeError as err:
        raise RulebookFormatError(f"source is not UTF-8 text ({err.reason} at byte {err.start})",
                                  path=str(path)) from None
    return get_importer(entry.manifest.format)(text, entry.manifest, str(path))
