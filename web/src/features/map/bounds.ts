import type { Bounds, LatLng, MapPin } from './types.ts';

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
