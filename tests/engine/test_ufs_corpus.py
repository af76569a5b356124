"""Nothing dropped in silence over the UFS corpus (../shared/data/cards/ufs, UniVersus cards read
under the UFS rules; skipped when ../shared is absent): every part of every card is carried
out or named not modelled (accounting), and in a scenario where the card functions and game
events happen, what the module cannot carry out is named in the ruling when it could matter
(reporting). The shared part is tests/conformance/silent_drops.py."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from judge.cards import parse
from judge.cards import ufs as ufs_cards
from judge.engine import trace as T
from judge.games.run import execute
from judge.games.ufs import cards as K
from judge.games.ufs.game import GAME
from judge.scenario.parser import parse as parse_scenario
from tests.conformance.silent_drops import Tally, account, events_seen, unreported

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT.parent / "shared" / "data" / "cards" / "ufs"
pytestmark = pytest.mark.skipif(not CORPUS.is_dir(),
                                reason=f"the UFS card corpus is not here ({CORPUS}: ../shared "
                                       "is absent)")

_STATS = (("difficulty", "difficulty"), ("control", "control"), ("block_zone", "block"),
          ("block_mod", "modifier"), ("speed", "speed"), ("damage", "damage"),
          ("attack_zone", "zone"), ("hand_size", "hand"), ("vitality", "vitality"))


def _cards() -> list[tuple[dict, str]]:
    if not CORPUS.is_dir():
        return []
    texts = dict(ufs_cards.iter_corpus(CORPUS))
    out = []
    for file in sorted(CORPUS.glob("*.json")):
        for card in json.loads(file.read_text(encoding="utf-8")):
            text = texts.get(card.get("name") or "")
            if text:
                out.append((card, text))
    return out


CARDS = _cards()


def _quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def _line(card: dict, text: str, name: str) -> str:
    kind = str(card.get("type") or "foundation").capitalize()
    stats = [f"{word} {card[key]}" for key, word in _STATS
             if isinstance(card.get(key), (int, str)) and str(card.get(key)) not in ("", "None")]
    return f"card {_quote(name)}: {kind}" + "".join(f", {s}" for s in stats) + \
        f": {_quote(text)}"


def scenario(card: dict, text: str, extra: str = "") -> str:
    """The card where its abilities function, an attack played, blocked or not, dealing damage,
    the turn ending."""
    name = "Corpus Card"
    kind = str(card.get("type") or "")
    lines = ['scenario "corpus card"', "game ufs-0.9", _line(card, text, name),
             'card "Hero": Character, hand 6, vitality 30',
             'card "Foe": Character, hand 6, vitality 30',
             'card "Strike": Attack, difficulty 0, control 5, speed 3, damage 3, zone mid, '
             "block mid, modifier 2",
             'card "Guard": Foundation, difficulty 0, control 9, block mid, modifier 0',
             'card "Check": Foundation, difficulty 0, control 9, block low, modifier 1']
    hero = name if kind == "character" else "Hero"
    where = {"attack": f'hand "{name}", "Strike"', "action": f'hand "{name}", "Strike"',
             "character": 'hand "Strike"'}.get(kind, f'staging area "{name}", hand "Strike"')
    deck = 'deck top "Check", "Check", "Check", "Check", "Check", deck 20 cards'
    lines += [f'Alice is the turn player; character "{hero}", vitality 20, {where}, '
              f"2 momentum, {deck}",
              f'Bob: character "Foe", hand "Guard", staging area "Guard", "Guard", '
              f"2 momentum, {deck}"]
    attack = name if kind == "attack" else "Strike"
    lines += [f'Alice plays "{attack}"', extra, "settle", "Alice passes"]
    return "\n".join(l for l in lines if l) + "\n"


def shapes(rules: K.CardRules, ct) -> tuple[int, list[str], list[str]]:
    """(parts read off the card, shapes carried out, shapes named not modelled)."""
    parts = len(ct.unparsed)
    carried: list[str] = []
    for a in ct.abilities:
        if a.kind == "keyword":
            parts += len(a.keywords)
            for k in a.keywords:
                low = K.canonical(k.name)[0].lower()
                if low in K.TRAITS or low in K.CARRIED_OUT:
                    carried.append(f"keyword {low if low not in K.TRAITS else 'trait'}")
        elif a.kind == "reminder":
            parts += 1
            carried.append("reminder")
        else:
            parts += 1
    for p in rules.played:
        carried.append(f"{p.timing}: " + ", ".join(type(e).__name__ for e in p.effects))
    carried += [f"fired: {', '.join(type(e).__name__ for e in f.effects)}" for f in rules.fired]
    carried += ["static: ModifyValue" for _ in rules.statics]
    named = [f"{p.kind}" for p in rules.parts]
    return parts, carried, named


TALLY = Tally()


def _id(item) -> str:
    return str(item[0].get("name"))


@pytest.mark.parametrize("item", CARDS, ids=_id)
def test_ufs_corpus_card_is_carried_out_or_named(item):
    card, text = item
    ct = parse("ufs", text)
    rules = K.read(ct, unsupported=GAME._unsupported)
    parts, carried, named = shapes(rules, ct)
    assert account(parts, carried, named) == []
    TALLY.add(carried, named)
    sc = parse_scenario(scenario(card, text), "corpus.scn")
    with events_seen() as seen:
        run = execute(sc)
    start = run.initial
    card_id = next(o.id for o in start.objects.values() if o.name == "Corpus Card")
    assert unreported(run.ruling, start, start.unbound.get(card_id, ()), seen) == []


@pytest.mark.parametrize("item", [c for c in CARDS
                                  if K.read(parse("ufs", c[1]), unsupported=GAME._unsupported)
                                  .parts], ids=_id)
def test_ufs_corpus_played_ability_not_carried_out_says_so(item):
    """A played ability the module cannot carry out, played by its player, is named not
    modelled (or refused by a rule), never silently done."""
    card, text = item
    rules = K.read(parse("ufs", text), unsupported=GAME._unsupported)
    for part in rules.parts:
        if part.kind not in ("activated", "trigger") or not part.text:
            continue
        words = " ".join(part.text.split())[:30].replace('"', "")
        extra = f'Alice activates "Corpus Card" ability "{words}"'
        source = scenario(card, text, extra)
        sc = parse_scenario(source, "corpus.scn")
        ruling = execute(sc).ruling
        said = [s for s in ruling.steps if "Corpus Card" in s.description and
                s.action in (T.NOT_MODELLED, T.REFUSED)]
        assert said, (part.text, [(s.action, s.description) for s in ruling.steps])


def test_ufs_corpus_tally(capsys):
    """The figures of the report (run after the cards above)."""
    if TALLY.cards:
        with capsys.disabled():
            print("\n" + TALLY.line("ufs") + "\n  carried out: "
                  + ", ".join(f"{k} x{v}" for k, v in TALLY.carried.most_common()) +
                  "\n  named not modelled: "
                  + ", ".join(f"{k} x{v}" for k, v in TALLY.named.most_common()))
    assert TALLY.cards == 0 or TALLY.parts > 0


SCENARIOS = sorted((ROOT / "scenarios" / "ufs").glob("*.scn"))


def _words(text: str) -> str:
    """A text box with its paragraph breaks (blank lines, the exports' tab breaks) and spacing
    made plain, to compare a scenario's card text with the corpus's."""
    return " ".join(text.replace("\t", " ").split())


def test_ufs_scenarios_state_real_card_texts_as_printed():
    """Scenarios that name a corpus card state its text exactly (paragraph breaks aside); at
    least 15 scenarios do."""
    corpus = {name: text for name, text in ufs_cards.iter_corpus(CORPUS)}
    real = set()
    for path in SCENARIOS:
        sc = parse_scenario(path.read_text(encoding="utf-8"), str(path))
        for card in sc.cards:
            if card.name in corpus:
                assert _words(card.text) == _words(corpus[card.name]), (path.name, card.name)
                real.add(path.name)
    assert len(real) >= 15, sorted(real)
