"""Pickling for the caches of parsed values (scenarios, card texts): frozen, slotted dataclasses
are written as (class, field values) and rebuilt by setting the slots directly.

Python's own pickling of a slotted dataclass calls ``dataclasses.fields()`` for every object it
loads; the parsed scenarios and card texts are trees of thousands of such objects, and loading
them is a large share of ``judge check`` on files seen before. Loading is plain
``pickle.load``; only writing needs :func:`dump`. Equality of what comes back is tested.
"""

from __future__ import annotations

import dataclasses
import pickle
from typing import IO, Any

_NAMES: dict[type, tuple[str, ...]] = {}


def _names(cls: type) -> tuple[str, ...]:
    names = _NAMES.get(cls)
    if names is None:
        names = _NAMES[cls] = tuple(f.name for f in dataclasses.fields(cls))
    return names


def rebuild(cls: type, values: tuple) -> Any:
    """The instance of ``cls`` whose fields are ``values`` (in field order), without ``__init__``
    (the values were checked when the object was first made)."""
    try:
        return _BUILDERS[cls](values)
    except KeyError:
        return _builder(cls)(values)


_BUILDERS: dict[type, Any] = {}


def _builder(cls: type) -> Any:
    """A function making an instance of ``cls`` from its field values, written out field by
    field (each slot set through its own descriptor: no loop, no attribute name looked up)."""
    names = _names(cls)
    scope = {"new": object.__new__, "cls": cls}
    body = []
    for i, name in enumerate(names):
        scope[f"set{i}"] = _slot_setter(cls, name)
        body.append(f"    set{i}(o, v[{i}])\n")
    exec("def build(v):\n    o = new(cls)\n" + "".join(body) + "    return o\n", scope)
    found = _BUILDERS[cls] = scope["build"]
    return found


def _slot_setter(cls: type, name: str) -> Any:
    """The setter of slot ``name`` of ``cls`` (its member descriptor's ``__set__``)."""
    for klass in cls.__mro__:
        slot = klass.__dict__.get(name)
        if slot is not None and hasattr(slot, "__set__"):
            return slot.__set__
    return lambda o, value: object.__setattr__(o, name, value)


class _Pickler(pickle.Pickler):
    def reducer_override(self, obj: Any) -> Any:
        cls = type(obj)
        params = getattr(cls, "__dataclass_params__", None)
        if params is None or not params.frozen or "__slots__" not in cls.__dict__:
            return NotImplemented
        return rebuild, (cls, tuple([getattr(obj, name) for name in _names(cls)]))


def dump(obj: Any, file: IO[bytes]) -> None:
    """``pickle.dump(obj, file)`` with frozen slotted dataclasses written by value."""
    _Pickler(file, protocol=pickle.HIGHEST_PROTOCOL).dump(obj)
