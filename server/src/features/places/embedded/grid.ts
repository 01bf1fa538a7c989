import { MAP } from '@spotbook/contract';
import type { LatLng } from '../provider.ts';

/**
 * A place search looks within ±MAP.placeSearchBoxDegrees of a point. Each indexed point
 * also carries the token of its grid cell, cells twice that size, so the box always
 * lies within at most 2×2 cells: "sa" near Paris is one FTS5 query, `("sa"*) AND
 * (cell OR cell…)`, that reads a few hundred postings instead of every "sa…" name in
 * the world joined to a spatial index (docs/decisions/002-embedded-places-index.md).
 */
export const CELL_DEGREES = 2 * MAP.placeSearchBoxDegrees;

/**
 * Extract rows also carry a token of a cell 8 times finer (0.0375°, about 4 km): in a
 * city with tens of thousands of POIs, "cafe" first reads the cafés of the few fine
 * cells around the point, so the nearest are never crowded out by the candidate limit.
 */
export const FINE_CELL_DEGREES = CELL_DEGREES / 8;

export function fineCellToken(lat: number, lng: number): string {
  return cellToken(lat, lng, FINE_CELL_DEGREES, 'f');
}

/** The fine cells within ±FINE_CELL_DEGREES of a point (at most 3×3). */
export function fineCellsAround(near: LatLng): string[] {
  const cells = new Set<string>();
  for (const dLat of [-1, 0, 1]) {
    for (const dLng of [-1, 0, 1]) {
      const lat = near.lat + dLat * FINE_CELL_DEGREES;
      const lng = near.lng + dLng * FINE_CELL_DEGREES;
      cells.add(fineCellToken(lat, lng));
    }
  }
  return [...cells];
}

/** 'c462x607': letters and digits only, so the FTS5 tokenizer keeps it one token. */
export function cellToken(lat: number, lng: number, degrees = CELL_DEGREES, prefix = 'c'): string {
  // A box around a point near a pole reaches past ±90°: clamped, since a negative row
  // ('c-1x599') would read as FTS5's NOT operator and fail the whole query.
  const row = Math.floor((Math.min(90, Math.max(-90, lat)) + 90) / degrees);
  const column = Math.floor(wrapLongitude(lng + 180) / degrees);
  return `${prefix}${row}x${column}`;
}

/** The cells a search box around `near` touches (a box may cross the antimeridian). */
export function cellsAround(near: LatLng, degrees = MAP.placeSearchBoxDegrees): string[] {
  const cells = new Set<string>();
  for (const lat of [near.lat - degrees, near.lat + degrees]) {
    for (const lng of [near.lng - degrees, near.lng + degrees]) cells.add(cellToken(lat, lng));
  }
  return [...cells];
}

/** Whether a point is inside the box around `near`, across the antimeridian too. */
export function isInBox(point: LatLng, near: LatLng, degrees = MAP.placeSearchBoxDegrees) {
  const dLng = Math.abs(wrapLongitude(point.lng - near.lng + 180) - 180);
  return Math.abs(point.lat - near.lat) <= degrees && dLng <= degrees;
}

/** Into [0, 360). */
function wrapLongitude(value: number): number {
  return ((value % 360) + 360) % 360;
}
