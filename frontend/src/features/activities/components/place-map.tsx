import { useQuery } from '@tanstack/react-query';
import 'leaflet/dist/leaflet.css';
import { useEffect } from 'react';
import { CircleMarker, MapContainer, TileLayer, useMap, useMapEvents } from 'react-leaflet';
import { MAP_DEFAULTS, mapConfigQueryOptions } from '../api/geo-api';

export interface Point {
  latitude: number;
  longitude: number;
}

function Follow({ point, zoom }: { point: Point | null; zoom: number }) {
  const map = useMap();
  useEffect(() => {
    if (point) map.setView([point.latitude, point.longitude], Math.max(map.getZoom(), zoom));
  }, [map, point, zoom]);
  return null;
}

function Clicks({ onPick }: { onPick: (point: Point) => void }) {
  useMapEvents({ click: (e) => onPick({ latitude: e.latlng.lat, longitude: e.latlng.lng }) });
  return null;
}

/** Resizes the map when its box changes size (a column that became a row on a phone). */
function Resize() {
  const map = useMap();
  useEffect(() => {
    const box = map.getContainer();
    const observer = new ResizeObserver(() => map.invalidateSize());
    observer.observe(box);
    return () => observer.disconnect();
  }, [map]);
  return null;
}

interface PlaceMapProps {
  point: Point | null;
  /** Lets the map pick a point where it is clicked. */
  onPick?: (point: Point) => void;
  height?: number;
  label?: string;
}

/**
 * A Leaflet map (the tile server is the API's setting) centred on the point, or on the spec's default centre
 * (-6.26, 106.62, zoom 15). Without a network the tiles stay grey; the marker and the clicks still work.
 */
export function PlaceMap({ point, onPick, height = 240, label = 'Map' }: PlaceMapProps) {
  const settings = useQuery(mapConfigQueryOptions());
  // the tile server is the API's setting: no tile is asked for before it is known (the page's content policy
  // allows that origin only)
  if (settings.isPending) return <div className="activity-map" style={{ height }} role="region" aria-label={label} />;
  const config = settings.data ?? MAP_DEFAULTS;
  const center = point ?? config.center;
  return (
    <div className="activity-map" style={{ height }} role="region" aria-label={label}>
      <MapContainer
        center={[center.latitude, center.longitude]}
        zoom={config.zoom}
        scrollWheelZoom={false}
        style={{ height: '100%', width: '100%' }}
      >
        <TileLayer url={config.tileUrl} attribution={config.attribution} />
        {point && (
          <CircleMarker
            center={[point.latitude, point.longitude]}
            radius={9}
            pathOptions={{ color: '#fff', weight: 3, fillColor: '#1d4ed8', fillOpacity: 1 }}
          />
        )}
        <Follow point={point} zoom={config.zoom} />
        {onPick && <Clicks onPick={onPick} />}
        <Resize />
      </MapContainer>
    </div>
  );
}
