"""Helpers for Ant Design widgets."""

from __future__ import annotations

from datetime import date

from playwright.sync_api import Locator, Page, expect

from tests.e2e.waits import settled, until


def choose(page: Page, label: str, option: str, scope: Locator | None = None) -> None:
    """Open the select labelled `label` and pick `option` (typing narrows long lists), as a person does: once the
    screen has settled (the dialog holding the select has opened, the list of the last choice has closed), and from
    the list once it has opened (an option clicked while its list slides in and lays itself out can miss, leaving
    the list open over the next field)."""
    root = scope or page
    field = root.get_by_label(label, exact=True)
    settled(page)
    field.click()
    if field.is_editable():  # a searchable select: typing narrows long lists
        field.fill(option)
    choice = page.locator(".ant-select-dropdown:visible .ant-select-item-option", has_text=option).first
    expect(choice).to_be_visible()
    settled(page)
    choice.click()


def choose_day(page: Page, scope: Locator | Page, day: date) -> None:
    """Open the date picker of `scope` (placeholder Date) and click `day`, in the next month's panel when this one
    does not show it: once the panel has finished opening (a busy machine's click during its opening chose no day)."""
    scope.get_by_placeholder("Date").click()
    panel = page.locator(".ant-picker-dropdown:visible")
    expect(panel).to_be_visible()
    settled(page, panel)
    cell = panel.locator(f"td[title='{day.isoformat()}']")
    if cell.count() == 0:
        panel.locator(".ant-picker-header-next-btn").first.click()
    cell.first.click()


def choose_hour(page: Page, scope: Locator | Page, hour: int, away: Locator) -> None:
    """Open the time picker of `scope` (placeholder Time), click `hour` once its column has stopped scrolling, close
    the panel by clicking `away`, and check the field. The column scrolls to the chosen hour as it opens (a click
    while it moves lands on another hour, or none), and the field previews the hour under the pointer, where the
    column has scrolled another hour after the click (a busy machine read 13:00 for 10:00): so it is read once the
    pointer has left."""
    scope.get_by_placeholder("Time").click()
    dropdown = page.locator(".ant-picker-dropdown:visible")
    hours = dropdown.locator(".ant-picker-time-panel-column").first
    _column_scrolled(page, hours)
    settled(page, dropdown)
    hours.locator(".ant-picker-time-panel-cell", has_text=f"{hour:02d}").first.click()
    away.click()
    expect(dropdown).to_have_count(0)
    expect(scope.get_by_placeholder("Time")).to_have_value(f"{hour:02d}:00")


def _column_scrolled(page: Page, column: Locator) -> None:
    """Until a time picker's column has scrolled its chosen cell to its top (or can go no further)."""
    until(page, """(column) => {
        const chosen = column.querySelector('.ant-picker-time-panel-cell-selected');
        if (!chosen) return true;
        const top = chosen.offsetTop - column.querySelector('li').offsetTop;
        return Math.abs(column.scrollTop - top) <= 1
            || column.scrollTop >= column.scrollHeight - column.clientHeight - 1;
    }""", column.element_handle(), every_frame=True)
