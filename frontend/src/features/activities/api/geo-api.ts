import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';
import { activityKeys } from './keys';

export type MapConfig = components['schemas']['MapConfig'];
export type FoundPlace = components['schemas']['GeoPlace'];

/** Spec 2 §2.8, §9: the map's defaults while the settings load (or when they cannot). */
export const MAP_DEFAULTS: MapConfig = {
  tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  attribution: '&copy; OpenStreetMap contributors',
  center: { latitude: -6.26, longitude: 106.62 },
  zoom: 15,
  countryCode: 'id',
  searchAvailable: false,
};

export const mapConfigQueryOptions = () =>
  queryOptions({
    queryKey: activityKeys.mapConfig,
    queryFn: () => unwrap(api.GET('/geo/config')),
    staleTime: Infinity,
  });

/** Places in Indonesia matching the words, through the API's geocoder (cached there). */
export function searchPlaces(q: string): Promise<FoundPlace[]> {
  return unwrap(api.GET('/geo/search', { params: { query: { q } } }));
}

/** The place at a point (after the browser's position is read), or null. */
export function placeAt(latitude: number, longitude: number): Promise<FoundPlace | null> {
  return unwrap(api.GET('/geo/reverse', { params: { query: { lat: latitude, lon: longitude } } }));
}
