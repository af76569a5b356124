"""Parsed scenarios kept between runs, for ``judge check`` / ``judge resolve``: a file whose
text was parsed before (by the same parser, against the same installed rules documents) is
read back instead of parsed again, like Python's byte-code cache for modules.

The store is a folder in the user cache (:func:`judge.paths.cache_dir`) named by a digest of
everything a parse depends on: the scenario grammar, the ``judge/scenario`` code, the lark and
Python versions, the rules documents and rules code the citations are resolved against
(:func:`judge.rules.lookup.fingerprint`), and the installed card databases cards may be named
from (:func:`judge.carddb.store.fingerprint`). A change to any of them starts a new folder (the old
one is removed). Each entry is named by a digest of the file's path and text, so an edited
file is parsed again. Only successful parses are kept: an error is raised afresh every time.
An unreadable entry is a miss.
"""

from __future__ import annotations

import hashlib
import json
import os
import pickle
import sys
from pathlib import Path

from judge import frozen_pickle, paths
from judge.carddb import store as carddb_store
from judge.grammar_cache import lark_version_stamp
from judge.scenario.ast import Scenario

FOLDER = "scenarios"
_CODE = Path(__file__).resolve().parent

# [the rules index connection and card databases the folder was worked out for, the folder]
_folder: list = []


def parse_file(path: str | Path) -> Scenario:
    """:func:`judge.scenario.parser.parse_file`, answered from the store when it can be (the
    parser, and lark with it, is loaded only when a file must be parsed)."""
    from judge.scenario.source import read_source
    path = Path(path)
    text = read_source(path)
    folder = _store_folder()
    if folder is None:
        from judge.scenario import parser
        return parser.parse(text, str(path))
    entry = folder / (hashlib.sha256(f"{path}\0{text}".encode()).hexdigest()[:32] + ".pickle")
    try:
        with open(entry, "rb") as f:
            found = pickle.load(f)
        if isinstance(found, Scenario) and found.source == text and found.path == str(path):
            return found
    except FileNotFoundError:
        pass
    except Exception:  # noqa: BLE001 - a damaged entry is only a miss
        pass
    from judge.scenario import parser
    scenario = parser.parse(text, str(path))
    _save(entry, scenario)
    return scenario


def version() -> str:
    """A digest of everything a parsed scenario depends on."""
    from judge.rules import lookup

    digest = hashlib.sha256()
    digest.update(f"{sys.version_info[:2]} {paths.ROOT}".encode())
    digest.update(lark_version_stamp())
    registry = Path(frozen_pickle.__file__).parent / "registry"
    carddb = Path(frozen_pickle.__file__).parent / "carddb"
    for source in (sorted(_CODE.glob("*.py")) + sorted(paths.GRAMMAR.glob("scenario_*.lark"))
                   + sorted(registry.glob("*.py")) + sorted(carddb.glob("*.py"))
                   + [Path(frozen_pickle.__file__)]):
        digest.update(source.name.encode() + b"\0" + source.read_bytes() + b"\0")
    digest.update(json.dumps(lookup.fingerprint()).encode())
    digest.update(carddb_store.fingerprint().encode())    # cards named from a database
    return digest.hexdigest()[:20]


def _store_folder() -> Path | None:
    """This process's store folder; worked out again whenever the rules index connection
    differs from last time (opened since, or reopened by :func:`judge.rules.lookup.reset`
    after the installed documents changed): parses resolve citations through it."""
    from judge.rules import lookup

    con = getattr(lookup, "_con", None)      # read only: never opens (or builds) the index
    cards = carddb_store.fingerprint()       # the installed card databases (a few stats)
    if not _folder or _folder[0] is not con or _folder[2] != cards:
        try:
            top = paths.cache_dir() / FOLDER
            folder = top / version()
            if not folder.is_dir():
                if top.is_dir():
                    import shutil   # only when the parsed scenarios' folder changes
                    for old in top.iterdir():
                        shutil.rmtree(old, ignore_errors=True)
                folder.mkdir(parents=True, exist_ok=True)
        except OSError:
            folder = None
        _folder[:] = [con, folder, cards]
    return _folder[1]


def _save(entry: Path, scenario: Scenario) -> None:
    """Write one entry atomically (a reader sees no entry or a whole one)."""
    tmp = entry.with_name(f"{entry.name}.{os.getpid()}.tmp")   # one writer per process
    try:
        with open(tmp, "wb") as f:
            frozen_pickle.dump(scenario, f)
        os.replace(tmp, entry)
    except (OSError, pickle.PicklingError):
        try:
            os.unlink(tmp)
        except OSError:
            pass
