import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from './support/api-client.ts';
import { screenshot } from './support/browser.ts';
import { createSpot, placeIdsFromIndex } from './support/lists-seed.ts';
import { DIALECTS, onceAcrossDialects, useStack } from './support/stack.ts';

const REVIEW = 'Crème brûlée à tomber 🍮 — "vraiment" <bon> & pas cher';
const MENU_ITEMS = [
  'Google Earth / My Maps (KML)',
  'GPS apps (GPX)',
  'Spreadsheet (CSV)',
  'GeoJSON',
] as const;

/** Clicks a menu item and waits for the browser's download: its file name and text. */
async function download(page: Page, click: () => Promise<void>) {
  const [file] = await Promise.all([page.waitForEvent('download'), click()]);
  const path = await file.path();
  return { name: file.suggestedFilename(), text: await readFile(path, 'utf8') };
}

const downloadButton = (page: Page) =>
  page.getByRole('button', { name: "Download this list's spots" });

async function downloadFormat(page: Page, label: (typeof MENU_ITEMS)[number]) {
  await downloadButton(page).click();
  return download(page, () => page.getByRole('menuitem', { name: label }).click());
}

describe.each(DIALECTS)('exports in a real browser on %s', (dialect) => {
  const stack = useStack(dialect);
  const it1 = onceAcrossDialects(dialect);
  let owner: ApiClient;
  let viewer: ApiClient;
  let ownerName: string;
  let list: { id: number; slug: string; name: string };
  let otherList: { id: number; slug: string };

  beforeAll(async () => {
    ownerName = `exa_${dialect}`;
    owner = new ApiClient(stack.app.url);
    await owner.register({
      username: ownerName,
      email: `${ownerName}@example.test`,
      password: 'exporter password',
    });
    viewer = new ApiClient(stack.app.url);
    await viewer.register({
      username: `exv_${dialect}`,
      email: `exv.${dialect}@example.test`,
      password: 'viewer password',
    });
    list = await owner.post('/api/lists/list/', {
      name: 'Café crawl ☕',
      shareable_by_link: true,
    });
    otherList = await owner.post('/api/lists/list/', { name: 'Secret spots' });
    const [first, second, third] = placeIdsFromIndex(3);
    await createSpot(owner, first!, { review: REVIEW, rating: 5, visited: true, listId: list.id });
    await createSpot(owner, second!, { rating: 3, listId: list.id });
    await createSpot(owner, third!, { review: 'Not on the café list', listId: otherList.id });
  });

  it('downloads each format of a list from its page, by mouse and by keyboard', async () => {
    const session = await stack.open();
    await owner.shareSessionWith(session.context);
    const { page } = session;
    await page.goto(`${stack.app.url}/lists/${list.slug}`);
    await downloadButton(page).waitFor();

    const geojson = await downloadFormat(page, 'GeoJSON');
    expect(geojson.name).toBe(`${list.slug}.geojson`);
    const collection = JSON.parse(geojson.text) as {
      features: { properties: { review: string; lists: string[] } }[];
    };
    expect(collection.features).toHaveLength(2);
    expect(collection.features.map((f) => f.properties.review)).toContain(REVIEW);
    expect(collection.features[0]!.properties.lists).toEqual([list.name]);

    const kml = await downloadFormat(page, 'Google Earth / My Maps (KML)');
    expect(kml.name).toBe(`${list.slug}.kml`);
    expect(kml.text).toContain('<Folder><name>Café crawl ☕</name>');
    expect(kml.text).toContain('"vraiment" &lt;bon&gt; &amp; pas cher');
    expect(kml.text.match(/<Placemark>/g)).toHaveLength(2);

    const gpx = await downloadFormat(page, 'GPS apps (GPX)');
    expect(gpx.name).toBe(`${list.slug}.gpx`);
    expect(gpx.text.match(/<wpt /g)).toHaveLength(2);
    expect(gpx.text).toContain('&lt;bon&gt; &amp; pas cher');

    // The keyboard: ArrowDown opens on the first format, ArrowUp wraps to the last,
    // Escape closes back to the button; Enter on an item downloads it.
    await downloadButton(page).focus();
    await page.keyboard.press('ArrowDown');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent))
      .toBe(MENU_ITEMS[0]);
    await page.keyboard.press('ArrowUp');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent))
      .toBe('GeoJSON');
    await page.keyboard.press('Escape');
    expect(await page.getByRole('menu').count()).toBe(0);
    await expect
      .poll(() => downloadButton(page).evaluate((b) => b === document.activeElement))
      .toBe(true);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    const csv = await download(page, () => page.keyboard.press('Enter'));
    expect(csv.name).toBe(`${list.slug}.csv`);
    expect(csv.text.startsWith('\uFEFFname,address,latitude,longitude,category,review')).toBe(true);
    expect(csv.text).not.toContain('Not on the café list');
  });

  it("lets a signed-in viewer download someone else's shared list; signed out, no menu", async () => {
    const session = await stack.open();
    await viewer.shareSessionWith(session.context);
    const { page } = session;
    await page.goto(`${stack.app.url}/lists/${list.slug}`);
    const csv = await downloadFormat(page, 'Spreadsheet (CSV)');
    expect(csv.text).toContain('Crème brûlée');
    expect(csv.text).not.toContain('Not on the café list');

    const anonymous = await stack.open();
    await anonymous.page.goto(`${stack.app.url}/lists/${list.slug}`);
    await anonymous.page.getByRole('heading', { name: list.name }).waitFor();
    expect(await downloadButton(anonymous.page).count()).toBe(0);
  });

  it('exports the whole account from the account menu, and all spots from My Spots', async () => {
    const session = await stack.open();
    await owner.shareSessionWith(session.context);
    const { page } = session;
    await page.goto(stack.app.url);
    await page
      .getByRole('button', { name: new RegExp(`^${ownerName}\\s*, account menu$`) })
      .click();
    const account = await download(page, () =>
      page.getByRole('link', { name: 'Export my account' }).click(),
    );
    expect(account.name).toBe(`spotbook-${ownerName}.json`);
    const json = JSON.parse(account.text) as {
      format: string;
      profile: { username: string };
      spots: unknown[];
      lists: { name: string }[];
    };
    expect(json.format).toBe('spotbook-account');
    expect(json.profile.username).toBe(ownerName);
    expect(json.spots).toHaveLength(3);
    expect(json.lists.map((l) => l.name)).toEqual(['Café crawl ☕', 'Secret spots']);
    expect(account.text).not.toMatch(/password/i);

    await page.getByRole('button', { name: 'Download all my spots' }).click();
    const all = await download(page, () => page.getByRole('menuitem', { name: 'GeoJSON' }).click());
    expect(all.name).toBe('spotbook-spots.geojson');
    expect((JSON.parse(all.text) as { features: unknown[] }).features).toHaveLength(3);
  });

  it1('looks right open, at 1280 px light and 360 px dark', async () => {
    for (const [width, colorScheme] of [
      [1280, 'light'],
      [360, 'dark'],
    ] as const) {
      const session = await stack.open({ width, colorScheme });
      await owner.shareSessionWith(session.context);
      const { page } = session;
      await page.goto(`${stack.app.url}/lists/${list.slug}`);
      await downloadButton(page).click();
      await page.getByRole('menu').waitFor();
      // The open menu stays on screen, whatever the width.
      const box = (await page.getByRole('menu').boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      await screenshot(page, `exports-list-menu-${width}-${colorScheme}`, { fullPage: false });

      await page.goto(stack.app.url);
      await page.getByRole('button', { name: 'Download all my spots' }).click();
      const home = (await page.getByRole('menu').boundingBox())!;
      expect(home.x).toBeGreaterThanOrEqual(0);
      expect(home.x + home.width).toBeLessThanOrEqual(width);
      await screenshot(page, `exports-home-menu-${width}-${colorScheme}`, { fullPage: false });
      await stack.close(session);
    }
  });
});
