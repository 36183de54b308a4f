import 'leaflet/dist/leaflet.css';
import './provider-map.css';
import type { ProviderRecord } from '@ccap/contracts';
import { divIcon } from 'leaflet';
import { useEffect, useMemo } from 'react';
import { MapContainer, Marker, TileLayer, useMap } from 'react-leaflet';

export interface ProviderMapProps {
  providers: ProviderRecord[];
  center: { latitude: number; longitude: number };
  /** The program profile's `search.mapZoom`. */
  zoom: number;
  selectedId: number | undefined;
  tileUrl: string | null;
  tileAttribution: string;
  label: string;
  markerTitle: (provider: ProviderRecord, number: number) => string;
  onMarkerClick: (id: number) => void;
}

function Recenter({ latitude, longitude, zoom }: { latitude: number; longitude: number; zoom: number }) {
  const map = useMap();
  useEffect(() => {
    map.setView([latitude, longitude], zoom);
  }, [map, latitude, longitude, zoom]);
  return null;
}

/**
 * The Leaflet map (loaded with this route only). Markers are numbered like the list, are
 * keyboard-focusable buttons (Leaflet's own), and Enter opens the detail. With no tile URL
 * the map shows the markers on a plain background.
 */
export default function ProviderMap(props: ProviderMapProps) {
  const icons = useMemo(
    () =>
      props.providers.map((provider, index) =>
        divIcon({
          className: `provider-marker${provider.Id === props.selectedId ? ' provider-marker-selected' : ''}`,
          // The number is decoration: the marker's name is its title (number and business name).
          html: `<span aria-hidden="true">${index + 1}</span>`,
          iconSize: [28, 28],
          iconAnchor: [14, 14],
        }),
      ),
    [props.providers, props.selectedId],
  );
  return (
    <div dir="ltr" className="provider-map" role="region" aria-label={props.label}>
      <MapContainer
        center={[props.center.latitude, props.center.longitude]}
        zoom={props.zoom}
        scrollWheelZoom={false}
        className="h-full w-full"
      >
        {props.tileUrl ? <TileLayer url={props.tileUrl} attribution={props.tileAttribution} /> : null}
        <Recenter latitude={props.center.latitude} longitude={props.center.longitude} zoom={props.zoom} />
        {props.providers.map((provider, index) => {
          const [longitude, latitude] = provider.Location.coordinates;
          return (
            <Marker
              key={provider.Id}
              position={[latitude, longitude]}
              icon={icons[index]}
              title={props.markerTitle(provider, index + 1)}
              alt={props.markerTitle(provider, index + 1)}
              eventHandlers={{
                click: () => props.onMarkerClick(provider.Id),
                // Leaflet makes the marker a focusable role=button; Enter and Space press it.
                keydown: (event) => {
                  const key = event.originalEvent.key;
                  if (key === 'Enter' || key === ' ') {
                    event.originalEvent.preventDefault();
                    props.onMarkerClick(provider.Id);
                  }
                },
              }}
            />
          );
        })}
      </MapContainer>
    </div>
  );
}
