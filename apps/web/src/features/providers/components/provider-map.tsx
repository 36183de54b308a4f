import 'leaflet/dist/leaflet.css';
import './provider-map.css';
import type { ProviderRecord } from '@ccap/contracts';
import { divIcon } from 'leaflet';
import { useEffect, useMemo, useState } from 'react';
import { MapContainer, Marker, TileLayer, useMap, useMapEvents } from 'react-leaflet';
import Supercluster from 'supercluster';

/** From this many markers, nearby ones are drawn as one numbered cluster (ADR 089). */
export const CLUSTER_FROM = 300;

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
  /** The name of a cluster of `count` markers (pressing it zooms in). */
  clusterTitle: (count: number) => string;
  onMarkerClick: (id: number) => void;
}

interface MarkerProps {
  /** The provider's place in the list, from 0. */
  index: number;
}

/**
 * Past CLUSTER_FROM markers, the markers of the map's view grouped by supercluster: a cluster
 * is a focusable marker named with its count, and pressing it zooms to where it splits.
 */
function Clusters(props: ProviderMapProps & { icons: ReturnType<typeof divIcon>[] }) {
  const map = useMap();
  const [view, setView] = useState(() => ({ zoom: map.getZoom(), bounds: map.getBounds() }));
  useMapEvents({ moveend: () => setView({ zoom: map.getZoom(), bounds: map.getBounds() }) });
  const index = useMemo(() => {
    const clusters = new Supercluster<MarkerProps>({ radius: 60, maxZoom: 17 });
    clusters.load(
      props.providers.map((provider, i) => ({
        type: 'Feature',
        properties: { index: i },
        geometry: { type: 'Point', coordinates: provider.Location.coordinates },
      })),
    );
    return clusters;
  }, [props.providers]);
  const { bounds, zoom } = view;
  const features = index.getClusters(
    [bounds.getWest(), bounds.getSouth(), bounds.getEast(), bounds.getNorth()],
    Math.round(zoom),
  );
  return features.map((feature) => {
    const [longitude, latitude] = feature.geometry.coordinates as [number, number];
    const properties = feature.properties;
    if ('cluster' in properties && properties.cluster) {
      const count = properties.point_count;
      const title = props.clusterTitle(count);
      const zoomIn = () =>
        map.setView([latitude, longitude], Math.min(index.getClusterExpansionZoom(properties.cluster_id), 18));
      return (
        <Marker
          key={`cluster-${properties.cluster_id}`}
          position={[latitude, longitude]}
          icon={divIcon({
            className: 'provider-marker provider-cluster',
            html: `<span aria-hidden="true">${count}</span>`,
            iconSize: [40, 40],
            iconAnchor: [20, 20],
          })}
          title={title}
          alt={title}
          eventHandlers={{
            click: zoomIn,
            keydown: (event) => {
              const key = event.originalEvent.key;
              if (key === 'Enter' || key === ' ') {
                event.originalEvent.preventDefault();
                zoomIn();
              }
            },
          }}
        />
      );
    }
    const i = (properties as MarkerProps).index;
    return <ProviderMarker key={props.providers[i]!.Id} {...props} index={i} icon={props.icons[i]!} />;
  });
}

function ProviderMarker(
  props: Pick<ProviderMapProps, 'providers' | 'markerTitle' | 'onMarkerClick'> & {
    index: number;
    icon: ReturnType<typeof divIcon>;
  },
) {
  const provider = props.providers[props.index]!;
  const [longitude, latitude] = provider.Location.coordinates;
  const title = props.markerTitle(provider, props.index + 1);
  return (
    <Marker
      position={[latitude, longitude]}
      icon={props.icon}
      title={title}
      alt={title}
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
 * keyboard-focusable buttons (Leaflet's own), and Enter opens the detail; past CLUSTER_FROM
 * they are clustered. With no tile URL the map shows the markers on a plain background.
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
        {props.providers.length >= CLUSTER_FROM ? (
          <Clusters {...props} icons={icons} />
        ) : (
          props.providers.map((provider, index) => (
            <ProviderMarker key={provider.Id} {...props} index={index} icon={icons[index]!} />
          ))
        )}
      </MapContainer>
    </div>
  );
}
