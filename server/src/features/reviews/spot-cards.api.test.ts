import { responseSerializer } from '../../lib/response-serializer.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import { reviewsPageSchema, type ReviewsPage } from '@spotbook/contract';
import { deferred } from '../../../test/deferred.ts';
import { addPhotoRow, createPlace, createSpot } from '../../../test/factories.ts';
import { signedInUser, useTestApp } from '../../../test/helper.ts';
import { storedVersion } from '../../../test/versions.ts';
import { presentSpots, SPOT_COLUMNS } from './presenter.ts';
import { galleryPageJson, readCards, SpotCards, unkeptCards } from './spot-cards.ts';

/*
 * Gallery cards kept per spot (spot-cards.ts): a page's JSON joined from the cards is what
 * the page's own response serialiser writes, and kept cards follow every write, including
 * one that lands while a page is being read.
 */

const { t, alice } = useTestApp({ users: ['alice'] });
const spots: number[] = [];

const serializePage = responseSerializer<ReviewsPage>(reviewsPageSchema, '/api/reviews/review/');

/** The page as the route's schema serialiser writes it, from the rows read now. */
async function serialisedNow(ids: number[]) {
  const rows = await t.ctx.db
    .selectFrom('reviews as r')
    .innerJoin('places as p', 'p.id', 'r.place_id')
    .select(SPOT_COLUMNS)
    .where('r.id', 'in', ids)
    .execute();
  const byId = new Map((await presentSpots(t.ctx.db, rows)).map((spot) => [spot.id, spot]));
  const results = ids.flatMap((id) => byId.get(id) ?? []);
  return serializePage({ count: 99, results });
}

const version = () => storedVersion(t.ctx.db, 'spot_counts', alice.id);

const addPhoto = (spot: number, position: number) => addPhotoRow(t.ctx, spot, alice.id, position);

beforeAll(async () => {
  const places = [
    { display_name: 'Café “Zoë” \u2028 line' },
    { display_name: 'Plain', city: '', country: '', website_uri: 'https://example.org/?a=1&b=<2>' },
    { display_name: 'Émoji 🗼', editorial_summary: 'Quote " and backslash \\' },
  ];
  for (const [i, place] of places.entries()) {
    const placeId = await createPlace(t.ctx, place);
    const review = {
      review: `Review ${i} "quoted"\n\ttabbed`,
      rating: i + 3,
      visited: i % 2 === 0,
    };
    spots.push((await createSpot(alice, placeId, review)).id);
  }
  await addPhoto(spots[0]!, 0);
  await addPhoto(spots[0]!, 1);
});

describe('spot cards', () => {
  it('join into the JSON the page serialiser writes, photos and all', async () => {
    const cards = new SpotCards(t.ctx.db);
    const ids = [spots[2]!, spots[0]!, spots[1]!];
    const page = await cards.page(alice.id, await version(), ids);
    expect(page.map((card) => card.id)).toEqual(ids);
    expect(galleryPageJson({ count: 99, results: page }).toString()).toBe(await serialisedNow(ids));
    // Kept: the same page again, from memory, is the same JSON.
    expect(await cards.page(alice.id, await version(), ids)).toEqual(page);
  });

  it('follow edits, photos and deletions, and leave out a spot gone', async () => {
    const cards = new SpotCards(t.ctx.db);
    const extra = (await createSpot(alice, await createPlace(t.ctx), { review: 'to delete' })).id;
    const ids = [...spots, extra];
    const pageNow = async () =>
      galleryPageJson({
        count: 99,
        results: await cards.page(alice.id, await version(), ids),
      }).toString();
    expect(await pageNow()).toBe(await serialisedNow(ids));
    await alice.client.put(`/api/reviews/review/${spots[1]}/`, { rating: 1, review: 'edited' });
    expect(await pageNow()).toBe(await serialisedNow(ids));
    await addPhoto(spots[2]!, 5);
    expect(await pageNow()).toBe(await serialisedNow(ids));
    await alice.client.delete(`/api/reviews/review/${extra}/`);
    expect(await pageNow()).toBe(await serialisedNow(spots));
  });

  it('are not kept when read while a write lands', async () => {
    const cards = new SpotCards(t.ctx.db);
    for (let i = 0; i < 6; i++) {
      const before = await version();
      // A page read at the version before the write, the write landing meanwhile.
      const [early] = await Promise.all([
        cards.page(alice.id, before, spots),
        alice.client.put(`/api/reviews/review/${spots[i % 3]}/`, { rating: i % 6 }),
      ]);
      expect(early.map((card) => card.id)).toEqual(spots);
      const now = await cards.page(alice.id, await version(), spots);
      expect(galleryPageJson({ count: 99, results: now }).toString()).toBe(
        await serialisedNow(spots),
      );
    }
  });

  it('are not kept when a later version was caught up while they were read', async () => {
    const paused = deferred();
    let first = true;
    const cards = new SpotCards(t.ctx.db, undefined, async (db, userId, ids) => {
      const read = await readCards(db, userId, ids);
      if (first) {
        first = false;
        await paused.promise;
      }
      return read;
    });
    const [spot, other] = spots;
    const early = cards.page(alice.id, await version(), [spot!]);
    await alice.client.put(`/api/reviews/review/${spot}/`, { review: 'landed meanwhile' });
    await cards.page(alice.id, await version(), [other!]);
    paused.resolve();
    await early;
    const now = await cards.page(alice.id, await version(), [spot!]);
    expect(galleryPageJson({ count: 99, results: now }).toString()).toBe(
      await serialisedNow([spot!]),
    );
  });

  it('keep within their memory bound and still answer every spot', async () => {
    const cards = new SpotCards(t.ctx.db, 1024);
    for (let i = 0; i < 3; i++) {
      const page = await cards.page(alice.id, await version(), spots);
      expect(galleryPageJson({ count: 99, results: page }).toString()).toBe(
        await serialisedNow(spots),
      );
    }
  });

  it('are each user’s own: another user’s spot ids read nothing', async () => {
    const bob = await signedInUser(t.app);
    const cards = new SpotCards(t.ctx.db);
    await cards.page(alice.id, await version(), spots);
    expect(await cards.page(bob.id, 0, spots)).toEqual([]);
    expect(await unkeptCards(t.ctx.db, bob.id, spots)).toEqual([]);
  });
});
