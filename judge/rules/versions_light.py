"""Newer-version notes on looked-up rules (``judge rule``): when a newer document of the same game
is installed, each record of an older document gets ``newer`` = its counterpart there
(``citation``, ``citations`` for a split, ``status``, ``confidence``, ``note``).

Counterparts come from the version matcher's results, cached per pair of documents in the user
cache (keyed by both documents' fingerprints, see :mod:`judge.rules.versions`); only a cold cache
computes them, with the pure-Python matcher on the compiled index. Nothing here imports click,
networkx, lark or jinja2.
"""

from __future__ import annotations

def annotate_newer(records: list[dict]) -> None:
    """Adds ``newer`` to each record whose game has a newer document installed."""
    from judge.rules import lookup, versions
    docs = lookup.documents()
    for rec in records:
        newer = versions.newer_counterpart(rec, docs)
        if newer is not None:
            rec["newer"] = newer
