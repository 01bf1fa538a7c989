import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, type ListSummary } from '@spotbook/contract';
import type { Page } from 'playwright-core';
import { ApiClient } from './support/api-client.ts';
import { checkAndClose, openSession, screenshot, type Session } from './support/browser.ts';
import { createSpot, placeIdsFromIndex } from './support/lists-seed.ts';
import { startStack, type Stack } from './support/stack.ts';

/** A layout-shift entry's source (not in TypeScript's DOM library yet). */
interface ShiftSource {
  node: Node | null;
  previousRect: DOMRectReadOnly;
  currentRect: DOMRectReadOnly;
}

/**
 * A shared list opened signed out on a phone (issue 14 §4, decision 024): the map area is
 * a static greyed picture under 'Sign in to view this Map', and nothing of the map is
 * downloaded: no MapLibre, no map style or tiles, no picture of the list. The map's box
 * keeps its size (no layout shift). The database does not matter here (the API suite covers both).
 */
const PASSWORD = 'phone password 1';

/** Requests that would mean the map was loaded for nothing. */
const NOT_FOR_SIGNED_OUT = /MapLibreEngine|maplibre|GoogleEngine|SpotMap-|\/api\/map\/|map\.png/;

/** Form code a page that only shows has no use for (decision 024, 2026-11-23). */
const FORM_LIBRARIES = /node_modules\/(zod|react-hook-form|@hookform)\//;

/** The packages and sources in the built scripts `urls` name, read from their sourcemaps. */
function sourcesOf(urls: string[]): string[] {
  return urls.flatMap((url) => {
    const file = path.resolve('web/dist', `.${new URL(url).pathname}.map`);
    if (!existsSync(file)) return [];
    return (JSON.parse(readFileSync(file, 'utf8')) as { sources: string[] }).sources;
  });
}

/**
 * The layout shifts of the page so far that changed the map's box itself (its size):
 * the box may move down when the list's header replaces its skeleton, but not resize.
 */
function mapBoxResizes(page: Page) {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve) => {
        const map = document.querySelector('section[aria-label="Map of this list"]');
        // The box and its picture frame; the prompt's text may reflow as the web font
        // arrives, which is not the box changing size.
        const boxes = new Set([map, map?.querySelector('[data-disabled]')]);
        const resized: string[] = [];
        new PerformanceObserver((entries) => {
          for (const entry of entries.getEntries()) {
            const sources = (entry as PerformanceEntry & { sources?: ShiftSource[] }).sources ?? [];
            for (const { node, previousRect, currentRect } of sources) {
              const inMap = node instanceof Element && boxes.has(node);
              const sized = (r: DOMRectReadOnly) => `${r.width}x${r.height}`;
              if (inMap && sized(previousRect) !== sized(currentRect))
                resized.push(`${sized(previousRect)} → ${sized(currentRect)}`);
            }
          }
          resolve(resized);
        }).observe({ type: 'layout-shift', buffered: true });
        // No entry at all arrives as no callback: answer after a frame.
        requestAnimationFrame(() => setTimeout(() => resolve(resized), 100));
      }),
  );
}

describe('a shared list opened signed out on a phone', () => {
  let stack: Stack;
  let base: string;
  let list: ListSummary;
  const sessions: Session[] = [];

  beforeAll(async () => {
    stack = await startStack('sqlite');
    base = stack.app.url;
    const owner = new ApiClient(base);
    await owner.register({ username: 'phoebe', email: 'phoebe@example.test', password: PASSWORD });
    list = await owner.post<ListSummary>('/api/lists/list/', {
      name: 'Lisbon Bakeries',
      description: 'Pastel de nata, ranked.',
      shareable_by_link: true,
    });
    for (const id of placeIdsFromIndex(6)) await createSpot(owner, id, { listId: list.id });
  });
  afterAll(() => stack?.stop());
  afterEach(async ({ task }) => {
    for (const session of sessions.splice(0)) await checkAndClose(session, task);
  });

  it.each([
    { width: 360, colorScheme: 'light' as const },
    { width: 360, colorScheme: 'dark' as const },
    { width: 1280, colorScheme: 'light' as const },
  ])(
    'shows a greyed picture and the sign-in prompt, with no map code ($width px, $colorScheme)',
    async ({ width, colorScheme }) => {
      const session = await openSession(stack.browser, { width, colorScheme });
      sessions.push(session);
      const { page } = session;
      const requested: string[] = [];
      page.on('request', (request) => requested.push(request.url()));

      await page.goto(`${base}/lists/${list.slug}`);
      await page.getByRole('heading', { level: 1, name: 'Lisbon Bakeries' }).waitFor();
      await page.getByRole('heading', { name: 'Spots (6)' }).waitFor();
      const map = page.getByRole('region', { name: 'Map of this list' });
      await map.getByText('to view this Map').waitFor();
      // The prompt brings the viewer back to this list once signed in or up.
      expect(await map.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe(
        `/signin?listId=${list.slug}`,
      );
      expect(await map.getByRole('link', { name: 'Sign Up' }).getAttribute('href')).toBe(
        `/signup?listId=${list.slug}`,
      );
      await page.waitForLoadState('networkidle');

      expect(requested.filter((url) => NOT_FOR_SIGNED_OUT.test(url))).toEqual([]);
      // The picture is drawn (a mask over a token colour), at the map's height.
      const frame = map.locator('[data-disabled]');
      const look = await frame.evaluate((element) => {
        const before = getComputedStyle(element, '::before');
        return {
          mask: before.maskImage || before.getPropertyValue('-webkit-mask-image'),
          height: element.getBoundingClientRect().height,
          viewport: window.innerHeight,
        };
      });
      expect(look.mask).toMatch(/^url\("data:image\/svg\+xml/);
      expect(look.height).toBe(Math.min(440, Math.max(260, look.viewport * 0.45)));
      // The box had the map's size from the first frame (the session and list on their way).
      expect(await mapBoxResizes(page)).toEqual([]);

      await screenshot(page, `shared-list-signed-out-${width}-${colorScheme}`, {
        fullPage: false,
      });
    },
  );

  /** A phone-sized page, and the built scripts it asks for as it goes. */
  async function phoneRecordingScripts() {
    const session = await openSession(stack.browser, { width: 360 });
    sessions.push(session);
    const scripts: string[] = [];
    session.page.on('request', (request) => {
      if (/\/assets\/[^/]+\.js$/.test(request.url())) scripts.push(request.url());
    });
    return { page: session.page, scripts };
  }

  it('fetches no zod or form code (issue 14 §4)', async () => {
    const { page, scripts } = await phoneRecordingScripts();
    await page.goto(`${base}/lists/${list.slug}`);
    await page.getByRole('heading', { name: 'Spots (6)' }).waitFor();
    await page.waitForLoadState('networkidle');
    const sources = sourcesOf(scripts);
    expect(sources.some((source) => source.includes('ListPage.tsx'))).toBe(true);
    expect(sources.filter((source) => FORM_LIBRARIES.test(source))).toEqual([]);
  });

  it('draws sign-in without zod, which comes when the visitor steps into the form', async () => {
    const { page, scripts } = await phoneRecordingScripts();
    await page.goto(`${base}/signin?listId=${list.slug}`);
    await page.getByRole('heading', { name: 'Sign In' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(sourcesOf(scripts).some((source) => source.includes('SignInPage.tsx'))).toBe(true);
    expect(sourcesOf(scripts).filter((source) => /node_modules\/zod\//.test(source))).toEqual([]);

    // Stepping into a field fetches the schema; leaving it empty then shows the spec's text.
    await page.getByLabel('Username or Email').focus();
    await page.getByLabel('Password', { exact: true }).focus();
    await page.getByText(AUTH_MESSAGES.required).waitFor();
    expect(sourcesOf(scripts).some((source) => /node_modules\/zod\//.test(source))).toBe(true);
  });

  it("draws the signed-out front page without the signed-in home's code, preloaded once signed in", async () => {
    const { page, scripts } = await phoneRecordingScripts();
    const signedInHome = (sources: string[]) =>
      sources.filter((source) => /SignedInHome\.tsx|HomeSpots\.tsx|HomeLists\.tsx/.test(source));
    await page.goto(`${base}/`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(sourcesOf(scripts).some((source) => source.includes('SignedOutHome.tsx'))).toBe(true);
    expect(signedInHome(sourcesOf(scripts))).toEqual([]);

    // Signing in lands on the home, whose code the route's loader fetched first.
    await page.goto(`${base}/signin`);
    await page.getByLabel('Username or Email').fill('phoebe');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('heading', { name: 'Welcome back, phoebe' }).waitFor();
    expect(signedInHome(sourcesOf(scripts)).length).toBeGreaterThan(0);

    // Opened signed in, the page's HTML names that code, so it comes beside the entry.
    const html = await (await page.request.get(`${base}/`)).text();
    const preloaded = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)];
    expect(signedInHome(sourcesOf(preloaded.map(([, href]) => `${base}${href}`)))).not.toEqual([]);
    await page.reload();
    await page.getByRole('heading', { name: 'Welcome back, phoebe' }).waitFor();
  });

  it('loads the map once the viewer signs in from the prompt', async () => {
    const session = await openSession(stack.browser, { width: 360 });
    sessions.push(session);
    const { page } = session;
    const viewer = new ApiClient(base);
    await viewer.register({ username: 'victor', email: 'victor@example.test', password: PASSWORD });
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));

    await page.goto(`${base}/lists/${list.slug}`);
    await page
      .getByRole('region', { name: 'Map of this list' })
      .getByRole('link', { name: 'Sign In' })
      .click();
    await page.getByLabel('Username or Email').fill('victor');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`${base}/lists/${list.slug}`);
    await page.locator('[data-map-state="loaded"]').waitFor();
    expect(requested.some((url) => /MapLibreEngine/.test(url))).toBe(true);
    expect(await page.locator('[data-disabled]').count()).toBe(0);
  });
});
