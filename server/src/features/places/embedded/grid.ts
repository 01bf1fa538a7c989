import { MAP } from '@spotbook/contract';
import type { LatLng } from '../provider.ts';

/**
 * A place search looks within ±MAP.placeSearchBoxDegrees of a point. Each indexed point
 * also carries the token of its grid cell, cells twice that size, so the box always
 * lies within at most 2×2 cells: "sa" near Paris is one FTS5 query, `("sa"*) AND
 * (cell OR cell…)`, that reads a few hundred postings instead of every "sa…" name in
 * the world joined to a spatial index (docs/decisions/002-embedded-places-index.md).
 * Rows of OpenStreetMap extracts have cells of their own (extract-cells.ts).
 */
export const CELL_DEGREES = 2 * MAP.placeSearchBoxDegrees;

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
