"""Card-text commands: ``judge card GAME TEXT`` and ``judge cards coverage GAME PATH``."""

from __future__ import annotations

import json
import sys
from dataclasses import asdict, fields, is_dataclass

import click

json_option = click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")


@click.command()
@click.argument("game")
@click.argument("text")
@click.option("--name", default=None, help="The card's own name (read as 'this').")
@click.option("--strict", is_flag=True, help="Fail on the first clause the grammar cannot read.")
@json_option
def card(game: str, text: str, name: str | None, strict: bool, as_json: bool) -> None:
    """Parse card TEXT of GAME and show its abilities, effects and the rule each part cites."""
    from judge import limits
    from judge.cards import GAMES, parse
    from judge.errors import UsageError
    if game not in GAMES:
        raise UsageError(f"unknown game {game!r}", expected=", ".join(GAMES))
    limits.check("card_text_chars", len(text), "the card text", path="judge card")
    limits.check_numbers(text, path="judge card", what="a number in the card text")
    from importlib import import_module
    module = import_module(GAMES[game])
    result = module.parse(text, strict=strict, name=name) if name else parse(game, text,
                                                                             strict=strict)
    if as_json:
        click.echo(json.dumps(_plain(result), indent=2, ensure_ascii=False))
        return
    click.echo(render_tree(result))


@click.group()
def cards() -> None:
    """Card corpora: grammar coverage."""


@cards.command()
@click.argument("game")
@click.argument("path", type=click.Path(exists=True))
@click.option("--top", default=25, show_default=True, help="Failure shapes to list.")
@click.option("--rules", "rules", is_flag=True,
              help="Also count the grammar rules each card uses, and those used by one card.")
@json_option
def coverage(game: str, path: str, top: int, rules: bool, as_json: bool) -> None:
    """Parse every card of the corpus at PATH (a file, or a folder for corpora kept as several
    files: UFS, Ashes) and report how much GAME's grammar reads: the share of fully parsed cards
    on a tuning part and a held-back part of the corpus (split by a hash of the card name),
    and the gap between them. Failure shapes are listed from the tuning part only."""
    from judge.cards.coverage import measure

    def progress(items):
        with click.progressbar(items, label="parsing cards", file=sys.stderr,
                               show_pos=True) as bar:
            yield from bar

    result = measure(game, path, progress=progress, rules=rules)
    if as_json:
        click.echo(json.dumps(result.as_dict(top), indent=2, ensure_ascii=False))
    else:
        click.echo(result.render(top))


def _plain(value):
    if is_dataclass(value) and not isinstance(value, type):
        out = {"type": type(value).__name__}
        for f in fields(value):
            out[f.name] = _plain(getattr(value, f.name))
        if type(value).__name__ == "CardText":
            out["fully_parsed"] = value.fully_parsed
        return out
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


def render_tree(result) -> str:
    """Indented tree: abilities, their trigger/costs/keywords/effects, and citations."""
    lines = [f"{result.game} card text ({'fully parsed' if result.fully_parsed else 'partly parsed'})"]
    for ability in result.abilities:
        head = f"- {ability.kind} ability"
        if ability.label:
            head += f" [{ability.label}]"
        if ability.limit:
            head += f" ({ability.limit})"
        lines.append(head + _cite(ability.citation) + _where(ability.span, result.text))
        if ability.trigger:
            lines.append(f"    trigger: {ability.trigger.kind} {ability.trigger.event}")
        if ability.condition:
            lines.append(f"    condition: {ability.condition.kind} {ability.condition.text}")
        if ability.duration:
            lines.append(f"    duration: {ability.duration.text}")
        for cost in ability.costs:
            amount = "" if cost.amount is None else f" {cost.amount}"
            lines.append(f"    cost: {cost.kind}{amount} {cost.detail}".rstrip())
        for keyword in ability.keywords:
            value = "" if keyword.value is None else f" {keyword.value}"
            lines.append(f"    keyword: {keyword.name}{value}" + _cite(keyword.citation))
        for effect in ability.effects:
            lines.extend(_effect_lines(effect, "    "))
    for clause in result.unparsed:
        lines.append(f"- UNPARSED {clause.span.start}-{clause.span.end}: {clause.text!r}"
                     f" ({clause.reason})")
    return "\n".join(lines)


def _effect_lines(effect, indent: str) -> list[str]:
    parts = []
    nested = []
    for f in fields(effect):
        if f.name in ("verb", "span"):
            continue
        value = getattr(effect, f.name)
        if value in (None, "", (), 0) and f.name != "amount":
            continue
        if f.name in ("then", "otherwise", "instead"):
            nested.append((f.name, value))
        elif f.name == "options":
            for i, option in enumerate(value, 1):
                nested.append((f"option {i}", option))
        elif is_dataclass(value):
            text = getattr(value, "text", None)
            parts.append(f"{f.name}={text if text is not None else asdict(value)}")
        else:
            parts.append(f"{f.name}={value}")
    out = [f"{indent}{type(effect).__name__} {effect.verb}: " + ", ".join(parts)]
    for label, effects in nested:
        out.append(f"{indent}  {label}:")
        for inner in effects:
            out.extend(_effect_lines(inner, indent + "    "))
    return out


def _cite(citation: str | None) -> str:
    return f"  <{citation}>" if citation else ""


def _where(span, text: str) -> str:
    return "" if span is None else f"  @{span.start}-{span.end}"
