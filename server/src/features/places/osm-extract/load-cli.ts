/**
 * `npm run places:load -- region.osm.pbf [more.osm …]`: adds the named points of
 * interest of OpenStreetMap extracts to this deployment's places index (DATA_DIR),
 * with a progress bar. A running server picks the new index up at its next search.
 * Exit status 1 with one readable line when a file is not usable; the index is then
 * left as it was.
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import cliProgress from 'cli-progress';
import { loadConfig } from '../../../config.ts';
import { openPlacesIndex } from '../embedded/places-index.ts';
import { loadExtracts, type LoadProgress } from './load-extract.ts';
import { ExtractFileError } from './osm-element.ts';

const files = process.argv.slice(2).filter((a) => a !== '--');
if (!files.length) {
  console.error('usage: npm run places:load -- path/to/region.osm.pbf [more files…]');
  process.exit(2);
}

const config = loadConfig();
// Builds the built-in index first if this deployment has never started.
const index = openPlacesIndex(config.DATA_DIR);
const indexFile = index.file;
index.close();

const bar = new cliProgress.SingleBar(
  {
    format:
      '{label} |{bar}| {percentage}% · {megabytes}/{totalMegabytes} MB · ' +
      '{elements} elements · {pois} places · {rate} elements/s · {duration_formatted}',
    hideCursor: true,
    etaBuffer: 50,
  },
  cliProgress.Presets.shades_classic,
);
let fileSize = 0;
let label = '';
let elements = 0;
let pois = 0;
let passStarted = performance.now();
const thousands = (n: number) => n.toLocaleString('en');
const payload = () => ({
  label,
  megabytes: '',
  totalMegabytes: (fileSize / 1e6).toFixed(0),
  elements: thousands(elements),
  pois: thousands(pois),
  rate: thousands(Math.round(elements / Math.max(0.001, (performance.now() - passStarted) / 1000))),
});
let current = '';
const progress: LoadProgress = {
  file(file, i, total) {
    current = path.basename(file);
    fileSize = statSync(file).size;
    console.log(`${current} (${i + 1} of ${total}, ${(fileSize / 1e6).toFixed(1)} MB)`);
  },
  pass(number, total, what) {
    bar.stop();
    label = `${current} pass ${number}/${total}: ${what}`.padEnd(20);
    passStarted = performance.now();
    if (number > 1) elements = 0;
    bar.start(fileSize, 0, payload());
  },
  bytes(read) {
    bar.update(read, { ...payload(), megabytes: (read / 1e6).toFixed(0) });
  },
  counts(seen, found) {
    elements = seen;
    pois = found;
  },
  writing(what) {
    bar.stop();
    console.log(`${what}…`);
  },
};

try {
  const started = performance.now();
  const reports = await loadExtracts(indexFile, files, progress);
  bar.stop();
  for (const r of reports) {
    console.log(
      `${r.source}: ${thousands(r.places)} places from ${thousands(r.elements)} elements ` +
        `in ${(r.ms / 1000).toFixed(1)} s (${r.passes} passes)`,
    );
  }
  console.log(
    `done in ${((performance.now() - started) / 1000).toFixed(1)} s → ${indexFile} ` +
      '(a running server switches to it at its next search)',
  );
} catch (error) {
  bar.stop();
  if (!(error instanceof ExtractFileError)) throw error;
  console.error(`places:load: ${error.message}. The places index is unchanged.`);
  process.exitCode = 1;
}
