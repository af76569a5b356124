"""The rules site in a real browser: Debian's chromium, headless, driven by playwright.

Skipped (with the reason) when chromium or playwright is not installed; ``.ci/run`` installs
chromium. Pages are opened from ``file://`` (the site needs no server), the scenario form
through ``judge serve``. Screenshots go to tests/artifacts/ (git-ignored).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from site_helpers import SCRIPT_SCENARIO, SCRIPT_TEXT, built_site, judge_serve

pytestmark = pytest.mark.browser

ARTIFACTS = Path(__file__).resolve().parent.parent / "artifacts"


# `browser`: tests/conftest.py (Debian's chromium driven by playwright)


@pytest.fixture(scope="module")
def site(tmp_path_factory, graph):
    return built_site(tmp_path_factory, graph)[0]


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    pg = context.new_page()
    pg.dialogs = []
    pg.on("dialog", lambda d: (pg.dialogs.append(d.message), d.dismiss()))
    pg.on("request", lambda r: _no_network(r.url))
    yield pg
    context.close()


def _no_network(url: str) -> None:
    assert url.startswith(("file:", "http://127.0.0.1", "data:", "about:")), url


def url_of(site: Path, rel: str) -> str:
    path, _, frag = rel.partition("#")
    return (site / path).as_uri() + ("#" + frag if frag else "")


def target_id(pg) -> str | None:
    return pg.evaluate("document.querySelector(':target') && document.querySelector(':target').id")


def test_fab_20_7_2a_deep_link_is_targeted_and_visible(page, site):
    page.goto(url_of(site, "fab-1.4/20.html#20.7.2a"))
    assert target_id(page) == "20.7.2a"
    rule = page.locator('[id="20.7.2a"]')
    assert rule.is_visible()
    assert rule.evaluate("e => { const r = e.getBoundingClientRect();"
                         " return r.top >= 0 && r.top < window.innerHeight; }")
    assert "the target of the attack is dealt damage equal to the difference" in rule.inner_text()


def test_key_with_spaces_and_slash_is_targeted_by_its_encoded_href(page, site):
    page.goto(url_of(site, "wow-7.4/10.html#%2BX%20%2F%20%2BX"))
    assert target_id(page) == "+X / +X"


def test_fab_15_4_3_cross_reference_then_cited_by_link(page, site):
    page.goto(url_of(site, "fab-1.4/15.html#15.4.3"))
    page.locator('[id="15.4.3"] p.text a.xref.cite').first.click()
    page.wait_for_url(re.compile(r"/fab-1\.4/20\.html#20\.6$"))
    assert target_id(page) == "20.6"
    page.locator('[id="20.6"] .cited-by a', has_text=re.compile(r"^15\.4\.3$")).click()
    page.wait_for_url(re.compile(r"/fab-1\.4/15\.html#15\.4\.3$"))
    assert target_id(page) == "15.4.3"


def test_search_finds_dominate_and_opens_it_with_the_keyboard(page, site):
    page.goto(url_of(site, "index.html"))
    page.locator("#j-q").click()
    page.keyboard.type("dominate")
    first = page.locator("#j-search-results a").first
    # the list follows each key typed: wait for the results of the whole word (reading the
    # first visible row could read the results for "d" alone)
    page.wait_for_function(
        "() => { const a = document.querySelector('#j-search-results a');"
        " return a !== null && a.innerText.includes('fab-1.4 Dominate'); }", timeout=10_000)
    assert "fab-1.4 Dominate" in first.inner_text()
    page.keyboard.press("ArrowDown")
    assert page.evaluate("document.activeElement.closest('#j-search-results') !== null")
    with page.expect_navigation():
        page.keyboard.press("Enter")
    assert re.search(r"/fab-1\.4/[^/]+\.html#Dominate$", page.url), page.url
    assert target_id(page) == "Dominate"
    assert page.locator('[id="Dominate"]').is_visible()


def test_search_results_page_lists_matches(page, site):
    page.goto(url_of(site, "search.html") + "?q=dominate")
    page.locator("#j-search-list a").first.wait_for(state="visible", timeout=10_000)
    assert "result(s)" in page.locator("#j-search-status").inner_text()
    assert page.locator("#j-search-list a", has_text="fab-1.4 Dominate").count() == 1


def test_ruling_trace_citation_leads_to_the_rule(page, site):
    page.goto(url_of(site, "rulings/index.html"))
    page.locator("ul.rulings a").first.click()
    citation = page.locator("ol.trace a.citation:not(.missing)").first
    doc, key = citation.inner_text().split(" ", 1)
    citation.click()
    page.wait_for_url(re.compile(rf"/{re.escape(doc)}/[^/]+\.html#"))
    assert target_id(page) == key


def test_script_in_card_text_is_inert_and_shown(page, site):
    page.goto(url_of(site, "rulings/fab/zz-script-card-text.html"))
    page.wait_for_timeout(300)
    assert page.dialogs == []
    assert page.locator("h1").inner_text() == f"Card text {SCRIPT_TEXT} is shown, not run"
    # shown as text in the scenario's card line and in the ruling's list of cards
    shown = page.get_by_text(f"target hero. {SCRIPT_TEXT}")
    assert shown.count() == 2 and all(shown.nth(i).is_visible() for i in range(2))
    assert page.locator("blockquote.card-text").first.inner_text().endswith(SCRIPT_TEXT)
    assert page.locator("main b").count() == 0


def test_pages_fit_375px_without_horizontal_scroll_and_screenshots(browser, site):
    ARTIFACTS.mkdir(exist_ok=True)
    pages = {"rule": "fab-1.4/20.html#20.7.2a", "ruling": "rulings/fab/zz-script-card-text.html",
             "glossary": "wow-7.4/10.html#%2BX%20%2F%20%2BX", "home": "index.html",
             "document": "ufs-0.9/index.html", "rulings": "rulings/index.html"}
    too_wide = {}
    for width in (375, 1280):
        context = browser.new_context(viewport={"width": width, "height": 800})
        pg = context.new_page()
        for name, rel in pages.items():
            pg.goto(url_of(site, rel))
            scroll, client = pg.evaluate("[document.documentElement.scrollWidth,"
                                         " document.documentElement.clientWidth]")
            if scroll > client:
                too_wide[(name, width)] = (scroll, client)
            if name in ("rule", "ruling"):
                pg.screenshot(path=str(ARTIFACTS / f"site-{name}-{width}.png"))
        context.close()
    assert too_wide == {}
    for name in ("rule", "ruling"):
        for width in (375, 1280):
            assert (ARTIFACTS / f"site-{name}-{width}.png").stat().st_size > 1000


def test_focus_is_visible_and_skip_link_reaches_main(page, site):
    page.goto(url_of(site, "fab-1.4/20.html"))
    page.keyboard.press("Tab")
    skip = page.locator("a.skip")
    assert page.evaluate("document.activeElement.className") == "skip"
    assert skip.is_visible() and skip.evaluate("e => e.getBoundingClientRect().top >= 0")
    outline = skip.evaluate("e => getComputedStyle(e).outlineStyle")
    assert outline != "none"
    page.keyboard.press("Enter")
    assert page.evaluate("location.hash") == "#j-main"


@pytest.fixture(scope="module")
def server():
    with judge_serve() as url:
        yield url


def test_serve_form_gives_a_ruling_page_and_keeps_card_text_inert(page, server):
    page.goto(server + "try.html")
    page.locator("#scenario").fill(SCRIPT_SCENARIO)
    page.get_by_role("button", name="Get the ruling").click()
    page.locator("ol.trace").wait_for(timeout=30_000)
    assert page.dialogs == []
    assert page.get_by_text(f"Ruling: Card text {SCRIPT_TEXT} is shown, not run").is_visible()
    citation = page.locator("ol.trace a.citation:not(.missing)").first
    key = citation.inner_text().split(" ", 1)[1]
    with page.expect_navigation():
        citation.click()
    assert target_id(page) == key


def test_serve_form_shows_input_error_with_caret(page, server):
    page.goto(server + "try.html")
    page.locator("#scenario").fill('scenario "x"\ngame fab-1.4\nAlice plays "Zap" targetting Bob\n')
    response_status = []
    page.on("response", lambda r: response_status.append(r.status) if "try.html" in r.url else None)
    page.get_by_role("button", name="Get the ruling").click()
    error = page.locator("pre.error")
    error.wait_for(timeout=30_000)
    assert 400 in response_status
    text = error.inner_text()
    assert "<pasted>:3:" in text and "^" in text and "Traceback" not in page.content()
