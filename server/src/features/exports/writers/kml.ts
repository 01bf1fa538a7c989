import type { ExportFolder } from '../spot-pages.ts';
import type { ExportSpot } from '../export-spot.ts';
import { decimal, XmlRecords } from './xml-records.ts';

export const KML_NAMESPACE = 'http://www.opengis.net/kml/2.2';

/** The ExtendedData fields, in this order (the name, address and review have elements). */
const DATA_FIELDS = ['category', 'rating', 'visited', 'maps_url', 'place_id'] as const;

/**
 * KML 2.2 as Google My Maps writes it: a `<Folder>` per list (a spot on several lists in
 * each), spots on no list directly in the Document. A Placemark's children follow the
 * schema's order: name, address, description, ExtendedData, Point. @placemarkio/tokml
 * cannot write a Placemark's `<address>` (every property but name and description goes to
 * ExtendedData) and builds the whole document in memory, so each Placemark is built here
 * with xmldom, the Folder tags around them streamed (decision 020).
 */
export async function* kmlDocument(
  title: string,
  folders: AsyncIterable<ExportFolder>,
): AsyncGenerator<string> {
  const xml = new XmlRecords();
  yield (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<kml xmlns="${KML_NAMESPACE}"><Document>` +
    xml.serialize(xml.element('name', {}, [title])) +
    '\n'
  );
  for await (const folder of folders) {
    if (folder.name !== null) {
      yield '<Folder>' + xml.serialize(xml.element('name', {}, [folder.name])) + '\n';
    }
    for await (const spot of folder.spots) yield xml.serialize(placemark(xml, spot)) + '\n';
    if (folder.name !== null) yield '</Folder>\n';
  }
  yield '</Document></kml>\n';
}

function placemark(xml: XmlRecords, spot: ExportSpot) {
  const data = DATA_FIELDS.map((field) =>
    xml.element('Data', { name: field }, [xml.element('value', {}, [String(spot[field])])]),
  );
  return xml.element('Placemark', {}, [
    xml.element('name', {}, [spot.name]),
    xml.textElement('address', spot.address),
    xml.textElement('description', spot.review),
    xml.element('ExtendedData', {}, data),
    xml.element('Point', {}, [
      xml.element('coordinates', {}, [`${decimal(spot.longitude)},${decimal(spot.latitude)}`]),
    ]),
  ]);
}
