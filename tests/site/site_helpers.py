"""Shared by the site tests: build a site once, with the bundled scenarios plus two of the
tests' own (card text that tries to run a script; a scenario with a syntax error)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tempfile
from contextlib import contextmanager
from html.parser import HTMLParser
from pathlib import Path

from judge import paths

SCRIPT_TEXT = "<script>alert(1)</script><b>x</b>"

SCRIPT_SCENARIO = f'''scenario "Card text {SCRIPT_TEXT} is shown, not run"
game fab-1.4
card "Zap": Wizard Action, cost 0, pitch 1: "Deal 3 arcane damage to target hero. {SCRIPT_TEXT}"
Alice is the turn player, hero life 20
Bob: hero life 20
Alice: hand "Zap"
Alice plays "Zap" targeting Bob
'''

BROKEN_SCENARIO = '''scenario "A scenario with a typo"
game fab-1.4
Alice is the turn player, hero life 20
Alice plays "Zap" targetting Bob
'''


@contextmanager
def judge_serve():
    """``judge serve --port 0`` as a process of its own, with this process's environment (its
    user data folder, and so its installed card databases); yields its address
    (``http://127.0.0.1:PORT/``). What it says on stderr is kept in a file and shown when it
    does not start."""
    with tempfile.TemporaryFile("w+", encoding="utf-8") as err:
        proc = subprocess.Popen([sys.executable, "-m", "judge", "serve", "--port", "0"],
                                stdout=subprocess.PIPE, stderr=err, text=True,
                                env=dict(os.environ))
        try:
            line = proc.stdout.readline()
            match = re.search(r"http://127\.0\.0\.1:\d+/", line)
            if match is None:
                proc.terminate()
                proc.wait(timeout=30)
                err.seek(0)
                raise AssertionError(f"judge serve did not start: {line!r}\n{err.read()}")
            yield match.group(0)
        finally:
            proc.terminate()
            try:
                proc.wait(timeout=120)  # it removes its site and workers (slow on a busy machine)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()


def scenarios_folder(base: Path) -> Path:
    folder = base / "scenarios"
    if paths.SCENARIOS.is_dir():
        shutil.copytree(paths.SCENARIOS, folder)
    (folder / "fab").mkdir(parents=True, exist_ok=True)
    (folder / "fab" / "zz-script-card-text.scn").write_text(SCRIPT_SCENARIO, encoding="utf-8")
    (folder / "fab" / "zz-broken.scn").write_text(BROKEN_SCENARIO, encoding="utf-8")
    return folder


class Outline(HTMLParser):
    """ids, headings, landmarks, links and the text of one page."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.ids: dict[str, str] = {}          # id -> tag
        self.headings: list[int] = []
        self.tags: list[tuple[str, dict]] = []
        self.text: list[str] = []
        self.scripts: list[dict] = []
        self._in_script = False

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        self.tags.append((tag, a))
        if a.get("id"):
            self.ids[a["id"]] = tag
        if len(tag) == 2 and tag[0] == "h" and tag[1].isdigit():
            self.headings.append(int(tag[1]))
        if tag == "script":
            self.scripts.append(a)
            self._in_script = True

    def handle_endtag(self, tag):
        if tag == "script":
            self._in_script = False

    def handle_data(self, data):
        if not self._in_script:
            self.text.append(data)


def outline(path: Path) -> Outline:
    o = Outline()
    o.feed(path.read_text(encoding="utf-8"))
    o.close()
    return o


class RuleBlocks(HTMLParser):
    """For each rule block (div.rule with an id, or the page's h1): the hrefs in its
    "Cited by" entry."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.cited_by: dict[str, list[str]] = {}
        self._rule: str | None = None
        self._depth = 0
        self._cited = 0

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        classes = (a.get("class") or "").split()
        if tag == "h1" and a.get("id"):
            self._rule = a["id"]
        if tag == "div":
            if "rule" in classes:
                self._rule = a.get("id", self._rule)
                self.cited_by.setdefault(self._rule, [])
            if "cited-by" in classes:
                self._cited = 1
            elif self._cited:
                self._cited += 1
        if tag == "a" and self._cited and self._rule is not None:
            self.cited_by[self._rule].append(a.get("href", ""))

    def handle_endtag(self, tag):
        if tag == "div" and self._cited:
            self._cited -= 1


_BUILT: dict[str, tuple] = {}


def built_site(tmp_path_factory, graph) -> tuple:
    """(site folder, SiteReport, scenarios folder), built once per test session."""
    if "site" not in _BUILT:
        from judge.site.build import build_site

        base = tmp_path_factory.mktemp("site")
        folder = scenarios_folder(base)
        report = build_site(base / "out", graph=graph, scenarios=folder)
        _BUILT["site"] = (base / "out", report, folder)
    return _BUILT["site"]
