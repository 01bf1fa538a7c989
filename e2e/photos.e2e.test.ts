import { PHOTO_MESSAGES, type Photo } from '@spotbook/contract';
import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from './support/api-client.ts';
import { animationsDone, screenshot, type Session } from './support/browser.ts';
import { DIALECTS, onceAcrossDialects, useStack } from './support/stack.ts';

const EIFFEL = 'lm:fr-paris-eiffel-tower';
const LOUVRE = 'lm:fr-paris-louvre-museum';
const BLUE = [20, 60, 220];
const YELLOW = [240, 210, 20];

interface UploadFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** Noise compresses badly: a photo big enough for its upload progress to be seen. */
async function noisyLandscape(): Promise<UploadFile> {
  const width = 640;
  const height = 420;
  const pixels = Buffer.alloc(width * height * 3);
  let seed = 7;
  for (let i = 0; i < pixels.length; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    pixels[i] = seed >> 23;
  }
  const buffer = await sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 95 })
    .toBuffer();
  return { name: 'landscape.jpg', mimeType: 'image/jpeg', buffer };
}

/**
 * A phone photo held sideways: stored 800×600 with blue on the left, yellow on the
 * right, and EXIF orientation 6 (turn 90° clockwise to view). Upright it is 600×800,
 * blue on top.
 */
async function sidewaysPhonePhoto(): Promise<UploadFile> {
  const width = 800;
  const height = 600;
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      pixels.set(x < width / 2 ? BLUE : YELLOW, (y * width + x) * 3);
    }
  }
  const buffer = await sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: 6 })
    .toBuffer();
  const meta = await sharp(buffer).metadata();
  expect(meta.orientation).toBe(6);
  return { name: 'sideways-phone.jpg', mimeType: 'image/jpeg', buffer };
}

async function squarePng(name = 'square.png'): Promise<UploadFile> {
  const buffer = await sharp({
    create: {
      width: 640,
      height: 640,
      channels: 4,
      background: { r: 30, g: 160, b: 90, alpha: 1 },
    },
  })
    .png()
    .toBuffer();
  return { name, mimeType: 'image/png', buffer };
}

const photoInput = (page: Page) => page.getByLabel('Photos to upload');
const orderList = (page: Page) => page.getByRole('list', { name: 'Photo order' });
/** The photo ids in the order the owner's page shows them. */
const shownOrder = (page: Page) =>
  orderList(page)
    .locator('[data-photo-id]')
    .evaluateAll((items) => items.map((item) => Number(item.getAttribute('data-photo-id'))));
const uploads = (page: Page) => page.getByRole('list', { name: 'Uploads' });

async function waitForPhotoCount(page: Page, count: number) {
  await page.getByText(`${count} of 20`, { exact: true }).waitFor();
  await expect.poll(() => orderList(page).getByRole('listitem').count()).toBe(count);
}

/** The upright colours of a thumbnail, read back from a canvas: [top, bottom] as RGB. */
function topAndBottom(image: Locator) {
  return image.evaluate(async (element: HTMLImageElement) => {
    await element.decode();
    const canvas = document.createElement('canvas');
    canvas.width = element.naturalWidth;
    canvas.height = element.naturalHeight;
    const context = canvas.getContext('2d')!;
    context.drawImage(element, 0, 0);
    const at = (y: number) =>
      [...context.getImageData(canvas.width / 2, y, 1, 1).data.slice(0, 3)] as number[];
    return {
      width: element.naturalWidth,
      height: element.naturalHeight,
      top: at(10),
      bottom: at(canvas.height - 10),
    };
  });
}

const near = (actual: number[] | undefined, expected: number[]) =>
  (actual ?? []).every((value, i) => Math.abs(value - expected[i]!) < 40);

/** A file dropped on an element, as the operating system's drag and drop hands it over. */
async function dropFile(page: Page, target: Locator, file: UploadFile) {
  const dataTransfer = await page.evaluateHandle(
    ({ base64, name, type }) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const transfer = new DataTransfer();
      transfer.items.add(new File([bytes], name, { type }));
      return transfer;
    },
    { base64: file.buffer.toString('base64'), name: file.name, type: file.mimeType },
  );
  for (const type of ['dragenter', 'dragover', 'drop']) {
    await target.dispatchEvent(type, { dataTransfer });
  }
}

/** A finger's tap in the middle of `target`, through CDP's touch input. */
async function tap(page: Page, target: Locator) {
  const box = (await target.boundingBox())!;
  const point = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point] });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

/** A finger swipe across the page at height `y`, through CDP's touch input. */
async function swipe(page: Page, fromX: number, toX: number, y: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', {
    type: 'touchStart',
    touchPoints: [{ x: fromX, y }],
  });
  for (let step = 1; step <= 8; step++) {
    const x = fromX + ((toX - fromX) * step) / 8;
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y }] });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

/**
 * Records, for every spot picture the page adds, its box when it is put in the page (its
 * file not loaded yet) so a test can compare it with the box once loaded: fixed aspect
 * boxes mean the two are the same and nothing around the picture moves (CLS 0).
 * A string, not a function: the page runs it before any of the app's scripts.
 */
const RECORD_PICTURE_BOXES = `
  window.__pictureBoxes = [];
  new MutationObserver(() => {
    for (const image of document.querySelectorAll('img[data-picture]:not([data-box-seen])')) {
      image.setAttribute('data-box-seen', '');
      const box = image.getBoundingClientRect();
      window.__pictureBoxes.push({ image, loaded: image.complete && image.naturalWidth > 0,
        width: box.width, height: box.height });
    }
  }).observe(document, { childList: true, subtree: true });
`;

/** The recorded boxes against the same pictures' boxes now, once every one has loaded. */
function pictureBoxesAfterLoading(page: Page) {
  return page.evaluate(async () => {
    type Seen = { image: HTMLImageElement; loaded: boolean; width: number; height: number };
    const seen = (window as unknown as { __pictureBoxes: Seen[] }).__pictureBoxes;
    const settled = (image: HTMLImageElement) =>
      Promise.race([
        image.decode().catch(() => undefined),
        new Promise((resolve) => setTimeout(resolve, 10_000)),
      ]);
    await Promise.all(seen.map(({ image }) => settled(image)));
    // A picture React has since replaced is no longer in the page: its successor counts.
    return seen
      .filter(({ image }) => image.isConnected)
      .map(({ image, loaded, width, height }) => {
        const now = image.getBoundingClientRect();
        return {
          picture: image.dataset.picture,
          loadedWhenAdded: loaded,
          loadedNow: image.naturalWidth > 0,
          before: `${Math.round(width)}x${Math.round(height)}`,
          after: `${Math.round(now.width)}x${Math.round(now.height)}`,
        };
      });
  });
}

describe.each(DIALECTS)('photos of a spot in a real browser on %s', (dialect) => {
  const stack = useStack(dialect);
  let owner: ApiClient;
  let spotId: number;
  let listSlug: string;
  /** a spot without a photo and a list without spots (for Add My Spots) */
  let bareSpotId: number;
  let emptyListSlug: string;

  const spotPhotos = async () =>
    (await owner.get<{ photos: Photo[] }>(`/api/reviews/review/${spotId}/`)).photos;

  async function ownerSession(options: { width?: number; colorScheme?: 'light' | 'dark' } = {}) {
    const session = await stack.open(options);
    await owner.shareSessionWith(session.context);
    return session;
  }

  beforeAll(async () => {
    owner = new ApiClient(stack.app.url);
    await owner.register({
      username: `pia_${dialect}`,
      email: `pia.${dialect}@example.test`,
      password: 'photographer password',
    });
    const list = await owner.post<{ id: number; slug: string }>('/api/lists/list/', {
      name: 'Paris in pictures',
      description: 'Our own photos',
      shareable_by_link: true,
    });
    listSlug = list.slug;
    const spot = await owner.post<{ id: number }>('/api/reviews/create-place-review/', {
      place: { id: EIFFEL },
      review: { review: 'Go at dusk.', rating: 5, visited: true },
      list_id: list.id,
    });
    spotId = spot.id;
    bareSpotId = (
      await owner.post<{ id: number }>('/api/reviews/create-place-review/', {
        place: { id: LOUVRE },
        review: { review: 'No photo yet.', rating: 4, visited: false },
        list_id: null,
      })
    ).id;
    emptyListSlug = (
      await owner.post<{ slug: string }>('/api/lists/list/', {
        name: 'Next trip',
        description: '',
        shareable_by_link: false,
      })
    ).slug;
  });

  it('uploads, turns upright, refuses, retries, reorders, shows and deletes photos', async () => {
    const session = await ownerSession();
    const { page } = session;
    await page.goto(`${stack.app.url}/reviews/${spotId}`);
    await page.getByRole('heading', { name: 'Your photos' }).waitFor();
    // No photo yet: the page shows a picture of the spot's location (or its fallback).
    await expect.poll(() => page.locator('[data-picture="location"]').count()).toBe(1);

    // Three at once, with the upload slowed down so the first file's progress shows.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: 120 * 1024,
    });
    const landscape = await noisyLandscape();
    expect(landscape.buffer.length).toBeGreaterThan(150_000);
    await photoInput(page).setInputFiles([
      landscape,
      await sidewaysPhonePhoto(),
      await squarePng(),
    ]);
    const firstBar = uploads(page).getByRole('progressbar', { name: 'Upload of landscape.jpg' });
    await expect
      .poll(async () => Number((await firstBar.getAttribute('value').catch(() => '0')) ?? 0), {
        timeout: 15_000,
        interval: 50,
      })
      .toBeGreaterThan(0);
    const partial = Number(await firstBar.getAttribute('value').catch(() => '100'));
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    expect(partial).toBeGreaterThan(0);
    await page.getByRole('status').filter({ hasText: '3 photos added.' }).waitFor();
    await waitForPhotoCount(page, 3);
    let photos = await spotPhotos();
    const sideways = photos.find((photo) => photo.height > photo.width)!;
    expect(sideways).toMatchObject({ width: 600, height: 800 });

    // Upright: the phone photo's thumbnail is portrait, blue at the top.
    const sidewaysThumb = orderList(page).locator(`[data-photo-id="${sideways.id}"] img`);
    const colours = await topAndBottom(sidewaysThumb);
    expect(colours.height).toBeGreaterThan(colours.width);
    expect(near(colours.top, BLUE), `top ${colours.top.join()}`).toBe(true);
    expect(near(colours.bottom, YELLOW), `bottom ${colours.bottom.join()}`).toBe(true);

    // Refused before sending (a GIF), refused by the server (not an image), and a
    // dropped connection that Retry gets through.
    const gif = {
      name: 'animation.gif',
      mimeType: 'image/gif',
      buffer: await sharp({
        create: { width: 8, height: 8, channels: 3, background: '#f00' },
      })
        .gif()
        .toBuffer(),
    };
    const notAnImage = {
      name: 'holiday.jpg',
      mimeType: 'image/jpeg',
      buffer: Buffer.from('<html><script>alert(1)</script></html>'),
    };
    let dropped = false;
    await page.route('**/api/reviews/review/*/photos/', async (route) => {
      const body = route.request().postDataBuffer()?.toString('latin1') ?? '';
      if (!dropped && body.includes('filename="extra.png"')) {
        dropped = true;
        return route.abort('connectionreset');
      }
      return route.continue();
    });
    await photoInput(page).setInputFiles([gif, notAnImage, await squarePng('extra.png')]);
    const row = (name: string) => uploads(page).getByRole('listitem').filter({ hasText: name });
    await row('animation.gif').getByText(PHOTO_MESSAGES.unsupportedFormat).waitFor();
    await row('holiday.jpg').getByText(PHOTO_MESSAGES.notAnImage).waitFor();
    await row('extra.png')
      .getByText('Could not reach the server. Check your connection.')
      .waitFor();
    expect(await row('holiday.jpg').getByRole('button', { name: /Retry/ }).count()).toBe(0);
    await page.unroute('**/api/reviews/review/*/photos/');
    await row('extra.png').getByRole('button', { name: 'Retry extra.png' }).click();
    await page.getByRole('status').filter({ hasText: '1 photo added.' }).waitFor();
    await waitForPhotoCount(page, 4);
    await row('animation.gif').getByRole('button', { name: 'Dismiss animation.gif' }).click();
    await row('holiday.jpg').getByRole('button', { name: 'Dismiss holiday.jpg' }).click();
    expect(await uploads(page).count()).toBe(0);

    // Reorder with the buttons: the phone photo (2nd) becomes the cover; focus stays put.
    photos = await spotPhotos();
    expect(photos.indexOf(photos.find((p) => p.id === sideways.id)!)).toBe(1);
    await page.getByRole('button', { name: 'Move photo 2 of 4 earlier' }).click();
    await expect.poll(async () => (await spotPhotos())[0]?.id).toBe(sideways.id);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      'Move photo 1 of 4 later',
    );

    // Reorder by keyboard drag: pick the cover up, one place right, drop.
    const before = (await spotPhotos()).map((p) => p.id);
    await page.getByRole('button', { name: 'Drag photo 1 of 4 to reorder' }).focus();
    // Each step waits until dnd-kit has taken it (pressed state, then its live region).
    await page.keyboard.press('Space');
    const handle = page.getByRole('button', { name: 'Drag photo 1 of 4 to reorder' });
    await expect.poll(() => handle.getAttribute('aria-pressed')).toBe('true');
    // (Its pick-up announcement is at once replaced by this one: the cover is over itself.)
    await page.getByText('Over position 1 of 4.').waitFor({ state: 'attached' });
    // dnd-kit listens for the arrow keys only from a setTimeout(0) queued at pick-up, and
    // Chromium runs input before timers on a busy page: a timer of ours, queued after its
    // one, has run only once the listener is there.
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
    await page.keyboard.press('ArrowRight');
    await page.getByText('Over position 2 of 4.').waitFor({ state: 'attached' });
    await page.keyboard.press('Space');
    const swapped = [before[1], before[0], before[2], before[3]];
    await expect.poll(async () => (await spotPhotos()).map((p) => p.id)).toEqual(swapped);
    // The page shows the saved order too (a stale answer must not put the old one back).
    await expect.poll(() => shownOrder(page)).toEqual(swapped);
    await page.getByRole('button', { name: 'Move photo 2 of 4 earlier' }).click();
    await expect.poll(async () => (await spotPhotos()).map((p) => p.id)).toEqual(before);

    // The lightbox by keyboard: Enter on the cover, arrows, Escape, focus back.
    const cover = page.getByRole('button', { name: 'Open photo 1 of 4 of Eiffel Tower' });
    await cover.focus();
    await page.keyboard.press('Enter');
    const lightbox = page.locator('.yarl__container');
    await lightbox.waitFor();
    const currentSlide = () => page.locator('.yarl__slide_current img').first().getAttribute('src');
    expect(await currentSlide()).toBe(sideways.url);
    await page.keyboard.press('ArrowRight');
    await expect.poll(currentSlide).toBe(photos.find((p) => p.id === before[1])!.url);
    await page.keyboard.press('Escape');
    await lightbox.waitFor({ state: 'detached' });
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Open photo 1 of 4 of Eiffel Tower');

    // Delete one, after a confirmation; Cancel first leaves it alone.
    const doomed = before[3]!;
    await page.getByRole('button', { name: 'Delete photo 4 of 4' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this photo?' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await spotPhotos()).toHaveLength(4);
    await page.getByRole('button', { name: 'Delete photo 4 of 4' }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await waitForPhotoCount(page, 3);
    expect((await spotPhotos()).map((p) => p.id)).not.toContain(doomed);

    // Signed out, the shared list's card shows the cover, and the cover loads.
    const visitor = await stack.open();
    await visitor.page.goto(`${stack.app.url}/lists/${listSlug}`);
    const card = visitor.page.getByRole('article').filter({ hasText: 'Eiffel Tower' });
    const cardImage = card.locator('img[data-picture="photo"]');
    await cardImage.waitFor();
    expect(await cardImage.getAttribute('src')).toBe(sideways.thumb_url);
    await expect
      .poll(() => cardImage.evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBeGreaterThan(0);

    // The dropped connection above is logged by the browser: expected, so not a problem.
    const expected = /Failed to load resource: net::ERR_CONNECTION_RESET/;
    expect(session.problems.filter((problem) => expected.test(problem))).toHaveLength(1);
    session.problems.splice(
      0,
      session.problems.length,
      ...session.problems.filter((problem) => !expected.test(problem)),
    );
  });

  it('takes a dropped photo, reorders by pointer drag, and swipes the lightbox by touch', async () => {
    const session = await ownerSession();
    const { page } = session;
    await page.goto(`${stack.app.url}/reviews/${spotId}`);
    const count = (await spotPhotos()).length;
    await waitForPhotoCount(page, count);

    // Dropped on the box, as from a file manager.
    await dropFile(page, page.getByText('Drop photos here, or'), await squarePng('dropped.png'));
    await page.getByRole('status').filter({ hasText: '1 photo added.' }).waitFor();
    await waitForPhotoCount(page, count + 1);

    // The cover dragged by its handle with the mouse onto the last tile: it becomes last.
    const before = (await spotPhotos()).map((p) => p.id);
    const handle = page.getByRole('button', { name: `Drag photo 1 of ${count + 1} to reorder` });
    const from = (await handle.boundingBox())!;
    const to = (await orderList(page)
      .locator(`[data-photo-id="${before.at(-1)}"]`)
      .boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    for (let step = 1; step <= 12; step++) {
      const x = from.x + from.width / 2 + ((to.x + to.width / 2 - from.x) * step) / 12;
      await page.mouse.move(x, to.y + to.height / 2, { steps: 2 });
    }
    await page.mouse.up();
    const dragged = [...before.slice(1), before[0]];
    await expect.poll(async () => (await spotPhotos()).map((p) => p.id)).toEqual(dragged);
    await stack.close(session);

    // A phone: tap the cover, swipe left to the next photo and right back, Escape.
    const phone = await ownerSession({ width: 360 });
    const cdp = await phone.page.context().newCDPSession(phone.page);
    await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 5 });
    await phone.page.goto(`${stack.app.url}/reviews/${spotId}`);
    const cover = phone.page.getByRole('button', { name: /^Open photo 1 of \d+ of Eiffel Tower$/ });
    await tap(phone.page, cover);
    const current = () =>
      phone.page.locator('.yarl__slide_current img').first().getAttribute('src');
    await expect.poll(current).toBe(`/api/photos/${dragged[0]}/large.webp`);
    await swipe(phone.page, 300, 40, 400);
    await expect.poll(current).toBe(`/api/photos/${dragged[1]}/large.webp`);
    await swipe(phone.page, 40, 300, 400);
    await expect.poll(current).toBe(`/api/photos/${dragged[0]}/large.webp`);
    await phone.page.keyboard.press('Escape');
    await phone.page.locator('.yarl__container').waitFor({ state: 'detached' });
    await expect
      .poll(() => phone.page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toMatch(/^Open photo 1 of \d+ of Eiffel Tower$/);
  });

  it('shows the cover on every card: gallery, list page, Add My Spots; else the location', async () => {
    const cover = (await spotPhotos())[0]!;
    const session = await ownerSession();
    const { page } = session;
    const card = (name: string) => page.getByRole('article').filter({ hasText: name });
    /** The card's picture once loaded: its kind and address. */
    const pictureOf = async (name: string) => {
      const image = card(name).locator('img[data-picture]');
      await expect
        .poll(() => image.evaluate((i: HTMLImageElement) => i.naturalWidth))
        .toBeGreaterThan(0);
      return image.evaluate((i: HTMLImageElement) => [i.dataset.picture, i.getAttribute('src')]);
    };
    const location = ['location', expect.stringMatching(/^\/api\/pictures\/location\//)];

    await page.goto(`${stack.app.url}/`);
    expect(await pictureOf('Eiffel Tower')).toEqual(['photo', cover.thumb_url]);
    expect(await pictureOf('Louvre')).toEqual(location);

    await page.goto(`${stack.app.url}/lists/${listSlug}`);
    expect(await pictureOf('Eiffel Tower')).toEqual(['photo', cover.thumb_url]);

    await page.goto(`${stack.app.url}/lists/${emptyListSlug}`);
    await page.getByRole('button', { name: 'Add My Spots' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add My Spots to Next trip' });
    await dialog.getByRole('article').first().waitFor();
    expect(await pictureOf('Eiffel Tower')).toEqual(['photo', cover.thumb_url]);
    expect(await pictureOf('Louvre')).toEqual(location);
    // The spot page of the photo-less spot: its location, in the cover's place.
    await page.goto(`${stack.app.url}/reviews/${bareSpotId}`);
    const picture = page.locator('img[data-picture="location"]');
    await expect
      .poll(() => picture.evaluate((i: HTMLImageElement) => i.naturalWidth))
      .toBeGreaterThan(0);
  });

  it("draws a photo-less spot's location in the screen's theme", async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const session = await ownerSession({ colorScheme });
      const { page } = session;
      /** The address the browser chose for the picture, once it has loaded. */
      const shown = async (image: ReturnType<typeof page.locator>) => {
        await expect
          .poll(() => image.evaluate((i: HTMLImageElement) => i.naturalWidth))
          .toBeGreaterThan(0);
        return image.evaluate((i: HTMLImageElement) => new URL(i.currentSrc).search);
      };
      const expected = colorScheme === 'dark' ? '?theme=dark' : '';
      await page.goto(`${stack.app.url}/`);
      const card = page.getByRole('article').filter({ hasText: 'Louvre' });
      expect(await shown(card.locator('img[data-picture="location"]'))).toBe(expected);
      await page.goto(`${stack.app.url}/reviews/${bareSpotId}`);
      expect(await shown(page.locator('img[data-picture="location"]'))).toBe(expected);
      await stack.close(session);
    }
  });

  it('keeps every picture box its size while it loads; cards take thumbnails at any density', async () => {
    // A portrait cover: a card's 4:3 box must not grow to the photo's shape once it loads.
    const current = await spotPhotos();
    const portrait = current.find((photo) => photo.height > photo.width)!;
    const ordered = [portrait, ...current.filter((photo) => photo !== portrait)];
    await owner.ok('PUT', `/api/reviews/review/${spotId}/photos/order/`, {
      ids: ordered.map((photo) => photo.id),
    });
    const cover = (await spotPhotos())[0]!;
    expect(cover.id).toBe(portrait.id);
    for (const { width, density } of [
      { width: 1280, density: 2 },
      { width: 360, density: 3 },
    ]) {
      const visitor = await stack.open({ width });
      const cdp = await visitor.page.context().newCDPSession(visitor.page);
      await cdp.send('Emulation.setDeviceMetricsOverride', {
        width,
        height: 900,
        deviceScaleFactor: density,
        mobile: width < 500,
      });
      await visitor.page.addInitScript(RECORD_PICTURE_BOXES);
      const photoRequests: string[] = [];
      visitor.page.on('request', (request) => {
        const { pathname } = new URL(request.url());
        if (pathname.startsWith('/api/photos/')) photoRequests.push(pathname);
      });
      await visitor.page.goto(`${stack.app.url}/lists/${listSlug}`);
      const image = visitor.page.locator('article img[data-picture="photo"]');
      await expect
        .poll(() => image.evaluate((i: HTMLImageElement) => i.naturalWidth))
        .toBeGreaterThan(0);
      expect(await image.getAttribute('loading')).toBe('lazy');
      // A screen of density 2 or 3 still asks for the thumbnail only: 20 covers ~320 KB.
      expect([...new Set(photoRequests)]).toEqual([cover.thumb_url]);
      const boxes = await pictureBoxesAfterLoading(visitor.page);
      expect(boxes.filter((box) => box.picture === 'photo' && !box.loadedWhenAdded)).not.toEqual(
        [],
      );
      for (const box of boxes) expect(box.after, JSON.stringify(box)).toBe(box.before);
      await stack.close(visitor);
    }

    // The spot page: the cover (srcset thumb/large) and the strip of the others.
    const session = await ownerSession({ width: 1280 });
    await session.page.addInitScript(RECORD_PICTURE_BOXES);
    await session.page.goto(`${stack.app.url}/reviews/${spotId}`);
    const coverImage = session.page.locator('button[aria-label^="Open photo 1 of"] img');
    await coverImage.waitFor();
    const thumbWidth = Math.round(
      cover.width * Math.min(1, 400 / Math.max(cover.width, cover.height)),
    );
    expect(await coverImage.getAttribute('srcset')).toBe(
      `${cover.thumb_url} ${thumbWidth}w, ${cover.url} ${cover.width}w`,
    );
    const coverBox = await coverImage.evaluate(async (i: HTMLImageElement) => {
      const before = i.getBoundingClientRect();
      await i.decode();
      const after = i.getBoundingClientRect();
      return [`${before.width}x${before.height}`, `${after.width}x${after.height}`];
    });
    expect(coverBox[1]).toBe(coverBox[0]);
  });

  onceAcrossDialects(dialect)('screenshots of the photo screens', async () => {
    const ids = (await spotPhotos()).map((p) => p.id);
    expect(ids.length).toBeGreaterThan(1);
    for (const width of [1280, 360]) {
      for (const colorScheme of ['light', 'dark'] as const) {
        const tag = `${width}-${colorScheme}`;
        const session: Session = await ownerSession({ width, colorScheme });
        const { page } = session;
        await page.goto(`${stack.app.url}/reviews/${spotId}`);
        await waitForPhotoCount(page, ids.length);
        await page
          .locator('img')
          .evaluateAll((images: HTMLImageElement[]) =>
            Promise.all(images.map((image) => image.decode().catch(() => undefined))),
          );
        await screenshot(page, `photos-spot-owner-${tag}`);
        await page
          .getByRole('button', { name: `Open photo 1 of ${ids.length} of Eiffel Tower` })
          .click();
        await page.locator('.yarl__slide_current img').first().waitFor();
        // The photo in (the lightbox hides it while loading), the lightbox's fade-in over.
        await page
          .locator('.yarl__slide_current img.yarl__slide_image:not(.yarl__slide_image_loading)')
          .first()
          .waitFor();
        await animationsDone(page.locator('.yarl__portal_open'));
        await screenshot(page, `photos-lightbox-${tag}`, { fullPage: false });
        await page.keyboard.press('Escape');
        await page.getByRole('button', { name: `Delete photo 1 of ${ids.length}` }).click();
        await page.getByRole('dialog', { name: 'Delete this photo?' }).waitFor();
        await animationsDone(page.getByRole('dialog', { name: 'Delete this photo?' })); // fade-in
        await screenshot(page, `photos-delete-${tag}`, { fullPage: false });
        await page.getByRole('button', { name: 'Cancel' }).click();
        // The gallery: the cover on its card, the photo-less spot's location picture.
        await page.goto(`${stack.app.url}/`);
        await page.locator('[data-map-state="loaded"]').waitFor();
        // Lazy pictures below the first screen load only near it: all of them, for the shot.
        await page.locator('img[data-picture]').evaluateAll((images: HTMLImageElement[]) =>
          Promise.all(
            images.map((image) => {
              image.loading = 'eager';
              return image.decode().catch(() => undefined);
            }),
          ),
        );
        await screenshot(page, `photos-gallery-${tag}`);
        await stack.close(session);

        const visitor = await stack.open({ width, colorScheme });
        await visitor.page.goto(`${stack.app.url}/lists/${listSlug}`);
        await visitor.page.locator('img[data-picture="photo"]').waitFor();
        await visitor.page
          .locator('img[data-picture="photo"]')
          .evaluate((image: HTMLImageElement) => image.decode());
        await screenshot(visitor.page, `photos-list-signed-out-${tag}`);
        await stack.close(visitor);
      }
    }
  });
});
