import { readFileSync } from 'node:fs';
import { DOMParser, type Element } from '@xmldom/xmldom';
import { kmlWithFolders, type Folder, type Root } from '@tmcw/togeojson';
import { parse as parseCsvSync } from 'csv-parse/sync';
import { validateXML } from 'xmllint-wasm';
import { z } from 'zod';
import { SPOTBOOK_GPX_NAMESPACE } from '../writers/gpx.ts';

/**
 * Readers for our export files, written against each format's rules rather than our
 * writers: xmllint against the GPX 1.1 / KML 2.2 schemas, RFC 7946 as a zod schema, the
 * CSV through csv-parse, KML folders through togeojson (what the import reads with).
 */
const schemaFile = (name: string) => ({
  fileName: name,
  contents: readFileSync(new URL(name, import.meta.url), 'utf8'),
});
const GPX_XSD = schemaFile('gpx-1.1.xsd');
const KML_XSD = schemaFile('kml-2.2-subset.xsd');

export async function schemaErrors(xml: string, format: 'gpx' | 'kml'): Promise<string[]> {
  const result = await validateXML({
    xml: [{ fileName: `export.${format}`, contents: xml }],
    schema: [format === 'gpx' ? GPX_XSD : KML_XSD],
  });
  return result.errors.map((error) => error.rawMessage);
}

/** RFC 7946 §3.1.2, §3.2, §3.3 for our files: Point features, [lng, lat] in range, no crs. */
const position = z.tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)]);
export const featureCollectionSchema = z
  .object({
    type: z.literal('FeatureCollection'),
    features: z.array(
      z
        .object({
          type: z.literal('Feature'),
          geometry: z.object({ type: z.literal('Point'), coordinates: position }).strict(),
          properties: z
            .object({
              name: z.string(),
              address: z.string(),
              category: z.string(),
              review: z.string(),
              rating: z.number().int().min(0).max(5),
              visited: z.boolean(),
              lists: z.array(z.string()),
              maps_url: z.url(),
              place_id: z.string().min(1),
            })
            .strict(),
        })
        .strict(),
    ),
  })
  .strict();

export const parseCsv = (body: string) =>
  parseCsvSync<Record<string, string>>(body, {
    bom: true,
    columns: true,
    record_delimiter: '\r\n',
  });

const dom = (xml: string) => new DOMParser().parseFromString(xml, 'text/xml');
const text = (parent: Element, name: string, ns = '*') =>
  parent.getElementsByTagNameNS(ns, name)[0]?.textContent ?? '';

export interface ReadWaypoint {
  name: string;
  desc: string;
  type: string;
  link: string;
  lat: number;
  lon: number;
  address: string;
  rating: string;
  visited: string;
  place_id: string;
  lists: string[];
}

export function readGpx(xml: string): ReadWaypoint[] {
  const doc = dom(xml);
  return Array.from(doc.getElementsByTagName('wpt')).map((wpt) => {
    const sb = (name: string) => text(wpt, name, SPOTBOOK_GPX_NAMESPACE);
    return {
      name: text(wpt, 'name'),
      desc: text(wpt, 'desc'),
      type: text(wpt, 'type'),
      link: wpt.getElementsByTagName('link')[0]?.getAttribute('href') ?? '',
      lat: Number(wpt.getAttribute('lat')),
      lon: Number(wpt.getAttribute('lon')),
      address: sb('address'),
      rating: sb('rating'),
      visited: sb('visited'),
      place_id: sb('place_id'),
      lists: Array.from(wpt.getElementsByTagNameNS(SPOTBOOK_GPX_NAMESPACE, 'list')).map(
        (list) => list.textContent ?? '',
      ),
    };
  });
}

/** The KML as togeojson reads it: its folders (by name) and the placemarks outside any. */
export function readKml(xml: string) {
  const root: Root = kmlWithFolders(dom(xml));
  const folders = root.children.filter((child): child is Folder => child.type === 'folder');
  const loose = root.children.filter((child) => child.type === 'Feature');
  return {
    folders: folders.map((folder) => ({
      name: typeof folder.meta.name === 'string' ? folder.meta.name : '',
      placemarks: folder.children.filter((child) => child.type === 'Feature'),
    })),
    loose,
  };
}
