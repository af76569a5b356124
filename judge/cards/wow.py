"""World of Warcraft TCG card text (Comprehensive Rules 7.4) -> :mod:`judge.cards.legacy_model` values.

Grammar: ``grammar/card_wow.lark`` (powers, keywords, effects) importing the common core
``grammar/card_common.lark``; the card line that the rules' examples print before a card's text
(``Elder Moorf, 1, Horde, Ally—Tauren Druid, 1 [Nature] / 1 Health``) is read by
``grammar/card_wow_header.lark`` into ``CardText.meta``.

Lexing and parsing: :class:`judge.cards.wordparser.WordParser` (every terminal reading of each
word, fed depth first to lark's LALR tables, with the actions that table conflicts hid).

Paragraph and sentence splitting, unparsed clauses and strict mode come from
:class:`judge.cards.common.ClauseParser`; "<p>" (the rules' paragraph mark, 700.1) and the
markdown emphasis of the rules' examples are blanked before splitting so spans stay offsets
into the printed text.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import replace
from functools import cached_property, lru_cache
from pathlib import Path

from lark import Lark, Token, Tree, v_args
from lark.exceptions import UnexpectedInput

from judge.cards.wordparser import Conflicts, WordParser, load_grammar
from judge.cards.common import (GRAMMAR_DIR, CardTransformer, ClauseParser, DamagePhrase, TokenSpan,
                                clean, span_of)
from judge.cards.links import citation_for
from judge.cards.legacy_model import (Ability, CardText, Choice, Condition, Conditional, Cost, Damage,
                               Duration, Effect, Gain, Keyword, ModifyValue, Move, Other, Prevent,
                               Replacement, Span, Target, Trigger)

GAME = "wow"

# --------------------------------------------------------------------------- header line

_HEADER_TYPE = re.compile(r"(?:^|,)\s*\**(?:Instant |Monster |Master |Ability )*"
                          r"(?:Ally|Ability|Equipment|Hero|Quest|Location)\b(?:\s*[\u2014,*]|\s*$)")
_TEXT_IN_HEADER = re.compile(r"(?:\(\d+\)|\[Activate\]|\d+)\s*(?:,\s*\[Activate\]\s*)?>>>"
                             r"|\[Activate\]\s*>>>")


class HeaderReader:
    """The card line of the rules' examples: name, cost, faction/class, type line, stats."""

    def __init__(self) -> None:
        self.lark = Lark.open(str(GRAMMAR_DIR / "card_wow_header.lark"), parser="lalr",
                              start="field", cache=True)

    def split(self, text: str) -> tuple[tuple[tuple[str, str], ...], int]:
        """(meta, offset where the card text starts); ((), 0) when the text has no card line."""
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


# --------------------------------------------------------------------------- tree -> values

_KEYWORD_NAMES = {"long-range": "Long-Range", "protectors": "Protector", "totems": "Totem"}


@v_args(meta=True)
class WowTransformer(CardTransformer):
    """Turns a card_wow.lark tree into model values (``Ability`` per power)."""

    game = GAME

    # -- helpers
    def _cite(self, term: str) -> str | None:
        return citation_for(GAME, term)

    def _target(self, meta) -> Target:
        phrase = self.phrase(meta)
        words = phrase.lower().split()
        quantifier = "one"
        if words[:1] in (["each"], ["all"], ["both"]):
            quantifier = "each" if words[0] == "each" else "all"
        elif words[:2] == ["up", "to"] and len(words) > 2:
            quantifier = f"up to {words[2]}"
        elif words[:3] == ["any", "number", "of"]:
            quantifier = "any number"
        return Target(text=phrase, targeted="target" in words, quantifier=quantifier,
                      span=span_of(meta))

    def _effects(self, items) -> tuple[Effect, ...]:
        out: list[Effect] = []
        for item in items:
            if isinstance(item, Effect):
                out.append(item)
            elif isinstance(item, (tuple, list)):
                out.extend(self._effects(item))
        return tuple(out)

    def _other(self, verb: str, meta, children) -> Other:
        args = []
        for child in children:
            if isinstance(child, Target):
                args.append(("object", child.text))
            elif isinstance(child, Duration):
                args.append(("duration", child.text))
            elif isinstance(child, Condition):
                args.append((child.kind, child.text))
            elif isinstance(child, Effect):
                args.append(("effect", child.verb))
            elif isinstance(child, Tree):
                args.append((str(child.data), clean(self.source(child.meta))))
            elif isinstance(child, tuple) and len(child) == 2 and all(isinstance(c, str) for c in child):
                args.append(child)
        return Other(verb=verb, args=tuple(args), span=span_of(meta))

    @staticmethod
    def _verb(children) -> str:
        for child in children:
            if isinstance(child, Token):
                return _lemma(str(child))
        return ""

    # -- start rules and powers
    def paragraph(self, meta, children):
        return children[0]

    sentence = power = power_body = paragraph

    def keyword_power(self, meta, children):
        keywords = children[0]
        return Ability(kind="keyword", keywords=keywords, span=span_of(meta),
                       citation=keywords[0].citation if len(keywords) == 1 else None)

    def keyword_list(self, meta, children):
        return tuple(c for c in children if isinstance(c, Keyword))

    keyword_list_inline = keyword_list

    def _keyword(self, meta, name: str, value=None) -> Keyword:
        return Keyword(name=name, value=value, citation=self._cite(name), span=span_of(meta))

    def keyword(self, meta, children):
        word = str(children[0])
        name = _KEYWORD_NAMES.get(word.lower(), word[:1].upper() + word[1:].lower())
        return self._keyword(meta, name)

    def _named_keyword(name: str):  # noqa: N805 - builds methods below
        def method(self, meta, children):
            return self._keyword(meta, name)
        return method

    escape_artist = _named_keyword("Escape Artist")
    war_stomp = _named_keyword("War Stomp")
    will_of_the_forsaken = _named_keyword("Will of the Forsaken")
    inspiring_presence = _named_keyword("Inspiring Presence")
    find_treasure = _named_keyword("Find Treasure")
    arcane_torrent = _named_keyword("Arcane Torrent")
    time_is_money = _named_keyword("Time is Money")
    dual_wield = _named_keyword("Dual Wield")
    sextuple_wield = _named_keyword("Sextuple Wield")

    def finishing_move(self, meta, children):
        return self._keyword(meta, "Finishing Move", _value_text(self, children))

    def resistance(self, meta, children):
        return Keyword(name="Resistance", value=str(children[0]).lower(),
                       citation=self._cite("Resistance"), span=span_of(meta))

    def numbered_keyword(self, meta, children):
        name = str(children[0].children[0] if isinstance(children[0], Tree) else children[0])
        return self._keyword(meta, name[:1].upper() + name[1:].lower(), children[-1])

    def keyword_n(self, meta, children):
        return children[0]

    def _labelled_keyword(name: str):  # noqa: N805
        def method(self, meta, children):
            return self._keyword(meta, name, _value_text(self, children))
        return method

    inspire = _labelled_keyword("Inspire")
    sabotage = _labelled_keyword("Sabotage")
    diplomacy = _labelled_keyword("Diplomacy")

    def level_up(self, meta, children):
        value = children[-1]
        return self._keyword(meta, "Level Up", value if isinstance(value, int) else str(value))

    def chosen_resistance(self, meta, children):
        """"has the chosen resistance" (after "As X enters play, choose arcane, fire, ...")."""
        return Keyword(name="Resistance", value="chosen", citation=self._cite("Resistance"),
                       span=span_of(meta))

    def slot_keyword(self, meta, children):
        """"Pet (1)", "Melee (1)", "Form (1)": a keyword with its number in parentheses."""
        name = str(children[0])
        return self._keyword(meta, name[:1].upper() + name[1:].lower(),
                             next((c for c in children if isinstance(c, (int, str))
                                   and not isinstance(c, Token)), None))

    def kw_things(self, meta, children):
        return self.phrase(meta)

    def ongoing_power(self, meta, children):
        inner = _first_ability(children)
        return replace(inner, label="Ongoing" if not inner.label else f"Ongoing: {inner.label}",
                       citation=self._cite("Ongoing"), span=span_of(meta))

    def restricted_payment(self, meta, children):
        restriction = next((c for c in children if isinstance(c, str)), "")
        inner = _first_ability(children)
        return replace(inner, limit=restriction, span=span_of(meta))

    def on_your_turn(self, meta, children):
        return "on your turn"

    def on_turn(self, meta, children):
        return self.phrase(meta)

    def if_restriction(self, meta, children):
        return self.phrase(meta)

    def once_per_turn(self, meta, children):
        return "once per turn"

    def basic(self, meta, children):
        return "basic"

    def payment(self, meta, children):
        costs: tuple[Cost, ...] = ()
        effects: tuple[Effect, ...] = ()
        limit = ""
        for child in children:
            if isinstance(child, tuple) and child and isinstance(child[0], Cost):
                costs = child
            elif isinstance(child, tuple):
                effects = self._effects(child)
                limit = "; ".join(c for c in child if isinstance(c, str))
        if not costs:      # "→ effect": only the activate symbol, lost in print
            costs = (Cost(kind="activate", span=span_of(meta)),)
        activated = any(c.kind == "activate" for c in costs)
        return Ability(kind="activated", effects=effects, costs=costs, span=span_of(meta),
                       limit=limit,
                       citation=self._cite("Activate" if activated else "Payment Power"))

    def pay_costs(self, meta, children):
        out: list[Cost] = []
        for child in children:
            if isinstance(child, tuple) and child and isinstance(child[0], Cost):
                out.extend(child)
            elif isinstance(child, tuple):
                out.extend(_action_cost(e) for e in self._effects(child))
        return tuple(out)

    def lost_activate(self, meta, children):
        return (Cost(kind="activate", span=span_of(meta)),) + self.pay_costs(meta, children)

    def res_costs(self, meta, children):
        return tuple(c for c in children if isinstance(c, Cost))

    def resource_cost(self, meta, children):
        amount = next(c for c in children if not (isinstance(c, Token) and c.type in ("LPAR", "RPAR")))
        return Cost(kind="resource", amount=amount if isinstance(amount, int) else None,
                    detail="" if isinstance(amount, int) else str(amount), span=span_of(meta))

    def activate_cost(self, meta, children):
        return Cost(kind="activate", span=span_of(meta))

    def reward_power(self, meta, children):
        body = _first_ability(children)
        return replace(body, kind="activated", label="Reward", citation=self._cite("Reward Power"),
                       span=span_of(meta))

    def quest_power(self, meta, children):
        return Ability(kind="static", label="Quest", costs=(children[0],),
                       citation=self._cite("Complete"), span=span_of(meta))

    def quest_cost(self, meta, children):
        amount = next(c for c in children if isinstance(c, (int, str)) and not isinstance(c, Token))
        return Cost(kind="resource", amount=amount if isinstance(amount, int) else None,
                    span=span_of(meta))

    def restricted_quest(self, meta, children):
        """"On your turn: Pay 2 to complete this quest." (702, 701.1)"""
        restriction = next((c for c in children if isinstance(c, str)), "")
        cost = next(c for c in children if isinstance(c, Cost))
        return Ability(kind="static", label="Quest", costs=(cost,), limit=restriction,
                       citation=self._cite("Complete"), span=span_of(meta))

    def quest_action_cost(self, meta, children):
        """"Exhaust ten cards you control to complete this quest.": the actions are the cost."""
        effects = self._effects(children)
        return _action_cost(effects[0]) if len(effects) == 1 else Cost(
            kind="actions", detail="; ".join(e.verb for e in effects), span=span_of(meta))

    def labelled_power(self, meta, children):
        label = next(c for c in children if isinstance(c, str))
        inner = _first_ability(children)
        citation = self._cite(label) or inner.citation
        return replace(inner, label=label, citation=citation, span=span_of(meta))

    def lost_icon_power(self, meta, children):
        """": Thunderhead Hippogryph has Elusive.": the label was an icon (a class or a talent)
        that the text export dropped; the power is read, its label stays unknown."""
        inner = _first_ability(children)
        return replace(inner, label="(icon)", span=span_of(meta))

    def death_rattle(self, meta, children):
        return "Death Rattle"

    def named(self, meta, children):
        return self.source(meta).strip()

    hero_label = named

    def die_result(self, meta, children):
        """"1-2:", "6:": the result of a die roll that selects the effect after the colon."""
        return "Roll " + "".join(self.source(meta).split())

    def requirement_power(self, meta, children):
        kind, value = children[0]
        return Ability(kind="label", label=f"{kind}: {value}", citation=self._cite(kind),
                       span=span_of(meta))

    def affiliation(self, meta, children):
        """A paragraph that is only a name ("Scarlet Crusade"): the card's affiliation line."""
        return ("Affiliation", " ".join(self.source(meta).split()))

    def hero_required(self, meta, children):
        return ("Hero Required", self.phrase(meta).lower().rsplit(" hero required", 1)[0])

    def reputation(self, meta, children):
        return ("Reputation", self.phrase(meta).lower().rsplit(" reputation", 1)[0])

    def stage_only(self, meta, children):
        return ("Stage", str(children[1]))

    def talent(self, meta, children):
        return ("Talent", self.phrase(meta).lower().rsplit(" talent", 1)[0])

    def text_power(self, meta, children):
        return children[0]

    # -- bodies
    def body(self, meta, children):
        """Sentences -> one Ability: triggered (703) when the first clause is a trigger,
        replacement (716/717) for "if ... would ...", otherwise static or spell text."""
        effects = self._effects(children)
        restrictions = _restrictions(children)
        first = effects[0] if effects else None
        span = span_of(meta)
        if isinstance(first, Conditional) and first.verb == "trigger":
            cond = first.condition
            return Ability(kind="triggered", trigger=Trigger(kind=cond.kind, event=cond.text,
                                                             span=cond.span),
                           effects=first.then + effects[1:], span=span,
                           citation=self._cite("Triggered Power"),
                           limit="; ".join(restrictions))
        if isinstance(first, Replacement):
            return Ability(kind="replacement", effects=effects, span=span,
                           citation=self._cite("Replacement Modifier"))
        kind = "static" if effects and all(_is_static(e) for e in effects) else "spell"
        return Ability(kind=kind, effects=effects, span=span, limit="; ".join(restrictions),
                       citation=self._cite("Continuous Power") if kind == "static" else None)

    def payment_body(self, meta, children):
        """A payment power's sentences: effects as printed; a leading "When ..." stays a
        trigger effect (set up by paying), it is not the power's own trigger."""
        return self._effects(children) + _restrictions(children)

    def stmt(self, meta, children):
        return self._effects(children) + _restrictions(children)

    open_sentence = stmt

    def colon_sentence(self, meta, children):
        head, tail = [c for c in children if isinstance(c, tuple)][:2]
        head_effects, tail_effects = self._effects(head), self._effects(tail)
        if len(head_effects) == 1 and isinstance(head_effects[0], Conditional):
            return (replace(head_effects[0], then=head_effects[0].then + tail_effects),)
        return head_effects + tail_effects

    def restricted(self, meta, children):
        effects = self._effects(children)
        restriction = next((c for c in children if isinstance(c, str)), "")
        return effects + ((restriction,) if restriction else ())

    def restriction_tail(self, meta, children):
        return self.phrase(meta)

    def choose_modes(self, meta, children):
        options = next(c for c in children if isinstance(c, list))
        pick = next((c for c in children if isinstance(c, (int, str)) and not isinstance(c, Token)), 1)
        return (Choice(verb="choose", pick=pick, options=tuple(options), span=span_of(meta)),)

    def pick_phrase(self, meta, children):
        """"one or both", "one or more", "X of the following": how many modes are chosen."""
        return self.phrase(meta).lower().removesuffix(" of the following")

    def option_list(self, meta, children):
        return [self._effects(c) for c in children if isinstance(c, tuple)]

    def clauses(self, meta, children):
        return self._effects(children)

    def clause_join(self, meta, children):
        return None

    vp_join = clause_join

    # -- clauses
    def _cond(self, meta, children) -> Condition | None:
        return next((c for c in children if isinstance(c, Condition)), None)

    def if_clause(self, meta, children):
        cond = self._cond(meta, children)
        then = self._effects([c for c in children if isinstance(c, tuple)])
        if cond is not None and " would " in f" {cond.text} ":
            return Replacement(verb="replace", event=cond.text, instead=then, span=span_of(meta))
        return Conditional(verb="if", condition=cond, then=then, span=span_of(meta))

    def trailing_condition(self, meta, children):
        cond = self._cond(meta, children)
        then = self._effects([c for c in children if not isinstance(c, Condition)])
        if cond is not None and " would " in f" {cond.text} ":
            return Replacement(verb="replace", event=cond.text, instead=then, span=span_of(meta))
        return Conditional(verb=cond.kind if cond else "if", condition=cond, then=then,
                           span=span_of(meta))

    def cond_clause(self, meta, children):
        return Tree("cond", [], meta)

    def trigger_word(self, meta, children):
        return self.phrase(meta)

    def event(self, meta, children):
        return Condition(text=self.phrase(meta), kind="when", span=span_of(meta))

    def trigger_clause(self, meta, children):
        word = next(c for c in children if isinstance(c, str))
        event = next(c for c in children if isinstance(c, Condition))
        then = self._effects([c for c in children if isinstance(c, tuple)])
        return Conditional(verb="trigger", condition=replace(event, kind=word), then=then,
                           span=span_of(meta))

    def trailing_trigger(self, meta, children):
        word = next(c for c in children if isinstance(c, str))
        event = next(c for c in children if isinstance(c, Condition))
        then = self._effects([c for c in children if isinstance(c, (Effect, tuple))])
        return Conditional(verb="trigger", condition=replace(event, kind=word), then=then,
                           span=span_of(meta))

    def at_clause(self, meta, children):
        point = next(c for c in children if isinstance(c, Condition))
        then = self._effects([c for c in children if isinstance(c, tuple)])
        return Conditional(verb="trigger", condition=point, then=then, span=span_of(meta))

    def trailing_at(self, meta, children):
        point = next(c for c in children if isinstance(c, Condition))
        then = self._effects([c for c in children if isinstance(c, (Effect, tuple))])
        return Conditional(verb="trigger", condition=point, then=then, span=span_of(meta))

    def start_of(self, meta, children):
        return Condition(text=self.phrase(meta), kind="at", span=span_of(meta))

    end_of = start_of

    def _wrap(verb: str):  # noqa: N805
        def method(self, meta, children):
            inner = self._effects([c for c in children if isinstance(c, (Effect, tuple))])
            cond = self._cond(meta, children)
            return Conditional(verb=verb, condition=cond, then=inner, span=span_of(meta))
        return method

    otherwise_clause = _wrap("otherwise")
    during_clause = _wrap("during")
    for_each_clause = _wrap("for each")

    def duration_clause(self, meta, children):
        """"This turn, <effects>": every effect of the clause lasts that long."""
        duration = next(c for c in children if isinstance(c, Duration))
        out = []
        for effect in self._effects(children):
            if isinstance(effect, (ModifyValue, Prevent, Gain)) and effect.duration is None:
                effect = replace(effect, duration=duration)
            elif isinstance(effect, Other):
                effect = replace(effect, args=effect.args + (("duration", duration.text),))
            out.append(effect)
        return tuple(out)

    def vp_condition(self, meta, children):
        """"has 4 ATK while attacking": the effect holds under the condition."""
        cond = self._cond(meta, children)
        then = self._effects(children[:1])
        return Conditional(verb=cond.kind if cond else "if", condition=cond, then=then,
                           span=span_of(meta))

    def vp_until(self, meta, children):
        """"draw cards until you reach your maximum hand size": repeat until the event."""
        then = self._effects(children[:1])
        until = next(c for c in children if isinstance(c, Token) and c.type == "UNTIL")
        text = clean(self.text[until.end_pos:meta.end_pos])
        return Conditional(verb="until", condition=Condition(text=text, kind="until"),
                           then=then, span=span_of(meta))

    def vp_when(self, meta, children):
        """"has +1 ATK when attacking damaged heroes": the effect holds while the character
        does that (like "while attacking")."""
        then = self._effects(children[:1])
        when = next(c for c in children if isinstance(c, Token) and c.type == "WHEN")
        text = clean(self.text[when.end_pos:meta.end_pos])
        return Conditional(verb="when", condition=Condition(text=text, kind="when"), then=then,
                           span=span_of(meta))

    def vp_rather_than(self, meta, children):
        """"exhaust a Totem rather than pay this ability's cost": an alternative to the second."""
        effects = [c for c in children if isinstance(c, Effect)]
        instead = effects[1:2]
        return Other(verb="instead of", args=tuple(("do", e.verb) for e in effects[:1])
                     + tuple(("instead of", e.verb) for e in instead), span=span_of(meta))

    def vp_pre_adverb(self, meta, children):
        """"also deals that much damage", "only attacks heroes": the verb phrase, marked."""
        effect = next((c for c in children if isinstance(c, Effect)), None)
        word = self.phrase(children[0].meta).lower() if isinstance(children[0], Tree) else ""
        if isinstance(effect, Other):
            return replace(effect, args=effect.args + (("adverb", word),), span=span_of(meta))
        return effect

    def divided(self, meta, children):
        return Tree("divided", [], meta)

    def instead_clause(self, meta, children):
        return self._effects([c for c in children if isinstance(c, tuple)])

    def instead_tail(self, meta, children):
        return self._effects(children)

    def where_x(self, meta, children):
        effects = self._effects(children[:1])
        return tuple(replace(e, args=e.args + (("where X is", self.phrase(children[-1].meta)
                                                 if isinstance(children[-1], Tree) else ""),))
                     if isinstance(e, Other) else e for e in effects)

    def reminder(self, meta, children):
        return ()       # reminder text restates a rule; it adds no effect

    def subject_action(self, meta, children):
        subject = next((c for c in children if isinstance(c, Target)), None)
        effects = self._effects(children[1:])
        return tuple(_with_subject(e, subject) for e in effects)

    def it_is(self, meta, children):
        return self._other("is", meta, children)

    def imperative(self, meta, children):
        return self._effects(children)

    predicate = event_predicate = imperative

    def subject(self, meta, children):
        return children[0]

    # -- verb phrases
    def damage_vp(self, meta, children):
        phrase = next((c for c in children if isinstance(c, DamagePhrase)), DamagePhrase(0, ""))
        target = next((c for c in children if isinstance(c, Target)), None)
        amount = phrase.amount
        equal = next((c for c in children if isinstance(c, Tree) and c.data == "equal_to"), None)
        if amount in (0, "") and equal is not None:     # "deals fire damage equal to its cost"
            amount = self.phrase(equal.meta)
        elif amount in (0, "") and target is not None and " equal to " in target.text:
            # "deals fire damage to target ally equal to <amount>": the amount, not the target
            head, _, rest = target.text.partition(" equal to ")
            amount = "equal to " + rest
            cut = self.text.find(" equal to ", target.span.start) if target.span else -1
            target = replace(target, text=head,
                             span=Span(target.span.start, cut) if cut > 0 else target.span)
        return Damage(verb="deal", amount=amount, damage_type=phrase.damage_type,
                      target=target, span=span_of(meta))

    def damage_pairs(self, meta, children):
        """"deals 3 nature damage to target hero and 3 nature damage to target ally" (one Damage
        per amount and target) or "deals 1 frost damage and 1 nature damage to target ally"
        (each amount to the one target)."""
        pairs: list[list] = []
        for child in children:
            if isinstance(child, DamagePhrase):
                pairs.append([child, None])
            elif isinstance(child, Target) and pairs:
                for pair in pairs:
                    if pair[1] is None:
                        pair[1] = child
        return tuple(Damage(verb="deal", amount=phrase.amount, damage_type=phrase.damage_type,
                            target=target, span=span_of(meta)) for phrase, target in pairs)

    def _or_instead(self, meta, children, base: Effect) -> tuple[Effect, ...]:
        """"..., or 6 if <condition>": the base effect, and the larger amount if the condition
        holds (it replaces the base amount)."""
        cond = self._cond(meta, children)
        amount = next((c for c in reversed(children) if isinstance(c, (int, str))
                       and not isinstance(c, Token)), None)
        if isinstance(base, Damage):
            other = replace(base, amount=amount)
        else:
            other = replace(base, args=tuple(("amount", str(amount)) if k == "amount" else (k, v)
                                             for k, v in base.args))
        return (base, Conditional(verb="instead if", condition=cond, then=(other,),
                                  span=span_of(meta)))

    def damage_or_instead(self, meta, children):
        return self._or_instead(meta, children, self.damage_vp(meta, children))

    def heal_or_instead(self, meta, children):
        return self._or_instead(meta, children, self.heal_vp(meta, children))

    def dealt_to_and_by(self, meta, children):
        """"(damage that would) be dealt to and dealt by target ally": both directions."""
        target = next(c for c in children if isinstance(c, Target))
        return Other(verb="be dealt damage", args=(("to", target.text), ("by", target.text)),
                     span=span_of(meta))

    def perfect_vp(self, meta, children):
        """"has dealt", "have left", "has been defeated": the event, whatever the tense."""
        return self._effects(children)

    def dealt_vp(self, meta, children):
        return Other(verb="is dealt damage", span=span_of(meta))

    def damage_desc(self, meta, children):
        phrase = children[0]
        return phrase

    def damage_desc_mod(self, meta, children):
        amount = next((c for c in children if isinstance(c, (int, str)) and not isinstance(c, Token)
                       and not isinstance(c, Tree)), None)
        phrase = next(c for c in children if isinstance(c, DamagePhrase))
        return DamagePhrase(amount=amount if amount is not None else phrase.amount,
                            damage_type=phrase.damage_type)

    def damage_that_much(self, meta, children):
        """"that much +2" (the damage word left out): the amount as printed."""
        return DamagePhrase(amount=self.phrase(meta), damage_type="")

    def damage_of_kind(self, meta, children):
        """"5 sugar damage": a number and a kind word that is no damage type of the rules."""
        amount = next((c for c in children if isinstance(c, int)), None)
        kind = next(str(c).lower() for c in children if isinstance(c, Token) and c.type == "KIND_WORD")
        return DamagePhrase(amount=amount if amount is not None else 0, damage_type=kind)

    def damage_icon_types(self, meta, children):
        """"holy () or melee () damage": the types whose icons the text export left empty."""
        amount = next((c for c in children if isinstance(c, (int, str)) and not isinstance(c, Token)
                       and not isinstance(c, Tree) and c not in _DAMAGE_TYPES), None)
        types = [c for c in children if isinstance(c, str) and c in _DAMAGE_TYPES]
        return DamagePhrase(amount=amount if amount is not None else 0, damage_type="/".join(types))

    def icon_type(self, meta, children):
        return str(children[0]).lower()

    def damage_split(self, meta, children):
        numbers = [c for c in children if isinstance(c, int)]
        phrase = next(c for c in children if isinstance(c, DamagePhrase))
        if phrase.amount not in (0, None, ""):     # "3, 2, and 1 damage": the last is the damage's own
            numbers.append(phrase.amount)
        return DamagePhrase(amount=", ".join(str(n) for n in numbers),
                            damage_type=phrase.damage_type)

    def damage_to(self, meta, children):
        return next((c for c in children if isinstance(c, Target)), None)

    def heal_vp(self, meta, children):
        phrase = next((c for c in children if isinstance(c, DamagePhrase)), None)
        target = next((c for c in children if isinstance(c, Target)), None)
        args = [("amount", str(phrase.amount if phrase else "all"))]
        if target:
            args.append(("from", target.text))
        return Other(verb="heal", args=tuple(args), span=span_of(meta))

    def heal_np(self, meta, children):
        return self._other("heal", meta, children)

    def healed_vp(self, meta, children):
        return Other(verb="is healed", span=span_of(meta))

    def prevent_vp(self, meta, children):
        amount = next((c for c in children if isinstance(c, (int, str)) and not isinstance(c, (Token, Tree))), None)
        phrase = next((c for c in children if isinstance(c, DamagePhrase)), None)
        target = next((c for c in children if isinstance(c, Target)), None)
        if target is None:      # "prevent all damage that would be dealt to <target>" (717)
            dealt_to = _find_arg(children, "to")
            target = Target(text=dealt_to, targeted="target" in dealt_to.split()) if dealt_to else None
        duration = _find(children, Duration)
        if phrase is not None and amount is None and phrase.amount:
            amount = phrase.amount
        return Prevent(verb="prevent", amount=amount, damage_type=phrase.damage_type if phrase else "",
                       target=target, duration=duration, span=span_of(meta))

    def prevent_amount(self, meta, children):
        numbers = [c for c in children if isinstance(c, int) or c == "X"]
        return numbers[0] if numbers else None

    def prevented_vp(self, meta, children):
        return Other(verb="is prevented", span=span_of(meta))

    def have_vp(self, meta, children):
        modify = next((c for c in children if isinstance(c, ModifyValue)), None)
        keywords = next((c for c in children if isinstance(c, tuple) and c
                         and isinstance(c[0], Keyword)), None)
        if modify is not None and keywords is not None:   # "has +5 ATK and Smash"
            return (replace(modify, span=span_of(meta)), _gain_keywords(keywords, meta))
        for child in children:
            if isinstance(child, ModifyValue):
                return replace(child, span=span_of(meta))
            if isinstance(child, tuple) and child and isinstance(child[0], Keyword):
                return _gain_keywords(child, meta)
        return self._other("have", meta, children)

    def stat_equal_to(self, meta, children):
        """"has +ATK equal to the cost of that card", "has additional health equal to ...":
        the stat grows by an amount read from the game state."""
        stat = next(c for c in children if isinstance(c, str) and not isinstance(c, Token))
        equal = next(c for c in children if isinstance(c, Tree) and c.data == "equal_to")
        duration = next((c for c in children if isinstance(c, Duration)), None)
        return ModifyValue(verb="modify", stat=stat, delta=self.phrase(equal.meta),
                           duration=duration, span=span_of(meta))

    def have_do(self, meta, children):
        """"have target player gain control of it": the effect, done by the named one."""
        doer = next((c for c in children if isinstance(c, Target)), None)
        return tuple(_with_subject(e, doer) for e in self._effects(children))

    def have_np(self, meta, children):
        return self._other("have", meta, children)

    def have_quoted(self, meta, children):
        """"has "<power>"" (a granted power), or "has Smash and "<power>"" (keywords too)."""
        quoted = next((c for c in children if isinstance(c, Tree) and c.data == "quoted"), None)
        text = (clean(self.source(quoted.meta)) if quoted is not None
                else self.phrase(meta).split(" ", 1)[1])
        power = Gain(verb="gain", resource="power", amount=text, span=span_of(meta))
        keywords = next((c for c in children if isinstance(c, tuple) and c
                         and isinstance(c[0], Keyword)), None)
        return (_gain_keywords(keywords, meta), power) if keywords else power

    def lose_keyword(self, meta, children):
        kws = next(c for c in children if isinstance(c, tuple))
        return Other(verb="lose", args=tuple(("keyword", k.name) for k in kws), span=span_of(meta))

    def lose_powers(self, meta, children):
        keywords = next((c for c in children if isinstance(c, tuple) and c
                         and isinstance(c[0], Keyword)), ())
        other = self._other("lose and can't have", meta, children)
        return replace(other, args=other.args + tuple(("keyword", k.name) for k in keywords))

    def lose_np(self, meta, children):
        return self._other("lose", meta, children)

    def stat_mod(self, meta, children):
        signed = [c for c in children if isinstance(c, (int, str)) and not isinstance(c, Token)]
        stats = [str(c).lower() for c in children if isinstance(c, str) and not isinstance(c, Token) and c in _STATS]
        deltas = [c for c in signed if c not in _STATS]
        if stats and len(deltas) == 1:
            return ModifyValue(verb="modify", stat=stats[0], delta=deltas[0], span=span_of(meta))
        if len(deltas) == 2 and not stats:
            stats = ["atk", "health"]
        return ModifyValue(verb="modify", stat="/".join(stats), delta="/".join(str(d) for d in deltas),
                           span=span_of(meta))

    def lost_stat_icon(self, meta, children):
        """"+2" whose stat icon did not survive the text export."""
        return ModifyValue(verb="modify", stat="", delta=children[0], span=span_of(meta))

    def additional_cost(self, meta, children):
        effects = self._effects([c for c in children if isinstance(c, tuple)])
        return Conditional(verb="additional cost", condition=Condition(text=self.phrase(meta).split(",")[0],
                                                                      kind="as"),
                           then=effects, span=span_of(meta))

    def stat(self, meta, children):
        return self.phrase(meta).lower()

    def signed(self, meta, children):
        child = children[0]
        if isinstance(child, Token):
            return "+inf"
        return child

    def gain_vp(self, meta, children):
        for child in children:
            if isinstance(child, tuple) and child and isinstance(child[0], Keyword):
                return _gain_keywords(child, meta)
        target = next((c for c in children if isinstance(c, Target)), None)
        return Other(verb="gain control", args=(("of", target.text if target else ""),),
                     span=span_of(meta))

    def gain_np(self, meta, children):
        return self._other("gain", meta, children)

    def draw_np(self, meta, children):
        what = next((c for c in children if isinstance(c, Target)), None)
        return Move(verb="draw", count=_count(what), what=what, from_zone="deck", to_zone="hand",
                    span=span_of(meta))

    def destroy_vp(self, meta, children):
        what = next((c for c in children if isinstance(c, Target)), None)
        return Move(verb="destroy", what=what, to_zone="graveyard", span=span_of(meta))

    destroy_np = destroy_vp

    def destroyed_vp(self, meta, children):
        return Other(verb="is destroyed", span=span_of(meta))

    def generic_vp(self, meta, children):
        return self._other(self._verb(children), meta, children)

    def exhaust_to(self, meta, children):
        """"This armor exhausts to prevent ...": exhausting is the cost of the effect."""
        return self._other("exhaust to", meta, children)

    def remove_all_but(self, meta, children):
        """"remove all but 14 damage from your hero": the damage left, and from whom."""
        left = next(c for c in children if isinstance(c, (int, str)) and not isinstance(c, Token))
        target = next(c for c in children if isinstance(c, Target))
        return Other(verb="remove damage", args=(("all but", str(left)), ("from", target.text)),
                     span=span_of(meta))

    def have_or_share(self, meta, children):
        return self._other("have or share", meta, children)

    def choose_kind(self, meta, children):
        """'choose "ability," "ally," or "equipment."', 'choose arcane, fire, or frost'."""
        kinds = next(c for c in children if isinstance(c, list))
        pick = next((c for c in children if isinstance(c, (int, str)) and not isinstance(c, Token)), None)
        picked = (("pick", str(pick)),) if pick is not None else ()
        return Other(verb="choose", args=picked + tuple(("kind", k) for k in kinds), span=span_of(meta))

    def choice_words(self, meta, children):
        return [c if isinstance(c, str) and not isinstance(c, Token) else str(c).lower()
                for c in children
                if (isinstance(c, str) and not isinstance(c, Token))
                or (isinstance(c, Token) and c.type == "DAMAGE_TYPE")]

    def quoted_kind(self, meta, children):
        return next(str(c).lower() for c in children if isinstance(c, Token) and c.type == "CARD_NOUN")

    def put_two(self, meta, children):
        return self._other("put", meta, children)

    def turn_face(self, meta, children):
        return self._other("turn face " + str(children[-1]).lower(), meta, children)

    def pay_vp(self, meta, children):
        """"you pay 1 less to play X": a cost modifier; other payments stay "pay"."""
        signs = {"LESS": -1, "MORE": 1}
        sign = next((signs[c.type] for c in children if isinstance(c, Token) and c.type in signs), 0)
        amount = next((c for c in children if isinstance(c, int)), None)
        played = next((c for c in children if isinstance(c, Other)), None)
        if sign and amount is not None and played is not None:
            what = clean(self.text[played.span.start:played.span.end]) if played.span else ""
            return ModifyValue(verb="modify", stat="cost", delta=sign * amount,
                               target=Target(text=what, span=played.span), span=span_of(meta))
        return self._other("pay", meta, children)

    def cost_mod(self, meta, children):
        amount = next((c for c in children if isinstance(c, int)), None)
        less = any(isinstance(c, Token) and c.type == "LESS" for c in children)
        delta = -amount if (less and isinstance(amount, int)) else amount
        return ModifyValue(verb="modify", stat="cost", delta=delta if delta is not None else 0,
                           span=span_of(meta))

    def _be(verb: str):  # noqa: N805
        def method(self, meta, children):
            return self._other(verb, meta, children)
        return method

    be_vp = _be("be")
    be_np = _be("be")
    be_in = _be("be in")

    def be_keyword(self, meta, children):
        kws = next(c for c in children if isinstance(c, tuple))
        return _gain_keywords(kws, meta)

    def cant_vp(self, meta, children):
        inner = [c for c in children if isinstance(c, Effect)]
        args = tuple(("what", e.verb) for e in inner)
        return Other(verb="can't", args=args + ((("text", self.phrase(meta)),)), span=span_of(meta))

    def vp_for_each(self, meta, children):
        effect, each = children[0], children[-1]
        extra = (("for each", each.text),) if isinstance(each, Target) else ()
        if isinstance(effect, Other):
            return replace(effect, args=effect.args + extra, span=span_of(meta))
        if isinstance(effect, Damage):
            return replace(effect, amount=f"{effect.amount} for each {each.text}", span=span_of(meta))
        if isinstance(effect, ModifyValue):
            return replace(effect, delta=f"{effect.delta} for each {each.text}", span=span_of(meta))
        if isinstance(effect, Gain) and isinstance(each, Target):   # "has Assault 1 for each ..."
            return replace(effect, amount=f"{effect.amount} for each {each.text}", span=span_of(meta))
        if isinstance(effect, Move) and isinstance(each, Target):   # "draw a card for each ..."
            return replace(effect, count=f"{effect.count} for each {each.text}", span=span_of(meta))
        return effect

    def damage_amount_only(self, meta, children):
        return Damage(verb="deal", amount=self.phrase(meta).split(" ", 1)[1], span=span_of(meta))

    def then_statement(self, meta, children):
        return self._effects(children)

    def play_restriction(self, meta, children):
        return (self.phrase(meta),)

    def be_comparison(self, meta, children):
        return self._other("compare", meta, children)

    def may_vp(self, meta, children):
        inner = self._effects(children)
        return Choice(verb="may", optional=True, options=(inner,), span=span_of(meta))

    def can_vp(self, meta, children):
        inner = next((c for c in children if isinstance(c, Effect)), None)
        return Other(verb="can", args=(("what", inner.verb if inner else ""),), span=span_of(meta))

    def would_vp(self, meta, children):
        inner = next((c for c in children if isinstance(c, Effect)), None)
        args = inner.args if isinstance(inner, Other) else ()
        return Other(verb="would " + (inner.verb if inner else ""), args=args, span=span_of(meta))

    def must_vp(self, meta, children):
        inner = next((c for c in children if isinstance(c, Effect)), None)
        return Other(verb="must", args=(("what", inner.verb if inner else ""),), span=span_of(meta))

    def vp_duration(self, meta, children):
        effect, duration = children[0], children[-1]
        if isinstance(effect, tuple):      # "has +5 ATK and Smash this turn"
            return tuple(self.vp_duration(meta, [e, duration]) for e in effect)
        if isinstance(effect, (ModifyValue, Prevent, Gain)):
            return replace(effect, duration=duration, span=span_of(meta))
        if isinstance(effect, Other):
            return replace(effect, args=effect.args + (("duration", duration.text),), span=span_of(meta))
        return effect

    def wow_duration(self, meta, children):
        child = children[0]
        return child if isinstance(child, Duration) else Duration(text=self.phrase(meta), span=span_of(meta))

    def vp_adverbial(self, meta, children):
        effect = children[0]
        if isinstance(effect, Other):
            return replace(effect, args=effect.args + (("adverb", self.phrase(children[-1].meta)
                                                        if isinstance(children[-1], Tree) else ""),))
        return effect

    # -- noun phrases and amounts
    def np(self, meta, children):
        return self._target(meta)

    np_coord = used_np = np

    def np_self(self, meta, children):
        return Target(text="this", span=span_of(meta))

    def pp(self, meta, children):
        """("to", "target ally") for a preposition and its noun phrase; ("prep", text) else."""
        target = next((c for c in children if isinstance(c, Target)), None)
        words = [str(c).lower() for c in children if isinstance(c, Token)]
        if target is not None and len(words) == 1:
            return (words[0], target.text)
        return ("prep", self.phrase(meta))

    def plus_x(self, meta, children):
        return self.phrase(meta).replace(" ", "").upper()

    def amount_word(self, meta, children):
        return self.phrase(meta)


# --------------------------------------------------------------------------- small helpers

_STATS = {"atk", "health", "def", "cost", "strike cost"}
_HOLDS_WHILE = ("while", "if", "as long as", "unless", "when")   # conditions on a verb phrase
_DAMAGE_TYPES = {"arcane", "fire", "frost", "holy", "nature", "shadow", "melee", "ranged"}
_LEMMAS = {"deals": "deal", "dealt": "deal", "heals": "heal", "puts": "put", "plays": "play",
           "readies": "ready", "searches": "search", "discards": "discard", "gains": "gain",
           "shuffles": "shuffle", "reveals": "reveal", "copies": "copy", "exhausts": "exhaust",
           "does": "do", "did": "do", "has": "have", "had": "have",
           # past tense (the *_PAST terminals of the grammar)
           "entered": "enter", "left": "leave", "removed": "remove", "destroyed": "destroy",
           "discarded": "discard", "played": "play", "completed": "complete",
           "exhausted": "exhaust", "targeted": "target", "controlled": "control",
           "revealed": "reveal", "paid": "pay", "rolled": "roll", "placed": "place", "chose": "choose"}


def _lemma(word: str) -> str:
    w = word.lower()
    if w in _LEMMAS:
        return _LEMMAS[w]
    if w.endswith("ies"):
        return w[:-3] + "y"
    if w.endswith(("ches", "shes", "sses", "xes")):
        return w[:-2]
    if w.endswith("s") and not w.endswith("ss"):
        return w[:-1]
    return w


def _value_text(transformer: WowTransformer, children) -> str | None:
    for child in children:
        if isinstance(child, str) and not isinstance(child, Token):
            return child
        if isinstance(child, Tree):
            return transformer.phrase(child.meta)
    return None


def _restrictions(items) -> tuple[str, ...]:
    """The restriction phrases ("use only on your turn") among a sentence's parts."""
    out: list[str] = []
    for item in items:
        if isinstance(item, str) and not isinstance(item, Token):
            out.append(item)
        elif isinstance(item, (tuple, list)):
            out.extend(_restrictions(item))
    return tuple(out)


def _find(children, kind):
    """The first value of ``kind`` inside untransformed subtrees (relative clauses)."""
    for child in children:
        if isinstance(child, kind):
            return child
        if isinstance(child, (Tree, tuple, list)):
            found = _find(child.children if isinstance(child, Tree) else child, kind)
            if found is not None:
                return found
        elif isinstance(child, Effect):
            for name in ("target", "what", "duration"):
                value = getattr(child, name, None)
                if isinstance(value, kind):
                    return value
    return None


def _find_arg(children, key: str) -> str | None:
    """The value of the first ``key`` argument of an ``Other`` inside ``children``."""
    for child in children:
        if isinstance(child, Other):
            for k, v in child.args:
                if k == key:
                    return v
        elif isinstance(child, (Tree, tuple, list)):
            found = _find_arg(child.children if isinstance(child, Tree) else child, key)
            if found is not None:
                return found
    return None


def _first_ability(children) -> Ability:
    for child in children:
        if isinstance(child, Ability):
            return child
    raise ValueError("grammar invariant: a power holds an ability")  # pragma: no cover


def _action_cost(effect: Effect) -> Cost:
    what = getattr(effect, "what", None) or getattr(effect, "target", None)
    detail = what.text if isinstance(what, Target) else ""
    if isinstance(effect, Other):
        detail = "; ".join(v for _, v in effect.args)
    return Cost(kind=effect.verb, detail=detail, span=effect.span)


def _gain_keywords(keywords: tuple[Keyword, ...], meta) -> Effect:
    gains = tuple(Gain(verb="gain", resource=k.name, amount=k.value if k.value is not None else 1,
                       citation=k.citation, span=k.span) for k in keywords)
    if len(gains) == 1:
        return replace(gains[0], span=span_of(meta))
    return Other(verb="gain keywords", args=tuple(("keyword", k.name) for k in keywords),
                 span=span_of(meta))


def _with_subject(effect: Effect, subject: Target | None) -> Effect:
    if subject is None:
        return effect
    if isinstance(effect, Damage) and effect.source is None:
        return replace(effect, source=subject)
    if isinstance(effect, (ModifyValue, Gain, Prevent)) and effect.target is None:
        return replace(effect, target=subject)
    if isinstance(effect, Other) and not any(k == "subject" for k, _ in effect.args):
        return replace(effect, args=(("subject", subject.text),) + effect.args)
    if isinstance(effect, Conditional) and effect.verb in _HOLDS_WHILE:
        # "Lucifron has +2 ATK while attacking": the subject is the subject of the effects
        return replace(effect, then=tuple(_with_subject(e, subject) for e in effect.then))
    return effect


def _count(what: Target | None) -> int | str | None:
    if what is None:
        return 1
    first = what.text.split(" ", 1)[0].lower()
    numbers = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
               "seven": 7, "x": "X"}
    if first.isdigit():
        return int(first)
    return numbers.get(first)


def _is_static(effect: Effect) -> bool:
    if isinstance(effect, (ModifyValue, Gain)):
        return effect.duration is None
    if isinstance(effect, Other):
        return effect.verb in ("be", "be in", "can't", "can", "must", "have", "lose",
                               "lose and can't have") and not any(k == "duration" for k, _ in effect.args)
    if isinstance(effect, Conditional):
        return effect.verb == "while" or all(_is_static(e) for e in effect.then)
    return False


# --------------------------------------------------------------------------- entry points

_BLANK = re.compile(r"<p>|>>>|\[Activate\]|\*")
# a sentence's period printed inside its closing quote ('choose "ability," "ally," or
# "equipment." Target ...', 'has "Draw a card."'): read after the quote, where it ends the
# outer sentence; not when the sentence goes on ('has "→ Destroy target ally." this turn')
_PERIOD_IN_QUOTE = re.compile(r'\.(")(?=\s*(?:$|[^a-z\s]))')


class WowClauseParser(ClauseParser):
    """The common paragraph/sentence driver, fed by :class:`WordParser`."""

    def __init__(self) -> None:
        super().__init__(GAME, "card_wow.lark", WowTransformer)

    @cached_property
    def _grammar(self) -> tuple[Lark, Conflicts]:
        return load_grammar(self.grammar_path, [self.paragraph_rule, self.sentence_rule])

    @cached_property
    def lark(self) -> Lark:
        return self._grammar[0]

    @cached_property
    def words(self) -> WordParser:
        return WordParser(*self._grammar)

    @cached_property
    def header(self) -> HeaderReader:
        return HeaderReader()

    def prepare(self, text: str, name: str | None) -> str:
        """Same length as ``text``: "<p>" becomes a line break, emphasis stars spaces, a period
        inside a closing quote moves after it, and the card line (kept in ``meta``) is blanked."""
        marked = super().prepare(text, name)
        marked = _BLANK.sub(lambda m: {"<p>": "\n  ", "*": " "}.get(m.group(0), m.group(0)), marked)
        marked = _PERIOD_IN_QUOTE.sub(r'\1.', marked)
        _, body = self.header.split(text)
        return " " * body + marked[body:] if body else marked

    def _run(self, text, marked, piece, start):
        window = " " * piece.start + marked[piece.start:piece.end]
        node = self.transformer(text)._node
        moved = _moved_periods(text, marked, piece.start, piece.end)
        if moved:
            # a node that ends at a closing quote whose period was read after it ends, as
            # printed, after the quote: 'has "Draw a card."', not 'has "Draw a card.'
            made = node

            def node(data, children, meta):
                if meta.end_pos in moved:
                    meta = TokenSpan(meta.start_pos, meta.end_pos + 1)
                return made(data, children, meta)
        return tuple(_abilities(self.words.parse_into(window, start, node)))

    def parse(self, text: str, *, strict: bool = False, name: str | None = None) -> CardText:
        meta, _ = self.header.split(text)
        if name is None and meta:
            name = meta[0][1]
        card = super().parse(text, strict=strict, name=name)
        return replace(card, meta=meta) if meta else card


def _moved_periods(text: str, marked: str, start: int, end: int) -> frozenset[int]:
    """Offsets just after each closing quote whose period :meth:`WowClauseParser.prepare` read
    after it (printed '."', parsed '".'), between ``start`` and ``end``."""
    found = []
    at = marked.find('".', start, end)
    while at >= 0:
        if text[at] == ".":
            found.append(at + 1)
        at = marked.find('".', at + 1, end)
    return frozenset(found)


def _abilities(result) -> Iterator[Ability]:
    if isinstance(result, Ability):
        yield result
    elif isinstance(result, (list, tuple)):
        for item in result:
            yield from _abilities(item)


@lru_cache(maxsize=1)
def _parser() -> WowClauseParser:
    return WowClauseParser()


def parse(text: str, *, strict: bool = False, name: str | None = None) -> CardText:
    """Parse WoW TCG card text (optionally preceded by the rules' card line). ``name``, when
    known (or read from the card line), lets the card's references to itself read as "this"."""
    return _parser().parse(text, strict=strict, name=name)


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
