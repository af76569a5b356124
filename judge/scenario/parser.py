"""Scenario text -> :class:`judge.scenario.ast.Scenario`.

``parse(text, path=...)`` and ``parse_file(path)`` are the entry points. Three stages:

1. the ``game`` line names the document, hence the game, hence the grammar: the scenario core
   (grammar/scenario_core.lark) extended by the game's file (``judge.registry``); lark (LALR)
   builds a tree; a syntax error becomes a :class:`ScenarioSyntaxError` with a friendly message
   (see ``judge.scenario.messages``);
2. :class:`ScenarioTransformer` turns the tree into AST values plus setup records;
3. :class:`_Builder` merges setup records (players, zones), checks meaning (defined cards,
   declared players, installed document, existing rules, policies) and raises
   :class:`ScenarioError` with the position of the first problem.
"""

from __future__ import annotations

import difflib
import os
import re
from dataclasses import dataclass, field, fields, replace
from functools import lru_cache, singledispatchmethod
from pathlib import Path

from lark import Lark, Token, Transformer, Tree, v_args
from lark.exceptions import GrammarError, UnexpectedInput, VisitError

from judge import paths
from judge.grammar_cache import lark_cache
from judge.scenario import ast
from judge.scenario.errors import ScenarioError, ScenarioSyntaxError

# --- the lark parser -----------------------------------------------------------------------


CORE = "scenario_core.lark"


def grammar_file(game: str | None) -> str:
    """The grammar file of ``game``'s scenarios (the core alone for an unknown game)."""
    from judge.registry import GAMES
    return GAMES[game].scenario_grammar if game in GAMES else CORE


@lru_cache(maxsize=8)
def lark_parser(game: str | None = None) -> Lark:
    """The parser of ``game``'s scenario language: the core and the game's extension."""
    grammar = paths.GRAMMAR / grammar_file(game)      # a game's own file may live elsewhere
    return Lark.open(str(grammar), parser="lalr", propagate_positions=True,
                     maybe_placeholders=False, cache=lark_cache(grammar),
                     import_paths=[str(paths.GRAMMAR)])


def keywords(game: str | None = None) -> frozenset[str]:
    """Every keyword of ``game``'s language (the lower-case string literals of its grammar)."""
    return _keywords(lark_parser(game))


@lru_cache(maxsize=1)
def _keywords(parser: Lark) -> frozenset[str]:
    return frozenset(t.pattern.value for t in parser.terminals
                     if t.pattern.type == "str" and re.fullmatch(r"[a-z]+", t.pattern.value))


# --- normalisation tables ------------------------------------------------------------------

SLOTS = ("head", "chest", "arms", "legs")

# the prefixes of the aliases a game's grammar extension uses for its own lines (grammar/
# scenario_core.lark): actions, expectations, player facts, card states and card numbers
GAME_ACTION, GAME_EXPECT, GAME_FACT, GAME_STATE, GAME_NUMBER = "g_", "gx_", "gf_", "gs_", "gn_"
GAME_DETAIL = "gm_"          # a detail a game adds after the card of an action (ast.Detail)
_NAMESPACE = "scenario_core__"     # lark's prefix for names imported from the core


def _tables(game: str | None) -> tuple[dict[str, str], dict[str, str], dict[str, str]]:
    """(zone words, player values, card values) of ``game``: written -> normalised."""
    from judge.registry import GAMES
    d = GAMES.get(game) if game else None
    if d is None:
        return {"hand": "hand", "deck": "deck"}, {}, {}
    return ({"deck": "deck", **d.zones}, dict(d.player_values), dict(d.card_values))

_ESCAPE = re.compile(r"\\(.)")


def _unquote(token: Token) -> str:
    return _ESCAPE.sub(lambda m: "\n" if m.group(1) == "n" else m.group(1), str(token)[1:-1])


def _pos(item) -> ast.Pos:
    """Position of a token or a tree node's meta."""
    return ast.Pos(item.line, item.column)


def _number(token: Token) -> int | str:
    text = str(token)
    return int(text) if re.fullmatch(r"[+\-]?\d+", text) else text


# --- records the transformer hands to the builder -----------------------------------------


@dataclass(frozen=True, slots=True)
class _Title:
    title: str
    pos: ast.Pos


@dataclass(frozen=True, slots=True)
class _Game:
    document: str
    pos: ast.Pos


@dataclass(frozen=True, slots=True)
class _Phase:
    phase: str
    pos: ast.Pos


@dataclass(frozen=True, slots=True)
class _BranchStart:
    label: str
    pos: ast.Pos


@dataclass(frozen=True, slots=True)
class _Fact:
    """One fact about a player. ``kind``: hero, stat, turn_player, first_turn, zone, deck_top,
    deck_bottom, deck_count, more."""
    kind: str
    pos: ast.Pos
    key: str = ""
    value: int | bool | None = None
    cards: tuple[ast.CardRef, ...] = ()


@dataclass(frozen=True, slots=True)
class _PlayerFacts:
    name: str
    pos: ast.Pos
    facts: tuple[_Fact, ...]


@dataclass(frozen=True, slots=True)
class _Modifier:
    key: str          # the AST field it fills
    value: object
    pos: ast.Pos
    word: str         # the keyword as written, for messages


@dataclass(slots=True)
class _Refs:
    """Every card and player name the transformer met, with its position (checked later)."""
    cards: list[ast.CardRef] = field(default_factory=list)
    players: list[tuple[str, ast.Pos]] = field(default_factory=list)
    stats: list[tuple[str, str, ast.Pos]] = field(default_factory=list)  # (kind, key, pos)


# --- tree -> values -------------------------------------------------------------------------


@v_args(inline=True, meta=True)
class ScenarioTransformer(Transformer):
    """Builds AST values bottom-up. Card and player references are collected in ``refs`` so
    the builder can check them all against the definitions, wherever those appear."""

    def __init__(self, lines: list[str], game: str | None = None) -> None:
        super().__init__(visit_tokens=False)      # no callbacks for tokens
        self.lines = lines
        self.refs = _Refs()
        self.zones = _tables(game)[0]

    def transform(self, tree: Tree):
        """What lark's ``Transformer.transform`` does with these callbacks (meta and the children
        inline, bottom-up; an exception raised by one arrives as lark's ``VisitError``), minus
        lark's re-wrapping of the method on every call (half of the transform's time)."""
        return self._visit(tree, self._callbacks())

    def _visit(self, tree: Tree, callbacks: dict):
        children = [self._visit(c, callbacks) if isinstance(c, Tree) else c
                    for c in tree.children]
        fn = callbacks.get(tree.data)
        try:
            if fn is None:
                return self.__default__(tree.data, children, tree.meta)
            return fn(self, tree.meta, *children)
        except GrammarError:
            raise
        except Exception as err:  # noqa: BLE001 - wrapped exactly as lark does
            raise VisitError(tree.data, tree, err) from err

    def __default__(self, data, children, meta):
        """A rule with no callback of its own: one the core grammar names and a game's
        extension imports (lark prefixes its name: ``scenario_core__play``), or a game's own
        line (``g_protect``, ``gx_exhausted`` ...); anything else as lark would."""
        name = str(data)
        if name.startswith(_NAMESPACE):
            fn = self._callbacks().get(name[len(_NAMESPACE):])
            if fn is not None:
                return fn(self, meta, *children)
        game = self._game_line(name, meta, children)
        if game is not None:
            return game
        return super().__default__(data, children, meta)

    @classmethod
    def _callbacks(cls) -> dict:
        """Rule name -> the plain function of its callback (``v_args`` keeps it as
        ``__wrapped__``), collected once per class."""
        table = cls.__dict__.get("_callback_table")
        if table is None:
            table = {}
            for klass in reversed(cls.__mro__[:cls.__mro__.index(Transformer)]):
                for name, attr in vars(klass).items():
                    fn = getattr(attr, "__wrapped__", None)
                    if not name.startswith("_") and callable(fn):
                        table[name] = fn
            cls._callback_table = table
        return table

    def _text(self, meta) -> str:
        line = self.lines[meta.line - 1] if 0 < meta.line <= len(self.lines) else ""
        end = meta.end_column - 1 if meta.end_line == meta.line else len(line)
        return line[meta.column - 1:end].strip()

    # statements
    def start(self, meta, *statements):
        return list(statements)

    def scenario_stmt(self, meta, title):
        return _Title(_unquote(title), _pos(meta))

    def game_stmt(self, meta, doc):
        return _Game(str(doc), _pos(doc))

    def policy_stmt(self, meta, key, value):
        return ast.Policy(str(key).lower(), str(value).lower(), _pos(key))

    def phase_stmt(self, meta, *words):
        return _Phase(" ".join(str(w).lower() for w in words), _pos(meta))

    def branch_stmt(self, meta, label):
        return _BranchStart(_unquote(label), _pos(meta))

    def action_stmt(self, meta, action):
        return action

    def expect_stmt(self, meta, expectation):
        return replace(expectation, pos=_pos(meta), text=self._text(meta))

    def settle_stmt(self, meta):
        return ast.Settle(_pos(meta))

    # lines a game's grammar extension adds (aliases g_*, gx_*, gf_*, gs_*, gn_*)
    def _game_line(self, name: str, meta, children: list):
        """The AST value of a game's own line, or None when ``name`` is not one."""
        if name.startswith(GAME_STATE):
            return ("state", name[len(GAME_STATE):])
        if name.startswith(GAME_NUMBER):
            number = next(int(c) for c in children if isinstance(c, Token) and c.type == "INT")
            return ("number", (name[len(GAME_NUMBER):], number))
        if name.startswith(GAME_EXPECT):
            player, cards, words, numbers, _targets, _mods = _sorted_parts(children)
            return ast.ExpectGame(self._NOPOS, "", subject=name[len(GAME_EXPECT):],
                                  player=player, cards=cards, words=words, numbers=numbers)
        if name.startswith(GAME_FACT):
            _player, cards, words, numbers, _targets, _mods = _sorted_parts(children)
            return _Fact("game", _pos(meta), key=name[len(GAME_FACT):],
                         value=(words, numbers), cards=cards)
        if name.startswith(GAME_DETAIL):
            _player, cards, words, numbers, _targets, _mods = _sorted_parts(children)
            key = name[len(GAME_DETAIL):]
            return _Modifier("details", (ast.Detail(key, tuple(cards), tuple(words),
                                                    tuple(numbers), _pos(meta)),),
                             _pos(meta), self._text(meta).split(" ")[0] or key)
        if name.startswith(GAME_ACTION):
            actor, *rest = children
            _p, cards, words, numbers, targets, mods = _sorted_parts(rest)
            return self._action(ast.GameAction, meta, actor, mods, verb=name[len(GAME_ACTION):],
                                cards=cards, targets=targets, words=words, numbers=numbers)
        return None

    # card definitions
    def card_stmt(self, meta, name, types, *rest):
        stats, text, text_pos = [], "", None
        for item in rest:
            if isinstance(item, Token):
                text, text_pos = _unquote(item), _pos(item)
            else:
                stats.append(item)
        main, groups = types
        for key, _value, pos in stats:
            self.refs.stats.append(("card", key, pos))
        return ast.CardDef(name=_unquote(name), types=main, subtypes=groups[0] if groups else (),
                           stats=tuple((k, v) for k, v, _ in stats), text=text,
                           pos=_pos(name), text_pos=text_pos, groups=groups[1:])

    def types(self, meta, *parts):
        main = tuple(p for p in parts if isinstance(p, str))
        groups = tuple(p for p in parts if isinstance(p, tuple))
        return main, groups

    def subtypes(self, meta, *words):
        return tuple(words)

    def type_word(self, meta, word):
        return str(word)

    def card_stat(self, meta, key, value):
        return (str(key).lower(), value, _pos(key))

    def stat_value(self, meta, token):
        return _number(token)

    # players and facts
    def player(self, meta, name):
        self.refs.players.append((str(name), _pos(name)))
        return str(name)

    def player_ref(self, meta, name):
        return name

    def player_stmt(self, meta, name, facts):
        return _PlayerFacts(name, _pos(meta), facts)

    def turn_player_stmt(self, meta, name, facts=()):
        return _PlayerFacts(name, _pos(meta), (_Fact("turn_player", _pos(meta)),) + tuple(facts))

    def facts(self, meta, *facts):
        return tuple(facts)

    def hero_fact(self, meta, name):
        card = ast.CardRef(_unquote(name), _pos(name))
        self.refs.cards.append(card)
        return _Fact("hero", _pos(meta), cards=(card,))

    def stat_fact(self, meta, *tokens):
        words, value = tokens[:-1], tokens[-1]
        key = " ".join(str(w).lower() for w in words)
        self.refs.stats.append(("player", key, _pos(words[0])))
        return _Fact("stat", _pos(meta), key=key, value=int(value))

    def count_fact(self, meta, value, *words):
        key = " ".join(str(w).lower() for w in words)
        self.refs.stats.append(("player", key, _pos(words[0])))
        return _Fact("stat", _pos(meta), key=key, value=int(value))

    def turn_player_fact(self, meta):
        return _Fact("turn_player", _pos(meta))

    def first_turn_fact(self, meta):
        return _Fact("first_turn", _pos(meta), value=True)

    def not_first_turn_fact(self, meta):
        return _Fact("first_turn", _pos(meta), value=False)

    def zone_fact(self, meta, zone, cards):
        return _Fact("zone", _pos(meta), key=self.zones[zone], cards=cards)

    def deck_top_fact(self, meta, cards):
        return _Fact("deck_top", _pos(meta), key="deck", cards=cards)

    def deck_bottom_fact(self, meta, cards):
        return _Fact("deck_bottom", _pos(meta), key="deck", cards=cards)

    def deck_count_fact(self, meta, count):
        return _Fact("deck_count", _pos(meta), key="deck", value=int(count))

    def deck_empty_fact(self, meta):
        return _Fact("deck_count", _pos(meta), key="deck", value=0)

    def other_zone_fact(self, meta, name, cards):
        return _Fact("zone", _pos(meta), key=_unquote(name).lower(), cards=cards)

    def more_cards_fact(self, meta, cards):
        return _Fact("more", _pos(meta), cards=cards)

    def zone_cards(self, meta, item):
        return () if isinstance(item, Token) else item

    def zone_word(self, meta, *words):
        return " ".join(str(w) for w in words)

    # cards
    def card_list(self, meta, *cards):
        return tuple(cards)

    list_of_cards = card_list

    def card(self, meta, *parts):
        owner = None
        rest = list(parts)
        if rest and isinstance(rest[0], str) and not isinstance(rest[0], Token):
            owner = rest.pop(0)
        name_token = rest.pop(0)
        counters, slot, face_up, states, values = [], None, None, [], []
        name = _unquote(name_token)
        for kind, value in rest:
            if kind == "variant":       # "Snatch" (red) names the card "Snatch (red)"
                name = f"{name} ({value})"
            elif kind == "counter":
                counters.append(value)
            elif kind == "slot":
                slot = value
            elif kind == "state":
                states.append(value)
            elif kind == "number":
                values.append(value)
            else:
                face_up = value
        card = ast.CardRef(name, _pos(name_token), tuple(counters), slot,
                           face_up, owner, tuple(states), tuple(values))
        self.refs.cards.append(card)
        return card

    def slot_suffix(self, meta, word):
        slot = str(word).lower()
        if slot not in SLOTS:
            raise ScenarioError(f"unknown equipment slot {str(word)!r}", line=word.line,
                                column=word.column, line_text=self._line(word.line),
                                expected=", ".join(SLOTS),
                                suggestion=_nearest(slot, SLOTS))
        return ("slot", slot)

    def variant_suffix(self, meta, token):
        return ("variant", " ".join(str(token)[1:-1].split()))

    def face_up_suffix(self, meta):
        return ("face", True)

    def face_down_suffix(self, meta):
        return ("face", False)

    def counter_suffix(self, meta, count, kind):
        return ("counter", ast.Counter(kind, int(count), _pos(meta)))

    def counter_kind(self, meta, *words):
        if len(words) == 1 and str(words[0]).startswith('"'):
            return _unquote(words[0]).lower()
        return " ".join(str(w).lower() for w in words)

    def effect_name(self, meta, *words):
        return self.counter_kind(meta, *words)

    def _line(self, line: int) -> str:
        return self.lines[line - 1] if 0 < line <= len(self.lines) else ""

    # actions
    def action(self, meta, action):
        return action

    def _action(self, cls, meta, actor, mods=(), **fixed):
        kwargs = dict(fixed)
        names = {f.name for f in fields(cls)}
        for mod in mods:
            if mod.key not in names:
                raise ScenarioError(
                    f"`{mod.word}` does not apply to this action", line=mod.pos.line,
                    column=mod.pos.column, line_text=self._line(mod.pos.line),
                    expected=_modifiers_of(cls))
            if mod.key == "from_zone":
                kwargs[mod.key] = mod.value
            elif mod.key == "ability" or mod.key == "amount":
                kwargs[mod.key] = mod.value
            else:
                kwargs[mod.key] = kwargs.get(mod.key, ()) + mod.value
        return cls(actor=actor, pos=_pos(meta), text=self._text(meta), **kwargs)

    def play(self, meta, actor, card, *mods):
        return self._action(ast.Play, meta, actor, mods, card=card)

    def activate(self, meta, actor, card, *mods):
        return self._action(ast.Activate, meta, actor, mods, card=card)

    def attack(self, meta, actor, card, *mods):
        return self._action(ast.Attack, meta, actor, mods, card=card)

    def defend(self, meta, actor, cards):
        return self._action(ast.Defend, meta, actor, cards=cards)

    def defend_nothing(self, meta, actor):
        return self._action(ast.Defend, meta, actor, cards=())

    def pitch(self, meta, actor, cards):
        return self._action(ast.Pitch, meta, actor, cards=cards)

    def pass_priority(self, meta, actor):
        return self._action(ast.Pass, meta, actor)

    def use(self, meta, actor, effect, *rest):
        card = rest[0] if rest and isinstance(rest[0], ast.CardRef) else None
        mods = rest[1:] if card is not None else rest
        return self._action(ast.UseOptional, meta, actor, mods, effect=effect, card=card, use=True)

    def decline(self, meta, actor, effect, card=None):
        return self._action(ast.UseOptional, meta, actor, effect=effect, card=card, use=False)

    def order(self, meta, actor, cards):
        return self._action(ast.OrderTriggers, meta, actor, order=cards)

    def choose(self, meta, actor, choice, *rest):
        more = [_unquote(r) for r in rest if isinstance(r, Token)]
        mods = tuple(r for r in rest if not isinstance(r, Token))
        if more:        # Bob chooses "A" and "B": several options of one decision
            return self._action(ast.Choose, meta, actor, mods, choice="\n".join(
                [_unquote(choice)] + more))
        return self._action(ast.Choose, meta, actor, mods, choice=_unquote(choice))

    def find(self, meta, actor, card):
        return self._action(ast.Find, meta, actor, card=card)

    def fail_to_find(self, meta, actor):
        return self._action(ast.Find, meta, actor)

    def target_trigger(self, meta, actor, *targets_then_card):
        *targets, card = targets_then_card
        return self._action(ast.TargetTrigger, meta, actor, card=card, targets=tuple(targets))

    # modifiers
    def from_modifier(self, meta, zone):
        return _Modifier("from_zone", self.zones[zone], _pos(meta), "from")

    def pitching_modifier(self, meta, cards):
        return _Modifier("pitching", cards, _pos(meta), "pitching")

    def targeting_modifier(self, meta, *targets):
        return _Modifier("targets", tuple(targets), _pos(meta), "targeting")

    def choosing_modifier(self, meta, *modes):
        return _Modifier("modes", tuple(_unquote(m) for m in modes), _pos(meta), "choosing")

    def paying_modifier(self, meta, amount):
        return _Modifier("amount", int(amount), _pos(meta), "paying")

    def ability_modifier(self, meta, text):
        return _Modifier("ability", _unquote(text), _pos(meta), "ability")

    def player_target(self, meta, name):
        return ast.PlayerRef(name, _pos(meta))

    def card_target(self, meta, card):
        return card

    # expectations (pos and text are filled in by expect_stmt)
    _NOPOS = ast.Pos(0, 0)

    def exp_player_value(self, meta, player, *tokens):
        words, value = tokens[:-1], tokens[-1]
        key = " ".join(str(w).lower() for w in words)
        self.refs.stats.append(("player", key, _pos(words[0])))
        return ast.ExpectPlayerValue(self._NOPOS, "", player=player, stat=key, value=int(value))

    def expected_cards(self, meta, item):
        return () if isinstance(item, Token) else item

    def exp_zone(self, meta, player, zone, cards):
        return ast.ExpectZone(self._NOPOS, "", player=player, zone=self.zones[zone], cards=cards)

    def exp_zone_count(self, meta, player, zone, count):
        return ast.ExpectZone(self._NOPOS, "", player=player, zone=self.zones[zone],
                              count=int(count))

    def exp_deck(self, meta, player, cards):
        return ast.ExpectZone(self._NOPOS, "", player=player, zone="deck", cards=cards)

    def exp_deck_count(self, meta, player, count):
        return ast.ExpectZone(self._NOPOS, "", player=player, zone="deck", count=int(count))

    def any_zone(self, meta, word):
        return self.zones[str(word)]

    def exp_in_zone(self, meta, card, player, zone):
        return ast.ExpectInZone(self._NOPOS, "", card=card, player=player, zone=zone)

    def exp_not_in_zone(self, meta, card, player, zone):
        return ast.ExpectInZone(self._NOPOS, "", card=card, player=player, zone=zone,
                                negated=True)

    def exp_in_combat_chain(self, meta, card):
        """``expect "Illusion" in combat chain``: a shared zone, no player."""
        return ast.ExpectInZone(self._NOPOS, "", card=card, player="", zone="combat chain")

    def exp_not_in_combat_chain(self, meta, card):
        return ast.ExpectInZone(self._NOPOS, "", card=card, player="", zone="combat chain",
                                negated=True)

    def exp_card_value(self, meta, card, key, value):
        self.refs.stats.append(("card", str(key).lower(), _pos(key)))
        return ast.ExpectCardValue(self._NOPOS, "", card=card, stat=str(key).lower(), value=value)

    def exp_card_base_value(self, meta, card, key, value):
        """``expect "Hit" base power 4``: the base value (FaB 25.2), not the modified one."""
        self.refs.stats.append(("card", str(key).lower(), _pos(key)))
        return ast.ExpectCardValue(self._NOPOS, "", card=card, stat="base " + str(key).lower(),
                                   value=value)

    def exp_counters(self, meta, card, count, kind):
        return ast.ExpectCounters(self._NOPOS, "", card=card, kind=kind, count=int(count))

    def exp_card_hits(self, meta, card):
        return ast.ExpectHit(self._NOPOS, "", card=card, hit=True)

    def exp_card_no_hit(self, meta, card):
        return ast.ExpectHit(self._NOPOS, "", card=card, hit=False)

    def exp_hit(self, meta):
        return ast.ExpectHit(self._NOPOS, "", hit=True)

    def exp_no_hit(self, meta):
        return ast.ExpectHit(self._NOPOS, "", hit=False)

    def exp_wins(self, meta, player):
        return ast.ExpectOutcome(self._NOPOS, "", kind="win", player=player)

    def exp_draw(self, meta):
        return ast.ExpectOutcome(self._NOPOS, "", kind="draw")

    def exp_no_winner(self, meta):
        return ast.ExpectOutcome(self._NOPOS, "", kind="none")

    def exp_allowed(self, meta, action):
        return ast.ExpectAllowed(self._NOPOS, "", action=action, allowed=True)

    def exp_not_allowed(self, meta, action):
        return ast.ExpectAllowed(self._NOPOS, "", action=action, allowed=False)

    def exp_cites(self, meta, ref):
        return ast.ExpectCites(self._NOPOS, "", reference=_unquote(ref))

    def exp_not_cites(self, meta, ref):
        return ast.ExpectCites(self._NOPOS, "", reference=_unquote(ref), negated=True)


def _sorted_parts(children: list) -> tuple:
    """The parts of a game's own line, by kind: (player, cards, words, numbers, targets,
    modifiers). A player comes as a plain string, a card as a CardRef, words and numbers as
    tokens."""
    player = None
    cards, words, numbers, targets, mods = [], [], [], [], []
    for c in children:
        if isinstance(c, ast.CardRef):
            cards.append(c)
        elif isinstance(c, tuple) and all(isinstance(x, ast.CardRef) for x in c):
            cards.extend(c)
        elif isinstance(c, ast.PlayerRef):
            targets.append(c)
        elif isinstance(c, _Modifier):
            mods.append(c)
        elif isinstance(c, Token):
            if c.type == "INT":
                numbers.append(int(c))
            elif c.type == "STRING":
                words.append(_unquote(c))
            else:
                words.append(str(c).lower())
        elif isinstance(c, str) and player is None:
            player = c
        elif isinstance(c, str):
            words.append(c)
    return player, tuple(cards), tuple(words), tuple(numbers), tuple(targets), tuple(mods)


def _modifiers_of(cls) -> str:
    names = {f.name for f in fields(cls)}
    words = [w for key, w in (("from_zone", "from"), ("pitching", "pitching"),
                              ("targets", "targeting"), ("modes", "choosing"),
                              ("amount", "paying"), ("ability", "ability"),
                              ("details", "a detail of the game")) if key in names]
    return ", ".join(f"`{w}`" for w in words) or "nothing after the card"


def _nearest(word: str, choices, cutoff: float = 0.6) -> str | None:
    close = difflib.get_close_matches(word, list(choices), n=1, cutoff=cutoff)
    return close[0] if close else None


# --- records -> Scenario --------------------------------------------------------------------


class _Builder:
    """Assembles the Scenario from the transformer's records and checks its meaning."""

    def __init__(self, path: str, text: str, refs: _Refs, game: str | None = None) -> None:
        self.path = path
        self.text = text
        self.lines = text.splitlines()
        self.refs = refs
        self.game_id = game
        self.turn_positions: dict[str, ast.Pos] = {}

    def error(self, message: str, pos: ast.Pos, **extra) -> ScenarioError:
        line_text = self.lines[pos.line - 1] if 0 < pos.line <= len(self.lines) else None
        return ScenarioError(message, path=self.path, line=pos.line, column=pos.column,
                             line_text=line_text, **extra)

    def build(self, records: list) -> ast.Scenario:
        self.title: _Title | None = None
        self.game: _Game | None = None
        self.phase: _Phase | None = None
        self.cards: dict[str, ast.CardDef] = {}
        self.player_facts: dict[str, list[_PlayerFacts]] = {}
        self.policies: dict[str, ast.Policy] = {}
        self.main: list[ast.Step] = []
        self.branches: list[tuple[_BranchStart, list[ast.Step]]] = []
        for record in records:
            self._add(record)
        title, game, phase, cards = self.title, self.game, self.phase, self.cards
        player_facts, policies, main, branches = (self.player_facts, self.policies, self.main,
                                                  self.branches)

        if title is None:
            raise self.error("the scenario has no `scenario \"title\"` line", ast.Pos(1, 1),
                             expected='scenario "what this scenario shows"')
        if game is None:
            raise self.error("the scenario has no `game` line", ast.Pos(1, 1),
                             expected="game <document id>, e.g. game fab-1.4")
        game_id = self._game_of(game)
        for policy in policies.values():
            self._check_policy(policy, game_id)

        cards = self._check_cards(cards)
        player_facts, main, branches = self.player_facts, self.main, self.branches
        card_table = _tables(game_id)[2]
        cards = {name: replace(card, stats=tuple((card_table.get(k, k), v) for k, v in card.stats))
                 for name, card in cards.items()}
        players = tuple(self._player(name, facts, cards, game_id)
                        for name, facts in player_facts.items())
        self._check_players(players)
        self._check_stats(game_id)
        steps = tuple(self._finish_step(s, game.document, game_id) for s in main)
        built_branches = tuple(
            ast.Branch(start.label, tuple(self._finish_step(s, game.document, game_id)
                                          for s in body), start.pos)
            for start, body in branches)
        if (steps or built_branches) and len(players) and not any(p.turn_player for p in players):
            raise self.error("no player is the turn player", players[0].pos,
                             expected=f"{players[0].name} is the turn player")
        return ast.Scenario(title=title.title, document=game.document, game=game_id,
                            cards=tuple(cards.values()), players=players,
                            policies=tuple(policies.values()), steps=steps,
                            branches=built_branches, pos=title.pos, path=self.path,
                            source=self.text, phase=phase.phase if phase else None)

    # --- one record at a time (dispatched on the record's type)
    @singledispatchmethod
    def _add(self, record) -> None:
        """An action or an expectation: a step of the main line or of the current branch."""
        (self.branches[-1][1] if self.branches else self.main).append(record)

    def _setup_allowed(self, pos: ast.Pos) -> None:
        if self.branches:
            raise self.error("setup lines must come before the first `branch`", pos,
                             expected="actions and `expect` lines inside a branch")

    @_add.register
    def _(self, record: _Title) -> None:
        self._setup_allowed(record.pos)
        if self.title is not None:
            raise self.error("a second `scenario` line", record.pos,
                             expected="one `scenario` line per file")
        self.title = record

    @_add.register
    def _(self, record: _Game) -> None:
        self._setup_allowed(record.pos)
        if self.game is not None:
            raise self.error("a second `game` line", record.pos,
                             expected="one `game` line per file")
        self.game = record

    @_add.register
    def _(self, record: _Phase) -> None:
        self._setup_allowed(record.pos)
        self.phase = record

    @_add.register
    def _(self, record: ast.CardDef) -> None:
        self._setup_allowed(record.pos)
        if record.name in self.cards:
            first = self.cards[record.name].pos
            raise self.error(f"card {record.name!r} is defined twice (first on line "
                             f"{first.line})", record.pos)
        self.cards[record.name] = record

    @_add.register
    def _(self, record: _PlayerFacts) -> None:
        self._setup_allowed(record.pos)
        self.player_facts.setdefault(record.name, []).append(record)

    @_add.register
    def _(self, record: ast.Policy) -> None:
        self._setup_allowed(record.pos)
        self.policies[record.key] = record

    @_add.register
    def _(self, record: _BranchStart) -> None:
        if any(b.label == record.label for b, _ in self.branches):
            raise self.error(f"two branches are labelled {record.label!r}", record.pos)
        self.branches.append((record, []))

    # --- pieces
    def _game_of(self, game: _Game) -> str:
        docs = _document_games()
        if game.document not in docs:
            raise self.error(f"unknown document {game.document!r}", game.pos,
                             expected="one of " + ", ".join(sorted(docs)),
                             suggestion=_nearest(game.document, docs, cutoff=0.4))
        return docs[game.document]

    def _check_policy(self, policy: ast.Policy, game: str) -> None:
        known = ast.policies(game)
        if policy.key not in known:
            raise self.error(f"unknown policy {policy.key!r} for {game}", policy.pos,
                             expected=", ".join(known),
                             suggestion=_nearest(policy.key, known))
        allowed = known[policy.key][1]
        if policy.value not in allowed:
            raise self.error(f"policy {policy.key} cannot be {policy.value!r}", policy.pos,
                             expected=", ".join(allowed),
                             suggestion=_nearest(policy.value, allowed))

    def _check_cards(self, cards: dict[str, ast.CardDef]) -> dict[str, ast.CardDef]:
        """Every card named is defined: by a `card` line, or by an installed card database
        (judge.scenario.named_cards, which names each card once; the references follow)."""
        from judge.scenario.named_cards import Unresolved, renamed, resolve
        try:
            found = resolve(self.game_id, cards, self.refs.cards)
        except Unresolved as err:
            raise self.error(err.message, err.ref.pos, expected=err.expected,
                             suggestion=err.suggestion, hint=err.hint) from None
        if found.renames:
            self.main = renamed(self.main, found.renames)
            self.branches = [(start, renamed(body, found.renames)) for start, body in self.branches]
            self.player_facts = {name: renamed(records, found.renames)
                                 for name, records in self.player_facts.items()}
        return found.cards

    def _check_players(self, players: tuple[ast.Player, ...]) -> None:
        names = [p.name for p in players]
        for name, pos in self.refs.players:
            if name not in names:
                near = _nearest(name, names, cutoff=0.5)
                if near is None and pos.column == 1:
                    # the first word of a line may be a misspelt keyword rather than a player
                    near = _nearest(name, sorted(keywords(self.game_id)), cutoff=0.75)
                raise self.error(f"player {name!r} is not declared", pos,
                                 expected=f"a `{name}: ...` line" if not names else
                                 "one of the players " + ", ".join(names),
                                 suggestion=near)
        turn = [p for p in players if p.turn_player]
        if len(turn) > 1:
            raise self.error(f"{turn[0].name} and {turn[1].name} are both the turn player",
                             self.turn_positions.get(turn[1].name, turn[1].pos))

    def _check_stats(self, game: str) -> None:
        _zones, players, cards = _tables(game)
        for kind, key, pos in self.refs.stats:
            table = players if kind == "player" else cards
            if key not in table:
                raise self.error(f"unknown {kind} value {key!r} for {game}", pos,
                                 expected=", ".join(sorted(set(table.values())))
                                 or f"none: {game} {kind}s have no values of their own here",
                                 suggestion=_nearest(key, table))

    def _player(self, name: str, records: list[_PlayerFacts], cards: dict[str, ast.CardDef],
                game: str) -> ast.Player:
        values: dict[str, object] = {}
        stats: dict[str, int] = {}
        facts: list[tuple[str, tuple[str, ...], tuple[int, ...]]] = []
        zones: dict[str, dict] = {}
        last_zone: tuple[str, str] | None = None   # (zone, "cards" | "bottom")
        table = _tables(game)[1]
        for record in records:
            for fact in record.facts:
                if fact.kind == "more":
                    if last_zone is None:
                        raise self.error("a card here must follow a zone", fact.pos,
                                         expected='a zone before the cards, e.g. hand "A", "B"')
                    zone, part = last_zone
                    zones[zone][part] += fact.cards
                    continue
                last_zone = None
                if fact.kind == "hero":
                    values["hero"] = fact.cards[0]
                elif fact.kind == "stat":
                    key = table.get(fact.key, fact.key)
                    stats[key] = fact.value
                    if key in ("life", "intellect", "action points", "resource points"):
                        values[key.replace(" ", "_")] = fact.value
                elif fact.kind == "game":
                    words, numbers = fact.value
                    facts.append((fact.key, words + tuple(c.name for c in fact.cards), numbers))
                elif fact.kind == "turn_player":
                    values["turn_player"] = True
                    self.turn_positions.setdefault(name, fact.pos)
                elif fact.kind == "first_turn":
                    values["first_turn"] = fact.value
                elif fact.kind == "deck_count":
                    zones.setdefault("deck", _zone(fact.pos))["count"] = fact.value
                else:  # zone, deck_top, deck_bottom
                    part = "bottom" if fact.kind == "deck_bottom" else "cards"
                    zone = zones.setdefault(fact.key, _zone(fact.pos))
                    zone[part] += fact.cards
                    last_zone = (fact.key, part)
        built = []
        for zone_name, zone in zones.items():
            refs = tuple(self._with_slot(ref, cards) if zone_name == "equipment" else ref
                         for ref in zone["cards"])
            named = len(refs) + len(zone["bottom"])
            if zone["count"] is not None and zone["count"] < named:
                raise self.error(f"{name}'s deck has {zone['count']} cards but {named} are named",
                                 zone["pos"])
            built.append(ast.Zone(zone_name, refs, zone["pos"], zone["bottom"], zone["count"]))
        return ast.Player(name=name, pos=records[0].pos, zones=tuple(built),
                          stats=tuple(stats.items()), facts=tuple(facts), **values)

    @staticmethod
    def _with_slot(ref: ast.CardRef, cards: dict[str, ast.CardDef]) -> ast.CardRef:
        if ref.slot is not None or ref.name not in cards:
            return ref
        for slot in SLOTS:
            if cards[ref.name].has_type(slot):
                return replace(ref, slot=slot)
        return ref

    def _finish_step(self, step: ast.Step, document: str, game: str) -> ast.Step:
        """Normalise value names to the game's (``defence`` -> ``defense``); resolve citations."""
        _zones, players, cards = _tables(game)
        if isinstance(step, ast.ExpectCardValue):
            base = step.stat.startswith("base ")
            stat = step.stat.removeprefix("base ")
            return replace(step, stat=("base " if base else "") + cards.get(stat, stat))
        if isinstance(step, ast.ExpectPlayerValue):
            return replace(step, stat=players.get(step.stat, step.stat))
        if not isinstance(step, ast.ExpectCites):
            return step
        from judge.rules.lookup import citation_exists, term_citation
        ref = step.reference.strip()
        doc_prefix, _, rest = ref.partition(" ")
        candidates = [ref] if rest and "-" in doc_prefix else []
        candidates.append(f"{document} {ref}")
        for candidate in candidates:
            if citation_exists(candidate):
                return replace(step, citation=candidate)
        found = term_citation(game, ref)
        if found:
            return replace(step, citation=found)
        from judge.rules.lookup import suggest_numbers
        near = suggest_numbers(document, ref)
        line = self.lines[step.pos.line - 1] if 0 < step.pos.line <= len(self.lines) else ""
        at = line.find(f'"{step.reference}')
        pos = ast.Pos(step.pos.line, at + 1) if at >= 0 else step.pos
        raise self.error(f"no rule or term {ref!r} in {document}", pos,
                         expected="a rule number or glossary term of " + document,
                         suggestion=", ".join(near[:3]) or None)


_DOCUMENT_GAMES: dict[tuple, dict[str, str]] = {}


def _document_games() -> dict[str, str]:
    """Document id -> game of every installed rules document. The manifests are read once per
    process, and again only when one is added, removed or changed (their paths, sizes and
    modification times are the key)."""
    key = tuple(_manifest_stats(str(paths.RULEBOOK))
                + _manifest_stats(str(paths.user_rulebook())))
    docs = _DOCUMENT_GAMES.get(key) if key else None
    if docs is None:
        from judge.rules.catalog import entries
        docs = {entry.manifest.id: entry.manifest.game for entry in entries()}
        _DOCUMENT_GAMES.clear()
        _DOCUMENT_GAMES[key] = docs
    return docs


def _manifest_stats(top: str) -> list[tuple[str, int, int]]:
    """(path, size, mtime) of every ``<top>/<game>/*.toml`` (what the catalog reads)."""
    found = []
    try:
        with os.scandir(top) as games:
            for game in games:
                if game.is_dir():
                    with os.scandir(game.path) as files:
                        for f in files:
                            if f.name.endswith(".toml"):
                                st = f.stat()
                                found.append((f.path, st.st_size, st.st_mtime_ns))
    except OSError:   # no such folder, or one went away meanwhile
        pass
    return sorted(found)


def _zone(pos: ast.Pos) -> dict:
    return {"cards": (), "bottom": (), "count": None, "pos": pos}


# --- entry points ---------------------------------------------------------------------------


_GAME_LINE = re.compile(r"^([ \t]*game[ \t]+)(\S+)", re.M)


def game_of(text: str, path: str = "<scenario>") -> str | None:
    """The game of the document a scenario's first ``game`` line names (None: no such line).
    An unknown document is an error at that line, before the rest is read: the document
    chooses the language the rest is written in."""
    m = _GAME_LINE.search(text)
    if m is None:
        return None
    doc = m.group(2)
    docs = _document_games()
    if doc in docs:
        return docs[doc]
    line = text.count("\n", 0, m.start()) + 1
    raise ScenarioError(f"unknown document {doc!r}", path=path, line=line,
                        column=len(m.group(1)) + 1, line_text=text.splitlines()[line - 1],
                        expected="one of " + ", ".join(sorted(docs)),
                        suggestion=_nearest(doc, docs, cutoff=0.4))


def parse(text: str, path: str = "<scenario>") -> ast.Scenario:
    """Parse and check a scenario. Raises ScenarioSyntaxError or ScenarioError."""
    from judge.scenario.bounds import check_counts, check_text
    from judge.scenario.messages import syntax_error
    from judge.scenario.source import without_bom

    text = without_bom(text)
    check_text(text, path)
    game = game_of(text, path)
    parser = lark_parser(game)
    try:
        tree = parser.parse(text)
    except UnexpectedInput as err:
        raise syntax_error(err, text, path, game) from None
    lines = text.splitlines()
    transformer = ScenarioTransformer(lines, game)
    try:
        records = transformer.transform(tree)
    except VisitError as err:
        if isinstance(err.orig_exc, ScenarioError):
            err.orig_exc.path = path
            raise err.orig_exc from None
        raise
    scenario = _Builder(path, text, transformer.refs, game).build(records)
    check_counts(scenario)
    return scenario


def parse_file(path: str | Path) -> ast.Scenario:
    from judge.scenario.source import read_source
    return parse(read_source(path), str(path))
