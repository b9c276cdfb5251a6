import { AimOutlined, CloseOutlined, EnvironmentOutlined, SearchOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Input, List, Typography } from 'antd';
import { useState } from 'react';
import { errorMessage } from '@/lib/api/errors';
import { mapConfigQueryOptions, placeAt, searchPlaces, type FoundPlace } from '../api/geo-api';
import type { Place } from '../api/types';
import { PlaceMap } from './place-map';

// spec 2 §2.8, §8
export const GEOLOCATION_UNSUPPORTED = 'Geolocation is not supported by this browser.';
export const NO_RESULTS = 'No results found';
export const POSITION_DENIED = 'Your position could not be read. Search for the place or type it.';

/** The location as the form keeps it: typed name and address, and a point when one is known. */
export interface LocationValue {
  name: string;
  address: string;
  latitude: number | null;
  longitude: number | null;
}

export const EMPTY_LOCATION: LocationValue = { name: '', address: '', latitude: null, longitude: null };

/** The `location` part of the activity, or null when nothing was given. */
export function locationPart(value: LocationValue): Place | null {
  const name = value.name.trim();
  const address = value.address.trim();
  const hasPoint = value.latitude !== null && value.longitude !== null;
  if (!name && !address && !hasPoint) return null;
  return {
    name: name || null,
    address: address || null,
    latitude: hasPoint ? value.latitude : null,
    longitude: hasPoint ? value.longitude : null,
  };
}

const fromFound = (p: FoundPlace): LocationValue => ({
  name: p.name ?? '',
  address: p.address ?? '',
  latitude: p.latitude,
  longitude: p.longitude,
});

/**
 * The activity's place: search (Indonesia, through the API), the browser's position, a click on the map, or typed
 * by hand when there is no network; all of it may be skipped.
 */
export function LocationPicker({ value, onChange }: { value: LocationValue; onChange: (v: LocationValue) => void }) {
  const searchAvailable = useQuery(mapConfigQueryOptions()).data?.searchAvailable ?? true;
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<FoundPlace[] | null>(null);
  const [busy, setBusy] = useState<'search' | 'locate' | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const point =
    value.latitude !== null && value.longitude !== null ? { latitude: value.latitude, longitude: value.longitude } : null;

  const search = async () => {
    const q = query.trim();
    if (q.length < 3) return;
    setBusy('search');
    setMessage(null);
    try {
      const found = await searchPlaces(q);
      setResults(found);
      if (found.length === 0) setMessage(NO_RESULTS);
    } catch (error) {
      setResults(null);
      setMessage(errorMessage(error, 'The place search failed. Type the place instead.'));
    } finally {
      setBusy(null);
    }
  };

  const locate = () => {
    setMessage(null);
    if (!('geolocation' in navigator)) {
      setMessage(GEOLOCATION_UNSUPPORTED);
      return;
    }
    setBusy('locate');
    navigator.geolocation.getCurrentPosition(
      async ({ coords }) => {
        const here = { latitude: coords.latitude, longitude: coords.longitude };
        onChange({ ...value, ...here });
        try {
          const place = await placeAt(here.latitude, here.longitude);
          if (place) onChange({ ...fromFound(place), ...here });
          else setMessage(NO_RESULTS);
        } catch (error) {
          setMessage(errorMessage(error, 'The place search failed. Type the place instead.'));
        } finally {
          setBusy(null);
        }
      },
      () => {
        setBusy(null);
        setMessage(POSITION_DENIED);
      },
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 },
    );
  };

  return (
    <div className="activity-location">
      <div className="activity-location__search">
        <Input
          allowClear
          placeholder={searchAvailable ? 'Search a place in Indonesia' : 'Place search is not available'}
          disabled={!searchAvailable}
          prefix={<SearchOutlined />}
          value={query}
          aria-label="Search a place"
          onChange={(e) => {
            setQuery(e.target.value);
            if (!e.target.value) setResults(null);
          }}
          onPressEnter={(e) => {
            e.preventDefault();
            void search();
          }}
        />
        <Button onClick={() => void search()} loading={busy === 'search'} disabled={!searchAvailable || query.trim().length < 3}>
          Search
        </Button>
        <Button icon={<AimOutlined />} onClick={locate} loading={busy === 'locate'} aria-label="Use my location">
          <span className="activity-location__here">My location</span>
        </Button>
      </div>
      {message && (
        <Typography.Text type="secondary" role="status" className="activity-location__message">
          {message}
        </Typography.Text>
      )}
      {results && results.length > 0 && (
        <List
          size="small"
          bordered
          className="activity-location__results"
          dataSource={results}
          renderItem={(p) => (
            <List.Item
              className="activity-location__result"
              onClick={() => {
                onChange(fromFound(p));
                setResults(null);
              }}
            >
              <EnvironmentOutlined />
              <div className="activity-location__result-text">
                <Typography.Text strong>{p.name}</Typography.Text>
                <Typography.Text type="secondary" ellipsis>
                  {p.address}
                </Typography.Text>
              </div>
            </List.Item>
          )}
        />
      )}
      <PlaceMap point={point} onPick={(p) => onChange({ ...value, ...p })} label="Activity location map" />
      <div className="activity-location__fields">
        <Input
          placeholder="Place name"
          aria-label="Place name"
          maxLength={200}
          value={value.name}
          onChange={(e) => onChange({ ...value, name: e.target.value })}
        />
        <Input
          placeholder="Address"
          aria-label="Address"
          maxLength={500}
          value={value.address}
          onChange={(e) => onChange({ ...value, address: e.target.value })}
        />
      </div>
      {(point || value.name || value.address) && (
        <Button type="link" size="small" icon={<CloseOutlined />} onClick={() => onChange(EMPTY_LOCATION)}>
          Clear location
        </Button>
      )}
    </div>
  );
}
