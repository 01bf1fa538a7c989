import { gpx } from '@tmcw/togeojson';
import type { Element } from '@xmldom/xmldom';
import { ImportFileError, type ParsedFile, type ParsedRow } from './parsed-file.ts';
import { cleanText, joinNotes, rowsPerList, type RowFields } from './rows.ts';
import { parseXml } from './xml.ts';

/** Our export's namespace for what GPX has no element for (export-fields.md). */
const SPOTBOOK_NS = 'urn:spotbook:gpx:1';

/** `<extensions>` children by local name; `list` repeats, so every value is kept. */
function extensions(wpt: Element): Map<string, string[]> {
  const found = new Map<string, string[]>();
  const holder = Array.from(wpt.childNodes).find(
    (n): n is Element => n.nodeType === 1 && (n as Element).localName === 'extensions',
  );
  for (const child of holder ? Array.from(holder.childNodes) : []) {
    if (child.nodeType !== 1) continue;
    const element = child as Element;
    // Another app's <osmand:address> is as good as ours for an address.
    const key =
      element.namespaceURI === SPOTBOOK_NS ? element.localName! : `other:${element.localName}`;
    found.set(key, [...(found.get(key) ?? []), cleanText(element.textContent)]);
  }
  return found;
}

/** togeojson skips a waypoint whose lat/lon don't read as numbers; we keep it by name. */
function hasCoordinates(wpt: Element): boolean {
  return ['lat', 'lon'].every((a) => !Number.isNaN(Number.parseFloat(wpt.getAttribute(a) ?? '')));
}

function childText(wpt: Element, name: string): string {
  const child = Array.from(wpt.childNodes).find(
    (n) => n.nodeType === 1 && (n as Element).localName === name,
  );
  return cleanText(child?.textContent);
}

/** GPX 1.0/1.1 waypoints: name, desc/cmt → note, link → source_url, type → category. */
export function readGpx(text: string): ParsedFile {
  const doc = parseXml(text, 'GPX');
  const waypoints = Array.from(doc.getElementsByTagName('wpt'));
  const points = gpx(doc).features.filter(
    (f) => f.geometry?.type === 'Point' && f.properties?._gpxType === undefined,
  );
  if (waypoints.length === 0) {
    throw new ImportFileError(
      'This GPX file holds no waypoints (only tracks or routes): only waypoints can be imported as places.',
    );
  }
  let next = 0;
  const rows: ParsedRow[] = [];
  for (const wpt of waypoints) {
    const ext = extensions(wpt);
    const feature = hasCoordinates(wpt) ? points[next++] : undefined;
    const properties = feature?.properties ?? {};
    const coordinates = feature?.geometry?.type === 'Point' ? feature.geometry.coordinates : [];
    const links = Array.isArray(properties.links) ? (properties.links as { href?: unknown }[]) : [];
    const fields: RowFields = {
      name: properties.name ?? childText(wpt, 'name'),
      note: joinNotes(
        properties.desc ?? childText(wpt, 'desc'),
        properties.cmt ?? childText(wpt, 'cmt'),
      ),
      lng: coordinates[0],
      lat: coordinates[1],
      source_url: links[0]?.href,
      category: properties.type ?? childText(wpt, 'type'),
      address: ext.get('address')?.[0] ?? ext.get('other:address')?.[0],
      rating: ext.get('rating')?.[0],
      visited: ext.get('visited')?.[0],
      place_id: ext.get('place_id')?.[0],
      problem: feature ? null : "This waypoint's lat and lon aren't numbers.",
    };
    rows.push(...rowsPerList(fields, ext.get('list') ?? []));
  }
  return { format: 'gpx', rows };
}
