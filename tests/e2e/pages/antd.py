"""Helpers for Ant Design widgets."""

from __future__ import annotations

from playwright.sync_api import Locator, Page


def choose(page: Page, label: str, option: str, scope: Locator | None = None) -> None:
    """Open the select labelled `label` and pick `option` (typing narrows long lists)."""
    root = scope or page
    field = root.get_by_label(label, exact=True)
    field.click()
    if field.is_editable():  # a searchable select: typing narrows long lists
        field.fill(option)
    page.locator(".ant-select-dropdown:visible .ant-select-item-option", has_text=option).first.click()
