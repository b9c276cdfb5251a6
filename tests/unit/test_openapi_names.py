"""Every schema of the OpenAPI contract keeps its own name: two models of one name in two domains make FastAPI
rename both after their modules (`api__activities__schemas__ClientOption`), and the front end's types, which name
them, stop compiling."""

from api.openapi import schema


def test_no_two_models_share_a_name() -> None:
    components = schema()["components"]
    assert isinstance(components, dict)
    renamed = sorted(name for name in components["schemas"] if name.startswith("api__"))
    assert renamed == [], f"models sharing a name across modules: {renamed}"
