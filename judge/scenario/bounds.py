"""The limits a scenario must keep (:mod:`judge.limits`): its size and the length of its numbers
before it is parsed, and after it is built the counts that decide how much work a ruling is:
card definitions and their text, players, cards named in zones, deck sizes, branches, lines.
Each refusal points at the line that goes over the limit and says how to change the limit."""

from __future__ import annotations

from judge import limits
from judge.scenario import ast


def check_text(text: str, path: str) -> None:
    """Before parsing: the text's size and its numbers' lengths."""
    limit = limits.get("scenario_bytes")
    if len(text) > limit // 4:
        size = len(text.encode("utf-8", "surrogatepass"))
        if size > limit:
            raise limits.exceeded("scenario_bytes", "the scenario", size, path=path)
    limits.check_numbers(text, path=path, what="a number in the scenario")


def check_counts(scenario: ast.Scenario) -> None:
    """After building: the counts that bound a ruling's work."""
    path, lines = scenario.path, scenario.source.splitlines()

    def over(name: str, what: str, actual: int, pos: ast.Pos | None) -> None:
        if actual > limits.get(name):
            line = pos.line if pos else None
            text = lines[line - 1] if line and 0 < line <= len(lines) else None
            raise limits.exceeded(name, what, actual, path=path, line=line,
                                  column=pos.column if pos else None,
                                  line_text=text)

    cards = scenario.cards
    over("scenario_cards", "card definitions in the scenario", len(cards),
         cards[limits.get("scenario_cards")].pos if len(cards) > limits.get("scenario_cards") else None)
    for card in cards:
        over("card_text_chars", f"the text of card {card.name[:60]!r}", len(card.text),
             card.text_pos or card.pos)
    players = scenario.players
    over("scenario_players", "players in the scenario", len(players),
         players[-1].pos if players else None)
    named = 0
    for player in players:
        for zone in player.zones:
            named += len(zone.cards) + len(zone.bottom)
            if zone.name == "deck":
                size = max(zone.count or 0, len(zone.cards) + len(zone.bottom))
                over("scenario_deck", f"{player.name}'s deck", size, zone.pos)
            over("scenario_zone_cards", "cards named in the scenario's zones", named, zone.pos)
    branches = scenario.branches
    over("scenario_branches", "branches in the scenario", len(branches),
         branches[-1].pos if branches else None)
    steps = len(scenario.steps) + sum(len(b.steps) for b in branches)
    last = (branches[-1].steps[-1] if branches and branches[-1].steps else
            scenario.steps[-1] if scenario.steps else None)
    over("scenario_steps", "action and expect lines in the scenario", steps,
         last.pos if last is not None else None)
