import type { ImportRow } from '@spotbook/contract';

export interface Point {
  lat: number;
  lng: number;
}

/** A row's best known point: its place's, else the file's. */
export function rowPoint(row: ImportRow): Point | null {
  if (row.match) return { lat: row.match.lat, lng: row.match.lng };
  return row.lat !== null && row.lng !== null ? { lat: row.lat, lng: row.lng } : null;
}

function centre(points: Point[]): Point | null {
  if (!points.length) return null;
  const sum = points.reduce((a, p) => ({ lat: a.lat + p.lat, lng: a.lng + p.lng }), {
    lat: 0,
    lng: 0,
  });
  return { lat: sum.lat / points.length, lng: sum.lng / points.length };
}

/**
 * Where a row's place search looks (the search API needs a point): the row's own point,
 * else the middle of the known points on its list (a list is usually one trip), else
 * of the whole file; null when nothing in the file has a point.
 */
export function searchNear(row: ImportRow, rows: readonly ImportRow[]): Point | null {
  const own = rowPoint(row);
  if (own) return own;
  const known = (candidates: readonly ImportRow[]) =>
    candidates.map(rowPoint).filter((point): point is Point => point !== null);
  return (
    centre(known(rows.filter((other) => other.list_name === row.list_name))) ?? centre(known(rows))
  );
}
