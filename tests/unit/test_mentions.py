"""How free text names a person (api/core/mentions.py): the name as words in any case and spacing, the e-mail
address, the phone number however it is written; nothing inside a longer word or number."""

from __future__ import annotations

import pytest

from api.core.mentions import Mention

NADIA = Mention(name="Nadia  Kusumawati", email="nadia.k@banknusa.co.id", phone="6281122334455")


@pytest.mark.parametrize(("text", "expected"), [
    ("Met Nadia Kusumawati today.", "Met X today."),
    ("met NADIA\nkusumawati", "met X"),
    ("Copy nadia.k@banknusa.co.id, please", "Copy X, please"),
    ("Call +62 811-2233-4455 or 0811 2233 4455", "Call X or X"),
    ("(0811) 2233.4455 / 6281122334455", "X / X"),
])
def test_each_way_of_naming_her_is_replaced(text: str, expected: str) -> None:
    assert NADIA.found_in(text)
    assert NADIA.replaced(text, "X") == expected


@pytest.mark.parametrize("text", [
    "Nadia Kusumawatiningsih signed",  # a longer name
    "Nadia alone",  # her first name is not her name
    "xnadia.k@banknusa.co.id is someone else",
    "nadia.k@banknusa.co.id.au too",
    "Invoice 16281122334455 and 811223344556",  # her digits inside longer numbers
    None,
])
def test_what_is_not_her_stays(text: str | None) -> None:
    assert not NADIA.found_in(text)
    assert NADIA.replaced(text, "X") == text


def test_a_person_with_nothing_to_find_matches_nothing() -> None:
    nobody = Mention(name="Al", email=None, phone="123")
    assert nobody.empty and not nobody.found_in("Al called 123")
