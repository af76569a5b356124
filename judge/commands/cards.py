"""Card commands: ``judge card GAME NAME|TEXT``, ``judge cards add|list|remove`` (installed
card databases, :mod:`judge.carddb`) and ``judge cards coverage GAME PATH``."""

from __future__ import annotations

import json
import sys

import click

from judge.carddb.show import plain as _plain, render_tree

json_option = click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")


@click.command()
@click.argument("game")
@click.argument("text")
@click.option("--name", default=None, help="The card's own name (read as 'this').")
@click.option("--strict", is_flag=True, help="Fail on the first clause the grammar cannot read.")
@click.option("--text", "as_text", is_flag=True,
              help="Read TEXT as card text even when it names an installed card.")
@json_option
def card(game: str, text: str, name: str | None, strict: bool, as_text: bool,
         as_json: bool) -> None:
    """Show the installed card named TEXT (as printed, its parse, the rules it cites), or
    parse card TEXT of GAME and show its abilities, effects and the rule each part cites."""
    from judge import limits
    from judge.cards import GAMES, parse
    from judge.carddb import show
    from judge.errors import UsageError
    if not (name or strict or as_text) and show.lookup(game, text):
        show.show(game, text, as_json=as_json)          # also answered without click
        return
    if game not in GAMES:
        raise UsageError(f"unknown game {game!r}", expected=", ".join(GAMES))
    if not as_text:
        _note_near_name(game, text)
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


def _note_near_name(game: str, text: str) -> None:
    """A short text that is not an installed card's name but is close to one: say so (on
    stderr), then read it as card text as asked."""
    from judge.carddb import show, store
    if len(text) > 60 or any(c in text for c in ".:\n") or not store.files(game):
        return
    near = show.near_names(game, text)
    if near:
        click.echo(f"(no installed {game} card is named {text!r}; nearest: "
                   + ", ".join(f'"{n}"' for n in near) + "; reading it as card text)", err=True)


@click.group()
def cards() -> None:
    """Card databases: add, list, remove; grammar coverage of a corpus."""


@cards.command("add")
@click.argument("path", type=click.Path())
@click.option("--game", required=True, help="Game id: fab, wow, ufs, ashes.")
@click.option("--name", default=None,
              help="The database's name (default: the game and the file's name, fab-cards).")
@click.option("--format", "fmt", default=None,
              help="fab-tsv, wow-prints, uvs-json or ashes-text (detected when omitted).")
@click.option("--replace", is_flag=True, help="Replace an installed database of that name.")
@json_option
def add(path: str, game: str, name: str | None, fmt: str | None, replace: bool,
        as_json: bool) -> None:
    """Install the card database at PATH (a file, or a folder of files of one format) for GAME
    in your data folder: every card is checked first (on any problem nothing is written), the
    name index is built, and the database is written whole. Adding the same files again
    changes nothing. Scenarios then name its cards; `judge card GAME NAME` shows one."""
    from judge.carddb import install, show, store
    row = install.add(path, game=game, name=name, fmt=fmt, replace=replace)
    if not row["unchanged"]:
        db = store.open_db(row["path"])
        texts = db.texts() if db else []

        def progress(items):
            with click.progressbar(items, label="parsing card texts", file=sys.stderr,
                                   show_pos=True) as bar:
                yield from bar
        cached = show.parsed(game, texts, parse_missing=False)
        todo = [t for t in texts if t not in cached]
        if todo:
            show.fill(game, todo, progress=progress if sys.stderr.isatty() else None)
    if as_json:
        click.echo(json.dumps(row, indent=2, ensure_ascii=False))
    elif row["unchanged"]:
        click.echo(f"{row['name']} is installed already from the same files "
                   f"(version {row['version']}, {row['cards']} cards); nothing changed")
    else:
        click.echo(f"added {row['name']} ({row['format']}, {row['cards']} cards, version "
                   f"{row['version']}) -> {row['path']}")


@cards.command("list")
@json_option
def list_(as_json: bool) -> None:
    """Installed card databases (and any file in their folder that cannot be read as one)."""
    from judge.carddb import install
    rows = install.listing()
    if as_json:
        click.echo(json.dumps(rows, indent=2, ensure_ascii=False))
        return
    if not rows:
        click.echo("no card database is installed (judge cards add FILE --game GAME)")
        return
    cols = ("name", "game", "format", "version", "cards", "imported", "source")
    widths = [max(len(c), *(len(str(r[c])) for r in rows)) for c in cols]
    click.echo("  ".join(c.ljust(w) for c, w in zip(cols, widths)).rstrip())
    for r in rows:
        line = "  ".join(str(r[c]).ljust(w) for c, w in zip(cols, widths)).rstrip()
        if r.get("problem"):
            line += f"  BROKEN: {r['problem']} (judge cards remove {r['name']})"
        elif r.get("note"):
            line += f"  ({r['note']})"
        click.echo(line)


@cards.command("remove")
@click.argument("name")
@click.option("--game", default=None, help="The game, when several have a database NAME.")
def remove(name: str, game: str | None) -> None:
    """Remove the installed card database NAME (a broken file by its name, as `judge cards
    list` shows it)."""
    from judge.carddb import install
    row = install.remove(name, game=game)
    click.echo(f"removed {row['name']} ({row['game']})")


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
