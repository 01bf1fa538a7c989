/**
 * The import file readers (decision 019): how long each format takes to read its largest
 * allowed file (10,000 places, notes padding it towards the 25 MB upload cap) and how much
 * memory reading it takes, plus how fast a zip bomb is refused. Parse only; matching and
 * confirming are bench/import.ts's.
 *
 *   node --expose-gc --import tsx bench/import-formats.ts
 */
import { strToU8, zipSync } from 'fflate';
import { IMPORT_LIMITS } from '@spotbook/contract';
import { parseImportFile } from '../server/src/features/imports/formats/index.ts';

const N = IMPORT_LIMITS.places;
const NOTE = 'Ristretto at the bar, pastel de nata warm from the oven; ask for cinnamon. ';
const note = (i: number) => NOTE.repeat(1 + (i % 30)).trim();
const place = (i: number) => ({
  name: `Café ${i} «Zé»`,
  lat: 38.7 + (i % 1000) / 10_000,
  lng: -9.14 - Math.floor(i / 1000) / 1000,
  url: `https://www.google.com/maps/place/Caf%C3%A9+${i}/data=!4m2!3m1!1s0x0:0x${(i + 4096).toString(16)}`,
});
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
const csvCell = (s: string) => `"${s.replace(/"/g, '""')}"`;
const indexes = Array.from({ length: N }, (_, i) => i);

function savedPlacesJson(): string {
  const features = indexes.map((i) => {
    const p = place(i);
    return {
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [p.lng, p.lat] },
      properties: {
        date: '2023-05-14T09:12:44Z',
        google_maps_url: `http://maps.google.com/?cid=${i + 4096}`,
        location: { name: p.name, address: `Rua ${i}, Lisboa`, country_code: 'PT' },
        Comment: note(i),
      },
    };
  });
  return JSON.stringify({ type: 'FeatureCollection', features });
}

const listCsv = (from: number, to: number) =>
  'Title,Note,URL,Tags,Comment\r\n,,,,\r\n' +
  indexes
    .slice(from, to)
    .map((i) => `${csvCell(place(i).name)},${csvCell(note(i))},${place(i).url},,`)
    .join('\r\n');

const FILES: Record<string, () => Uint8Array> = {
  'Saved Places.json': () => strToU8(savedPlacesJson()),
  'takeout.zip': () =>
    zipSync({
      'Takeout/Maps (your places)/Saved Places.json': strToU8(savedPlacesJson()),
      'Takeout/Saved/Want to go.csv': strToU8(listCsv(0, N / 2)),
      'Takeout/Saved/Favourite places.csv': strToU8(listCsv(N / 2, N)),
    }),
  'Want to go.csv': () => strToU8(listCsv(0, N)),
  'places.csv': () =>
    strToU8(
      '\uFEFFname;latitude;longitude;notes\r\n' +
        indexes
          .map(
            (i) =>
              `${csvCell(place(i).name)};${String(place(i).lat).replace('.', ',')};${String(place(i).lng).replace('.', ',')};${csvCell(note(i))}`,
          )
          .join('\r\n'),
    ),
  'My Maps.kml': () =>
    strToU8(
      `<?xml version="1.0"?><kml xmlns="http://www.opengis.net/kml/2.2"><Document>${[0, 1, 2, 3]
        .map(
          (layer) =>
            `<Folder><name>Layer ${layer}</name>${indexes
              .filter((i) => i % 4 === layer)
              .map(
                (i) =>
                  `<Placemark><name>${esc(place(i).name)}</name><description><![CDATA[${note(i)}<br>]]></description><ExtendedData><Data name="category"><value>cafe</value></Data></ExtendedData><Point><coordinates>${place(i).lng},${place(i).lat},0</coordinates></Point></Placemark>`,
              )
              .join('')}</Folder>`,
        )
        .join('')}</Document></kml>`,
    ),
  'waypoints.gpx': () =>
    strToU8(
      `<?xml version="1.0"?><gpx version="1.1" creator="bench" xmlns="http://www.topografix.com/GPX/1/1">${indexes
        .map(
          (i) =>
            `<wpt lat="${place(i).lat}" lon="${place(i).lng}"><name>${esc(place(i).name)}</name><desc>${esc(note(i))}</desc><type>cafe</type></wpt>`,
        )
        .join('')}</gpx>`,
    ),
};

const gc = (globalThis as { gc?: () => void }).gc;
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

console.log(`${N.toLocaleString('en-US')} places per file; node ${process.version}`);
console.log('file                 size MB   rows   read ms   heap+ MB   rss+ MB');
for (const [name, make] of Object.entries(FILES)) {
  const bytes = make();
  gc?.();
  const heap = process.memoryUsage().heapUsed;
  const rss = process.memoryUsage().rss;
  let peakHeap = heap;
  let peakRss = rss;
  const sampler = setInterval(() => {
    const now = process.memoryUsage();
    peakHeap = Math.max(peakHeap, now.heapUsed);
    peakRss = Math.max(peakRss, now.rss);
  }, 5);
  const started = performance.now();
  const file = await parseImportFile(name, bytes);
  const ms = performance.now() - started;
  const now = process.memoryUsage();
  clearInterval(sampler);
  peakHeap = Math.max(peakHeap, now.heapUsed);
  peakRss = Math.max(peakRss, now.rss);
  console.log(
    `${name.padEnd(20)} ${mb(bytes.length).padStart(7)} ${String(file.rows.length).padStart(6)} ${ms.toFixed(0).padStart(9)} ${mb(peakHeap - heap).padStart(10)} ${mb(peakRss - rss).padStart(9)}`,
  );
}

// A 1 GB entry of zeros would be ~1 MB deflated; 100 MB declared as 1 KB shows the same.
const bomb = zipSync({ 'doc.kml': new Uint8Array(100 * 1024 * 1024) }, { level: 9 });
const view = new DataView(bomb.buffer);
view.setUint32(22, 1024, true);
let central = bomb.length - 46;
while (view.getUint32(central, true) !== 0x02014b50) central--;
view.setUint32(central + 24, 1024, true);
const started = performance.now();
const refusal = await parseImportFile('bomb.kmz', bomb).then(
  () => 'read (a bug)',
  (e: Error) => e.message,
);
console.log(
  `lying zip bomb (${mb(bomb.length)} MB packed): refused in ${(performance.now() - started).toFixed(0)} ms: ${refusal}`,
);
