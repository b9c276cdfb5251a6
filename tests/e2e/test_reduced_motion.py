"""A person whose system asks for less motion gets none (WCAG 2.3.3), and a list still opens beside its field; a
person who has not asked keeps antd's motion. The journeys run as the first (tests/e2e/conftest.py, new_context)."""

from __future__ import annotations

from playwright.sync_api import Browser, Page, expect

from tests.e2e.conftest import new_context
from tests.e2e.test_journeys import sign_in
from tests.live import LiveServer

# every animation that starts on the page, by name (antd's keyframes are named like `css-…-antSlideUpIn`)
LISTEN = "() => { window.__started = []; document.addEventListener('animationstart', (e) => " \
         "window.__started.push(e.animationName), true); }"


def _open_industry(page: Page) -> tuple[dict[str, float], dict[str, float], list[str]]:
    """Open the Add Client form's Industry list: where the list and its field are, and the animations started."""
    sign_in(page, "admin", to="/system/client-management/add")
    field = page.get_by_label("Industry", exact=True)
    expect(field).to_be_editable()
    page.evaluate(LISTEN)
    field.click()
    listed = page.locator(".ant-select-dropdown:visible")
    expect(listed.get_by_text("Education")).to_be_visible()
    box = listed.bounding_box()
    selector = page.locator(".ant-select", has=field).bounding_box()
    assert box is not None and selector is not None
    return box, selector, page.evaluate("window.__started")


def test_less_motion_opens_lists_at_once_beside_their_field(page: Page) -> None:
    assert page.evaluate("matchMedia('(prefers-reduced-motion: reduce)').matches")
    box, field, started = _open_industry(page)
    # under the field, as wide: not thousands of pixels away (a transition of 0.01 ms on every element did that)
    assert field["y"] + field["height"] <= box["y"] <= field["y"] + field["height"] + 16, (box, field)
    assert abs(box["x"] - field["x"]) <= 1 and abs(box["width"] - field["width"]) <= 1, (box, field)
    assert not [name for name in started if "Slide" in name], started


def test_without_the_request_lists_still_slide_open(browser: Browser, live_server: LiveServer) -> None:
    context = new_context(browser, live_server, viewport={"width": 1280, "height": 800},
                          reduced_motion="no-preference")
    try:
        _, _, started = _open_industry(context.new_page())
    finally:
        context.close()
    assert any("SlideUpIn" in name for name in started), started
