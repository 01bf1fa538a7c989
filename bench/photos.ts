/**
 * Photos (issue 13, decision 021): what one upload costs and what a list page serves.
 *
 *   npx tsx bench/photos.ts            # all three parts
 *   npx tsx bench/photos.ts --no-compare
 *
 * 1. Processing a 12-megapixel phone JPEG (4000×3000, EXIF orientation 6, GPS): ms and
 *    CPU ms per photo (10 runs, in a fresh child process: bench/photos-worker.ts) and that
 *    process's peak RSS, against the targets < 500 ms and < 150 MB; with MALLOC_ARENA_MAX=1
 *    as `npm run serve` sets it, and without (glibc's default: up to 8 arenas per core).
 *    Then the real server (bench/photos-server.ts): idle RSS and the peak while it takes
 *    10 uploads of that photo over HTTP, both ways.
 * 2. A shareable list of 20 spots, each with an uploaded 12-megapixel cover, opened signed
 *    out: the bytes of the 20 cover thumbnails it shows (target < 600 KB), over the real
 *    routes (multipart upload, list detail, photo GETs) on SQLite.
 * 3. WebP against AVIF for the same photo at 1,600 and 400 px: bytes, encode ms and PSNR
 *    against the resized original (the "equal quality" yardstick: no SSIM/butteraugli here).
 *
 * The photos are generated (gradients + sensor-like noise), which compresses worse than
 * most real photos: the byte figures are on the pessimistic side.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp, { type Sharp } from 'sharp';
import { buildApp } from '../server/src/app.ts';
import { loadConfig } from '../server/src/config.ts';
import type { PlacesProvider } from '../server/src/features/places/provider.ts';
import { photoPixels, sidewaysJpegWithGps } from '../server/src/features/photos/test/images.ts';
import { multipartBody } from '../server/src/features/photos/test/multipart.ts';
import { seedSharedList, signUp } from './photos-seed.ts';
import { serverUploadPeak } from './photos-server.ts';

const args = process.argv.slice(2);
const self = fileURLToPath(import.meta.url);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** A 12-megapixel phone photo; `variant` changes its colours so 20 covers differ. */
async function phonePhoto(variant = 0): Promise<Buffer> {
  if (variant === 0) return sidewaysJpegWithGps(4000, 3000);
  const image = await photoPixels(4000, 3000);
  return image
    .modulate({ hue: variant * 17 })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** What `npm run serve` adds to the environment for memory (package.json). */
const SERVE_ENV = { MALLOC_ARENA_MAX: '1' };
/**
 * glibc's default on 64-bit, 8 arenas per core, written out: the server launcher shared
 * with e2e (serveCommand) sets MALLOC_ARENA_MAX=1 as `npm run serve` does, so leaving the
 * variable out would measure the serve setting twice.
 */
const DEFAULT_ENV = { MALLOC_ARENA_MAX: String(8 * os.availableParallelism()) };

function processing(file: string, extraEnv: Record<string, string>, label: string) {
  const worker = path.join(path.dirname(self), 'photos-worker.ts');
  const env = { ...process.env, ...extraEnv };
  const child = spawnSync(process.execPath, ['--import', 'tsx', worker, file, '10'], {
    encoding: 'utf8',
    env,
  });
  if (child.status !== 0) throw new Error(`worker failed: ${child.stderr}`);
  const { ms, cpuMs, before, peak } = JSON.parse(child.stdout.trim().split('\n').pop()!) as {
    ms: number[];
    cpuMs: number;
    before: number;
    peak: number;
  };
  console.log(
    `1. 12-megapixel JPEG → large + thumb WebP, ${label}: median ${median(ms).toFixed(0)} ms, ` +
      `${cpuMs.toFixed(0)} CPU ms (runs ${ms.map((m) => m.toFixed(0)).join(', ')} ms; target < 500 ms)`,
  );
  console.log(
    `   peak RSS ${mb(peak)}: ${mb(peak - before)} over the ${mb(before)} of Node, tsx and sharp loaded (target < 150 MB)`,
  );
}

async function serverUploads(photo: Buffer, extraEnv: Record<string, string>, label: string) {
  const { idleMb, peakMb, uploadMs, cpuMsPerUpload } = await serverUploadPeak(photo, extraEnv);
  console.log(
    `   the server, ${label}: idle ${idleMb.toFixed(0)} MB, peak over 10 uploads ` +
      `${peakMb.toFixed(0)} MB (+${(peakMb - idleMb).toFixed(0)} MB); ` +
      `upload median ${median(uploadMs).toFixed(0)} ms, ${cpuMsPerUpload.toFixed(0)} CPU ms`,
  );
}

async function listPageCovers() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'spotbook-bench-photos-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    EXAMPLE_LISTS: '0',
  });
  // The list page never searches places: a stub saves building the embedded index.
  const places: PlacesProvider = {
    name: 'osm',
    searchCities: async () => [],
    searchPlaces: async () => [],
    getPlace: async () => null,
    close: () => {},
  };
  const { app, ctx } = await buildApp(config, { logger: false, places });
  try {
    const owner = await signUp(app);
    const { slug, spotIds } = await seedSharedList(ctx.db, owner.id, 20);
    const uploadMs: number[] = [];
    for (const [i, spotId] of spotIds.entries()) {
      const { payload, headers } = multipartBody([
        { data: await phonePhoto(i), type: 'image/jpeg' },
      ]);
      const started = performance.now();
      const response = await app.inject({
        method: 'POST',
        url: `/api/reviews/review/${spotId}/photos/`,
        payload,
        headers: { ...headers, ...owner.headers },
      });
      uploadMs.push(performance.now() - started);
      if (response.statusCode !== 201) throw new Error(`upload failed: ${response.body}`);
    }
    const list = await app.inject({ url: `/api/lists/list/${slug}/` });
    const spots = list.json<{ reviews: { photos: { thumb_url: string; url: string }[] }[] }>()
      .reviews;
    let thumbs = 0;
    let larges = 0;
    for (const spot of spots) {
      const cover = spot.photos[0]!;
      thumbs += (await app.inject({ url: cover.thumb_url })).rawPayload.length;
      larges += (await app.inject({ url: cover.url })).rawPayload.length;
    }
    console.log(
      `2. list of ${spots.length} spots, signed out: the covers' thumbnails ${kb(thumbs)} ` +
        `(${kb(thumbs / spots.length)} each; target < 600 KB); their large versions ${kb(larges)}`,
    );
    console.log(
      `   upload through the API (multipart, processing, one transaction): median ${median(uploadMs).toFixed(0)} ms`,
    );
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Peak signal-to-noise ratio of `encoded` against the raw pixels it was made from. */
async function psnr(encoded: Buffer, raw: Buffer) {
  const back = await sharp(encoded).removeAlpha().raw().toBuffer();
  let squared = 0;
  for (let i = 0; i < back.length; i++) squared += (back[i]! - raw[i]!) ** 2;
  return 10 * Math.log10((255 * 255) / (squared / back.length));
}

async function compareFormats(file: Buffer) {
  console.log(
    '3. WebP vs AVIF (same photo; bytes, encode ms, PSNR dB against the resized original)',
  );
  for (const side of [1600, 400]) {
    const { data, info } = await sharp(file)
      .rotate()
      .resize(side, side, { fit: 'inside' })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const encoders: [string, (s: Sharp) => Sharp][] = [
      ['webp q80', (s) => s.webp({ quality: 80 })],
      ['webp q70', (s) => s.webp({ quality: 70 })],
      ['avif q50 effort 4', (s) => s.avif({ quality: 50 })],
      ['avif q60 effort 4', (s) => s.avif({ quality: 60 })],
      ['avif q60 effort 2', (s) => s.avif({ quality: 60, effort: 2 })],
    ];
    for (const [name, encode] of encoders) {
      const started = performance.now();
      const out = await encode(sharp(data, { raw: info })).toBuffer();
      const ms = performance.now() - started;
      console.log(
        `   ${String(side).padStart(4)} px ${name.padEnd(18)} ${kb(out.length).padStart(9)} ${ms.toFixed(0).padStart(5)} ms  PSNR ${(await psnr(out, data)).toFixed(2)}`,
      );
    }
  }
}

{
  const dir = mkdtempSync(path.join(os.tmpdir(), 'spotbook-bench-photo-'));
  const file = path.join(dir, 'phone.jpg');
  const photo = await phonePhoto();
  writeFileSync(file, photo);
  console.log(
    `a generated 4000×3000 phone JPEG: ${mb(photo.length)}, ${os.availableParallelism()} cores`,
  );
  try {
    // glibc gives each thread that allocates (libuv's pool, libvips') an arena of its own
    // and keeps what each has freed; one arena lets freed memory be reused (decision 021).
    processing(file, SERVE_ENV, 'MALLOC_ARENA_MAX=1 (npm run serve)');
    processing(file, DEFAULT_ENV, "glibc's default arenas (8 a core)");
    await serverUploads(photo, SERVE_ENV, 'MALLOC_ARENA_MAX=1 (npm run serve)');
    await serverUploads(photo, DEFAULT_ENV, "glibc's default arenas (8 a core)");
    await listPageCovers();
    if (!args.includes('--no-compare')) await compareFormats(photo);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
