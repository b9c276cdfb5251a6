"""Page objects for sign-in, forgot password and set password."""

from __future__ import annotations

from playwright.sync_api import Page, expect


class SignInPage:
    def __init__(self, page: Page):
        self.page = page

    def open(self) -> SignInPage:
        self.page.goto("/signin")
        return self

    def sign_in(self, username: str, password: str) -> None:
        self.page.get_by_label("Username").fill(username)
        self.page.get_by_label("Password").fill(password)
        self.page.get_by_role("button", name="Sign In").click()

    def expect_error(self, text: str) -> None:
        expect(self.page.get_by_role("alert")).to_contain_text(text)


class ForgotPasswordPage:
    def __init__(self, page: Page):
        self.page = page

    def open(self) -> ForgotPasswordPage:
        self.page.goto("/forgot-password")
        return self

    def request(self, username: str) -> None:
        self.page.get_by_label("Username").fill(username)
        self.page.get_by_role("button", name="Finish").click()


class SetPasswordPage:
    def __init__(self, page: Page):
        self.page = page

    def fill(self, new_password: str, confirmation: str) -> None:
        self.page.get_by_label("New Password", exact=True).fill(new_password)
        self.page.get_by_label("Confirm New Password").fill(confirmation)
        self.page.get_by_role("button", name="Finish").click()
