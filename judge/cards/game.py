"""What the four games' card readers share: a card's text -> paragraphs -> abilities.

A game subclasses :class:`GameReader` with its grammar, vocabulary and transformer, and says
how a paragraph is laid out (:meth:`GameReader.paragraph`): a keyword line, an ability with a
head (type, costs) before a colon, or plain sentences. Sentences are always parsed one by one
(:mod:`judge.cards.reader`), so the values of a sentence are the same wherever it stands.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cached_property

from lark import Token

from judge.cards import model as M
from judge.cards.model import replace
from judge.cards.errors import CardSyntaxError
from judge.cards.nouns import base
from judge.cards.reader import (CardGrammar, Parsed, Piece, paragraphs, parse_piece, sentences,
                                strict_error, unparsed)
from judge.cards.syntax import Statement, span_of
from judge.cards.transformer import alternate_cost


class Strict(Exception):
    """Internal: the first unparsed part in strict mode."""

    def __init__(self, error: CardSyntaxError) -> None:
        self.error = error


class GameReader:
    """Parses one game's card text. Subclasses set ``game``, ``grammar_file``, ``start`` and
    make the transformer (:meth:`make_transformer`)."""

    game = ""
    grammar_file = ""
    start: tuple[str, ...] = ("sentence",)
    default_kind = "spell"
    open_words = False
    """Read an unlisted lower-case word as a listed one it is a form or a misprint of
    (:meth:`judge.cards.lexer.Lexicon.guess`)."""

    periods: tuple[str, ...] = ()
    """The periods a "during <whose> [next] <period>" duration names in this game ("ready
    step"): the shared duration's only game words (grammar/card_common.lark)."""

    @cached_property
    def grammar(self) -> CardGrammar:
        return CardGrammar(self.grammar_file, self.make_transformer(), start=self.start,
                           icons=self.icon_terminal, open_words=self.open_words,
                           periods=self.periods)

    def make_transformer(self):  # pragma: no cover - every game defines it
        raise NotImplementedError

    def icon_terminal(self, text: str) -> str | None:
        """The terminal of a bracketed word ("[Fire]", "[[main]]") the grammar does not list."""
        return None

    @property
    def transformer(self):
        return self.grammar.transformer

    # ------------------------------------------------------------------ the whole card
    def parse(self, text: str, *, strict: bool = False, name: str | None = None) -> M.CardText:
        self.name = name
        self.strict = strict
        self.text = text
        self.failures: list[M.Unparsed] = []
        self.meta: list[tuple[str, str]] = []
        self.transformer.x_definitions = {}
        tokens = self.grammar.tokenize(self.prepare(text), name)
        abilities: list[M.Ability] = []
        try:
            for paragraph in self.paragraphs(text, tokens):
                abilities.extend(self.paragraph(paragraph))
        except Strict as err:
            raise err.error from None
        abilities = _defined_x(abilities, getattr(self.transformer, "x_definitions", {}))
        abilities = [alternate_cost(a, self.default_kind) for a in abilities]
        return M.CardText(game=self.game, text=text, abilities=tuple(abilities),
                          unparsed=tuple(self.failures), meta=tuple(self.meta))

    def rules_used(self, text: str, *, name: str | None = None) -> set[str]:
        """The grammar rules (named rules and aliases) that parsing ``text`` reduces."""
        grammar = self.grammar
        grammar.recording = set()
        try:
            self.parse(text, name=name)
            return grammar.recording
        finally:
            grammar.recording = None

    def prepare(self, text: str) -> str:
        """The text to tokenise: the same length as ``text`` (offsets stay valid)."""
        return text

    def paragraphs(self, text: str, tokens: list[Token]) -> list[Piece]:
        return paragraphs(text, tokens)

    # ------------------------------------------------------------------ pieces
    def run(self, piece: Piece, start: str) -> Parsed:
        return parse_piece(self.grammar, self.text, piece, start)

    def fail(self, piece: Piece, parsed: Parsed) -> None:
        if self.strict:
            raise Strict(strict_error(self.game, self.text, self.name, piece, parsed))
        self.failures.append(unparsed(self.text, piece, parsed))

    def statements(self, piece: Piece, start: str = "sentence", *, quiet: bool = False
                   ) -> list[Statement] | None:
        """The statements of the sentences of ``piece``; sentences that fail are recorded
        (``quiet``: None is returned instead, nothing recorded)."""
        out: list[Statement] = []
        for sentence in sentences(piece.tokens):
            parsed = self.run(sentence, start)
            if parsed.error:
                if quiet:
                    return None
                self.fail(sentence, parsed)
                continue
            value = parsed.value
            if isinstance(value, Statement):
                out.append(value)
            elif isinstance(value, list):
                out.extend(v for v in value if isinstance(v, Statement))
            elif isinstance(value, M.Ability):
                out.append(_Holder(value))
        return out

    def paragraph(self, piece: Piece) -> list[M.Ability]:
        """A paragraph -> its abilities (games override for keyword lines and heads)."""
        return self.assemble(self.statements(piece))

    def assemble(self, statements: list, *, head: dict | None = None) -> list[M.Ability]:
        abilities: list[M.Ability] = []
        plain: list[Statement] = []

        def flush():
            if plain:
                abilities.extend(self.transformer.abilities(plain, default=self.default_kind))
                plain.clear()
        for st in statements:
            if isinstance(st, _Holder):
                flush()
                abilities.append(st.ability)
            else:
                plain.append(st)
        flush()
        if head and abilities:
            first = abilities[0]
            merged = first
            for other in abilities[1:]:
                merged = replace(merged, effects=merged.effects + other.effects,
                                 span=span_of(merged.span, other.span))
            abilities = [replace(merged, **head)]
        return abilities


class _Holder(Statement):
    """An ability a sentence rule made whole (a keyword line, "Playable while ...")."""

    def __init__(self, ability: M.Ability) -> None:
        super().__init__((), ability.span)
        self.ability = ability


def split_at(tokens: list[Token], terminal: str) -> tuple[list[Token], list[Token]] | None:
    """``tokens`` split at the first ``terminal`` outside quotes and parentheses (the
    terminal itself dropped), or None."""
    quoted = False
    depth = 0
    for i, tok in enumerate(tokens):
        t = base(tok.type)
        if t == "QUOTE":
            quoted = not quoted
        elif t == "LPAR":
            depth += 1
        elif t == "RPAR":
            depth -= 1
        elif t == terminal and not quoted and depth == 0:
            return tokens[:i], tokens[i + 1:]
    return None


def pieces_between(text: str, tokens: list[Token], breaks) -> list[Piece]:
    """``tokens`` cut where the pattern ``breaks`` matches ``text`` (a game's paragraph
    breaks), as pieces; none is empty."""
    cuts = [m.end() for m in breaks.finditer(text)]
    out: list[Piece] = []
    current: list[Token] = []
    ci = 0
    for tok in tokens:
        while ci < len(cuts) and cuts[ci] <= tok.start_pos:
            if current:
                out.append(piece_of(current))
                current = []
            ci += 1
        current.append(tok)
    if current:
        out.append(piece_of(current))
    return out


def piece_of(tokens: list[Token]) -> Piece:
    return Piece(tokens, tokens[0].start_pos, tokens[-1].end_pos)


def _defined_x(abilities: list[M.Ability], definitions: dict) -> list[M.Ability]:
    """An "X = ..." paragraph defines the X of the abilities before it that leave X undefined;
    it is then no ability of its own. One that defines no X stays (an Other: not dropped)."""
    from judge.cards.transformer import define_x
    if not definitions:
        return abilities
    out: list[M.Ability] = []
    for ab in abilities:
        # (a game reader may have re-kinded the ability: it is known by its one Other)
        q = definitions.get(ab.span) if len(ab.effects) == 1 and isinstance(
            ab.effects[0], M.Other) and ab.effects[0].verb == "X is" else None
        if q is None:
            out.append(ab)
            continue
        changed = False
        for i in range(len(out) - 1, -1, -1):
            new = define_x(out[i], q)
            if new != out[i]:
                out[i], changed = new, True
                break
        if not changed:
            out.append(ab)
    return out
