"""UFS / UniVersus card text -> effect values (grammar: ``grammar/card_ufs.lark``; rules: ufs-0.9).

A text box is a list of ability paragraphs. Each paragraph is one of

* a keyword line (I.1, I.2): ``Breaker: 1 - Ranged - Tech``, ``Deadlock Stun: 3 - Throw``;
* a played ability (H.1): ``[restriction] TYPE [brackets] [cost]: [response condition,] effect``,
  e.g. ``Enhance Sacrifice: Your attack gets +2 damage.``, ``Response [Tenacious] Flip: After ...``;
* a continuous ability (H.6): sentences without a type designator.

The header (everything before the colon) and then every sentence of the effect are parsed on
their own, so one sentence the grammar cannot read is reported as one ``Unparsed`` clause and the
rest of the ability still parses.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from lark import Lark, Token, v_args
from lark.exceptions import UnexpectedInput

from judge.cards.common import GRAMMAR_DIR, CardTransformer, span_of
from judge.cards.errors import CardSyntaxError
from judge.cards.links import first_citation
from judge.cards.model import (
    Ability, CardText, Choice, Condition, Cost, Damage, Duration, Effect, Gain, Keyword,
    ModifyValue, Move, Other, Span, Target, Unparsed,
)
from judge.cards.sentences import (
    SAME_LENGTH, Piece, Prevented, Sentence, SentenceTransformer, is_text, num, neg, per,
    other_effect, pieces, signed, where, window,
)
from judge.errors import UsageError
from judge.grammar_cache import lark_cache

GAME = "ufs"

# Citation terms, most specific first (judge.cards.links looks each up in the rules index).
KEYWORD_TRAITS = frozenset("ally charge fury kick punch ranged slam taunt tech weapon".split())
_TYPE_TERMS = {
    "enhance": ("enhance abilities", "enhance step", "played abilities types"),
    "form": ("form abilities", "played abilities types"),
    "response": ("response abilities", "played abilities types"),
    "blitz": ("blitz abilities", "played abilities types"),
    "block": ("block abilities", "block step", "played abilities types"),
}


def cite(*terms: str) -> str | None:
    return first_citation(GAME, *terms)


def keyword_citation(name: str) -> str | None:
    general = "keyword traits" if name.lower() in KEYWORD_TRAITS else "keyword abilities – text"
    return cite(name.lower(), general, "keywords")


# --------------------------------------------------------------------------- parser

GRAMMAR = GRAMMAR_DIR / "card_ufs.lark"
START = ["keyword_line", "header", "sentence"]


@cache
def _lark() -> Lark:
    """LALR(1) with lark's contextual lexer (each parse state lexes only the terminals it can
    shift), case-insensitive; built once and cached on disk (:mod:`judge.grammar_cache`)."""
    return Lark.open(str(GRAMMAR), parser="lalr", lexer="contextual", propagate_positions=True,
                     g_regex_flags=re.I, start=START, cache=lark_cache(GRAMMAR))


# Paragraph breaks: blank lines, the "\t \t" of builduvs exports, or 2+ spaces after a sentence
# end before the next ability (heroesclash.json).
_PARAGRAPH_BREAK = re.compile(r"\n\s*\n|[ \t]*\t[ \t]*\t[ \t]*(?=\S)|(?<=[.\]])[ ]{2,}(?=[A-Z{])")
# Sentence end: ". " before a capital letter, a quote or a parenthesis (not "max. +8").
_SENTENCE_END = re.compile(r'(?<=\.)\s+(?=[A-Z"(])')


# --------------------------------------------------------------------------- transformer

@dataclass
class Header:
    type: str
    restrictions: list[str]
    limits: list[str]
    costs: tuple[Cost, ...]


@dataclass(frozen=True, slots=True)
class _NextClause:
    """The effects of a clause read inside a bonus ("gets -2 speed and your rival commits ..."):
    they follow the bonus and keep their own subject."""
    effects: tuple[Effect, ...]


_VERB_LEMMA = {"adds": "add", "draws": "draw", "destroys": "destroy", "flips": "flip",
               "seals": "seal", "commits": "commit", "readies": "ready", "sacrifices": "sacrifice",
               "reveals": "reveal", "discards": "discard", "removes": "remove", "builds": "build",
               "clears": "clear", "chooses": "choose", "plays": "play", "played": "play"}
_SHORTHAND_COSTS = frozenset({"commit", "destroy", "remove", "flip", "sacrifice"})  # H.4.1
_MOVE_VERBS = frozenset({"add", "draw", "discard", "destroy", "remove", "build", "clear", "shuffle",
                         "sacrifice", "mill", "return", "search"})


def _lemma(word: str) -> str:
    word = word.lower()
    return _VERB_LEMMA.get(word, word)


# SentenceTransformer.clause as a plain function (self, meta, children): lark wraps v_args
# methods anew on every attribute access, super().clause included.
_BASE_CLAUSE = SentenceTransformer.__dict__["clause"].base_func
_TRANSFORM = getattr(CardTransformer.__dict__["transform"], "base_func",
                     CardTransformer.__dict__["transform"])


@v_args(meta=True)
class UfsTransformer(SentenceTransformer):
    game = GAME

    # ---- keywords
    def keyword_line(self, meta, children):
        return Ability(kind="keyword", keywords=tuple(children), span=span_of(meta),
                       citation=cite("keywords"))

    def keyword_item(self, meta, children):
        name = next(str(c) for c in children if isinstance(c, Token) and c.type == "KEYWORD")
        value: int | str | None = None
        for child in children:
            if isinstance(child, tuple) and child[0] == "rating":
                value = child[1]
            elif isinstance(child, tuple) and child[0] == "combo":
                value = child[1]
        restrictions = [c.capitalize() for c in children if is_text(c)]
        label = name.capitalize() if name.lower() != "ex" else "EX"
        if restrictions:
            label = " ".join(restrictions + [label])
        return Keyword(name=label, value=value, citation=keyword_citation(name),
                       span=span_of(meta))

    def rating(self, meta, children):
        raw = str(children[0])
        return ("rating", int(raw) if raw.isdigit() else raw.upper())

    def combo_req(self, meta, children):
        return ("combo", " ".join(self.source(meta).strip("()").split()))

    # ---- played ability header (H.1)
    def header(self, meta, children):
        restrictions = [c for c in children if is_text(c)]
        kind = next(str(c).lower() for c in children
                    if isinstance(c, Token) and c.type == "ABILITY_TYPE")
        limits: list[str] = []
        costs: tuple[Cost, ...] = ()
        for child in children:
            if isinstance(child, list):
                limits = child
            elif isinstance(child, tuple):
                costs = child
        return Header(type=kind, restrictions=restrictions, limits=limits, costs=costs)

    def r_first(self, meta, children):
        return "first"

    def r_combo(self, meta, children):
        return "combo"

    def r_deadlock(self, meta, children):
        return "deadlock"

    def r_desperation(self, meta, children):
        return "desperation"

    def r_watermark(self, meta, children):
        return f"watermark {children[0]}"

    def r_character(self, meta, children):
        return f"character {children[0]}"

    def bracket(self, meta, children):
        return list(children)

    def _bracket_item(self, meta, children):
        return self.phrase(meta)

    b_limit = b_timing = b_tenacious = b_zone = _bracket_item

    def costs(self, meta, children):
        return tuple(children)

    def _cost_value(self, meta, kind: str, children) -> Cost:
        amount = None
        detail = self.phrase(meta)
        for child in children:
            if isinstance(child, Token) and child.type in ("NUMBER", "SIGNED"):
                amount = int(str(child).lstrip("+"))
            elif isinstance(child, Target) and child.quantifier.isdigit():
                amount = int(child.quantifier)
        if kind in _SHORTHAND_COSTS and not children:
            detail = f"{kind} this card"        # H.4.1 shorthand
            amount = 1
        return Cost(kind=kind, amount=amount, detail=detail, span=span_of(meta))

    def cost_act(self, meta, children):
        """commit, destroy, remove, flip, sacrifice, discard, reveal, ready ... (H.4.1)"""
        return self._cost_value(meta, _lemma(str(children[0])), children[1:])

    def _cost(kind: str):  # noqa: N805 - a factory used in the class body
        def method(self, meta, children):
            return self._cost_value(meta, kind, children)
        return method

    cost_spend = _cost("spend")
    cost_lose = _cost("lose health")
    cost_mill = _cost("mill")
    cost_add = _cost("add")
    cost_name = _cost("name")
    cost_check = _cost("control check")   # H.4.2
    del _cost

    # ---- sentences
    def only_playable(self, meta, children):
        cond = next((c for c in children if isinstance(c, Condition)), None)
        text = cond.text if cond else self.phrase(meta).removeprefix("only playable ").rstrip(".")
        return Sentence(condition=Condition(text=text, kind="only playable if",
                                            span=span_of(meta)))

    def playable_committed(self, meta, children):
        return Sentence(limits=["playable while committed"])

    def playable_repeat(self, meta, children):
        return Sentence(limits=["playable any number of times this enhance step"])

    def no_check(self, meta, children):
        return Sentence(limits=["no check necessary"])

    def deck_limit(self, meta, children):
        return Sentence(effects=[Other(verb="deck limit", span=span_of(meta),
                                       args=(("text", self.phrase(meta)),))])

    def define_x(self, meta, children):
        return Other(verb="define X", span=span_of(meta),
                     args=(("x", self.phrase(meta).split(" equals ", 1)[-1]),))

    # K.3.6 bonuses and penalties
    def modify(self, meta, children):
        """"gets +2 speed", "+3 or -3 speed", "+2 speed and +2 damage"; a following action of
        the same subject ("gets +1 speed and gains Stun: 1") comes after the bonuses."""
        then = [e for c in children if isinstance(c, (Effect, list, _NextClause))
                for e in (c if isinstance(c, list) else [c])]
        bonus = self._bonus(meta, children)
        if not then:
            return bonus
        return (bonus if isinstance(bonus, list) else [bonus]) + then

    def next_clause(self, meta, children):
        own = self._clause(meta, children)
        return _NextClause(tuple(own) if isinstance(own, list) else (own,))

    def clause(self, meta, children):
        return self._clause(meta, children)

    def _clause(self, meta, children):
        """A bonus clause may carry the next clause (:class:`_NextClause`); the subject of this
        clause is not theirs, so they are added after the base class has read this one."""
        later: list[Effect] = []
        kept = []
        for child in children:
            if isinstance(child, list) and any(isinstance(c, _NextClause) for c in child):
                later = [e for c in child if isinstance(c, _NextClause) for e in c.effects]
                child = [c for c in child if not isinstance(c, _NextClause)]
                child = child[0] if len(child) == 1 else child
            kept.append(child)
        own = _BASE_CLAUSE(self, meta, kept)
        if not later:
            return own
        return (own if isinstance(own, list) else [own]) + later

    def _bonus(self, meta, children):
        mods = [c for c in children if isinstance(c, tuple) and c[0] == "mod"]
        per_each = next((c for c in children if is_text(c)), "")
        stat_token = next((str(c).lower() for c in children
                           if isinstance(c, Token) and c.type == "STAT"), "")
        deltas = []
        # "+3 or -3 speed", "+2 speed and +2 damage": a bare number takes the next stat named
        for index, (_, delta, stat) in enumerate(mods):
            stat = stat or next((s for _, _, s in mods[index + 1:] if s), "") or stat_token
            deltas.append((stat or "value", delta))
        if len(deltas) == 1:
            stat, delta = deltas[0]
            return ModifyValue(verb="modify", stat=stat, delta=per(delta, per_each),
                               span=span_of(meta))
        either = any(isinstance(c, Token) and c.type == "OR" for c in children)
        options = tuple((ModifyValue(verb="modify", stat=s, delta=per(d, per_each),
                                     span=span_of(meta)),) for s, d in deltas)
        if either:
            return Choice(verb="choose", options=options, span=span_of(meta))
        return [ModifyValue(verb="modify", stat=s, delta=per(d, per_each), span=span_of(meta))
                for s, d in deltas]

    def mod_delta(self, meta, children):
        """"+2 speed", "+2" (the stat named next), "+2 to its block modifier" """
        stat = next((str(c).lower() for c in children if c.type == "STAT"), "")
        return ("mod", signed(children[0]), stat)

    def mod_rating(self, meta, children):
        kw = next((str(c) for c in children if c.type == "KEYWORD"), "keyword")
        return ("mod", signed(children[0]), f"{kw.lower()} rating")

    def per_each(self, meta, children):
        return self.phrase(meta)

    def gains(self, meta, children):
        gained = [c for c in children if isinstance(c, Keyword)]
        verb = "lose and gain" if self.source(meta).lower().startswith("lose") else "gain"
        if not gained:
            return Other(verb="lose ability", span=span_of(meta),
                         args=(("text", self.phrase(meta)),))
        effects = [Gain(verb=verb, resource=k.name, amount=k.value if k.value is not None else 1,
                        citation=k.citation, span=span_of(meta)) for k in gained]
        if len(effects) == 1:
            return effects[0]
        return Choice(verb="choose", options=tuple((e,) for e in effects), span=span_of(meta))

    def gained(self, meta, children):
        name = str(children[0])
        value = children[1][1] if len(children) > 1 else None
        return Keyword(name=name.capitalize() if name.lower() != "ex" else "EX", value=value,
                       citation=keyword_citation(name), span=span_of(meta))

    def deals(self, meta, children):
        amount: int | str = 0
        for child in children:
            if isinstance(child, Token) and child.type in ("NUMBER", "X"):
                amount = int(child) if child.type == "NUMBER" else "X"
        if " no damage" in f" {self.phrase(meta)}":
            return Prevented(verb="deal no damage", span=span_of(meta))
        target = next((c for c in children if isinstance(c, Target)), None)
        return Damage(verb="deal", amount=amount, target=target, span=span_of(meta))

    def gain_health(self, meta, children):
        """"gain 2 health"; "gain health" (any amount, in a trigger) has amount "any"."""
        amount = next((num(c) for c in children if isinstance(c, Token)
                       and c.type in ("NUMBER", "X")), "any")
        duration = next((c for c in children if isinstance(c, Duration)), None)
        return Gain(verb="gain", resource="health", amount=amount, duration=duration,
                    span=span_of(meta))

    def lose_health(self, meta, children):
        per_each = next((c for c in children if is_text(c)), "")
        amount = next((num(c) for c in children if isinstance(c, Token)
                       and c.type in ("NUMBER", "X")), None)
        delta = per(neg(amount), per_each) if amount is not None else "any"
        duration = next((c for c in children if isinstance(c, Duration)), None)
        return ModifyValue(verb="lose", stat="health", delta=delta, duration=duration,
                           span=span_of(meta))

    def zone_act(self, meta, children):
        verbs = [_lemma(str(c)) for c in children if isinstance(c, Token) and c.type == "ZONE_VERB"]
        return self._move(meta, " and ".join(verbs), children)   # "commit and freeze NP"

    def move(self, meta, children):
        return self._move(meta, _lemma(str(children[0])), children)

    def _move(self, meta, verb: str, children) -> Effect:
        what = next((c for c in children if isinstance(c, Target)), None)
        tails = [c for c in children if isinstance(c, tuple)]
        from_zone = next((z for k, z in tails if k == "from"), "")
        to_zone = next((z for k, z in tails if k == "to"), "")
        notes = tuple((k, z) for k, z in tails if k not in ("from", "to"))
        count = None
        if what is not None and what.quantifier not in ("one",):
            count = int(what.quantifier) if what.quantifier.isdigit() else what.quantifier
        if verb in _MOVE_VERBS:
            if verb == "draw":
                to_zone = to_zone or "hand"
                from_zone = from_zone or "deck"
            return Move(verb=verb, count=count, what=what, from_zone=from_zone, to_zone=to_zone,
                        span=span_of(meta))
        args = (("what", what.text if what else ""),) + notes
        return Other(verb=verb, args=args, span=span_of(meta))

    def move_tail(self, meta, children):
        if children and isinstance(children[0], tuple):
            return children[0]
        return ("state", self.phrase(meta))

    # be, have, change, spend, cancel, look at, block, choose: SentenceTransformer
    _other = other_effect  # a factory used in the class body, deleted below

    considered = _other("considered completely blocked")
    ends = _other("end")
    ignores = _other("ignore progressive difficulty")
    counts = _other("count toward progressive difficulty")
    mill = _other("mill")
    ruin = _other("ruin")
    search = _other("search")
    name_card = _other("name")
    play = _other("play")
    return_ = _other("return")
    reduce = _other("reduce")
    put = _other("put")
    end = _other("end")
    take_damage = _other("take damage")
    resolves = _other("resolve")
    leave = _other("leave")
    make_check = _other("make a check")
    try_ = _other("try")
    pass_check = _other("pass the check")
    receive = _other("receive bonus")
    del _other


# --------------------------------------------------------------------------- driver

def parse(text: str, *, strict: bool = False, name: str | None = None) -> CardText:
    """Parse a UFS text box. Unreadable sentences are listed in ``unparsed``; ``strict=True``
    raises :class:`CardSyntaxError` for the first one instead."""
    marked = text.translate(SAME_LENGTH)
    abilities: list[Ability] = []
    unparsed: list[Unparsed] = []
    for paragraph in pieces(marked, 0, len(marked), _PARAGRAPH_BREAK):
        ability, failures = _paragraph(text, marked, paragraph)
        if failures and strict:
            piece, err = failures[0]
            offset, expected = where(err, piece)
            raise CardSyntaxError("ufs card text not recognised from here", text=text,
                                  offset=offset, path=f"<{name or 'card'}>", expected=expected)
        for piece, err in failures:
            offset, expected = where(err, piece)
            unparsed.append(Unparsed(text=text[piece.start:piece.end],
                                     span=Span(piece.start, piece.end),
                                     reason=f"at {offset}: expected {expected}"))
        if ability is not None:
            abilities.append(ability)
    return CardText(game=GAME, text=text, abilities=tuple(abilities), unparsed=tuple(unparsed))


def _run(text: str, marked: str, piece: Piece, start: str):
    tree = _lark().parse(window(marked, piece), start=start)
    return _TRANSFORM(UfsTransformer(text, marked), tree)


def _paragraph(text: str, marked: str, paragraph: Piece):
    failures: list[tuple[Piece, UnexpectedInput]] = []
    # keyword_line has no "." anywhere: a paragraph with one is never tried as a keyword line
    if "." not in marked[paragraph.start:paragraph.end]:
        try:
            return _run(text, marked, paragraph, "keyword_line"), failures
        except UnexpectedInput:
            pass
    header: Header | None = None
    body = paragraph
    colon = marked.find(":", paragraph.start, paragraph.end)
    if colon > paragraph.start:
        head = Piece(paragraph.start, colon)
        try:
            header = _run(text, marked, head, "header")
            body = Piece(colon + 1, paragraph.end)
        except UnexpectedInput:
            header = None
    sentences: list[Sentence] = []
    for piece in pieces(marked, body.start, body.end, _SENTENCE_END):
        try:
            sentences.append(_run(text, marked, piece, "sentence"))
        except UnexpectedInput as err:
            failures.append((piece, err))
    if not sentences and header is None:
        return None, failures
    return _ability(header, sentences, Span(paragraph.start, paragraph.end)), failures


def _ability(header: Header | None, sentences: list[Sentence], span: Span) -> Ability:
    whole = Sentence.joined(sentences)
    effects, trigger, condition, limits = whole.effects, whole.trigger, whole.condition, whole.limits
    if header is None:
        kind = "triggered" if trigger else "static"
        return Ability(kind=kind, effects=tuple(effects), trigger=trigger, condition=condition,
                       limit="; ".join(limits), span=span,
                       citation=cite("continuous abilities") if not trigger else cite(
                           "response abilities", "continuous abilities"))
    limits = header.restrictions + header.limits + limits
    label = header.type.capitalize()
    citation = cite(*_TYPE_TERMS[header.type])
    kind = "triggered" if header.type == "response" else "activated"
    return Ability(kind=kind, effects=tuple(effects), trigger=trigger, costs=header.costs,
                   condition=condition, label=label, limit="; ".join(limits),
                   citation=citation, span=span)


# --------------------------------------------------------------------------- corpus

def iter_corpus(path: str | Path) -> Iterator[tuple[str, str]]:
    """(card name, text box) for each card of a builduvs JSON export (a file or a folder of
    ``*.json``). The printed keyword line (field ``keywords``) is put at the top of the text box,
    where cards print it, unless the text already starts with it. Cards with neither text nor
    keywords are skipped: there is nothing to parse."""
    path = Path(path)
    files = sorted(path.glob("*.json")) if path.is_dir() else [path]
    if not files or not all(f.is_file() for f in files):
        raise UsageError(f"no builduvs card JSON at {path}", expected="a .json file or a folder of them")
    for file in files:
        try:
            cards = json.loads(file.read_text(encoding="utf-8"))
        except json.JSONDecodeError as err:
            raise UsageError(f"{file}: not JSON ({err.msg})", path=str(file), line=err.lineno,
                             column=err.colno) from None
        if not isinstance(cards, list):
            raise UsageError(f"{file}: expected a JSON list of cards", path=str(file), line=1)
        for card in cards:
            if not isinstance(card, dict):
                continue
            text = str(card.get("text") or "").strip()
            keywords = [str(k) for k in card.get("keywords") or [] if str(k).strip()]
            line = " - ".join(keywords)
            if line and not text.lower().startswith(line.lower()):
                text = f"{line}\n\n{text}" if text else line
            if text:
                yield str(card.get("name") or ""), text
