import type { OsmTags } from './osm-element.ts';
import { placeTypeOf } from './place-types.ts';
import { POI_KEYS, presetMatcher } from './presets.ts';

/**
 * Values of the POI keys that are street furniture or infrastructure, not somewhere
 * people go or save, even when named ("Parking Rivoli", a named bench).
 */
const NOT_DESTINATIONS = new Set([
  'amenity=parking',
  'amenity=parking_space',
  'amenity=parking_entrance',
  'amenity=bicycle_parking',
  'amenity=motorcycle_parking',
  'amenity=bench',
  'amenity=waste_basket',
  'amenity=waste_disposal',
  'amenity=recycling',
  'amenity=post_box',
  'amenity=vending_machine',
  'amenity=toilets',
  'amenity=shelter',
  'amenity=drinking_water',
  'amenity=telephone',
  'amenity=grit_bin',
  'amenity=loading_dock',
  'amenity=charging_station',
  'amenity=fire_hydrant',
  'amenity=hunting_stand',
  'amenity=bicycle_rental',
  'amenity=taxi',
  'amenity=clock',
  'leisure=pitch',
  'leisure=track',
  'leisure=slipway',
  'leisure=firepit',
  'leisure=picnic_table',
  'leisure=outdoor_seating',
  'leisure=swimming_pool',
  'leisure=fitness_station',
  'tourism=information',
]);

/** Names a traveller may type besides `name`: English, alternative, former, short, brand. */
const OTHER_NAME_KEYS = [
  'name:en',
  'alt_name',
  'alt_name:en',
  'old_name',
  'old_name:en',
  'official_name',
  'official_name:en',
  'short_name',
  'short_name:en',
  'int_name',
  'loc_name',
  'brand',
  'name:ja-Latn',
  'name:ja_rm',
  'name:zh-Latn',
  'name:ko-Latn',
];

const MAX_TEXT = 200;

/** What a named point of interest contributes to the index, its position aside. */
export interface PoiFields {
  name: string;
  altNames: string[];
  /** our type vocabulary (place-types.ts) */
  primaryType: string;
  /** iD preset id ('amenity/restaurant/pizza'), '' when none matched */
  preset: string;
  /** what people call it: preset name, aliases, parent's name and our type's words */
  categoryNames: string[];
  /** iD's other search terms for it */
  categoryTerms: string[];
  street: string;
  postcode: string;
  city: string;
  website: string;
  openingHours: string;
  /** a rough importance: a Wikidata entry, a tourist sight, a website say "people go here" */
  importance: number;
}

/** The POI key that decides a feature's category, or null when it isn't a POI at all. */
export function poiKey(tags: OsmTags): string | null {
  if (!clean(tags.name)) return null;
  for (const key of POI_KEYS) {
    const value = tags[key];
    if (value === undefined || value === 'no' || value === '') continue;
    if (NOT_DESTINATIONS.has(`${key}=${value}`)) return null;
    return key;
  }
  return null;
}

export function poiFields(key: string, tags: OsmTags): PoiFields {
  const preset = presetMatcher().match(tags);
  const primaryType = placeTypeOf(key, tags);
  const name = clean(tags.name);
  const otherNames = OTHER_NAME_KEYS.flatMap((k) => (tags[k] ?? '').split(';')).map(clean);
  const street =
    clean(tags['addr:full']) ||
    [clean(tags['addr:housenumber']), clean(tags['addr:street'] ?? tags['addr:place'])]
      .filter(Boolean)
      .join(' ');
  return {
    name,
    altNames: withSquashedVariants([name, ...otherNames]).filter((n) => n && n !== name),
    primaryType,
    preset: preset?.id ?? '',
    categoryNames: [...new Set([...(preset?.names ?? []), primaryType.replaceAll('_', ' ')])],
    categoryTerms: preset?.terms ?? [],
    street,
    postcode: clean(tags['addr:postcode']),
    city: clean(tags['addr:city']),
    website: websiteOf(tags),
    openingHours: clean(tags.opening_hours),
    importance:
      (tags.wikidata ? 100 : 0) +
      (tags.wikipedia ? 50 : 0) +
      (key === 'tourism' || key === 'historic' ? 20 : 0) +
      (tags.website || tags['contact:website'] ? 5 : 0) +
      (tags.opening_hours ? 2 : 0) +
      (tags['addr:street'] ? 1 : 0),
  };
}

/**
 * "Sensō-ji" is typed "sensoji", "Fisherman's Wharf" "fishermans wharf": each name with
 * punctuation inside a word also goes in without it, so the query's words meet it.
 */
function withSquashedVariants(names: string[]): string[] {
  const variants = names.flatMap((n) => {
    const squashed = n.replace(/(?<=\p{L})[-'’‐.·](?=\p{L})/gu, '');
    return squashed !== n ? [n, squashed] : [n];
  });
  return [...new Set(variants)];
}

/** Only http(s) links, never `javascript:`; a bare domain gets https://. */
function websiteOf(tags: OsmTags): string {
  const raw = clean(tags.website ?? tags['contact:website'] ?? tags.url)
    .split(';')[0]!
    .trim();
  if (!raw || /\s/.test(raw)) return '';
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(raw) ? raw : `https://${raw}`;
  try {
    const url = new URL(withScheme);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : '';
  } catch {
    return '';
  }
}

/** Tag values are free text: no control characters, no runaway lengths. */
function clean(value: string | undefined): string {
  if (!value) return '';
  return value
    .replace(/\p{Cc}+/gu, ' ')
    .trim()
    .slice(0, MAX_TEXT);
}
