import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { LandmarkSource } from './sources.ts';

/** The curated landmark files, server/data/landmarks/part-*.json, in name order. */
export function landmarkFiles(dir: string): string[] {
  try {
    return readdirSync(dir)
      .filter((f) => /^part-.*\.json$/.test(f))
      .sort()
      .map((f) => path.join(dir, f));
  } catch {
    return [];
  }
}

/**
 * Curated landmarks; a file that doesn't parse (being edited) or an entry without a
 * name or valid point is skipped, not fatal: the rest of the index is still useful.
 */
export function loadLandmarks(dir: string): LandmarkSource[] {
  return landmarkFiles(dir).flatMap((file) => {
    let entries: unknown;
    try {
      entries = JSON.parse(readFileSync(file, 'utf8'));
    } catch {
      return [];
    }
    return Array.isArray(entries) ? entries.flatMap(toLandmark) : [];
  });
}

function toLandmark(e: Partial<Record<keyof LandmarkSource, unknown>>): LandmarkSource[] {
  const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
  const { lat, lng } = e;
  if (!text(e.name) || typeof lat !== 'number' || typeof lng !== 'number') return [];
  if (Math.abs(lat) > 90 || Math.abs(lng) > 180) return [];
  const website = text(e.website);
  return [
    {
      name: text(e.name),
      primaryType: text(e.primaryType) || 'tourist_attraction',
      lat,
      lng,
      city: text(e.city),
      countryCode: text(e.countryCode).toUpperCase(),
      summary: text(e.summary),
      website: /^https?:\/\/\S+$/.test(website) ? website : '',
    },
  ];
}
