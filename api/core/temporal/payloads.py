"""Temporal's JSON payload converter, with the type hints of a dataclass worked out once per class.

The SDK's converter (temporalio.converter) turns a payload into a dataclass by calling `typing.get_type_hints` on
the class for every value it converts: with postponed annotations (`from __future__ import annotations`) that
evaluates every field's annotation string again, for the request's input, its layers and approvers, every update's
argument and every local activity's result. A class's hints do not change, so they are remembered here."""

from __future__ import annotations

import functools
import typing
from typing import Any

from temporalio.converter import _payload_converter

_plain = typing.get_type_hints


@functools.lru_cache(maxsize=1024)
def _remembered(hint: Any) -> dict[str, Any]:
    return _plain(hint)


def _type_hints(obj: Any, *args: Any, **kwargs: Any) -> dict[str, Any]:
    if args or kwargs:
        return _plain(obj, *args, **kwargs)
    try:
        return dict(_remembered(obj))  # a copy: a caller may change what it gets
    except TypeError:  # not hashable
        return _plain(obj)


def install() -> None:
    """Make the SDK's payload converter (in this process) remember type hints; calling it again changes nothing."""
    _payload_converter.get_type_hints = _type_hints
