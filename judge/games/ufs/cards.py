"""A UFS card's text as the rules module uses it: its keywords (I), its played abilities (H.1,
H.2: enhance, form and response, with their restrictions and costs), its continuous abilities
(H.6: static modifier effects and static fired effects), read from the values of the UFS card
grammar (:mod:`judge.cards.ufs`, :mod:`judge.cards.model`), never from the card's English.

:func:`read` gives a :class:`CardRules` for a card's text; :func:`keyword_abilities` gives the
played abilities that a card's keywords grant (I.3), printed or granted by an effect, which the
game asks for whenever it needs the card's abilities (a granted Stun is an ability too).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from judge.cards import model as M

# I.1 keyword traits: no function beyond classifying the card
TRAITS = frozenset({"ally", "charge", "fury", "kick", "punch", "ranged", "slam", "taunt", "tech",
                    "weapon"})
# I.2.1 keywords that grant an ability, and what this module does with each
CARRIED_OUT = frozenset({"breaker", "combo", "desperation", "ex", "flash", "powerful", "safe",
                         "stun", "terrain", "throw", "unique", "only", "reversal", "multiple"})
NOT_CARRIED_OUT = {
    "gauge": "Gauge searches the deck and the discard pile (I.3.7.1): a search's result is not "
             "modelled",
}
RESTRICTION_WORDS = frozenset({"first", "combo", "deadlock", "desperation"})
TIMINGS = frozenset({"enhance", "form", "response"})


@dataclass(frozen=True, slots=True)
class Played:
    """A played ability (H.1): ``timing`` enhance | form | response; ``label`` the words
    before the type designator (H.3.1: First, Combo, Deadlock, Desperation, a character name,
    a resource symbol); ``brackets`` the bracketed restrictions (H.3.2) in lower case;
    ``keyword`` the keyword that grants it (I.3) with its ``rating``."""
    key: str
    timing: str
    text: str
    label: tuple[str, ...] = ()
    brackets: tuple[str, ...] = ()
    costs: tuple[M.Cost, ...] = ()
    effects: tuple[M.Effect, ...] = ()
    trigger: M.Trigger | None = None
    keyword: str = ""
    rating: int = 0
    while_committed: bool = False          # H.3.3.2 "Playable while committed"
    only: M.Condition | None = None        # H.3.3.1 "Only playable (condition)"

    @property
    def first(self) -> bool:
        return any(w.lower() == "first" for w in self.label)

    @property
    def combo(self) -> bool:
        return any(w.lower() == "combo" for w in self.label)

    def restriction(self, word: str) -> bool:
        return any(w.lower() == word for w in self.label)

    def bracket(self, *words: str) -> bool:
        return any(b in words for b in self.brackets)

    @property
    def names(self) -> tuple[str, ...]:
        """Words of the label that are not a known restriction word: a character's name, a
        resource symbol or a watermark (H.3.1.5-H.3.1.7)."""
        return tuple(w for w in self.label if w.lower() not in RESTRICTION_WORDS)


@dataclass(frozen=True, slots=True)
class Fired:
    """A continuous ability whose static effect fires after a game event (H.6, J.3.2): "After
    you block with this card, remove it." """
    key: str
    text: str
    trigger: M.Trigger
    effects: tuple[M.Effect, ...]


@dataclass(frozen=True, slots=True)
class Static:
    """A continuous ability with a static modifier effect (H.6, J.2.1, J.3.3): "Your attacks
    with printed difficulty 5 or greater get +1 speed and +2 damage." """
    key: str
    text: str
    effects: tuple[M.ModifyValue, ...]


@dataclass(frozen=True, slots=True)
class Part:
    """A part of the text this module does not carry out, for :class:`judge.engine.abilities
    .Unbound`: its kind, printed text, why, the events and values it concerns."""
    kind: str
    text: str
    why: str
    events: frozenset[str] = frozenset()
    values: frozenset[str] = frozenset()


@dataclass(frozen=True, slots=True)
class CardRules:
    keywords: dict[str, int | str | None] = field(default_factory=dict)  # canonical -> rating
    combo: tuple[tuple[str, ...], ...] = ()       # I.3.3.1 the requirement lists
    only: str = ""                                 # I.3.2 "[Character Name] Only"
    keyword_restrictions: dict[str, str] = field(default_factory=dict)  # I.2.5 "Deadlock Stun"
    played: tuple[Played, ...] = ()
    fired: tuple[Fired, ...] = ()
    statics: tuple[Static, ...] = ()
    parts: tuple[Part, ...] = ()                   # not carried out


def canonical(name: str) -> tuple[str, str, tuple[str, ...]]:
    """A printed keyword's (canonical name, restriction word before it, combo requirements):
    ``"Deadlock Stun"`` -> ("Stun", "Deadlock", ()), ``"Combo (Attack, Weapon)"`` ->
    ("Combo", "", (("attack", "weapon"),)), ``"Ryu Only"`` -> ("Only", "Ryu", ())."""
    words = name.split("(")[0].split()
    reqs: tuple[str, ...] = ()
    if "(" in name:
        inside = name.split("(", 1)[1].rstrip(")")
        reqs = tuple(w.strip().lower() for w in inside.split(",") if w.strip())
    if not words:
        return name, "", ()
    head = words[-1]
    if head.lower() == "only":
        return "Only", " ".join(words[:-1]), ()
    lead = " ".join(words[:-1])
    return _CANON.get(head.lower(), head), lead, (reqs,) if reqs else ()


_CANON = {"ex": "EX", "stun": "Stun", "powerful": "Powerful", "breaker": "Breaker",
          "throw": "Throw", "flash": "Flash", "safe": "Safe", "reversal": "Reversal",
          "unique": "Unique", "terrain": "Terrain", "desperation": "Desperation",
          "combo": "Combo", "gauge": "Gauge", "multiple": "Multiple"}


def _rating(k: M.Keyword) -> int | None:
    return k.value.value if k.value is not None and k.value.value is not None else None


def read(text: M.CardText | None, *, unsupported) -> CardRules:
    """The rules of a card with parsed text ``text``. ``unsupported(kind, item, text)`` says
    why the module cannot carry out an ability (None when it can): ``kind`` "played", "fired"
    or "static", ``item`` the :class:`Played` / :class:`Fired` / :class:`Static`, ``text`` the
    card's whole text (spans index into it)."""
    if text is None:
        return CardRules()
    keywords: dict[str, int | str | None] = {}
    combo: list[tuple[str, ...]] = []
    only = ""
    restrictions: dict[str, str] = {}
    played: list[Played] = []
    fired: list[Fired] = []
    statics: list[Static] = []
    parts: list[Part] = []
    for u in text.unparsed:
        parts.append(Part("unknown", u.text, f"the card grammar could not read it ({u.reason})",
                          frozenset({"*"}), frozenset({"*"})))
    for i, a in enumerate(text.abilities):
        printed = text.text[a.span.start:a.span.end].strip() if a.span else ""
        key = f"a{i}"
        if a.kind == "keyword":
            for k in a.keywords:
                name, lead, reqs = canonical(k.name)
                low = name.lower()
                if low == "only":
                    only = lead
                    keywords["Only"] = lead
                    continue
                keywords[name] = _rating(k)
                if lead:
                    restrictions[name] = lead
                combo.extend(reqs)
                if low in TRAITS or low in CARRIED_OUT:
                    continue
                why = NOT_CARRIED_OUT.get(low, f"{name} is not a keyword of the UFS Living "
                                          "Game Rules 0.9 (I)")
                parts.append(Part("unknown", k.name, why, frozenset({"*"}), frozenset({"*"})))
            continue
        if a.kind == "reminder":
            continue
        if a.kind == "alternate cost":
            # "You may X rather than pay this card's cost": the module pays printed costs only
            parts.append(Part("static", printed, f"an alternate cost (paid instead of its "
                              f"{a.instead_of or 'cost'}) is not modelled",
                              frozenset({"*"}), frozenset({"*"})))
            continue
        if a.timing in TIMINGS or a.timing == "blitz":
            effects = tuple(e for e in a.effects if not _play_note(e))
            notes = [e for e in a.effects if _play_note(e)]
            p = Played(key=key, timing=a.timing, text=printed,
                       label=tuple(a.label.split()) if a.label and not a.label.startswith("[")
                       else tuple(w for w in a.label.split() if not w.startswith("[")),
                       brackets=_brackets(a), costs=a.costs, effects=effects,
                       trigger=a.trigger,
                       while_committed=any(isinstance(e, M.Permission)
                                           and "committed" in e.as_though for e in notes),
                       only=next((e.only for e in notes if isinstance(e, M.Restriction)), None))
            why = ("Blitz abilities are not played abilities of the UFS Living Game Rules 0.9 "
                   "(H.1.2: E, F or R)") if a.timing == "blitz" else unsupported("played", p, text.text)
            if why is None and any(isinstance(e, M.Permission) and e.who is not None
                                   for e in notes):
                why = "the restriction \"Playable by either player\" (H.3.3.3)"
            if why is None:
                played.append(p)
            else:
                parts.append(_part_of_played(p, why))
            continue
        if a.trigger is not None:
            f = Fired(key=key, text=printed, trigger=a.trigger, effects=a.effects)
            why = unsupported("fired", f, text.text)
            if why is None:
                fired.append(f)
            else:
                parts.append(Part("trigger", printed, why, _events_of(a.trigger)))
            continue
        mods = tuple(e for e in a.effects if isinstance(e, M.ModifyValue))
        if a.kind == "static" and mods and len(mods) == len(a.effects):
            s = Static(key=key, text=printed, effects=mods)
            why = unsupported("static", s, text.text)
            if why is None:
                statics.append(s)
                continue
            parts.append(Part("static", printed, why, frozenset(),
                              frozenset(m.stat for m in mods) or frozenset({"*"})))
            continue
        parts.append(Part("static" if a.kind == "static" else "unknown", printed,
                          "this kind of continuous ability is not modelled",
                          frozenset({"*"}), frozenset({"*"})))
    return CardRules(keywords=keywords, combo=tuple(combo), only=only,
                     keyword_restrictions=restrictions, played=tuple(played),
                     fired=tuple(fired), statics=tuple(statics), parts=tuple(parts))


def _play_note(e: M.Effect) -> bool:
    """H.3.3: a restriction at the end of the effect text is not part of the effect."""
    return (isinstance(e, M.Permission) and e.verb == "playable") or \
        (isinstance(e, M.Restriction) and e.verb == "only playable")


def _brackets(a: M.Ability) -> tuple[str, ...]:
    found = []
    if a.limit:
        found.append(a.limit.lower())
    for w in (a.label or "").split("]"):
        if "[" in w:
            found.append(w.split("[", 1)[1].strip().lower())
    return tuple(found)


def _part_of_played(p: Played, why: str) -> Part:
    kind = "trigger" if p.timing == "response" else "activated"
    return Part(kind, p.text, why, _events_of(p.trigger) if p.trigger else frozenset())


# the module's event kinds a response condition or fired effect may watch
EVENT_KINDS = {
    "deal damage": "damage", "be dealt damage": "damage", "take": "damage", "block": "block",
    "be blocked": "block status", "be completely blocked": "block status",
    "be partially blocked": "block status", "resolve": "resolve", "play": "play",
    "be play": "play", "be played": "play", "be committed": "commit", "commit": "commit",
    "gain": "vitality", "lose": "vitality", "draw": "draw", "discard": "discard",
    "be discarded": "discard", "make": "check", "check": "check", "start": "phase",
    "end": "phase", "ready": "ready", "be destroyed": "destroy", "destroy": "destroy",
    "be removed": "remove", "remove": "remove", "leave": "move",
}


def _events_of(trigger: M.Trigger | None) -> frozenset[str]:
    if trigger is None:
        return frozenset({"*"})
    kind = EVENT_KINDS.get(trigger.event.verb)
    return frozenset({kind}) if kind else frozenset({"*"})


# ------------------------------------------------------------------ keyword abilities (I.3)

KEYWORD_TEXT = {
    "Stun": "E: Your opponent commits X foundations. X equals the rating of the Stun keyword "
            "granting this ability.",
    "Powerful": "E Discard 1 or more momentum: This attack gets +X damage for each card used "
                "to pay the cost of this ability.",
    "EX": "E Discard 1 or more momentum: This attack gets +X speed for each card used to pay "
          "the cost of this ability.",
    "Breaker": "R: After you block with this card, the next card your opponent attempts to "
               "play this turn gets +X difficulty.",
    "Reversal": "R [Hand] Play this card as a reversal: After your opponent's blocked attack "
                "resolves, add this attack to the attack stack.",
    "Multiple": "E Discard X momentum (minimum 1, maximum the Multiple rating): Add X cards from "
                "the top of your discard pile to your card pool face down as multiple copies of "
                "this attack. Add those attacks to the attack stack.",
}
_KEYWORD_TIMING = {"Stun": "enhance", "Powerful": "enhance", "EX": "enhance",
                   "Multiple": "enhance", "Breaker": "response", "Reversal": "response"}
PAID_IN_MOMENTUM = ("Powerful", "EX", "Multiple")


def keyword_abilities(keywords: dict[str, int | str | None],
                      restrictions: dict[str, str]) -> list[Played]:
    """The played abilities that ``keywords`` (canonical name -> rating) grant (I.2.1, I.3),
    with the play restriction printed before a keyword (I.2.5: "Deadlock Stun: 3")."""
    out = []
    for name, timing in _KEYWORD_TIMING.items():
        if name not in keywords:
            continue
        rating = keywords[name]
        lead = restrictions.get(name, "")
        out.append(Played(key=f"kw:{name}", timing=timing,
                          text=f"{name}{': ' + str(rating) if rating is not None else ''}",
                          label=tuple(lead.split()), keyword=name,
                          rating=rating if isinstance(rating, int) else 0,
                          brackets=("hand",) if name == "Reversal" else ()))
    return out
