"""Rulebook versions: ``judge rulebook add|list|remove``, ``judge diff``, ``judge history``."""

from __future__ import annotations

import click

from judge.rules import present, versions

json_option = click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")


@click.group()
def rulebook() -> None:
    """Installed rules documents: add a newer (or older) version, list, remove."""


@rulebook.command("add")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--game", required=True, help="Game id: fab, wow, ufs, ashes.")
@click.option("--version", "version", default=None, help="Version (guessed from the text when omitted).")
@click.option("--date", default=None, help="Publication date, YYYY-MM-DD.")
@click.option("--format", "fmt", default=None, help="Importer format (detected when omitted).")
@click.option("--title", default=None, help="Document title (default: the game's rules title).")
@click.option("--replace", is_flag=True, help="Replace an installed user document of that version.")
@click.option("--skip-game-check", is_flag=True,
              help="Install it even if it names another game, or its rule numbers are not "
                   "shaped as GAME's installed documents' are.")
@json_option
def add(file: str, game: str, version: str | None, date: str | None, fmt: str | None,
        title: str | None, replace: bool, skip_game_check: bool, as_json: bool) -> None:
    """Import FILE as a rules document of GAME into your data folder (validated first, and
    checked to be GAME's; the index is rebuilt; on any failure nothing changes). Its id is
    <game>-<version>. One add or remove runs at a time."""
    row = versions.add(file, game=game, version=version, date=date, fmt=fmt, replace=replace,
                       title=title, check_game=not skip_game_check)
    if as_json:
        click.echo(present.to_json(row))
    else:
        click.echo(f"added {row['id']} ({row['format']}, {row['rules']} nodes) -> {row['path']}")


@rulebook.command("list")
@json_option
def list_(as_json: bool) -> None:
    """Every installed document, bundled and user-added."""
    rows = versions.listing()
    if as_json:
        click.echo(present.to_json(rows))
        return
    cols = ("id", "game", "version", "date", "rules", "glossary", "origin")
    widths = [max(len(c), *(len(str(r[c])) for r in rows)) for c in cols]
    click.echo("  ".join(c.ljust(w) for c, w in zip(cols, widths)))
    for r in rows:
        click.echo("  ".join(str(r[c]).ljust(w) for c, w in zip(cols, widths)).rstrip())


@rulebook.command("remove")
@click.argument("doc_id")
def remove(doc_id: str) -> None:
    """Remove a user-added document (bundled ones cannot be removed). A document whose
    manifest is broken is removed by its file name (as the warning about it says)."""
    row = versions.remove(doc_id)
    click.echo(f"removed {row['id']}")


def _parents(doc_id: str) -> dict:
    return {r.key: r.parent for r in versions.load_document(doc_id).rules}


@click.command()
@click.argument("doc_a")
@click.argument("doc_b")
@click.option("--section", default=None, help="Only this section (a number of either document).")
@click.option("--format", "fmt", type=click.Choice(("text", "markdown", "html", "json")),
              default="text", show_default=True)
@click.option("--all", "show_all", is_flag=True, help="List unchanged rules too.")
def diff(doc_a: str, doc_b: str, section: str | None, fmt: str, show_all: bool) -> None:
    """Match every rule of DOC_A to its counterpart in DOC_B (even renumbered) and report added,
    removed, moved, reworded (with a word diff), split and merged rules with a confidence."""
    from judge.rules.diff_render import render
    res = versions.get_diff(doc_a, doc_b)
    if section is not None:
        _check_section(section, res.a, res.b)
    click.echo(render(res, fmt, parents_a=_parents(res.a), parents_b=_parents(res.b),
                      section=section, show_unchanged=show_all))


def _check_section(section: str, doc_a: str, doc_b: str) -> None:
    """An unknown --section is an error, not an empty diff."""
    from judge.errors import UnknownRuleError
    from judge.rules import lookup
    if lookup.find_keys(doc_a, section) or lookup.find_keys(doc_b, section):
        return
    near = lookup.suggest_numbers(doc_a, section, 3) or lookup.suggest_numbers(doc_b, section, 3)
    raise UnknownRuleError(f"no section {section!r} in {doc_a} or {doc_b}", path="judge diff",
                           expected="a rule or section number of either document",
                           suggestion=", ".join(near) or None)


@click.command()
@click.argument("doc")
@click.argument("number", nargs=-1, required=True)
@json_option
def history(doc: str, number: tuple[str, ...], as_json: bool) -> None:
    """A rule's counterparts in every version of its game, oldest to newest, with the changes."""
    from judge.rules import fastcli     # also answered without click (judge.entry)
    fastcli.history(doc, " ".join(number), as_json=as_json)
