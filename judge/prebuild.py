"""``python -m judge.prebuild``: make the caches of :mod:`judge.install_cache` (the grammars'
parse tables, the bundled documents' index) in ``.install-cache/``, unless they were made from
the same files already. Run by ``./dev`` after installing; it never makes the set-up fail (the
first run then builds what is missing itself)."""

from __future__ import annotations

import os
import sys

from judge import install_cache, paths


def build(folder: str | None = None) -> list[str]:
    """Build the set-up's caches in ``folder`` (what was there before goes): the grammar
    tables in place, the index in a throw-away user cache, then copied. Returns the relative
    paths written."""
    folder = folder or install_cache.FOLDER
    import shutil
    import tempfile
    shutil.rmtree(folder, ignore_errors=True)
    saved = install_cache.FOLDER, os.environ.get("JUDGE_HOME")
    with tempfile.TemporaryDirectory() as home:
        install_cache.FOLDER, install_cache._building = folder, True
        os.environ["JUDGE_HOME"] = home
        try:
            _warm()
        finally:
            install_cache.FOLDER, install_cache._building = saved[0], False
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
    from judge import prebuild          # run as a script: the module judge itself imports
    want = prebuild.stamp()
    folder = install_cache.FOLDER
    stamp_file = os.path.join(folder, "stamp")
    try:
        with open(stamp_file, encoding="utf-8") as f:
            if f.read() == want:
                return 0
    except OSError:
        pass
    try:
        written = prebuild.build()
        with open(stamp_file, "w", encoding="utf-8") as f:
            f.write(want)
    except Exception as err:  # noqa: BLE001 - set-up goes on: the first run builds them itself
        import shutil
        shutil.rmtree(folder, ignore_errors=True)
        print(f"judge: no caches made at set-up ({type(err).__name__}: {err}); the first run "
              "will build them", file=sys.stderr)
        return 0
    print(f"judge: {len(written)} caches made at set-up in {folder}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
