import { boundsContain } from '../bounds.ts';
import type { Bounds, MapPin } from '../types.ts';

export interface GridCluster {
  key: string;
  lat: number;
  lng: number;
  /** The one pin of a cell holding a single pin; clusters have none. */
  pin?: MapPin;
  count: number;
  bounds: Bounds;
}

/** About 50 px cells on a 256 px-per-world-at-zoom-0 map. */
const CELLS_PER_TILE = 5;
/** From street level on, every pin stands alone. */
const MAX_CLUSTER_ZOOM = 16;

/**
 * Groups the pins in view into grid cells, so the Google engine shows at most a few
 * hundred markers whatever the number of spots (MapLibre clusters in its worker instead).
 * A grid in plain degrees is cruder than a pixel grid but needs no projection.
 */
export function gridClusters(pins: readonly MapPin[], view: Bounds, zoom: number): GridCluster[] {
  const cell = zoom >= MAX_CLUSTER_ZOOM ? 0 : 360 / 2 ** Math.floor(zoom) / CELLS_PER_TILE;
  const cells = new Map<string, MapPin[]>();
  for (const pin of pins) {
    if (!boundsContain(view, pin)) continue;
    const key = cell
      ? `${Math.floor(pin.lat / cell)}:${Math.floor(pin.lng / cell)}`
      : `pin:${pin.id}`;
    const members = cells.get(key);
    if (members) members.push(pin);
    else cells.set(key, [pin]);
  }
  return [...cells].map(([key, members]) => {
    let lat = 0;
    let lng = 0;
    const bounds = { south: 90, west: 180, north: -90, east: -180 };
    for (const p of members) {
      lat += p.lat;
      lng += p.lng;
      bounds.south = Math.min(bounds.south, p.lat);
      bounds.north = Math.max(bounds.north, p.lat);
      bounds.west = Math.min(bounds.west, p.lng);
      bounds.east = Math.max(bounds.east, p.lng);
    }
    const single = members.length === 1 ? members[0] : undefined;
    return {
      key: single ? `pin:${single.id}` : key,
      lat: lat / members.length,
      lng: lng / members.length,
      count: members.length,
      bounds,
      ...(single ? { pin: single } : {}),
    };
  });
}
