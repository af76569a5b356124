"""``judge serve``: the rules site over HTTP, generated into a temporary folder, plus
``/try.html``: a form to paste a scenario and get its ruling page.

The HTTP server is waitress (PyPI), not the standard library's development server: waitress
reads each request whole in its event loop before a worker thread sees it, so a client that
sends half a request (or a body shorter than its Content-Length) holds no thread and stalls
nobody; idle connections are closed after ``--socket-timeout``; request headers and bodies have
size limits; several threads answer at once.

Rulings run in worker processes (:class:`RulingPool`), never in the server's own threads: each
has a time budget (``--ruling-timeout``); a worker that goes over it is killed and replaced, and
the client gets an error page saying which limit stopped it and how to change it. A ruling
page larger than ``serve_page_bytes`` is refused the same way. Worker processes also run under
an address-space limit, so a ruling cannot exhaust the machine's memory.

A scenario the parser rejects is answered 400 with the error as the CLI renders it
(file:line:col, the line, a caret); an engine failure 500 with a one-line message. The user
never sees a traceback (it goes to the server's log). SIGTERM and SIGINT stop the server and
remove the temporary site (SIGINT even when the server was started with it ignored, as a
background job of a script is); sites left by a server that was killed outright are removed by
the next ``judge serve``.
"""

from __future__ import annotations

import errno
import ipaddress
import logging
import mimetypes
import os
import pickle
import queue
import shutil
import signal
import socket
import sys
import tempfile
import threading
import time
from http import HTTPStatus
from pathlib import Path
from urllib.parse import parse_qs

from judge import limits
from judge.errors import JudgeError
from judge.site import build, pages, rulings

log = logging.getLogger(__name__)

TRY = "/try.html"
SITE_PREFIX = "judge-site-"
EXAMPLE = """scenario "Zap against an Arcane Barrier"
game fab-1.4
card "Zap": Wizard Action, cost 0, pitch 1: "Deal 3 arcane damage to target hero."
Alice is the turn player, hero life 20
Bob: hero life 20
Alice: hand "Zap"
Alice plays "Zap" targeting Bob
expect Bob life 17
"""
WORKER_MEMORY = 2 << 30     # address space of one ruling worker process


# --- rulings in worker processes -----------------------------------------------------------------

class RulingTimeout(Exception):
    pass


class PoolBusy(Exception):
    pass


def _worker_main(conn, memory: int) -> None:
    """A ruling worker: reads scenario texts, answers ('ok', view) | ('error', rendered) |
    ('bug', name) | ('too_big', bytes), until its pipe closes."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)      # Ctrl-C is the server's to handle
    try:
        import resource
        resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
    except (ImportError, ValueError, OSError):
        pass
    from judge.render.view import ruling_view
    from judge.site import urls
    root = urls.root_of("try.html").rstrip("/") or "."
    while True:
        try:
            text = conn.recv()
        except (EOFError, OSError):
            return
        if text is None:
            return
        try:
            answer = ("ok", ruling_view(rulings.run_text(text, "<pasted>"), site=root))
            size = len(pickle.dumps(answer, protocol=pickle.HIGHEST_PROTOCOL))
            if size > limits.get("serve_page_bytes"):
                answer = ("too_big", size)
        except JudgeError as err:
            answer = ("error", err.render())
        except MemoryError:
            answer = ("memory", memory)
        except Exception as err:  # noqa: BLE001 - an engine bug: logged, said in one line
            log.exception("the engine failed on a pasted scenario")
            answer = ("bug", type(err).__name__)
        try:
            conn.send(answer)
        except (OSError, ValueError, pickle.PicklingError):
            return


class _Worker:
    def __init__(self, context, memory: int) -> None:
        self.conn, child = context.Pipe()
        self.process = context.Process(target=_worker_main, args=(child, memory),
                                       name="judge-ruling", daemon=True)
        self.process.start()
        child.close()

    def kill(self) -> None:
        try:
            self.conn.close()
        except OSError:
            pass
        if self.process.is_alive():
            self.process.kill()
        self.process.join(5)


class RulingPool:
    """Worker processes that resolve pasted scenarios, one ruling each at a time. Started with
    ``spawn`` (a clean interpreter: the server's threads are never forked)."""

    def __init__(self, workers: int, budget: float, memory: int = WORKER_MEMORY) -> None:
        import multiprocessing
        self.context = multiprocessing.get_context("spawn")
        self.budget = budget
        self.memory = memory
        self.idle: queue.Queue[_Worker] = queue.Queue()
        self.all: set[_Worker] = set()
        self.lock = threading.Lock()
        self.closed = False
        self.respawns: set[threading.Thread] = set()    # replacements being started
        for _ in range(max(1, workers)):
            self._add()

    def _add(self) -> None:
        worker = _Worker(self.context, self.memory)
        with self.lock:
            if self.closed:
                worker.kill()
                return
            self.all.add(worker)
        self.idle.put(worker)

    def _replace(self, worker: _Worker) -> None:
        worker.kill()
        with self.lock:
            self.all.discard(worker)
            if self.closed:
                return
            thread = threading.Thread(target=self._respawn, name="judge-ruling-respawn",
                                      daemon=True)
            self.respawns.add(thread)
        thread.start()

    def _respawn(self) -> None:
        try:
            self._add()
        finally:
            with self.lock:
                self.respawns.discard(threading.current_thread())

    def run(self, text: str):
        """The worker's answer for ``text``; RulingTimeout past the budget (the worker is
        killed and replaced), PoolBusy when no worker is free within the budget."""
        started = time.monotonic()
        try:
            worker = self.idle.get(timeout=self.budget)
        except queue.Empty:
            raise PoolBusy() from None
        left = max(0.1, self.budget - (time.monotonic() - started))
        try:
            worker.conn.send(text)
            if not worker.conn.poll(left):
                self._replace(worker)
                raise RulingTimeout()
            answer = worker.conn.recv()
        except (EOFError, OSError, pickle.PickleError):     # the worker died (out of memory ...)
            self._replace(worker)
            return ("bug", "the ruling process ended")
        self.idle.put(worker)
        return answer

    def close(self, wait: float = 30) -> None:
        """Kill every worker, and wait (up to ``wait`` seconds) for replacements still being
        started: each kills its worker once it sees the pool closed. Without the wait, a
        server that exits while a replacement is being spawned leaves that worker process
        running on its own (it ends only when it reads its closed pipe)."""
        with self.lock:
            self.closed = True
            workers = list(self.all)
            self.all.clear()
            respawns = list(self.respawns)
        for worker in workers:
            worker.kill()
        deadline = time.monotonic() + wait
        for thread in respawns:
            thread.join(max(0.0, deadline - time.monotonic()))


# --- the WSGI application ------------------------------------------------------------------------

_HTML = "text/html; charset=utf-8"


class App:
    """Static files from the generated site, and the scenario form. ``site`` and ``folder`` are
    attached once the site is generated (the socket is taken first: a busy port fails fast)."""

    def __init__(self, pool: RulingPool | None, *, ruling_timeout: float, body_limit: int,
                 page_limit: int) -> None:
        self.pool = pool
        self.folder: Path | None = None
        self.site: pages.Site | None = None
        self.ruling_timeout = ruling_timeout
        self.body_limit = body_limit
        self.page_limit = page_limit

    def attach(self, folder: Path, site: pages.Site) -> None:
        self.folder = folder.resolve()
        self.site = site

    def __call__(self, environ, start_response):
        try:
            status, headers, body = self.handle(environ)
        except Exception:  # noqa: BLE001 - a bug in judge: logged, never shown as a traceback
            log.exception("request failed")
            status, headers, body = _plain(HTTPStatus.INTERNAL_SERVER_ERROR,
                                           "internal error in judge (see the server's log)")
        start_response(f"{status.value} {status.phrase}", headers)
        if environ.get("REQUEST_METHOD") == "HEAD":
            if hasattr(body, "close"):
                body.close()
            return [b""]
        return body

    def handle(self, environ):
        method = environ.get("REQUEST_METHOD", "GET")
        path = _request_path(environ)
        if path is None:
            return _plain(HTTPStatus.BAD_REQUEST, "bad request path")
        if self.site is None:
            return _plain(HTTPStatus.SERVICE_UNAVAILABLE, "the site is being generated")
        if path == TRY:
            if method in ("GET", "HEAD"):
                return self.page(HTTPStatus.OK, try_page(self.site, text=EXAMPLE))
            if method == "POST":
                return self.post(environ)
            return _plain(HTTPStatus.METHOD_NOT_ALLOWED, "GET or POST", allow="GET, HEAD, POST")
        if method not in ("GET", "HEAD"):
            return _plain(HTTPStatus.METHOD_NOT_ALLOWED, "only the scenario form takes POST",
                          allow="GET, HEAD")
        return self.static(path, environ)

    def static(self, path: str, environ):
        assert self.folder is not None
        target = self.folder.joinpath(*[p for p in path.split("/") if p])
        try:
            if target.is_dir():
                target = target / "index.html"
            real = target.resolve()
            if self.folder not in real.parents or not real.is_file():
                return _plain(HTTPStatus.NOT_FOUND, "no such page")
            fh = open(real, "rb")
            size = os.fstat(fh.fileno()).st_size
        except OSError:
            return _plain(HTTPStatus.NOT_FOUND, "no such page")
        kind = mimetypes.guess_type(real.name)[0] or "application/octet-stream"
        if kind.startswith("text/") or kind in ("application/javascript", "application/json"):
            kind += "; charset=utf-8"
        headers = [("Content-Type", kind), ("Content-Length", str(size)),
                   ("X-Content-Type-Options", "nosniff")]
        wrapper = environ.get("wsgi.file_wrapper")
        return HTTPStatus.OK, headers, (wrapper(fh, 64 * 1024) if wrapper else _chunks(fh))

    def post(self, environ):
        assert self.site is not None
        try:
            length = int(environ.get("CONTENT_LENGTH") or 0)
        except ValueError:
            length = -1
        if length < 0 or length > self.body_limit:
            return self.page(HTTPStatus.REQUEST_ENTITY_TOO_LARGE, try_page(
                self.site, text="", error=_limit_text(
                    "serve_body_bytes", "the request", f"has a body of {length:,} bytes, over "
                    f"the limit of {self.body_limit:,} bytes (serve_body_bytes)"
                    if length >= 0 else "has no valid Content-Length", "--max-body")))
        body = environ["wsgi.input"].read(length) if length else b""
        form = parse_qs(body.decode("utf-8", errors="replace"), keep_blank_values=True,
                        max_num_fields=20)
        text = (form.get("scenario") or [""])[0].replace("\r\n", "\n")
        status, html = self.answer(text)
        return self.page(status, html)

    def answer(self, text: str) -> tuple[HTTPStatus, str]:
        """(status, page) for a pasted scenario."""
        assert self.site is not None and self.pool is not None
        site = self.site
        try:
            kind, value = self.pool.run(text)
        except RulingTimeout:
            return HTTPStatus.UNPROCESSABLE_ENTITY, try_page(site, text=text, error=_limit_text(
                "serve_ruling_seconds", "the ruling", "took longer than the time limit of "
                f"{self.ruling_timeout:g} seconds (serve_ruling_seconds)", "--ruling-timeout"))
        except PoolBusy:
            return HTTPStatus.SERVICE_UNAVAILABLE, try_page(
                site, text=text, error="judge serve is busy with other rulings; try again shortly")
        if kind == "error":
            return HTTPStatus.BAD_REQUEST, try_page(site, text=text, error=value)
        if kind == "too_big":
            return HTTPStatus.UNPROCESSABLE_ENTITY, try_page(site, text=text, error=_limit_text(
                "serve_page_bytes", "the ruling page", f"would be over {value:,} bytes, over "
                f"the limit of {self.page_limit:,} bytes (serve_page_bytes)", "--max-page"))
        if kind == "memory":
            return HTTPStatus.UNPROCESSABLE_ENTITY, try_page(
                site, text=text, error=f"the ruling needed more than the {value >> 20:,} MiB of "
                "memory a ruling may use")
        if kind != "ok":
            return HTTPStatus.INTERNAL_SERVER_ERROR, try_page(
                site, text=text, error=f"the engine failed on this scenario ({value}); "
                                       "this is a bug in judge, not in your scenario")
        rulings._retarget_missing(value, site, "try.html")
        return HTTPStatus.OK, try_page(site, text=text, view=value)

    def page(self, status: HTTPStatus, html: str):
        data = html.encode("utf-8")
        if len(data) > self.page_limit + self.body_limit * 2:
            status = HTTPStatus.UNPROCESSABLE_ENTITY
            data = try_page(self.site, text="", error=_limit_text(
                "serve_page_bytes", "the ruling page", f"is {len(data):,} bytes, over the "
                f"limit of {self.page_limit:,} bytes (serve_page_bytes)", "--max-page"
            )).encode("utf-8")
        return status, [("Content-Type", _HTML), ("Content-Length", str(len(data))),
                        ("Cache-Control", "no-store"), ("X-Content-Type-Options", "nosniff")], [data]


def _limit_text(name: str, what: str, says: str, option: str) -> str:
    return (f"judge serve: error: {what} {says}\n  hint: start judge serve with a larger "
            f"{option} (or set {limits.env_name(name)})")


def _plain(status: HTTPStatus, text: str, *, allow: str | None = None):
    data = f"{status.value} {status.phrase}: {text}\n".encode("utf-8")
    headers = [("Content-Type", "text/plain; charset=utf-8"), ("Content-Length", str(len(data)))]
    if allow:
        headers.append(("Allow", allow))
    return status, headers, [data]


def _chunks(fh):
    with fh:
        while chunk := fh.read(64 * 1024):
            yield chunk


def _request_path(environ) -> str | None:
    """The request's path as text ('/a/b.html'), or None if it is not one we can serve."""
    raw = environ.get("PATH_INFO", "/")
    try:
        path = raw.encode("latin-1").decode("utf-8")
    except UnicodeError:
        return None
    if "\x00" in path or "\\" in path or len(path) > 1024:
        return None
    parts = [p for p in path.split("/") if p not in ("", ".")]
    if any(p == ".." for p in parts):
        return None
    return "/" + "/".join(parts) if parts or path == "/" else "/"


def try_page(site: pages.Site, *, text: str, error: str | None = None, view=None) -> str:
    return build.render("try.html.j2", "try.html", page_title="Try a scenario", serving=True,
                        versions=None, text=text, error=error, r=view,
                        card_databases=card_databases(),
                        crumbs=[{"label": "Home", "href": "index.html"},
                                {"label": "Try a scenario", "href": None}])


def card_databases() -> list[dict]:
    """The installed card databases a pasted scenario may name cards from (read again on each
    page: one added or removed while the server runs is seen, as its ruling workers see it)."""
    from judge.carddb import store
    return [{"name": db.name, "game": db.meta.get("game", ""), "version": db.meta.get("version", ""),
             "cards": int(db.meta.get("cards") or 0)} for db in store.databases()]


# --- the server ----------------------------------------------------------------------------------

def is_loopback(host: str) -> bool:
    """Whether every address ``host`` names is a loopback one."""
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        pass
    try:
        infos = socket.getaddrinfo(host, None)
    except (OSError, UnicodeError):
        return False
    return bool(infos) and all(ipaddress.ip_address(i[4][0].split("%")[0]).is_loopback
                               for i in infos)


def make_server(app: App, host: str, port: int, *, threads: int, socket_timeout: int):
    """The listening waitress server (the socket is bound here: a busy port fails fast)."""
    from waitress.server import create_server
    for name in ("waitress", "waitress.queue"):
        logging.getLogger(name).setLevel(logging.ERROR)   # "task queue depth" notes under load
    return create_server(
        app, host=host, port=port, threads=threads, channel_timeout=socket_timeout,
        max_request_body_size=app.body_limit + 4096, max_request_header_size=64 * 1024,
        connection_limit=500, cleanup_interval=min(30, max(1, socket_timeout // 2)),
        ident="judge", expose_tracebacks=False, clear_untrusted_proxy_headers=True,
        asyncore_use_poll=True)


def clean_stale_sites(top: str | None = None) -> list[str]:
    """Remove temporary sites of ``judge serve`` processes that no longer run (killed outright,
    so they could not clean up). Each folder is named ``judge-site-<pid>-...``."""
    top = top or tempfile.gettempdir()
    removed = []
    try:
        names = os.listdir(top)
    except OSError:
        return removed
    for name in names:
        if not name.startswith(SITE_PREFIX):
            continue
        pid = name[len(SITE_PREFIX):].split("-", 1)[0]
        if not pid.isdigit() or int(pid) == os.getpid() or _alive(int(pid)):
            continue
        shutil.rmtree(os.path.join(top, name), ignore_errors=True)
        removed.append(name)
    return removed


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError as err:
        return err.errno == errno.EPERM
    return True


class _Stop(KeyboardInterrupt):
    """Raised in the main thread by SIGTERM and SIGINT. A KeyboardInterrupt: waitress's loop
    re-raises only ExitNow, KeyboardInterrupt and SystemExit from a channel's handlers and
    swallows anything else ("uncaptured python exception, closing channel"), so a signal that
    landed while a channel was being served would otherwise leave the server running."""


def serve(host: str = "127.0.0.1", port: int = 8000, *, announce=print, warn=None,
          threads: int = 8, workers: int = 2, ruling_timeout: float | None = None,
          socket_timeout: int = 30, body_limit: int | None = None,
          page_limit: int | None = None) -> None:
    """Generate the site into a temporary folder and serve it until SIGINT or SIGTERM; the
    folder and the worker processes are removed on the way out."""
    from judge import paths
    from judge.rules.index import load_graph

    warn = warn or (lambda text: print(text, file=sys.stderr))
    if not is_loopback(host):
        warn(f"warning: --host {host} is not a loopback address: anyone who can reach this "
             "machine on that address can use this server (it has no log-in and no TLS)")
    app = App(None, ruling_timeout=ruling_timeout or limits.get("serve_ruling_seconds"),
              body_limit=body_limit or limits.get("serve_body_bytes"),
              page_limit=page_limit or limits.get("serve_page_bytes"))
    server = make_server(app, host, port, threads=threads, socket_timeout=socket_timeout)
    previous = {sig: signal.getsignal(sig) for sig in (signal.SIGTERM, signal.SIGINT)}

    def stop(signum, frame):
        raise _Stop()

    # Both are installed, SIGINT too: a process started as a background job of a script
    # inherits SIGINT ignored, and Python then leaves it ignored (no KeyboardInterrupt), so
    # such a server would never stop on SIGINT.
    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    tmp = None
    try:
        clean_stale_sites()
        tmp = tempfile.mkdtemp(prefix=f"{SITE_PREFIX}{os.getpid()}-")
        app.pool = RulingPool(workers, app.ruling_timeout)
        folder = Path(tmp) / "site"
        graph = load_graph()
        build.build_site(folder, graph=graph, scenarios=paths.SCENARIOS, serving=True)
        app.attach(folder, pages.collect(graph))
        shown = f"[{server.effective_host}]" if ":" in str(server.effective_host) else \
            server.effective_host
        announce(f"serving the rules site on http://{shown}:{server.effective_port}/ "
                 "(Ctrl-C stops)")
        sys.stdout.flush()
        server.run()
    except (KeyboardInterrupt, _Stop):
        pass
    finally:
        for sig in previous:                              # one stop is enough: clean up now
            signal.signal(sig, signal.SIG_IGN)
        try:
            from waitress import wasyncore
            server.task_dispatcher.shutdown(timeout=2)
            wasyncore.close_all(server._map)
        except Exception:  # noqa: BLE001 - closing sockets on the way out
            pass
        if app.pool is not None:
            app.pool.close()
        if tmp is not None:
            shutil.rmtree(tmp, ignore_errors=True)
        for sig, handler in previous.items():
            signal.signal(sig, handler)
