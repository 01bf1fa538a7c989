import { setTimeout as sleep } from 'node:timers/promises';
import { isMainThread, threadId } from 'node:worker_threads';
import { beforeAll, describe, expect, it } from 'vitest';
import { locationPicturePath } from '@spotbook/contract';
import { createPlace, createSpot } from '../../../test/factories.ts';
import {
  createTestApp,
  signedInUser,
  TestClient,
  useTestApp,
  type TestApp,
} from '../../../test/helper.ts';
import { PAGE_DATA_TEST_URL, pageDataRoute } from '../../../test/page-data-route.ts';
import type { PageDataBlock } from '../../plugins/page-data.ts';
import { createList } from '../lists/test/factories.ts';

/**
 * Drawing pictures never holds the event loop (issue 10 §13, decision 010): every map
 * picture, link card and location picture is drawn on the picture pool's worker thread, never on the
 * thread that answers requests. How long /api/health takes while 20 distinct pictures
 * are drawn is a figure, not an assertion: `npx tsx bench/picture-burst.ts` prints it.
 */
let slug: string;
const { t, alice } = useTestApp({ users: ['alice'] });
beforeAll(async () => {
  const list = await createList(alice.client, { name: 'Everywhere', shareable_by_link: true });
  slug = list.slug;
  for (let i = 0; i < 12; i++) {
    const place = await createPlace(t.ctx, { lat: -50 + i * 9, lng: -170 + i * 28 });
    await createSpot(alice, place, { list_id: list.id });
  }
});

describe('pictures are drawn off the event loop', () => {
  it.each([
    ['a map picture', () => `/api/lists/list/${slug}/map.png?width=256&height=192`],
    ['a link card', () => `/api/lists/list/${slug}/preview.png`],
    ['a spot’s location picture', () => locationPicturePath(41.391, 2.165)],
  ])('draws %s on a worker thread', async (_what, url) => {
    expect(isMainThread).toBe(true);
    const draws = t.ctx.pictures.draws;
    const response = await alice.client.get(url());
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(t.ctx.pictures.draws).toBe(draws + 1);
    expect(t.ctx.pictures.lastDrawThreadId).toBeGreaterThan(0);
    expect(t.ctx.pictures.lastDrawThreadId).not.toBe(threadId);
  });
});

describe('a drawing thread is started ahead of the pictures a page asks for', () => {
  const threadStarted = async (app: TestApp) => {
    for (let i = 0; i < 100 && app.ctx.pictures.runningThreads === 0; i++) await sleep(20);
    return app.ctx.pictures.runningThreads === 1;
  };

  it('by anyone opening a list with spots (their cards’ location pictures), by a signed-in viewer opening an empty one (its map picture)', async () => {
    const fresh = await createTestApp();
    try {
      const owner = await signedInUser(fresh.app);
      const anonymous = new TestClient(fresh.app);
      const empty = await createList(owner.client, { name: 'Soon', shareable_by_link: true });
      await anonymous.get(`/api/lists/list/${empty.slug}/`);
      expect(fresh.ctx.pictures.runningThreads).toBe(0);
      expect((await owner.client.get(`/api/lists/list/${empty.slug}/`)).statusCode).toBe(200);
      expect(await threadStarted(fresh)).toBe(true);
      await fresh.ctx.pictures.close();

      const full = await createList(owner.client, { name: 'Full', shareable_by_link: true });
      const place = await createPlace(fresh.ctx, { lat: 48.857, lng: 2.352 });
      await createSpot(owner, place, { list_id: full.id });
      expect((await anonymous.get(`/api/lists/list/${full.slug}/`)).statusCode).toBe(200);
      expect(await threadStarted(fresh)).toBe(true);
      expect(fresh.ctx.pictures.draws).toBe(0);
    } finally {
      await fresh.close();
    }
  });

  it('by a signed-in browser opening a list page: its page data reads the list through the API', async () => {
    const fresh = await createTestApp({}, { beforeReady: pageDataRoute });
    try {
      const owner = await signedInUser(fresh.app);
      const empty = await createList(owner.client, { name: 'Soon', shareable_by_link: true });
      const page = await owner.client.get(`${PAGE_DATA_TEST_URL}?path=/lists/${empty.slug}`);
      expect(page.json<PageDataBlock>().script).toContain('"list":');
      expect(await threadStarted(fresh)).toBe(true);
      expect(fresh.ctx.pictures.draws).toBe(0);
    } finally {
      await fresh.close();
    }
  });
});
