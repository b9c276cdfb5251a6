"""Waits shared by the browser journeys, none of them a fixed sleep: until a screen has settled (what a person waits
for before reading it), until a PDF viewer shows its document, and until a condition holds, with a deadline."""

from __future__ import annotations

import io
import re
import time
from collections.abc import Callable
from typing import Any, TypeVar

from PIL import Image
from playwright.sync_api import Frame, Locator, Page, TimeoutError, expect

T = TypeVar("T")

# Busy: a finite animation or transition is running or about to (an endless one, a spinner's or a status dot's
# pulse, never ends and is not waited for), or an Ant Design motion is in a step before its animation: rc-motion marks
# the element `<motion>-appear|enter|leave-prepare`, then `-start` (drawn as the motion's first frame, invisible for
# an opening, with no animation yet), then `-active` while its animation runs (seen among the running animations). A
# motion whose `-active` step has nothing to animate (a button's loading icon leaving) keeps that class until a timer
# of its own, if any, and is not waited for: nothing moves meanwhile.
_BUSY = r"""(scope) => {
    const root = scope ?? document;
    const animations = scope ? scope.getAnimations({subtree: true}) : document.getAnimations();
    const running = animations.filter((a) => (a.playState === 'running' || a.pending)
        && Number.isFinite(a.effect ? a.effect.getComputedTiming().endTime : 0));
    const moving = [...root.querySelectorAll('[class*="-prepare"], [class*="-start"]')]
        .concat(scope && scope.matches('[class]') ? [scope] : [])
        .filter((e) => [...e.classList].some((c) => /-(appear|enter|leave)-(prepare|start)$/.test(c)));
    return [...running.map((a) => `${a.constructor.name} ${a.animationName ?? a.transitionProperty ?? ''}`.trim()
                                   + ` on ${a.effect?.target?.className ?? '?'}`),
            ...moving.map((e) => `motion ${e.className}`)];
}"""

# Quiet for `frames` animation frames in a row: an animation that starts on the frame after a click or a response
# (rc-motion steps through prepare and start on animation frames) is seen before the wait ends.
_QUIET = f"""([scope, frames]) => {{
    const busy = ({_BUSY})(scope);
    window.__e2eQuietFrames = busy.length ? 0 : (window.__e2eQuietFrames ?? 0) + 1;
    return window.__e2eQuietFrames >= frames;
}}"""


# Playwright's wait_for_function hands its predicate to the page as a string that the page evaluates: under the app's
# Content-Security-Policy (no 'unsafe-eval', api/core/headers.py) Chromium refuses that now and then (when another
# evaluation interleaves) and logs a CSP violation that the app never made. `until` polls inside one evaluation
# instead, the predicate part of the script Playwright sends over CDP, which no policy governs: nothing is evaluated
# from a string in the page.
_UNTIL = """async ([arg, timeout, everyFrame]) => {
    const predicate = %s;
    const deadline = performance.now() + timeout;
    for (;;) {
        const value = await predicate(arg);
        if (value) return value;
        if (performance.now() >= deadline) return null;
        await new Promise((resolve) => everyFrame ? requestAnimationFrame(() => resolve()) : setTimeout(resolve, 100));
    }
}"""


def until(page: Page | Frame, predicate: str, arg: Any = None, *, timeout: float = 15_000,
          every_frame: bool = False) -> Any:
    """Wait until the script `predicate` (a function of `arg`) answers something truthy in the page, polled every
    100 ms (or every animation frame), and answer it; TimeoutError after `timeout` ms. Playwright's wait_for_function
    without an evaluation from a string (see _UNTIL)."""
    value = page.evaluate(_UNTIL % predicate, [arg, timeout, every_frame])
    if not value:
        raise TimeoutError(f"not within {timeout:g} ms: {predicate[:120]}")
    return value


def settled(page: Page, scope: Locator | None = None, *, frames: int = 3, timeout: float = 10) -> None:
    """Wait until nothing on the page (or in `scope`) is animating: dialogs, drawers, dropdowns and toasts have
    finished opening or closing, a transition of colour or place has ended, for `frames` animation frames in a row.
    Names what is still moving after `timeout` seconds."""
    handle = scope.element_handle() if scope is not None else None
    try:
        page.evaluate("window.__e2eQuietFrames = 0")
        until(page, _QUIET, [handle, frames], every_frame=True, timeout=timeout * 1000)
    except TimeoutError:
        busy = page.evaluate(_BUSY, handle)
        raise AssertionError(f"still animating after {timeout:g} s: {busy[:8]}") from None
    finally:
        if handle is not None:
            handle.dispose()


def eventually(check: Callable[[], T | None], what: str, *, timeout: float = 30, interval: float = 0.5,
               page: Page | None = None) -> T:
    """Call `check` until it answers something truthy, and answer that; fail naming `what` after `timeout` seconds.
    With a `page`, the pause between calls is Playwright's, so that the browser's events (request, response and
    route handlers) reach the test meanwhile (Playwright's sync API delivers them only while it waits)."""
    deadline = time.monotonic() + timeout
    while True:
        found = check()
        if found:
            return found
        if time.monotonic() >= deadline:
            raise AssertionError(f"not in {timeout:g} s: {what} (last answer: {found!r})")
        if page is not None:
            page.wait_for_timeout(interval * 1000)  # the poll's interval, not a wait for something
        else:
            time.sleep(interval)  # the poll's interval, not a wait for something


def painted(locator: Locator, what: str, *, timeout: float = 30, colours: int = 16) -> None:
    """Wait until what `locator` shows has stopped changing: three pictures of it in a row, a quarter of a second
    apart, are the same, and not a blank (fewer than `colours` colours). For what Playwright cannot look into, such
    as the page a PDF viewer's plugin draws."""
    last: list[bytes] = []

    def steady() -> bool:
        shot = locator.screenshot()
        last[:] = [*last[-2:], shot]
        drawn = Image.open(io.BytesIO(shot)).convert("RGB").getcolors(maxcolors=colours) is None  # None: more
        return len(last) == 3 and len(set(last)) == 1 and drawn

    eventually(steady, f"{what} is painted", timeout=timeout, interval=0.25, page=locator.page)


def pdf_shown(viewer: Locator, what: str, *, timeout: float = 30) -> None:
    """Wait until Chromium's PDF viewer in the iframe `viewer` shows its document as a person sees it: the viewer's
    toolbar counts its pages (the document has loaded; "0" before), then the first page is painted."""
    handle = viewer.element_handle()
    try:
        outer = handle.content_frame()
    finally:
        handle.dispose()
    assert outer is not None, f"{what}: not an iframe"

    def in_viewer(frame: Frame) -> bool:
        while frame.parent_frame is not None and frame.parent_frame != outer:
            frame = frame.parent_frame
        return frame.parent_frame == outer

    pdf = eventually(lambda: next((f for f in viewer.page.frames
                                   if f.url.startswith("chrome-extension://") and in_viewer(f)), None),
                     f"the PDF viewer of {what}", timeout=timeout, interval=0.1, page=viewer.page)
    expect(pdf.locator("#pagelength")).to_have_text(re.compile(r"^[1-9]\d*$"), timeout=timeout * 1000)
    painted(viewer, what, timeout=timeout)
