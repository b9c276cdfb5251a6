"""Helpers for Ant Design widgets."""

from __future__ import annotations

from playwright.sync_api import Locator, Page, expect

from tests.e2e.waits import settled


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
