"""The four community corpora of ../shared/data/cards installed as card databases (skipped when
../shared is absent), and scenarios that name their cards (tests/carddb/scenarios/<game>/).

* every corpus imports whole, and a second import of the same files changes nothing;
* the scenarios of each game resolve their names from the databases; a game with a rules module
  gets the ruling its expectations ask for, a game without one says so;
* bundled scenarios give the same ruling with their `card` lines and with the database's cards,
  for every card whose text (and, but for WoW, type line and values) agrees.
"""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pytest

from judge.carddb import install, names, show, store
from judge.games.run import run_scenario
from judge.registry import GAMES
from judge.render import render
from judge.scenario import ast
from judge.scenario.parser import parse, parse_file
from tests.conftest import shared_path

pytestmark = pytest.mark.shared

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent / "scenarios"
CORPORA = {"fab": ("fab", "cards.tsv"), "wow": ("wow", "prints.json"), "ufs": ("ufs",),
           "ashes": ("ashes", "first-edition")}
SIZES = {"fab": 2356, "wow": 4917, "ufs": 359, "ashes": 361}


@pytest.fixture(scope="module")
def corpora(tmp_path_factory):
    """The four corpora installed in a user data folder of this module's own."""
    from judge.rules import lookup
    paths = {g: shared_path("data", "cards", *parts) for g, parts in CORPORA.items()}
    mp = pytest.MonkeyPatch()
    mp.setenv("JUDGE_HOME", str(tmp_path_factory.mktemp("corpora-home")))
    store.reset()
    lookup.reset()
    try:
        yield {g: (install.add(p, game=g), p) for g, p in paths.items()}
    finally:
        mp.undo()
        store.reset()
        lookup.reset()


def scenarios(game: str) -> list[Path]:
    return sorted((HERE / game).glob("*.scn"))


def _id(path: Path) -> str:
    return f"{path.parent.name}/{path.name}"


# --- importing ---------------------------------------------------------------------------------

@pytest.mark.parametrize("game", sorted(CORPORA))
def test_each_corpus_imports_whole(corpora, game):
    row, path = corpora[game]
    assert row["cards"] == SIZES[game] and row["game"] == game and not row["unchanged"]
    again = install.add(path, game=game)
    assert again["unchanged"] and again["version"] == row["version"]
    db = store.open_db(row["path"])
    for name in db.all_names():
        assert store.find(game, name), name          # every card found by its own name


def test_every_printing_has_its_values_under_the_games_names(corpora):
    for game in CORPORA:
        allowed = set(GAMES[game].card_values.values())
        for db in store.databases(game):
            for (stats,) in db.con.execute("SELECT DISTINCT stats FROM cards"):
                assert {k for k, _v in names.decode_pairs(stats)} <= allowed, (game, stats)


def test_judge_card_shows_a_real_card(corpora):
    from click.testing import CliRunner
    from judge.cli import main
    res = CliRunner().invoke(main, ["card", "fab", "Nullrune Hood"])
    assert res.exit_code == 0 and "Generic Equipment - Head" in res.output
    assert "fab-1.4 Arcane Barrier N" in res.output
    res = CliRunner().invoke(main, ["card", "wow", "Frostbolt"])
    assert res.exit_code == 0 and "Frostbolt: 4 printings" in res.output
    assert '"Frostbolt" (Heroes of Azeroth)' in res.output


# --- scenarios that name their cards -------------------------------------------------------------

@pytest.mark.parametrize("path", [p for g in CORPORA for p in scenarios(g)], ids=_id)
def test_scenario_naming_installed_cards(corpora, path):
    game = path.parent.name
    sc = parse_file(path)
    assert sc.game == game
    from_db = [c for c in sc.cards if c.origin is not None]
    assert from_db
    for card in sc.cards:                          # (origin None: a card of the scenario's own)
        if card.origin is not None and card.origin.text_only:    # WoW: text from the database
            assert card.text and card.text_pos is None
    ruling = run_scenario(sc)
    used = {c.name: c for c in ruling.cards}
    assert set(used) == {c.name for c in sc.cards}
    assert {used[c.name].database for c in from_db} == {corpora[game][0]["name"]}
    if GAMES[game].rules is None:
        assert ruling.all_not_modelled == (f"the rules of {game!r}: no rules module for that "
                                           "game",)
        return
    failed = [(e.line, e.text, e.actual) for e in ruling.all_expectations if not e.passed]
    assert not failed
    assert "Cards (the text this ruling used)" in render(ruling, "text")


@pytest.mark.parametrize("game", sorted(g for g in CORPORA if GAMES[g].rules is not None))
def test_at_least_five_scenarios_per_game_with_a_rules_module(game):
    assert len(scenarios(game)) >= 5


def test_a_printed_text_the_grammar_cannot_read_is_not_modelled(corpora):
    """World in Flames as printed ("double that amount of damage") is not what a scenario
    writer would have retyped ("double that much"): the ruling says it cannot read it."""
    sc = parse('scenario "w"\ngame wow-7.4\ncard "Flamestrike": Ability - Fire, cost 7\n'
               'card "World in Flames": Ability - Fire, cost 8\n'
               "Alice is the turn player; 7 resources, hand \"Flamestrike\", controls "
               '"World in Flames"\nBob: health 30\nAlice plays "Flamestrike"\nsettle\n'
               "expect Bob damage 6\n")
    assert "double that amount of damage" in sc.card("World in Flames").text
    ruling = run_scenario(sc)
    assert any("World in Flames" in n for n in ruling.all_not_modelled)
    assert not ruling.passed and "undecided" in ruling.all_expectations[0].actual


# --- the same ruling with card lines and with the database's cards -----------------------------

def _agrees(card: ast.CardDef, printing) -> bool:
    types, subtypes, groups = names.split_type_line(printing.type_line)
    stats = sorted((k, names.value(v)) for k, v in printing.stats)
    return ((card.types, card.subtypes, card.groups, sorted(card.stats))
            == (types, subtypes, groups, stats)
            and " ".join(card.text.split()) == " ".join(printing.text.split()))


def by_name(path: Path) -> tuple[str, list[str]] | None:
    """The scenario with every card line whose card the database has, with the same type line,
    values and text, replaced by a comment, and the card named instead (its printing stated at
    its first mention when the name has several)."""
    game = path.parent.name
    text = path.read_text(encoding="utf-8")
    sc = parse(text, str(path))
    lines = text.split("\n")
    last_card_line = max((c.pos.line for c in sc.cards), default=0)
    done = []
    for card in sc.cards:
        printings = [p for db in store.databases(game) for p in db.printings(card.name)]
        match = [p for p in printings if _agrees(card, p)]
        quoted = f'"{card.name}"'
        if not match or not any(quoted in ln for i, ln in enumerate(lines, 1)
                                if i != card.pos.line):
            continue      # a token only an effect creates keeps its card line
        lines[card.pos.line - 1] = f"# {card.name}: from the card database"
        if any(not p.same_card(match[0]) for p in printings):
            at = next(i for i in range(last_card_line, len(lines)) if quoted in lines[i])
            lines[at] = lines[at].replace(quoted, f"{quoted} ({match[0].variant})", 1)
        done.append(card.name)
    return ("\n".join(lines), done) if done else None


def wow_by_name(path: Path) -> tuple[str, list[str]] | None:
    """The scenario with the text of every card line whose text the database has for that name
    (as it resolves it: the newest printing) left out, so that the database gives it."""
    text = path.read_text(encoding="utf-8")
    sc = parse(text, str(path))
    lines = text.split("\n")
    done = []
    for card in sc.cards:
        if not card.text:
            continue
        bare = re.sub(r':\s*"(?:\\.|[^"\\])*"\s*(#.*)?$', "", lines[card.pos.line - 1])
        try:
            resolved = parse(f'scenario "x"\ngame wow-7.4\n{bare}\n').card(card.name)
        except Exception:  # noqa: BLE001 - a name the database cannot resolve alone
            continue
        if " ".join(resolved.text.split()) == " ".join(card.text.split()):
            lines[card.pos.line - 1] = bare
            done.append(card.name)
    return ("\n".join(lines), done) if done else None


def _same_ruling(a, b) -> None:
    strip = dict(source="", cards=(), path="")
    assert replace(a, **strip) == replace(b, **strip)


# WoW's database has texts only: its card lines keep their type line and values
CONVERTERS = {"fab": by_name, "wow": wow_by_name, "ufs": by_name, "ashes": by_name}
# UFS scenarios mostly leave resource symbols unstated, which the database states: fewer agree
ENOUGH = {"fab": 5, "wow": 5, "ufs": 3, "ashes": 5}


@pytest.mark.parametrize("game", sorted(CONVERTERS))
def test_inline_and_named_cards_give_the_same_rulings_where_the_texts_agree(corpora, game):
    if GAMES[game].rules is None:
        pytest.skip(f"{game} has no rules module")
    compared = []
    for path in sorted((ROOT / "scenarios" / game).glob("*.scn")):
        converted = CONVERTERS[game](path)
        if converted is None:
            continue
        text, cards = converted
        inline = run_scenario(parse(path.read_text(encoding="utf-8"), str(path)))
        named_sc = parse(text, str(path))
        for name in cards:
            origin = named_sc.card(name).origin
            assert origin is not None and origin.database == corpora[game][0]["name"], name
        named = run_scenario(named_sc)
        _same_ruling(inline, named)
        compared.append((path.name, cards))
    assert len(compared) >= ENOUGH[game], compared
