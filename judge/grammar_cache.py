"""Where lark keeps the analysed form of a grammar between runs (``Lark(..., cache=...)``).

Building an LALR parser (grammar analysis, parse tables) costs far more than loading it, so
every process after the first loads it from a file in the user cache folder
(:func:`judge.paths.cache_dir`). The file is named by the grammar's content; lark itself also
checks the grammar text, the options, its own version and the files the grammar imports
before using a cached parser, and rebuilds (and rewrites) it when any of them changed. The
parsers built at set-up (:mod:`judge.install_cache`) are used first, where they are.
"""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

from judge import paths

FOLDER = "grammar"


def lark_version_stamp() -> bytes:
    """What stands for lark's version in the caches' keys: the text of the file that holds
    ``lark.__version__``, read rather than imported (a process answered from its caches never
    loads lark)."""
    from importlib.util import find_spec
    spec = find_spec("lark")
    try:
        return Path(spec.origin).read_bytes() if spec and spec.origin else b""
    except OSError:
        return b""


_IMPORT = re.compile(rb"^%import\s+\.(\w+)", re.M)


def grammar_digest(grammar: Path) -> str:
    """The digest a cached parser is named by: the grammar's text and the text of every grammar
    it imports from its folder (``%import .card_common ...``), recursively. Lark's own check of
    imported files looks at the paths they were read from when the cache was built: a cache
    folder shared by several checkouts would otherwise serve a parser built from another
    checkout's ``card_common.lark``."""
    digest = hashlib.sha256()
    seen: set[str] = set()
    todo = [grammar]
    while todo:
        path = todo.pop(0)
        if path.name in seen:
            continue
        seen.add(path.name)
        text = path.read_bytes()
        digest.update(path.name.encode() + b"\0" + text + b"\0")
        todo += [grammar.parent / (m.decode() + ".lark") for m in _IMPORT.findall(text)]
    return digest.hexdigest()[:16]


def lark_cache(grammar: Path) -> str | bool:
    """The ``cache=`` argument for ``Lark.open(grammar, ...)``: the parser built at set-up for
    this grammar text, else a file path in the user cache folder, or False (no cache) when that
    folder cannot be created or the grammar read."""
    try:
        digest = grammar_digest(grammar)
    except OSError:
        return False
    from judge import install_cache      # the tables built at set-up, when there are
    installed = install_cache.grammar_file(f"{grammar.stem}-{digest}.lark")
    if installed is not None:
        return installed
    try:
        folder = paths.cache_dir() / FOLDER
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return False
    target = folder / f"{grammar.stem}-{digest}.lark"
    if not target.exists():
        _forget_other_versions(folder, grammar.stem, target)
    return str(target)


def _forget_other_versions(folder: Path, stem: str, keep: Path) -> None:
    """Cached parsers of earlier contents of the same grammar are never read again."""
    for old in folder.glob(f"{stem}-*.lark"):
        if old != keep and old.name[len(stem) + 1:-len(".lark")].isalnum():
            try:
                old.unlink()
            except OSError:
                pass
