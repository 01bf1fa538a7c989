import type { ExportSpot } from '../export-spot.ts';
import { decimal, XmlRecords } from './xml-records.ts';

export const GPX_NAMESPACE = 'http://www.topografix.com/GPX/1/1';
/** Our own fields ride in `<extensions>` (allowed: any element of another namespace). */
export const SPOTBOOK_GPX_NAMESPACE = 'urn:spotbook:gpx:1';

/**
 * GPX 1.1's longitudeType is [-180, 180): the antimeridian is written as -180 — also a
 * longitude that only reaches 180 once rounded to decimal()'s 7 places (179.99999995).
 */
const gpxLongitude = (lng: number) => {
  const written = decimal(lng);
  return written === '180' ? '-180' : written;
};

/**
 * GPX 1.1: one `<wpt>` per spot, children in the order the schema's wptType fixes
 * (name, desc, link, type, extensions). @dwayneparton/geojson-to-gpx writes only
 * name/desc/src/type on a waypoint (no link, no extensions) and builds the whole document
 * as one DOM, so each waypoint is built here with xmldom instead (decision 020).
 */
export async function* gpxDocument(
  title: string,
  spots: AsyncIterable<ExportSpot>,
): AsyncGenerator<string> {
  const xml = new XmlRecords();
  yield (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<gpx xmlns="${GPX_NAMESPACE}" xmlns:sb="${SPOTBOOK_GPX_NAMESPACE}" ` +
    'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" ' +
    `xsi:schemaLocation="${GPX_NAMESPACE} http://www.topografix.com/GPX/1/1/gpx.xsd" ` +
    'version="1.1" creator="Spotbook">\n'
  );
  yield (
    xml.serialize(
      xml.element('metadata', {}, [
        xml.textElement('name', title),
        xml.element('time', {}, [new Date().toISOString()]),
      ]),
    ) + '\n'
  );
  for await (const spot of spots) yield xml.serialize(waypoint(xml, spot)) + '\n';
  yield '</gpx>\n';
}

function waypoint(xml: XmlRecords, spot: ExportSpot) {
  const sb = (name: string, value: string) => xml.element(`sb:${name}`, {}, [value]);
  return xml.element('wpt', { lat: decimal(spot.latitude), lon: gpxLongitude(spot.longitude) }, [
    xml.element('name', {}, [spot.name]),
    xml.textElement('desc', spot.review),
    spot.maps_url ? xml.element('link', { href: spot.maps_url }) : null,
    xml.textElement('type', spot.category),
    xml.element('extensions', {}, [
      sb('address', spot.address),
      sb('rating', String(spot.rating)),
      sb('visited', String(spot.visited)),
      sb('place_id', spot.place_id),
      ...spot.lists.map((list) => sb('list', list)),
    ]),
  ]);
}
