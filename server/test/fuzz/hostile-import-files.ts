import { strToU8, zipSync } from 'fflate';

/**
 * Hostile files for the import upload (POST /api/imports/), added to the multipart
 * fuzzer's files (hostile-files.ts): bombs, entities, escaping paths, broken encodings,
 * files just past the limits. Each is built once, small enough to send thousands of times.
 */
const LAUGHS = `<?xml version="1.0"?>
<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
<!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
<!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">]>
<kml xmlns="http://www.opengis.net/kml/2.2"><Document><Placemark><name>&lol4;</name>
<Point><coordinates>2.29,48.85</coordinates></Point></Placemark></Document></kml>`;

const EXTERNAL_ENTITY = `<?xml version="1.0"?>
<!DOCTYPE gpx [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
<gpx version="1.1" creator="x" xmlns="http://www.topografix.com/GPX/1/1">
<wpt lat="48.85" lon="2.29"><name>&xxe;</name></wpt></gpx>`;

const KML = `<?xml version="1.0"?><kml xmlns="http://www.opengis.net/kml/2.2"><Document>
<Placemark><name>Ok</name><Point><coordinates>2.29,48.85</coordinates></Point></Placemark>
</Document></kml>`;

/** A zip whose one entry inflates to far more than it says (a 200 MB+ bomb, declared small). */
function zipBomb(): Uint8Array {
  const zeros = new Uint8Array(8 * 1024 * 1024);
  const zip = zipSync({ 'Saved Places.json': zeros }, { level: 9 });
  // Both size fields of the local and central headers claim 300 MB unpacked.
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  for (let i = 0; i < zip.length - 4; i++) {
    const signature = view.getUint32(i, true);
    if (signature === 0x04034b50) view.setUint32(i + 22, 300 * 1024 * 1024, true);
    if (signature === 0x02014b50) view.setUint32(i + 24, 300 * 1024 * 1024, true);
  }
  return zip;
}

function takeout(places: number): string {
  const features = Array.from({ length: places }, (_, i) => ({
    type: 'Feature',
    geometry: { type: 'Point', coordinates: [2 + i / 1e5, 48] },
    properties: { Title: `P${i}`, 'Google Maps URL': '' },
  }));
  return JSON.stringify({ type: 'FeatureCollection', features });
}

export const HOSTILE_IMPORT_FILES: Buffer[] = [
  Buffer.from(LAUGHS),
  Buffer.from(EXTERNAL_ENTITY),
  Buffer.from(zipBomb()),
  Buffer.from(zipSync({ '../../evil.kml': strToU8(KML), 'doc.kml': strToU8(KML) })),
  Buffer.from(
    zipSync({ 'Takeout/Saved/Want to go.csv': strToU8('Title,Note,URL\n\u0000,\u0000,x') }),
  ),
  Buffer.from(takeout(10_001)),
  Buffer.from(takeout(3)),
  Buffer.from(`${'['.repeat(50_000)}${']'.repeat(50_000)}`),
  Buffer.from('\ufeffname;latitude;longitude\nCafé;48,85;2,29\n"unclosed;1;2\n'),
  Buffer.from('Title,Note,URL\n"a\u0000b",x,https://maps.google.com/?cid=1\n'),
  Buffer.from([0xff, 0xfe, 0x41, 0x00, 0x00, 0xd8]), // UTF-16 with a lone surrogate
  Buffer.from(
    '{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"Point","coordinates":[1e309,-1e309]},"properties":{"name":"\\ud800"}}]}',
  ),
];
