"""The map's settings and the places the search finds (camelCase on the wire)."""

from __future__ import annotations

from api.core.schemas import CamelModel


class GeoPlace(CamelModel):
    name: str  # the place's own name, or the first part of its address
    address: str  # the provider's whole display name
    latitude: float
    longitude: float


class MapCenter(CamelModel):
    latitude: float
    longitude: float


class MapConfig(CamelModel):
    tile_url: str  # a Leaflet tile template: {z}/{x}/{y}, and {s} when the provider has subdomains
    attribution: str  # HTML, as Leaflet shows it
    center: MapCenter
    zoom: int
    country_code: str  # ISO 3166-1 alpha-2, lower case: the search finds places in this country only
    search_available: bool  # false: no provider configured, the form takes a typed place
