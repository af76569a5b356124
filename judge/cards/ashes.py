"""Ashes: Rise of the Phoenixborn card text -> effect values (grammar: ``grammar/card_ashes.lark``;
rules: ashes-raven-1.1).

``parse`` accepts either a whole card block as ashes.live prints it::

    Blood Archer
    Ally - Battlefield
    [[main]] - 1 [[ceremonial:class]] - 1 [[charm:class]] - 2 [[basic]]
    Attack 3 - Life 3 - Recover 2

    Blood Oath 2: When you are declaring attackers, you may add 2 attack to this unit ...

or only the ability paragraphs. Card errata (Raven Rules section 1) replace printed text: when
the card's name has an errata entry, the errata text is parsed instead of the printed one and the
result says so in ``meta`` (``("errata", "<citation>")``). The section's global errata ("inflict
X damage" now says "deal X damage") applies to every card.

Parsing: lark's LALR parser with the contextual lexer, one piece at a time (type line, stats, cost
line, ability head, each sentence). The grammar reads a verb's prepositional phrases flat; the
transformer gives each its role (``AshesTransformer._args``). A sentence the grammar rejects is
reported unparsed with its span (the grammar was Earley until LALR read more of the corpus at
a fraction of the cost).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from lark import Lark, Token, v_args
from lark.exceptions import UnexpectedInput

from judge.cards.common import GRAMMAR_DIR, TokenSpan, span_of, use_first_char_scanners
from judge.cards.errors import CardSyntaxError
from judge.cards.links import citation_for, first_citation
from judge.cards.legacy_model import (
    Ability, CardText, Condition, Cost, Damage, Gain, Keyword, ModifyValue, Move, Other,
    Prevent, Span, Target, Unparsed,
)
from judge.cards.sentences import (
    SAME_LENGTH, Piece, Sentence, SentenceTransformer, num, other_effect, pieces, where, window,
)
from judge.errors import UsageError
from judge.grammar_cache import lark_cache

GAME = "ashes"
DOCUMENT = "ashes-raven-1.1"
GLOBAL_ERRATA = f"{DOCUMENT} 1.0.0"     # "inflict X damage" -> "deal X damage"


def cite(*terms: str) -> str | None:
    return first_citation(GAME, *terms)


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


# --------------------------------------------------------------------------- parser

_STARTS = ["type_line", "pb_stats", "stats", "costs", "ability_head", "sentence"]
_GRAMMAR = GRAMMAR_DIR / "card_ashes.lark"


@cache
def _lark() -> Lark:
    """The LALR parser (contextual lexer) of grammar/card_ashes.lark, cached between runs."""
    parser = Lark.open(str(_GRAMMAR), parser="lalr", lexer="contextual", propagate_positions=True,
                       maybe_placeholders=False, g_regex_flags=re.I, start=_STARTS,
                       cache=lark_cache(_GRAMMAR))
    use_first_char_scanners(parser)
    return parser


_PARAGRAPH_BREAK = re.compile(r"\n\s*\n")
_SENTENCE_END = re.compile(r'(?<=[.:])\s+(?=[A-Z"*\[])|\n')

_DAMAGE_VERBS = frozenset({"deal", "deals", "dealt", "inflict"})


@v_args(meta=True)
class AshesTransformer(SentenceTransformer):
    game = GAME

    def _target(self, meta) -> Target:
        base = super()._target(meta)
        targeted = bool(re.search(r"\btargets?\b", base.text))
        return Target(text=base.text, targeted=targeted, quantifier=base.quantifier,
                      span=base.span)

    # ---- card block lines
    def type_line(self, meta, children):
        out = [("type", str(children[0]).lower())]
        if len(children) > 1:
            out.append(("placement", str(children[1]).lower()))
        return out

    def pb_stats(self, meta, children):
        names = ("battlefield", "life", "spellboard")
        return [("type", "phoenixborn")] + [(n, str(v)) for n, v in zip(names, children)]

    def stats(self, meta, children):
        return list(children)

    def stat(self, meta, children):
        return (str(children[0]).lower(), str(children[1]).upper())

    def costs(self, meta, children):
        return tuple(children)

    def cost_main(self, meta, children):
        return Cost(kind="main action", amount=1, span=span_of(meta))

    def cost_side(self, meta, children):
        return Cost(kind="side action", amount=1, span=span_of(meta))

    def cost_main_or_side(self, meta, children):
        return Cost(kind="main or side action", amount=1, span=span_of(meta))

    def cost_exhaust(self, meta, children):
        return Cost(kind="exhaust", amount=1, span=span_of(meta))

    def cost_dice(self, meta, children):
        amounts = [int(c) for c in children if c.type == "NUMBER"]
        dice = [str(c).strip("[]") for c in children if c.type == "DIE"]
        return Cost(kind="dice" if len(dice) > 1 else "die", amount=amounts[0] if amounts else 1,
                    detail=" / ".join(dice), span=span_of(meta))

    def cost_discard(self, meta, children):
        amount = next((int(c) for c in children if c.type == "NUMBER"), 1)
        return Cost(kind="discard", amount=amount, span=span_of(meta))

    # ---- ability head
    def ability_head(self, meta, children):
        star = any(isinstance(c, Token) and c.type == "STAR" for c in children)
        name = next((c for c in children if isinstance(c, tuple) and c[0] == "name"), None)
        costs = next((c for c in children if isinstance(c, tuple) and c and isinstance(c[0], Cost)),
                     ())
        return Head(inexhaustible=star, name=name[1] if name else "", value=name[2] if name else None,
                    costs=costs, span=span_of(meta))

    def ability_name(self, meta, children):
        words = [str(c) for c in children if c.type == "NAME_WORD"]
        value = next((num(c) for c in children if c.type in ("NUMBER", "X")), None)
        return ("name", " ".join(words), value)

    # ---- sentences
    def sentence(self, meta, children):
        return children[0]

    def define_x(self, meta, children):
        return Sentence(effects=[Other(verb="define X", span=span_of(meta),
                                       args=(("x", self.phrase(meta).split("=", 1)[-1].strip(" .")),))])

    def grant_following(self, meta, children):
        return Sentence(effects=[Gain(verb="gain", resource="the following ability",
                                      target=children[0], span=span_of(meta))])

    def reaction_trigger(self, meta, children):
        # "You may play this spell when/after <event>": a reaction spell's trigger.
        from judge.cards.legacy_model import Trigger
        condition = next(c for c in children if isinstance(c, Condition))
        word = "after" if " this spell after " in f" {self.phrase(meta)} " else "when"
        return Sentence(trigger=Trigger(kind=word, event=condition.text, span=span_of(meta)))

    def trigger_limit(self, meta, children):
        return Sentence(limits=["once per " + self.phrase(meta).rsplit(" ", 1)[-1].rstrip(".")])

    def attach_limit(self, meta, children):
        text = re.sub(r"^.*?\battached (to|if)\s+", "", self.phrase(meta)).rstrip(".")
        return Sentence(condition=Condition(text=text, kind="attach only to",
                                            span=span_of(meta)))

    def play_permission(self, meta, children):
        return Sentence(effects=[Other(verb="may be played", span=span_of(meta),
                                       args=(("even if", children[0].text),))])

    def as_long_as(self, meta, children):
        from judge.cards.legacy_model import Conditional
        cond = children[0]
        effects = next(c for c in children if isinstance(c, list))
        return Sentence(effects=[Conditional(verb="if", condition=Condition(cond.text, kind="as long as",
                                                                            span=cond.span),
                                             then=tuple(effects), span=span_of(meta))])

    # ---- actions
    def deal(self, meta, children):
        amount: int | str = 0
        for child in children:
            if isinstance(child, Token) and child.type in ("NUMBER", "X"):
                amount = num(child)
        words = self.phrase(meta)
        if "that much" in words:
            amount = "that much"
        elif re.match(r"deals? that damage|dealt that damage", words):
            amount = "that damage"
        elif " its damage" in f" {words}":
            amount = "its damage"
        target = next((t for p, t in self._args(meta, children) if p == "to"), None)
        return Damage(verb="deal", amount=amount, target=target, span=span_of(meta))

    def _args(self, meta, children) -> list[tuple[str, Target]]:
        """A verb's noun phrases, each with the preposition before it read as a zone: "from"
        or "to" ("" for the object). A phrase after "in", "with", "under", ... describes the
        phrase before it and joins it ("1 card in your discard pile"), so does "on" after a
        zone ("from a target unit on your battlefield"). Phrases with no preposition token
        before them come in order (object, then zones as the text names them)."""
        out: list[tuple[str, Target]] = []
        prep = None
        in_order = True
        for child in children:
            if isinstance(child, Token) and child.type == "PREP":
                prep = " ".join(str(child).lower().split())
                in_order = False
            elif isinstance(child, Target):
                zone = _ZONE_PREPS.get(prep or "")
                describes = bool(out) and (zone is None or (prep == "on"
                                                            and out[-1][0] in ("from", "to")))
                if prep and describes:
                    first = out[-1][1]
                    joined = self._target(TokenSpan(first.span.start, child.span.end))
                    out[-1] = (out[-1][0], joined)
                else:
                    out.append((zone or "", child))
                prep = None
        if out and in_order:
            rest = self.marked[out[0][1].span.end:meta.end_pos]
            words = re.findall(r"\b(from|into|to|on|onto|off)\b", rest)
            out = out[:1] + [(_ZONE_PREPS[w], t) for w, (_, t) in zip(words, out[1:])]
        return out

    inflict = deal

    def add_value(self, meta, children):
        targets = [c for c in children if isinstance(c, Target)]
        target = targets[-1]
        # "add 2 to ...", or "add <a value> to ...": the amount is that value's words
        delta = num(children[1]) if isinstance(children[1], Token) else targets[0].text
        stat = _stat(target.text)
        amount = re.fullmatch(r"(\d+|x)(?:\s+(more|attack|life|recover))?", str(delta), re.I)
        if amount and len(targets) > 1:                     # "add 2 attack to this unit"
            delta = num(amount.group(1))
            stat = (amount.group(2) or "").lower() if amount.group(2) not in (None, "more") \
                else stat
        return ModifyValue(verb="add", stat=stat, delta=delta,
                           target=target, span=span_of(meta))

    def reduce_value(self, meta, children):
        # what is reduced: the noun phrase and the phrases after it, up to "by N"
        by = next((c.start_pos for c in children
                   if isinstance(c, Token) and c.type in ("NUMBER", "X")), meta.end_pos)
        targets = [c for c in children if isinstance(c, Target) and c.span.end <= by]
        target = targets[0] if len(targets) < 2 else self._target(
            TokenSpan(targets[0].span.start, targets[-1].span.end))
        amount = next((num(c) for c in children
                       if isinstance(c, Token) and c.type in ("NUMBER", "X")), "X")
        delta = -amount if isinstance(amount, int) else f"-{amount}"
        return ModifyValue(verb="reduce", stat=_stat(target.text), delta=delta, target=target,
                           span=span_of(meta))

    def prevent(self, meta, children):
        args = self._args(meta, children)
        what = args[0][1].text if args else ""
        match = re.match(r"(\d+|x)\b", what)
        amount = num(match.group(1)) if match else (None if what.startswith("all") else what)
        target = next((t for p, t in args[1:] if p == "to"), None)
        return Prevent(verb="prevent", amount=amount, target=target, span=span_of(meta))

    def gain(self, meta, children):
        what = next(c for c in children if isinstance(c, Target))
        return Gain(verb="gain", resource=what.text, target=None, span=span_of(meta),
                    citation=cite(what.text) if what.text[:1].isupper() else None)

    def _move(verb: str):  # noqa: N805 - a factory used in the class body
        def method(self, meta, children):
            args = self._args(meta, children)
            what = args[0][1] if args else None
            from_zone = next((t.text for p, t in args[1:] if p == "from"), "")
            to_zone = next((t.text for p, t in args[1:] if p == "to"), "")
            count = None
            if what is not None and what.quantifier != "one":
                count = int(what.quantifier) if what.quantifier.isdigit() else what.quantifier
            if verb == "draw":
                from_zone, to_zone = from_zone or "draw pile", to_zone or "hand"
            return Move(verb=verb, count=count, what=what, from_zone=from_zone, to_zone=to_zone,
                        span=span_of(meta))
        return method

    draw = _move("draw")
    discard = _move("discard")
    destroy = _move("destroy")
    search = _move("search")
    shuffle = _move("shuffle")
    return_ = _move("return")
    move = _move("move")
    play = _move("play")
    remove = _move("remove")
    del _move

    _other = other_effect  # a factory used in the class body, deleted below

    place = _other("place")
    select = _other("select dice")
    reroll = _other("re-roll")
    change = _other("change")
    spend = _other("spend")
    exhaust = _other("exhaust")
    attach = _other("attach")
    cancel = _other("cancel")
    look = _other("look at")
    reveal = _other("reveal")
    take = _other("take")
    guard = _other("guard")
    block = _other("block")
    counter = _other("counter")
    choose = _other("choose")
    receive = _other("receive")
    be = _other("be")
    have = _other("have")
    affected = _other("be affected")
    considered = _other("be considered")
    use = _other("use")
    declare = _other("declare")
    meditate = _other("meditate")
    comes_into_play = _other("come into play")
    dismount = _other("dismount")
    control = _other("control")
    activate = _other("activate")
    cause = _other("have")
    begin = _other("begin")
    roll = _other("roll")
    include = _other("include")
    name = _other("name")
    repeat = _other("repeat")
    count = _other("count toward")
    leave = _other("leave play")
    switch = _other("switch")
    pay = _other("pay")
    target = _other("target")
    become = _other("become")
    attack = _other("attack")

    def other_verb(self, meta, children):
        """A verb with no effect value of its own ("loses", "enters", "occupies")."""
        verb = str(children[0]).lower()
        verb = re.sub(r"(ies)$", "y", verb) if verb.endswith("ies") else verb.removesuffix("s")
        return Other(verb=verb, span=span_of(meta),
                     args=(("text", self.phrase(meta)),) + tuple(
                         ("target", c.text) for c in children if isinstance(c, Target)))
    del _other

    # ---- Ashes prefixes and suffixes (the shared statement() wraps effects with them)
    def p_timing_at(self, meta, children):
        from judge.cards.legacy_model import Trigger
        event = self.phrase(meta).removeprefix("at ").rstrip(", ")
        return ("p_timing", Trigger(kind="at", event=event,
                                    span=span_of(meta)))

    def t_when(self, meta, children):
        from judge.cards.legacy_model import Trigger
        word = self.source(meta).split()[0].lower()
        event = self.phrase(meta).split(" ", 1)[1].rstrip(", ") if " " in self.phrase(meta) else ""
        return Trigger(kind=word, event=event, span=span_of(meta))

    def s_when(self, meta, children):
        if self.source(meta).split()[0].lower() == "before":   # "before <event>": a note
            return ("s_note", self.phrase(meta))
        return ("s_when", next(c for c in children if isinstance(c, Condition)))

    def s_unless(self, meta, children):
        return ("s_unless", children[0])

    def s_while(self, meta, children):
        return ("s_while", children[0])

    def s_to(self, meta, children):
        return ("s_then", children[0])

    def s_before(self, meta, children):
        return ("s_note", self.phrase(meta))

    def s_by(self, meta, children):
        return ("s_note", self.phrase(meta))

    def s_for_each(self, meta, children):
        return ("s_for_each", self._each(meta))

    def p_for_each(self, meta, children):
        return ("p_for_each", self._each(meta))

    def _each(self, meta) -> Condition:
        """"for each <noun phrase and its prepositional phrases>"."""
        text = re.sub(r"^for each\s+", "", self.phrase(meta), flags=re.I).rstrip(", ")
        return Condition(text=text, kind="for each", span=span_of(meta))

    def subject(self, meta, children):
        # the subject is the noun phrase with the prepositional phrases after it
        return super().subject(meta, [self._target(meta)])

    def _marker(name: str):  # noqa: N805
        def method(self, meta, children):
            return (name, Condition(text=self.phrase(meta).rstrip(","), kind=name[2:],
                                    span=span_of(meta)))
        return method

    p_then = _marker("p_then")
    p_in_addition = _marker("p_then")
    p_if_you_do = _marker("p_if_you_do")
    p_if_not = _marker("p_if_not")
    p_instead = _marker("p_instead")
    del _marker


@dataclass(frozen=True, slots=True)
class Head:
    inexhaustible: bool
    name: str
    value: int | str | None
    costs: tuple[Cost, ...]
    span: Span | None


_ZONE_PREPS = {"from": "from", "off": "from", "from under": "from", "to": "to", "into": "to",
               "onto": "to", "on": "to", "on to": "to", "": ""}


def _stat(text: str) -> str:
    for stat in ("attack", "life", "recover"):
        if stat in text:
            return stat
    return "value"


# --------------------------------------------------------------------------- driver

@dataclass
class _Card:
    text: str
    marked: str
    name: str | None = None
    meta: list[tuple[str, str]] = field(default_factory=list)
    abilities: list[Ability] = field(default_factory=list)
    failures: list[tuple[Piece, UnexpectedInput | None]] = field(default_factory=list)


def parse(text: str, *, strict: bool = False, name: str | None = None) -> CardText:
    """Parse an Ashes card block (or its ability text). Unreadable sentences are listed in
    ``unparsed``; ``strict=True`` raises :class:`CardSyntaxError` for the first one instead."""
    card_name = name or _block_name(text)
    text, meta = _apply_errata(text, card_name)
    card = _Card(text=text, marked=text.translate(SAME_LENGTH), name=card_name, meta=meta)
    paragraphs = pieces(card.marked, 0, len(card.marked), _PARAGRAPH_BREAK)
    spell = False
    if paragraphs and _is_block(card.marked, paragraphs[0]):
        spell = _header(card, paragraphs[0])
        paragraphs = paragraphs[1:]
    for paragraph in paragraphs:
        _paragraph(card, paragraph, spell=spell)
    if card.failures and strict:
        piece, err = card.failures[0]
        offset, expected = where(err, piece) if err is not None else (piece.start, "card text")
        raise CardSyntaxError("ashes card text not recognised from here", text=text,
                              offset=offset, path=f"<{card_name or 'card'}>", expected=expected)
    unparsed = []
    for piece, err in card.failures:
        offset, expected = where(err, piece) if err is not None else (piece.start, "card text")
        unparsed.append(Unparsed(text=text[piece.start:piece.end], span=Span(piece.start, piece.end),
                                 reason=f"at {offset}: expected {expected}"))
    return CardText(game=GAME, text=text, abilities=tuple(card.abilities),
                    unparsed=tuple(unparsed), meta=tuple(card.meta))


def _block_name(text: str) -> str | None:
    lines = text.strip().split("\n")
    if len(lines) >= 2 and _first_line_kind(lines[1].strip()) is not None:
        return lines[0].strip()
    return None


def _first_line_kind(line: str) -> str | None:
    for start in ("type_line", "pb_stats"):
        try:
            _lark().parse(line, start=start)
            return start
        except UnexpectedInput:
            continue
    return None


def _is_block(marked: str, paragraph: Piece) -> bool:
    lines = marked[paragraph.start:paragraph.end].split("\n")
    return len(lines) >= 2 and _first_line_kind(lines[1].strip()) is not None


def _run(card: _Card, piece: Piece, start: str):
    text = window(card.marked, piece)
    tree = _lark().parse(text, start=start)
    return AshesTransformer(card.text, card.marked).transform(tree)


def _header(card: _Card, paragraph: Piece) -> bool:
    """Name, type line / Phoenixborn stats, magic play cost and stats lines. Returns whether the
    card is an action or reaction spell (its text is the spell's effect)."""
    spell = False
    line_pieces = pieces(card.marked, paragraph.start, paragraph.end, re.compile(r"\n"))
    card.meta.insert(0, ("name", card.text[line_pieces[0].start:line_pieces[0].end].strip()))
    for index, line in enumerate(line_pieces[1:]):
        starts = ("type_line", "pb_stats") if index == 0 else ("costs", "stats")
        for start in starts:
            try:
                result = _run(card, line, start)
            except UnexpectedInput as err:
                last = err
                continue
            if start == "costs":
                card.meta.append(("play cost", card.text[line.start:line.end]))
                card.abilities.append(Ability(kind="play cost", costs=result,
                                              citation=cite("magic play cost", "paying costs"),
                                              span=Span(line.start, line.end)))
            else:
                card.meta.extend(result)
                spell = spell or any(v in ("action spell", "reaction spell") for _, v in result)
            break
        else:
            card.failures.append((line, last))
    return spell


def _paragraph(card: _Card, paragraph: Piece, *, spell: bool) -> None:
    head, body = _head(card, paragraph)
    sentences: list[Sentence] = []
    if body is not None:
        for piece in pieces(card.marked, body.start, body.end, _SENTENCE_END):
            try:
                sentences.append(_run(card, piece, "sentence"))
            except UnexpectedInput as err:
                card.failures.append((piece, err))
    if head is None and not sentences:
        return
    card.abilities.append(_ability(head, sentences, Span(paragraph.start, paragraph.end),
                                   spell=spell))


def _head(card: _Card, paragraph: Piece) -> tuple[Head | None, Piece | None]:
    """The "[*] Name N: [cost:]" head of a paragraph, tried on the longest colon prefix first."""
    text = card.marked
    colons = [m.end() for m in re.finditer(r":(?=\s|$)", text[paragraph.start:paragraph.end])][:3]
    for end in sorted({paragraph.end - paragraph.start, *colons}, reverse=True):
        piece = Piece(paragraph.start, paragraph.start + end)
        try:
            head = _run(card, piece, "ability_head")
        except UnexpectedInput:
            continue
        rest = Piece(piece.end, paragraph.end)
        body = rest if text[rest.start:rest.end].strip() else None
        return head, body
    star = re.match(r"\*\s+", text[paragraph.start:paragraph.end])
    if star:
        return Head(inexhaustible=True, name="", value=None, costs=(), span=None), Piece(
            paragraph.start + star.end(), paragraph.end)
    return None, paragraph


def _ability(head: Head | None, sentences: list[Sentence], span: Span, *, spell: bool) -> Ability:
    whole = Sentence.joined(sentences)
    effects, trigger, condition, limits = whole.effects, whole.trigger, whole.condition, whole.limits
    costs = head.costs if head else ()
    if head and head.inexhaustible:
        limits.insert(0, "inexhaustible")
    keywords: tuple[Keyword, ...] = ()
    label = ""
    citation = cite("ability")
    if head and head.name:
        label = head.name
        keyword_citation = cite(head.name, _KEYWORD_SECTIONS.get(head.name.lower(), ""), "ability")
        keywords = (Keyword(name=head.name, value=head.value, citation=keyword_citation,
                            span=head.span),)
        citation = keyword_citation
    if costs:
        kind = "activated"
        citation = cite("activating effects", "paying costs") if not label else citation
    elif trigger:
        kind = "triggered"
        citation = citation if label else cite("timing for triggered effects", "ability")
    elif any(type(e).__name__ == "Replacement" for e in effects):
        kind = "replacement"
    elif spell and not label:
        kind = "spell"
        citation = cite("playing cards")
    else:
        kind = "static"
    return Ability(kind=kind, effects=tuple(effects), trigger=trigger, costs=costs,
                   keywords=keywords, condition=condition, label=label,
                   limit="; ".join(limits), citation=citation, span=span)


# Named abilities whose rules live in a section of their own.
_KEYWORD_SECTIONS = {
    "battle advantage": "battle advantage, stalk, and bypass",
    "bypass": "battle advantage, stalk, and bypass",
    "stalk": "battle advantage, stalk, and bypass",
    "dismount": "dismount",
    "dismount rider": "dismount",
    "between realms": "between realms",
}


def _apply_errata(text: str, card_name: str | None) -> tuple[str, list[tuple[str, str]]]:
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
        header = blocks[0] if _block_name(text) else None
        text = f"{header}\n\n{new}" if header is not None else new
    for ability, new in entry.abilities:
        pattern = re.compile(r"(?m)^(\*\s+)?" + re.escape(ability) + r":[^\n]*")
        new_text = _restore_icons(new, text)
        text, count = pattern.subn(lambda m: f"{m.group(1) or ''}{ability}: {new_text}", text)
        if not count:
            meta.append(("errata unapplied", f"{ability}: {new}"))
    meta.extend(("errata unapplied", line) for line in entry.unapplied)
    return text, meta


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

