import { z } from 'zod';
import { MAP } from './limits.ts';

/**
 * Where a map of pins looks: the box around the pins (spec §9) and the camera that fits
 * it into a map of a given size. Shared because two parties must agree to the pixel: the
 * web app's MapLibre map and the server's picture of that same view (map-picture), which
 * the list page shows until the map is ready.
 */

export interface GeoBounds {
  south: number;
  west: number;
  north: number;
  east: number;
}

export interface MapCamera {
  lat: number;
  lng: number;
  zoom: number;
}

/**
 * Pixels kept clear around fitted pins: a pin's 36 px icon above its point, its label
 * below, the zoom buttons at the top right. The spec's 2% is applied to the bounds first.
 */
export const FIT_PADDING = { top: 48, right: 56, bottom: 36, left: 40 } as const;

/**
 * How far fitting pins may zoom in on the offline basemap, which has coastlines, borders
 * and city names only: past city scale a map would be blank land.
 */
export const OFFLINE_FIT_MAX_ZOOM = 11;

/**
 * How the map groups pins into counted circles (web pin-layers.ts), which map pictures
 * must repeat exactly: pins within `radius` px of each other, up to `maxZoom`; a circle's
 * radius in px steps up with its count (from `[count, radius]`).
 */
export const PIN_CLUSTERS = {
  radius: 48,
  maxZoom: 14,
  circleRadii: [
    [2, 14],
    [10, 17],
    [100, 21],
    [1000, 25],
  ],
} as const;

/** A cluster circle's radius in px for `count` pins. */
export function clusterCircleRadius(count: number): number {
  let radius: number = PIN_CLUSTERS.circleRadii[0][1];
  for (const [from, r] of PIN_CLUSTERS.circleRadii) if (count >= from) radius = r;
  return radius;
}

/** Where a map without pins looks: the inhabited world, at the zoom that shows most of it. */
export const DEFAULT_MAP_VIEW: MapCamera = { lat: 30, lng: 10, zoom: 1 };

/** The sides a map picture may have, in CSS pixels: a phone's map to a wide desktop's. */
export const MAP_PICTURE = { minSide: 64, maxSide: 2048 } as const;

/**
 * The box to show for a set of pins (spec §9): their bounds padded by 2% of the span on
 * each side, and never smaller than 0.0045° of latitude by 0.0055° of longitude (about
 * 500 m), so a single pin or a tight cluster is not shown at street-corner zoom.
 * Returns null without pins. Pins are taken as they are: no antimeridian wrapping.
 */
export function pinBounds(pins: readonly { lat: number; lng: number }[]): GeoBounds | null {
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

/** Web Mercator as MapLibre draws it: a world 512 px square at zoom 0, north up. */
export const TILE_SIZE = 512;
const MAX_LATITUDE = 85.051129;
/** MapLibre's default minimum zoom, which our maps keep. */
const MIN_ZOOM = -2;

/** 0 at 180° W … 1 at 180° E. */
export const mercatorX = (lng: number) => (lng + 180) / 360;
/** 0 at the top of the world (85.05° N) … 1 at the bottom. */
export function mercatorY(lat: number): number {
  const clamped = Math.max(-MAX_LATITUDE, Math.min(MAX_LATITUDE, lat));
  return (
    (180 - (180 / Math.PI) * Math.log(Math.tan(Math.PI / 4 + (clamped * Math.PI) / 360))) / 360
  );
}
const lngOf = (x: number) => x * 360 - 180;
const latOf = (y: number) =>
  (360 / Math.PI) * Math.atan(Math.exp(((180 - y * 360) * Math.PI) / 180)) - 90;

export const worldSize = (zoom: number) => TILE_SIZE * 2 ** zoom;

interface Size {
  width: number;
  height: number;
}

/**
 * The camera that fits `bounds` into a map of `size` CSS pixels with FIT_PADDING, as
 * MapLibre's fitBounds computes it, then held inside the world as MapLibre holds it (no
 * sky above the pole, no zoom so low the world is shorter than the map). A map created
 * with this camera shows exactly what the picture of this camera shows.
 */
export function fitCamera(bounds: GeoBounds, size: Size, maxZoom: number): MapCamera {
  const x0 = mercatorX(bounds.west);
  const x1 = mercatorX(bounds.east);
  const y0 = mercatorY(bounds.north);
  const y1 = mercatorY(bounds.south);
  const { top, right, bottom, left } = FIT_PADDING;
  const availableWidth = Math.max(1, size.width - left - right);
  const availableHeight = Math.max(1, size.height - top - bottom);
  const scale = Math.min(
    availableWidth / Math.max((x1 - x0) * TILE_SIZE, 1e-9),
    availableHeight / Math.max((y1 - y0) * TILE_SIZE, 1e-9),
  );
  const zoom = Math.min(Math.log2(scale), maxZoom);
  const world = worldSize(zoom);
  // The box is centred in the padded area, which sits off the map's centre.
  const x = ((x0 + x1) / 2) * world - (left - right) / 2;
  const y = ((y0 + y1) / 2) * world - (top - bottom) / 2;
  return constrain({ x: x / world, y: y / world, zoom }, size);
}

/** MapLibre's default constraint for a wrapping world: the world always fills the height. */
export function constrain(view: { x: number; y: number; zoom: number }, size: Size): MapCamera {
  let y = view.y;
  let zoom = Math.max(view.zoom, MIN_ZOOM);
  const world = worldSize(zoom);
  if (world < size.height) {
    zoom += Math.log2(size.height / world);
    y = 0.5;
  } else {
    const half = size.height / 2 / world;
    y = Math.min(Math.max(y, half), 1 - half);
  }
  return { lat: latOf(y), lng: lngOf(view.x), zoom };
}

/**
 * `GET /api/lists/list/{key}/map.png`: the size of the map in CSS pixels, the screen's
 * pixel ratio (1 or 2; anything above 1.5 gets 2) and the colour scheme.
 */
export const mapPictureQuerySchema = z.object({
  width: z.coerce.number().int().min(MAP_PICTURE.minSide).max(MAP_PICTURE.maxSide),
  height: z.coerce.number().int().min(MAP_PICTURE.minSide).max(MAP_PICTURE.maxSide),
  pixel_ratio: z.coerce.number().int().min(1).max(2).default(1),
  theme: z.enum(['light', 'dark']).default('light'),
});
