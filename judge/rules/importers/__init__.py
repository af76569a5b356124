"""Document importers, one module per source format, registered explicitly here.

Every importer is a function ``import_text(text, manifest, path) -> ImportedDocument`` that
raises :class:`judge.errors.RulebookFormatError` (naming ``path`` and the line) for a file that
does not have its format's structure, and never any other exception.
"""

from __future__ import annotations

from importlib import import_module
from typing import Callable

from judge.rules.model import ImportedDocument, Manifest

Importer = Callable[[str, Manifest, str], ImportedDocument]

# format name (as in a manifest's ``format``) -> "module:function"
IMPORTERS: dict[str, str] = {
    "fab-v1": "judge.rules.importers.fab_v1:import_text",
    "fab-cr": "judge.rules.importers.fab_cr:import_text",
    "wow": "judge.rules.importers.wow:import_text",
    "ufs": "judge.rules.importers.ufs:import_text",
    "ashes-raven": "judge.rules.importers.ashes:import_text",
}


def get_importer(fmt: str) -> Importer:
    try:
        target = IMPORTERS[fmt]
    except KeyError:
        raise LookupError(f"no importer for format {fmt!r}; known: {', '.join(IMPORTERS)}") from None
    module, _, func = target.partition(":")
    return getattr(import_module(module), func)
