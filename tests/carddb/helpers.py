"""Small card databases of our own writing (never the shared corpora), in the formats judge
reads, and a private user data folder for tests that install them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

# the-fab-cube's header (the format's column names), and cards written for these tests
FAB_HEADER = ("Unique ID\tName\tColor\tPitch\tCost\tPower\tDefense\tHealth\tIntelligence\tArcane"
              "\tTypes\tTraits\tCard Keywords\tAbilities and Effects\tAbility and Effect Keywords"
              "\tGranted Keywords\tRemoved Keywords\tInteracts with Keywords\tFunctional Text"
              "\tType Text\tCard Played Horizontally\tBlitz Legal\tCC Legal\tCommoner Legal"
              "\tLL Legal")


def fab_row(name: str, colour: str, pitch: str, cost: str, power: str, defense: str,
            type_text: str, text: str, health: str = "", intellect: str = "") -> str:
    fields = {"Name": name, "Color": colour, "Pitch": pitch, "Cost": cost, "Power": power,
              "Defense": defense, "Health": health, "Intelligence": intellect,
              "Functional Text": text, "Type Text": type_text}
    return "\t".join(fields.get(col, "") for col in FAB_HEADER.split("\t"))


FAB_ROWS = [
    fab_row("Test Jab", "Red", "1", "0", "3", "2", "Generic Action - Attack", "**Go again**"),
    fab_row("Test Jab", "Yellow", "2", "0", "2", "2", "Generic Action - Attack", "**Go again**"),
    fab_row("Test Jab", "Blue", "3", "0", "1", "2", "Generic Action - Attack", "**Go again**"),
    fab_row("Test Hood", "", "", "", "", "0", "Generic Equipment - Head", "**Arcane Barrier 1**"),
    fab_row("Test Bolt", "Red", "1", "0", "", "", "Wizard Instant",
            "Deal 3 arcane damage to target hero."),
    fab_row("Test Wall", "Blue", "3", "0", "", "4", "Generic Defense Reaction", ""),
    fab_row("Test Hero", "", "", "", "", "", "Wizard Hero - Young", "", "20", "4"),
]


def fab_tsv(rows: list[str] | None = None) -> str:
    return FAB_HEADER + "\n" + "\n".join(FAB_ROWS if rows is None else rows) + "\n"


def wow_json(records: list[dict] | None = None) -> str:
    if records is None:
        records = [
            {"card_name": "Test Strike", "card_print_expansion_name": "Heroes of Azeroth",
             "card_print_id_in_exapansion": "7", "card_print_rarity": "Common",
             "card_print_text_front": "Your hero deals 2 melee damage to target ally.",
             "card_print_text_back": None},
            {"card_name": "Test Strike", "card_print_expansion_name": "Icecrown",
             "card_print_id_in_exapansion": "41", "card_print_rarity": "Common",
             "card_print_text_front": "Your hero deals 3 melee damage to target ally.",
             "card_print_text_back": None},
            {"card_name": "Test Strike", "card_print_expansion_name": "Drums of War",
             "card_print_id_in_exapansion": "12", "card_print_rarity": "Common",
             "card_print_text_front": "Your hero deals 2 melee damage to target ally.",
             "card_print_text_back": None},
            {"card_name": "Test Raid Boss", "card_print_expansion_name": "Test Raid",
             "card_print_id_in_exapansion": "1", "card_print_rarity": "Rare",
             "card_print_text_front": "Destroy target ally.", "card_print_text_back": None},
            {"card_name": "Test Raid Boss", "card_print_expansion_name": "Other Test Raid",
             "card_print_id_in_exapansion": "2", "card_print_rarity": "Rare",
             "card_print_text_front": "Destroy target hero.", "card_print_text_back": None},
            {"card_name": "Test Heal", "card_print_expansion_name": "Fires of Outland",
             "card_print_id_in_exapansion": "3", "card_print_rarity": "Common",
             "card_print_text_front": "Heal 3 damage from target hero.",
             "card_print_text_back": None},
        ]
    return json.dumps(records, indent=1)


def uvs_json() -> str:
    return json.dumps([
        {"name": "Test Kick", "type": "attack", "extension": "Test Set", "numero": 1,
         "resources": ["fire"], "keywords": ["Ranged"], "text": "Blitz: This attack gets +1 speed.",
         "difficulty": 3, "control": 4, "block_modifier": 2, "block_zone": "low", "speed": 5,
         "attack_zone": "high", "damage": 4, "rarity": "common"},
        {"name": "Test Fighter", "type": "character", "extension": "Test Set", "numero": 2,
         "resources": ["fire"], "text": "", "difficulty": 6, "control": 6, "block_modifier": 1,
         "block_zone": "mid", "hand_size": 7, "vitality": 25, "rarity": "rare"},
    ], indent=1)


ASHES_TEXT = """Test Ally
Ally - Battlefield
[[main]] - 1 [[basic]]
Attack 2 - Life 1 - Recover 1

Test Strike 1: Deal 1 damage to a target unit.

=====

Test Phoenix
Battlefield 5 - Life 18 - Spellboard 4

Test Blast: [[side]] - [[exhaust]] - 1 [[basic]]: Deal 1 damage to a target unit.
"""


@pytest.fixture
def home(tmp_path, monkeypatch):
    """A user data folder of its own: nothing installed here is seen by other tests."""
    from judge.carddb import store
    from judge.rules import lookup
    monkeypatch.setenv("JUDGE_HOME", str(tmp_path / "home"))
    store.reset()
    lookup.reset()
    yield tmp_path / "home"
    store.reset()
    lookup.reset()


def write(folder: Path, name: str, text: str | bytes) -> Path:
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return path


def installed_state(home: Path) -> dict[str, tuple[int, int, bytes]]:
    """Every installed database file: size, mtime and bytes."""
    top = home / "cards"
    if not top.exists():
        return {}
    return {str(p.relative_to(top)): (p.stat().st_size, p.stat().st_mtime_ns, p.read_bytes())
            for p in sorted(top.rglob("*")) if p.is_file()}


def install_small_fab(folder: Path, name: str = "test-cards") -> dict:
    """Install the small FaB database (and its parses, as `judge cards add` does)."""
    from judge.carddb import install, show, store
    row = install.add(write(folder, "cards.tsv", fab_tsv()), game="fab", name=name)
    db = store.open_db(row["path"])
    show.fill("fab", db.texts())
    return row
