"""A local stand-in for Nominatim (its /search and /reverse in jsonv2), so no test reaches the internet: a real HTTP
server on 127.0.0.1 in a thread, a few places around Jakarta and Tangerang (and one outside Indonesia, which only a
search without `countrycodes` finds), and every request it got, for tests to check what the API sent.

It also serves map tiles at `/tiles/{z}/{x}/{y}.png` (one drawn street grid), which the journeys' MAP_TILE_URL
names: no tile comes from the internet either.

`geocoder_server` (a session fixture, tests/conftest.py) yields one for the whole session: the browser journeys'
live server points GEOCODER_URL at its `url`; the place search tests use it through a fixture that resets it."""

from __future__ import annotations

import functools
import io
import json
import math
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest

# (name, display_name, lat, lon, country code): what Nominatim's jsonv2 gives, trimmed to what the API reads
PLACES: list[tuple[str, str, float, float, str]] = [
    ("Gading Serpong", "Gading Serpong, Kelapa Dua, Kabupaten Tangerang, Banten, 15810, Indonesia",
     -6.2400, 106.6300, "id"),
    ("Summarecon Mall Serpong", "Summarecon Mall Serpong, Jalan Boulevard Gading Serpong, Gading Serpong, Kelapa "
     "Dua, Kabupaten Tangerang, Banten, 15810, Indonesia", -6.2414, 106.6283, "id"),
    ("Universitas Multimedia Nusantara", "Universitas Multimedia Nusantara, Jalan Scientia Boulevard, Gading "
     "Serpong, Kelapa Dua, Kabupaten Tangerang, Banten, 15810, Indonesia", -6.2568, 106.6184, "id"),
    ("AEON Mall BSD City", "AEON Mall BSD City, Jalan BSD Raya Utama, Pagedangan, Kabupaten Tangerang, Banten, 15339, "
     "Indonesia", -6.3045, 106.6436, "id"),
    ("Monumen Nasional", "Monumen Nasional, Jalan Medan Merdeka Barat, Gambir, Jakarta Pusat, Daerah Khusus Ibukota "
     "Jakarta, 10110, Indonesia", -6.1754, 106.8272, "id"),
    ("Bandara Internasional Soekarno-Hatta", "Bandara Internasional Soekarno-Hatta, Benda, Kota Tangerang, Banten, "
     "15125, Indonesia", -6.1256, 106.6558, "id"),
    # no name of its own: the API names it after the first part of its address
    ("", "Jalan Gading Serpong Boulevard, Gading Serpong, Kelapa Dua, Kabupaten Tangerang, Banten, Indonesia",
     -6.2453, 106.6301, "id"),
    ("Serpong", "Serpong, Kota Tangerang Selatan, Banten, Indonesia", -6.3167, 106.6667, "id"),
    ("Stasiun Serpong", "Stasiun Serpong, Jalan Stasiun Serpong, Serpong, Kota Tangerang Selatan, Banten, Indonesia",
     -6.3201, 106.6654, "id"),
    ("Pasar Serpong", "Pasar Serpong, Serpong, Kota Tangerang Selatan, Banten, Indonesia", -6.3187, 106.6681, "id"),
    ("Serpong Utara", "Serpong Utara, Kota Tangerang Selatan, Banten, Indonesia", -6.2566, 106.6614, "id"),
    ("Alam Sutera", "Alam Sutera, Serpong Utara, Kota Tangerang Selatan, Banten, Indonesia", -6.2237, 106.6532, "id"),
    ("Marina Bay Sands", "Marina Bay Sands, 10 Bayfront Avenue, Singapore, 018956, Singapore", 1.2834, 103.8607, "sg"),
]


@dataclass
class Got:
    """One request the server answered."""

    path: str
    params: dict[str, str]
    headers: dict[str, str]  # names in lower case
    at: float  # time.monotonic()


@dataclass
class FakeGeocoder:
    url: str
    requests: list[Got] = field(default_factory=list)
    status: int = 200  # anything else: answered with this status and a page of text
    body: bytes | None = None  # answered as it is instead of the places (not JSON, say)
    delay: float = 0.0  # seconds before answering
    ignore_limit: bool = False  # answer every match, as a provider that ignores `limit` would

    def reset(self) -> None:
        self.requests.clear()
        self.status, self.body, self.delay, self.ignore_limit = 200, None, 0.0, False

    def got(self, path: str) -> list[Got]:
        return [r for r in self.requests if r.path == path]


def _jsonv2(index: int) -> dict[str, Any]:
    name, display, lat, lon, _ = PLACES[index]
    return {"place_id": 1000 + index, "licence": "Data © OpenStreetMap contributors, ODbL 1.0. "
            "http://osm.org/copyright", "osm_type": "node", "osm_id": 5000 + index, "lat": f"{lat:.7f}",
            "lon": f"{lon:.7f}", "category": "place", "type": "suburb", "place_rank": 19, "importance": 0.3,
            "addresstype": "suburb", "name": name, "display_name": display,
            "boundingbox": [f"{lat - 0.01:.7f}", f"{lat + 0.01:.7f}", f"{lon - 0.01:.7f}", f"{lon + 0.01:.7f}"]}


def _search(params: dict[str, str], ignore_limit: bool) -> list[dict[str, Any]]:
    words = params.get("q", "").lower().split()
    countries = [c for c in params.get("countrycodes", "").lower().split(",") if c]
    found = [i for i, (name, display, _, _, country) in enumerate(PLACES)
             if words and all(w in f"{name} {display}".lower() for w in words)
             and (not countries or country in countries)]
    limit = int(params.get("limit", "10"))
    return [_jsonv2(i) for i in (found if ignore_limit else found[:limit])]


def _reverse(params: dict[str, str]) -> dict[str, Any]:
    lat, lon = float(params["lat"]), float(params["lon"])
    distance, index = min((math.hypot(p[2] - lat, p[3] - lon), i) for i, p in enumerate(PLACES))
    return _jsonv2(index) if distance < 0.01 else {"error": "Unable to geocode"}  # about a kilometre


@functools.cache
def _tile() -> bytes:
    """A 256 px map tile: a pale ground with a street grid, so a journey's screenshots show a map, not a grey box."""
    from PIL import Image, ImageDraw

    image = Image.new("RGB", (256, 256), (242, 239, 233))
    draw = ImageDraw.Draw(image)
    for at in range(0, 256, 64):
        draw.line([(at, 0), (at, 255)], fill=(255, 255, 255), width=6)
        draw.line([(0, at), (255, at)], fill=(255, 255, 255), width=6)
    draw.rectangle([90, 150, 150, 200], fill=(200, 230, 201))  # a park
    buffer = io.BytesIO()
    image.save(buffer, "PNG")
    return buffer.getvalue()


@contextmanager
def geocoder() -> Iterator[FakeGeocoder]:
    """A fake Nominatim on a free port of 127.0.0.1, for as long as the block runs."""
    fake: FakeGeocoder

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # http.server calls it by this name
            parts = urlsplit(self.path)
            if parts.path.startswith("/tiles/"):  # the map's tiles, not a geocoder call: not recorded
                self._send(200, _tile(), "image/png")
                return
            params = {k: v[0] for k, v in parse_qs(parts.query, keep_blank_values=True).items()}
            fake.requests.append(Got(path=parts.path, params=params,
                                     headers={k.lower(): v for k, v in self.headers.items()}, at=time.monotonic()))
            if fake.delay:
                time.sleep(fake.delay)
            if fake.status != 200:
                self._send(fake.status, b"<html><body>Internal Server Error</body></html>", "text/html")
            elif fake.body is not None:
                self._send(200, fake.body, "application/json")
            elif params.get("format") != "jsonv2":
                self._send(400, b'{"error": "only jsonv2 here"}', "application/json")
            elif parts.path == "/search":
                self._json(_search(params, fake.ignore_limit))
            elif parts.path == "/reverse":
                self._json(_reverse(params))
            else:
                self._send(404, b"Not found", "text/plain")

        def _json(self, value: Any) -> None:
            self._send(200, json.dumps(value).encode(), "application/json; charset=utf-8")

        def _send(self, status: int, body: bytes, content_type: str) -> None:
            try:
                self.send_response(status)
                self.send_header("Content-Type", content_type)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)
            except (BrokenPipeError, ConnectionResetError):
                pass  # the API gave up waiting (its timeout)

        def log_message(self, format: str, *args: Any) -> None:  # quiet: the tests read .requests
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    fake = FakeGeocoder(url=f"http://127.0.0.1:{server.server_address[1]}")
    thread = threading.Thread(target=server.serve_forever, name="fake-geocoder", daemon=True)
    thread.start()
    try:
        yield fake
    finally:
        server.shutdown()
        server.server_close()
        thread.join(5)


@pytest.fixture(scope="session")
def geocoder_server() -> Iterator[FakeGeocoder]:
    """The session's fake Nominatim; its `url` is what GEOCODER_URL names."""
    with geocoder() as fake:
        yield fake
