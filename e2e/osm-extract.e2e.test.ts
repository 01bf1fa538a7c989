import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { toPbf, TWO_CITIES_OSM } from '../server/src/features/places/osm-extract/test-extracts.ts';
import { ApiClient } from './support/api-client.ts';
import { screenshot, type Session } from './support/browser.ts';
import { DIALECTS, onceAcrossDialects, useStack } from './support/stack.ts';

/**
 * Issue 15 in a browser: a deployment started with PLACES_EXTRACTS loads the extract
 * in the background; then Find a spot finds its cafés by what people type, a café
 * becomes a spot with its category and address, and the About page and the map
 * credit OpenStreetMap contributors (ODbL).
 */

const extractDir = mkdtempSync(path.join(os.tmpdir(), 'spotbook-e2e-extract-'));
const extract = toPbf(TWO_CITIES_OSM, extractDir);
afterAll(() => rmSync(extractDir, { recursive: true, force: true }));

const LAYOUTS = [
  { width: 1280, colorScheme: 'light' },
  { width: 1280, colorScheme: 'dark' },
  { width: 360, colorScheme: 'light' },
  { width: 360, colorScheme: 'dark' },
] as const;
const ADDRESS = 'Le Petit Moulin, 12 Rue de Bretagne, 75003 Paris, Île-de-France, France';

/** The background load is done when the server says its places carry OSM data. */
async function untilExtractLoaded(base: string) {
  await expect
    .poll(
      async () => {
        const config = (await (await fetch(`${base}/api/config/`)).json()) as {
          openstreetmap_data: boolean;
        };
        return config.openstreetmap_data;
      },
      { timeout: 90_000, interval: 500 },
    )
    .toBe(true);
}

async function signedIn(base: string, session: Session, name: string) {
  const api = new ApiClient(base);
  await api.register({ username: name, email: `${name}@example.test`, password: 'extract pw 1' });
  await api.shareSessionWith(session.context);
  return api;
}

/** Find a spot: Paris as the area, then `query` in the place box. */
async function searchNearParis(page: Page, base: string, query: string) {
  await page.goto(`${base}/newSpot`);
  const area = page.getByRole('combobox', { name: 'City or area' });
  await area.fill('pari');
  await page.getByRole('option', { name: /^Paris\s*City · Île-de-France, France$/ }).click();
  await page.getByText('Searching near').waitFor();
  await page.getByRole('combobox', { name: 'Place' }).fill(query);
}

/** The first `count` options' place names (an option: icon, then name above "kind · where"). */
async function firstOptions(page: Page, count: number): Promise<string[]> {
  const options = page.getByRole('option');
  await options.nth(count - 1).waitFor();
  const names = await options.evaluateAll((all) =>
    all.map((o) => o.querySelector(':scope > span:nth-child(2) > span')?.textContent ?? ''),
  );
  return names.slice(0, count);
}

/** MapLibre's attribution control, its text whether folded (compact) or not. */
function mapCredit(page: Page) {
  return page.locator('.maplibregl-ctrl-attrib-inner').first();
}

describe.each(DIALECTS)('an OpenStreetMap extract loaded at start on %s', (dialect) => {
  const stack = useStack(dialect, { PLACES_EXTRACTS: extract });
  const once = onceAcrossDialects(dialect);

  it('finds the cafés by "cafe", "coffee" and "café", and saves one with its category and address', async () => {
    await untilExtractLoaded(stack.app.url);
    const session = await stack.open();
    const { page } = session;
    const base = stack.app.url;
    await signedIn(base, session, `cafe_${dialect}`);

    for (const query of ['cafe', 'coffee', 'café']) {
      await searchNearParis(page, base, query);
      await expect
        .poll(async () => (await firstOptions(page, 2)).sort(), { message: query })
        .toEqual(['Café Charlot', 'Le Petit Moulin']);
    }
    await page.getByRole('option', { name: /^Le Petit Moulin/ }).click();
    const selected = page.locator('#selected-place-name');
    await selected.filter({ hasText: 'Le Petit Moulin' }).waitFor();
    await page.getByText('Cafe', { exact: true }).first().waitFor();
    await page.getByText(ADDRESS, { exact: true }).waitFor();
    await page.getByText('Cafe · Opening hours: Mo-Su 08:00-19:00').waitFor();
    await page.getByRole('link', { name: 'lepetitmoulin.example' }).waitFor();
    await expect
      .poll(() => mapCredit(page).textContent())
      .toContain('© OpenStreetMap contributors');

    await page.getByRole('button', { name: 'Save spot' }).click();
    await page.waitForURL(/\/reviews\/\d+$/);
    const id = new URL(page.url()).pathname.split('/').pop();
    const spot = await (
      await page.context().request.get(`${base}/api/reviews/review/${id}/`)
    ).json();
    expect(spot).toMatchObject({
      place_details: {
        id: 'osm:N10',
        displayName: 'Le Petit Moulin',
        primaryType: 'cafe',
        formattedAddress: ADDRESS,
      },
    });
    await page.getByText(ADDRESS).first().waitFor();
  });

  it('credits OpenStreetMap contributors (ODbL) on the About page', async () => {
    await untilExtractLoaded(stack.app.url);
    const { page } = await stack.open();
    await page.goto(`${stack.app.url}/about`);
    const credit = page.getByRole('listitem').filter({ hasText: 'OpenStreetMap contributors' });
    await credit.getByText('Points of interest for place search.').waitFor();
    expect(await credit.getByRole('link', { name: 'ODbL 1.0' }).getAttribute('href')).toBe(
      'https://opendatacommons.org/licenses/odbl/1-0/',
    );
    expect(
      await credit.getByRole('link', { name: 'OpenStreetMap contributors' }).getAttribute('href'),
    ).toBe('https://www.openstreetmap.org/copyright');
  });

  once('looks right at 360 px and on a desktop, light and dark', async () => {
    await untilExtractLoaded(stack.app.url);
    const base = stack.app.url;
    for (const [i, layout] of LAYOUTS.entries()) {
      const session = await stack.open(layout);
      const { page } = session;
      const name = `extract-${layout.width}-${layout.colorScheme}`;
      await page.goto(`${base}/about`);
      await page.getByText('Points of interest for place search.').waitFor();
      await screenshot(page, `${name}-about`);
      await signedIn(base, session, `shot${i}`);
      await searchNearParis(page, base, 'cafe');
      await page.getByRole('option', { name: /^Le Petit Moulin/ }).waitFor();
      await screenshot(page, `${name}-options`, { fullPage: false });
      await page.getByRole('option', { name: /^Le Petit Moulin/ }).click();
      await page.getByText(ADDRESS, { exact: true }).waitFor();
      // The place's map (loaded lazily: wait until it is there, drawn and at rest).
      await page.waitForFunction(() => {
        const maps = Array.from(document.querySelectorAll('[data-map-state]'));
        return (
          maps.length > 0 &&
          maps.every(
            (m) =>
              m.getAttribute('data-map-state') === 'loaded' &&
              m.getAttribute('data-map-idle') === 'true',
          )
        );
      });
      await expect
        .poll(() => mapCredit(page).textContent())
        .toContain('© OpenStreetMap contributors');
      await screenshot(page, `${name}-selected`);
      await stack.close(session);
    }
  });
});
