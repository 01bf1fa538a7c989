import { Supercluster } from '@maplibre/geojson-vt';
import { PIN_CLUSTERS } from '@spotbook/contract';
import type { Bounds, MapPin } from '../types.ts';

export interface PinCluster {
  key: string;
  lat: number;
  lng: number;
  /** The pin shown on its own; clusters have none. */
  pin?: MapPin;
  count: number;
  /** The box around a cluster's pins, to zoom into on a click (computed then). */
  pinBounds: () => Bounds;
}

/**
 * Groups pins into counted clusters for the Google engine, with the clusterer MapLibre
 * runs in its worker and the server's map pictures use, so every engine shows at most a
 * few hundred markers. Google's tiles are 256 px where MapLibre's are 512: with a 256
 * extent the radius is in Google's screen pixels, and Google's zoom is MapLibre's plus one.
 * Load the pins once; the returned function answers each view.
 */
export function pinClusterer(pins: readonly MapPin[]) {
  const index = new Supercluster({
    radius: PIN_CLUSTERS.radius,
    extent: 256,
    maxZoom: PIN_CLUSTERS.maxZoom + 1,
    minPoints: 2,
  });
  index.load(
    pins.map((pin, i) => ({
      type: 'Feature' as const,
      properties: { i },
      geometry: { type: 'Point' as const, coordinates: [pin.lng, pin.lat] },
    })),
  );
  const pinOf = (properties: unknown) => pins[(properties as { i: number }).i];

  return (view: Bounds, zoom: number): PinCluster[] =>
    index
      .getClusters([view.west, view.south, view.east, view.north], Math.floor(zoom))
      .flatMap((feature): PinCluster[] => {
        const [lng = 0, lat = 0] = feature.geometry.coordinates;
        const props = feature.properties as { cluster_id?: number; point_count?: number };
        if (props.cluster_id === undefined) {
          const pin = pinOf(feature.properties);
          if (!pin) return [];
          return [
            { key: `pin:${pin.id}`, lat, lng, pin, count: 1, pinBounds: () => around([pin]) },
          ];
        }
        const id = props.cluster_id;
        const leaves = () =>
          index.getLeaves(id, Infinity).flatMap((f) => pinOf(f.properties) ?? []);
        return [
          {
            key: `cluster:${id}`,
            lat,
            lng,
            count: props.point_count ?? 0,
            pinBounds: () => around(leaves()),
          },
        ];
      });
}

function around(pins: readonly MapPin[]): Bounds {
  const lats = pins.map((p) => p.lat);
  const lngs = pins.map((p) => p.lng);
  return {
    south: Math.min(...lats),
    west: Math.min(...lngs),
    north: Math.max(...lats),
    east: Math.max(...lngs),
  };
}
