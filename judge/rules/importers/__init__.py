"""Document importers, one module per source format, registered explicitly here.

Every importer is a function ``import_text(text, manifest, path) -> ImportedDocument`` that
raises :class:`judge.errors.RulebookFormatError` (naming ``path`` and the line) for a file that
does not have its format's structure, and never any other exception.
"""

from __future__ import annotations

from importlib import import_module
from typing import Callable

from judge import registry
from judge.rules.model import ImportedDocument, Manifest

Importer = Callable[[str, Manifest, str], ImportedDocument]

# format name (as in a manifest's ``format``) -> "module:function", from the games' descriptors
IMPORTERS = registry.FORMATS


def get_importer(fmt: str) -> Importer:
    try:
        target = IMPORTERS[fmt]
    except KeyError:
        raise LookupError(f"no importer for format {fmt!r}; known: {', '.join(IMPORTERS)}") from None
    module, _, func = target.partition(":")
    return getattr(import_module(module), func)
