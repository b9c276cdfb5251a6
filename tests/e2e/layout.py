"""Layout checks shared by the browser journeys (nothing scrolls sideways once the breakpoint's layout is in), and
the screenshots taken for whoever reviews the screens.

Screenshots are taken when E2E_SCREENSHOTS=1 (`make screenshots`): a full-page one costs the browser 0.3-0.4 s of CPU
(it lays the whole page out at its full height, draws it and lays it out again), a quarter of a screens tour's work
and a tenth of the suite's, for pictures no assertion reads. A journey that fails is screenshot whatever the setting
(tests/e2e/conftest.py), and so is a toured screen with a finding."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Error, Locator, Page

from tests.e2e.waits import settled, until

PHONE = {"width": 390, "height": 844}
DESK = {"width": 1280, "height": 800}

SCREENSHOTS = os.environ.get("E2E_SCREENSHOTS", "") not in ("", "0")

_FITS = "() => document.documentElement.scrollWidth <= window.innerWidth"
_TOO_WIDE = """() => [...document.querySelectorAll('body *')]
    .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1)
    .slice(0, 12)
    .map((e) => `${e.tagName.toLowerCase()}.${String(e.className).split(' ').slice(0, 2).join('.')}`
        + ` ends at ${Math.round(e.getBoundingClientRect().right)} px`)"""


def fits(page: Page, timeout: float = 5_000) -> None:
    """Wait until the page is no wider than its window (a resize re-lays the page out on the next frames: the
    breakpoint hooks answer matchMedia's change events), and name what sticks out if it never is."""
    try:
        until(page, _FITS, timeout=timeout)
    except Error:
        widths = page.evaluate("() => [document.documentElement.scrollWidth, window.innerWidth]")
        wide = page.evaluate(_TOO_WIDE)
        raise AssertionError(f"the page is {widths[0]} px wide in a {widths[1]} px window: {wide}") from None


def screenshot(target: Page | Locator, path: Path | str, *, full_page: bool = False, always: bool = False) -> None:
    """A screenshot for review at `path` (its folder made), when E2E_SCREENSHOTS is set or `always`: once the page
    has settled (dialogs, drawers, dropdowns and toasts have finished opening), so that it is readable. A journey
    waits for what it needs itself; this wait is the picture's, and is not made when no picture is."""
    if not (SCREENSHOTS or always):
        return
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    if isinstance(target, Page):
        settled(target)
        target.screenshot(path=str(path), full_page=full_page)
    else:
        settled(target.page, target)
        target.screenshot(path=str(path))


def shots(page: Page, folder: Path, name: str, on_phone: Callable[[Page], None] | None = None) -> None:
    """The screen shot at a desk's width and on a phone (where it must fit, and pass `on_phone`), from the top of the
    page (the fixed bars sit there in a full-page shot), then back at the desk: <folder>/<name>-1280.png, -390.png."""
    page.evaluate("window.scrollTo(0, 0)")
    screenshot(page, folder / f"{name}-1280.png", full_page=True)
    page.set_viewport_size(PHONE)
    fits(page)
    if on_phone:
        on_phone(page)
    page.evaluate("window.scrollTo(0, 0)")
    screenshot(page, folder / f"{name}-390.png", full_page=True)
    page.set_viewport_size(DESK)
    until(page, "() => window.innerWidth === 1280")
