"""Load test of ``judge serve`` on loopback (issue 19): N concurrent clients for T seconds, K of
them holding half-sent requests (headers that never end, or a POST body shorter than its
Content-Length) the whole time; the others send complete requests back to back (section pages,
the form, the search page, and a pasted scenario to resolve). Every complete request must be
answered; latency percentiles are reported against a baseline measured in the same run: the
same request mix from one client with nobody stalling (so the ratio says what the load and the
stalled clients cost, whatever the machine's speed).

    .venv/bin/python bench/serve_load.py                    # 50 clients, 5 stalling, 30 s
    .venv/bin/python bench/serve_load.py --clients 20 --seconds 10 --json out.json

Bounded in count and time, loopback only; stops by itself. Exit 1 if a complete request went
unanswered or was answered with a 5xx.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import signal
import socket
import statistics
import subprocess
import sys
import threading
import time
import urllib.parse
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HOST = "127.0.0.1"
SCENARIO = (ROOT / "scenarios" / "fab" / "arcane-barrier-example-1.scn").read_text(encoding="utf-8")
BODY = urllib.parse.urlencode({"scenario": SCENARIO}).encode()
MIX = [("GET", "/fab-1.4/20.html"), ("GET", "/index.html"), ("GET", "/try.html"),
       ("GET", "/wow-7.4/index.html"), ("GET", "/search.html"), ("POST", "/try.html")]


def start_server(extra: list[str]) -> tuple[subprocess.Popen, int]:
    proc = subprocess.Popen([sys.executable, "-m", "judge", "serve", "--port", "0", *extra],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT)
    line = proc.stdout.readline()
    m = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
    if not m:
        proc.kill()
        raise SystemExit(f"judge serve did not start: {line!r} {proc.stderr.read()}")
    return proc, int(m.group(1))


def request(port: int, method: str, path: str, timeout: float) -> tuple[int, float]:
    """(status, seconds) of one complete HTTP/1.0 request; status 0 if it went unanswered."""
    head = f"{method} {path} HTTP/1.0\r\nHost: {HOST}\r\n"
    body = b""
    if method == "POST":
        body = BODY
        head += ("Content-Type: application/x-www-form-urlencoded\r\n"
                 f"Content-Length: {len(body)}\r\n")
    started = time.perf_counter()
    try:
        with socket.create_connection((HOST, port), timeout=timeout) as s:
            s.sendall(head.encode() + b"\r\n" + body)
            first = b""
            while chunk := s.recv(65536):
                first = first or chunk
            status = int(first.split(b" ", 2)[1]) if first.startswith(b"HTTP/") else 0
    except (OSError, ValueError, IndexError):
        status = 0
    return status, time.perf_counter() - started


def staller(port: int, kind: int, until: float, held: list) -> None:
    """Holds a half-sent request open until ``until`` (re-opening it if the server closes it)."""
    while time.monotonic() < until:
        try:
            s = socket.create_connection((HOST, port), timeout=5)
            if kind % 2:
                s.sendall(b"GET /index.html HTTP/1.1\r\nHost: x\r\nX-Slow: ")
            else:
                s.sendall(b"POST /try.html HTTP/1.1\r\nHost: x\r\nContent-Type: application/"
                          b"x-www-form-urlencoded\r\nContent-Length: 100000\r\n\r\nscenario=")
            held.append(1)
            s.settimeout(max(0.1, until - time.monotonic()))
            try:
                s.recv(1)          # returns when the server gives up on us (or at the end)
            except OSError:
                pass
            s.close()
        except OSError:
            time.sleep(0.2)


def client(port: int, index: int, until: float, timeout: float, out: list) -> None:
    i = index
    while time.monotonic() < until:
        method, path = MIX[i % len(MIX)]
        status, took = request(port, method, path, timeout)
        out.append((method, path, status, took))
        i += 1


def pct(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    values = sorted(values)
    return values[min(len(values) - 1, max(0, round(p / 100 * len(values) + 0.5) - 1))]


def summarise(rows: list) -> dict:
    lat = [r[3] for r in rows if 200 <= r[2] < 500]
    return {"requests": len(rows), "answered": sum(1 for r in rows if r[2]),
            "unanswered": sum(1 for r in rows if r[2] == 0),
            "server_errors": sum(1 for r in rows if r[2] >= 500),
            "statuses": {str(s): sum(1 for r in rows if r[2] == s) for s in sorted({r[2] for r in rows})},
            "p50_ms": round(pct(lat, 50) * 1000, 1), "p95_ms": round(pct(lat, 95) * 1000, 1),
            "p99_ms": round(pct(lat, 99) * 1000, 1), "max_ms": round(max(lat, default=0) * 1000, 1),
            "mean_ms": round(statistics.mean(lat) * 1000, 1) if lat else None}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--clients", type=int, default=50)
    ap.add_argument("--stalled", type=int, default=5)
    ap.add_argument("--seconds", type=float, default=30.0)
    ap.add_argument("--baseline-seconds", type=float, default=10.0)
    ap.add_argument("--timeout", type=float, default=60.0, help="per request (unanswered after)")
    ap.add_argument("--json", dest="json_out", default=None)
    args = ap.parse_args()
    if args.stalled >= args.clients:
        ap.error("--stalled must be fewer than --clients")

    proc, port = start_server([])
    try:
        for method, path in MIX:      # warm up (worker processes, page cache)
            request(port, method, path, args.timeout)
        base_rows: list = []
        client(port, 0, time.monotonic() + args.baseline_seconds, args.timeout, base_rows)

        until = time.monotonic() + args.seconds
        rows: list = []
        held: list = []
        threads = [threading.Thread(target=staller, args=(port, k, until, held), daemon=True)
                   for k in range(args.stalled)]
        threads += [threading.Thread(target=client, args=(port, k, until, args.timeout, rows),
                                     daemon=True) for k in range(args.clients - args.stalled)]
        started = time.monotonic()
        for t in threads:
            t.start()
        for t in threads:
            t.join(args.seconds + args.timeout + 30)
        elapsed = time.monotonic() - started
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            _, err = proc.communicate(timeout=60)
        except subprocess.TimeoutExpired:
            proc.kill()
            err = ""
    base, load = summarise(base_rows), summarise(rows)
    result = {
        "clients": args.clients, "stalled_clients": args.stalled, "seconds": round(elapsed, 1),
        "half_sent_connections_opened": len(held), "baseline_one_client": base,
        "under_load": load, "throughput_rps": round(load["requests"] / elapsed, 1),
        "p95_ratio_vs_baseline": round(load["p95_ms"] / base["p95_ms"], 2) if base["p95_ms"] else None,
        "server_traceback": "Traceback" in err,
    }
    print(f"judge serve load test: {args.clients} clients ({args.stalled} holding half-sent "
          f"requests) for {elapsed:.1f} s on loopback")
    print(f"  baseline (1 client, nobody stalling): {base['requests']} requests, p50 "
          f"{base['p50_ms']} ms, p95 {base['p95_ms']} ms")
    print(f"  under load: {load['requests']} complete requests, {load['answered']} answered, "
          f"{load['unanswered']} unanswered, {load['server_errors']} 5xx; statuses {load['statuses']}")
    print(f"  latency p50 {load['p50_ms']} ms, p95 {load['p95_ms']} ms, p99 {load['p99_ms']} ms, "
          f"max {load['max_ms']} ms; {result['throughput_rps']} requests/s; "
          f"p95 = {result['p95_ratio_vs_baseline']}x the baseline's")
    if args.json_out:
        Path(args.json_out).write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
    ok = load["unanswered"] == 0 and load["server_errors"] == 0 and not result["server_traceback"]
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
