/**
 * How fast a shared list opens in headless Chromium (issue 5 §7): ms from navigation to
 * the frame that shows the first spot cards, the one that shows the map's picture (the
 * server's drawing of the map, shown until MapLibre is ready: decision 010) and the one
 * that shows the loaded interactive map, for a list of 2,000 spots against a list of 3
 * spots measured in the same run (the baseline: the page and the map's own start-up).
 *
 *   npm run build && npx tsx bench/list-page.ts [--runs 5] [--postgres] [--waterfall] [--screenshot]
 *
 * The server is started as `npm run serve` starts it; the browser is the tests' one
 * (Debian's chromium, no GPU). --waterfall prints when each request of one cold visit
 * ended, to see what the map waits for; --screenshot saves each list's page to bench/results/.
 */
import { createDatabase, dropDatabase, runDatabaseName } from '../server/test/postgres.ts';
import { ApiClient } from '../e2e/support/api-client.ts';
import { startApp } from '../e2e/support/app-server.ts';
import { launchBrowser } from '../e2e/support/browser.ts';
import { createSpot, placeIdsFromIndex } from '../e2e/support/lists-seed.ts';
import type { Browser, Page } from 'playwright-core';

const args = process.argv.slice(2);
const runs = Number(args[args.indexOf('--runs') + 1]) || 5;
const postgres = args.includes('--postgres');
const waterfall = args.includes('--waterfall');
const screenshot = args.includes('--screenshot');

/** ms from navigation start; `…Shown` once the frame showing it is committed. */
interface Marks {
  cards?: number;
  cardsShown?: number;
  picture?: number;
  pictureShown?: number;
  map?: number;
  mapShown?: number;
  /** The map's User Timing marks (map-events.ts): created, style loaded, first frame. */
  steps?: Record<string, number>;
}
const COLUMNS = ['cards', 'cardsShown', 'picture', 'pictureShown', 'map', 'mapShown'] as const;

/**
 * Runs in the page before its scripts: notes when the first card and the loaded map
 * enter the DOM, and when the frame that shows them is committed (a task after that
 * frame's animation callbacks; with a map drawing in software, a frame can take 200 ms).
 */
function recordMarks() {
  const marks: Marks = {};
  (window as unknown as { __marks: Marks }).__marks = marks;
  const seen = (name: 'cards' | 'picture' | 'map') => {
    marks[name] = performance.now();
    requestAnimationFrame(() => setTimeout(() => (marks[`${name}Shown`] = performance.now())));
  };
  let pictureWatched = false;
  new MutationObserver(() => {
    if (marks.cards === undefined && document.querySelector('article')) seen('cards');
    // The map's picture (SpotMap's MapPicture) counts once its image has arrived.
    const picture = document.querySelector<HTMLImageElement>('img[data-map-picture]');
    if (picture && !pictureWatched) {
      pictureWatched = true;
      if (picture.complete && picture.naturalWidth > 0) seen('picture');
      else picture.addEventListener('load', () => seen('picture'), { once: true });
    }
    if (marks.map === undefined && document.querySelector('[data-map-state="loaded"]')) {
      seen('map');
    }
  }).observe(document, { subtree: true, childList: true, attributes: true });
}

async function seed(base: string): Promise<{ big: string; small: string; owner: ApiClient }> {
  const api = new ApiClient(base);
  await api.register({ username: 'bench', email: 'bench@example.test', password: 'a-long-pass-1' });
  const make = (name: string) =>
    api.post<{ id: number; slug: string }>('/api/lists/list/', {
      name,
      description: '',
      shareable_by_link: true,
    });
  const big = await make('Everything');
  const small = await make('A few');
  const ids = placeIdsFromIndex(2000);
  for (let i = 0; i < ids.length; i += 20) {
    await Promise.all(ids.slice(i, i + 20).map((id) => createSpot(api, id, { listId: big.id })));
  }
  const detail = await api.get<{ reviews: { id: number }[] }>(`/api/lists/list/${big.slug}`);
  for (const spot of detail.reviews.slice(0, 3)) {
    await api.post('/api/list_reviews/list_review/', { list: small.id, review: spot.id });
  }
  return { big: big.slug, small: small.slug, owner: api };
}

/** One visit in a fresh profile (cold caches) or an existing one (warm). */
async function visit(page: Page, url: string): Promise<Marks> {
  await page.goto(url);
  await page.waitForSelector('[data-map-state="loaded"], [data-map-state="failed"]');
  await page.waitForSelector('article');
  await page.waitForFunction(() => {
    const marks = (window as unknown as { __marks: Marks }).__marks;
    return marks.cardsShown !== undefined && marks.mapShown !== undefined;
  });
  return page.evaluate(() => ({
    ...(window as unknown as { __marks: Marks }).__marks,
    steps: Object.fromEntries(
      performance.getEntriesByType('mark').map((m) => [m.name, Math.round(m.startTime)]),
    ),
  }));
}

/** A new browser profile signed in as the lists' owner, who sees the map with its pins. */
async function freshPage(browser: Browser, owner: ApiClient): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await owner.shareSessionWith(context);
  // tsx names functions with an `__name` helper that the page lacks; give it a no-op.
  await context.addInitScript('window.__name = (f) => f');
  await context.addInitScript(recordMarks);
  return context.newPage();
}

async function printWaterfall(page: Page) {
  const rows = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((e) => ({
        name: new URL(e.name).pathname + new URL(e.name).search.slice(0, 12),
        start: Math.round(e.startTime),
        end: Math.round((e as PerformanceResourceTiming).responseEnd),
      }))
      .sort((a, b) => a.end - b.end),
  );
  for (const row of rows)
    console.log(`  ${String(row.start).padStart(5)} → ${row.end} ms  ${row.name}`);
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main() {
  const env: Record<string, string> = { EXAMPLE_LISTS: '0' };
  const database = postgres ? runDatabaseName('spotbook_bench_page') : null;
  if (database) env.DATABASE_URL = await createDatabase(database);
  const app = await startApp(env);
  const browser = await launchBrowser();
  try {
    const slugs = await seed(app.url);
    // The server cuts the basemap's tiles on the first map request, once; a tile request
    // waits for that, so no visit below is the one that pays for it.
    await fetch(`${app.url}/api/map/tiles/0/0/0.pbf`);
    const results: Record<string, Record<(typeof COLUMNS)[number], number[]>> = {};
    const steps: Record<string, Record<string, number[]>> = {};
    const note = (label: string, marks: Marks) => {
      const r = (results[label] ??= {
        cards: [],
        cardsShown: [],
        picture: [],
        pictureShown: [],
        map: [],
        mapShown: [],
      });
      for (const column of COLUMNS) r[column].push(marks[column] ?? NaN);
      for (const [name, at] of Object.entries(marks.steps ?? {})) {
        ((steps[label] ??= {})[name] ??= []).push(at);
      }
    };
    for (let run = 0; run < runs; run++) {
      for (const [label, slug] of [
        ['3 spots', slugs.small],
        ['2,000 spots', slugs.big],
      ] as const) {
        const page = await freshPage(browser, slugs.owner);
        note(`${label}, cold`, await visit(page, `${app.url}/lists/${slug}`));
        if (waterfall && run === 0 && label === '2,000 spots') await printWaterfall(page);
        if (screenshot && run === 0) {
          await page.waitForSelector('[data-map-idle="true"]');
          await page.screenshot({
            path: `bench/results/list-page-${label.replace(/\W+/g, '-')}.png`,
          });
        }
        await page.goto(`${app.url}/about`);
        note(`${label}, warm`, await visit(page, `${app.url}/lists/${slug}`));
        await page.context().close();
      }
    }
    console.log(
      `\nList page in headless Chromium (${postgres ? 'PostgreSQL' : 'SQLite'}), median of ${runs}, ms from navigation start`,
    );
    const headings = [
      'cards in DOM',
      'cards shown',
      'picture in',
      'picture shown',
      'map loaded',
      'map shown',
    ];
    console.log(`  ${''.padEnd(22)}${headings.map((h) => h.padStart(14)).join('')}`);
    for (const [label, r] of Object.entries(results)) {
      const cells = COLUMNS.map((c) => String(Math.round(median(r[c]))).padStart(14));
      console.log(`  ${label.padEnd(22)}${cells.join('')}`);
    }
    console.log('  the map on its way (medians, ms):');
    for (const [label, byName] of Object.entries(steps)) {
      const line = Object.entries(byName)
        .map(([name, at]) => `${name.replace('map:', '')} ${median(at)}`)
        .join(', ');
      console.log(`    ${label.padEnd(20)}${line}`);
    }
    const ratio = (what: (typeof COLUMNS)[number], temp: string) =>
      (
        median(results[`2,000 spots, ${temp}`]![what]) / median(results[`3 spots, ${temp}`]![what])
      ).toFixed(2);
    console.log(
      `  2,000 / 3 spots, shown: cold cards ${ratio('cardsShown', 'cold')}×, map ${ratio('mapShown', 'cold')}×; ` +
        `warm cards ${ratio('cardsShown', 'warm')}×, map ${ratio('mapShown', 'warm')}×`,
    );
  } finally {
    await browser.close();
    await app.stop();
    if (database) await dropDatabase(database);
  }
}

await main();
