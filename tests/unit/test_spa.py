"""The API serves the built front end: its files and, for every other path, index.html; never the build's own records
(`.vite/manifest.json` and the module lists the initial-JS check reads) nor a path outside the build."""

from __future__ import annotations

from pathlib import Path

from fastapi.testclient import TestClient

from api.core.config import Settings
from api.core.headers import ASSETS_CACHE, PAGE_CACHE
from api.main import create_app


def test_the_build_is_served_but_not_its_records(tmp_path: Path) -> None:
    dist = tmp_path / "dist"
    (dist / "assets").mkdir(parents=True)
    (dist / ".vite").mkdir()
    (dist / "index.html").write_text("<html>app</html>")
    (dist / "favicon.svg").write_text("<svg/>")
    (dist / "assets" / "index.js").write_text("console.log(1)")
    (dist / ".vite" / "manifest.json").write_text('{"secret": true}')
    (tmp_path / "outside.txt").write_text("outside")
    app = create_app(Settings(database_url="postgresql://unused/x", redis_url="redis://unused", frontend_dist=dist))
    client = TestClient(app)  # no lifespan: the SPA routes need no database
    assert client.get("/favicon.svg").text == "<svg/>"
    asset = client.get("/assets/index.js")
    assert asset.text == "console.log(1)"
    # hashed names: kept a year without asking again, as nginx serves them; the page that names them always asked
    assert asset.headers["cache-control"] == ASSETS_CACHE == "public, max-age=31536000, immutable"
    assert client.get("/leads/7").headers["cache-control"] == PAGE_CACHE == "no-cache"
    for path in ("/.vite/manifest.json", "/../outside.txt", "/%2E%2E/outside.txt", "/leads/7"):
        answer = client.get(path)
        assert answer.status_code == 200 and answer.text == "<html>app</html>", path
