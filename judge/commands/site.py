"""``judge site OUTDIR`` (the static rules site) and ``judge serve`` (that site on loopback,
with a form to resolve a pasted scenario). The work is in :mod:`judge.site`."""

from __future__ import annotations

from pathlib import Path

import click


@click.command()
@click.argument("outdir", type=click.Path(file_okay=False, path_type=Path))
@click.option("--force", is_flag=True,
              help="Write into an OUTDIR that is not a previous judge site (other files are kept).")
@click.option("--check", "check_links", is_flag=True,
              help="Afterwards, check that every internal link resolves (exit 1 if not).")
def site(outdir: Path, force: bool, check_links: bool) -> None:
    """Write the rules site into OUTDIR: one page per document section with an anchor per
    rule, cross-references and cited-by links, search, and every bundled scenario's ruling.
    Static and offline: open OUTDIR/index.html in a browser."""
    from judge.site.build import build_site

    report = build_site(outdir, force=force)
    click.echo(f"wrote {report.files} files to {outdir} ({report.rule_pages} section pages, "
               f"{report.rules} rules, {report.rulings} rulings) in {report.seconds:.1f}s")
    for notice in report.skipped:
        click.echo(f"skipped a scenario:\n{notice}", err=True)
    if check_links:
        from judge.site.linkcheck import check

        result = check(outdir)
        for broken in result.broken:
            click.echo(f"broken link: {broken}", err=True)
        click.echo(f"checked {result.links} links on {result.pages} pages: "
                   f"{len(result.broken)} broken")
        if result.broken:
            click.get_current_context().exit(1)


@click.command()
@click.option("--port", type=click.IntRange(0, 65535), default=8000, show_default=True,
              help="Port to listen on (0: any free port).")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to listen on (loopback by default; others are warned about).")
@click.option("--threads", type=click.IntRange(1, 64), default=8, show_default=True,
              help="Threads answering requests.")
@click.option("--workers", type=click.IntRange(1, 32), default=2, show_default=True,
              help="Processes resolving pasted scenarios at once.")
@click.option("--ruling-timeout", type=click.FloatRange(0.01, 3600), default=None,
              help="Seconds one ruling may take (default: JUDGE_LIMIT_SERVE_RULING_SECONDS "
                   "or 10).")
@click.option("--socket-timeout", type=click.IntRange(1, 3600), default=30, show_default=True,
              help="Seconds before an idle or stalled connection is closed.")
@click.option("--max-body", type=click.IntRange(1024, 1 << 30), default=None,
              help="Largest request body in bytes (default: JUDGE_LIMIT_SERVE_BODY_BYTES or "
                   "256 KiB).")
@click.option("--max-page", type=click.IntRange(1024, 1 << 31), default=None,
              help="Largest ruling page in bytes (default: JUDGE_LIMIT_SERVE_PAGE_BYTES or "
                   "4 MiB).")
def serve(port: int, host: str, threads: int, workers: int, ruling_timeout: float | None,
          socket_timeout: int, max_body: int | None, max_page: int | None) -> None:
    """Serve the rules site locally, with a page to paste a scenario and get its ruling.
    Runs on waitress; each ruling runs in a worker process within its time limit; SIGINT or
    SIGTERM stops the server and removes its temporary files."""
    from judge.errors import UsageError
    from judge.site.server import serve as run

    try:
        run(host, port, announce=click.echo, warn=lambda text: click.echo(text, err=True),
            threads=threads, workers=workers, ruling_timeout=ruling_timeout,
            socket_timeout=socket_timeout, body_limit=max_body, page_limit=max_page)
    except OSError as err:
        raise UsageError(f"cannot listen on {host}:{port}: {err.strerror or err}", path="judge serve",
                         suggestion="another --port, or --port 0 for any free port") from None
