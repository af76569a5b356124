"""Friendly syntax errors: lark's UnexpectedInput -> ScenarioSyntaxError.

The message comes from a table of typical mistakes (``MISTAKES``), matched with lark's
``UnexpectedInput.match_examples`` (same parser state as a known bad example); ``expected``
lists what the grammar accepts there in words; ``suggestion`` is the nearest keyword to a
misspelt word, or the word in quotes where a card name was expected.
"""

from __future__ import annotations

import difflib
import re

from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from judge.scenario.errors import ScenarioSyntaxError

# (friendly message, bad examples that fail in the same parser state). First match wins, a
# match on the same kind of token beats a match on the state alone.
MISTAKES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("a line starts with a keyword (scenario, game, card, policy, phase, expect, branch) "
     "or a player's name",
     ('"Zap"', "18", ": life 20")),
    ("the title of a scenario is written in double quotes",
     ("scenario Arcane Barrier", "scenario")),
    ("the `game` line names an installed document id, e.g. game fab-1.4",
     ("game", 'game "fab-1.4"', "game fab")),
    ("card names are written in double quotes",
     ("card Zap: Wizard Instant", "Alice plays Zap", "Alice attacks with Dawnblade",
      "Bob defends with Sink", "Alice pitches Sigil", 'Alice plays "Zap" pitching Sigil',
      "Bob: hand Zap", "Bob: wears Hood", "Bob: hero Kano", "Bob: deck top Zap",
      'Bob uses arcane barrier of Hood', 'expect Bob hand Zap')),
    ('a card definition has a colon after its name: card "Zap": Wizard Instant, cost 0',
     ('card "Zap" Wizard Instant', 'card "Zap", Wizard')),
    ('a card definition lists its types before its values: card "Zap": Wizard Instant, cost 0',
     ('card "Zap": cost 0', 'card "Zap":', 'card "Zap": "Deal 3"')),
    ("each card value is a name and a value (cost 0, pitch 1, power 3, defense 2)",
     ('card "Zap": Wizard Instant, cost', 'card "Zap": Wizard Instant, cost, pitch 1',
      'card "Zap": Wizard Instant, 0')),
    ("separate a card's values with commas, and put its text after a colon",
     ('card "Zap": Wizard Instant, cost 0 pitch 1', 'card "Zap": Wizard Instant, cost 0 "Deal"')),
    ("after a player's name comes `:` and facts about them, `is the turn player`, or an "
     "action (plays, activates, attacks with, defends with, pitches, passes, uses, declines, "
     "orders, chooses, finds, fails to find, targets)",
     ("Alice life 20", 'Alice "Zap"', "Alice 20")),
    ("a player fact is e.g. `life 20`, `1 resource point`, `hero \"Kano\"`, "
     "`hand \"A\", \"B\"`, `wears \"Hood\"`, `deck top \"A\"`, `first turn`",
     ("Bob:", "Bob: life", "Bob: life twenty", "Bob: life 20,", 'Bob: life "20"',
      'Bob: wear "Hood"')),
    ("`attacks` is followed by `with` and the attacking card",
     ('Alice attacks "Dawnblade"', "Alice attacks")),
    ("`defends` is followed by `with` and the defending cards (or write `does not defend`)",
     ('Bob defends "Sink Below"', "Bob defends")),
    ("`targets` is followed by the targets and `with` the card whose triggered effect takes "
     'them: Alice targets Bob with "Wounding Blow"',
     ('Alice targets Bob', 'Alice targets with "Zap"', 'Alice targets Bob "Zap"')),
    ("`targeting` is followed by a player's name or a card in double quotes",
     ('Alice plays "Zap" targeting', 'Alice plays "Zap" targeting 3')),
    ("after the card of an action come its details: `from <zone>`, `pitching \"A\"`, "
     "`targeting Bob`, `choosing \"mode\"`, `paying 2`, `ability \"text\"`",
     ('Alice plays "Zap" frm hand', 'Alice plays "Zap" 3', 'Alice activates "Zap" Bob')),
    ("`pitching` is followed by the pitched cards in double quotes",
     ('Alice plays "Zap" pitching',)),
    ("an expectation is e.g. `Bob life 18`, `\"Zap\" in Alice's graveyard`, `\"Snatch\" power 5`"
     ", `hit`, `Alice wins`, `cites \"20.7.2a\"`, `Alice plays \"Zap\" is not allowed`",
     ("expect", "expect 18", "expect Bob", "expect Bob life", 'expect "Zap"',
      'expect "Zap" in', "expect Bob life twenty")),
    ("`expect cites` takes a rule number or glossary term in double quotes: "
     'expect cites "20.7.2a"',
     ("expect cites 20", "expect cites Arcane", "expect cites")),
    ("an action in an expectation ends with `is allowed` or `is not allowed`",
     ('expect Alice plays "Zap" not allowed', 'expect Alice plays "Zap" is')),
    ("a policy line is `policy <name> <value>`, e.g. policy defending none",
     ("policy", "policy defending", 'policy "defending" none')),
    ("a branch is labelled in double quotes: branch \"Bob defends\"",
     ("branch", "branch Bob defends")),
)

# terminal name -> words, for terminals that are not keywords or punctuation
TERMINAL_WORDS: dict[str, str] = {
    "STRING": 'a name or text in double quotes',
    "WORD": "a word",
    "INT": "a number",
    "SIGNED_INT": "a signed number (+1, -2)",
    "DOC_ID": "a document id (e.g. fab-1.4)",
    "PAREN_WORD": "a word in brackets, e.g. (2H)",
    # Ashes (grammar/scenario_ashes.lark)
    "DIE": "a die: its type (ceremonial, charm, illusion, natural, divine, sympathy, time) "
           "and face (power, class, basic), e.g. 2 natural power",
    "_NL": "the end of the line",
    "$END": "the end of the file",
}


def syntax_error(err: UnexpectedInput, text: str, path: str,
                 game: str | None = None) -> ScenarioSyntaxError:
    from judge.scenario.parser import keywords, lark_parser

    parser = lark_parser(game)
    lines = text.splitlines()
    line, column, found = _where(err, lines)
    line_text = lines[line - 1] if 0 < line <= len(lines) else ""
    expected_names = _expected(err)
    literal = _literals(parser)

    message = _match(err, parser) if not isinstance(err, UnexpectedCharacters) else None
    if isinstance(err, UnexpectedCharacters):
        char = line_text[column - 1:column] if line_text else ""
        if char == '"':
            message = "this double-quoted text has no closing quote on the same line"
        else:
            message = f"unexpected character {char!r}" if char else "unexpected character"
        found_text = char
    else:
        found_text = found
    lead = f"unexpected {_describe_found(err, found_text)}"
    message = f"{lead}: {message}" if message else lead

    expected = _expected_words(expected_names, literal)
    suggestion = _suggest(found_text, expected_names, literal, line_text, column, keywords(game))
    if {literal.get(name) for name in expected_names} == {"'s"}:
        # a bare word where a card was expected is read as an owner (Bob's "Hood"): the word
        # itself is the mistake, a card name without quotes
        words = list(re.finditer(r"[A-Za-z_][\w\-]*", line_text[:max(0, column - 1)]))
        if words:
            word = words[-1]
            column = word.start() + 1
            message = f"unexpected {word.group(0)!r}: card names are written in double quotes"
            expected = "a card name in double quotes (or a possessive: Bob's \"Hood\")"
            suggestion = f'"{word.group(0)}"'
    return ScenarioSyntaxError(message, path=path, line=line, column=column,
                               line_text=line_text, expected=expected, suggestion=suggestion)


def _where(err: UnexpectedInput, lines: list[str]) -> tuple[int, int, str]:
    token = getattr(err, "token", None)
    if isinstance(err, UnexpectedToken) and token is not None and token.type in ("$END", "_NL"):
        # point just after the last thing written on the line (comments excluded)
        line = token.line if token.type == "_NL" else _last_line(lines)
        if line is None or not 0 < line <= len(lines):
            line = _last_line(lines) or 1
        content = _strip_comment(lines[line - 1]) if lines else ""
        return line, len(content.rstrip()) + 1, ""
    if isinstance(err, UnexpectedEOF):
        line = _last_line(lines) or 1
        content = _strip_comment(lines[line - 1]) if lines else ""
        return line, len(content.rstrip()) + 1, ""
    line = getattr(err, "line", None) or 1
    column = getattr(err, "column", None) or 1
    return line, column, str(token) if token is not None else ""


def _last_line(lines: list[str]) -> int | None:
    for number in range(len(lines), 0, -1):
        if _strip_comment(lines[number - 1]).strip():
            return number
    return None


def _strip_comment(line: str) -> str:
    out, quoted = [], False
    for char in line:
        if char == '"':
            quoted = not quoted
        if char == "#" and not quoted:
            break
        out.append(char)
    return "".join(out)


def _expected(err: UnexpectedInput) -> set[str]:
    if isinstance(err, UnexpectedToken):
        return set(err.accepts or err.expected)
    if isinstance(err, UnexpectedCharacters):
        return set(err.allowed or ())
    if isinstance(err, UnexpectedEOF):
        return set(err.expected)
    return set()


def _literals(parser) -> dict[str, str]:
    return {t.name: t.pattern.value for t in parser.terminals if t.pattern.type == "str"}


def _describe_found(err: UnexpectedInput, found: str) -> str:
    if isinstance(err, UnexpectedCharacters):
        return "character"
    token = getattr(err, "token", None)
    if token is None or token.type in ("$END",):
        return "end of file"
    if token.type == "_NL":
        return "end of line"
    if token.type == "STRING":
        return f"text {found}"
    if token.type == "INT":
        return f"number {found}"
    return f"{found!r}"


def _expected_words(names: set[str], literal: dict[str, str]) -> str | None:
    keywords, others = [], []
    for name in names:
        if name in literal:
            keywords.append(f"`{literal[name]}`")
        elif name in TERMINAL_WORDS:
            others.append(TERMINAL_WORDS[name])
        # internal terminals (comments, whitespace) are not shown
    words = sorted(keywords) + sorted(others)
    if not words:
        return None
    return words[0] if len(words) == 1 else "one of " + ", ".join(words)


def _match(err: UnexpectedInput, parser) -> str | None:
    if getattr(err, "state", None) is None:
        return None

    def variants():
        for message, examples in MISTAKES:
            yield message, [e for bad in examples for e in (bad, bad + "\n")]

    # Same idea as lark's UnexpectedInput.match_examples (whose debug logging fails on LALR
    # parser states in lark 1.3), but comparing the LALR state only, not the stack depth: a
    # mistake in the third fact of a line is the same mistake as in the first. Same token type
    # wins over same state alone.
    token_type = getattr(getattr(err, "token", None), "type", None)
    candidate = None
    for message, examples in variants():
        for bad in examples:
            try:
                parser.parse(bad)
            except UnexpectedInput as other:
                if other.state is None or other.state.position != err.state.position:
                    continue
                if (isinstance(err, UnexpectedToken) and isinstance(other, UnexpectedToken)
                        and other.accepts != err.accepts):
                    continue
                if token_type is not None and getattr(getattr(other, "token", None), "type",
                                                      None) == token_type:
                    return message
                if candidate is None:
                    candidate = message
    return candidate


def _suggest(found: str, expected: set[str], literal: dict[str, str], line_text: str,
             column: int, keywords: frozenset[str]) -> str | None:
    expected_keywords = [literal[n] for n in expected if n in literal and literal[n].isalpha()]
    if re.fullmatch(r"[A-Za-z_][\w\-]*", found or ""):
        close = difflib.get_close_matches(found.lower(), expected_keywords, n=1, cutoff=0.6)
        if close:
            return close[0]
        if "STRING" in expected:
            return f'"{found}"'
    # the word before the error may be a misspelt keyword read as a name ("wear", "expcet")
    before = re.findall(r"[A-Za-z_][\w\-]*", line_text[:max(0, column - 1)])
    if before and before[-1] not in keywords:
        close = difflib.get_close_matches(before[-1].lower(), sorted(keywords), n=1, cutoff=0.75)
        if close:
            return close[0]
    return None
