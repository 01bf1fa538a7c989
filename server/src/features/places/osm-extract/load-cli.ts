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
  },
  cliProgress.Presets.shades_classic,
);
let fileSize = 0;
let current = '';
/** what the bar shows besides its percentage; each pass starts from zero */
const shown = { label: '', read: 0, elements: 0, pois: 0, passStarted: performance.now() };
const thousands = (n: number) => n.toLocaleString('en');
const megabytes = (bytes: number) => (bytes / 1e6).toFixed(bytes < 1e7 ? 1 : 0);
const payload = () => ({
  label: shown.label,
  megabytes: megabytes(shown.read),
  totalMegabytes: megabytes(fileSize),
  elements: thousands(shown.elements),
  pois: thousands(shown.pois),
  rate: thousands(
    Math.round(shown.elements / Math.max(0.001, (performance.now() - shown.passStarted) / 1000)),
  ),
});
const redraw = () => bar.update(shown.read, payload());

/** The steps after the passes (writing the places, indexing their words): rows, not bytes. */
const stepBar = new cliProgress.SingleBar(
  {
    format:
      '{label} |{bar}| {percentage}% · {done}/{all} places · {rate} places/s · {duration_formatted}',
    hideCursor: true,
  },
  cliProgress.Presets.shades_classic,
);
const step = { label: '', started: performance.now() };
const stepPayload = (done: number, total: number) => ({
  label: step.label,
  done: thousands(done),
  all: thousands(total),
  rate: thousands(Math.round(done / Math.max(0.001, (performance.now() - step.started) / 1000))),
});
const stopBars = () => {
  bar.stop();
  stepBar.stop();
};

const progress: LoadProgress = {
  file(file, i, total) {
    stopBars();
    current = path.basename(file);
    fileSize = statSync(file).size;
    shown.pois = 0;
    console.log(`${current} (${i + 1} of ${total}, ${megabytes(fileSize)} MB)`);
  },
  pass(number, what) {
    stopBars();
    Object.assign(shown, {
      label: `${current} pass ${number}: ${what}`,
      read: 0,
      elements: 0,
      passStarted: performance.now(),
    });
    bar.start(fileSize, 0, payload());
  },
  bytes(read) {
    shown.read = read;
    redraw();
  },
  counts(elements, pois) {
    Object.assign(shown, { elements, pois });
    redraw();
  },
  step(label, done, total) {
    if (label !== step.label) {
      stopBars();
      Object.assign(step, { label, started: performance.now() });
      stepBar.start(total, done, stepPayload(done, total));
    } else {
      stepBar.update(done, stepPayload(done, total));
    }
  },
  writing(what) {
    stopBars();
    step.label = '';
    console.log(`${what}…`);
  },
};

try {
  const started = performance.now();
  const reports = await loadExtracts(indexFile, files, progress);
  stopBars();
  for (const r of reports) {
    console.log(
      `${r.source}: ${thousands(r.places)} places from ${thousands(r.elements)} elements ` +
        `in ${(r.ms / 1000).toFixed(1)} s (${r.passes} ${r.passes === 1 ? 'pass' : 'passes'})`,
    );
  }
  console.log(
    `done in ${((performance.now() - started) / 1000).toFixed(1)} s → ${indexFile} ` +
      '(a running server switches to it at its next search)',
  );
} catch (error) {
  stopBars();
  if (!(error instanceof ExtractFileError)) throw error;
  console.error(`places:load: ${error.message}. The places index is unchanged.`);
  process.exitCode = 1;
}
