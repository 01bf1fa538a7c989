import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { OsmTags } from './osm-element.ts';

/** The keys whose named features are points of interest (issue 15). */
export const POI_KEYS = ['amenity', 'tourism', 'shop', 'leisure', 'historic', 'craft', 'office'];

interface SchemaPreset {
  tags?: Record<string, string>;
  matchScore?: number;
  searchable?: boolean;
}
interface PresetText {
  name?: string;
  aliases?: string;
  terms?: string;
}

/** An iD preset as the index uses it: what people call the thing, and what else they type. */
export interface Preset {
  id: string;
  tags: Record<string, string>;
  /** its name, aliases and its parent's name ("Pizza Restaurant", "Pizzeria", "Restaurant") */
  names: string[];
  /** iD's search terms ("coffee", "espresso"…): found, ranked below a name match */
  terms: string[];
  score: number;
}

/**
 * iD's tagging presets (`@openstreetmap/id-tagging-schema`, read from its dist/ files
 * here rather than copied): which preset a feature's tags select, as iD itself picks
 * one, and the English names and search terms that make "coffee", "gelato" or "pub"
 * find the right places without a synonym list of our own.
 */
export interface PresetMatcher {
  match(tags: OsmTags): Preset | null;
  byId(id: string): Preset | undefined;
}

let shared: PresetMatcher | null = null;

export function presetMatcher(): PresetMatcher {
  shared ??= loadPresets();
  return shared;
}

function loadPresets(): PresetMatcher {
  const require = createRequire(import.meta.url);
  const read = (file: string): unknown =>
    JSON.parse(
      readFileSync(require.resolve(`@openstreetmap/id-tagging-schema/dist/${file}`), 'utf8'),
    );
  const schema = read('presets.json') as Record<string, SchemaPreset>;
  const english = (
    read('translations/en.json') as {
      en: { presets: { presets: Record<string, PresetText> } };
    }
  ).en.presets.presets;
  const list = (text: string | undefined) =>
    (text ?? '')
      .split(/[,\n]/)
      .map((t) => t.trim())
      .filter(Boolean);

  const byId = new Map<string, Preset>();
  /** 'amenity=cafe' and 'amenity=*' → the presets whose tags include it */
  const byTag = new Map<string, Preset[]>();
  for (const [id, entry] of Object.entries(schema)) {
    const tags = entry.tags ?? {};
    const key = POI_KEYS.find((k) => k in tags);
    if (!key) continue;
    const text = english[id] ?? {};
    const parentId = id.split('/').slice(0, -1).join('/');
    const parentName = parentId.includes('/') ? english[parentId]?.name : undefined;
    const preset: Preset = {
      id,
      tags,
      names: [text.name, ...list(text.aliases), parentName].filter((n): n is string => !!n),
      terms: list(text.terms),
      // More tags = more specific (cafe + cuisine=coffee_shop beats cafe), as in iD.
      score: (entry.matchScore ?? 1) * Object.keys(tags).length,
    };
    byId.set(id, preset);
    const slot = `${key}=${tags[key]}`;
    byTag.set(slot, [...(byTag.get(slot) ?? []), preset]);
  }

  return {
    byId: (id) => byId.get(id),
    match(tags) {
      let best: Preset | null = null;
      for (const key of POI_KEYS) {
        const value = tags[key];
        if (value === undefined) continue;
        for (const candidate of [
          ...(byTag.get(`${key}=${value}`) ?? []),
          ...(byTag.get(`${key}=*`) ?? []),
        ]) {
          if (matchesAll(candidate.tags, tags) && (!best || candidate.score > best.score)) {
            best = candidate;
          }
        }
        if (best) return best; // the first POI key present decides, as the category does
      }
      return best;
    },
  };
}

/** Every preset tag present; '*' any value; 'pizza' also matches 'pizza;italian'. */
function matchesAll(wanted: Record<string, string>, tags: OsmTags): boolean {
  for (const [key, value] of Object.entries(wanted)) {
    const actual = tags[key];
    if (actual === undefined || actual === 'no') return false;
    if (value !== '*' && actual !== value && !actual.split(';').some((v) => v.trim() === value)) {
      return false;
    }
  }
  return true;
}
