import { isMainThread, threadId } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlace, createSpot } from '../../../test/factories.ts';
import { createTestApp, signedInUser, type TestApp, type TestUser } from '../../../test/helper.ts';
import { createList } from '../lists/test/factories.ts';

/**
 * Drawing pictures never holds the event loop (issue 10 §13, decision 010): every map
 * picture and link card is drawn on the picture pool's worker thread, never on the
 * thread that answers requests. How long /api/health takes while 20 distinct pictures
 * are drawn is a figure, not an assertion: `npx tsx bench/picture-burst.ts` prints it.
 */
let t: TestApp;
let alice: TestUser;
let slug: string;
beforeAll(async () => {
  t = await createTestApp();
  alice = await signedInUser(t.app);
  const list = await createList(alice.client, { name: 'Everywhere', shareable_by_link: true });
  slug = list.slug;
  for (let i = 0; i < 12; i++) {
    const place = await createPlace(t.ctx, { lat: -50 + i * 9, lng: -170 + i * 28 });
    await createSpot(alice, place, { list_id: list.id });
  }
});
afterAll(() => t.close());

describe('pictures are drawn off the event loop', () => {
  it.each([
    ['a map picture', () => `/api/lists/list/${slug}/map.png?width=256&height=192`],
    ['a link card', () => `/api/lists/list/${slug}/preview.png`],
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
