"""HTML to PDF with WeasyPrint (system fonts and Pango; no network access for resources)."""

from __future__ import annotations

import threading
from typing import Any

_lock = threading.Lock()


def _no_fetch(url: str, *args: Any, **kwargs: Any) -> Any:
    # Every template is self-contained: refuse remote resources instead of waiting on a network we don't have.
    raise ValueError(f"external resource refused: {url}")


def render_pdf(html: str) -> bytes:
    """The PDF of a self-contained HTML document (the page size comes from its `@page` rule)."""
    from weasyprint import HTML

    # One render at a time per process: rendering holds the GIL anyway, and fontconfig is not
    # reliably thread-safe when several threads lay out text at once.
    with _lock:
        pdf = HTML(string=html, url_fetcher=_no_fetch).write_pdf()
    assert pdf is not None
    return bytes(pdf)
