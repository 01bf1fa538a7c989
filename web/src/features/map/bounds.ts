import { MAP } from '@spotbook/contract';
import type { Bounds, LatLng, MapPin } from './types.ts';

/**
 * The box to show for a set of pins (spec §9): their bounds padded by 2% of the span on
 * each side, and never smaller than 0.0045° of latitude by 0.0055° of longitude (about
 * 500 m), so a single pin or a tight cluster is not shown at street-corner zoom.
 * Returns null without pins. Pins are taken as they are: no antimeridian wrapping.
 */
export function pinBounds(pins: readonly LatLng[]): Bounds | null {
  if (pins.length === 0) return null;
  let south = Infinity;
  let west = Infinity;
  let north = -Infinity;
  let east = -Infinity;
  for (const { lat, lng } of pins) {
    if (lat < south) south = lat;
    if (lat > north) north = lat;
    if (lng < west) west = lng;
    if (lng > east) east = lng;
  }
  const [s, n] = padAxis(south, north, MAP.minLatSpan, -90, 90);
  const [w, e] = padAxis(west, east, MAP.minLngSpan, -180, 180);
  return { south: s, west: w, north: n, east: e };
}

function padAxis(
  min: number,
  max: number,
  minSpan: number,
  floor: number,
  ceiling: number,
): [number, number] {
  const pad = (max - min) * MAP.boundsPaddingRatio;
  let low = min - pad;
  let high = max + pad;
  if (high - low < minSpan) {
    const middle = (min + max) / 2;
    low = middle - minSpan / 2;
    high = middle + minSpan / 2;
  }
  return [Math.max(floor, low), Math.min(ceiling, high)];
}

/**
 * Whether a point is inside a viewport. Viewports of a world map may run past ±180° of
 * longitude (or span more than a whole world), so longitudes are compared modulo 360.
 */
export function boundsContain(view: Bounds, { lat, lng }: LatLng): boolean {
  if (lat < view.south || lat > view.north) return false;
  const width = view.east - view.west;
  if (width >= 360) return true;
  const offset = (((lng - view.west) % 360) + 360) % 360;
  return offset <= width;
}

/** Which pins are shown: a new set is fitted into view, new data for the same set is not. */
export const pinSetKey = (pins: readonly MapPin[]) => pins.map((p) => p.id).join('\u0000');
