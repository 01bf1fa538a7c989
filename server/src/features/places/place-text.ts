/** Text helpers shared by the places providers. */

/**
 * A Google Maps link that works without a Google place id: it opens the map (and
 * offers directions) at the point, which is all an embedded or OSM place can give.
 */
export function mapsSearchUrl(lat: number, lng: number): string {
  return `https://www.google.com/maps/search/?api=1&query=${round(lat)},${round(lng)}`;
}

/** 6 decimals ≈ 10 cm: more digits only make the links longer. */
function round(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

/**
 * "Eiffel Tower, Paris, Île-de-France, France": empty parts dropped, and a part equal
 * to the one before it ("Tokyo, Tokyo") said once.
 */
export function joinAddress(parts: (string | undefined | null)[]): string {
  const kept: string[] = [];
  for (const part of parts) {
    const text = part?.trim();
    if (text && text.toLowerCase() !== kept.at(-1)?.toLowerCase()) kept.push(text);
  }
  return kept.join(', ');
}
