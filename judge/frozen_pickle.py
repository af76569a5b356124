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
    obj = object.__new__(cls)
    set_slot = object.__setattr__
    for name, value in zip(_names(cls), values):
        set_slot(obj, name, value)
    return obj


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
