"""Writing a site into OUTDIR without ever losing a user's file.

* OUTDIR missing or an empty folder: written.
* OUTDIR holds a previous judge site (the marker file ``.judge-site`` lists what that run wrote):
  rewritten; files the previous run wrote and this run does not are removed, nothing else is.
* OUTDIR holds anything else: refused with a :class:`SiteOutputError` unless ``force``; with
  ``force`` the site is written beside the other files, which are left alone; if one of them
  has the name of a site file (a user's own ``index.html``), nothing is written at all.
* OUTDIR is a file: refused, always.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from judge.errors import JudgeError

MARKER = ".judge-site"
MARKER_FORMAT = "judge-site/1"


class SiteOutputError(JudgeError):
    """OUTDIR cannot be written as asked (not a previous judge site, or not a folder)."""


def previous_files(outdir: Path) -> list[str] | None:
    """The files a previous judge site wrote, or None when OUTDIR is not a judge site."""
    marker = outdir / MARKER
    if not marker.is_file():
        return None
    try:
        data = json.loads(marker.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(data, dict) or data.get("format") != MARKER_FORMAT:
        return None
    files = data.get("files", [])
    return [f for f in files if isinstance(f, str)]


def check_target(outdir: Path, *, force: bool) -> list[str]:
    """Raise unless OUTDIR may be written; return the files of the previous site (or [])."""
    if outdir.exists() and not outdir.is_dir():
        raise SiteOutputError("exists and is not a folder; not writing a site there",
                              path=str(outdir), suggestion="choose another OUTDIR")
    if not outdir.exists():
        return []
    previous = previous_files(outdir)
    if previous is not None:
        return previous
    if any(outdir.iterdir()) and not force:
        raise SiteOutputError(
            "exists, is not empty and is not a site written by judge (no .judge-site marker); "
            "not overwriting it", path=str(outdir),
            suggestion="choose a new or empty OUTDIR, or pass --force (keeps your other files)")
    return []


class Writer:
    """Collects the site's files (path relative to OUTDIR -> text) and writes them."""

    def __init__(self) -> None:
        self.files: dict[str, str] = {}

    def add(self, path: str, text: str) -> None:
        self.files[path] = text

    def write(self, outdir: Path, previous: list[str]) -> None:
        outdir.mkdir(parents=True, exist_ok=True)
        root = outdir.resolve()
        ours = set(previous)
        theirs = [rel for rel in self.files
                  if rel not in ours and (root / rel).exists()]
        if theirs:      # checked before anything is written: nothing of the user's is replaced
            shown = ", ".join(theirs[:5]) + (f" and {len(theirs) - 5} more" if len(theirs) > 5 else "")
            raise SiteOutputError(
                f"the site would overwrite {len(theirs)} file(s) judge did not write: {shown}; "
                "not writing anything", path=str(outdir),
                suggestion="move those files away, or choose a new or empty OUTDIR")
        for rel, text in self.files.items():
            target = _inside(root, rel)
            target.parent.mkdir(parents=True, exist_ok=True)
            tmp = target.with_name(target.name + ".tmp")
            tmp.write_text(text, encoding="utf-8")
            os.replace(tmp, target)
        for rel in previous:
            if rel in self.files or rel == MARKER:
                continue
            stale = _inside(root, rel, missing_ok=True)
            if stale is not None and stale.is_file():
                stale.unlink()
                _prune(stale.parent, root)
        marker = {"format": MARKER_FORMAT, "generator": "judge site", "files": sorted(self.files)}
        (outdir / MARKER).write_text(json.dumps(marker, indent=1) + "\n", encoding="utf-8")


def _inside(root: Path, rel: str, *, missing_ok: bool = False) -> Path | None:
    target = (root / rel).resolve()
    if root != target and root not in target.parents:
        if missing_ok:
            return None
        raise SiteOutputError(f"refusing to write outside the site folder: {rel}", path=str(root))
    return target


def _prune(folder: Path, root: Path) -> None:
    """Remove folders left empty by removing stale site files (never the root)."""
    while folder != root and root in folder.parents:
        try:
            folder.rmdir()
        except OSError:
            return
        folder = folder.parent
