"""Cards a scenario names without a ``card`` line, defined from the installed card databases.

Called by the scenario parser where it checks that every card named is defined
(``judge.scenario.parser._Builder._check_cards``). For each name the scenario uses:

* a ``card "NAME": ...`` line defines it; when an installed database has a card of that name,
  the definition says so (:class:`~judge.scenario.ast.CardOrigin` with ``inline=True``, and
  whether the texts agree), and the ruling shows which text it used. A card line without text,
  for a database whose format gives no type lines or values (WoW's prints.json), takes the
  database's text (``text_only``): the scenario states the type line and values, the
  database the text, each printing chosen as below;
* otherwise the name is looked up in ``game``'s installed databases, by its name or by an alias
  naming one printing: ``"Snatch" (red)`` / ``"Snatch (red)"`` / ``"Snatch (1)"`` (FaB colour
  or pitch), ``"Frostbolt" (Icecrown)`` (WoW expansion), ``"Crush" (Onyxia's Lair Raid 3)``;
* a name with several printings that differ (FaB colours) is an error listing them, unless the
  scenario names one of them elsewhere (``hand "Snatch" (red)`` ... ``plays "Snatch"``: the
  red one), or one of them is certainly newer than every other that differs (WoW, dated by
  :data:`judge.carddb.formats.WOW_RELEASES`): that one, and the definition says so; printings
  that agree (type line, values and text) are one card;
* a name no database has is an error with the nearest names (the scenario's own first).

The scenario's name for a database card is its printed name (``Snatch``), or, when the scenario
uses two printings of one name, each one's ``"Snatch (red)"`` form; every reference is renamed
to it (:func:`renamed`), so the engine sees one name per card as with ``card`` lines.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field, fields, is_dataclass, replace

from judge.carddb import names, store
from judge.scenario import ast


class Unresolved(Exception):
    """A name the databases cannot resolve: the reference, and the error's parts."""

    def __init__(self, ref: ast.CardRef, message: str, *, expected: str | None = None,
                 suggestion: str | None = None, hint: str | None = None) -> None:
        super().__init__(message)
        self.ref = ref
        self.message = message
        self.expected = expected
        self.suggestion = suggestion
        self.hint = hint


@dataclass
class Resolution:
    cards: dict[str, ast.CardDef]                        # the scenario's cards, by name
    renames: dict[str, str] = field(default_factory=dict)   # written -> scenario name


def resolve(game: str, inline: dict[str, ast.CardDef],
            refs: list[ast.CardRef]) -> Resolution:
    first: dict[str, ast.CardRef] = {}
    for ref in refs:
        if ref.name not in inline:
            first.setdefault(ref.name, ref)
    if not store.files(game):                 # no database: only card lines define cards
        if first:
            ref = next(iter(first.values()))
            raise _undefined(ref, inline, [], game)
        return Resolution(dict(inline))
    cards = {name: _with_database_note(card, game) for name, card in inline.items()}
    if not first:
        return Resolution(cards)
    inline_keys = {names.key(n): n for n in inline}
    found = {w: store.find(game, w) for w in first}
    by_base: dict[str, list[str]] = {}
    for written, hits in found.items():
        ref = first[written]
        if not hits:
            raise _undefined(ref, inline, store.databases(game), game)
        bases = {names.key(c.name) for c in hits}
        if len(bases) > 1:
            raise Unresolved(ref, f"card {written!r} names {len(bases)} different cards of the "
                             "installed card databases", expected="one of " + _labels(hits))
        base = bases.pop()
        if base in inline_keys:
            raise Unresolved(ref, f"card {written!r}: the scenario defines "
                             f"{inline_keys[base]!r} with a `card` line, which takes the place "
                             "of the database's printings",
                             suggestion=f'"{inline_keys[base]}"')
        by_base.setdefault(base, []).append(written)
    renames: dict[str, str] = {}
    for forms in by_base.values():
        chosen = _choose(forms, found, first, game)       # written -> (card, note)
        distinct: list = []
        for card, _note in chosen.values():
            if not any(card.same_card(d) for d in distinct):
                distinct.append(card)
        for written, (card, note) in chosen.items():
            name = card.name if len(distinct) == 1 else names.with_variant(card.name,
                                                                           card.variant)
            if written != name:
                renames[written] = name
            if name not in cards:
                cards[name] = _definition(name, card, note, first[written].pos)
    return Resolution(cards, renames)


def _choose(forms: list[str], found: dict[str, list], first: dict[str, ast.CardRef],
            game: str) -> dict[str, tuple]:
    """The printing each written form of one card name means, and how it was chosen."""
    out: dict[str, tuple] = {}
    bare: list[str] = []
    for written in forms:
        hits = found[written]
        if all(c.alias for c in hits):          # names a printing: "Snatch (red)"
            distinct = _distinct(hits)
            if len(distinct) > 1:
                raise Unresolved(first[written], f"card {written!r} matches "
                                 f"{len(hits)} printings that differ",
                                 expected="one of " + _labels(hits, numbered=True))
            out[written] = (_newest(distinct[0], hits), "stated")
        else:
            bare.append(written)
    if not bare:
        return out
    pinned = _distinct([card for card, _ in out.values()])
    for written in bare:
        hits = [c for c in found[written] if not c.alias]
        ref = first[written]
        if len(pinned) == 1:
            out[written] = (pinned[0], "stated on line "
                            f"{_line_of(first, out, pinned[0])}")
            continue
        if len(pinned) > 1:
            raise Unresolved(ref, f"card {written!r}: the scenario names "
                             f"{len(pinned)} of its printings, so the name alone could be any "
                             "of them", expected="one of " + _labels(pinned))
        out[written] = _default(ref, written, hits, game)
    return out


def _default(ref: ast.CardRef, written: str, hits: list, game: str) -> tuple:
    distinct = _distinct(hits)
    if len(distinct) == 1:
        card = _newest(distinct[0], hits)
        note = "" if len(hits) == 1 else (
            f"{len(hits)} printings, the same card")
        return card, note
    for card in hits:
        rivals = [c for c in hits if not c.same_card(card)]
        if all(card.newer_than(c) for c in rivals):
            dated = sorted((c for c in hits if c.released is not None),
                           key=lambda c: (c.released[0], c.released[2] or 0))
            sets = ", ".join(dict.fromkeys(c.set_name for c in dated))
            return _newest(card, hits), (f"the newest of {len(hits)} printings ({sets}); name "
                                         f"another as {rivals[-1].label}")
    raise Unresolved(ref, f"card {written!r} has {len(distinct)} printings that differ",
                     expected="one of " + _labels(hits, numbered=game != "fab"),
                     hint="name one with its variant in parentheses after the name; or "
                          "write a `card` line")


def _line_of(first: dict[str, ast.CardRef], out: dict[str, tuple], card) -> int:
    for written, (c, _note) in out.items():
        if c is card or c.same_card(card):
            return first[written].pos.line
    return 0


def _distinct(cards: list) -> list:
    out: list = []
    for c in cards:
        if not any(c.same_card(d) for d in out):
            out.append(c)
    return out


def _newest(card, hits: list):
    """Of the printings in ``hits`` that are the same card as ``card``, the newest known."""
    same = [c for c in hits if c.same_card(card)]
    for c in same:
        if all(c is d or c.newer_than(d) for d in same):
            return c
    return same[0]


def _labels(cards: list, *, numbered: bool = False, limit: int = 8) -> str:
    labels: list[str] = []
    for c in cards:
        label = c.label
        if numbered and c.set_name and c.number:
            label = f'"{c.name}" ({c.set_name} {c.number})'
        if c.db.name and len({x.db.name for x in cards}) > 1:
            label += f" [{c.db.name}]"
        if label not in labels:
            labels.append(label)
    more = len(labels) - limit
    return ", ".join(labels[:limit]) + (f" and {more} more" if more > 0 else "")


def _definition(name: str, card, note: str, pos: ast.Pos) -> ast.CardDef:
    types, subtypes, groups = names.split_type_line(card.type_line)
    stats = tuple((k, names.value(v)) for k, v in card.stats)
    origin = ast.CardOrigin(database=card.db.name, version=card.db.version,
                            printing=card.label if card.variant else f'"{card.name}"',
                            record=card.record, note=note)
    return ast.CardDef(name=name, types=types, subtypes=subtypes, stats=stats, text=card.text,
                       pos=pos, text_pos=None, groups=groups, origin=origin)


def _with_database_note(card: ast.CardDef, game: str) -> ast.CardDef:
    """An inline definition, with a note when a database has a card of its name; a card line
    without text takes the text of a database that has no type lines or values (WoW's)."""
    printings = store.find(game, card.name)
    if not printings:
        return card
    if not card.text and all(not c.type_line and not c.stats for c in printings):
        ref = ast.CardRef(card.name, card.pos)
        chosen = _choose([card.name], {card.name: printings}, {card.name: ref}, game)
        shown, note = chosen[card.name]
        origin = ast.CardOrigin(database=shown.db.name, version=shown.db.version,
                                printing=shown.label, record=shown.record, note=note,
                                inline=True, text_only=True)
        return replace(card, text=shown.text, origin=origin)
    # the printing closest to the card line, and what of it the card line changes
    shown = min(printings, key=lambda c: len(_differences(card, c)))
    origin = ast.CardOrigin(database=shown.db.name, version=shown.db.version,
                            printing=shown.label, record=shown.record, inline=True,
                            differs=_differences(card, shown))
    return replace(card, origin=origin)


def _differences(card: ast.CardDef, printing) -> tuple[str, ...]:
    """What a card line states otherwise than ``printing``: its type line, values, text."""
    types, subtypes, groups = names.split_type_line(printing.type_line)
    out = []
    if (card.types, card.subtypes, card.groups) != (types, subtypes, groups):
        out.append("type line")
    if sorted((k, str(v)) for k, v in card.stats) != sorted(printing.stats):
        out.append("values")
    if " ".join(card.text.split()) != " ".join(printing.text.split()):
        out.append("text")
    return tuple(out)


def _undefined(ref: ast.CardRef, inline: dict[str, ast.CardDef], dbs: list,
               game: str) -> Unresolved:
    near = difflib.get_close_matches(ref.name, list(inline), 1, 0.5)
    if near:
        return Unresolved(ref, f"card {ref.name!r} is not defined", suggestion=f'"{near[0]}"')
    if not dbs:
        return Unresolved(ref, f"card {ref.name!r} is not defined",
                          expected=f'a `card "{ref.name}": ...` line',
                          hint=f"or install a {game} card database (judge cards add FILE "
                               f"--game {game}) and name its cards")
    every: dict[str, str] = {}
    for db in dbs:
        for full in db.all_names():
            every.setdefault(names.key(full), full)
    close = difflib.get_close_matches(names.key(ref.name), list(every), 3, 0.6)
    where = ", ".join(db.name for db in dbs)
    return Unresolved(ref, f"card {ref.name!r} is not defined, and no card of the installed "
                      f"{game} card database{'s' * (len(dbs) != 1)} ({where}) has that name",
                      expected=None if close else f'a `card "{ref.name}": ...` line',
                      suggestion=", ".join(f'"{every[k]}"' for k in close) or None)


def renamed(value, renames: dict[str, str]):
    """``value`` (a scenario record, an AST value, a list or tuple of them) with every card
    reference named as ``renames`` says."""
    if isinstance(value, ast.CardRef):
        new = renames.get(value.name)
        return value if new is None else replace(value, name=new)
    if isinstance(value, tuple):
        out = tuple(renamed(v, renames) for v in value)
        return value if all(a is b for a, b in zip(out, value)) else out
    if isinstance(value, list):
        return [renamed(v, renames) for v in value]
    if is_dataclass(value) and not isinstance(value, type):
        changes = {}
        for f in fields(value):
            old = getattr(value, f.name)
            new = renamed(old, renames)
            if new is not old:
                changes[f.name] = new
        return replace(value, **changes) if changes else value
    return value
