"""Page object for the signed-in shell."""

from __future__ import annotations

from playwright.sync_api import Locator, Page


class Shell:
    def __init__(self, page: Page):
        self.page = page

    @property
    def top_bar(self) -> Locator:
        return self.page.locator("header")

    def top_menu(self, label: str) -> Locator:
        return self.top_bar.get_by_text(label, exact=True)
