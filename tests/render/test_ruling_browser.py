"""One HTML ruling in a real browser (Debian's chromium, headless, driven by playwright) at
1280x800: the answer (outcome and decisive steps) is visible without scrolling, and a folded run
of routine steps opens on click. Skipped, with the reason, when chromium or playwright is
missing (``.ci/run`` installs chromium). The screenshots go to tests/artifacts/ (git-ignored).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from judge.games.run import run_scenario
from judge.paths import SCENARIOS
from judge.render import render
from judge.scenario.parser import parse_file

pytestmark = pytest.mark.browser

ARTIFACTS = Path(__file__).resolve().parent.parent / "artifacts"
SCENARIO = SCENARIOS / "fab" / "arcane-barrier-example-3-seeds-of-agony.scn"


@pytest.fixture(scope="module")
def page(browser, tmp_path_factory):
    html = tmp_path_factory.mktemp("ruling") / "ruling.html"
    html.write_text(render(run_scenario(parse_file(str(SCENARIO))), "html"), encoding="utf-8")
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    pg = context.new_page()
    pg.on("request", lambda r: _local(r.url))
    pg.goto(html.as_uri())
    yield pg
    context.close()


def _local(url: str) -> None:
    assert url.startswith(("file:", "data:", "about:")), url


def _box(locator) -> dict:
    box = locator.bounding_box()
    assert box is not None
    return box


def test_the_answer_is_above_the_fold_at_1280x800(page):
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "ruling-answer-1280x800.png"))
    assert page.evaluate("window.scrollY") == 0
    outcome = page.locator(".answer .outcome")
    assert outcome.is_visible()
    assert "Life: Alice 20, Bob 16." in outcome.inner_text()
    assert _box(outcome)["y"] + _box(outcome)["height"] <= 800
    first = page.locator("ul.decisive > li").first
    assert _box(first)["y"] + _box(first)["height"] <= 800      # the first decisive step whole
    assert "fab-1.4 20.4.4d" in first.inner_text()               # with its rule quoted
    assert _box(page.locator("ol.trace"))["y"] > _box(outcome)["y"]   # the trace comes after


def test_a_folded_run_of_routine_steps_opens_on_click(page):
    fold = page.locator("ol.trace > li.fold").nth(8)     # steps 76-81 of the trace
    summary = fold.locator("summary")
    assert summary.inner_text().startswith("76–81 6 routine steps")
    inner = fold.locator('li[id="step-77"]')
    summary.scroll_into_view_if_needed()
    assert not inner.is_visible()
    summary.click()
    assert inner.is_visible()
    assert "Bob passes priority" in inner.inner_text()
    page.screenshot(path=str(ARTIFACTS / "ruling-fold-open-1280x800.png"))
    summary.click()
    assert not inner.is_visible()
