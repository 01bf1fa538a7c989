import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ListSummary } from '@spotbook/contract';
import type { Page } from 'playwright-core';
import { PALETTES } from '../server/src/features/basemap/themes.ts';
import { ApiClient } from './support/api-client.ts';
import { checkAndClose, openSession, screenshot, type Session } from './support/browser.ts';
import { createSpot, placeIdsFromIndex } from './support/lists-seed.ts';
import { startStack, type Stack } from './support/stack.ts';

/**
 * The list page's map picture (issue 5 §7, decision 010): the server's drawing of the
 * map stands in for it while MapLibre starts, then gives way to it. What is checked is
 * what a viewer sees: the picture appears before the map, shows the same place (its
 * land and water where the map's are), and leaves once the map is there. The database
 * does not matter here; the API suite runs the picture's endpoint on both.
 */
const PASSWORD = 'picture password 1';
const hex = (color: string) => [1, 3, 5].map((i) => parseInt(color.slice(i, i + 2), 16));

interface Agreement {
  /** pixels that are plain land or water in both images */
  both: number;
  /** of those, pixels that are the same in both */
  same: number;
  total: number;
}

/** Compares two images' land and water, pixel by pixel, in the page's own canvas. */
function compareLandAndWater(
  page: Page,
  images: { picture: string; map: string },
  colors: { water: number[]; land: number[] },
  /** the picture is drawn for its size bucket, centred on the map's box: its overhang */
  pictureInset: { x: number; y: number },
): Promise<Agreement> {
  return page.evaluate(
    async ({ images, colors, pictureInset }) => {
      const load = (src: string) =>
        new Promise<HTMLImageElement>((resolve, reject) => {
          const image = new Image();
          image.onload = () => resolve(image);
          image.onerror = reject;
          image.src = src;
        });
      const [a, b] = await Promise.all([load(images.picture), load(images.map)]);
      const width = b.width;
      const height = b.height;
      const pixels = (image: HTMLImageElement, x: number, y: number) => {
        const canvas = document.createElement('canvas');
        canvas.width = width;
        canvas.height = height;
        const context = canvas.getContext('2d')!;
        context.drawImage(image, x, y);
        return context.getImageData(0, 0, width, height).data;
      };
      const [pa, pb] = [pixels(a, -pictureInset.x, -pictureInset.y), pixels(b, 0, 0)];
      const near = (data: Uint8ClampedArray, i: number, color: number[]) =>
        Math.abs(data[i]! - color[0]!) +
          Math.abs(data[i + 1]! - color[1]!) +
          Math.abs(data[i + 2]! - color[2]!) <
        6;
      const kind = (data: Uint8ClampedArray, i: number) =>
        near(data, i, colors.water) ? 1 : near(data, i, colors.land) ? 2 : 0;
      let both = 0;
      let same = 0;
      for (let i = 0; i < pa.length; i += 4) {
        const ka = kind(pa, i);
        const kb = kind(pb, i);
        if (ka && kb) {
          both++;
          if (ka === kb) same++;
        }
      }
      return { both, same, total: width * height };
    },
    { images, colors, pictureInset },
  );
}

describe('the map picture on a list page, in a real browser', () => {
  let stack: Stack;
  let base: string;
  let owner: ApiClient;
  let list: ListSummary;
  const sessions: Session[] = [];

  beforeAll(async () => {
    // The one server of the suite without the run's prebuilt basemap: it cuts its own.
    stack = await startStack('sqlite', {}, { freshBasemap: true });
    base = stack.app.url;
    owner = new ApiClient(base);
    await owner.register({
      username: 'painter',
      email: 'painter@example.test',
      password: PASSWORD,
    });
    list = await owner.post<ListSummary>('/api/lists/list/', {
      name: 'Pictured',
      description: '',
      shareable_by_link: true,
    });
    for (const id of placeIdsFromIndex(60)) await createSpot(owner, id, { listId: list.id });
    // A fresh server builds its basemap file (tiles and the pictures' coastlines) on the
    // first map request, once; not the visits below.
    expect((await fetch(`${base}/api/map/tiles/0/0/0.pbf`)).status).toBe(200);
  });
  afterAll(() => stack?.stop());
  afterEach(async ({ task }) => {
    for (const session of sessions.splice(0)) await checkAndClose(session, task);
  });

  it.each([
    { width: 1280, colorScheme: 'light' as const },
    { width: 360, colorScheme: 'dark' as const },
  ])(
    'shows the picture first, of the same view as the map, which then takes over ($width px, $colorScheme)',
    async ({ width, colorScheme }) => {
      const session = await openSession(stack.browser, { width, colorScheme });
      sessions.push(session);
      const { page, context } = session;
      await owner.shareSessionWith(context);
      await context.addInitScript('window.__name = (f) => f');
      // Hold the map's style until the picture is in, so the moment between is seen.
      let pictureShown!: () => void;
      const shown = new Promise<void>((resolve) => (pictureShown = resolve));
      await context.route('**/api/map/style.json*', async (route) => {
        await shown;
        await route.fallback();
      });

      await page.goto(`${base}/lists/${list.slug}`);
      const picture = page.locator('img[data-map-picture]');
      await expect
        .poll(
          () => picture.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)),
          // How soon is bench/list-page.ts's figure; here, only that it comes first.
          { timeout: 15_000 },
        )
        .toBeGreaterThan(0);
      const src = (await picture.getAttribute('src'))!;
      expect(src).toContain(`theme=${colorScheme}`);
      // Drawn for the map box's size bucket (each side rounded up to a multiple of 64, so
      // the server and the browser cache share pictures), and shown while the map is
      // still on its way.
      const frame = page.locator('[data-map-state] > div').first();
      const [boxWidth, boxHeight] = await frame.evaluate((f) => [f.clientWidth, f.clientHeight]);
      const natural = await picture.evaluate((img: HTMLImageElement) => [
        img.naturalWidth,
        img.naturalHeight,
      ]);
      expect(natural).toEqual([Math.ceil(boxWidth / 64) * 64, Math.ceil(boxHeight / 64) * 64]);
      expect(await page.locator('[data-map-state="loaded"]').count()).toBe(0);
      await expect.poll(() => picture.isVisible()).toBe(true);
      await screenshot(page, `map-picture-${width}-${colorScheme}`, { fullPage: false });
      pictureShown();

      await page.waitForSelector('[data-map-state="loaded"][data-map-idle="true"]');
      await picture.waitFor({ state: 'detached' });
      const map = await page.locator('.maplibregl-canvas').screenshot();
      const drawn = await page.request.get(base + src);
      expect(drawn.status()).toBe(200);
      const agreement = await compareLandAndWater(
        page,
        {
          picture: `data:image/png;base64,${(await drawn.body()).toString('base64')}`,
          map: `data:image/png;base64,${map.toString('base64')}`,
        },
        { water: hex(PALETTES[colorScheme].water), land: hex(PALETTES[colorScheme].land) },
        { x: (natural[0]! - boxWidth) / 2, y: (natural[1]! - boxHeight) / 2 },
      );
      // Most of the map is plain land or sea (labels, lines and pins are the rest), and
      // where both images show land or sea they show the same one.
      expect(agreement.both / agreement.total).toBeGreaterThan(0.6);
      expect(agreement.same / agreement.both).toBeGreaterThan(0.98);
    },
  );

  it('is not asked for by a signed-out viewer, whose map stays greyed', async () => {
    const session = await openSession(stack.browser);
    sessions.push(session);
    const asked: string[] = [];
    session.page.on('request', (request) => {
      if (request.url().includes('/map.png')) asked.push(request.url());
    });
    await session.page.goto(`${base}/lists/${list.slug}`);
    await session.page.getByRole('article').first().waitFor();
    await session.page.getByText('to view this Map').waitFor();
    expect(asked).toEqual([]);
    expect(await session.page.locator('img[data-map-picture]').count()).toBe(0);
  });
});
