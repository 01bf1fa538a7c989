/**
 * Which header cell holds what. Headers are compared without case, spaces or punctuation,
 * so "Latitude", "lat." and "LAT" are one column, and "Google Maps URL" is "googlemapsurl".
 */
const ALIASES = {
  name: ['name', 'title', 'placename', 'place', 'spot', 'label', 'nom', 'nombre'],
  lat: ['lat', 'latitude', 'breite'],
  lng: ['lng', 'lon', 'long', 'longitude', 'laenge'],
  coordinates: ['coordinates', 'coords', 'latlng', 'latlon', 'location', 'position', 'gps'],
  url: ['mapsurl', 'url', 'link', 'googlemapsurl', 'googlemapslink', 'maps', 'mapslink'],
  note: ['note', 'notes', 'comment', 'comments', 'description', 'review', 'desc'],
  address: ['address', 'fulladdress', 'adresse', 'direccion'],
  category: ['category', 'type'],
  rating: ['rating', 'stars'],
  visited: ['visited'],
  lists: ['lists', 'list'],
  place_id: ['placeid'],
} as const;

export type Column = keyof typeof ALIASES;

export function normalizeHeader(cell: string): string {
  return cell.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
}

/** Column → the indexes holding it (notes can come from several: Takeout's Note and Comment). */
export function findColumns(header: readonly string[]): Map<Column, number[]> {
  const found = new Map<Column, number[]>();
  header.map(normalizeHeader).forEach((cell, index) => {
    for (const [column, aliases] of Object.entries(ALIASES) as [Column, readonly string[]][]) {
      if (aliases.includes(cell)) found.set(column, [...(found.get(column) ?? []), index]);
    }
  });
  return found;
}

/** `Title,Note,URL` and the newer `Title,Note,URL,Tags,Comment` of Takeout's Saved/ lists. */
export function isTakeoutListHeader(header: readonly string[]): boolean {
  const cells = header.map(normalizeHeader).filter(Boolean);
  return cells.slice(0, 3).join(',') === 'title,note,url' && cells.length <= 5;
}
