import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { locationPicturePath } from '@spotbook/contract';
import { ApiClient } from './support/api-client.ts';
import { SCREENSHOT_DIR } from './support/browser.ts';
import { useStack } from './support/stack.ts';

/**
 * The server's pictures as a browser shows them (decision 017): link cards whose list
 * names are in four scripts, and a spot's location picture. Each is opened in chromium,
 * measured in the page (decoded size, the title's ink) and saved as a screenshot to be
 * looked at. The API suite checks their pixels on both databases; one is enough here.
 */
const NAMES = {
  japanese: '東京の喫茶店',
  cyrillic: 'Кафе',
  arabic: 'مقاهي القاهرة',
  emoji: 'café ☕',
};

/**
 * Shows a PNG in a page of the app (not as a document of its own: Chromium's image viewer
 * styles itself inline, which the app's CSP refuses), screenshots it as `name`, and
 * reports its size and how much of the card's title box is white ink.
 */
async function showPicture(page: Page, base: string, path: string, name: string) {
  await page.goto(`${base}/robots.txt`);
  const measured = await page.evaluate(async (src) => {
    const image = document.createElement('img');
    image.id = 'picture';
    image.alt = '';
    image.src = src;
    await image.decode();
    document.body.replaceChildren(image);
    const canvas = document.createElement('canvas');
    canvas.width = image.naturalWidth;
    canvas.height = image.naturalHeight;
    const context = canvas.getContext('2d')!;
    context.drawImage(image, 0, 0);
    // The card's title box (80…1120 × 60…250): white ink on the brand's teal.
    const box = context.getImageData(80, 60, 1040, 190).data;
    let ink = 0;
    for (let i = 0; i < box.length; i += 4) if (box[i]! > 230 && box[i + 2]! > 230) ink++;
    return { width: image.naturalWidth, height: image.naturalHeight, ink };
  }, path);
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.locator('#picture').screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`) });
  return measured;
}

describe('server-drawn pictures in a real browser', () => {
  const stack = useStack('sqlite');

  it('shows link cards with the list’s name in Japanese, Cyrillic, Arabic and emoji', async () => {
    const owner = new ApiClient(stack.app.url);
    await owner.register({
      username: 'yuki',
      email: 'yuki@example.test',
      password: 'picture password 1',
    });
    const { page } = await stack.open({ width: 1280 });
    for (const [script, name] of Object.entries(NAMES)) {
      const list = await owner.post<{ slug: string }>('/api/lists/list/', {
        name,
        shareable_by_link: true,
      });
      const card = await showPicture(
        page,
        stack.app.url,
        `/api/lists/list/${list.slug}/preview.png`,
        `link-card-${script}`,
      );
      expect(card, script).toMatchObject({ width: 1200, height: 630 });
      expect(card.ink, script).toBeGreaterThan(1500);
    }
  });

  it('shows a spot’s location picture, light and dark', async () => {
    const { page } = await stack.open({ width: 800 });
    for (const theme of ['light', 'dark'] as const) {
      const path = `${locationPicturePath(35.681, 139.767)}?theme=${theme}`;
      const picture = await showPicture(page, stack.app.url, path, `location-picture-${theme}`);
      expect(picture).toMatchObject({ width: 640, height: 480 });
    }
  });
});
