import type { FeatureCollection, Point } from 'geojson';
import { readCities, type City } from './cities.ts';

/** How many of the most populous cities get a label; capitals come on top of these. */
export const LABELLED_CITIES = 3000;

/** Sections of cities (PPLX), abandoned (PPLQ) and localities would crowd out real cities. */
const CITY_CODES = new Set(['PPL', 'PPLA', 'PPLA2', 'PPLA3', 'PPLA4', 'PPLC', 'PPLG']);

/**
 * 1 shows from the lowest zoom, 6 only when zoomed in. Capitals move up two steps,
 * because a reader of a world map looks for them first.
 */
export function cityRank(population: number, capital: boolean): number {
  const thresholds = [5_000_000, 2_000_000, 1_000_000, 500_000, 250_000];
  let rank = thresholds.findIndex((t) => population >= t) + 1 || MAX_RANK;
  if (capital) rank = Math.max(1, rank - 2);
  return rank;
}

/**
 * The zoom from which a city of this rank is labelled: rank 1 from the start, then one
 * more rank per zoom level from 3 (the style's filter and the tiles' cut share this).
 */
export function rankMinZoom(rank: number): number {
  return rank <= 1 ? 0 : rank + 1;
}

export const MAX_RANK = 6;

export function selectCities(cities: City[], limit = LABELLED_CITIES): City[] {
  const byPopulation = [...cities].sort((a, b) => b.population - a.population);
  const chosen = new Set(byPopulation.slice(0, limit));
  for (const city of cities)
    if (city.featureCode === 'PPLC' && city.population >= 1000) chosen.add(city);
  return [...chosen].sort((a, b) => b.population - a.population);
}

/** The city labels: the most populous cities and every capital, each with its rank. */
export async function placesGeoJson(): Promise<FeatureCollection<Point>> {
  // 50,000 keeps the working set small; the 3,000th city has about 150,000 people.
  const candidates = await readCities(
    (population, code) => CITY_CODES.has(code) && (population >= 50_000 || code === 'PPLC'),
  );
  const features = selectCities(candidates).map((city) => ({
    type: 'Feature' as const,
    properties: {
      name: city.name,
      rank: cityRank(city.population, city.featureCode === 'PPLC'),
      capital: city.featureCode === 'PPLC',
    },
    geometry: { type: 'Point' as const, coordinates: [city.lng, city.lat] },
  }));
  return { type: 'FeatureCollection', features };
}
