"""``judge serve``: the site over HTTP on the loopback interface (stdlib ``http.server``),
generated into a temporary folder, plus ``/try.html``: a form to paste a scenario and get its
ruling page. A scenario the parser rejects is answered 400 with the error as the CLI renders it
(file:line:col, the line, a caret); an engine failure 500 with a one-line message. The user
never sees a traceback (it goes to the server's log).
"""

from __future__ import annotations

import logging
import socket
import sys
import tempfile
from functools import partial
from http import HTTPStatus
from http.server import HTTPServer, SimpleHTTPRequestHandler
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

from judge.errors import JudgeError
from judge.site import build, pages, rulings

log = logging.getLogger(__name__)

TRY = "/try.html"
MAX_BODY = 256 * 1024
EXAMPLE = """scenario "Zap against an Arcane Barrier"
game fab-1.4
card "Zap": Wizard Action, cost 0, pitch 1: "Deal 3 arcane damage to target hero."
Alice is the turn player, hero life 20
Bob: hero life 20
Alice: hand "Zap"
Alice plays "Zap" targeting Bob
expect Bob life 17
"""


class SiteHandler(SimpleHTTPRequestHandler):
    """Static files from the generated site, and the scenario form."""

    def __init__(self, *args, site: pages.Site, **kwargs) -> None:
        self.site = site
        super().__init__(*args, **kwargs)

    def log_message(self, format: str, *args) -> None:  # noqa: A002 - stdlib signature
        log.info("%s - %s", self.address_string(), format % args)

    def do_GET(self) -> None:  # noqa: N802 - stdlib name
        if urlsplit(self.path).path == TRY:
            self._send(HTTPStatus.OK, try_page(self.site, text=EXAMPLE))
            return
        super().do_GET()

    def do_POST(self) -> None:  # noqa: N802 - stdlib name
        if urlsplit(self.path).path != TRY:
            self.send_error(HTTPStatus.METHOD_NOT_ALLOWED, "only the scenario form takes POST")
            return
        try:
            length = int(self.headers.get("Content-Length") or 0)
        except ValueError:
            length = -1
        if length < 0 or length > MAX_BODY:
            self._send(HTTPStatus.REQUEST_ENTITY_TOO_LARGE, try_page(
                self.site, text="", error=f"the scenario must be under {MAX_BODY // 1024} KiB"))
            return
        body = self.rfile.read(length).decode("utf-8", errors="replace")
        text = (parse_qs(body, keep_blank_values=True).get("scenario") or [""])[0]
        text = text.replace("\r\n", "\n")
        status, html = answer(self.site, text)
        self._send(status, html)

    def _send(self, status: HTTPStatus, html: str) -> None:
        data = html.encode("utf-8")
        self.send_response(status)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        self.wfile.write(data)


def try_page(site: pages.Site, *, text: str, error: str | None = None, view=None) -> str:
    return build.render("try.html.j2", "try.html", page_title="Try a scenario", serving=True,
                        versions=None, text=text, error=error, r=view,
                        crumbs=[{"label": "Home", "href": "index.html"},
                                {"label": "Try a scenario", "href": None}])


def answer(site: pages.Site, text: str) -> tuple[HTTPStatus, str]:
    """(status, page) for a pasted scenario."""
    try:
        ruling = rulings.run_text(text, "<pasted>")
    except JudgeError as err:
        return HTTPStatus.BAD_REQUEST, try_page(site, text=text, error=err.render())
    except Exception as err:  # an engine bug: say so, without a traceback
        log.exception("the engine failed on a pasted scenario")
        return HTTPStatus.INTERNAL_SERVER_ERROR, try_page(
            site, text=text, error=f"the engine failed on this scenario ({type(err).__name__}); "
                                   "this is a bug in judge, not in your scenario")
    view = rulings.view_for(ruling, site, "try.html")
    return HTTPStatus.OK, try_page(site, text=text, view=view)


class _Server(HTTPServer):
    """One request at a time: the rules index connection and the engine are used from the
    serving thread only (HTTP/1.0, so a browser's requests do not hold the server)."""


class _Server6(_Server):
    address_family = socket.AF_INET6


def make_server(host: str, port: int) -> HTTPServer:
    """The listening socket, taken before the site is generated (a busy port fails fast);
    :func:`attach` gives it the site to serve."""
    return (_Server6 if ":" in host else _Server)((host, port), SimpleHTTPRequestHandler)


def attach(server: HTTPServer, folder: Path, site: pages.Site) -> None:
    server.RequestHandlerClass = partial(SiteHandler, directory=str(folder), site=site)


def serve(host: str = "127.0.0.1", port: int = 8000, *, announce=print) -> None:
    """Generate the site into a temporary folder and serve it until interrupted."""
    from judge import paths
    from judge.rules.index import load_graph

    with tempfile.TemporaryDirectory(prefix="judge-site-") as tmp, make_server(host, port) as server:
        folder = Path(tmp) / "site"
        graph = load_graph()
        build.build_site(folder, graph=graph, scenarios=paths.SCENARIOS, serving=True)
        attach(server, folder, pages.collect(graph))
        bound_host, bound_port = server.server_address[:2]
        shown = f"[{bound_host}]" if ":" in bound_host else bound_host
        announce(f"serving the rules site on http://{shown}:{bound_port}/ (Ctrl-C stops)")
        sys.stdout.flush()
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            pass
