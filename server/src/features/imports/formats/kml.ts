import { kmlWithFolders, type F, type Folder, type Root } from '@tmcw/togeojson';
import { htmlToText } from './html-text.ts';
import type { ParsedFile, ParsedRow } from './parsed-file.ts';
import { cleanText, row, type RowFields } from './rows.ts';
import { parseXml } from './xml.ts';

type Properties = Record<string, unknown>;

/** ExtendedData arrives as plain properties; My Maps capitalises them ("Address"). */
function pick(properties: Properties, ...keys: string[]): unknown {
  const lower = new Map(Object.entries(properties).map(([k, v]) => [k.toLowerCase(), v]));
  return keys.map((k) => lower.get(k)).find((v) => cleanText(v));
}

/** togeojson gives `{"@type": "html", value}` for CDATA descriptions, else a string. */
function descriptionText(value: unknown): string {
  if (typeof value === 'object' && value !== null && 'value' in value) {
    return htmlToText(cleanText(value.value));
  }
  return /<[a-z][^>]*>/i.test(cleanText(value)) ? htmlToText(cleanText(value)) : cleanText(value);
}

function placemarkFields(feature: F): RowFields {
  const properties: Properties = feature.properties ?? {};
  const geometry = feature.geometry;
  const point =
    geometry?.type === 'Point'
      ? geometry.coordinates
      : geometry?.type === 'GeometryCollection'
        ? geometry.geometries.find((g) => g.type === 'Point')?.coordinates
        : undefined;
  const shape = geometry ? geometry.type : 'placemark without a location';
  return {
    name: properties.name,
    address: pick(properties, 'address'),
    // Our own export (its placemarks carry a place_id) writes the review as plain text:
    // "<b>bon</b>" in a review is what the person typed, not markup to strip.
    note:
      (pick(properties, 'place_id') && typeof properties.description === 'string'
        ? cleanText(properties.description)
        : descriptionText(properties.description)) || cleanText(pick(properties, 'note', 'notes')),
    lng: point?.[0],
    lat: point?.[1],
    source_url: pick(properties, 'maps_url', 'url', 'link', 'google maps url'),
    category: pick(properties, 'category', 'type'),
    rating: pick(properties, 'rating'),
    visited: pick(properties, 'visited'),
    place_id: pick(properties, 'place_id'),
    problem: point ? null : `This is a ${shape}, not a point: search for the place or drop a pin.`,
  };
}

/**
 * Each Placemark under a Folder goes on the list named after its innermost folder (My
 * Maps' layers, our export's lists); one directly in the Document goes on no list.
 * Walked in document order with an explicit stack, not recursion.
 */
function walk(root: Root): ParsedRow[] {
  const rows: ParsedRow[] = [];
  const stack: { children: (Folder | F)[]; at: number; list: string | null }[] = [
    { children: root.children, at: 0, list: null },
  ];
  while (stack.length > 0) {
    const top = stack[stack.length - 1]!;
    const child = top.children[top.at++];
    if (!child) {
      stack.pop();
    } else if (child.type === 'folder') {
      stack.push({ children: child.children, at: 0, list: cleanText(child.meta.name) || top.list });
    } else {
      rows.push(row({ ...placemarkFields(child), list_name: top.list }));
    }
  }
  return rows;
}

/** KML 2.2 (Google My Maps, Google Earth, our export). */
export function readKml(text: string, format: 'kml' | 'kmz' = 'kml'): ParsedFile {
  const doc = parseXml(text, format === 'kml' ? 'KML' : 'KMZ');
  return { format, rows: walk(kmlWithFolders(doc)) };
}
