/**
 * A synthetic country-sized OpenStreetMap extract for bench/places-search.ts: `count`
 * named POI nodes spread around France's towns in proportion to their population
 * (Paris gets tens of thousands, a village a handful), with the tag mix of a real
 * extract (cafés, restaurants with cuisines, bars, shops, hotels…). Written as .osm
 * XML, then converted to .osm.pbf by osmium when it is installed, as a deployer's
 * download would be.
 */
import { execFileSync } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import Database from 'better-sqlite3';

const KINDS: [weight: number, tags: string][] = [
  [14, 'amenity=cafe'],
  [10, 'amenity=restaurant'],
  [3, 'amenity=restaurant cuisine=pizza'],
  [2, 'amenity=restaurant cuisine=japanese'],
  [1, 'amenity=restaurant cuisine=ramen'],
  [6, 'amenity=fast_food'],
  [5, 'amenity=bar'],
  [3, 'amenity=pub'],
  [2, 'amenity=ice_cream'],
  [8, 'shop=bakery'],
  [6, 'shop=supermarket'],
  [8, 'shop=clothes'],
  [4, 'shop=hairdresser'],
  [3, 'shop=books'],
  [5, 'tourism=hotel'],
  [1, 'tourism=museum'],
  [4, 'leisure=park'],
  [3, 'historic=memorial'],
  [6, 'office=company'],
  [3, 'craft=carpenter'],
  [3, 'amenity=pharmacy'],
];
const WORDS =
  'soleil marché petit grand vieux nouveau jardin moulin château fontaine place gare port pont rivière forêt étoile lune rose lys olivier chêne tilleul rivoli bastille opéra commerce république liberté victoire saint pierre paul marie michel jean louis jacques germain martin nicolas bernard laurent europe paris lyon provence bretagne normandie alsace savoie atlantique méditerranée nord sud est ouest centre royal impérial bleu rouge vert blanc noir doré argent coin bon ami amis famille maison atelier comptoir table four cave cellier verger potager prairie colline vallée montagne plage côte cap baie île'.split(
    ' ',
  );
const PREFIXES: Record<string, string[]> = {
  'amenity=cafe': ['Café', 'Le Café', 'Coffee', 'Bar-Tabac', ''],
  'amenity=restaurant': ['Restaurant', 'Chez', 'Le Bistrot', 'La Table', 'Brasserie', ''],
  'amenity=bar': ['Bar', 'Le Bar', ''],
  'amenity=pub': ['Pub', 'The', ''],
  'shop=bakery': ['Boulangerie', 'Au Pain', ''],
  'tourism=hotel': ['Hôtel', 'Hotel', ''],
};

/**
 * mulberry32: 32-bit integer arithmetic throughout. (A `seed * 1103515245 % 2 ** 31`
 * generator in doubles loses its low bits past 2⁵³ and falls into short cycles: the
 * extract it made held runs of thousands of identical POIs.)
 */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

export async function writeSyntheticExtract(
  indexFile: string,
  count: number,
  osmFile: string,
): Promise<string> {
  const db = new Database(indexFile, { readonly: true });
  const towns = db
    .prepare<[], { lat: number; lng: number; rank_population: number }>(
      "SELECT lat, lng, rank_population FROM places WHERE kind = 'city' AND country = 'France'",
    )
    .all();
  db.close();
  const rnd = random(7);
  const weights = towns.map((t) => Math.max(1000, t.rank_population) ** 0.9);
  const total = weights.reduce((a, b) => a + b, 0);
  const cumulative: number[] = [];
  weights.reduce((sum, w, i) => (cumulative[i] = sum + w), 0);
  const pickTown = () => {
    const x = rnd() * total;
    let low = 0;
    let high = cumulative.length - 1;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (cumulative[mid]! < x) low = mid + 1;
      else high = mid;
    }
    return towns[low]!;
  };
  const kindTotal = KINDS.reduce((a, [w]) => a + w, 0);
  const pickKind = () => {
    let x = rnd() * kindTotal;
    for (const [w, tags] of KINDS) if ((x -= w) < 0) return tags;
    return KINDS[0]![1];
  };
  const gauss = () => Math.sqrt(-2 * Math.log(rnd() || 1e-9)) * Math.cos(2 * Math.PI * rnd());
  const word = () => WORDS[Math.floor(rnd() * WORDS.length)]!;
  const title = (w: string) => w[0]!.toUpperCase() + w.slice(1);
  const escape = (s: string) =>
    s.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');

  const out = createWriteStream(osmFile);
  const write = (text: string) =>
    out.write(text) ? Promise.resolve() : new Promise<void>((r) => out.once('drain', () => r()));
  await write(
    '<?xml version="1.0" encoding="UTF-8"?>\n<osm version="0.6" generator="spotbook-bench">\n',
  );
  let chunk = '';
  for (let id = 1; id <= count; id++) {
    const town = pickTown();
    // Bigger towns spread wider: Paris's POIs cover its suburbs, a village's its centre.
    const spread = 0.004 * Math.log10(Math.max(1000, town.rank_population));
    const lat = town.lat + gauss() * spread;
    const lng = town.lng + gauss() * spread * 1.5;
    const kind = pickKind();
    const prefix = PREFIXES[kind.split(' ')[0]!]?.[Math.floor(rnd() * 5)] ?? '';
    const name = [prefix, title(word()), rnd() < 0.5 ? title(word()) : '']
      .filter(Boolean)
      .join(' ');
    const tags = kind
      .split(' ')
      .map((kv) => kv.split('='))
      .map(([k, v]) => `<tag k="${k}" v="${v}"/>`)
      .join('');
    chunk +=
      `<node id="${id}" lat="${lat.toFixed(7)}" lon="${lng.toFixed(7)}">` +
      `${tags}<tag k="name" v="${escape(name)}"/>` +
      (rnd() < 0.3 ? `<tag k="addr:street" v="Rue ${escape(title(word()))}"/>` : '') +
      (rnd() < 0.02 ? '<tag k="wikidata" v="Q1"/>' : '') +
      '</node>\n';
    if (chunk.length > 1 << 20) {
      await write(chunk);
      chunk = '';
    }
  }
  await write(`${chunk}</osm>\n`);
  await new Promise<void>((resolve) => out.end(resolve));
  try {
    const pbf = osmFile.replace(/\.osm$/, '.osm.pbf');
    execFileSync('osmium', ['cat', '--overwrite', osmFile, '-o', pbf], { stdio: 'pipe' });
    return pbf;
  } catch {
    return osmFile; // no osmium: the XML reader loads it
  }
}
