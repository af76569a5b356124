"""World of Warcraft TCG card text (Comprehensive Rules 7.4) -> :mod:`judge.cards.model` values
(grammar ``grammar/card_wow.lark`` on ``card_common.lark``).

A card's text is lines (700.1), each one power:

* a keyword line ("Protector", "Flip 1, Assault 4, Long-Range", "Shadow Resistance", "Traitor Hero
  Required", "Aldor Reputation"): an ability of kind ``keyword``, one
  :class:`~judge.cards.model.Keyword` per item, read by its shape and cited when the rules'
  glossary defines it;
* a labelled power ("Ongoing: ...", "Reward: ...", "Death Rattle: ...", "Once per turn: ..."):
  the label is the ability's ``label`` (or its ``limit``), the rest its sentences;
* an activated power (``costs -> effect``: "2, Flip Plague -> ...", "Exhaust your hero -> ..."):
  ``costs`` (resources, Flip, actions paid as a cost) and effects;
* sentences.

The card line that the rules' examples print before a card's text (``Elder Moorf, 1, Horde,
Ally—Tauren Druid, 1 [Nature] / 1 Health``) is read by ``grammar/card_wow_header.lark`` into
``CardText.meta``; "<p>" (the rules' paragraph mark) ends a line.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import fields, is_dataclass
from functools import cached_property
from operator import attrgetter, is_
from pathlib import Path

from lark import Lark, Token
from lark.exceptions import UnexpectedInput

from judge.cards import model as M
from judge.cards.model import replace
from judge.cards.frames import Parts, Simple, _Several, alternatives
from judge.cards.game import GameReader, _Holder, piece_of, split_at
from judge.cards.links import first_citation
from judge.cards.nouns import COMMON_ZONES, Vocabulary, base
from judge.cards.reader import GRAMMAR_DIR, Piece
from judge.cards.syntax import Item, Statement, VP, span_of
from judge.cards.transformer import CardTransformer

GAME = "wow"

VOCABULARY = Vocabulary(
    zones={**COMMON_ZONES, "party": "play", "graveyard": "graveyard", "deck": "deck",
           "hand": "hand", "play": "play", "arena graveyard": "arena graveyard",
           "resource row": "resources"},
    players=frozenset({"player", "opponent"}),
    stats={"atk": "atk", "attack": "atk", "health": "health", "[health]": "health", "def": "def", "damage": "damage",
           "cost": "cost", "strike cost": "strike cost", "hand size": "hand size",
           "maximum hand size": "hand size"},
    slash_stats=("atk", "health"),
    self_pronouns=frozenset({"she", "he", "her", "him"}),
    # "its cost" is its play cost, printed as resources (wow-7.4 201.1, 403.6a)
    whole_costs=frozenset({"cost", "play cost", "resource cost"}),
    # a noun post-modifier no reading holds makes its sentence unread (never dropped)
    name_unread_posts=True,
)


def cite(*terms: str) -> str | None:
    return first_citation(GAME, *[t for t in terms if t])


def keyword_citation(name: str) -> str | None:
    words = name.split()
    terms = [name]
    if len(words) > 1:
        terms.append(words[-1])          # "Shadow Resistance" -> "Resistance"
    if name.lower().endswith("hero required"):
        terms = ["Hero Required", "Talent", "Trait"]
    return cite(*terms)


# --------------------------------------------------------------------------- header line

_HEADER_TYPE = re.compile(r"(?:^|,)\s*\**(?:Instant |Monster |Master |Ability )*"
                          r"(?:Ally|Ability|Equipment|Hero|Quest|Location)\b(?:\s*[\u2014,*]|\s*$)")
_TEXT_IN_HEADER = re.compile(r"(?:\(\d+\)|\[Activate\]|\d+)\s*(?:,\s*\[Activate\]\s*)?>>>"
                             r"|\[Activate\]\s*>>>")


class HeaderReader:
    """The card line of the rules' examples: name, cost, faction/class, type line, stats."""

    @cached_property
    def lark(self) -> Lark:
        return Lark.open(str(GRAMMAR_DIR / "card_wow_header.lark"), parser="lalr",
                         start="field", cache=True)

    _last: tuple = (None, None)

    def split(self, text: str) -> tuple[tuple[tuple[str, str], ...], int]:
        """(meta, offset where the card text starts); ((), 0) when the text has no card line.
        The last text's answer is kept: a card's parse asks twice (its name, then the text to
        read)."""
        last, answer = self._last
        if text is last:
            return answer
        answer = self._split(text)
        self._last = text, answer
        return answer

    def _split(self, text: str) -> tuple[tuple[tuple[str, str], ...], int]:
        first_end = text.find("\n")
        line = text if first_end < 0 else text[:first_end]
        if not _HEADER_TYPE.search(line.replace("*", "")):
            return (), 0
        arrow = _TEXT_IN_HEADER.search(line)
        cut = arrow.start() if arrow else len(line)
        fields = _fields(line[:cut])
        meta: list[tuple[str, str]] = []
        name_parts: list[str] = []
        header_end = 0
        for start, end in fields:
            raw = line[start:end].strip(" *")
            kind = self._kind(raw) if name_parts else None
            if kind is None and not meta:
                name_parts.append(raw)
            elif kind is None:
                break
            else:
                meta.append((kind, " ".join(raw.split())))
            header_end = end
        if not meta or not any(k == "type" for k, _ in meta):
            return (), 0
        meta.insert(0, ("name", ", ".join(name_parts)))
        body = cut if arrow else (first_end + 1 if first_end >= 0 else len(text))
        if arrow is None and header_end < len(line.rstrip(" *")):
            return (), 0
        return tuple(meta), body

    def _kind(self, raw: str) -> str | None:
        try:
            tree = self.lark.parse(raw)
        except UnexpectedInput:
            return None
        kind = str(tree.data)
        return {"type_line": "type", "ally_stats": "stats", "flag": "flag"}.get(kind, kind)


def _fields(line: str) -> list[tuple[int, int]]:
    out, depth, start = [], 0, 0
    for i, ch in enumerate(line):
        if ch in "([":
            depth += 1
        elif ch in ")]":
            depth -= 1
        elif ch == "," and depth == 0:
            out.append((start, i))
            start = i + 1
    if line[start:].strip(" *"):
        out.append((start, len(line)))
    return out


# --------------------------------------------------------------------------- verbs

def _protect(f, s, parts, subject, span):
    return M.Attack(verb="protect", attacker=subject, target=f.obj(parts), span=span) \
        if f.obj(parts) is not None else None


def _reflip(f, s, parts, subject, span):
    t = f.obj(parts)
    return None if t is None else M.Flip(verb="reflip", target=t, face="up", span=span)


_TYPE_WORDS = ("arcane", "fire", "frost", "holy", "melee", "nature", "ranged", "shadow")


def _damage_types(words) -> str:
    """WoW damage types among a damage phrase's words, in printed order (408.3a):
    "shadowfire" is shadow and fire; several are joined by spaces."""
    found: list[str] = []
    for w in words:
        low = str(w).lower().strip("[]")
        here = sorted((low.find(t), t) for t in _TYPE_WORDS if t in low)
        if here and "".join(t for _i, t in here) == low:
            found += [t for _i, t in here if t not in found]
    return " ".join(found)


def _amount_word(np) -> str:
    words = getattr(np, "words", None) or []
    return " ".join(str(w).lower() for w in words if base(getattr(w, "type", "")) ==
                    "AMOUNT_WORD")


def _instead(f, lemma, s, parts, subject, span):
    """"it deals that much +1 instead", "it deals double that much instead", "it's dealt to
    your hero instead", "it heals that much +1 instead": what a replacement modifier (716.1)
    changes in the packet it replaces (717.1)."""
    stat = "heal" if lemma == "heal" else "damage"
    word = _amount_word(parts.objects[0]) if parts.objects else ""
    plus = _that_amount_plus(f, parts) if not word else None
    if plus is not None:
        # "it heals that amount of damage plus 1 instead": the packet's amount changes, as
        # "that much +1" (it was a new heal, or a new packet whose "plus 1" was lost)
        if plus == 0 and not parts.changes:
            return None
        word = "that much"
        if plus:
            return M.ModifyValue(verb=lemma, stat=stat, sign=1, amount=M.Amount(
                value=plus, text=f"plus {plus}"), target=subject, span=span)
    if word == "double that much":
        return M.ModifyValue(verb=lemma, stat=stat, op="multiply",
                             amount=M.Amount(value=2, text="double"), target=subject, span=span)
    if word == "that much" and parts.changes:
        text = parts.changes[0].parts[0][0]
        digits = text.lstrip("+-")
        if digits.isdigit():
            return M.ModifyValue(verb=lemma, stat=stat, sign=-1 if text.startswith("-") else 1,
                                 amount=M.Amount(value=int(digits), text=text), target=subject,
                                 span=span)
    to = f.onto(parts, "to")
    if to is not None and not parts.objects:
        # "it's dealt to your hero instead": the packet's destination changes
        return M.Damage(verb=lemma, amount=M.Amount(ref="that much", text="that much"),
                        target=to, span=span)
    return None


def _that_amount_plus(f, parts) -> int | None:
    """"that amount of damage" (0) / "that amount of damage plus N" (N) as a replacement's only
    object: the amount of the packet it replaces; None for anything else."""
    if len(parts.objects) != 1 or parts.pps:
        return None
    t = f.r.target(parts.objects[0])
    inner = t.of
    if t.kinds != ("amount",) or t.ref != "that" or inner is None or inner.kinds != ("damage",) \
            or inner.of is not None or inner.alternatives or inner.count is not None:
        return None
    if not inner.qualities:
        return 0
    [q] = inner.qualities if len(inner.qualities) == 1 else (None,)
    if q is None or not q.startswith("plus ") or not q[5:].isdigit():
        return None
    return int(q[5:])


def _deal(f, s, parts, subject, span):
    if parts.instead:
        return _instead(f, "deal", s, parts, subject, span)
    found = f.v_deal(s, parts, subject, span)
    if not isinstance(found, M.Damage):
        return found
    t = next((t for t in map(f.r.target, parts.objects) if "damage" in t.kinds), None)
    if t is None:
        return found
    types = _damage_types(t.qualities) or found.damage_type
    unpreventable = any(str(q).lower() == "unpreventable" for q in t.qualities)
    combat = "combat" in [str(q).lower() for q in t.qualities]
    return replace(found, damage_type=types, unpreventable=unpreventable,
                   combat=combat or found.damage_type == "combat")


def _heal(f, s, parts, subject, span):
    if parts.instead:
        return _instead(f, "heal", s, parts, subject, span)
    return None


def _nested_zone(np):
    """"target ally from your graveyard into play": the destination the noun phrase kept."""
    for post in getattr(np, "posts", None) or ():
        if post.kind == "zone" and post.body is None and "play" in str(post.word).lower():
            return M.Zone(name="play")
        inner = _nested_zone(post.body) if post.body is not None else None
        if inner is not None:
            return inner
    return None


def _put(f, s, parts, subject, span):
    copy = _token_copy(f, parts, subject, span)
    if copy is not None:
        return copy
    found = f.v_put(s, parts, subject, span)
    if isinstance(found, M.Move) and found.to_zone is None and parts.objects:
        zone = _nested_zone(parts.objects[0])
        if zone is not None:
            return replace(found, to_zone=zone)
    return found


def _remove(f, s, parts, subject, span):
    """"Remove target friendly defending ally from combat" (602.4) is not a removal from the
    game: a Move with verb ``remove from combat`` and no zone."""
    found = f.v_remove(s, parts, subject, span)
    what = getattr(found, "what", None)
    if isinstance(found, M.Move) and what is not None and what.of is not None and \
            what.of.text.lower() == "combat" and what.text.lower().endswith(" from combat"):
        text = what.text[:-len(" from combat")]
        what = replace(what, of=None, text=text,
                       span=M.Span(what.span.start, what.span.start + len(text))
                       if what.span else None)
        return replace(found, verb="remove from combat", what=what, to_zone=None)
    if isinstance(found, M.Move) and what is not None and found.to_zone is not None and \
            found.to_zone.name == "removed" and what.kinds in (("deck",), ("graveyard",),
                                                               ("hand",)) and \
            what.controller == "you" and what.count is None and not what.qualities and \
            not what.filters and what.of is None and not what.alternatives:
        # "Remove your deck from the game" (Forbidden Knowledge): every card in that zone
        zone = M.Zone(name=what.kinds[0], owner="you", span=what.span)
        text = what.text.removesuffix(" from the game")
        return replace(found, what=M.Target(text=text, quantifier="all", kinds=("card",),
                                            zone=zone, span=what.span), from_zone=zone)
    return found


def _token_copy(f, parts, subject, span):
    """"Put a token copy of target ally you control into play", "Put a copy of target ally
    token into play" (402.4): a token whose printed information is the named card's."""
    if len(parts.objects) != 1 or isinstance(parts.objects[0], list) or parts.pps:
        return None
    t = f.r.target(parts.objects[0])
    of = t.of
    if of is None or t.count is not None or t.kinds not in (("token", "copy"), ("copy",)):
        return None
    if t.kinds == ("copy",) and "token" not in of.kinds:
        return None
    text = of.text
    if not text.lower().endswith(" into play"):
        return None
    of = replace(of, text=text[:-len(" into play")], zone=None,
                 span=M.Span(of.span.start, of.span.end - len(" into play")) if of.span else None)
    return M.CreateToken(verb="put", count=M.Amount(value=1), copy_of=of,
                         controller=subject, zone=M.Zone(name="play"), span=span)


def _discard(f, s, parts, subject, span):
    """"Its controller discards a card for each damage dealt this way": the number of cards is
    the damage the text dealt (glossary This Way), read as it resolves."""
    found = f.v_discard(s, parts, subject, span)
    if not isinstance(found, M.Move) or parts.for_each is None or found.what is None:
        return found
    per = f.r.target(parts.for_each)
    if "damage" in per.kinds:
        text = f.r.phrase(getattr(parts.for_each, "span", None))
        q = M.Quantity(measure="damage dealt", text=text)
        return replace(found, what=replace(found.what, count=M.Amount(defined_as=q, text=text)))
    return replace(found, what=replace(found.what, count=M.Amount(value=1, per=per)))


def _durations_in(np) -> list:
    """Durations the grammar kept inside a noun phrase ("... and Protector this turn")."""
    out = []
    if isinstance(np, list):
        return [d for each in np for d in _durations_in(each)]
    for post in getattr(np, "posts", None) or ():
        if post.kind == "duration" and isinstance(post.body, M.Duration):
            out.append(post.body)
        elif post.body is not None and not isinstance(post.body, (str, M.Duration)):
            out += _durations_in(post.body)
    for w in getattr(np, "words", None) or ():
        if isinstance(w, M.Duration):
            out.append(w)
    return out


def _be_have(f, s, parts, subject, span):
    """WoW's "is" / "has" clauses the shared grammar has no value for:

    * "This ally has additional ATK equal to the combined ATK of all other allies you control"
      (a value increased by an amount read from the game, 714.2);
    * "This item is also an ally with 2 [Melee] / 2 [Health] and Protector this turn" (a card
      that gains a type with its values and keywords, 300.1b);
    * "Opposing cards and effects must target Grounding Totem if able" (a magnet, 706.4)."""
    magnet = _must_target(f, s, parts, subject, span)
    if magnet is not None:
        return magnet
    auxes = [a.lower() for a in s.group.auxes]
    if not parts.objects:
        return None
    if any(a in ("has", "have") for a in auxes) and parts.equal is not None:
        # each "additional X" with the "equal to ..." that follows it
        objects = [o for item in parts.objects
                   for o in (item if isinstance(item, list) else [item])]
        equals = [i for i in s.items if getattr(i, "kind", None) == "equal to"]
        if len(equals) == 1 or len(equals) == len(objects):
            out = []
            for n, np in enumerate(objects):
                obj = f.r.target(np)
                if "additional" not in [q.lower() for q in obj.qualities] \
                        or len(obj.kinds) != 1 or obj.kinds[0] not in ("atk", "health", "def"):
                    return None
                q = f.r.quantity(equals[min(n, len(equals) - 1)].value[1])
                out.append(M.ModifyValue(verb="have", stat=obj.kinds[0],
                                         amount=M.Amount(defined_as=q, text=q.text),
                                         target=subject, duration=f.duration(parts),
                                         span=span))
            return out[0] if len(out) == 1 else _Several(out)
    obj = f.r.target(parts.objects[0]) if not isinstance(parts.objects[0], list) else None
    if obj is None:
        return None
    if "also" in auxes and any(a in ("has", "have") for a in auxes) and obj.ref == "that" \
            and obj.kinds in (("type",), ("race",), ("class",)):
        # "All allies also have that type" (PX-238 Winter Wondervolt): the type chosen before
        return M.Becomes(verb="also have", what=subject, chosen=obj.kinds[0],
                         duration=f.duration(parts), span=span)
    if "also" in auxes and any(a in ("is", "are") for a in auxes) and obj.kinds == ("ally",):
        values: tuple = ()
        keywords: list[M.Keyword] = []
        for flt in obj.filters:
            held = flt.object
            if held is None:
                continue
            for t in (held,) + tuple(held.alternatives):
                for q in t.qualities:
                    numbers = re.findall(r"\d+", q)
                    if "/" in q and len(numbers) == 2:
                        values = (("atk", int(numbers[0])), ("health", int(numbers[1])))
                if t.kinds and t is not held or (t is held and t.kinds and not t.qualities):
                    name = " ".join(w.title() for w in t.kinds[-1].split())
                    kw = M.Keyword(name=name, citation=keyword_citation(name))
                    if kw.citation:
                        keywords.append(kw)
        durations = f.duration(parts) or next(iter(_durations_in(parts.objects[0])), None)
        if durations is None:
            tail = f.r.phrase(span).lower()
            if tail.endswith("this turn"):
                durations = M.Duration(kind="this turn", text="this turn")
        abilities = (M.Ability(kind="keyword", keywords=tuple(keywords)),) if keywords else ()
        return M.Becomes(verb="be also", what=subject, kinds=("ally",), values=values,
                         abilities=abilities, duration=durations, span=span)
    return None


def _attack(f, s, parts, subject, span):
    """"Target opposing ally must attack your hero this turn if able" (600.2, 600.2a): a
    restriction ``must attack`` on the attacker, ``what`` the characters it must attack (None:
    any); "if able" is read by :func:`_if_able`."""
    auxes = {a.lower() for a in s.group.auxes}
    if "must" not in auxes or subject is None:
        return None
    what = f.obj(parts)
    duration = f.duration(parts) or next(iter(_durations_in(parts.objects[0])), None) \
        if parts.objects else f.duration(parts)
    return M.Restriction(verb="must attack", actions=("attack",), who=subject, what=what,
                         duration=duration, span=span)


def _must_target(f, s, parts, subject, span):
    """"Opposing cards and effects must target Grounding Totem if able" (706.4, a magnet): a
    restriction ``must target`` on the links ``who`` describes, ``what`` the card they must
    target; "if able" is read by :func:`_if_able`."""
    auxes = {a.lower() for a in s.group.auxes}
    if "must" not in auxes or subject is None or s.group.lemma is not None or \
            not parts.objects:
        return None
    # "target" reads as the determiner of a targeted noun phrase: "must [target X]"
    t = f.r.target(parts.objects[0])
    if not t.targeted or not t.text.lower().startswith("target "):
        return None
    start = t.span.start + len("target ") if t.span is not None else None
    what = replace(t, targeted=False, text=t.text[len("target "):],
                   span=M.Span(start, t.span.end) if start is not None else None)
    return M.Restriction(verb="must target", actions=("target",), who=subject, what=what,
                         duration=f.duration(parts), span=span)


def _can(f, s, parts, subject, span):
    """"Opposing heroes and allies can attack only this ally if able" (601.2c-d), "This ally
    can attack only heroes": a restriction ``attack only``, ``what`` the characters it may
    attack."""
    if (s.group.lemma or "") != "attack" or parts.only is None or subject is None:
        return None
    body = parts.only.value
    if not hasattr(body, "words") and not isinstance(body, list):
        return None
    what = f.r.target(body) if not isinstance(body, list) else f.r.target(body[0])
    return M.Restriction(verb="attack only", actions=("attack",), who=subject, what=what,
                         duration=f.duration(parts), span=span)


_IF_ABLE = re.compile(r",? if able\b", re.IGNORECASE)


def _if_able(ability: M.Ability, text: str, found: list[int] | None = None) -> M.Ability:
    """"... if able" (600.2, 601.2c): the restriction applies only while such an attack could
    be proposed; held as ``only`` (test ``able``) on the restriction it follows. ``found``:
    where ``text`` prints "if able" (looked for here when not given)."""
    if found is None:
        found = [m.start() for m in _IF_ABLE.finditer(text)]
    if not found:
        return ability
    effects = list(ability.effects)
    ends = [(e.span.end, i) for i, e in enumerate(effects) if e.span is not None]
    for at in found:
        # the effect printed last before it, in the same sentence
        before = [(end, i) for end, i in ends if end <= at + 1]
        if not before:
            continue
        end, i = max(before)
        e = effects[i]
        if "." in text[end:at] or not (isinstance(e, M.Restriction) and
                                       e.verb in ("must attack", "attack only",
                                                  "must target")):
            continue
        effects[i] = replace(e, only=M.Condition(kind="if", test="able", text="if able"))
    return replace(ability, effects=tuple(effects))


def _double(f, s, parts, subject, span):
    """"That damage is doubled for each other card named Concussive Barrage in your
    graveyard" (Doubled): the damage just dealt is multiplied by 2 once for each such card
    (the glossary: such modifiers apply separately for each)."""
    auxes = {a.lower() for a in s.group.auxes}
    if not auxes & {"is", "are", "be"} or parts.for_each is None or subject is None:
        return None
    if subject.kinds != ("damage",) or subject.ref not in ("that", "it"):
        return None
    return M.ModifyValue(verb="double", stat="damage", op="multiply",
                         amount=M.Amount(value=2, per=f.r.target(parts.for_each),
                                         text="doubled for each"),
                         target=subject, duration=f.duration(parts), span=span)


_TOKEN_TYPES = frozenset({"ally", "equipment", "item", "armor", "weapon", "token", "ability"})


def _token(f, what, parts, subject, span):
    """A WoW token (404.2): "a 0 [Melee] / 1 [Health] Wisp ally token" has the tag Wisp and,
    no name being specified, the name Wisp; "a 10 [Melee] / 10 [Health] Mechanical ally token
    named Fel Reaver" has the tag Mechanical and the name Fel Reaver; "Wolf Pet ally tokens" the
    tags Wolf and Pet. ``kinds``: its card type and tags; ``token``: its name."""
    tags = ([what.name] if what.name else []) + [k for k in what.kinds if k not in _TOKEN_TYPES]
    types = [k for k in what.kinds if k in _TOKEN_TYPES and k != "token"]
    quals = list(what.qualities)
    name = ""
    if "named" in quals and quals.index("named") + 1 < len(quals):
        name = quals[quals.index("named") + 1]
        del quals[quals.index("named"):quals.index("named") + 2]
    if any(q.lower() == "unique" for q in quals):
        tags.append("unique")            # "a ... Unique Turtle ally token named Tooga"
        quals = [q for q in quals if q.lower() != "unique"]
    words = [q for q in quals if not re.search(r"\d", q) and q not in ("other", "additional")]
    if words:
        return None               # words this reading does not place: the shared reading
    choices: tuple[str, ...] = ()
    if not name and what.name and len(alternatives(what.name)) > 1:
        # "an Air, Earth, Fire, or Water Totem token": one of four, chosen (404.2b)
        rest = [t if t[:1].isupper() else t.title() for t in tags[1:] if t != "unique"]
        choices = tuple(" ".join([w] + rest) for w in alternatives(what.name))
        tags = tags[1:]
    if not name:
        name = " ".join(t if t[:1].isupper() else t.title() for t in tags if t != "unique")
        if choices:
            name = what.name + " " + name
    if not name:
        return None
    return M.CreateToken(verb="create", count=what.count or M.Amount(value=1), token=name,
                         kinds=tuple(t.lower() for t in tags) + tuple(types),
                         values=_token_values(what), controller=subject,
                         zone=f.zone_to(parts) or what.zone, span=span, choices=choices,
                         damage_type=_atk_type(what))


def _atk_type(what) -> str:
    """The damage type printed with a token's ATK: "0 [Melee] / 2 [Health]" -> "melee"."""
    for q in what.qualities:
        if "/" in q:
            atk = q.split("/", 1)[0]
            return _damage_types(w for w in atk.split() if w.startswith("["))
    return ""


def _token_values(what):
    from judge.cards.frames import _stat_values
    return _stat_values(what)


def _switch(f, s, parts, subject, span):
    """"Switch all damage on your hero with the damage on target opposing hero" (405.7) and
    "Switch the ATK and Health of each Raiding ally this turn" (712.9): a Switch; any other
    shape is left to the shared reading (an Other, named)."""
    if len(parts.objects) != 1 or parts.pps:
        return None
    obj = parts.objects[0]
    duration = f.duration(parts)
    if isinstance(obj, list):
        ts = [f.r.target(x) for x in obj]
        if len(ts) == 2 and {t.kinds for t in ts} == {("atk",), ("health",)} and \
                ts[1].of is not None and ts[0].of is None:
            return M.Switch(verb="switch", stats=("atk", "health"), first=ts[1].of,
                            duration=duration, span=span)
        return None
    t = f.r.target(obj)
    holder = t.of
    if t.kinds != ("damage",) or holder is None or len(holder.filters) != 1:
        return None
    other = holder.filters[0]
    if other.kind != "with" or other.object is None or other.object.kinds != ("damage",) or \
            other.object.of is None:
        return None
    first = replace(holder, filters=(), text=holder.text.split(" with ", 1)[0],
                    span=M.Span(holder.span.start, other.span.start - 1)
                    if holder.span and other.span else holder.span)
    return M.Switch(verb="switch", stats=("damage",), first=first, second=other.object.of,
                    duration=duration, span=span)


_GUESSES = {"higher": "higher", "lower": "lower", "more": "higher", "less": "lower",
            "greater": "higher", "fewer": "lower"}


def _guess(f, s, parts, subject, span):
    """"guess whether the top card of your deck has a higher or lower cost than the top card
    of target opponent's deck" (712.8): a Guess of how two things compare by a value; any
    other guess (a name, even or odd, a card type) is left to the shared reading (an Other)."""
    sub = parts.subordinate
    if sub is None or sub.value[0] != "whether" or parts.objects or parts.pps:
        return None
    simples = f.expand(sub.value[1])
    if len(simples) != 1 or simples[0].subject is None:
        return None
    inner = simples[0]
    if inner.group.lemma is not None or not {a.lower() for a in inner.group.auxes} & {"has",
                                                                                   "have"}:
        return None
    ip = Parts(inner.items)
    than = ip.pp("than")
    if len(ip.objects) != 1 or than is None or len(ip.pps) != 1 or \
            not hasattr(ip.objects[0], "words"):
        return None
    words = [str(w).lower().split()[-1] for w in ip.objects[0].words]
    answers = tuple(dict.fromkeys(_GUESSES[w] for w in words if w in _GUESSES))
    stats = [w for w in words if w not in _GUESSES and w not in ("a", "an", "the")]
    if len(answers) != 2 or len(stats) != 1:
        return None
    return M.Guess(verb="guess", who=f.doer(subject), stat=VOCABULARY.stats.get(stats[0],
                                                                                stats[0]),
                   first=f.subject_target(inner.subject), second=f.r.target(than.obj),
                   answers=answers, span=span)


def _choose_not(f, s, parts, subject, span):
    """"You may choose not to ready this ally during your ready step." (Helwen, 501.1a): a
    restriction on readying the card in its controller's ready step that its controller may
    choose (the "may" makes it a Choice); any other "choose not to" is left to the shared
    reading (an Other)."""
    neg = [i for i in parts.rest if isinstance(i, Item) and i.kind == "not infinitive"]
    if len(neg) != 1 or parts.objects or parts.pps or len(parts.rest) != 1:
        return None
    vp = neg[0].value
    inner = Parts(vp.items)
    if vp.group.lemma != "ready" or vp.group.auxes or len(inner.objects) != 1 or \
            inner.pps or inner.rest or len(inner.durations) != 1:
        return None
    what = f.r.target(inner.objects[0])
    during = inner.durations[0]
    if what.ref != "this" or during.kind != "ready step" or during.whose != "you":
        return None
    return M.Restriction(verb="choose not to", actions=("ready",), what=what, who=subject,
                         duration=during, span=span)


FRAMES = {"choose": _choose_not, "guess": _guess, "swap w": _switch, "remove": _remove, "protect": _protect, "reflip": _reflip, "deal": _deal, "heal": _heal, "put": _put,
          "discard": _discard, "be/have": _be_have, "double": _double,
          "token": _token, "attack": _attack, "can": _can}


# --------------------------------------------------------------------------- pronouns

_REFLEXIVE_WORDS = ("itself", "himself", "herself", "pays (", "pay (")
_PAID = re.compile(r"\((\d+)\)")


def _reflexives(value):
    """"your hero heals 1 damage from itself", "unless its controller pays (3)": values the
    shared grammar leaves to WoW (a card's "she" / "he" is itself through the vocabulary's
    ``self_pronouns``; "this way" is read by the shared grammar). A value with nothing to
    change inside is returned as it is (not rebuilt); a class's field names are looked up once
    (``dataclasses.fields`` per value was most of the walk's cost)."""
    cls = type(value)
    if cls is tuple:
        new = tuple(map(_reflexives, value))
        return value if all(map(is_, new, value)) else new
    if isinstance(value, tuple):
        return tuple(_reflexives(v) for v in value)
    names = _FIELD_NAMES.get(cls, _UNSEEN)
    if names is _UNSEEN:            # a dataclass's fields; None for anything else (a class too)
        names = _FIELD_NAMES[cls] = (tuple(f.name for f in fields(cls))
                                     if is_dataclass(cls) and not issubclass(cls, type) else None)
    if names is None:
        return value
    if isinstance(value, (M.Damage, M.Heal)) and value.target is not None \
            and value.source is not None \
            and value.target.text.lower() in ("itself", "himself", "herself"):
        # "your hero heals 1 damage from itself": the clause's subject
        value = replace(value, target=value.source)
    if isinstance(value, M.Event) and value.verb == "pay" and value.amount is None:
        cost = _PAID.search(value.text)               # "unless its controller pays (3)"
        if cost is not None:
            value = replace(value, amount=M.Amount(value=int(cost.group(1)),
                                                   text=cost.group(0)))
    changes = {}
    for name in names:
        child = getattr(value, name)
        if child is None or isinstance(child, _LEAVES):
            continue
        new = _reflexives(child)
        if new is not child:
            changes[name] = new
    return replace(value, **changes) if changes else value


_FIELD_NAMES: dict[type, tuple[str, ...] | None] = {}
_UNSEEN = object()
_LEAVES = (str, int, bool, M.Span)


# --------------------------------------------------------------------------- replacements

def _replacement_of(ability: M.Ability) -> M.Ability:
    """716.1, 717.3: "If [event] would happen, [modified event] instead" and "If [event] would
    happen, [action]. If you do, prevent that [event]." read as a :class:`M.Replacement`;
    "The next time [event] would happen this turn, ... instead" as one that replaces once
    (717.5). The shared grammar reads the first and last; WoW's conditional prevention (no
    "instead") and the event of "damage would be dealt to X" are read here."""
    effects = list(ability.effects)
    for i, e in enumerate(effects):
        if isinstance(e, M.Replacement) and e.event is not None:
            effects[i] = replace(e, event=_would_event(e.event))
            continue
        if isinstance(e, M.Conditional) and e.condition is not None \
                and e.condition.test == "event" and e.condition.event is not None \
                and e.condition.event.would:
            event = _would_event(e.condition.event)
            rep = M.Replacement(verb="replace", event=event,
                                instead=tuple(e.then) + tuple(effects[i + 1:]),
                                span=e.span)
            return replace(ability, effects=tuple(effects[:i]) + (rep,))
    if all(e is o for e, o in zip(effects, ability.effects)):
        return ability                      # nothing read: the same value, not a copy
    return replace(ability, effects=tuple(effects))


def _would_event(event: M.Event) -> M.Event:
    """The event a replacement watches, with "damage would be dealt to X" read as X being
    dealt damage and the "this turn" of its text kept apart."""
    if event.verb in ("be deal", "be dealt") and event.subject is not None \
            and "damage" in event.subject.kinds and event.object is not None:
        obj = event.object
        alts = tuple(replace(a, text=a.text.removesuffix(" this turn")) for a in obj.alternatives)
        obj = replace(obj, text=obj.text.removesuffix(" this turn"), alternatives=alts)
        return replace(event, verb="be dealt damage", subject=obj, object=None,
                       damage_type=_damage_types(event.subject.qualities) or event.damage_type)
    return event


# --------------------------------------------------------------------------- transformer

class WowTransformer(CardTransformer):
    def keyword_named(self, name, value, span):
        citation = keyword_citation(name)
        return M.Keyword(name=name, value=value, citation=citation, span=span) if citation \
            else None

    def keyword(self, np):
        """A keyword (:meth:`CardTransformer.keyword`), and "the chosen resistance" (Centurion
        Addisyn: "As Addisyn enters play, choose arcane, fire, ...; Addisyn has the chosen
        resistance"): Resistance of the damage type the card's choice named - ``what`` is
        that choice ("the chosen", ref ``that``)."""
        found = super().keyword(np)
        if found is not None or np.posts or len(np.words) != 3:
            return found
        words = [str(w).lower() for w in np.words]
        if words[:2] != ["the", "chosen"] or words[2] != "resistance":
            return None
        chosen = M.Target(text="the chosen", ref="that", qualities=("chosen",),
                          span=span_of(np.words[:2]))
        return M.Keyword(name="Resistance", citation=keyword_citation("Resistance"),
                         span=np.span, what=chosen)

    def plain_sentence(self, children):
        return children[0]

    def neg_infinitive(self, children):
        """"(choose) not to ready this ally ...": read only by the frame of "choose"."""
        return Item("not infinitive", children[-1], span_of(children))

    def choose_one(self, children):
        statements = [c for c in children if isinstance(c, Statement)]
        options = tuple(self._wrap(st) for st in statements)
        words = str(children[0]).lower().split()
        if "both" in words:
            from judge.cards.transformer import NoValue
            raise NoValue("'choose one or both' has no value (one or two modes)",
                          children[0].start_pos)
        # "Choose X of the following": as many modes as X (707.1c), stated as the card is added
        pick = M.Amount(variable="X") if "x" in words else \
            M.Amount(value=2 if "two" in words or "2" in words else 1)
        return Statement((M.Choice(verb="choose", pick=pick, options=options,
                                   span=span_of(children)),), span_of(children))

    def keyword_line(self, children):
        keywords = tuple(c for c in children if isinstance(c, M.Keyword))
        return _Holder(M.Ability(kind="keyword", keywords=keywords, span=span_of(children),
                                 citation=cite("keyword")))

    def kw_item(self, children):
        name = " ".join(str(w) for w in children[0])
        value = None
        if len(children) > 1:
            text = str(children[1])
            digits = text.lstrip("+-")
            value = M.Amount(value=int(text) if digits.isdigit() else None,
                             variable="" if digits.isdigit() else digits.upper(), text=text,
                             span=span_of(children[1]))
        return M.Keyword(name=name, value=value, citation=keyword_citation(name),
                         span=span_of(children))

    def words(self, children):
        return list(children)

    def label(self, children):
        c = children[0]
        if isinstance(c, list):
            return " ".join(str(w) for w in c), span_of(c)
        return " ".join(str(c).lower().split()), span_of(children)

    def bare_np(self, children):
        span = span_of(children)
        nps = [c for c in children if not isinstance(c, Token)]
        target = self.reader.target(nps[0]) if len(nps) == 1 else \
            self.frames.subject_target(nps)         # "heroes and/or allies": either
        if target.targeted and target.text[:6].lower() == "target" and target.kinds:
            # "Target up to three heroes and/or allies.": the targets are chosen (706.1a); the
            # next sentences name them ("them")
            return Statement((M.Choose(verb="target", what=target, who=M.Target(
                who="player", ref="you", controller="you"), span=span),), span)
        st = Statement((), span)
        st.mark = "np"
        st.during = target
        return st

    def label_condition(self, children):
        return ("", span_of(children), children[0])

    def label_during(self, children):
        np = children[1]
        cond = next((c for c in children if isinstance(c, M.Condition)), None)
        during = M.Condition(kind="while", test="is", state="on " + self.phrase(
            getattr(np, "span", None)), text=self.phrase(span_of(children)),
            span=span_of(children))
        if cond is not None:
            during = M.Condition(kind="while", test="all", parts=(during, cond),
                                 text=during.text, span=during.span)
        return ("", span_of(children), during)

    def quoted_power(self, children):
        from judge.cards.syntax import Item
        st = next(c for c in children if isinstance(c, Statement))
        costs = tuple(self.cost_resource([c]) for c in children
                      if isinstance(c, Token) and base(c.type) in ("INT", "XVAR"))
        arrow = next(c for c in children if isinstance(c, Token) and base(c.type) == "ARROW")
        icon = next((c for c in children if isinstance(c, Token)
                     and base(c.type) == "ACTIVATE_ICON"), None)
        if icon is not None:
            costs += (self.cost_label([icon]),)        # '"[Activate] >>> ..."' (the CR's)
        else:
            # the activate symbol before the arrow is not in the data (see Cost "symbol")
            costs += (M.Cost(kind="symbol", detail="not shown",
                             span=M.Span(arrow.start_pos, arrow.start_pos)),)
        ability = M.Ability(kind="activated", effects=self._wrap(st), costs=costs,
                            span=span_of(children))
        return Item("granted", (ability,), span_of(children))

    def quoted_keyword(self, children):
        from judge.cards.syntax import Item
        name = str(children[1])
        arg = children[3]
        value = None
        what = None
        if isinstance(arg, Token):
            value = M.Amount(value=int(str(arg)), text=str(arg), span=span_of(arg))
        else:
            what = self.reader.target(arg)
        kw = M.Keyword(name=name, citation=keyword_citation(name), span=span_of(children),
                       value=value, what=what)
        ability = M.Ability(kind="keyword", keywords=(kw,), span=span_of(children))
        return Item("granted", (ability,), span_of(children))

    def costs(self, children):
        return tuple(c for c in children if isinstance(c, M.Cost))

    def cost_resource(self, children):
        tok = next(c for c in children if base(c.type) in ("INT", "XVAR"))
        text = str(tok)
        amount = M.Amount(value=int(text), text=text, span=span_of(tok)) if text.isdigit() \
            else M.Amount(variable="X", text=text, span=span_of(tok))
        return M.Cost(kind="resource", amount=amount, span=span_of(children))

    def cost_label(self, children):
        word = str(children[0]).lower()
        kind = {"flip": "flip", "[activate]": "exhaust"}.get(word, word)
        return M.Cost(kind=kind, span=span_of(children))

    def cost_action(self, children):
        vp = children[0]
        has_object = any(not isinstance(i, (M.Duration,)) for i in vp.items)
        lemma = vp.group.lemma
        if lemma in ("flip",) and not has_object:
            return M.Cost(kind="flip", span=vp.span)
        eff = self.frames.effect(Simple(None, vp.group, list(vp.items), "", vp.span))
        if isinstance(eff, M.Exhaust):
            return M.Cost(kind="exhaust", what=eff.target, span=vp.span)
        if isinstance(eff, M.Flip):
            return M.Cost(kind="flip", what=eff.target, span=vp.span)
        return M.Cost(kind="effect", effect=eff, span=vp.span)


_LABEL_KINDS = {"ongoing": "static", "reward": "reward", "death rattle": "triggered"}


class WowReader(GameReader):
    game = GAME
    grammar_file = "card_wow.lark"
    periods = ("ready step",)       # "during its controller's [next] ready step" (501.1a)
    start = ("sentence", "keyword_line", "label", "costs")

    def make_transformer(self):
        return WowTransformer(VOCABULARY, FRAMES)

    def _verb_first(self, piece: Piece) -> Piece:
        return _imperative(self, piece)

    def icon_terminal(self, text: str) -> str | None:
        low = text.lower()
        if low == "[activate]":
            return "ACTIVATE_ICON"
        if low == "[health]":      # "+1 [Health]": the health icon is the word health
            return "STAT"
        return None

    @cached_property
    def header(self) -> HeaderReader:
        return HeaderReader()

    def prepare(self, text: str) -> str:
        """Same length as ``text``: "<p>" becomes a line break, an empty "()" and the card line
        (kept in ``meta``) blank."""
        marked = _BLANK.sub(lambda m: {"<p>": "\n  "}.get(m.group(0), " " * len(m.group(0))),
                            text)
        marked, found = _IF_ABLE.subn(lambda m: " " * len(m.group(0)), marked)  # _if_able's
        # none in ``marked``: none in ``text`` either (what the blanking above changes is white
        # space around, never inside, a ", if able"), and parse looks no further
        self._able_in = text, found
        _, body = self.header.split(text)
        return " " * body + marked[body:] if body else marked

    def parse(self, text: str, *, strict: bool = False, name: str | None = None) -> M.CardText:
        meta, _ = self.header.split(text)
        if name is None and meta:
            name = meta[0][1]
        name = _short_name(text, name)
        card = super().parse(text, strict=strict, name=name)
        low = text.lower()
        walk = any(w in low for w in _REFLEXIVE_WORDS)   # the walk is costly: only if needed
        seen = getattr(self, "_able_in", None)
        able = [] if seen is not None and seen[0] is text and not seen[1] else \
            [m.start() for m in _IF_ABLE.finditer(card.text)]       # once, not per ability
        abilities = tuple(_replacement_of(
            _reflexives(_delayed_this_way(a)) if walk else _delayed_this_way(a))
            for a in card.abilities)
        if able:
            abilities = tuple(_if_able(a, card.text, able) for a in abilities)
        if any(a is not o for a, o in zip(abilities, card.abilities)):
            card = replace(card, abilities=abilities)
        if "complete this quest" in low:
            card = _completion_costs(card)
        return replace(card, meta=meta) if meta else card

    def _face_up_cost(self, piece: Piece) -> M.Ability | None:
        """"As a cost to place this quest face up, discard a card." (The Ring of Blood:
        Brokentoe, the 412.1c example): what its controller pays to place the card face up in
        his resource row (412.1c: "any costs associated with placing that resource face up must
        be paid as normal") - an ability of kind ``face-up cost`` whose ``costs`` hold the
        actions. Read only when the actions read as a plain sentence; else left unread."""
        text = self.text[piece.start:piece.end]
        lead = len(text) - len(text.lstrip())
        m = _FACE_UP_COST.match(text, lead)
        if m is None:
            return None
        rest = [t for t in piece.tokens if t.start_pos >= piece.start + m.end()]
        if not rest:
            return None
        sub = Piece(rest, rest[0].start_pos, piece.end)
        statements = self.statements(sub, quiet=True)
        abilities = self.assemble(statements) if statements else []
        if len(abilities) != 1 or abilities[0].kind != "spell" or abilities[0].trigger or \
                abilities[0].costs or not abilities[0].effects:
            return None
        return M.Ability(kind="face-up cost", costs=tuple(
            M.Cost(kind="effect", effect=e, span=e.span) for e in abilities[0].effects),
            span=M.Span(piece.start + lead, piece.end))

    def paragraph(self, piece: Piece) -> list[M.Ability]:
        found = _unpreventable(self.text, piece)
        if found is not None:
            return [found]
        found = self._face_up_cost(piece)
        if found is not None:
            return [found]
        piece = self._verb_first(piece)
        tokens = piece.tokens
        if _LINE_MARKS.isdisjoint(map(base, map(_type_of, tokens))):    # none of them
            parsed = self.run(piece, "keyword_line")
            if not parsed.error:
                return [parsed.value.ability]
        label, label_span = "", None
        limit = ""
        lead: list = []
        split = split_at(tokens, "COLON")
        if split is not None and split[0] and not _is_choice(tokens):
            head, rest = split
            parsed = self.run(piece_of(head), "label")
            if not parsed.error:
                text, label_span, *cond = parsed.value
                if cond:
                    lead = [_Cond(cond[0])]
                elif text.lower().startswith(("once per", "twice per")):
                    limit = text.lower()
                else:
                    label = text
                tokens = rest
            else:
                lead_statements = self.statements(piece_of(head), quiet=True)
                if lead_statements is not None:
                    lead = lead_statements
                    tokens = rest
        costs: tuple = ()
        arrow = split_at(tokens, "ARROW") if tokens else None
        if arrow is not None:
            head, rest = arrow
            # the card data drops the activate symbol: "→ ...", "2, → ...", ", Remove ... → ..."
            # leave its place empty (a cost "symbol", not shown)
            missing_before = missing_after = None
            if head and base(head[0].type) == "_COMMA":
                missing_before, head = head[0], head[1:]
            if head and base(head[-1].type) == "_COMMA":
                missing_after, head = head[-1], head[:-1]
            missing_between = [b for a, b in zip(head, head[1:])
                               if base(a.type) == "_COMMA" and base(b.type) == "_COMMA"]
            if missing_between:           # "1, , Discard a card → ..."
                drop = {id(t) for t in missing_between}     # by identity: tokens are strs
                head = [t for t in head if id(t) not in drop]
                missing_after = missing_after or missing_between[0]
            if head:
                parsed = self.run(piece_of(head), "costs")
                if parsed.error:
                    self.fail(piece_of(head), parsed)
                else:
                    costs = parsed.value
            tokens = rest
            if not head:
                at = piece.start if missing_before is None else missing_before.start_pos
                missing_before = missing_before or Token("_COMMA", "", at, end_pos=at)
            for tok in (missing_before, missing_after):
                if tok is not None:
                    symbol = M.Cost(kind="symbol", detail="not shown",
                                    span=M.Span(tok.start_pos, tok.start_pos))
                    costs = (symbol,) + costs if tok is missing_before else costs + (symbol,)
        statements = self.statements(piece_of(tokens)) if tokens else []
        if label and len(statements) == 1 and statements[0].mark == "np":
            # "Inspire: Ability, ally, equipment, hero, or resource": a keyword and what it names
            kw = M.Keyword(name=label, citation=keyword_citation(label), span=label_span,
                           what=statements[0].during)
            return [M.Ability(kind="keyword", keywords=(kw,), label=label,
                              citation=kw.citation, span=M.Span(piece.start, piece.end))]
        if any(st.mark == "np" for st in statements):
            for st in statements:
                if st.mark == "np":
                    span = st.span or M.Span(piece.start, piece.end)
                    self.fail(Piece([], span.start, span.end),
                              _parsed_error(span.start, "a sentence, not a noun phrase"))
            statements = [st for st in statements if st.mark != "np"]
        abilities = self.assemble(statements)
        if not (label or limit or costs or lead):
            return abilities
        effects: tuple = ()
        trigger = None
        for a in abilities:
            effects += a.effects
            trigger = trigger or a.trigger
        condition = None
        for st in lead:
            if st.condition is not None:
                condition = st.condition
        kind = "activated" if costs else _LABEL_KINDS.get(label.lower(), None)
        if kind is None:
            kind = "triggered" if trigger is not None else (abilities[0].kind if abilities
                                                            else "static")
        if trigger is not None and not costs:
            kind = "triggered"
        keywords = ()
        citation = cite(label) if label else cite("activated power") if costs else None
        if label and label.lower() not in _LABEL_KINDS:
            keywords = (M.Keyword(name=label, citation=citation, span=label_span),)
        return [M.Ability(kind=kind, effects=effects, trigger=trigger, costs=costs,
                          keywords=keywords, condition=condition, label=label, limit=limit,
                          citation=citation, span=M.Span(piece.start, piece.end))]


_UNPREVENTABLE = re.compile(
    r"(?P<combat>combat )?damage that (?P<who>your hero|this ally|this hero) would deal"
    r"(?P<with> with this weapon)? (?:is|are) unpreventable\.?", re.IGNORECASE)


_LINE_MARKS = frozenset({"DOT", "COLON", "ARROW", "SEMI"})   # none: maybe a keyword line
_type_of = attrgetter("type")


def _unpreventable(text: str, piece: Piece) -> M.Ability | None:
    """"Combat damage that your hero would deal with this weapon is unpreventable"
    (Annihilator): the packets it describes are made unpreventable as they would be dealt
    (408.3c), a change of a packet's preventability (717.4a), read as a replacement."""
    words = text[piece.start:piece.end].strip()
    m = _UNPREVENTABLE.fullmatch(words)
    if m is None:
        return None
    start = piece.start + (len(text[piece.start:piece.end]) -
                           len(text[piece.start:piece.end].lstrip()))
    span = M.Span(start, start + len(words))
    who = m.group("who").lower()
    subject = (M.Target(text=m.group("who"), controller="you", kinds=("hero",))
               if who == "your hero" else
               M.Target(text=m.group("who"), ref="this", kinds=(who.split()[1],)))
    with_ = M.Target(text="this weapon", ref="this", kinds=("weapon",)) if m.group("with") \
        else None
    event = M.Event(verb="deal damage", subject=subject,
                    damage_type="combat" if m.group("combat") else "", with_=with_, would=True,
                    text=words.rstrip("."), span=span)
    instead = M.Damage(verb="deal", amount=M.Amount(ref="that much", text="that much"),
                       unpreventable=True, span=span)
    rep = M.Replacement(verb="would", event=event, instead=(instead,), span=span)
    return M.Ability(kind="static", effects=(rep,), span=span)


_FACE_UP_COST = re.compile(r"as an? cost to place this (?:quest|location) face up\s*,\s*", re.I)


_NOT_SHORT = frozenset({"high", "lord", "lady", "king", "queen", "the", "of", "captain",
                        "general", "grand", "elder", "young", "old", "great", "black", "dark"})


_COMPLETE = re.compile(r"pay \((\d+)\) to complete this quest\.?", re.IGNORECASE)


def _completion_costs(card: M.CardText) -> M.CardText:
    """"Pay (3) to complete this quest. <p> Reward: ...": the completion cost of the reward
    power that follows (702.1), held as the reward ability's resource cost; a restriction on
    when it can be completed ("During your turn, pay 3 ...") is held as its condition."""
    out: list[M.Ability] = []
    pending: M.Cost | None = None
    restriction: M.Condition | None = None
    for i, a in enumerate(card.abilities):
        words = card.text[a.span.start:a.span.end].strip() if a.span else ""
        m = _COMPLETE.fullmatch(words)
        if m is not None:
            pending = M.Cost(kind="resource", amount=M.Amount(value=int(m.group(1)),
                                                              text=f"({m.group(1)})"),
                             span=a.span)
            restriction = None
            continue
        following = card.abilities[i + 1] if i + 1 < len(card.abilities) else None
        read = _read_completion_cost(a) if following is not None and \
            following.label.lower() == "reward" else None
        if read is not None:
            pending, restriction = read
            continue
        if pending is not None and a.label.lower() == "reward":
            a = replace(a, costs=(pending,) + a.costs,
                        condition=restriction if restriction is not None else a.condition)
            pending = restriction = None
        elif pending is not None:
            out.append(M.Ability(kind="static", effects=(M.Other(verb="pay", span=pending.span),),
                                 span=pending.span))
            pending = restriction = None
        out.append(a)
    return replace(card, abilities=tuple(out))


def _read_completion_cost(a: M.Ability) -> tuple[M.Cost, M.Condition | None] | None:
    """"Pay 3 to complete this quest.", "During your turn, pay 3 to complete this quest.": the
    sentence read as paying and completing this quest, optionally under a "during" condition, is the completion cost of
    the reward power that follows and a restriction on when it can be added (702.1). Read
    from the parsed values; only resource costs are taken."""
    if a.kind not in ("spell", "static") or a.label or a.trigger is not None or \
            not a.effects:
        return None
    condition = None
    body: tuple[M.Effect, ...] = a.effects
    if len(body) == 1 and isinstance(body[0], M.Conditional):
        e = body[0]
        if e.condition is None or e.condition.kind != "during" or e.otherwise:
            return None
        condition, body = e.condition, e.then
    if len(body) != 2 or not isinstance(body[0], M.Pay) or not isinstance(body[1], M.Play):
        return None
    pay, complete = body
    if complete.verb != "complete" or complete.what is None or complete.what.ref != "this" \
            or "quest" not in complete.what.kinds or len(pay.costs) != 1:
        return None
    cost = pay.costs[0]
    if cost.kind != "resource" or cost.amount is None or cost.amount.value is None:
        return None
    return cost, condition


def _short_name(text: str, name: str | None) -> str | tuple[str, str] | None:
    """A WoW card calls itself by a short name ("Kil'zin deals 3 nature damage" on Kil'zin of
    the Bloodscalp, "When Erunak enters play" on Erunak Stonespeaker): when the full name is
    not printed in the text but one of its first or last word is, that word is the card's
    name there."""
    # found by str.find and a look at the characters around it, not by a pattern made from
    # the card's name: compiling one per card (more than re's cache holds) cost more than
    # anything else a WoW coverage run does outside parsing
    if not name or " " not in name.strip():
        return name
    full = _printed_bounded(text, name)
    # a nickname in quotes ('"Eyeball" Jones' calls itself Eyeball) is the word without them
    words = [w.strip("'\"‘’“”") for w in name.replace(",", " ").split()]
    if full:
        # both printed ("Flip Boris Brightbeard → Boris heals X damage"): both are it, when the
        # short word starts a sentence or a payment effect and a lower-case word follows it
        # ("Put a Netherdrake ally token", "named Prince Keleseth" are other cards)
        w = words[0]
        if len(w) > 3 and w.lower() not in _NOT_SHORT and _starts_clause(
                text.replace(name, " " * len(name)), w):
            return (name, w)
        return name
    for w in (words[0], words[-1]):
        if len(w) > 3 and w.lower() not in _NOT_SHORT and _printed_alone(text, w):
            return w
    return name


def _starts_clause(text: str, word: str) -> bool:
    """``word`` printed at the start of the text, of a line, of a sentence or after an arrow,
    with a lower-case word after it."""
    at = text.find(word)
    while at >= 0:
        before = text[:at].rstrip(" ")
        after = text[at + len(word):]
        if (not before or before[-1] in ".\n→>:") and after[:1] == " " and \
                after[1:2].islower():
            return True
        at = text.find(word, at + 1)
    return False


def _word_char(c: str) -> bool:
    return c.isalnum() or c == "_"                  # what \w matches in a str pattern


def _printed_bounded(text: str, name: str) -> bool:
    r"""``re.search(r"\b" + re.escape(name) + r"\b", text)``: ``name`` between word
    boundaries (a boundary: a word character on one side only, the text's ends counting as
    none)."""
    first, last = _word_char(name[0]), _word_char(name[-1])
    at = text.find(name)
    while at >= 0:
        end = at + len(name)
        before = _word_char(text[at - 1]) if at else False
        after = _word_char(text[end]) if end < len(text) else False
        if before != first and after != last:
            return True
        at = text.find(name, at + 1)
    return False


def _printed_alone(text: str, word: str) -> bool:
    r"""``re.search(r"(?<![\w'\[])" + re.escape(word) + r"(?![\w\]])", text)``."""
    at = text.find(word)
    while at >= 0:
        end = at + len(word)
        before = text[at - 1] if at else ""
        after = text[end] if end < len(text) else ""
        if not (before and (_word_char(before) or before in "'[")) and \
                not (after and (_word_char(after) or after == "]")):
            return True
        at = text.find(word, at + 1)
    return False


def _delayed_this_way(ability: M.Ability) -> M.Ability:
    """"(1), Flip Kil'zin >>> Kil'zin deals 3 nature damage to ... When damage is dealt this
    way, that opponent's hero deals 3 ...", "Reward: Put ... Tooga into play. At the start of
    your next turn, remove that ally from the game": a trigger sentence after a payment power's,
    reward's or ability's first effect is a triggered modifier the link creates as it resolves
    (715.1), not the power's trigger."""
    t = ability.trigger
    if t is None or t.event is None or t.span is None or not (
            ability.kind in ("activated", "spell", "static") or
            ability.label.lower() == "reward"):
        return ability
    before = tuple(e for e in ability.effects if e.span is not None
                   and e.span.start < t.span.start)
    after = tuple(e for e in ability.effects if e not in before)
    if not before or not after:
        return ability
    event = t.event
    if event.text.lower().endswith("this way"):
        event = replace(event, this_way=True,
                        rest=tuple(r for r in event.rest if r.lower() != "this way"))
    delayed = M.DelayedTrigger(verb="delayed trigger", trigger=replace(t, event=event),
                               effects=after, span=M.Span(t.span.start, after[-1].span.end
                                                          if after[-1].span else t.span.end))
    kind = ability.kind
    if ability.label.lower() == "reward":
        kind = "reward"
    return replace(ability, trigger=None, effects=before + (delayed,), kind=kind)


def _imperative(reader: "WowReader", piece: Piece) -> Piece:
    """A paragraph that starts with a word that is a verb or something else ("Ready your hero
    and a Melee weapon you control" after a keyword line): a power's first word is its
    imperative verb, whatever the paragraph before it ended with."""
    tokens = piece.tokens
    if not tokens:
        return piece
    first = tokens[0]
    pair = reader.grammar.lexicon.ambiguous.get(str(first).lower())
    if pair is None or base(first.type) != base(pair[1]) or not str(first)[:1].isupper():
        return piece
    if len(tokens) < 2 or base(tokens[1].type) != "DET":
        return piece                 # "Attached ally has ...": the word describes a noun
    retyped = Token(pair[0], str(first), first.start_pos, None, None, end_pos=first.end_pos)
    return Piece([retyped] + list(tokens[1:]), piece.start, piece.end)


class _Cond(Statement):
    def __init__(self, condition) -> None:
        super().__init__((), condition.span)
        self.condition = condition


def _parsed_error(at: int, what: str):
    from judge.cards.reader import Parsed
    return Parsed(error=f"expected {what}", at=at)


def _is_choice(tokens) -> bool:
    return bool(tokens) and base(tokens[0].type) == "CHOOSE_ONE"


# "<p>" (a paragraph); "()" where the card data dropped a symbol ("fire (), frost (), or nature
# () damage": the damage type icons) - blanked, the words around it read as printed
_BLANK = re.compile(r"<p>|\(\s*\)")

READER = WowReader()


def parse(text: str, *, strict: bool = False, name: str | None = None) -> M.CardText:
    """Parse WoW TCG card text (optionally preceded by the rules' card line). ``name``, when
    known (or read from the card line), lets the card's references to itself read as "this"."""
    return READER.parse(text, strict=strict, name=name)


def rules_used(text: str, *, name: str | None = None) -> set[str]:
    return READER.rules_used(text, name=name)


def iter_corpus(path: str | Path) -> Iterator[tuple[str, str]]:
    """(card name, front text) from a WoWTCG-Tracker ``prints.json``: one row per card.

    Cards are identified by name: a card reprinted with the same name yields once, with its
    first printed text (reprints repeat or re-word the same card). Printings without front
    text (vanilla allies, some heroes) are skipped: there is nothing to parse.
    """
    rows = json.loads(Path(path).read_text(encoding="utf-8"))
    seen: set[str] = set()
    for row in rows:
        name = (row.get("card_name") or "").strip()
        text = row.get("card_print_text_front") or ""
        if not name or not text.strip() or name in seen:
            continue
        seen.add(name)
        yield name, text
