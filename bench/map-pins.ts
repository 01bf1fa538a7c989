/**
 * How fast SpotMap opens and pans with 100 vs 10,000 pins (issue #3 §6), measured on the
 * real component in headless Chromium, against the offline basemap of this repository.
 *
 *   npx tsx bench/map-pins.ts [--runs 3] [--screenshots]
 *
 * Builds bench/map-harness (a page that renders SpotMap) with Vite into bench/results/,
 * serves it from a Fastify instance with basemapRoutes and a stub /api/config/, and
 * blocks (and counts) every request that would leave the machine.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import react from '@vitejs/plugin-react';
import Fastify from 'fastify';
import { chromium, type Page } from 'playwright-core';
import { build } from 'vite';
import { createBasemap } from '../server/src/features/basemap/basemap.ts';
import { basemapRoutes } from '../server/src/features/basemap/routes.ts';

const repo = fileURLToPath(new URL('..', import.meta.url));
const outDir = path.join(repo, 'bench/results/map-harness');
const args = process.argv.slice(2);
const runs = Number(args[args.indexOf('--runs') + 1]) || 3;
const screenshots = args.includes('--screenshots');

async function buildHarness() {
  const started = performance.now();
  await build({
    configFile: false,
    root: path.join(repo, 'bench/map-harness'),
    plugins: [react()],
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true, chunkSizeWarningLimit: 4000 },
  });
  console.log(`harness built in ${Math.round(performance.now() - started)} ms`);
}

async function startServer(dataDir: string) {
  const app = Fastify();
  const basemap = createBasemap(dataDir);
  app.addHook('onClose', () => basemap.close());
  await app.register(basemapRoutes, { basemap });
  app.get('/api/config/', async () => ({
    contact_email: 'bench@localhost',
    maps: { engine: 'maplibre', google_maps_api_key: null, style_url: '/api/map/style.json' },
  }));
  await app.register(fastifyStatic, { root: outDir });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, address };
}

/** Shows a new map with `count` pins and resolves with ms from data to a loaded, idle map. */
async function openMap(page: Page, count: number | null): Promise<number> {
  return page.evaluate(async (n) => {
    window.__bench.show(null);
    await new Promise((r) => setTimeout(r, 50));
    const start = performance.now();
    window.__bench.show(n);
    return new Promise<number>((resolve, reject) => {
      const timeout = setTimeout(
        () => reject(new Error('map did not become idle in 60 s')),
        60_000,
      );
      const check = () => {
        const el = document.querySelector<HTMLElement>('[data-map-state]');
        if (el?.dataset['mapState'] === 'failed') return reject(new Error('map failed to load'));
        if (
          el?.dataset['mapState'] === 'loaded' &&
          el.dataset['mapIdle'] === 'true' &&
          window.__idleAt > start
        ) {
          clearTimeout(timeout);
          return resolve(window.__idleAt - start);
        }
        setTimeout(check, 5);
      };
      check();
    });
  }, count);
}

/** Replaces the pins of the open map and times until it is idle again. */
async function updatePins(page: Page, count: number): Promise<number> {
  return page.evaluate(async (n) => {
    const start = performance.now();
    window.__bench.setPins(n);
    return new Promise<number>((resolve) => {
      const check = () =>
        window.__idleAt > start && window.__idleAt > (window.__busyAt ?? 0)
          ? resolve(window.__idleAt - start)
          : setTimeout(check, 5);
      setTimeout(check, 50);
    });
  }, count);
}

/** Drags the map by 300 px like a person would (~20 frames); returns the slowest frame and time to idle. */
async function pan(page: Page): Promise<{ worstFrame: number; meanFrame: number; settle: number }> {
  const box = (await page.locator('canvas.maplibregl-canvas').boundingBox())!;
  await page.evaluate(() => {
    const w = window as unknown as { __frames: number[]; __sampling: boolean };
    w.__frames = [];
    w.__sampling = true;
    let last = performance.now();
    const tick = (now: number) => {
      w.__frames.push(now - last);
      last = now;
      if (w.__sampling) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  for (let i = 1; i <= 20; i++) {
    await page.mouse.move(x - i * 15, y - i * 5);
    await page.waitForTimeout(16);
  }
  const released = await page.evaluate(() => performance.now());
  await page.mouse.up();
  const settle = await page.evaluate(
    (since) =>
      new Promise<number>((resolve) => {
        const check = () =>
          window.__idleAt > since && window.__idleAt > window.__busyAt
            ? resolve(window.__idleAt - since)
            : setTimeout(check, 5);
        check();
      }),
    released,
  );
  const frames = await page.evaluate(() => {
    const w = window as unknown as { __frames: number[]; __sampling: boolean };
    w.__sampling = false;
    return w.__frames.slice(1);
  });
  return {
    worstFrame: Math.max(...frames),
    meanFrame: frames.reduce((a, b) => a + b, 0) / frames.length,
    settle,
  };
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const ms = (value: number) => `${Math.round(value)} ms`.padStart(8);

async function main() {
  await buildHarness();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'map-bench-'));
  const { app, address } = await startServer(dataDir);
  const browser = await chromium.launch({
    executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  let external = 0;
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
    // tsx names functions with an `__name` helper that the page lacks; give it a no-op.
    await page.addInitScript('window.__name = (f) => f');
    await page.route('**/*', (route) => {
      if (route.request().url().startsWith(address)) return route.continue();
      external++;
      return route.abort();
    });
    page.on('crash', () => console.error('the page crashed'));
    const consoleErrors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && consoleErrors.push(m.text()));
    await page.goto(address);
    await page.waitForFunction(() => Boolean(window.__bench));

    const cold = await openMap(page, 100);
    const open: Record<number, number[]> = { 100: [], 10_000: [] };
    const pans: Record<number, Awaited<ReturnType<typeof pan>>[]> = { 100: [], 10_000: [] };
    const updates: number[] = [];
    for (let i = 0; i < runs; i++) {
      for (const count of [100, 10_000]) {
        open[count]!.push(await openMap(page, count));
        pans[count]!.push(await pan(page));
      }
      await openMap(page, 0);
      updates.push(await updatePins(page, 10_000));
    }
    if (screenshots) {
      await openMap(page, 10_000);
      await page.screenshot({ path: path.join(repo, 'bench/results/map-10k.png') });
      await page.emulateMedia({ colorScheme: 'dark' });
      await openMap(page, 10_000);
      await page.screenshot({ path: path.join(repo, 'bench/results/map-10k-dark.png') });
    }

    const row = (label: string, a: number, b: number) =>
      console.log(`  ${label.padEnd(42)}${ms(a)}${ms(b)}`);
    const pan100 = pans[100]!;
    const pan10k = pans[10_000]!;
    console.log(
      `\nSpotMap (MapLibre, offline basemap), headless Chromium without GPU, median of ${runs}`,
    );
    console.log(
      `${cpus().length} CPUs, load average ${loadavg()[0]!.toFixed(1)}: absolute times scale with both.`,
    );
    console.log(
      `  first map of the page, 100 pins (code, style, data, fonts): ${Math.round(cold)} ms\n`,
    );
    console.log(`  ${''.padEnd(42)}${'100'.padStart(8)}${'10,000'.padStart(8)} pins`);
    row('new map: data -> loaded, idle', median(open[100]!), median(open[10_000]!));
    row(
      'pan 300 px by drag: mean frame',
      median(pan100.map((p) => p.meanFrame)),
      median(pan10k.map((p) => p.meanFrame)),
    );
    row(
      'pan 300 px by drag: worst frame',
      median(pan100.map((p) => p.worstFrame)),
      median(pan10k.map((p) => p.worstFrame)),
    );
    row(
      'pan: release -> idle',
      median(pan100.map((p) => p.settle)),
      median(pan10k.map((p) => p.settle)),
    );
    console.log(
      `  open empty map, set 10,000 pins -> fitted and idle: ${Math.round(median(updates))} ms`,
    );
    console.log(`  requests that tried to leave the machine: ${external}`);
    if (consoleErrors.length) console.log(`  console errors: ${consoleErrors.join(' | ')}`);
  } finally {
    await browser.close();
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
