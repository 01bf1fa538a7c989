import type { AirportSource, CitySource } from './sources.ts';

/**
 * GeoNames cities carry an admin1 code ('11' in FR is Île-de-France, '40' in JP is
 * Tokyo) whose numbering is not ISO 3166-2, while OurAirports names the ISO regions
 * (FR-IDF, JP-13). Airports carry both a point and an ISO region, so each airport
 * votes: "the admin area of my nearest city is my region". The majority wins.
 */
export type AdminKey = `${string}|${string}`;

export const adminKey = (countryCode: string, adminCode: string): AdminKey =>
  `${countryCode}|${adminCode}`;

/** An airport farther than this from every city of its country casts no vote. */
const MAX_VOTE_DEGREES = 1;

export function matchAdminAreasToRegions(
  cities: CitySource[],
  airports: AirportSource[],
): Map<AdminKey, string> {
  const grid = new CityGrid(cities);
  const votes = new Map<AdminKey, Map<string, number>>();
  for (const airport of airports) {
    if (!airport.regionCode || airport.regionCode.endsWith('-U-A')) continue;
    const city = grid.nearest(airport.countryCode, airport.lat, airport.lng, MAX_VOTE_DEGREES);
    if (!city || !city.adminCode) continue;
    const key = adminKey(city.countryCode, city.adminCode);
    const tally = votes.get(key) ?? new Map<string, number>();
    tally.set(airport.regionCode, (tally.get(airport.regionCode) ?? 0) + 1);
    votes.set(key, tally);
  }
  const regionOfAdmin = new Map<AdminKey, string>();
  for (const [key, tally] of votes) {
    const [winner] = [...tally].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
    if (winner) regionOfAdmin.set(key, winner[0]);
  }
  return regionOfAdmin;
}

/** Cities bucketed by country and 1° cell, for nearest-city lookups without a scan. */
class CityGrid {
  private readonly cells = new Map<string, CitySource[]>();

  constructor(cities: CitySource[]) {
    for (const city of cities) {
      const key = this.cellKey(city.countryCode, Math.floor(city.lat), Math.floor(city.lng));
      const cell = this.cells.get(key);
      if (cell) cell.push(city);
      else this.cells.set(key, [city]);
    }
  }

  nearest(countryCode: string, lat: number, lng: number, maxDegrees: number) {
    const cosLat = Math.cos((lat * Math.PI) / 180);
    let best: CitySource | undefined;
    let bestDistance = maxDegrees * maxDegrees;
    for (let dLat = -1; dLat <= 1; dLat++) {
      for (let dLng = -1; dLng <= 1; dLng++) {
        const key = this.cellKey(countryCode, Math.floor(lat) + dLat, Math.floor(lng) + dLng);
        for (const city of this.cells.get(key) ?? []) {
          const distance = (city.lat - lat) ** 2 + ((city.lng - lng) * cosLat) ** 2;
          if (distance < bestDistance) [best, bestDistance] = [city, distance];
        }
      }
    }
    return best;
  }

  private cellKey(countryCode: string, latCell: number, lngCell: number): string {
    return `${countryCode}|${latCell}|${lngCell}`;
  }
}
