/**
 * What the server's pictures cost (decisions 010 and 017): ms to draw and encode the
 * list page's map picture, and its size, for a world view of 2,000 spots, a region and
 * one city, at pixel ratio 1 and 2. The baseline, measured in the same run, is the same
 * picture without pins (the basemap and the PNG encoding alone). Then a spot's location
 * picture (640 × 480) and the link card (1200 × 630) with names in four scripts. Then the
 * world view drawn as the server draws it, through the picture pool's worker thread (the
 * task's trip to the thread and back included; each a new key, so no cache answers).
 * The basemap file is built first in a temporary DATA_DIR, as a server builds it on its
 * first map.
 *
 *   npx tsx bench/map-picture.ts [--runs 20]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  mapPictureFrame,
  OFFLINE_FIT_MAX_ZOOM,
  pictureCamera,
  pinBounds,
} from '@spotbook/contract';
import { createBasemap } from '../server/src/features/basemap/basemap.ts';
import { renderMapPicture } from '../server/src/features/basemap/picture/render.ts';
import type { PicturePin } from '../server/src/features/basemap/picture/pins.ts';
import { PictureService } from '../server/src/features/pictures/picture-service.ts';
import { renderListCard } from '../server/src/features/lists/preview/card.ts';

const args = process.argv.slice(2);
const runs = Number(args[args.indexOf('--runs') + 1]) || 20;

/** Deterministic pseudo-random pins around some of the most-visited cities. */
function pinsAround(centres: [number, number][], count: number, spread: number): PicturePin[] {
  let seed = 7;
  const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647) * 2 - 1;
  return Array.from({ length: count }, (_, i) => {
    const [lat, lng] = centres[i % centres.length]!;
    return { lat: lat + random() * spread, lng: lng + random() * spread, visited: i % 3 === 0 };
  });
}

const WORLD: [number, number][] = [
  [48.86, 2.35],
  [51.51, -0.13],
  [40.71, -74.0],
  [35.68, 139.69],
  [-33.87, 151.21],
  [-23.55, -46.63],
  [19.43, -99.13],
  [41.01, 28.98],
  [28.61, 77.21],
  [1.35, 103.82],
  [-1.29, 36.82],
  [30.04, 31.24],
  [13.75, 100.5],
  [55.76, 37.62],
  [34.05, -118.24],
];
const cases = [
  { name: 'world, 2,000 spots', pins: pinsAround(WORLD, 2000, 2) },
  { name: 'Europe, 400 spots', pins: pinsAround(WORLD.slice(0, 2), 400, 4) },
  { name: 'Paris, 40 spots', pins: pinsAround(WORLD.slice(0, 1), 40, 0.03) },
];

async function time(draw: () => Promise<Buffer>) {
  await draw(); // the first call loads and projects the coastlines
  const times: number[] = [];
  // CPU time of the whole process (every thread: Skia's, libvips'): steadier than the
  // wall clock when other work shares the machine.
  const cpu: number[] = [];
  let bytes = 0;
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const cpuStarted = process.cpuUsage();
    bytes = (await draw()).length;
    times.push(performance.now() - started);
    const used = process.cpuUsage(cpuStarted);
    cpu.push((used.user + used.system) / 1000);
  }
  times.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  const at = (q: number) => Math.floor(runs * q);
  return { p50: times[at(0.5)]!, p95: times[at(0.95)]!, cpu50: cpu[at(0.5)]!, bytes };
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'spotbook-picture-bench-'));
const basemap = createBasemap(dataDir);
await basemap.ready();

// A desktop list page's map box, 1,150 × 403 CSS px, is drawn at its bucket's size.
const size = mapPictureFrame({ width: 1150, height: 403 }).picture;
console.log(
  `Map picture, ${size.width} × ${size.height} CSS px (a desktop list page), ${runs} runs each`,
);
console.log(
  `  ${''.padEnd(22)}ratio  p50 ms  p95 ms  CPU p50    KB   baseline p50 (no pins)   × baseline`,
);
for (const { name, pins } of cases) {
  for (const pixelRatio of [1, 2]) {
    const camera = pictureCamera(pinBounds(pins)!, size, OFFLINE_FIT_MAX_ZOOM);
    const picture = (withPins: readonly PicturePin[]) => () =>
      renderMapPicture(
        { camera, ...size, pixelRatio, theme: 'light', pins: withPins },
        basemap.world,
      );
    const baseline = await time(picture([]));
    const measured = await time(picture(pins));
    console.log(
      `  ${name.padEnd(22)}${String(pixelRatio).padStart(5)}` +
        `${measured.p50.toFixed(1).padStart(8)}${measured.p95.toFixed(1).padStart(8)}` +
        `${measured.cpu50.toFixed(1).padStart(9)}` +
        `${String(Math.round(measured.bytes / 1024)).padStart(6)}` +
        `${baseline.p50.toFixed(1).padStart(25)}` +
        `${(measured.p50 / baseline.p50).toFixed(2).padStart(13)}×`,
    );
  }
}

const summary = ({ p50, p95, cpu50, bytes }: Awaited<ReturnType<typeof time>>) =>
  `p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, CPU p50 ${cpu50.toFixed(1)} ms, ${Math.round(bytes / 1024)} KB`;
// The location picture of issue 13: 320 × 240 CSS px at ratio 2, zoom 4, one pin.
const paris = { lat: 48.857, lng: 2.352 };
const location = await time(() =>
  renderMapPicture(
    {
      camera: { ...paris, zoom: 4 },
      width: 320,
      height: 240,
      pixelRatio: 2,
      theme: 'light',
      pins: [{ ...paris, visited: false }],
    },
    basemap.world,
  ),
);
console.log(`\nLocation picture (640 × 480, Paris): ${summary(location)}`);
console.log('Link card (1200 × 630)');
for (const name of ['東京の喫茶店', 'Кафе', 'مقاهي القاهرة', 'café ☕']) {
  const card = await time(() => renderListCard({ name, owner: 'yuki', spotCount: 12 }));
  console.log(`  ${name.padEnd(16)}${summary(card)}`);
}

const pool = new PictureService({ basemap, dataDir });
const world = cases[0]!.pins;
let key = 0;
console.log(`\nThrough the picture pool (${cases[0]!.name}, a worker thread)`);
for (const pixelRatio of [1, 2]) {
  const camera = pictureCamera(pinBounds(world)!, size, OFFLINE_FIT_MAX_ZOOM);
  const picture = { camera, ...size, pixelRatio, theme: 'light' as const, pins: world };
  const measured = await time(() => pool.png(`bench-${key++}`, { kind: 'map', picture, dataDir }));
  console.log(
    `  ratio ${pixelRatio}: p50 ${measured.p50.toFixed(1)} ms, p95 ${measured.p95.toFixed(1)} ms`,
  );
}
await pool.close();
await basemap.close();
rmSync(dataDir, { recursive: true, force: true });
