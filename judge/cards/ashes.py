"""Ashes: Rise of the Phoenixborn card text -> :mod:`judge.cards.model` values (grammar
``grammar/card_ashes.lark`` on ``card_common.lark``; rules ashes-raven-1.1).

``parse`` accepts a whole card block as ashes.live prints it::

    Blood Archer
    Ally - Battlefield
    [[main]] - 1 [[ceremonial:class]] - 1 [[charm:class]] - 2 [[basic]]
    Attack 3 - Life 3 - Recover 2

    Blood Oath 2: When you are declaring attackers, you may ...

or only the ability paragraphs. The block's lines go to ``CardText.meta`` (name, type,
placement, stats) and the magic play cost to an ability of kind ``play cost``. An ability
paragraph ``[*] [Name [N]:] [costs:] sentences`` gives an ability with its ``label`` and
keyword (the name and value: a new ability name is read by its shape and cited when the rules
define it), its ``costs`` (dice, [[main]] / [[side]] actions, [[exhaust]], [[discard]]), its
``limit`` ("inexhaustible" for ``*``) and its effects. Dice are :class:`~judge.cards.model.Dice`
values; wound, status and exhaustion tokens are :class:`~judge.cards.model.Counters`.

Card errata (Raven Rules section 1) replace printed text: when the card's name has an errata
entry, the errata text is parsed instead of the printed one and ``meta`` says so
(``("errata", "<citation>")``); the section's global errata ("inflict X damage" now says "deal
X damage") applies to every card.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from lark import Token

from judge.cards import model as M
from judge.cards.model import replace
from judge.cards.game import GameReader, _Holder, piece_of, pieces_between, split_at
from judge.cards.links import citation_for, first_citation
from judge.cards.nouns import COMMON_ZONES, Vocabulary, base, kind_of
from judge.cards.reader import Piece
from judge.cards.syntax import Item, NounPhrase, Pronoun, Statement, VP, span_of
from judge.cards.transformer import CardTransformer
from judge.errors import UsageError

GAME = "ashes"
DOCUMENT = "ashes-raven-1.1"
GLOBAL_ERRATA = f"{DOCUMENT} 1.0.0"     # "inflict X damage" -> "deal X damage"

VOCABULARY = Vocabulary(
    zones={**COMMON_ZONES, "battlefield": "battlefield", "spellboard": "spellboard",
           "discard pile": "discard pile", "discard": "discard pile", "draw pile": "deck", "conjuration pile":
           "conjuration pile", "active pool": "active pool", "exhausted pool": "exhausted pool",
           "dice pool": "dice pool", "hand": "hand", "play": "play"},
    players=frozenset({"player", "opponent"}),
    stats={"attack": "attack", "attack value": "attack", "life": "life", "life value": "life",
           "recover": "recover", "recover value": "recover", "damage": "damage"},
    # "this unit receives damage" (step 2 of 5.0.0) is not "is dealt damage" (step 1)
    damage_verbs={"receive": "receive damage"},
    name_unread_posts=True,
    name_unread_amounts=True,
    token_zones=frozenset({"battlefield"}),
    open_kinds=True,
    discard_from="",
)

# Named abilities whose rules live in a section of their own.
_KEYWORD_SECTIONS = {
    "battle advantage": "battle advantage, stalk, and bypass",
    "bypass": "battle advantage, stalk, and bypass",
    "stalk": "battle advantage, stalk, and bypass",
    "dismount": "dismount",
    "dismount rider": "dismount",
    "between realms": "between realms",
}


def cite(*terms: str) -> str | None:
    return first_citation(GAME, *[t for t in terms if t])


# --------------------------------------------------------------------------- errata

@cache
def errata_for(card_name: str) -> str | None:
    """The Raven Rules errata text for ``card_name`` (section 1), or None when it has none.
    Read from the compiled rules index (an ``errata`` node keyed by the card name)."""
    from judge.rules.lookup import rule_record
    citation = citation_for(GAME, card_name)
    if not citation:
        return None
    record = rule_record(citation)
    if not record or record.get("kind") != "errata":
        return None
    return record["text"]


_NOW_READS = re.compile(r'(?P<what>[^"\n]+?)\s+now reads\s+"(?P<text>[^"]+)"')
_CHANGED = re.compile(r'Ability changed to\s+"(?P<text>[^"]+)"')
_INFLICT = re.compile(r"\binflict(s?)\b(?=\s+(?:X|\d+|its|their)\s+(?:amount of\s+)?damage\b)",
                      re.I)
_PARAGRAPH_BREAK = re.compile(r"\n\s*\n")


@dataclass(frozen=True, slots=True)
class Errata:
    """An errata entry as it applies to a card: a whole new text or one ability's new text."""
    citation: str
    card_text: str | None = None                 # "<Card> now reads ..."
    abilities: tuple[tuple[str, str], ...] = ()  # (ability name, new text)
    unapplied: tuple[str, ...] = ()              # lines it states that we cannot apply


def errata(card_name: str) -> Errata | None:
    text = errata_for(card_name)
    if text is None:
        return None
    card_text = None
    abilities: list[tuple[str, str]] = []
    unapplied: list[str] = []
    for line in text.split("\n"):
        line = line.strip().lstrip("-").strip()
        if not line:
            continue
        reads = _NOW_READS.search(line)
        changed = _CHANGED.search(line)
        if reads and reads.group("what").strip("* ") == card_name:
            card_text = reads.group("text")
        elif reads:
            abilities.append((reads.group("what").strip("* "), reads.group("text")))
        elif changed:
            name, _, body = changed.group("text").replace("**", "").partition(":")
            abilities.append((name.strip(), body.strip()))
        else:
            unapplied.append(line)
    return Errata(citation=f"{DOCUMENT} {card_name}", card_text=card_text,
                  abilities=tuple(abilities), unapplied=tuple(unapplied))


def _restore_icons(new: str, printed: str) -> str:
    """Dice icons were lost from the rules document ("spend 1  to"); take them from the printed
    text where the same words surround an icon."""
    def fill(match: re.Match[str]) -> str:
        before, after = match.group(1), match.group(2)
        found = re.search(re.escape(before) + r"\s+(\[\[[^\]]+\]\])\s+" + re.escape(after),
                          printed)
        return f"{before} {found.group(1)} {after}" if found else match.group(0)
    return re.sub(r"(\S+) {2}(\S+)", fill, new)


def apply_errata(text: str, card_name: str | None) -> tuple[str, list[tuple[str, str]]]:
    meta: list[tuple[str, str]] = []
    if _INFLICT.search(text):
        text = _INFLICT.sub(lambda m: "deal" + m.group(1), text)
        meta.append(("errata", GLOBAL_ERRATA))
    entry = errata(card_name) if card_name else None
    if entry is None:
        return text, meta
    meta.append(("errata", entry.citation))
    if entry.card_text is not None:
        new = _restore_icons(entry.card_text, text)
        blocks = _PARAGRAPH_BREAK.split(text)
        header = blocks[0] if "\n" in blocks[0] else None
        text = f"{header}\n\n{new}" if header is not None else new
    for ability, new in entry.abilities:
        pattern = re.compile(r"(?m)^(\*\s+)?" + re.escape(ability) + r":[^\n]*")
        new_text = _restore_icons(new, text)
        text, count = pattern.subn(lambda m: f"{m.group(1) or ''}{ability}: {new_text}", text)
        if not count:
            meta.append(("errata unapplied", f"{ability}: {new}"))
    meta.extend(("errata unapplied", line) for line in entry.unapplied)
    return text, meta


# --------------------------------------------------------------------------- verbs

def _die_target(f, np) -> M.Target | None:
    return f.r.target(np) if np is not None else None


def _dice_kind(t: M.Target | None) -> str:
    if t is None:
        return ""
    for q in t.qualities:
        if q.startswith("[["):
            return q.strip("[]").replace(" ", "")
    return " ".join(q for q in t.qualities if q not in ("other",))


def _is_dice(t: M.Target | None) -> bool:
    return t is not None and ("die" in t.kinds or any(q.startswith("[[") for q in t.qualities))


def _spend(f, s, parts, subject, span):
    t = f.obj(parts)
    if not _is_dice(t):
        return None
    return M.Dice(verb="spend", action="spend", count=t.count or M.Amount(value=1),
                  kind=_dice_kind(t), who=f.doer(subject), target=t, span=span)


def _change(f, s, parts, subject, span):
    """"Change 3 dice in your active pool to a side of your choice": set a face; "change the
    activation cost of this ability to <costs>": the costs it has instead."""
    t = f.obj(parts)
    to = parts.pp("to")
    words = getattr(to.obj, "words", None) if to is not None else None
    if t is not None and words and len(words) == 1 and base(words[0].type) == "COST_RUN" and \
            len(parts.pps) == 1 and "cost" in t.kinds and t.of is not None:
        costs = getattr(f.r, "cost_runs", {}).get(words[0].start_pos)
        if costs is None:
            return None
        stat = "activation cost" if "activation" in t.kinds + t.qualities else "cost"
        target = t.of
        if target.span is not None and to.span is not None and \
                target.span.start < to.span.start < target.span.end:
            # "this ability to <costs>": the "to" is the clause's
            cut = M.Span(target.span.start, to.span.start)
            target = replace(target, text=f.r.phrase(cut), span=cut)
        return M.SetValue(verb="change", stat=stat, target=target, costs=tuple(costs),
                          duration=f.duration(parts), span=span)
    if to is None:
        return None
    face = f.r.phrase(getattr(to.obj, "span", None))
    # "change it to a side of your choice": a pronoun whose face is set is a die (only dice
    # have sides, 3.1)
    if not _is_dice(t) and not (t is not None and t.ref in ("it", "them", "that", "those")
                                and ("side" in face.split() or "[[" in face)):
        return None
    count = t.count if t.count is not None or t.ref else M.Amount(value=1)     # "a die"
    return M.Dice(verb=s.group.lemma or "change", action="set", count=count,
                  kind=_dice_kind(t), face=face, from_zone=t.zone, target=t,
                  who=f.doer(subject), span=span)


def _exhaust(f, s, parts, subject, span):
    """"Exhaust 2 dice in a target player's active pool": dice are exhausted by moving them to
    their owner's exhausted pool (3.1), not by an exhaustion token - a dice action."""
    t = f.obj(parts)
    if not _is_dice(t) or parts.pps:
        return None
    count = t.count if t.count is not None or t.ref or t.quantifier == "all" \
        else M.Amount(value=1)
    return M.Dice(verb="exhaust", action="exhaust", count=count, kind=_dice_kind(t),
                  from_zone=t.zone, target=t, who=f.doer(subject), span=span)


def _choose_not(f, s, parts, subject, span):
    """"You may choose not to place wound tokens on that Phoenixborn": the action (an event of
    the verb phrase) does not happen if the player so chooses - a Replacement with nothing
    instead (the "may" makes it a Choice). The verb phrase must read fully as an effect (so
    nothing of it is dropped); else None (an Other)."""
    from judge.cards.frames import Parts, Simple
    neg = [i for i in parts.rest if isinstance(i, Item) and i.kind == "not infinitive"]
    if len(neg) != 1 or parts.objects or parts.pps or len(parts.rest) != 1:
        return None
    vp = neg[0].value
    inner = f.effect(Simple(s.subject, vp.group, list(vp.items), "", vp.span))
    effects = list(inner) if isinstance(inner, list) else [inner]
    if any(isinstance(v, M.Other) for v in M.walk(effects)):
        return None
    event = f.event_of_simple(Simple(None, vp.group, list(vp.items), "", vp.span),
                              Parts(vp.items), None, vp.span)
    return M.Replacement(verb="choose not to", event=event, instead=(), span=span)


def _reroll(f, s, parts, subject, span):
    t = f.obj(parts)
    return M.Dice(verb="re-roll", action="re-roll", count=t.count if t else None,
                  kind=_dice_kind(t), target=t, who=f.doer(subject), span=span)


def _select(f, s, parts, subject, span):
    t = f.obj(parts)
    if not _is_dice(t):
        return None
    return M.Dice(verb="select", action="select", count=t.count, kind=_dice_kind(t),
                  from_zone=t.zone, target=t, who=f.doer(subject), span=span)


def _guard(f, s, parts, subject, span):
    return M.Attack(verb="guard", attacker=subject, target=f.obj(parts), span=span) \
        if f.obj(parts) is not None else None


def _meditate(f, s, parts, subject, span):
    return M.Play(verb="meditate", what=M.Target(text="meditate", kinds=("meditate",)),
                  who=f.doer(subject), span=span)


def _dismount(f, s, parts, subject, span):
    """"dismount that ally": the keyword action whose steps the rules give (4.2.2: place it
    face up onto its owner's battlefield with 1 exhaustion token on it)."""
    what = f.obj(parts)
    if what is None or len(parts.objects) > 1 or parts.pps:
        return None
    keyword = M.Keyword(name="dismount", citation=cite("dismount"), span=span_of(s.group))
    return M.KeywordAction(verb="dismount", keyword=keyword, target=what, span=span)


def _respark(f, s, parts, subject, span):
    """"respark this unit": the keyword action of a Respark ability (5.1.0 step 6: its
    controller may respark it as it leaves play) - what it does the ability's own text says."""
    what = f.obj(parts)
    if what is None or len(parts.objects) > 1 or parts.pps:
        return None
    keyword = M.Keyword(name="respark", citation=cite("destroying and discarding cards"),
                        span=span_of(s.group))
    return M.KeywordAction(verb="respark", keyword=keyword, target=what, span=span)


def _add(f, s, parts, subject, span):
    """"Add 1 to this unit's attack value for each wound token on this unit", "Those units add
    1 to their attack value for the remainder of this turn": a change of a unit's value."""
    number = f.obj(parts)
    to = parts.pp("to")
    if number is None or to is None or len(parts.objects) != 1:
        return None
    if number.count is not None and not number.kinds:
        amount = f.amount_with_x(number.count, parts)
    else:
        # "add the other unit's current attack value to its attack value": a value of a
        # unit or player where the number is (a Quantity)
        value = f.r.quantity(parts.objects[0])
        if value.measure not in ("attack", "life", "recover") or value.of is None:
            return None
        amount = M.Amount(defined_as=value, text=value.text, span=value.span)
    q = f.r.quantity(to.obj)
    if q.measure not in ("attack", "life", "recover"):
        return None
    target = q.of
    if target is None or (target.ref in ("it", "they") and subject is not None):
        target = subject           # "Those units add 1 to their attack value"
    return M.ModifyValue(verb="add", stat=q.measure, amount=amount,
                         sign=1, target=target, duration=f.duration(parts), span=span)


def _inflict(f, s, parts, subject, span):
    """"Inflicting" damage is synonymous with dealing it (ashes-raven-1.1 DDR; the errata turns
    "inflict X damage" into "deal X damage"): "inflict 1 additional damage", "inflict damage
    to each other equal to ..." read as "deal"."""
    return f.v_deal(s, parts, subject, span)


def _receive(f, s, parts, subject, span):
    """"Their Phoenixborn receives 2 damage": damage the subject receives (ashes-raven-1.1
    DDR: a unit or Phoenixborn receives damage as wound tokens), from no source the text names;
    anything else received (a number of tokens, a target) is not this frame's."""
    if subject is None or len(parts.objects) != 1 or parts.pps or \
            set(s.group.auxes) & {"would", "cannot", "can't", "not", "don't", "do"}:
        return None
    dmg = f.r.target(parts.objects[0])
    if dmg.kinds != ("damage",) or dmg.count is None or dmg.filters or dmg.of is not None:
        return None
    amount = f.amount_with_x(dmg.count, parts)
    if amount is None:
        return None
    return M.Damage(verb="receive", amount=amount, target=subject, span=span)


def _move_tokens(f, s, parts, subject, span):
    """"Move 1 wound token from a target unit to another target unit": tokens of a kind (3.4:
    wound, status, exhaustion tokens) moved from one card to another - the kind printed (the
    core read "token"; "1 of those exhaustion tokens" was "those exhaustion") and the card
    they leave, whether the "from" phrase is the clause's or was hung on the tokens' noun
    phrase (it was dropped). "1 wound or status token": a choice of the kinds. Cards and dice:
    None (the core's move); tokens with no card to leave or to go to: an Other."""
    what = f.obj(parts)
    if what is None or len(parts.objects) != 1 or not {"token", "counter"} & set(what.kinds) \
            or "card" in what.kinds or "die" in what.kinds:
        return None
    options = [replace(what, alternatives=(), all_of=False)] + list(what.alternatives)
    kinds = [" ".join(q for q in o.qualities if q.lower() not in _NOT_TOKEN_KINDS) or o.name
             for o in options]
    source = f.onto(parts, "from", "off")
    last = options[-1]
    if source is None and last.of is not None and last.zone is None:
        source = last.of                 # "1 wound token from a target unit" (one phrase)
    referred = bool({"those", "these", "that"} & set(what.qualities)) or \
        what.ref in ("that", "they", "it")
    to = f.onto(parts, "to", "onto")
    if not all(kinds) or any(not {"token", "counter"} & set(o.kinds) for o in options) or \
            to is None or (source is None and not referred):
        return f.other("move", s, span)
    count = what.count if what.quantifier != "all" else M.Amount(relation="all")
    moves = [M.Counters(verb="move", action="move", kind=k, count=count, on=source, to=to,
                        span=span) for k in kinds]
    if len(moves) == 1:
        return moves[0]
    if what.all_of:
        # "1 wound token and 1 status token": each moved, not a choice
        from judge.cards.frames import _Several
        return _Several(moves)
    return M.Choice(verb="or", chooser=f.doer(subject), pick=M.Amount(value=1),
                    options=tuple((m,) for m in moves), span=span)


_NOT_TOKEN_KINDS = frozenset({"other", "those", "these", "that", "this", "additional", "same"})


def _remove_tokens(f, s, parts, subject, span):
    """"Remove all wound tokens and all status tokens from a target unit": tokens of two kinds
    from one card - a removal of each kind (the core read the first kind only, from no card:
    the second and the "from" card were dropped). Any other removal: None (the core's)."""
    from judge.cards.frames import _Several
    objs = parts.objects[0] if len(parts.objects) == 1 else None
    if not isinstance(objs, list) or type(objs).__name__ != "_Both":
        return None
    targets = [f.r.target(o) for o in objs]
    if not all({"token", "counter"} & set(t.kinds) and "card" not in t.kinds for t in targets):
        return None
    source = f.onto(parts, "from", "off")
    if source is None and targets[-1].of is not None and targets[-1].zone is None:
        source = targets[-1].of             # "... and all status tokens from a target unit"
        targets[-1] = replace(targets[-1], of=None)
    kinds = [" ".join(q for q in t.qualities if q.lower() not in _NOT_TOKEN_KINDS) or t.name
             for t in targets]
    if source is None or not all(kinds) or any(t.of is not None for t in targets):
        return f.other("remove", s, span)
    return _Several([M.Counters(verb="remove", action="remove", kind=k,
                                count=t.count if t.quantifier != "all" else
                                M.Amount(relation="all"), on=source, span=span)
                     for k, t in zip(kinds, targets)])


def _place_on_side(f, s, parts, subject, span):
    """"Place it into your active pool on its basic side": a die put into a pool with the side
    it shows - the move, and the face set (a Dice ``set``): the side was dropped. Anywhere
    else: None (the core's place, which names what it does not read)."""
    # (looked for without Parts.pp, which marks a phrase read: the core's frame must still
    # name what it does not read when this one does not apply)
    to = next((p for p in parts.pps if p.prep in ("into", "in", "to", "onto")), None)
    posts = getattr(to.obj, "posts", ()) if to is not None else ()
    side = next((p for p in posts if p.word == "on" and
                 f.r.phrase(getattr(p.body, "span", None)).lower().split()[-1:] == ["side"]),
                None)
    zone = f.r.zone(to.obj) if side is not None else None
    if zone is None or not zone.name.endswith("pool"):
        return None          # (a die put onto a card on a side: the core names the place)
    move = f.v_place(s, parts, subject, span)
    if not isinstance(move, M.Move) or move.to_zone is None:
        return f.other("place", s, span)
    what = move.what
    count = what.count if what is not None and what.count is not None else M.Amount(value=1)
    face = f.r.phrase(side.body.span)
    return _several([move, M.Dice(verb="place", action="set", count=count,
                                  kind=_dice_kind(what), face=face, to_zone=move.to_zone,
                                  target=what, who=f.doer(subject), span=span)])


def _several(effects):
    from judge.cards.frames import _Several
    return _Several(effects)


# prepositions of a place (Ashes puts cards and dice on and under other cards, 3.4.0): a phrase of
# one that no value holds is named, not dropped ("place ... underneath that unit")
_PLACES = frozenset({"to", "into", "onto", "on", "underneath", "under", "from under", "from",
                     "on top of", "off"})
# the dice actions (3.1, 4.4): spend, re-roll, roll, set a face ("change", "set", "turn" a die
# to a side), select, exhaust - each a Dice value whatever verb prints it
FRAMES = {"must read": _PLACES, "spend": _spend, "receive": _receive, "change": _change,
          "set": _change, "turn": _change, "exhaust": _exhaust, "reroll": _reroll,
          "choose": _choose_not,
          "select": _select,
          "guard": _guard, "meditate": _meditate, "dismount": _dismount, "respark": _respark,
          "add": _add, "inflict": _inflict, "move": _move_tokens,
          "remove": _remove_tokens, "place": _place_on_side}


# --------------------------------------------------------------------------- transformer

class AshesTransformer(CardTransformer):
    cost_runs: dict = {}

    def begin(self, text: str) -> None:
        super().begin(text)
        if getattr(self, "_text_of_runs", None) != text:
            self.cost_runs = {}              # costs of COST_RUN words, by offset, per text
            self._text_of_runs = text
        self.reader.cost_runs = self.cost_runs

    def keyword_named(self, name, value, span):
        """A capitalised name (and a value) where a keyword can stand ("gains Overkill 1",
        "has Unit Guard"): an ability name, cited when the rules define it - an open class, as
        an ability paragraph's head is (a new set's ability is read by its shape, its rules
        on its own card)."""
        return M.Keyword(name=name, value=value, citation=cite(name), span=span)

    def plain_sentence(self, children):
        return children[0]

    def neg_infinitive(self, children):
        """"(choose) not to place ...": read only by the frame of "choose" (_choose_not)."""
        return Item("not infinitive", children[-1], span_of(children))

    def x_equals(self, children):
        st = Statement((), span_of(children))
        st.mark = "x"
        st.during = next(c for c in children if isinstance(c, (NounPhrase, Pronoun)))
        return st

    def x_equals_pick(self, children):
        """"X = A or B, whichever is less": the smaller (larger) of the numbers."""
        from judge.cards.transformer import pick_of
        st = Statement((), span_of(children))
        st.mark = "x"
        st.during = self.frames.where_quantity(pick_of([c for c in children
                                                         if not isinstance(c, Token) or
                                                         base(c.type) == "WHICHEVER"]))
        return st

    # block lines
    def type_line(self, children):
        words = [c for c in children if isinstance(c, list)]
        return [("type", " ".join(str(w) for w in words[0]).lower()),
                ("placement", " ".join(str(w) for w in words[1]).lower())]

    def stat_line(self, children):
        return [c for c in children if isinstance(c, tuple)]

    def stat_item(self, children):
        return (" ".join(str(w) for w in children[0]).lower(), str(children[1]))

    def words(self, children):
        return list(children)

    # costs
    def costs(self, children):
        return tuple(c for c in children if isinstance(c, M.Cost))

    def cost_main(self, children):
        return M.Cost(kind="main action", amount=M.Amount(value=1), span=span_of(children))

    def cost_side(self, children):
        return M.Cost(kind="side action", amount=M.Amount(value=1), span=span_of(children))

    def cost_parallel(self, children):
        """Costs joined by "/" (the card's vertical bar) or "or": one of them is paid (4.4.1).
        Dice of one number ("1 [[time:power]] / 1 [[charm:power]]") are one dice cost with
        the types as ``detail``; a main or a side action, dice or a discard keep their kinds;
        any other mix is a ``parallel`` cost of ``alternatives``."""
        options = tuple(c for c in children if isinstance(c, M.Cost))
        span = span_of(children)
        kinds = [c.kind for c in options]
        if kinds == ["main action", "side action"]:
            return M.Cost(kind="main or side action", amount=M.Amount(value=1), span=span)
        if all(k == "dice" for k in kinds) and \
                len({(c.amount.value, c.amount.variable) for c in options}) == 1:
            return M.Cost(kind="dice", amount=options[0].amount,
                          detail=" / ".join(c.detail for c in options), span=span)
        if kinds == ["dice", "discard"] and options[1].amount.value == 1:
            return M.Cost(kind="dice or discard", amount=options[0].amount,
                          detail=options[0].detail, span=span)
        return M.Cost(kind="parallel", alternatives=options, span=span)

    def cost_exhaust(self, children):
        return M.Cost(kind="exhaust", span=span_of(children))

    def cost_discard(self, children):
        n = next((c for c in children if base(c.type) == "INT"), None)
        amount = M.Amount(value=int(str(n)), text=str(n), span=span_of(n)) if n is not None \
            else M.Amount(value=1)
        return M.Cost(kind="discard", amount=amount, what=M.Target(kinds=("card",)),
                      span=span_of(children))

    def cost_dice(self, children):
        amount = M.Amount(value=1)
        for c in children:
            if base(c.type) == "INT":
                amount = M.Amount(value=int(str(c)), text=str(c), span=span_of(c))
                break
            if base(c.type) == "XVAR":
                amount = M.Amount(variable="X", text="X", span=span_of(c))
                break
        dice = [str(c).strip("[]").replace(" ", "") for c in children if base(c.type) == "DIE"]
        return M.Cost(kind="dice", amount=amount, detail=" / ".join(dice), span=span_of(children))

    def cost_action(self, children):
        vp = children[0]
        from judge.cards.frames import Simple
        eff = self.frames.effect(Simple(None, vp.group, list(vp.items), "", vp.span))
        return M.Cost(kind="effect", effect=eff, span=vp.span)

    def ability_name(self, children):
        children = [c for c in children if not (isinstance(c, Token) and base(c.type) == "COLON")]
        words = [str(w) for w in children[0]]
        value = None
        if len(children) > 1:
            text = str(children[1])
            value = M.Amount(value=int(text), text=text, span=span_of(children[1])) \
                if text.isdigit() else M.Amount(variable=text, text=text, span=span_of(children[1]))
        return (" ".join(words), value, span_of(children))


def _icon(text: str) -> str | None:
    inner = text.strip("[]").strip()
    if text.startswith("[["):
        low = inner.lower().replace(" ", "")
        if low == "basic" or low.endswith(":class") or low.endswith(":power"):
            return "DIE"
        return "NAME"        # [[Card Name]]: another card
    return None


class AshesReader(GameReader):
    game = GAME
    grammar_file = "card_ashes.lark"
    start = ("sentence", "type_line", "stat_line", "costs", "ability_name")
    open_words = True

    def make_transformer(self):
        return AshesTransformer(VOCABULARY, FRAMES)

    def icon_terminal(self, text: str) -> str | None:
        return _icon(text)

    def run(self, piece: Piece, start: str):
        """A sentence ending "to <costs>" ("change the activation cost of this ability to
        [[main]] - [[exhaust]] - 1 [[basic]]"): the costs are read with the ``costs`` rule and
        stand in the sentence as one COST_RUN word, whose costs the transformer keeps."""
        if start == "sentence":
            run = _cost_run(piece.tokens)
            if run is not None:
                k, end = run
                costs = super().run(piece_of(piece.tokens[k + 1:end]), "costs")
                if not costs.error:
                    first, last = piece.tokens[k + 1], piece.tokens[end - 1]
                    word = Token("COST_RUN",
                                 self.text[first.start_pos:last.end_pos], first.start_pos,
                                 None, None, end_pos=last.end_pos)
                    self.transformer.cost_runs[first.start_pos] = costs.value
                    piece = piece_of(piece.tokens[:k + 1] + [word] + piece.tokens[end:])
        return super().run(piece, start)

    def prepare(self, text: str) -> str:
        # "~ Name: ..." marks an ability as ashes.live prints it; a space of the same length
        text = re.sub(r"(?m)^(\s*)~", lambda m: m.group(1) + " ", text)
        # "When this unit is destroyed you may ...": the comma the introductory clause lacks
        # (the space before "you may" becomes one: offsets stay)
        return _MISSING_COMMA.sub(lambda m: m.group(1) + ",", text)

    def parse(self, text: str, *, strict: bool = False, name: str | None = None) -> M.CardText:
        card_name = name or _block_name(text)
        text, meta = apply_errata(text, card_name)
        self._errata_meta = meta
        self.block_abilities = []
        card = super().parse(text, strict=strict, name=card_name)
        abilities = _stat_x(list(card.abilities), card.meta,
                            getattr(self.transformer, "x_definitions", {}))
        abilities = _attach_following(abilities)
        if self.block_abilities:       # a card block with no ability paragraph: its play cost
            abilities = self.block_abilities + abilities
            self.block_abilities = []
        return replace(card, abilities=tuple(abilities))

    def paragraphs(self, text: str, tokens: list[Token]) -> list[Piece]:
        out = pieces_between(text, tokens, _PARAGRAPH_BREAK)
        self.meta.extend(self._errata_meta)
        self.spell = False
        if out and _block_name(text) is not None:
            self._block(text, out[0])
            out = out[1:]
        return out

    # ------------------------------------------------------------------ the card block
    def _block(self, text: str, piece: Piece) -> None:
        lines = _lines(text, piece.tokens)
        self.meta.insert(0, ("name", text[lines[0].start:lines[0].end].strip()))
        self.block_abilities: list[M.Ability] = []
        for index, line in enumerate(lines[1:]):
            starts = ("type_line", "stat_line") if index == 0 else ("stat_line", "costs")
            last = None
            for start in starts:
                parsed = self.run(line, start)
                if parsed.error:
                    last = parsed
                    continue
                value = parsed.value
                if start == "costs":
                    self.meta.append(("play cost", text[line.start:line.end]))
                    self.block_abilities.append(M.Ability(
                        kind="play cost", costs=value,
                        citation=cite("magic play cost", "paying costs"),
                        span=M.Span(line.start, line.end)))
                elif start == "stat_line" and index == 0:
                    self.meta.append(("type", "phoenixborn"))
                    self.meta.extend(value)
                else:
                    self.meta.extend(value)
                    self.spell = self.spell or any(
                        v in ("action spell", "reaction spell") for _, v in value)
                break
            else:
                self.fail(line, last)

    def parse_paragraphs(self, paragraphs):
        return paragraphs

    def paragraph(self, piece: Piece) -> list[M.Ability]:
        out: list[M.Ability] = []
        if piece.tokens and base(piece.tokens[0].type) == "DASH" and len(piece.tokens) > 1:
            # "- Each player draws 1 card.": one option of "choose one of the following"
            statements = self.statements(piece_of(piece.tokens[1:]))
            effects = tuple(e for a in self.assemble(statements) for e in a.effects)
            return [M.Ability(kind="option", effects=effects,
                              span=M.Span(piece.start, piece.end))]
        if getattr(self, "block_abilities", None):
            out.extend(self.block_abilities)
            self.block_abilities = []
        star = self.text[piece.start - 2:piece.start].strip().endswith("*") or \
            self.text[max(0, piece.start - 2):piece.start + 1].lstrip().startswith("*")
        tokens = piece.tokens
        label, value, label_span = "", None, None
        costs: tuple = ()
        first = split_at(tokens, "COLON")
        if first is not None and first[0]:
            head, rest = first
            # a head in words with a lower-case word after its verb is a cost ("Exhaust this
            # spell: ..."), not an ability's name (names are capitalised: "Spiked Skin 2")
            worded = _text_cost(head) and any(str(t)[:1].islower() for t in head)
            parsed = self.run(piece_of(head), "ability_name") \
                if not _costy(head) and not worded else None
            if parsed is not None and not parsed.error:
                label, value, label_span = parsed.value
                tokens = rest
                second = split_at(tokens, "COLON") if tokens else None
                if second is not None and second[0] and _costy(second[0]):
                    parsed = self.run(piece_of(second[0]), "costs")
                    if not parsed.error:
                        costs = parsed.value
                        tokens = second[1]
                elif second is None and tokens and _costy(tokens):
                    parsed = self.run(piece_of(tokens), "costs")      # "Respark: 2 [[basic]]"
                    if not parsed.error:
                        costs = parsed.value
                        tokens = []
            elif _costy(head) or _text_cost(head):
                # icons, or a cost in words before the colon ("Remove 1 status token from
                # this spell: ..."): the costs rule reads either (4.4)
                parsed = self.run(piece_of(head), "costs")
                if not parsed.error:
                    costs = parsed.value
                    tokens = rest
        statements = self.statements(piece_of(tokens)) if tokens else []
        abilities = self.assemble(statements)
        effects: tuple = ()
        trigger = None
        limit = ""
        # a cost the sentences print ("As an additional cost to play this spell, discard 1
        # card", 4.4.0): kept with the ability's costs - it was dropped with the sentence
        extra: tuple = ()
        for a in abilities:
            effects += a.effects
            extra += a.costs
            trigger = trigger or a.trigger
            limit = limit or a.limit
        effects, trigger = _reaction_trigger(effects, trigger)
        keywords: tuple = ()
        citation = cite("ability")
        if label:
            keyword_citation = cite(label, _KEYWORD_SECTIONS.get(label.lower(), ""), "ability")
            keywords = (M.Keyword(name=label, value=value, citation=keyword_citation,
                                  span=label_span),)
            citation = keyword_citation
        if star:
            limit = "inexhaustible" + (f"; {limit}" if limit else "")
        if costs:
            kind = "activated"
            if not label:
                citation = cite("activating effects", "paying costs")
        elif trigger is not None:
            kind = "triggered"
            if not label:
                citation = cite("timing for triggered effects", "ability")
        elif self.spell and not label:
            kind = "spell"
            citation = cite("playing cards")
        elif not effects and label:
            kind = "keyword"
        else:
            kind = abilities[0].kind if len(abilities) == 1 else "static"
        if not effects and not label and not costs and not extra:
            return out
        out.append(M.Ability(kind=kind, effects=effects, trigger=trigger, costs=costs + extra,
                             keywords=keywords, label=label, limit=limit, citation=citation,
                             span=M.Span(piece.start, piece.end)))
        return out


def _following(effect) -> bool:
    """"... gain the following ability", "choose one of the following effects"."""
    what = getattr(effect, "what", None) or getattr(effect, "target", None)
    if isinstance(effect, M.Gain) and effect.resource in ("following ability",):
        return True
    return what is not None and "following" in what.qualities


_PRINTED_X = {"X": 0, "+X": 1, "-X": -1}
_UNIT_STATS = ("attack", "life", "recover")


def _stat_x(abilities: list[M.Ability], meta, definitions: dict) -> list[M.Ability]:
    """An "X = ..." paragraph that defines no X of the abilities (``GameReader.parse`` leaves
    it an Other "X is") defines the X the card's stat line prints: a conjuration's "Attack X"
    is that stat set to the quantity (a ``SetValue`` of this card's printed value), an
    alteration's "Life +X" a change of the unit it is attached to by it (a ``ModifyValue`` of
    "this unit", as the card's own sentences call that unit). The X of one stat only: with no
    stat printed X, or several, it stays an Other (named, not guessed)."""
    printed = [(key, value) for key, value in meta if key in _UNIT_STATS and value in _PRINTED_X]
    if len(printed) != 1:
        return abilities
    stat, value = printed[0]
    out, done = [], False
    for ab in abilities:
        q = definitions.get(ab.span)
        if done or q is None or len(ab.effects) != 1 or not isinstance(ab.effects[0], M.Other) \
                or ab.effects[0].verb != "X is":
            out.append(ab)
            continue
        done = True
        span = ab.effects[0].span
        amount = M.Amount(variable="X", defined_as=q, text="X", span=q.span)
        if _PRINTED_X[value] == 0:
            effect = M.SetValue(verb="X is", stat=stat, amount=amount, base=True, span=span,
                                target=M.Target(text="this card", ref="this", kinds=("card",)))
        else:
            effect = M.ModifyValue(verb="X is", stat=stat, amount=amount, sign=_PRINTED_X[value],
                                   span=span, target=M.Target(text="this unit", ref="this",
                                                              kinds=("unit",)))
        out.append(replace(ab, kind="static", effects=(effect,)))
    return out


def _attach_following(abilities: list[M.Ability]) -> list[M.Ability]:
    """Options ("- ...") and granted abilities read after the sentence that announces them
    ("choose one of the following effects:", "gains the following ability:") go into it."""
    out: list[M.Ability] = []
    i = 0
    while i < len(abilities):
        a = abilities[i]
        last = a.effects[-1] if a.effects else None
        inner = last.options[0][-1] if isinstance(last, M.Choice) and last.optional and \
            last.options and last.options[0] else last
        # "Choose one:" / "choose one of the following effects:" (a choice with no object of
        # its own) before "- ..." options
        marker = isinstance(inner, M.Choose) and inner.what is not None and \
            not inner.what.kinds and not inner.what.text and i + 1 < len(abilities) and \
            abilities[i + 1].kind == "option"
        if inner is not None and (_following(inner) or marker) and i + 1 < len(abilities):
            j = i + 1
            options = []
            while j < len(abilities) and abilities[j].kind == "option":
                options.append(abilities[j].effects)
                j += 1
            if options:
                pick = inner.what.count if marker and inner.what.count is not None else \
                    M.Amount(value=1)
                choice = M.Choice(verb="choose", chooser=getattr(inner, "who", None),
                                  pick=pick, options=tuple(options),
                                  span=inner.span)
                out.append(replace(a, effects=a.effects[:-1] + (choice,)))
                i = j
                continue
            # "the following ability": the one after it (a card's own abilities may follow,
            # e.g. Power Through's Respark); "the following abilities": all the rest
            said = getattr(inner, "what", None) or getattr(inner, "target", None)
            words = " ".join(str(getattr(x, "text", "") or "") for x in (said, inner)).lower()
            one = isinstance(inner, M.Gain) and inner.resource == "following ability" or \
                "following ability" in words
            granted = tuple(abilities[i + 1:i + 2]) if one else tuple(abilities[i + 1:])
            target = getattr(inner, "what", None) if isinstance(inner, M.Choose) else \
                getattr(inner, "target", None)
            gain = M.Gain(verb="gain", resource="ability", abilities=granted, target=target,
                          duration=getattr(inner, "duration", None), span=inner.span)
            if isinstance(inner, M.Choose):
                new_last = (inner, gain)
            else:
                new_last = (gain,)
            out.append(replace(a, effects=a.effects[:-1] + new_last))
            if one:
                i += 2
                continue
            return out
        out.append(a)
        i += 1
    return out


def _reaction_trigger(effects: tuple, trigger):
    """"You may play this spell when/after <event>": a reaction spell's trigger."""
    if trigger is not None or not effects:
        return effects, trigger
    first = effects[0]
    inner = first.options[0][0] if isinstance(first, M.Choice) and first.optional and \
        first.options and first.options[0] else first
    if isinstance(inner, M.DelayedTrigger) and inner.effects and \
            isinstance(inner.effects[0], M.Play) and inner.effects[0].what is not None and \
            inner.effects[0].what.ref == "this" and not inner.effects[0].waived:
        # (a play that waives a cost is more than the spell's timing: it stays an effect)
        return effects[1:], inner.trigger
    return effects, trigger


_COST_WORDS = frozenset({"A_MAIN", "A_SIDE", "A_EXHAUST", "A_DISCARD", "DIE", "INT", "XVAR",
                         "DASH", "SLASH", "OR"})


def _cost_run(tokens: list[Token]) -> tuple[int, int] | None:
    """(index of "to", end) when the sentence ends "to" and costs with a dash between them."""
    end = len(tokens)
    while end and base(tokens[end - 1].type) in ("DOT", "SEMI", "BANG"):
        end -= 1
    k = end
    while k and base(tokens[k - 1].type) in _COST_WORDS:
        k -= 1
    run = tokens[k:end]
    if k == 0 or base(tokens[k - 1].type) != "TO_INF" or not _costy(run) or \
            not any(base(t.type) == "DASH" for t in run):
        return None
    return k - 1, end


def _text_cost(tokens: list[Token]) -> bool:
    """A head that opens with a verb ("Remove 1 status token from this spell", "Discard 1
    card"): an activation cost in words."""
    return bool(tokens) and base(tokens[0].type).startswith("V_") and not any(
        base(t.type) in ("CHOOSE_ONE", "QUOTE") for t in tokens)


def _costy(tokens: list[Token]) -> bool:
    return any(base(t.type) in ("A_MAIN", "A_SIDE", "A_EXHAUST", "A_DISCARD", "DIE")
               for t in tokens)


def _lines(text: str, tokens: list[Token]) -> list[Piece]:
    out: list[Piece] = []
    current: list[Token] = []
    last = None
    for tok in tokens:
        if current and last is not None and "\n" in text[last:tok.start_pos]:
            out.append(piece_of(current))
            current = []
        current.append(tok)
        last = tok.end_pos
    if current:
        out.append(piece_of(current))
    return out


_MISSING_COMMA = re.compile(r"(?m)((?:^|[.:]\s+)(?:When|Whenever|After|If|At)\b[^,.:\n]*?)"
                            r" (?=(?:you|that player|each player) (?:may|must)\b)")
_TYPE_LINE = re.compile(r"^\s*[A-Z][\w ]*\s+-\s+[A-Z][\w ]*\s*$|^\s*Battlefield\s+\d+\s+-")


def _block_name(text: str) -> str | None:
    """The card's name when ``text`` is a whole card block (its second line is a type line or
    a Phoenixborn's stats), else None."""
    lines = text.strip().split("\n")
    if len(lines) >= 2 and _TYPE_LINE.match(lines[1]) and not lines[0].rstrip().endswith(
            (".", ":")):
        return lines[0].strip()
    return None


READER = AshesReader()


def parse(text: str, *, strict: bool = False, name: str | None = None) -> M.CardText:
    """Parse an Ashes card block (or its ability text). Unreadable sentences are listed in
    ``unparsed``; ``strict=True`` raises :class:`~judge.cards.errors.CardSyntaxError` for the
    first one instead."""
    return READER.parse(text, strict=strict, name=name)


def rules_used(text: str, *, name: str | None = None) -> set[str]:
    return READER.rules_used(text, name=name)


# --------------------------------------------------------------------------- corpus

def iter_corpus(path: str | Path) -> Iterator[tuple[str, str]]:
    """(card name, card block) for every card of ashes.live card-data text files (a file or a
    folder of ``*.txt``), blocks separated by ``=====`` lines."""
    path = Path(path)
    files = sorted(path.glob("*.txt")) if path.is_dir() else [path]
    if not files or not all(f.is_file() for f in files):
        raise UsageError(f"no Ashes card text files at {path}",
                         expected="a .txt file or a folder of them")
    for file in files:
        content = file.read_text(encoding="utf-8")
        for block in re.split(r"(?m)^=====\s*$", content):
            block = block.strip("\n")
            if block.strip():
                yield block.strip().split("\n", 1)[0].strip(), block.strip()
