"""Caches made once at set-up, so that the first run after installing starts from them.

The costliest part of a first run is work that depends only on what is installed, never on the
user: the LALR tables of the card and scenario grammars (seconds each to build, a fraction of a
second to load) and the rules index of the bundled documents. ``python -m judge.prebuild``
(run by ``./dev`` after installing, beside compiling the bytecode) builds them into
``.install-cache/`` beside the package. This module is the part every run uses (it imports no
other part of judge but :mod:`judge.paths`).

* Grammar tables are used where they are (:func:`grammar_file`): lark keys a cached parser by
  the grammar text, its options (the cache file's path among them) and its own and Python's
  versions, so the file must be read from the path it was built for. Lark checks the key before
  using it and rebuilds (and rewrites) a file that does not match, as with the user cache; a
  file that cannot be rewritten (a read-only install) is not used at all.
* The index is copied into the user cache when that has none (:func:`seed`); a copy is only a
  starting point: the index is checked against the rulebook files and the rules code by its
  fingerprint and brought up to date (the user's own documents added) as before.

A missing ``.install-cache/`` only means the first run builds everything itself.
"""

from __future__ import annotations

import os

from judge import paths

FOLDER = os.path.join(paths.ROOT_STR, ".install-cache")
GRAMMAR = "grammar"

_building = False       # set while judge.prebuild runs: the grammar tables go in FOLDER


def grammar_file(name: str) -> str | None:
    """The set-up's cached parser ``name`` (``<grammar stem>-<digest of its text>.lark``), if
    there is one that lark may also rewrite; while building, where it goes."""
    path = os.path.join(FOLDER, GRAMMAR, name)
    if _building:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        return path
    return path if os.path.isfile(path) and os.access(path, os.W_OK) else None


def seed(relative: str) -> bool:
    """Copy ``relative`` (a file name in the user cache folder: the index) from the set-up's
    caches when the user cache has no such file. True if a copy was made."""
    source = os.path.join(FOLDER, relative)
    target = os.path.join(paths.cache_dir_str(), relative)
    if os.path.exists(target) or not os.path.isfile(source):
        return False
    import shutil
    import tempfile
    try:
        os.makedirs(os.path.dirname(target), exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=os.path.dirname(target), suffix=".part")
        os.close(fd)
        try:
            shutil.copyfile(source, tmp)
            os.chmod(tmp, 0o600)
            os.replace(tmp, target)     # atomic: a reader sees no file or the whole copy
        finally:
            if os.path.exists(tmp):
                os.unlink(tmp)
    except OSError:
        return False
    return True
