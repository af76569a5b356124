"""Caches made once at set-up, so that the first run after installing starts from them.

The costliest part of a first run is work that depends only on what is installed, never on the
user: the LALR tables of the card and scenario grammars (seconds each to build, a fraction of a
second to load) and the rules index of the bundled documents. ``python -m judge.install_cache``
(run by ``./dev`` after installing, beside compiling the bytecode) builds them into
``.install-cache/`` beside the package.

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
import sys

from judge import paths

FOLDER = os.path.join(paths.ROOT_STR, ".install-cache")
GRAMMAR = "grammar"

_building = False       # set while build() runs: the grammar tables are written in FOLDER


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


def build(folder: str = FOLDER) -> list[str]:
    """Build the set-up's caches in ``folder`` (what was there before goes): the grammar
    tables in place, the index in a throw-away user cache, then copied. Returns the relative
    paths written."""
    global FOLDER, _building
    import shutil
    import tempfile
    shutil.rmtree(folder, ignore_errors=True)
    saved = FOLDER, os.environ.get("JUDGE_HOME")
    with tempfile.TemporaryDirectory() as home:
        FOLDER, _building = folder, True
        os.environ["JUDGE_HOME"] = home
        try:
            _warm()
        finally:
            FOLDER, _building = saved[0], False
            if saved[1] is None:
                del os.environ["JUDGE_HOME"]
            else:
                os.environ["JUDGE_HOME"] = saved[1]
        cache = os.path.join(home, "cache")
        for name in os.listdir(cache):
            if name.startswith("index-") and name.endswith(".sqlite"):
                shutil.copyfile(os.path.join(cache, name), os.path.join(folder, name))
    return sorted(os.path.relpath(os.path.join(top, name), folder)
                  for top, _, names in os.walk(folder) for name in names)


def _warm() -> None:
    """Load what a first run loads: the index, every game's card and scenario grammars."""
    from judge import registry
    from judge.cards import parse as parse_card
    from judge.rules import lookup
    from judge.scenario import parser

    lookup.connect()
    lookup.reset()
    for game in registry.CARD_PARSERS:
        parse_card(game, "Draw a card.")
    for game in [None, *registry.GAMES]:
        parser.lark_parser(game)


def stamp() -> str:
    """What the set-up's caches are made from: the grammar files, lark's and Python's
    versions, the rulebook files and the rules code (the index's fingerprint)."""
    import hashlib
    from judge.grammar_cache import lark_version_stamp
    from judge.rules import lookup
    digest = hashlib.sha256(f"{sys.version}\n{paths.ROOT_STR}\n".encode())
    digest.update(lark_version_stamp())
    for top, _, names in sorted(os.walk(str(paths.GRAMMAR))):
        for name in sorted(names):
            with open(os.path.join(top, name), "rb") as f:
                digest.update(name.encode() + b"\0" + f.read() + b"\0")
    digest.update(lookup.fingerprint().encode())
    return digest.hexdigest()


def main() -> int:
    """Build the set-up's caches unless those in FOLDER were made from the same files."""
    from judge import install_cache     # run as a script: the module judge itself imports
    want = install_cache.stamp()
    stamp_file = os.path.join(FOLDER, "stamp")
    try:
        with open(stamp_file, encoding="utf-8") as f:
            if f.read() == want:
                return 0
    except OSError:
        pass
    try:
        written = install_cache.build()
        with open(stamp_file, "w", encoding="utf-8") as f:
            f.write(want)
    except Exception as err:  # noqa: BLE001 - set-up goes on: the first run builds them itself
        import shutil
        shutil.rmtree(FOLDER, ignore_errors=True)
        print(f"judge: no caches made at set-up ({type(err).__name__}: {err}); the first run "
              "will build them", file=sys.stderr)
        return 0
    print(f"judge: {len(written)} caches made at set-up in {FOLDER}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
