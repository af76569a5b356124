"""Shared machinery of the sentence-by-sentence card grammars (UFS, Ashes): text pieces, the
sentence transformer base and the values both games build from sentences.

Those grammars read a paragraph piece by piece (header, then each sentence) with lark's LALR
parser and its contextual lexer, noun phrases being single chunk terminals whose role the
transformer decides; judge.cards.common's driver is line based, so it is not used for them.
Offsets: each piece is parsed with everything before it blanked to spaces, so every ``meta``
position is an offset into the card text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from lark import Token, v_args
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from judge.cards.common import CardTransformer, describe_expected, span_of
from judge.cards.legacy_model import (
    Choice, Condition, Conditional, Damage, Duration, Effect, Gain, ModifyValue, Move, Other,
    Replacement, Target, Trigger,
)

SAME_LENGTH = str.maketrans({"\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"',
                             "\u00a0": " ", "\u2013": "-", "\u2014": "-", "\u2212": "-"})
_QUANT = re.compile(r"^(up to \d+|up to x|any number of|each|all|both|no|\d+|x)\b", re.I)


@dataclass(frozen=True, slots=True)
class Piece:
    start: int
    end: int


def pieces(text: str, start: int, end: int, separator: re.Pattern[str]) -> list[Piece]:
    out: list[Piece] = []
    pos = start
    for match in separator.finditer(text, start, end):
        _add(out, text, pos, match.start())
        pos = match.end()
    _add(out, text, pos, end)
    return out


def _add(out: list[Piece], text: str, start: int, end: int) -> None:
    chunk = text[start:end]
    if chunk.strip():
        lead = len(chunk) - len(chunk.lstrip())
        out.append(Piece(start + lead, start + len(chunk.rstrip())))


def window(text: str, piece: Piece) -> str:
    """The piece with everything before it blanked, so lark offsets are card-text offsets."""
    return " " * piece.start + text[piece.start:piece.end]


@dataclass
class Sentence:
    """What one sentence contributes to its ability."""
    effects: list[Effect] = field(default_factory=list)
    trigger: Trigger | None = None
    condition: Condition | None = None      # "Only playable if ..." (H.3.3.1)
    limits: list[str] = field(default_factory=list)

    @classmethod
    def joined(cls, sentences: list["Sentence"]) -> "Sentence":
        """What an ability's sentences contribute together: every effect and limit in order,
        the first trigger and the first condition."""
        whole = cls()
        for sentence in sentences:
            whole.effects.extend(sentence.effects)
            whole.trigger = whole.trigger or sentence.trigger
            whole.condition = whole.condition or sentence.condition
            whole.limits.extend(sentence.limits)
        return whole



@dataclass(frozen=True, slots=True)
class _Subject:
    target: Target


@dataclass(frozen=True, slots=True)
class PlayerMove(Move):
    """A move performed by a named player: "your rival discards 1 card" (K.2.4)."""
    actor: Target | None = None


@dataclass(frozen=True, slots=True)
class Prevented(Effect):
    """"this attack deals no damage" (G.3.1 with an effect)."""


def is_text(value) -> bool:
    """A string produced by a transformer method (lark Tokens are strings too)."""
    return isinstance(value, str) and not isinstance(value, Token)


def signed(token) -> int | str:
    raw = str(token)
    return int(raw) if raw[1:].isdigit() else raw.upper()


def num(token) -> int | str:
    raw = str(token)
    return int(raw) if raw.isdigit() else raw.upper()


def neg(value: int | str) -> int | str:
    return -value if isinstance(value, int) else f"-{value}"


def per(delta: int | str, per_each: str) -> int | str:
    return f"{delta:+d} {per_each}" if per_each and isinstance(delta, int) else (
        f"{delta} {per_each}" if per_each else delta)


def with_subject(effect: Effect, subject: Target) -> Effect:
    """Attach the clause's subject: the value changed (bonus, gain), the source of damage, or
    the player who performs a move / instruction."""
    if isinstance(effect, (ModifyValue, Gain)) and effect.target is None:
        return replace_value(effect, target=subject)
    if isinstance(effect, Damage) and effect.source is None:
        return replace_value(effect, source=subject)
    if isinstance(effect, Move):
        return PlayerMove(verb=effect.verb, count=effect.count, what=effect.what,
                          from_zone=effect.from_zone, to_zone=effect.to_zone, span=effect.span,
                          actor=subject)
    if isinstance(effect, Other):
        return Other(verb=effect.verb, span=effect.span,
                     args=(("subject", subject.text),) + effect.args)
    return effect


def with_duration(effect: Effect, duration) -> Effect:
    if isinstance(duration, Duration) and hasattr(effect, "duration") and effect.duration is None:
        return replace_value(effect, duration=duration)
    return effect


def replace_value(value, **changes):
    return replace(value, **changes)


def where(err: UnexpectedInput, piece: Piece) -> tuple[int, str]:
    if isinstance(err, UnexpectedToken):
        return err.token.start_pos if err.token.type != "$END" else piece.end, describe_expected(
            err.expected)
    if isinstance(err, UnexpectedCharacters):
        return err.pos_in_stream, describe_expected(err.allowed or ())
    if isinstance(err, UnexpectedEOF):
        return piece.end, describe_expected(err.expected)
    return piece.start, "card text"  # pragma: no cover



def other_effect(name: str):
    """A transformer callback for a recognised verb that has no dedicated effect value:
    ``Other(verb=name)`` with the phrase and its targets as arguments."""
    def method(self, meta, children):
        args = [("text", self.phrase(meta))]
        args += [("target", c.text) for c in children if isinstance(c, Target)]
        return Other(verb=name, args=tuple(args), span=span_of(meta))
    return method


@v_args(meta=True)
class SentenceTransformer(CardTransformer):
    """Noun phrases, conditions, clauses and the prefix / suffix wrapping of a sentence."""

    # ---- noun phrases
    def np(self, meta, children):
        return self._target(meta)

    def _target(self, meta) -> Target:
        text = self.phrase(meta)
        match = _QUANT.match(text)
        quantifier = "one"
        if match:
            quantifier = match.group(1).lower()
            quantifier = {"both": "all"}.get(quantifier, quantifier)
        return Target(text=text, targeted=False, quantifier=quantifier, span=span_of(meta))

    def np_one(self, meta, children):
        return self._target(meta)

    def from_zone(self, meta, children):
        return ("from", children[0].text)

    def to_zone(self, meta, children):
        return ("to", children[0].text)

    def duration(self, meta, children):
        return Duration(text=self.phrase(meta), span=span_of(meta))

    def condition(self, meta, children):
        return Condition(text=self.phrase(meta), span=span_of(meta))

    # Suffix / prefix kinds that make the sentence's effects conditional: kind -> Condition.kind
    CONDITION_WORDS = {"s_if": "if", "s_when": "when", "s_after": "after",
                       "s_as_though": "as though", "s_unless": "unless", "s_while": "while",
                       "s_for_each": "for each", "p_if": "if", "p_while": "while",
                       "p_when": "when", "p_for_each": "for each", "p_if_you_do": "if",
                       "p_if_not": "unless"}

    def statement(self, meta, children):
        prefixes = [c for c in children if isinstance(c, tuple) and c[0].startswith("p_")]
        suffixes = [c for c in children if isinstance(c, tuple) and c[0].startswith("s_")]
        effects: list[Effect] = next(c for c in children if isinstance(c, list))
        out = Sentence()
        for kind, value in suffixes:
            if kind == "s_instead":
                effects = [Replacement(verb="replace", event="the preceding instruction",
                                       instead=tuple(effects), span=span_of(meta))]
            elif kind in self.CONDITION_WORDS:
                effects = [self._conditional(kind, value, effects, meta)]
            elif kind in ("s_duration", "s_during"):
                effects = [with_duration(e, value) for e in effects]
            elif kind == "s_then":        # "spend 1 [[basic]] to deal 1 damage": A, then B
                effects = effects + (value if isinstance(value, list) else [value])
            else:  # cap, including, additional cost: recorded on the effect list as a note
                effects = effects + [Other(verb=kind[2:].replace("_", " "), span=span_of(meta),
                                           args=(("text", str(value)),))]
        for kind, value in reversed(prefixes):
            if kind == "p_timing":
                out.trigger = value
            elif kind in self.CONDITION_WORDS:
                effects = [self._conditional(kind, value, effects, meta)]
            elif kind == "p_otherwise":    # the previous sentence's condition did not hold
                effects = [Conditional(verb="if", condition=Condition("otherwise",
                                                                      kind="otherwise"),
                                       then=tuple(effects), span=span_of(meta))]
            elif kind == "p_instead":
                effects = [Replacement(verb="replace", event="the preceding instruction",
                                       instead=tuple(effects), span=span_of(meta))]
            elif kind in ("p_duration", "p_during"):
                effects = [with_duration(e, value) for e in effects]
            # p_then and "in addition" only sequence the sentence after the previous one
        out.effects = effects
        return out

    def _conditional(self, kind: str, value, effects: list[Effect], meta) -> Conditional:
        text = value.text if isinstance(value, (Condition, Target)) else str(value or "")
        if kind in ("p_if_you_do",):
            text = "you do"
        span = value.span if isinstance(value, (Condition, Target)) else None
        return Conditional(verb="if", condition=Condition(text, kind=self.CONDITION_WORDS[kind],
                                                          span=span),
                           then=tuple(effects), span=span_of(meta))

    def _prefix(name: str):  # noqa: N805
        def method(self, meta, children):
            value = children[0] if children else None
            if name == "p_during":
                value = Duration(text=self.phrase(meta).rstrip(","), span=span_of(meta))
            return (name, value)
        return method

    p_timing = _prefix("p_timing")
    p_if = _prefix("p_if")
    p_while = _prefix("p_while")
    p_when = _prefix("p_when")
    p_otherwise = _prefix("p_otherwise")
    p_duration = _prefix("p_duration")
    p_during = _prefix("p_during")
    del _prefix

    def t_after(self, meta, children):
        word = self.source(meta).split()[0].lower()
        return Trigger(kind=word, event=children[0].text, span=span_of(meta))

    def t_at(self, meta, children):
        return Trigger(kind="at", event=self.phrase(meta).removeprefix("at "), span=span_of(meta))

    def s_instead(self, meta, children):
        return ("s_instead", None)

    def s_if(self, meta, children):
        return ("s_if", children[0])

    def s_when(self, meta, children):
        return ("s_when", children[0])

    def s_after(self, meta, children):
        return ("s_after", children[0])

    def s_as_though(self, meta, children):
        return ("s_as_though", children[0])

    def s_duration(self, meta, children):
        return ("s_duration", children[0])

    def s_during(self, meta, children):
        return ("s_during", Duration(text=self.phrase(meta), span=span_of(meta)))

    def s_additional_cost(self, meta, children):
        return ("s_additional_cost", self.phrase(meta))

    def s_cap(self, meta, children):
        return ("s_cap", self.phrase(meta).strip("()"))

    def s_including(self, meta, children):
        return ("s_including", self.phrase(meta).strip("()"))

    def clauses(self, meta, children):
        """Clauses joined by "and"/"then"/"," run in order; joined by "or" they are options
        the player chooses from (K.2.5)."""
        groups: list[list[Effect]] = []
        either = False
        for child in children:
            if isinstance(child, Token):
                either = either or bool(re.search(r"\bor\b", str(child), re.I))
            elif isinstance(child, Effect):
                groups.append([child])
            elif isinstance(child, list):
                groups.append([c for c in child if isinstance(c, Effect)])
        if either and len(groups) > 1:
            return [Choice(verb="choose", options=tuple(tuple(g) for g in groups),
                           span=span_of(meta))]
        return [effect for group in groups for effect in group]

    # ---- clauses: subject? modal? action
    def clause(self, meta, children):
        """One effect, or a list of effects when the action names several ("gets +2 speed and
        +2 damage")."""
        subject = next((c.target for c in children if isinstance(c, _Subject)), None)
        modal = next((str(c).lower() for c in children
                      if isinstance(c, Token) and c.type == "MODAL"), "")
        found = next((c for c in children if isinstance(c, (Effect, list))), None)
        if found is None:  # every action rule has a method; keep the words if one is missing
            found = Other(verb="instruction", args=(("text", self.phrase(meta)),),
                          span=span_of(meta))
        effects = found if isinstance(found, list) else [found]
        if subject is not None:
            effects = [with_subject(e, subject) for e in effects]
        verb = " and ".join(e.verb for e in effects)
        if modal == "may" and subject is not None and subject.quantifier == "no":
            modal = "cannot"                      # "No player may play reaction spells."
        if modal in ("may",):
            return Choice(verb="may", chooser=subject, options=(tuple(effects),), optional=True,
                          span=span_of(meta))
        if modal in ("cannot", "does not", "do not", "did not", "is not able to", "no longer"):
            return Other(verb=f"cannot {verb}", span=span_of(meta),
                         args=(("text", self.phrase(meta)),))
        if modal:
            return Other(verb=f"{modal} {verb}", span=span_of(meta),
                         args=(("text", self.phrase(meta)),))
        return effects if len(effects) > 1 else effects[0]

    def subject(self, meta, children):
        return _Subject(children[0])

    # Verbs the UFS and Ashes grammars both read with no dedicated effect value.
    be = other_effect("be")
    have = other_effect("have")
    change = other_effect("change")
    spend = other_effect("spend")
    cancel = other_effect("cancel")
    look = other_effect("look at")
    block = other_effect("block")
    choose = other_effect("choose")
