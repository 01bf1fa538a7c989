import type Database from 'better-sqlite3';
import { cellsAround } from '../embedded/grid.ts';

export interface Town {
  name: string;
  /** "Paris, Île-de-France, France": the town's own address, for the parts after it */
  address: string;
  country: string;
}

/** Points this close share one lookup: a few thousand lookups for a country. */
const CACHE_DEGREES = 0.02;

/**
 * The built-in town a point belongs to (the strongest pull within the 0.15° box), for a POI whose
 * tags name no city and to fill its address's region and country. Towns are read from
 * the index itself through its grid-cell tokens, restricted to the built-in rows.
 */
export function nearestTownFinder(
  db: Database.Database,
): (lat: number, lng: number) => Town | null {
  const meta = (key: string) =>
    Number(db.prepare('SELECT value FROM meta WHERE key = ?').pluck().get(key));
  const townsInCells = db.prepare<
    [string, number, number],
    Town & { lat: number; lng: number; rank_population: number }
  >(`
    SELECT p.name, p.address, p.country, p.lat, p.lng, p.rank_population FROM places_fts AS f
    JOIN places AS p ON p.pos = f.rowid
    WHERE places_fts MATCH ? AND f.rowid BETWEEN ? AND ? AND p.kind = 'city'`);
  const firstArea = meta('first_area_pos');
  const lastArea = meta('first_extract_pos') - 1;
  const cache = new Map<string, Town | null>();
  return (lat, lng) => {
    const key = `${Math.round(lat / CACHE_DEGREES)}:${Math.round(lng / CACHE_DEGREES)}`;
    const cached = cache.get(key);
    if (cached !== undefined) return cached;
    const towns = townsInCells.all(
      `{cell} : (${cellsAround({ lat, lng }).join(' OR ')})`,
      firstArea,
      lastArea,
    );
    const cosLat = Math.cos((lat * Math.PI) / 180);
    let best: Town | null = null;
    let bestPull = -1;
    for (const town of towns) {
      // Population over distance squared: Asakusa is in Tokyo, not in the smaller
      // town about as far away; a village café is in its village, not the far city.
      const distance = (town.lat - lat) ** 2 + ((town.lng - lng) * cosLat) ** 2;
      const pull = Math.max(1, town.rank_population) / (distance + 1e-6);
      if (pull > bestPull) {
        bestPull = pull;
        best = { name: town.name, address: town.address, country: town.country };
      }
    }
    cache.set(key, best);
    return best;
  };
}
