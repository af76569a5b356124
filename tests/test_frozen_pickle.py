"""The caches' pickling gives back equal values (scenarios with card definitions, parsed card
texts) and leaves everything that is not a frozen slotted dataclass to pickle itself."""

from __future__ import annotations

import io
import pickle
from dataclasses import dataclass

from judge import frozen_pickle
from judge.paths import SCENARIOS


def _round_trip(value):
    buf = io.BytesIO()
    frozen_pickle.dump(value, buf)
    return pickle.loads(buf.getvalue())


def test_every_bundled_scenario_round_trips_equal():
    from judge.scenario.parser import parse_file
    for path in sorted(SCENARIOS.rglob("*.scn")):
        scenario = parse_file(str(path))
        assert _round_trip(scenario) == scenario, path


def test_parsed_card_text_round_trips_equal_with_spans_and_citations():
    from judge.cards import parse
    text = parse("fab", "**Go again**\nIf this hits, deal 1 arcane damage to target hero.")
    back = _round_trip(text)
    assert back == text and repr(back) == repr(text)


@dataclass(frozen=True, slots=True)
class _Frozen:
    a: int
    b: tuple = ()


@dataclass(slots=True)
class _Mutable:
    a: list


def test_only_frozen_slotted_dataclasses_are_rebuilt_by_value():
    value = {"f": _Frozen(1, (_Frozen(2),)), "m": _Mutable([1, 2])}
    data = io.BytesIO()
    frozen_pickle.dump(value, data)
    raw = data.getvalue()
    assert b"rebuild" in raw
    back = pickle.loads(raw)
    assert back == value and back["f"].b[0] == _Frozen(2)


@dataclass(frozen=True, slots=True)
class _Child(_Frozen):
    c: str = "x"


def test_a_subclass_is_rebuilt_with_its_inherited_slots_set():
    value = (_Child(1, (2,), "y"), _Frozen(3), _Child(4))
    back = _round_trip(value)
    assert back == value and [type(v) for v in back] == [_Child, _Frozen, _Child]
    assert (back[0].a, back[0].b, back[0].c) == (1, (2,), "y")
